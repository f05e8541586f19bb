"""How many concurrent games one server process carries on at most half a core.

Starts ``python -m net.server --stats 1`` (it prints its own CPU time,
``time.process_time()``, every second) and drives scripted games against
it from this process: each game is two real TCP clients that replay the
messages of a real recorded game (commitments, the 2 KB deck messages,
keys, moves, openings) in turn, with a think time between moves, then
leave and start a new room.  The number of games is raised step by step;
at each step the server's CPU share is measured over a window.

The whole run is made three times: with the rooms in memory only, then in
SQLite (``--db`` on a temporary file: every message written before it is
relayed), then in memory with seat keys (each seat sends its Ed25519 public
key, signs every game message, and the server checks every signature
before it logs or forwards).  Prints one JSON line per step (``"db"`` and
``"signed"`` say which run) and a summary line, e.g.::

    {"games": 1000, "server_cpu": 0.21, "relayed_per_s": 1980, ..., "db": false}
    {"games": 1000, "server_cpu": 0.24, "relayed_per_s": 1975, ..., "db": true}
    {"max_games_at_half_core": 2000, "target": 1000, ..., "max_games_at_half_core_db": 2000,
     "max_games_at_half_core_signed": 2000}

The default pace (``--think 1.0``: one move a second per game) is many
times faster than people play Pocket, so the figure is conservative.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import msgpack  # noqa: E402
from twisted.internet import defer, protocol, task  # noqa: E402
from twisted.internet.endpoints import TCP4ClientEndpoint, connectProtocol  # noqa: E402

from game.bots import make_bot  # noqa: E402
from net.fairplay import new_master  # noqa: E402
from net.keys import SeatKey  # noqa: E402
from net.messages import PROTOCOL_VERSION  # noqa: E402
from net.session import LocalPair, Session, bot_rng  # noqa: E402


def record_game() -> list[tuple[str, dict]]:
    """One real game's messages in relay order, as (sender, message without seq)."""
    gid = "0" * 32
    pair = LocalPair(Session("jack", gid, new_master()), Session("investigator", gid, new_master()))
    bot = make_bot("greedy")
    pair.run(lambda s: bot.choose(s.observation(), bot_rng(1, s.role, s.observation().ply)))
    return [(e["from"], {k: v for k, v in e.items() if k not in ("seq", "from")}) for e in pair.log]


class Player(protocol.Protocol):
    """A scripted player: sends its side's messages of the transcript in turn."""

    def __init__(self, game: ScriptedGame, side: str) -> None:
        self.game, self.side = game, side
        self.unpacker = msgpack.Unpacker(raw=False)

    def connectionMade(self) -> None:
        self.transport.setTcpNoDelay(True)
        self.send({"t": "hello", "v": PROTOCOL_VERSION, "name": f"bot-{self.side}"})

    def send(self, msg: dict) -> None:
        self.transport.write(msgpack.packb(msg, use_bin_type=True))

    def dataReceived(self, data: bytes) -> None:
        self.unpacker.feed(data)
        for msg in self.unpacker:
            self.game.received(self, msg)

    def connectionLost(self, reason=None) -> None:  # type: ignore[no-untyped-def]
        self.game.lost(self)


