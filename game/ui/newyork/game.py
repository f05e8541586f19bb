"""Mr. Jack in New York in the game scene: the Manhattan hex board, the character cards, the powers.

The board and its model are :mod:`game.ui.newyork.view`, the picker
:mod:`game.ui.newyork.picker`, the animations :mod:`game.ui.newyork.anim`;
this class turns the scene's clicks and keys into picks and tells the
scene what to draw.  Positions are the engine's cells 0-83 (Liberty Island
is 83; the ports and the East passage are cells too).

What both card games do alike (Jack's forced answers, the pending chain,
the light, the banner and flying cards, the title) comes from
:class:`~game.ui.hex.game.CardGameUI`.
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
from ..hex.game import MOVE_COLOUR, POWER_COLOUR, CardGameUI, draw_card_position
from ..i18n import _, colon
from ..preview import newyork_light
from . import anim, texts
from .picker import CARD, CONFIRM, SECOND, TARGET, NewYorkPicker
from .view import NewYorkModel, NewYorkView

IDS = texts.IDS


def _target(focus: tuple) -> tuple[str, int]:
    """A focus entry (``("pos", c)``, ``("pawn", x)``) as the picker's target."""
    return ("cell", focus[1]) if focus[0] == "pos" else (focus[0], focus[1])


