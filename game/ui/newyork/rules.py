"""How to play Mr. Jack in New York: one page per rule, each with a picture.

The words are ``rules.txt`` beside this module.  The pictures are small
hex maps drawn with the game's own sprites and board pieces
(:mod:`game.ui.newyork.view`), plus a miniature of the real Manhattan
board at its start position; the geometry of the small maps is the card
games' :class:`~game.ui.hex.rules.Patch`, and the pages every card game
shares (the goal, a round, the witness card) use the pictures of
:mod:`game.ui.hex.rules` with New York's sprites.
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from ...engine.newyork import NewYork
from .. import theme
from ..hex.board import Highlights, eye
from ..hex.rules import Patch, arrow, art_cache, card_pictures
from ..i18n import current_language
from ..rulebook import Page, read_pages
from . import texts
from .view import (
    HARBOUR,
    LAMP_LIGHT,
    STONE,
    Art,
    Layout,
    NewYorkModel,
    NewYorkView,
    draw_block,
    draw_east,
    draw_liberty,
    draw_pier,
    draw_port,
    draw_subway_mouth,
)

Rect = pygame.Rect
BEACH, RUNNER, LATIMER, GRANT, CALLAHAN, EASTMAN, TUMBLETY, SMITH = range(8)
Cell = tuple[int, int]
TEXT = Path(__file__).with_name("rules.txt")

_art = art_cache(Art)
_minis: dict[tuple, pygame.Surface] = {}


def draw_patch(surface: pygame.Surface, box: Rect, cols: int, rows: int, *, water: set = frozenset(),
               buildings: set = frozenset(), tokens: dict | None = None, zones: tuple = (),
               pawns: dict | None = None, cleared: set = frozenset(), marks: dict | None = None,
               informant: tuple | None = None, ships: set = frozenset(), ports: set = frozenset(),
               piers: set = frozenset(), island: Cell | None = None, east: set = frozenset(),
               subway_mouths: set = frozenset(), eyes: dict | None = None) -> Patch:
    """A small map: streets everywhere but ``water`` (and the cells drawn as something else).

    ``tokens`` {cell: "lamp"|"subway"|"building"|"park"} (lamps light their neighbours),
    ``zones`` ((cell, cell), ...), ``pawns`` {cell: character}, ``marks`` {cell: colour},
    ``informant`` (cell, talkative?), ``eyes`` {cell: seen?}.
    """
    p = Patch(box, cols, rows)
    tokens = tokens or {}
    pawns = pawns or {}
    marks = marks or {}
    R = p.R
    art = _art(R)
    sea = water | ports | piers | ({island} if island else set())
    lit: set = set()
    for cell, kind in tokens.items():
        if kind == "lamp":
            lit |= {cell, *p.neighbours(*cell)}
    for c in range(cols):
        for r in range(rows):
            pts = p.hexagon(c, r, 0.99)
            if (c, r) in sea:
                pygame.draw.polygon(surface, HARBOUR, pts)
                continue
            pygame.draw.polygon(surface, theme.mix(STONE, LAMP_LIGHT, 0.3) if (c, r) in lit else STONE, pts)
            pygame.draw.polygon(surface, (70, 66, 60), pts, 1)
    for c, r in buildings:
        draw_block(surface, *p.center(c, r), R, _Rnd())
    for c, r in subway_mouths:
        draw_subway_mouth(surface, *p.center(c, r), R)
    for c, r in piers:
        draw_pier(surface, *p.center(c, r), R * 0.97)
    for c, r in ports:
        draw_port(surface, *p.center(c, r), R)
    for c, r in east:
        draw_east(surface, *p.center(c, r), R)
    if island is not None:
        draw_liberty(surface, *p.center(*island), R * 0.85)
    for (c, r), col in marks.items():
        pygame.draw.polygon(surface, col, p.hexagon(c, r, 0.86), max(2, round(R * 0.08)))
    for cell, kind in tokens.items():
        img = art.token(kind, R * 0.82)
        surface.blit(img, img.get_rect(center=tuple(map(round, p.center(*cell)))))
    for a, b in zones:
        pa, pb = p.center(*a), p.center(*b)
        img = art.zone(pa, pb, R)
        surface.blit(img, img.get_rect(center=(round((pa[0] + pb[0]) / 2), round((pa[1] + pb[1]) / 2))))
    for cell in ships:
        img = art.ship(R * 0.8)
        surface.blit(img, img.get_rect(center=tuple(map(round, p.center(*cell)))))
    if informant is not None:
        cell, talk = informant
        x, y = p.center(*cell)
        if cell in pawns:
            x, y = x + R * 0.5, y + R * 0.42
        img = art.informant(R * 0.4, talk)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
    for cell, ch in pawns.items():
        img = art.pawn(ch, R * 0.7, ch not in cleared)
        surface.blit(img, img.get_rect(center=tuple(map(round, p.center(*cell)))))
    for cell, seen in (eyes or {}).items():
        x, y = p.center(*cell)
        eye(surface, (x - R * 0.5, y - R * 0.5), R * 0.22, seen, 1.0)
    if informant is not None and informant[0] in pawns:  # drawn over the pawn's edge
        cell, talk = informant
        x, y = p.center(*cell)
        img = art.informant(R * 0.4, talk)
        surface.blit(img, img.get_rect(center=(round(x + R * 0.5), round(y + R * 0.42))))
    return p


class _Rnd:
    """A fixed 'random' source, so a picture's buildings look the same every frame."""

    def random(self) -> float:
        return 0.3

    def uniform(self, a: float, b: float) -> float:
        return (a + b) / 2

    def choice(self, seq):  # type: ignore[no-untyped-def]
        return seq[0]





