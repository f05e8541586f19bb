"""Cheap Pocket knowledge for the search bots: sight as bit masks, and a value table.

Everything here reads the public fields of a :class:`PocketState`
(``chars``, ``walls``, ``suspect``, ``detectives``, ``track``, ...) and
never changes a state.  The search applies actions through the engine; these
helpers only *score* positions, so a mistake here makes a bot weaker, never
illegal.

The value table ``pocket_values.json`` holds Jack's chance to win after a
witness call, by rounds played, suspects left and Jack's hourglasses
(fitted from self-play by :mod:`game.bots.fit`).
"""

from __future__ import annotations

import json
from pathlib import Path

from ..engine.core import Side
from ..engine.pocket.board import LINES
from ..engine.pocket.state import CROSSROADS, HOURGLASSES, ROUNDS, TO_WIN

NO_WALL = 4  # the cleared crossroads: no wall at all
VALUES_FILE = Path(__file__).with_name("pocket_values.json")


def _sight_table() -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    """For each position: its three cells and the seen-cells mask for every wall triple."""
    out = []
    for cells, entry in LINES:
        far = entry ^ 2
        masks = []
        for code in range(125):
            ws = (code // 25, code // 5 % 5, code % 5)
            m = 0
            for cell, w in zip(cells, ws, strict=True):
                if w == entry:
                    break
                m |= 1 << cell
                if w == far:
                    break
            masks.append(m)
        out.append((cells[0], cells[1], cells[2], tuple(masks)))
    return tuple(out)


SIGHT = _sight_table()


def walls_eff(state) -> list[int]:  # type: ignore[no-untyped-def]
    """Each cell's wall (0-3), or :data:`NO_WALL` for the cleared crossroads."""
    chars, walls, suspect = state.chars, state.walls, state.suspect
    return [NO_WALL if (chars[c] in CROSSROADS and not suspect[chars[c]]) else walls[c] for c in range(9)]


def seen_mask(weff: list[int], detectives: list[int]) -> int:
    """Bit mask of the cells any detective sees."""
    m = 0
    for p in detectives:
        a, b, c, masks = SIGHT[p]
        m |= masks[weff[a] * 25 + weff[b] * 5 + weff[c]]
    return m


def suspect_mask(state) -> int:  # type: ignore[no-untyped-def]
    """Bit mask of the cells whose character is still a suspect."""
    chars, suspect = state.chars, state.suspect
    m = 0
    for c in range(9):
        if suspect[chars[c]]:
            m |= 1 << c
    return m


def jack_tokens(state) -> int:  # type: ignore[no-untyped-def]
    return state.track.count(Side.JACK)


def jack_in_sight(state) -> bool:  # type: ignore[no-untyped-def]
    """Whether Jack (known: a full view) is in sight: the engine's ``jack_seen`` by bit masks.

    The search answers every witness call it simulates; the engine's own
    answer builds sets of cells, this one reads :data:`SIGHT`.
    """
    return bool(seen_mask(walls_eff(state), state.detectives) >> state.chars.index(state.jack) & 1)


def jack_hourglasses(state) -> int:  # type: ignore[no-untyped-def]
    """Jack's hourglasses in a state that knows his cards (a full view or Jack's view)."""
    return jack_tokens(state) + sum(HOURGLASSES[c] for c in state.jcards)


def public_hourglasses(state) -> float:  # type: ignore[no-untyped-def]
    """Jack's hourglasses as the investigator can estimate them: his cards count one each."""
    return jack_tokens(state) + len(state.jcards)


class ValueTable:
    """Jack's chance to win once a witness call is over, from self-play counts.

    ``table[r][n][h]``: after ``r`` rounds (1-7), ``n`` suspects left (2-9)
    and ``h`` hourglasses (0-5), game not over and no chase.
    ``chase[r]``: during a chase (Jack is the last suspect), after ``r`` rounds.
    """

    __slots__ = ("table", "chase")

    def __init__(self, table: list, chase: list) -> None:
        self.table = table
        self.chase = chase

    @classmethod
    def load(cls, path: Path = VALUES_FILE) -> ValueTable:
        """The table in ``path``.  A file that holds only a ``chase`` row takes the rest from the
        shipped table (:data:`VALUES_FILE`), so a level can change how it values a chase alone."""
        try:
            raw = json.loads(path.read_text())
            if "table" not in raw:
                raw = {**json.loads(VALUES_FILE.read_text()), "chase": raw["chase"]}
            table, chase = raw["table"], raw["chase"]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}: not a Pocket value table ({exc})") from exc
        if len(chase) != ROUNDS or not all(0.0 <= v <= 1.0 for v in chase):
            raise ValueError(f"{path}: a chase row is {ROUNDS} chances between 0 and 1")
        return cls(table, chase)

    def after_witness(self, rounds: int, n: int, h: int, seen: bool, chase: bool) -> float:
        """Jack's value right after the witness call of round ``rounds``.

        ``n`` and ``h`` are the suspects and hourglasses after that call; the
        end-of-game rules are applied first (a duplicate of the engine's, for
        scoring only).
        """
        last = rounds >= ROUNDS
        if chase:
            if seen:
                return 0.0
            return 1.0 if last else self.chase[rounds]
        inv_goal = n <= 1
        jack_goal = h >= TO_WIN
        if inv_goal and jack_goal:
            if last:
                return 0.0 if seen else 1.0
            return self.chase[rounds]
        if inv_goal:
            return 0.0
        if jack_goal or last:
            return 1.0
        return self.table[rounds][n][h]

    def state_value(self, state) -> float:  # type: ignore[no-untyped-def]
        """Jack's value of a full-view state between rounds (or over)."""
        if state.outcome is not None:
            return 1.0 if state.outcome.winner.value == "jack" else 0.0
        rounds = state.round - 1
        if state.chase:
            return self.chase[rounds]
        n = sum(state.suspect)
        h = min(jack_hourglasses(state), TO_WIN - 1)
        return self.table[rounds][n][h]


