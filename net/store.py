"""Where the server keeps rooms, seats and logs so that a restart loses no game.

:class:`Store` is the small interface the lobby writes through (rooms,
seats, log append, log read); :class:`SqliteStore` implements it on one
SQLite file in WAL mode (the standard library's ``sqlite3``).  The lobby
keeps its rooms in memory as before and writes each change here *before*
it relays it, so what a client has seen is on disk.

Durability (``synchronous``): ``NORMAL`` (the default) commits to the WAL
without waiting for the disk: every message survives a crash of the
process (``kill -9``), but the last moments may be lost on power loss.
``FULL`` syncs the WAL on every commit: messages survive power loss too,
at the price of one fsync per message.

The schema version lives in ``PRAGMA user_version``; :data:`MIGRATIONS`
are applied in order on open.  A file that is not a database, fails its
integrity check, comes from a newer server or cannot be written raises
:class:`StoreError` before anything is changed.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .archive import ArchiveTables
from .store_error import StoreError as StoreError  # (the store's error, where its users look for it)


@dataclass
class StoredSeat:
    side: str
    token: str
    name: str
    left: bool = False
    pub: bytes | None = None           # the seat's Ed25519 public key: a rejoin must still prove it
    id: bytes | None = None            # the player's identity (net/identity.py) that signed the seat key


@dataclass
class StoredRoom:
    """One room as the store keeps it (what the lobby needs to bring it back)."""

    code: str
    game: str
    private: bool
    host: str
    edition: str | None = None
    game_id: str | None = None
    opened: list[str] = field(default_factory=list)
    clock: dict | None = None          # the clock chosen and its state (net.clock.GameClock.to_dict)
    claim: dict | None = None          # {"side", "reason", "seq"} once a win was claimed
    created: float = 0.0
    watch: str | None = None           # a private room's spectator code
    address: str = "?"                 # who opened it (the per-address room cap)
    rated: bool = True                 # the players asked for a rated game (both need an identity too)
    seats: dict[str, StoredSeat] = field(default_factory=dict)
    log: list[bytes] = field(default_factory=list)
    chat: list[bytes] = field(default_factory=list)


class Store(Protocol):
    """What the lobby needs from a store; a shared one (several processes) implements the same."""

    def load(self) -> list[StoredRoom]: ...
    def put_room(self, room: StoredRoom) -> None: ...
    def put_seat(self, code: str, seat: StoredSeat) -> None: ...
    def drop_seat(self, code: str, side: str) -> None: ...
    def append(self, code: str, seq: int, data: bytes, room: StoredRoom | None = None) -> None: ...
    def read_log(self, code: str, since: int = 0) -> list[bytes]: ...
    def add_chat(self, code: str, data: bytes) -> None: ...
    def close_room(self, code: str, finished: bool) -> None: ...
    def prune(self, finished_before: float, closed_before: float) -> int: ...
    def close(self) -> None: ...


def _v1(db: Any) -> None:
    db.executescript("""
        CREATE TABLE rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, edition TEXT, private INTEGER NOT NULL,
                            host TEXT NOT NULL, game_id TEXT, opened TEXT NOT NULL DEFAULT '',
                            created REAL NOT NULL, closed REAL, finished INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE seats (code TEXT NOT NULL, side TEXT NOT NULL, token TEXT NOT NULL, name TEXT NOT NULL,
                            left INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (code, side));
        CREATE TABLE log (code TEXT NOT NULL, seq INTEGER NOT NULL, data BLOB NOT NULL,
                          PRIMARY KEY (code, seq)) WITHOUT ROWID;
    """)


def _v2(db: Any) -> None:
    """Clocks, claims and the room's chat history."""
    db.executescript("""
        ALTER TABLE rooms ADD COLUMN clock TEXT;
        ALTER TABLE rooms ADD COLUMN claim TEXT;
        CREATE TABLE chat (code TEXT NOT NULL, n INTEGER NOT NULL, data BLOB NOT NULL,
                           PRIMARY KEY (code, n)) WITHOUT ROWID;
        CREATE INDEX rooms_closed ON rooms (closed);
    """)


