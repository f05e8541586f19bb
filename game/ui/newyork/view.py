"""The Manhattan board: layout, the drawn model, cached art, and drawing.

- :class:`Layout` places the board (flat-topped hexes in 14 columns,
  column 1 the Battery on the left, the East passage on the right edge,
  the Hudson above and the East River below, Liberty Island off the tip)
  with the strip and the panel every hex board shares
  (:class:`~game.ui.hex.board.HexLayout`).
- :class:`NewYorkModel` is what one side may see, built from its
  observation and then moved by tweens while a move animates.
- :class:`NewYorkView` draws a model.  The printed board (harbour, shore,
  streets, printed buildings and subway, ferries and their arrows, Liberty
  Island, ports, the East passage) is one cached layer per size; the
  tokens, zones and ships at rest are a second layer, rebuilt only when
  they change; the informant, pawns and anything moving are sprites.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from ...engine.core import Termination
from ...engine.newyork.board import INDEX, LIBERTY, LIGHT, N_CELLS, NAMES, STREET, ZONE_PAIRS, cells_of
from ...engine.newyork.data import CHARACTER_IDS, DATA
from ...engine.newyork.state import NewYorkState
from .. import theme
from ..hex.board import SQ3, HexArt, HexBoardView, HexLayout, Highlights, Look, arrow, path_line
from ..hex.model import CardModel, FlyingCard, PawnVis
from ..hex.sprites import SS, board_canvas, cobbles, finish, hexagon, token_canvas
from ..i18n import _
from ..marks import mark_function
from . import texts
from .paths import walk_path

IDS = CHARACTER_IDS
CHARS = DATA.characters
#: Where Liberty Island is drawn, in (col, row): the reference puts it at [1, 2], apart from the grid.
LIBERTY_XY = (1.45, 2.7)
CELL_XY: tuple[tuple[float, float], ...] = tuple(
    LIBERTY_XY if c.col is None else (float(c.col), float(c.row)) for c in DATA.cells)
CELL_TYPE = tuple(c.type for c in DATA.cells)
PRINTED = tuple(c.printed for c in DATA.cells)
EAST = INDEX[DATA.east_passage]
PORTS = tuple(INDEX[p] for p in DATA.ports)
FERRY_LINKS = tuple((INDEX[a], INDEX[b]) for a, b in DATA.ferry_links)
#: Decorative land beyond the map's right edge (Manhattan goes on north), in (col, row).
UPTOWN = tuple((14.0, float(r)) for r in range(3, 17, 2) if r != 11)
HARBOUR = (14, 34, 50)
HARBOUR_LIGHT = (30, 62, 80)
SAND = (122, 108, 78)
STONE = (130, 122, 108)
BROWNSTONE = (104, 64, 46)
LAMP_LIGHT = (255, 226, 150)
SUBWAY_GREEN = (46, 108, 74)
PARK_GREEN = (62, 112, 58)
PORT_RED = (206, 64, 56)
ZONE_BLUE = (36, 62, 150)
TALK = (240, 214, 140)
SILENT = (132, 136, 150)
KIND_SORT = {"park": 0, "subway": 1, "building": 2, "lamp": 3}

#: Water ways of the ferry arrows, in (col, row), pier first; drawn as dotted lines, one point each.
FERRY_ROUTES: dict[str, tuple[tuple[float, float], ...]] = {
    "a8": ((1.0, 8.0), (0.45, 6.2), (0.7, 4.3), LIBERTY_XY),
    "c6": ((3.0, 6.0), (2.55, 4.6), LIBERTY_XY),
    "g2": ((7.0, 2.0), (5.6, 0.55), (3.4, 0.75), LIBERTY_XY),
    "e16": ((5.0, 16.0), (3.4, 16.85), (1.2, 16.5), (0.05, 14.2), (-0.25, 10.5), (0.05, 5.6), LIBERTY_XY),
}


def position_xy(pos: int) -> tuple[float, float]:
    """(col, row) of a cell (Liberty Island: where it is drawn)."""
    return CELL_XY[pos]


def ferry_route(a: int, b: int) -> list[tuple[float, float]]:
    """The water way between a ferry cell and Liberty Island, from ``a`` to ``b``."""
    pier = NAMES[b] if a == LIBERTY else NAMES[a]
    pts = list(FERRY_ROUTES.get(pier, (CELL_XY[INDEX[pier]], LIBERTY_XY)))
    return pts if b == LIBERTY else pts[::-1]


# ======================================================================= layout
class Layout(HexLayout):
    """Where everything goes for a window of ``size`` pixels: the Manhattan board (14 columns, 16 rows)."""

    GRID_W = 21.5
    GRID_H = 17 * SQ3 / 2
    PAD_X = 0.75
    PAD_Y = 0.45
    ORIGIN = (-1.5, -SQ3 / 2)
    N_POS = N_CELLS
    N_CELLS = N_CELLS
    xy = staticmethod(position_xy)

    def pos_at(self, pos: tuple[int, int]) -> int | None:
        """The cell under the pixel ``pos`` (Liberty Island is larger than a hex)."""
        x, y = self.center(LIBERTY)
        if math.hypot(pos[0] - x, pos[1] - y) <= self.R * 1.2:
            return LIBERTY
        return super().pos_at(pos)


# ======================================================================== model
@dataclass
class TokenVis:
    """A lamp, subway entrance, building or park token, wherever it is drawn."""

    kind: str
    col: float
    row: float
    lift: float = 0.0
    turn: float = 0.0          # 0..1 turning over to the park side (the face changes at 0.5)
    alpha: float = 1.0
    scale: float = 1.0

    def at_rest(self) -> bool:
        return (self.lift == 0 and self.turn == 0 and self.alpha >= 1 and self.scale == 1
                and self.col == round(self.col) and self.row == round(self.row))


@dataclass
class ZoneVis:
    """An investigation zone: the (col, row) of its two cells."""

    a: tuple[float, float]
    b: tuple[float, float]
    lift: float = 0.0

    def at_rest(self) -> bool:
        return self.lift == 0


@dataclass
class ShipVis:
    col: float
    row: float
    lift: float = 0.0
    alpha: float = 1.0

    def at_rest(self) -> bool:
        return self.lift == 0 and self.alpha >= 1 and self.col == round(self.col) and self.row == round(self.row)


@dataclass
class InformantVis:
    col: float
    row: float
    talk: bool = True
    turn: float = 0.0          # 0..1 turning over (the side changes at 0.5)
    lift: float = 0.0
    speak: float = 0.0         # the speech bubble, 0..1
    alpha: float = 1.0


@dataclass(kw_only=True)
class NewYorkModel(CardModel):
    """What one side may see of a New York game, as drawn this frame: the shared card-game part
    (:class:`~game.ui.hex.model.CardModel`) and Manhattan's tokens, zones, ships and informant.

    Built by :meth:`from_view` from an observation; tweens move it.
    """

    tokens: list[TokenVis]
    zones: list[ZoneVis]
    ships: list[ShipVis]
    informant: InformantVis
    stock: list[int]           # tokens left: buildings, subways, lamps
    # transient animation parts
    push_t: float = 0.0        # Eastman's order: rings around him
    hypnosis_t: float = 0.0    # Tumblety's swap: rings around him
    targets: tuple[int, ...] = ()  # whom the order or the hypnosis is for

    @classmethod
    def from_view(cls, obs: NewYorkState) -> NewYorkModel:
        m = cls(view=obs.view, phase=obs.phase, tokens=[], zones=[], ships=[], informant=InformantVis(0.0, 0.0),
                stock=[0, 0, 0], **cls.empty())
        m.sync(obs)
        return m

    def sync(self, obs: NewYorkState) -> None:
        """Snap every field to ``obs`` and drop the transient animation parts."""
        self.sync_cards(obs)
        gone = obs.outcome is not None and obs.outcome.termination is Termination.ESCAPE
        self.pawns = []
        for c, p in enumerate(obs.pos):
            col, row = CELL_XY[p]
            out = gone and CELL_TYPE[p] in ("port", "east")
            self.pawns.append(PawnVis(char=c, col=col, row=row, suspect=bool(obs.suspects >> c & 1),
                                      alpha=0.0 if out else 1.0))
        self.tokens = []
        for kind, cells in (("park", obs.parks), ("subway", obs.subways), ("building", obs.buildings),
                            ("lamp", obs.lamps)):
            for p in cells:
                self.tokens.append(TokenVis(kind, *CELL_XY[p]))
        self.zones = [ZoneVis(CELL_XY[ZONE_PAIRS[z][0]], CELL_XY[ZONE_PAIRS[z][1]]) for z in obs.zones]
        self.ships = [ShipVis(*CELL_XY[p]) for p in obs.ships]
        if gone and obs.jack_known() and CELL_TYPE[obs.pos[obs.jack]] == "port":  # type: ignore[index]
            for sh in self.ships:
                if (sh.col, sh.row) == CELL_XY[obs.pos[obs.jack]]:  # type: ignore[index]
                    sh.alpha = 0.0  # the ship has sailed with Jack aboard
        self.informant = InformantVis(*CELL_XY[obs.informant], talk=obs.talk)
        self.stock = list(obs.stock)
        self.push_t = self.hypnosis_t = 0.0
        self.targets = ()

    # ------------------------------------------------------------ queries
    def token_at(self, cell: int) -> TokenVis | None:
        xy = CELL_XY[cell]
        for t in self.tokens:
            if round(t.col) == xy[0] and round(t.row) == xy[1]:
                return t
        return None


_AT = {xy: i for i, xy in enumerate(CELL_XY)}


def cell_at(col: float, row: float) -> int | None:
    """The cell at a drawn (col, row), if it is one."""
    return _AT.get((col, row))


# ========================================================================== art
class Art(HexArt):
    """Sprites for one hex radius (pawns, cards and Manhattan's tokens); rebuilt when the window is resized."""

    def token(self, kind: str, radius: float) -> pygame.Surface:
        r = max(4, round(radius))
        return self._get(("token", kind, r), lambda: _render_token(kind, r))

    def ship(self, radius: float, angle: int = 0) -> pygame.Surface:
        r = max(4, round(radius))
        base = self._get(("ship", r, 0), lambda: _render_ship(r))
        if angle % 360 == 0:
            return base
        return self._get(("ship", r, angle % 360), lambda: pygame.transform.rotozoom(base, angle, 1.0))

    def informant(self, radius: float, talk: bool) -> pygame.Surface:
        r = max(4, round(radius))
        return self._get(("informant", r, talk), lambda: _render_informant(r, talk))

    def zone(self, a: tuple[float, float], b: tuple[float, float], R: float) -> pygame.Surface:
        """A zone over two neighbouring cells whose centres differ by ``b - a`` pixels, drawn around its middle."""
        key = ("zone", round(b[0] - a[0]), round(b[1] - a[1]), round(R))
        return self._get(key, lambda: _render_zone(b[0] - a[0], b[1] - a[1], R))


# ------------------------------------------------------------------ portraits
def _portrait(surf: pygame.Surface, char: int, cx: float, cy: float, R: float, ink: tuple, bg: tuple) -> None:
    """A head-and-shoulders silhouette with the character's own hat or hair, radius ``R`` around (cx, cy)."""
    cid = IDS[char]
    w = max(2, int(R * 0.07))
    head_y = cy - R * 0.08
    hr = R * 0.33
    top = head_y - hr
    # shoulders, neck, head
    pygame.draw.ellipse(surf, ink, (cx - R * 0.78, cy + R * 0.32, R * 1.56, R * 1.1))
    pygame.draw.rect(surf, ink, (cx - R * 0.13, cy + R * 0.05, R * 0.26, R * 0.35))
    pygame.draw.circle(surf, ink, (cx, head_y), hr)
    if cid == "beach":  # the inventor: bald crown, a full chin beard, spectacles
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.0, head_y + hr * 0.1, hr * 2.0, hr * 1.5))
        pygame.draw.circle(surf, bg, (cx - hr * 0.38, head_y - hr * 0.05), hr * 0.24, max(1, w // 2))
        pygame.draw.circle(surf, bg, (cx + hr * 0.38, head_y - hr * 0.05), hr * 0.24, max(1, w // 2))
        pygame.draw.line(surf, bg, (cx - hr * 0.14, head_y - hr * 0.05), (cx + hr * 0.14, head_y - hr * 0.05),
                         max(1, w // 2))
        pygame.draw.arc(surf, bg, (cx - hr * 0.75, top + hr * 0.05, hr * 1.5, hr * 0.9), 0.5, math.pi - 0.5,
                        max(1, w // 2))
    elif cid == "runner":  # the ironworker: a headband with a feather and two long braids
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.05, top - hr * 0.1, hr * 2.1, hr * 1.1))
        pygame.draw.line(surf, bg, (cx - hr * 0.95, top + hr * 0.5), (cx + hr * 0.95, top + hr * 0.5), w)
        pygame.draw.polygon(surf, ink, [(cx + hr * 0.55, top + hr * 0.3), (cx + hr * 1.1, top - hr * 1.3),
                                        (cx + hr * 0.85, top + hr * 0.35)])
        for sgn in (-1, 1):
            bx = cx + sgn * hr * 0.95
            pygame.draw.line(surf, ink, (bx, head_y), (bx + sgn * hr * 0.1, head_y + hr * 2.0), w * 2)
            pygame.draw.circle(surf, bg, (bx + sgn * hr * 0.1, head_y + hr * 1.6), max(1, w * 0.6))
    elif cid == "latimer":  # the draughtsman: parted hair, a moustache and a bow tie
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.02, top - hr * 0.15, hr * 2.04, hr * 1.0))
        pygame.draw.line(surf, bg, (cx - hr * 0.2, top - hr * 0.05), (cx - hr * 0.05, top + hr * 0.5),
                         max(1, w // 2))
        pygame.draw.ellipse(surf, bg, (cx - hr * 0.5, head_y + hr * 0.35, hr * 1.0, hr * 0.22))
        pygame.draw.polygon(surf, bg, [(cx, cy + R * 0.45), (cx - R * 0.2, cy + R * 0.35), (cx - R * 0.2,
                                                                                              cy + R * 0.55)])
        pygame.draw.polygon(surf, bg, [(cx, cy + R * 0.45), (cx + R * 0.2, cy + R * 0.35), (cx + R * 0.2,
                                                                                              cy + R * 0.55)])
    elif cid == "grant":  # the lady: piled-up hair and a wide hat with a flower
        pygame.draw.circle(surf, ink, (cx - hr * 0.8, head_y + hr * 0.2), hr * 0.45)
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.7, top + hr * 0.05, hr * 3.4, hr * 0.55))
        pygame.draw.ellipse(surf, ink, (cx - hr * 0.85, top - hr * 0.75, hr * 1.7, hr * 1.1))
        pygame.draw.circle(surf, bg, (cx + hr * 0.55, top - hr * 0.25), hr * 0.26)
        pygame.draw.circle(surf, ink, (cx + hr * 0.55, top - hr * 0.25), hr * 0.1)
        pygame.draw.ellipse(surf, ink, (cx - R * 0.62, cy + R * 0.28, R * 1.24, R * 1.2))
    elif cid == "callahan":  # the detective: a snap-brim hat and a police shield on the coat
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.45, top + hr * 0.2, hr * 2.9, hr * 0.5))
        pygame.draw.polygon(surf, ink, [(cx - hr * 0.85, top + hr * 0.4), (cx - hr * 0.7, top - hr * 0.55),
                                        (cx, top - hr * 0.35), (cx + hr * 0.7, top - hr * 0.55),
                                        (cx + hr * 0.85, top + hr * 0.4)])
        pygame.draw.line(surf, bg, (cx - hr * 0.8, top + hr * 0.22), (cx + hr * 0.8, top + hr * 0.22),
                         max(1, w // 2))
        sx, sy = cx + R * 0.3, cy + R * 0.62
        pts = [(sx + math.cos(-math.pi / 2 + k * math.pi / 5) * R * (0.13 if k % 2 == 0 else 0.06),
                sy + math.sin(-math.pi / 2 + k * math.pi / 5) * R * (0.13 if k % 2 == 0 else 0.06)) for k in range(10)]
        pygame.draw.polygon(surf, bg, pts)
    elif cid == "eastman":  # the gang boss: a small bowler and a monkey on his shoulder
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.2, top + hr * 0.25, hr * 2.4, hr * 0.4))
        pygame.draw.ellipse(surf, ink, (cx - hr * 0.75, top - hr * 0.45, hr * 1.5, hr * 1.1))
        pygame.draw.line(surf, bg, (cx - hr * 0.35, head_y + hr * 0.1), (cx + hr * 0.05, head_y + hr * 0.55),
                         max(1, w // 2))
        mx, my = cx + R * 0.56, cy + R * 0.12
        pygame.draw.circle(surf, ink, (mx, my), R * 0.17)
        pygame.draw.circle(surf, ink, (mx + R * 0.15, my - R * 0.06), R * 0.07)
        pygame.draw.circle(surf, bg, (mx - R * 0.04, my + R * 0.02), R * 0.09)
        pygame.draw.circle(surf, ink, (mx - R * 0.07, my), R * 0.025)
        pygame.draw.circle(surf, ink, (mx + R * 0.01, my), R * 0.025)
        pygame.draw.arc(surf, ink, (mx - R * 0.05, my + R * 0.05, R * 0.35, R * 0.45), -1.2, 1.4, max(1, w // 2))
    elif cid == "tumblety":  # the charlatan doctor: a tall plumed cap and a huge moustache
        pygame.draw.rect(surf, ink, (cx - hr * 0.8, top - hr * 1.0, hr * 1.6, hr * 1.3), border_radius=int(hr * 0.2))
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.15, top + hr * 0.15, hr * 2.3, hr * 0.35))
        pygame.draw.line(surf, bg, (cx - hr * 0.8, top - hr * 0.1), (cx + hr * 0.8, top - hr * 0.1),
                         max(1, w // 2))
        pygame.draw.ellipse(surf, ink, (cx - hr * 0.25, top - hr * 1.75, hr * 0.5, hr * 0.9))
        mw = hr * 1.1
        for sgn in (-1, 1):
            pygame.draw.arc(surf, bg, (cx + (sgn - 1) * mw / 2, head_y + hr * 0.1, mw, hr * 0.55), 0 if sgn > 0
                            else math.pi * 0.5, math.pi * 0.5 if sgn > 0 else math.pi, max(1, w))
    else:  # smith, the harbour captain: a peaked cap with a badge and a full beard
        pygame.draw.ellipse(surf, ink, (cx - hr * 1.0, top - hr * 0.4, hr * 2.0, hr * 1.0))
        pygame.draw.ellipse(surf, ink, (cx - hr * 0.4, top + hr * 0.35, hr * 1.5, hr * 0.35))
        pygame.draw.line(surf, bg, (cx - hr * 0.95, top + hr * 0.35), (cx + hr * 0.95, top + hr * 0.35),
                         max(1, w // 2))
        pygame.draw.circle(surf, bg, (cx, top - hr * 0.02), hr * 0.15)
        pygame.draw.ellipse(surf, ink, (cx - hr * 0.95, head_y + hr * 0.05, hr * 1.9, hr * 1.45))
        pygame.draw.arc(surf, bg, (cx - hr * 0.5, head_y + hr * 0.3, hr * 1.0, hr * 0.5), math.pi + 0.3,
                        2 * math.pi - 0.3, max(1, w // 2))


def _power_icon(surf: pygame.Surface, char: int, c: tuple[float, float], r: float, ink: tuple) -> None:
    """The gold disc's sign of a character card."""
    cid = IDS[char]
    x, y = c
    w = max(2, int(r * 0.18))
    if cid == "beach":  # steps going down
        for k in range(3):
            pygame.draw.line(surf, ink, (x - r * 0.7 + k * r * 0.45, y - r * 0.45 + k * r * 0.35),
                             (x - r * 0.25 + k * r * 0.45, y - r * 0.45 + k * r * 0.35), w)
            pygame.draw.line(surf, ink, (x - r * 0.25 + k * r * 0.45, y - r * 0.45 + k * r * 0.35),
                             (x - r * 0.25 + k * r * 0.45, y - r * 0.1 + k * r * 0.35), w)
    elif cid == "runner":  # a tall building
        pygame.draw.rect(surf, ink, (x - r * 0.35, y - r * 0.75, r * 0.7, r * 1.5), w)
        for k in range(3):
            pygame.draw.line(surf, ink, (x - r * 0.35, y - r * 0.35 + k * r * 0.35), (x + r * 0.35,
                                                                                    y - r * 0.35 + k * r * 0.35),
                             max(1, w // 2))
    elif cid == "latimer":  # a light bulb
        pygame.draw.circle(surf, ink, (x, y - r * 0.2), r * 0.48, w)
        pygame.draw.rect(surf, ink, (x - r * 0.22, y + r * 0.3, r * 0.44, r * 0.4))
    elif cid == "grant":  # a tree
        pygame.draw.circle(surf, ink, (x, y - r * 0.25), r * 0.5)
        pygame.draw.line(surf, ink, (x, y), (x, y + r * 0.75), w)
    elif cid == "callahan":  # the zone's striped tape
        pygame.draw.rect(surf, ink, (x - r * 0.8, y - r * 0.25, r * 1.6, r * 0.5), w)
        for k in (-0.45, 0.0, 0.45):
            pygame.draw.line(surf, ink, (x + (k - 0.15) * r, y + r * 0.25), (x + (k + 0.15) * r, y - r * 0.25), w)
    elif cid == "eastman":  # a pushing arrow
        pygame.draw.line(surf, ink, (x - r * 0.75, y), (x + r * 0.3, y), w * 2)
        pygame.draw.polygon(surf, ink, [(x + r * 0.8, y), (x + r * 0.2, y - r * 0.45), (x + r * 0.2, y + r * 0.45)])
    elif cid == "tumblety":  # a hypnotic spiral
        pts = [(x + math.cos(t * 0.5) * r * 0.1 * t / 2, y + math.sin(t * 0.5) * r * 0.1 * t / 2)
               for t in range(0, 32)]
        pygame.draw.lines(surf, ink, False, pts, max(1, w // 2 + 1))
    else:  # an anchor
        pygame.draw.line(surf, ink, (x, y - r * 0.7), (x, y + r * 0.6), w)
        pygame.draw.line(surf, ink, (x - r * 0.35, y - r * 0.4), (x + r * 0.35, y - r * 0.4), w)
        pygame.draw.arc(surf, ink, (x - r * 0.65, y - r * 0.1, r * 1.3, r * 0.85), math.pi, 2 * math.pi, w)


LOOK = Look(rgb=tuple(c.rgb for c in CHARS),
            mark=mark_function(texts.short, len(CHARS)),
            moves=tuple(c.moves for c in CHARS), portrait=_portrait, power_icon=_power_icon, short=texts.short,
            witness_side=texts.witness_side, card_back=(40, 78, 104), alibi_back=(30, 42, 92))
Art.LOOK = LOOK


# ------------------------------------------------------------------ tokens
def _token_base(R: float, size: int, rim: tuple, face: tuple) -> tuple[pygame.Surface, float]:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.polygon(surf, (0, 0, 0, 120), hexagon(c + R * 0.06, c + R * 0.1, R))
    pygame.draw.polygon(surf, rim, hexagon(c, c, R))
    pygame.draw.polygon(surf, face, hexagon(c, c, R * 0.88))
    return surf, c


def _render_token(kind: str, r: int) -> pygame.Surface:
    """A two-sided cardboard token from above: ``lamp``, ``subway``, ``building`` or ``park``."""
    ss = 3
    R = r * ss
    size = int(R * 2.3)
    rnd = random.Random(kind)
    if kind == "park":
        surf, c = _token_base(R, size, (44, 70, 40), PARK_GREEN)
        pygame.draw.arc(surf, (196, 180, 138), (c - R * 0.9, c - R * 0.2, R * 1.8, R * 1.4), 0.3, math.pi - 0.3,
                        max(2, int(R * 0.08)))
        for tx, ty, tr in ((-0.35, -0.3, 0.3), (0.35, -0.35, 0.26), (0.05, 0.3, 0.28), (-0.5, 0.3, 0.18)):
            px, py = c + tx * R, c + ty * R
            pygame.draw.circle(surf, (26, 48, 28), (px + tr * R * 0.15, py + tr * R * 0.2), tr * R)
            pygame.draw.circle(surf, theme.shade((70, 122, 62), rnd.uniform(0.85, 1.1)), (px, py), tr * R)
            pygame.draw.circle(surf, (104, 150, 84), (px - tr * R * 0.3, py - tr * R * 0.3), tr * R * 0.4)
        pygame.draw.polygon(surf, (150, 190, 120), hexagon(c, c, R * 0.88), max(1, ss))
    elif kind == "subway":
        surf, c = _token_base(R, size, (24, 56, 38), SUBWAY_GREEN)
        hole = pygame.Rect(0, 0, R * 0.9, R * 0.95)
        hole.center = (round(c), round(c + R * 0.05))
        pygame.draw.rect(surf, (18, 20, 22), hole, border_radius=int(R * 0.08))
        for k in range(4):
            y = hole.y + hole.h * (0.18 + k * 0.2)
            pygame.draw.line(surf, (190, 196, 186), (hole.x + R * 0.1, y), (hole.right - R * 0.1, y),
                             max(2, int(R * 0.07)))
        pygame.draw.rect(surf, (124, 170, 120), hole, max(2, int(R * 0.08)), border_radius=int(R * 0.08))
        for sx in (hole.x, hole.right):
            pygame.draw.circle(surf, (20, 40, 24), (sx, hole.y), R * 0.17)
            pygame.draw.circle(surf, (178, 236, 170), (sx, hole.y), R * 0.12)
    elif kind == "building":  # a new building: a steel frame going up
        surf, c = _token_base(R, size, (70, 36, 28), (112, 60, 44))
        box = pygame.Rect(0, 0, R * 1.1, R * 1.1)
        box.center = (round(c), round(c))
        pygame.draw.rect(surf, (150, 84, 56), box)
        gw = max(2, int(R * 0.06))
        for k in range(5):
            x = box.x + box.w * k / 4
            pygame.draw.line(surf, (52, 30, 26), (x, box.y), (x, box.bottom), gw)
            y = box.y + box.h * k / 4
            pygame.draw.line(surf, (52, 30, 26), (box.x, y), (box.right, y), gw)
        pygame.draw.line(surf, (60, 36, 30), box.topleft, box.bottomright, gw)
        wt = (box.right - R * 0.22, box.y + R * 0.22)
        pygame.draw.circle(surf, (38, 26, 20), wt, R * 0.2)
        pygame.draw.circle(surf, (150, 106, 62), wt, R * 0.16)
        pygame.draw.line(surf, (90, 60, 36), (wt[0] - R * 0.16, wt[1]), (wt[0] + R * 0.16, wt[1]), max(1, ss))
    else:  # lamp: an electric street light seen from above, glowing
        surf, c = _token_base(R, size, (40, 40, 46), (28, 30, 40))
        g = theme.glow(int(R * 0.95), (120, 96, 40))
        surf.blit(g, g.get_rect(center=(round(c), round(c))), special_flags=pygame.BLEND_RGB_ADD)
        pygame.draw.circle(surf, (30, 30, 34), (c, c), R * 0.46)
        pygame.draw.circle(surf, LAMP_LIGHT, (c, c), R * 0.36)
        pygame.draw.circle(surf, (255, 250, 228), (c, c), R * 0.18)
        for k in range(4):
            a = math.pi / 4 + k * math.pi / 2
            pygame.draw.line(surf, (40, 40, 46), (c + math.cos(a) * R * 0.2, c + math.sin(a) * R * 0.2),
                             (c + math.cos(a) * R * 0.5, c + math.sin(a) * R * 0.5), max(2, int(R * 0.07)))
        pygame.draw.circle(surf, theme.BRASS, (c, c), R * 0.48, max(1, ss))
    return pygame.transform.smoothscale(surf, (size // ss, size // ss))


def _render_ship(r: int) -> pygame.Surface:
    """A steamship from above, bow to the right: black hull, white decks, a red funnel."""
    ss = 3
    R = r * ss
    W, H = int(R * 2.3), int(R * 1.0)
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    cy = H / 2
    hull = [(R * 0.1, cy - R * 0.3), (W - R * 0.55, cy - R * 0.3), (W - R * 0.08, cy), (W - R * 0.55, cy + R * 0.3),
            (R * 0.1, cy + R * 0.3), (R * 0.02, cy)]
    pygame.draw.polygon(surf, (0, 0, 0, 90), [(x + R * 0.06, y + R * 0.1) for x, y in hull])
    pygame.draw.polygon(surf, (26, 26, 30), hull)
    pygame.draw.polygon(surf, (150, 40, 36), hull, max(2, int(R * 0.05)))
    deck = pygame.Rect(R * 0.35, cy - R * 0.17, W - R * 1.2, R * 0.34)
    pygame.draw.rect(surf, (222, 214, 196), deck, border_radius=int(R * 0.08))
    pygame.draw.rect(surf, (150, 130, 100), deck, max(1, ss), border_radius=int(R * 0.08))
    for fx in (deck.x + deck.w * 0.35, deck.x + deck.w * 0.65):
        pygame.draw.circle(surf, (20, 18, 18), (fx, cy), R * 0.14)
        pygame.draw.circle(surf, (198, 58, 46), (fx, cy), R * 0.11)
    pygame.draw.line(surf, (120, 96, 60), (deck.x - R * 0.15, cy), (deck.x, cy), max(1, ss))
    return pygame.transform.smoothscale(surf, (W // ss, H // ss))


def _render_informant(r: int, talk: bool) -> pygame.Surface:
    """The informant's token: talkative (a face speaking, on parchment) or silent (a finger on the lips)."""
    surf, R, c = token_canvas(r, 2.5, (0.08, 0.12, 130))
    face = TALK if talk else SILENT
    rim = theme.BRASS_DARK if talk else (52, 54, 62)
    pygame.draw.circle(surf, rim, (c, c), R)
    pygame.draw.circle(surf, face, (c, c), R * 0.86)
    ink = (40, 32, 24) if talk else (28, 30, 36)
    # a face in profile under a flat cap
    hx, hy = c - R * 0.05, c + R * 0.05
    pygame.draw.circle(surf, ink, (hx, hy), R * 0.42)
    pygame.draw.ellipse(surf, ink, (hx - R * 0.5, hy - R * 0.55, R * 1.0, R * 0.42))
    pygame.draw.ellipse(surf, ink, (hx - R * 0.05, hy - R * 0.38, R * 0.7, R * 0.16))
    pygame.draw.circle(surf, face, (hx + R * 0.18, hy - R * 0.05), R * 0.06)
    if talk:
        pygame.draw.ellipse(surf, face, (hx + R * 0.12, hy + R * 0.12, R * 0.24, R * 0.14))
        for k in range(3):  # sound waves
            pygame.draw.arc(surf, ink, (hx + R * 0.2 - k * R * 0.12, hy - R * 0.25 - k * R * 0.12,
                                        R * (0.55 + k * 0.24), R * (0.55 + k * 0.24)), -0.6, 0.6, max(2, int(R * 0.06)))
    else:
        pygame.draw.line(surf, face, (hx + R * 0.12, hy + R * 0.2), (hx + R * 0.35, hy + R * 0.2),
                         max(2, int(R * 0.06)))
        pygame.draw.line(surf, (214, 204, 186), (hx + R * 0.27, hy + R * 0.05), (hx + R * 0.27, hy + R * 0.42),
                         max(3, int(R * 0.1)))
    pygame.draw.circle(surf, theme.BRASS_LIGHT if talk else (120, 124, 136), (c, c), R * 0.98, max(1, SS))
    return finish(surf)


def _render_zone(dx: float, dy: float, R: float) -> pygame.Surface:
    """An investigation zone over two cells (centres ``dx, dy`` apart): a dark, hatched area inside a
    blue-and-white police line, a brass shield in the middle.  Drawn around its middle point."""
    ss = 2
    Rs = R * ss
    W = int(abs(dx) * ss + Rs * 2.3)
    H = int(abs(dy) * ss + Rs * 2.3)
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    mx, my = W / 2, H / 2
    a = (mx - dx * ss / 2, my - dy * ss / 2)
    b = (mx + dx * ss / 2, my + dy * ss / 2)
    area = pygame.Surface((W, H), pygame.SRCALPHA)
    for p in (a, b):
        pygame.draw.polygon(area, (20, 24, 40, 205), hexagon(p[0], p[1], Rs * 0.99))
    step = Rs * 0.32
    k = -H
    while k < W + H:
        pygame.draw.line(area, (60, 80, 150, 120), (k, 0), (k + H, H), max(1, int(Rs * 0.05)))
        k += step
    mask = pygame.Surface((W, H), pygame.SRCALPHA)
    for p in (a, b):
        pygame.draw.polygon(mask, (255, 255, 255, 255), hexagon(p[0], p[1], Rs * 0.99))
    area.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(area, (0, 0))
    # the police line: the outline of the two hexes, blue and white dashes
    edges: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for p, q in ((a, b), (b, a)):
        pts = hexagon(p[0], p[1], Rs * 0.93)
        for k in range(6):
            e0, e1 = pts[k], pts[(k + 1) % 6]
            mid = ((e0[0] + e1[0]) / 2, (e0[1] + e1[1]) / 2)
            if math.hypot(mid[0] - q[0], mid[1] - q[1]) < Rs * 0.95:
                continue  # the shared side
            edges.append((e0, e1))
    lw = max(3, int(Rs * 0.13))
    for e0, e1 in edges:
        pygame.draw.line(surf, (236, 236, 240), e0, e1, lw)
        n = 4
        for i in range(n):
            if i % 2:
                continue
            t0, t1 = i / n, (i + 1) / n
            pygame.draw.line(surf, ZONE_BLUE, (e0[0] + (e1[0] - e0[0]) * t0, e0[1] + (e1[1] - e0[1]) * t0),
                             (e0[0] + (e1[0] - e0[0]) * t1, e0[1] + (e1[1] - e0[1]) * t1), lw)
        pygame.draw.circle(surf, (236, 236, 240), e0, lw / 2)
    # the shield
    sr = Rs * 0.36
    pts = [(mx - sr * 0.8, my - sr * 0.8), (mx + sr * 0.8, my - sr * 0.8), (mx + sr * 0.8, my + sr * 0.1),
           (mx, my + sr), (mx - sr * 0.8, my + sr * 0.1)]
    pygame.draw.polygon(surf, (0, 0, 0, 140), [(x + sr * 0.1, y + sr * 0.15) for x, y in pts])
    pygame.draw.polygon(surf, theme.BRASS, pts)
    pygame.draw.polygon(surf, theme.BRASS_DARK, pts, max(2, int(sr * 0.12)))
    star = [(mx + math.cos(-math.pi / 2 + k * math.pi / 5) * sr * (0.5 if k % 2 == 0 else 0.22),
             my - sr * 0.05 + math.sin(-math.pi / 2 + k * math.pi / 5) * sr * (0.5 if k % 2 == 0 else 0.22))
            for k in range(10)]
    pygame.draw.polygon(surf, (60, 44, 20), star)
    return pygame.transform.smoothscale(surf, (W // ss, H // ss))


# ====================================================================== the board art
def _render_board(L: Layout) -> pygame.Surface:
    """The printed board: harbour, shore, streets, buildings, the subway, ferries, Liberty Island, ports.

    Supersampled and scaled down once per window size.
    """
    S, R, ss = board_canvas(L)
    bw, bh = L.board.size
    bx, by = L.board.topleft

    def cen(col: float, row: float) -> tuple[float, float]:
        x, y = L.hex_center(col, row)
        return ((x - bx) * ss, (y - by) * ss)

    rnd = random.Random(1889)
    # the harbour, darker out at sea, with ripples
    S.blit(theme.vertical_gradient((bw * ss, bh * ss), HARBOUR, theme.shade(HARBOUR, 1.25)), (0, 0))
    for _w in range(int(bw * bh * ss * ss / (R * R * 0.9))):
        x, y = rnd.uniform(0, bw * ss), rnd.uniform(0, bh * ss)
        ln = R * rnd.uniform(0.25, 0.6)
        pygame.draw.arc(S, theme.shade(HARBOUR_LIGHT, rnd.uniform(0.8, 1.1)), (x, y, ln, ln * 0.35), 0.3, 2.8,
                        max(1, int(R * 0.03)))
    # Jack's silver edge at the top, the investigator's gold edge at the bottom
    edge = max(3, int(R * 0.16))
    pygame.draw.rect(S, (150, 154, 162), (0, 0, bw * ss, edge))
    pygame.draw.rect(S, (206, 170, 58), (0, bh * ss - edge, bw * ss, edge))
    land = [i for i in range(N_CELLS) if CELL_TYPE[i] in ("street", "east")]
    land_xy = [CELL_XY[i] for i in land] + list(UPTOWN)
    # the shore: a sandy rim, then the island's ground
    for col, row in land_xy:
        pygame.draw.polygon(S, theme.shade(SAND, 0.55), hexagon(*cen(col, row), R * 1.24))
    for col, row in land_xy:
        pygame.draw.polygon(S, SAND, hexagon(*cen(col, row), R * 1.13))
    for col, row in land_xy:
        pygame.draw.polygon(S, (52, 50, 44), hexagon(*cen(col, row), R * 1.02))
    # uptown: the island goes on north, off the map
    for col, row in UPTOWN:
        x, y = cen(col, row)
        pygame.draw.polygon(S, (44, 44, 40), hexagon(x, y, R * 0.96))
        for _r in range(3):
            rx, ry = x + rnd.uniform(-0.45, 0.35) * R, y + rnd.uniform(-0.45, 0.3) * R
            pygame.draw.rect(S, (58, 50, 44), (rx, ry, R * 0.34, R * 0.26))
            pygame.draw.rect(S, (36, 32, 30), (rx, ry, R * 0.34, R * 0.26), max(1, int(R * 0.03)))
    # streets
    for i in land:
        if CELL_TYPE[i] == "street" and PRINTED[i] != "building":
            cobbles(S, cen(*CELL_XY[i]), R, rnd, (92, 88, 80), STONE, (60, 58, 54))
    # the printed buildings: blocks of brownstones, flat tar roofs, a wooden water tank on top
    for i in land:
        if PRINTED[i] == "building":
            draw_block(S, *cen(*CELL_XY[i]), R, rnd)
    # the printed subway entrance
    for i in land:
        if PRINTED[i] == "subway":
            x, y = cen(*CELL_XY[i])
            draw_subway_mouth(S, x, y, R)
    # the East passage: a road out of the map
    draw_east(S, *cen(*CELL_XY[EAST]), R)
    # ferries: wooden piers with a boat
    for i in range(N_CELLS):
        if CELL_TYPE[i] == "ferry":
            draw_pier(S, *cen(*CELL_XY[i]), R)
    # Liberty Island
    draw_liberty(S, *cen(*LIBERTY_XY), R)
    # the ferries' dotted water ways to Liberty Island (one movement point each)
    for a, b in FERRY_LINKS:
        pts = [cen(*p) for p in ferry_route(a, b)]
        start, end = (R * 1.45, R * 1.05) if a == LIBERTY else (R * 0.95, R * 1.5)
        dotted(S, pts, (196, 206, 214), max(2, int(R * 0.07)), R * 0.26, start=start, end=end)
        tip_a = point_back(pts, end)
        prev = point_back(pts, end + R * 0.35)
        ang = math.atan2(tip_a[1] - prev[1], tip_a[0] - prev[0])
        h = R * 0.3
        pygame.draw.polygon(S, (220, 228, 234), [(tip_a[0] + math.cos(a_) * h * k, tip_a[1] + math.sin(a_) * h * k)
                                                 for a_, k in ((ang, 1.0), (ang + 2.4, 1.0), (ang - 2.4, 1.0))])
    # the ports: sea areas outlined in red
    for p in PORTS:
        draw_port(S, *cen(*CELL_XY[p]), R)
    # words on the map
    fs = max(18, int(R * 0.32))
    x, y = cen(*LIBERTY_XY)
    _label(S, _("Liberty Island"), fs, (max(x, R * 1.3), y + R * 1.36), "midtop", width=int(R * 2.5))
    x, y = cen(*CELL_XY[EAST])
    _label(S, _("East passage"), fs, (x - R * 0.1, y - R * 1.05), "midbottom", width=int(R * 2.2))
    pygame.draw.rect(S, theme.BRASS_DARK, S.get_rect(), max(2, int(R * 0.06)))
    out = pygame.transform.smoothscale(S, (bw, bh))
    return out.convert() if pygame.display.get_surface() else out


def draw_pier(S: pygame.Surface, x: float, y: float, R: float) -> None:
    """A ferry cell: a wooden pier with a small ferry boat."""
    pygame.draw.polygon(S, (60, 42, 28), hexagon(x, y, R * 1.0))
    pygame.draw.polygon(S, (122, 92, 60), hexagon(x, y, R * 0.9))
    for k in range(-4, 5):
        yy = y + k * R * 0.18
        half = R * 0.9 - abs(k) * R * 0.1
        pygame.draw.line(S, (84, 60, 38), (x - half, yy), (x + half, yy), max(1, int(R * 0.03)))
    for px, py in hexagon(x, y, R * 0.78):
        pygame.draw.circle(S, (48, 34, 24), (px, py), R * 0.07)
    # a small ferry boat at the pier
    pygame.draw.ellipse(S, (20, 20, 24), (x - R * 0.42, y - R * 0.17, R * 0.84, R * 0.34))
    pygame.draw.ellipse(S, (230, 224, 206), (x - R * 0.3, y - R * 0.1, R * 0.6, R * 0.2))
    pygame.draw.circle(S, (40, 40, 44), (x, y), R * 0.05)


def draw_liberty(S: pygame.Surface, x: float, y: float, R: float) -> None:
    """Liberty Island: a sandy shore, lawns, the star fort, the statue on her pedestal (off the middle)."""
    blob = [(x + math.cos(a) * R * (1.28 + 0.08 * math.sin(3 * a + 1)),
             y + math.sin(a) * R * (1.18 + 0.07 * math.cos(2 * a))) for a in (k * math.pi / 18 for k in range(36))]
    pygame.draw.polygon(S, theme.shade(SAND, 0.55), [(px + (px - x) * 0.06, py + (py - y) * 0.06) for px, py in blob])
    pygame.draw.polygon(S, SAND, blob)
    pygame.draw.polygon(S, (58, 94, 54), [(x + (px - x) * 0.88, y + (py - y) * 0.88) for px, py in blob])
    star = [(x + math.cos(k * math.pi / 11 - math.pi / 2) * R * (0.92 if k % 2 == 0 else 0.66),
             y + math.sin(k * math.pi / 11 - math.pi / 2) * R * (0.92 if k % 2 == 0 else 0.66)) for k in range(22)]
    pygame.draw.polygon(S, (40, 40, 36), [(px + R * 0.04, py + R * 0.06) for px, py in star])
    pygame.draw.polygon(S, (150, 140, 120), star)
    pygame.draw.polygon(S, (104, 96, 84), star, max(1, int(R * 0.04)))
    pygame.draw.circle(S, (76, 108, 66), (x, y), R * 0.55)
    sx, sy = x - R * 0.72, y - R * 0.78  # the statue, off the middle so a pawn leaves her in sight
    pygame.draw.rect(S, (30, 30, 28), (sx - R * 0.2, sy + R * 0.02, R * 0.44, R * 0.34))
    pygame.draw.rect(S, (170, 160, 138), (sx - R * 0.22, sy, R * 0.44, R * 0.32))
    pygame.draw.rect(S, (120, 112, 96), (sx - R * 0.22, sy, R * 0.44, R * 0.32), max(1, int(R * 0.03)))
    verdigris = (104, 170, 146)
    pygame.draw.polygon(S, verdigris, [(sx - R * 0.13, sy + R * 0.02), (sx + R * 0.13, sy + R * 0.02),
                                       (sx + R * 0.07, sy - R * 0.34), (sx - R * 0.07, sy - R * 0.34)])
    pygame.draw.circle(S, verdigris, (sx, sy - R * 0.42), R * 0.1)
    for k in range(5):
        a = -math.pi / 2 + (k - 2) * 0.45
        pygame.draw.line(S, verdigris, (sx, sy - R * 0.42), (sx + math.cos(a) * R * 0.19,
                                                              sy - R * 0.42 + math.sin(a) * R * 0.19),
                         max(1, int(R * 0.04)))
    pygame.draw.line(S, verdigris, (sx + R * 0.06, sy - R * 0.3), (sx + R * 0.2, sy - R * 0.66), max(2, int(R * 0.07)))
    g = theme.glow(int(R * 0.4), (120, 90, 30))
    S.blit(g, g.get_rect(center=(round(sx + R * 0.21), round(sy - R * 0.72))), special_flags=pygame.BLEND_RGB_ADD)
    pygame.draw.circle(S, (255, 220, 130), (sx + R * 0.21, sy - R * 0.72), R * 0.07)


def draw_east(S: pygame.Surface, x: float, y: float, R: float) -> None:
    """The East passage: a road out of the map with a brass arrow."""
    pygame.draw.polygon(S, (84, 76, 62), hexagon(x, y, R * 1.0))
    pygame.draw.polygon(S, theme.BRASS_DARK, hexagon(x, y, R * 0.96), max(2, int(R * 0.06)))
    tip, tail = (x + R * 0.62, y), (x - R * 0.5, y)
    pygame.draw.line(S, theme.BRASS_LIGHT, tail, tip, max(3, int(R * 0.13)))
    pygame.draw.polygon(S, theme.BRASS_LIGHT, [(tip[0] + R * 0.12, y), (tip[0] - R * 0.22, y - R * 0.3),
                                               (tip[0] - R * 0.22, y + R * 0.3)])


def draw_port(S: pygame.Surface, x: float, y: float, R: float) -> None:
    """A port: a sea area outlined in red, with a bollard."""
    pts = hexagon(x, y, R * 0.9)
    for k in range(6):
        a0, a1 = pts[k], pts[(k + 1) % 6]
        for t0 in (0.0, 0.5):
            t1 = t0 + 0.32
            pygame.draw.line(S, PORT_RED, (a0[0] + (a1[0] - a0[0]) * t0, a0[1] + (a1[1] - a0[1]) * t0),
                             (a0[0] + (a1[0] - a0[0]) * t1, a0[1] + (a1[1] - a0[1]) * t1), max(2, int(R * 0.07)))
    pygame.draw.circle(S, (40, 40, 46), (x, y + R * 0.42), R * 0.1)
    pygame.draw.circle(S, (120, 120, 128), (x, y + R * 0.42), R * 0.1, max(1, int(R * 0.03)))


def _label(S: pygame.Surface, text: str, size: int, pos: tuple[float, float], anchor: str, width: int = 0) -> None:
    """Words printed on the map: italic-like serif, light on the dark, with a soft shadow."""
    lines = theme.wrap(text, size, width, "serif") if width else [text]
    lh = theme.font(size, "serif").get_linesize()
    x, y = pos
    if anchor == "midbottom":
        y -= lh * (len(lines) - 1)
    for li in lines:
        theme.blit_text(S, li, size, (214, 208, 190), (x, y), anchor, "serif", shadow=True)
        y += lh


def draw_block(S: pygame.Surface, x: float, y: float, R: float, rnd: random.Random) -> None:
    """A printed building: a block of brownstones seen from above, flat roofs, windows, a water tank."""
    pygame.draw.polygon(S, (40, 26, 22), hexagon(x, y, R * 1.03))
    pygame.draw.polygon(S, BROWNSTONE, hexagon(x, y, R * 0.95))
    for k in range(6):  # lit and dark windows in the walls
        a = math.pi / 3 * k + math.pi / 6
        for off in (-0.22, 0.22):
            b = a + off
            wx, wy = x + math.cos(b) * R * 0.86, y + math.sin(b) * R * 0.86
            pygame.draw.rect(S, theme.WINDOW_LIT if rnd.random() < 0.4 else theme.WINDOW_DARK,
                             (wx - R * 0.045, wy - R * 0.045, R * 0.09, R * 0.09))
    roof = pygame.Surface((int(R * 2), int(R * 2)), pygame.SRCALPHA)
    c = R
    strips = 3
    top = c - R * 0.68
    h = R * 1.36 / strips
    for k in range(strips):
        col = theme.shade((78, 70, 66), rnd.uniform(0.8, 1.15))
        pygame.draw.rect(roof, col, (0, top + k * h, R * 2, h))
        pygame.draw.line(roof, (128, 86, 66), (0, top + k * h), (R * 2, top + k * h), max(2, int(R * 0.05)))
        for _v in range(2):  # skylights and vents
            vx = rnd.uniform(c - R * 0.5, c + R * 0.4)
            pygame.draw.rect(roof, (46, 44, 46), (vx, top + k * h + h * 0.3, R * 0.14, h * 0.32))
    mask = pygame.Surface(roof.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), hexagon(c, c, R * 0.76))
    roof.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    S.blit(roof, (x - c, y - c))
    pygame.draw.polygon(S, (138, 92, 70), hexagon(x, y, R * 0.76), max(2, int(R * 0.05)))
    # the water tank on its stand
    tx, ty = x + rnd.choice((-0.3, 0.28)) * R, y + rnd.uniform(-0.3, 0.2) * R
    pygame.draw.circle(S, (24, 18, 16), (tx + R * 0.08, ty + R * 0.1), R * 0.22)
    for dx, dy in ((-0.14, -0.14), (0.14, -0.14), (-0.14, 0.14), (0.14, 0.14)):
        pygame.draw.line(S, (40, 30, 26), (tx, ty), (tx + dx * R * 1.4, ty + dy * R * 1.4), max(1, int(R * 0.04)))
    pygame.draw.circle(S, (136, 98, 60), (tx, ty), R * 0.19)
    pygame.draw.circle(S, (92, 62, 38), (tx, ty), R * 0.19, max(1, int(R * 0.035)))
    pygame.draw.circle(S, (92, 62, 38), (tx, ty), R * 0.12, max(1, int(R * 0.025)))
    pygame.draw.circle(S, (70, 48, 32), (tx, ty), R * 0.04)


def draw_subway_mouth(S: pygame.Surface, x: float, y: float, R: float) -> None:
    """A printed subway entrance: stairs going down between two green lamps."""
    pygame.draw.polygon(S, (40, 74, 52), hexagon(x, y, R * 0.8))
    hole = pygame.Rect(0, 0, R * 0.8, R * 0.86)
    hole.center = (round(x), round(y + R * 0.05))
    pygame.draw.rect(S, (16, 18, 20), hole, border_radius=int(R * 0.08))
    for k in range(4):
        yy = hole.y + hole.h * (0.18 + k * 0.2)
        pygame.draw.line(S, (176, 182, 170), (hole.x + R * 0.09, yy), (hole.right - R * 0.09, yy),
                         max(2, int(R * 0.06)))
    pygame.draw.rect(S, (120, 166, 116), hole, max(2, int(R * 0.07)), border_radius=int(R * 0.08))
    for sx in (hole.x, hole.right):
        pygame.draw.circle(S, (18, 36, 22), (sx, hole.y), R * 0.15)
        pygame.draw.circle(S, (178, 236, 170), (sx, hole.y), R * 0.11)


def dotted(S: pygame.Surface, pts: list[tuple[float, float]], col, width: int, gap: float, start: float = 0.0,
            end: float = 0.0) -> None:
    """Dots along a polyline, leaving ``start`` and ``end`` free."""
    seg = [math.dist(a, b) for a, b in zip(pts, pts[1:], strict=False)]
    total = sum(seg)
    d = start
    while d < total - end:
        rest = d
        for (a, b), n in zip(zip(pts, pts[1:], strict=False), seg, strict=True):
            if rest <= n:
                k = rest / n if n else 0
                pygame.draw.circle(S, col, (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k), width)
                break
            rest -= n
        d += gap


def point_back(pts: list[tuple[float, float]], back: float) -> tuple[float, float]:
    """The point ``back`` before the end of a polyline."""
    rest = back
    for a, b in zip(pts[::-1], pts[-2::-1], strict=False):
        n = math.dist(a, b)
        if rest <= n:
            k = rest / n if n else 0
            return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
        rest -= n
    return pts[0]


# ======================================================================== view
class NewYorkView(HexBoardView):
    """Draws a :class:`NewYorkModel` into a :class:`Layout` (static layers cached)."""

    LAYOUT = Layout
    ART = Art

    def render_board(self, L: Layout) -> pygame.Surface:  # type: ignore[override]
        return _render_board(L)

    # ------------------------------------------------------------- tokens
    def layer_key(self, model: NewYorkModel) -> tuple:
        """The tokens, zones and ships at rest."""
        tokens = tuple(sorted((t.kind, round(t.col), round(t.row)) for t in model.tokens if t.at_rest()))
        zones = tuple(sorted((z.a, z.b) for z in model.zones if z.at_rest()))
        ships = tuple(sorted((round(s.col), round(s.row)) for s in model.ships if s.at_rest()))
        return (tokens, zones, ships)

    def draw_layer(self, layer: pygame.Surface, key: tuple) -> None:
        L, art = self.layout, self.art
        assert L is not None and art is not None
        tokens, zones, ships = key
        bx, by = L.board.topleft
        R = L.R
        lit = 0
        for kind, col, row in tokens:
            if kind == "lamp":
                lit |= LIGHT[_AT[(col, row)]]
        for c in cells_of(lit & STREET):
            self.blit_on_layer(layer, art.hex_fill(R * 0.97, LAMP_LIGHT, 50), L.center(c))
        for kind, col, row in tokens:
            if kind == "lamp":
                self.blit_on_layer(layer, theme.glow(round(R * 2.4), (118, 96, 50)), L.hex_center(col, row),
                                   pygame.BLEND_RGB_ADD)
        for kind, col, row in sorted(tokens, key=lambda t: KIND_SORT[t[0]]):
            self.blit_on_layer(layer, art.token(kind, R * 0.82), L.hex_center(col, row))
        for a, b in zones:
            self._blit_zone(layer, a, b, (-bx, -by))
        for col, row in ships:
            self.blit_on_layer(layer, art.ship(R * 0.8), L.hex_center(col, row))

    def _blit_zone(self, surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float],
                   off: tuple[float, float] = (0, 0), lift: float = 0.0) -> None:
        L, art = self.layout, self.art
        pa, pb = L.hex_center(*a), L.hex_center(*b)
        img = art.zone(pa, pb, L.R)
        cx, cy = (pa[0] + pb[0]) / 2 + off[0], (pa[1] + pb[1]) / 2 + off[1] - lift * L.R * 0.3
        if lift > 0:
            img = img.copy()
            img.set_alpha(round(255 * (1 - 0.25 * lift)))
        surface.blit(img, img.get_rect(center=(round(cx), round(cy))))

    # ------------------------------------------------------------- board
    def draw_moving(self, surface: pygame.Surface, model: NewYorkModel) -> None:
        """Whatever is on the move, turning over or arriving: tokens, zones, ships."""
        L, art = self.layout, self.art
        R = L.R
        for t in model.tokens:
            if t.at_rest():
                continue
            x, y = L.hex_center(t.col, t.row)
            y -= t.lift * R * 0.3
            face = t.kind if t.turn < 0.5 else "park"
            img = art.token(face, R * 0.82 * t.scale * (1 + 0.12 * t.lift))
            if t.turn > 0:
                k = abs(math.cos(math.pi * t.turn))
                img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)), img.get_height()))
            if t.alpha < 1:
                img = img.copy()
                img.set_alpha(round(255 * max(0.0, t.alpha)))
            if t.kind == "lamp" and t.alpha > 0.5 and t.turn < 0.5:
                g = theme.glow(round(R * 2.0), (90, 72, 36))
                surface.blit(g, g.get_rect(center=(round(x), round(y))), special_flags=pygame.BLEND_RGB_ADD)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        for z in model.zones:
            if not z.at_rest():
                self._blit_zone(surface, z.a, z.b, lift=z.lift)
        for sh in model.ships:
            if sh.at_rest() or sh.alpha <= 0:
                continue
            x, y = L.hex_center(sh.col, sh.row)
            img = art.ship(R * 0.8 * (1 + 0.1 * sh.lift))
            if sh.alpha < 1:
                img = img.copy()
                img.set_alpha(round(255 * sh.alpha))
            surface.blit(img, img.get_rect(center=(round(x), round(y - sh.lift * R * 0.3))))

    def draw_under_pawns(self, surface: pygame.Surface, model: NewYorkModel, clock: float) -> None:
        if not self._informant_shares(model):
            self._draw_informant(surface, model, clock)

    def draw_over_pawns(self, surface: pygame.Surface, model: NewYorkModel, hl: Highlights, clock: float) -> None:
        """The informant beside the pawn on his cell (in front of it), the rings of an order or a swap, the
        preview."""
        if self._informant_shares(model):
            self._draw_informant(surface, model, clock)
        self._draw_rings(surface, model)
        self._draw_preview(surface, model, hl, clock)

    def informant_center(self, model: NewYorkModel) -> tuple[float, float]:
        """Where the informant's token is drawn: its cell, aside when a pawn stands there too."""
        L = self.layout
        inf = model.informant
        x, y = L.hex_center(inf.col, inf.row)
        if self._informant_shares(model):
            x, y = x + L.R * 0.6, y + L.R * 0.45
        return (x, y - inf.lift * L.R * 0.35)

    @staticmethod
    def _informant_shares(model: NewYorkModel) -> bool:
        inf = model.informant
        return any(p.alpha > 0 and abs(p.col - inf.col) < 0.3 and abs(p.row - inf.row) < 0.3 for p in model.pawns)

    def _draw_informant(self, surface: pygame.Surface, model: NewYorkModel, clock: float) -> None:
        L, art = self.layout, self.art
        inf = model.informant
        if inf.alpha <= 0:
            return
        R = L.R
        x, y = self.informant_center(model)
        talk = inf.talk if inf.turn < 0.5 else not inf.talk
        img = art.informant(R * 0.4 * (1 + 0.15 * inf.lift), talk)
        if inf.turn > 0:
            k = abs(math.cos(math.pi * inf.turn))
            img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)), img.get_height()))
        if inf.talk and inf.turn == 0 and inf.lift == 0:
            pul = 0.5 + 0.5 * math.sin(clock * 3)
            g = theme.glow(round(R * 0.9), theme.mix((0, 0, 0), (80, 66, 30), 0.5 + 0.5 * pul))
            surface.blit(g, g.get_rect(center=(round(x), round(y))), special_flags=pygame.BLEND_RGB_ADD)
        if inf.lift > 0:
            sh = art.hex_fill(R * 0.36, (0, 0, 0), 90)
            surface.blit(sh, sh.get_rect(center=(round(x + R * 0.08), round(y + inf.lift * R * 0.35 + R * 0.1))))
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
        if inf.speak > 0:  # a speech bubble over the token
            a = max(0.0, min(1.0, inf.speak))
            bw, bh = R * 1.7, R * 0.95
            box = pygame.Rect(0, 0, round(bw), round(bh))
            box.midbottom = (round(x + R * 0.6), round(y - R * 0.45))
            bubble = pygame.Surface((box.w + 4, box.h + round(R * 0.3)), pygame.SRCALPHA)
            pygame.draw.ellipse(bubble, (244, 238, 222), (2, 2, box.w, box.h))
            pygame.draw.ellipse(bubble, theme.BRASS_DARK, (2, 2, box.w, box.h), 2)
            pygame.draw.polygon(bubble, (244, 238, 222), [(box.w * 0.2, box.h - 4), (box.w * 0.4, box.h - 6),
                                                          (box.w * 0.1, box.h + R * 0.25)])
            for k in range(3):
                pygame.draw.circle(bubble, (60, 50, 40), (box.w * (0.3 + 0.2 * k) + 2, box.h / 2 + 2), R * 0.09)
            bubble.set_alpha(round(255 * a))
            surface.blit(bubble, box.topleft)

    def _draw_rings(self, surface: pygame.Surface, model: NewYorkModel) -> None:
        """Eastman giving an order, Tumblety hypnotising: rings around him, a dashed line to whom it is for."""
        L = self.layout
        R = L.R
        for t, c, col in ((model.push_t, 5, (255, 178, 96)), (model.hypnosis_t, 6, (204, 160, 255))):
            if t <= 0:
                continue
            x, y = self.pawn_center(model, c)
            for k in range(3):
                u = t * 1.6 - k * 0.25
                if 0 < u < 1:
                    theme.aa_circle(surface, theme.mix(col, (40, 40, 46), u * 0.8), (x, y), R * (0.8 + 1.8 * u),
                                    max(2, round(R * 0.12 * (1 - u) + 1)))
            for x2 in model.targets:
                bx, by = self.pawn_center(model, x2)
                n = max(1, int(math.hypot(bx - x, by - y) / (R * 0.3)))
                for i in range(n):
                    if (i + int(t * 12)) % 2:
                        continue
                    a0, a1 = i / n, (i + 0.6) / n
                    pygame.draw.line(surface, col, (x + (bx - x) * a0, y + (by - y) * a0),
                                     (x + (bx - x) * a1, y + (by - y) * a1), max(2, round(R * 0.08)))
                theme.aa_circle(surface, col, (bx, by), L.pawn_r * 1.2, max(2, round(R * 0.08)))

    def _draw_preview(self, surface: pygame.Surface, model: NewYorkModel, hl: Highlights, clock: float) -> None:
        """The pending choice: a path and a ghost pawn, a ghost token, or an arrow for what moves."""
        L, art = self.layout, self.art
        if not hl.preview or hl.preview_state is None:
            return
        R = L.R
        w = max(3, round(R * 0.09))
        s = hl.preview_state
        for a in hl.preview:
            kind, args = a.kind, a.args
            if kind in ("to", "accuse", "escape", "move"):
                c = s.active if kind != "move" else IDS.index(str(args[0]))
                if kind == "accuse":
                    goal = s.pos[IDS.index(str(args[0]))]
                else:
                    goal = INDEX[str(args[-1])]
                path = walk_path(s, c, goal, pushed=kind == "move")
                pts = [L.center(p) for p in path]
                if len(pts) > 1:
                    path_line(surface, theme.SELECT, pts, w)
                x, y = pts[-1]
                img = art.pawn(c, L.pawn_r, bool(s.suspects >> c & 1)).copy()
                img.set_alpha(170)
                surface.blit(img, img.get_rect(center=(round(x), round(y))))
                if kind == "accuse":
                    theme.blit_text(surface, "!", round(R * 0.9), theme.JACK_RED, (x, y - L.pawn_r * 1.2), "center",
                                    "serif-bold", shadow=True)
            elif kind in ("subway", "building", "lamp", "park"):
                x, y = L.center(INDEX[str(args[0])])
                img = art.token(kind, R * 0.82).copy()
                img.set_alpha(190)
                surface.blit(img, img.get_rect(center=(round(x), round(y))))
            elif kind == "zone":
                old, new = str(args[0]).split(">")
                (a0, a1), (b0, b1) = (tuple(INDEX[n] for n in p.split("+")) for p in (old, new))
                self._blit_zone(surface, CELL_XY[b0], CELL_XY[b1], lift=0.5)
                p0 = [(x + y) / 2 for x, y in zip(L.center(a0), L.center(a1), strict=True)]
                p1 = [(x + y) / 2 for x, y in zip(L.center(b0), L.center(b1), strict=True)]
                if math.dist(p0, p1) > R * 0.5:
                    arrow(surface, theme.SELECT, tuple(p0), tuple(p1), w, R * 0.5)
            elif kind == "ship":
                p, q = (INDEX[n] for n in str(args[0]).split(">"))
                arrow(surface, theme.SELECT, L.center(p), L.center(q), w, R * 0.7)
                img = art.ship(R * 0.8).copy()
                img.set_alpha(170)
                surface.blit(img, img.get_rect(center=tuple(map(round, L.center(q)))))
            elif kind == "swap":
                x_, y_ = (IDS.index(str(v)) for v in args)
                a0, a1 = L.center(s.pos[x_]), L.center(s.pos[y_])
                arrow(surface, theme.SELECT, a0, a1, w, L.pawn_r)
                arrow(surface, theme.SELECT, a1, a0, w, L.pawn_r)
            elif kind == "informant":
                q = INDEX[str(args[0])]
                arrow(surface, theme.SELECT, L.center(s.informant), L.center(q), w, R * 0.5)
                img = art.informant(R * 0.4, False).copy()
                img.set_alpha(180)
                surface.blit(img, img.get_rect(center=tuple(map(round, L.center(q)))))
            s = s.child(a)

    # ------------------------------------------------------------- strip
    def draw_strip(self, surface: pygame.Surface, model: NewYorkModel, hl: Highlights, clock: float) -> None:
        """The cards (as every hex board), and the token stock left in the box."""
        super().draw_strip(surface, model, hl, clock)
        L, art = self.layout, self.art
        s = L.scale
        last = L.row_rects[-1]
        x0, x1 = last.right + round(14 * s), L.witness_rect.x - round(14 * s)
        if x1 - x0 < L.R * 1.2:
            return
        top = last.y + round(2 * s)
        words = _("Tokens left")
        size, lines = theme.fit_lines(words, max(theme.READABLE, round(11 * s)), x1 - x0 + round(10 * s), max_lines=3)
        lh = theme.font(size).get_linesize()
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, size, theme.TEXT_DIM, ((x0 + x1) / 2, top + i * lh), "midtop")
        y0 = top + len(lines) * lh + round(4 * s)
        tr = min((x1 - x0) / 2.2, (last.bottom + round(12 * s) - y0) / 6.1, L.R * 0.75)
        y = y0 + tr
        for kind, n in (("building", model.stock[0]), ("subway", model.stock[1]), ("lamp", model.stock[2])):
            img = art.token(kind, tr)
            if n == 0:
                img = img.copy()
                img.set_alpha(70)
            cx = (x0 + x1) / 2 - tr * 0.5
            surface.blit(img, img.get_rect(center=(round(cx), round(y))))
            theme.blit_text(surface, f"×{n}", max(9, round(13 * s)), theme.PARCHMENT if n else theme.TEXT_FAINT,
                            (cx + tr * 1.05, y), "midleft", "sans-bold")
            y += tr * 2.05


__all__ = ["Art", "CELL_XY", "FlyingCard", "Highlights", "InformantVis", "LIBERTY_XY", "Layout", "NewYorkModel",
           "NewYorkView", "PawnVis", "ShipVis", "TokenVis", "ZoneVis", "cell_at", "ferry_route", "position_xy"]
