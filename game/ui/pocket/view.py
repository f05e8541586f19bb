"""The Pocket board: layout maths, the drawn model, the cached art, and drawing.

Three parts, each usable alone:

- :class:`Layout` turns a window size into rectangles: the 3x3 grid, the
  lane of 12 detective positions around it, and the side panel (round
  track, action tokens, prompt, hands, log).  Hit tests live here too.
- :class:`BoardModel` is *what the player may see*, built from one side's
  observation (never from the full state) and then moved by tweens while a
  move animates.  It is the visible-information model that tests inspect.
- :class:`BoardView` draws a model.  Tiles, pawns, tokens and cards are
  rendered once per size (supersampled, so edges are smooth) and cached;
  the background and panel frames are one cached layer.  A frame is blits.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from ...engine.pocket.board import sight
from ...engine.pocket.data import DATA
from ...engine.pocket.state import HIDDEN, TOKENS, PocketState
from .. import texts, theme
from ..i18n import _
from ..marks import mark_function
from ..widgets import draw_fitted_lines, draw_note

IDS = DATA.ids
CHARS = DATA.characters
MARK = mark_function(texts.short_name, len(CHARS))  # a tile's two letters, in the current language
CROSSROADS = DATA.crossroads
DETECTIVES = DATA.detectives

# ======================================================================= layout


class Layout:
    """Where everything goes for a window of ``size`` pixels.

    The board is a square on the left: a 3x3 grid of tiles of side ``tile``
    inside a lane ``ring`` wide where the detectives stand.  The panel fills
    the right.
    """

    def __init__(self, size: tuple[int, int]) -> None:
        W, H = size
        self.size = (W, H)
        self.scale = s = max(0.45, min(W / 1280, H / 800))
        m = max(10, round(min(W, H) * 0.025))
        self.margin = m
        panel_w = max(250, int(W * 0.34))
        area = pygame.Rect(m, m, W - panel_w - 3 * m, H - 2 * m)
        side = max(120, min(area.w, area.h))
        self.tile = tile = side / 4.0
        self.ring = ring = tile / 2.0
        self.board = pygame.Rect(0, 0, round(side), round(side))
        self.board.center = area.center
        self.grid = pygame.Rect(round(self.board.x + ring), round(self.board.y + ring),
                                round(3 * tile), round(3 * tile))
        self.panel = pygame.Rect(area.right + m, m, W - area.right - 2 * m, H - 2 * m)
        p = self.panel
        pad = max(8, round(12 * s))
        self.pad = pad
        x, w = p.x + pad, p.w - 2 * pad
        y = p.y + pad
        self.header = pygame.Rect(x, y, w, round(58 * s))
        y = self.header.bottom + round(4 * s)
        self.track = pygame.Rect(x, y, w, round(64 * s))
        y = self.track.bottom + round(6 * s)
        self.tokens = pygame.Rect(x, y, w, round(124 * s))
        y = self.tokens.bottom + round(4 * s)
        self.prompt = pygame.Rect(x, y, w, round(90 * s))
        y = self.prompt.bottom + round(8 * s)
        hands_h = round(190 * s)
        gap = round(8 * s)
        self.hand_inv = pygame.Rect(x, y, (w - gap) // 2, hands_h)
        self.hand_jack = pygame.Rect(self.hand_inv.right + gap, y, w - self.hand_inv.w - gap, hands_h)
        y = self.hand_inv.bottom + round(8 * s)
        self.log = pygame.Rect(x, y, w, max(40, p.bottom - pad - y))
        # action tokens
        self.token_r = min(w / 10.5, 36 * s)
        self.token_centers = [(x + w * (i + 0.5) / 4, self.tokens.y + self.token_r + 6 * s) for i in range(4)]
        # round track slots
        self.track_r = min(w / 19, 20 * s)
        self.track_centers = [(x + w * (i + 0.5) / 8, self.track.bottom - self.track_r - 2 * s)
                              for i in range(8)]
        # confirm / undo buttons, bottom-right of the prompt box
        bh = max(round(34 * s), 27)  # room for a label in two lines
        bw = round(min(118 * s, (w - round(16 * s)) / 3))  # three buttons may share the row
        self.confirm_button = pygame.Rect(self.prompt.right - bw, self.prompt.bottom - bh - 2, bw, bh)
        self.undo_button = pygame.Rect(self.confirm_button.x - bw - round(8 * s), self.confirm_button.y, bw, bh)
        self.menu_button = pygame.Rect(self.header.right - round(36 * s), self.header.y + round(2 * s),
                                       round(36 * s), round(30 * s))
        self.sight_button = pygame.Rect(self.menu_button.x - round(40 * s), self.menu_button.y,
                                        round(36 * s), round(30 * s))
        self.card_w = max(18, round(min(self.hand_inv.w / 4.8, 40 * s)))
        self.card_h = round(self.card_w * 1.4)

    # ------------------------------------------------------------- board
    def cell_rect(self, cell: int) -> pygame.Rect:
        r, c = divmod(cell, 3)
        t = self.tile
        return pygame.Rect(round(self.grid.x + c * t), round(self.grid.y + r * t), round(t), round(t))

    def cell_center(self, cell: float | tuple[float, float]) -> tuple[float, float]:
        """Centre of a cell; ``cell`` may be a (row, col) pair of floats (sliding tiles)."""
        if isinstance(cell, tuple):
            r, c = cell
        else:
            r, c = divmod(int(cell), 3)
        return (self.grid.x + (c + 0.5) * self.tile, self.grid.y + (r + 0.5) * self.tile)

    def position_center(self, pos: int) -> tuple[float, float]:
        """Where a detective at position ``pos`` (0-11) stands."""
        pos %= 12
        side, k = divmod(pos, 3)
        g, t, half = self.grid, self.tile, self.ring / 2
        if side == 0:
            return (g.x + (k + 0.5) * t, g.y - half)
        if side == 1:
            return (g.x + 3 * t + half, g.y + (k + 0.5) * t)
        if side == 2:
            return (g.x + (2 - k + 0.5) * t, g.y + 3 * t + half)
        return (g.x - half, g.y + (2 - k + 0.5) * t)

    def corner(self, side: int) -> tuple[float, float]:
        """The lane's corner after side ``side`` going clockwise (0 = top-right)."""
        g, t, half = self.grid, self.tile, self.ring / 2
        return [(g.x + 3 * t + half, g.y - half), (g.x + 3 * t + half, g.y + 3 * t + half),
                (g.x - half, g.y + 3 * t + half), (g.x - half, g.y - half)][side % 4]

    def walk_point(self, s: float) -> tuple[float, float]:
        """A point on the lane at fractional position ``s``: walking turns the corners."""
        i = math.floor(s)
        f = s - i
        a = self.position_center(i % 12)
        b = self.position_center((i + 1) % 12)
        if f <= 0:
            return a
        if i % 3 == 2:
            c = self.corner((i % 12) // 3)
            if f < 0.5:
                return _lerp2(a, c, f * 2)
            return _lerp2(c, b, (f - 0.5) * 2)
        return _lerp2(a, b, f)

    def edge_point(self, cell: int, d: int, inset: float = 0.0) -> tuple[float, float]:
        """The middle of a cell's side ``d`` (N, E, S, W), ``inset`` tiles towards the centre."""
        cx, cy = self.cell_center(cell)
        h = self.tile * (0.5 - inset)
        return [(cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy)][d]

    # --------------------------------------------------------- hit tests
    def cell_at(self, pos: tuple[int, int]) -> int | None:
        if not self.grid.collidepoint(pos):
            return None
        c = int((pos[0] - self.grid.x) // self.tile)
        r = int((pos[1] - self.grid.y) // self.tile)
        if 0 <= r < 3 and 0 <= c < 3:
            return r * 3 + c
        return None

    def position_rect(self, pos: int) -> pygame.Rect:
        """The lane box of a detective position: a tile wide along its side, the lane deep."""
        cx, cy = self.position_center(pos)
        t, ring = round(self.tile), round(self.ring)
        r = pygame.Rect(0, 0, t, ring) if pos // 3 in (0, 2) else pygame.Rect(0, 0, ring, t)
        r.center = (round(cx), round(cy))
        return r

    def position_at(self, pos: tuple[int, int]) -> int | None:
        """The detective position whose lane box holds ``pos``, if any."""
        for p in range(12):
            if self.position_rect(p).collidepoint(pos):
                return p
        return None

    def arrow_center(self, cell: int, d: int) -> tuple[float, float]:
        return self.edge_point(cell, d, 0.105)

    def arrow_at(self, cell: int, pos: tuple[int, int]) -> int | None:
        for d in range(4):
            cx, cy = self.arrow_center(cell, d)
            if math.hypot(pos[0] - cx, pos[1] - cy) <= self.tile * 0.14:
                return d
        return None

    def token_at(self, pos: tuple[int, int]) -> int | None:
        for i, (cx, cy) in enumerate(self.token_centers):
            if math.hypot(pos[0] - cx, pos[1] - cy) <= self.token_r * 1.1:
                return i
        return None

    # --------------------------------------------------------- hand slots
    def card_rect(self, hand: str, index: int) -> pygame.Rect:
        """Slot ``index`` of a hand: ``"investigator"``, ``"jack"`` or ``"identity"``."""
        cw, ch = self.card_w, self.card_h
        s = self.scale
        if hand == "identity":
            r = self.hand_jack
            return pygame.Rect(r.x + round(10 * s), r.y + round(34 * s), round(cw * 1.25), round(ch * 1.25))
        if hand == "jack":
            idr = self.card_rect("identity", 0)
            return pygame.Rect(idr.right + round(8 * s) + index * (cw + 4),
                               self.hand_jack.bottom - ch - round(8 * s), cw, ch)
        r = self.hand_inv
        gap = max(3, round(5 * s))
        return pygame.Rect(r.x + round(10 * s) + index * (cw + gap), r.bottom - ch - round(10 * s), cw, ch)

    def deck_rect(self) -> pygame.Rect:
        """Where the alibi deck sits (the lane's bottom-right corner)."""
        cw, ch = self.card_w, self.card_h
        cx, cy = self.corner(1)
        r = pygame.Rect(0, 0, cw, ch)
        r.center = (round(cx), round(cy))
        return r

    def won_token_radius(self, side: str, n: int = 1, left: float | None = None) -> float:
        """The radius of the round tokens in ``side``'s box when it holds ``n``: smaller when many.

        ``left`` is where the box's heading ends; the tokens never reach it.
        """
        r = self.hand_inv if side == "investigator" else self.hand_jack
        tr = self.track_r * 0.72
        limit = left if left is not None else r.x + r.w * 0.45
        width = r.right - round(10 * self.scale) - limit
        # overlapping by at most 45%, like a stack of coins: n tokens need 2t + 1.1t (n - 1)
        return max(1.0, min(tr, width / (2 + 1.1 * max(0, n - 1))))

    def won_token_center(self, side: str, k: int, n: int = 1, left: float | None = None) -> tuple[float, float]:
        """Where round token ``k`` of the ``n`` won by ``side`` lands in that side's box.

        The tokens line up from the box's right edge towards ``left`` (the
        end of the box's heading); when they would reach it they close up,
        overlapping like a stack of coins, and then shrink, so the heading
        always shows.
        """
        r = self.hand_inv if side == "investigator" else self.hand_jack
        t = self.won_token_radius(side, n, left)
        x0 = r.right - round(10 * self.scale) - t
        step = t * 2 + 3
        if n > 1:
            limit = left if left is not None else r.x + r.w * 0.45
            step = min(step, (x0 - t - limit) / (n - 1))
        return (x0 - k * step, r.y + round(16 * self.scale))


def _lerp2(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


# ======================================================================== model


@dataclass
class TileVis:
    """One tile as drawn: its character, wall (quarter turns, may be fractional),
    the face shown, and the moving parts of an animation."""

    char: int
    wall: float
    suspect: bool
    flip: float = 0.0         # 0..1 while turning over; the face swaps at 0.5
    dr: float = 0.0           # offset in tiles (exchange slide)
    dc: float = 0.0
    lift: float = 0.0         # 0..1 raised above the board (shadow)
    cross: bool = False       # the cleared crossroads has no wall at all


@dataclass
class TokenVis:
    face: int                 # which face (0/1) shows
    used: float = 0.0         # 0 fresh .. 1 played (dimmed)
    flip: float = 0.0         # 0..1 turning over; the face swaps at 0.5
    lift: float = 0.0         # raised while being played
    fly: float = 1.0          # 0..1 thrown in from above (1 = at rest)
    spin: float = 0.0         # turns while flying
    alpha: float = 1.0


@dataclass
class FlyingCard:
    card: int                 # character index or HIDDEN
    src: tuple[str, int]      # ("deck", 0) or a hand slot
    dst: tuple[str, int]
    t: float = 0.0
    face_up: bool = False
    turn: float = 0.0         # 0..1 turning face up


@dataclass
class BoardModel:
    """What one side may see of the game, as drawn this frame.

    Built by :meth:`from_view` from an observation; tweens move its fields.
    ``jack`` is the identity card index, :data:`HIDDEN` when the viewer
    may not know it, ``None`` before it is dealt.  ``jcards`` holds
    :data:`HIDDEN` for cards the viewer may not see.
    """

    view: str
    round: int
    phase: str
    tiles: list[TileVis]
    detectives: list[float]
    tokens: list[TokenVis] | None
    track: list[str]
    icards: list[int]
    jcards: list[int]
    jack: int | None
    rotated: int = 0
    deck: int = 8
    outcome: str | None = None
    jack_seen: bool | None = None
    chase: bool = False
    # transient animation parts
    flying: list[FlyingCard] = field(default_factory=list)
    track_fly: tuple[int, str, float] | None = None
    sight: list[tuple[int, list[int]]] = field(default_factory=list)
    sight_t: float = 0.0
    sight_alpha: float = 0.0
    banner: str = ""
    banner_colour: tuple[int, int, int] = theme.PARCHMENT
    banner_alpha: float = 0.0

    @classmethod
    def from_view(cls, obs: PocketState) -> BoardModel:
        """The model of observation ``obs`` at rest."""
        m = cls(view=obs.view, round=obs.round, phase=obs.phase, tiles=[], detectives=[],
                tokens=None, track=[], icards=[], jcards=[], jack=None)
        m.sync(obs)
        return m

    def sync(self, obs: PocketState) -> None:
        """Snap every field to ``obs`` and drop transient animation parts."""
        self.view = obs.view
        self.round, self.phase = obs.round, obs.phase
        self.tiles = [TileVis(char=ch, wall=float(obs.walls[c]), suspect=obs.suspect[ch],
                              cross=obs.wall_of(c) is None)
                      for c, ch in enumerate(obs.chars)]
        self.detectives = [float(p) for p in obs.detectives]
        self.tokens = None if obs.faces is None else [
            TokenVis(face=f, used=1.0 if u else 0.0) for f, u in zip(obs.faces, obs.used, strict=True)]
        self.track = [s.value for s in obs.track]
        self.icards = list(obs.icards)
        self.jcards = list(obs.jcards)
        self.jack = obs.jack
        self.rotated = obs.rotated
        self.deck = obs.deck_size()
        self.outcome = None if obs.outcome is None else str(obs.outcome)
        self.jack_seen = obs.jack_seen()
        self.chase = obs.chase
        self.flying = []
        self.track_fly = None
        self.sight = []
        self.sight_t = 0.0
        self.sight_alpha = 0.0
        self.banner_alpha = 0.0

    # ------------------------------------------------------------ queries
    def suspects(self) -> list[int]:
        """Characters whose tile shows the suspect side now."""
        return sorted(t.char for t in self.tiles if t.suspect)

    def cell_of(self, char: int) -> int:
        for c, t in enumerate(self.tiles):
            if t.char == char:
                return c
        raise ValueError(char)

    def walls(self) -> list[int | None]:
        return [None if t.cross else round(t.wall) % 4 for t in self.tiles]

    def sight_lines(self) -> list[tuple[int, list[int]]]:
        """Each detective's position and the cells it sees, nearest first."""
        w = self.walls()
        return [(round(p) % 12, sight(w, round(p) % 12)) for p in self.detectives]

    def jack_known(self) -> bool:
        return self.jack is not None and self.jack != HIDDEN

    def hourglasses(self) -> int | None:
        """Jack's hourglasses as this view knows them (``None``: some are hidden)."""
        if HIDDEN in self.jcards:
            return None
        return sum(1 for s in self.track if s == "jack") + sum(CHARS[c].hourglasses for c in self.jcards)

    def secrets(self) -> dict:
        """The hidden-information part of the model (what tests check per view)."""
        return {"jack": self.jack, "jcards": list(self.jcards),
                "flying": [f.card for f in self.flying if f.dst[0] in ("jack", "identity")]}


# ========================================================================== art


def _ss(size: float) -> int:
    return max(4, int(round(size)))


class Art:
    """Cached renderings for one tile size; rebuilt when the window is resized."""

    SUPER = 2  # supersampling factor for smooth edges

    def __init__(self, tile: float) -> None:
        self.tile = _ss(tile)
        self._base: dict[tuple, pygame.Surface] = {}
        self._composite: dict[tuple, pygame.Surface] = {}
        self._medal: dict[tuple, pygame.Surface] = {}
        self._pawn: dict[tuple, pygame.Surface] = {}
        self._token: dict[tuple, pygame.Surface] = {}
        self._card: dict[tuple, pygame.Surface] = {}
        self._round: dict[tuple, pygame.Surface] = {}

    # ------------------------------------------------------------- tiles
    def base(self, char: int, suspect: bool, wall: int) -> pygame.Surface:
        """The street art of a tile (no emblem), wall towards ``wall``."""
        kind = "t"
        if char in CROSSROADS:
            kind = "lane" if suspect else "cross"
        key = (char, kind, wall % 4)
        surf = self._base.get(key)
        if surf is None:
            north = self._base.get((char, kind, 0))
            if north is None:
                north = _render_tile(kind, char, self.tile, self.SUPER, suspect)
                self._base[(char, kind, 0)] = north
            surf = pygame.transform.rotate(north, -90 * (wall % 4)) if wall % 4 else north
            self._base[key] = surf
        return surf

    def base_alpha(self, char: int, suspect: bool) -> pygame.Surface:
        """The north-facing street art with an alpha channel, for smooth turning."""
        key = ("alpha", char, suspect)
        surf = self._base.get(key)
        if surf is None:
            base = self.base(char, suspect, 0)
            surf = pygame.Surface(base.get_size(), pygame.SRCALPHA)
            surf.blit(base, (0, 0))
            self._base[key] = surf
        return surf

    def composite(self, char: int, suspect: bool, wall: int) -> pygame.Surface:
        """The whole tile at rest: streets turned to ``wall`` plus the upright emblem."""
        key = (char, suspect, wall % 4)
        surf = self._composite.get(key)
        if surf is None:
            surf = self.base(char, suspect, wall).copy()
            if suspect:
                self.put_emblem(surf, char, (surf.get_width() / 2, surf.get_height() / 2))
            else:
                _draw_cleared_mark(surf, char, self.tile)
            self._composite[key] = surf
        return surf

    def put_emblem(self, surf: pygame.Surface, char: int, center: tuple[float, float]) -> None:
        med = self.medallion(char)
        surf.blit(med, med.get_rect(center=(round(center[0]), round(center[1] - self.tile * 0.04))))

    def medallion(self, char: int) -> pygame.Surface:
        key = (char,)
        surf = self._medal.get(key)
        if surf is None:
            surf = _render_medallion(char, self.tile, self.SUPER)
            self._medal[key] = surf
        return surf

    def emblem(self, char: int, size: int, cleared: bool = False) -> pygame.Surface:
        """A small round character emblem for the panel (dimmed and struck if cleared)."""
        key = ("emblem", char, size, cleared)
        surf = self._medal.get(key)
        if surf is None:
            surf = _render_small_emblem(char, size, cleared)
            self._medal[key] = surf
        return surf

    # ------------------------------------------------------------ pieces
    def pawn(self, det: int, radius: float) -> pygame.Surface:
        key = (det, _ss(radius))
        surf = self._pawn.get(key)
        if surf is None:
            surf = _render_pawn(det, _ss(radius), self.SUPER)
            self._pawn[key] = surf
        return surf

    def token(self, face: str, radius: float) -> pygame.Surface:
        key = (face, _ss(radius))
        surf = self._token.get(key)
        if surf is None:
            surf = _render_token(face, _ss(radius), self.SUPER)
            self._token[key] = surf
        return surf

    def card(self, char: int, w: int, h: int) -> pygame.Surface:
        """An alibi card face (``char``), or its back (``HIDDEN``)."""
        key = (char, w, h)
        surf = self._card.get(key)
        if surf is None:
            surf = _render_card(char, w, h)
            self._card[key] = surf
        return surf

    def round_token(self, label: str, radius: float) -> pygame.Surface:
        """A round token: ``"1"``..``"8"`` (number side), ``"jack"`` (hourglass side) or
        ``"investigator"`` (won by the investigator: number on blue)."""
        key = (label, _ss(radius))
        surf = self._round.get(key)
        if surf is None:
            surf = _render_round_token(label, _ss(radius))
            self._round[key] = surf
        return surf


def _render_tile(kind: str, char: int, tile: int, ss: int, suspect: bool) -> pygame.Surface:
    """Draw a district tile with its wall to the north, supersampled then scaled down."""
    S = tile * ss
    surf = pygame.Surface((S, S))
    rnd = random.Random(1000 + char * 7 + (kind == "cross"))
    sw = S * 0.4
    c0, c1 = S / 2 - sw / 2, S / 2 + sw / 2
    k = S * 0.035  # pavement width
    surf.fill(theme.PAVEMENT)
    # paving slabs on the pavement
    for _slab in range(int(S * S / 900)):
        x, y = rnd.uniform(0, S), rnd.uniform(0, S)
        pygame.draw.rect(surf, theme.shade(theme.PAVEMENT, rnd.uniform(0.9, 1.1)), (x, y, S * 0.05, S * 0.05), 0)
    streets: list[tuple[pygame.Rect, bool]] = [(pygame.Rect(0, round(c0), S, round(sw)), True)]
    if kind == "t":
        streets.append((pygame.Rect(round(c0), round(S / 2), round(sw), S - round(S / 2)), False))
    else:
        streets.append((pygame.Rect(round(c0), 0, round(sw), S), False))
    for rect, horizontal in streets:
        _cobbles(surf, rect, horizontal, rnd, S)
    # a pool of gas light where the streets meet
    pool = theme.glow(int(S * 0.42), (58, 44, 22))
    surf.blit(pool, pool.get_rect(center=(S / 2, S / 2)), special_flags=pygame.BLEND_RGB_ADD)
    # kerbs
    kerb = theme.shade(theme.COBBLE_LIGHT, 1.1)
    kw = max(2, int(S * 0.008))
    if kind == "t":
        pygame.draw.line(surf, kerb, (0, c0), (S, c0), kw)
        pygame.draw.line(surf, kerb, (0, c1), (c0, c1), kw)
        pygame.draw.line(surf, kerb, (c1, c1), (S, c1), kw)
        pygame.draw.line(surf, kerb, (c0, c1), (c0, S), kw)
        pygame.draw.line(surf, kerb, (c1, c1), (c1, S), kw)
    else:
        for a, b in (((0, c0), (c0, c0)), ((c1, c0), (S, c0)), ((0, c1), (c0, c1)), ((c1, c1), (S, c1)),
                     ((c0, 0), (c0, c0)), ((c1, 0), (c1, c0)), ((c0, c1), (c0, S)), ((c1, c1), (c1, S))):
            pygame.draw.line(surf, kerb, a, b, kw)
    # buildings
    blocks: list[pygame.Rect] = []
    lo, hi = c0 - k, c1 + k
    if kind == "t":
        blocks.append(pygame.Rect(0, 0, S, round(lo)))
    else:
        blocks += [pygame.Rect(0, 0, round(lo), round(lo)), pygame.Rect(round(hi), 0, S - round(hi), round(lo))]
    blocks += [pygame.Rect(0, round(hi), round(lo), S - round(hi)),
               pygame.Rect(round(hi), round(hi), S - round(hi), S - round(hi))]
    for b in blocks:
        _houses(surf, b, rnd, S)
    if kind == "t":
        _wall(surf, pygame.Rect(0, 0, S, round(S * 0.12)), S)
    elif kind == "lane":
        _barricade(surf, c0, c1, S)
    # a gas lamp on the pavement corner of the junction
    lx, ly = hi - k * 0.5, hi - k * 0.5
    g = theme.glow(int(S * 0.2), (110, 74, 26))
    surf.blit(g, g.get_rect(center=(lx, ly)), special_flags=pygame.BLEND_RGB_ADD)
    pygame.draw.circle(surf, (20, 20, 24), (lx, ly), S * 0.018)
    pygame.draw.circle(surf, theme.GASLIGHT, (lx, ly), S * 0.011)
    # fine edge so neighbouring tiles read apart
    pygame.draw.rect(surf, (24, 22, 22), surf.get_rect(), max(2, int(S * 0.008)))
    out = pygame.transform.smoothscale(surf, (tile, tile))
    return out.convert() if pygame.display.get_surface() else out


def _cobbles(surf: pygame.Surface, rect: pygame.Rect, horizontal: bool, rnd: random.Random, S: int) -> None:
    pygame.draw.rect(surf, theme.COBBLE_DARK, rect)
    st = S * 0.034
    gap = max(1, S * 0.004)
    if horizontal:
        rows = int(rect.h / st) + 1
        for r in range(rows):
            y = rect.y + r * st
            off = (r % 2) * st * 0.5
            x = rect.x - off
            while x < rect.right:
                w = st * rnd.uniform(0.8, 1.25)
                col = theme.shade(theme.COBBLE, rnd.uniform(0.78, 1.12))
                pygame.draw.rect(surf, col, (x + gap, y + gap, w - gap, st - gap), border_radius=int(st * 0.3))
                x += w
    else:
        cols = int(rect.w / st) + 1
        for c in range(cols):
            x = rect.x + c * st
            off = (c % 2) * st * 0.5
            y = rect.y - off
            while y < rect.bottom:
                h = st * rnd.uniform(0.8, 1.25)
                col = theme.shade(theme.COBBLE, rnd.uniform(0.78, 1.12))
                pygame.draw.rect(surf, col, (x + gap, y + gap, st - gap, h - gap), border_radius=int(st * 0.3))
                y += h


def _houses(surf: pygame.Surface, block: pygame.Rect, rnd: random.Random, S: int) -> None:
    """Terraced houses seen from above: brick parapets, slate roofs, chimneys."""
    if block.w <= 2 or block.h <= 2:
        return
    clip = surf.get_clip()
    surf.set_clip(block)
    pygame.draw.rect(surf, theme.BRICK_DARK, block)
    horizontal = block.w >= block.h
    length = block.w if horizontal else block.h
    n = max(1, round(length / (S * 0.22)))
    for i in range(n):
        if horizontal:
            x0 = block.x + i * block.w / n
            r = pygame.Rect(round(x0), block.y, round(block.w / n), block.h)
        else:
            y0 = block.y + i * block.h / n
            r = pygame.Rect(block.x, round(y0), block.w, round(block.h / n))
        brick = theme.shade(theme.BRICK, rnd.uniform(0.85, 1.12))
        pygame.draw.rect(surf, brick, r)
        inner = r.inflate(-S * 0.022, -S * 0.022)
        if inner.w > 4 and inner.h > 4:
            roof = theme.shade(theme.ROOF, rnd.uniform(0.85, 1.2))
            pygame.draw.rect(surf, roof, inner)
            # ridge: the long axis splits the roof into a lit and a shaded half
            if inner.w >= inner.h:
                half = pygame.Rect(inner.x, inner.y, inner.w, inner.h // 2)
                pygame.draw.rect(surf, theme.shade(roof, 1.18), half)
                for yy in range(inner.y + 3, inner.bottom, max(3, int(S * 0.014))):
                    pygame.draw.line(surf, theme.shade(roof, 0.8), (inner.x, yy), (inner.right, yy), 1)
                pygame.draw.line(surf, theme.shade(roof, 0.55), (inner.x, inner.centery),
                                 (inner.right, inner.centery), max(1, int(S * 0.006)))
            else:
                half = pygame.Rect(inner.x, inner.y, inner.w // 2, inner.h)
                pygame.draw.rect(surf, theme.shade(roof, 1.18), half)
                for xx in range(inner.x + 3, inner.right, max(3, int(S * 0.014))):
                    pygame.draw.line(surf, theme.shade(roof, 0.8), (xx, inner.y), (xx, inner.bottom), 1)
                pygame.draw.line(surf, theme.shade(roof, 0.55), (inner.centerx, inner.y),
                                 (inner.centerx, inner.bottom), max(1, int(S * 0.006)))
            # chimney with pots
            if rnd.random() < 0.8:
                cw = S * 0.05
                cx = rnd.uniform(inner.x + cw, max(inner.x + cw, inner.right - 2 * cw))
                cy = rnd.uniform(inner.y + cw * 0.3, max(inner.y + cw * 0.3, inner.bottom - 1.6 * cw))
                pygame.draw.rect(surf, theme.BRICK_LIGHT, (cx, cy, cw, cw * 0.7))
                pygame.draw.rect(surf, theme.MORTAR, (cx, cy, cw, cw * 0.7), 1)
                pygame.draw.circle(surf, (30, 24, 22), (cx + cw * 0.3, cy + cw * 0.35), cw * 0.13)
                pygame.draw.circle(surf, (30, 24, 22), (cx + cw * 0.7, cy + cw * 0.35), cw * 0.13)
            # a skylight, warmly lit now and then
            if rnd.random() < 0.35:
                wx = rnd.uniform(inner.x, max(inner.x, inner.right - S * 0.04))
                wy = rnd.uniform(inner.y, max(inner.y, inner.bottom - S * 0.03))
                pygame.draw.rect(surf, theme.WINDOW_LIT, (wx, wy, S * 0.03, S * 0.022))
        pygame.draw.rect(surf, theme.MORTAR, r, max(1, int(S * 0.004)))
    surf.set_clip(clip)


def _wall(surf: pygame.Surface, rect: pygame.Rect, S: int) -> None:
    """A solid brick wall along the tile edge: sight cannot pass it."""
    shadow = pygame.Surface((rect.w, max(1, int(rect.h * 0.6))), pygame.SRCALPHA)
    for y in range(shadow.get_height()):
        a = int(150 * (1 - y / shadow.get_height()) ** 1.5)
        pygame.draw.line(shadow, (0, 0, 0, a), (0, y), (rect.w, y))
    surf.blit(shadow, (rect.x, rect.bottom))
    pygame.draw.rect(surf, theme.BRICK, rect)
    bh = rect.h / 3
    bw = S * 0.06
    for row in range(3):
        y = rect.y + row * bh
        off = (row % 2) * bw / 2
        x = rect.x - off
        while x < rect.right:
            col = theme.shade(theme.BRICK_LIGHT, 0.8 + 0.25 * ((int(x * 7 + row * 13) % 5) / 5))
            pygame.draw.rect(surf, col, (x + 1, y + 1, bw - 2, bh - 2))
            x += bw
    pygame.draw.rect(surf, (34, 16, 14), rect, max(2, int(S * 0.01)))
    pygame.draw.line(surf, (250, 170, 120), (rect.x, rect.bottom - 1), (rect.right, rect.bottom - 1),
                     max(1, int(S * 0.004)))
    # coping stones along the top of the wall
    pygame.draw.rect(surf, (70, 64, 62), (rect.x, rect.y, rect.w, max(2, int(rect.h * 0.18))))


def _barricade(surf: pygame.Surface, c0: float, c1: float, S: int) -> None:
    """Joseph Lane's barricade across the north arm of his crossroads."""
    y = S * 0.07
    h = S * 0.07
    bar = pygame.Rect(round(c0 - S * 0.02), round(y), round(c1 - c0 + S * 0.04), round(h))
    base = pygame.Surface(bar.size)
    base.fill(theme.BARRICADE_WHITE)
    stripe = bar.h * 1.2
    x = -bar.h
    while x < bar.w + bar.h:
        pygame.draw.polygon(base, theme.BARRICADE_RED,
                            [(x, bar.h), (x + bar.h, 0), (x + bar.h + stripe / 2, 0), (x + stripe / 2, bar.h)])
        x += stripe
    surf.blit(base, bar)
    pygame.draw.rect(surf, (30, 20, 18), bar, max(2, int(S * 0.008)))
    for px in (bar.x + S * 0.02, bar.right - S * 0.02):
        pygame.draw.rect(surf, (64, 44, 30), (px - S * 0.014, y - S * 0.025, S * 0.028, h + S * 0.07))
    lamp = (bar.centerx, bar.y - S * 0.005)
    g = theme.glow(int(S * 0.08), (120, 30, 20))
    surf.blit(g, g.get_rect(center=lamp), special_flags=pygame.BLEND_RGB_ADD)
    pygame.draw.circle(surf, (255, 90, 60), lamp, S * 0.012)


def _draw_cleared_mark(surf: pygame.Surface, char: int, tile: int) -> None:
    """The empty side: an iron manhole cover where the suspect stood."""
    cx, cy = surf.get_width() / 2, surf.get_height() / 2
    r = tile * 0.075
    theme.aa_circle(surf, (38, 38, 40), (cx, cy), r + 2)
    theme.aa_circle(surf, (66, 66, 70), (cx, cy), r)
    for i in range(-2, 3):
        off = i * r * 0.34
        half = math.sqrt(max(0.0, r * r * 0.72 - off * off))
        pygame.draw.line(surf, (44, 44, 48), (cx - half, cy + off), (cx + half, cy + off), 1)
    pygame.draw.aacircle(surf, (90, 90, 96), (cx, cy), r, 1)


def _render_medallion(char: int, tile: int, ss: int) -> pygame.Surface:
    """A character's emblem: coloured disc with a bold letter, and a name plate."""
    c = CHARS[char]
    D = int(tile * 0.5) * ss
    W = int(tile * 0.9) * ss
    H = int(D + tile * 0.2 * ss)
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    cx, cy = W / 2, D / 2
    R = D / 2
    # drop shadow
    pygame.draw.circle(surf, (0, 0, 0, 110), (cx + R * 0.06, cy + R * 0.1), R)
    # brass rim
    pygame.draw.circle(surf, theme.BRASS_DARK, (cx, cy), R)
    pygame.draw.circle(surf, theme.BRASS, (cx, cy), R * 0.95)
    pygame.draw.circle(surf, theme.BRASS_LIGHT, (cx - R * 0.05, cy - R * 0.05), R * 0.9, max(1, int(R * 0.03)))
    # coloured field with soft light from the upper left
    rgb = c.rgb
    pygame.draw.circle(surf, theme.shade(rgb, 0.72), (cx, cy), R * 0.84)
    pygame.draw.circle(surf, rgb, (cx - R * 0.06, cy - R * 0.06), R * 0.76)
    pygame.draw.circle(surf, theme.shade(rgb, 1.12), (cx - R * 0.2, cy - R * 0.22), R * 0.42)
    pygame.draw.circle(surf, rgb, (cx - R * 0.1, cy - R * 0.1), R * 0.5)
    # a faint bust silhouette behind the letter
    sil = theme.shade(rgb, 0.8) if theme.luminance(rgb) > 0.3 else theme.shade(rgb, 1.35)
    pygame.draw.ellipse(surf, sil, (cx - R * 0.5, cy + R * 0.24, R * 1.0, R * 0.66))
    pygame.draw.circle(surf, sil, (cx, cy - R * 0.02), R * 0.3)
    # re-draw the rim over the silhouette's bottom
    pygame.draw.circle(surf, theme.BRASS, (cx, cy), R * 0.95, max(2, int(R * 0.11)))
    pygame.draw.circle(surf, theme.BRASS_DARK, (cx, cy), R, max(1, int(R * 0.03)))
    # the letter (readable without colour)
    fg = theme.contrast_text(rgb)
    mark = MARK(char)
    fs = theme.fit_size(mark, int(R * 1.05), int(R * 1.45), "serif-bold")
    letter = theme.font(fs, "serif-bold").render(mark, True, fg)
    outline = theme.font(fs, "serif-bold").render(mark, True, theme.shade(rgb, 0.45)
                                                  if fg != theme.INK else (255, 255, 255))
    lr = letter.get_rect(center=(cx, cy + R * 0.04))
    for ox, oy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
        surf.blit(outline, lr.move(ox * ss, oy * ss))
    surf.blit(letter, lr)
    # name plate
    name = texts.short_name(char)
    fs = theme.fit_size(name, int(tile * 0.125 * ss), int(W * 0.92), "sans-bold")
    label = theme.font(fs, "sans-bold").render(name, True, theme.PARCHMENT)
    pw, ph = label.get_width() + 14 * ss, label.get_height() + 2 * ss
    plate = pygame.Rect(0, 0, pw, ph)
    plate.midtop = (cx, D - R * 0.14)
    pygame.draw.rect(surf, (16, 14, 14, 225), plate, border_radius=int(ph / 2))
    pygame.draw.rect(surf, (*rgb, 255), plate, max(1, ss), border_radius=int(ph / 2))
    surf.blit(label, label.get_rect(center=plate.center))
    return pygame.transform.smoothscale(surf, (W // ss, H // ss))


def _render_small_emblem(char: int, size: int, cleared: bool) -> pygame.Surface:
    c = CHARS[char]
    ss = 3
    D = size * ss
    surf = pygame.Surface((D, D), pygame.SRCALPHA)
    R = D / 2
    rgb = c.rgb if not cleared else theme.mix(c.rgb, (60, 60, 64), 0.7)
    pygame.draw.circle(surf, theme.BRASS if not cleared else (70, 66, 60), (R, R), R)
    pygame.draw.circle(surf, rgb, (R, R), R * 0.84)
    fg = theme.contrast_text(c.rgb) if not cleared else (150, 150, 150)
    mark = MARK(char)
    f = theme.font(theme.fit_size(mark, int(R * 1.1), int(R * 1.5), "sans-bold"), "sans-bold")
    img = f.render(mark, True, fg)
    surf.blit(img, img.get_rect(center=(R, R + R * 0.03)))
    if cleared:
        w = max(2, int(R * 0.16))
        pygame.draw.line(surf, (200, 70, 64), (R * 0.45, R * 0.45), (R * 1.55, R * 1.55), w)
        pygame.draw.line(surf, (200, 70, 64), (R * 1.55, R * 0.45), (R * 0.45, R * 1.55), w)
    return pygame.transform.smoothscale(surf, (size, size))


def _render_pawn(det: int, radius: int, ss: int) -> pygame.Surface:
    """A detective's pawn seen from above: a bevelled disc with the initial."""
    name = DETECTIVES[det]
    col = theme.DETECTIVE_COLOURS[name]
    R = radius * ss
    size = int(R * 2.4)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    cx = cy = size / 2
    pygame.draw.circle(surf, (0, 0, 0, 120), (cx + R * 0.08, cy + R * 0.14), R * 1.02)
    pygame.draw.circle(surf, theme.shade(col, 0.45), (cx, cy), R)
    pygame.draw.circle(surf, col, (cx, cy), R * 0.9)
    pygame.draw.circle(surf, theme.shade(col, 1.2), (cx - R * 0.15, cy - R * 0.18), R * 0.55)
    pygame.draw.circle(surf, col, (cx - R * 0.05, cy - R * 0.06), R * 0.6)
    pygame.draw.circle(surf, theme.PARCHMENT, (cx, cy), R * 0.96, max(2, int(R * 0.07)))
    # a tiny emblem ring: hat brim (Holmes), bowler (Watson), paw (Toby)
    letter = {"holmes": "H", "watson": "W", "toby": "T"}[name]
    fg = theme.contrast_text(col)
    f = theme.font(int(R * 1.0), "serif-bold")
    img = f.render(letter, True, fg)
    surf.blit(img, img.get_rect(center=(cx, cy + R * 0.02)))
    if name == "toby":
        for ang in (-0.7, 0.0, 0.7):
            px = cx + math.sin(ang) * R * 0.62
            py = cy - math.cos(ang) * R * 0.62
            pygame.draw.circle(surf, theme.shade(col, 0.55), (px, py), R * 0.09)
    return pygame.transform.smoothscale(surf, (size // ss, size // ss))


def _render_token(face: str, radius: int, ss: int) -> pygame.Surface:
    """An action token face: a dark wooden disc, brass rim, and the face's symbol."""
    R = radius * ss
    size = int(R * 2.3)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    cx = cy = size / 2
    pygame.draw.circle(surf, (0, 0, 0, 130), (cx + R * 0.06, cy + R * 0.12), R)
    pygame.draw.circle(surf, theme.BRASS_DARK, (cx, cy), R)
    pygame.draw.circle(surf, theme.BRASS, (cx, cy), R * 0.94)
    inner = {"alibi": (40, 70, 60), "rotate": (54, 48, 70), "exchange": (70, 52, 40), "joker": (80, 30, 40)}
    field_col = inner.get(face) or theme.shade(theme.DETECTIVE_COLOURS.get(face, (60, 60, 60)), 0.75)
    pygame.draw.circle(surf, field_col, (cx, cy), R * 0.84)
    pygame.draw.circle(surf, theme.shade(field_col, 1.15), (cx - R * 0.1, cy - R * 0.12), R * 0.6)
    pygame.draw.circle(surf, field_col, (cx - R * 0.02, cy - R * 0.03), R * 0.62)
    fg = theme.PARCHMENT
    w = max(2, int(R * 0.11))
    if face in DETECTIVES:
        letter = {"holmes": "H", "watson": "W", "toby": "T"}[face]
        pygame.draw.circle(surf, theme.DETECTIVE_COLOURS[face], (cx, cy), R * 0.56)
        pygame.draw.circle(surf, theme.PARCHMENT, (cx, cy), R * 0.56, max(2, int(R * 0.06)))
        img = theme.font(int(R * 0.66), "serif-bold").render(letter, True, theme.contrast_text(
            theme.DETECTIVE_COLOURS[face]))
        surf.blit(img, img.get_rect(center=(cx, cy + R * 0.02)))
        # two footprints: it walks
        for i, (dx, dy) in enumerate(((-0.72, 0.3), (0.72, -0.3))):
            pygame.draw.ellipse(surf, theme.shade(theme.PARCHMENT, 0.8),
                                (cx + dx * R - R * 0.07, cy + dy * R - R * 0.11 + i, R * 0.14, R * 0.22))
    elif face == "alibi":
        card = pygame.Rect(0, 0, R * 0.78, R * 1.06)
        card.center = (cx, cy)
        pygame.draw.rect(surf, theme.PARCHMENT, card, border_radius=int(R * 0.1))
        pygame.draw.rect(surf, theme.BRASS_DARK, card, max(1, int(R * 0.04)), border_radius=int(R * 0.1))
        theme.hourglass(surf, (cx, cy + R * 0.05), R * 0.62, (60, 40, 20), (200, 140, 60))
    elif face == "rotate":
        rr = R * 0.48
        rect = pygame.Rect(cx - rr, cy - rr, 2 * rr, 2 * rr)
        pygame.draw.arc(surf, fg, rect, math.radians(20), math.radians(160), w)
        pygame.draw.arc(surf, fg, rect, math.radians(200), math.radians(340), w)
        for ang in (20, 200):
            a = math.radians(ang)
            tip = (cx + rr * math.cos(a), cy - rr * math.sin(a))
            d = R * 0.2
            tang = (math.sin(a), math.cos(a))  # clockwise tangent on screen
            pygame.draw.polygon(surf, fg, [
                (tip[0] + tang[0] * d, tip[1] + tang[1] * d),
                (tip[0] - math.cos(a) * d * 0.8, tip[1] + math.sin(a) * d * 0.8),
                (tip[0] + math.cos(a) * d * 0.8, tip[1] - math.sin(a) * d * 0.8)])
        pygame.draw.rect(surf, theme.BRICK_LIGHT, (cx - R * 0.18, cy - R * 0.18, R * 0.36, R * 0.36))
        pygame.draw.rect(surf, theme.MORTAR, (cx - R * 0.18, cy - R * 0.18, R * 0.36, R * 0.1))
    elif face == "exchange":
        for sgn in (-1, 1):
            y = cy + sgn * R * 0.2
            x0, x1 = cx - R * 0.5, cx + R * 0.5
            pygame.draw.line(surf, fg, (x0, y), (x1, y), w)
            tip = x1 if sgn < 0 else x0
            d = R * 0.2 * (1 if sgn < 0 else -1)
            pygame.draw.polygon(surf, fg, [(tip + d, y), (tip - d * 0.2, y - R * 0.17), (tip - d * 0.2, y + R * 0.17)])
    elif face == "joker":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = R * (0.56 if i % 2 == 0 else 0.24)
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        pygame.draw.polygon(surf, theme.BRASS_LIGHT, pts)
        pygame.draw.polygon(surf, theme.BRASS_DARK, pts, max(1, int(R * 0.04)))
    pygame.draw.circle(surf, theme.BRASS_LIGHT, (cx, cy), R * 0.94, max(1, int(R * 0.03)))
    return pygame.transform.smoothscale(surf, (size // ss, size // ss))


def _render_card(char: int, w: int, h: int) -> pygame.Surface:
    ss = 3
    W, H = w * ss, h * ss
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    rad = int(W * 0.1)
    if char == HIDDEN:
        pygame.draw.rect(surf, (70, 20, 26), (0, 0, W, H), border_radius=rad)
        pygame.draw.rect(surf, theme.BRASS, (0, 0, W, H), max(2, ss * 2), border_radius=rad)
        inner = pygame.Rect(W * 0.14, H * 0.1, W * 0.72, H * 0.8)
        pygame.draw.rect(surf, theme.BRASS_DARK, inner, max(1, ss), border_radius=int(rad * 0.6))
        for i in range(6):
            y = inner.y + inner.h * (i + 0.5) / 6
            pygame.draw.line(surf, (96, 34, 40), (inner.x + 4, y), (inner.right - 4, y), ss)
        f = theme.font(int(W * 0.5), "serif-bold")
        img = f.render("?", True, theme.BRASS_LIGHT)
        surf.blit(img, img.get_rect(center=(W / 2, H / 2)))
    else:
        c = CHARS[char]
        pygame.draw.rect(surf, theme.PARCHMENT, (0, 0, W, H), border_radius=rad)
        band = pygame.Rect(0, 0, W, int(H * 0.62))
        pygame.draw.rect(surf, c.rgb, band, border_top_left_radius=rad, border_top_right_radius=rad)
        pygame.draw.circle(surf, theme.shade(c.rgb, 0.8 if theme.luminance(c.rgb) > 0.3 else 1.4),
                           (W / 2, H * 0.3), W * 0.22)
        mark = MARK(char)
        f = theme.font(theme.fit_size(mark, int(W * 0.48), int(W * 0.62), "serif-bold"), "serif-bold")
        img = f.render(mark, True, theme.contrast_text(c.rgb))
        surf.blit(img, img.get_rect(center=(W / 2, H * 0.32)))
        n = c.hourglasses
        if n == 0:
            pygame.draw.line(surf, (120, 110, 96), (W * 0.35, H * 0.8), (W * 0.65, H * 0.8), ss * 2)
        for i in range(n):
            x = W / 2 + (i - (n - 1) / 2) * W * 0.3
            theme.hourglass(surf, (x, H * 0.8), H * 0.2, (60, 40, 20), (200, 130, 40))
        pygame.draw.rect(surf, theme.BRASS_DARK, (0, 0, W, H), max(2, ss * 2), border_radius=rad)
    return pygame.transform.smoothscale(surf, (w, h))


def _render_round_token(label: str, radius: int) -> pygame.Surface:
    ss = 3
    R = radius * ss
    size = int(R * 2.2)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.circle(surf, (0, 0, 0, 120), (c + R * 0.06, c + R * 0.1), R)
    if label == "jack":
        rim, fill = theme.JACK_RED, theme.JACK_RED_DARK
    elif label == "investigator":
        rim, fill = theme.INVESTIGATOR_BLUE, theme.INVESTIGATOR_DARK
    elif label == "empty":
        pygame.draw.circle(surf, (20, 20, 26), (c, c), R)
        pygame.draw.circle(surf, (60, 56, 50), (c, c), R, max(1, ss))
        return pygame.transform.smoothscale(surf, (size // ss, size // ss))
    else:
        rim, fill = theme.BRASS, (44, 40, 36)
    pygame.draw.circle(surf, theme.shade(rim, 0.6), (c, c), R)
    pygame.draw.circle(surf, rim, (c, c), R * 0.93)
    pygame.draw.circle(surf, fill, (c, c), R * 0.8)
    if label == "jack":
        theme.hourglass(surf, (c, c), R * 1.0, theme.PARCHMENT, theme.GASLIGHT)
    elif label == "investigator":
        theme.magnifier(surf, (c, c), R * 1.3, theme.PARCHMENT)
    else:
        img = theme.font(int(R * 1.0), "serif-bold").render(label, True, theme.BRASS_LIGHT)
        surf.blit(img, img.get_rect(center=(c, c + R * 0.03)))
    return pygame.transform.smoothscale(surf, (size // ss, size // ss))


# ======================================================================== view


@dataclass
class Highlights:
    """What the player's current choice lights up on the board and panel."""

    tokens: set[int] = field(default_factory=set)          # tokens that may be played
    selected_token: int | None = None
    cells: set[int] = field(default_factory=set)           # tiles that may be clicked
    chosen: list[int] = field(default_factory=list)        # tiles already picked
    positions: dict[int, list[int]] = field(default_factory=dict)  # lane target -> detectives
    detectives: set[int] = field(default_factory=set)      # pawns that may be clicked
    arrows: tuple[int, list[int]] | None = None            # (cell, directions allowed)
    preview: object | None = None                          # the pending Action
    focus: tuple | None = None                             # keyboard focus target
    jack_cell: int | None = None                           # Jack's own tile (Jack's view)
    show_sight: bool = False
    recent_cells: list[int] = field(default_factory=list)  # what the last move changed
    recent_detective: int | None = None
    sight_preview: list[tuple[int, list[int]]] | None = None  # L on a pending action: the lines after it
    note: str = ""                                          # a caption over the board (the preview's)


class BoardView:
    """Draws a :class:`BoardModel` into a :class:`Layout` (static layers cached)."""

    def __init__(self) -> None:
        self.layout: Layout | None = None
        self.art: Art | None = None
        self._static: pygame.Surface | None = None
        self._overlay: pygame.Surface | None = None
        self._lang = ""

    def resize(self, size: tuple[int, int]) -> Layout:
        """The layout for a window of ``size``; art is redrawn for a new tile size or language."""
        from ..i18n import current_language

        lang = current_language()
        if self.layout is None or self.layout.size != tuple(size):
            self.layout = Layout(size)
            self._static = None
            self._overlay = None
        if self.art is None or self.art.tile != _ss(self.layout.tile) or self._lang != lang:
            self.art = Art(self.layout.tile)
            self._lang = lang
        return self.layout

    # ------------------------------------------------------------- static
    def static_layer(self) -> pygame.Surface:
        """Background, board frame, lane and panel frames: drawn once per size."""
        if self._static is not None:
            return self._static
        L = self.layout
        assert L is not None
        surf = theme.night_backdrop(L.size).copy()
        b = L.board
        # board slab
        slab = b.inflate(round(L.tile * 0.12), round(L.tile * 0.12))
        pygame.draw.rect(surf, (8, 8, 10), slab.move(0, round(L.tile * 0.05)), border_radius=round(L.tile * 0.1))
        pygame.draw.rect(surf, (34, 33, 36), slab, border_radius=round(L.tile * 0.1))
        pygame.draw.rect(surf, theme.BRASS_DARK, slab, max(2, round(L.tile * 0.012)),
                         border_radius=round(L.tile * 0.1))
        # the lane: wet cobbles all around the district
        lane = surf.subsurface(b).copy()
        rnd = random.Random(5)
        lane.fill((40, 40, 44))
        st = max(4, L.tile * 0.07)
        y = 0.0
        row = 0
        while y < b.h:
            x = -(row % 2) * st / 2
            while x < b.w:
                w = st * rnd.uniform(0.8, 1.2)
                col = theme.shade((70, 70, 74), rnd.uniform(0.72, 1.1))
                pygame.draw.rect(lane, col, (x + 1, y + 1, w - 2, st - 2), border_radius=max(1, int(st * 0.3)))
                x += w
            y += st
            row += 1
        surf.blit(lane, b)
        # gas lamps at the four corners of the lane
        for k in range(4):
            cx, cy = L.corner(k)
            g = theme.glow(round(L.tile * 0.75), (120, 80, 30))
            surf.blit(g, g.get_rect(center=(cx, cy)), special_flags=pygame.BLEND_RGB_ADD)
        # grid gutter
        pygame.draw.rect(surf, (12, 12, 14), L.grid.inflate(8, 8), border_radius=4)
        for k in (0, 2, 3):  # the deck of alibi cards sits in the fourth corner
            cx, cy = L.corner(k)
            pygame.draw.circle(surf, (16, 16, 18), (cx, cy), L.tile * 0.07)
            pygame.draw.circle(surf, (60, 56, 48), (cx, cy), L.tile * 0.07, 2)
            pygame.draw.circle(surf, theme.GASLIGHT, (cx, cy), L.tile * 0.035)
        # position studs with small clockwise chevrons
        for p in range(12):
            cx, cy = L.position_center(p)
            pygame.draw.circle(surf, (30, 30, 34), (cx, cy), L.tile * 0.12)
            theme.aa_circle(surf, (110, 94, 62), (cx, cy), L.tile * 0.12, 2)
            theme.aa_circle(surf, (70, 62, 48), (cx, cy), L.tile * 0.05)
            a = _clockwise_angle(p)
            ax, ay = cx + math.cos(a) * L.tile * 0.31, cy + math.sin(a) * L.tile * 0.31
            d = L.tile * 0.04
            pts = [(ax + math.cos(a) * d, ay + math.sin(a) * d),
                   (ax + math.cos(a + 2.4) * d, ay + math.sin(a + 2.4) * d),
                   (ax + math.cos(a - 2.4) * d, ay + math.sin(a - 2.4) * d)]
            pygame.draw.polygon(surf, (110, 96, 66), pts)
        # panel frames
        theme.rounded_panel(surf, L.panel, radius=round(14 * L.scale))
        for r in (L.hand_inv, L.hand_jack, L.log):
            theme.rounded_panel(surf, r, fill=(20, 21, 27), edge=(66, 58, 44), radius=round(8 * L.scale),
                                width=1, alpha=255)
        pygame.draw.line(surf, (70, 62, 48), (L.header.x, L.header.bottom), (L.header.right, L.header.bottom))
        self._static = surf.convert() if pygame.display.get_surface() else surf
        return self._static

    # ------------------------------------------------------------- board
    def draw_board(self, surface: pygame.Surface, model: BoardModel, hl: Highlights, clock: float) -> None:
        L, art = self.layout, self.art
        assert L is not None and art is not None
        moving: list[int] = []
        for cell, tv in enumerate(model.tiles):
            if tv.lift > 0 or tv.dr or tv.dc or tv.flip > 0 or tv.wall != round(tv.wall):
                moving.append(cell)
                continue
            self._draw_tile(surface, cell, tv, model)
        # lights on tiles: sight, witness, highlights
        self._draw_tile_marks(surface, model, hl, clock)
        for cell in moving:
            self._draw_tile(surface, cell, model.tiles[cell], model)
        self._draw_deck(surface, model)
        self._draw_sight(surface, model, hl)
        self._draw_lane_targets(surface, model, hl, clock)
        self._draw_detectives(surface, model, hl, clock)
        if hl.arrows is not None:
            self._draw_arrows(surface, hl, clock)
        self._draw_preview(surface, model, hl, clock)

    def _draw_deck(self, surface: pygame.Surface, model: BoardModel) -> None:
        """The alibi deck in the lane's corner: a small stack of card backs and how many are left."""
        L, art = self.layout, self.art
        assert L is not None and art is not None
        r = L.deck_rect()
        if model.deck <= 0:
            pygame.draw.rect(surface, (60, 54, 44), r, 1, border_radius=max(2, r.w // 10))
            return
        back = art.card(HIDDEN, r.w, r.h)
        n = min(model.deck, 3)
        for i in range(n):
            off = (n - 1 - i) * 2
            surface.blit(back, (r.x + off, r.y - off))
        label = theme.text(str(model.deck), max(9, round(L.tile * 0.07)), theme.INK, "sans-bold")
        badge = label.get_rect(center=(r.right, r.bottom)).inflate(8, 2)
        pygame.draw.rect(surface, theme.BRASS_LIGHT, badge, border_radius=badge.h // 2)
        surface.blit(label, label.get_rect(center=badge.center))

    def _draw_tile(self, surface: pygame.Surface, cell: int, tv: TileVis, model: BoardModel) -> None:
        L, art = self.layout, self.art
        assert L is not None and art is not None
        r, c = divmod(cell, 3)
        center = L.cell_center((r + tv.dr, c + tv.dc))
        wall = tv.wall
        face = tv.suspect if tv.flip < 0.5 else not tv.suspect
        turning = abs(wall - round(wall)) > 1e-4
        if not turning:
            img = art.composite(tv.char, face, round(wall) % 4)
        else:
            img = pygame.transform.rotozoom(art.base_alpha(tv.char, face), -90 * wall, 1.0)
            if face:
                img = img.copy()
                art.put_emblem(img, tv.char, (img.get_width() / 2, img.get_height() / 2))
        lift = tv.lift
        if tv.flip > 0:
            k = abs(math.cos(math.pi * tv.flip))
            w = max(1, round(img.get_width() * k))
            h = round(img.get_height() * (1 + 0.08 * math.sin(math.pi * tv.flip)))
            img = pygame.transform.smoothscale(img, (w, h))
            lift = max(lift, math.sin(math.pi * tv.flip))
        if lift > 0:
            off = round(L.tile * 0.06 * lift)
            if img.get_flags() & pygame.SRCALPHA:
                sh = img.copy()
                sh.fill((0, 0, 0, int(120 * min(1.0, lift))), special_flags=pygame.BLEND_RGBA_MULT)
            else:
                sh = pygame.Surface(img.get_size(), pygame.SRCALPHA)
                sh.fill((0, 0, 0, int(120 * min(1.0, lift))))
            surface.blit(sh, sh.get_rect(center=(center[0] + off, center[1] + off * 1.4)))
        surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1] - L.tile * 0.03 * lift))))

    def _draw_tile_marks(self, surface: pygame.Surface, model: BoardModel, hl: Highlights, clock: float) -> None:
        L = self.layout
        assert L is not None
        pul = 0.5 + 0.5 * math.sin(clock * 5)
        lw = max(2, round(L.tile * 0.025))
        if hl.jack_cell is not None and model.view == "jack":
            r = L.cell_rect(hl.jack_cell).inflate(-lw * 2, -lw * 2)
            pygame.draw.rect(surface, theme.JACK_RED, r, lw, border_radius=round(L.tile * 0.05))
            tag = theme.text(_("You"), max(10, round(L.tile * 0.1)), theme.PARCHMENT, "sans-bold")
            box = tag.get_rect(topleft=(r.x + lw + 2, r.y + lw + 2)).inflate(10, 4)
            pygame.draw.rect(surface, theme.JACK_RED, box, border_radius=box.h // 2)
            surface.blit(tag, tag.get_rect(center=box.center))
        for cell in hl.recent_cells:
            r = L.cell_rect(cell).inflate(-lw * 3, -lw * 3)
            _dashed_rect(surface, theme.BRASS_LIGHT, r, max(2, lw - 1), round(L.tile * 0.06))
        for cell in hl.cells:
            if cell in hl.chosen:
                continue
            r = L.cell_rect(cell).inflate(-lw, -lw)
            col = theme.mix(theme.HIGHLIGHT, (255, 255, 255), pul * 0.4)
            pygame.draw.rect(surface, col, r, lw, border_radius=round(L.tile * 0.05))
        for cell in hl.chosen:
            r = L.cell_rect(cell).inflate(-lw, -lw)
            pygame.draw.rect(surface, theme.SELECT, r, lw + 2, border_radius=round(L.tile * 0.05))
        if hl.focus and hl.focus[0] == "cell":
            r = L.cell_rect(hl.focus[1]).inflate(lw * 2, lw * 2)
            pygame.draw.rect(surface, (255, 255, 255), r, 2, border_radius=round(L.tile * 0.06))
        # rotated this round: a small curled arrow in the tile corner
        for cell, tv in enumerate(model.tiles):
            if model.rotated >> tv.char & 1 and not (tv.dr or tv.dc):
                r = L.cell_rect(cell)
                cx, cy = r.right - L.tile * 0.11, r.y + L.tile * 0.11
                pygame.draw.circle(surface, (18, 18, 22), (cx, cy), L.tile * 0.075)
                rad = L.tile * 0.045
                w = max(2, round(L.tile * 0.012))
                pygame.draw.arc(surface, theme.BRASS_LIGHT, (cx - rad, cy - rad, 2 * rad, 2 * rad), 0.9, 5.6, w)
                # arrow head at the arc's start (pointing clockwise)
                hx, hy = cx + rad * math.cos(0.9), cy - rad * math.sin(0.9)
                h = L.tile * 0.03
                head = [(hx + h * 0.9, hy - h * 0.1), (hx - h * 0.5, hy - h * 0.8), (hx - h * 0.1, hy + h * 0.7)]
                pygame.draw.polygon(surface, theme.BRASS_LIGHT, head)

    def _draw_sight(self, surface: pygame.Surface, model: BoardModel, hl: Highlights) -> None:
        """Lines of sight: the witness call's beams, or the player's 'show sight' toggle.

        Each beam runs from a detective along his row or column to the far
        side of the last tile he sees; a red bar marks a wall that blocks him
        at once.  Tiles nobody sees are darkened.
        """
        L = self.layout
        assert L is not None
        if model.sight and model.sight_alpha > 0:
            lines, t, alpha = model.sight, model.sight_t, model.sight_alpha
        elif hl.sight_preview is not None:
            lines, t, alpha = hl.sight_preview, 1.0, 0.8
        elif hl.show_sight:
            lines, t, alpha = model.sight_lines(), 1.0, 0.8
        else:
            return
        if self._overlay is None or self._overlay.get_size() != L.board.size:
            self._overlay = pygame.Surface(L.board.size, pygame.SRCALPHA)
        ov = self._overlay
        ov.fill((0, 0, 0, 0))
        ox, oy = L.board.topleft
        seen: set[int] = set()
        for _pos, cells in lines:
            seen.update(cells)
        # pygame.draw replaces pixels on an alpha surface: fills first, beams on top
        for cell in range(9):
            r = L.cell_rect(cell).move(-ox, -oy)
            if cell in seen:
                pygame.draw.rect(ov, (*theme.SIGHT, int(34 * alpha * t)), r)
            else:
                pygame.draw.rect(ov, (0, 0, 12, int(130 * alpha * t)), r)
        for cell in seen:
            r = L.cell_rect(cell).move(-ox, -oy)
            pygame.draw.rect(ov, (*theme.SIGHT, int(190 * alpha * t)), r.inflate(-6, -6), 2,
                             border_radius=round(L.tile * 0.04))
        for pos, cells in lines:
            sx, sy = L.position_center(pos)
            dx, dy = [(0, 1), (-1, 0), (0, -1), (1, 0)][pos // 3]
            n = len(cells)
            length = (L.ring / 2 + L.tile * n) * t if n else L.ring / 2 * t
            ex, ey = sx + dx * length, sy + dy * length
            half = L.tile * 0.15
            px, py = -dy * half, dx * half
            for k, a in ((1.0, 50), (0.5, 70)):
                poly = [(sx - ox + px * 0.35 * k, sy - oy + py * 0.35 * k), (ex - ox + px * k, ey - oy + py * k),
                        (ex - ox - px * k, ey - oy - py * k), (sx - ox - px * 0.35 * k, sy - oy - py * 0.35 * k)]
                pygame.draw.polygon(ov, (*theme.SIGHT, int(a * alpha)), poly)
            pygame.draw.line(ov, (255, 250, 220, int(235 * alpha)), (sx - ox, sy - oy), (ex - ox, ey - oy),
                             max(3, round(L.tile * 0.022)))
            if n:
                pygame.draw.circle(ov, (255, 250, 220, int(235 * alpha)), (ex - ox, ey - oy), max(3, L.tile * 0.028))
            elif t >= 1:
                bx, by = sx - ox + dx * (L.ring / 2), sy - oy + dy * (L.ring / 2)
                pygame.draw.line(ov, (235, 80, 70, int(240 * alpha)), (bx - px * 0.9, by - py * 0.9),
                                 (bx + px * 0.9, by + py * 0.9), max(4, round(L.tile * 0.035)))
        surface.blit(ov, L.board.topleft)
        if hl.note and hl.sight_preview is not None:
            draw_note(surface, hl.note, L.board, max(11, round(L.tile * 0.075)))

    def _draw_lane_targets(self, surface: pygame.Surface, model: BoardModel, hl: Highlights,
                           clock: float) -> None:
        L = self.layout
        assert L is not None
        pul = 0.5 + 0.5 * math.sin(clock * 5)
        for pos, dets in hl.positions.items():
            cx, cy = L.position_center(pos)
            r = L.tile * (0.24 + 0.02 * pul)
            col = theme.mix(theme.HIGHLIGHT, (255, 255, 255), pul * 0.3)
            theme.aa_circle(surface, col, (cx, cy), r, max(2, round(L.tile * 0.02)))
            if hl.focus == ("pos", pos):
                theme.aa_circle(surface, (255, 255, 255), (cx, cy), r + 5, 2)
            # ghost pawn of the detective who would land here
            if dets:
                img = self.art.pawn(dets[0], L.tile * 0.19).copy()  # type: ignore[union-attr]
                img.set_alpha(110)
                surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
            # step count
            for d in dets[:1]:
                steps = (pos - round(model.detectives[d])) % 12
                lab = theme.text(str(steps), max(10, round(L.tile * 0.1)), theme.INK, "sans-bold")
                bx, by = cx + L.tile * 0.17, cy - L.tile * 0.17
                theme.aa_circle(surface, theme.HIGHLIGHT, (bx, by), L.tile * 0.075)
                surface.blit(lab, lab.get_rect(center=(round(bx), round(by))))

    def pawn_centers(self, model: BoardModel) -> list[tuple[float, float]]:
        """Where each detective's pawn is drawn (several on one spot stand side by side)."""
        L = self.layout
        assert L is not None
        groups: dict[float, list[int]] = {}
        for d, p in enumerate(model.detectives):
            groups.setdefault(round(p % 12, 4), []).append(d)
        rad = L.tile * 0.19
        out: list[tuple[float, float]] = [(0.0, 0.0)] * len(model.detectives)
        for p, dets in groups.items():
            x0, y0 = L.walk_point(p)
            n = len(dets)
            side = int(p) // 3 if p == int(p) else None
            for k, d in enumerate(dets):
                x, y = x0, y0
                if n > 1:
                    off = (k - (n - 1) / 2) * rad * 1.25
                    if side in (0, 2) or side is None:
                        x += off
                    else:
                        y += off
                frac = model.detectives[d] % 1
                if frac:
                    y -= abs(math.sin(frac * math.pi * 2)) * L.tile * 0.04
                out[d] = (x, y)
        return out

    def detective_at(self, model: BoardModel, pos: tuple[int, int]) -> int | None:
        L = self.layout
        assert L is not None
        best, bd = None, L.tile * 0.2
        for d, (x, y) in enumerate(self.pawn_centers(model)):
            dist = math.hypot(pos[0] - x, pos[1] - y)
            if dist <= bd:
                best, bd = d, dist
        return best

    def _draw_detectives(self, surface: pygame.Surface, model: BoardModel, hl: Highlights, clock: float) -> None:
        L, art = self.layout, self.art
        assert L is not None and art is not None
        rad = L.tile * 0.19
        pul = 0.5 + 0.5 * math.sin(clock * 5)
        for d, (x, y) in enumerate(self.pawn_centers(model)):
            img = art.pawn(d, rad)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
            if d in hl.detectives:
                theme.aa_circle(surface, theme.mix(theme.HIGHLIGHT, (255, 255, 255), pul * 0.4),
                                (x, y), rad * 1.12, max(2, round(L.tile * 0.02)))
            elif d == hl.recent_detective:
                theme.aa_circle(surface, theme.BRASS_LIGHT, (x, y), rad * 1.14, 2)
            if hl.focus == ("det", d):
                theme.aa_circle(surface, (255, 255, 255), (x, y), rad * 1.3, 2)

    def _draw_arrows(self, surface: pygame.Surface, hl: Highlights, clock: float) -> None:
        """Four chips on the picked tile's sides: click one to put the wall there."""
        L = self.layout
        assert L is not None and hl.arrows is not None
        cell, dirs = hl.arrows
        pul = 0.5 + 0.5 * math.sin(clock * 5)
        for d in range(4):
            cx, cy = L.arrow_center(cell, d)
            ok = d in dirs
            r = L.tile * 0.095
            theme.aa_circle(surface, (0, 0, 0), (cx + 2, cy + 3), r)
            theme.aa_circle(surface, (28, 28, 34) if ok else (48, 30, 30), (cx, cy), r)
            ring = theme.mix(theme.HIGHLIGHT, (255, 255, 255), pul * 0.4) if ok else (120, 80, 72)
            if hl.focus == ("dir", d):
                ring = (255, 255, 255)
            theme.aa_circle(surface, ring, (cx, cy), r, max(2, round(L.tile * 0.014)))
            ang = [-math.pi / 2, 0, math.pi / 2, math.pi][d]
            ux, uy = math.cos(ang), math.sin(ang)
            px, py = -uy, ux
            # the wall bar at the outer side, an arrow pointing at it
            bx, by = cx + ux * r * 0.45, cy + uy * r * 0.45
            bar = [(bx - px * r * 0.55, by - py * r * 0.55), (bx + px * r * 0.55, by + py * r * 0.55)]
            pygame.draw.line(surface, theme.BRICK_LIGHT if ok else (100, 70, 64), bar[0], bar[1],
                             max(3, round(r * 0.3)))
            tip = (cx + ux * r * 0.18, cy + uy * r * 0.18)
            base = (cx - ux * r * 0.45, cy - uy * r * 0.45)
            col = theme.PARCHMENT if ok else (120, 100, 96)
            pygame.draw.polygon(surface, col, [tip, (base[0] + px * r * 0.38, base[1] + py * r * 0.38),
                                               (base[0] - px * r * 0.38, base[1] - py * r * 0.38)])
            if not ok:
                pygame.draw.line(surface, (200, 80, 70), (cx - r * 0.6, cy - r * 0.6), (cx + r * 0.6, cy + r * 0.6),
                                 max(2, round(r * 0.14)))

    def _draw_preview(self, surface: pygame.Surface, model: BoardModel, hl: Highlights, clock: float) -> None:
        a = hl.preview
        if a is None:
            return
        L, art = self.layout, self.art
        assert L is not None and art is not None
        kind = a.kind  # type: ignore[attr-defined]
        args = a.args  # type: ignore[attr-defined]
        if kind == "rotate":
            cell = int(args[0])
            tv = model.tiles[cell]
            img = art.composite(tv.char, tv.suspect, "NESW".index(str(args[1]))).copy()
            r = L.cell_rect(cell)
            surface.blit(img, img.get_rect(center=r.center))
            pygame.draw.rect(surface, theme.SELECT, r.inflate(-2, -2), 3, border_radius=round(L.tile * 0.05))
        elif kind == "exchange":
            x, y = int(args[0]), int(args[1])
            ax, ay = L.cell_center(x)
            bx, by = L.cell_center(y)
            for cell in (x, y):
                pygame.draw.rect(surface, theme.SELECT, L.cell_rect(cell).inflate(-2, -2), 3,
                                 border_radius=round(L.tile * 0.05))
            _arrow(surface, theme.SELECT, (ax, ay), (bx, by), max(3, round(L.tile * 0.03)), L.tile * 0.28)
            _arrow(surface, theme.SELECT, (bx, by), (ax, ay), max(3, round(L.tile * 0.03)), L.tile * 0.28)
        elif kind in DETECTIVES or (kind == "joker" and args[0] != "none"):
            d = DETECTIVES.index(kind if kind in DETECTIVES else str(args[0]))
            steps = int(args[0]) if kind in DETECTIVES else 1
            start = round(model.detectives[d])
            pts = [L.walk_point(start + i / 8) for i in range(steps * 8 + 1)]
            pygame.draw.lines(surface, theme.SELECT, False, pts, max(2, round(L.tile * 0.02)))
            img = art.pawn(d, L.tile * 0.19).copy()
            img.set_alpha(200)
            tx, ty = L.position_center(start + steps)
            surface.blit(img, img.get_rect(center=(round(tx), round(ty))))
            theme.aa_circle(surface, theme.SELECT, (tx, ty), L.tile * 0.25, 3)

    # ------------------------------------------------------------- panel
    def draw_track(self, surface: pygame.Surface, model: BoardModel) -> None:
        L, art = self.layout, self.art
        assert L is not None and art is not None
        theme.blit_text(surface, _("Rounds"), max(10, round(13 * L.scale)), theme.TEXT_DIM,
                        (L.track.x, L.track.y), "topleft", "sans-bold")
        for i, (cx, cy) in enumerate(L.track_centers):
            rnd = i + 1
            if i < len(model.track):
                who = model.track[i]
                img = art.round_token("empty", L.track_r)
                surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
                mark = art.round_token(who, L.track_r * 0.62)
                surface.blit(mark, mark.get_rect(center=(round(cx), round(cy))))
                continue
            if model.track_fly is not None and model.track_fly[0] == i:
                img = art.round_token("empty", L.track_r)
                surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
                continue
            img = art.round_token(str(rnd), L.track_r)
            surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
            if rnd == model.round and model.outcome is None:
                theme.aa_circle(surface, theme.GASLIGHT, (cx, cy), L.track_r * 1.2, 2)

    def draw_tokens(self, surface: pygame.Surface, model: BoardModel, hl: Highlights, clock: float) -> None:
        L, art = self.layout, self.art
        assert L is not None and art is not None
        s = L.scale
        if model.tokens is None:
            msg = _("The tokens are thrown at the start of each odd round.")
            for i, line in enumerate(theme.wrap(msg, max(10, round(13 * s)), L.tokens.w - 20)):
                theme.blit_text(surface, line, max(10, round(13 * s)), theme.TEXT_FAINT,
                                (L.tokens.centerx, L.tokens.centery - 10 * s + i * 17 * s), "center")
            return
        pul = 0.5 + 0.5 * math.sin(clock * 5)
        fs = max(9, round(12.5 * s))
        for i, tv in enumerate(model.tokens):
            cx, cy = L.token_centers[i]
            face = tv.face if tv.flip < 0.5 else 1 - tv.face
            name = TOKENS[i][face]
            if tv.fly < 1:
                # thrown in from above the panel, spinning
                f = tv.fly
                cy = cy - (1 - f) * L.token_r * 2.2
                cx = cx + math.sin(f * 9 + i) * (1 - f) * L.token_r
            cy -= tv.lift * L.token_r * 0.35
            img = art.token(name, L.token_r)
            k = 1.0
            if tv.flip > 0:
                k = abs(math.cos(math.pi * tv.flip))
            if tv.spin:
                k *= abs(math.cos(tv.spin * math.pi))
            if k < 0.999:
                img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)), img.get_height()))
            if tv.used > 0 or tv.alpha < 1:
                img = img.copy()
                if tv.used > 0:
                    k = round(255 - 140 * tv.used)
                    img.fill((k, k, k, 255), special_flags=pygame.BLEND_RGBA_MULT)
                img.set_alpha(int(255 * tv.alpha * (1 - 0.45 * tv.used)))
            surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
            if i == hl.selected_token:
                theme.aa_circle(surface, theme.SELECT, (cx, cy), L.token_r * 1.12, 3)
            elif i in hl.tokens:
                theme.aa_circle(surface, theme.mix(theme.HIGHLIGHT, (255, 255, 255), pul * 0.4), (cx, cy),
                                L.token_r * 1.1, 2)
            if hl.focus == ("token", i):
                theme.aa_circle(surface, (255, 255, 255), (cx, cy), L.token_r * 1.22, 2)
            label = texts.face_name(name)
            col = theme.TEXT if tv.used < 0.5 else theme.TEXT_FAINT
            size = theme.fit_size(label, fs, int(L.tokens.w / 4 - 4), "sans-bold")
            theme.blit_text(surface, label, size, col, (L.token_centers[i][0], L.token_centers[i][1] + L.token_r
                                                        + 6 * s), "midtop", "sans-bold", alpha=int(255 * tv.alpha))
            if tv.used >= 1 and tv.flip == 0:
                tick = theme.text(_("played"), max(8, round(10 * s)), theme.TEXT_FAINT)
                surface.blit(tick, tick.get_rect(midtop=(round(L.token_centers[i][0]),
                                                         round(L.token_centers[i][1] + L.token_r + 22 * s))))
            elif hl.tokens and i in hl.tokens and hl.selected_token is None:
                key = theme.text(f"[{i + 1}]", max(8, round(10 * s)), theme.TEXT_DIM)
                surface.blit(key, key.get_rect(midtop=(round(L.token_centers[i][0]),
                                                       round(L.token_centers[i][1] + L.token_r + 22 * s))))

    def heading_end(self, side: str) -> float:
        """The x where the heading of ``side``'s box ends (round tokens stop short of it)."""
        L = self.layout
        assert L is not None
        s = L.scale
        r = L.hand_inv if side == "investigator" else L.hand_jack
        width = theme.font(max(11, round(15 * s)), "serif-bold").size(texts.side_name(side))[0]
        return r.x + 10 * s + width + 6 * s

    def draw_hands(self, surface: pygame.Surface, model: BoardModel) -> None:
        """The two sides' boxes: scores, suspects, round tokens won, and alibi cards."""
        L, art = self.layout, self.art
        assert L is not None and art is not None
        s = L.scale
        hs = max(11, round(15 * s))
        small = max(9, round(12 * s))
        # ---- investigator
        r = L.hand_inv
        theme.blit_text(surface, texts.side_name("investigator"), hs, theme.INVESTIGATOR_BLUE,
                        (r.x + 10 * s, r.y + 8 * s), "topleft", "serif-bold")
        sus = model.suspects()
        theme.blit_text(surface, _("Suspects: {n}").format(n=len(sus)), small, theme.TEXT,
                        (r.x + 10 * s, r.y + 8 * s + hs + 4 * s), "topleft")
        em = max(12, min(round(22 * s), int((r.w - 20 * s) / 5.4)))
        for k in range(9):
            row, col = divmod(k, 5)
            x = r.x + 10 * s + col * (em + 3)
            y = r.y + 8 * s + hs + small + 12 * s + row * (em + 3)
            img = art.emblem(k, em, cleared=k not in sus)
            surface.blit(img, (round(x), round(y)))
        won = [i for i, w in enumerate(model.track) if w == "investigator"]
        end = self.heading_end("investigator")
        for k, i in enumerate(won):
            img = art.round_token(str(i + 1), L.won_token_radius("investigator", len(won), end))
            centre = L.won_token_center("investigator", k, len(won), end)
            surface.blit(img, img.get_rect(center=tuple(map(round, centre))))
        for k, card in enumerate(model.icards):
            rect = L.card_rect("investigator", k)
            surface.blit(art.card(card, rect.w, rect.h), rect)
        # ---- jack
        r = L.hand_jack
        theme.blit_text(surface, texts.side_name("jack"), hs, theme.JACK_RED, (r.x + 10 * s, r.y + 8 * s),
                        "topleft", "serif-bold")
        won = [i for i, w in enumerate(model.track) if w == "jack"]
        end = self.heading_end("jack")
        for k, _i in enumerate(won):
            img = art.round_token("jack", L.won_token_radius("jack", len(won), end))
            centre = L.won_token_center("jack", k, len(won), end)
            surface.blit(img, img.get_rect(center=tuple(map(round, centre))))
        idr = L.card_rect("identity", 0)
        if model.jack is not None:
            card = model.jack if model.jack_known() else HIDDEN
            surface.blit(art.card(card, idr.w, idr.h), idr)
            tx = idr.right + 8 * s
            tw = int(r.right - tx - 6)
            # text lines right of the identity card, stopping above the row of drawn cards
            limit = L.card_rect("jack", 0).y - 2 if model.jcards else r.bottom - 4
            lines: list[tuple[str, int, theme.Color, str]] = []
            if model.jack_known():
                jc = CHARS[model.jack].rgb
                if model.view == "jack" and model.outcome is None:
                    lines.append((_("You are"), small, theme.TEXT_DIM, "sans"))
                    name = texts.short_name(model.jack)
                else:  # the investigator at the end, or Jack looking back on his game
                    lines.append((_("Jack was"), small, theme.TEXT_DIM, "sans"))
                    name = texts.character_name(model.jack)
                lines.append((name, hs,
                              jc if theme.luminance(jc) > 0.2 else theme.PARCHMENT, "serif-bold"))
                hg = model.hourglasses()
                if hg is not None:
                    lines.append((_("Hourglasses: {n} / 6").format(n=hg), small, theme.GASLIGHT, "sans"))
                if model.jack_seen is not None and model.outcome is None:
                    lines.append((_("Now: seen") if model.jack_seen else _("Now: unseen"), small, theme.TEXT_DIM,
                                  "sans"))
            else:
                tokens = sum(1 for w in model.track if w == "jack")
                lines.append((_("Identity: secret"), small, theme.TEXT_DIM, "sans"))
                lines.append((_("Round tokens: {n}").format(n=tokens), small, theme.TEXT, "sans"))
                if model.jcards:
                    lines.append((_("Hidden alibis: {n}").format(n=len(model.jcards)), small, theme.TEXT, "sans"))
            draw_fitted_lines(surface, lines, tx, idr.y, tw, limit, round(2 * s))
        for k, card in enumerate(model.jcards):
            rect = L.card_rect("jack", k)
            surface.blit(art.card(card, rect.w, rect.h), rect)

    def slot_rect(self, slot: tuple[str, int]) -> pygame.Rect:
        L = self.layout
        assert L is not None
        hand, k = slot
        if hand == "deck":
            return L.deck_rect()
        return L.card_rect(hand, k)

    def draw_flying(self, surface: pygame.Surface, model: BoardModel) -> None:
        """Cards in the air and the round token travelling to its winner."""
        L, art = self.layout, self.art
        assert L is not None and art is not None
        for fc in model.flying:
            a = self.slot_rect(fc.src)
            b = self.slot_rect(fc.dst)
            t = fc.t
            x = a.centerx + (b.centerx - a.centerx) * t
            y = a.centery + (b.centery - a.centery) * t - math.sin(math.pi * t) * L.tile * 0.6
            w = a.w + (b.w - a.w) * t
            h = a.h + (b.h - a.h) * t
            show = fc.card if (fc.face_up and fc.turn >= 0.5) else HIDDEN
            img = art.card(show, max(4, round(w)), max(4, round(h)))
            if 0 < fc.turn < 1:
                k = abs(math.cos(math.pi * fc.turn))
                img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)), img.get_height()))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        if model.track_fly is not None:
            i, side, t = model.track_fly
            ax, ay = L.track_centers[i]
            k = sum(1 for w in model.track if w == side)
            bx, by = L.won_token_center(side, k, k + 1, self.heading_end(side))
            x = ax + (bx - ax) * t
            y = ay + (by - ay) * t - math.sin(math.pi * t) * L.track_r * 3
            rad = L.track_r * (1 + 0.5 * math.sin(math.pi * t)) * (1 - 0.28 * t)
            label = side if t > 0.5 else str(i + 1)
            img = art.round_token(label, rad)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def draw_banner(self, surface: pygame.Surface, model: BoardModel) -> None:
        if model.banner_alpha <= 0 or not model.banner:
            return
        L = self.layout
        assert L is not None
        size = max(14, round(L.tile * 0.16))
        lines = theme.wrap(model.banner, size, int(L.grid.w * 1.05), "serif-bold")
        lh = theme.font(size, "serif-bold").get_linesize()
        w = max(theme.font(size, "serif-bold").size(li)[0] for li in lines) + 60
        h = lh * len(lines) + 30
        box = pygame.Rect(0, 0, w, h)
        box.center = L.grid.center
        s = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (10, 10, 14, 255), s.get_rect(), border_radius=14)  # opaque: no name shows through
        pygame.draw.rect(s, (*model.banner_colour, 255), s.get_rect(), 3, border_radius=14)
        pygame.draw.rect(s, (*theme.shade(model.banner_colour, 0.5), 255), s.get_rect().inflate(-8, -8), 1,
                         border_radius=11)
        for i, li in enumerate(lines):
            theme.blit_text(s, li, size, model.banner_colour, (w // 2, 15 + i * lh), "midtop", "serif-bold",
                            shadow=True)
        s.set_alpha(int(255 * min(1.0, model.banner_alpha)))
        surface.blit(s, box)


def _clockwise_angle(pos: int) -> float:
    """Screen angle of the clockwise direction along the lane at ``pos``."""
    return [0.0, math.pi / 2, math.pi, -math.pi / 2][pos // 3]


def _arrow(surface: pygame.Surface, col, a: tuple[float, float], b: tuple[float, float], width: int,
           inset: float) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    # bow the line sideways so the two arrows of a swap do not overlap
    nx, ny = -uy, ux
    bow = min(40.0, d * 0.12)
    p0 = (a[0] + ux * inset + nx * bow, a[1] + uy * inset + ny * bow)
    p1 = (b[0] - ux * inset + nx * bow, b[1] - uy * inset + ny * bow)
    pygame.draw.line(surface, col, p0, p1, width)
    h = width * 3
    pygame.draw.polygon(surface, col, [(p1[0] + ux * h, p1[1] + uy * h),
                                       (p1[0] - nx * h * 0.8, p1[1] - ny * h * 0.8),
                                       (p1[0] + nx * h * 0.8, p1[1] + ny * h * 0.8)])


def _dashed_rect(surface: pygame.Surface, col, rect: pygame.Rect, width: int, dash: int) -> None:
    """A dashed outline (marks what the last move changed)."""
    dash = max(4, dash)
    for (x0, y0), (x1, y1) in ((rect.topleft, rect.topright), (rect.topright, rect.bottomright),
                               (rect.bottomright, rect.bottomleft), (rect.bottomleft, rect.topleft)):
        length = max(abs(x1 - x0), abs(y1 - y0))
        for a in range(0, length, dash * 2):
            b = min(length, a + dash)
            t0, t1 = a / length, b / length
            pygame.draw.line(surface, col, (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0),
                             (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1), width)

