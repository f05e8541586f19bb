"""The Whitechapel board: layout maths, the drawn model, cached art, and drawing.

- :class:`Layout` turns a window size into the hex board (flat-topped
  hexes in 13 columns, doubled rows: centre ``x = 1.5 R col``,
  ``y = sqrt(3)/2 R row``, upright as the investigator sees it), the strip
  under it (the round's four character cards, the witness card and the
  alibi deck) and the side panel (header, round track, prompt, the two
  sides' boxes, the log).  Hit tests live here too.
- :class:`LondonModel` is what one side may see, built from its
  observation and then moved by tweens while a move animates.
- :class:`LondonView` draws a model.  The board (streets, buildings, lamp
  posts, manholes, exits) is one cached layer per size; the lit lamps,
  covers and cordons at rest are a second cached layer, rebuilt only when
  they change; pawns and cards are cached sprites.  A frame is mostly blits.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from ...engine.london.board import (
    ADJ,
    BEAM,
    COORDS,
    EXIT_CELL,
    EXITS,
    INDEX,
    LAMP_CELLS,
    N_CELLS,
    NAMES,
    NEIGHBOUR,
    OFF_BOARD,
    STREET,
    cells_of,
)
from ...engine.london.data import CHARACTER_IDS, DATA, DIRECTIONS
from ...engine.london.state import LondonState
from .. import theme
from ..hex.board import SQ3, HexArt, HexBoardView, HexLayout, Highlights, Look, arrow, lerp_angle, path_line
from ..hex.model import CardModel, FlyingCard, PawnVis
from ..hex.sprites import SS, board_canvas, cobbles, finish, hexagon, token_canvas
from ..marks import mark_function
from . import texts
from .paths import walk_path

IDS = CHARACTER_IDS
CHARS = DATA.characters
#: (col, row) of each exit's off-board cell, in EXITS order
EXIT_XY: tuple[tuple[int, int], ...] = tuple((e.col, e.row) for e in DATA.exits)
CELL_TYPE = tuple(c.type for c in DATA.cells)
ALL_MANHOLES = tuple(sorted({INDEX[m] for ed in DATA.editions.values() for m in ed.manholes}))
#: screen angle (radians, y down) of each hex direction N NE SE S SW NW
DIR_ANGLE = tuple(math.atan2(dr * SQ3 / 2, dc * 1.5) for _n, dc, dr in DATA.directions)
CHARACTER_CARD_GREEN = (38, 70, 52)
GARDENS = frozenset(INDEX[c] for c in ("d8", "j5", "h9"))


def position_xy(pos: int) -> tuple[int, int]:
    """(col, row) of a cell (0-85) or an exit (86-89)."""
    return COORDS[pos] if pos < OFF_BOARD else EXIT_XY[pos - OFF_BOARD]


# ======================================================================= layout

# ======================================================================= layout
class Layout(HexLayout):
    """Where everything goes for a window of ``size`` pixels: the Whitechapel board (13 columns)."""

    GRID_W = 20.0
    GRID_H = 9 * SQ3
    PAD_X = PAD_Y = 0.3
    N_POS = OFF_BOARD + len(EXITS)
    N_CELLS = N_CELLS
    xy = staticmethod(position_xy)

    def fit_radius(self, area: pygame.Rect, strip_min: int, gap: int) -> float:
        R = (area.w - 4) / 20.6
        if 9 * SQ3 * R * 1.03 + strip_min + gap > area.h:
            R = (area.h - strip_min - gap) / (9 * SQ3 * 1.03)
        return R

    def arrow_center(self, cell: int, d: int) -> tuple[float, float]:
        """Where the lantern arrow for direction ``d`` sits around ``cell``."""
        x, y = self.center(cell)
        a = DIR_ANGLE[d]
        return (x + math.cos(a) * self.R * 1.25, y + math.sin(a) * self.R * 1.25)

    def arrow_at(self, cell: int, pos: tuple[int, int]) -> int | None:
        for d in range(6):
            x, y = self.arrow_center(cell, d)
            if math.hypot(pos[0] - x, pos[1] - y) <= self.R * 0.42:
                return d
        return None


# ======================================================================== model
@dataclass
class TokenVis:
    """A lamp token, a manhole cover or a police cordon, wherever it is drawn."""

    col: float
    row: float
    number: int | None = None  # lamps 1-4; None for the two unnumbered lamps and other tokens
    lit: float = 1.0           # lamps: 0 out .. 1 lit
    lift: float = 0.0

    def at_rest(self) -> bool:
        return self.lift == 0 and self.col == round(self.col) and self.row == round(self.row)

@dataclass(kw_only=True)
class LondonModel(CardModel):
    """What one side may see of a London game, as drawn this frame: the shared card-game part
    (:class:`~game.ui.hex.model.CardModel`) and Whitechapel's tokens, Watson's lantern and the whistle.

    Built by :meth:`from_view` from an observation; tweens move it.
    """

    edition: str
    lamps: list[TokenVis]
    covers: list[TokenVis]
    cordons: list[TokenVis]
    manholes: tuple[int, ...]
    lantern: float
    points: int = 0
    # transient animation parts
    beam_alpha: float = 1.0
    whistle_t: float = 0.0

    @classmethod
    def from_view(cls, obs: LondonState) -> LondonModel:
        m = cls(view=obs.view, phase=obs.phase, edition=obs.edition, lamps=[], covers=[], cordons=[], manholes=(),
                lantern=0.0, **cls.empty())
        m.sync(obs)
        return m

    def sync(self, obs: LondonState) -> None:
        """Snap every field to ``obs`` and drop the transient animation parts."""
        from ...engine.london.state import MANHOLES

        self.sync_cards(obs)
        self.edition = obs.edition
        self.pawns = []
        # an alibi the investigator drew proves that character innocent: struck on the screen that saw it
        alibis = {c for c in obs.icards if c >= 0}
        for c, p in enumerate(obs.pos):
            col, row = position_xy(p)
            suspect = bool(obs.suspects >> c & 1) and c not in alibis
            self.pawns.append(PawnVis(char=c, col=float(col), row=float(row), suspect=suspect,
                                      alpha=0.0 if p >= OFF_BOARD else 1.0))
        self.lamps = []
        for t, p in enumerate(obs.lamps):
            if p >= 0:
                col, row = COORDS[p]
                self.lamps.append(TokenVis(float(col), float(row), number=t + 1 if t < 4 else None))
        self.covers = [TokenVis(*map(float, COORDS[c])) for c in obs.covers]
        self.cordons = [TokenVis(*map(float, EXIT_XY[e])) for e in obs.cordons]
        self.manholes = tuple(cells_of(MANHOLES[obs.edition]))
        self.lantern = float(obs.lantern)
        self.points = obs.points
        self.beam_alpha = 1.0
        self.whistle_t = 0.0

    # ------------------------------------------------------------ queries
    def pawn_cell(self, c: int) -> int | None:
        p = self.pawns[c]
        if p.alpha <= 0:
            return None
        return _AT.get((round(p.col), round(p.row)))

    def watson_cell(self) -> int | None:
        return self.pawn_cell(1)


_AT = {xy: i for i, xy in enumerate(COORDS)}



# ========================================================================== art
class Art(HexArt):
    """Sprites for one hex radius (pawns, cards and the London tokens); rebuilt when the window is resized."""

    def lamp(self, radius: float, number: int | None, lit: bool = True) -> pygame.Surface:
        r = max(4, round(radius))
        return self._get(("lamp", r, number, lit), lambda: _render_lamp(r, number, lit))

    def cover(self, radius: float) -> pygame.Surface:
        r = max(4, round(radius))
        return self._get(("cover", r), lambda: _render_cover(r))

    def cordon(self, radius: float) -> pygame.Surface:
        r = max(4, round(radius))
        return self._get(("cordon", r), lambda: _render_cordon(r))


# ------------------------------------------------------------------ portraits

def _portrait(surf: pygame.Surface, char: int, cx: float, cy: float, R: float, ink: tuple, bg: tuple) -> None:
    """A head-and-shoulders silhouette with the character's own hat, radius ``R`` around (cx, cy)."""
    cid = IDS[char]
    # shoulders
    pygame.draw.ellipse(surf, ink, (cx - R * 0.78, cy + R * 0.32, R * 1.56, R * 1.1))
    # neck and head
    pygame.draw.rect(surf, ink, (cx - R * 0.13, cy + R * 0.05, R * 0.26, R * 0.35))
    head_y = cy - R * 0.08
    pygame.draw.circle(surf, ink, (cx, head_y), R * 0.33)
    hr = R * 0.33
    top = head_y - hr
    if cid == "holmes":  # deerstalker with front and back peaks, and a pipe
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.05, top - hr * 0.35, hr * 2.1, hr * 1.1))
        pygame.draw.polygon(surf, ink, [(cx - hr * 0.9, top + hr * 0.35), (cx - hr * 1.7, top + hr * 0.55),
                                        (cx - hr * 0.8, top + hr * 0.65)])
        pygame.draw.polygon(surf, ink, [(cx + hr * 0.9, top + hr * 0.35), (cx + hr * 1.7, top + hr * 0.55),
                                        (cx + hr * 0.8, top + hr * 0.65)])
        pygame.draw.line(surf, ink, (cx + hr * 0.3, head_y + hr * 0.55), (cx + hr * 1.2, head_y + hr * 0.75),
                         max(2, int(R * 0.07)))
        pygame.draw.rect(surf, ink, (cx + hr * 1.1, head_y + hr * 0.45, hr * 0.4, hr * 0.45))
    elif cid == "watson":  # bowler hat and a moustache
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.35, top + hr * 0.25, hr * 2.7, hr * 0.45))
        pygame.draw.ellipse(surf, ink, (cx - hr * 0.85, top - hr * 0.55, hr * 1.7, hr * 1.25))
        pygame.draw.ellipse(surf, bg, (cx - hr * 0.55, head_y + hr * 0.3, hr * 1.1, hr * 0.28))
    elif cid == "smith":  # the lamplighter: flat cap and his pole with a hook
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.1, top - hr * 0.2, hr * 2.1, hr * 0.95))
        pygame.draw.ellipse(surf, ink, (cx - hr * 0.2, top + hr * 0.35, hr * 1.6, hr * 0.35))
        w = max(2, int(R * 0.07))
        pygame.draw.line(surf, ink, (cx + R * 0.62, cy + R * 0.9), (cx + R * 0.62, cy - R * 0.7), w)
        pygame.draw.arc(surf, ink, (cx + R * 0.44, cy - R * 0.86, R * 0.36, R * 0.32), 0, math.pi, w)
    elif cid == "lestrade":  # a wide-brimmed inspector's hat and a high collar
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.5, top + hr * 0.2, hr * 3.0, hr * 0.5))
        pygame.draw.rect(surf, ink, (cx - hr * 0.8, top - hr * 0.5, hr * 1.6, hr * 0.9), border_radius=int(hr * 0.3))
        pygame.draw.polygon(surf, bg, [(cx - R * 0.18, cy + R * 0.4), (cx, cy + R * 0.62), (cx + R * 0.18,
                                                                                         cy + R * 0.4)])
    elif cid == "stealthy":  # a lady: hair in a bun and a small bonnet with a feather
        pygame.draw.circle(surf, ink, (cx + hr * 0.75, head_y - hr * 0.1), hr * 0.5)
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.15, top - hr * 0.15, hr * 2.1, hr * 0.8))
        pygame.draw.arc(surf, ink, (cx - hr * 1.6, top - hr * 1.0, hr * 1.6, hr * 1.4), 0.2, 1.6,
                        max(2, int(R * 0.06)))
        pygame.draw.ellipse(surf, ink, (cx - R * 0.62, cy + R * 0.28, R * 1.24, R * 1.2))
    elif cid == "goodley":  # the constable's tall domed helmet and his whistle
        pygame.draw.ellipse(surf, ink, (cx - hr * 0.95, top - hr * 1.1, hr * 1.9, hr * 1.9))
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.2, top + hr * 0.3, hr * 2.4, hr * 0.4))
        pygame.draw.circle(surf, ink, (cx, top - hr * 1.15), hr * 0.2)
        pygame.draw.circle(surf, bg, (cx, top - hr * 0.25), hr * 0.18)
        pygame.draw.line(surf, bg, (cx - R * 0.1, cy + R * 0.45), (cx + R * 0.32, cy + R * 0.62),
                         max(1, int(R * 0.05)))
    elif cid == "gull":  # a tall top hat and side-whiskers
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.3, top + hr * 0.15, hr * 2.6, hr * 0.45))
        pygame.draw.rect(surf, ink, (cx - hr * 0.8, top - hr * 1.35, hr * 1.6, hr * 1.6))
        pygame.draw.line(surf, bg, (cx - hr * 0.8, top - hr * 0.05), (cx + hr * 0.8, top - hr * 0.05),
                         max(1, int(R * 0.05)))
    elif cid == "bert":  # the reporter's newsboy cap and a notebook
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.2, top - hr * 0.35, hr * 2.3, hr * 1.15))
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.5, top + hr * 0.45, hr * 1.3, hr * 0.3))
        pygame.draw.rect(surf, bg, (cx + R * 0.22, cy + R * 0.48, R * 0.36, R * 0.44))
        pygame.draw.rect(surf, ink, (cx + R * 0.22, cy + R * 0.48, R * 0.36, R * 0.44), max(1, int(R * 0.04)))