VALUES = ValueTable.load()


# ------------------------------------------------------------------ scoring
# What an action changes, precomputed per action object: ("det", d, k),
# ("rotate", cell, wall), ("exchange", a, b), ("alibi",), ("none",).
_EFFECTS: dict = {}


def _effect(action):  # type: ignore[no-untyped-def]
    e = _EFFECTS.get(action)
    if e is None:
        kind, args = action.kind, action.args
        if kind in ("holmes", "watson", "toby"):
            e = ("det", ("holmes", "watson", "toby").index(kind), int(args[0]))
        elif kind == "joker":
            e = ("none",) if args[0] == "none" else ("det", ("holmes", "watson", "toby").index(args[0]), 1)
        elif kind == "rotate":
            e = ("rotate", int(args[0]), "NESW".index(str(args[1])))
        elif kind == "exchange":
            e = ("exchange", int(args[0]), int(args[1]))
        elif kind == "alibi":
            e = ("alibi",)
        else:
            e = ("none",)
        _EFFECTS[action] = e
    return e


def split_value(values: ValueTable, rounds: int, chase: bool, ns: int, nu: int, h: int) -> float:
    """Jack's value after round ``rounds``'s witness call with ``ns`` suspects seen and ``nu``
    unseen, each as likely to be Jack (``h``: his hourglasses before the call)."""
    aw = values.after_witness
    v = 0.0
    if ns:
        v += ns * aw(rounds, ns, h, True, chase)
    if nu:
        v += nu * aw(rounds, nu, h + 1, False, chase)
    return v / (ns + nu)


def foreseen_witness(state, values: ValueTable = VALUES) -> float:  # type: ignore[no-untyped-def]
    """Jack's chance after a witness call now, as the investigator foresees it: every suspect alike,
    Jack's hidden cards one hourglass each (public fields only)."""
    vis = seen_mask(walls_eff(state), state.detectives)
    smask = suspect_mask(state)
    ns = (vis & smask).bit_count()
    h = min(jack_tokens(state) + len(state.jcards), TO_WIN - 1)
    return split_value(values, state.round, state.chase, ns, smask.bit_count() - ns, h)


