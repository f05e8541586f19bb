"""Rooms on disk: the SQLite store, restoring rooms after a restart, and a database that fails.

The whole stack runs in memory (iosim pumps, ``task.Clock``); "restarting"
the server is dropping every connection and building a new lobby on the
same database file, which is what a process killed with SIGKILL leaves.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from test_net_inmemory import Net, results
from twisted.internet.error import ConnectionLost
from twisted.python.failure import Failure

from net.lobby import Lobby
from net.server import RelayFactory
from net.store import SCHEMA_VERSION, SqliteStore, StoredRoom, StoredSeat, StoreError

pytestmark = pytest.mark.timeout(60)


class DiskNet(Net):
    """:class:`Net` whose server keeps its rooms in ``path``; :meth:`crash` restarts it."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        self.store = SqliteStore(path)
        self.factory = RelayFactory(self.clock, Lobby(self.clock, store=self.store), limits={"half_close": False})

    def crash(self) -> int:
        """Cut every connection at once (nothing flushed) and start a new server on the same file."""
        for pump in self.pumps:
            for proto in (pump.client, pump.server):
                proto.transport.disconnecting = True
                proto.transport.disconnected = True
        old = self.pumps
        self.pumps = []
        self.factory.lobby.stop()
        self.store.db.close()
        self.store = SqliteStore(self.path)
        self.factory = RelayFactory(self.clock, Lobby(self.clock, store=self.store), limits={"half_close": False})
        for pump in old:
            pump.client.connectionLost(Failure(ConnectionLost("server killed")))
        return len(self.factory.lobby.rooms)


def play_until(net: Net, game, seq: int) -> None:  # type: ignore[no-untyped-def]
    net.flush(lambda: game.finished or (game.session is not None and game.session.seq >= seq))


def seated(net: Net, seeds: tuple[int, int], game: str = "pocket") -> tuple:
    """Jack's and the investigator's games, both seated in a new room of ``game``."""
    jack, inv = net.game(seed=seeds[0]), net.game(seed=seeds[1])
    joined: list = []
    jack.create("jack", game=game).addCallback(joined.append)
    net.flush(lambda: bool(joined))
    inv.join(joined[0]["room"])
    return jack, inv


@pytest.mark.parametrize("game", ["pocket", "london", "newyork"])
def test_a_game_survives_two_server_crashes_and_finishes_verified(tmp_path: Path, game: str):
    net = DiskNet(str(tmp_path / "rooms.db"))
    jack, inv = seated(net, (3, 4), game)
    play_until(net, inv, 9)
    assert net.crash() == 1                   # the room came back from the file
    play_until(net, jack, 14)
    assert not jack.finished and net.crash() == 1
    done = results(jack, inv)
    net.flush(lambda: len(done) == 2)
    assert [r.status for r in done] == ["finished", "finished"], [r.reason for r in done]
    assert done[0].verified and done[1].verified and done[0].public_hash == done[1].public_hash
    assert jack.session.public_log() == inv.session.public_log()


def test_the_store_keeps_rooms_seats_logs_and_chat(tmp_path: Path):
    path = str(tmp_path / "s.db")
    store = SqliteStore(path)
    store.put_room(StoredRoom("ABCDE", "london", False, "Ann", "2016", created=5.0))
    store.put_seat("ABCDE", StoredSeat("jack", "t" * 24, "Ann"))
    store.put_seat("ABCDE", StoredSeat("investigator", "u" * 24, "Bob", left=True))
    store.append("ABCDE", 1, b"one")
    store.append("ABCDE", 2, b"two", StoredRoom("ABCDE", "london", False, "Ann", "2016", "f" * 32, ["jack"]))
    store.add_chat("ABCDE", b"hi")
    store.close()
    again = SqliteStore(path)
    [room] = again.load()
    assert (room.code, room.game, room.edition, room.game_id, room.opened) == ("ABCDE", "london", "2016",
                                                                               "f" * 32, ["jack"])
    assert room.log == [b"one", b"two"] and room.chat == [b"hi"]
    assert room.seats["investigator"].left and room.seats["jack"].token == "t" * 24
    assert again.read_log("ABCDE", since=1) == [b"two"]
    with pytest.raises(StoreError):
        again.append("ABCDE", 2, b"again")    # one message per seq, ever


