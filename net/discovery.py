"""LAN discovery: find lobby servers on the local network by UDP.

Two ways, both with one small msgpack datagram:

- *query*: a client broadcasts ``{"t": "discover", "v": 1}`` to the
  discovery port; every :class:`DiscoveryResponder` answers the sender
  with ``{"t": "lobby", "v": 1, "name": ..., "port": TCP_PORT, "rooms": N}``;
- *announce*: a host's :class:`Announcer` broadcasts the same ``lobby``
  datagram every few seconds for clients that listen on the port.

Junk datagrams are dropped without an answer (UDP has no connection to
close, and an answer to a forged source would make us a reflector).  Tests
use unicast to 127.0.0.1 only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgpack
from twisted.internet import defer, task
from twisted.internet.protocol import DatagramProtocol
from twisted.logger import Logger

from .messages import is_int, is_text

#: The discovery datagrams' own version (unchanged when the lobby protocol moves on).
DISCOVERY_VERSION = 1

DISCOVERY_PORT = 7342
MAX_DATAGRAM = 512
BROADCAST = "255.255.255.255"
QUERY = msgpack.packb({"t": "discover", "v": DISCOVERY_VERSION})


def _decode(data: bytes) -> dict | None:
    if len(data) > MAX_DATAGRAM:
        return None
    try:
        msg = msgpack.unpackb(data, raw=False, max_str_len=MAX_DATAGRAM, max_bin_len=0, max_array_len=8,
                              max_map_len=8, max_ext_len=0, strict_map_key=True)
    except Exception:  # noqa: BLE001 - any junk is just dropped
        return None
    return msg if type(msg) is dict and msg.get("v") == DISCOVERY_VERSION else None


def lobby_info(msg: dict | None, host: str) -> dict | None:
    """A ``lobby`` datagram as ``{"host", "port", "name", "rooms"}``, or ``None`` if it is not one."""
    if msg is None or msg.get("t") != "lobby":
        return None
    if not (is_int(1, 65535)(msg.get("port")) and is_text(0, 64)(msg.get("name"))
            and is_int(0, 1_000_000)(msg.get("rooms"))):
        return None
    return {"host": host, "port": msg["port"], "name": msg["name"], "rooms": msg["rooms"]}


class DiscoveryResponder(DatagramProtocol):
    """Answers discovery queries with ``info()`` (name, TCP port, open rooms)."""

    log = Logger()
    noisy = False

    def __init__(self, info: Callable[[], dict], rate: float = 20.0, clock=None) -> None:  # type: ignore[no-untyped-def]
        self.info = info
        self.rate = rate
        self.clock = clock
        self._stamp = 0.0
        self._budget = rate
        self.answered = 0
        self.dropped = 0

    def datagramReceived(self, data: bytes, addr: Any) -> None:
        msg = _decode(data)
        if msg is None or msg.get("t") != "discover":
            self.dropped += 1
            return
        if self.clock is not None:  # a global budget: a flood cannot turn us into an amplifier
            now = self.clock.seconds()
            self._budget = min(self.rate, self._budget + (now - self._stamp) * self.rate)
            self._stamp = now
            if self._budget < 1:
                self.dropped += 1
                return
            self._budget -= 1
        self.answered += 1
        self.transport.write(msgpack.packb({"t": "lobby", "v": DISCOVERY_VERSION, **self.info()}), addr)


class Announcer(DatagramProtocol):
    """Broadcasts the lobby datagram every ``interval`` seconds to ``address``."""

    noisy = False

    def __init__(self, info: Callable[[], dict], clock, address: tuple[str, int] = (BROADCAST, DISCOVERY_PORT),  # type: ignore[no-untyped-def]
                 interval: float = 5.0) -> None:
        self.info, self.clock, self.address, self.interval = info, clock, address, interval
        self._loop: task.LoopingCall | None = None

    def startProtocol(self) -> None:
        self.transport.setBroadcastAllowed(True)
        self._loop = task.LoopingCall(self.announce)
        self._loop.clock = self.clock
        self._loop.start(self.interval, now=True)

    def stopProtocol(self) -> None:
        if self._loop is not None and self._loop.running:
            self._loop.stop()

    def announce(self) -> None:
        try:
            self.transport.write(msgpack.packb({"t": "lobby", "v": DISCOVERY_VERSION, **self.info()}), self.address)
        except OSError:  # no network: try again next time
            pass


class DiscoveryClient(DatagramProtocol):
    """Sends one query and collects answers (and announcements) until ``timeout``."""

    noisy = False

    def __init__(self, clock, target: tuple[str, int], timeout: float) -> None:  # type: ignore[no-untyped-def]
        self.clock, self.target, self.timeout = clock, target, timeout
        self.found: dict[tuple[str, int], dict] = {}
        self.done: defer.Deferred = defer.Deferred()
        self._call = None

    def startProtocol(self) -> None:
        self.transport.setBroadcastAllowed(True)
        try:
            self.transport.write(QUERY, self.target)
        except OSError:
            pass
        self._call = self.clock.callLater(self.timeout, self._finish)

    def datagramReceived(self, data: bytes, addr: Any) -> None:
        info = lobby_info(_decode(data), addr[0])
        if info is not None:
            self.found[(info["host"], info["port"])] = info

    def _finish(self) -> None:
        self.transport.stopListening()
        self.done.callback(sorted(self.found.values(), key=lambda i: (i["host"], i["port"])))


def discover(reactor, port: int = DISCOVERY_PORT, address: str = BROADCAST,  # type: ignore[no-untyped-def]
             timeout: float = 1.0) -> defer.Deferred:
    """Ask the LAN for lobby servers; fires with a list of ``{"host", "port", "name", "rooms"}``."""
    proto = DiscoveryClient(reactor, (address, port), timeout)
    reactor.listenUDP(0, proto)
    return proto.done
