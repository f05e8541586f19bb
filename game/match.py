"""Run a game between two players: chance from the state, bots see observations."""

from __future__ import annotations

from collections.abc import Mapping

from .bots.base import Bot
from .engine.core import Side, ToMove
from .engine.rng import Rng


def advance_chance(state) -> list:  # type: ignore[no-untyped-def]
    """Apply chance steps from the state's own generator until a player decides."""
    done = []
    while state.to_move() is ToMove.CHANCE:
        action = state.sample_chance()
        state.apply(action)
        done.append(action)
    return done


def bot_move(state, bot: Bot, rng: Rng):  # type: ignore[no-untyped-def]
    """The bot's action for the side to move, chosen from that side's observation only."""
    side = state.to_move().side
    assert side is not None
    action = bot.choose(state.observation(side), rng)
    if not state.is_legal(action):
        raise RuntimeError(f"bot {bot.name} chose an illegal action {action}")
    return action


def play_game(state, players: Mapping[Side, Bot], rng: Rng) -> list[str]:  # type: ignore[no-untyped-def]
    """Play ``state`` to the end in place; return the action texts played."""
    log: list[str] = []
    while True:
        log.extend(str(a) for a in advance_chance(state))
        if state.is_over():
            return log
        action = bot_move(state, players[state.to_move().side], rng)
        state.apply(action)
        log.append(str(action))
