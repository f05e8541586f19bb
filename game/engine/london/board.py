"""The Whitechapel hex board as small integers and bitmasks.

Cell ``i`` is ``DATA.cells[i]`` (``a1`` is 0, ``m12`` is 85); a set of
cells is an ``int`` with bit ``i`` set.  Exits are the positions 86-89
(``NW``, ``NE``, ``SW``, ``SE``): a character stands there only after Jack
escaped.  Directions 0-5 are ``N NE SE S SW NW``.  Everything here is
computed once at import; the functions are pure.
"""

from __future__ import annotations

from .data import DATA, DIRECTIONS

N_CELLS = len(DATA.cells)
NAMES: tuple[str, ...] = tuple(c.id for c in DATA.cells)
INDEX: dict[str, int] = {n: i for i, n in enumerate(NAMES)}
COORDS: tuple[tuple[int, int], ...] = tuple((c.col, c.row) for c in DATA.cells)
_AT = {xy: i for i, xy in enumerate(COORDS)}

EXITS: tuple[str, ...] = tuple(e.id for e in DATA.exits)
EXIT_INDEX = {e: i for i, e in enumerate(EXITS)}
EXIT_CELL: tuple[int, ...] = tuple(INDEX[e.cell] for e in DATA.exits)
OFF_BOARD = N_CELLS  # position of a character that left through exit e: OFF_BOARD + e


def mask_of(cells) -> int:  # type: ignore[no-untyped-def]
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def cells_of(mask: int) -> list[int]:
    """The cells of ``mask``, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


STREET = mask_of(i for i, c in enumerate(DATA.cells) if c.type == "street")
LAMP_CELLS = mask_of(i for i, c in enumerate(DATA.cells) if c.type == "lamp")
OBSTACLE = ((1 << N_CELLS) - 1) & ~STREET

#: NEIGHBOUR[i][d]: the cell next to ``i`` in direction ``d``, or -1 off the board.
NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(_AT.get((col + dc, row + dr), -1) for _, dc, dr in DATA.directions) for col, row in COORDS)
#: Every cell next to ``i`` (Miss Stealthy's steps; "next to another character").
ADJ: tuple[int, ...] = tuple(mask_of(n for n in NEIGHBOUR[i] if n >= 0) for i in range(N_CELLS))
#: Street cells next to street cell ``i`` (everyone else's steps); 0 for obstacles.
WALK: tuple[int, ...] = tuple(ADJ[i] & STREET if STREET >> i & 1 else 0 for i in range(N_CELLS))


def _beam(cell: int, d: int) -> int:
    out = 0
    nxt = NEIGHBOUR[cell][d]
    while nxt >= 0 and STREET >> nxt & 1:
        out |= 1 << nxt
        nxt = NEIGHBOUR[nxt][d]
    return out


#: BEAM[i][d]: the street cells Watson's lantern lights from ``i`` facing ``d``:
#: the straight line up to the first building or lamp cell or the edge.
#: Characters do not stop it; Watson's own cell is not in it.
BEAM: tuple[tuple[int, ...], ...] = tuple(
    tuple(_beam(i, d) for d in range(len(DIRECTIONS))) for i in range(N_CELLS))


def lit_area(lamp_cells) -> int:  # type: ignore[no-untyped-def]
    """Cells lit by lamps standing on ``lamp_cells`` (their neighbours)."""
    m = 0
    for c in lamp_cells:
        m |= ADJ[c]
    return m


def layers(start: int, steps: int, stealthy: bool, manholes: int) -> list[int]:
    """Cells first reached after 1, 2, ... ``steps`` movement points from ``start``.

    Other characters never block (they may be passed); ``manholes`` is the
    mask of open manholes: from one of them a point reaches all the others.
    Miss Stealthy steps over any cell; the caller keeps her ends on streets.
    Layer ``k`` (0-based) holds the cells at distance exactly ``k + 1``.
    """
    nbrs = ADJ if stealthy else WALK
    seen = frontier = 1 << start
    out = []
    for _ in range(steps):
        nxt = manholes if frontier & manholes else 0
        f = frontier
        while f:
            low = f & -f
            nxt |= nbrs[low.bit_length() - 1]
            f ^= low
        nxt &= ~seen
        seen |= nxt
        frontier = nxt
        out.append(nxt)
        if not nxt:
            break
    return out


def distances(target: int, manholes: int) -> list[int]:
    """Walking layers around ``target``: ``out[d]`` is the mask of street cells
    ``d`` movement points away (streets and open manholes; nobody blocks)."""
    seen = frontier = 1 << target
    out = [frontier]
    while True:
        nxt = manholes if frontier & manholes else 0
        f = frontier
        while f:
            low = f & -f
            nxt |= WALK[low.bit_length() - 1]
            f ^= low
        nxt &= ~seen
        if not nxt:
            return out
        seen |= nxt
        frontier = nxt
        out.append(nxt)


def position_name(pos: int) -> str:
    """A cell's name, or the exit's for a character that left the board."""
    return NAMES[pos] if pos < OFF_BOARD else EXITS[pos - OFF_BOARD]
