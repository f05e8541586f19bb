"""Game clocks and the vanished-opponent countdown, kept by the server.

A room's clock is chosen when it is made (:func:`parse_clock`): none, a
time per move (``60s``) or a total with an increment (``10+5``: ten
minutes each, five seconds added after each of one's turns).  The same
text may end with ``/away`` seconds, the countdown before a vanished
opponent's game may be claimed (default :data:`DEFAULT_AWAY`).

The server never reads the game, so it cannot know whose move it is by
itself: each game message may carry ``turn``, the side whose decision is
due once the message is applied (public in every view).  The other peer
checks it against its own state.  :class:`GameClock` charges the time
between two relayed messages to the side whose turn it was.  Times are the
server's (``now`` is passed in: the reactor's ``seconds()``), so both
windows show the same clocks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

SIDES = ("jack", "investigator")
#: Seconds a vanished player has to come back before the other may claim the game.
DEFAULT_AWAY = 120.0
MAX_SECONDS = 24 * 3600.0

_TOTAL = re.compile(r"(\d{1,3})\+(\d{1,3})")          # minutes + seconds
_MOVE = re.compile(r"(\d{1,4})s")                      # seconds per move


@dataclass(frozen=True)
class ClockSpec:
    """What was chosen: ``kind`` is ``none``, ``move`` or ``total``."""

    kind: str = "none"
    base: float = 0.0       # seconds: per move, or the total
    inc: float = 0.0        # seconds added after each turn (``total``)
    away: float = DEFAULT_AWAY

    def text(self) -> str:
        if self.kind == "move":
            main = f"{self.base:g}s"
        elif self.kind == "total":
            main = f"{self.base / 60:g}+{self.inc:g}"
        else:
            main = "none"
        return main if self.away == DEFAULT_AWAY else f"{main}/{self.away:g}"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "base": self.base, "inc": self.inc, "away": self.away}

    @classmethod
    def from_dict(cls, d: dict) -> ClockSpec:
        return cls(str(d["kind"]), float(d["base"]), float(d["inc"]), float(d["away"]))


def parse_clock(text: str | None) -> ClockSpec:
    """``none``, ``60s`` (per move), ``10+5`` (minutes + increment seconds), each optionally
    ``/SECONDS`` for the away countdown (``10+5/300``).

    :raises ValueError: with a message saying what is accepted.
    """
    text = (text or "none").strip().lower()
    main, _, away_text = text.partition("/")
    away = DEFAULT_AWAY
    if away_text:
        if not away_text.isdigit() or not 10 <= int(away_text) <= 3600:
            raise ValueError(f"the away countdown is 10 to 3600 seconds, not {away_text!r}")
        away = float(away_text)
    if main in ("", "none", "0"):
        return ClockSpec("none", away=away)
    if m := _MOVE.fullmatch(main):
        seconds = int(m.group(1))
        if not 5 <= seconds <= 3600:
            raise ValueError("a time per move is 5 to 3600 seconds")
        return ClockSpec("move", float(seconds), 0.0, away)
    if m := _TOTAL.fullmatch(main):
        minutes, inc = int(m.group(1)), int(m.group(2))
        if not 1 <= minutes <= 180 or inc > 300:
            raise ValueError("a total is 1 to 180 minutes with 0 to 300 seconds added per turn")
        return ClockSpec("total", minutes * 60.0, float(inc), away)
    raise ValueError(f"a clock is 'none', seconds per move such as '60s', or minutes+increment "
                     f"such as '10+5', not {text!r}")


@dataclass
class GameClock:
    """Both sides' time left and whose is running; pure (``now`` comes from the caller)."""

    spec: ClockSpec
    left: dict[str, float] = field(default_factory=dict)
    running: str | None = None
    since: float = 0.0
    flagged: str | None = None

    def __post_init__(self) -> None:
        if not self.left:
            self.left = {s: self.spec.base for s in SIDES}

    @property
    def active(self) -> bool:
        return self.spec.kind != "none"

    def time_left(self, side: str, now: float) -> float:
        left = self.left[side]
        if side == self.running:
            left -= max(0.0, now - self.since)
        return max(0.0, left)

    def turn(self, side: str | None, now: float) -> None:
        """A relayed message says ``side`` decides next (``None``: nobody, e.g. the game is over)."""
        if not self.active or self.flagged is not None:
            return
        if self.running is not None:
            self.left[self.running] = self.time_left(self.running, now)
        if side != self.running:
            if self.running is not None and self.spec.kind == "total":
                self.left[self.running] = min(MAX_SECONDS, self.left[self.running] + self.spec.inc)
            if side is not None and self.spec.kind == "move":
                self.left[side] = self.spec.base
        self.running = side
        self.since = now

    def stop(self, now: float) -> None:
        self.turn(None, now)

    def flag_due(self, now: float) -> float | None:
        """Seconds until the running side's flag falls (``None`` if no clock runs)."""
        if not self.active or self.running is None or self.flagged is not None:
            return None
        return self.time_left(self.running, now)

    def check_flag(self, now: float) -> str | None:
        """Mark and return the side whose time ran out, if it has."""
        due = self.flag_due(now)
        if due is not None and due <= 0.0:
            self.left[self.running] = 0.0      # type: ignore[index]
            self.flagged, self.running = self.running, None
            self.since = now
        return self.flagged

    def resume(self, now: float) -> None:
        """After a restart: the time the server was down is nobody's."""
        self.since = now

    def wire(self, now: float) -> dict:
        """The ``clock`` message: milliseconds left, whose runs, who flagged."""
        msg: dict = {"t": "clock", "jack": int(self.time_left("jack", now) * 1000),
                     "investigator": int(self.time_left("investigator", now) * 1000),
                     "run": self.running or "none"}
        if self.flagged is not None:
            msg["flag"] = self.flagged
        return msg

    def to_dict(self) -> dict:
        return {"spec": self.spec.to_dict(), "left": dict(self.left), "running": self.running,
                "flagged": self.flagged}

    @classmethod
    def from_dict(cls, d: dict, now: float) -> GameClock:
        clock = cls(ClockSpec.from_dict(d["spec"]), {s: float(d["left"][s]) for s in SIDES},
                    d.get("running"), now, d.get("flagged"))
        return clock
