"""A New York decision built from clicks and keys: card, then the move or the power's targets, then Confirm.

An activation is a run of atomic decisions (``play X``, ``to C``, ``lamp C``,
``zone A+B>C+D``...).  The :class:`NewYorkPicker` keeps a short *chain* of
them, as London's picker does: the card and its first step together, or one
later step alone, so a player confirms "Beach to E10" in one go and then
"subway F7".

Every decision is a sequence of *targets* the player clicks: a cell
``("cell", c)`` or a pawn ``("pawn", x)``.  ``to C`` is one cell; a zone
is its old place (either cell), then the two cells of the new place (in
either order); Eastman's push is the pawn, then the cell; Tumblety's swap
two pawns; Smith's ship its port, then the free port.  The targets lit at
each click are read from ``legal_actions()`` of the observation (or of
the state the chain leads to): the client never decides a rule.  The move
and the power's targets are kept apart (``mode``) where one cell could be
either.  A refused pick returns a short reason; an accepted one ``None``.
"""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.newyork.board import EXITS, INDEX, ZONE_PAIRS
from ...engine.newyork.state import ACT, PICK, TIP, NewYorkState
from ..hex.picker import CARD, CONFIRM, SECOND, TARGET, HexPicker
from ..i18n import _
from . import texts

IDS = texts.IDS
__all__ = ["CARD", "CONFIRM", "SECOND", "TARGET", "NewYorkPicker", "sequences"]
MOVES = ("to", "accuse", "escape")
POWERS = ("subway", "building", "lamp", "park", "zone", "move", "swap", "ship")
Target = tuple[str, int]


def sequences(s: NewYorkState, a: Action) -> list[tuple[Target, ...]]:
    """The ways to click decision ``a`` in state ``s``: each a tuple of targets."""
    kind, args = a.kind, a.args
    cell = INDEX.get(str(args[0])) if args else None
    if kind in ("to", "escape", "subway", "building", "lamp", "park", "informant"):
        return [(("cell", cell),)]  # type: ignore[list-item]
    if kind == "accuse":
        x = IDS.index(str(args[0]))
        return [(("cell", s.pos[x]),), (("pawn", x),)]
    if kind == "zone":
        old, new = (tuple(INDEX[n] for n in p.split("+")) for p in str(args[0]).split(">"))
        return [(("cell", o), ("cell", n0), ("cell", n1)) for o in old for n0, n1 in (new, new[::-1])]
    if kind == "move":
        return [(("pawn", IDS.index(str(args[0]))), ("cell", INDEX[str(args[1])]))]
    if kind == "swap":
        x, y = (IDS.index(str(v)) for v in args)
        return [(("pawn", x), ("pawn", y)), (("pawn", y), ("pawn", x))]
    if kind == "ship":
        p, q = (INDEX[n] for n in str(args[0]).split(">"))
        return [(("cell", p), ("cell", q))]
    return []


