"""Hex boards of the card games (London, New York): layout maths, sprites and drawing they share.

Mr. Jack (London) and Mr. Jack in New York are drawn the same way: a board
of flat-topped hexes in columns (doubled rows: centre ``x = 1.5 R col``,
``y = sqrt(3)/2 R row``), a strip under it with the round's four character
cards, the witness card and the alibi deck, and a side panel (header,
round track, prompt, the two sides' boxes, the log).  This module holds
what does not depend on the rule set:

- :class:`HexLayout`: a window size turned into those rectangles, with hit
  tests; a game's layout names the grid's size and where a position sits;
- :class:`Look`: how one game's characters are drawn (colours, portraits,
  power icons, names), and :class:`HexArt`, the cached sprites made from it
  (pawns, portraits, cards, the witness card, round slots, hex washes);
- :class:`HexBoardView`: the drawing both boards share (lit targets, pawns,
  the card strip, the round track, the hands, flying cards, banners); a
  game's view adds its board art and tokens;
- small drawing helpers (:func:`eye`, :func:`arrow`...); the sprite canvases, :func:`hexagon` and
  :func:`cobbles` are :mod:`game.ui.hex.sprites`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from ...engine.cards import HIDDEN, ORDER
from .. import theme
from ..i18n import _
from ..widgets import draw_fitted_lines, draw_note
from .sprites import cobbles, finish, hexagon, token_canvas

SQ3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Look:
    """How one game's eight characters are drawn, by character index."""

    rgb: tuple[tuple[int, int, int], ...]
    moves: tuple[int, ...]               # the silver disc of a character card ("1-3")
    #: ``portrait(surf, char, cx, cy, R, ink, bg)``: a head and shoulders of radius R
    portrait: Callable[..., None]
    #: ``power_icon(surf, char, (x, y), r, ink)``: the gold disc of a character card
    power_icon: Callable[..., None]
    short: Callable[[int], str]          # a character's short name (looked up when drawn)
    mark: Callable[[int], str]           # the two letters on a pawn's badge (see :mod:`marks`)
    witness_side: Callable[[bool], str]  # "Visible" / "Not visible"
    card_back: tuple[int, int, int] = (38, 70, 52)     # character cards
    alibi_back: tuple[int, int, int] = (92, 24, 30)


