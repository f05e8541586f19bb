"""Seats kept on disk, so that a player whose program died gets back into its game.

A seat (:class:`net.client.Seat`: server, room, side, token, master secret,
and for the "Resume" offer the opponent's name and the round) is one JSON
file, a dict, written with mode 0600 (it holds the secret that opens this
player's cards).  ``run.py autoplay`` keeps its seats in
``$MRJACK_NET_STATE`` (or the user state folder); the window in the user
data folder (``seats/``).  A finished game's seat is forgotten.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from .client import Seat


class SeatFolder:
    """The seats kept in one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def path(self, host: str, port: int, room: str, side: str) -> Path:
        safe = "".join(c if c.isalnum() or c in ".-" else "_" for c in host)
        return self.folder / f"seat-{safe}-{port}-{room.upper()}-{side}.json"

    def save(self, seat: Seat) -> Path:
        """Write (or refresh) the seat atomically, readable by this user only."""
        path = self.path(seat.host, seat.port, seat.room, seat.role)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump(seat.to_dict(), f)
        os.replace(tmp, path)
        return path

    def load(self, host: str, port: int, room: str, side: str) -> Seat | None:
        return _read(self.path(host, port, room, side))

    def forget(self, seat: Seat) -> None:
        self.path(seat.host, seat.port, seat.room, seat.role).unlink(missing_ok=True)

    def all(self) -> list[Seat]:
        """Every readable seat, the most recently played first (an unreadable file is skipped)."""
        try:
            files = sorted(self.folder.glob("seat-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        except OSError:
            return []
        return [s for s in (_read(p) for p in files) if s is not None]


def _read(path: Path) -> Seat | None:
    try:
        data = json.loads(path.read_text())
        return Seat.from_dict(data) if isinstance(data, dict) else None
    except (OSError, ValueError, KeyError, TypeError):
        return None


def state_dir() -> Path:
    """Where ``run.py autoplay`` keeps its seats: ``$MRJACK_NET_STATE`` or the user state folder."""
    env = os.environ.get("MRJACK_NET_STATE")
    if env:
        return Path(env)
    try:
        import platformdirs

        return Path(platformdirs.user_state_dir("mrjack")) / "net"
    except ImportError:
        return Path.home() / ".mrjack" / "net"