def test_old_finished_rooms_are_pruned_and_closed_rooms_are_not_loaded(tmp_path: Path):
    now = [1000.0]
    store = SqliteStore(str(tmp_path / "p.db"), clock=lambda: now[0])
    for code in ("AAAAA", "BBBBB", "CCCCC"):
        store.put_room(StoredRoom(code, "pocket", False, "Ann"))
        store.append(code, 1, b"x")
    store.close_room("AAAAA", finished=True)
    store.close_room("BBBBB", finished=False)
    assert [r.code for r in store.load()] == ["CCCCC"]
    assert store.prune(finished_before=999.0, closed_before=999.0) == 0
    assert store.prune(finished_before=1001.0, closed_before=999.0) == 1
    assert store.prune(finished_before=1001.0, closed_before=1001.0) == 1
    assert store.db.execute("SELECT count(*) FROM log").fetchone()[0] == 1


def test_a_corrupt_database_is_refused_and_left_as_it_was(tmp_path: Path):
    path = tmp_path / "bad.db"
    path.write_bytes(b"this is not a database at all" * 100)
    before = path.read_bytes()
    with pytest.raises(StoreError, match="cannot use the database"):
        SqliteStore(str(path))
    assert path.read_bytes() == before and not (tmp_path / "bad.db-wal").exists()


def test_a_damaged_page_is_found_before_the_server_starts(tmp_path: Path):
    path = tmp_path / "torn.db"
    store = SqliteStore(str(path))
    for i in range(200):
        store.put_room(StoredRoom(f"R{i:04d}", "pocket", False, "Ann" * 8))
    store.close()
    data = bytearray(path.read_bytes())
    for page in range(1, len(data) // 4096):           # scribble over every page header but the first
        data[page * 4096: page * 4096 + 12] = b"\xff" * 12
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match="damaged|malformed|cannot use"):
        SqliteStore(str(path))
    assert path.read_bytes() == bytes(data)


def test_a_database_from_a_newer_server_is_refused(tmp_path: Path):
    path = str(tmp_path / "new.db")
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError, match="newer server"):
        SqliteStore(path)


def test_a_version_1_database_is_migrated_forward_and_keeps_its_rooms(tmp_path: Path):
    from net.store import _v1
    path = str(tmp_path / "v1.db")
    db = sqlite3.connect(path)
    _v1(db)
    db.execute("INSERT INTO rooms (code, game, private, host, created) VALUES ('OLDRM', 'pocket', 0, 'Ann', 1)")
    db.execute("INSERT INTO log (code, seq, data) VALUES ('OLDRM', 1, x'01')")
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    store = SqliteStore(path)
    assert store.version == SCHEMA_VERSION
    [room] = store.load()
    assert room.code == "OLDRM" and room.log == [b"\x01"] and room.clock is None and room.chat == []


def test_a_read_only_database_is_refused_before_anything_is_written(tmp_path: Path, monkeypatch):
    path = tmp_path / "ro.db"
    SqliteStore(str(path)).close()
    before = path.read_bytes()
    real = sqlite3.connect
    # (root ignores file modes, so the file is opened read-only the way a read-only mount does)
    monkeypatch.setattr("net.store.sqlite3.connect",
                        lambda p, **kw: real(f"file:{p}?mode=ro", uri=True, **kw))
    with pytest.raises(StoreError, match="cannot write"):
        SqliteStore(str(path))
    assert path.read_bytes() == before


def test_a_full_disk_refuses_moves_without_losing_them_and_play_goes_on_when_space_returns(tmp_path: Path):
    net = DiskNet(str(tmp_path / "full.db"))
    jack, inv = seated(net, (8, 9))
    play_until(net, inv, 10)
    refused: list = []
    for g in (jack, inv):
        g.client.trace = lambda m: refused.append(m) if m.get("code") == "server/storage" else None
    pages = net.store.db.execute("PRAGMA page_count").fetchone()[0]
    net.store.db.execute(f"PRAGMA max_page_count = {pages}")     # the disk is full now...
    # ...and so is the room log's last page: the game's remaining moves could fit in its slack
    # (they did in one run), so tiny rows after the room's own take it up until SQLite refuses.
    fill = 0
    with pytest.raises(sqlite3.OperationalError, match="full"):
        while True:
            net.store.db.execute("INSERT INTO log (code, seq, data) VALUES ('~FILL', ?, x'00')", (fill,))
            fill += 1
    for _ in range(200):                         # the clients retry; nothing unsaved is relayed
        net.clock.advance(0.5)
        for p in net.pumps:
            p.pump()
    lobby = net.factory.lobby
    room = next(iter(lobby.rooms.values()))
    assert refused, "the disk never filled"
    assert room.seq == len(net.store.read_log(room.code)) and not jack.finished and not inv.finished
    net.store.db.execute("PRAGMA max_page_count = 1073741823")   # space again
    net.store.db.execute("DELETE FROM log WHERE code = '~FILL'")
    done = results(jack, inv)
    net.flush(lambda: len(done) == 2)
    assert [r.status for r in done] == ["finished", "finished"]
    assert room.seq == len(net.store.read_log(room.code))


