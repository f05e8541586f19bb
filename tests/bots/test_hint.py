"""Hints use no hidden information: the same hint from every full state behind one observation."""

from __future__ import annotations

import pytest

from game.bots.hint import Hint, hint, mark_hint
from game.engine import Side, find_ruleset
from game.engine.rng import Rng
from game.match import advance_chance

LEVEL = "hard:iterations=120"
HIDDEN = -1


def decision(game: str, seed: int, side: Side, skip: int):  # type: ignore[no-untyped-def]
    """A full state at ``side``'s decision with a choice, after ``skip`` earlier such decisions."""
    rng = Rng(seed)
    state = find_ruleset(game).new(seed)
    for _ in range(500):
        advance_chance(state)
        assert not state.is_over(), "the game ended before the decision"
        legal = state.legal_actions()
        if state.to_move().side is side and len(legal) > 1 and (game != "pocket" or state.phase == "act"):
            if skip == 0:
                return state
            skip -= 1
        state.apply(rng.choice(legal))
    raise AssertionError("no decision found")


def others_like(state, side: Side, rng: Rng) -> list:  # type: ignore[no-untyped-def]
    """Full states that ``side`` cannot tell from ``state``: other Jacks, other secret cards, other generators."""
    pocket = state.game == "pocket"
    n = 9 if pocket else 8
    out = []
    if side is Side.INVESTIGATOR:
        for jack in range(n):
            suspect = state.suspect[jack] if pocket else bool(state.suspects >> jack & 1)
            if not suspect or jack in state.icards:
                continue
            s = state.clone()
            s.jack = jack
            pool = [c for c in range(n) if c != jack and c not in state.icards]
            rng.shuffle(pool)
            s.jcards = pool[:len(state.jcards)]
            s.rng = rng.u64()
            s._legal = None
            out.append(s)
    else:
        for _ in range(3):
            s = state.clone()
            if not pocket:
                pool = [c for c in range(n) if c != state.jack and c not in state.jcards]
                rng.shuffle(pool)
                s.icards = pool[:len(state.icards)]
            s.rng = rng.u64()
            s._legal = None
            out.append(s)
    return out


@pytest.mark.parametrize("game", ["pocket", "london", "newyork"])
@pytest.mark.parametrize("side", [Side.INVESTIGATOR, Side.JACK])
def test_a_hint_is_the_same_from_every_full_state_consistent_with_the_observation(game, side):
    state = decision(game, 5, side, skip=2)
    obs = state.observation(side)
    expected = hint(obs, seed=5, level=LEVEL)
    assert expected.action in {str(a) for a in state.legal_actions()} and expected.side == side.value
    assert expected.chance is not None and 0.0 <= expected.chance <= 1.0
    if expected.action.startswith("play "):   # a card comes with its character's step (in the same view)
        assert len(expected.then) == 1
    assert hint(state, seed=5, level=LEVEL) == expected
    others = others_like(state, side, Rng(9))
    assert len(others) >= 2
    for other in others:
        assert str(other.observation(side)) == str(obs)  # truly the same view
        assert hint(other, seed=5, level=LEVEL) == expected


def test_a_forced_move_is_hinted_without_a_chance():
    state = find_ruleset("pocket").new(3)
    advance_chance(state)
    rng = Rng(2)
    while len(state.legal_actions()) > 1 or state.to_move().side is None:
        state.apply(rng.choice(state.legal_actions()))
        advance_chance(state)
    given = hint(state, seed=3, level=LEVEL)
    assert given.chance is None and given.action == str(state.legal_actions()[0])


def test_a_shown_hint_is_marked_in_the_record():
    meta: dict = {}
    mark_hint(meta, 12, Hint("jack", "rotate 4 E", 0.61234))
    mark_hint(meta, 20, Hint("jack", "holmes 1", None))
    assert meta["hints"] == [{"ply": 12, "side": "jack", "action": "rotate 4 E", "chance": 0.6123},
                             {"ply": 20, "side": "jack", "action": "holmes 1", "chance": None}]


@pytest.mark.parametrize("game", ["london", "newyork"])
def test_a_card_hint_names_the_characters_step_from_the_same_view(game):
    state = decision(game, 5, Side.JACK, skip=0)
    obs = state.observation(Side.JACK)
    assert all(a.kind == "play" for a in obs.legal_actions())
    expected = hint(obs, seed=5, level=LEVEL)
    [step] = expected.then
    assert step in {str(a) for a in obs.child(expected.action).legal_actions()}
    for other in others_like(state, Side.JACK, Rng(9)):
        assert hint(other, seed=5, level=LEVEL) == expected   # the step too knows only Jack's view
