"""What every game's rule pages are made of: a page, arrows, wrapped paragraphs, pages read from text.

The rules scene (:mod:`game.ui.scenes.rules`) turns the pages; each game's
``rules`` module (``game.ui.<game>.rules``) writes its own pages from these
parts, so no game's pages import the scene or another game.  London and New
York keep their words in ``rules.txt`` beside their pictures
(:func:`read_pages`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from . import pagetext, theme
from .i18n import _, colon

Rect = pygame.Rect


@dataclass(frozen=True)
class Page:
    title: Callable[[], str]
    paragraphs: Callable[[], list[str]]
    picture: Callable[[pygame.Surface, Rect, float], None]


Picture = Callable[[pygame.Surface, Rect, float], None]


def read_pages(path: Path, pictures: Mapping[str, Any], texts: Any) -> list[Page]:
    """The pages of a rules text (:mod:`game.ui.pagetext`), each with its picture from ``pictures`` (a rules
    module's names) and, on a power's page, the character's name and power from ``texts`` (``IDS``, ``name``,
    ``power_name``).  Words are translated when drawn.

    :raises ValueError: on a picture or a character the text names that does not exist.
    """
    pages = []
    for page in pagetext.parse(path.read_text("utf-8"), str(path)):
        picture = pictures.get(page.picture)
        if not page.picture.startswith("picture_") or not callable(picture):
            raise ValueError(f"{path}:{page.line}: no picture {page.picture!r}")
        if page.power is not None and page.power not in texts.IDS:
            raise ValueError(f"{path}:{page.line}: no character {page.power!r}")
        title = _power_title(texts, texts.IDS.index(page.power)) if page.power is not None \
            else _message(page.title)
        pages.append(Page(title, _messages([m for m, _line in page.paragraphs]), picture))
    return pages


def _power_title(texts: Any, c: int) -> Callable[[], str]:
    return lambda: colon(texts.name(c), texts.power_name(c))


def _message(text: str) -> Callable[[], str]:
    return lambda: _(text)


def _messages(texts: list[str]) -> Callable[[], list[str]]:
    return lambda: [_(t) for t in texts]


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
