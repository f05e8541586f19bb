"""Hex boards in doubled-row coordinates, shared by Mr. Jack (London) and New York.

Both boards are flat-topped hexes in columns: a cell is ``(col, row)`` with
``col + row`` odd, and its six neighbours lie at the offsets of
:data:`OFFSETS` (``N NE SE S SW NW``, rows growing downward).  A board
numbers its cells ``0 .. n-1``; a set of cells is an ``int`` with bit ``i``
set.  Everything here is pure and pixel-free: drawing is the client's.

Movement is breadth-first over masks: :func:`layers` gives the cells first
reached after 1, 2, ... movement points, over a neighbour table (which may
hold one-way links), an *open* mask of cells a mover may enter, *portals*
(one point from any of them reaches all the others: London's manholes, New
York's subway) and *free* cells crossed without spending a point (New
York's Cloud Runner over buildings) but never ended on.

>>> grid = HexGrid([(0, 1), (0, 3), (1, 2), (1, 0)])
>>> [cells_of(m) for m in grid.adj]
[[1, 2, 3], [0, 2], [0, 1, 3], [0, 2]]
>>> [cells_of(m) for m in layers(grid.adj, 1, 3)]
[[0, 2], [3], []]
>>> grid.distance(1, 3)
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
#: (dcol, drow) of each direction in doubled-row coordinates.
OFFSETS: tuple[tuple[int, int], ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def mask_of(cells: Iterable[int]) -> int:
    """The mask with the bits of ``cells`` set."""
    m = 0
    for c in cells:
        m |= 1 << c
    return m


#: _BYTE_CELLS[i][b]: the cells of byte ``b`` at bits ``8i .. 8i+7`` (the boards have under 100 cells).
_BYTE_CELLS = tuple(tuple(tuple(8 * i + j for j in range(8) if b >> j & 1) for b in range(256))
                    for i in range(32))


def cells_of(mask: int) -> list[int]:
    """The cells of ``mask``, lowest index first."""
    out: list[int] = []
    if mask.bit_count() > 4 and mask.bit_length() <= 256:
        # A crowd of cells (a move's or a power's destinations) a byte at a time: about three
        # times the speed of one bit at a time there, and a third of it for a cell or two.
        i = 0
        while mask:
            b = mask & 255
            if b:
                out += _BYTE_CELLS[i][b]
            mask >>= 8
            i += 1
        return out
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def popcount(mask: int) -> int:
    return mask.bit_count()


def spread(mask: int, nbrs: Sequence[int]) -> int:
    """The union of ``nbrs[c]`` over the cells ``c`` of ``mask``."""
    out = 0
    while mask:
        low = mask & -mask
        out |= nbrs[low.bit_length() - 1]
        mask ^= low
    return out


class HexGrid:
    """The geometry of one board: cell numbers, neighbours, lines, distances.

    ``coords[i]`` is cell ``i``'s ``(col, row)``; cells not on the grid
    (New York's Liberty Island) pass ``None`` and have no neighbours.
    """

    __slots__ = ("coords", "index", "neighbour", "adj", "n")

    def __init__(self, coords: Sequence[tuple[int, int] | None],
                 offsets: Sequence[tuple[int, int]] = OFFSETS) -> None:
        self.n = len(coords)
        self.coords = tuple(coords)
        self.index = {xy: i for i, xy in enumerate(coords) if xy is not None}
        if len(self.index) != sum(xy is not None for xy in coords):
            raise ValueError("two cells share coordinates")
        #: neighbour[i][d]: the cell next to ``i`` in direction ``d``, or -1.
        self.neighbour: tuple[tuple[int, ...], ...] = tuple(
            (-1,) * len(offsets) if xy is None else
            tuple(self.index.get((xy[0] + dc, xy[1] + dr), -1) for dc, dr in offsets)
            for xy in coords)
        #: adj[i]: the mask of cells next to ``i``.
        self.adj: tuple[int, ...] = tuple(mask_of(n for n in row if n >= 0) for row in self.neighbour)

    def line(self, cell: int, d: int, through: int) -> int:
        """Cells of ``through`` in a straight line from ``cell`` in direction ``d``,
        up to the first cell outside ``through`` or the edge (``cell`` itself excluded)."""
        out = 0
        nxt = self.neighbour[cell][d]
        while nxt >= 0 and through >> nxt & 1:
            out |= 1 << nxt
            nxt = self.neighbour[nxt][d]
        return out

    def distance(self, a: int, b: int) -> int:
        """Steps between two grid cells, ignoring what stands on the board."""
        (c1, r1), (c2, r2) = self.coords[a], self.coords[b]  # type: ignore[misc]
        dc, dr = abs(c1 - c2), abs(r1 - r2)
        return dc + max(0, (dr - dc) // 2)


def layers(nbrs: Sequence[int], start: int, steps: int, open_: int = -1, portals: int = 0,
           free: int = 0) -> list[int]:
    """Cells first reached after 1, 2, ... ``steps`` movement points from ``start``.

    ``nbrs[i]`` is the mask of cells one point from ``i``; only cells of
    ``open_`` are entered.  From a cell of ``portals`` one point reaches
    every other portal (only open ones are entered).  Cells of ``free`` are
    crossed at no cost and never ended on: keep them out of ``open_``.
    Other pieces never block.  Layer ``k`` (0-based) holds the cells at
    distance exactly ``k + 1``; the list stops early once nothing is new.
    """
    seen = frontier = 1 << start
    out = []
    for _ in range(steps):
        if free:
            src = frontier
            grow = spread(src, nbrs) & free & ~seen
            while grow:
                src |= grow
                seen |= grow
                grow = spread(grow, nbrs) & free & ~seen
        else:
            src = frontier
        nxt = portals if src & portals else 0
        while src:
            low = src & -src
            nxt |= nbrs[low.bit_length() - 1]
            src ^= low
        nxt &= open_ & ~seen
        seen |= nxt
        frontier = nxt
        out.append(nxt)
        if not nxt:
            break
    return out


def rings(nbrs: Sequence[int], target: int, open_: int = -1, portals: int = 0) -> list[int]:
    """Layers around ``target``: ``out[d]`` is the mask of open cells ``d``
    movement points away (``out[0]`` is ``target`` alone); nobody blocks."""
    seen = frontier = 1 << target
    out = [frontier]
    while True:
        nxt = portals if frontier & portals else 0
        f = frontier
        while f:
            low = f & -f
            nxt |= nbrs[low.bit_length() - 1]
            f ^= low
        nxt &= open_ & ~seen
        if not nxt:
            return out
        seen |= nxt
        frontier = nxt
        out.append(nxt)


def reach(nbrs: Sequence[int], start: int, steps: int, open_: int = -1, portals: int = 0,
          free: int = 0) -> int:
    """The union of :func:`layers`: every cell within ``steps`` points (``start`` excluded)."""
    m = 0
    for layer in layers(nbrs, start, steps, open_, portals, free):
        m |= layer
    return m