def _power_icon(surf: pygame.Surface, char: int, c: tuple[float, float], r: float, ink: tuple) -> None:
    cid = IDS[char]
    x, y = c
    w = max(2, int(r * 0.18))
    if cid == "holmes":
        pygame.draw.rect(surf, ink, (x - r * 0.45, y - r * 0.65, r * 0.9, r * 1.3), w, border_radius=int(r * 0.1))
        theme.blit_text(surf, "?", int(r * 1.1), ink, (x, y), "center", "serif-bold")
    elif cid == "watson":
        pygame.draw.polygon(surf, ink, [(x - r * 0.7, y - r * 0.3), (x - r * 0.7, y + r * 0.3),
                                        (x + r * 0.8, y + r * 0.7), (x + r * 0.8, y - r * 0.7)], w)
    elif cid == "smith":
        pygame.draw.circle(surf, ink, (x, y - r * 0.15), r * 0.45, w)
        pygame.draw.line(surf, ink, (x, y + r * 0.3), (x, y + r * 0.85), w)
    elif cid == "lestrade":
        pygame.draw.line(surf, ink, (x - r * 0.8, y), (x + r * 0.8, y), w * 2)
        for k in (-0.4, 0.2):
            pygame.draw.line(surf, (240, 240, 240), (x + k * r, y - r * 0.1), (x + (k + 0.2) * r, y + r * 0.1), w)
    elif cid == "stealthy":
        pygame.draw.arc(surf, ink, (x - r * 0.8, y - r * 0.6, r * 1.6, r * 1.4), 0.3, math.pi - 0.3, w)
        pygame.draw.polygon(surf, ink, [(x + r * 0.75, y + r * 0.1), (x + r * 0.45, y - r * 0.05),
                                        (x + r * 0.9, y - r * 0.25)])
    elif cid == "goodley":
        pygame.draw.circle(surf, ink, (x + r * 0.15, y + r * 0.1), r * 0.45, w)
        pygame.draw.line(surf, ink, (x - r * 0.3, y - r * 0.15), (x - r * 0.85, y - r * 0.15), w * 2)
    elif cid == "gull":
        for sgn in (-1, 1):
            yy = y + sgn * r * 0.3
            pygame.draw.line(surf, ink, (x - r * 0.7, yy), (x + r * 0.7, yy), w)
            tip = x + r * 0.7 if sgn < 0 else x - r * 0.7
            d = r * 0.3 * (1 if sgn < 0 else -1)
            pygame.draw.polygon(surf, ink, [(tip + d * 0.4, yy), (tip - d * 0.6, yy - r * 0.25),
                                            (tip - d * 0.6, yy + r * 0.25)])
    elif cid == "bert":
        pygame.draw.circle(surf, ink, (x, y), r * 0.7, w)
        pygame.draw.line(surf, ink, (x - r * 0.5, y - r * 0.5), (x + r * 0.5, y + r * 0.5), w)


