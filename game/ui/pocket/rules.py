"""How to play Mr. Jack Pocket: one page per rule, each with a small picture.

The pictures are drawn with pygame shapes from a few primitives the
replay's fallback board uses too (:func:`draw_tile`, :func:`draw_detective`,
:func:`~game.ui.rulebook.draw_arrow`), and every sight line in them is
computed by the engine's own sight rule, so a picture cannot contradict the
game.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from ...engine.pocket.board import seen_cells, sight
from ...engine.pocket.data import DATA
from .. import theme
from ..i18n import _
from ..rulebook import Page, draw_arc_arrow, draw_arrow
from ..texts import detective_name, face_name

Rect = pygame.Rect
N, E, S, W = range(4)
COLOURS = {c.id: c.rgb for c in DATA.characters}
IDS = DATA.ids


def _mark(character: str) -> str:
    """A suspect's two letters, as on the board (``?`` for an unknown id)."""
    from .view import MARK

    return MARK(IDS.index(character)) if character in IDS else "?"


def _side_rect(r: Rect, side: int, depth: float, span: tuple[float, float] = (0.0, 1.0)) -> Rect:
    """The strip of ``r`` along ``side`` that is ``depth`` thick, over the fraction ``span`` of it."""
    a, b = span
    if side == N:
        return Rect(round(r.x + r.w * a), r.y, round(r.w * (b - a)), round(depth))
    if side == S:
        return Rect(round(r.x + r.w * a), round(r.bottom - depth), round(r.w * (b - a)), round(depth))
    if side == W:
        return Rect(r.x, round(r.y + r.h * a), round(depth), round(r.h * (b - a)))
    return Rect(round(r.right - depth), round(r.y + r.h * a), round(depth), round(r.h * (b - a)))


