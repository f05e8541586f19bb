"""The ``minimax`` yardstick: legal, deterministic, honest, and it takes what is sure."""

from __future__ import annotations

import pytest

from game.bots import make_bot
from game.bots.minimax import MinimaxBot, MinimaxConfig, jack_value
from game.engine import Side, ToMove, find_ruleset
from game.engine.rng import Rng
from game.match import advance_chance

GAMES = ["pocket", "london", "newyork"]
SMALL = MinimaxConfig(depth=1, beam=3, max_plies=3, nodes=400)


def decisions(game: str, seed: int, count: int):  # type: ignore[no-untyped-def]
    """Full states of a random game at decisions with a choice (bounded)."""
    rng = Rng(seed)
    state = find_ruleset(game).new(seed)
    found = 0
    for _ in range(400):
        advance_chance(state)
        if state.is_over() or found >= count:
            return
        if len(state.legal_actions()) > 1:
            found += 1
            yield state.clone()
        state.apply(rng.choice(state.legal_actions()))


def test_minimax_is_registered():
    assert make_bot("minimax").name == "minimax"


@pytest.mark.parametrize("game", GAMES)
def test_minimax_plays_legal_moves_from_both_sides_and_repeats_itself(game):
    bot = MinimaxBot(SMALL)
    for state in decisions(game, 7, 6):
        side = state.to_move().side
        obs = state.observation(side)
        first = bot.choose(obs, Rng(3))
        assert state.is_legal(first)
        assert bot.choose(obs, Rng(3)) == first
        assert 0.0 <= bot.last_info["value"] <= 1.0


@pytest.mark.parametrize("game", GAMES)
def test_the_investigators_evaluation_does_not_know_who_jack_is(game):
    """The same observation scores the same whoever Jack really is."""
    for state in decisions(game, 11, 4):
        values = set()
        for jack in _candidates(state):
            other = state.clone()
            other.jack = jack
            values.add(round(jack_value(other.observation(Side.INVESTIGATOR), Side.INVESTIGATOR), 12))
        assert len(values) == 1


def _candidates(state) -> list[int]:  # type: ignore[no-untyped-def]
    if state.game == "pocket":
        return [c for c in range(9) if state.suspect[c] and c not in state.jcards and c not in state.icards]
    return [c for c in range(8) if state.suspects >> c & 1 and c not in state.jcards and c not in state.icards]


def test_pocket_jack_values_hiding_among_more_suspects():
    """Jack in sight among many suspects beats Jack out of sight (one hourglass) among very few."""
    for seed in range(1, 30):
        for state in decisions("pocket", seed, 8):
            vis = state.visible_cells()
            seen = [c for c in range(9) if c in vis and state.suspect[state.chars[c]]]
            unseen = [c for c in range(9) if c not in vis and state.suspect[state.chars[c]]]
            if unseen and len(seen) >= len(unseen) + 3:
                values = []
                for cells in (unseen, seen):
                    s = state.clone()
                    s.jack = s.chars[cells[0]]
                    s.jcards = []
                    values.append(jack_value(s, Side.JACK))
                assert values[0] < values[1]
                return
    raise AssertionError("no position with a lopsided split in 30 games")


def test_london_jack_takes_an_escape_when_he_has_one():
    """An escape wins at once; the one-round search must never pass it up."""
    bot = MinimaxBot(SMALL)
    checked = 0
    for seed in range(1, 40):
        rng = Rng(seed)
        state = find_ruleset("london").new(seed)
        for _ in range(300):
            advance_chance(state)
            if state.is_over():
                break
            legal = state.legal_actions()
            if state.to_move() is ToMove.JACK and any(a.kind == "escape" for a in legal):
                assert bot.choose(state.observation(Side.JACK), rng).kind == "escape"
                checked += 1
                break
            state.apply(rng.choice(legal))
        if checked >= 2:
            break
    assert checked >= 1
