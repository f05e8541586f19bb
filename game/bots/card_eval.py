"""Cheap knowledge of the card games (London, New York) for the search bots.

Everything here reads public fields of a :class:`~game.engine.cards.CardGame`
state (``suspects``, ``round``, ``witness``, ``visible_mask()``, the cards)
and never changes one.  The search applies actions through the engine; these
helpers only *score* positions, so a mistake here makes a bot weaker, never
illegal.

The value table ``card_values.json`` holds, per game, Jack's chance to win
once a witness call is over, by rounds played, suspects left and the witness
card (fitted from self-play by :mod:`game.bots.card_fit`), and under
``"<game>:ordered"`` the same made non-decreasing in suspects left and rounds
played: a thin cell's count must not tell the search that fewer suspects are
better for Jack.  Under ``"<game>:selfplay"`` it holds the same chance fitted
from games of the search itself (``card_fit --variant selfplay``): the
greedy bots' games rate the positions strong play reaches far too low for
Jack (after four rounds with two or three suspects left and the card unseen,
0.16-0.28 against 0.25-0.49; in New York 0.22-0.29 against 0.46-0.67),
and the clocked levels search with it.  A table file may
also hold, under ``"<game>:candidates"``, the same chance split by how many
of the suspects left the investigator cannot rule out with his alibi cards
(``card_values_candidates.json``): three suspects left are a safe crowd for
Jack only if the investigator does not hold two of their alibis.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..engine.hexgrid import popcount

VALUES_FILE = Path(__file__).with_name("card_values.json")
CANDIDATES_FILE = Path(__file__).with_name("card_values_candidates.json")
ROUNDS = 8
UNSEEN, SEEN, THREAT = 0, 1, 2  # the last index of the table


def public_candidates(state) -> int:  # type: ignore[no-untyped-def]
    """Suspects (bitmask) the investigator cannot yet rule out: not one of his own alibi cards.

    Works in any view that knows the investigator's cards (his own and the
    full view); Jack's cards count for nothing, since the investigator never
    sees them.
    """
    known = 0
    for c in state.icards:
        if c >= 0:
            known |= 1 << c
    return state.suspects & ~known


class CardValues:
    """Jack's chance to win after a witness call: ``table[r][n][k]``.

    ``r``: rounds played (1-7), ``n``: suspects left (1-8), ``k``: the
    witness card and the escape threat (:data:`UNSEEN`, :data:`SEEN`,
    :data:`THREAT`: unseen, and Jack's character could reach an exit by its
    own move).  Smoothed counts from self-play.
    """

    __slots__ = ("table", "cands")

    def __init__(self, table: list, cands: list | None = None) -> None:
        self.table = table
        #: ``cands[r][n][m][k]``: as ``table``, with ``m`` of the ``n`` suspects still the
        #: investigator's candidates (None: the table alone, whatever he holds).
        self.cands = cands

    @classmethod
    def default(cls) -> CardValues:
        """A hand-made table: Jack gains with suspects left and time; a lone suspect is nearly caught."""
        table = [[[0.0, 0.0, 0.0] for _ in range(9)] for _ in range(ROUNDS)]
        for r in range(1, ROUNDS):
            for n in range(1, 9):
                for k, bonus in ((UNSEEN, 0.1), (SEEN, 0.0), (THREAT, 0.25)):
                    v = 0.08 * (n - 1) + 0.04 * r + bonus - 0.05
                    table[r][n][k] = min(0.95, max(0.03, v))
        return cls(table)

    @classmethod
    def load(cls, game: str, path: Path = VALUES_FILE, ordered: bool = False,
             selfplay: bool = False) -> CardValues:
        """``game``'s table in ``path``; ``ordered``: its monotone form (``"<game>:ordered"``),
        ``selfplay``: the one fitted from the search's own games (``"<game>:selfplay"``), where
        the file has one."""
        if path.exists():
            raw = json.loads(path.read_text())
            if game in raw:
                table = raw[game]
                if selfplay:
                    table = raw.get(f"{game}:selfplay", table)
                if ordered:
                    table = raw.get(f"{game}:ordered", table)
                return cls(table, raw.get(f"{game}:candidates"))
        return cls.default()

    def after_witness(self, rounds: int, n: int, seen: bool, threat: bool = False, m: int = 0) -> float:
        """Jack's chance once ``rounds`` rounds are over, ``n`` suspects are left and the card shows
        ``seen`` (or unseen, with Jack's character in reach of an exit: ``threat``); ``m`` of them
        the investigator's candidates (0: not counted)."""
        r = min(max(rounds, 1), ROUNDS - 1)
        n = min(max(n, 1), 8)
        k = SEEN if seen else THREAT if threat else UNSEEN
        if self.cands is not None and m:
            return self.cands[r][n][min(m, n)][k]
        return self.table[r][n][k]

    def state_value(self, state) -> float:  # type: ignore[no-untyped-def]
        """Jack's value of a full-view state between rounds (or over)."""
        if state.outcome is not None:
            return 1.0 if state.outcome.winner.value == "jack" else 0.0
        seen = state.witness
        m = popcount(public_candidates(state)) if self.cands is not None else 0
        return self.after_witness(state.round - 1, popcount(state.suspects), seen,
                                  not seen and state.escape_reach(state.jack), m)

    def witness_now(self, state) -> float:  # type: ignore[no-untyped-def]
        """Jack's value if the witness were called now (a state that knows Jack)."""
        if state.outcome is not None:
            return 1.0 if state.outcome.winner.value == "jack" else 0.0
        vis = state.visible_mask()
        seen = bool(vis >> state.jack & 1)
        left = state.suspects & (vis if seen else ~vis)
        m = popcount(left & public_candidates(state)) if self.cands is not None else 0
        return self.after_witness(state.round, popcount(left), seen, not seen and state.escape_reach(state.jack), m)

    def witness_now_public(self, state) -> float:  # type: ignore[no-untyped-def]
        """Jack's expected value if the witness were called now, as the investigator sees it.

        Jack is any of the public candidates, each equally likely; the
        suspects left are those on his side of the split.
        """
        if state.outcome is not None:
            return 1.0 if state.outcome.winner.value == "jack" else 0.0
        cand = public_candidates(state)
        n = popcount(cand)
        if not n:
            return 0.0
        vis = state.visible_mask()
        seen_s = state.suspects & vis
        unseen_s = state.suspects & ~vis
        k_seen = popcount(cand & vis)
        by_cands = self.cands is not None
        total = 0.0
        if k_seen:
            total += k_seen * self.after_witness(state.round, popcount(seen_s), True, m=k_seen if by_cands else 0)
        if n - k_seen:
            left = popcount(unseen_s)
            m = n - k_seen if by_cands else 0
            calm = self.after_witness(state.round, left, False, m=m)
            threat = self.after_witness(state.round, left, False, True, m)
            for c in range(8):
                if cand >> c & 1 and not vis >> c & 1:
                    total += threat if state.escape_reach(c) else calm
        return total / n


_TABLES: dict[tuple[str, bool, bool], CardValues] = {}


def values_for(game: str, ordered: bool = False, selfplay: bool = False) -> CardValues:
    """The fitted table of ``game``, its monotone form or the one fitted from the search's own
    games (loaded once)."""
    key = (game, ordered, selfplay)
    if key not in _TABLES:
        _TABLES[key] = CardValues.load(game, ordered=ordered, selfplay=selfplay)
    return _TABLES[key]


__all__ = ["CANDIDATES_FILE", "CardValues", "VALUES_FILE", "public_candidates", "values_for"]
