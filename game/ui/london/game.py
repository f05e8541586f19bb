"""Mr. Jack (London) in the game scene: the Whitechapel hex board, the character cards, the powers.

The board and its model are :mod:`game.ui.london.view`, the picker
:mod:`game.ui.london.picker`, the animations :mod:`game.ui.london.anim`;
this class turns the scene's clicks and keys into picks and tells the
scene what to draw.  Positions are cells 0-85 and the exits 86-89.

What both card games do alike comes from :class:`~game.ui.hex.game.CardGameUI`;
London adds Watson's lantern (a direction to pick) and its powers' positions.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...engine.core import Side
from ...engine.london.actions import split_pair
from ...engine.london.board import EXITS, INDEX, OFF_BOARD
from ...engine.london.state import DRAW_HIDDEN, IDENTITY_HIDDEN, VOCAB, LondonState
from ..hex.game import CardGameUI, card_results_rows, draw_card_position
from ..preview import london_light
from . import anim, texts
from .picker import CARD, DIRECTION, SECOND, TARGET, LondonPicker
from .view import Highlights, LondonModel, LondonView

IDS = texts.IDS


def _pos(name: str) -> int:
    return OFF_BOARD + EXITS.index(name) if name in EXITS else INDEX[name]


class UI(CardGameUI):
    game = "london"
    view_cls = LondonView
    model_cls = LondonModel
    picker_cls = LondonPicker
    vocab = VOCAB
    texts = texts
    anim = anim
    identity_hidden = IDENTITY_HIDDEN
    draw_hidden = DRAW_HIDDEN
    #: cells in light in an observation (bitmask), and the number of board cells
    light_of = staticmethod(london_light)
    n_cells = OFF_BOARD

    def changed(self, i: int, side: Side) -> list[int]:
        """Positions the action changed: marked until the next move."""
        sc = self.scene
        a = self.visible_action(i, side)
        kind, args = a.kind, a.args
        before = sc.states[i]
        if kind == "to":
            return [INDEX[str(args[0])]]
        if kind in ("lamp", "cover", "cordon"):
            return [_pos(x) for x in split_pair(str(args[0]))]
        if kind == "whistle":
            return [INDEX[str(args[1])]]
        if kind == "swap":
            return [before.pos[6], before.pos[IDS.index(str(args[0]))]]
        return []

    # --------------------------------------------------------------- input
    def extra_button(self) -> tuple[Any, bool] | None:
        p = self.scene.picker
        if p is None or not p.can_switch():
            return None
        return p.mode_label(), True

    def extra(self) -> None:
        sc = self.scene
        sc.refuse(sc.picker.switch_mode())

    def click_board(self, pos: tuple[int, int]) -> None:
        sc = self.scene
        L = sc.view.layout
        p: LondonPicker = sc.picker
        if p.stage == DIRECTION:
            d = L.arrow_at(p.state.pos[1], pos)
            if d is not None:
                sc.refuse(p.pick_direction(d))
                return
        c = sc.view.pawn_at(sc.model, pos)
        if c is not None and p.stage in (CARD, TARGET, SECOND) and not self._is_cell_target(pos):
            sc.refuse(p.pick_pawn(c))
            return
        q = L.pos_at(pos)
        if q is None:
            return
        sc.refuse(p.pick_pos(q))

    def choose_more(self, name: str, value: int, stage: str) -> None:
        if stage == DIRECTION and name == "number" and 1 <= value <= 6:
            self.scene.refuse(self.scene.picker.pick_direction(value - 1))

    def focus_targets_more(self, p: LondonPicker) -> list[tuple]:
        return [("dir", d) for d in p.directions()] if p.stage == DIRECTION else []

    def activate(self, focus: tuple) -> None:
        sc = self.scene
        p: LondonPicker = sc.picker
        kind, value = focus
        if kind == "card":
            sc.refuse(p.pick_card(value))
        elif kind == "dir":
            sc.refuse(p.pick_direction(value))
        elif kind == "pawn":
            sc.refuse(p.pick_pawn(value))
        elif kind == "pos":
            sc.refuse(p.pick_pos(value))

    def hover_more(self, pos: tuple[int, int], targets: list[tuple]) -> tuple | None:
        sc = self.scene
        if sc.picker.stage == DIRECTION:
            d = sc.view.layout.arrow_at(sc.picker.state.pos[1], pos)
            if d is not None and ("dir", d) in targets:
                return ("dir", d)
        return None

    # ---------------------------------------------------------------- draw
    def power_step(self, p: LondonPicker) -> bool:
        return p.stage in (TARGET, SECOND, DIRECTION)

    def highlight_more(self, hl: Highlights, p: LondonPicker) -> None:
        st = p.state
        hl.pawns |= {c for c in range(8) if c != st.active and st.pos[c] in hl.cells}  # accusations
        if p.first is not None:
            kind, first = p.first
            if kind == "whistle":
                hl.chosen_pawn = first
            else:
                hl.chosen = [first]
        if p.stage == DIRECTION:
            hl.arrows = (p.state.pos[1], p.directions())


def results_rows(final: LondonState) -> list[tuple[str, str]]:
    """The figures of a finished game for the results screen."""
    return card_results_rows(final, texts.witness_side)


def draw_position(surface: pygame.Surface, state: LondonState, clock: float, view: Any) -> pygame.Rect:
    """Draw ``state`` (board, strip, track, hands: every secret of a full state) and return the free panel area."""
    return draw_card_position(surface, state, clock, view, LondonView, LondonModel)


__all__ = ["UI", "results_rows", "draw_position"]
