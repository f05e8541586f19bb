"""The search's cheap scoring agrees with the engine it stands in for."""

from __future__ import annotations

from game.bots.pocket_eval import VALUES, Scorer, jack_in_sight, jack_tokens, seen_mask, suspect_mask, walls_eff
from game.engine import Side
from game.engine.pocket import PocketState
from game.engine.pocket.state import ACT
from game.engine.rng import Rng
from game.match import advance_chance


def states(games: int, seed: int):
    rng = Rng(seed)
    for _ in range(games):
        s = PocketState.new(rng.u64())
        while True:
            advance_chance(s)
            yield s.clone()
            if s.is_over():
                break
            s.apply(rng.choice(s.legal_actions()))


def mask(cells):
    return sum(1 << c for c in cells)


def test_sight_masks_match_the_engine():
    for s in states(20, 1):
        assert seen_mask(walls_eff(s), s.detectives) == mask(s.visible_cells())


def test_witness_answer_and_round_tokens_match_the_engine():
    checked = 0
    for s in states(20, 5):
        if s.jack is not None:
            assert jack_in_sight(s) is s.jack_seen()
            checked += 1
        assert jack_tokens(s) == s.jack_tokens()
    assert checked > 100


def test_action_effects_match_the_engine():
    for s in states(12, 2):
        if s.phase != ACT:
            continue
        sc = Scorer(s)
        for a in s.legal_actions():
            vis, smask, _, _, alibi = sc.effect(a)
            child = s.child(a)
            if alibi:
                continue  # the draw that follows is chance
            assert vis == mask(child.visible_cells()), (str(s), str(a))
            assert smask == suspect_mask(child), (str(s), str(a))


def test_values_are_probabilities_and_end_rules_hold():
    t = VALUES
    for r in range(1, 8):
        for n in range(2, 10):
            for h in range(6):
                assert 0.0 <= t.table[r][n][h] <= 1.0
    assert t.after_witness(3, 1, 2, True, False) == 0.0     # one suspect left
    assert t.after_witness(3, 4, 6, False, False) == 1.0    # six hourglasses
    assert t.after_witness(8, 3, 2, True, False) == 1.0     # time is up
    assert t.after_witness(8, 1, 6, True, False) == 0.0     # both goals, Jack seen in round 8
    assert t.after_witness(5, 2, 3, False, True) == t.chase[5]


def test_state_value_of_a_finished_game_is_its_result():
    for s in states(10, 3):
        if s.is_over():
            assert VALUES.state_value(s) == (1.0 if s.winner() is Side.JACK else 0.0)
