"""``twistd -n mrjack``: the lobby and relay server as a Twisted application plugin.

The same server as ``python run.py server`` (:mod:`net.server`), for those
who run Twisted services the usual way: ``twistd`` handles logging, the pid
file, daemonising and the reactor; SIGTERM stops the service gracefully
(clients are told "server restarting", the database is closed last)::

    twistd -n mrjack --port 7341 --db /var/lib/mrjack/rooms.db

The plugin file twistd discovers is ``twisted/plugins/mrjack_server.py``
(twistd only looks in ``twisted/plugins`` folders directly under a
``sys.path`` entry); it only imports :data:`service_maker` from here.
"""

from __future__ import annotations

import argparse
import sys

from twisted.application.service import IServiceMaker, MultiService
from twisted.logger import Logger
from twisted.plugin import IPlugin
from twisted.python import usage
from zope.interface import implementer

from .discovery import DISCOVERY_PORT
from .server import DEFAULT_PORT, RelayFactory, RelayService
from .store import StoreError

log = Logger(namespace="mrjack")


class Options(usage.Options):
    """The options of ``twistd mrjack`` (the same names as ``run.py server``)."""

    optParameters = [
        ["host", None, "0.0.0.0", "address to listen on"],
        ["port", "p", DEFAULT_PORT, "TCP port", int],
        ["discovery-port", None, DISCOVERY_PORT, "UDP port for LAN discovery; -1 turns it off", int],
        ["db", None, None, "keep rooms in this SQLite file so that a restart loses no game"],
        ["db-sync", None, "normal", "normal: messages survive a crash; full: also a power loss"],
        ["max-connections", None, 20_000, "connections at most", int],
        ["per-address", None, 16, "connections one address may hold; a quarter of it (at least 1) open rooms", int],
        ["cert", None, None, "PEM certificate (chain) for --tls"],
        ["key", None, None, "PEM private key for --tls"],
        ["data-dir", None, None, "folder for the server's own files (the self-signed certificate)"],
    ]
    optFlags = [
        ["tls", None, "accept only TLS connections (tls://host:port)"],
        ["no-discovery", None, "do not answer LAN discovery"],
    ]

    def postOptions(self) -> None:
        if self["db-sync"] not in ("normal", "full"):
            raise usage.UsageError("--db-sync is normal or full")
        if not 0 <= self["port"] < 65536:
            raise usage.UsageError("--port is 0 to 65535")


@implementer(IServiceMaker, IPlugin)
class ServiceMaker:
    tapname = "mrjack"
    description = "Mr. Jack lobby and relay server (rooms kept in SQLite with --db)"
    options = Options

    def makeService(self, options: Options) -> MultiService:
        """The server's service; a database that cannot be used stops twistd with a clear message."""
        from twisted.internet import reactor

        from .server import open_lobby
        from .serveropts import data_dir
        from .tls import server_options

        args = argparse.Namespace(db=options["db"], db_sync=options["db-sync"], per_address=options["per-address"],
                                  data_dir=options["data-dir"])
        tls_options = None
        if options["tls"]:
            try:
                tls_options, fingerprint = server_options(data_dir(args), options["cert"], options["key"])
            except ValueError as exc:
                sys.stderr.write(f"mrjack: {exc}\n")
                raise SystemExit(2) from None
            log.info("TLS certificate fingerprint (SHA-256): {fp}", fp=fingerprint)
        try:
            lobby = open_lobby(reactor, args)
        except StoreError as exc:
            sys.stderr.write(f"mrjack: {exc}\n")
            raise SystemExit(1) from None
        factory = RelayFactory(reactor, lobby, max_connections=options["max-connections"])
        disc = -1 if options["no-discovery"] else options["discovery-port"]
        top = MultiService()
        RelayService(reactor, options["host"], options["port"], factory,
                     discovery_port=None if disc < 0 else disc, tls_options=tls_options).setServiceParent(top)
        return top


service_maker = ServiceMaker()
