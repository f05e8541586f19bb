"""Where a pawn walks, for the view's preview and the animation alike.

:func:`walk_path` finds the cells a move passes through: a breadth-first
search over the engine's board (open cells, subway entrances one point
apart, the ferry arrows one way, buildings for Cloud Runner's own move).
That is only for drawing: which moves are legal is the engine's business.
"""

from __future__ import annotations

from ...engine.newyork.board import ADJ, EXITS, STEP
from ...engine.newyork.state import NewYorkState
from ..hex.anim import shortest_path
from . import texts

RUNNER = texts.IDS.index("runner")


def walk_path(state: NewYorkState, char: int, goal: int, pushed: bool = False) -> list[int]:
    """The cells ``char`` passes from its position to ``goal`` (a cell or an exit), both ends included.

    ``pushed``: moved by Eastman (no subway, no crossing buildings).  The
    shortest path is taken, ties broken by cell order, so the picture is
    the same on every screen.
    """
    start = state.pos[char]
    allowed = state.open_mask()
    if char == RUNNER and state.active == RUNNER and not pushed:
        allowed |= state.building_mask()
    portals = 0 if pushed else state.subway_mask() & allowed
    goal_bit = 1 << goal if EXITS >> goal & 1 else 0

    def nbrs(c: int) -> int:
        m = (STEP[c] & allowed) | (ADJ[c] & goal_bit)
        if portals >> c & 1:
            m |= portals & ~(1 << c)
        return m
    path = shortest_path(start, goal, nbrs)
    return path if path is not None else [start, goal]
