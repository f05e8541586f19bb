"""The lobby and relay server: protocol, factory, ``Service`` and ``run.py server``.

Layers as Twisted teaches: :class:`RelayProtocol` only frames, decodes and
validates, then calls the :class:`~net.lobby.Lobby` that the
:class:`RelayFactory` owns; :class:`RelayService` wraps the listening port
(and the LAN discovery responder).  The reactor is passed in, so a client
can host a lobby inside its own process for LAN play::

    service = RelayService(reactor, "0.0.0.0", 7341, discovery_port=7342)
    service.startService()

Logging goes through ``twisted.logger``: ``error()`` for a client's bad
input, ``failure()`` only for our own bugs.

With ``--db PATH`` rooms live in SQLite (:mod:`net.store`) and survive a
restart; SIGTERM (or Ctrl-C) tells every client "server restarting",
closes the connections cleanly and the database last.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from twisted.application.service import Service
from twisted.internet import defer
from twisted.internet.error import CannotListenError
from twisted.internet.protocol import Factory
from twisted.logger import Logger

from .discovery import DISCOVERY_PORT, Announcer, DiscoveryResponder
from .framing import MsgpackStreamProtocol
from .limits import Admission
from .lobby import Lobby
from .messages import CLIENT, Code, ProtocolError, error, validate
from .serveropts import add_tls_arguments, data_dir
from .store import SqliteStore, StoreError, add_store_options
from .tls import server_options

DEFAULT_PORT = 7341


class RelayProtocol(MsgpackStreamProtocol):
    """One client connection: frames in, validated messages to the lobby."""

    hello_timeout = 15.0
    log = Logger()

    def __init__(self, factory: RelayFactory) -> None:
        super().__init__(factory.clock)
        self.factory = factory
        self.name = "?"
        self.address = "?"
        self._admitted = False
        self._hello_call = None

    def connectionMade(self) -> None:
        super().connectionMade()
        self.factory.connections += 1
        self.address = self.peer_text().rsplit(":", 1)[0]
        if self.factory.connections > self.factory.max_connections:
            self.protocol_error(ProtocolError(Code.SERVER_FULL, "too many connections"))
            return
        self._admitted = self.factory.lobby.admission.connect(self.address)
        if not self._admitted:
            self.protocol_error(ProtocolError(Code.LIMIT_CONNECTIONS, "too many connections from your address"))
            return
        self._hello_call = self.clock.callLater(self.hello_timeout, self._no_hello)

    def counts_as_activity(self, msg: Any) -> bool:
        """A bare ``ping`` keeps a seat, a watcher or a quick-match wait alive, not a connection
        that does nothing else."""
        lobby = self.factory.lobby
        return (not (type(msg) is dict and msg.get("t") == "ping") or self in lobby.where
                or lobby.quick.entry(self) is not None)

    def protocol_error(self, exc: ProtocolError, ref: str | None = None, rid: int | None = None) -> None:
        """As the base class, but a flood of bad input is logged a few lines a minute, then summarised."""
        if self.factory.lobby.throttle.allow(exc.code.value):
            super().protocol_error(exc, ref, rid)
            return
        self.factory.lobby.summarise()
        self.send(error(exc.code, exc.detail, ref=ref, rid=rid))
        if exc.fatal:
            self.close()

    def _no_hello(self) -> None:
        self._hello_call = None
        self.protocol_error(ProtocolError(Code.HELLO_TIMEOUT, f"no hello in {self.hello_timeout:g} s"))

    def message_received(self, msg: Any) -> None:
        t = msg.get("t") if type(msg) is dict else None
        rid = msg.get("rid") if type(msg) is dict and type(msg.get("rid")) is int else None
        try:
            validate(msg, CLIENT)
            if t == "hello" and self._hello_call is not None and self._hello_call.active():
                self._hello_call.cancel()
                self._hello_call = None
            self.factory.lobby.handle(self, msg)
        except ProtocolError as exc:
            self.protocol_error(exc, ref=t if type(t) is str else None, rid=rid)
        except Exception:
            # Our bug, not the client's: log it as such and drop only this connection.
            self.log.failure("bug while handling {t!r} from {peer}", t=t, peer=self.peer_text())
            self.send({"t": "error", "code": Code.SERVER_INTERNAL.value, "fatal": True})
            self.close()

    def connectionLost(self, reason=None) -> None:  # type: ignore[no-untyped-def]
        super().connectionLost(reason)
        if self._hello_call is not None and self._hello_call.active():
            self._hello_call.cancel()
        self.factory.connections -= 1
        if self._admitted:
            self._admitted = False
            self.factory.lobby.admission.disconnect(self.address)
        try:
            self.factory.lobby.disconnected(self)
        except Exception:
            self.log.failure("bug while dropping {peer}", peer=self.peer_text())


class RelayFactory(Factory):
    """Owns the lobby (and so the rooms); builds one :class:`RelayProtocol` per connection.

    ``limits`` overrides the framing limits (``rate``, ``burst``,
    ``max_message``, ``idle_timeout``, ``hello_timeout``) for every connection.
    """

    protocol = RelayProtocol
    noisy = False

    def __init__(self, clock, lobby: Lobby | None = None, *, max_connections: int = 20_000,  # type: ignore[no-untyped-def]
                 limits: dict[str, Any] | None = None) -> None:
        self.clock = clock
        self.lobby = lobby if lobby is not None else Lobby(clock)
        self.max_connections = max_connections
        self.limits = dict(limits or {})
        self.connections = 0

    def buildProtocol(self, addr):  # type: ignore[no-untyped-def]
        p = self.protocol(self)
        for key, value in self.limits.items():
            setattr(p, key, value)
        return p

    def info(self) -> dict:
        """What LAN discovery tells about this server."""
        open_rooms = sum(1 for r in self.lobby.rooms.values() if r.status == "waiting" and not r.private)
        return {"name": self.lobby.server_name, "port": 0, "rooms": open_rooms}


class RelayService(Service):
    """The listening TCP port (and optionally the UDP discovery responder) as a ``Service``."""

    log = Logger()

    #: Seconds the clients get to read "server restarting" before the connections are cut.
    drain_for = 2.0

    def __init__(self, reactor, host: str = "0.0.0.0", port: int = DEFAULT_PORT,  # type: ignore[no-untyped-def]
                 factory: RelayFactory | None = None, discovery_port: int | None = None,
                 announce_to: tuple[str, int] | None = None, announce_every: float = 5.0,
                 backlog: int = 1024, tls_options: Any = None) -> None:
        self.reactor = reactor
        self.host, self.port = host, port
        self.factory = factory if factory is not None else RelayFactory(reactor)
        self.discovery_port = discovery_port
        self.announce_to, self.announce_every = announce_to, announce_every
        self.backlog = backlog
        self.tls_options = tls_options     # twisted CertificateOptions: listen with TLS
        self.listening = None
        self.udp = None
        self.announcer_port = None

    @property
    def address(self) -> tuple[str, int]:
        """The bound host and port (the real port when 0 was asked for)."""
        if self.listening is None:
            raise RuntimeError("not listening")
        addr = self.listening.getHost()
        return addr.host, addr.port

    def _info(self) -> dict:
        info = self.factory.info()
        info["port"] = self.address[1]
        return info

    def startService(self) -> None:
        """:raises CannotListenError: if the TCP port is taken (a busy discovery port is only logged)."""
        if self.tls_options is not None:
            self.listening = self.reactor.listenSSL(self.port, self.factory, self.tls_options, backlog=self.backlog,
                                                    interface=self.host)
        else:
            self.listening = self.reactor.listenTCP(self.port, self.factory, backlog=self.backlog, interface=self.host)
        if self.discovery_port is not None:
            try:
                self.udp = self.reactor.listenUDP(self.discovery_port,
                                                  DiscoveryResponder(self._info, clock=self.reactor),
                                                  interface=self.host if self.host != "::" else "")
            except CannotListenError as exc:
                self.log.warn("LAN discovery is off: {why}", why=str(exc))
        if self.announce_to is not None:  # a host in a client: tell the LAN now and then
            self.announcer_port = self.reactor.listenUDP(
                0, Announcer(self._info, self.reactor, self.announce_to, self.announce_every))
        super().startService()
        self.log.info("lobby listening on {host}:{port}", host=self.address[0], port=self.address[1])

    def stopService(self):  # type: ignore[no-untyped-def]
        """Stop listening, tell every client the server is restarting, let them read it, then
        close the connections and the store (a Deferred fires when done)."""
        super().stopService()
        lobby = self.factory.lobby
        lobby.stop()
        for name in ("udp", "announcer_port"):
            port = getattr(self, name)
            if port is not None:
                port.stopListening()
                setattr(self, name, None)
        waits = []
        if self.listening is not None:
            waits.append(defer.maybeDeferred(self.listening.stopListening))
            self.listening = None
        members = list(lobby.greeted)
        if members:
            lobby.restarting()
            for member in members:
                member.close()          # flushes "restarting", shuts our half, aborts a lingerer
            waits.append(self._drained())
        d = defer.gatherResults(waits, consumeErrors=True) if waits else defer.succeed(None)

        def close_store(result):  # type: ignore[no-untyped-def]
            if lobby.store is not None:
                lobby.store.close()
                lobby.store = None
            return result
        return d.addBoth(close_store)

    def _drained(self) -> defer.Deferred:
        """Fires once every connection is gone, or after :attr:`drain_for` seconds."""
        d: defer.Deferred = defer.Deferred()
        start = self.reactor.seconds()

        def check() -> None:
            if self.factory.connections <= 0 or self.reactor.seconds() - start >= self.drain_for:
                d.callback(None)
            else:
                self.reactor.callLater(0.05, check)
        check()
        return d


def build_parser() -> argparse.ArgumentParser:
    """``python -m net.server``: the options of ``run.py server`` plus tuning for benchmarks."""
    p = argparse.ArgumentParser(prog="python -m net.server", description="Mr. Jack lobby and relay server")
    p.add_argument("--host", default="0.0.0.0")
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--discovery-port", type=int, default=DISCOVERY_PORT,
                   help="UDP port for LAN discovery; -1 turns it off")
    p.add_argument("--rate", type=float, default=None, help="messages per second per connection")
    p.add_argument("--burst", type=float, default=None)
    p.add_argument("--max-connections", type=int, default=20_000)
    p.add_argument("--per-address", type=int, default=16,
                   help="connections one address may hold (and a quarter of it, at least 1, open rooms)")
    p.add_argument("--stats", type=float, default=0.0,
                   help="print a JSON line of CPU time and counters every N seconds")
    p.add_argument("--quiet", action="store_true", help="log warnings and errors only")
    add_tls_arguments(p)
    add_store_options(p)
    return p


def open_lobby(reactor, args: argparse.Namespace) -> Lobby:  # type: ignore[no-untyped-def]
    """The lobby with its store (rooms restored from it).

    :raises StoreError: if the database cannot be used; nothing was changed then.
    """
    path = getattr(args, "db", None)
    store = None if path is None else SqliteStore(path, synchronous=getattr(args, "db_sync", "normal"))
    try:
        per = max(1, getattr(args, "per_address", 16))
        admission = Admission(reactor.seconds, max_connections=per, max_rooms=max(1, per // 4))
        from .ranking import judge_thread

        # judging a finished game (30-50 ms of modular exponentiations) runs off the reactor thread
        return Lobby(reactor, store=store, admission=admission, judge_runner=judge_thread(reactor))
    except StoreError:
        if store is not None:
            store.db.close()
        raise


def _raise_file_limit() -> None:
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ImportError, ValueError, OSError):
        pass


def main(args: argparse.Namespace | None = None) -> int:
    """Run the server until SIGINT/SIGTERM; the first stdout line is JSON with the bound port."""
    if args is None:
        args = build_parser().parse_args()
    from twisted.internet import reactor  # here, never at module level
    from twisted.internet.task import LoopingCall
    from twisted.logger import (
        FilteringLogObserver,
        LogLevel,
        LogLevelFilterPredicate,
        globalLogBeginner,
        textFileLogObserver,
    )

    level = LogLevel.warn if getattr(args, "quiet", False) else LogLevel.info
    observer = FilteringLogObserver(textFileLogObserver(sys.stderr), [LogLevelFilterPredicate(level)])
    globalLogBeginner.beginLoggingTo([observer], redirectStandardIO=False)
    _raise_file_limit()
    limits: dict[str, Any] = {}
    if getattr(args, "rate", None):
        limits["rate"] = args.rate
    if getattr(args, "burst", None):
        limits["burst"] = args.burst
    try:
        lobby = open_lobby(reactor, args)
    except StoreError as exc:
        print(json.dumps({"error": str(exc)}), flush=True)
        print(f"mrjack server: {exc}", file=sys.stderr, flush=True)
        return 1
    factory = RelayFactory(reactor, lobby, max_connections=getattr(args, "max_connections", 20_000), limits=limits)
    disc = -1 if getattr(args, "no_discovery", False) else getattr(args, "discovery_port", DISCOVERY_PORT)
    tls_options, fp = None, None
    if getattr(args, "tls", False):
        try:
            tls_options, fp = server_options(data_dir(args), args.cert, args.key)
        except ValueError as exc:
            print(json.dumps({"error": str(exc)}), flush=True)
            return 2
    service = RelayService(reactor, args.host, args.port, factory, discovery_port=None if disc < 0 else disc,
                           tls_options=tls_options)
    try:
        service.startService()
    except CannotListenError as exc:
        print(json.dumps({"error": f"cannot listen on {args.host}:{args.port}: {exc.socketError}"}), flush=True)
        if lobby.store is not None:
            lobby.store.close()
        return 1
    udp_port = service.udp.getHost().port if service.udp is not None else None
    line: dict[str, Any] = {"listening": {"host": service.address[0], "port": service.address[1]},
                            "discovery": udp_port, "rooms": len(lobby.rooms)}
    if fp is not None:
        line["tls"] = {"fingerprint": fp}   # players compare it with what their client pinned
    print(json.dumps(line), flush=True)
    stats_every = getattr(args, "stats", 0.0) or 0.0
    if stats_every > 0:
        def stats() -> None:
            print(json.dumps({"stats": {"cpu": time.process_time(), "wall": time.monotonic(),
                                        "connections": factory.connections, "rooms": len(factory.lobby.rooms),
                                        "relayed": factory.lobby.relayed}}), flush=True)
        LoopingCall(stats).start(stats_every, now=True)
    reactor.addSystemEventTrigger("before", "shutdown", service.stopService)
    reactor.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
