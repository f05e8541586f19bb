"""Server options shared by ``python -m net.server`` and ``run.py server``, without importing the server.

``run.py`` builds its parser for every tool; this module keeps that free of
Twisted and OpenSSL.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_tls_arguments(p: argparse.ArgumentParser) -> None:
    """``--tls``, ``--cert``, ``--key``, ``--data-dir``: shared by ``run.py server``."""
    p.add_argument("--tls", action="store_true", help="accept only TLS connections (tls://host:port)")
    p.add_argument("--cert", default=None, help="PEM certificate (chain) for --tls")
    p.add_argument("--key", default=None, help="PEM private key for --tls")
    p.add_argument("--data-dir", default=None,
                   help="folder for the server's own files (the self-signed certificate); default: user data folder")


def data_dir(args: argparse.Namespace) -> Path:
    if getattr(args, "data_dir", None):
        return Path(args.data_dir)
    try:
        import platformdirs

        return Path(platformdirs.user_data_dir("mrjack")) / "server"
    except ImportError:
        return Path.home() / ".mrjack" / "server"
