"""What one address may hold and try, clean names, and log lines that cannot flood the disk.

The lobby asks an :class:`Admission` before it lets an address connect,
open a room or guess at a code; every limit is per address (the peer's
IP), because one script can open many connections but rarely many
addresses.  A failed ``join``/``spectate``/``rejoin`` (a code or token
that names nothing) costs a backoff: the first few are free, then each
failure doubles the wait before the next attempt is heard, up to
``max_backoff`` seconds.  ``net/PROTOCOL.md`` ("Admission") has the
arithmetic of how long guessing a private room's code takes.

No sockets and no reactor import: the clock is passed in.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

#: Unicode categories a name never keeps: controls, formats (bidi overrides, zero-width), unassigned,
#: private use, surrogates, and line/paragraph separators.
_DROP = frozenset({"Cc", "Cf", "Cn", "Co", "Cs", "Zl", "Zp"})


def clean_name(text: str, fallback: str = "player", limit: int = 24) -> str:
    """``text`` in NFC without control, bidi or zero-width characters, spaces collapsed.

    >>> clean_name("An\\u202en\\u200b  a\\u0301")
    'Ann á'
    >>> clean_name("\\u200f\\u200d")
    'player'
    """
    nfc = unicodedata.normalize("NFC", text)
    kept = "".join(" " if unicodedata.category(c) == "Zs" else c for c in nfc if unicodedata.category(c) not in _DROP)
    out = " ".join(kept.split())[:limit].strip()
    return out or fallback


@dataclass
class _Address:
    connections: int = 0
    rooms: int = 0
    failures: int = 0
    blocked_until: float = 0.0
    last_failure: float = 0.0


class Admission:
    """Per-address caps on connections, open rooms and failed joins (with backoff).

    ``now()`` gives the time in seconds (``reactor.seconds``).  An address's
    failures are forgotten after ``forget_after`` seconds without one.
    """

    def __init__(self, now: Callable[[], float], *, max_connections: int = 16, max_rooms: int = 4,
                 free_failures: int = 5, base_backoff: float = 1.0, max_backoff: float = 60.0,
                 forget_after: float = 600.0) -> None:
        self.now = now
        self.max_connections, self.max_rooms = max_connections, max_rooms
        self.free_failures, self.base_backoff, self.max_backoff = free_failures, base_backoff, max_backoff
        self.forget_after = forget_after
        self._by: dict[str, _Address] = {}

    def _get(self, address: str) -> _Address:
        a = self._by.get(address)
        if a is None:
            a = self._by[address] = _Address()
        return a

    def _tidy(self, address: str) -> None:
        a = self._by.get(address)
        if a is not None and a.connections == 0 and a.rooms == 0 and (
                a.failures == 0 or self.now() - a.last_failure > self.forget_after):
            del self._by[address]

    # ----------------------------------------------------------- connections
    def connect(self, address: str) -> bool:
        """Count a new connection; ``False`` (not counted) if the address holds too many."""
        a = self._get(address)
        if a.connections >= self.max_connections:
            self._tidy(address)
            return False
        a.connections += 1
        return True

    def disconnect(self, address: str) -> None:
        self._release(address, "connections")

    def _release(self, address: str, what: str) -> None:
        a = self._by.get(address)
        if a is not None and getattr(a, what) > 0:
            setattr(a, what, getattr(a, what) - 1)
        self._tidy(address)

    # ----------------------------------------------------------------- rooms
    def may_open_room(self, address: str) -> bool:
        return self._get(address).rooms < self.max_rooms

    def room_opened(self, address: str) -> None:
        self._get(address).rooms += 1

    def room_closed(self, address: str) -> None:
        self._release(address, "rooms")

    def rooms(self, address: str) -> int:
        a = self._by.get(address)
        return 0 if a is None else a.rooms

    # -------------------------------------------------------------- guessing
    def wait(self, address: str) -> float:
        """Seconds before this address may try a code again (0: now)."""
        a = self._by.get(address)
        if a is None:
            return 0.0
        now = self.now()
        if a.failures and now - a.last_failure > self.forget_after:
            a.failures, a.blocked_until = 0, 0.0
        return max(0.0, a.blocked_until - now)

    def failed(self, address: str) -> float:
        """Count a code or token that named nothing; the backoff (seconds) it costs."""
        a = self._get(address)
        now = self.now()
        if now - a.last_failure > self.forget_after:
            a.failures = 0
        a.failures += 1
        a.last_failure = now
        over = a.failures - self.free_failures
        backoff = 0.0 if over <= 0 else min(self.max_backoff, self.base_backoff * 2 ** min(over - 1, 30))
        a.blocked_until = now + backoff
        return backoff

    def guesses_per_day(self) -> float:
        """The most failed guesses one address can make in a day, once past its free ones."""
        return 86_400 / self.max_backoff


class LogThrottle:
    """At most ``burst`` lines per ``period`` seconds per kind; the rest are counted and summarised.

    ``allow(kind)`` says whether to log now; ``summary()`` gives
    ``{kind: suppressed}`` since the last summary (and resets it), for one
    line per period instead of one per refusal.
    """

    def __init__(self, now: Callable[[], float], *, burst: int = 20, period: float = 60.0) -> None:
        self.now, self.burst, self.period = now, burst, period
        self._window: dict[str, tuple[float, int]] = {}
        self._suppressed: dict[str, int] = {}

    def allow(self, kind: str) -> bool:
        now = self.now()
        start, n = self._window.get(kind, (now, 0))
        if now - start >= self.period:
            start, n = now, 0
        self._window[kind] = (start, n + 1)
        if n < self.burst:
            return True
        self._suppressed[kind] = self._suppressed.get(kind, 0) + 1
        return False

    def summary(self) -> dict[str, int]:
        out, self._suppressed = self._suppressed, {}
        return out