class UI(CardGameUI):
    game = "newyork"

    # ---------------------------------------------------------------- parts
    def make_view(self) -> NewYorkView:  # type: ignore[override]
        return NewYorkView()

    def make_model(self, obs: NewYorkState) -> NewYorkModel:  # type: ignore[override]
        return NewYorkModel.from_view(obs)

    def make_picker(self, obs: NewYorkState) -> NewYorkPicker:  # type: ignore[override]
        return NewYorkPicker(obs)

    def parse(self, text: str) -> Action:
        return VOCAB.parse(text)

    # ---------------------------------------------------------------- rules
    def visible_action(self, i: int, side: Side) -> Action:
        """Jack's identity is masked for the investigator; an informant's card for the side that did not meet him."""
        sc = self.scene
        a = VOCAB.parse(sc.record.actions[i])
        if a.kind == "identity" and side is Side.INVESTIGATOR:
            return IDENTITY_HIDDEN
        if a.kind == "draw" and sc.states[i].actor() is not side:
            return DRAW_HIDDEN
        return a

    # ----------------------------------------------------------- animation
    def actor_of(self, before: NewYorkState, action: Action) -> str | None:  # type: ignore[override]
        return texts.actor_of(before, action)

    def build_anim(self, before: NewYorkState, action: Action, after: NewYorkState, own: bool) -> Any:  # type: ignore[override]
        sc = self.scene
        return anim.build(sc.model, before, action, after, sc.app.play, own)

    def describe(self, before: NewYorkState, action: Action, after: NewYorkState) -> list[str]:  # type: ignore[override]
        return texts.describe(before, action, after)

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

    def click(self, pos: tuple[int, int]) -> None:
        sc = self.scene
        L = sc.view.layout
        p: NewYorkPicker = sc.picker
        m: NewYorkModel = sc.model
        k = L.card_at(pos)
        if k is not None:
            if k >= len(m.row):
                return
            c = m.row[k]
            if p.chain and p.chain[0].kind == "play" and str(p.chain[0].args[0]) == IDS[c] and not p.done \
                    and len(p.chain) == 1 and not p.clicks:
                sc.undo()  # a second click on the chosen card puts it back
                return
            sc.refuse(p.pick_card(c))
            return
        if not L.board.collidepoint(pos):
            return
        pawn = sc.view.pawn_at(m, pos)
        cell = L.pos_at(pos)
        targets = p.targets()
        if pawn is not None and ("pawn", pawn) in targets:
            sc.refuse(p.pick(("pawn", pawn)))
        elif cell is not None and ("cell", cell) in targets:
            sc.refuse(p.pick(("cell", cell)))
        elif pawn is not None:
            sc.refuse(p.pick_pawn(pawn))
        elif cell is not None:
            sc.refuse(p.pick_cell(cell))

    def choose(self, name: str, value: int) -> None:
        sc = self.scene
        p: NewYorkPicker = sc.picker
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
            refuse(p.extra())
        elif name == "stay":
            refuse(p.pass_power())
        elif stage == CARD and name == "number":
            row = sc.model.row
            if 1 <= value <= len(row):
                refuse(p.pick_card(row[value - 1]))
        elif name == "direction":
            sc.cycle_focus(1 if value in (1, 2) else -1)

    def focus_targets(self) -> list[tuple]:
        p: NewYorkPicker | None = self.scene.picker
        if p is None:
            return []
        if p.stage == CARD:
            return [("card", c) for c in p.playable_cards()]
        if p.stage in (TARGET, SECOND):
            return [("pawn", x) for x in sorted(p.pawn_targets())] + [("pos", c) for c in sorted(p.cell_targets())]
        return []

    def activate(self, focus: tuple) -> None:
        sc = self.scene
        p: NewYorkPicker = sc.picker
        if focus[0] == "card":
            sc.refuse(p.pick_card(focus[1]))
        else:
            sc.refuse(p.pick(_target(focus)))

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
        c = sc.view.pawn_at(sc.model, pos)
        if c is not None and ("pawn", c) in targets:
            return ("pawn", c)
        q = L.pos_at(pos)
        if q is not None and ("pos", q) in targets:
            return ("pos", q)
        return None

    # ---------------------------------------------------------------- draw
    light_of = staticmethod(newyork_light)
    n_cells = N_CELLS

    @staticmethod
    def short_name(c: int) -> str:
        return texts.short(c)

    def choice_highlights(self) -> Highlights:
        sc = self.scene
        m: NewYorkModel = sc.model
        hl = Highlights(show_sight=sc.show_sight)
        if m.jack_known() and (m.view == "jack" or m.outcome is not None):
            hl.jack_char = m.jack
        if sc.anim is None and sc.recent:
            hl.recent = list(sc.recent)
        if not sc.my_turn() or sc.picker is None:
            return hl
        p: NewYorkPicker = sc.picker
        hl.focus = sc.focus if sc.focus is not None else self.hover_target()
        if p.stage == CARD:
            hl.cards = set(p.playable_cards())
        if p.chain and p.chain[0].kind == "play":
            hl.selected_card = IDS.index(str(p.chain[0].args[0]))
        hl.cells = p.cell_targets()
        hl.pawns = p.pawn_targets()
        st = p.state
        if p.current_mode() == "move":
            hl.pawns |= {c for c in range(8) if c != st.active and st.pos[c] in hl.cells}  # accusations
        hl.chosen = p.chosen_cells()
        hl.chosen_pawn = p.chosen_pawn()
        hl.mode_colour = POWER_COLOUR if p.stage in (TARGET, SECOND) and p.current_mode() == "power" \
            and st.phase != "informant" else MOVE_COLOUR
        if p.done:
            hl.preview = list(p.chain)
            hl.preview_state = p.obs
        return hl

    def draw_under(self, surface: pygame.Surface, hl: Highlights, clock: float) -> None:  # type: ignore[override]
        sc = self.scene
        v, m = sc.view, sc.model
        self._sync_preview(m)
        v.draw_board(surface, m, hl, clock)
        v.draw_after(surface, m, hl)
        v.draw_strip(surface, m, hl, clock)
        v.draw_track(surface, m)
        v.draw_hands(surface, m)

    def _sync_preview(self, m: NewYorkModel) -> None:  # type: ignore[override]
        """While a card is chosen (before Confirm), its card shows lifted and its pawn as the active one."""
        sc = self.scene
        if sc.anim is not None or not sc.my_turn() or sc.picker is None:
            return
        p: NewYorkPicker = sc.picker
        chosen = IDS.index(str(p.chain[0].args[0])) if p.chain and p.chain[0].kind == "play" else -1
        want = chosen if chosen >= 0 else p.obs.active
        if m.active != want:
            m.active = want
            m.card_lift = [1.0 if c == want else 0.0 for c in range(8)]

    def prompt_sub(self, hover: tuple | None) -> str:
        p: NewYorkPicker | None = self.scene.picker
        if p is None:
            return ""
        if hover is not None and hover[0] == "card":
            return colon(texts.short(hover[1]), texts.power_help(hover[1]))
        act = p.state.active
        if act >= 0 and p.stage in (TARGET, SECOND) and p.state.phase != "informant":
            return texts.power_help(act)
        return ""


# ------------------------------------------------------------------ replay and results
def results_rows(final: NewYorkState) -> list[tuple[str, str]]:
    """The figures of a finished game for the results screen."""
    return [
        (_("Rounds played"), str(final.round)),
        (_("Suspects left"), str(bin(final.suspects).count("1"))),
        (_("Alibi cards drawn by the investigator"), str(len(final.icards))),
        (_("Alibi cards drawn by Jack"), str(len(final.jcards))),
        (_("Parks on the board"), str(len(final.parks))),
        (_("Witness card at the end"), texts.witness_side(final.witness)),
    ]


def draw_position(surface: pygame.Surface, state: NewYorkState, clock: float, view: Any) -> pygame.Rect:
    """Draw ``state`` (board, strip, track, hands: every secret of a full state) and return the free panel area."""
    return draw_card_position(surface, state, clock, view, NewYorkView, NewYorkModel)


__all__ = ["UI", "results_rows", "draw_position"]
