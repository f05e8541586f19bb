"""Mr. Jack (London) in the game scene: the Whitechapel hex board, the character cards, the powers.

The board and its model are :mod:`game.ui.london.view`, the picker
:mod:`game.ui.london.picker`, the animations :mod:`game.ui.london.anim`;
this class turns the scene's clicks and keys into picks and tells the
scene what to draw.  Positions are cells 0-85 and the exits 86-89.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...engine.actions import Action
from ...engine.core import Side
from ...engine.london.actions import split_pair
from ...engine.london.board import EXITS, INDEX, OFF_BOARD
from ...engine.london.state import DRAW_HIDDEN, IDENTITY_HIDDEN, VOCAB, LondonState
from .. import theme
from ..hex.game import MOVE_COLOUR, POWER_COLOUR, CardGameUI, draw_card_position
from ..i18n import _, colon
from ..preview import london_light
from . import anim, texts
from .picker import CARD, CONFIRM, DIRECTION, SECOND, TARGET, LondonPicker
from .view import Highlights, LondonModel, LondonView

IDS = texts.IDS


def _pos(name: str) -> int:
    return OFF_BOARD + EXITS.index(name) if name in EXITS else INDEX[name]


class UI(CardGameUI):
    game = "london"

    # ---------------------------------------------------------------- parts
    def make_view(self) -> LondonView:
        return LondonView()

    def make_model(self, obs: LondonState) -> LondonModel:
        return LondonModel.from_view(obs)

    def make_picker(self, obs: LondonState) -> LondonPicker:
        return LondonPicker(obs)

    def parse(self, text: str) -> Action:
        return VOCAB.parse(text)

    # ---------------------------------------------------------------- rules
    def visible_action(self, i: int, side: Side) -> Action:
        """Jack's identity is masked for the investigator; a Holmes draw for the side that did not draw."""
        sc = self.scene
        a = VOCAB.parse(sc.record.actions[i])
        if a.kind == "identity" and side is Side.INVESTIGATOR:
            return IDENTITY_HIDDEN
        if a.kind == "draw" and sc.states[i].actor() is not side:
            return DRAW_HIDDEN
        return a

    # ----------------------------------------------------------- animation
    def actor_of(self, before: LondonState, action: Action) -> str | None:
        return texts.actor_of(before, action)

    def build_anim(self, before: LondonState, action: Action, after: LondonState, own: bool) -> Any:
        sc = self.scene
        return anim.build(sc.model, before, action, after, sc.app.play, own)

    def describe(self, before: LondonState, action: Action, after: LondonState) -> list[str]:
        return texts.describe(before, action, after)

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

    def click(self, pos: tuple[int, int]) -> None:
        sc = self.scene
        L = sc.view.layout
        p: LondonPicker = sc.picker
        m: LondonModel = sc.model
        refuse = sc.refuse
        k = L.card_at(pos)
        if k is not None:
            if k >= len(m.row):
                return
            c = m.row[k]
            if p.chain and p.chain[0].kind == "play" and str(p.chain[0].args[0]) == IDS[c] and not p.done \
                    and len(p.chain) == 1 and p.first is None:
                sc.undo()  # a second click on the chosen card puts it back
                return
            refuse(p.pick_card(c))
            return
        if not L.board.collidepoint(pos):
            return
        if p.stage == DIRECTION:
            cell = p.state.pos[1]
            d = L.arrow_at(cell, pos)
            if d is not None:
                refuse(p.pick_direction(d))
                return
        c = sc.view.pawn_at(m, pos)
        if c is not None and p.stage in (CARD, TARGET, SECOND) and not self._is_cell_target(pos):
            refuse(p.pick_pawn(c))
            return
        q = L.pos_at(pos)
        if q is None:
            return
        refuse(p.pick_pos(q))

    def choose(self, name: str, value: int) -> None:
        sc = self.scene
        p: LondonPicker = sc.picker
        stage = p.stage
        refuse = sc.refuse
        if name == "back":
            sc.undo()
        elif name == "confirm":
            if stage == CONFIRM:
                sc.confirm()
            elif sc.focus is not None:
                self.activate(sc.focus)
            else:
                refuse(_("Choose with the number keys, or Tab to a target and press Enter."))
        elif name in ("next", "previous"):
            sc.cycle_focus(1 if name == "next" else -1)
        elif name == "mode":
            refuse(p.switch_mode())
        elif stage == CARD and name == "number":
            row = sc.model.row
            if 1 <= value <= len(row):
                refuse(p.pick_card(row[value - 1]))
        elif stage == DIRECTION and name == "number" and 1 <= value <= 6:
            refuse(p.pick_direction(value - 1))
        elif name == "direction":
            sc.cycle_focus(1 if value in (1, 2) else -1)

    def focus_targets(self) -> list[tuple]:
        p: LondonPicker | None = self.scene.picker
        if p is None:
            return []
        stage = p.stage
        if stage == CARD:
            return [("card", c) for c in p.playable_cards()]
        if stage == DIRECTION:
            return [("dir", d) for d in p.directions()]
        if stage in (TARGET, SECOND):
            return [("pawn", c) for c in sorted(p.pawn_targets())] + [("pos", q) for q in sorted(p.cell_targets())]
        return []

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

    def hover_target(self) -> tuple | None:
        sc = self.scene
        L = sc.view.layout
        if L is None or sc.picker is None or not pygame.mouse.get_focused():
            return None
        pos = pygame.mouse.get_pos()
        targets = self.focus_targets()
        k = L.card_at(pos)
        if k is not None and k < len(sc.model.row) and ("card", sc.model.row[k]) in targets:
            return ("card", sc.model.row[k])
        if sc.picker.stage == DIRECTION:
            d = L.arrow_at(sc.picker.state.pos[1], pos)
            if d is not None and ("dir", d) in targets:
                return ("dir", d)
        c = sc.view.pawn_at(sc.model, pos)
        if c is not None and ("pawn", c) in targets:
            return ("pawn", c)
        q = L.pos_at(pos)
        if q is not None and ("pos", q) in targets:
            return ("pos", q)
        return None

    # ---------------------------------------------------------------- draw
    #: cells in light in an observation (bitmask), and the number of board cells
    light_of = staticmethod(london_light)
    n_cells = OFF_BOARD

    @staticmethod
    def short_name(c: int) -> str:
        return texts.short(c)

    def choice_highlights(self) -> Highlights:
        sc = self.scene
        m: LondonModel = sc.model
        hl = Highlights(show_sight=sc.show_sight)
        if m.jack_known() and m.view == "jack" and m.outcome is None:
            hl.jack_char = m.jack
        elif m.jack_known() and m.outcome is not None:
            hl.jack_char = m.jack
        if sc.anim is None and sc.recent:
            hl.recent = list(sc.recent)
        if not sc.my_turn() or sc.picker is None:
            return hl
        p: LondonPicker = sc.picker
        hl.focus = sc.focus if sc.focus is not None else self.hover_target()
        stage = p.stage
        if stage == CARD:
            hl.cards = set(p.playable_cards())
        if p.chain and p.chain[0].kind == "play":
            hl.selected_card = IDS.index(str(p.chain[0].args[0]))
        hl.cells = p.cell_targets()
        hl.pawns = p.pawn_targets()
        st = p.state
        hl.pawns |= {c for c in range(8) if c != st.active and st.pos[c] in hl.cells}  # accusations
        if p.first is not None:
            kind, first = p.first
            if kind == "whistle":
                hl.chosen_pawn = first
            else:
                hl.chosen = [first]
        if stage == DIRECTION:
            hl.arrows = (p.state.pos[1], p.directions())
        hl.mode_colour = POWER_COLOUR if stage in (TARGET, SECOND) and p.current_mode() == "power" \
            else MOVE_COLOUR
        if p.done:
            hl.preview = list(p.chain)
            hl.preview_state = p.obs
        return hl

    def draw_under(self, surface: pygame.Surface, hl: Highlights, clock: float) -> None:
        sc = self.scene
        v, m = sc.view, sc.model
        self._sync_preview(m)
        v.draw_board(surface, m, hl, clock)
        v.draw_after(surface, m, hl)
        v.draw_strip(surface, m, hl, clock)
        v.draw_track(surface, m)
        v.draw_hands(surface, m)

    def _sync_preview(self, m: LondonModel) -> None:
        """While a card is chosen (before Confirm), its card shows lifted and its pawn as the active one."""
        sc = self.scene
        if sc.anim is not None or not sc.my_turn() or sc.picker is None:
            return
        p: LondonPicker = sc.picker
        chosen = IDS.index(str(p.chain[0].args[0])) if p.chain and p.chain[0].kind == "play" else -1
        base = p.obs.active
        want = chosen if chosen >= 0 else base
        if m.active != want:
            m.active = want
            m.card_lift = [1.0 if c == want else 0.0 for c in range(8)]

    def prompt_sub(self, hover: tuple | None) -> str:
        sc = self.scene
        p: LondonPicker | None = sc.picker
        if p is None:
            return ""
        if hover is not None and hover[0] == "card":
            return colon(texts.short(hover[1]), texts.power_help(hover[1]))
        act = p.state.active
        if act >= 0 and p.stage in (TARGET, SECOND, DIRECTION):
            return texts.power_help(act)
        return ""


def results_rows(final: LondonState) -> list[tuple[str, str]]:
    """The figures of a finished game for the results screen."""
    rows = [
        (_("Rounds played"), str(final.round)),
        (_("Suspects left"), str(bin(final.suspects).count("1"))),
        (_("Alibi cards drawn by the investigator"), str(len(final.icards))),
        (_("Alibi cards drawn by Jack"), str(len(final.jcards))),
        (_("Witness card at the end"), texts.witness_side(final.witness)),
    ]
    return rows


def theme_colour(side: str) -> theme.Color:
    return theme.side_colour(side)


def draw_position(surface: pygame.Surface, state: LondonState, clock: float, view: Any) -> pygame.Rect:
    """Draw ``state`` (board, strip, track, hands: every secret of a full state) and return the free panel area."""
    return draw_card_position(surface, state, clock, view, LondonView, LondonModel)
