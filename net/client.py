"""The Twisted client: a framed connection, the lobby API, and a networked game.

Three layers, each usable alone (see ``net/PROTOCOL.md``, "Client API"):

- :class:`ClientProtocol` frames and validates what the server sends and
  hands each message to its owner;
- :class:`LobbyClient` is the lobby API: ``connect``, ``list_rooms``,
  ``create_room``, ``join_room``, ``spectate``, ``rejoin``, ``leave``,
  ``chat``, ``send_game``; requests return Deferreds, events arrive through
  ``on_*`` callbacks;
- :class:`NetGame` drives a :class:`~net.session.Session` over a
  :class:`LobbyClient`: it sends the automatic fair-play messages, asks
  ``choose(observation)`` (a bot, or the UI through :meth:`NetGame.play`)
  for moves, reconnects with the room token when the connection drops, and
  calls ``on_result`` once the game is over and audited.

The reactor is always passed in.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from twisted.internet import defer, task
from twisted.internet.endpoints import TCP4ClientEndpoint, connectProtocol, wrapClientTLS
from twisted.internet.interfaces import IHandshakeListener
from twisted.logger import Logger
from zope.interface import implementer

from game.engine.errors import IllegalActionError, ParseError

from .fairplay import new_master
from .framing import MsgpackStreamProtocol
from .keys import SeatKey
from .messages import GAME, PROTOCOL_VERSION, SERVER, Code, ProtocolError, validate
from .session import Result, Session, SessionError
from .tls import CheckedClientTLS, FingerprintChanged, PinStore, default_pins

CONTROL = ("abort", "open", "desync")
#: Quick match and rematch (section 15): events a LobbyClient hands to ``on_<type>``.
MATCH_EVENTS = ("joined", "queued", "unqueued", "rematch_offer", "rematch_declined")
#: How often the same gap in the relayed log may send us to catch up before we give up.
MAX_GAPS = 3


class NetError(Exception):
    """The server refused a request: ``code`` is one of :class:`net.messages.Code`'s values."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code, self.detail = code, detail


