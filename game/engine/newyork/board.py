"""The Manhattan hex board as small integers and bitmasks.

Cell ``i`` is ``DATA.cells[i]``: the 83 grid cells column by column, then
Liberty Island (:data:`LIBERTY`, off the grid).  A set of cells is an
``int`` with bit ``i`` set.  The fixed geometry is here, computed once at
import; what tokens cover changes during play and lives in the state.
"""

from __future__ import annotations

from functools import lru_cache

from .. import hexgrid
from ..hexgrid import HexGrid, cells_of, mask_of, spread
from .data import DATA

__all__ = ["N_CELLS", "NAMES", "INDEX", "GRID", "ADJ", "STEP", "LIBERTY", "LIBERTY_BIT", "STREET", "FERRY",
           "LAND", "CELLS", "PORTS", "EAST", "EXITS", "EXIT_CELLS", "PRINTED_BUILDINGS", "PRINTED_SUBWAY", "LIGHT",
           "ZONE_PAIRS", "ZONE_PAIR_INDEX", "pair_name", "mask_of", "cells_of", "spread", "zero_closure"]

N_CELLS = len(DATA.cells)
NAMES: tuple[str, ...] = tuple(c.id for c in DATA.cells)
INDEX: dict[str, int] = {n: i for i, n in enumerate(NAMES)}
GRID = HexGrid([None if c.col is None else (c.col, c.row) for c in DATA.cells])
LIBERTY = INDEX["liberty"]
LIBERTY_BIT = 1 << LIBERTY


def _of_type(t: str) -> int:
    return mask_of(i for i, c in enumerate(DATA.cells) if c.type == t)


STREET = _of_type("street")
FERRY = _of_type("ferry")
PORTS = _of_type("port")
EAST = _of_type("east")
#: Cells a character may ever stand on (buildings and zones are taken off in play).
LAND = STREET | FERRY | LIBERTY_BIT
#: The cells of the board, as the book counts them: street cells (building
#: cells among them), ferries, Liberty Island and the East passage; the ports
#: are "участки моря" (stretches of sea), not cells.
CELLS = LAND | EAST
#: The exits, East passage first, then the ports in cell order; a character
#: stands on one only once Jack has escaped through it.
EXIT_CELLS: tuple[int, ...] = (INDEX[DATA.east_passage], *cells_of(PORTS))
EXITS = EAST | PORTS
PRINTED_BUILDINGS = mask_of(i for i, c in enumerate(DATA.cells) if c.printed == "building")
PRINTED_SUBWAY = mask_of(i for i, c in enumerate(DATA.cells) if c.printed == "subway")

#: ADJ[i]: the cells next to ``i`` on the grid ("next to" for visibility,
#: Tumblety and the spacing of lamps and subways); Liberty Island has none.
ADJ: tuple[int, ...] = GRID.adj
_step = list(ADJ)
for _a, _b in DATA.ferry_links:  # one point per ferry arrow, in its direction only
    _step[INDEX[_a]] |= 1 << INDEX[_b]
#: STEP[i]: the cells one movement point from ``i`` (neighbours and ferry arrows).
STEP: tuple[int, ...] = tuple(_step)
#: LIGHT[i]: the cells a lamp on ``i`` lights: its own and every cell next to it a
#: character may stand on, ferry cells included («любой персонаж, стоящий под фонарём
#: или на соседней от фонаря клетке»).
LIGHT: tuple[int, ...] = tuple(((1 << i) | ADJ[i]) & LAND for i in range(N_CELLS))


def pair_name(a: int, b: int) -> str:
    """``"e4+f3"``: two cells, lower index first."""
    a, b = min(a, b), max(a, b)
    return f"{NAMES[a]}+{NAMES[b]}"


#: Every place for an investigation zone: two neighbouring street cells
#: that are not printed buildings, as (lower, higher) cell index.
ZONE_PAIRS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in cells_of(STREET & ~PRINTED_BUILDINGS)
    for b in cells_of(ADJ[a] & STREET & ~PRINTED_BUILDINGS) if a < b)
ZONE_PAIR_INDEX = {p: i for i, p in enumerate(ZONE_PAIRS)}


def zero_closure(mask: int, free: int) -> int:
    """``mask`` with every cell of ``free`` joined to it through ``free`` cells."""
    grow = spread(mask, ADJ) & free & ~mask
    while grow:
        mask |= grow
        grow = spread(grow, ADJ) & free & ~mask
    return mask


@lru_cache(maxsize=1 << 16)
def walk_layers(start: int, steps: int, open_: int, portals: int = 0, free: int = 0) -> tuple[int, ...]:
    """:func:`hexgrid.layers` on this board's grid, cached: the search asks the same few questions often."""
    return tuple(hexgrid.layers(STEP, start, steps, open_, portals, free))