class ScriptedGame:
    """Two players replaying the transcript over and over, one room per game."""

    def __init__(self, bench: Bench, think: float, signed: bool = False) -> None:
        self.bench, self.think, self.signed = bench, think, signed
        self.keys: dict[str, SeatKey] = {}
        self.game_id = ""
        self.players: dict[str, Player] = {}
        self.index = 0
        self.pending = None
        self.stopped = False
        self.welcomed = 0

    @defer.inlineCallbacks
    def start(self, port: int):  # type: ignore[no-untyped-def]
        for side in ("jack", "investigator"):
            ep = TCP4ClientEndpoint(self.bench.reactor, "127.0.0.1", port, timeout=30)
            self.players[side] = yield connectProtocol(ep, Player(self, side))

    def received(self, player: Player, msg: dict) -> None:
        t = msg["t"]
        if t == "welcome":
            self.welcomed += 1
            if self.welcomed == 2:  # both seats connected: open the first room
                self.create()
        elif t == "joined" and player.side == "jack" and not msg["started"]:
            self.players["investigator"].send({"t": "join", "room": msg["room"], **self.pub("investigator")})
        elif t == "start" and player.side == "jack":
            self.index, self.game_id = 0, msg["game_id"]
            self.schedule()
        elif t in ("error",):
            self.bench.errors += 1
        elif t == "left" and player.side == "jack":
            self.create()
        elif msg.get("from") == player.side == self.bench.transcript[self.index][0] and msg["seq"] == self.index + 1:
            self.bench.moves += 1
            self.index += 1
            if self.index == len(self.bench.transcript):
                self.bench.games_done += 1
                for p in self.players.values():
                    p.send({"t": "leave"})
            else:
                self.schedule()

    def create(self) -> None:
        """Open a new room (new seat keys when signing)."""
        if self.signed:
            self.keys = {side: SeatKey.new() for side in ("jack", "investigator")}
        self.players["jack"].send({"t": "create", "game": "pocket", "side": "jack", **self.pub("jack")})

    def pub(self, side: str) -> dict:
        return {"pub": self.keys[side].public} if self.signed else {}

    def schedule(self) -> None:
        if self.stopped:
            return
        delay = random.uniform(0.5, 1.5) * self.think
        self.pending = self.bench.reactor.callLater(delay, self.move)

    def move(self) -> None:
        self.pending = None
        side, msg = self.bench.transcript[self.index]
        msg = {**msg, "seq": self.index + 1}
        if self.signed:
            self.keys[side].sign_message(self.game_id, side, msg)
        self.players[side].send(msg)

    def lost(self, player: Player) -> None:
        if not self.stopped:
            self.bench.errors += 1

    def stop(self) -> None:
        self.stopped = True
        if self.pending is not None and self.pending.active():
            self.pending.cancel()
        for p in self.players.values():
            p.transport.loseConnection()


class StatsReader(protocol.ProcessProtocol):
    def __init__(self) -> None:
        self.buffer = b""
        self.stats: list[dict] = []
        self.port: defer.Deferred = defer.Deferred()

    def outReceived(self, data: bytes) -> None:
        self.buffer += data
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            msg = json.loads(line)
            if "listening" in msg:
                self.port.callback(msg["listening"]["port"])
            elif "stats" in msg:
                self.stats.append(msg["stats"])

    def errReceived(self, data: bytes) -> None:
        sys.stderr.write(data.decode(errors="replace"))


