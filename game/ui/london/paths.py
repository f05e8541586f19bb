"""Where a pawn walks, for the view's preview and the animation alike.

:func:`walk_path` finds the cells a move passes through: a breadth-first
search over the engine's board (streets, open manholes, and for Miss
Stealthy every cell).  That is only for drawing: which moves are legal is
the engine's business, and the path it implies has the same length.
"""

from __future__ import annotations

from ...engine.london.board import ADJ, EXIT_CELL, OFF_BOARD, WALK
from ...engine.london.state import LondonState
from ..hex.anim import shortest_path


def walk_path(state: LondonState, char: int, goal: int) -> list[int]:
    """The cells ``char`` passes from its position to ``goal`` (a cell, or an exit 86-89), both ends included.

    Streets only (and open manholes, one point from one to any other); Miss
    Stealthy may cross any cell.  A whistled character walks streets.  The
    shortest path is taken, ties broken by cell order, so the picture is
    the same on every screen.
    """
    start = state.pos[char]
    if start >= OFF_BOARD:
        return [start]
    exit_goal = goal if goal >= OFF_BOARD else None
    target = EXIT_CELL[goal - OFF_BOARD] if exit_goal is not None else goal
    stealthy = char == 4 and state.active == 4
    table = ADJ if stealthy else WALK
    manholes = state.open_manholes()

    def nbrs(c: int) -> int:
        return table[c] | (manholes & ~(1 << c) if manholes >> c & 1 else 0)
    path = shortest_path(start, target, nbrs)
    if path is None:
        return [start, goal]
    if exit_goal is not None:
        path.append(exit_goal)
    return path
