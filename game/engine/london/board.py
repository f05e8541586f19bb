"""The Whitechapel hex board as small integers and bitmasks.

Cell ``i`` is ``DATA.cells[i]`` (``a1`` is 0, ``m12`` is 85); a set of
cells is an ``int`` with bit ``i`` set.  Exits are the positions 86-89
(``NW``, ``NE``, ``SW``, ``SE``): a character stands there only after Jack
escaped.  Directions 0-5 are ``N NE SE S SW NW``.  The geometry is the
shared :mod:`game.engine.hexgrid`; everything here is computed once at
import and the functions are pure.
"""

from __future__ import annotations

from functools import lru_cache

from .. import hexgrid
from ..hexgrid import HexGrid, cells_of, mask_of
from .data import DATA, DIRECTIONS

__all__ = ["N_CELLS", "NAMES", "INDEX", "COORDS", "GRID", "EXITS", "EXIT_INDEX", "EXIT_CELL", "OFF_BOARD",
           "STREET", "LAMP_CELLS", "OBSTACLE", "NEIGHBOUR", "ADJ", "WALK", "BEAM", "mask_of", "cells_of",
           "lit_area", "layers", "distances", "position_name"]

N_CELLS = len(DATA.cells)
NAMES: tuple[str, ...] = tuple(c.id for c in DATA.cells)
INDEX: dict[str, int] = {n: i for i, n in enumerate(NAMES)}
COORDS: tuple[tuple[int, int], ...] = tuple((c.col, c.row) for c in DATA.cells)
GRID = HexGrid(COORDS, tuple((dc, dr) for _, dc, dr in DATA.directions))

EXITS: tuple[str, ...] = tuple(e.id for e in DATA.exits)
EXIT_INDEX = {e: i for i, e in enumerate(EXITS)}
EXIT_CELL: tuple[int, ...] = tuple(INDEX[e.cell] for e in DATA.exits)
OFF_BOARD = N_CELLS  # position of a character that left through exit e: OFF_BOARD + e

STREET = mask_of(i for i, c in enumerate(DATA.cells) if c.type == "street")
LAMP_CELLS = mask_of(i for i, c in enumerate(DATA.cells) if c.type == "lamp")
ALL_CELLS = (1 << N_CELLS) - 1
OBSTACLE = ALL_CELLS & ~STREET

#: NEIGHBOUR[i][d]: the cell next to ``i`` in direction ``d``, or -1 off the board.
NEIGHBOUR: tuple[tuple[int, ...], ...] = GRID.neighbour
#: Every cell next to ``i`` (Miss Stealthy's steps; "next to another character").
ADJ: tuple[int, ...] = GRID.adj
#: Street cells next to street cell ``i`` (everyone else's steps); 0 for obstacles.
WALK: tuple[int, ...] = tuple(ADJ[i] & STREET if STREET >> i & 1 else 0 for i in range(N_CELLS))

#: BEAM[i][d]: the street cells Watson's lantern lights from ``i`` facing ``d``:
#: the straight line up to the first building or lamp cell or the edge.
#: Characters do not stop it; Watson's own cell is not in it.
BEAM: tuple[tuple[int, ...], ...] = tuple(
    tuple(GRID.line(i, d, STREET) for d in range(len(DIRECTIONS))) for i in range(N_CELLS))


def lit_area(lamp_cells) -> int:  # type: ignore[no-untyped-def]
    """Cells lit by lamps standing on ``lamp_cells`` (their neighbours)."""
    return hexgrid.spread(mask_of(lamp_cells), ADJ)


@lru_cache(maxsize=1 << 16)
def layers(start: int, steps: int, stealthy: bool, manholes: int) -> tuple[int, ...]:
    """Cells first reached after 1, 2, ... ``steps`` movement points from ``start``.

    Other characters never block (they may be passed); ``manholes`` is the
    mask of open manholes: from one of them a point reaches all the others.
    Miss Stealthy steps over any cell; the caller keeps her ends on streets.
    Layer ``k`` (0-based) holds the cells at distance exactly ``k + 1``.
    Cached: the search asks the same few questions again and again.
    """
    return tuple(hexgrid.layers(ADJ if stealthy else WALK, start, steps, ALL_CELLS, manholes))


@lru_cache(maxsize=1 << 14)
def distances(target: int, manholes: int) -> tuple[int, ...]:
    """Walking layers around ``target``: ``out[d]`` is the mask of street cells
    ``d`` movement points away (streets and open manholes; nobody blocks)."""
    return tuple(hexgrid.rings(WALK, target, ALL_CELLS, manholes))


def position_name(pos: int) -> str:
    """A cell's name, or the exit's for a character that left the board."""
    return NAMES[pos] if pos < OFF_BOARD else EXITS[pos - OFF_BOARD]
