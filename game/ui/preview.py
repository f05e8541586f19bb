"""What a pending choice would show: the state after it, from the player's own observation only.

The client never asks the full state: the pending actions are applied to a
copy of the observation the player's picker holds (``child`` returns a new
state), so a preview can reveal nothing the player could not work out.
The light helpers say which cells are in light by the games' own rules, so
the sight overlay and the move targets can show light and dark.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..engine.london.board import ADJ as LONDON_ADJ
from ..engine.london.board import BEAM, OFF_BOARD
from ..engine.london.board import STREET as LONDON_STREET
from ..engine.newyork.board import LIBERTY, LIGHT
from ..engine.pocket.board import sight
from .i18n import _


def after(obs: Any, actions: Iterable[Any]) -> Any | None:
    """``obs`` with ``actions`` applied to a copy; ``None`` if one of them does not apply."""
    state = obs
    try:
        for a in actions:
            state = state.child(a)
    except (ValueError, KeyError, IndexError):
        return None
    return state


def london_light(state: Any) -> int:
    """Street cells (bitmask) in light: next to a lit gas lamp, or in Watson's lantern beam."""
    light = 0
    for p in state.lamps:
        if p >= 0:
            light |= LONDON_ADJ[p]
    w = state.pos[1]
    if w < OFF_BOARD:
        light |= BEAM[w][state.lantern]
    return light & LONDON_STREET


def newyork_light(state: Any) -> int:
    """Cells (bitmask) a lamp lights, less the parks and Liberty Island, where nobody is ever seen."""
    light = 0
    for p in state.lamps:
        light |= LIGHT[p]
    for p in state.parks:
        light &= ~(1 << p)
    return light & ~(1 << LIBERTY)


def pocket_sight(state: Any) -> list[tuple[int, list[int]]]:
    """Each detective's position and the cells he sees, nearest first."""
    walls = [state.wall_of(c) for c in range(9)]
    return [(p, sight(walls, p)) for p in state.detectives]


def preview_note(state: Any, name: Callable[[int], str]) -> str:
    """The caption of a preview: which suspects would be seen and which not, were the move made."""
    suspects = [c for c in range(8) if state.suspects >> c & 1]
    vis = state.visible_mask()
    seen = [name(c) for c in suspects if vis >> c & 1]
    unseen = [name(c) for c in suspects if not vis >> c & 1]
    return _("If you confirm: seen {seen}; not seen {unseen}.").format(
        seen=", ".join(seen) or _("nobody"), unseen=", ".join(unseen) or _("nobody"))


def pocket_note(state: Any, name: Callable[[int], str]) -> str:
    """The Pocket preview's caption: the suspects the detectives would see, and the others."""
    cells = state.visible_cells()
    suspects = [(c, ch) for c, ch in enumerate(state.chars) if state.suspect[ch]]
    seen = [name(ch) for c, ch in suspects if c in cells]
    unseen = [name(ch) for c, ch in suspects if c not in cells]
    return _("If you confirm: seen {seen}; not seen {unseen}.").format(
        seen=", ".join(seen) or _("nobody"), unseen=", ".join(unseen) or _("nobody"))
