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
"""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from twisted.logger import Logger

from game.engine.errors import ParseError
from game.engine.rulesets import find_ruleset

from .framing import packb
from .games import NETWORK_GAMES, rules
from .keys import rejoin_bytes, verify, verify_message
from .limits import Admission, LogThrottle, clean_name
from .messages import GAME, PROTOCOL_VERSION, Code, ProtocolError, error

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: Public rooms are listed anyway: a short code to type.  A private room's code (and every
#: room's watch code) is long enough that guessing one at the allowed rate takes years.
CODE_LENGTH = 5
PRIVATE_CODE_LENGTH = 10
#: Requests that name a room or seat: a code or token that names nothing costs a backoff.
GUESSES = frozenset({"join", "spectate", "rejoin"})
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

    @property
    def seq(self) -> int:
        return len(self.log)

    @property
    def status(self) -> str:
        if self.game_id is None:
            return "waiting"
        return "over" if len(self.opened) == 2 else "playing"

    def keys(self) -> dict[str, bytes]:
        return {s: seat.pub for s, seat in self.seats.items() if seat.pub is not None}

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
    """

    log = Logger()

    def __init__(self, clock, *, max_rooms: int = 20_000, max_spectators: int = 64,  # type: ignore[no-untyped-def]
                 max_log: int = 2_000, max_log_bytes: int = 256 * 1024, room_grace: float = 600.0,
                 server_name: str = "mrjack", admission: Admission | None = None,
                 token: Callable[[], str] = lambda: secrets.token_urlsafe(18),
                 choice: Callable[[str], str] = secrets.choice,
                 game_id: Callable[[], str] = lambda: secrets.token_hex(16)) -> None:
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
                if t in GUESSES and exc.code in (Code.ROOM_NOT_FOUND, Code.ROOM_BAD_TOKEN):
                    self.admission.failed(address)
                raise
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
            raise ProtocolError(Code.HELLO_VERSION, f"this server speaks version {PROTOCOL_VERSION}")
        self.greeted.add(member)
        member.name = clean_name(msg.get("name") or "player")
        member.challenge = secrets.token_bytes(32)   # a rejoin on this connection signs it
        member.send({"t": "welcome", "v": PROTOCOL_VERSION, "server": self.server_name,
                     "challenge": member.challenge})

    def disconnected(self, member: Member) -> None:
        """The member's connection is gone: keep its seat for a rejoin."""
        self.greeted.discard(member)
        where = self.where.pop(member, None)
        if where is None:
            return
        room = where.room
        if where.side is None:
            room.spectators.discard(member)
        else:
            seat = room.seats.get(where.side)
            if seat is not None and seat.member is member:
                seat.member = None
                self._broadcast(room, {"t": "presence", "side": where.side, "present": False})
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
            if code not in self.rooms and code not in self.watch_codes:
                return code
        raise LobbyError(Code.SERVER_NO_ROOMS, "no free room code")

    def _on_create(self, member: Member, msg: dict) -> None:
        self._not_in_room(member)
        game = msg["game"].lower()
        try:
            game = find_ruleset(game).name
        except ValueError:
            raise LobbyError(Code.GAME_UNKNOWN, msg["game"]) from None
        if game not in NETWORK_GAMES:
            raise LobbyError(Code.GAME_UNKNOWN, f"{game} has no network play yet")
        try:
            edition = rules(game).edition(msg.get("edition"))
        except ValueError as exc:
            raise LobbyError(Code.GAME_UNKNOWN, str(exc)) from None
        if len(self.rooms) >= self.max_rooms:
            raise LobbyError(Code.SERVER_NO_ROOMS, "too many rooms")
        address = address_of(member)
        if not self.admission.may_open_room(address):
            raise LobbyError(Code.LIMIT_ROOMS, f"at most {self.admission.max_rooms} open rooms per address")
        side = msg["side"]
        if side == "any":
            side = self._choice(SIDES)
        private = bool(msg.get("private", False))
        room = Room(self._new_code(PRIVATE_CODE_LENGTH if private else CODE_LENGTH), game, private, member.name,
                    edition=edition, address=address)
        if private:
            room.watch = self._new_code(PRIVATE_CODE_LENGTH)
            self.watch_codes[room.watch] = room
        self.rooms[room.code] = room
        self.admission.room_opened(address)
        self._seat(member, room, side, msg.get("rid"), msg.get("pub"))
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
        self._seat(member, room, side, msg.get("rid"), msg.get("pub"))
        room.game_id = self._game_id()
        self._cancel_expiry(room)
        self._broadcast(room, room._with_edition({"t": "start", "room": room.code, "game": room.game,
                                                  "game_id": room.game_id, "players": room.players(),
                                                  "keys": room.keys()}))
        self.log.info("room {code} started: {players}", code=room.code, players=room.players())

    def _seat(self, member: Member, room: Room, side: str, rid: int | None, pub: bytes | None = None) -> None:
        seat = Seat(side, self._token(), member.name, member, pub=pub)
        room.seats[side] = seat
        self.where[member] = Where(room, side)
        member.send(self._joined(room, side, seat.token, rid))

    def _joined(self, room: Room, role: str, token: str | None, rid: int | None) -> dict:
        msg: dict[str, Any] = {"t": "joined", "room": room.code, "game": room.game, "role": role,
                               "private": room.private, "seq": room.seq, "started": room.game_id is not None,
                               "players": room.players()}
        room._with_edition(msg)
        if token is not None:
            msg["token"] = token
            if room.watch is not None:
                msg["watch"] = room.watch     # players may hand it to whoever should watch
        if room.game_id is not None:
            msg["game_id"] = room.game_id
            msg["keys"] = room.keys()
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
        member.send(self._joined(room, "spectator", None, msg.get("rid")))
        self._replay(member, room, 0)

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
        seat.member = member
        seat.name = member.name
        self.where[member] = Where(room, seat.side)
        self._cancel_expiry(room)
        member.send(self._joined(room, seat.side, seat.token, msg.get("rid")))
        self._replay(member, room, msg["since"])
        self._broadcast(room, {"t": "presence", "side": seat.side, "present": True}, skip=member)

    def _replay(self, member: Member, room: Room, since: int) -> None:
        for data in room.log[since:]:
            member.send_bytes(data)
        member.send({"t": "synced", "seq": room.seq})

    def _on_leave(self, member: Member, msg: dict) -> None:
        where = self.where.pop(member, None)
        if where is None:
            raise LobbyError(Code.ROOM_NOT_IN, "not in a room")
        room = where.room
        if where.side is None:
            room.spectators.discard(member)
        elif room.game_id is None:
            del room.seats[where.side]          # an unstarted seat is simply freed
        else:
            seat = room.seats[where.side]
            seat.member, seat.left = None, True  # a started game: the seat is abandoned
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
        self._broadcast(where.room, {"t": "chat", "from": member.name, "role": where.side or "spectator",
                                     "text": msg["text"]})

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
        if room.status == "over":
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
        if msg["t"] == "open":
            room.opened.add(where.side)
        if msg["t"] == "desync":
            room.desyncs.add(where.side)
        room.log_bytes += len(data)
        room.log.append(data)
        self.relayed += 1
        for m in room.members():
            m.send_bytes(data)

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
        over and audited, else after a grace period (a dropped player may come back)."""
        if any(seat.member is not None for seat in room.seats.values()):
            return
        if all(seat.left for seat in room.seats.values()) or room.status == "over":
            self._close_room(room)    # nobody left to come back (or nothing left to play)
        elif room.expiry is None:
            room.expiry = self.clock.callLater(self.room_grace, self._close_room, room)

    def _cancel_expiry(self, room: Room) -> None:
        if room.expiry is not None and room.expiry.active():
            room.expiry.cancel()
        room.expiry = None

    def _close_room(self, room: Room) -> None:
        room.expiry = None
        if self.rooms.get(room.code) is not room:
            return
        del self.rooms[room.code]
        if room.watch is not None:
            self.watch_codes.pop(room.watch, None)
        self.admission.room_closed(room.address)
        for m in list(room.spectators):
            self.where.pop(m, None)
            m.send({"t": "left", "room": room.code})
        room.spectators.clear()
        self.log.info("room {code} closed", code=room.code)

    def stop(self) -> None:
        """Cancel the timers (when the service stops)."""
        for room in self.rooms.values():
            self._cancel_expiry(room)
