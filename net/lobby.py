"""Rooms, their ordered logs, spectators and reconnect tokens: the server's logic.

No sockets here.  A *member* is anything with ``send(msg)``,
``send_bytes(data)``, ``close()`` and a ``name`` (the server's protocol,
or a fake in tests).  The protocol validates a message's shape
(:mod:`net.messages`) and calls :meth:`Lobby.handle`; the lobby answers
through the member.  Lobby errors that are not the client's protocol
mistakes (a full room, a stale ``seq``) are answered without closing.

The relay never reads the game: it checks that a game message comes from
a seated player of a started room, that its ``seq`` is the next one, and
that any action in it is a word of that game's vocabulary.  It stamps
``from``, appends it to the room's log, and sends it to every member.

With a :class:`~net.store.Store` every change (a room, a seat, a log
message, a chat line, a claim) is written *before* it is relayed, and
:meth:`Lobby.restore` brings back every unfinished room after a restart.
Clocks and claims: :mod:`net.clock`.
"""

from __future__ import annotations

import itertools
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import msgpack
from twisted.logger import Logger

from game.engine.errors import ParseError
from game.engine.rulesets import find_ruleset

from .clock import ClockSpec, GameClock, parse_clock
from .framing import packb
from .games import NETWORK_GAMES, rules
from .identity import verify_seat
from .keys import rejoin_bytes, verify, verify_message
from .limits import Admission, LogThrottle, clean_name
from .matchmaking import AlreadyQueued, Pairing, QuickMatch, RatingOf, RecentSides, newcomer_rating, no_history
from .messages import GAME, PROTOCOL_VERSION, Code, ProtocolError, error
from .ranking import Ranking, Runner
from .store import CHAT_KEEP, SqliteStore, Store, StoredRoom, StoredSeat, StoreError

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: Public rooms are listed anyway: a short code to type.  A private room's code (and every
#: room's watch code) is long enough that guessing one at the allowed rate takes years.
CODE_LENGTH = 5
PRIVATE_CODE_LENGTH = 10
#: Requests that name a room or seat: a code or token that names nothing costs a backoff.
GUESSES = frozenset({"join", "spectate", "rejoin", "fetch"})
SIDES = ("jack", "investigator")


class Member(Protocol):
    name: str

    def send(self, msg: dict) -> None: ...
    def send_bytes(self, data: bytes) -> None: ...
    def close(self) -> None: ...


def address_of(member: Any) -> str:
    """The peer address a member connects from (``?`` for fakes without one)."""
    return getattr(member, "address", None) or "?"


class LobbyError(Exception):
    """A request the lobby refuses; the connection stays open unless the code is fatal."""

    def __init__(self, code: Code, detail: str = "") -> None:
        super().__init__(f"{code.value}: {detail}")
        self.code, self.detail = code, detail


@dataclass(eq=False)
class Seat:
    side: str
    token: str
    name: str
    member: Any = None
    left: bool = False
    pub: bytes | None = None       # the seat's Ed25519 public key (net/keys.py)
    gone_at: float | None = None     # when its connection went (the away countdown starts)
    id: bytes | None = None          # the player's identity that signed the seat key (net/identity.py)

    def stored(self) -> StoredSeat:
        return StoredSeat(self.side, self.token, self.name, self.left, self.pub, self.id)


@dataclass(eq=False)
class Room:
    code: str
    game: str
    private: bool
    host: str
    seats: dict[str, Seat] = field(default_factory=dict)
    spectators: set = field(default_factory=set)
    log: list[bytes] = field(default_factory=list)   # packed relayed messages; seq = index + 1
    game_id: str | None = None
    opened: set = field(default_factory=set)
    expiry: Any = None
    edition: str | None = None     # the printing, where the game has several (London)
    address: str = "?"             # who opened it (the per-address room cap)
    watch: str | None = None       # a private room's spectator code
    log_bytes: int = 0
    desyncs: set = field(default_factory=set)
    clock: GameClock = field(default_factory=lambda: GameClock(ClockSpec()))
    claim: dict | None = None      # {"side": winner, "reason", "seq"} once the game was claimed
    chat: list[bytes] = field(default_factory=list)   # packed chat messages, the last CHAT_KEEP
    chat_n: int = 0
    flag_call: Any = None
    created: float = 0.0
    # --- quick match and rematch (section 15)
    quick: bool = False            # made by the quick-match queue
    rematch_of: str | None = None  # the code of the room this one is the rematch of
    aborted: bool = False          # an ``abort`` was relayed: the game stopped
    rematch: dict = field(default_factory=dict)   # side -> its accepted rematch's seat (pub, identity)
    rated: bool = True             # asked for (rated only with two different identities, net/ranking.py)
    judgement: Any = None          # the server's net.judge.Judgement once recorded
    judging: bool = False
    judge_again: bool = False
    keys_due: Any = None           # the wait for the other side's keys (net/ranking.py)
    behind: set = field(default_factory=set)   # sides away when the log grew (or across a restart)

    @property
    def seq(self) -> int:
        return len(self.log)

    @property
    def status(self) -> str:
        if self.game_id is None:
            return "waiting"
        return "over" if len(self.opened) == 2 or self.claim is not None else "playing"

    def stored(self) -> StoredRoom:
        """The room's own record (seats and log are written on their own)."""
        return StoredRoom(self.code, self.game, self.private, self.host, self.edition, self.game_id,
                          sorted(self.opened), self.clock.to_dict(), self.claim, self.created, self.watch,
                          self.address, self.rated)

    def keys(self) -> dict[str, bytes]:
        return {s: seat.pub for s, seat in self.seats.items() if seat.pub is not None}

    @property
    def over(self) -> bool:
        """The game is over for a rematch: claimed, both keys opened, aborted or desynced."""
        return self.game_id is not None and (self.status == "over" or self.aborted or bool(self.desyncs))

    def match_fields(self, msg: dict) -> dict:
        """Add what ``joined``/``start`` say of a quick match or a rematch (section 15)."""
        if self.quick:
            msg["quick"] = True
        if self.rematch_of is not None:
            msg["rematch_of"] = self.rematch_of
        return msg

    def ids(self) -> dict[str, bytes | None]:
        """Each seat's identity (``None``: a seat without one, or no seat)."""
        return {s: (self.seats[s].id if s in self.seats else None) for s in SIDES}

    def players(self) -> dict[str, str | None]:
        return {s: (self.seats[s].name if s in self.seats else None) for s in SIDES}

    def members(self) -> list:
        out = [seat.member for seat in self.seats.values() if seat.member is not None]
        out.extend(self.spectators)
        return out

    def info(self) -> dict:
        out = {"code": self.code, "game": self.game, "status": self.status,
               "open": [s for s in SIDES if s not in self.seats], "host": self.host,
               "spectators": len(self.spectators)}
        return self._with_edition(out)

    def _with_edition(self, msg: dict) -> dict:
        if self.edition is not None:
            msg["edition"] = self.edition
        return msg