def _v3(db: Any) -> None:
    """Signed seats and private rooms: a seat's public key, a room's watch code and opener."""
    db.executescript("""
        ALTER TABLE seats ADD COLUMN pub BLOB;
        ALTER TABLE rooms ADD COLUMN watch TEXT;
        ALTER TABLE rooms ADD COLUMN address TEXT NOT NULL DEFAULT '?';
    """)


def _v4(db: Any) -> None:
    """Ranked play: seats' identities, rooms' ``rated``, and the archive (players, judged games,
    ratings), kept forever (``net/archive.py``)."""
    db.executescript("""
        ALTER TABLE seats ADD COLUMN id BLOB;
        ALTER TABLE rooms ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
        CREATE TABLE players (id BLOB PRIMARY KEY, name TEXT NOT NULL, first REAL NOT NULL, last REAL NOT NULL);
        CREATE TABLE ratings (id BLOB NOT NULL, game TEXT NOT NULL, rating REAL NOT NULL, rd REAL NOT NULL,
                              vol REAL NOT NULL, games INTEGER NOT NULL DEFAULT 0,
                              jack_wins INTEGER NOT NULL DEFAULT 0, jack_games INTEGER NOT NULL DEFAULT 0,
                              inv_wins INTEGER NOT NULL DEFAULT 0, inv_games INTEGER NOT NULL DEFAULT 0,
                              last REAL NOT NULL, PRIMARY KEY (id, game)) WITHOUT ROWID;
        CREATE INDEX ratings_board ON ratings (game, rating DESC);
        CREATE TABLE games (code TEXT PRIMARY KEY, game TEXT NOT NULL, edition TEXT, game_id TEXT,
                            status TEXT NOT NULL, winner TEXT, termination TEXT, rated INTEGER NOT NULL,
                            verified INTEGER NOT NULL, finding TEXT, ply INTEGER, clock TEXT, record TEXT,
                            players TEXT NOT NULL, jack_id BLOB, inv_id BLOB, ratings TEXT, ended REAL NOT NULL);
        CREATE INDEX games_jack ON games (jack_id, ended);
        CREATE INDEX games_inv ON games (inv_id, ended);
        CREATE INDEX games_game ON games (game, rated);
    """)


#: Forward migrations: ``MIGRATIONS[i]`` takes a database from version ``i`` to ``i + 1``.
MIGRATIONS: list[Callable[[Any], None]] = [_v1, _v2, _v3, _v4]
SCHEMA_VERSION = len(MIGRATIONS)
#: How many chat lines a room keeps (older ones are dropped from memory and disk).
CHAT_KEEP = 100


