"""One visit to the online screens: name, lobby connection, a LAN lobby hosted here, discovery.

:class:`Online` is made by the connect scene when it opens and closed when
it leaves the stack (back to the title, or the app quits): that closes the
lobby connection, stops the search for LAN games and stops a lobby this
client hosts.  A game in progress holds its own connection
(:class:`~game.ui.online.driver.NetDriver`).

Everything runs on ``app.reactor``; nothing here blocks.
"""

from __future__ import annotations

import contextlib
import getpass
import os
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

from twisted.internet import defer, task
from twisted.internet.error import CannotListenError
from twisted.logger import Logger

from net.client import LobbyClient, NetGame
from net.discovery import DISCOVERY_PORT, discover
from net.identity import FILE_NAME, Identity, IdentityError, identity_dir
from net.lobby import Lobby
from net.server import DEFAULT_PORT, RelayFactory, RelayService

NAME_MAX = 24
DISCOVER_EVERY = 3.0     # seconds between two searches for LAN games
DISCOVER_WAIT = 1.0      # how long one search listens for answers


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``"host"``, ``"host:port"`` or ``"[v6]:port"`` as ``(host, port)``.

    >>> parse_address("example.org")
    ('example.org', 7341)
    >>> parse_address(" 192.168.1.5:7400 ")
    ('192.168.1.5', 7400)
    >>> parse_address("mrjack://play.example.org:7400/")
    ('play.example.org', 7400)

    :raises ValueError: for an empty address or a bad port.
    """
    text = text.strip()
    if "://" in text:            # a pasted URL: mrjack://host:port/ or https://host/...
        text = text.split("://", 1)[1]
    text = text.split("/", 1)[0].rsplit("@", 1)[-1].strip()
    if not text:
        raise ValueError("no address")
    if text.startswith("["):
        host, _sep, rest = text[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, _sep, port_text = text.partition(":")
    else:
        host, port_text = text, ""
    host = host.strip()
    if not host or any(c.isspace() for c in host):
        raise ValueError(f"bad host {host!r}")
    if not port_text:
        return host, default_port
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(f"bad port {port_text!r}")
    return host, int(port_text)


def format_address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def default_name() -> str:
    """The login name, trimmed to what the server accepts, or ``"Player"``."""
    with contextlib.suppress(Exception):
        name = clean_name(getpass.getuser())
        if name:
            return name
    return "Player"


def clean_name(name: str) -> str:
    name = " ".join("".join(c for c in name if c.isprintable()).split())
    return name[:NAME_MAX]


def lan_address() -> str:
    """This machine's address on the local network (for "others can join at ..."), else 127.0.0.1."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.254.254.254", 1))  # no packet is sent: this only picks the route
        addr = s.getsockname()[0]
        if addr and not addr.startswith("0."):
            return addr
    return "127.0.0.1"