@dataclass
class Where:
    """Which room (and seat) a member is in."""

    room: Room
    side: str | None     # None for a spectator


class Lobby:
    """All rooms of one server.

    ``clock`` is an ``IReactorTime`` (``task.Clock`` in tests); ``random``
    gives room codes, tokens and game ids (``secrets`` by default).
    ``store`` keeps rooms on disk (``None``: in memory only); its rooms are
    loaded at once.  ``prune_every`` seconds, finished rooms closed more
    than ``keep_finished`` seconds ago (others: ``keep_closed``) are deleted.
    """

    log = Logger()

    def __init__(self, clock, *, max_rooms: int = 20_000, max_spectators: int = 64,  # type: ignore[no-untyped-def]
                 max_log: int = 2_000, max_log_bytes: int = 256 * 1024, room_grace: float = 600.0,
                 server_name: str = "mrjack", admission: Admission | None = None,
                 token: Callable[[], str] = lambda: secrets.token_urlsafe(18),
                 choice: Callable[[str], str] = secrets.choice,
                 game_id: Callable[[], str] = lambda: secrets.token_hex(16),
                 store: Store | None = None, prune_every: float = 3600.0,
                 keep_finished: float = 7 * 86400.0, keep_closed: float = 86400.0,
                 rating_of: RatingOf | None = None, recent_sides: RecentSides | None = None,
                 match_rng: random.Random | None = None, max_queue: int = 10_000, match_every: float = 1.0,
                 queued_every: float = 5.0,
                 judge_runner: Runner | None = None, wall: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.max_rooms, self.max_spectators, self.max_log = max_rooms, max_spectators, max_log
        self.max_log_bytes = max_log_bytes
        self.admission = admission if admission is not None else Admission(clock.seconds)
        self.throttle = LogThrottle(clock.seconds)
        self._summarised = clock.seconds()
        self.watch_codes: dict[str, Room] = {}
        self.room_grace = room_grace
        self.server_name = server_name
        self._token, self._choice, self._game_id = token, choice, game_id
        self.rooms: dict[str, Room] = {}
        self.where: dict[Any, Where] = {}
        self.greeted: set = set()
        self.relayed = 0
        self.forged = 0
        self.store = store
        self.keep_finished, self.keep_closed = keep_finished, keep_closed
        self.prune_every = prune_every
        self._prune_call = None
        self.wall = wall
        #: The archive of judged games and ratings: the store's tables, or a database in memory.
        archive = store if hasattr(store, "record_game") else SqliteStore(":memory:")
        self.ranking = Ranking(self, archive, judge_runner)  # type: ignore[arg-type]
        self._init_quick_match(rating_of, recent_sides, match_rng, max_queue, match_every, queued_every)
        if store is not None:
            self.restore()
            if prune_every > 0:
                self._prune_call = self.clock.callLater(0, self._prune)

    # ------------------------------------------------------------- storage
    def _save(self, method: str, *args: Any) -> None:
        """``store.method(*args)``; a failure refuses the request (nothing was relayed)."""
        if self.store is None:
            return
        try:
            getattr(self.store, method)(*args)
        except StoreError as exc:
            self.log.error("storage failed: {why}", why=str(exc))
            raise LobbyError(Code.SERVER_STORAGE, "the server could not save; try again") from None

    def _save_quietly(self, method: str, *args: Any) -> None:
        """Write what no request waits on (a room closing): a failure is logged only."""
        try:
            self._save(method, *args)
        except LobbyError:
            pass

    def restore(self) -> int:
        """Bring back every unfinished room from the store (at start); returns how many."""
        assert self.store is not None
        now = self.clock.seconds()
        for stored in self.store.load():
            room = Room(stored.code, stored.game, stored.private, stored.host, game_id=stored.game_id,
                        edition=stored.edition, opened=set(stored.opened), claim=stored.claim,
                        log=list(stored.log), chat=list(stored.chat), created=stored.created,
                        watch=stored.watch, address=stored.address, log_bytes=sum(map(len, stored.log)),
                        rated=stored.rated)
            if stored.clock is not None:
                room.clock = GameClock.from_dict(stored.clock, now)
            if room.chat:
                room.chat_n = msgpack.unpackb(room.chat[-1]).get("n", len(room.chat))
            for side, seat in stored.seats.items():
                room.seats[side] = Seat(side, seat.token, seat.name, left=seat.left, gone_at=now, pub=seat.pub,
                                        id=seat.id)
            room.behind = {side for side, seat in room.seats.items() if not seat.left}
            self.rooms[room.code] = room
            if room.watch is not None:
                self.watch_codes[room.watch] = room
            self.admission.room_opened(room.address)
            self._arm_flag(room)
            if room.status == "over" or room.opened:
                self.ranking.changed(room, "restore")   # judged before the restart, or still to judge
            self._maybe_expire(room)
        if self.rooms:
            self.log.info("{n} rooms restored", n=len(self.rooms))
        return len(self.rooms)

    def _prune(self) -> None:
        self._prune_call = None
        if self.store is not None:
            now = time.time()
            try:
                n = self.store.prune(now - self.keep_finished, now - self.keep_closed)
                if n:
                    self.log.info("pruned {n} old rooms", n=n)
            except StoreError as exc:
                self.log.error("pruning failed: {why}", why=str(exc))
            self._prune_call = self.clock.callLater(self.prune_every, self._prune)

    # ------------------------------------------------------------- dispatch
    def handle(self, member: Member, msg: dict) -> None:
        """Act on one shape-checked message from ``member``.

        :raises ProtocolError: for a fatal protocol mistake (the caller closes).
        """
        t = msg["t"]
        if t == "hello":
            self._hello(member, msg)
            return
        if member not in self.greeted:
            raise ProtocolError(Code.HELLO_REQUIRED, "say hello first")
        if t == "ping":
            member.send({"t": "pong", **({"n": msg["n"]} if "n" in msg else {})})
            return
        handler = getattr(self, f"_on_{t}", None) if t not in GAME else self._relay
        if handler is None:
            raise ProtocolError(Code.MSG_UNEXPECTED, t)
        address = address_of(member)
        try:
            if t in GUESSES:
                wait = self.admission.wait(address)
                if wait > 0:
                    raise LobbyError(Code.LIMIT_BACKOFF, f"too many codes that named nothing: wait {wait:.0f} s")
            try:
                handler(member, msg)
            except LobbyError as exc:
                if t in GUESSES and exc.code in (Code.ROOM_NOT_FOUND, Code.ROOM_BAD_TOKEN, Code.ARCHIVE_NOT_FOUND):
                    self.admission.failed(address)
                raise
            if member in self.where and self._unqueue(member):
                member.send({"t": "unqueued"})   # a seat or a watch elsewhere ends the wait
        except LobbyError as exc:
            self._refused(member, t, exc)
            member.send(error(exc.code, exc.detail, ref=t, rid=msg.get("rid")))

    def _refused(self, member: Member, t: str, exc: LobbyError) -> None:
        """A refusal is the client's business, not the server's trouble: ``info``, throttled and summarised."""
        if self.throttle.allow(exc.code.value):
            self.log.info("refused {t} from {name}: {code} {detail}", t=t, name=member.name,
                          code=exc.code.value, detail=exc.detail)
        self.summarise()

    def summarise(self) -> None:
        """Once a period, one line for the refusals and bad input not logged one by one."""
        now = self.clock.seconds()
        if now - self._summarised >= self.throttle.period:
            self._summarised = now
            hidden = self.throttle.summary()
            if hidden:
                self.log.warn("refusals not logged one by one in the last minutes: {counts}", counts=hidden)

    def _hello(self, member: Member, msg: dict) -> None:
        if member in self.greeted:
            raise ProtocolError(Code.MSG_UNEXPECTED, "hello twice")
        if msg["v"] != PROTOCOL_VERSION:
            raise ProtocolError(Code.HELLO_VERSION, f"this server speaks version {PROTOCOL_VERSION}, your game "
                                f"{msg['v']}: please update your game" if msg["v"] < PROTOCOL_VERSION
                                else f"this server speaks version {PROTOCOL_VERSION}: it is older than your game")
        self.greeted.add(member)
        member.name = clean_name(msg.get("name") or "player")
        #: A client that knows section 14 says ``ranked`` in ``hello.client``; an older one gets none of its
        #: fields or messages (it would take them for a protocol error).
        member.ranked = "ranked" in str(msg.get("client") or "").split()
        member.challenge = secrets.token_bytes(32)   # a rejoin on this connection signs it
        member.send({"t": "welcome", "v": PROTOCOL_VERSION, "server": self.server_name,
                     "challenge": member.challenge})

    def disconnected(self, member: Member) -> None:
        """The member's connection is gone: keep its seat for a rejoin."""
        self.greeted.discard(member)
        self._unqueue(member)
        where = self.where.pop(member, None)
        if where is None:
            return
        room = where.room
        if where.side is None:
            room.spectators.discard(member)
        else:
            room.rematch.pop(where.side, None)     # an offer stands only while its player is here
            seat = room.seats.get(where.side)
            if seat is not None and seat.member is member:
                seat.member = None
                seat.gone_at = self.clock.seconds()
                self._broadcast(room, self._presence(room, seat))
        self._maybe_expire(room)

    # ---------------------------------------------------------------- rooms
    def _on_list(self, member: Member, msg: dict) -> None:
        listed = (r.info() for r in self.rooms.values()
                  if not r.private and r.status != "over" and any(s.member for s in r.seats.values()))
        reply: dict[str, Any] = {"t": "rooms", "rooms": list(itertools.islice(listed, 200))}
        if "rid" in msg:
            reply["rid"] = msg["rid"]
        member.send(reply)

    def _new_code(self, length: int = CODE_LENGTH) -> str:
        for _ in range(100):
            code = "".join(self._choice(CODE_ALPHABET) for _ in range(length))
            if code not in self.rooms and code not in self.watch_codes and not self._archived(code):
                return code
        raise LobbyError(Code.SERVER_NO_ROOMS, "no free room code")

    def _game_of(self, msg: dict) -> tuple[str, str | None]:
        """The rule set's name and edition a ``create`` or ``queue`` asks for."""
        game = msg["game"].lower()
        try:
            game = find_ruleset(game).name
        except ValueError:
            raise LobbyError(Code.GAME_UNKNOWN, msg["game"]) from None
        if game not in NETWORK_GAMES:
            raise LobbyError(Code.GAME_UNKNOWN, f"{game} has no network play yet")
        try:
            return game, rules(game).edition(msg.get("edition"))
        except ValueError as exc:
            raise LobbyError(Code.GAME_UNKNOWN, str(exc)) from None

    def _clock_of(self, msg: dict) -> ClockSpec:
        try:
            return parse_clock(msg.get("clock"))
        except ValueError as exc:
            raise LobbyError(Code.CLOCK_BAD, str(exc)) from None

    def _may_open(self, address: str) -> None:
        if len(self.rooms) >= self.max_rooms:
            raise LobbyError(Code.SERVER_NO_ROOMS, "too many rooms")
        if not self.admission.may_open_room(address):
            raise LobbyError(Code.LIMIT_ROOMS, f"at most {self.admission.max_rooms} open rooms (and quick-match "
                             "waits) per address")

    def _on_create(self, member: Member, msg: dict) -> None:
        self._not_in_room(member)
        game, edition = self._game_of(msg)
        address = address_of(member)
        self._may_open(address)
        spec = self._clock_of(msg)
        side = msg["side"]
        if side == "any":
            side = self._choice(SIDES)
        private = bool(msg.get("private", False))
        room = Room(self._new_code(PRIVATE_CODE_LENGTH if private else CODE_LENGTH), game, private, member.name,
                    edition=edition, address=address, clock=GameClock(spec), created=time.time())
        if private:
            room.watch = self._new_code(PRIVATE_CODE_LENGTH)
        seat = Seat(side, self._token(), member.name, member, pub=msg.get("pub"), id=_identity(msg))
        room.rated = bool(msg.get("rated", True))
        self._save("put_room", room.stored())
        self._save("put_seat", room.code, seat.stored())
        if room.watch is not None:
            self.watch_codes[room.watch] = room
        self.rooms[room.code] = room
        self.admission.room_opened(address)
        self._seat(member, room, seat, msg.get("rid"))
        self.log.info("room {code} created by {name} ({game} {edition}, {side})", code=room.code,
                      name=member.name, game=game, edition=edition or "", side=side)

    def _on_join(self, member: Member, msg: dict) -> None:
        self._not_in_room(member)
        room = self._room(msg["room"])
        if room.game_id is not None or len(room.seats) == 2:
            raise LobbyError(Code.ROOM_FULL, room.code)
        free = [s for s in SIDES if s not in room.seats]
        side = msg.get("side") or free[0]
        if side not in free:
            raise LobbyError(Code.ROOM_SIDE_TAKEN, side)
        game_id = self._game_id()
        seat = Seat(side, self._token(), member.name, member, pub=msg.get("pub"), id=_identity(msg))
        self._save("put_seat", room.code, seat.stored())
        self._save("put_room", replace(room.stored(), game_id=game_id))
        self._seat(member, room, seat, msg.get("rid"))
        room.game_id = game_id
        room.clock.resume(self.clock.seconds())
        self._cancel_expiry(room)
        start = self._start_msg(room)
        for m in room.members():
            m.send(self._ranked_view(m, start))
        self.log.info("room {code} started: {players}", code=room.code, players=room.players())

    def _start_msg(self, room: Room) -> dict:
        return room.match_fields(room._with_edition({"t": "start", "room": room.code, "game": room.game,
                                                     "game_id": room.game_id, "players": room.players(),
                                                     "keys": room.keys(), "ids": room.ids(), "rated": room.rated}))

    def _seat(self, member: Member, room: Room, seat: Seat, rid: int | None) -> None:
        """Seat ``member`` (already saved)."""
        room.seats[seat.side] = seat
        self.where[member] = Where(room, seat.side)
        member.send(self._ranked_view(member, self._joined(room, seat.side, seat.token, rid)))
        self._send_chat_history(member, room)

    def _joined(self, room: Room, role: str, token: str | None, rid: int | None) -> dict:
        msg: dict[str, Any] = {"t": "joined", "room": room.code, "game": room.game, "role": role,
                               "private": room.private, "seq": room.seq, "started": room.game_id is not None,
                               "players": room.players()}
        room._with_edition(msg)
        if token is not None:
            msg["token"] = token
            if room.watch is not None:
                msg["watch"] = room.watch     # players may hand it to whoever should watch
        msg["ids"], msg["rated"] = room.ids(), room.rated
        if room.game_id is not None:
            msg["game_id"] = room.game_id
            msg["keys"] = room.keys()
        if room.clock.active or room.clock.spec.away != ClockSpec().away:
            msg["clock"] = room.clock.spec.text()
        room.match_fields(msg)
        if rid is not None:
            msg["rid"] = rid
        return msg

    def _on_spectate(self, member: Member, msg: dict) -> None:
        """Watch a public room by its code, a private one by its watch code only."""
        self._not_in_room(member)
        code = msg["room"].upper()
        room = self.watch_codes.get(code) or self.rooms.get(code)
        if room is None or (room.private and code != room.watch):
            raise LobbyError(Code.ROOM_NOT_FOUND, msg["room"])
        if len(room.spectators) >= self.max_spectators:
            raise LobbyError(Code.ROOM_FULL, "no more spectators")
        room.spectators.add(member)
        self.where[member] = Where(room, None)
        member.send(self._ranked_view(member, self._joined(room, "spectator", None, msg.get("rid"))))
        self._replay(member, room, 0)
        self._send_chat_history(member, room)

    def _on_rejoin(self, member: Member, msg: dict) -> None:
        self._not_in_room(member)
        room = self._room(msg["room"])
        seat = next((s for s in room.seats.values() if secrets.compare_digest(s.token, msg["token"])), None)
        if seat is None or seat.left:
            raise LobbyError(Code.ROOM_BAD_TOKEN, room.code)
        if seat.pub is not None and not verify(seat.pub, msg.get("proof"),
                                               rejoin_bytes(getattr(member, "challenge", b""), room.code, seat.side)):
            raise LobbyError(Code.ROOM_BAD_TOKEN, "the seat's key did not sign this connection's challenge")
        old = seat.member
        if old is not None and old is not member:
            self.where.pop(old, None)
            old.send(error(Code.ROOM_REPLACED, "this seat was taken over by a new connection"))
            old.close()
        seat.member, seat.gone_at = member, None
        seat.name = member.name
        self.where[member] = Where(room, seat.side)
        self._cancel_expiry(room)
        member.send(self._ranked_view(member, self._joined(room, seat.side, seat.token, msg.get("rid"))))
        self._replay(member, room, msg["since"])
        room.behind.discard(seat.side)
        self._send_chat_history(member, room)
        self._broadcast(room, {"t": "presence", "side": seat.side, "present": True}, skip=member)
        other = room.seats.get("investigator" if seat.side == "jack" else "jack")
        if other is not None and other.member is None:
            member.send(self._presence(room, other))   # the other one is away too: show its countdown

    def _replay(self, member: Member, room: Room, since: int) -> None:
        for data in room.log[since:]:
            member.send_bytes(data)
        member.send({"t": "synced", "seq": room.seq})
        if room.game_id is not None and room.clock.active:
            member.send(room.clock.wire(self.clock.seconds()))
        if room.claim is not None:
            member.send({"t": "claimed", "side": room.claim["side"], "reason": room.claim["reason"]})
        if room.judgement is not None and getattr(member, "ranked", False):
            member.send(room.judgement.wire())

    def _send_chat_history(self, member: Member, room: Room) -> None:
        for data in room.chat:
            member.send_bytes(data)

    def _presence(self, room: Room, seat: Seat) -> dict:
        """``presence`` of an absent seat: with the countdown (ms) before its game may be claimed."""
        msg: dict[str, Any] = {"t": "presence", "side": seat.side, "present": False}
        if seat.left:
            msg["left"] = True
        elif room.status == "playing" and seat.gone_at is not None:
            left = room.clock.spec.away - (self.clock.seconds() - seat.gone_at)
            msg["away"] = int(max(0.0, left) * 1000)
        return msg

    def _on_leave(self, member: Member, msg: dict) -> None:
        where = self.where.pop(member, None)
        if where is None:
            raise LobbyError(Code.ROOM_NOT_IN, "not in a room")
        room = where.room
        if where.side is None:
            room.spectators.discard(member)
        elif room.game_id is None:
            self._save_quietly("drop_seat", room.code, where.side)
            del room.seats[where.side]          # an unstarted seat is simply freed
        else:
            seat = room.seats[where.side]
            seat.member, seat.left = None, True  # a started game: the seat is abandoned
            self._save_quietly("put_seat", room.code, seat.stored())
            if room.status == "playing":         # leaving a game being played is resigning it
                try:
                    self._claim(room, _other(where.side), "resign")
                except LobbyError:
                    pass                         # (not saved: logged; the seat is left all the same)
            self._broadcast(room, {"t": "presence", "side": where.side, "present": False, "left": True})
        reply: dict[str, Any] = {"t": "left", "room": room.code}
        if "rid" in msg:
            reply["rid"] = msg["rid"]
        member.send(reply)
        self._maybe_expire(room)

    def _on_chat(self, member: Member, msg: dict) -> None:
        where = self.where.get(member)
        if where is None:
            raise LobbyError(Code.ROOM_NOT_IN, "chat happens in a room")
        room = where.room
        out = {"t": "chat", "from": member.name, "role": where.side or "spectator", "text": msg["text"],
               "n": room.chat_n + 1}
        data = packb(out)
        self._save("add_chat", room.code, data)
        room.chat_n += 1
        room.chat.append(data)
        del room.chat[:-CHAT_KEEP]
        for m in room.members():
            m.send_bytes(data)

    # ---------------------------------------------------- ranked play (section 14)
    @staticmethod
    def _ranked_view(member: Member, msg: dict) -> dict:
        """``msg`` without the fields of ranked play for a client that does not know them."""
        if getattr(member, "ranked", False) or not ("ids" in msg or "rated" in msg):
            return msg
        return {k: v for k, v in msg.items() if k not in ("ids", "rated")}

    def broadcast_ranked(self, room: Room, msg: dict) -> None:
        """``msg`` (a message of ranked play) to the room's members that know it."""
        data = packb(msg)
        for m in room.members():
            if getattr(m, "ranked", False):
                m.send_bytes(data)

    def _reply(self, member: Member, msg: dict, body: dict) -> None:
        if "rid" in msg:
            body["rid"] = msg["rid"]
        member.send(body)

    def game_name(self, game: str) -> str:
        """The rule set's name for ``game`` (an alias too).

        :raises LobbyError: ``game/unknown``.
        """
        try:
            name = find_ruleset(game.lower()).name
        except ValueError:
            raise LobbyError(Code.GAME_UNKNOWN, game) from None
        if name not in NETWORK_GAMES:
            raise LobbyError(Code.GAME_UNKNOWN, f"{name} has no network play")
        return name

    def _ranked_read(self, fn: Callable[[dict], Any], msg: dict) -> Any:
        try:
            return fn(msg)
        except StoreError as exc:
            self.log.error("reading the archive failed: {why}", why=str(exc))
            raise LobbyError(Code.SERVER_STORAGE, "the server could not read its archive; try again") from None

    def _on_profile(self, member: Member, msg: dict) -> None:
        self._reply(member, msg, {"t": "profile", **self._ranked_read(self.ranking.profile, msg)})

    def _on_leaderboard(self, member: Member, msg: dict) -> None:
        self._reply(member, msg, {"t": "leaderboard", **self._ranked_read(self.ranking.leaderboard, msg)})

    def _on_fetch(self, member: Member, msg: dict) -> None:
        parts = self._ranked_read(lambda m: self.ranking.fetch(m["code"]), msg)
        if parts is None:
            raise LobbyError(Code.ARCHIVE_NOT_FOUND, msg["code"])
        for part in parts:
            self._reply(member, msg, part)

    def _archived(self, code: str) -> bool:
        """Whether ``code`` names a judged game (a room code is never used twice: ``fetch`` finds it)."""
        try:
            return self.ranking.archive.archived(code)
        except StoreError:
            return True   # (cannot tell: take another code)

    # -------------------------------------------------------------- claims
    def _on_claim(self, member: Member, msg: dict) -> None:
        """The present player claims the game: the other's flag fell, or it stayed away too long."""
        where = self.where.get(member)
        if where is None or where.side is None:
            raise LobbyError(Code.ACTION_NOT_PLAYER, "only a player claims")
        room = where.room
        if room.status != "playing":
            raise LobbyError(Code.CLAIM_REFUSED, f"the room is {room.status}")
        other = room.seats[_other(where.side)]
        now = self.clock.seconds()
        if msg["reason"] == "flag":
            room.clock.check_flag(now)
            if room.clock.flagged != other.side:
                raise LobbyError(Code.CLAIM_REFUSED, f"{other.side}'s flag has not fallen")
        elif other.member is not None or other.gone_at is None:
            raise LobbyError(Code.CLAIM_REFUSED, f"{other.side} is here")
        elif now - other.gone_at < room.clock.spec.away:
            wait = room.clock.spec.away - (now - other.gone_at)
            raise LobbyError(Code.CLAIM_REFUSED, f"{other.side} may come back for {wait:.0f} s more")
        self._claim(room, where.side, msg["reason"], msg.get("rid"))

    def _claim(self, room: Room, side: str, reason: str, rid: int | None = None) -> None:
        claim = {"side": side, "reason": reason, "seq": room.seq}
        self._save("put_room", replace(room.stored(), claim=claim))
        room.claim = claim
        room.clock.stop(self.clock.seconds())
        self._disarm_flag(room)
        self.log.info("room {code}: {side} won by {reason}", code=room.code, side=side, reason=reason)
        for m in room.members():
            out = {"t": "claimed", "side": side, "reason": reason}
            if rid is not None and self.where.get(m) is not None and self.where[m].side == side:
                out["rid"] = rid
            m.send(out)
        self.ranking.changed(room, "claim")

    # --------------------------------------------------------------- clocks
    def _arm_flag(self, room: Room) -> None:
        self._disarm_flag(room)
        due = room.clock.flag_due(self.clock.seconds())
        if due is not None and room.status == "playing":
            room.flag_call = self.clock.callLater(due, self._flag, room)

    def _disarm_flag(self, room: Room) -> None:
        room.flag_call = _cancelled(room.flag_call)

    def _flag(self, room: Room) -> None:
        room.flag_call = None
        if self.rooms.get(room.code) is not room or room.clock.check_flag(self.clock.seconds()) is None:
            self._arm_flag(room)
            return
        self.log.info("room {code}: {side}'s flag fell", code=room.code, side=room.clock.flagged)
        self._save_quietly("put_room", room.stored())
        self._broadcast(room, room.clock.wire(self.clock.seconds()))

    # ---------------------------------------------------------------- relay
    def _relay(self, member: Member, msg: dict) -> None:
        where = self.where.get(member)
        if where is None:
            raise LobbyError(Code.ROOM_NOT_IN, "not in a room")
        if where.side is None:
            raise LobbyError(Code.ACTION_NOT_PLAYER, "spectators do not play")
        room = where.room
        if room.game_id is None:
            raise LobbyError(Code.ROOM_NOT_STARTED, room.code)
        if len(room.opened) == 2 or (room.claim is not None and msg["t"] not in ("open", "abort", "desync")):
            raise LobbyError(Code.ROOM_OVER, room.code)
        seq = msg["seq"]
        if seq <= room.seq:
            raise LobbyError(Code.ACTION_STALE, f"seq {seq}, the room is at {room.seq}")
        if seq > room.seq + 1:
            raise LobbyError(Code.ACTION_AHEAD, f"seq {seq}, the room is at {room.seq}")
        if len(room.log) >= self.max_log:
            raise LobbyError(Code.ROOM_LOG_FULL, f"the room's log holds its {self.max_log} messages")
        if msg["t"] == "desync" and where.side in room.desyncs:   # one report per side: the bulky part
            raise LobbyError(Code.ACTION_STALE, "this side has sent its desync report already")
        seat = room.seats[where.side]
        if seat.pub is not None and not verify_message(seat.pub, room.game_id, where.side, msg):
            self.forged += 1
            raise LobbyError(Code.ACTION_FORGED, f"message {seq} is not signed by the {where.side}'s seat key")
        if "a" in msg:
            try:
                find_ruleset(room.game).vocabulary.from_wire(msg["a"])
            except ParseError:
                raise LobbyError(Code.ACTION_BAD, str(msg["a"])[:80]) from None
        out = dict(msg)
        out["from"] = where.side
        data = packb(out)
        if room.log_bytes + len(data) > self.max_log_bytes:
            raise LobbyError(Code.ROOM_LOG_FULL, f"the room's log reached its size limit ({self.max_log_bytes} bytes)")
        now = self.clock.seconds()
        ticking = room.clock.active and "turn" in msg and room.claim is None
        turn = msg.get("turn")
        if self.store is not None:
            changed = None
            if ticking or msg["t"] == "open":
                changed = room.stored()
                if msg["t"] == "open":
                    changed.opened = sorted(room.opened | {where.side})
                if ticking:
                    after = GameClock.from_dict(room.clock.to_dict(), room.clock.since)
                    after.turn(None if turn == "none" else turn, now)
                    changed.clock = after.to_dict()
            self._save("append", room.code, seq, data, changed)   # written before it is relayed
        if msg["t"] == "open":
            room.opened.add(where.side)
        if msg["t"] == "desync":
            room.desyncs.add(where.side)
        if msg["t"] == "abort":
            room.aborted = True
        room.log_bytes += len(data)
        room.log.append(data)
        self.relayed += 1
        for m in room.members():
            m.send_bytes(data)
        room.behind |= {side for side, seat in room.seats.items() if seat.member is None}
        if ticking:
            before = room.clock.running
            room.clock.turn(None if turn == "none" else turn, now)
            self._arm_flag(room)
            if room.clock.running != before:
                self._broadcast(room, room.clock.wire(now))
        if msg["t"] in ("open", "abort", "desync"):
            self.ranking.changed(room, msg["t"])

    # ----------------------------------------------- quick match (section 15)
    def _init_quick_match(self, rating_of: RatingOf | None, recent_sides: RecentSides | None,
                          rng: random.Random | None, max_queue: int, match_every: float,
                          queued_every: float) -> None:
        """The queue; ratings and side history come from the given functions, else from the store
        (when it keeps ratings), else every player is a newcomer."""
        archive = self.ranking.archive
        self.quick = QuickMatch(rating_of or getattr(archive, "rating_of", None) or newcomer_rating,
                                recent_sides or getattr(archive, "recent_sides", None) or no_history,
                                rng if rng is not None else random.Random(secrets.randbits(64)))
        self.max_queue, self.match_every, self.queued_every = max_queue, match_every, queued_every
        self._match_call: Any = None

    def _on_queue(self, member: Member, msg: dict) -> None:
        """Wait for an opponent of about one's rating in the game's queue (``queued``, then a room)."""
        self._not_in_room(member)
        if self.quick.entry(member) is not None:
            raise LobbyError(Code.QUEUE_ALREADY, "this connection is already waiting")
        if "id" not in msg or "id_sig" not in msg:
            raise LobbyError(Code.ID_REQUIRED, "quick match needs a player identity")
        if not verify_seat(msg["id"], msg["id_sig"], msg["pub"]):
            raise LobbyError(Code.ID_BAD, "id_sig is not the identity's signature of the seat key")
        game, edition = self._game_of(msg)
        spec = self._clock_of(msg)
        if len(self.quick) >= self.max_queue:
            raise LobbyError(Code.SERVER_NO_ROOMS, "the quick-match queue is full")
        address = address_of(member)
        self._may_open(address)
        queue = (game, edition, spec.text())
        try:
            self.quick.add(member, msg["id"], queue, self.clock.seconds(),
                           payload=_Waiting(msg["pub"], address, spec))
        except AlreadyQueued:
            raise LobbyError(Code.QUEUE_ALREADY, "this identity is already waiting") from None
        self.admission.room_opened(address)        # a wait counts as a room: a script cannot fill the queue
        self._send_queued(member, msg.get("rid"))
        if self._match_call is None:
            self._match_call = self.clock.callLater(self.match_every, self._match_tick)

    def _on_unqueue(self, member: Member, msg: dict) -> None:
        self._unqueue(member)
        member.send({"t": "unqueued", **({"rid": msg["rid"]} if "rid" in msg else {})})

    def _unqueue(self, member: Member) -> bool:
        entry = self.quick.remove(member)
        if entry is None:
            return False
        self.admission.room_closed(entry.payload.address)
        return True

    def _send_queued(self, member: Member, rid: int | None = None) -> None:
        entry = self.quick.entry(member)
        if entry is None:
            return
        game, edition, clock = entry.queue
        msg: dict[str, Any] = {"t": "queued", "game": game, "clock": clock, "waiting": self.quick.waiting(entry.queue)}
        if edition is not None:
            msg["edition"] = edition
        if rid is not None:
            msg["rid"] = rid
        entry.payload.told = self.clock.seconds()
        member.send(msg)

    def _match_tick(self) -> None:
        """Once a second while anyone waits: make the pairs the windows allow, tell the rest how many wait."""
        self._match_call = None
        now = self.clock.seconds()
        for pairing in self.quick.pair(now):
            self._start_quick(pairing)
        for entry in self.quick.entries():
            if now - entry.payload.told >= self.queued_every:
                self._send_queued(entry.conn)
        if len(self.quick):
            self._match_call = self.clock.callLater(self.match_every, self._match_tick)

    def _start_quick(self, pairing: Pairing) -> None:
        first = min((pairing.jack, pairing.investigator), key=lambda e: e.order)
        for entry in (pairing.jack, pairing.investigator):
            self.admission.room_closed(entry.payload.address)
        game, edition, _ = first.queue
        seats = [(e.conn, side, e.payload.pub, e.id_pub)
                 for side, e in (("jack", pairing.jack), ("investigator", pairing.investigator))]
        try:
            room = self._open_match(game, edition, first.payload.spec, False, first.payload.address, seats,
                                    quick=True)
        except LobbyError as exc:      # no room to be had (storage, limits): both are told, neither is seated
            for entry in (pairing.jack, pairing.investigator):
                entry.conn.send(error(exc.code, exc.detail, ref="queue"))
                entry.conn.send({"t": "unqueued"})
            return
        self.log.info("quick match {code}: {players} (gap {gap:.0f})", code=room.code, players=room.players(),
                      gap=pairing.gap)

    def _open_match(self, game: str, edition: str | None, spec: ClockSpec, private: bool, address: str,
                    seats: list[tuple[Any, str, bytes, bytes | None]], *, quick: bool = False,
                    rematch_of: str | None = None, rated: bool = True) -> Room:
        """A room whose two seats are taken at once (a quick match, a rematch): ``joined`` to each, ``start``.
        A rematch takes the place of its room (which closes at once), so only the server's cap applies."""
        if rematch_of is None:
            self._may_open(address)
        elif len(self.rooms) >= self.max_rooms:
            raise LobbyError(Code.SERVER_NO_ROOMS, "too many rooms")
        room = Room(self._new_code(PRIVATE_CODE_LENGTH if private else CODE_LENGTH), game, private,
                    seats[0][0].name, edition=edition, address=address, clock=GameClock(spec), created=time.time(),
                    quick=quick, rematch_of=rematch_of, rated=rated)
        if private:
            room.watch = self._new_code(PRIVATE_CODE_LENGTH)
        game_id = self._game_id()
        made = [Seat(side, self._token(), member.name, member, pub=pub, id=id_pub)
                for member, side, pub, id_pub in seats]
        self._save("put_room", replace(room.stored(), game_id=game_id))
        for seat in made:
            self._save("put_seat", room.code, seat.stored())
        if room.watch is not None:
            self.watch_codes[room.watch] = room
        self.rooms[room.code] = room
        self.admission.room_opened(address)
        for seat in made:
            room.seats[seat.side] = seat
        for seat in made:
            self._seat(seat.member, room, seat, None)
        room.game_id = game_id
        room.clock.resume(self.clock.seconds())
        self._broadcast(room, self._start_msg(room))
        return room

    # -------------------------------------------------- rematch (section 15)
    def _on_rematch(self, member: Member, msg: dict) -> None:
        """Offer (or accept) a rematch with sides swapped, or decline one, in a room whose game is over."""
        where = self.where.get(member)
        if where is None or where.side is None:
            raise LobbyError(Code.REMATCH_UNAVAILABLE, "only a player of a finished game asks for a rematch")
        room, side = where.room, where.side
        other = room.seats.get(_other(side))
        if not room.over:
            raise LobbyError(Code.REMATCH_UNAVAILABLE, f"the game in {room.code} is not over")
        if other is None or other.left or other.member is None:
            room.rematch.clear()
            raise LobbyError(Code.REMATCH_UNAVAILABLE, "the other player has left")
        if not msg.get("accept", True):
            room.rematch.clear()
            other.member.send({"t": "rematch_declined", "from": side})
            return
        if "pub" not in msg:
            raise ProtocolError(Code.MSG_MISSING_FIELD, "rematch.pub")
        room.rematch[side] = (msg["pub"], _identity(msg))
        if _other(side) not in room.rematch:
            other.member.send({"t": "rematch_offer", "from": side})
            return
        self._start_rematch(room)

    def _start_rematch(self, room: Room) -> None:
        """Both accepted: the same game, edition, clock, privacy and rating flag, sides swapped."""
        offers, room.rematch = room.rematch, {}
        now = self.clock.seconds()
        seats = []
        for side in SIDES:           # the old investigator first: it plays Jack now
            old = room.seats[_other(side)]
            pub, id_pub = offers[old.side]
            seats.append((old.member, side, pub, id_pub))
        movers = [(old, old.member) for old in room.seats.values()]
        for _, member in movers:
            self.where.pop(member, None)     # (put back below if no room can be had)
        try:
            new = self._open_match(room.game, room.edition, room.clock.spec, room.private, room.address, seats,
                                   rematch_of=room.code, rated=room.rated)
        except LobbyError:
            for old, member in movers:
                self.where[member] = Where(room, old.side)
            raise
        for old, _ in movers:
            old.member, old.gone_at, old.left = None, now, True    # both moved on: the old room closes
        self.log.info("room {code}: rematch in {new}", code=room.code, new=new.code)
        self._maybe_expire(room)

    # -------------------------------------------------------------- helpers
    def _room(self, code: str) -> Room:
        room = self.rooms.get(code.upper())
        if room is None:
            raise LobbyError(Code.ROOM_NOT_FOUND, code)
        return room

    def _not_in_room(self, member: Member) -> None:
        if member in self.where:
            raise LobbyError(Code.ROOM_ALREADY_IN, self.where[member].room.code)

    def _broadcast(self, room: Room, msg: dict, skip: Any = None) -> None:
        data = packb(msg)
        for m in room.members():
            if m is not skip:
                m.send_bytes(data)

    def _maybe_expire(self, room: Room) -> None:
        """Close a room nobody is connected to: at once if its seats were left or its game is
        over and audited with both players holding the whole log, else after a grace period (a
        dropped player may come back; one away when the last key was relayed, or across a restart
        that fell between saving it and relaying it, comes back for it)."""
        if any(seat.member is not None for seat in room.seats.values()):
            return
        behind = {side for side in room.behind if side in room.seats and not room.seats[side].left}
        if all(seat.left for seat in room.seats.values()) or (len(room.opened) == 2 and not behind):
            self._close_room(room)    # nobody left to come back (or nothing left to play)
        elif room.expiry is None:
            room.expiry = self.clock.callLater(self.room_grace, self._close_room, room)

    def _cancel_expiry(self, room: Room) -> None:
        room.expiry = _cancelled(room.expiry)

    def _close_room(self, room: Room) -> None:
        room.expiry = None
        if self.rooms.get(room.code) is not room:
            return
        del self.rooms[room.code]
        if room.watch is not None:
            self.watch_codes.pop(room.watch, None)
        self.admission.room_closed(room.address)
        self._disarm_flag(room)
        self.ranking.changed(room, "close")
        self._save_quietly("close_room", room.code, room.status == "over")
        for m in list(room.spectators):
            self.where.pop(m, None)
            m.send({"t": "left", "room": room.code})
        room.spectators.clear()
        self.log.info("room {code} closed", code=room.code)

    def stop(self) -> None:
        """Cancel the timers (when the service stops)."""
        for room in self.rooms.values():
            self._cancel_expiry(room)
            self._disarm_flag(room)
            room.keys_due = _cancelled(room.keys_due)
        if self._prune_call is not None and self._prune_call.active():
            self._prune_call.cancel()
        self._prune_call = None
        self._match_call = _cancelled(self._match_call)

    def restarting(self, detail: str = "the server is restarting; your game is kept") -> None:
        """Tell everyone connected that the server goes down now and comes back (SIGTERM)."""
        data = packb({"t": "restarting", "detail": detail})
        for member in list(self.greeted):
            member.send_bytes(data)


@dataclass(eq=False)
class _Waiting:
    """What the lobby keeps with a quick-match entry: the seat key to seat it with, and its address."""

    pub: bytes
    address: str
    spec: ClockSpec
    told: float = 0.0          # when it was last sent ``queued``


def _identity(msg: dict) -> bytes | None:
    """The identity a ``create``/``join`` names, checked: it must have signed the seat key.

    :raises LobbyError: ``id/bad`` for an ``id`` without a valid ``id_sig`` over ``pub``.
    """
    if "id" not in msg and "id_sig" not in msg:
        return None
    if not verify_seat(msg.get("id"), msg.get("id_sig"), msg.get("pub")):
        raise LobbyError(Code.ID_BAD, "the identity did not sign this seat's key")
    return msg["id"]


def _cancelled(call: Any) -> None:
    """Cancel a pending ``callLater`` (if any); ``None`` to store in its place."""
    if call is not None and call.active():
        call.cancel()
    return None


def _other(side: str) -> str:
    return "investigator" if side == "jack" else "jack"
