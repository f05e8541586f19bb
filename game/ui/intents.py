"""One input layer: pygame key events become the game's intents.

The game scene reacts to intents, never to raw key codes, so the key map
lives in one place (and could be remapped).  Mouse clicks stay positional:
the scene hit-tests them against its layout.

>>> import pygame
>>> intent_of(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0))
Intent(name='number', value=3)
>>> intent_of(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)).name
'confirm'
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True, slots=True)
class Intent:
    """What the player means: ``name`` plus an optional ``value``.

    Names: ``confirm``, ``back``, ``skip``, ``pause``, ``number`` (0-9),
    ``direction`` (0-3: N, E, S, W), ``detective`` (0-2: Holmes, Watson,
    Toby), ``stay`` (Jack's joker: move nobody), ``next``/``previous``
    (move the keyboard focus), ``sight`` (toggle the lines of sight),
    ``log`` (+1 older / -1 newer), ``mode`` (London: the move or the
    character's power first).
    """

    name: str
    value: int = 0


_NUMBERS = {getattr(pygame, f"K_{i}"): i for i in range(10)}
_NUMBERS.update({getattr(pygame, f"K_KP{i}"): i for i in range(10)})
_DIRECTIONS = {pygame.K_UP: 0, pygame.K_RIGHT: 1, pygame.K_DOWN: 2, pygame.K_LEFT: 3}
_DETECTIVES = {pygame.K_h: 0, pygame.K_w: 1, pygame.K_t: 2}
_SIMPLE = {
    pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm",
    pygame.K_BACKSPACE: "back", pygame.K_DELETE: "back",
    pygame.K_SPACE: "skip",
    pygame.K_ESCAPE: "pause",
    pygame.K_l: "sight",
    pygame.K_n: "stay",
    pygame.K_m: "mode",
}


def intent_of(event: pygame.event.Event) -> Intent | None:
    """The intent of a key press, or ``None`` for events that carry none."""
    if event.type != pygame.KEYDOWN:
        return None
    k = event.key
    if k in _NUMBERS:
        return Intent("number", _NUMBERS[k])
    if k in _DIRECTIONS:
        return Intent("direction", _DIRECTIONS[k])
    if k in _DETECTIVES:
        return Intent("detective", _DETECTIVES[k])
    if k == pygame.K_TAB:
        return Intent("previous" if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else "next")
    if k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
        return Intent("log", 3 if k == pygame.K_PAGEUP else -3)
    name = _SIMPLE.get(k)
    return Intent(name) if name else None