def test_a_refused_rejoin_closes_its_connection():
    from net.client import NetGame, Seat

    net = Net()
    game = NetGame(net.clock, "lobby", 1)
    game.client.connector = net.connector
    failed: list = []
    game.resume(Seat("lobby", 1, "NOPE1", "jack", "x" * 24, b"m" * 32)).addErrback(failed.append)
    net.flush(lambda: bool(failed))
    assert failed[0].value.code == "room/not_found"
    net.flush(lambda: not game.client.connected and net.factory.connections == 0)


def test_seats_are_kept_as_dicts_readable_by_their_owner_only(tmp_path: Path):
    import json
    import stat

    from net.client import Seat
    from net.seats import SeatFolder

    folder = SeatFolder(tmp_path / "seats")
    seat = Seat("example.org", 7341, "ABCDE", "jack", "t" * 24, b"\x01" * 32, "london", "2016",
                opponent="Bob", round=3, name="Ann")
    path = folder.save(seat)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    data = json.loads(path.read_text())
    assert isinstance(data, dict) and data["opponent"] == "Bob" and data["round"] == 3
    data["identity"] = {"public": "…"}             # a later version may add fields: still readable
    path.write_text(json.dumps(data))
    assert folder.all() == [seat]
    (tmp_path / "seats" / "seat-broken.json").write_text("{not json")
    assert folder.all() == [seat]                   # a damaged file is skipped, not fatal
    folder.forget(seat)
    assert folder.all() == []


def test_the_room_keeps_its_last_hundred_chat_lines_for_late_comers():
    from test_net_lobby import greeted, make_lobby, say

    lobby, _ = make_lobby()
    a = greeted(lobby, "Ann")
    code = say(lobby, a, t="create", game="pocket", side="jack")["room"]
    for i in range(150):
        say(lobby, a, t="chat", text=f"line {i}")
    b = greeted(lobby, "Bob")
    say(lobby, b, t="join", room=code)
    lines = [m for m in b.inbox if m["t"] == "chat"]
    assert len(lines) == 100 and lines[0]["text"] == "line 50" and lines[-1]["n"] == 150


def test_a_crash_between_saving_the_last_key_and_relaying_it_keeps_the_room_for_its_players(tmp_path: Path):
    """The second key is written before it is relayed: killed in between, the restarted server must
    keep the room (its game is over on disk) until both players have come back for that message."""
    net = DiskNet(str(tmp_path / "rooms.db"))
    jack, inv = seated(net, (5, 6))
    store, killed = net.store, []
    append = store.append

    def append_then_die(code, seq, data, room=None):  # type: ignore[no-untyped-def]
        append(code, seq, data, room)
        if room is not None and len(room.opened) == 2:    # committed; the server dies before relaying it
            for pump in net.pumps:
                for proto in (pump.client, pump.server):
                    proto.transport.disconnecting = True     # (writes are dropped)
            killed.append(seq)

    store.append = append_then_die  # type: ignore[method-assign]
    net.flush(lambda: bool(killed))
    assert killed and not jack.finished
    assert net.crash() == 1                      # the room is back, though both keys are opened
    done = results(jack, inv)
    net.flush(lambda: len(done) == 2)
    assert [r.status for r in done] == ["finished", "finished"], [r.reason for r in done]
    assert done[0].verified and done[1].verified and done[0].public_hash == done[1].public_hash
    assert not next(iter(net.factory.lobby.rooms.values())).behind
    jack.close()
    inv.close()
    net.flush(lambda: not net.factory.lobby.rooms)   # both have the whole log: it closes as they go
