"""The server's verdict on a finished room, from its log alone.

:func:`judge` is a pure function of a :class:`RoomRecord` (the room's
relayed log, seat keys, claim and opened keys): it feeds the log to a
spectator :class:`~net.session.Session`, the same code every peer and
spectator runs, whose audit (:func:`net.fairplay.audit`) checks both
opened masters against every message.  Nothing a client says about the
result is read: only what the log proves, and what the rules of stopping
a game (``net/PROTOCOL.md`` section 6, "Stopping a game") make of a side
that aborts, leaves or withholds its keys.

It costs the spectator's audit (about 25-35 modular exponentiations, some
0.1-0.3 s), so the lobby runs it off the reactor thread
(:mod:`net.ranking`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import msgpack

from game.engine.record import FORMAT

from .session import SIDES, Session, SessionError

#: Statuses that decide a winner by the server's rules (rated when the room is rated).
DECIDED = frozenset({"verified", "cheat", "claimed", "aborted"})


def other(side: str) -> str:
    return "investigator" if side == "jack" else "jack"


@dataclass
class RoomRecord:
    """What the judge reads of a room (copied on the reactor thread, then judged anywhere)."""

    code: str
    game: str
    edition: str | None
    game_id: str
    keys: dict[str, bytes]
    log: list[bytes]
    claim: dict | None = None          # {"side": winner, "reason", "seq"}
    opened: frozenset[str] = frozenset()
    players: dict[str, str | None] = field(default_factory=dict)
    ids: dict[str, bytes | None] = field(default_factory=dict)
    clock: dict | None = None
    rated: bool = True


@dataclass
class Judgement:
    """The server's record of one finished game (a row of the archive)."""

    code: str
    game: str
    edition: str | None
    game_id: str
    status: str                        # verified / cheat / claimed / aborted / unverified / desync
    winner: str | None = None
    termination: str | None = None
    finding: dict | None = None
    ply: int | None = None
    clock: dict | None = None
    record: dict | None = None         # the GameRecord dict of the full game (audited games only)
    players: dict[str, str | None] = field(default_factory=dict)
    ids: dict[str, bytes | None] = field(default_factory=dict)
    rated: bool = False
    ended: float = 0.0
    pending: bool = False              # the outcome may still change (keys still to come)
    ratings: dict | None = None        # {side: {before, after, rd}} once rated

    @property
    def verified(self) -> bool:
        return self.status == "verified"

    def wire(self) -> dict:
        """The ``judged`` message."""
        msg: dict[str, Any] = {"t": "judged", "room": self.code, "status": self.status, "winner": self.winner,
                               "termination": self.termination, "rated": self.rated, "verified": self.verified}
        if self.finding is not None:
            msg["finding"] = {k: (v[:300] if isinstance(v, str) else v) for k, v in self.finding.items()
                              if v is not None}
        if self.ratings is not None:
            msg["ratings"] = self.ratings
        return msg


def _decode(data: bytes) -> Any:
    try:
        return msgpack.unpackb(data, raw=False)
    except Exception:  # noqa: BLE001 - a damaged log line: the session names the relay for it
        return None


def judge(rec: RoomRecord, *, final: bool, now: float | None = None) -> Judgement:
    """Judge ``rec``.  ``final``: no more keys will come (both opened, a claim, the countdown for
    the keys ran out, the room closed); otherwise an outcome that keys could still change is
    returned ``pending``.  Never raises for what the log holds."""
    s = Session("spectator", rec.game_id, game=rec.game, edition=rec.edition)
    if all(rec.keys.get(side) for side in SIDES):
        s.bind_keys(rec.keys)   # (seats without keys, old clients: the relay checked nothing either)
    for data in rec.log:
        try:
            s.receive(_decode(data))
        except SessionError:
            break
    out = Judgement(rec.code, s.game, s.edition, rec.game_id, "unverified", clock=rec.clock,
                    players=dict(rec.players), ids=dict(rec.ids), ended=time.time() if now is None else now)
    r, st = s.result, s.state
    out.ply = None if st is None else st.ply
    finding = None if r is None else r.finding
    opened = frozenset(s.tr.masters) | (rec.opened & frozenset(SIDES))
    both = len(opened) == 2
    if r is not None and r.audit is not None and r.audit.ok and st is not None and st.is_over():
        out.record = _record(s, r.audit.record)
    if r is not None and r.status in ("cheat", "violation") and finding and finding.get("side") in SIDES:
        out.status, out.winner, out.termination = "cheat", other(finding["side"]), "cheat"
        out.finding = finding
    elif r is not None and r.status in ("cheat", "violation"):
        out.finding = finding                       # (a fault of the relay's: ours, never rated)
    elif r is not None and r.status == "desync":
        out.status = "desync"
    elif rec.claim is not None:
        out.status, out.winner, out.termination = "claimed", rec.claim["side"], rec.claim["reason"]
    elif r is not None and r.status == "finished":
        out.status, out.winner, out.termination = "verified", r.winner, r.termination
    elif (r is not None and r.status in ("resigned", "unverified")) or (st is not None and st.is_over()) \
            or opened:
        _stopped(out, s, opened, final or both)
    out.pending = not final and not both and out.status in ("unverified", "aborted") and rec.claim is None
    return out


def _stopped(out: Judgement, s: Session, opened: frozenset[str], final: bool) -> None:
    """An abort, a mid-game opening, or an end whose keys did not both come.

    A side that stopped the game without proof loses, unless it opened its keys and the other
    then withheld its own (the keys would have shown whose fault it was): the withholder loses.
    At a true end, a side that withholds its keys loses.
    """
    if not final:
        return
    r = s.result
    if len(opened) == 1:
        out.status, out.winner, out.termination = "aborted", next(iter(opened)), "withheld"
    elif r is not None and r.status == "resigned" and r.winner in SIDES:
        out.status, out.winner, out.termination = "aborted", r.winner, "abort"
    # else: nobody opened at a true end (both vanished), or nothing to tell: unverified


def _record(s: Session, actions: list[str]) -> dict:
    """The full game as a ``GameRecord`` dict (what a replay file holds)."""
    meta: dict[str, Any] = {"online": True, "mode": "online", "human": "none"}
    if s.edition is not None:
        meta["edition"] = s.edition
    seed = s.tr.setup_seed()
    return {"format": FORMAT, "game": s.game, "seed": int(seed or 0), "actions": list(actions), "meta": meta}
