"""A server that never loses a game: real processes on 127.0.0.1, killed and started again.

The server keeps its rooms in SQLite (``--db``); headless players
(``run.py autoplay``) play all three games through it while it is killed
with SIGKILL at points chosen by a seed (counted in messages on disk), or
stopped with SIGTERM.  Every game must complete, verified by both sides,
with the same hash and the same log as a local replay of the same choices.
"""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import time
from pathlib import Path

import pytest
from nethelp import Proc, autoplay, local_replay, start_server

pytestmark = pytest.mark.timeout(170)

GAMES = (("pocket", None), ("london", "2016"), ("newyork", None))
FAST = {"MRJACK_AUTOPLAY_DELAY": "0.02", "MRJACK_RECONNECT": "0.2,1"}


def count(db: Path, where: str = "1") -> int:
    """Log rows in the server's database (read-only, beside the running server)."""
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1) as c:
            return int(c.execute(f"SELECT count(*) FROM log WHERE {where}").fetchone()[0])
    except sqlite3.Error:
        return 0


def messages_on_disk(db: Path) -> int:
    return count(db)


def rooms_playing(db: Path) -> int:
    """Rooms whose both players have sent their first message (both are seated and connected)."""
    return count(db, "seq = 2")


def wait_for(check, what: str, timeout: float = 60) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


def restart(db: Path, port: int) -> Proc:
    proc, got, _ = start_server("--db", str(db), "--port", str(port))
    assert got == port
    return proc


def start_games(port: int, env: dict, db: Path, already: int = 0) -> list[tuple]:
    """One game of each of the three, started once none of the ``already`` started is still waiting."""
    games = []
    for i, (game, edition) in enumerate(GAMES):
        a = autoplay(port, "jack", "greedy", create=True, seed=100 + i, game=game, edition=edition, env=env,
                     timeout=150)
        room = a.json_line()["room"]
        b = autoplay(port, "investigator", "greedy", room=room, seed=200 + i, env=env, timeout=150)
        games.append((a, b, 100 + i, 200 + i))
    wait_for(lambda: rooms_playing(db) == already + len(GAMES), "every game to start")   # (a join is not retried)
    return games


def all_ended(games: list[tuple]) -> bool:
    return all(a.popen.poll() is not None and b.popen.poll() is not None for a, b, *_ in games)


def check_all_verified(games: list[tuple]) -> None:
    for a, b, seed_a, seed_b in games:
        la, lb = a.json_line(timeout=150), b.json_line(timeout=150)
        assert la["result"] == lb["result"] == "finished", (la.get("summary"), lb.get("summary"))
        assert la["verified"] and lb["verified"] and la["hash"] == lb["hash"] and la["log"] == lb["log"]
        assert local_replay(la, lb, {"jack": ("greedy", seed_a), "investigator": ("greedy", seed_b)})["hash"] \
            == la["hash"]
        assert a.wait(10) == b.wait(10) == 0


def test_games_of_all_three_survive_ten_sigkills_at_points_chosen_by_seed(tmp_path: Path):
    db = tmp_path / "rooms.db"
    server, port, _ = start_server("--db", str(db))
    env = {**FAST, "MRJACK_NET_STATE": str(tmp_path / "state")}
    rng = random.Random(14)
    points = sorted(rng.sample(range(4, 150), 10))
    games = start_games(port, env, db)
    kills = []
    try:
        for point in points:
            # The deal is shuffled afresh by both peers, so a game's length (and the messages it
            # logs) varies from run to run: if every game has ended before the next point, or ended
            # just as it was reached, three more start, so each kill falls while some game is on.
            while True:
                wait_for(lambda point=point, games=games: messages_on_disk(db) >= point or all_ended(games),
                         f"{point} messages")
                if messages_on_disk(db) >= point and not all_ended(games):
                    break
                games += start_games(port, env, db, already=len(games))
            server.popen.send_signal(signal.SIGKILL)
            server.popen.wait(10)
            kills.append(messages_on_disk(db))
            server = restart(db, port)
        check_all_verified(games)
    finally:
        server.stop()
        for a, b, *_ in games:
            a.kill()
            b.kill()
    assert len(kills) == 10 and kills == sorted(kills)