class Bench:
    def __init__(self, reactor, args: argparse.Namespace) -> None:  # type: ignore[no-untyped-def]
        self.reactor = reactor
        self.args = args
        self.transcript = record_game()
        self.games: list[ScriptedGame] = []
        self.moves = 0
        self.games_done = 0
        self.errors = 0
        self.results: list[dict] = []

    def cpu_share(self, reader: StatsReader, since_wall: float) -> tuple[float, float]:
        window = [s for s in reader.stats if s["wall"] >= since_wall]
        if len(window) < 2:
            return 0.0, 0.0
        first, last = window[0], window[-1]
        wall = last["wall"] - first["wall"]
        return (last["cpu"] - first["cpu"]) / wall, (last["relayed"] - first["relayed"]) / wall

    @defer.inlineCallbacks
    def run(self):  # type: ignore[no-untyped-def]
        """Memory only, then SQLite (as ``--db`` asks); the summary line has both."""
        bests = {}
        runs = [(db, False) for db in self.args.db] + ([("off", True)] if self.args.signed else [])
        for db, signed in runs:
            self.games, self.moves, self.games_done, self.errors = [], 0, 0, 0
            with tempfile.TemporaryDirectory() as folder:
                bests["signed" if signed else db] = yield self.run_steps(
                    str(Path(folder) / "rooms.db") if db == "on" else None, signed)
        summary = {"max_games_at_half_core": bests.get("off", 0), "target": 1000, "think_s": self.args.think,
                   "messages_per_game": len(self.transcript)}
        if "on" in bests:
            summary["max_games_at_half_core_db"] = bests["on"]
        if "signed" in bests:
            summary["max_games_at_half_core_signed"] = bests["signed"]
        print(json.dumps(summary), flush=True)
        self.best = min(bests.values())

    @defer.inlineCallbacks
    def run_steps(self, db: str | None, signed: bool = False):  # type: ignore[no-untyped-def]
        reactor = self.reactor
        reader = StatsReader()
        proc = reactor.spawnProcess(
            reader, sys.executable,
            [sys.executable, "-m", "net.server", "--host", "127.0.0.1", "--port", "0", "--discovery-port", "-1",
             "--quiet", "--stats", "1", "--per-address", "1000000", *(["--db", db] if db else [])],
             env=None, path=str(ROOT))
        best = 0
        try:
            port = yield reader.port
            for target in self.args.steps:
                while len(self.games) < target:  # connect in batches, not all at once
                    batch = [ScriptedGame(self, self.args.think, signed)
                             for _ in range(min(50, target - len(self.games)))]
                    self.games.extend(batch)
                    yield defer.gatherResults([g.start(port) for g in batch])
                    yield task.deferLater(reactor, 0.05, lambda: None)
                yield task.deferLater(reactor, self.args.settle, lambda: None)
                moves0, errors0, t0 = self.moves, self.errors, time.monotonic()
                yield task.deferLater(reactor, self.args.window, lambda: None)
                cpu, relayed = self.cpu_share(reader, t0)
                line = {"games": len(self.games), "server_cpu": round(cpu, 3), "relayed_per_s": round(relayed),
                        "moves_per_s": round((self.moves - moves0) / (time.monotonic() - t0)),
                        "games_finished": self.games_done, "errors": self.errors - errors0, "db": db is not None,
                        "signed": signed}
                print(json.dumps(line), flush=True)
                self.results.append(line)
                kept_pace = line["moves_per_s"] >= 0.8 * len(self.games) / self.args.think
                if cpu <= 0.5 and line["errors"] == 0 and kept_pace:
                    best = len(self.games)
                if cpu > 0.5:
                    break
        finally:
            for g in self.games:
                g.stop()
            proc.signalProcess("TERM")
            yield task.deferLater(reactor, 1.0, lambda: None)   # let it close its database
        return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=lambda s: [int(x) for x in s.split(",")], default=[500, 1000, 2000, 3000],
                    help="numbers of concurrent games to try, comma-separated")
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds between moves in a game")
    ap.add_argument("--window", type=float, default=8.0, help="seconds of measurement per step")
    ap.add_argument("--settle", type=float, default=3.0, help="seconds to wait after connecting")
    ap.add_argument("--db", type=lambda s: s.split(","), default=["off", "on"],
                    help="off, on or off,on (default): rooms in memory, in SQLite, or both in turn")
    ap.add_argument("--no-signed", dest="signed", action="store_false",
                    help="leave out the run with seat keys and signed messages")
    args = ap.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    need = 2 * max(args.steps) + 100
    if hard < need:
        print(json.dumps({"error": f"need {need} open files, the limit is {hard}"}))
        return 2
    from twisted.internet import reactor  # here, not at import time

    random.seed(1)
    bench = Bench(reactor, args)
    bench.best = 0

    def done(_):  # type: ignore[no-untyped-def]
        reactor.callLater(0.2, reactor.stop)

    def failed(f):  # type: ignore[no-untyped-def]
        print(json.dumps({"error": f.getErrorMessage()}), flush=True)
        reactor.callLater(0.2, reactor.stop)

    reactor.callWhenRunning(lambda: bench.run().addCallbacks(done, failed))
    reactor.callLater(110 * (len(args.db) + args.signed), reactor.stop)   # a hard bound on the run
    reactor.run()
    return 0 if bench.best >= 1000 else 1


if __name__ == "__main__":
    sys.exit(main())
