"""The attacks of issue 13, run against the current code: what a hostile peer, relay or script gets.

In memory (the real client, server factory and lobby over iosim pumps):

- ``forged_moves_accepted``: a third connection rejoins with a leaked token
  and moves in the victim's name, and a relay writes a move into the log in
  a player's name; counts the forged moves any peer applied;
- ``crash_loops``: a relayed ``deck`` labelled ``n=2`` first (it used to
  raise and reconnect forever); counts reconnects and exceptions;
- ``rooms_per_address``: private rooms one address can hold;
- ``join_guesses_per_s``: failed joins an address gets heard over an hour
  of guessing as fast as it can, and ``years_to_find_a_private_room`` with
  1,000 private rooms open.

On loopback (``python -m net.server``): ``rss_before_mb``/``rss_after_mb``,
the server's memory before and after three rooms flooded with maximal
messages; ``relay_p99_ms``/``signed_relay_p99_ms``, a move's round trip
without and with signatures (``bench/relay.py``).

Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

import msgpack

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from twisted.internet.task import Clock  # noqa: E402
from twisted.test import iosim  # noqa: E402

from game.bots import make_bot  # noqa: E402
from net.client import NetGame  # noqa: E402
from net.framing import packb  # noqa: E402
from net.lobby import CODE_ALPHABET, PRIVATE_CODE_LENGTH, Lobby  # noqa: E402
from net.messages import PROTOCOL_VERSION  # noqa: E402
from net.server import RelayFactory  # noqa: E402
from net.session import bot_rng  # noqa: E402


class Wire:
    """Server factory plus clients over in-memory pumps, driven by a fake clock."""

    def __init__(self) -> None:
        self.clock = Clock()
        self.factory = RelayFactory(self.clock, limits={"half_close": False})
        self.pumps: list = []
        self.connections = 0

    def connect(self, host, port, proto):  # type: ignore[no-untyped-def]
        self.connections += 1
        server = self.factory.buildProtocol(None)
        self.pumps.append(iosim.connect(server, iosim.FakeTransport(server, isServer=True),
                                        proto, iosim.FakeTransport(proto, isServer=False), greet=False))
        return proto

    def run(self, done, rounds: int = 20_000) -> None:  # type: ignore[no-untyped-def]
        for _ in range(rounds):
            if done():
                return
            if not any([p.pump() for p in self.pumps]):
                self.clock.advance(0.1)

    def player(self, seed: int) -> NetGame:
        bot = make_bot("greedy")
        g = NetGame(self.clock, "lobby", 1,
                    choose=lambda obs: bot.choose(obs, bot_rng(seed, obs.to_move().side.value, obs.ply)))
        g.client.connector = self.connect
        return g

    def game(self, until: int) -> tuple[NetGame, NetGame, str]:
        """Two greedy bots in a room, played up to message ``until``."""
        pair = (self.player(1), self.player(2))
        code: list[str] = []
        pair[0].create("jack").addCallback(lambda joined: code.append(joined["room"]))
        self.run(lambda: bool(code))
        pair[1].join(code[0])
        self.run(lambda: pair[1].session is not None and pair[1].session.seq >= until)
        return pair[0], pair[1], code[0]

    def inject(self, code: str, msg: dict) -> None:
        """What a hostile relay does: a message straight into the room's log and out to everyone."""
        room = self.factory.lobby.rooms[code]
        data = packb({**msg, "seq": room.seq + 1})
        room.log.append(data)
        for m in room.members():
            m.send_bytes(data)


def forged_moves() -> int:
    w = Wire()
    jack, inv, code = w.game(20)
    accepted = 0
    thief = w.player(3).client
    got: list = []
    thief.connect("lobby", 1).addCallback(lambda _: thief.rejoin(code, inv.seat.token, 0)).addBoth(got.append)
    w.run(lambda: bool(got))
    if isinstance(got[0], dict):              # the seat was taken: try a move in its name
        thief.send_game({"t": "act", "seq": w.factory.lobby.rooms[code].seq + 1, "a": ["pass"], "h": "0" * 32})
        w.run(lambda: False, 200)
        accepted += 1
    seq = w.factory.lobby.rooms[code].seq + 1
    w.inject(code, {"t": "act", "a": ["pass"], "h": "0" * 32, "sig": b"\1" * 64, "from": "investigator"})
    w.run(lambda: jack.finished and inv.finished)
    accepted += sum(any(s.seq == seq for s in g.session.tr.steps) for g in (jack, inv))
    return accepted