def test_sigterm_says_restarting_and_a_player_away_during_the_restart_comes_back(tmp_path: Path):
    db = tmp_path / "rooms.db"
    server, port, _ = start_server("--db", str(db))
    state = str(tmp_path / "state")
    trace = tmp_path / "jack.jsonl"
    env = {**FAST, "MRJACK_NET_STATE": state}
    a = autoplay(port, "jack", "greedy", create=True, seed=7, game="london", edition="2016",
                 env={**env, "MRJACK_NET_TRACE": str(trace)}, timeout=150)
    room = a.json_line()["room"]
    b = autoplay(port, "investigator", "greedy", room=room, seed=8, env=env, timeout=150)
    try:
        wait_for(lambda: messages_on_disk(db) >= 20, "20 messages")
        b.kill()                                    # the investigator's program crashes...
        server.popen.send_signal(signal.SIGTERM)    # ...and the server is restarted while it is away
        assert server.popen.wait(15) == 0
        assert "Traceback" not in "".join(server.err)
        server = restart(db, port)
        b = autoplay(port, "investigator", "greedy", room=room, seed=8, env=env, timeout=150)
        la, lb = a.json_line(timeout=150), b.json_line(timeout=150)
        assert la["result"] == lb["result"] == "finished" and la["verified"] and lb["verified"]
        assert la["hash"] == lb["hash"] and la["claim"] is None
    finally:
        server.stop()
        a.kill()
        b.kill()
    seen = [json.loads(line) for line in trace.read_text().splitlines()]
    assert any(m["t"] == "restarting" for m in seen)
    away = [m for m in seen if m["t"] == "presence" and m["side"] == "investigator" and not m["present"]]
    assert away and all(0 < m["away"] <= 120_000 for m in away)   # the countdown Jack's window shows


def test_a_corrupt_database_stops_the_server_with_a_clear_message_and_is_not_touched(tmp_path: Path):
    db = tmp_path / "rooms.db"
    db.write_bytes(b"garbage, not SQLite" * 64)
    before = db.read_bytes()
    proc = Proc(["-m", "net.server", "--host", "127.0.0.1", "--port", "0", "--discovery-port", "-1",
                 "--db", str(db)])
    line = proc.json_line(timeout=30)
    assert proc.wait(30) == 1
    assert "cannot use the database" in line["error"] and str(db) in line["error"]
    assert "Traceback" not in "".join(proc.err)
    assert db.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["rooms.db"]


def test_a_fallen_flag_is_claimed_by_autoplay_and_both_final_lines_say_so(tmp_path: Path):
    """Jack's bot takes 8 s a move on a 5 s clock; the investigator (--claim) claims when the flag falls."""
    server, port, _ = start_server("--db", str(tmp_path / "rooms.db"))
    env = {"MRJACK_NET_STATE": str(tmp_path / "state")}
    a = Proc(["run.py", "autoplay", "--server", f"127.0.0.1:{port}", "--side", "jack", "--bot", "greedy",
              "--create", "--clock", "5s", "--timeout", "60"], {**env, "MRJACK_AUTOPLAY_DELAY": "8"})
    b = a
    try:
        room = a.json_line()["room"]
        b = Proc(["run.py", "autoplay", "--server", f"127.0.0.1:{port}", "--side", "investigator", "--bot",
                  "greedy", "--room", room, "--claim", "--timeout", "60"], env)
        la, lb = a.json_line(timeout=60), b.json_line(timeout=60)
        assert la["result"] == lb["result"] == "claimed" and la["winner"] == lb["winner"] == "investigator"
        assert la["claim"] == lb["claim"] == {"side": "investigator", "reason": "flag"} and la["clock"] == "5s"
        assert a.wait(10) == b.wait(10) == 6
    finally:
        server.stop()
        a.kill()
        b.kill()
