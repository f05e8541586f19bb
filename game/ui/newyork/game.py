"""Mr. Jack in New York in the game scene: the Manhattan hex board, the character cards, the powers.

The board and its model are :mod:`game.ui.newyork.view`, the picker
:mod:`game.ui.newyork.picker`, the animations :mod:`game.ui.newyork.anim`;
this class turns the scene's clicks and keys into picks and tells the
scene what to draw.  Positions are the engine's cells 0-83 (Liberty Island
is 83; the ports and the East passage are cells too).

What both card games do alike (Jack's forced answers, the pending chain,
the card clicks and keys, the light, the banner and flying cards, the
title) comes from :class:`~game.ui.hex.game.CardGameUI`; New York adds
clicks towards a decision of several targets, the informant and its
powers' cells.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...engine.actions import Action
from ...engine.core import Side
from ...engine.newyork.actions import DRAW_HIDDEN, IDENTITY_HIDDEN, split_pair
from ...engine.newyork.board import INDEX, N_CELLS
from ...engine.newyork.state import VOCAB, NewYorkState
from ..hex.board import Highlights
from ..hex.game import CardGameUI, card_results_rows, draw_card_position
from ..i18n import _
from ..preview import newyork_light
from . import anim, texts
from .picker import SECOND, TARGET, NewYorkPicker
from .view import NewYorkModel, NewYorkView

IDS = texts.IDS


def _target(focus: tuple) -> tuple[str, int]:
    """A focus entry (``("pos", c)``, ``("pawn", x)``) as the picker's target."""
    return ("cell", focus[1]) if focus[0] == "pos" else (focus[0], focus[1])


class UI(CardGameUI):
    game = "newyork"
    view_cls = NewYorkView
    model_cls = NewYorkModel
    picker_cls = NewYorkPicker
    vocab = VOCAB
    texts = texts
    anim = anim
    identity_hidden = IDENTITY_HIDDEN
    draw_hidden = DRAW_HIDDEN  # an informant's card for the side that did not meet him
    light_of = staticmethod(newyork_light)
    n_cells = N_CELLS

    def caption(self, action: Action, actor: str | None) -> str:
        if action.kind == "draw":
            return _("The informant talks")
        return super().caption(action, actor)

    def changed(self, i: int, side: Side) -> list[int]:
        """Cells the action changed: marked until the next move."""
        sc = self.scene
        a = self.visible_action(i, side)
        kind, args = a.kind, a.args
        before = sc.states[i]
        if kind in ("to", "subway", "building", "lamp", "park", "informant"):
            return [INDEX[str(args[0])]]
        if kind == "move":
            return [INDEX[str(args[1])]]
        if kind == "zone":
            return [INDEX[c] for c in split_pair(str(args[0]))[1].split("+")]
        if kind == "ship":
            return [INDEX[c] for c in split_pair(str(args[0]))]
        if kind == "swap":
            return [before.pos[IDS.index(str(x))] for x in args]
        return []

    # --------------------------------------------------------------- input
    def extra_button(self) -> tuple[Any, bool] | None:
        p = self.scene.picker
        label = p.extra_label() if p is not None else None
        return (label, True) if label else None

    def extra(self) -> None:
        sc = self.scene
        sc.refuse(sc.picker.extra())

    def click_board(self, pos: tuple[int, int]) -> None:
        sc = self.scene
        p: NewYorkPicker = sc.picker
        pawn = sc.view.pawn_at(sc.model, pos)
        cell = sc.view.layout.pos_at(pos)
        targets = p.targets()
        if pawn is not None and ("pawn", pawn) in targets:
            sc.refuse(p.pick(("pawn", pawn)))
        elif cell is not None and ("cell", cell) in targets:
            sc.refuse(p.pick(("cell", cell)))
        elif pawn is not None:
            sc.refuse(p.pick_pawn(pawn))
        elif cell is not None:
            sc.refuse(p.pick_cell(cell))

    def choose_more(self, name: str, value: int, stage: str) -> None:
        if name == "stay":
            self.scene.refuse(self.scene.picker.pass_power())

    def activate(self, focus: tuple) -> None:
        sc = self.scene
        p: NewYorkPicker = sc.picker
        if focus[0] == "card":
            sc.refuse(p.pick_card(focus[1]))
        else:
            sc.refuse(p.pick(_target(focus)))

    # ---------------------------------------------------------------- draw
    def power_step(self, p: NewYorkPicker) -> bool:
        """The informant's new cell is no power of the active character."""
        return p.stage in (TARGET, SECOND) and p.state.phase != "informant"

    def highlight_more(self, hl: Highlights, p: NewYorkPicker) -> None:
        st = p.state
        if p.current_mode() == "move":
            hl.pawns |= {c for c in range(8) if c != st.active and st.pos[c] in hl.cells}  # accusations
        hl.chosen = p.chosen_cells()
        hl.chosen_pawn = p.chosen_pawn()


# ------------------------------------------------------------------ replay and results
def results_rows(final: NewYorkState) -> list[tuple[str, str]]:
    """The figures of a finished game for the results screen."""
    return card_results_rows(final, texts.witness_side, (_("Parks on the board"), str(len(final.parks))))


def draw_position(surface: pygame.Surface, state: NewYorkState, clock: float, view: Any) -> pygame.Rect:
    """Draw ``state`` (board, strip, track, hands: every secret of a full state) and return the free panel area."""
    return draw_card_position(surface, state, clock, view, NewYorkView, NewYorkModel)


__all__ = ["UI", "results_rows", "draw_position"]