def crash_loops() -> tuple[int, int]:
    w = Wire()
    jack, inv, code = w.game(2)
    before = w.connections
    errors: list = []
    try:
        w.inject(code, {"t": "deck", "n": 2, "cards": [b"\2" * 256] * 5, "from": "jack", "sig": b"\0" * 64})
        w.run(lambda: jack.finished and inv.finished)
    except Exception as exc:  # noqa: BLE001 - what the bench counts
        errors.append(exc)
    return w.connections - before, len(errors)


def rooms_per_address() -> int:
    lobby = Lobby(Clock())
    held = 0
    for i in range(100):
        m = _Member(f"s{i}")
        lobby.handle(m, {"t": "hello", "v": PROTOCOL_VERSION})
        lobby.handle(m, {"t": "create", "game": "pocket", "side": "jack", "private": True})
        held += m.inbox[-1]["t"] == "joined"
    return held


def guesses_per_second() -> float:
    clock = Clock()
    lobby = Lobby(clock)
    m = _Member("g")
    lobby.handle(m, {"t": "hello", "v": PROTOCOL_VERSION})
    heard = 0
    for _ in range(36_000):                   # an hour, ten tries a second
        lobby.handle(m, {"t": "join", "room": "A" * PRIVATE_CODE_LENGTH})
        heard += m.inbox[-1].get("code") == "room/not_found"
        clock.advance(0.1)
    return heard / 3600


class _Member:
    def __init__(self, name: str) -> None:
        self.name, self.address, self.inbox = name, "10.0.0.1", []

    def send(self, msg: dict) -> None:
        self.inbox.append(msg)

    def send_bytes(self, data: bytes) -> None:
        self.inbox.append(msgpack.unpackb(data, raw=False))

    def close(self) -> None:
        pass


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def flood(port: int, rooms: int = 3) -> None:
    """Three rooms of maximal messages: a desync report each, then 300-character aborts until refused."""
    from relay import Client, seat

    for i in range(rooms):
        a, b = Client(port, f"flood-a{i}"), Client(port, f"flood-b{i}")
        seat(a, b)
        seq = 0
        for j in range(2000):
            sender = a if j % 2 == 0 else b
            seq += 1
            msg = ({"t": "desync", "ply": 1, "mine": "0" * 32, "theirs": "1" * 32, "text": "x" * 4000}
                   if j < 2 else {"t": "abort", "reason": "violation", "detail": "y" * 300})
            sender.send({**msg, "seq": seq})
            got = sender.recv()
            while got["t"] not in (msg["t"], "error"):
                got = sender.recv()
            if got["t"] == "error":
                break
            (b if sender is a else a).recv_type(msg["t"])
        for c in (a, b):
            c.sock.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--messages", type=int, default=3000, help="relay samples for the signature figure")
    args = ap.parse_args()
    out: dict = {"forged_moves_accepted": forged_moves()}
    out["reconnects_after_a_bad_message"], out["exceptions"] = crash_loops()
    out["crash_loops"] = int(out["reconnects_after_a_bad_message"] > 1 or out["exceptions"] > 0)
    out["rooms_per_address"] = rooms_per_address()
    rate = guesses_per_second()
    out["join_guesses_per_s"] = round(rate, 4)
    expected = len(CODE_ALPHABET) ** PRIVATE_CODE_LENGTH / 1000 / rate
    out["years_to_find_a_private_room"] = round(expected / (365.25 * 86400))
    from relay import percentile, relay_samples

    server = subprocess.Popen(
        [sys.executable, "-m", "net.server", "--host", "127.0.0.1", "--port", "0", "--discovery-port", "-1",
         "--quiet", "--rate", "1000000", "--burst", "1000000", "--per-address", "1000000"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None
        port = json.loads(server.stdout.readline())["listening"]["port"]
        time.sleep(0.3)
        out["rss_before_mb"] = round(rss_mb(server.pid), 1)
        flood(port)
        out["rss_after_mb"] = round(rss_mb(server.pid), 1)
        n = max(200, args.messages)
        relay_samples(port, 200)
        plain, signed = relay_samples(port, n), relay_samples(port, n, signed=True)
        out["relay_p99_ms"] = round(percentile(plain, 0.99) * 1000, 3)
        out["signed_relay_p99_ms"] = round(percentile(signed, 0.99) * 1000, 3)
        out["signatures_added_p50_ms"] = round((percentile(signed, 0.5) - percentile(plain, 0.5)) * 1000, 3)
        out["signatures_added_p99_ms"] = round(out["signed_relay_p99_ms"] - out["relay_p99_ms"], 3)
    except OSError as exc:   # a refused or timed-out socket: say so in the line
        out["error"] = str(exc)
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(json.dumps(out))
    return 0 if out["forged_moves_accepted"] == 0 and not out["crash_loops"] else 1


if __name__ == "__main__":
    sys.exit(main())
