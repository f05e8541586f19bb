"""A London decision built from clicks and keys: card, then the move or the power's targets, then Confirm.

An activation is a run of atomic decisions (``play X``, ``to C``,
``lamp C1>C2``...).  The :class:`LondonPicker` keeps a short *chain* of
them: the card and its first step together, or one later step alone, so a
player confirms "Smith to E5" in one go and then "lamp B2>F9".  Every
target it lights is read from ``legal_actions()`` of the observation (or
of the state the chain leads to, :meth:`LondonState.child`): the client
never decides a rule.  A refused pick returns a short reason; an accepted
one returns ``None``.

Positions are cells 0-85 and the exits 86-89 (``NW NE SW SE``).
"""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.london.actions import split_pair
from ...engine.london.board import EXITS, INDEX, NAMES, OFF_BOARD
from ...engine.london.data import DIRECTIONS
from ...engine.london.state import ACT, AIM, PICK, WHISTLING, LondonState
from ..hex.picker import CARD, CONFIRM, SECOND, TARGET, HexPicker
from ..i18n import _
from . import texts

IDS = texts.IDS
DIRECTION = "direction"
__all__ = ["CARD", "CONFIRM", "DIRECTION", "SECOND", "TARGET", "LondonPicker"]
MOVES = ("to", "accuse", "escape")
POWERS = ("lamp", "cordon", "cover", "whistle", "swap")


def _pos(name: str) -> int:
    return OFF_BOARD + EXITS.index(name) if name in EXITS else INDEX[name]


