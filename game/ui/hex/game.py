"""What London and New York do alike in the game scene: Jack's forced answers, the pending chain,
the card clicks and keys, the focus and hover, the choice's highlights, the light and its L preview,
the flying cards and banner, the title, the keys and the results' figures.

Each card game's ``UI`` (``game.ui.london.game``, ``game.ui.newyork.game``)
subclasses :class:`CardGameUI`, names its parts (view, model, picker,
vocabulary, texts and anim modules, ``light_of``: who is lit, from its
state, ``n_cells``: the board's cells; higher positions are off it) and
writes only what its powers add: a click on the board, the positions an
action changed, the picker's extra button and the hooks ``*_more``.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...engine.actions import Action
from ...engine.cards import VERDICT, WITNESS
from ...engine.core import Side
from .. import texts as common
from ..games import GameUI
from ..i18n import _, colon
from ..preview import after, preview_note
from .board import Highlights
from .picker import CARD, SECOND, TARGET

MOVE_COLOUR = (120, 205, 255)
POWER_COLOUR = (150, 230, 120)


class CardGameUI(GameUI):
    """The game scene's side of a card game on a hex board."""

    light_of: Any = None  # staticmethod(state -> lit cells), set by each game
    n_cells = 0
    view_cls: Any = None  # the game's view, model and picker classes
    model_cls: Any = None
    picker_cls: Any = None
    vocab: Any = None  # the game's action vocabulary
    texts: Any = None  # the game's words module (IDS, short, power_help, actor_of, describe, witness_side)
    anim: Any = None  # the game's animation module (build)
    identity_hidden: Any = None  # Jack's identity card as the investigator sees it
    draw_hidden: Any = None  # an alibi card as the side that did not draw it sees it

    # ---------------------------------------------------------------- parts
    def make_view(self) -> Any:
        return self.view_cls()

    def make_model(self, obs: Any) -> Any:
        return self.model_cls.from_view(obs)

    def make_picker(self, obs: Any) -> Any:
        return self.picker_cls(obs)

    def parse(self, text: str) -> Action:
        return self.vocab.parse(text)

    def visible_action(self, i: int, side: Side) -> Action:
        """Jack's identity is masked for the investigator; an alibi card drawn (Holmes, the informant)
        for the side that did not draw it."""
        sc = self.scene
        a = self.vocab.parse(sc.record.actions[i])
        if a.kind == "identity" and side is Side.INVESTIGATOR:
            return self.identity_hidden
        if a.kind == "draw" and sc.states[i].actor() is not side:
            return self.draw_hidden
        return a

    # ----------------------------------------------------------- animation
    def actor_of(self, before: Any, action: Action) -> str | None:
        return self.texts.actor_of(before, action)

    def build_anim(self, before: Any, action: Action, after: Any, own: bool) -> Any:
        sc = self.scene
        return self.anim.build(sc.model, before, action, after, sc.app.play, own)

    def describe(self, before: Any, action: Action, after: Any) -> list[str]:
        return self.texts.describe(before, action, after)

    def short_name(self, c: int) -> str:
        return self.texts.short(c)

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

    # --------------------------------------------------------------- input
    def click(self, pos: tuple[int, int]) -> None:
        """A card of the row is picked (a second click on the chosen one puts it back); the board is the game's."""
        sc = self.scene
        L = sc.view.layout
        p, m = sc.picker, sc.model
        k = L.card_at(pos)
        if k is not None:
            if k >= len(m.row):
                return
            c = m.row[k]
            if p.chain and p.chain[0].kind == "play" and str(p.chain[0].args[0]) == self.texts.IDS[c] \
                    and not p.done and len(p.chain) == 1 and not p._has_partial():
                sc.undo()  # a second click on the chosen card puts it back
                return
            sc.refuse(p.pick_card(c))
            return
        if L.board.collidepoint(pos):
            self.click_board(pos)

    def click_board(self, pos: tuple[int, int]) -> None:
        raise NotImplementedError

    def choose(self, name: str, value: int) -> None:
        sc = self.scene
        p = sc.picker
        stage = p.stage
        refuse = sc.refuse
        if self.choose_common(name):
            return
        if name == "mode":
            self.extra()
        elif stage == CARD and name == "number":
            row = sc.model.row
            if 1 <= value <= len(row):
                refuse(p.pick_card(row[value - 1]))
        elif name == "direction":
            sc.cycle_focus(1 if value in (1, 2) else -1)
        else:
            self.choose_more(name, value, stage)

    def choose_more(self, name: str, value: int, stage: str) -> None:
        """A key only this game has."""

    def focus_targets(self) -> list[tuple]:
        p = self.scene.picker
        if p is None:
            return []
        if p.stage == CARD:
            return [("card", c) for c in p.playable_cards()]
        if p.stage in (TARGET, SECOND):
            return [("pawn", x) for x in sorted(p.pawn_targets())] + [("pos", c) for c in sorted(p.cell_targets())]
        return self.focus_targets_more(p)

    def focus_targets_more(self, p: Any) -> list[tuple]:
        """Targets of a stage only this game has."""
        return []

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
        more = self.hover_more(pos, targets)
        if more is not None:
            return more
        c = sc.view.pawn_at(sc.model, pos)
        if c is not None and ("pawn", c) in targets:
            return ("pawn", c)
        q = L.pos_at(pos)
        if q is not None and ("pos", q) in targets:
            return ("pos", q)
        return None

    def hover_more(self, pos: tuple[int, int], targets: list[tuple]) -> tuple | None:
        """A target under the mouse that is neither a card, a pawn nor a position."""
        return None

    # ---------------------------------------------------------------- draw
    def power_step(self, p: Any) -> bool:
        """Whether the picker is at the active character's own targets (its power's help shows)."""
        return p.stage in (TARGET, SECOND)

    def choice_highlights(self) -> Highlights:
        sc = self.scene
        m = sc.model
        hl = Highlights(show_sight=sc.show_sight)
        if m.jack_known() and (m.view == "jack" or m.outcome is not None):
            hl.jack_char = m.jack
        if sc.anim is None and sc.recent:
            hl.recent = list(sc.recent)
        if not sc.my_turn() or sc.picker is None:
            return hl
        p = sc.picker
        hl.focus = sc.focus if sc.focus is not None else self.hover_target()
        if p.stage == CARD:
            hl.cards = set(p.playable_cards())
        if p.chain and p.chain[0].kind == "play":
            hl.selected_card = self.texts.IDS.index(str(p.chain[0].args[0]))
        hl.cells = p.cell_targets()
        hl.pawns = p.pawn_targets()
        self.highlight_more(hl, p)
        hl.mode_colour = POWER_COLOUR if self.power_step(p) and p.current_mode() == "power" else MOVE_COLOUR
        if p.done:
            hl.preview = list(p.chain)
            hl.preview_state = p.obs
        return hl

    def highlight_more(self, hl: Highlights, p: Any) -> None:
        """The game's own marks on the choice: accusations, the half-picked targets."""

    def mark_hint(self, hl: Highlights, steps: list[Action]) -> bool:
        p = self.scene.picker
        if hl.preview or p is None or p.done or p.chain != steps[:len(p.chain)]:
            return False  # the player's own pick (or another card than the hint's) comes first
        if steps[0].kind == "play":
            hl.selected_card = self.texts.IDS.index(str(steps[0].args[0]))
        hl.preview = list(steps)
        hl.preview_state = p.obs
        return True

    def draw_under(self, surface: pygame.Surface, hl: Highlights, clock: float) -> None:
        sc = self.scene
        v, m = sc.view, sc.model
        self._sync_preview(m)
        v.draw_board(surface, m, hl, clock)
        v.draw_after(surface, m, hl)
        v.draw_strip(surface, m, hl, clock)
        v.draw_track(surface, m)
        v.draw_hands(surface, m)

    def _sync_preview(self, m: Any) -> None:
        """While a card is chosen (before Confirm), its card shows lifted and its pawn as the active one."""
        sc = self.scene
        if sc.anim is not None or not sc.my_turn() or sc.picker is None:
            return
        p = sc.picker
        chosen = self.texts.IDS.index(str(p.chain[0].args[0])) if p.chain and p.chain[0].kind == "play" else -1
        want = chosen if chosen >= 0 else p.obs.active
        if m.active != want:
            m.active = want
            m.card_lift = [1.0 if c == want else 0.0 for c in range(8)]

    def prompt_sub(self, hover: tuple | None) -> str:
        p = self.scene.picker
        if p is None:
            return ""
        if hover is not None and hover[0] == "card":
            return colon(self.texts.short(hover[1]), self.texts.power_help(hover[1]))
        act = p.state.active
        if act >= 0 and self.power_step(p):
            return self.texts.power_help(act)
        return ""

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


def card_results_rows(final: Any, witness_side: Any, *more: tuple[str, str]) -> list[tuple[str, str]]:
    """The figures of a finished card game for the results screen, the game's own (``more``) before the witness card."""
    return [
        (_("Rounds played"), str(final.round)),
        (_("Suspects left"), str(bin(final.suspects).count("1"))),
        (_("Alibi cards drawn by the investigator"), str(len(final.icards))),
        (_("Alibi cards drawn by Jack"), str(len(final.jcards))),
        *more,
        (_("Witness card at the end"), witness_side(final.witness)),
    ]


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