class SqliteStore(ArchiveTables):
    """One SQLite file (or ``":memory:"``) holding every room of one server.

    :raises StoreError: if the file cannot be used; nothing is written then.
    """

    def __init__(self, path: str, *, synchronous: str = "NORMAL", clock: Callable[[], float] = time.time) -> None:
        if synchronous.upper() not in ("NORMAL", "FULL"):
            raise StoreError(f"synchronous must be NORMAL or FULL, not {synchronous!r}")
        self.path = path
        self.now = clock
        memory = path == ":memory:"
        if not memory:
            folder = os.path.dirname(os.path.abspath(path))
            if not os.path.isdir(folder):
                raise StoreError(f"the database folder {folder} does not exist")
            if os.path.exists(path) and not os.access(path, os.R_OK):
                raise StoreError(f"cannot read the database {path}")
        try:
            self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the database {path}: {exc}") from None
        try:
            self._check(memory)
            self.db.execute(f"PRAGMA synchronous = {synchronous.upper()}")
            self._migrate()
        except sqlite3.Error as exc:
            self.db.close()
            raise StoreError(f"cannot use the database {path}: {exc}") from None
        except StoreError:
            self.db.close()
            raise

    # ------------------------------------------------------------ opening
    def _check(self, memory: bool) -> None:
        """Read-only checks first: a bad file is refused before anything is written to it."""
        db = self.db
        version = db.execute("PRAGMA user_version").fetchone()[0]   # "file is not a database" here
        if version > SCHEMA_VERSION:
            raise StoreError(f"the database {self.path} has schema version {version}, made by a newer "
                             f"server (this one knows up to {SCHEMA_VERSION}); upgrade the server")
        status = db.execute("PRAGMA quick_check").fetchone()[0]
        if status != "ok":
            raise StoreError(f"the database {self.path} is damaged ({status}); restore it from a backup")
        if not memory:
            try:
                db.execute("BEGIN IMMEDIATE")   # the write lock, and a write rolled back: fails if read-only
                db.execute(f"PRAGMA user_version = {version}")
                db.execute("ROLLBACK")
            except sqlite3.OperationalError as exc:
                raise StoreError(f"cannot write the database {self.path}: {exc}") from None
            mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreError(f"the database {self.path} cannot use WAL mode ({mode})")

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        for n in range(version, SCHEMA_VERSION):
            self.db.execute("BEGIN IMMEDIATE")
            try:
                MIGRATIONS[n](_NoScript(self.db))   # (executescript would commit on its own)
                self.db.execute(f"PRAGMA user_version = {n + 1}")
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    @property
    def version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    # ------------------------------------------------------------ writing
    def _write(self, statements: list[tuple[str, tuple]]) -> None:
        try:
            if len(statements) == 1:
                self.db.execute(*statements[0])
                return
            self.db.execute("BEGIN")
            try:
                for sql, args in statements:
                    self.db.execute(sql, args)
                self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise StoreError(f"could not save to {self.path}: {exc}") from None

    @staticmethod
    def _room_row(room: StoredRoom) -> tuple[str, tuple]:
        return ("INSERT INTO rooms (code, game, edition, private, host, game_id, opened, created, clock, claim, "
                "watch, address, rated, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0) "
                "ON CONFLICT (code) DO UPDATE SET game_id = excluded.game_id, opened = excluded.opened, "
                "clock = excluded.clock, claim = excluded.claim, host = excluded.host",
                (room.code, room.game, room.edition, int(room.private), room.host, room.game_id,
                 ",".join(sorted(room.opened)), room.created or time.time(),
                 None if room.clock is None else json.dumps(room.clock),
                 None if room.claim is None else json.dumps(room.claim), room.watch, room.address,
                 int(room.rated)))

    def put_room(self, room: StoredRoom) -> None:
        """Create the room or update what changes (game id, opened keys, clock, claim)."""
        self._write([self._room_row(room)])

    def put_seat(self, code: str, seat: StoredSeat) -> None:
        self._write([("INSERT OR REPLACE INTO seats (code, side, token, name, left, pub, id) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?)",
                      (code, seat.side, seat.token, seat.name, int(seat.left), seat.pub, seat.id))])

    def drop_seat(self, code: str, side: str) -> None:
        self._write([("DELETE FROM seats WHERE code = ? AND side = ?", (code, side))])

    def append(self, code: str, seq: int, data: bytes, room: StoredRoom | None = None) -> None:
        """Add message ``seq`` to the room's log (and the room's new clock or keys, in the same commit)."""
        statements = [("INSERT INTO log (code, seq, data) VALUES (?, ?, ?)", (code, seq, data))]
        if room is not None:
            statements.append(self._room_row(room))
        self._write(statements)

    def add_chat(self, code: str, data: bytes) -> None:
        try:
            row = self.db.execute("SELECT coalesce(max(n), 0) FROM chat WHERE code = ?", (code,)).fetchone()
        except sqlite3.Error as exc:
            raise StoreError(f"could not read {self.path}: {exc}") from None
        n = row[0] + 1
        self._write([("INSERT INTO chat (code, n, data) VALUES (?, ?, ?)", (code, n, data)),
                     ("DELETE FROM chat WHERE code = ? AND n <= ?", (code, n - CHAT_KEEP))])

    def close_room(self, code: str, finished: bool) -> None:
        """The room left memory: kept (for review) until :meth:`prune`, never loaded again."""
        self._write([("UPDATE rooms SET closed = ?, finished = ? WHERE code = ?",
                      (self.now(), int(finished), code))])

    def prune(self, finished_before: float, closed_before: float) -> int:
        """Delete finished rooms closed before ``finished_before`` and others closed before
        ``closed_before``; returns how many rooms went."""
        try:
            codes = [r[0] for r in self.db.execute(
                "SELECT code FROM rooms WHERE closed IS NOT NULL AND "
                "((finished = 1 AND closed < ?) OR (finished = 0 AND closed < ?))",
                (finished_before, closed_before))]
        except sqlite3.Error as exc:
            raise StoreError(f"could not read {self.path}: {exc}") from None
        for code in codes:
            self._write([(f"DELETE FROM {table} WHERE code = ?", (code,))
                         for table in ("log", "seats", "chat", "rooms")])
        return len(codes)

    # ------------------------------------------------------------ reading
    def read_log(self, code: str, since: int = 0) -> list[bytes]:
        try:
            return [r[0] for r in self.db.execute(
                "SELECT data FROM log WHERE code = ? AND seq > ? ORDER BY seq", (code, since))]
        except sqlite3.Error as exc:
            raise StoreError(f"could not read {self.path}: {exc}") from None

    def load(self) -> list[StoredRoom]:
        """Every room still open (not closed), with its seats, log and chat."""
        try:
            rooms: dict[str, StoredRoom] = {}
            for (code, game, edition, private, host, game_id, opened, created, clock, claim, watch,
                 address, rated) in self.db.execute(
                    "SELECT code, game, edition, private, host, game_id, opened, created, clock, claim, watch, "
                    "address, rated FROM rooms WHERE closed IS NULL"):
                rooms[code] = StoredRoom(code, game, bool(private), host, edition, game_id,
                                         [s for s in opened.split(",") if s], _json(clock), _json(claim), created,
                                         watch, address, bool(rated))
            for code, side, token, name, left, pub, ident in self.db.execute(
                    "SELECT code, side, token, name, left, pub, id FROM seats"):
                if code in rooms:
                    rooms[code].seats[side] = StoredSeat(side, token, name, bool(left),
                                                         None if pub is None else bytes(pub),
                                                         None if ident is None else bytes(ident))
            for room in rooms.values():
                room.log = self.read_log(room.code)
                room.chat = [r[0] for r in self.db.execute(
                    "SELECT data FROM chat WHERE code = ? ORDER BY n", (room.code,))]
            return list(rooms.values())
        except sqlite3.Error as exc:
            raise StoreError(f"could not read the rooms from {self.path}: {exc}") from None

    def close(self) -> None:
        """Checkpoint the WAL into the main file and close (a clean stop)."""
        try:
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass
        self.db.close()


def _json(text: str | None) -> Any:
    if text is None:
        return None
    try:
        return json.loads(text)
    except ValueError:
        raise StoreError(f"a room's record is damaged: {text[:80]!r}") from None


class _NoScript:
    """Runs an ``executescript`` body statement by statement (inside the caller's transaction)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def executescript(self, script: str) -> None:
        for statement in script.split(";"):
            if statement.strip():
                self.db.execute(statement)


def open_store(path: str | None, synchronous: str = "NORMAL") -> SqliteStore | None:
    """``--db PATH`` as a store (``None`` when the server runs without one)."""
    return None if path is None else SqliteStore(path, synchronous=synchronous)


def add_store_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default=None, metavar="PATH",
                   help="keep rooms in this SQLite file so that a restart loses no game "
                        "(':memory:' for tests; without it rooms live in memory only)")
    p.add_argument("--db-sync", choices=("normal", "full"), default="normal",
                   help="normal: every message survives a crash of the server; "
                        "full: also a power loss (one disk sync per message)")