def _render_lamp(r: int, number: int | None, lit: bool) -> pygame.Surface:
    """A gas lamp token from above: a brass lantern with its flame, numbered 1-4 or blank."""
    surf, R, c = token_canvas(r, 2.6, (0.08, 0.14, 140))
    pts = hexagon(c, c, R)
    pygame.draw.polygon(surf, theme.BRASS_DARK, pts)
    pygame.draw.polygon(surf, theme.BRASS, hexagon(c, c, R * 0.86))
    glass = (255, 224, 150) if lit else (60, 58, 54)
    pygame.draw.polygon(surf, glass, hexagon(c, c, R * 0.66))
    if lit:
        pygame.draw.circle(surf, (255, 250, 226), (c, c), R * 0.36)
    for k in range(6):
        a = math.pi / 3 * k
        pygame.draw.line(surf, theme.BRASS_DARK, (c, c), (c + R * 0.86 * math.cos(a), c + R * 0.86 * math.sin(a)),
                         max(1, SS))
    if number is not None:
        pr = R * 0.42
        pygame.draw.circle(surf, (18, 16, 16), (c + R * 0.72, c - R * 0.72), pr)
        pygame.draw.circle(surf, theme.BRASS_LIGHT, (c + R * 0.72, c - R * 0.72), pr, max(1, SS))
        theme.blit_text(surf, str(number), int(pr * 1.5), theme.BRASS_LIGHT, (c + R * 0.72, c - R * 0.7), "center",
                        "sans-bold")
    return finish(surf)


