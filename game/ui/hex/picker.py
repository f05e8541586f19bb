"""What the London and New York pickers share: the chain of decisions,
the states it leads to, the move/power modes, the card pick and undo.

Each game's picker says how a decision is clicked (its partial pick,
``first`` or ``clicks``), its stages and its words.
"""

from __future__ import annotations

from typing import Any

from ...engine.actions import Action
from ..i18n import _

CARD, TARGET, SECOND, CONFIRM = "card", "target", "second", "confirm"


class HexPicker:
    """The decision being chosen by the side to act in ``obs`` (a hex card game)."""

    IDS: Any = ()                       # character ids, by index
    MOVES: tuple[str, ...] = ()
    POWERS: tuple[str, ...] = ()
    ACT_PHASES: tuple[str, ...] = ()    # phases in which the card's player acts on after ``play``
    texts: Any = None                   # the game's words module

    def __init__(self, obs: Any) -> None:
        self.obs = obs
        self.side = obs.to_move().side
        self.chain: list[Action] = []
        self.mode = "move"                           # "move" or "power" while both are open
        self.done = False
        self._states: dict[int, Any] = {0: obs}

    # ------------------------------------------------ partial pick (per game)
    def _has_partial(self) -> bool:
        raise NotImplementedError

    def _clear_partial(self) -> None:
        raise NotImplementedError

    def _undo_partial(self) -> None:
        self._clear_partial()

    # ------------------------------------------------------------ queries
    @property
    def state(self) -> Any:
        """The state the chain leads to (the observation itself when the chain is empty)."""
        return self.state_at(len(self.chain))

    def state_at(self, n: int) -> Any:
        s = self._states.get(n)
        if s is None:
            s = self.state_at(n - 1).child(self.chain[n - 1])
            self._states[n] = s
        return s

    @property
    def legal(self) -> list[Action]:
        return self.state.legal_actions()

    @property
    def stage(self) -> str:
        raise NotImplementedError

    @property
    def active(self) -> int:
        return self.state.active

    def of(self, *kinds: str) -> list[Action]:
        return [a for a in self.legal if a.kind in kinds]

    def modes(self) -> list[str]:
        out = []
        if self.of(*self.MOVES):
            out.append("move")
        if self.of(*self.POWERS):
            out.append("power")
        return out

    def current_mode(self) -> str:
        modes = self.modes()
        if self.mode in modes:
            return self.mode
        return modes[0] if modes else "move"

    def can_switch(self) -> bool:
        """Whether the move and the power are both open now (the player may do either first)."""
        return self.stage in (TARGET, SECOND) and len(self.modes()) == 2

    def can_back(self) -> bool:
        return bool(self.chain or self._has_partial() or self.done)

    def playable_cards(self) -> list[int]:
        if self.stage != CARD:
            return []
        return [self.IDS.index(str(a.args[0])) for a in self.of("play")]

    # -------------------------------------------------------------- picks
    def _add(self, action: Action) -> None:
        """Append ``action``; stop after it unless it only took the card."""
        self.chain.append(action)
        self._clear_partial()
        if action.kind == "play":
            s = self.state
            if s.to_move().side is self.side and s.phase in self.ACT_PHASES and s.legal_actions():
                self.mode = "move"
                return
        self.done = True

    def pick_card(self, c: int) -> str | None:
        if self.done:
            return _("Confirm or undo your choice first.")
        if self.stage != CARD:
            if self.chain and self.chain[0].kind == "play" and self.IDS.index(str(self.chain[0].args[0])) == c:
                return None
            return _("You have already chosen a character: finish its move, or undo.")
        a = self._find("play", self.IDS[c])
        if a is None:
            if c in self.state.played:
                return _("{name} has already been played this round.").format(name=self.texts.short(c))
            return _("{name}'s card is not on offer this round.").format(name=self.texts.short(c))
        self._add(a)
        return None

    def switch_mode(self) -> str | None:
        if not self.can_switch():
            return _("There is nothing else to do first.")
        self.mode = "power" if self.current_mode() == "move" else "move"
        self._clear_partial()
        return None

    def back(self) -> bool:
        """Undo one step of the choice; ``False`` if there was nothing to undo."""
        if self.done:
            self.done = False
            self.chain.pop()
            self._states.pop(len(self.chain) + 1, None)
            return True
        if self._has_partial():
            self._undo_partial()
            return True
        if self.chain:
            self.chain.pop()
            self._states.pop(len(self.chain) + 1, None)
            self.mode = "move"
            return True
        return False

    # ------------------------------------------------------------- words
    def steps(self, act: int) -> str:
        """How far the active character walks, in words."""
        return _("1-3 steps")

    def _not_now(self) -> str | None:
        """Why a click on the board is refused before the card is chosen or after the choice is complete."""
        if self.stage == CONFIRM:
            return _("Confirm (Enter) or undo (Backspace) your choice.")
        if self.stage == CARD:
            return _("First choose a character card (keys 1-4).")
        return None

    def _why_no_escape(self, only_jack: str, out_of_reach: str) -> str:
        """A way out clicked that cannot be taken: ``only_jack`` for the investigator, the witness card, or
        ``out_of_reach`` (the game's words)."""
        if self.side is not None and self.side.value == "investigator":
            return only_jack
        if self.state.witness:
            return _("Jack may escape only while the witness card shows “not visible”.")
        return out_of_reach

    def _why_from(self, key: str, why: dict[str, str]) -> str:
        """The reason ``why`` gives for ``key`` (a character, a token), or the general one."""
        return why.get(key) or _("Click a marked target.")

    def _why_not_there(self, cell: int | None) -> str:
        """A cell the active character cannot move to: another character's (only the investigator arrests),
        or out of reach."""
        s = self.state
        act = s.active
        if cell is not None and cell in s.pos and s.pos.index(cell) != act and self.side is not None \
                and self.side.value == "jack":
            return _("Only the investigator may move onto another character (an arrest).")
        if act >= 0:
            return _("{name} cannot reach that cell: pick a marked one ({steps}).").format(
                name=self.texts.short(act), steps=self.steps(act))
        return _("Click a marked target.")

    def prompt(self) -> str:
        """What the player should do next, in one line or two."""
        if self.stage == CONFIRM:
            return _("{move}? Confirm (Enter) or undo (Backspace).").format(
                move=self.texts.chain_phrase(self.obs, self.chain))
        if self.stage == CARD:
            return _("Your move: choose a character card (keys 1-4).")
        return self._prompt()

    def _prompt(self) -> str:
        """The prompt while the activation's targets are chosen (the game's words)."""
        raise NotImplementedError

    def _move_prompt(self, name: str, act: int, escape: str) -> str:
        """The prompt of the activation's move: to a cell, an arrest, or an escape when open (``escape``: the
        game's words, with ``{name}`` and ``{steps}``)."""
        steps = self.steps(act)
        if self.of("accuse"):
            return _("Move {name} ({steps}): click a marked cell, or a character's cell to arrest him.").format(
                name=name, steps=steps)
        if self.of("escape"):
            return escape.format(name=name, steps=steps)
        return _("Move {name} ({steps}): click a marked cell.").format(name=name, steps=steps)

    # ------------------------------------------------------------ helpers
    def _find(self, kind: str, *args: object) -> Action | None:
        for a in self.legal:
            if a.kind == kind and a.args == tuple(args):
                return a
        return None
