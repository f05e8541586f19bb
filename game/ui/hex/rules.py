"""The rule pictures London and New York share: a small hex map, arrows, the goal, a round, the witness card.

Both card games draw these with their own sprites (``art``: the game's
``Art``, cached by size with :func:`art_cache`), so the pages every card
game shares look alike without one game's folder importing the other's.
The words of the pages are each game's ``rules.txt``
(:func:`game.ui.rulebook.read_pages`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from .. import theme
from ..i18n import _
from ..rulebook import draw_arrow

Rect = pygame.Rect
SQ3 = math.sqrt(3.0)
HOLMES, WATSON, SMITH, LESTRADE, STEALTHY, GOODLEY, GULL, BERT = range(8)  # card indices of the round picture


def art_cache(make: Callable[[int], Any]) -> Callable[[float], Any]:
    """A game's sprites for a hex radius (rounded, at least 6 pixels), each size made once."""
    arts: dict[int, Any] = {}

    def art(R: float) -> Any:
        key = max(6, round(R))
        found = arts.get(key)
        if found is None:
            found = arts[key] = make(key)
        return found
    return art


def card_pictures(art: Callable[[float], Any]) -> dict[str, Callable[[pygame.Surface, Rect, float], None]]:
    """The pictures of the pages every card game has (the goal, a round, the witness card) drawn with a game's
    sprites, by the names its ``rules.txt`` uses."""
    return {
        "picture_goal": lambda surface, box, t: picture_goal(surface, box, t, art(box.h * 0.12)),
        "picture_round": lambda surface, box, t: picture_round(surface, box, t, art(box.h * 0.1)),
        "picture_witness": lambda surface, box, t: picture_witness(surface, box, t, art(box.h * 0.1)),
    }


class Patch:
    """A small hex map: ``cols`` x ``rows`` flat-topped hexes fitted into a box (odd columns shifted down)."""

    def __init__(self, box: Rect, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        R = min(box.w / (1.5 * cols + 0.5), box.h / (SQ3 * (rows + 0.5)))
        self.R = R
        w, h = R * (1.5 * cols + 0.5), R * SQ3 * (rows + 0.5)
        self.ox = box.centerx - w / 2 + R
        self.oy = box.centery - h / 2 + R * SQ3 / 2

    def center(self, c: int, r: int) -> tuple[float, float]:
        return (self.ox + 1.5 * self.R * c, self.oy + SQ3 * self.R * (r + (0.5 if c % 2 else 0)))

    def hexagon(self, c: int, r: int, k: float = 1.0) -> list[tuple[float, float]]:
        x, y = self.center(c, r)
        return [(x + self.R * k * math.cos(math.pi / 3 * i), y + self.R * k * math.sin(math.pi / 3 * i))
                for i in range(6)]

    def neighbours(self, c: int, r: int) -> list[tuple[int, int]]:
        if c % 2:
            d = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]
        else:
            d = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)]
        return [(c + dc, r + dr) for dc, dr in d if 0 <= c + dc < self.cols and 0 <= r + dr < self.rows]


def arrow(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], colour=theme.SELECT,
           width: int = 3) -> None:
    draw_arrow(surface, colour, a, b, width)


def picture_goal(surface: pygame.Surface, box: Rect, t: float, art: Any) -> None:
    """The eight pawns, Jack's ring going round them (``art``: another game's sprites)."""
    w = box.w / 4.6
    for c in range(8):
        row, col = divmod(c, 4)
        x = box.x + w * (col + 0.8)
        y = box.y + box.h * (0.3 + 0.4 * row)
        img = art.pawn(c, min(w * 0.36, box.h * 0.16), True)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
    k = int(t * 0.8) % 8
    row, col = divmod(k, 4)
    theme.aa_circle(surface, theme.JACK_RED, (box.x + w * (col + 0.8), box.y + box.h * (0.3 + 0.4 * row)),
                    min(w * 0.36, box.h * 0.16) * 1.25, 3)


def picture_round(surface: pygame.Surface, box: Rect, t: float, art: Any) -> None:
    """The four cards of an odd and of an even round, and who takes each."""
    fs = max(11, int(box.h * 0.05))
    cw = min((box.w - 30) / 4.4, (box.h * 0.5 - fs - 24) / 1.4)
    ch = int(cw * 1.4)
    x0 = box.centerx - (4 * cw + 30) / 2
    for row, (cards, order) in enumerate((((GULL, SMITH, BERT, HOLMES), "IJJI"), ((WATSON, LESTRADE, STEALTHY,
                                                                                     GOODLEY), "JIIJ"))):
        top = box.y + box.h * 0.5 * row + box.h * 0.03
        label = _("Odd rounds") if row == 0 else _("Even rounds")
        theme.blit_text(surface, label, fs, theme.TEXT_DIM, (x0, top), "topleft")
        y = top + fs + 8
        for k, c in enumerate(cards):
            x = x0 + k * (cw + 10)
            surface.blit(art.card(c, int(cw), ch), (round(x), round(y)))
            side = "investigator" if order[k] == "I" else "jack"
            theme.aa_circle(surface, theme.side_colour(side), (x + cw / 2, y + ch + 8), 5)


def picture_witness(surface: pygame.Surface, box: Rect, t: float, art: Any) -> None:
    """Both sides of the witness card."""
    cw = int(min(box.w / 4.2, box.h * 0.7 / 1.4))
    ch = int(cw * 1.4)
    y = box.centery - ch // 2
    surface.blit(art.witness(True, cw, ch), (box.centerx - cw - 10, y))
    surface.blit(art.witness(False, cw, ch), (box.centerx + 10, y))
