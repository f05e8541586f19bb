"""What London and New York do alike in the game scene: Jack's forced answers, the pending chain,
the light and its L preview, the flying cards and banner, the title and the keys.

Each card game's ``UI`` (``game.ui.london.game``, ``game.ui.newyork.game``)
subclasses :class:`CardGameUI` and sets ``light_of`` (who is lit, from its
state) and ``n_cells`` (the board's cells; higher positions are off it).
"""

from __future__ import annotations

from typing import Any

import pygame

from ...engine.actions import Action
from ...engine.cards import VERDICT, WITNESS
from ...engine.core import Side
from .. import texts as common
from ..games import GameUI
from ..i18n import _
from ..preview import after, preview_note
from .board import Highlights
from .picker import SECOND

MOVE_COLOUR = (120, 205, 255)
POWER_COLOUR = (150, 230, 120)


class CardGameUI(GameUI):
    """The game scene's side of a card game on a hex board."""

    light_of: Any = None  # staticmethod(state -> lit cells), set by each game
    n_cells = 0

    def forced(self, state: Any) -> Action | None:
        if state.phase in (WITNESS, VERDICT):
            legal = state.legal_actions()
            if len(legal) == 1:
                return legal[0]
        return None

    def pending(self) -> list[Action]:
        p = self.scene.picker
        return list(p.chain) if p is not None and p.done else []

    def click_area(self, pos: tuple[int, int]) -> bool:
        L = self.scene.view.layout
        return bool(L.board.collidepoint(pos) or L.strip.collidepoint(pos))

    def _is_cell_target(self, pos: tuple[int, int]) -> bool:
        sc = self.scene
        q = sc.view.layout.pos_at(pos)
        p = sc.picker
        return q is not None and p.stage == SECOND and q in p.cell_targets()

    def highlights(self) -> Highlights:
        """The choice's targets, plus light and dark (on the targets, all over with L) and the L preview."""
        hl = self.choice_highlights()
        self.add_light(hl)
        return hl

    def shown_obs(self) -> Any:
        """The observation the screen shows now (its side's cursor)."""
        sc = self.scene
        side = sc.viewer or Side.INVESTIGATOR
        return sc.obs(sc.cursor[side], side)

    def add_light(self, hl: Highlights) -> None:
        sc = self.scene
        if hl.preview and sc.show_sight and sc.anim is None:
            nxt = after(hl.preview_state, hl.preview)
            if nxt is not None:
                hl.light = self.light_of(nxt)
                hl.after = {c: p for c, p in enumerate(nxt.pos) if p < self.n_cells}
                hl.after_seen = nxt.visible_mask()
                hl.note = preview_note(nxt, self.short_name)
                return
        if sc.show_sight or hl.cells:
            picker = sc.picker if sc.my_turn() and sc.picker is not None else None
            hl.light = self.light_of(picker.state if picker is not None else self.shown_obs())

    def draw_over(self, surface: pygame.Surface) -> None:
        sc = self.scene
        sc.view.draw_flying(surface, sc.model)
        sc.view.draw_banner(surface, sc.model)

    def title(self) -> str:
        return _("Round {n} of 8").format(n=self.scene.model.round)

    def keys_hint(self) -> str:
        return _("Esc menu · L who is visible · M move or power · Space skip")

    def board_center(self) -> tuple[int, int]:
        return self.scene.view.layout.board.center

    def toast_anchor(self) -> tuple[tuple[int, int], int]:
        L = self.scene.view.layout
        return (L.board.centerx, L.board.bottom - round(L.R * 0.8)), L.board.w

    def caption(self, action: Action, actor: str | None) -> str:
        kind = action.kind
        if kind == "witness":
            return _("Witness call")
        if kind == "identity":
            return _("Jack draws his identity card")
        if kind == "deal":
            return _("The character cards are dealt")
        if kind == "draw":
            return _("An alibi card is drawn")
        if kind == "verdict":
            return _("The verdict")
        if actor is not None:
            return _("{side} plays").format(side=common.side_name(actor))
        return ""


def draw_card_position(surface: pygame.Surface, state: Any, clock: float, view: Any,
                       view_cls: type, model_cls: Any) -> pygame.Rect:
    """Draw a London or New York ``state`` (board, strip, track, hands: every secret of a full
    state) with ``view`` (a new ``view_cls`` if it is not one) and return the free panel area."""
    if view is None or not isinstance(view, view_cls):
        view = view_cls()
    L = view.resize(surface.get_size())
    surface.blit(view.static_layer(), (0, 0))
    model = model_cls.from_view(state)
    hl = Highlights(show_sight=not state.is_over(), jack_char=model.jack if model.jack_known() else None)
    view.draw_board(surface, model, hl, clock)
    view.draw_strip(surface, model, hl, clock)
    view.draw_track(surface, model)
    view.draw_hands(surface, model)
    return pygame.Rect(L.prompt.x, L.prompt.y, L.prompt.w, L.log.bottom - L.prompt.y)