class Online:
    """The network context of the online screens (see the module docstring).

    ``lan_port`` and ``discovery_port`` are where a hosted lobby listens
    (tests pass 0 and a free port); ``broadcast`` off searches only this
    machine (tests).  Left out, they come from ``$MRJACK_LAN_PORT``,
    ``$MRJACK_DISCOVERY_PORT`` and ``$MRJACK_LAN_BROADCAST`` (``0``: off),
    else the usual ports and a broadcast.
    """

    log = Logger()

    def __init__(self, app: Any, *, lan_port: int | None = None, discovery_port: int | None = None,
                 broadcast: bool | None = None) -> None:
        env = os.environ
        if lan_port is None:
            lan_port = int(env.get("MRJACK_LAN_PORT") or DEFAULT_PORT)
        if discovery_port is None:
            discovery_port = int(env.get("MRJACK_DISCOVERY_PORT") or DISCOVERY_PORT)
        if broadcast is None:
            broadcast = env.get("MRJACK_LAN_BROADCAST", "1") != "0"
        self.app = app
        self.reactor = app.reactor
        settings = getattr(app, "settings", None)
        self.name = clean_name(getattr(settings, "player_name", "") or "") or default_name()
        self.lan_port = lan_port
        self.discovery_port = discovery_port
        self.broadcast = broadcast
        self.hosted: RelayService | None = None
        self.lobby: LobbyClient | None = None
        self.server: tuple[str, int] | None = None     # the lobby the player is connected to
        self.tls = False                                 # ...over TLS (a tls:// address)
        self.found: list[dict] = []                     # LAN lobbies: {host, port, name, rooms}
        self.searched = False
        self.on_found: Callable[[list[dict]], None] | None = None
        self.drivers: list[Any] = []                    # games started from these screens
        self.closers: list[Callable[[], Any]] = []     # anything else to stop with the screens
        self._search: task.LoopingCall | None = None
        self._searching = False
        self.closed = False
        self.identity_folder: Path = Path(getattr(app, "identity_dir", None) or identity_dir())
        self.identity: Identity | None = None           # the player's key, once made (or found on disk)

    # ------------------------------------------------------------ identity
    def player_identity(self) -> Identity | None:
        """The player's identity if one was made on this computer (``None`` before the first ranked use)."""
        if self.identity is None and (self.identity_folder / FILE_NAME).exists():
            with contextlib.suppress(IdentityError):
                self.identity = Identity.load(self.identity_folder / FILE_NAME)
        return self.identity

    def make_identity(self, name: str) -> Identity:
        """The player's identity, made now under ``name`` if there is none yet (else renamed to it)."""
        me = self.player_identity() or Identity.load_or_create(self.identity_folder, name)
        if me.name != name:
            me.rename(name, self.identity_folder)
        self.identity = me
        return me

    # ------------------------------------------------------------ settings
    def remember(self, address: str | None = None, name: str | None = None) -> None:
        """Keep the server address and the name in the settings file (quietly, if it cannot be written)."""
        s = getattr(self.app, "settings", None)
        if s is None:
            return
        changed = False
        if address is not None and hasattr(s, "server_address") and s.server_address != address:
            s.server_address, changed = address, True
        if name is not None and hasattr(s, "player_name") and s.player_name != name:
            s.player_name, changed = name, True
        if not changed:
            return
        with contextlib.suppress(Exception):
            from ..settings import Settings, save_settings

            if isinstance(s, Settings):
                save_settings(s, getattr(self.app, "settings_path", None))

    # ------------------------------------------------------------- hosting
    def host(self) -> tuple[str, int]:
        """Start a lobby in this process (once) for LAN play; returns its ``(host, port)`` to connect to.

        Falls back to a free port if the usual one is taken (another lobby on
        this machine); LAN discovery then answers only if its port is free.

        :raises CannotListenError: if no TCP port can be opened at all.
        """
        if self.hosted is not None:
            return "127.0.0.1", self.hosted.address[1]
        lobby = Lobby(self.reactor, server_name=clean_name(f"{self.name}'s lobby") or "mrjack",
                      room_grace=120.0)
        factory = RelayFactory(self.reactor, lobby)
        try:
            service = RelayService(self.reactor, "0.0.0.0", self.lan_port, factory,
                                   discovery_port=self.discovery_port)
            service.startService()
        except CannotListenError:
            service = RelayService(self.reactor, "0.0.0.0", 0, factory, discovery_port=self.discovery_port)
            service.startService()
        self.hosted = service
        return "127.0.0.1", service.address[1]

    @property
    def hosting(self) -> bool:
        return self.hosted is not None

    def hosted_address(self) -> str | None:
        """How others on the LAN reach the hosted lobby (``192.168.1.5:7341``)."""
        if self.hosted is None:
            return None
        return format_address(lan_address(), self.hosted.address[1])

    # -------------------------------------------------------------- lobby
    def connect(self, host: str, port: int, tls: bool = False) -> defer.Deferred:
        """Open the lobby connection (closing an older one; over TLS if ``tls``); fires with ``welcome``."""
        self.disconnect()
        client = LobbyClient(self.reactor, self.name)
        self.lobby = client
        self.server, self.tls = (host, port), tls
        return client.connect(host, port, tls=tls)

    def disconnect(self) -> None:
        if self.lobby is not None:
            self.lobby.on_disconnect = None
            self.lobby.close()
            self.lobby = None

    def new_game(self, host: str | None = None, port: int | None = None) -> NetGame:
        """A :class:`NetGame` on the current server (or ``host``:``port``), in this player's name,
        signed by the player's identity (made on the first online game, under the name the player
        gave): the game counts for both players' ratings when the other has one too."""
        if host is None or port is None:
            assert self.server is not None
            host, port = self.server
        me = self.player_identity()
        if me is None:
            try:
                me = self.make_identity(self.name)
            except OSError as exc:   # a folder that cannot be written: play on, unrated
                self.log.warn("no player identity ({why}): this game is not rated", why=str(exc))
        signed = {"identity": me} if me is not None else {}
        return NetGame(self.reactor, host, port, name=self.name, tls=self.tls, **signed)

    # ---------------------------------------------------------- discovery
    def start_search(self) -> None:
        """Look for LAN lobbies now and every few seconds, until :meth:`stop_search`."""
        if self._search is not None and self._search.running:
            return
        self._search = task.LoopingCall(self.search)
        self._search.clock = self.reactor
        self._search.start(DISCOVER_EVERY, now=True)

    def stop_search(self) -> None:
        if self._search is not None and self._search.running:
            self._search.stop()
        self._search = None

    def search(self) -> defer.Deferred | None:
        """One search: a broadcast on the LAN and a question to this machine; merges the answers."""
        if self._searching or self.closed:
            return None
        self._searching = True
        asks = []
        targets = ["127.0.0.1"] + (["255.255.255.255"] if self.broadcast else [])
        for address in targets:
            try:
                asks.append(discover(self.reactor, self.discovery_port, address, timeout=DISCOVER_WAIT))
            except Exception as exc:  # noqa: BLE001 - no UDP at all: nothing is found
                self.log.warn("LAN search failed: {why}", why=str(exc))
        d = defer.gatherResults(asks, consumeErrors=True) if asks else defer.succeed([])
        d.addCallback(self._merge)
        d.addErrback(lambda f: self.log.warn("LAN search failed: {why}", why=f.getErrorMessage()))
        d.addBoth(self._searched)
        return d

    def _searched(self, _: Any) -> None:
        self._searching = False
        self.searched = True

    def _merge(self, answers: list[list[dict]]) -> None:
        own = self.hosted.address[1] if self.hosted is not None else None
        best: dict[tuple[str, int], dict] = {}
        for answer in answers:
            for info in answer:
                if own is not None and info["port"] == own and _is_local(info["host"]):
                    continue  # our own lobby
                key = (info["name"], info["port"])
                old = best.get(key)
                # The same lobby answers on loopback and on the LAN: show its LAN address.
                if old is None or (_is_local(old["host"]) and not _is_local(info["host"])):
                    best[key] = dict(info)
        self.found = sorted(best.values(), key=lambda i: (-i["rooms"], i["name"], i["host"], i["port"]))
        if self.on_found is not None and not self.closed:
            self.on_found(self.found)

    # -------------------------------------------------------------- close
    def close(self) -> None:
        """Stop searching, close the lobby connection, stop a hosted lobby."""
        if self.closed:
            return
        self.closed = True
        self.stop_search()
        self.disconnect()
        for driver in self.drivers:
            with contextlib.suppress(Exception):
                driver.close()
        for closer in self.closers:
            with contextlib.suppress(Exception):
                closer()
        if self.hosted is not None:
            with contextlib.suppress(Exception):
                self.hosted.stopService()
            self.hosted = None


def _is_local(host: str) -> bool:
    return host.startswith("127.") or host in ("::1", "localhost")