# ======================================================================= layout
class HexLayout:
    """Where everything goes for a window of ``size`` pixels.

    A game's layout sets the grid's extent (``GRID_W`` x ``GRID_H`` hex
    radii, framed by ``PAD_X``/``PAD_Y`` radii), ``ORIGIN`` (the offset in
    radii of column 0, row 0 from the padded corner), ``N_POS`` (how many
    positions :meth:`pos_at` tries) and :meth:`xy` (a position's column and
    row); :meth:`fit_radius` may differ too.
    """

    GRID_W = 20.0
    GRID_H = 9 * SQ3
    PAD_X = PAD_Y = 0.3
    ORIGIN = (0.0, 0.0)
    N_POS = 0
    N_CELLS = 0  # the board's cells among the positions (London's exits come after them)

    def xy(self, pos: int) -> tuple[float, float]:
        """(col, row) of a position."""
        raise NotImplementedError

    def fit_radius(self, area: pygame.Rect, strip_min: int, gap: int) -> float:
        """The largest hex radius that fits the board and the strip into ``area``."""
        R = (area.w - 4) / (self.GRID_W + 2 * self.PAD_X)
        if (self.GRID_H + 2 * self.PAD_Y) * R + strip_min + gap > area.h:
            R = (area.h - strip_min - gap) / (self.GRID_H + 2 * self.PAD_Y)
        return R

    @classmethod
    def board_only(cls, box: pygame.Rect) -> HexLayout:
        """Only the board, as large as fits in ``box`` (for pictures: the rules' small maps)."""
        L = cls.__new__(cls)
        R = min(box.w / (cls.GRID_W + 2 * cls.PAD_X), box.h / (cls.GRID_H + 2 * cls.PAD_Y))
        padx, pady = R * cls.PAD_X, R * cls.PAD_Y
        bw, bh = round(cls.GRID_W * R + 2 * padx), round(cls.GRID_H * R + 2 * pady)
        L.size, L.scale, L.R, L.pawn_r = box.size, 1.0, R, R * 0.7
        L.board = pygame.Rect(box.x + (box.w - bw) // 2, box.y + (box.h - bh) // 2, bw, bh)
        L.ox = L.board.x + padx + cls.ORIGIN[0] * R
        L.oy = L.board.y + pady + cls.ORIGIN[1] * R
        return L

    def __init__(self, size: tuple[int, int]) -> None:
        W, H = size
        self.size = (W, H)
        self.scale = s = max(0.45, min(W / 1280, H / 800))
        m = max(10, round(min(W, H) * 0.025))
        self.margin = m
        panel_w = max(250, int(W * 0.34))
        area = pygame.Rect(m, m, W - panel_w - 3 * m, H - 2 * m)
        gap = round(10 * s)
        strip_min = round(118 * s)
        R = max(8.0, self.fit_radius(area, strip_min, gap))
        self.R = R
        padx, pady = R * self.PAD_X, R * self.PAD_Y
        bw, bh = round(self.GRID_W * R + 2 * padx), round(self.GRID_H * R + 2 * pady)
        strip_h = min(area.h - bh - gap, round(175 * s))
        top = area.y + max(0, (area.h - bh - gap - strip_h) // 2)
        self.board = pygame.Rect(area.x + (area.w - bw) // 2, top, bw, bh)
        self.ox = self.board.x + padx + self.ORIGIN[0] * R
        self.oy = self.board.y + pady + self.ORIGIN[1] * R
        self.strip = pygame.Rect(self.board.x, self.board.bottom + gap, bw, strip_h)
        # the strip: four character cards, then the witness card and the alibi deck
        label = round(16 * s)
        cw = min((self.strip.w - 8 * gap) / 6.6, (self.strip.h - label - gap) / 1.4)
        self.card_w = cw = max(24, int(cw))
        self.card_h = ch = int(cw * 1.4)
        cy = self.strip.y + round(4 * s)
        x0 = self.strip.x + gap
        self.row_rects = [pygame.Rect(round(x0 + k * (cw + gap)), cy, cw, ch) for k in range(4)]
        self.cards_area = self.row_rects[0].unionall(self.row_rects).inflate(gap, gap)
        right = self.strip.right - gap
        self.deck_rect = pygame.Rect(right - cw, cy, cw, ch)
        self.witness_rect = pygame.Rect(self.deck_rect.x - 2 * gap - cw, cy, cw, ch)
        self.chardeck_rect = pygame.Rect(self.strip.x - cw, cy, cw, ch)
        # the panel
        self.panel = pygame.Rect(area.right + m, m, W - area.right - 2 * m, H - 2 * m)
        p = self.panel
        self.pad = ppad = max(8, round(12 * s))
        x, w = p.x + ppad, p.w - 2 * ppad
        y = p.y + ppad
        self.header = pygame.Rect(x, y, w, round(58 * s))
        y = self.header.bottom + round(4 * s)
        self.track = pygame.Rect(x, y, w, round(74 * s))
        y = self.track.bottom + round(8 * s)
        self.prompt = pygame.Rect(x, y, w, max(round(112 * s), 100))  # two lines of prompt, the hint, the buttons
        y = self.prompt.bottom + round(8 * s)
        hands_h = round(176 * s)
        hgap = round(8 * s)
        self.hand_inv = pygame.Rect(x, y, (w - hgap) // 2, hands_h)
        self.hand_jack = pygame.Rect(self.hand_inv.right + hgap, y, w - self.hand_inv.w - hgap, hands_h)
        y = self.hand_inv.bottom + round(8 * s)
        self.log = pygame.Rect(x, y, w, max(40, p.bottom - ppad - y))
        self.track_r = min(w / 19, 19 * s)
        # the circles (and the ring round this round's) start under the "Rounds" caption
        caption = theme.font(max(10, round(13 * s)), "sans-bold").get_linesize()
        self.track_centers = [(x + w * (i + 0.5) / 8, self.track.y + caption + self.track_r * 1.2)
                              for i in range(8)]
        bh2 = max(round(34 * s), 27)  # room for a label in two lines
        bw2 = round(min(118 * s, (w - round(16 * s)) / 3))  # three buttons may share the row
        self.confirm_button = pygame.Rect(self.prompt.right - bw2, self.prompt.bottom - bh2 - 2, bw2, bh2)
        self.undo_button = pygame.Rect(self.confirm_button.x - bw2 - round(8 * s), self.confirm_button.y, bw2, bh2)
        self.menu_button = pygame.Rect(self.header.right - round(36 * s), self.header.y + round(2 * s),
                                       round(36 * s), round(30 * s))
        self.sight_button = pygame.Rect(self.menu_button.x - round(40 * s), self.menu_button.y,
                                        round(36 * s), round(30 * s))
        self.small_w = max(16, round(min(self.hand_inv.w / 5.2, 36 * s)))
        self.small_h = round(self.small_w * 1.4)
        self.pawn_r = R * 0.7

    # ------------------------------------------------------------- board
    def hex_center(self, col: float, row: float) -> tuple[float, float]:
        R = self.R
        return (self.ox + R + 1.5 * R * col, self.oy + SQ3 / 2 * R * (row + 1))

    def center(self, pos: int) -> tuple[float, float]:
        """Pixel centre of a position (a cell, an exit)."""
        return self.hex_center(*self.xy(pos))

    def hex_points(self, cx: float, cy: float, r: float | None = None) -> list[tuple[float, float]]:
        r = self.R if r is None else r
        return [(cx + r * math.cos(math.pi / 3 * k), cy + r * math.sin(math.pi / 3 * k)) for k in range(6)]

    def pos_at(self, pos: tuple[int, int]) -> int | None:
        """The position under the pixel ``pos`` (``None`` off the board)."""
        if not self.board.collidepoint(pos):
            return None
        best, bd = None, self.R * 0.92
        for p in range(self.N_POS):
            x, y = self.center(p)
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d < bd:
                best, bd = p, d
        return best

    def card_at(self, pos: tuple[int, int]) -> int | None:
        for k, r in enumerate(self.row_rects):
            if r.collidepoint(pos):
                return k
        return None

    # --------------------------------------------------------- hand slots
    def slot_rect(self, slot: tuple[str, int]) -> pygame.Rect:
        """``("row", k)``, ``("alibideck", 0)``, ``("chardeck", 0)``, ``("identity", 0)``,
        ``("investigator", k)`` or ``("jack", k)``."""
        hand, k = slot
        s = self.scale
        if hand == "row":
            return self.row_rects[k]
        if hand == "alibideck":
            return self.deck_rect
        if hand == "chardeck":
            return self.chardeck_rect
        if hand == "witness":
            return self.witness_rect
        sw, sh = self.small_w, self.small_h
        if hand == "identity":
            r = self.hand_jack
            return pygame.Rect(r.x + round(10 * s), r.y + round(32 * s), round(sw * 1.3), round(sh * 1.3))
        gap = max(3, round(4 * s))
        if hand == "jack":
            r = self.hand_jack
            per = max(1, (r.w - round(20 * s)) // (sw + gap))
            row, col = divmod(k, per)
            return pygame.Rect(r.x + round(10 * s) + col * (sw + gap), r.bottom - sh - round(8 * s) - row * 6, sw, sh)
        r = self.hand_inv
        per = max(1, (r.w - round(20 * s)) // (sw + gap))
        row, col = divmod(k, per)
        return pygame.Rect(r.x + round(10 * s) + col * (sw + gap), r.bottom - sh - round(8 * s) - row * 6, sw, sh)


# ======================================================================== model
@dataclass
class PawnVis:
    char: int
    col: float
    row: float
    suspect: bool = True
    flip: float = 0.0         # 0..1 turning over; the side swaps at 0.5
    lift: float = 0.0         # raised while walking
    alpha: float = 1.0
    scale: float = 1.0


@dataclass
class FlyingCard:
    card: int                  # character index or HIDDEN
    src: tuple[str, int]
    dst: tuple[str, int]
    kind: str = "alibi"        # "alibi" (red back) or "character" (green back)
    t: float = 0.0
    face_up: bool = False
    turn: float = 0.0


# ========================================================================== art
class HexArt:
    """Sprites for one hex radius; rebuilt when the window is resized.  ``LOOK`` is the game's :class:`Look`."""

    SUPER = 3
    LOOK: Look

    def __init__(self, R: float) -> None:
        self.R = R
        self._cache: dict[tuple, pygame.Surface] = {}

    def _get(self, key: tuple, make) -> pygame.Surface:  # type: ignore[no-untyped-def]
        surf = self._cache.get(key)
        if surf is None:
            surf = make()
            self._cache[key] = surf
        return surf

    def pawn(self, char: int, radius: float, suspect: bool = True) -> pygame.Surface:
        r = max(4, round(radius))
        return self._get(("pawn", char, r, suspect), lambda: render_pawn(self.LOOK, char, r, suspect, self.SUPER))

    def portrait(self, char: int, size: int, cleared: bool = False) -> pygame.Surface:
        return self._get(("portrait", char, size, cleared), lambda: render_emblem(self.LOOK, char, size, cleared))

    def card(self, char: int, w: int, h: int, kind: str = "character") -> pygame.Surface:
        return self._get(("card", char, w, h, kind), lambda: render_card(self.LOOK, char, w, h, kind))

    def witness(self, seen: bool, w: int, h: int) -> pygame.Surface:
        return self._get(("witness", seen, w, h), lambda: render_witness(self.LOOK, seen, w, h))

    def hex_fill(self, radius: float, colour: tuple[int, int, int], alpha: int) -> pygame.Surface:
        r = max(4, round(radius))
        return self._get(("hex", r, colour, alpha), lambda: render_hex(r, colour, alpha))

    def round_slot(self, label: str, radius: float, state: str) -> pygame.Surface:
        r = max(4, round(radius))
        return self._get(("round", label, r, state), lambda: render_round_slot(label, r, state))


def render_hex(r: int, colour: tuple[int, int, int], alpha: int) -> pygame.Surface:
    ss = 2
    surf = pygame.Surface((2 * r * ss + 2, 2 * r * ss + 2), pygame.SRCALPHA)
    pygame.draw.polygon(surf, (*colour, alpha), hexagon(r * ss + 1, r * ss + 1, r * ss))
    return pygame.transform.smoothscale(surf, (2 * r + 1, 2 * r + 1))


# ------------------------------------------------------------------ sprites
def render_pawn(look: Look, char: int, radius: int, suspect: bool, ss: int) -> pygame.Surface:
    """A pawn from above: a wooden disc in the character's colour, a portrait, a brass rim."""
    crgb = look.rgb[char]
    R = radius * ss
    size = int(R * 2.35)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    cx = cy = size / 2
    rgb = crgb if suspect else theme.mix(crgb, (70, 70, 76), 0.72)
    pygame.draw.circle(surf, (0, 0, 0, 130), (cx + R * 0.07, cy + R * 0.13), R * 1.02)
    pygame.draw.circle(surf, theme.shade(rgb, 0.45), (cx, cy), R)
    pygame.draw.circle(surf, rgb, (cx, cy), R * 0.93)
    pygame.draw.circle(surf, theme.shade(rgb, 1.18), (cx - R * 0.16, cy - R * 0.2), R * 0.62)
    pygame.draw.circle(surf, rgb, (cx - R * 0.05, cy - R * 0.06), R * 0.66)
    # the portrait on a pale field
    field_r = R * 0.72
    bg = theme.mix(rgb, (244, 236, 214), 0.78) if suspect else (150, 150, 154)
    ink = theme.shade(rgb, 0.35) if theme.luminance(rgb) > 0.25 else (24, 22, 26)
    if not suspect:
        ink = (78, 78, 84)
    portrait = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(portrait, bg, (cx, cy), field_r)
    look.portrait(portrait, char, cx, cy + R * 0.02, field_r, ink, bg)
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (cx, cy), field_r)
    portrait.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(portrait, (0, 0))
    pygame.draw.circle(surf, theme.BRASS if suspect else (120, 116, 108), (cx, cy), field_r, max(2, int(R * 0.06)))
    pygame.draw.circle(surf, theme.PARCHMENT if suspect else (150, 146, 140), (cx, cy), R * 0.985,
                       max(1, int(R * 0.04)))
    # the two-letter mark on a plate across the pawn's foot, readable without colour
    plate = pygame.Rect(0, 0, round(R * 1.2), round(R * 0.62))
    plate.center = (round(cx), round(cy + R * 0.7))
    pygame.draw.rect(surf, (14, 14, 16), plate.inflate(round(R * 0.1), round(R * 0.1)), border_radius=plate.h)
    pygame.draw.rect(surf, rgb, plate, border_radius=plate.h)
    mark = look.mark(char)
    fs = theme.fit_size(mark, int(R * 0.6), int(R * 1.05), "sans-bold")
    img = theme.font(fs, "sans-bold").render(mark, True, theme.contrast_text(rgb))
    surf.blit(img, img.get_rect(center=(plate.centerx, plate.centery + R * 0.02)))
    if not suspect:  # the innocent side: a diagonal band across the portrait
        band = pygame.Surface((size, size), pygame.SRCALPHA)
        w = R * 0.26
        pygame.draw.polygon(band, (232, 226, 210, 200), [
            (cx - R * 0.75, cy + R * 0.5 - w), (cx + R * 0.5 - w, cy - R * 0.75),
            (cx + R * 0.5 + w * 0.6, cy - R * 0.62), (cx - R * 0.62, cy + R * 0.5 + w * 0.6)])
        surf.blit(band, (0, 0))
    out = pygame.transform.smoothscale(surf, (size // ss, size // ss))
    return out


def render_emblem(look: Look, char: int, size: int, cleared: bool) -> pygame.Surface:
    """A round portrait in the character's colour (crossed out once cleared)."""
    ss = 3
    D = size * ss
    surf = pygame.Surface((D, D), pygame.SRCALPHA)
    R = D / 2
    rgb = look.rgb[char] if not cleared else theme.mix(look.rgb[char], (60, 60, 64), 0.7)
    pygame.draw.circle(surf, theme.BRASS if not cleared else (70, 66, 60), (R, R), R)
    pygame.draw.circle(surf, rgb, (R, R), R * 0.86)
    bg = theme.mix(rgb, (244, 236, 214), 0.75) if not cleared else (110, 110, 112)
    ink = theme.shade(rgb, 0.35) if theme.luminance(rgb) > 0.25 else (24, 22, 26)
    inner = pygame.Surface((D, D), pygame.SRCALPHA)
    pygame.draw.circle(inner, bg, (R, R), R * 0.7)
    look.portrait(inner, char, R, R, R * 0.7, ink if not cleared else (70, 70, 74), bg)
    mask = pygame.Surface((D, D), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (R, R), R * 0.7)
    inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(inner, (0, 0))
    if cleared:
        w = max(2, int(R * 0.16))
        pygame.draw.line(surf, (200, 70, 64), (R * 0.45, R * 0.45), (R * 1.55, R * 1.55), w)
        pygame.draw.line(surf, (200, 70, 64), (R * 1.55, R * 0.45), (R * 0.45, R * 1.55), w)
    return pygame.transform.smoothscale(surf, (size, size))


def render_card(look: Look, char: int, w: int, h: int, kind: str) -> pygame.Surface:
    """A character card (green back) or an alibi card (red back); ``char`` HIDDEN is the back."""
    ss = 3
    W, H = w * ss, h * ss
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    rad = int(W * 0.09)
    if char == HIDDEN:
        base = look.card_back if kind == "character" else look.alibi_back
        pygame.draw.rect(surf, base, (0, 0, W, H), border_radius=rad)
        pygame.draw.rect(surf, theme.BRASS, (0, 0, W, H), max(2, ss * 2), border_radius=rad)
        inner = pygame.Rect(W * 0.12, H * 0.09, W * 0.76, H * 0.82)
        pygame.draw.rect(surf, theme.BRASS_DARK, inner, max(1, ss), border_radius=int(rad * 0.6))
        for i in range(-6, 12):
            x = inner.x + i * W * 0.12
            pygame.draw.line(surf, theme.shade(base, 1.25), (x, inner.y), (x + inner.h * 0.6, inner.bottom), ss)
        pygame.draw.rect(surf, base, inner.inflate(-W * 0.3, -H * 0.5), border_radius=int(rad * 0.6))
        if kind == "character":
            theme.magnifier(surf, (W / 2, H / 2), W * 0.34, theme.BRASS_LIGHT)
        else:
            theme.blit_text(surf, "?", int(W * 0.42), theme.BRASS_LIGHT, (W / 2, H / 2), "center", "serif-bold")
        return pygame.transform.smoothscale(surf, (w, h))
    crgb = look.rgb[char]
    paper = theme.PARCHMENT if kind == "character" else (240, 228, 222)
    pygame.draw.rect(surf, paper, (0, 0, W, H), border_radius=rad)
    band = pygame.Rect(0, 0, W, int(H * 0.6))
    pygame.draw.rect(surf, crgb, band, border_top_left_radius=rad, border_top_right_radius=rad)
    R = W * 0.36
    cx, cy = W / 2, H * 0.31
    bg = theme.mix(crgb, (244, 236, 214), 0.7)
    ink = theme.shade(crgb, 0.35) if theme.luminance(crgb) > 0.25 else (24, 22, 26)
    por = pygame.Surface((W, H), pygame.SRCALPHA)
    pygame.draw.circle(por, bg, (cx, cy), R)
    look.portrait(por, char, cx, cy, R, ink, bg)
    mask = pygame.Surface((W, H), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (cx, cy), R)
    por.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(por, (0, 0))
    pygame.draw.circle(surf, theme.BRASS, (cx, cy), R, max(2, ss * 2))
    # the short name
    nm = look.short(char)
    fs = theme.fit_size(nm, int(H * 0.12), int(W * 0.9), "serif-bold")
    theme.blit_text(surf, nm, fs, theme.INK, (W / 2, H * 0.62), "midtop", "serif-bold")
    if kind == "character":
        # moves (silver) and power (gold) discs, as on the printed cards
        y = H * 0.86
        r = W * 0.13
        pygame.draw.circle(surf, (170, 172, 178), (W * 0.3, y), r)
        pygame.draw.circle(surf, (90, 92, 98), (W * 0.3, y), r, ss)
        theme.blit_text(surf, f"1-{look.moves[char]}", int(r * 0.95), theme.INK, (W * 0.3, y), "center", "sans-bold")
        pygame.draw.circle(surf, theme.BRASS_LIGHT, (W * 0.7, y), r)
        pygame.draw.circle(surf, theme.BRASS_DARK, (W * 0.7, y), r, ss)
        look.power_icon(surf, char, (W * 0.7, y), r * 0.75, theme.INK)
    else:
        theme.blit_text(surf, _("Alibi"), int(H * 0.085), (120, 40, 40), (W / 2, H * 0.82), "midtop", "sans-bold")
    pygame.draw.rect(surf, theme.BRASS_DARK, (0, 0, W, H), max(2, ss * 2), border_radius=rad)
    return pygame.transform.smoothscale(surf, (w, h))


def render_witness(look: Look, seen: bool, w: int, h: int) -> pygame.Surface:
    """The witness card: a lit street lamp and an open eye, or a dark lamp and a closed eye."""
    ss = 3
    W, H = w * ss, h * ss
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    rad = int(W * 0.09)
    base = (226, 196, 120) if seen else (38, 40, 58)
    pygame.draw.rect(surf, base, (0, 0, W, H), border_radius=rad)
    if seen:
        g = theme.glow(int(W * 0.5), (90, 70, 20))
        surf.blit(g, g.get_rect(center=(W / 2, H * 0.4)), special_flags=pygame.BLEND_RGB_ADD)
    ink = theme.INK if seen else (200, 204, 220)
    cx, cy = W / 2, H * 0.42
    ew, eh = W * 0.62, H * 0.22
    eye = pygame.Rect(0, 0, ew, eh)
    eye.center = (cx, cy)
    if seen:
        pygame.draw.ellipse(surf, (250, 246, 232), eye)
        pygame.draw.ellipse(surf, ink, eye, max(2, ss * 2))
        pygame.draw.circle(surf, (60, 90, 140), (cx, cy), eh * 0.42)
        pygame.draw.circle(surf, ink, (cx, cy), eh * 0.2)
    else:
        pygame.draw.arc(surf, ink, eye.move(0, -eh * 0.25), math.pi + 0.25, 2 * math.pi - 0.25, max(2, ss * 2))
        for k in (-0.3, 0, 0.3):
            x = cx + k * ew
            pygame.draw.line(surf, ink, (x, cy + eh * 0.18), (x + k * ew * 0.2, cy + eh * 0.45), max(2, ss))
    label = look.witness_side(seen)
    fs = theme.fit_size(label, int(H * 0.1), int(W * 0.9), "sans-bold")
    theme.blit_text(surf, label, fs, ink, (W / 2, H * 0.72), "midtop", "sans-bold")
    pygame.draw.rect(surf, theme.BRASS_DARK, (0, 0, W, H), max(2, ss * 2), border_radius=rad)
    return pygame.transform.smoothscale(surf, (w, h))


def render_round_slot(label: str, r: int, state: str) -> pygame.Surface:
    """A round on the track: ``state`` is ``past``, ``now`` or ``future``."""
    surf, R, c = token_canvas(r, 2.3, (0.06, 0.1, 120))
    rim = theme.BRASS if state != "past" else (90, 84, 72)
    fill = (44, 40, 36) if state != "past" else (26, 26, 30)
    pygame.draw.circle(surf, theme.shade(rim, 0.6), (c, c), R)
    pygame.draw.circle(surf, rim, (c, c), R * 0.93)
    pygame.draw.circle(surf, fill, (c, c), R * 0.8)
    col = theme.BRASS_LIGHT if state != "past" else (110, 104, 92)
    theme.blit_text(surf, label, int(R * 1.0), col, (c, c + R * 0.03), "center", "serif-bold")
    return finish(surf)


# ======================================================================== view
@dataclass
class Highlights:
    """What the player's current choice lights up (positions as the game's layout numbers them)."""

    cards: set[int] = field(default_factory=set)           # characters whose card may be played
    selected_card: int | None = None
    cells: set[int] = field(default_factory=set)           # positions to click
    pawns: set[int] = field(default_factory=set)           # characters to click
    chosen: list[int] = field(default_factory=list)        # positions already picked
    chosen_pawn: int | None = None
    arrows: tuple[int, list[int]] | None = None            # London: (Watson's cell, directions)
    preview: list = field(default_factory=list)            # the pending actions
    preview_state: Any = None                              # the state they start from
    focus: tuple | None = None
    jack_char: int | None = None                           # Jack's own pawn (his screen)
    show_sight: bool = False
    recent: list[int] = field(default_factory=list)        # positions the last move changed
    mode_colour: tuple[int, int, int] = (120, 205, 255)
    light: int = 0                                         # cells in light (bitmask): on targets, and all with L
    after: dict[int, int] | None = None                    # L on a pending move: where each character would be
    after_seen: int = 0                                    # ... and who would be seen there (bitmask)
    note: str = ""                                         # a caption over the board (the preview's)


_BOARDS: dict[tuple, pygame.Surface] = {}


class HexBoardView:
    """Draws a game's model into its layout (static layers cached).

    A game's view sets ``LAYOUT`` and ``ART`` (its :class:`HexLayout` and
    :class:`HexArt` classes), draws its printed board in :meth:`render_board`
    and the rest of the board itself; the model is duck-typed (``pawns``,
    ``row``, ``played``, ``active``, ``witness``, the hands, the transient
    animation fields...).
    """

    LAYOUT: type[HexLayout] = HexLayout
    ART: type[HexArt] = HexArt

    def __init__(self) -> None:
        self.layout: Any = None
        self.art: Any = None
        self._static: pygame.Surface | None = None
        self._board: pygame.Surface | None = None
        self._lang = ""
        self.drop_caches()

    def drop_caches(self) -> None:
        """Forget the game's own cached layers (the window size changed)."""
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None

    def render_board(self, L: Any) -> pygame.Surface:
        """The printed board for layout ``L``, the size of ``L.board``."""
        raise NotImplementedError

    # ------------------------------------------------- what rests on the board
    def layer_key(self, model: Any) -> tuple:
        """What of ``model`` rests on the board (its tokens at rest): the board layer is redrawn when it changes."""
        raise NotImplementedError

    def draw_layer(self, layer: pygame.Surface, key: tuple) -> None:
        """Draw what rests on the board (``key``, from :meth:`layer_key`) onto a copy of the printed board."""
        raise NotImplementedError

    def _board_layer(self, model: Any) -> pygame.Surface:
        """The printed board with what rests on it: rebuilt only when that changes."""
        key = self.layer_key(model)
        if self._layer is not None and self._layer_key == key:
            return self._layer
        if self._board is None:
            self.static_layer()
        assert self._board is not None
        layer = self._board.copy()
        self.draw_layer(layer, key)
        self._layer = layer.convert() if pygame.display.get_surface() else layer
        self._layer_key = key
        return self._layer

    def blit_on_layer(self, layer: pygame.Surface, img: pygame.Surface, xy: tuple[float, float],
                      flags: int = 0) -> None:
        """``img`` centred on the window point ``xy``, onto the board layer (which starts at the board's corner)."""
        bx, by = self.layout.board.topleft
        layer.blit(img, img.get_rect(center=(round(xy[0] - bx), round(xy[1] - by))), special_flags=flags)

    def resize(self, size: tuple[int, int]) -> Any:
        from ..i18n import current_language

        lang = current_language()
        if self.layout is None or self.layout.size != tuple(size):
            self.layout = self.LAYOUT(size)
            self._static = self._board = None
            self.drop_caches()
            self.art = None
        if self.art is None or self._lang != lang:
            if self._lang and self._lang != lang:
                self._static = self._board = None  # a board may carry words
                self.drop_caches()
            self.art = self.ART(self.layout.R)
            self._lang = lang
        return self.layout

    # ------------------------------------------------------------- static
    def static_layer(self) -> pygame.Surface:
        """Background, the printed board and the panel frames: drawn once per size."""
        if self._static is not None:
            return self._static
        L = self.layout
        assert L is not None
        surf = theme.night_backdrop(L.size).copy()
        b = L.board
        shadow = b.inflate(round(L.R * 0.3), round(L.R * 0.3))
        pygame.draw.rect(surf, (6, 6, 8), shadow.move(0, round(L.R * 0.12)), border_radius=round(L.R * 0.25))
        pygame.draw.rect(surf, (40, 36, 32), shadow, border_radius=round(L.R * 0.25))
        pygame.draw.rect(surf, theme.BRASS_DARK, shadow, max(2, round(L.R * 0.05)), border_radius=round(L.R * 0.25))
        key = (type(self).__name__, L.size, self._lang)
        self._board = _BOARDS.get(key)
        if self._board is None:  # the printed board is the same for every game of this size and language
            self._board = _BOARDS[key] = self.render_board(L)
            while len(_BOARDS) > 6:
                del _BOARDS[next(iter(_BOARDS))]
        surf.blit(self._board, b)
        theme.rounded_panel(surf, L.strip, fill=(20, 21, 27), edge=(66, 58, 44), radius=round(10 * L.scale),
                            width=1, alpha=235)
        theme.rounded_panel(surf, L.panel, radius=round(14 * L.scale))
        for r in (L.hand_inv, L.hand_jack, L.log):
            theme.rounded_panel(surf, r, fill=(20, 21, 27), edge=(66, 58, 44), radius=round(8 * L.scale),
                                width=1, alpha=255)
        pygame.draw.line(surf, (70, 62, 48), (L.header.x, L.header.bottom), (L.header.right, L.header.bottom))
        self._static = surf.convert() if pygame.display.get_surface() else surf
        return self._static

    # ------------------------------------------------------------- board
    def draw_board(self, surface: pygame.Surface, model: Any, hl: Highlights, clock: float) -> None:
        """The board with what rests on it, what moves, the targets' marks, the pawns and what the game draws
        under and over them."""
        assert self.layout is not None and self.art is not None
        surface.blit(self._board_layer(model), self.layout.board.topleft)
        self.draw_moving(surface, model)
        self._draw_marks(surface, model, hl, clock)
        self.draw_under_pawns(surface, model, clock)
        self._draw_pawns(surface, model, hl, clock)
        self.draw_over_pawns(surface, model, hl, clock)

    def draw_moving(self, surface: pygame.Surface, model: Any) -> None:
        """The game's tokens not at rest (on the move, turning, fading), over the board layer."""

    def draw_under_pawns(self, surface: pygame.Surface, model: Any, clock: float) -> None:
        """What the game draws between the targets' marks and the pawns."""

    def draw_over_pawns(self, surface: pygame.Surface, model: Any, hl: Highlights, clock: float) -> None:
        """What the game draws over the pawns (its power's marks, the preview)."""

    def _draw_marks(self, surface: pygame.Surface, model: Any, hl: Highlights, clock: float) -> None:
        L, art = self.layout, self.art
        assert L is not None and art is not None
        R = L.R
        pul = 0.5 + 0.5 * math.sin(clock * 5)
        for p in hl.recent:
            x, y = L.center(p)
            dashed_hex(surface, theme.BRASS_LIGHT, (x, y), R * 0.9, max(2, round(R * 0.06)))
        col = theme.mix(hl.mode_colour, (255, 255, 255), pul * 0.35)
        for p in hl.cells:
            if p in hl.chosen:
                continue
            x, y = L.center(p)
            img = art.hex_fill(R * 0.94, hl.mode_colour, 60)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
            pygame.draw.aalines(surface, col, True, hexagon(x, y, R * 0.9))
            pygame.draw.polygon(surface, col, hexagon(x, y, R * 0.9), max(2, round(R * 0.06)))
        if hl.show_sight and hl.light:
            for p in range(L.N_CELLS):
                if hl.light >> p & 1:
                    x, y = L.center(p)
                    dashed_hex(surface, theme.GASLIGHT, (x, y), R * 0.8, max(1, round(R * 0.05)))
        if hl.cells and (hl.light or hl.show_sight):
            for p in hl.cells:
                if p < L.N_CELLS and p not in hl.chosen:
                    x, y = L.center(p)
                    light_sign(surface, (x, y - R * 0.5), R * 0.2, bool(hl.light >> p & 1))
        for p in hl.chosen:
            x, y = L.center(p)
            pygame.draw.polygon(surface, (255, 255, 255), hexagon(x, y, R * 0.92), max(3, round(R * 0.09)))
        if hl.focus and hl.focus[0] == "pos":
            x, y = L.center(hl.focus[1])
            pygame.draw.polygon(surface, (255, 255, 255), hexagon(x, y, R * 1.02), 2)

    def pawn_center(self, model: Any, c: int) -> tuple[float, float]:
        L = self.layout
        assert L is not None
        p = model.pawns[c]
        x, y = L.hex_center(p.col, p.row)
        # an accuser stands beside the accused on the same cell
        for q in model.pawns:
            if q.char != c and q.alpha > 0 and abs(q.col - p.col) < 0.05 and abs(q.row - p.row) < 0.05:
                x += (-1 if c == model.active else 1) * L.R * 0.32
        return (x, y - p.lift * L.R * 0.35)

    def pawn_at(self, model: Any, pos: tuple[int, int]) -> int | None:
        L = self.layout
        assert L is not None
        best, bd = None, L.pawn_r * 1.05
        for c in range(8):
            if model.pawns[c].alpha <= 0:
                continue
            x, y = self.pawn_center(model, c)
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d < bd:
                best, bd = c, d
        return best

    def _draw_pawns(self, surface: pygame.Surface, model: Any, hl: Highlights, clock: float) -> None:
        L, art = self.layout, self.art
        assert L is not None and art is not None
        R = L.R
        pr = L.pawn_r
        pul = 0.5 + 0.5 * math.sin(clock * 5)
        order = sorted(range(8), key=lambda c: (c == model.moving, model.pawns[c].lift, model.pawns[c].row))
        show_eyes = (hl.show_sight or model.sight_alpha > 0) and model.phase != "over" and hl.after is None
        for c in order:
            p = model.pawns[c]
            if p.alpha <= 0:
                continue
            x, y = self.pawn_center(model, c)
            face = p.suspect if p.flip < 0.5 else not p.suspect
            img = art.pawn(c, pr * p.scale * (1 + 0.12 * p.lift), face)
            if p.flip > 0:
                k = abs(math.cos(math.pi * p.flip))
                img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)), img.get_height()))
            if p.alpha < 1:
                img = img.copy()
                img.set_alpha(round(255 * p.alpha))
            if c == model.active and model.phase != "over":
                g = theme.glow(round(pr * 1.7), theme.mix((0, 0, 0), (90, 80, 40), 0.6 + 0.4 * pul))
                surface.blit(g, g.get_rect(center=(round(x), round(y))), special_flags=pygame.BLEND_RGB_ADD)
            if p.lift > 0:
                sh = art.hex_fill(pr * 0.9, (0, 0, 0), 90)
                surface.blit(sh, sh.get_rect(center=(round(x + R * 0.1), round(y + p.lift * R * 0.35 + R * 0.12))))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
            if c == model.active and model.phase != "over":
                theme.aa_circle(surface, theme.GASLIGHT, (x, y), pr * 1.08, 2)
            if hl.jack_char == c:
                theme.aa_circle(surface, theme.JACK_RED, (x, y), pr * 1.14, max(2, round(R * 0.07)))
                tag = theme.text(_("You"), max(9, round(R * 0.3)), theme.PARCHMENT, "sans-bold")
                box = tag.get_rect(midbottom=(round(x), round(y - pr * 0.95))).inflate(8, 2)
                pygame.draw.rect(surface, theme.JACK_RED, box, border_radius=box.h // 2)
                surface.blit(tag, tag.get_rect(center=box.center))
            if c in hl.pawns:
                col = theme.mix(hl.mode_colour, (255, 255, 255), pul * 0.4)
                theme.aa_circle(surface, col, (x, y), pr * (1.12 + 0.04 * pul), max(2, round(R * 0.07)))
            if hl.chosen_pawn == c:
                theme.aa_circle(surface, (255, 255, 255), (x, y), pr * 1.16, max(3, round(R * 0.09)))
            if hl.focus == ("pawn", c):
                theme.aa_circle(surface, (255, 255, 255), (x, y), pr * 1.28, 2)
            if show_eyes and p.lift == 0 and p.alpha >= 1:
                seen = bool(model.visible >> c & 1)
                a = 1.0 if hl.show_sight else model.sight_alpha
                eye(surface, (x - pr * 0.72, y - pr * 0.72), R * 0.24, seen, a)

    def draw_after(self, surface: pygame.Surface, model: Any, hl: Highlights) -> None:
        """L on a pending move: an eye on each character where he would stand, and the caption."""
        L = self.layout
        assert L is not None
        if hl.after is not None and model.phase != "over":
            pr, R = L.pawn_r, L.R
            for c, pos in hl.after.items():
                if pos < L.N_CELLS:
                    x, y = L.center(pos)
                    eye(surface, (x - pr * 0.72, y - pr * 0.72), R * 0.24, bool(hl.after_seen >> c & 1), 1.0)
        if hl.note:
            draw_note(surface, hl.note, L.board, max(11, round(L.R * 0.36)))

    def draw_strip(self, surface: pygame.Surface, model: Any, hl: Highlights, clock: float) -> None:
        """The round's character cards, the witness card and the alibi deck."""
        L, art = self.layout, self.art
        assert L is not None and art is not None
        s = L.scale
        pul = 0.5 + 0.5 * math.sin(clock * 5)
        small = max(9, round(11 * s))
        if not model.row and not any(f.dst[0] == "row" for f in model.flying):
            msg = _("The character cards are dealt at the start of each odd round.")
            r = L.cards_area
            for i, line in enumerate(theme.wrap(msg, max(10, round(13 * s)), r.w - 20)):
                theme.blit_text(surface, line, max(10, round(13 * s)), theme.TEXT_FAINT,
                                (r.centerx, r.centery - 10 * s + i * 17 * s), "center")
        flying_slots = {f.dst[1] for f in model.flying if f.dst[0] == "row"}
        for k, c in enumerate(model.row):
            if k in flying_slots:
                continue
            r = L.row_rects[k]
            played = c in model.played
            lift = model.card_lift[c]
            rr = r.move(0, -round(lift * 8 * s))
            alpha = model.row_alpha[k]
            if played and c != model.active:
                img = art.card(c, r.w, r.h).copy()
                img.fill((120, 120, 120, 255), special_flags=pygame.BLEND_RGBA_MULT)
                img.set_alpha(round(200 * alpha))
                surface.blit(img, rr)
                idx = model.played.index(c)
                side = ORDER[model.round & 1][idx].value
                pygame.draw.rect(surface, theme.side_colour(side), rr, 2, border_radius=max(3, r.w // 10))
                theme.blit_text(surface, _("played"), small, theme.TEXT_FAINT, (rr.centerx, rr.bottom + 2), "midtop")
                continue
            img = art.card(c, r.w, r.h)
            if alpha < 1:
                img = img.copy()
                img.set_alpha(round(255 * alpha))
            surface.blit(img, rr)
            if c == model.active:
                pygame.draw.rect(surface, theme.GASLIGHT, rr.inflate(4, 4), 3, border_radius=max(3, r.w // 9))
            elif c == hl.selected_card:
                pygame.draw.rect(surface, theme.SELECT, rr.inflate(6, 6), 3, border_radius=max(3, r.w // 9))
            elif c in hl.cards:
                pygame.draw.rect(surface, theme.mix(theme.HIGHLIGHT, (255, 255, 255), pul * 0.4), rr.inflate(6, 6),
                                 2, border_radius=max(3, r.w // 9))
            if hl.focus == ("card", c):
                pygame.draw.rect(surface, (255, 255, 255), rr.inflate(10, 10), 2, border_radius=max(3, r.w // 8))
            if c in hl.cards and hl.selected_card is None:
                theme.blit_text(surface, f"[{k + 1}]", small, theme.TEXT_DIM, (rr.centerx, rr.bottom + 2), "midtop")
        # the witness card
        r = L.witness_rect
        k = abs(math.cos(math.pi * model.witness_flip))
        face = model.witness if model.witness_flip < 0.5 else not model.witness
        img = art.witness(face, r.w, r.h)
        if model.witness_flip > 0:
            img = pygame.transform.smoothscale(img, (max(1, round(r.w * k)), r.h))
        surface.blit(img, img.get_rect(center=r.center))
        theme.blit_text(surface, _("Witness"), small, theme.TEXT_DIM, (r.centerx, r.bottom + 2), "midtop")
        # the alibi deck
        r = L.deck_rect
        if model.deck > 0:
            back = art.card(HIDDEN, r.w, r.h, "alibi")
            n = min(model.deck, 3)
            for i in range(n):
                off = (n - 1 - i) * 2
                surface.blit(back, (r.x + off, r.y - off))
            label = theme.text(str(model.deck), max(9, round(12 * s)), theme.INK, "sans-bold")
            badge = label.get_rect(center=(r.right, r.bottom)).inflate(8, 2)
            pygame.draw.rect(surface, theme.BRASS_LIGHT, badge, border_radius=badge.h // 2)
            surface.blit(label, label.get_rect(center=badge.center))
        else:
            pygame.draw.rect(surface, (60, 54, 44), r, 1, border_radius=max(2, r.w // 10))
        theme.blit_text(surface, _("Alibi cards"), theme.fit_size(_("Alibi cards"), small, r.w + 24), theme.TEXT_DIM,
                        (r.centerx, r.bottom + 2), "midtop")

    # ------------------------------------------------------------- panel
    def draw_track(self, surface: pygame.Surface, model: Any) -> None:
        """Rounds 1-8 and who takes the cards in each (:meth:`track_mark` adds a game's own marks)."""
        L, art = self.layout, self.art
        assert L is not None and art is not None
        s = L.scale
        theme.blit_text(surface, _("Rounds"), max(10, round(13 * s)), theme.TEXT_DIM, (L.track.x, L.track.y),
                        "topleft", "sans-bold")
        r = L.track_r
        for i, (cx, cy) in enumerate(L.track_centers):
            n = i + 1
            state = "past" if n < model.round or (model.outcome is not None and n <= model.round) else \
                ("now" if n == model.round else "future")
            img = art.round_slot(str(n), r, state)
            surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
            if state == "now":
                theme.aa_circle(surface, theme.GASLIGHT, (cx, cy), r * 1.2, 2)
            # who plays the four cards: four dots in the sides' colours
            order = ORDER[n & 1]
            for k, side in enumerate(order):
                dx = (k - 1.5) * r * 0.45
                col = theme.side_colour(side.value)
                if state == "past":
                    col = theme.shade(col, 0.45)
                pygame.draw.circle(surface, col, (cx + dx, cy + r * 1.45), max(2, r * 0.16))
            self.track_mark(surface, n, state, (cx, cy), r)

    def track_mark(self, surface: pygame.Surface, n: int, state: str, c: tuple[float, float], r: float) -> None:
        """A game's mark on round ``n`` of the track (``state``: past, now, future)."""

    def draw_hands(self, surface: pygame.Surface, model: Any) -> None:
        """The two sides' boxes: suspects and drawn alibi cards; Jack's identity."""
        L, art = self.layout, self.art
        assert L is not None and art is not None
        s = L.scale
        hs = max(11, round(15 * s))
        small = max(9, round(12 * s))
        # ---- investigator
        r = L.hand_inv
        theme.blit_text(surface, _("Investigator"), hs, theme.INVESTIGATOR_BLUE, (r.x + 10 * s, r.y + 8 * s),
                        "topleft", "serif-bold")
        sus = model.suspects()
        theme.blit_text(surface, _("Suspects: {n}").format(n=len(sus)), small, theme.TEXT,
                        (r.x + 10 * s, r.y + 8 * s + hs + 4 * s), "topleft")
        em = max(12, min(round(24 * s), int((r.w - 20 * s) / 4.5)))
        for k in range(8):
            row, col = divmod(k, 4)
            x = r.x + 10 * s + col * (em + 4)
            y = r.y + 8 * s + hs + small + 12 * s + row * (em + 4)
            surface.blit(art.portrait(k, em, cleared=k not in sus), (round(x), round(y)))
        for k, card in enumerate(model.icards):
            rect = L.slot_rect(("investigator", k))
            surface.blit(art.card(card, rect.w, rect.h, "alibi"), rect)
        # ---- jack
        r = L.hand_jack
        theme.blit_text(surface, _("Jack"), hs, theme.JACK_RED, (r.x + 10 * s, r.y + 8 * s), "topleft", "serif-bold")
        idr = L.slot_rect(("identity", 0))
        if model.jack is not None and not any(f.dst[0] == "identity" for f in model.flying):
            card = model.jack if model.jack_known() else HIDDEN
            surface.blit(art.card(card, idr.w, idr.h, "alibi"), idr)
            tx = idr.right + 8 * s
            tw = int(r.right - tx - 6)
            limit = L.slot_rect(("jack", 0)).y - 2 if model.jcards else r.bottom - 4
            lines: list[tuple[str, int, tuple, str]] = []
            if model.jack_known():
                jc = art.LOOK.rgb[model.jack]
                lines.append((_("You are") if model.view == "jack" and model.outcome is None else _("Jack was"),
                              small, theme.TEXT_DIM, "sans"))
                lines.append((art.LOOK.short(model.jack), hs, jc if theme.luminance(jc) > 0.2 else theme.PARCHMENT,
                              "serif-bold"))
                if model.jack_seen is not None and model.outcome is None:
                    lines.append((_("Now: visible") if model.jack_seen else _("Now: not visible"), small,
                                  theme.GASLIGHT if model.jack_seen else theme.TEXT_DIM, "sans"))
            else:
                lines.append((_("Identity: secret"), small, theme.TEXT_DIM, "sans"))
            if model.jcards:
                lines.append((_("Alibis drawn: {n}").format(n=len(model.jcards)), small, theme.TEXT, "sans"))
            draw_fitted_lines(surface, lines, tx, idr.y, tw, limit, round(2 * s))
        for k, card in enumerate(model.jcards):
            rect = L.slot_rect(("jack", k))
            surface.blit(art.card(card, rect.w, rect.h, "alibi"), rect)

    def draw_flying(self, surface: pygame.Surface, model: Any) -> None:
        L, art = self.layout, self.art
        assert L is not None and art is not None
        for fc in model.flying:
            a = L.slot_rect(fc.src)
            b = L.slot_rect(fc.dst)
            t = fc.t
            x = a.centerx + (b.centerx - a.centerx) * t
            y = a.centery + (b.centery - a.centery) * t - math.sin(math.pi * t) * L.R * 1.2
            w = a.w + (b.w - a.w) * t
            h = a.h + (b.h - a.h) * t
            show = fc.card if (fc.face_up and fc.turn >= 0.5) else HIDDEN
            img = art.card(show, max(4, round(w)), max(4, round(h)), fc.kind)
            if 0 < fc.turn < 1:
                k = abs(math.cos(math.pi * fc.turn))
                img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)), img.get_height()))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def draw_banner(self, surface: pygame.Surface, model: Any) -> None:
        if model.banner_alpha <= 0 or not model.banner:
            return
        L = self.layout
        assert L is not None
        size = max(14, round(L.R * 0.6))
        lines = theme.wrap(model.banner, size, int(L.board.w * 0.8), "serif-bold")
        lh = theme.font(size, "serif-bold").get_linesize()
        w = max(theme.font(size, "serif-bold").size(li)[0] for li in lines) + 60
        h = lh * len(lines) + 30
        box = pygame.Rect(0, 0, w, h)
        box.center = L.board.center
        surf = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (10, 10, 14, 255), surf.get_rect(), border_radius=14)  # opaque over names
        pygame.draw.rect(surf, (*model.banner_colour, 255), surf.get_rect(), 3, border_radius=14)
        pygame.draw.rect(surf, (*theme.shade(model.banner_colour, 0.5), 255), surf.get_rect().inflate(-8, -8), 1,
                         border_radius=11)
        for i, li in enumerate(lines):
            theme.blit_text(surf, li, size, model.banner_colour, (w // 2, 15 + i * lh), "midtop", "serif-bold",
                            shadow=True)
        surf.set_alpha(int(255 * min(1.0, model.banner_alpha)))
        surface.blit(surf, box)


# ------------------------------------------------------------------ helpers
def lerp_angle(a: float, b: float, t: float) -> float:
    d = (b - a + math.pi) % (2 * math.pi) - math.pi
    return a + d * t


def eye(surface: pygame.Surface, c: tuple[float, float], r: float, seen: bool, alpha: float) -> None:
    """A small visibility badge: an open eye on a lamp-yellow disc, or a shut eye on the night."""
    x, y = c
    a = round(255 * max(0.0, min(1.0, alpha)))
    if a <= 0:
        return
    size = int(r * 2.6) + 2
    badge = pygame.Surface((size, size), pygame.SRCALPHA)
    m = size / 2
    fill = (255, 210, 110) if seen else (34, 38, 58)
    ink = (30, 26, 20) if seen else (190, 196, 220)
    pygame.draw.circle(badge, (10, 10, 12), (m, m), r * 1.2)
    pygame.draw.circle(badge, fill, (m, m), r * 1.08)
    er = pygame.Rect(0, 0, r * 1.5, r * 0.8)
    er.center = (round(m), round(m))
    if seen:
        pygame.draw.ellipse(badge, ink, er, max(1, round(r * 0.16)))
        pygame.draw.circle(badge, ink, (m, m), r * 0.24)
    else:
        pygame.draw.arc(badge, ink, er.move(0, -round(r * 0.2)), math.pi + 0.3, 2 * math.pi - 0.3,
                        max(1, round(r * 0.16)))
    badge.set_alpha(a)
    surface.blit(badge, badge.get_rect(center=(round(x), round(y))))


def light_sign(surface: pygame.Surface, c: tuple[float, float], r: float, lit: bool) -> None:
    """A small sun (the cell is in light) or a dark crescent moon (in the dark), readable without colour."""
    x, y = c
    theme.aa_circle(surface, (12, 12, 16), (x, y), r * 1.25)
    if lit:
        w = max(1, round(r * 0.22))
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.line(surface, theme.GASLIGHT, (x + math.cos(a) * r * 0.62, y + math.sin(a) * r * 0.62),
                             (x + math.cos(a) * r * 1.05, y + math.sin(a) * r * 1.05), w)
        theme.aa_circle(surface, theme.GASLIGHT, (x, y), r * 0.5)
    else:
        theme.aa_circle(surface, (170, 180, 210), (x, y), r * 0.8)
        theme.aa_circle(surface, (12, 12, 16), (x + r * 0.35, y - r * 0.2), r * 0.7)


def dashed_hex(surface: pygame.Surface, col, c: tuple[float, float], r: float, width: int) -> None:
    pts = hexagon(c[0], c[1], r)
    for k in range(6):
        a, b = pts[k], pts[(k + 1) % 6]
        for t0 in (0.0, 0.5):
            t1 = t0 + 0.3
            pygame.draw.line(surface, col, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                             (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)


def path_line(surface: pygame.Surface, col, pts: list[tuple[float, float]], width: int) -> None:
    for a, b in zip(pts, pts[1:], strict=False):
        pygame.draw.line(surface, col, a, b, width)
        theme.aa_circle(surface, col, a, width * 0.9)
    theme.aa_circle(surface, col, pts[-1], width * 1.3)


def arrow(surface: pygame.Surface, col, a: tuple[float, float], b: tuple[float, float], width: int,
          inset: float) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    nx, ny = -uy, ux
    bow = min(30.0, d * 0.1)
    p0 = (a[0] + ux * inset + nx * bow, a[1] + uy * inset + ny * bow)
    p1 = (b[0] - ux * inset + nx * bow, b[1] - uy * inset + ny * bow)
    pygame.draw.line(surface, col, p0, p1, width)
    h = width * 3
    pygame.draw.polygon(surface, col, [(p1[0] + ux * h, p1[1] + uy * h), (p1[0] - nx * h * 0.8, p1[1] - ny * h * 0.8),
                                       (p1[0] + nx * h * 0.8, p1[1] + ny * h * 0.8)])


__all__ = ["SQ3", "FlyingCard", "HexArt", "HexBoardView", "HexLayout", "Highlights", "Look", "PawnVis", "arrow",
           "cobbles", "dashed_hex", "eye", "hexagon", "lerp_angle", "path_line", "render_card", "render_emblem",
           "render_hex", "render_pawn", "render_round_slot", "render_witness"]
