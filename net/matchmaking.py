"""The quick-match queue: who waits for which game, and who plays whom.

Pure logic, no sockets and no reactor: the lobby passes the time in.
One queue per ``(game, edition, clock)``; each entry is one player's
identity (its public key) on one connection.  Nobody is in the queue
twice: a second entry for the same connection or the same identity is
refused (:class:`AlreadyQueued`), so a pairing never seats one player
against itself or in two games from one queue.

**The window.**  An entry accepts opponents whose rating is within

    window(e, now) = min(MAX_WINDOW, BASE + RD_SHARE * e.rd + WIDEN * (now - e.joined))

of its own (``BASE`` 100, ``RD_SHARE`` 0.25, ``WIDEN`` 10 per second
waited, ``MAX_WINDOW`` 1000: a new player, rating 1500 and deviation 350,
starts at 187.5 and reaches the cap after about 80 s).  Two entries may be
paired when *each* accepts the other: ``|a.rating - b.rating| <=
min(window(a), window(b))``, so the window widens with the waiting time of
both, and a player who just arrived is not thrown at a far stronger one
because the other has waited long.

**The best pair first.**  Of all the pairs allowed now, the one with the
smallest rating gap is made first (ties: the longer wait of the pair, then
who came first), both leave the queue, and so on.  Only the next
``NEIGHBOURS`` entries in rating order are considered for each entry, so
one pass costs ``O(n * NEIGHBOURS * log n)`` for ``n`` waiting players.

**Sides.**  Whoever played Jack more often in its recent games of this
game (the last ``HISTORY``, newest first, from ``recent_sides``) plays the
investigator; if equal, whoever played Jack more recently; if still equal
(two newcomers), a coin from the seeded ``rng``.

Ratings and history come from two small functions the server provides
(its ratings store): ``rating_of(id_pub, game) -> (rating, rd)`` and
``recent_sides(id_pub, game) -> ["jack", "investigator", ...]``.  Without
them every player is a newcomer: 1500, 350 and no history.

Bots never fill the queue: only players who asked are in it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any

BASE = 100.0
RD_SHARE = 0.25
WIDEN = 10.0
MAX_WINDOW = 1000.0
NEIGHBOURS = 8
HISTORY = 10

DEFAULT_RATING = (1500.0, 350.0)

RatingOf = Callable[[bytes, str], tuple[float, float]]
RecentSides = Callable[[bytes, str], list[str]]


def newcomer_rating(id_pub: bytes, game: str) -> tuple[float, float]:
    """Glicko's starting point, for a server without a ratings store."""
    return DEFAULT_RATING


def no_history(id_pub: bytes, game: str) -> list[str]:
    return []


class AlreadyQueued(Exception):
    """This connection, or this identity, is already waiting."""


QueueKey = tuple[str, str | None, str]   # (game, edition, clock text)


@dataclass(eq=False)
class Entry:
    """One waiting player.  ``payload`` is the caller's (the lobby keeps the connection and seat key)."""

    conn: Hashable
    id_pub: bytes
    queue: QueueKey
    rating: float
    rd: float
    joined: float
    recent: tuple[str, ...] = ()
    payload: Any = None
    order: int = 0

    def window(self, now: float) -> float:
        """How far from its own rating this entry accepts an opponent now (see the module's formula)."""
        return min(MAX_WINDOW, BASE + RD_SHARE * self.rd + WIDEN * max(0.0, now - self.joined))

    def waited(self, now: float) -> float:
        return max(0.0, now - self.joined)


@dataclass(frozen=True)
class Pairing:
    """Two entries that play each other: ``jack`` plays Jack, ``investigator`` the investigator."""

    jack: Entry
    investigator: Entry

    @property
    def gap(self) -> float:
        return abs(self.jack.rating - self.investigator.rating)


