"""Hints: the strong level's move for the side to play, and its chance to win with it.

A hint is computed from the side's own observation and nothing else: the
state handed in may be the full game (as the client holds it in solo
play), but it is cut down to ``state.observation(side)`` before the level
sees it, and the level's generator is seeded from the ply alone, so the
hint is the same whatever the hidden facts are.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.rng import Rng
from .search import bot_from_spec

#: The level a hint asks (the hard level, by its clock).
HINT_LEVEL = "hard"


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action (its text) for ``side`` and that side's estimated chance to win with it."""

    side: str
    action: str
    chance: float | None  # None: a forced move, nothing was searched
    then: tuple[str, ...] = ()  # London, New York: the chosen character's step that completes the move


def hint_seed(seed: int, ply: int) -> int:
    """The hint's generator seed for the game's ``seed`` at ``ply``: public facts only."""
    return (seed * 1_000_003 + ply * 104_729 + 17) & ((1 << 64) - 1)


def hint(state, seed: int, level: str = HINT_LEVEL) -> Hint:  # type: ignore[no-untyped-def]
    """The hint for the side to move in ``state`` (which must be a decision of a player).

    :raises ValueError: if no player is to move.
    """
    side = state.to_move().side
    if side is None:
        raise ValueError("a hint needs a player to move")
    obs = state.observation(side)
    legal = obs.legal_actions()
    if len(legal) == 1:
        return Hint(side.value, str(legal[0]), None)
    bot = bot_from_spec(level)
    action = bot.choose(obs, Rng(hint_seed(seed, obs.ply)))
    value = getattr(bot, "last_info", {}).get("value")
    then: tuple[str, ...] = ()
    if action.kind == "play":  # a card alone is half a move: say what its character should do
        nxt = obs.child(action)
        if nxt.outcome is None and nxt.to_move().side is side:
            follow = nxt.legal_actions()
            step = follow[0] if len(follow) == 1 else bot.choose(nxt, Rng(hint_seed(seed, nxt.ply)))
            then = (str(step),)
    return Hint(side.value, str(action), None if value is None else float(value), then)


def mark_hint(meta: dict, ply: int, given: Hint) -> None:
    """Note in a game record's ``meta`` that a hint was shown at ``ply`` (hinted games are known)."""
    entry = {"ply": ply, "side": given.side, "action": given.action,
             "chance": None if given.chance is None else round(given.chance, 4)}
    if given.then:
        entry["then"] = list(given.then)
    meta.setdefault("hints", []).append(entry)


__all__ = ["HINT_LEVEL", "Hint", "hint", "hint_seed", "mark_hint"]
