"""A search level keeps the subtree of its last move for a decision that follows straight on."""

from __future__ import annotations

import pytest

from game.bots.search import TreeCarry, bot_from_spec
from game.engine import Side
from game.engine.rng import Rng
from game.engine.rulesets import find_ruleset
from game.match import advance_chance

GAMES = ("pocket", "london", "newyork")


def play(game: str, spec: str, seed: int, plies: int | None = None):
    """Play ``spec`` against itself from board ``seed``; the actions and every search's statistics."""
    state = find_ruleset(game).new(seed)
    bots = {side: bot_from_spec(spec) for side in Side}
    rngs = {Side.JACK: Rng(seed * 3 + 1), Side.INVESTIGATOR: Rng(seed * 3 + 2)}
    actions, infos = [], []
    while plies is None or len(actions) < plies:
        advance_chance(state)
        if state.is_over():
            break
        side = state.to_move().side
        bot = bots[side]
        action = bot.choose(state.observation(side), rngs[side])
        assert state.is_legal(action)
        actions.append(str(action))
        if bot.last_info:
            infos.append(bot.last_info)
        state.apply(action)
    return actions, infos


@pytest.mark.parametrize("game", GAMES)
def test_a_kept_tree_is_used_for_the_next_decision_and_the_game_stays_reproducible(game):
    spec = "hard:iterations=60,keep_tree=1"
    first, infos = play(game, spec, 5, plies=60)
    again, _ = play(game, spec, 5, plies=60)
    assert first == again
    # A search that started from the kept subtree has more visits at its root than it made.
    carried = [i for i in infos if i["root_visits"] > i["iterations"]]
    assert carried, game
    assert all(i["root_visits"] >= i["iterations"] for i in infos)


@pytest.mark.parametrize("game", GAMES)
def test_without_keep_tree_every_search_starts_afresh(game):
    _, infos = play(game, "hard:iterations=40,keep_tree=0", 6, plies=40)
    assert infos and all(i["root_visits"] == i["iterations"] for i in infos)


def test_the_kept_subtree_is_taken_only_for_the_position_it_was_kept_for():
    state = find_ruleset("london").new(3)
    advance_chance(state)
    side = state.to_move().side
    bot = bot_from_spec("hard:iterations=80,keep_tree=1")
    obs = state.observation(side)
    action = bot.choose(obs, Rng(1))
    assert bot.carry.node is not None
    other = state.observation(side)          # the position before the move, not after it
    assert bot.carry.take(other) is None
    assert bot.carry.node is None            # taken once, whatever the answer

    bot.choose(obs, Rng(1))
    state.apply(action)
    if state.to_move().side is side:         # the same side goes on: the subtree fits
        assert bot.carry.take(state.observation(side)) is not None


def test_an_empty_carry_gives_nothing():
    carry = TreeCarry()
    state = find_ruleset("pocket").new(1)
    advance_chance(state)
    assert carry.take(state.observation(state.to_move().side)) is None