@dataclass
class QuickMatch:
    """All quick-match queues of one server."""

    rating_of: RatingOf = newcomer_rating
    recent_sides: RecentSides = no_history
    rng: random.Random = field(default_factory=random.Random)
    by_conn: dict[Hashable, Entry] = field(default_factory=dict)
    by_id: dict[bytes, Entry] = field(default_factory=dict)
    queues: dict[QueueKey, list[Entry]] = field(default_factory=dict)
    _order: int = 0

    def __len__(self) -> int:
        return len(self.by_conn)

    def add(self, conn: Hashable, id_pub: bytes, queue: QueueKey, now: float, payload: Any = None) -> Entry:
        """Put a player in ``queue``.

        :raises AlreadyQueued: the connection or the identity already waits (in any queue).
        """
        if conn in self.by_conn or id_pub in self.by_id:
            raise AlreadyQueued(queue[0])
        game = queue[0]
        rating, rd = self.rating_of(id_pub, game)
        recent = tuple(s for s in self.recent_sides(id_pub, game)[:HISTORY] if s in ("jack", "investigator"))
        self._order += 1
        entry = Entry(conn, id_pub, queue, float(rating), float(rd), now, recent, payload, self._order)
        self.by_conn[conn] = entry
        self.by_id[id_pub] = entry
        self.queues.setdefault(queue, []).append(entry)
        return entry

    def remove(self, conn: Hashable) -> Entry | None:
        """Take a connection's entry out (it left, dropped or took a seat); ``None`` if it had none."""
        entry = self.by_conn.pop(conn, None)
        if entry is None:
            return None
        del self.by_id[entry.id_pub]
        waiting = self.queues[entry.queue]
        waiting.remove(entry)
        if not waiting:
            del self.queues[entry.queue]
        return entry

    def entry(self, conn: Hashable) -> Entry | None:
        return self.by_conn.get(conn)

    def waiting(self, queue: QueueKey) -> int:
        """How many players wait in ``queue``."""
        return len(self.queues.get(queue, ()))

    def entries(self) -> Iterator[Entry]:
        return iter(list(self.by_conn.values()))

    def pair(self, now: float) -> list[Pairing]:
        """Make every pair the windows allow now, the closest in rating first; they leave the queue."""
        out: list[Pairing] = []
        for key in sorted(self.queues, key=lambda k: (k[0], k[1] or "", k[2])):
            for a, b in self._pairs(self.queues[key], now):
                out.append(self._sides(a, b))
                self.remove(a.conn)
                self.remove(b.conn)
        return out

    def _pairs(self, waiting: list[Entry], now: float) -> list[tuple[Entry, Entry]]:
        ranked = sorted(waiting, key=lambda e: (e.rating, e.order))
        candidates = []
        for i, a in enumerate(ranked):
            wa = a.window(now)
            for b in ranked[i + 1:i + 1 + NEIGHBOURS]:
                gap = b.rating - a.rating
                if gap > wa:
                    break
                if gap <= b.window(now):
                    longest = max(a.waited(now), b.waited(now))
                    candidates.append((gap, -longest, min(a.order, b.order), max(a.order, b.order), a, b))
        candidates.sort(key=lambda c: c[:4])
        taken: set[int] = set()
        chosen = []
        for *_, a, b in candidates:
            if id(a) in taken or id(b) in taken:
                continue
            taken.update((id(a), id(b)))
            chosen.append((a, b))
        return chosen

    def _sides(self, a: Entry, b: Entry) -> Pairing:
        """Who plays Jack: whoever played Jack less often (then less recently); else a fair coin."""
        balance = jack_balance(a.recent) - jack_balance(b.recent)
        if balance == 0:
            balance = jack_recency(a.recent) - jack_recency(b.recent)
        if balance == 0:
            balance = 1 if self.rng.random() < 0.5 else -1
        return Pairing(jack=b, investigator=a) if balance > 0 else Pairing(jack=a, investigator=b)


def jack_balance(recent: tuple[str, ...]) -> int:
    """Games as Jack minus games as the investigator: above zero, the player owes an investigation."""
    return sum(1 if s == "jack" else -1 for s in recent)


def jack_recency(recent: tuple[str, ...]) -> int:
    """How recently (newest first) the player was Jack: ``HISTORY`` for its last game, 0 for never."""
    for i, side in enumerate(recent):
        if side == "jack":
            return HISTORY - i
    return 0