class LondonPicker(HexPicker):
    """The decision being chosen by the side to act in ``obs``."""

    IDS = IDS
    MOVES = MOVES
    POWERS = POWERS
    ACT_PHASES = (ACT, AIM, WHISTLING)
    texts = texts

    def __init__(self, obs: LondonState) -> None:
        super().__init__(obs)
        self.first: tuple[str, int] | None = None    # ("lamp"|"cover"|"cordon", position) or ("whistle", char)

    def _has_partial(self) -> bool:
        return self.first is not None

    def _clear_partial(self) -> None:
        self.first = None

    # ------------------------------------------------------------ queries
    @property
    def pending(self) -> Action | None:
        """The last action of a finished chain (``None`` until Confirm is due)."""
        return self.chain[-1] if self.done and self.chain else None

    @property
    def stage(self) -> str:
        if self.done:
            return CONFIRM
        ph = self.state.phase
        if ph == PICK:
            return CARD
        if ph == AIM:
            return DIRECTION
        if self.first is not None:
            return SECOND
        return TARGET

    def cell_targets(self) -> set[int]:
        """Positions (cells and exits) a click may pick now."""
        stage = self.stage
        if stage not in (TARGET, SECOND):
            return set()
        s = self.state
        mode = self.current_mode()
        if stage == TARGET:
            if mode == "move":
                out = {INDEX[str(a.args[0])] for a in self.of("to")}
                out |= {s.pos[IDS.index(str(a.args[0]))] for a in self.of("accuse")}
                out |= {_pos(str(a.args[0])) for a in self.of("escape")}
                return out
            out = set()
            for a in self.of("lamp", "cover", "cordon"):
                out.add(_pos(split_pair(str(a.args[0]))[0]))
            return out
        kind, first = self.first  # type: ignore[misc]
        if kind == "whistle":
            return {INDEX[str(a.args[1])] for a in self.of("whistle") if str(a.args[0]) == IDS[first]}
        out = set()
        for a in self.of(kind):
            x, y = split_pair(str(a.args[0]))
            if _pos(x) == first:
                out.add(_pos(y))
        return out

    def pawn_targets(self) -> set[int]:
        """Characters a click on their pawn may pick now (whistle, swap; accusations go by cell)."""
        if self.stage != TARGET or self.current_mode() != "power":
            return set()
        return {IDS.index(str(a.args[0])) for a in self.of("whistle", "swap")}

    def directions(self) -> list[int]:
        if self.stage != DIRECTION:
            return []
        return sorted(DIRECTIONS.index(str(a.args[0])) for a in self.of("lantern"))

    # -------------------------------------------------------------- picks
    def pick_pos(self, p: int) -> str | None:
        """A click on a cell or an exit."""
        stage = self.stage
        refused = self._not_now()
        if refused is not None:
            return refused
        if stage == DIRECTION:
            return _("Point the lantern: click one of the arrows around Watson (keys 1-6).")
        s = self.state
        if stage == SECOND:
            kind, first = self.first  # type: ignore[misc]
            if kind != "whistle" and p == first:
                self.first = None
                return None
            if p not in self.cell_targets():
                return self._why_not_second()
            if kind == "whistle":
                a = self._find("whistle", IDS[first], NAMES[p])
            else:
                names = [EXITS[q - OFF_BOARD] if q >= OFF_BOARD else NAMES[q] for q in (first, p)]
                a = self._find(kind, f"{names[0]}>{names[1]}")
            if a is None:
                return self._why_not_second()
            self._add(a)
            return None
        mode = self.current_mode()
        if p in self._targets(mode):
            return self._pick_in(mode, p)
        other = "power" if mode == "move" else "move"
        if other in self.modes() and p in self._targets(other):
            self.mode = other
            return self._pick_in(other, p)
        if p < OFF_BOARD and p in s.pos and s.pos.index(p) != s.active and mode == "power":
            return self.pick_pawn(s.pos.index(p))
        return self._why_not(p)

    def pick_pawn(self, c: int) -> str | None:
        """A click on a pawn: a card to play, an accusation, a whistle or a swap."""
        stage = self.stage
        s = self.state
        if stage == CARD:
            if c in self.playable_cards():
                return self.pick_card(c)
            return _("Choose one of this round's character cards (keys 1-4).")
        if stage == CONFIRM:
            return _("Confirm (Enter) or undo (Backspace) your choice.")
        if stage == DIRECTION:
            return self.pick_pos(s.pos[c])
        if stage == SECOND and self.first is not None and self.first[0] == "whistle":
            if c == self.first[1]:
                self.first = None
                return None
            return self.pick_pos(s.pos[c])
        mode = self.current_mode()
        power = {IDS.index(str(a.args[0])) for a in self.of("whistle", "swap")}
        accuse = {IDS.index(str(a.args[0])) for a in self.of("accuse")}
        if mode == "power" and c in power:
            return self._pick_pawn_power(c)
        if mode == "move" and c in accuse:
            return self.pick_pos(s.pos[c])
        if c in power and "power" in self.modes() and c not in accuse:
            self.mode = "power"
            return self._pick_pawn_power(c)
        if s.pos[c] in self._targets("move") | self._targets("power"):
            return self.pick_pos(s.pos[c])  # a token under the pawn (a manhole cover)
        if c == s.active:
            return _("Click where {name} should go.").format(name=texts.short(c))
        return self.pick_pos(s.pos[c])

    def _pick_pawn_power(self, c: int) -> str | None:
        a = self._find("swap", IDS[c])
        if a is not None:
            self._add(a)
            return None
        if any(str(x.args[0]) == IDS[c] for x in self.of("whistle")):
            self.first = ("whistle", c)
            return None
        return self._why_not(self.state.pos[c])

    def pick_direction(self, d: int) -> str | None:
        if self.stage != DIRECTION:
            return self._wrong()
        a = self._find("lantern", DIRECTIONS[d])
        if a is None:
            return _("The lantern cannot point that way now.")
        self._add(a)
        return None

    # ------------------------------------------------------------ helpers
    def _targets(self, mode: str) -> set[int]:
        s = self.state
        if mode == "move":
            out = {INDEX[str(a.args[0])] for a in self.of("to")}
            out |= {s.pos[IDS.index(str(a.args[0]))] for a in self.of("accuse")}
            out |= {_pos(str(a.args[0])) for a in self.of("escape")}
            return out
        return {_pos(split_pair(str(a.args[0]))[0]) for a in self.of("lamp", "cover", "cordon")}

    def _pick_in(self, mode: str, p: int) -> str | None:
        s = self.state
        if mode == "move":
            if p >= OFF_BOARD:
                a = self._find("escape", EXITS[p - OFF_BOARD])
            elif p in s.pos and s.pos.index(p) != s.active:
                a = self._find("accuse", IDS[s.pos.index(p)])
            else:
                a = self._find("to", NAMES[p])
            if a is None:
                return self._why_not(p)
            self._add(a)
            return None
        for kind in ("lamp", "cover", "cordon"):
            if any(_pos(split_pair(str(a.args[0]))[0]) == p for a in self.of(kind)):
                self.first = (kind, p)
                return None
        return self._why_not(p)

    def _why_not(self, p: int) -> str:
        s = self.state
        act = s.active
        mode = self.current_mode()
        if p >= OFF_BOARD:
            e = EXITS[p - OFF_BOARD]
            if e in [EXITS[x] for x in s.cordons]:
                return _("A police cordon blocks that exit.")
            return self._why_no_escape(_("Only Jack can leave the district."),
                                       _("That exit is out of reach (or this character cannot be Jack)."))
        if mode == "power" and act >= 0:
            return self._why_from(IDS[act], {
                "smith": _("Smith: click a lit gas lamp, then an unlit lamp post."),
                "lestrade": _("Lestrade: click a police cordon, then an open exit."),
                "bert": _("Bert: click a manhole cover, then an open manhole."),
                "goodley": _("Goodley: click a character to whistle nearer, then a marked cell."),
                "gull": _("Gull: click the character to swap places with."),
            })
        return self._why_not_there(p)

    def steps(self, act: int) -> str:
        return _("1-4 steps") if act == 4 else _("1-3 steps")  # Miss Stealthy walks up to 4

    def _why_not_second(self) -> str:
        return self._why_from(self.first[0] if self.first else "", {
            "lamp": _("The lamp goes on an unlit lamp post: pick a marked one."),
            "cover": _("The cover goes on an open manhole: pick a marked one."),
            "cordon": _("The cordon goes to an open exit: pick a marked one."),
            "whistle": _("Whistled characters come nearer to Goodley: pick a marked cell."),
        })

    def _wrong(self) -> str:
        if self.stage == CONFIRM:
            return _("Confirm (Enter) or undo (Backspace) your choice.")
        return _("Click a marked target.")

    # ------------------------------------------------------------- words
    def _prompt(self) -> str:
        stage = self.stage
        s = self.state
        act = s.active
        name = texts.short(act) if act >= 0 else ""
        if stage == DIRECTION:
            return _("Point Watson's lantern: click an arrow (keys 1-6).")
        if stage == SECOND and self.first is not None:
            kind, first = self.first
            if kind == "whistle":
                return _("Where does {name} come? Click a marked cell nearer to Goodley.").format(
                    name=texts.short(first))
            return {
                "lamp": _("Now click the unlit lamp post where the lamp goes."),
                "cover": _("Now click the open manhole the cover goes on."),
                "cordon": _("Now click the open exit the cordon goes to."),
            }[kind]
        if s.phase == WHISTLING:
            return _("Whistle: {n} step(s) left. Click a character to bring nearer to Goodley.").format(n=s.points)
        mode = self.current_mode()
        if mode == "power":
            return {
                "smith": _("{name}: click a lit gas lamp to carry it to an unlit lamp post.").format(name=name),
                "lestrade": _("{name}: click a police cordon to move it to another exit.").format(name=name),
                "bert": _("{name}: click a manhole cover to move it onto an open manhole.").format(name=name),
                "goodley": _("{name} whistles: click a character to bring nearer (3 steps in all).").format(
                    name=name),
                "gull": _("{name}: click the character to swap places with.").format(name=name),
            }.get(IDS[act] if act >= 0 else "", _("Click a marked target."))
        return self._move_prompt(name, act, _("Move {name} ({steps}): click a marked cell, or an open exit to "
                                              "escape."))

    def mode_label(self) -> str:
        """The label of the button that switches between the move and the power."""
        act = self.state.active
        if self.current_mode() == "power":
            return _("Move instead") if act == 6 else _("Move first")
        return _("Swap instead") if act == 6 else _("Power first")