class NewYorkPicker(HexPicker):
    """The decision being chosen by the side to act in ``obs``."""

    IDS = IDS
    MOVES = MOVES
    POWERS = POWERS
    ACT_PHASES = (ACT, TIP)
    texts = texts

    def __init__(self, obs: NewYorkState) -> None:
        super().__init__(obs)
        self.clicks: list[Target] = []               # targets picked towards the next decision

    def _has_partial(self) -> bool:
        return bool(self.clicks)

    def _clear_partial(self) -> None:
        self.clicks = []

    def _undo_partial(self) -> None:
        self.clicks.pop()

    # ------------------------------------------------------------ queries
    @property
    def stage(self) -> str:
        if self.done:
            return CONFIRM
        if self.state.phase == PICK:
            return CARD
        return SECOND if self.clicks else TARGET

    def can_pass(self) -> bool:
        """Whether the (optional) power may be left unused now."""
        return self.stage in (TARGET, SECOND) and bool(self.of("pass"))

    def _options(self, mode: str) -> list[tuple[Action, tuple[Target, ...]]]:
        s = self.state
        if s.phase == TIP:
            kinds: tuple[str, ...] = ("informant",)
        else:
            kinds = MOVES if mode == "move" else POWERS
        return [(a, seq) for a in self.of(*kinds) for seq in sequences(s, a)]

    def targets(self, mode: str | None = None) -> set[Target]:
        """What a click may pick now: the next target of every decision that starts with the clicks so far."""
        if self.stage not in (TARGET, SECOND):
            return set()
        n = len(self.clicks)
        pre = tuple(self.clicks)
        return {seq[n] for _a, seq in self._options(mode or self.current_mode()) if seq[:n] == pre and len(seq) > n}

    def cell_targets(self) -> set[int]:
        return {v for k, v in self.targets() if k == "cell"}

    def pawn_targets(self) -> set[int]:
        return {v for k, v in self.targets() if k == "pawn"}

    def chosen_cells(self) -> list[int]:
        """Cells already clicked towards the next decision (a zone picked up, a ship, the first new cell)."""
        s = self.state
        out = []
        for k, v in self.clicks:
            if k == "cell":
                out.append(v)
        if self.clicks and self.clicks[0][0] == "cell" and self.of("zone"):
            first = self.clicks[0][1]
            for z in s.zones:  # the zone picked up: both its cells
                if first in ZONE_PAIRS[z]:
                    out = [c for c in ZONE_PAIRS[z] if c not in out] + out
        return out

    def chosen_pawn(self) -> int | None:
        return next((v for k, v in self.clicks if k == "pawn"), None)

    # -------------------------------------------------------------- picks
    def pick(self, target: Target) -> str | None:
        """A click on a cell or a pawn (``("cell", c)`` / ``("pawn", x)``)."""
        if self.stage == CARD and target[0] == "pawn" and target[1] in self.playable_cards():
            return self.pick_card(target[1])
        refused = self._not_now()
        if refused is not None:
            return refused
        mode = self.current_mode()
        if target not in self.targets(mode):
            other = "power" if mode == "move" else "move"
            if not self.clicks and other in self.modes() and target in self.targets(other):
                self.mode = mode = other
            else:
                return self._why_not(target)
        self.clicks.append(target)
        n = len(self.clicks)
        done = [a for a, seq in self._options(mode) if seq == tuple(self.clicks)]
        if done and not any(len(seq) > n and seq[:n] == tuple(self.clicks) for _a, seq in self._options(mode)):
            self._add(done[0])
        return None

    def pick_cell(self, c: int) -> str | None:
        return self.pick(("cell", c))

    def pick_pawn(self, x: int) -> str | None:
        """A click on a pawn: its own target if it is one, else the cell it stands on."""
        if self.stage in (TARGET, SECOND) and ("pawn", x) not in self.targets() and \
                ("pawn", x) not in self.targets("power" if self.current_mode() == "move" else "move"):
            return self.pick(("cell", self.state.pos[x]))
        return self.pick(("pawn", x))

    def pass_power(self) -> str | None:
        a = self._find("pass")
        if a is None or self.stage not in (TARGET, SECOND):
            return _("There is nothing to skip now.")
        self.clicks = []
        self._add(a)
        return None

    # ------------------------------------------------------------ helpers
    def _why_not(self, target: Target) -> str:
        s = self.state
        act = s.active
        kind, v = target
        if s.phase == TIP:
            return _("The informant goes to a free cell: no character, no investigation zone.")
        if self.clicks:
            return self._why_not_second()
        if kind == "cell" and EXITS >> v & 1:
            return self._why_no_escape(_("Only Jack can leave Manhattan."),
                                       _("That way out is out of reach, closed, or this character cannot be Jack."))
        if self.current_mode() == "power" and act >= 0:
            return {
                "beach": _("Beach: click an empty street not next to a subway entrance."),
                "runner": _("Cloud Runner: click an empty street for the new building."),
                "latimer": _("Latimer: click an empty street not next to a lamp."),
                "grant": _("Grant: click a lamp, a building token or a subway entrance."),
                "callahan": _("Callahan: click an investigation zone, then two cells for its new place."),
                "eastman": _("Eastman: click a character who is seen as he is (or unseen as he is)."),
                "tumblety": _("Tumblety: click a character next to him, then the one to swap with."),
                "smith": _("Smith: click a ship, then a free port."),
            }[IDS[act]]
        return self._why_not_there(v if kind == "cell" else None)

    def _why_not_second(self) -> str:
        act = self.state.active
        cid = IDS[act] if act >= 0 else ""
        return self._why_from(cid, {
            "callahan": _("The zone goes on two neighbouring cells with nobody on them: pick marked ones."),
            "eastman": _("Pick a marked cell for the character Eastman's men push."),
            "tumblety": _("Pick the marked character to swap with."),
            "smith": _("The ship sails to a free port: pick a marked one."),
        })

    # ------------------------------------------------------------- words
    def _prompt(self) -> str:
        stage = self.stage
        s = self.state
        if s.phase == TIP:
            return _("The informant has spoken: click the free cell where he goes now.")
        act = s.active
        name = texts.short(act) if act >= 0 else ""
        cid = IDS[act] if act >= 0 else ""
        if stage == SECOND:
            if cid == "callahan":
                return _("Now click the two neighbouring cells of the zone's new place.") if len(self.clicks) == 1 \
                    else _("Now click the second cell of the zone's new place.")
            if cid == "eastman":
                return _("Where do Eastman's men push {name}? Click a marked cell.").format(
                    name=texts.short(self.clicks[0][1]))
            if cid == "tumblety":
                return _("Swap {name} with whom? Click a marked character.").format(name=texts.short(self.clicks[0][1]))
            if cid == "smith":
                return _("Now click the free port the ship sails to.")
            return _("Click a marked target.")
        if self.current_mode() == "power":
            return {
                "beach": _("{name}: click an empty street to build a subway entrance."),
                "runner": _("{name}: click an empty street to put up a building."),
                "latimer": _("{name}: click an empty street to put up a street lamp."),
                "grant": _("{name}: click a lamp, building or subway entrance to turn into a park."),
                "callahan": _("{name}: click the investigation zone to move."),
                "eastman": _("{name}: click the character his men should push (1-3 cells)."),
                "tumblety": _("{name}: click a character to swap (one of the two next to him)."),
                "smith": _("{name}: click the ship to sail to another port."),
            }[cid].format(name=name)
        return self._move_prompt(name, act, _("Move {name} ({steps}): click a marked cell, or a way out to escape."))

    def extra_label(self) -> str | None:
        """The label of the third button: move or power first, or leave an optional power unused."""
        act = self.state.active
        if self.can_switch():
            if self.current_mode() == "power":
                return _("Move instead") if act == IDS.index("eastman") else _("Move first")
            return _("Push instead") if act == IDS.index("eastman") else _("Power first")
        if self.can_pass():
            return _("Skip the power")
        return None

    def extra(self) -> str | None:
        """The third button or its key was pressed."""
        if self.can_switch():
            return self.switch_mode()
        return self.pass_power()
