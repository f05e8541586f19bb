"""Mr. Jack Pocket in the game scene: the 3x3 district, the action tokens, the detectives.

A thin adapter: the board (:mod:`game.ui.pocket.view`), the picker
(:mod:`game.ui.pocket.picker`) and the animations (:mod:`game.ui.pocket.anim`) are the
Pocket modules; this class turns the scene's clicks and keys into calls on
them and tells the scene what to draw where.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pygame

from ...engine.actions import Action
from ...engine.core import Side
from ...engine.pocket.state import CLAIM, DETECTIVES, DRAW_HIDDEN, IDENTITY_HIDDEN, VOCAB, WITNESS, PocketState
from .. import texts
from ..games import GameUI
from ..i18n import N_, _
from ..preview import after, pocket_note, pocket_sight
from ..tween import Seq
from . import anim
from .picker import CONFIRM, DIRECTION, SECOND, TARGET, TOKEN, Picker, face_of
from .view import BoardModel, BoardView, Highlights


class UI(GameUI):
    game = "pocket"

    # ---------------------------------------------------------------- parts
    def make_view(self) -> BoardView:
        return BoardView()

    def make_model(self, obs: PocketState) -> BoardModel:
        return BoardModel.from_view(obs)

    def make_picker(self, obs: PocketState) -> Picker:
        return Picker(obs)

    def parse(self, text: str) -> Action:
        return VOCAB.parse(text)

    # ---------------------------------------------------------------- rules
    def visible_action(self, i: int, side: Side) -> Action:
        """Jack's secret draws are masked for the investigator."""
        sc = self.scene
        a = VOCAB.parse(sc.record.actions[i])
        if side is Side.INVESTIGATOR:
            if a.kind == "identity":
                return IDENTITY_HIDDEN
            if a.kind == "draw" and sc.states[i].drawer() is Side.JACK:
                return DRAW_HIDDEN
        return a

    def forced(self, state: PocketState) -> Action | None:
        legal = state.legal_actions()
        if state.phase in (WITNESS, CLAIM) and len(legal) == 1:
            return legal[0]
        return None

    def pending(self) -> list[Action]:
        p = self.scene.picker
        return [] if p is None or p.pending is None else [p.pending]

    # ----------------------------------------------------------- animation
    def actor_of(self, before: PocketState, action: Action) -> str | None:
        return anim.actor_of(before, action)

    def build_anim(self, before: PocketState, action: Action, after: PocketState, own: bool) -> Seq:
        sc = self.scene
        seq = Seq()
        if anim.actor_of(before, action) is not None and not own:
            seq.add(anim.lead_in(sc.model, before, action))
        seq.add(anim.build(sc.model, before, action, after, sc.app.play))
        return seq

    def describe(self, before: PocketState, action: Action, after: PocketState) -> list[str]:
        return anim.describe(before, action, after)

    def caption(self, action: Action, actor: str | None) -> str:
        if action.kind == "witness":
            return _("Witness call")
        if action.kind == "identity":
            return _("Jack draws his identity card")
        if action.kind == "draw":
            return _("An alibi card is drawn")
        if action.kind == "throw":
            return _("The investigator throws the tokens")
        if actor is not None:
            return _("{side} plays").format(side=texts.side_name(actor))
        return ""

    def changed(self, i: int, side: Side) -> tuple[list[int], int | None]:
        """The cells and detective that action ``i`` changed, to mark them until the next move."""
        a = self.visible_action(i, side)
        kind, args = a.kind, a.args
        if kind == "rotate":
            return [int(args[0])], None
        if kind == "exchange":
            return [int(args[0]), int(args[1])], None
        if kind in DETECTIVES:
            return [], DETECTIVES.index(kind)
        if kind == "joker" and args[0] != "none":
            return [], DETECTIVES.index(str(args[0]))
        return [], None

    # --------------------------------------------------------------- input
    def click_area(self, pos: tuple[int, int]) -> bool:
        L = self.scene.view.layout
        return bool(L.board.collidepoint(pos) or L.tokens.collidepoint(pos))

    def extra_button(self) -> tuple[Any, bool] | None:
        p = self.scene.picker
        return N_("Leave them"), bool(p is not None and p.can_stay())

    def extra(self) -> None:
        sc = self.scene
        if sc.my_turn() and sc.picker is not None:
            sc.refuse(sc.picker.pick_none())

    def choose(self, name: str, value: int) -> None:
        sc = self.scene
        p = sc.picker
        assert p is not None
        stage, face = p.stage, p.face
        refuse = sc.refuse
        if self.choose_common(name):
            return
        if stage == TOKEN and name == "number":
            if 1 <= value <= 4:
                refuse(p.select_token(value - 1))
        elif stage == DIRECTION and name == "direction":
            refuse(p.pick_direction(value))
        elif face in DETECTIVES and stage == TARGET and name == "number" and value in (1, 2):
            refuse(p.pick_steps(value))
        elif face == "joker" and stage == TARGET and name == "detective":
            refuse(p.pick_detective(value))
        elif face == "joker" and stage == TARGET and name == "number" and value in (1, 2, 3):
            refuse(p.pick_detective(value - 1))
        elif face == "joker" and stage == TARGET and (name == "stay" or (name == "number" and value == 0)):
            refuse(p.pick_none())
        elif face in ("rotate", "exchange") and stage in (TARGET, SECOND, DIRECTION) and name == "number" \
                and value >= 1:
            refuse(p.pick_cell(value - 1))
        elif name == "direction":
            sc.cycle_focus(1 if value in (1, 2) else -1)

    def focus_targets(self) -> list[tuple]:
        p = self.scene.picker
        if p is None:
            return []
        stage = p.stage
        if stage == TOKEN:
            return [("token", t) for t in p.playable_tokens()]
        if stage == DIRECTION:
            return [("dir", d) for d in p.directions()]
        if p.face == "joker":
            return [("det", d) for d in sorted(p.detective_targets())]
        if p.face in DETECTIVES:
            return [("pos", pos) for pos in sorted(p.position_targets())]
        return [("cell", c) for c in sorted(p.cell_targets())]

    def activate(self, focus: tuple) -> None:
        sc = self.scene
        p = sc.picker
        assert p is not None
        kind, value = focus
        if kind == "token":
            sc.refuse(p.select_token(value))
        elif kind == "dir":
            sc.refuse(p.pick_direction(value))
        elif kind == "det":
            sc.refuse(p.pick_detective(value))
        elif kind == "pos":
            sc.refuse(p.pick_position(value))
        elif kind == "cell":
            sc.refuse(p.pick_cell(value))

    def click(self, pos: tuple[int, int]) -> None:
        sc = self.scene
        L = sc.view.layout
        assert L is not None
        p = sc.picker
        assert p is not None
        refuse = sc.refuse
        t = L.token_at(pos)
        if t is not None:
            if p.token == t and p.stage != CONFIRM:
                sc.undo()
            else:
                refuse(p.select_token(t))
            return
        if p.stage == CONFIRM:
            refuse(_("Confirm (Enter) or undo (Backspace) your choice."))
            return
        if p.stage == DIRECTION and p.first is not None:
            d = L.arrow_at(p.first, pos)
            if d is not None:
                refuse(p.pick_direction(d))
                return
        if p.face == "joker" and p.stage == TARGET:
            d = sc.view.detective_at(sc.model, pos)
            if d is not None:
                refuse(p.pick_detective(d))
                return
        cell = L.cell_at(pos)
        if cell is None:
            lane = L.position_at(pos)
            if lane is not None:
                refuse(p.pick_position(lane))
            return
        if p.stage == TOKEN:
            refuse(_("First choose an action token (keys 1-4)."))
            return
        refuse(p.pick_cell(cell))

    def hover_target(self) -> tuple | None:
        """The lit target under the mouse pointer, drawn like the keyboard focus."""
        sc = self.scene
        L = sc.view.layout
        if L is None or not pygame.mouse.get_focused():
            return None
        pos = pygame.mouse.get_pos()
        for target in self.focus_targets():
            kind, value = target
            if kind == "token" and L.token_at(pos) == value:
                return target
            if kind == "cell" and L.cell_at(pos) == value:
                return target
            if kind == "pos" and L.position_at(pos) == value:
                return target
            if kind == "det" and sc.view.detective_at(sc.model, pos) == value:
                return target
            if kind == "dir" and sc.picker is not None and sc.picker.first is not None \
                    and L.arrow_at(sc.picker.first, pos) == value:
                return target
        return None

    # ---------------------------------------------------------------- draw
    def highlights(self) -> Highlights:
        sc = self.scene
        hl = Highlights(show_sight=sc.show_sight)
        m = sc.model
        if m.jack_known() and (m.view == "jack" or m.outcome is not None) and m.jack is not None:
            with contextlib.suppress(ValueError):
                hl.jack_cell = m.cell_of(m.jack)
        if sc.anim is None and sc.recent is not None:
            hl.recent_cells, hl.recent_detective = sc.recent
        if not sc.my_turn() or sc.picker is None:
            return hl
        p = sc.picker
        hl.focus = sc.focus if sc.focus is not None else self.hover_target()
        hl.selected_token = p.token
        if p.stage == TOKEN:
            hl.tokens = set(p.playable_tokens())
        hl.cells = p.cell_targets()
        if p.first is not None:
            hl.chosen = [p.first]
        hl.positions = p.position_targets()
        hl.detectives = p.detective_targets()
        if p.stage == DIRECTION and p.first is not None:
            hl.arrows = (p.first, p.directions())
        hl.preview = p.pending
        if p.pending is not None and sc.show_sight and sc.anim is None:
            nxt = after(p.obs, [p.pending])
            if nxt is not None:
                hl.sight_preview = pocket_sight(nxt)
                hl.note = pocket_note(nxt, texts.short_name)
        return hl

    def mark_hint(self, hl: Highlights, steps: list[Action]) -> bool:
        action = steps[0]
        p = self.scene.picker
        if hl.preview is not None or hl.selected_token is not None or p is None:
            return False
        hl.preview = action  # the board shows the move as the player's own pending one would
        face = face_of(action)
        hl.selected_token = next((t for t in p.playable_tokens() if p.face_at(t) == face), None)
        return True

    def draw_under(self, surface: pygame.Surface, hl: Highlights, clock: float) -> None:
        sc = self.scene
        v, m = sc.view, sc.model
        v.draw_board(surface, m, hl, clock)
        v.draw_track(surface, m)
        v.draw_tokens(surface, m, hl, clock)
        v.draw_hands(surface, m)

    def draw_over(self, surface: pygame.Surface) -> None:
        sc = self.scene
        sc.view.draw_flying(surface, sc.model)
        sc.view.draw_banner(surface, sc.model)

    def title(self) -> str:
        m = self.scene.model
        title = _("Round {n} of 8").format(n=m.round)
        if m.chase and m.outcome is None:
            title += "  ·  " + _("Chase!")
        return title

    def prompt_sub(self, hover: tuple | None) -> str:
        p = self.scene.picker
        if p is None:
            return ""
        if p.face is not None and p.stage in (TARGET, SECOND, DIRECTION):
            return texts.face_help(p.face)
        if hover is not None and hover[0] == "token":
            return texts.face_help(p.face_at(hover[1]))
        return ""

    def keys_hint(self) -> str:
        return _("Esc menu · L sight lines · Space skip")

    def board_center(self) -> tuple[int, int]:
        return self.scene.view.layout.grid.center

    def toast_anchor(self) -> tuple[tuple[int, int], int]:
        L = self.scene.view.layout
        return (L.grid.centerx, L.board.bottom - round(L.ring * 0.5)), L.board.w
