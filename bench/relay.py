"""Relay round trip on loopback: how long a move takes from one player, through the server, to the other.

Starts ``python -m net.server`` on 127.0.0.1 (rate limits raised so the
benchmark is not throttled), seats two blocking socket clients in a room,
and bounces ``act`` messages between them: each sample is the time from one
client's ``send`` to the other client's complete receipt (one process, one
clock).  The same is measured over a direct loopback TCP connection, so the
difference is what the relay adds (decode, validate, log, encode, fan-out).
Then again with seat keys: the sender signs every message, the relay and
the receiver verify it (Ed25519), so ``signatures_added_p99_ms`` is what
signing costs a move end to end (goal: under 1 ms).
Then the same relay runs again with its rooms in SQLite (``--db`` on a
temporary file, WAL, ``synchronous=NORMAL``): every message is written
before it is relayed, and the ``db_`` figures say what that costs.

Prints one JSON line, e.g.::

    {"messages": 4000, "relay_p50_ms": 0.21, "relay_p99_ms": 0.45,
     "direct_p50_ms": 0.05, "direct_p99_ms": 0.11, "added_p50_ms": 0.16, "added_p99_ms": 0.34,
     "signed_relay_p50_ms": 0.33, "signed_relay_p99_ms": 0.6, "signatures_added_p99_ms": 0.15,
     "db_relay_p50_ms": 0.26, "db_relay_p99_ms": 0.6, "db_added_p50_ms": 0.05, "db_added_p99_ms": 0.15}
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import msgpack

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from net.keys import SeatKey, verify_message  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from net.messages import PROTOCOL_VERSION  # noqa: E402

ACT = {"t": "act", "a": ["rotate", 4, "E"], "h": "0123456789abcdef0123456789abcdef"}
ROOM_MESSAGES = 1500     # the server keeps at most 2000 messages per room


class Client:
    def __init__(self, port: int, name: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.unpacker = msgpack.Unpacker(raw=False)
        self.send({"t": "hello", "v": PROTOCOL_VERSION, "name": name})
        assert self.recv()["t"] == "welcome"

    def send(self, msg: dict) -> None:
        self.sock.sendall(msgpack.packb(msg, use_bin_type=True))

    def recv(self) -> dict:
        while True:
            for msg in self.unpacker:
                return msg
            data = self.sock.recv(65536)
            if not data:
                raise ConnectionError("server closed the connection")
            self.unpacker.feed(data)

    def recv_type(self, t: str) -> dict:
        while True:
            msg = self.recv()
            if msg["t"] == t:
                return msg
            if msg["t"] == "error":
                raise RuntimeError(msg)


def seat(a: Client, b: Client, keys: tuple[SeatKey, SeatKey] | None = None) -> str:
    """Seat ``a`` as Jack and ``b`` as the investigator (with seat keys if given); the game id."""
    create: dict = {"t": "create", "game": "pocket", "side": "jack"}
    join: dict = {"t": "join"}
    if keys is not None:
        create["pub"], join["pub"] = keys[0].public, keys[1].public
    a.send(create)
    room = a.recv_type("joined")["room"]
    b.send({**join, "room": room})
    b.recv_type("start")
    return a.recv_type("start")["game_id"]


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def relay_samples(port: int, n: int, signed: bool = False) -> list[float]:
    """Round trips through the relay; ``signed``: the sender signs, the relay and the receiver verify
    (all inside the timing, as a move costs in a real game)."""
    a, b = Client(port, "bench-a"), Client(port, "bench-b")
    keys = (SeatKey.new(), SeatKey.new()) if signed else None
    sides = {a: "jack", b: "investigator"}
    samples: list[float] = []
    seq, game_id = 0, ""
    while len(samples) < n:
        if seq % ROOM_MESSAGES == 0:
            if seq:
                for c in (a, b):
                    c.send({"t": "leave"})
                    c.recv_type("left")
            game_id = seat(a, b, keys)
            seq = 0
        sender, receiver = (a, b) if seq % 2 == 0 else (b, a)
        seq += 1
        t0 = time.perf_counter()
        msg = {**ACT, "seq": seq}
        if keys is not None:
            keys[0 if sender is a else 1].sign_message(game_id, sides[sender], msg)
        sender.sock.sendall(msgpack.packb(msg, use_bin_type=True))
        msg = receiver.recv_type("act")
        if keys is not None and not verify_message(keys[0 if sender is a else 1].public, game_id,
                                                   msg["from"], msg):
            raise RuntimeError("a relayed signature did not verify")
        samples.append(time.perf_counter() - t0)
        assert msg["seq"] == seq
        sender.recv_type("act")            # the sender's own echo
    return samples


def direct_samples(n: int) -> list[float]:
    """The same bytes over a plain loopback connection, no server in between."""
    listener = socket.create_server(("127.0.0.1", 0))
    a = socket.create_connection(listener.getsockname())
    b, _ = listener.accept()
    for s in (a, b):
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    unpackers = {a: msgpack.Unpacker(raw=False), b: msgpack.Unpacker(raw=False)}
    samples = []
    for i in range(n):
        sender, receiver = (a, b) if i % 2 == 0 else (b, a)
        data = msgpack.packb({**ACT, "seq": i + 1, "from": "jack"}, use_bin_type=True)
        t0 = time.perf_counter()
        sender.sendall(data)
        u = unpackers[receiver]
        while True:
            got = next(iter(u), None)
            if got is not None:
                break
            u.feed(receiver.recv(65536))
        samples.append(time.perf_counter() - t0)
    for s in (a, b, listener):
        s.close()
    return samples


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--messages", type=int, default=20000, help="samples to take (default 20000)")
    args = ap.parse_args()
    n = max(100, min(args.messages, 200_000))
    relay, signed = measure(n, signed=True)
    direct = direct_samples(n)
    with tempfile.TemporaryDirectory() as folder:
        on_disk, _ = measure(n, "--db", str(Path(folder) / "rooms.db"))
    ms = 1000.0
    out = {"messages": n,
           "relay_p50_ms": round(percentile(relay, 0.50) * ms, 3),
           "relay_p99_ms": round(percentile(relay, 0.99) * ms, 3),
           "direct_p50_ms": round(percentile(direct, 0.50) * ms, 3),
           "direct_p99_ms": round(percentile(direct, 0.99) * ms, 3)}
    out["added_p50_ms"] = round(out["relay_p50_ms"] - out["direct_p50_ms"], 3)
    out["added_p99_ms"] = round(out["relay_p99_ms"] - out["direct_p99_ms"], 3)
    out["target_added_p99_ms"] = 2.0
    out["signed_relay_p50_ms"] = round(percentile(signed, 0.50) * ms, 3)
    out["signed_relay_p99_ms"] = round(percentile(signed, 0.99) * ms, 3)
    out["signatures_added_p99_ms"] = round(out["signed_relay_p99_ms"] - out["relay_p99_ms"], 3)
    out["target_signatures_added_p99_ms"] = 1.0
    out["db_relay_p50_ms"] = round(percentile(on_disk, 0.50) * ms, 3)
    out["db_relay_p99_ms"] = round(percentile(on_disk, 0.99) * ms, 3)
    out["db_added_p50_ms"] = round(out["db_relay_p50_ms"] - out["relay_p50_ms"], 3)
    out["db_added_p99_ms"] = round(out["db_relay_p99_ms"] - out["relay_p99_ms"], 3)
    out["target_db_added_p99_ms"] = 1.0
    print(json.dumps(out))
    ok = out["added_p99_ms"] <= 2.0 and out["signatures_added_p99_ms"] <= 1.0 and out["db_added_p99_ms"] <= 1.0
    return 0 if ok else 1


def measure(n: int, *server_args: str, signed: bool = False) -> tuple[list[float], list[float]]:
    """Relay samples from a fresh server started with ``server_args`` (e.g. ``--db PATH``), and,
    if ``signed``, samples of signed messages through the same server."""
    server = subprocess.Popen(
        [sys.executable, "-m", "net.server", "--host", "127.0.0.1", "--port", "0", "--discovery-port", "-1",
         "--quiet", "--rate", "1000000", "--burst", "1000000", "--per-address", "1000000", *server_args],
        cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        port = json.loads(server.stdout.readline())["listening"]["port"]
        relay_samples(port, 200)                  # warm up
        plain = relay_samples(port, n)
        return plain, (relay_samples(port, n, signed=True) if signed else [])
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