def _plain_tile(surface: pygame.Surface, rect: Rect, wall: int | None, character: str | None = None,
              suspect: bool = True, mark: str | None = None, barricade: bool | None = None) -> None:
    """One district tile: a street T (or a cross when ``wall`` is None) between houses.

    ``character`` is an id from the level file; ``suspect=False`` shows the
    empty side.  ``mark`` is ``"seen"`` (lit edge), ``"dark"`` (dimmed) or
    ``"select"``.  ``barricade`` draws the wall as Joseph Lane's barrier
    (default: when the character is Lane and still a suspect).
    """
    r = Rect(rect)
    s = r.w
    if s < 6:
        return
    if barricade is None:
        barricade = character in IDS and IDS.index(character) in DATA.crossroads and suspect
    pygame.draw.rect(surface, theme.ROOF, r)
    road = s * 0.40
    lo, hi = (s - road) / 2, (s + road) / 2
    # the street cross
    pygame.draw.rect(surface, theme.COBBLE, (r.x, round(r.y + lo), s, round(road)))
    pygame.draw.rect(surface, theme.COBBLE, (round(r.x + lo), r.y, round(road), s))
    # houses in the corners: brick edges and a lit window or two
    q = round(lo)
    for cx, cy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        house = Rect(r.x + (0 if cx == 0 else round(hi)), r.y + (0 if cy == 0 else round(hi)), q, q)
        pygame.draw.rect(surface, theme.BRICK_DARK, house)
        pygame.draw.rect(surface, theme.ROOF_LIGHT, house.inflate(-max(2, q // 5), -max(2, q // 5)))
        if q >= 14:
            win = Rect(0, 0, max(2, q // 5), max(2, q // 5))
            win.center = house.center
            pygame.draw.rect(surface, theme.WINDOW_LIT if (cx + cy) % 2 else theme.WINDOW_DARK, win)
    if wall is not None:
        arm = _side_rect(r, wall, lo + 1, (lo / s, hi / s))
        if barricade:
            pygame.draw.rect(surface, theme.COBBLE, arm)
            bar = _side_rect(r, wall, max(3, s * 0.09), (lo / s, hi / s)).move(
                *{N: (0, round(s * 0.12)), S: (0, -round(s * 0.12)), E: (-round(s * 0.12), 0),
                  W: (round(s * 0.12), 0)}[wall])
            pygame.draw.rect(surface, theme.BARRICADE_WHITE, bar)
            stripes = 4
            for i in range(stripes):
                if i % 2 == 0:
                    if wall in (N, S):
                        seg = Rect(bar.x + bar.w * i // stripes, bar.y, bar.w // stripes + 1, bar.h)
                    else:
                        seg = Rect(bar.x, bar.y + bar.h * i // stripes, bar.w, bar.h // stripes + 1)
                    pygame.draw.rect(surface, theme.BARRICADE_RED, seg)
        else:
            pygame.draw.rect(surface, theme.BRICK, arm)
            edge = _side_rect(r, wall, max(2, s * 0.06), (lo / s, hi / s))
            pygame.draw.rect(surface, theme.BRICK_LIGHT, edge)
            # mortar lines
            if s >= 40:
                for i in range(1, 4):
                    if wall in (N, S):
                        y = arm.y + arm.h * i // 4
                        pygame.draw.line(surface, theme.MORTAR, (arm.x, y), (arm.right - 1, y), 1)
                    else:
                        x = arm.x + arm.w * i // 4
                        pygame.draw.line(surface, theme.MORTAR, (x, arm.y), (x, arm.bottom - 1), 1)
    _plain_character(surface, r, character, suspect)
    pygame.draw.rect(surface, theme.INK, r, 1)
    if mark == "dark":
        shade = pygame.Surface(r.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, r)
    elif mark == "seen":
        pygame.draw.rect(surface, theme.SIGHT, r, max(2, s // 24))
    elif mark == "select":
        pygame.draw.rect(surface, theme.SELECT, r, max(2, s // 20))


def _plain_character(surface: pygame.Surface, rect: Rect, character: str | None, suspect: bool = True) -> None:
    """The disc in a tile's middle: the character (suspect side) or a manhole (empty side)."""
    s = rect.w
    c = rect.center
    rad = s * 0.19
    if character and suspect:
        rgb = COLOURS.get(character, theme.TEXT)
        theme.aa_circle(surface, (8, 8, 10), (c[0] + 1, c[1] + 2), rad + 2)
        theme.aa_circle(surface, theme.PARCHMENT, c, rad + max(1.5, s * 0.02))
        theme.aa_circle(surface, rgb, c, rad)
        letter = _mark(character)
        theme.blit_text(surface, letter, theme.fit_size(letter, max(8, int(rad * 1.2)), int(rad * 1.6), "sans-bold"),
                        theme.contrast_text(rgb), c, "center", "sans-bold")
    else:
        theme.aa_circle(surface, theme.COBBLE_DARK, c, rad * 0.55)
        theme.aa_circle(surface, theme.COBBLE_LIGHT, c, rad * 0.55, 1)


def _plain_detective(surface: pygame.Surface, center: tuple[float, float], radius: float, did: str,
                   faded: bool = False) -> None:
    """A detective token: a coloured disc with the initial of the detective's name."""
    colour = theme.DETECTIVE_COLOURS.get(did, theme.TEXT)
    if faded:
        colour = theme.mix(colour, theme.NIGHT, 0.55)
    cx, cy = center
    theme.aa_circle(surface, (6, 6, 8), (cx + 1, cy + 2), radius + 1)
    theme.aa_circle(surface, theme.BRASS_LIGHT if not faded else theme.BRASS_DARK, (cx, cy), radius)
    theme.aa_circle(surface, colour, (cx, cy), radius * 0.84)
    initial = detective_name(did)[:1].upper()
    theme.blit_text(surface, initial, max(8, int(radius * 1.1)), theme.contrast_text(colour), (cx, cy),
                    "center", "serif-bold")


def _plain_token(surface: pygame.Surface, center: tuple[float, float], radius: float, face: str,
               used: bool = False) -> None:
    """An action token showing ``face`` (a small symbol over its name's initial)."""
    cx, cy = center
    fill = theme.shade(theme.PARCHMENT, 0.55) if used else theme.PARCHMENT
    theme.aa_circle(surface, (6, 6, 8), (cx + 1, cy + 2), radius + 1)
    theme.aa_circle(surface, theme.BRASS, (cx, cy), radius)
    theme.aa_circle(surface, fill, (cx, cy), radius * 0.86)
    ink = theme.INK
    if face in ("holmes", "watson", "toby"):
        draw_detective(surface, center, radius * 0.66, face, faded=used)
    elif face == "rotate":
        draw_arc_arrow(surface, ink, center, radius * 0.48, -150, 150, max(2, int(radius / 8)))
    elif face == "exchange":
        w = max(2, int(radius / 8))
        draw_arrow(surface, ink, (cx - radius * 0.5, cy - radius * 0.2), (cx + radius * 0.5, cy - radius * 0.2), w)
        draw_arrow(surface, ink, (cx + radius * 0.5, cy + radius * 0.25), (cx - radius * 0.5, cy + radius * 0.25), w)
    elif face == "joker":
        for k, did in enumerate(("holmes", "watson", "toby")):
            a = math.radians(-90 + 120 * k)
            draw_detective(surface, (cx + radius * 0.36 * math.cos(a), cy + radius * 0.36 * math.sin(a)),
                           radius * 0.3, did, faded=used)
    elif face == "alibi":
        card = Rect(0, 0, round(radius * 0.8), round(radius * 1.1))
        card.center = (round(cx), round(cy))
        pygame.draw.rect(surface, theme.BRASS_DARK, card, border_radius=3)
        pygame.draw.rect(surface, theme.PARCHMENT, card.inflate(-4, -4), border_radius=2)
        theme.hourglass(surface, card.center, card.h * 0.55, theme.INK)
    if used:
        shade = pygame.Surface((radius * 2 + 2, radius * 2 + 2), pygame.SRCALPHA)
        pygame.draw.circle(shade, (0, 0, 0, 110), (radius + 1, radius + 1), radius)
        surface.blit(shade, (cx - radius - 1, cy - radius - 1))


def _plain_alibi_card(surface: pygame.Surface, rect: Rect, character: str | None,
                    hourglasses: int = 0, face_down: bool = False) -> None:
    """An alibi card: the character's colour, initial and its hourglasses (or the back)."""
    r = Rect(rect)
    pygame.draw.rect(surface, (6, 6, 8), r.move(2, 3), border_radius=max(3, r.w // 10))
    pygame.draw.rect(surface, theme.PARCHMENT, r, border_radius=max(3, r.w // 10))
    inner = r.inflate(-max(4, r.w // 8), -max(4, r.w // 8))
    if face_down or character is None:
        pygame.draw.rect(surface, theme.JACK_RED_DARK, inner, border_radius=max(2, r.w // 12))
        pygame.draw.rect(surface, theme.BRASS, inner, 1, border_radius=max(2, r.w // 12))
        theme.blit_text(surface, "?", int(inner.h * 0.5), theme.BRASS_LIGHT, inner.center, "center",
                        "serif-bold")
        return
    rgb = COLOURS.get(character, theme.TEXT)
    pygame.draw.rect(surface, rgb, inner, border_radius=max(2, r.w // 12))
    letter = _mark(character)
    theme.blit_text(surface, letter, theme.fit_size(letter, int(inner.h * 0.38), int(inner.w * 0.9), "serif-bold"),
                    theme.contrast_text(rgb),
                    (inner.centerx, inner.y + inner.h * 0.38), "center", "serif-bold")
    hg = r.w * 0.24
    for i in range(hourglasses):
        x = inner.centerx + (i - (hourglasses - 1) / 2) * hg * 1.1
        theme.hourglass(surface, (x, inner.bottom - hg * 0.75), hg, theme.INK)



# ---------------------------------------------------------------------------
# The game's own art (board_view.Art) when it is there, plain shapes otherwise,
# so the pictures show the pieces exactly as the board does.
_ARTS: dict[int, Any] = {}


def _art(size: float) -> Any:
    """The board's cached renderings for tiles ``size`` pixels wide (``None`` without board_view)."""
    try:
        from .view import Art
    except ImportError:  # pragma: no cover - the board module ships with the client
        return None
    key = max(8, int(round(size)))
    art = _ARTS.get(key)
    if art is None:
        if len(_ARTS) > 32:
            _ARTS.clear()
        art = _ARTS[key] = Art(key)
    return art


def _fit(img: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return img if img.get_size() == size else pygame.transform.smoothscale(img, size)


def _mark(surface: pygame.Surface, r: Rect, mark: str | None) -> None:
    s = r.w
    if mark == "dark":
        shade = pygame.Surface(r.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, r)
    elif mark == "seen":
        pygame.draw.rect(surface, theme.SIGHT, r, max(2, s // 24))
    elif mark == "select":
        pygame.draw.rect(surface, theme.SELECT, r, max(2, s // 20))


def draw_tile(surface: pygame.Surface, rect: Rect, wall: int | None, character: str | None = None,
              suspect: bool = True, mark: str | None = None, barricade: bool | None = None) -> None:
    """One district tile: a street T (or a cross when ``wall`` is None) between houses.

    ``character`` is an id from the level file; ``suspect=False`` shows the
    empty side.  ``mark`` is ``"seen"`` (lit edge), ``"dark"`` (dimmed) or
    ``"select"``.  ``barricade`` (plain drawing only) draws the wall as
    Joseph Lane's barrier (default: when the character is Lane and still a suspect).
    """
    r = Rect(rect)
    art = _art(r.w) if character in IDS else None
    if art is None:
        _plain_tile(surface, r, wall, character, suspect, mark, barricade)
        return
    img = art.composite(IDS.index(character), suspect, 0 if wall is None else wall)
    surface.blit(_fit(img, r.size), r)
    pygame.draw.rect(surface, theme.INK, r, 1)
    _mark(surface, r, mark)


def draw_character(surface: pygame.Surface, rect: Rect, character: str | None, suspect: bool = True) -> None:
    """The character's emblem in a tile's middle (again, e.g. above a sight beam)."""
    art = _art(rect.w) if character in IDS else None
    if art is None:
        _plain_character(surface, rect, character, suspect)
    elif suspect:
        med = art.medallion(IDS.index(character))
        k = rect.w / art.tile
        if abs(k - 1) > 0.01:
            med = pygame.transform.smoothscale(med, (max(1, round(med.get_width() * k)),
                                                     max(1, round(med.get_height() * k))))
        surface.blit(med, med.get_rect(center=(rect.centerx, round(rect.centery - rect.w * 0.04))))


def draw_detective(surface: pygame.Surface, center: tuple[float, float], radius: float, did: str,
                   faded: bool = False) -> None:
    """A detective's pawn, as on the board (``faded``: where it could go)."""
    art = _art(100)
    if art is None or did not in DATA.detectives:
        _plain_detective(surface, center, radius, did, faded)
        return
    img = art.pawn(DATA.detectives.index(did), radius)
    if faded:
        img = img.copy()
        img.set_alpha(120)
    surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


def draw_token(surface: pygame.Surface, center: tuple[float, float], radius: float, face: str,
               used: bool = False) -> None:
    """An action token showing ``face``, as on the board."""
    art = _art(100)
    if art is None:
        _plain_token(surface, center, radius, face, used)
        return
    img = art.token(face, radius)
    if used:
        img = img.copy()
        img.set_alpha(110)
    surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


def draw_alibi_card(surface: pygame.Surface, rect: Rect, character: str | None,
                    hourglasses: int = 0, face_down: bool = False) -> None:
    """An alibi card (face with the character's hourglasses, or its back), as on the board."""
    art = _art(100)
    if art is None:
        _plain_alibi_card(surface, rect, character, hourglasses, face_down)
        return
    from ...engine.pocket.state import HIDDEN

    card = HIDDEN if face_down or character not in IDS else IDS.index(character)
    surface.blit(art.card(card, rect.w, rect.h), rect)


def position_point(grid: Rect, position: int, gap: float) -> tuple[float, float]:
    """The screen point of detective position 0-11 around a 3x3 ``grid``, ``gap`` pixels out."""
    c = grid.w / 3
    side, k = divmod(position % 12, 3)
    if side == 0:
        return grid.x + (k + 0.5) * c, grid.y - gap
    if side == 1:
        return grid.right + gap, grid.y + (k + 0.5) * c
    if side == 2:
        return grid.x + (2 - k + 0.5) * c, grid.bottom + gap
    return grid.x - gap, grid.y + (2 - k + 0.5) * c


def draw_sight(surface: pygame.Surface, grid: Rect, walls: list[int | None], position: int,
               gap: float) -> None:
    """A translucent beam from a detective along the cells it sees (the engine's rule)."""
    cells = sight(walls, position)
    if not cells:
        return
    c = grid.w / 3
    start = position_point(grid, position, gap)
    last = cells[-1]
    end = (grid.x + (last % 3 + 0.5) * c, grid.y + (last // 3 + 0.5) * c)
    beam = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.line(beam, (*theme.SIGHT, 70), start, end, max(4, int(c * 0.22)))
    pygame.draw.line(beam, (*theme.SIGHT, 120), start, end, max(2, int(c * 0.04)))
    surface.blit(beam, (0, 0))


def draw_board(surface: pygame.Surface, rect: Rect, state: Any, show_sight: bool = True) -> None:
    """A whole Pocket position in ``rect`` (the replay's fallback board).

    Reads ``chars``, ``wall_of``, ``suspect`` and ``detectives`` from a
    :class:`~game.engine.pocket.state.PocketState`; draws nothing else.
    """
    side = min(rect.w, rect.h)
    cell = int(side / 4.2)
    grid = Rect(0, 0, cell * 3, cell * 3)
    grid.center = rect.center
    gap = cell * 0.42
    walls = [state.wall_of(c) for c in range(9)]
    seen = seen_cells(walls, list(state.detectives))
    for c in range(9):
        ch = state.chars[c]
        draw_tile(surface, Rect(grid.x + (c % 3) * cell, grid.y + (c // 3) * cell, cell, cell), walls[c],
                  IDS[ch], bool(state.suspect[ch]), "seen" if (show_sight and c in seen) else None,
                  barricade=(ch in DATA.crossroads and bool(state.suspect[ch])))
    pygame.draw.rect(surface, theme.BRASS_DARK, grid.inflate(4, 4), 2)
    for p in range(12):
        theme.aa_circle(surface, theme.shade(theme.PANEL_EDGE, 0.8), position_point(grid, p, gap), cell * 0.1)
    if show_sight:
        for p in set(state.detectives):
            draw_sight(surface, grid, walls, p, gap)
        for c in range(9):
            ch = state.chars[c]
            if c in seen and state.suspect[ch]:
                draw_character(surface, Rect(grid.x + (c % 3) * cell, grid.y + (c // 3) * cell, cell, cell),
                               IDS[ch], True)
    by_pos: dict[int, list[str]] = {}
    for did, p in zip(DATA.detectives, state.detectives, strict=True):
        by_pos.setdefault(p, []).append(did)
    for p, dets in by_pos.items():
        x, y = position_point(grid, p, gap)
        for k, did in enumerate(dets):
            off = (k - (len(dets) - 1) / 2) * cell * 0.2
            horizontal = p // 3 in (0, 2)
            draw_detective(surface, (x + off, y) if horizontal else (x, y + off), cell * 0.17, did)


# =====================================================================
# The pictures, one per page
# =====================================================================
def _grid_in(box: Rect, scale: float = 4.0) -> tuple[Rect, int]:
    cell = int(min(box.w, box.h) / scale)
    grid = Rect(0, 0, cell * 3, cell * 3)
    grid.center = box.center
    return grid, cell


def _cell_rect(grid: Rect, cell: int, c: int) -> Rect:
    return Rect(grid.x + (c % 3) * cell, grid.y + (c // 3) * cell, cell, cell)


SAMPLE_CHARS = ["bert", "gull", "madame", "lestrade", "smith", "pizer", "stealthy", "lane", "goodley"]
SAMPLE_WALLS: list[int | None] = [W, S, E, N, W, S, E, N, S]


def picture_goal(surface: pygame.Surface, box: Rect, t: float) -> None:
    cell = int(min(box.w / 4.5, box.h / 3.2))
    grid = Rect(0, 0, cell * 3, cell * 3)
    grid.topleft = (round(box.centerx - cell * 2.2), round(box.centery - cell * 1.5))
    cleared = {1, 3, 6, 8}
    for c in range(9):
        draw_tile(surface, _cell_rect(grid, cell, c), SAMPLE_WALLS[c], SAMPLE_CHARS[c], c not in cleared)
    # Jack's hidden identity card and the six hourglasses he needs
    card = Rect(0, 0, round(cell * 0.8), round(cell * 1.12))
    card.topleft = (grid.right + round(cell * 0.35), grid.y + round(cell * 0.1))
    draw_alibi_card(surface, card, None, face_down=True)
    hx = card.centerx
    for i in range(6):
        theme.hourglass(surface, (hx + (i % 2 - 0.5) * cell * 0.4, grid.y + cell * (1.75 + (i // 2) * 0.42)),
                        cell * 0.34, theme.BRASS_LIGHT)


def picture_sight(surface: pygame.Surface, box: Rect, t: float) -> None:
    # three rows of three tiles, a detective on the left of each, looking east
    rows: list[tuple[list[int | None], list[str], list[bool], str]] = [
        ([N, E, S], ["smith", "pizer", "bert"], [True, True, True], "holmes"),  # flank: on; far wall: stop
        ([W, S, N], ["gull", "madame", "goodley"], [True, True, True], "watson"),  # facing wall: nothing
        ([None, S, W], ["lane", "stealthy", "lestrade"], [False, True, True], "toby"),  # cleared Lane: open
    ]
    cell = int(min(box.w / 3.9, box.h / (len(rows) * 1.6)))
    top = box.centery - cell * (1.6 * len(rows) - 0.6) / 2
    x0 = round(box.centerx - cell * 1.3)
    mark_size = max(12, cell // 4)
    for r, (walls, chars, suspects, did) in enumerate(rows):
        y = round(top + r * cell * 1.6)
        seen = sight([walls[0], walls[1], walls[2], None, None, None, None, None, None], 11)
        for k in range(3):
            draw_tile(surface, Rect(x0 + k * cell, y, cell, cell), walls[k], chars[k], suspects[k],
                      "seen" if k in seen else "dark")
            if not suspects[k]:
                sign, colour = "–", theme.TEXT_DIM
            elif k in seen:
                sign, colour = "✓", theme.GOOD
            else:
                sign, colour = "✗", theme.BAD
            theme.blit_text(surface, sign, mark_size, colour, (x0 + (k + 0.5) * cell, y + cell + 1),
                            "midtop", "sans-bold")
        det = (x0 - cell * 0.42, y + cell / 2)
        if seen:
            end = (x0 + (seen[-1] + 0.5) * cell, y + cell / 2)
            beam = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            pygame.draw.line(beam, (*theme.SIGHT, 70), det, end, max(4, cell // 4))
            surface.blit(beam, (0, 0))
            for k in seen:
                if suspects[k]:
                    draw_character(surface, Rect(x0 + k * cell, y, cell, cell), chars[k])
        draw_arrow(surface, theme.SIGHT if seen else theme.BAD, (det[0] + cell * 0.24, det[1]),
                   (x0 + cell * 0.1, det[1]), max(2, cell // 24))
        draw_detective(surface, det, cell * 0.2, did)


def _side_chip(surface: pygame.Surface, center: tuple[float, float], radius: float, who: str) -> None:
    """A small disc for a side: blue with a magnifier (investigator) or red with a J (Jack)."""
    colour = theme.INVESTIGATOR_BLUE if who == "I" else theme.JACK_RED
    theme.aa_circle(surface, theme.shade(colour, 0.5), (center[0] + 1, center[1] + 2), radius)
    theme.aa_circle(surface, colour, center, radius)
    if who == "I":
        theme.magnifier(surface, center, radius * 1.35, theme.PARCHMENT)
    else:
        theme.blit_text(surface, "J", int(radius * 1.1), theme.PARCHMENT, center, "center", "serif-bold")


def picture_round(surface: pygame.Surface, box: Rect, t: float) -> None:
    s = min(box.w / 5.0, box.h / 6.6)
    y = box.y + s * 0.6
    for i in range(8):
        cx = box.centerx + (i % 4 - 1.5) * s * 1.1
        cy = y + (i // 4) * s * 1.05
        col = theme.INVESTIGATOR_BLUE if i % 2 == 0 else theme.JACK_RED
        theme.aa_circle(surface, theme.BRASS, (cx, cy), s * 0.46)
        theme.aa_circle(surface, theme.mix(theme.PANEL_HI, col, 0.5), (cx, cy), s * 0.39)
        theme.blit_text(surface, str(i + 1), int(s * 0.42), theme.TEXT, (cx, cy), "center", "serif-bold")
    lab = int(max(11, s * 0.26))
    yy = y + s * 2.2
    for r, who in enumerate(("IJJI", "JIIJ")):
        theme.blit_text(surface, _("Odd rounds") if r == 0 else _("Even rounds"), lab, theme.TEXT_DIM,
                        (box.centerx, yy), "midtop", "sans-bold")
        cy = yy + lab * 1.4 + s * 0.3
        for k, w in enumerate(who):
            cx = box.centerx + (k - 1.5) * s * 0.95
            if k:
                draw_arrow(surface, theme.TEXT_FAINT, (cx - s * 0.62, cy), (cx - s * 0.36, cy), 2, 7)
            _side_chip(surface, (cx, cy), s * 0.27, w)
        yy = cy + s * 0.55
    theme.blit_text(surface, "↓", lab, theme.BRASS_LIGHT, (box.centerx, yy), "midtop", "sans-bold")
    theme.blit_text(surface, _("Witness call"), lab, theme.BRASS_LIGHT, (box.centerx, yy + lab * 1.3),
                    "midtop", "sans-bold")


def picture_detectives(surface: pygame.Surface, box: Rect, t: float) -> None:
    grid, cell = _grid_in(box, 4.9)
    grid.x -= cell // 4
    gap = cell * 0.45
    for c in range(9):
        draw_tile(surface, _cell_rect(grid, cell, c), SAMPLE_WALLS[c], SAMPLE_CHARS[c], True)
    for p in range(12):
        theme.aa_circle(surface, theme.PANEL_EDGE, position_point(grid, p, gap), cell * 0.09)
        theme.blit_text(surface, str(p), max(9, cell // 7), theme.TEXT_FAINT,
                        position_point(grid, p, gap + cell * 0.3), "center")
    # Watson from 3 to 4 (one step) or 5 (two steps), clockwise
    out = cell * 0.38
    lab = max(10, cell // 6)
    for k, (a, b) in enumerate(((3, 4), (4, 5))):
        pa, pb = position_point(grid, a, gap), position_point(grid, b, gap)
        draw_arrow(surface, theme.GOOD, (pa[0] + out, pa[1] + cell * 0.12), (pb[0] + out, pb[1] - cell * 0.12),
                   max(2, cell // 22))
        theme.blit_text(surface, str(k + 1), lab, theme.GOOD, (pa[0] + out + lab * 0.5, (pa[1] + pb[1]) / 2),
                        "midleft", "sans-bold")
    draw_detective(surface, position_point(grid, 3, gap), cell * 0.2, "watson")
    for target in (4, 5):
        draw_detective(surface, position_point(grid, target, gap), cell * 0.17, "watson", faded=True)
    draw_detective(surface, position_point(grid, 11, gap), cell * 0.2, "holmes")
    draw_detective(surface, position_point(grid, 7, gap), cell * 0.2, "toby")
    # a "clockwise" sign in the corner
    corner = (box.x + cell * 0.45, box.y + cell * 0.45)
    draw_arc_arrow(surface, theme.BRASS, corner, cell * 0.28, -200, 110, max(2, cell // 22))


def picture_joker(surface: pygame.Surface, box: Rect, t: float) -> None:
    r = min(box.w, box.h) * 0.16
    token = (box.x + box.w * 0.22, box.centery)
    draw_token(surface, token, r, "joker")
    x0 = box.x + box.w * 0.48
    lab = max(11, int(r * 0.3))
    for k, did in enumerate(("holmes", "watson", "toby")):
        y = box.y + box.h * (0.22 + k * 0.28)
        draw_detective(surface, (x0, y), r * 0.42, did)
        draw_arrow(surface, theme.GOOD, (x0 + r * 0.6, y), (x0 + r * 1.5, y), max(2, int(r / 14)))
        draw_detective(surface, (x0 + r * 1.95, y), r * 0.36, did, faded=True)
        theme.blit_text(surface, "+1", lab, theme.GOOD, (x0 + r * 1.05, y - r * 0.35), "center", "sans-bold")
    note = _("or, for Mr. Jack only: nobody moves")
    theme.blit_text(surface, note, theme.fit_size(note, lab, box.w - 8, "sans-bold"), theme.JACK_RED,
                    (box.centerx, box.bottom - lab), "center", "sans-bold")


def _pair_layout(box: Rect, rows: int) -> tuple[int, list[tuple[Rect, Rect]]]:
    """Two tiles per row, ``rows`` rows, as large as ``box`` allows."""
    cell = int(min(box.w / 3.4, box.h / (rows * 1.45)))
    out = []
    for r in range(rows):
        y = round(box.centery + (r - (rows - 1) / 2) * cell * 1.4 - cell / 2)
        a = Rect(round(box.centerx - cell * 1.6), y, cell, cell)
        b = Rect(round(box.centerx + cell * 0.6), y, cell, cell)
        out.append((a, b))
    return cell, out


def picture_rotation(surface: pygame.Surface, box: Rect, t: float) -> None:
    cell, rows = _pair_layout(box, 2)
    lab = max(11, cell // 6)
    for (a, b), (after, text) in zip(rows, ((E, "90°"), (S, "180°")), strict=True):
        draw_tile(surface, a, N, "stealthy")
        draw_tile(surface, b, after, "stealthy")
        mid = ((a.right + b.x) / 2, a.centery)
        draw_arc_arrow(surface, theme.GOOD, (mid[0], mid[1] + cell * 0.12), (b.x - a.right) * 0.36, -155, -25,
                       max(2, cell // 18))
        theme.blit_text(surface, text, lab, theme.TEXT, (mid[0], mid[1] + cell * 0.12), "midtop", "sans-bold")


def picture_exchange(surface: pygame.Surface, box: Rect, t: float) -> None:
    cell, rows = _pair_layout(box, 2)
    (a, b), (c, d) = rows
    draw_tile(surface, a, S, "madame")
    draw_tile(surface, b, W, "bert")
    draw_tile(surface, c, W, "bert")
    draw_tile(surface, d, S, "madame")
    w = max(2, cell // 16)
    draw_arrow(surface, theme.GOOD, (a.right + 8, a.centery - cell * 0.15), (b.x - 8, a.centery - cell * 0.15), w)
    draw_arrow(surface, theme.GOOD, (b.x - 8, a.centery + cell * 0.15), (a.right + 8, a.centery + cell * 0.15), w)
    theme.blit_text(surface, "↓", max(14, cell // 4), theme.TEXT_DIM, ((a.right + b.x) / 2, (a.bottom + c.y) / 2),
                    "center", "sans-bold")


def picture_alibi(surface: pygame.Surface, box: Rect, t: float) -> None:
    cw = int(min(box.w / 4.6, box.h / 3.6))
    ch = int(cw * 1.4)
    lab = max(11, cw // 5)
    # the investigator's draw: shown, and the tile turns to its empty side
    y1 = box.centery - ch - cw * 0.25
    x = box.centerx - cw * 2.1
    _side_chip(surface, (x - cw * 0.05, y1 + ch / 2), cw * 0.2, "I")
    card = Rect(round(x + cw * 0.35), round(y1), cw, ch)
    draw_alibi_card(surface, card, "gull", 1)
    before = Rect(card.right + cw // 3, round(y1 + (ch - cw) / 2), cw, cw)
    draw_tile(surface, before, E, "gull")
    after = Rect(before.right + cw // 2, before.y, cw, cw)
    draw_arrow(surface, theme.GOOD, (before.right + 4, before.centery), (after.x - 4, before.centery),
               max(2, cw // 18))
    draw_tile(surface, after, E, "gull", suspect=False)
    # Jack's draw: kept face down, its hourglasses his
    y2 = box.centery + cw * 0.25
    _side_chip(surface, (x - cw * 0.05, y2 + ch / 2), cw * 0.2, "J")
    secret = Rect(round(x + cw * 0.35), round(y2), cw, ch)
    draw_alibi_card(surface, secret, None, face_down=True)
    theme.blit_text(surface, "+", lab * 2, theme.GOOD, (secret.right + cw * 0.45, secret.centery), "center",
                    "sans-bold")
    theme.hourglass(surface, (secret.right + cw * 1.1, secret.centery), cw * 0.6, theme.BRASS_LIGHT)


WITNESS_DETECTIVES = [0, 4, 8]  # Holmes, Watson, Toby in the witness picture


def _legend(surface: pygame.Surface, pos: tuple[float, float], size: int, items: list[tuple[str, str]]) -> None:
    """Small swatches with captions, centred on ``pos``: ("seen"|"dark", text)."""
    widths = [size * 2 + theme.font(size).size(text)[0] for _kind, text in items]
    x = pos[0] - (sum(widths) + size * 2 * (len(items) - 1)) / 2
    for (kind, text), w in zip(items, widths, strict=True):
        sw = Rect(round(x), round(pos[1] - size / 2), size, size)
        pygame.draw.rect(surface, theme.COBBLE if kind == "seen" else theme.shade(theme.COBBLE, 0.45), sw)
        pygame.draw.rect(surface, theme.SIGHT if kind == "seen" else theme.INK, sw, 2)
        theme.blit_text(surface, text, size, theme.TEXT, (sw.right + size * 0.5, pos[1]), "midleft")
        x += w + size * 2


def picture_witness(surface: pygame.Surface, box: Rect, t: float) -> None:
    lab = max(11, int(min(box.w, box.h) / 24))
    area = Rect(box.x, box.y, box.w, box.h - lab * 2)
    grid, cell = _grid_in(area, 4.2)
    gap = cell * 0.45
    walls = list(SAMPLE_WALLS)
    seen = seen_cells(walls, WITNESS_DETECTIVES)
    for c in range(9):
        draw_tile(surface, _cell_rect(grid, cell, c), walls[c], SAMPLE_CHARS[c], True,
                  "seen" if c in seen else "dark")
    for p in WITNESS_DETECTIVES:
        draw_sight(surface, grid, walls, p, gap)
    for c in seen:
        draw_character(surface, _cell_rect(grid, cell, c), SAMPLE_CHARS[c])
    for did, p in zip(DATA.detectives, WITNESS_DETECTIVES, strict=True):
        draw_detective(surface, position_point(grid, p, gap), cell * 0.2, did)
    _legend(surface, (box.centerx, box.bottom - lab), lab, [("seen", _("seen")), ("dark", _("not seen"))])


def picture_winning(surface: pygame.Surface, box: Rect, t: float) -> None:
    lab = max(12, int(min(box.w, box.h) / 18))
    cell = int(min(box.w / 3.6, box.h / 7.2))
    grid = Rect(0, 0, cell * 3, cell * 3)
    grid.midtop = (box.centerx, round(box.y + cell * 0.3))
    for c in range(9):
        draw_tile(surface, _cell_rect(grid, cell, c), SAMPLE_WALLS[c], SAMPLE_CHARS[c], c == 5)
    theme.magnifier(surface, (grid.right + cell * 0.5, grid.bottom - cell * 0.4), cell * 0.7,
                    theme.INVESTIGATOR_BLUE)
    y = grid.bottom + cell * 0.55
    theme.blit_text(surface, _("or"), lab, theme.TEXT_DIM, (box.centerx, y), "midtop", "serif-bold")
    y += lab * 1.8 + cell * 0.35
    for i in range(6):
        x = box.centerx + (i % 3 - 1) * cell * 0.7
        theme.hourglass(surface, (x, y + (i // 3) * cell * 0.75), cell * 0.6, theme.BRASS_LIGHT)


def pages() -> list[Page]:
    """The rule pages in reading order (texts are looked up when drawn)."""
    return [
        Page(lambda: _("The goal"), lambda: [
            _("Mr. Jack hides behind one of the nine suspects of Whitechapel. Only he knows which one: "
              "at the start he secretly draws an alibi card, and that character is his identity."),
            _("The investigator wins if exactly one suspect is left after a witness call: that one is Jack."),
            _("Mr. Jack wins with 6 hourglasses (the round tokens he takes and the alibi cards he draws), "
              "or if he is still free when round 8 ends."),
        ], picture_goal),
        Page(lambda: _("The district and sight"), lambda: [
            _("The district is 3 × 3 tiles. Each tile has streets on three sides and a wall on the fourth. "
              "Holmes, Watson and Toby stand outside the district and look straight along a row or column."),
            _("A wall facing the detective hides that tile and stops the view. A wall on the far side "
              "shows the tile, then stops the view. A wall on a flank lets the view go on."),
            _("Joseph Lane's barricade counts as a wall. Once he is cleared, his tile is an open "
              "crossroads that blocks nothing. Other cleared tiles keep their wall."),
        ], picture_sight),
        Page(lambda: _("A round"), lambda: [
            _("The game lasts at most 8 rounds. Each round is a hunt of four actions, then a witness call."),
            _("Odd rounds: the investigator throws the four action tokens and plays one action, "
              "Mr. Jack plays two, the investigator plays the last."),
            _("Even rounds: Mr. Jack turns the tokens over to their other faces and plays one action, "
              "the investigator plays two, Mr. Jack plays the last."),
            _("Every action must be played."),
        ], picture_round),
        Page(lambda: _("Holmes, Watson and Toby"), lambda: [
            _("Move that detective one or two places clockwise around the district."),
            _("There are 12 places, three along each side. Several detectives may share a place."),
        ], picture_detectives),
        Page(lambda: face_name("joker"), lambda: [
            _("The investigator moves any one detective one place clockwise."),
            _("Mr. Jack may do the same, or leave all the detectives where they are."),
        ], picture_joker),
        Page(lambda: face_name("rotate"), lambda: [
            _("Turn one tile a quarter turn either way or a half turn, so that its wall faces another way."),
            _("Two tokens show Rotation, but a tile rotated this round cannot be rotated again "
              "in the same round."),
        ], picture_rotation),
        Page(lambda: face_name("exchange"), lambda: [
            _("Swap two tiles. Both keep their orientation."),
        ], picture_exchange),
        Page(lambda: face_name("alibi"), lambda: [
            _("The investigator draws the top alibi card and shows it. If that character is still a "
              "suspect, the tile turns to its empty side. Its hourglasses are lost to Mr. Jack."),
            _("Mr. Jack draws the top card in secret and keeps it: its hourglasses count for him."),
        ], picture_alibi),
        Page(lambda: _("The witness call"), lambda: [
            _("After the four actions Mr. Jack says whether his character is visible, that is, "
              "seen by at least one detective."),
            _("Visible: every suspect who is not seen is cleared, and the investigator takes the round token."),
            _("Not visible: every suspect who is seen is cleared, and Mr. Jack takes the round token, "
              "hourglass up."),
        ], picture_witness),
        Page(lambda: _("Winning"), lambda: [
            _("The investigator wins when one suspect is left after a witness call. "
              "Mr. Jack wins with 6 hourglasses, or when round 8 ends and he is still free."),
            _("Both goals at once in round 8: the investigator wins if Jack was visible, Jack if he was not."),
            _("Both goals at once earlier: play goes on. The investigator wins at the end of the first round "
              "in which Jack is visible; Jack wins if he stays unseen through round 8."),
        ], picture_winning),
    ]
