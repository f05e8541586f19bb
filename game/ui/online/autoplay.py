"""Test hook: ``MRJACK_TEST_AUTOPLAY=SECONDS`` lets an online player's window make its own moves.

For trying two real windows against each other without a person at each:
when the player's move is due and has waited ``SECONDS``, a random legal
move (chosen from the player's own observation) is typed as the keys a
player would press (token number, target, Enter) into pygame's event
queue, so it goes through the game scene's ordinary input path.  In
London and New York the move (one decision at a time) goes straight to
the scene's ``commit``, which sends it.  Off unless the variable is set.
"""

from __future__ import annotations

import os
from typing import Any

import pygame

from ...engine.actions import Action
from ...engine.pocket.state import DETECTIVES, TOKENS
from ...engine.rng import Rng

_DIGITS = [getattr(pygame, f"K_{i}") for i in range(10)]
_ARROWS = {"N": pygame.K_UP, "E": pygame.K_RIGHT, "S": pygame.K_DOWN, "W": pygame.K_LEFT}
_JOKER = {"none": pygame.K_0, "holmes": pygame.K_h, "watson": pygame.K_w, "toby": pygame.K_t}


def delay() -> float | None:
    """The hook's delay in seconds, or ``None`` when it is off."""
    text = os.environ.get("MRJACK_TEST_AUTOPLAY", "")
    try:
        return max(0.0, float(text)) if text else None
    except ValueError:
        return None


def keys_for(state: Any, action: Action) -> list[int]:
    """The keys that play ``action`` in the Pocket picker."""
    token = next(t for t in range(4) if not state.used[t] and TOKENS[t][state.faces[t]] == action.kind)
    keys = [_DIGITS[token + 1]]
    kind, args = action.kind, action.args
    if kind in DETECTIVES:
        keys.append(_DIGITS[int(args[0])])
    elif kind == "joker":
        keys.append(_JOKER[str(args[0])])
    elif kind == "rotate":
        keys += [_DIGITS[int(args[0]) + 1], _ARROWS[str(args[1])]]
    elif kind == "exchange":
        keys += [_DIGITS[int(args[0]) + 1], _DIGITS[int(args[1]) + 1]]
    return keys + [pygame.K_RETURN]


class AutoPlayer:
    """Types one move per turn for ``scene`` (a game scene with a driver)."""

    def __init__(self, wait: float, seed: int | None = None) -> None:
        from ...bots import make_bot

        self.wait = wait
        self.bot = make_bot("random")
        self.rng = Rng(seed if seed is not None else int.from_bytes(os.urandom(8), "big"))
        self.ply = -1
        self.since = 0.0

    def tick(self, scene: Any) -> None:
        if not scene.my_turn() or scene.state.ply == self.ply:
            self.since = scene.clock
            return
        if scene.clock - self.since < self.wait:
            return
        self.ply = scene.state.ply
        side = scene.state.to_move().side
        action = self.bot.choose(scene.state.observation(side), self.rng)
        if scene.record.game != "pocket":
            scene.commit(action)
            return
        for key in keys_for(scene.state, action):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