@implementer(IHandshakeListener)
class ClientProtocol(MsgpackStreamProtocol):
    """Frames and validates server messages; everything else is the owner's."""

    rate = 1e9            # the server's log replay comes in one burst
    burst = 1e9
    idle_timeout = None
    max_message = 64 * 1024

    def __init__(self, clock, owner: LobbyClient, tls: CheckedClientTLS | None = None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(clock)
        self.owner = owner
        self.tls = tls
        self.trust: str | None = None     # how a TLS server was trusted: system, pinned, first use

    def connectionMade(self) -> None:
        super().connectionMade()
        if self.tls is None:
            self.owner._connected(self)

    def handshakeCompleted(self) -> None:
        """TLS is up: check the certificate (or its pin) before a byte of ours goes out."""
        if self.tls is None:
            return
        try:
            self.trust = self.tls.check(_PeerCert(self.transport))
        except (FingerprintChanged, ValueError) as exc:
            self.log.error("refusing {where}: {why}", where=self.tls.where, why=str(exc))
            self.owner._tls_refused(exc)
            self.close()
            return
        if self.trust == "first use":
            self.log.warn("pinned the TLS certificate of {where} on first use", where=self.tls.where)
        self.owner._connected(self)

    def message_received(self, msg: Any) -> None:
        try:
            validate(msg, SERVER)
        except ProtocolError as exc:
            self.log.error("bad message from the server: {code} {detail}", code=exc.code.value,
                           detail=exc.detail)
            self.close()
            return
        self.owner._message(msg)

    def protocol_error(self, exc: ProtocolError, ref: str | None = None, rid: int | None = None) -> None:
        self.log.error("bad frame from the server: {code}", code=exc.code.value)
        self.close()

    def connectionLost(self, reason=None) -> None:  # type: ignore[no-untyped-def]
        super().connectionLost(reason)
        self.owner._lost(self, reason)


class _PeerCert:
    """What ``service_identity`` needs of a connection: its peer's certificate."""

    def __init__(self, transport) -> None:  # type: ignore[no-untyped-def]
        self.transport = transport

    def get_peer_certificate(self):  # type: ignore[no-untyped-def]
        return self.transport.getPeerCertificate()


class LobbyClient:
    """One connection to a lobby server, with a Deferred for each request.

    Event callbacks (set the attributes; each takes the message dict):
    ``on_start``, ``on_game`` (a relayed game message), ``on_synced``,
    ``on_chat``, ``on_presence``, ``on_error`` (errors not tied to a
    request), ``on_left``, ``on_clock``, ``on_claimed``, ``on_restarting``, ``on_judged``;
    ``on_disconnect(reason)`` when the connection ends.  ``trace(msg)``, if set, sees every message received.
    """

    log = Logger()

    def __init__(self, reactor, name: str = "player", ping_interval: float = 60.0) -> None:  # type: ignore[no-untyped-def]
        self.reactor = reactor
        self.name = name
        self.protocol: ClientProtocol | None = None
        self.welcome: dict | None = None
        self._rids = itertools.count(1)
        self._waiting: dict[int, defer.Deferred] = {}
        self._hello: defer.Deferred | None = None
        self._ping = task.LoopingCall(self._send_ping)
        self._ping.clock = reactor
        self.ping_interval = ping_interval
        self.on_start: Callable[[dict], None] | None = None
        self.on_game: Callable[[dict], None] | None = None
        self.on_synced: Callable[[dict], None] | None = None
        self.on_chat: Callable[[dict], None] | None = None
        self.on_presence: Callable[[dict], None] | None = None
        self.on_error: Callable[[dict], None] | None = None
        self.on_left: Callable[[dict], None] | None = None
        self.on_clock: Callable[[dict], None] | None = None
        self.on_claimed: Callable[[dict], None] | None = None
        self.on_restarting: Callable[[dict], None] | None = None
        self.on_judged: Callable[[dict], None] | None = None
        self._parts: dict[int, list[dict]] = {}
        self.on_disconnect: Callable[[Any], None] | None = None
        self.trace: Callable[[dict], None] | None = None
        # quick match and rematch: ``joined`` the server sends unasked (a pairing, an accepted rematch)
        self.on_joined: Callable[[dict], None] | None = None
        self.on_queued: Callable[[dict], None] | None = None
        self.on_unqueued: Callable[[dict], None] | None = None
        self.on_rematch_offer: Callable[[dict], None] | None = None
        self.on_rematch_declined: Callable[[dict], None] | None = None
        #: ``connector(host, port, protocol)`` replaces TCP (in-memory tests use an iosim pump).
        self.connector: Callable[[str, int, ClientProtocol], Any] | None = None
        #: Where TLS fingerprints are pinned (``net.tls.default_pins()`` when ``None``).
        self.pins: PinStore | None = None

    # ------------------------------------------------------------ connect
    @property
    def connected(self) -> bool:
        return self.protocol is not None and not self.protocol.closing

    def connect(self, host: str, port: int, timeout: float = 10.0, tls: bool = False) -> defer.Deferred:
        """Connect (over TLS if ``tls``) and say hello; fires with the ``welcome`` message.

        :raises NetError: (in the Deferred) if the server refuses the hello; ``tls/fingerprint_changed``
            if a TLS server's certificate is not the one pinned for it.
        """
        self._hello = defer.Deferred()
        checker = CheckedClientTLS(host, port, self.pins or default_pins()) if tls else None
        protocol = ClientProtocol(self.reactor, self, checker)
        if self.connector is not None:  # tests: an in-memory transport
            d = defer.maybeDeferred(self.connector, host, port, protocol)
        else:
            endpoint = TCP4ClientEndpoint(self.reactor, host, port, timeout=timeout)
            if checker is not None:
                endpoint = wrapClientTLS(checker, endpoint)
            d = connectProtocol(endpoint, protocol)
        hello = self._hello

        def failed(f):  # type: ignore[no-untyped-def]
            if not hello.called:
                hello.errback(f)
        d.addErrback(failed)
        return hello

    def _connected(self, protocol: ClientProtocol) -> None:
        self.protocol = protocol
        protocol.send({"t": "hello", "v": PROTOCOL_VERSION, "name": self.name, "client": "mrjack-net ranked"})
        if self.ping_interval and not self._ping.running:
            self._ping.start(self.ping_interval, now=False)

    def _tls_refused(self, exc: Exception) -> None:
        code = "tls/fingerprint_changed" if isinstance(exc, FingerprintChanged) else "tls/bad_certificate"
        if self._hello is not None and not self._hello.called:
            self._hello.errback(NetError(code, str(exc)))

    def close(self) -> None:
        if self._ping.running:
            self._ping.stop()
        if self.protocol is not None:
            self.protocol.close()

    def _send_ping(self) -> None:
        if self.connected:
            assert self.protocol is not None
            self.protocol.send({"t": "ping"})

    # ------------------------------------------------------------ requests
    def _request(self, msg: dict) -> defer.Deferred:
        if not self.connected:
            return defer.fail(NetError("net/not_connected"))
        rid = next(self._rids)
        msg["rid"] = rid
        d: defer.Deferred = defer.Deferred()
        self._waiting[rid] = d
        assert self.protocol is not None
        self.protocol.send(msg)
        return d

    def list_rooms(self) -> defer.Deferred:
        """Fires with a list of open public rooms: ``{code, game, status, open, host, spectators}``."""
        return self._request({"t": "list"}).addCallback(lambda m: m["rooms"])

    def create_room(self, game: str, side: str, private: bool = False, edition: str | None = None,
                    pub: bytes | None = None, clock: str | None = None, owner: dict | None = None,
                    rated: bool | None = None) -> defer.Deferred:
        """Fires with the ``joined`` message (``room``, ``role``, ``token``, ``edition``...).

        ``edition`` picks the printing where the game has several (London); the server's default otherwise.
        ``pub`` is the seat's public key (``net/keys.py``): the relay then takes only messages it signed.
        ``clock``: ``none``, ``60s``, ``10+5``... (see :func:`net.clock.parse_clock`).
        ``owner``: ``Identity.owner_fields(pub)`` (``id``, ``id_sig``), a player's identity on the seat;
        ``rated``: ``False`` for a friendly game (rated by default when both players have an identity).
        """
        msg: dict[str, Any] = {"t": "create", "game": game, "side": side, "private": private, **(owner or {})}
        if rated is not None:
            msg["rated"] = rated
        if edition is not None:
            msg["edition"] = edition
        if pub is not None:
            msg["pub"] = pub
        if clock is not None:
            msg["clock"] = clock
        return self._request(msg)

    def claim(self, reason: str) -> defer.Deferred:
        """Claim the game (``flag`` or ``away``); fires with the ``claimed`` message."""
        return self._request({"t": "claim", "reason": reason})

    def join_room(self, code: str, side: str | None = None, pub: bytes | None = None,
                  owner: dict | None = None) -> defer.Deferred:
        msg: dict[str, Any] = {"t": "join", "room": code, **(owner or {})}
        if side is not None:
            msg["side"] = side
        if pub is not None:
            msg["pub"] = pub
        return self._request(msg)

    def spectate(self, code: str) -> defer.Deferred:
        return self._request({"t": "spectate", "room": code})

    # --- ranked play (section 14)
    def profile(self, id_pub: bytes, game: str | None = None) -> defer.Deferred:
        """Fires with the ``profile`` message: a player's ratings per game and recent games."""
        msg: dict[str, Any] = {"t": "profile", "id": id_pub}
        if game is not None:
            msg["game"] = game
        return self._request(msg)

    def leaderboard(self, game: str, offset: int = 0) -> defer.Deferred:
        """Fires with the ``leaderboard`` message: 50 rated players from ``offset``, and the sides' wins."""
        return self._request({"t": "leaderboard", "game": game, "offset": offset})

    def fetch(self, code: str) -> defer.Deferred:
        """Fires with the ``archive`` message of a judged game (a record sent in parts comes joined).

        :raises NetError: (in the Deferred) ``archive/not_found``.
        """
        return self._request({"t": "fetch", "code": code})

    def rejoin(self, code: str, token: str, since: int = 0, key: SeatKey | None = None,
               side: str | None = None) -> defer.Deferred:
        """Come back to a seat; with its ``key`` (and ``side``), sign this connection's challenge."""
        msg: dict[str, Any] = {"t": "rejoin", "room": code, "token": token, "since": since}
        challenge = (self.welcome or {}).get("challenge")
        if key is not None and side is not None and challenge is not None:
            msg["proof"] = key.prove(challenge, code, side)
        return self._request(msg)

    def leave(self) -> defer.Deferred:
        return self._request({"t": "leave"})

    def chat(self, text: str) -> None:
        if self.connected:
            assert self.protocol is not None
            self.protocol.send({"t": "chat", "text": text})

    # --- quick match and rematch (section 15)
    def queue(self, game: str, pub: bytes, owner: dict, edition: str | None = None,
              clock: str | None = None) -> defer.Deferred:
        """Wait in the quick-match queue; fires with ``queued``.  ``owner``: the identity's
        ``owner_fields(pub)``.  The pairing comes later as ``on_joined`` and ``on_start``."""
        msg: dict[str, Any] = {"t": "queue", "game": game, "pub": pub, **owner}
        if edition is not None:
            msg["edition"] = edition
        if clock is not None:
            msg["clock"] = clock
        return self._request(msg)

    def unqueue(self) -> defer.Deferred:
        """Leave the queue; fires with ``unqueued``."""
        return self._request({"t": "unqueue"})

    def rematch(self, accept: bool = True, pub: bytes | None = None, owner: dict | None = None) -> None:
        """Offer or accept (``pub``: the new seat's key) or decline a rematch; refusals come to ``on_error``."""
        msg: dict[str, Any] = {"t": "rematch", "accept": accept}
        if pub is not None:
            msg["pub"] = pub
            msg.update(owner or {})
        if self.connected:
            assert self.protocol is not None
            self.protocol.send(msg)

    def send_game(self, msg: dict) -> None:
        """Send a game message (it must carry ``seq``); refusals come to ``on_error``."""
        if msg.get("t") not in GAME or "seq" not in msg:
            raise ValueError(f"not a game message: {msg.get('t')!r}")
        if self.connected:
            assert self.protocol is not None
            self.protocol.send(msg)

    # ------------------------------------------------------------ incoming
    def _message(self, msg: dict) -> None:
        if self.trace is not None:
            self.trace(msg)
        t = msg["t"]
        if t == "welcome":
            self.welcome = msg
            if self._hello is not None and not self._hello.called:
                self._hello.callback(msg)
            return
        rid = msg.get("rid")
        if t == "archive" and msg.get("parts", 1) > 1 and rid in self._waiting and not self._archive_part(msg):
            return   # more parts to come
        if rid is not None and rid in self._waiting:
            d = self._waiting.pop(rid)
            if t == "error":
                d.errback(NetError(msg["code"], msg.get("detail", "")))
            else:
                d.callback(msg)
            return
        if t == "error":
            if self._hello is not None and not self._hello.called:
                self._hello.errback(NetError(msg["code"], msg.get("detail", "")))
                return
            self._emit(self.on_error, msg)
        elif t in GAME:
            self._emit(self.on_game, msg)
        elif t in ("start", "synced", "chat", "presence", "left", "clock", "claimed", "restarting", "judged"):
            self._emit(getattr(self, f"on_{t}"), msg)
        elif t in MATCH_EVENTS:
            self._emit(getattr(self, f"on_{t}"), msg)

    def _archive_part(self, msg: dict) -> bool:
        """Collect the parts of a long ``archive``; ``True`` (with ``msg`` made whole) at the last."""
        parts = self._parts.setdefault(msg["rid"], [])
        parts.append(msg)
        if len(parts) < msg["parts"]:
            return False
        del self._parts[msg["rid"]]
        parts.sort(key=lambda m: m.get("part", 0))
        msg["record"] = {**parts[0]["record"], "actions": [a for m in parts for a in m["record"]["actions"]]}
        msg.pop("part", None)
        msg.pop("parts", None)
        return True

    def _emit(self, callback: Callable[[dict], None] | None, msg: dict) -> None:
        if callback is not None:
            callback(msg)

    def _lost(self, protocol: ClientProtocol, reason: Any) -> None:
        if protocol is not self.protocol:
            return
        self.protocol = None
        if self._ping.running:
            self._ping.stop()
        waiting, self._waiting = self._waiting, {}
        for d in waiting.values():
            d.errback(NetError("net/disconnected"))
        if self._hello is not None and not self._hello.called:
            self._hello.errback(NetError("net/disconnected"))
        if self.on_disconnect is not None:
            self.on_disconnect(reason)


@dataclass
class Seat:
    """What a player needs to come back to its game: keep it somewhere safe."""

    host: str
    port: int
    room: str
    role: str
    token: str
    master: bytes
    game: str = "pocket"
    edition: str | None = None
    key: bytes | None = None       # the seat's Ed25519 private key (net/keys.py), raw
    tls: bool = False
    opponent: str = ""          # the other player's name (to offer "Resume your game against NAME")
    round: int = 0              # the round reached, for the same offer
    name: str = ""              # our own name in that room

    def to_dict(self) -> dict:
        return {"host": self.host, "port": self.port, "room": self.room, "role": self.role,
                "token": self.token, "master": self.master.hex(), "game": self.game, "edition": self.edition,
                "key": None if self.key is None else self.key.hex(), "tls": self.tls,
                "opponent": self.opponent, "round": self.round, "name": self.name}

    @classmethod
    def from_dict(cls, d: dict) -> Seat:
        return cls(d["host"], int(d["port"]), d["room"], d["role"], d["token"], bytes.fromhex(d["master"]),
                   d.get("game", "pocket"), d.get("edition"), bytes.fromhex(d["key"]) if d.get("key") else None,
                   bool(d.get("tls", False)), str(d.get("opponent") or ""), int(d.get("round") or 0),
                   str(d.get("name") or ""))


class NetGame:
    """One seat (or a spectator) in a networked game, from connect to audited result.

    ``choose(observation)`` returns the move (an ``Action`` or its text) or
    ``None`` if the move will come later through :meth:`play` (the UI's
    way).  Callbacks: ``on_seat(seat)`` once a seat is known (persist it to
    rejoin after a crash), ``on_room(joined)``, ``on_update(session)`` after
    each applied message, ``on_decision(observation)`` when a move is due,
    ``on_result(result)`` once, at the end.

    What a window shows and polls: :meth:`clock_left` (both clocks),
    :meth:`away_left` (the countdown of a vanished opponent),
    :meth:`claimable`, ``restarting`` (the server said it restarts),
    ``reconnecting``.  A lost connection is retried with backoff
    (``0.5 s`` doubling to ``15 s``, with jitter) for ``reconnect_for``
    seconds.
    """

    backoff_first, backoff_cap = 0.5, 15.0
    storage_retry = 2.0

    log = Logger()

    def __init__(self, reactor, host: str, port: int, *, name: str = "player",  # type: ignore[no-untyped-def]
                 choose: Callable[[Any], Any] | None = None, session_class: Callable[..., Session] = Session,
                 reconnect_for: float = 600.0, open_wait: float = 30.0, tls: bool = False,
                 identity: Any = None) -> None:
        self.reactor, self.host, self.port, self.tls = reactor, host, port, tls
        #: The player's :class:`net.identity.Identity` (``None``: an anonymous seat, never rated).
        self.identity = identity
        self.judged: dict | None = None          # the server's last ``judged`` (section 14)
        self.on_judged: Callable[[dict], None] | None = None
        self.ids: dict[str, bytes | None] = {}   # both seats' identities (``joined``/``start``)
        self.rated = False
        self.client = LobbyClient(reactor, name)
        self.choose = choose
        self.session_class = session_class   # what plays the game: a Session (tests give a lying one)
        self.reconnect_for, self.open_wait = reconnect_for, open_wait
        self.session: Session | None = None
        self.seat: Seat | None = None
        self.role: str | None = None
        self.room: str | None = None
        self.watch: str | None = None
        self.game = "pocket"
        self.edition: str | None = None
        self.live = False
        self.finished = False
        self.done: defer.Deferred = defer.Deferred()
        self.on_seat: Callable[[Seat], None] | None = None
        self.on_room: Callable[[dict], None] | None = None
        self.on_update: Callable[[Session], None] | None = None
        self.on_decision: Callable[[Any], None] | None = None
        self.on_result: Callable[[Result], None] | None = None
        self._master: bytes | None = None
        self._key: SeatKey | None = None
        self._control: list[dict] = []
        self._last_sent = 0
        self._lost_at: float | None = None
        self._wait_call = None
        self._wait_kind = ""
        self._asked_at: int | None = None
        self._closing = False
        self._gaps: dict[int, int] = {}
        self.players: dict[str, str | None] = {}
        self.clock_text: str | None = None
        self.clock: dict | None = None           # the last ``clock`` message
        self._clock_at = 0.0                     # when it came (reactor seconds)
        self._away: dict[str, float] = {}        # side -> reactor time when it may be claimed
        self.absent: set[str] = set()
        self.claim: dict | None = None           # {"side", "reason"} once the game was claimed
        self.restarting = False
        self.reconnecting = False
        self._jitter = random.Random()
        c = self.client
        c.on_start, c.on_game, c.on_synced = self._on_start, self._on_game, self._on_synced
        c.on_presence, c.on_error, c.on_disconnect = self._on_presence, self._on_error, self._on_disconnect
        c.on_clock, c.on_claimed, c.on_restarting = self._on_clock, self._on_claimed, self._on_restarting
        self._init_match()
        c.on_judged = self._on_judged

    # -------------------------------------------------------------- entry
    def create(self, side: str, game: str = "pocket", private: bool = False,
               edition: str | None = None, clock: str | None = None, rated: bool | None = None) -> defer.Deferred:
        """Connect and open a room of ``game`` (and ``edition``, London's printing; ``clock``, see
        :func:`net.clock.parse_clock`); fires with the ``joined`` message (its ``room`` is the code)."""
        self._master, self._key = new_master(), SeatKey.new()
        d = self.client.connect(self.host, self.port, tls=self.tls)
        d.addCallback(lambda _: self.client.create_room(game, side, private, edition, pub=self._key.public,
                                                        clock=clock, owner=self._owner(), rated=rated))
        return d.addCallback(self._joined)

    def join(self, code: str, side: str | None = None) -> defer.Deferred:
        self._master, self._key = new_master(), SeatKey.new()
        d = self.client.connect(self.host, self.port, tls=self.tls)
        d.addCallback(lambda _: self.client.join_room(code, side, pub=self._key.public, owner=self._owner()))
        return d.addCallback(self._joined)

    def _owner(self) -> dict | None:
        """``id``/``id_sig``: the identity's signature of this seat's key (or ``None`` without one)."""
        if self.identity is None or self._key is None:
            return None
        return self._owner_of(self._key.public)

    def _on_judged(self, msg: dict) -> None:
        self.judged = msg
        if self.on_judged is not None:
            self.on_judged(msg)

    def spectate(self, code: str) -> defer.Deferred:
        d = self.client.connect(self.host, self.port, tls=self.tls)
        d.addCallback(lambda _: self.client.spectate(code))
        return d.addCallback(self._joined)

    def resume(self, seat: Seat) -> defer.Deferred:
        """Come back to a seat (after a crash): rejoin with its token and catch up from the log."""
        self.seat, self._master, self.game, self.edition = seat, seat.master, seat.game, seat.edition
        self._key = None if seat.key is None else SeatKey.from_bytes(seat.key)
        return self._rejoin()

    def _rejoin(self) -> defer.Deferred:
        if self.seat is None:  # a spectator watches again; the replay's old messages are skipped
            assert self.room is not None
            d = self.client.connect(self.host, self.port, tls=self.tls)
            d.addCallback(lambda _: self.client.spectate(self.room))
            return d.addCallback(self._joined)
        since = self.session.seq if self.session is not None else 0
        seat = self.seat
        d = self.client.connect(seat.host, seat.port, tls=seat.tls)
        d.addCallback(lambda _: self.client.rejoin(seat.room, seat.token, since, self._key, seat.role))

        def refused(f):  # type: ignore[no-untyped-def]
            if f.check(NetError) and self.client.connected:
                self.client.close()      # a refused rejoin must not leave its connection open
            return f
        d.addErrback(refused)
        return d.addCallback(self._joined)

    def _joined(self, msg: dict) -> dict:
        self.role, self.room, self.game, self.edition = msg["role"], msg["room"], msg["game"], msg.get("edition")
        self.watch = msg.get("watch", self.watch)   # a private room's code for spectators
        self.players, self.clock_text = dict(msg["players"]), msg.get("clock")
        self.quick, self.rematch_of = bool(msg.get("quick")), msg.get("rematch_of")
        self.ids, self.rated = dict(msg.get("ids") or {}), bool(msg.get("rated", False))
        self.live = False
        self.restarting = self.reconnecting = False
        if msg["role"] != "spectator" and "token" in msg and self.seat is None:
            assert self._master is not None
            self.seat = Seat(self.host, self.port, msg["room"], msg["role"], msg["token"], self._master, msg["game"],
                             self.edition, None if self._key is None else self._key.private_bytes(), self.tls)
            if self.on_seat is not None:
                self.on_seat(self.seat)
        if msg.get("game_id") and self.session is None:
            self._new_session(msg["game_id"], msg.get("keys") or {})
        if self.on_room is not None:
            self.on_room(msg)
        if msg["role"] != "spectator" and msg["seq"] == 0 and not msg["started"]:
            self.live = True  # a fresh room: nothing to catch up with
        return msg

    def _new_session(self, game_id: str, keys: dict) -> None:
        """The game's session, bound to the seats' keys: a start without them lets nothing through."""
        assert self.role is not None
        self.session = self.session_class(self.role, game_id, None if self.role == "spectator" else self._master,
                                          game=self.game, edition=self.edition)
        self.session.bind_keys(keys)

    # -------------------------------------------------------------- events
    def _on_start(self, msg: dict) -> None:
        if self.session is None:
            self._new_session(msg["game_id"], msg.get("keys") or {})
        self.players = dict(msg["players"])
        self.ids, self.rated = dict(msg.get("ids") or {}), bool(msg.get("rated", False))
        if self.seat is not None and self.role in self.players:
            self._update_seat()
        if self.role != "spectator":
            self.live = True
        self.pump()

    def _update_seat(self) -> None:
        """Keep the seat's opponent and round fresh (for "Resume your game against NAME (round N)")."""
        seat = self.seat
        assert seat is not None
        other = "investigator" if seat.role == "jack" else "jack"
        rnd = getattr(self.session.state, "round", 0) if self.session and self.session.state else 0
        opponent = self.players.get(other) or ""
        if (opponent, rnd) != (seat.opponent, seat.round) and self.on_seat is not None:
            seat.opponent, seat.round, seat.name = opponent, int(rnd or 0), self.players.get(seat.role) or ""
            self.on_seat(seat)

    def _on_synced(self, msg: dict) -> None:
        self.live = True
        self._asked_at = None
        if self.session is not None:
            self.session.resync()
        self._resend_control()
        self.pump()

    def _on_game(self, msg: dict) -> None:
        s = self.session
        if s is None:
            return
        if msg["from"] == self.role and msg["t"] in CONTROL:
            self._control = [c for c in self._control if c["t"] != msg["t"]]
        try:
            s.receive(msg)   # (``turn`` is the clock's, not the game's, but the sender signed it too)
        except SessionError as exc:
            # A gap: catch up by reconnecting, but a relay that skips the same message again
            # and again gets no reconnect loop out of us.
            self._gaps[s.seq] = self._gaps.get(s.seq, 0) + 1
            if self._gaps[s.seq] > MAX_GAPS:
                self._finish_without(f"the server keeps skipping message {s.seq + 1}")
                return
            self.log.error("lost messages ({why}); catching up", why=str(exc))
            self.client.close()  # the reconnect catches up from s.seq
            return
        if "turn" in msg and msg["from"] != self.role and s.result is None and msg["turn"] != turn_now(s):
            # The clock runs for whoever ``turn`` names: a false one would spend our time.
            self._finish_without(f"{msg['from']} misreported whose turn it is (message {msg['seq']})")
            return
        if self.on_update is not None:
            self.on_update(s)
        if self.seat is not None and self.live:
            self._update_seat()
        self.pump()

    def _on_presence(self, msg: dict) -> None:
        side = msg["side"]
        self._rematch_presence(msg)
        if msg["present"]:
            self.absent.discard(side)
            self._away.pop(side, None)
        else:
            self.absent.add(side)
            if "away" in msg:
                self._away[side] = self.reactor.seconds() + msg["away"] / 1000
        if (msg.get("left") and self.session is not None and side != self.role and not self.session.over
                and not self.finished):   # (a server that records claims sent "claimed" first)
            self._finish_without(f"{side} left the game", left=side)

    def _on_clock(self, msg: dict) -> None:
        self.clock, self._clock_at = msg, self.reactor.seconds()

    def _on_restarting(self, msg: dict) -> None:
        self.restarting = True
        self.log.info("the server says: {detail}", detail=msg.get("detail", "restarting"))

    def _on_claimed(self, msg: dict) -> None:
        """The game was won by a claim (a fallen flag, a vanished or resigning player)."""
        self.claim = {"side": msg["side"], "reason": msg["reason"]}
        if self.finished:
            return
        s = self.session
        st = None if s is None else s.state
        loser = "investigator" if msg["side"] == "jack" else "jack"
        why = {"flag": f"{loser}'s time ran out", "away": f"{loser} did not come back in time",
               "resign": f"{loser} left the game"}[msg["reason"]]
        self._finish(Result("claimed", self.role or "?", winner=msg["side"], termination=msg["reason"],
                            public_hash=None if st is None else st.public_hash(),
                            ply=None if st is None else st.ply, reason=f"{msg['side']} won: {why}"))

    # -------------------------------------------------------------- clocks
    def clock_left(self, side: str) -> float | None:
        """Seconds left on ``side``'s clock as the server last stamped it, run on locally."""
        if self.clock is None:
            return None
        left = self.clock[side] / 1000
        if self.clock["run"] == side and not self.finished:
            left -= self.reactor.seconds() - self._clock_at
        return max(0.0, left)

    def flag(self) -> str | None:
        """The side whose flag fell (by the server's word), if any."""
        return None if self.clock is None else self.clock.get("flag")

    def away_left(self, side: str) -> float | None:
        """Seconds before ``side``'s game may be claimed (it is away), or ``None`` if it is here."""
        if side not in self._away:
            return None
        return max(0.0, self._away[side] - self.reactor.seconds())

    def claimable(self) -> str | None:
        """``flag`` or ``away`` if this player may claim the win now, else ``None``."""
        if self.role not in ("jack", "investigator") or self.finished or self.claim is not None:
            return None
        other = "investigator" if self.role == "jack" else "jack"
        if self.flag() == other:
            return "flag"
        left = self.away_left(other)
        return "away" if left is not None and left <= 0 else None

    def claim_win(self, reason: str) -> defer.Deferred:
        """Claim the game (``flag`` or ``away``); fires with the ``claimed`` message, after the result.

        :raises NetError: (in the Deferred) ``claim/refused`` if it is too early.
        """
        def claimed(msg: dict) -> dict:
            self._on_claimed(msg)
            return msg
        return self.client.claim(reason).addCallback(claimed)

    def resign(self) -> defer.Deferred:
        """Leave the game: the seat is given up and the opponent wins (the server records it)."""
        self._closing = True
        d = self.client.leave()

        def done(_):  # type: ignore[no-untyped-def]
            if not self.finished:
                other = "investigator" if self.role == "jack" else "jack"
                self._on_claimed({"side": other, "reason": "resign"})
            self.client.close()
        return d.addBoth(done)

    def _on_error(self, msg: dict) -> None:
        code = msg["code"]
        self.log.error("server says {code}: {detail}", code=code, detail=msg.get("detail", ""))
        self._rematch_error(msg)
        if code in (Code.ACTION_STALE.value, Code.ACTION_AHEAD.value):
            # Another message got in first (or ours was lost): re-decide on the state we have.
            self.reactor.callLater(0, self._retry)
        elif code == Code.SERVER_STORAGE.value:
            # The server could not save our message (its disk is full?), so nobody got it: try again.
            self.reactor.callLater(self.storage_retry, self._retry)
        elif code == Code.ROOM_OVER.value and self._control:
            # Both keys are open: an abort still waiting for its echo has nothing left to stop.
            self._control = []
            if self.session is not None and not self.finished:
                self._check_end()

    def _retry(self) -> None:
        if self.session is None or self.finished or not self.live:
            return
        self.session.resync()
        self._asked_at = None
        self._resend_control()
        self.pump()

    def _on_disconnect(self, reason: Any) -> None:
        self.live = False
        if self.finished or self._closing:
            return
        if self.seat is None and not (self.role == "spectator" and self.room):
            self._finish_without("disconnected before taking a seat")
            return
        if self._lost_at is None:
            self._lost_at = self.reactor.seconds()
        self.reconnecting = True
        self._try_reconnect(self.backoff_first)

    def _try_reconnect(self, delay: float) -> None:
        def attempt() -> None:
            if self.finished or self._closing:
                return
            d = self._rejoin()

            def failed(f):  # type: ignore[no-untyped-def]
                if f.check(NetError) and f.value.code == Code.ROOM_BAD_TOKEN.value:
                    self._finish_without("the seat is gone (bad token)")
                    return None
                if f.check(NetError) and f.value.code == Code.ROOM_NOT_FOUND.value:
                    self._finish_without("the server no longer has this game (it was restarted without "
                                         "keeping its rooms, or the room expired)")
                    return None
                assert self._lost_at is not None
                if self.reactor.seconds() - self._lost_at > self.reconnect_for:
                    self._finish_without(f"the server did not come back in {self.reconnect_for:g} s")
                    return None
                self._try_reconnect(min(delay * 2, self.backoff_cap))
                return None

            def ok(_):  # type: ignore[no-untyped-def]
                self._lost_at = None
                self.reconnecting = False
            d.addCallbacks(ok, failed)
        self.reactor.callLater(delay * self._jitter.uniform(0.75, 1.25), attempt)

    # -------------------------------------------------------------- moves
    def play(self, action: Any) -> None:
        """The player's move (from the UI).

        :raises ValueError: if no move is due; ``IllegalActionError`` if it is illegal.
        """
        s = self.session
        if s is None:
            raise ValueError("the game has not started")
        self._send(s.decide(action))

    def offer(self, action: Any) -> bool:
        """Play ``action`` if it is still due and legal (a bot that thought while the game moved
        on); otherwise ask for a move again.  Never raises for a stale choice."""
        s = self.session
        if s is None or self.finished or not s.needs_decision():
            return False
        try:
            self.play(action)
            return True
        except (ValueError, IllegalActionError, ParseError) as exc:
            if self._asked_at != s.seq:   # the game moved on while the bot thought: ask again
                self.log.warn("a move chosen earlier no longer fits ({why}); choosing again", why=str(exc))
                self.pump()
            else:
                self.log.error("the chosen move is not legal: {why}", why=str(exc))
            return False

    def _send(self, msg: dict) -> None:
        assert self.session is not None
        self._last_sent = max(self._last_sent, self.session.seq) + 1
        msg["seq"] = self._last_sent
        if "a" in msg and "turn" not in msg:
            turn = turn_after(self.session, msg["a"])
            if turn is not None:
                msg["turn"] = turn
        if self._key is not None and self.role is not None:
            self._key.sign_message(self.session.game_id, self.role, msg)
        if msg["t"] in CONTROL:
            self._control.append(msg)
        self.client.send_game(msg)

    def _resend_control(self) -> None:
        if self.session is None or not self.live:
            return
        pending, self._control = self._control, []
        self._last_sent = self.session.seq
        for msg in pending:
            self._send(msg)

    def pump(self) -> None:
        """Send whatever is due; ask for a move if one is due."""
        s = self.session
        if s is None or not self.live or self.finished:
            return
        while True:
            msg = s.outgoing()
            if msg is None:
                break
            self._send(msg)
        if s.needs_decision() and self._asked_at != s.seq:
            self._asked_at = s.seq
            obs = s.observation()
            if self.on_decision is not None:
                self.on_decision(obs)
            if self.choose is not None:
                action = self.choose(obs)
                if action is not None:
                    self.offer(action)
        self._check_end()

    def _check_end(self) -> None:
        """Finish once the result is complete, or after a short wait for the other side."""
        s = self.session
        assert s is not None
        r = s.result
        if r is None:
            if s.state is not None and s.state.is_over() and self._wait_call is None:
                self._wait_call = self.reactor.callLater(self.open_wait, self._open_timeout)
            return
        complete = (r.status == "finished" or r.audit is not None
                    or (r.desync is not None and len(r.desync.texts) >= 2))
        if complete and not self._control:   # (our own abort/open/desync must reach the log too)
            self._finish(r)
        elif self._wait_kind != "halt":
            # The game stopped: wait a little for the other side's keys (or desync text).
            if self._wait_call is not None and self._wait_call.active():
                self._wait_call.cancel()
            self._wait_kind = "halt"
            self._wait_call = self.reactor.callLater(min(self.open_wait, 5.0), self._finish_now)

    def _open_timeout(self) -> None:
        self._wait_call = None
        if self.session is not None and self.session.result is None:
            self.session.give_up("the other side did not open its keys in time")
        self._finish_now()

    def _finish_now(self) -> None:
        self._wait_call = None
        if self.session is not None and self.session.result is not None:
            self._finish(self.session.result)

    def _finish_without(self, reason: str, left: str | None = None) -> None:
        if self.session is not None:
            self.session.give_up(reason, left=left)
            assert self.session.result is not None
            self._finish(self.session.result)
        else:
            self._finish(Result("aborted", self.role or "?", reason=reason))

    def _finish(self, result: Result) -> None:
        if self.finished:
            return
        self.finished = True
        if self._wait_call is not None and self._wait_call.active():
            self._wait_call.cancel()
        self._wait_call = None
        if self.on_result is not None:
            self.on_result(result)
        self.done.callback(result)

    # ------------------------------------------- quick match and rematch (section 15)
    def _init_match(self) -> None:
        self.queued: dict | None = None          # the last ``queued`` while waiting for a quick match
        self.quick = False                       # this game came from the quick-match queue
        self.rematch: str | None = None          # None, "offered", "asked", "declined", "unavailable"
        self.rematch_of: str | None = None       # the room this game is the rematch of
        self.on_queued: Callable[[dict | None], None] | None = None   # None: not waiting any more
        self.on_rematch_offer: Callable[[str], None] | None = None    # the other side offers one
        self.on_rematch_declined: Callable[[str], None] | None = None
        self._next_seat: tuple[bytes, SeatKey] | None = None          # the master and key of the next game
        c = self.client
        c.on_joined, c.on_queued, c.on_unqueued = self._on_pushed_joined, self._on_queued, self._on_unqueued
        c.on_rematch_offer, c.on_rematch_declined = self._on_rematch_offer, self._on_rematch_declined

    def _owner_of(self, pub: bytes) -> dict:
        return {} if self.identity is None else self.identity.owner_fields(pub)

    def quick_match(self, game: str, edition: str | None = None, clock: str | None = None) -> defer.Deferred:
        """Connect (if needed; leave a finished game's room) and wait for an opponent in the
        quick-match queue of ``game`` (``edition``, ``clock``); fires with ``queued``.  The game
        starts by itself when the server pairs us (``on_seat``, then the usual events).

        :raises NetError: (in the Deferred) ``id/required`` without an identity, ``queue/already``.
        """
        if self.identity is None:
            return defer.fail(NetError(Code.ID_REQUIRED.value, "quick match needs a player identity"))
        self._next_seat = (new_master(), SeatKey.new())
        pub = self._next_seat[1].public
        d = defer.succeed(None) if self.client.connected else self.client.connect(self.host, self.port, tls=self.tls)
        if self.client.connected and self.room is not None and self.finished:
            d.addCallback(lambda _: self.client.leave())     # the game played is over: out of its room first
        d.addCallback(lambda _: self.client.queue(game, pub, self._owner_of(pub), edition, clock))
        return d.addCallback(self._on_queued)

    def cancel_quick_match(self) -> defer.Deferred:
        """Leave the queue; fires with ``unqueued`` (a pairing made just before still starts)."""
        return self.client.unqueue().addCallback(self._on_unqueued)

    def offer_rematch(self) -> None:
        """Ask for (or accept) a rematch with sides swapped, once this game is over.  When both
        have asked, the new game starts by itself: a fresh seat, master and session, ``on_seat`` again."""
        self._next_seat = (new_master(), SeatKey.new())
        pub = self._next_seat[1].public
        self.rematch = "offered"
        self.client.rematch(True, pub, self._owner_of(pub))

    def decline_rematch(self) -> None:
        """Say no to the other's offer (or withdraw ours)."""
        self.rematch, self._next_seat = None, None
        self.client.rematch(False)

    def _on_queued(self, msg: dict) -> dict:
        self.queued = msg
        if self.on_queued is not None:
            self.on_queued(msg)
        return msg

    def _on_unqueued(self, msg: dict) -> dict:
        self.queued = None
        if self.on_queued is not None:
            self.on_queued(None)
        return msg

    def _on_rematch_offer(self, msg: dict) -> None:
        if self.rematch != "offered":
            self.rematch = "asked"
        if self.on_rematch_offer is not None:
            self.on_rematch_offer(msg["from"])

    def _on_rematch_declined(self, msg: dict) -> None:
        self.rematch, self._next_seat = "declined", None
        if self.on_rematch_declined is not None:
            self.on_rematch_declined(msg["from"])

    def _on_pushed_joined(self, msg: dict) -> None:
        """A seat the server gave us unasked: a quick-match pairing or an accepted rematch."""
        if self._next_seat is None or msg["role"] == "spectator" or "token" not in msg:
            self.log.warn("the server seated us in {room} unasked; ignored", room=msg.get("room", "?"))
            return
        if self.session is not None or self.seat is not None:
            self._new_game()
        self._master, self._key = self._next_seat
        self._next_seat = None
        if self.queued is not None:
            self._on_unqueued(msg)       # paired: no longer waiting
        self._joined(msg)

    def _new_game(self) -> None:
        """Forget the game played (it is over): the next one starts from a clean seat."""
        if self._wait_call is not None and self._wait_call.active():
            self._wait_call.cancel()
        self.session, self.seat, self.finished, self.done = None, None, False, defer.Deferred()
        self._control, self._last_sent, self._lost_at, self._wait_call, self._wait_kind = [], 0, None, None, ""
        self._asked_at, self._gaps, self.players, self.clock, self._away = None, {}, {}, None, {}
        self.absent, self.claim, self.rematch, self.watch = set(), None, None, None
        self.judged, self.ids, self.rated = None, {}, False

    def _rematch_presence(self, msg: dict) -> None:
        """The other player went away after the game: a rematch asked or offered cannot happen."""
        if not msg["present"] and msg["side"] != self.role and self.rematch in ("offered", "asked"):
            self._rematch_error({"ref": "rematch", "code": Code.REMATCH_UNAVAILABLE.value})

    def _rematch_error(self, msg: dict) -> None:
        if msg.get("ref") == "rematch" and msg["code"] == Code.REMATCH_UNAVAILABLE.value:
            self.rematch, self._next_seat = "unavailable", None
            if self.on_rematch_declined is not None:
                self.on_rematch_declined("investigator" if self.role == "jack" else "jack")

    def close(self) -> None:
        """Leave the connection (the seat stays: rejoin later with :meth:`resume`)."""
        self._closing = True
        self.client.close()


def turn_now(session: Session) -> str:
    """Whose decision is due in ``session``'s state: ``jack``, ``investigator`` or ``none``."""
    st = session.state
    if st is None:
        return "none"
    side = getattr(st.to_move(), "value", None)
    return side if side in ("jack", "investigator") else "none"


def turn_after(session: Session, wire: Any) -> str | None:
    """Whose decision is due once the step ``wire`` is applied (what ``turn`` says), or ``None``
    if this view cannot tell (the server then keeps its clocks as they run)."""
    st = session.state
    if st is None:
        return None
    try:
        child = st.clone()
        child._apply(session.vocab.from_wire(wire))
    except Exception:  # noqa: BLE001 - a step this view cannot apply ahead: say nothing
        return None
    side = getattr(child.to_move(), "value", None)
    return side if side in ("jack", "investigator") else "none"
