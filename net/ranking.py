"""Ranked play in the lobby: when a room is judged, the archive, and the ranked requests.

The lobby calls :meth:`Ranking.changed` after every event that may end a
game (an ``open``, ``abort`` or ``desync`` relayed, a claim, a room
closing).  The room is then judged by :func:`net.judge.judge` off the
reactor thread (``run``: ``deferToThread`` in the server, a bounded
process pool with ``--judge-workers``, inline in tests), the judgement is
written to the archive with the rating change in one transaction, and
``judged`` goes to everyone in the room.  A judgement never blocks or
crashes the lobby: a bug of ours is logged with ``failure()`` and the game
is recorded ``unverified``.

When is a game judged?  At once when both keys are open, on a claim and on
a desync.  On an ``abort`` the log may already prove a fault (judged at
once).  Otherwise (an unproven abort, a single ``open``) keys may still come, so the room
waits for the other side's keys for its away countdown
(``ClockSpec.away``, 120 s by default) and then judges what it has: a side
that withheld its keys loses.  A room that closes unjudged is judged as it
stands (usually ``unverified``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from twisted.internet import defer
from twisted.logger import Logger

from .judge import DECIDED, Judgement, RoomRecord, judge

if TYPE_CHECKING:
    from .archive import ArchiveTables
    from .lobby import Lobby, Room

Runner = Callable[..., defer.Deferred]


def inline(fn: Callable[..., Any], *args: Any, **kw: Any) -> defer.Deferred:
    """Run ``fn`` now, on this thread (tests with a fake clock)."""
    return defer.maybeDeferred(fn, *args, **kw)


def judge_thread(reactor: Any, threads: int = 1) -> Runner:
    """A runner on a pool of its own (``threads``, 1 by default): judgements wait in its queue
    instead of crowding the reactor's thread pool, so the reactor shares the interpreter with one
    busy thread at most (``bench/judge.py`` measures the reactor's longest wait).  Stopped with
    the reactor."""
    from twisted.internet.threads import deferToThreadPool
    from twisted.python.threadpool import ThreadPool

    pool = ThreadPool(minthreads=0, maxthreads=threads, name="judge")
    started = [False]

    def run(fn: Callable[..., Any], *args: Any, **kw: Any) -> defer.Deferred:
        if not started[0]:
            started[0] = True
            pool.start()
            reactor.addSystemEventTrigger("during", "shutdown", pool.stop)
        return deferToThreadPool(reactor, pool, fn, *args, **kw)
    return run


class Ranking:
    log = Logger()

    def __init__(self, lobby: Lobby, archive: ArchiveTables, run: Runner | None = None) -> None:
        self.lobby, self.archive = lobby, archive
        self.run: Runner = run or inline
        self.judged = 0            # games judged and recorded (for ``--stats``)
        self.failures = 0

    # ------------------------------------------------------------ events
    def changed(self, room: Room, event: str) -> None:
        """``event``: a relayed message type (``open``, ``abort``, ``desync``), ``claim`` or ``close``."""
        if room.game_id is None or room.judgement is not None:
            return
        if event == "restore":    # a room brought back after a restart: judged already, or to judge now
            if self._archived(room):
                return
            event = "claim" if room.claim is not None else "open" if room.opened else ""
        if event in ("claim", "desync", "close") or len(room.opened) == 2:
            self.request(room, final=True)
        elif event in ("open", "abort"):
            if event == "abort":
                self.request(room, final=False)   # the log may prove the fault already
            if room.keys_due is None:
                room.keys_due = self.lobby.clock.callLater(room.clock.spec.away, self._keys_due, room)

    def _archived(self, room: Room) -> bool:
        """Whether the archive has ``room``'s judgement (then kept on the room, for late comers)."""
        from .store import StoreError

        try:
            body = self.archive.fetch_game(room.code)
        except StoreError:
            return False
        if body is None:
            return False
        room.judgement = Judgement(room.code, room.game, room.edition, room.game_id or "", body["status"],
                                   body["winner"], body["termination"], ids=body["ids"])
        return True

    def _keys_due(self, room: Room) -> None:
        room.keys_due = None
        self.request(room, final=True)

    def request(self, room: Room, final: bool) -> None:
        """Judge ``room`` (once a judgement runs, a later request waits for it, then runs if still needed)."""
        if room.judgement is not None:
            return
        if room.judging:
            room.judge_again = room.judge_again or final
            return
        room.judging, room.judge_again = True, False
        rec = RoomRecord(room.code, room.game, room.edition, room.game_id or "", room.keys(), list(room.log),
                         room.claim, frozenset(room.opened), room.players(), room.ids(), room.clock.to_dict(),
                         room.rated)
        try:
            d = self.run(judge, rec, final=final)
        except Exception:  # noqa: BLE001 - a runner that cannot start (a pool gone): judge nothing, log it
            d = defer.fail()
        d.addCallbacks(self._done, self._failed, callbackArgs=(room, final), errbackArgs=(room, rec))
        d.addErrback(self._bug, room)

    def _done(self, j: Judgement, room: Room, final: bool) -> None:
        room.judging = False
        if j.pending and not final:
            if room.judge_again:
                self.request(room, final=True)
            return
        self._record(room, j)

    def _failed(self, failure: Any, room: Room, rec: RoomRecord) -> None:
        self.log.failure("judging room {code} failed", failure, code=room.code)
        room.judging = False
        self.failures += 1
        j = Judgement(rec.code, rec.game, rec.edition, rec.game_id, "unverified", clock=rec.clock,
                      players=dict(rec.players), ids=dict(rec.ids), ended=self.lobby.wall(),
                      finding={"side": "server", "what": "the server could not judge this game"})
        self._record(room, j)

    def _bug(self, failure: Any, room: Room) -> None:
        self.log.failure("recording the judgement of room {code} failed", failure, code=room.code)

    def _record(self, room: Room, j: Judgement) -> None:
        from .store import StoreError

        j.pending = False
        ids = j.ids
        j.rated = (room.rated and j.status in DECIDED and ids.get("jack") is not None
                   and ids.get("investigator") is not None and ids["jack"] != ids["investigator"])
        room.judgement = j
        room.keys_due = _cancelled(room.keys_due)
        try:
            self.archive.record_game(j, now=j.ended)
        except StoreError as exc:
            self.log.error("room {code}: the judgement could not be saved: {why}", code=room.code, why=str(exc))
            j.rated, j.ratings = False, None
        self.judged += 1
        self.log.info("room {code} judged: {status}, winner {winner} ({termination}){rated}", code=room.code,
                      status=j.status, winner=j.winner, termination=j.termination,
                      rated=", rated" if j.rated else "")
        self.lobby.broadcast_ranked(room, j.wire())

    # ------------------------------------------------------------ requests
    def profile(self, msg: dict) -> dict:
        return self.archive.profile(msg["id"], msg.get("game") and self.lobby.game_name(msg["game"]))

    def leaderboard(self, msg: dict) -> dict:
        return self.archive.leaderboard(self.lobby.game_name(msg["game"]), msg.get("offset", 0))

    def fetch(self, code: str) -> list[dict] | None:
        """The ``archive`` message(s) for ``code``: one, or several ``part`` s of a long record; None if
        ``code`` names no judged game."""
        body = self.archive.fetch_game(code)
        return None if body is None else split_archive({"t": "archive", **body})


#: What one ``archive`` message may carry: well under the 16 KiB frame and its 1024-item arrays.
PART_BYTES, PART_ACTIONS = 12 * 1024, 1000


def split_archive(msg: dict) -> list[dict]:
    """``msg`` as it is if it fits, else ``parts`` messages whose records' ``actions`` are slices
    of the whole (in order; the client joins them)."""
    from .framing import packb

    record = msg.get("record")
    if record is None or (len(packb(msg)) <= PART_BYTES and len(record["actions"]) <= PART_ACTIONS):
        return [msg]
    actions = record["actions"]
    per = max(1, min(PART_ACTIONS, len(actions) * PART_BYTES // (2 * len(packb(record)))))
    chunks = [actions[i:i + per] for i in range(0, len(actions), per)] or [[]]
    return [{**msg, "record": {**record, "actions": chunk}, "part": n, "parts": len(chunks)}
            for n, chunk in enumerate(chunks, start=1)]


def _cancelled(call: Any) -> None:
    if call is not None and call.active():
        call.cancel()
    return None
