"""The 3x3 district and the detectives' lines of sight around it.

Cells are 0-8 row-major from the top-left.  Walls point N, E, S or W
(0-3).  Detective positions 0-11 run clockwise from above the top-left tile.
"""

from __future__ import annotations

DIRECTIONS = "NESW"
N, E, S, W = range(4)

#: For each position: (cells in the order the detective looks, side it looks in from).
LINES: tuple[tuple[tuple[int, int, int], int], ...] = tuple(
    [((c, 3 + c, 6 + c), N) for c in range(3)]
    + [((r * 3 + 2, r * 3 + 1, r * 3), E) for r in range(3)]
    + [((6 + c, 3 + c, c), S) for c in (2, 1, 0)]
    + [((r * 3, r * 3 + 1, r * 3 + 2), W) for r in (2, 1, 0)]
)


def position_side(position: int) -> int:
    """The side of the grid (N, E, S or W) that a position lies on."""
    return position // 3


def sight(walls: list[int | None], position: int) -> list[int]:
    """Cells a detective at ``position`` sees, nearest first.

    ``walls[cell]`` is the wall direction of the tile there, or ``None`` for
    a tile with no wall at all (the cleared crossroads).  A wall facing the
    detective hides the tile and stops the look; a wall on the far side
    shows the tile and stops after it; a wall on a flank lets sight pass.
    """
    cells, entry = LINES[position]
    far = entry ^ 2
    seen = []
    for cell in cells:
        wall = walls[cell]
        if wall == entry:
            break
        seen.append(cell)
        if wall == far:
            break
    return seen


def seen_cells(walls: list[int | None], positions: list[int]) -> set[int]:
    """Every cell seen from any of ``positions``."""
    out: set[int] = set()
    for p in positions:
        out.update(sight(walls, p))
    return out


def facing(position: int) -> tuple[int, int]:
    """``(cell, wall)``: the tile next to a position, and the wall that faces it."""
    cells, entry = LINES[position]
    return cells[0], entry