class Scorer:
    """Scores the actions of one state as if the witness call came right after.

    Values are Jack's chance to win (from :class:`ValueTable`).  Jack's side
    knows his cell (``jack_cell``); the investigator's side averages over
    the suspects, each equally likely to be Jack.  An alibi card is scored
    by its expectation: for Jack, over the hourglasses left in the deck (as
    far as the state knows it); for the investigator, over which suspect it
    may clear.
    """

    __slots__ = ("values", "weff", "smask", "dets", "rounds", "chase", "_deck", "pool", "state")

    def __init__(self, state, values: ValueTable = VALUES) -> None:  # type: ignore[no-untyped-def]
        self.values = values
        self.weff = walls_eff(state)
        self.smask = suspect_mask(state)
        self.dets = state.detectives
        self.rounds = state.round
        self.chase = state.chase
        # Cards the investigator cannot place: the deck plus Jack's hidden cards.
        self.pool = 8 - len(state.icards)
        # What the deck needs, copied: the state may change after this.
        self.state = (state.jack, tuple(state.jcards), tuple(state.icards), tuple(state.chars),
                      tuple(state.suspect))
        self._deck: tuple[list[int], list[int]] | None = None

    def _deck_info(self) -> tuple[list[int], list[int]]:
        """The deck as far as the state knows it: counts by hourglasses, and cells.

        Cells are -1 for cards no longer suspects; both lists are empty when
        the state hides Jack or his cards.  Computed on first need (alibis only).
        """
        if self._deck is None:
            jack, jcards, icards, chars, suspect = self.state
            counts = [0, 0, 0]
            cells: list[int] = []
            if jack is not None and jack >= 0 and all(c >= 0 for c in jcards):
                gone = set(icards) | set(jcards) | {jack}
                for c in range(9):
                    if c not in gone:
                        counts[HOURGLASSES[c]] += 1
                        cells.append(chars.index(c) if suspect[c] else -1)
            self._deck = (counts, cells)
        return self._deck

    def jack_value(self, vis: int, smask: int, jack_cell: int, h: int) -> float:
        seen = bool(vis >> jack_cell & 1)
        n = (vis & smask).bit_count() if seen else (smask & ~vis).bit_count()
        return self.values.after_witness(self.rounds, n, h + (0 if seen else 1), seen, self.chase)

    def split_value(self, ns: int, nu: int, h: int) -> float:
        """Jack's value for ``ns`` suspects seen and ``nu`` unseen, each as likely to be Jack."""
        return split_value(self.values, self.rounds, self.chase, ns, nu, h)

    def average_value(self, vis: int, smask: int, h: int) -> float:
        """Jack's value averaged over which suspect he is (the investigator's estimate)."""
        ns = (vis & smask).bit_count()
        return self.split_value(ns, smask.bit_count() - ns, h)

    def effect(self, action) -> tuple[int, int, int, int, bool]:  # type: ignore[no-untyped-def]
        """``(seen mask, suspect mask, a, b, alibi)`` after ``action``; cells a and b swapped (-1: none)."""
        e = _effect(action)
        weff, smask, dets = self.weff, self.smask, self.dets
        tag = e[0]
        a = b = -1
        if tag == "det":
            dets = list(dets)
            dets[e[1]] = (dets[e[1]] + e[2]) % 12
        elif tag == "rotate":
            if weff[e[1]] != NO_WALL:
                weff = list(weff)
                weff[e[1]] = e[2]
        elif tag == "exchange":
            a, b = e[1], e[2]
            weff = list(weff)
            weff[a], weff[b] = weff[b], weff[a]
            if (smask >> a & 1) != (smask >> b & 1):
                smask ^= (1 << a) | (1 << b)
        return seen_mask(weff, dets), smask, a, b, tag == "alibi"

    def investigator_draw_value(self, eff: tuple[int, int, int, int, bool], jack_cell: int, h: int) -> float:
        """Jack's value after the investigator's action ``eff`` when Jack's cell is known.

        Differs from :meth:`effect_value` only for an alibi, whose draw then
        clears a suspect from the (known) deck.
        """
        vis, smask, a, b, alibi = eff
        if jack_cell == a:
            jack_cell = b
        elif jack_cell == b:
            jack_cell = a
        if not alibi:
            return self.jack_value(vis, smask, jack_cell, h)
        cells = self._deck_info()[1]
        if not cells:
            return self.jack_value(vis, smask, jack_cell, h)
        total = 0.0
        for cell in cells:
            total += self.jack_value(vis, smask & ~(1 << cell) if cell >= 0 else smask, jack_cell, h)
        return total / len(cells)

    def effect_value(self, eff: tuple[int, int, int, int, bool], jack_cell: int | None, h: int) -> float:
        """Jack's value after an action with effect ``eff`` (see :meth:`effect`).

        With ``jack_cell`` the action is Jack's (an alibi is his draw);
        without, it is the investigator's, judged without knowing Jack.
        """
        vis, smask, a, b, alibi = eff
        if jack_cell is None:
            if not alibi:
                return self.average_value(vis, smask, h)
            # The investigator's draw: each suspect but Jack is in the deck
            # with the same chance, and a suspect drawn is cleared.
            ns = (vis & smask).bit_count()
            nu = smask.bit_count() - ns
            n = ns + nu
            if n <= 1 or self.pool <= 0:
                return self.split_value(ns, nu, h)
            p = (1.0 - 1.0 / n) / self.pool
            v = (1.0 - n * p) * self.split_value(ns, nu, h)
            if ns:
                v += ns * p * self.split_value(ns - 1, nu, h)
            if nu:
                v += nu * p * self.split_value(ns, nu - 1, h)
            return v
        if jack_cell == a:
            jack_cell = b
        elif jack_cell == b:
            jack_cell = a
        if not alibi:
            return self.jack_value(vis, smask, jack_cell, h)
        counts = self._deck_info()[0]
        total = counts[0] + counts[1] + counts[2]
        if not total:
            return self.jack_value(vis, smask, jack_cell, h + 1)
        return sum(k * self.jack_value(vis, smask, jack_cell, h + g) for g, k in enumerate(counts) if k) / total

    def action_value(self, action, jack_cell: int | None, h: int) -> float:  # type: ignore[no-untyped-def]
        """Jack's value after ``action``; ``jack_cell`` None: averaged over suspects."""
        return self.effect_value(self.effect(action), jack_cell, h)
