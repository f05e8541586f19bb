"""What every game's rule pages are made of: a page, arrows, wrapped paragraphs.

The rules scene (:mod:`game.ui.scenes.rules`) turns the pages; each game's
``rules`` module (``game.ui.<game>.rules``) writes its own pages from these
parts, so no game's pages import the scene or another game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from . import theme

Rect = pygame.Rect


@dataclass(frozen=True)
class Page:
    title: Callable[[], str]
    paragraphs: Callable[[], list[str]]
    picture: Callable[[pygame.Surface, Rect, float], None]


def draw_arrow(surface: pygame.Surface, colour: theme.Color, start: tuple[float, float],
               end: tuple[float, float], width: int = 3, head: float | None = None) -> None:
    """A straight arrow from ``start`` to ``end`` with a filled head."""
    sx, sy = start
    ex, ey = end
    ang = math.atan2(ey - sy, ex - sx)
    head = head or max(8.0, width * 3.2)
    base = (ex - head * 0.8 * math.cos(ang), ey - head * 0.8 * math.sin(ang))
    pygame.draw.line(surface, colour, start, base, width)
    left = (ex - head * math.cos(ang - 0.45), ey - head * math.sin(ang - 0.45))
    right = (ex - head * math.cos(ang + 0.45), ey - head * math.sin(ang + 0.45))
    pygame.draw.polygon(surface, colour, [end, left, right])


def draw_arc_arrow(surface: pygame.Surface, colour: theme.Color, center: tuple[float, float],
                   radius: float, start_deg: float, end_deg: float, width: int = 3) -> None:
    """An arrow along a circular arc (degrees, screen orientation: clockwise is increasing)."""
    cx, cy = center
    steps = max(6, int(abs(end_deg - start_deg) / 6))
    pts = []
    for i in range(steps + 1):
        a = math.radians(start_deg + (end_deg - start_deg) * i / steps)
        pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    if len(pts) > 2:
        pygame.draw.lines(surface, colour, False, pts[:-1], width)
    draw_arrow(surface, colour, pts[-3], pts[-1], width)


def draw_paragraphs(surface: pygame.Surface, box: Rect, paragraphs: list[str], size: int,
                    colour: theme.Color = theme.TEXT) -> None:
    """Wrapped paragraphs in ``box``, the font shrunk until they all fit."""
    while True:
        lh = theme.font(size).get_linesize()
        lines: list[str | None] = []
        for p in paragraphs:
            lines += theme.wrap(p, size, box.w)
            lines.append(None)  # paragraph gap
        height = sum(lh if li is not None else lh // 2 for li in lines)
        if height <= box.h or size <= 10:
            break
        size -= 1
    y = box.y
    for li in lines:
        if li is None:
            y += lh // 2
            continue
        theme.blit_text(surface, li, size, colour, (box.x, y))
        y += lh
