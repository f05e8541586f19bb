"""Relay round trip on loopback: how long a move takes from one player, through the server, to the other.

Starts ``python -m net.server`` on 127.0.0.1 (rate limits raised so the
benchmark is not throttled), seats two blocking socket clients in a room,
and bounces ``act`` messages between them: each sample is the time from one
client's ``send`` to the other client's complete receipt (one process, one
clock).  The same is measured over a direct loopback TCP connection, so the
difference is what the relay adds (decode, validate, log, encode, fan-out).
Then the same relay runs again with its rooms in SQLite (``--db`` on a
temporary file, WAL, ``synchronous=NORMAL``): every message is written
before it is relayed, and the ``db_`` figures say what that costs.

Prints one JSON line, e.g.::

    {"messages": 4000, "relay_p50_ms": 0.21, "relay_p99_ms": 0.45,
     "direct_p50_ms": 0.05, "direct_p99_ms": 0.11, "added_p50_ms": 0.16, "added_p99_ms": 0.34,
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


def seat(a: Client, b: Client) -> None:
    a.send({"t": "create", "game": "pocket", "side": "jack"})
    room = a.recv_type("joined")["room"]
    b.send({"t": "join", "room": room})
    b.recv_type("start")
    a.recv_type("start")


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def relay_samples(port: int, n: int) -> list[float]:
    a, b = Client(port, "bench-a"), Client(port, "bench-b")
    samples: list[float] = []
    seq = 0
    while len(samples) < n:
        if seq % ROOM_MESSAGES == 0:
            if seq:
                for c in (a, b):
                    c.send({"t": "leave"})
                    c.recv_type("left")
            seat(a, b)
            seq = 0
        sender, receiver = (a, b) if seq % 2 == 0 else (b, a)
        seq += 1
        data = msgpack.packb({**ACT, "seq": seq}, use_bin_type=True)
        t0 = time.perf_counter()
        sender.sock.sendall(data)
        msg = receiver.recv_type("act")
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
    relay = measure(n)
    direct = direct_samples(n)
    with tempfile.TemporaryDirectory() as folder:
        on_disk = measure(n, "--db", str(Path(folder) / "rooms.db"))
    ms = 1000.0
    out = {"messages": n,
           "relay_p50_ms": round(percentile(relay, 0.50) * ms, 3),
           "relay_p99_ms": round(percentile(relay, 0.99) * ms, 3),
           "direct_p50_ms": round(percentile(direct, 0.50) * ms, 3),
           "direct_p99_ms": round(percentile(direct, 0.99) * ms, 3)}
    out["added_p50_ms"] = round(out["relay_p50_ms"] - out["direct_p50_ms"], 3)
    out["added_p99_ms"] = round(out["relay_p99_ms"] - out["direct_p99_ms"], 3)
    out["target_added_p99_ms"] = 2.0
    out["db_relay_p50_ms"] = round(percentile(on_disk, 0.50) * ms, 3)
    out["db_relay_p99_ms"] = round(percentile(on_disk, 0.99) * ms, 3)
    out["db_added_p50_ms"] = round(out["db_relay_p50_ms"] - out["relay_p50_ms"], 3)
    out["db_added_p99_ms"] = round(out["db_relay_p99_ms"] - out["relay_p99_ms"], 3)
    out["target_db_added_p99_ms"] = 1.0
    print(json.dumps(out))
    return 0 if out["added_p99_ms"] <= 2.0 and out["db_added_p99_ms"] <= 1.0 else 1


def measure(n: int, *server_args: str) -> list[float]:
    """Relay samples from a fresh server started with ``server_args`` (e.g. ``--db PATH``)."""
    server = subprocess.Popen(
        [sys.executable, "-m", "net.server", "--host", "127.0.0.1", "--port", "0", "--discovery-port", "-1",
         "--quiet", "--rate", "1000000", "--burst", "1000000", *server_args],
        cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        port = json.loads(server.stdout.readline())["listening"]["port"]
        relay_samples(port, 200)                  # warm up
        return relay_samples(port, n)
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