def _render_cover(r: int) -> pygame.Surface:
    """A manhole cover token: a heavy iron disc with a cross of bars and bolts."""
    surf, R, c = token_canvas(r, 2.4, (0.07, 0.12, 150))
    pygame.draw.circle(surf, (46, 46, 52), (c, c), R)
    pygame.draw.circle(surf, (88, 90, 98), (c, c), R * 0.9)
    pygame.draw.circle(surf, (64, 66, 74), (c, c), R * 0.78)
    w = max(2, int(R * 0.14))
    for a in (math.pi / 4, -math.pi / 4):
        dx, dy = math.cos(a) * R * 0.7, math.sin(a) * R * 0.7
        pygame.draw.line(surf, (120, 122, 130), (c - dx, c - dy), (c + dx, c + dy), w)
    for k in range(8):
        a = math.pi / 4 * k + math.pi / 8
        pygame.draw.circle(surf, (130, 132, 140), (c + math.cos(a) * R * 0.84, c + math.sin(a) * R * 0.84), R * 0.05)
    pygame.draw.circle(surf, (150, 152, 160), (c, c), R * 0.98, max(1, SS))
    return finish(surf)


def _render_cordon(r: int) -> pygame.Surface:
    """A police cordon: a blue-and-white striped barrier on two trestles, with a lamp."""
    ss = 3
    R = r * ss
    W, H = int(R * 2.4), int(R * 1.2)
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    bar = pygame.Rect(int(R * 0.1), int(H * 0.32), int(W - R * 0.2), int(H * 0.36))
    pygame.draw.rect(surf, (0, 0, 0, 140), bar.move(int(R * 0.06), int(R * 0.1)), border_radius=int(R * 0.06))
    base = pygame.Surface(bar.size, pygame.SRCALPHA)
    base.fill((236, 234, 228))
    stripe = bar.h * 1.3
    x = -bar.h
    while x < bar.w + bar.h:
        pygame.draw.polygon(base, (36, 62, 150), [(x, bar.h), (x + bar.h, 0), (x + bar.h + stripe / 2, 0),
                                                  (x + stripe / 2, bar.h)])
        x += stripe
    surf.blit(base, bar)
    pygame.draw.rect(surf, (16, 18, 30), bar, max(2, ss), border_radius=int(R * 0.04))
    for px in (bar.x + R * 0.25, bar.right - R * 0.25):
        pygame.draw.rect(surf, (30, 28, 30), (px - R * 0.08, bar.y - R * 0.12, R * 0.16, bar.h + R * 0.24))
    lamp = (bar.centerx, bar.y)
    pygame.draw.circle(surf, (120, 170, 255), lamp, R * 0.13)
    pygame.draw.circle(surf, (230, 240, 255), lamp, R * 0.06)
    return pygame.transform.smoothscale(surf, (W // ss, H // ss))


def _render_board(L: Layout) -> pygame.Surface:
    """The printed board: frame, cobbled streets, terraces, lamp posts, manholes and exits.

    Supersampled and scaled down once per window size.
    """
    S, R, ss = board_canvas(L)
    bw, bh = L.board.size
    ox, oy = (L.ox - L.board.x) * ss, (L.oy - L.board.y) * ss

    def cen(pos: int) -> tuple[float, float]:
        col, row = position_xy(pos)
        return (ox + R + 1.5 * R * col, oy + SQ3 / 2 * R * (row + 1))

    rnd = random.Random(1888)
    # the slab and its edges: Jack's grey edge at the top, the investigator's yellow edge at the bottom
    S.fill((22, 22, 26))
    edge = max(3, int(R * 0.16))
    pygame.draw.rect(S, (118, 120, 126), (0, 0, bw * ss, edge))
    pygame.draw.rect(S, (206, 170, 58), (0, bh * ss - edge, bw * ss, edge))
    # soot-dark ground between the hexes
    inner = pygame.Rect(0, edge, bw * ss, bh * ss - 2 * edge)
    pygame.draw.rect(S, (30, 30, 34), inner)
    # streets first: cobbles clipped to each hex
    for i in range(N_CELLS):
        if CELL_TYPE[i] != "street":
            continue
        cobbles(S, cen(i), R, rnd, (86, 84, 82), (118, 114, 108), (58, 56, 54))
    # buildings: slate and brick terraces, merged where they touch
    for i in range(N_CELLS):
        if CELL_TYPE[i] != "building":
            continue
        cx, cy = cen(i)
        if i in GARDENS:
            pygame.draw.polygon(S, (34, 52, 36), hexagon(cx, cy, R * 1.02))
            pygame.draw.polygon(S, (52, 44, 34), hexagon(cx, cy, R * 1.02), max(2, int(R * 0.1)))
            for _t in range(5):
                tx, ty = cx + rnd.uniform(-0.45, 0.45) * R, cy + rnd.uniform(-0.4, 0.4) * R
                tr = R * rnd.uniform(0.2, 0.3)
                pygame.draw.circle(S, (20, 34, 24), (tx + tr * 0.2, ty + tr * 0.25), tr)
                pygame.draw.circle(S, theme.shade((56, 86, 54), rnd.uniform(0.8, 1.15)), (tx, ty), tr)
                pygame.draw.circle(S, (78, 112, 70), (tx - tr * 0.3, ty - tr * 0.3), tr * 0.4)
            continue
        pygame.draw.polygon(S, theme.BRICK_DARK, hexagon(cx, cy, R * 1.03))
    for i in range(N_CELLS):
        if CELL_TYPE[i] != "building" or i in GARDENS:
            continue
        cx, cy = cen(i)
        roof = theme.shade(theme.ROOF_LIGHT, rnd.uniform(0.72, 0.95))
        pygame.draw.polygon(S, roof, hexagon(cx, cy, R * 0.8))
        # a ridge and slates
        ang = rnd.choice((0.0, math.pi / 3, -math.pi / 3))
        dx, dy = math.cos(ang) * R * 0.62, math.sin(ang) * R * 0.62
        nx, ny = -dy / 0.62 * 0.5, dx / 0.62 * 0.5
        pygame.draw.polygon(S, theme.shade(roof, 1.15), [(cx - dx, cy - dy), (cx + dx, cy + dy),
                                                         (cx + dx + nx, cy + dy + ny), (cx - dx + nx, cy - dy + ny)])
        for k in range(-3, 4):
            ox2, oy2 = nx * k / 3.5, ny * k / 3.5
            pygame.draw.line(S, theme.shade(roof, 0.78), (cx - dx + ox2, cy - dy + oy2), (cx + dx + ox2, cy + dy + oy2),
                             max(1, int(R * 0.02)))
        pygame.draw.line(S, theme.shade(roof, 0.5), (cx - dx, cy - dy), (cx + dx, cy + dy), max(2, int(R * 0.05)))
        # chimneys
        for _c in range(rnd.randint(1, 2)):
            px, py = cx + rnd.uniform(-0.4, 0.3) * R, cy + rnd.uniform(-0.45, 0.3) * R
            cw = R * 0.2
            pygame.draw.rect(S, theme.BRICK_LIGHT, (px, py, cw, cw * 0.7))
            pygame.draw.rect(S, theme.MORTAR, (px, py, cw, cw * 0.7), max(1, int(R * 0.02)))
            pygame.draw.circle(S, (26, 22, 20), (px + cw * 0.3, py + cw * 0.35), cw * 0.13)
            pygame.draw.circle(S, (26, 22, 20), (px + cw * 0.7, py + cw * 0.35), cw * 0.13)
        if rnd.random() < 0.5:
            wx, wy = cx + rnd.uniform(-0.4, 0.3) * R, cy + rnd.uniform(-0.3, 0.3) * R
            pygame.draw.rect(S, theme.WINDOW_LIT, (wx, wy, R * 0.13, R * 0.1))
        # brick walls where the block meets a street
        for d in range(6):
            n = NEIGHBOUR[i][d]
            if n >= 0 and CELL_TYPE[n] == "building" and n not in GARDENS:
                continue
            a0 = DIR_ANGLE[d] - math.pi / 6
            a1 = DIR_ANGLE[d] + math.pi / 6
            p0 = (cx + R * math.cos(a0), cy + R * math.sin(a0))
            p1 = (cx + R * math.cos(a1), cy + R * math.sin(a1))
            q0 = (cx + R * 0.8 * math.cos(a0), cy + R * 0.8 * math.sin(a0))
            q1 = (cx + R * 0.8 * math.cos(a1), cy + R * 0.8 * math.sin(a1))
            pygame.draw.polygon(S, theme.BRICK, [p0, p1, q1, q0])
            pygame.draw.line(S, theme.BRICK_LIGHT, q0, q1, max(1, int(R * 0.03)))
            pygame.draw.line(S, (34, 16, 14), p0, p1, max(2, int(R * 0.05)))
    # lamp posts: an iron post on a round pavement
    for i in range(N_CELLS):
        if CELL_TYPE[i] != "lamp":
            continue
        cx, cy = cen(i)
        pygame.draw.polygon(S, (62, 60, 60), hexagon(cx, cy, R * 1.01))
        pygame.draw.polygon(S, (74, 72, 70), hexagon(cx, cy, R * 0.86))
        for k in range(6):
            a = math.pi / 3 * k + math.pi / 6
            pygame.draw.line(S, (56, 54, 52), (cx, cy), (cx + R * 0.86 * math.cos(a), cy + R * 0.86 * math.sin(a)),
                             max(1, int(R * 0.02)))
        pygame.draw.circle(S, (26, 26, 30), (cx, cy), R * 0.34)
        pygame.draw.circle(S, (48, 48, 54), (cx, cy), R * 0.28)
        pygame.draw.circle(S, (22, 22, 24), (cx, cy), R * 0.12)
        pygame.draw.polygon(S, (40, 38, 38), hexagon(cx, cy, R * 1.01), max(1, int(R * 0.05)))
    # exits: a road leaving the district, an arrow pointing out
    for e in range(len(EXITS)):
        cx, cy = cen(OFF_BOARD + e)
        tx, ty = cen(EXIT_CELL[e])
        pygame.draw.polygon(S, (62, 58, 50), hexagon(cx, cy, R * 0.98))
        pygame.draw.polygon(S, theme.BRASS_DARK, hexagon(cx, cy, R * 0.98), max(2, int(R * 0.06)))
        ang = math.atan2(cy - ty, cx - tx)
        L0 = R * 0.55
        tip = (cx + math.cos(ang) * L0, cy + math.sin(ang) * L0)
        tail = (cx - math.cos(ang) * L0, cy - math.sin(ang) * L0)
        pygame.draw.line(S, theme.BRASS_LIGHT, tail, tip, max(3, int(R * 0.12)))
        h = R * 0.32
        pygame.draw.polygon(S, theme.BRASS_LIGHT, [
            (tip[0] + math.cos(ang) * h * 0.5, tip[1] + math.sin(ang) * h * 0.5),
            (tip[0] + math.cos(ang + 2.3) * h, tip[1] + math.sin(ang + 2.3) * h),
            (tip[0] + math.cos(ang - 2.3) * h, tip[1] + math.sin(ang - 2.3) * h)])
    # manhole rims (every edition's manholes are drawn by the view on top; here the streets only)
    pygame.draw.rect(S, theme.BRASS_DARK, S.get_rect(), max(2, int(R * 0.06)))
    out = pygame.transform.smoothscale(S, (bw, bh))
    return out.convert() if pygame.display.get_surface() else out


def _draw_manhole(surf: pygame.Surface, cx: float, cy: float, R: float) -> None:
    """An open manhole: an iron grate with two small arrows (as printed)."""
    r = R * 0.46
    theme.aa_circle(surf, (26, 26, 30), (cx, cy), r * 1.12)
    theme.aa_circle(surf, (70, 72, 80), (cx, cy), r)
    w = max(1, round(R * 0.04))
    for k in range(-2, 3):
        off = k * r * 0.34
        half = math.sqrt(max(0.0, r * r * 0.78 - off * off))
        pygame.draw.line(surf, (30, 30, 36), (cx - half, cy + off), (cx + half, cy + off), w)
    pygame.draw.aacircle(surf, (120, 122, 132), (cx, cy), r, max(1, round(R * 0.03)))
    for sgn in (-1, 1):
        ax = cx + sgn * r * 1.45
        pygame.draw.polygon(surf, (170, 160, 130), [(ax, cy + r * 0.32), (ax - r * 0.22, cy - r * 0.1),
                                                   (ax + r * 0.22, cy - r * 0.1)])


# ======================================================================== view


# ======================================================================== view
class LondonView(HexBoardView):
    """Draws a :class:`LondonModel` into a :class:`Layout` (static layers cached)."""

    LAYOUT = Layout
    ART = Art

    def drop_caches(self) -> None:
        super().drop_caches()
        self._beam: tuple[tuple, pygame.Surface, tuple[int, int]] | None = None

    def render_board(self, L: Layout) -> pygame.Surface:  # type: ignore[override]
        return _render_board(L)

    def track_mark(self, surface: pygame.Surface, n: int, state: str, c: tuple[float, float], r: float) -> None:
        """The numbered gas lamp that goes out after rounds 1-4."""
        if n > 4:
            return
        cx, cy = c
        lamp = self.art.lamp(r * 0.36, n, state != "past")
        lr = lamp.get_rect(center=(round(cx + r * 0.8), round(cy - r * 0.85)))
        if state == "past":
            lamp = lamp.copy()
            lamp.set_alpha(110)
        surface.blit(lamp, lr)


    def layer_key(self, model: LondonModel) -> tuple:
        """The lamps, covers and cordons at rest, and the edition's manholes."""
        lamps = tuple((round(t.col), round(t.row), t.number) for t in model.lamps if t.at_rest() and t.lit >= 1)
        covers = tuple((round(t.col), round(t.row)) for t in model.covers if t.at_rest())
        cordons = tuple((round(t.col), round(t.row)) for t in model.cordons if t.at_rest())
        return (lamps, covers, cordons, model.manholes)

    def draw_layer(self, layer: pygame.Surface, key: tuple) -> None:
        L, art = self.layout, self.art
        assert L is not None and art is not None
        lamps, covers, cordons, manholes = key
        bx, by = L.board.topleft
        R = L.R
        lit_cells: set[int] = set()
        for col, row, _n in lamps:
            lit_cells.update(cells_of(ADJ[_AT[(col, row)]]))
        # lit streets: a warm wash on each cell next to a lit lamp
        for c in lit_cells:
            if STREET >> c & 1:
                self.blit_on_layer(layer, art.hex_fill(R * 0.97, (255, 196, 96), 46), L.center(c))
        for col, row, _n in lamps:
            self.blit_on_layer(layer, theme.glow(round(R * 2.3), (120, 84, 30)), L.hex_center(col, row),
                               pygame.BLEND_RGB_ADD)
        for c in manholes:
            x, y = L.center(c)
            _draw_manhole(layer, x - bx, y - by, R)
        for col, row, n in lamps:
            self.blit_on_layer(layer, art.lamp(R * 0.42, n), L.hex_center(col, row))
        for col, row in covers:
            self.blit_on_layer(layer, art.cover(R * 0.5), L.hex_center(col, row))
        for col, row in cordons:
            self.blit_on_layer(layer, art.cordon(R * 0.62), L.hex_center(col, row))

    # ------------------------------------------------------------- board
    def draw_moving(self, surface: pygame.Surface, model: LondonModel) -> None:
        """Lamps, covers and cordons on the move (or dimming), and Watson's lantern."""
        L, art = self.layout, self.art
        R = L.R
        for t in model.lamps:
            if not (t.at_rest() and t.lit >= 1):
                x, y = L.hex_center(t.col, t.row)
                y -= t.lift * R * 0.3
                if t.lit > 0.02:
                    k = max(0.0, min(1.0, t.lit))
                    g = theme.glow(round(R * 2.3), theme.mix((0, 0, 0), (120, 84, 30), round(k * 10) / 10))
                    surface.blit(g, g.get_rect(center=(round(x), round(y))), special_flags=pygame.BLEND_RGB_ADD)
                img = art.lamp(R * 0.42 * (1 + 0.15 * t.lift), t.number, t.lit > 0.5)
                if t.lit < 1:
                    img = img.copy()
                    img.set_alpha(round(255 * max(0.25, min(1.0, t.lit * 1.5))))
                surface.blit(img, img.get_rect(center=(round(x), round(y))))
        for t in model.covers:
            if not t.at_rest():
                x, y = L.hex_center(t.col, t.row)
                img = art.cover(R * 0.5 * (1 + 0.15 * t.lift))
                surface.blit(img, img.get_rect(center=(round(x), round(y - t.lift * R * 0.3))))
        for t in model.cordons:
            if not t.at_rest():
                x, y = L.hex_center(t.col, t.row)
                img = art.cordon(R * 0.62 * (1 + 0.15 * t.lift))
                surface.blit(img, img.get_rect(center=(round(x), round(y - t.lift * R * 0.3))))
        self._draw_beam(surface, model)

    def draw_over_pawns(self, surface: pygame.Surface, model: LondonModel, hl: Highlights, clock: float) -> None:
        """The lantern's direction arrows, the preview and Goodley's whistle."""
        L = self.layout
        R = L.R
        if hl.arrows is not None:
            self._draw_arrows(surface, hl, clock)
        self._draw_preview(surface, model, hl, clock)
        if model.whistle_t > 0:
            g = model.pawns[5]
            x, y = L.hex_center(g.col, g.row)
            for k in range(3):
                t = (model.whistle_t * 1.6 - k * 0.25)
                if 0 < t < 1:
                    theme.aa_circle(surface, theme.mix(theme.PARCHMENT, (40, 40, 46), t), (x, y),
                                    R * (0.8 + 2.6 * t), max(2, round(R * 0.06 * (1 - t) + 1)))

    def _draw_beam(self, surface: pygame.Surface, model: LondonModel) -> None:
        """Watson's lantern: a cone of pale light along his line, to the first building or lamp."""
        L = self.layout
        assert L is not None
        w = model.pawns[1]
        if w.alpha <= 0 or model.beam_alpha <= 0:
            return
        R = L.R
        d = model.lantern
        d0 = math.floor(d) % 6
        frac = d - math.floor(d)
        ang = DIR_ANGLE[d0] if frac == 0 else lerp_angle(DIR_ANGLE[d0], DIR_ANGLE[(d0 + 1) % 6], frac)
        cell = _AT.get((round(w.col), round(w.row)))
        if cell is not None and w.col == round(w.col) and w.row == round(w.row) and frac == 0:
            beam = cells_of(BEAM[cell][d0])
            length = max((math.dist(L.center(cell), L.center(c)) for c in beam), default=0.0) + R * 0.8
        else:
            beam = []
            length = R * 2.5
        x, y = L.hex_center(w.col, w.row)
        key = (round(x), round(y), round(ang, 3), round(length), round(model.beam_alpha, 2))
        if self._beam is None or self._beam[0] != key:
            span = R * 0.62
            ux, uy = math.cos(ang), math.sin(ang)
            length += R * 0.1
            px, py = -uy, ux
            sx, sy = x + ux * R * 0.55, y + uy * R * 0.55
            ex, ey = x + ux * length, y + uy * length
            pts = [(sx + px * R * 0.2, sy + py * R * 0.2), (ex + px * span, ey + py * span),
                   (ex - px * span, ey - py * span), (sx - px * R * 0.2, sy - py * R * 0.2)]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            pad = round(R * 0.45)
            box = pygame.Rect(math.floor(min(xs)) - pad, math.floor(min(ys)) - pad,
                              math.ceil(max(xs) - min(xs)) + 2 * pad, math.ceil(max(ys) - min(ys)) + 2 * pad)
            ov = pygame.Surface(box.size, pygame.SRCALPHA)
            a = model.beam_alpha
            local = [(px_ - box.x, py_ - box.y) for px_, py_ in pts]
            pygame.draw.polygon(ov, (255, 246, 200, round(70 * a)), local)
            mid = [(local[0][0] * 0.5 + local[3][0] * 0.5, local[0][1] * 0.5 + local[3][1] * 0.5),
                   (local[1][0] * 0.65 + local[2][0] * 0.35, local[1][1] * 0.65 + local[2][1] * 0.35),
                   (local[1][0] * 0.35 + local[2][0] * 0.65, local[1][1] * 0.35 + local[2][1] * 0.65)]
            pygame.draw.polygon(ov, (255, 250, 225, round(70 * a)), mid)
            for c in beam:
                cx, cy = L.center(c)
                hexa = [(px_ - box.x, py_ - box.y) for px_, py_ in hexagon(cx, cy, R * 0.82)]
                pygame.draw.polygon(ov, (255, 246, 200, round(60 * a)), hexa)
                pygame.draw.polygon(ov, (255, 246, 200, round(200 * a)), hexa, max(2, round(R * 0.06)))
            # the lantern itself, at the pawn's rim
            lx, ly = x + ux * R * 0.86 - box.x, y + uy * R * 0.86 - box.y
            pygame.draw.circle(ov, (20, 18, 16, round(255 * a)), (lx, ly), R * 0.2)
            pygame.draw.circle(ov, (255, 226, 140, round(255 * a)), (lx, ly), R * 0.14)
            self._beam = (key, ov, box.topleft)
        surface.blit(self._beam[1], self._beam[2])

    def _draw_arrows(self, surface: pygame.Surface, hl: Highlights, clock: float) -> None:
        """The lantern's six directions around Watson; the allowed ones lit."""
        L = self.layout
        assert L is not None and hl.arrows is not None
        cell, dirs = hl.arrows
        pul = 0.5 + 0.5 * math.sin(clock * 5)
        R = L.R
        for d in range(6):
            x, y = L.arrow_center(cell, d)
            a = DIR_ANGLE[d]
            on = d in dirs
            col = theme.mix(theme.HIGHLIGHT, (255, 255, 255), pul * 0.35) if on else (90, 86, 78)
            theme.aa_circle(surface, (16, 16, 20), (x, y), R * 0.36)
            theme.aa_circle(surface, col, (x, y), R * 0.36, 2)
            h = R * 0.24
            pts = [(x + math.cos(a) * h, y + math.sin(a) * h), (x + math.cos(a + 2.4) * h, y + math.sin(a + 2.4) * h),
                   (x + math.cos(a - 2.4) * h, y + math.sin(a - 2.4) * h)]
            pygame.draw.polygon(surface, col, pts)
            if on:
                lab = theme.text(str(d + 1), max(8, round(R * 0.26)), theme.TEXT_DIM, "sans-bold")
                surface.blit(lab, lab.get_rect(center=(round(x + math.cos(a) * R * 0.55),
                                                       round(y + math.sin(a) * R * 0.55))))
            if hl.focus == ("dir", d):
                theme.aa_circle(surface, (255, 255, 255), (x, y), R * 0.44, 2)

    def _draw_preview(self, surface: pygame.Surface, model: LondonModel, hl: Highlights, clock: float) -> None:
        """The pending choice: a path and a ghost pawn, or an arrow for the token that moves."""
        L, art = self.layout, self.art
        assert L is not None and art is not None
        if not hl.preview or hl.preview_state is None:
            return
        R = L.R
        before = hl.preview_state
        w = max(3, round(R * 0.09))
        s = before
        for a in hl.preview:
            kind, args = a.kind, a.args
            if kind in ("to", "accuse", "escape"):
                c = s.active
                if kind == "to":
                    goal = INDEX[str(args[0])]
                elif kind == "accuse":
                    goal = s.pos[IDS.index(str(args[0]))]
                else:
                    goal = OFF_BOARD + EXITS.index(str(args[0]))
                path = walk_path(s, c, goal)
                pts = [L.center(p) for p in path]
                if len(pts) > 1:
                    path_line(surface, theme.SELECT, pts, w)
                x, y = pts[-1]
                img = art.pawn(c, L.pawn_r, True).copy()
                img.set_alpha(170)
                surface.blit(img, img.get_rect(center=(round(x), round(y))))
                if kind == "accuse":
                    theme.blit_text(surface, "!", round(R * 0.9), theme.JACK_RED, (x, y - L.pawn_r * 1.2), "center",
                                    "serif-bold", shadow=True)
            elif kind == "whistle":
                c = IDS.index(str(args[0]))
                path = walk_path(s, c, INDEX[str(args[1])])
                pts = [L.center(p) for p in path]
                if len(pts) > 1:
                    path_line(surface, theme.SELECT, pts, w)
                img = art.pawn(c, L.pawn_r, bool(s.suspects >> c & 1)).copy()
                img.set_alpha(170)
                surface.blit(img, img.get_rect(center=tuple(map(round, pts[-1]))))
            elif kind in ("lamp", "cover"):
                x0, y0 = L.center(INDEX[str(args[0]).split(">")[0]])
                x1, y1 = L.center(INDEX[str(args[0]).split(">")[1]])
                arrow(surface, theme.SELECT, (x0, y0), (x1, y1), w, R * 0.5)
                img = art.lamp(R * 0.42, None) if kind == "lamp" else art.cover(R * 0.5)
                img = img.copy()
                img.set_alpha(170)
                surface.blit(img, img.get_rect(center=(round(x1), round(y1))))
            elif kind == "cordon":
                e0, e1 = (EXITS.index(x) for x in str(args[0]).split(">"))
                x0, y0 = L.center(OFF_BOARD + e0)
                x1, y1 = L.center(OFF_BOARD + e1)
                arrow(surface, theme.SELECT, (x0, y0), (x1, y1), w, R * 0.6)
                img = art.cordon(R * 0.62).copy()
                img.set_alpha(170)
                surface.blit(img, img.get_rect(center=(round(x1), round(y1))))
            elif kind == "swap":
                c = IDS.index(str(args[0]))
                a0, a1 = L.center(s.pos[6]), L.center(s.pos[c])
                arrow(surface, theme.SELECT, a0, a1, w, L.pawn_r)
                arrow(surface, theme.SELECT, a1, a0, w, L.pawn_r)
            elif kind == "lantern":
                cell = s.pos[1]
                d = DIRECTIONS.index(str(args[0]))
                for c in cells_of(BEAM[cell][d]):
                    x, y = L.center(c)
                    img = art.hex_fill(R * 0.9, (255, 246, 200), 90)
                    surface.blit(img, img.get_rect(center=(round(x), round(y))))
                x, y = L.arrow_center(cell, d)
                theme.aa_circle(surface, theme.SELECT, (x, y), R * 0.42, 3)
            s = s.child(a)

    # ------------------------------------------------------------- strip


LOOK = Look(rgb=tuple(c.rgb for c in CHARS), mark=mark_function(texts.short, len(CHARS)),
            moves=tuple(c.moves for c in CHARS), portrait=_portrait, power_icon=_power_icon, short=texts.short,
            witness_side=texts.witness_side, card_back=CHARACTER_CARD_GREEN)
Art.LOOK = LOOK

__all__ = ["ALL_MANHOLES", "Art", "FlyingCard", "Highlights", "LAMP_CELLS", "Layout", "LondonModel", "LondonView",
           "NAMES", "PawnVis", "TokenVis", "position_xy"]