def _cross(surface: pygame.Surface, c: tuple[float, float], r: float) -> None:
    w = max(2, round(r * 0.25))
    for s in (1, -1):
        pygame.draw.line(surface, theme.BAD, (c[0] - r * 0.5, c[1] - s * r * 0.5), (c[0] + r * 0.5, c[1] + s * r * 0.5),
                         w)


def _half(box: Rect, k: int) -> Rect:
    return Rect(box.x if k == 0 else box.centerx + 6, box.y, box.w // 2 - 6, box.h)


# ------------------------------------------------------------------- pictures
def picture_board(surface: pygame.Surface, box: Rect, t: float) -> None:
    """The real board at its start position, small."""
    key = (box.size, current_language())
    img = _minis.get(key)
    if img is None:
        L = Layout.board_only(Rect(0, 0, *box.size))
        view = NewYorkView()
        view.layout, view.art = L, Art(L.R)
        view._board = view.render_board(L)
        state = NewYork.new(1)
        state.apply("identity beach")  # the picture shows no secret: only the public start position
        model = NewYorkModel.from_view(state)
        img = pygame.Surface(box.size, pygame.SRCALPHA)
        img.blit(view._board_layer(model), L.board.topleft)
        view._draw_informant(img, model, 0.0)
        view._draw_pawns(img, model, Highlights(), 0.0)
        _minis.clear()
        _minis[key] = img
    surface.blit(img, box.topleft)


def picture_sight(surface: pygame.Surface, box: Rect, t: float) -> None:
    draw_patch(surface, box, 7, 4, tokens={(1, 1): "lamp", (5, 1): "park"},
               pawns={(2, 1): LATIMER, (4, 2): SMITH, (4, 3): BEACH, (5, 1): GRANT, (0, 3): EASTMAN},
               eyes={(2, 1): True, (4, 2): True, (4, 3): True, (5, 1): False, (0, 3): False})


def picture_move(surface: pygame.Surface, box: Rect, t: float) -> None:
    blocked = {(3, 1), (3, 2)}
    p = draw_patch(surface, box, 7, 4, buildings={(3, 1)}, zones=(((3, 2), (3, 3)),), tokens={(2, 0): "lamp"},
                   pawns={(1, 2): CALLAHAN, (4, 1): TUMBLETY})
    pulse = 0.5 + 0.5 * math.sin(t * 4)
    seen = {(1, 2)}
    frontier = {(1, 2)}
    for _step in range(3):
        frontier = {n for c in frontier for n in p.neighbours(*c) if n not in seen and n not in blocked | {(3, 3)}}
        seen |= frontier
    for c in seen - {(1, 2), (4, 1)}:
        pygame.draw.polygon(surface, theme.mix((120, 205, 255), (255, 255, 255), pulse * 0.3), p.hexagon(*c, 0.86), 2)


def picture_subway(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 4, tokens={(1, 1): "subway", (5, 2): "subway"}, subway_mouths={(5, 0)},
                   buildings={(3, 1), (3, 2)}, pawns={(0, 1): BEACH})
    arrow(surface, p.center(0, 1), p.center(1, 1))
    a, b = p.center(1, 1), p.center(5, 2)
    mid = ((a[0] + b[0]) / 2, max(a[1], b[1]) + p.R * 1.2)
    pygame.draw.line(surface, theme.SELECT, a, mid, 3)
    arrow(surface, mid, b)


def picture_ferry(surface: pygame.Surface, box: Rect, t: float) -> None:
    water = {(c, r) for c in range(7) for r in range(4) if c < 4}
    p = draw_patch(surface, box, 7, 4, water=water - {(1, 1)}, piers={(4, 1), (4, 3)}, island=(1, 1),
                   pawns={(5, 1): SMITH}, informant=((1, 1), True))
    for a, b in (((4, 1), (1, 1)), ((1, 1), (4, 3))):
        pa, pb = p.center(*a), p.center(*b)
        ang = math.atan2(pb[1] - pa[1], pb[0] - pa[0])
        sa = (pa[0] + math.cos(ang) * p.R * (1.0 if a != (1, 1) else 1.3), pa[1] + math.sin(ang) * p.R * 0.9)
        sb = (pb[0] - math.cos(ang) * p.R * (1.3 if b == (1, 1) else 0.9), pb[1] - math.sin(ang) * p.R * 0.9)
        arrow(surface, sa, sb, (220, 228, 234))
    arrow(surface, p.center(5, 1), p.center(4, 1))


def picture_beach(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 4, tokens={(1, 1): "subway", (5, 2): "subway"}, pawns={(3, 1): BEACH})
    for c in p.neighbours(1, 1):
        _cross(surface, p.center(*c), p.R * 0.5)
    pygame.draw.polygon(surface, theme.SELECT, p.hexagon(5, 2, 0.9), 3)
    arrow(surface, p.center(3, 1), p.center(4, 2))


def picture_runner(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 3, buildings={(2, 1), (3, 1)}, tokens={(5, 0): "building"},
                   pawns={(1, 1): RUNNER})
    pts = [p.center(c, 1) for c in (1, 2, 3, 4)]
    pygame.draw.lines(surface, theme.SELECT, False, pts[:-1], 3)
    arrow(surface, pts[-2], pts[-1])
    pygame.draw.polygon(surface, theme.SELECT, p.hexagon(4, 1, 0.86), 3)


def picture_latimer(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 4, tokens={(1, 1): "lamp", (5, 2): "lamp"}, pawns={(3, 2): LATIMER})
    for c in p.neighbours(1, 1):
        _cross(surface, p.center(*c), p.R * 0.45)
    pygame.draw.polygon(surface, theme.SELECT, p.hexagon(5, 2, 0.9), 3)


def picture_grant(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 3, tokens={(1, 1): "lamp", (5, 1): "park"}, pawns={(3, 0): GRANT})
    arrow(surface, (p.center(1, 1)[0] + p.R, p.center(1, 1)[1]), (p.center(5, 1)[0] - p.R, p.center(5, 1)[1]))


def picture_callahan(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 4, zones=(((1, 1), (1, 2)),), pawns={(3, 0): CALLAHAN, (6, 1): EASTMAN})
    for c in ((4, 2), (5, 2)):
        pygame.draw.polygon(surface, theme.SELECT, p.hexagon(*c, 0.86), 3)
    a = ((p.center(1, 1)[0] + p.center(1, 2)[0]) / 2 + p.R, (p.center(1, 1)[1] + p.center(1, 2)[1]) / 2)
    b = ((p.center(4, 2)[0] + p.center(5, 2)[0]) / 2 - p.R * 0.6, (p.center(4, 2)[1] + p.center(5, 2)[1]) / 2)
    arrow(surface, a, b)


def picture_eastman(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 4, tokens={(1, 1): "lamp"}, pawns={(1, 2): EASTMAN, (2, 0): GRANT},
                   eyes={(1, 2): True, (2, 0): True})
    x, y = p.center(1, 2)
    k = (t * 0.8) % 1.0
    theme.aa_circle(surface, theme.PARCHMENT, (x, y), p.R * (0.8 + 1.6 * k), 2)
    pts = [p.center(2, 0), p.center(3, 1), p.center(4, 1), p.center(5, 2)]
    pygame.draw.lines(surface, theme.SELECT, False, pts[:-1], 3)
    arrow(surface, pts[-2], pts[-1])


def picture_tumblety(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 3, pawns={(1, 1): TUMBLETY, (2, 1): LATIMER, (5, 1): SMITH})
    a, b = p.center(2, 1), p.center(5, 1)
    arrow(surface, (a[0], a[1] - p.R * 0.6), (b[0], b[1] - p.R * 0.6))
    arrow(surface, (b[0], b[1] + p.R * 0.6), (a[0], a[1] + p.R * 0.6))


def picture_smith(surface: pygame.Surface, box: Rect, t: float) -> None:
    water = {(c, 0) for c in range(7)} | {(0, 1), (6, 1)}
    p = draw_patch(surface, box, 7, 3, water=water - {(1, 0), (5, 0)}, ports={(1, 0), (5, 0)}, ships={(1, 0)},
                   pawns={(3, 2): SMITH})
    arrow(surface, (p.center(1, 0)[0] + p.R * 1.1, p.center(1, 0)[1]), (p.center(5, 0)[0] - p.R * 1.1,
                                                                         p.center(5, 0)[1]))


def picture_informant(surface: pygame.Surface, box: Rect, t: float) -> None:
    left, right = _half(box, 0), _half(box, 1)
    p = draw_patch(surface, left, 4, 3, informant=((2, 1), True), pawns={(0, 1): LATIMER})
    arrow(surface, p.center(0, 1), p.center(1, 1))
    art = _art(p.R)
    cw = round(p.R * 0.9)
    card = art.card(-1, cw, round(cw * 1.4), "alibi")
    x, y = p.center(2, 1)
    surface.blit(card, card.get_rect(center=(round(x), round(y - p.R * 1.3))))
    q = draw_patch(surface, right, 4, 3, informant=((3, 2), False), pawns={(1, 1): LATIMER})
    arrow(surface, (q.center(1, 1)[0] + q.R * 0.6, q.center(1, 1)[1] + q.R * 0.3),
           (q.center(3, 2)[0] - q.R * 0.5, q.center(3, 2)[1]))


def picture_end(surface: pygame.Surface, box: Rect, t: float) -> None:
    left, right = _half(box, 0), _half(box, 1)
    p = draw_patch(surface, left, 4, 3, east={(3, 1)}, ports={(1, 0)}, ships={(1, 0)}, water={(0, 0), (2, 0)},
                   pawns={(2, 1): TUMBLETY, (0, 2): BEACH})
    arrow(surface, p.center(2, 1), p.center(3, 1), theme.JACK_RED)
    arrow(surface, p.center(0, 2), (p.center(1, 0)[0], p.center(1, 0)[1] + p.R * 0.5), theme.JACK_RED)
    q = draw_patch(surface, right, 4, 3, pawns={(1, 1): CALLAHAN, (3, 1): GRANT})
    arrow(surface, q.center(1, 1), q.center(3, 1), theme.INVESTIGATOR_BLUE)


# ---------------------------------------------------------------------- pages
def pages() -> list[Page]:
    """The New York rule pages in reading order (``rules.txt``; texts are looked up when drawn)."""
    return read_pages(TEXT, {**globals(), **card_pictures(_art)}, texts)


__all__ = ["pages", "draw_patch"]
