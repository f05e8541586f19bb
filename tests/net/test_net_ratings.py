"""Glicko-2 (net/ratings.py) against the worked example of Glickman's paper, and its edge cases."""

from __future__ import annotations

import pytest

from net import ratings as gl


def test_the_papers_worked_example_1500_200_against_1400_1550_1700():
    """"Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300;
    the paper prints 1464.06 / 151.52 / 0.05999 (from rounded intermediate values)."""
    r = gl.update(gl.Rating(1500, 200, 0.06),
                  [(gl.Rating(1400, 30), 1.0), (gl.Rating(1550, 100), 0.0), (gl.Rating(1700, 300), 0.0)])
    assert r.rating == pytest.approx(1464.06, abs=0.02)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.vol == pytest.approx(0.05999, abs=1e-5)


def test_a_new_player_starts_at_1500_350_006_and_is_provisional():
    r = gl.Rating()
    assert (r.rating, r.rd, r.vol) == (1500.0, 350.0, 0.06) and r.provisional


def test_one_game_between_two_new_players_moves_both_by_the_same_amount_the_other_way():
    win, loss = gl.game(gl.Rating(), gl.Rating(), 1.0)
    assert win.rating > 1500 > loss.rating
    assert win.rating - 1500 == pytest.approx(1500 - loss.rating)
    assert win.rd == pytest.approx(loss.rd) and win.rd < 350


def test_a_draw_between_equals_leaves_ratings_and_lowers_the_deviation():
    a, b = gl.game(gl.Rating(1600, 80), gl.Rating(1600, 80), 0.5)
    assert a.rating == pytest.approx(1600) and b.rating == pytest.approx(1600) and a.rd < 80


def test_the_deviation_of_a_player_who_did_not_play_grows_and_stops_at_350():
    r = gl.Rating(1700, 50, 0.06)
    one = gl.idle(r, 1)
    assert one.rating == 1700 and one.rd == pytest.approx(((50 / gl.SCALE) ** 2 + 0.06 ** 2) ** 0.5 * gl.SCALE)
    assert gl.idle(r, 10).rd > one.rd
    assert gl.idle(r, 100_000).rd == gl.RD_MAX
    assert gl.update(r, []) == one            # a rating period without games is one idle step
    assert gl.periods_between(0, gl.PERIOD * 2.5) == 2 and gl.periods_between(100, 0) == 0


def test_ratings_and_deviations_stay_in_their_bounds():
    r = gl.Rating(gl.RATING_MAX, gl.RD_MIN, 0.06)
    for _ in range(50):
        r = gl.update(r, [(gl.Rating(100, 30), 1.0)])
    assert gl.RATING_MIN <= r.rating <= gl.RATING_MAX and r.rd >= gl.RD_MIN
    low = gl.Rating(gl.RATING_MIN, 350)
    for _ in range(20):
        low = gl.update(low, [(gl.Rating(3000, 30), 0.0)])
    assert low.rating >= gl.RATING_MIN


def test_an_upset_moves_more_than_an_expected_result():
    strong, weak = gl.Rating(1900, 60), gl.Rating(1400, 60)
    expected, _ = gl.game(strong, weak, 1.0)
    upset, _ = gl.game(strong, weak, 0.0)
    assert 1900 - upset.rating > expected.rating - 1900 > 0
