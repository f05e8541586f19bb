"""How to play Mr. Jack (London): one page per rule, each with a small hex picture.

The words are ``rules.txt`` beside this module; the pictures are patches
of hexes drawn with the game's own sprites
(:class:`~game.ui.london.view.Art`), the pages every card game has drawn
by :mod:`game.ui.hex.rules`.
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from .. import theme
from ..hex.rules import Patch, arrow, art_cache, card_pictures
from ..rulebook import Page, read_pages
from . import texts
from .view import Art

Rect = pygame.Rect
HOLMES, WATSON, SMITH, LESTRADE, STEALTHY, GOODLEY, GULL, BERT = range(8)
TEXT = Path(__file__).with_name("rules.txt")

_art = art_cache(Art)


def draw_patch(surface: pygame.Surface, box: Rect, cols: int, rows: int, *, buildings: set = frozenset(),
               lamps: dict | None = None, manholes: set = frozenset(), covers: set = frozenset(),
               pawns: dict | None = None, cleared: set = frozenset(), marks: dict | None = None,
               exits: dict | None = None) -> Patch:
    """Draw a patch: streets everywhere but ``buildings``; ``lamps`` {(c, r): number or None, lit?},
    ``pawns`` {(c, r): character}, ``marks`` {(c, r): colour}, ``exits`` {(c, r): cordoned?}."""
    p = Patch(box, cols, rows)
    lamps = lamps or {}
    pawns = pawns or {}
    marks = marks or {}
    exits = exits or {}
    art = _art(p.R)
    lit: set = set()
    for (c, r), (_n, on) in lamps.items():
        if on:
            lit.update(p.neighbours(c, r))
    for c in range(cols):
        for r in range(rows):
            pts = p.hexagon(c, r, 0.97)
            if (c, r) in exits:
                pygame.draw.polygon(surface, (62, 58, 50), pts)
                pygame.draw.polygon(surface, theme.BRASS_DARK, pts, 2)
                continue
            if (c, r) in buildings:
                pygame.draw.polygon(surface, theme.BRICK_DARK, pts)
                pygame.draw.polygon(surface, theme.ROOF_LIGHT, p.hexagon(c, r, 0.75))
                continue
            if (c, r) in lamps:
                pygame.draw.polygon(surface, (70, 68, 66), pts)
                continue
            col = (150, 132, 96) if (c, r) in lit else (98, 96, 92)
            pygame.draw.polygon(surface, col, pts)
            pygame.draw.polygon(surface, (58, 56, 54), pts, 1)
    for (c, r), col in marks.items():
        pygame.draw.polygon(surface, col, p.hexagon(c, r, 0.86), max(2, round(p.R * 0.08)))
    for (c, r) in manholes:
        x, y = p.center(c, r)
        theme.aa_circle(surface, (26, 26, 30), (x, y), p.R * 0.5)
        theme.aa_circle(surface, (80, 82, 90), (x, y), p.R * 0.42)
        for k in (-1, 0, 1):
            pygame.draw.line(surface, (34, 34, 40), (x - p.R * 0.3, y + k * p.R * 0.14), (x + p.R * 0.3,
                                                                                        y + k * p.R * 0.14), 1)
    for (c, r) in covers:
        img = art.cover(p.R * 0.5)
        surface.blit(img, img.get_rect(center=tuple(map(round, p.center(c, r)))))
    for (c, r), (n, on) in lamps.items():
        x, y = p.center(c, r)
        if on:
            g = theme.glow(round(p.R * 2.0), (110, 78, 28))
            surface.blit(g, g.get_rect(center=(round(x), round(y))), special_flags=pygame.BLEND_RGB_ADD)
        img = art.lamp(p.R * 0.42, n, on)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
    for (c, r), cordoned in exits.items():
        x, y = p.center(c, r)
        if cordoned:
            img = art.cordon(p.R * 0.62)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        else:
            theme.blit_text(surface, "↑", max(10, round(p.R)), theme.BRASS_LIGHT, (x, y), "center", "sans-bold")
    for (c, r), ch in pawns.items():
        img = art.pawn(ch, p.R * 0.7, ch not in cleared)
        surface.blit(img, img.get_rect(center=tuple(map(round, p.center(c, r)))))
    return p


def _box(box: Rect, frac: float = 1.0) -> Rect:
    r = Rect(0, 0, int(box.w * frac), int(box.h * frac))
    r.center = box.center
    return r


# ------------------------------------------------------------------- pictures
def picture_light(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 6, 4, buildings={(4, 0), (5, 2)}, lamps={(1, 1): (None, True)},
                   pawns={(2, 1): HOLMES, (4, 2): WATSON, (4, 3): SMITH, (0, 3): BERT})
    for (c, r), seen in (((2, 1), True), ((4, 2), True), ((4, 3), True), ((0, 3), False)):
        x, y = p.center(c, r)
        col = theme.GASLIGHT if seen else (60, 66, 96)
        theme.aa_circle(surface, col, (x + p.R * 0.55, y - p.R * 0.55), p.R * 0.2)


def picture_move(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 4, buildings={(3, 1), (3, 2)}, pawns={(1, 2): LESTRADE, (4, 1): GULL},
                   marks={})
    reach = _reach(p, (1, 2), 3, {(3, 1), (3, 2)})
    pulse = 0.5 + 0.5 * math.sin(t * 4)
    for c in reach:
        if c in ((4, 1),):
            continue
        pygame.draw.polygon(surface, theme.mix((120, 205, 255), (255, 255, 255), pulse * 0.3), p.hexagon(*c, 0.86),
                            2)


def _reach(p: Patch, start: tuple[int, int], steps: int, blocked: set) -> set:
    seen = {start}
    frontier = {start}
    for _step in range(steps):
        nxt = set()
        for c in frontier:
            for n in p.neighbours(*c):
                if n not in seen and n not in blocked:
                    nxt.add(n)
        seen |= nxt
        frontier = nxt
    return seen - {start}


def picture_manholes(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 4, buildings={(3, 0), (3, 1), (3, 2), (3, 3)}, manholes={(1, 1), (5, 2), (5, 0)},
                   covers={(5, 0)}, pawns={(0, 1): SMITH})
    arrow(surface, p.center(0, 1), p.center(1, 1))
    a, b = p.center(1, 1), p.center(5, 2)
    pygame.draw.line(surface, theme.SELECT, a, ((a[0] + b[0]) / 2, max(a[1], b[1]) + p.R), 2)
    arrow(surface, ((a[0] + b[0]) / 2, max(a[1], b[1]) + p.R), b)


def picture_holmes(surface: pygame.Surface, box: Rect, t: float) -> None:
    art = _art(box.h * 0.1)
    cw = int(min(box.w / 4, box.h * 0.6 / 1.4))
    ch = int(cw * 1.4)
    x = box.centerx - cw * 1.2
    y = box.centery - ch / 2
    surface.blit(art.pawn(HOLMES, cw * 0.4), art.pawn(HOLMES, cw * 0.4).get_rect(center=(round(x - cw * 0.4),
                                                                                          round(box.centery))))
    k = (t * 0.6) % 1.0
    surface.blit(art.card(-1, cw, ch, "alibi"), (round(x + cw * 0.4), round(y)))
    img = art.card(BERT, cw, ch, "alibi")
    surface.blit(img, (round(x + cw * 0.4 + cw * 1.2 * min(1.0, k * 2)), round(y)))


def picture_watson(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 4, buildings={(6, 0)}, pawns={(1, 2): WATSON, (3, 1): GOODLEY, (5, 0): GULL})
    x0, y0 = p.center(1, 2)
    x1, y1 = p.center(6, 0)
    beam = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    ang = math.atan2(y1 - y0, x1 - x0)
    nx, ny = -math.sin(ang) * p.R * 0.6, math.cos(ang) * p.R * 0.6
    pygame.draw.polygon(beam, (255, 246, 200, 70), [(x0, y0), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny)])
    surface.blit(beam, (0, 0))
    for c in ((3, 1), (5, 0)):
        x, y = p.center(*c)
        theme.aa_circle(surface, theme.GASLIGHT, (x + p.R * 0.55, y - p.R * 0.55), p.R * 0.2)


def picture_smith(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 4, lamps={(1, 1): (None, True), (5, 2): (None, False)},
                   pawns={(3, 2): SMITH})
    arrow(surface, p.center(1, 1), p.center(5, 2))


def picture_lestrade(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 3, exits={(0, 0): True, (6, 0): False}, pawns={(3, 1): LESTRADE})
    arrow(surface, p.center(0, 0), p.center(6, 0))


def picture_stealthy(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 3, buildings={(2, 1), (3, 1), (2, 0), (3, 0), (2, 2), (3, 2)},
                   lamps={(4, 1): (None, False)}, pawns={(1, 1): STEALTHY})
    pts = [p.center(1, 1), p.center(2, 1), p.center(3, 1), p.center(4, 1), p.center(5, 1)]
    pygame.draw.lines(surface, theme.SELECT, False, pts, 3)
    arrow(surface, pts[-2], pts[-1])
    pygame.draw.polygon(surface, theme.SELECT, p.hexagon(5, 1, 0.86), 3)


def picture_goodley(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 4, pawns={(1, 1): GOODLEY, (4, 1): BERT, (5, 3): HOLMES})
    x, y = p.center(1, 1)
    k = (t * 0.8) % 1.0
    theme.aa_circle(surface, theme.PARCHMENT, (x, y), p.R * (0.8 + 2 * k), 2)
    arrow(surface, p.center(4, 1), p.center(2, 1))
    arrow(surface, p.center(5, 3), p.center(4, 2))


def picture_gull(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 3, pawns={(1, 1): GULL, (5, 1): WATSON})
    a, b = p.center(1, 1), p.center(5, 1)
    arrow(surface, (a[0], a[1] - p.R * 0.5), (b[0], b[1] - p.R * 0.5))
    arrow(surface, (b[0], b[1] + p.R * 0.5), (a[0], a[1] + p.R * 0.5))


def picture_bert(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 3, manholes={(1, 1), (5, 1)}, covers={(1, 1)}, pawns={(3, 1): BERT})
    arrow(surface, p.center(1, 1), p.center(5, 1))


def picture_lamps(surface: pygame.Surface, box: Rect, t: float) -> None:
    art = _art(box.h * 0.1)
    r = min(box.w / 12, box.h * 0.18)
    for n in range(1, 5):
        x = box.x + box.w * (n - 0.5) / 4
        img = art.round_slot(str(n), r, "future")
        surface.blit(img, img.get_rect(center=(round(x), round(box.centery - r * 0.8))))
        on = (t * 0.7) % 5 < n
        lamp = art.lamp(r * 0.6, n, on)
        surface.blit(lamp, lamp.get_rect(center=(round(x), round(box.centery + r * 1.3))))


def picture_end(surface: pygame.Surface, box: Rect, t: float) -> None:
    half = Rect(box.x, box.y, box.w // 2 - 6, box.h)
    p = draw_patch(surface, half, 4, 3, exits={(3, 0): False}, pawns={(2, 1): GULL})
    arrow(surface, p.center(2, 1), p.center(3, 0), theme.JACK_RED)
    other = Rect(box.centerx + 6, box.y, box.w // 2 - 6, box.h)
    q = draw_patch(surface, other, 4, 3, pawns={(1, 1): LESTRADE, (3, 1): BERT})
    arrow(surface, q.center(1, 1), q.center(3, 1), theme.INVESTIGATOR_BLUE)


# ---------------------------------------------------------------------- pages
def pages() -> list[Page]:
    """The London rule pages in reading order (``rules.txt``; texts are looked up when drawn)."""
    return read_pages(TEXT, {**globals(), **card_pictures(_art)}, texts)


__all__ = ["pages", "draw_patch"]
