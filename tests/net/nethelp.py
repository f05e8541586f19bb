"""Helpers for network tests: server and player subprocesses, a raw socket client, local replays.

There is no ``conftest.py`` here: it would share its module name with
``tests/ui/conftest.py``, which breaks collecting both folders in one run.
A module that needs a server makes its fixture from :func:`serve`.
"""

from __future__ import annotations

import json
import os
import queue
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import msgpack

from game.bots import make_bot
from game.engine.core import Side, ToMove
from net.games import rules
from net.session import bot_rng

ROOT = Path(__file__).resolve().parents[2]


class Proc:
    """A subprocess whose stdout lines are read by a thread, so reads can time out."""

    def __init__(self, args: list[str], env: dict | None = None) -> None:
        full_env = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
        self.popen = subprocess.Popen([sys.executable, *args], cwd=ROOT, env=full_env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.err: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read(self) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _read_err(self) -> None:
        assert self.popen.stderr is not None
        for line in self.popen.stderr:
            self.err.append(line)

    def json_line(self, timeout: float = 30.0) -> dict:
        """The next stdout line, parsed; fails the test if none comes in time."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no output in {timeout} s; stderr: {''.join(self.err)[-2000:]}") from None
        if line is None:
            raise AssertionError(f"process ended (rc={self.popen.poll()}); stderr: {''.join(self.err)[-2000:]}")
        return json.loads(line)

    def wait(self, timeout: float = 60.0) -> int:
        return self.popen.wait(timeout=timeout)

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
            self.popen.wait(timeout=10)

    def stop(self) -> None:
        if self.popen.poll() is None:
            self.popen.terminate()
            try:
                self.popen.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.kill()


def start_server(*extra: str) -> tuple[Proc, int, int | None]:
    proc = Proc(["-m", "net.server", "--host", "127.0.0.1", "--port", "0", "--discovery-port", "0", "--quiet",
                 *extra])
    first = proc.json_line(timeout=20)
    return proc, first["listening"]["port"], first["discovery"]


def serve():  # type: ignore[no-untyped-def]
    """The body of a ``server`` fixture: a lobby process on a free loopback port until the fixture ends."""
    proc, port, udp = start_server()
    try:
        yield {"proc": proc, "port": port, "udp": udp}
    finally:
        proc.stop()


def autoplay(port: int, side: str, bot: str = "greedy", *, create: bool = False, room: str | None = None,
             seed: int | None = None, env: dict | None = None, timeout: float = 60, game: str = "pocket",
             edition: str | None = None, extra: list[str] | None = None) -> Proc:
    args = ["run.py", "autoplay", "--server", f"127.0.0.1:{port}", "--game", game, "--side", side,
            "--bot", bot, "--timeout", str(timeout)]
    if edition is not None:
        args += ["--edition", edition]
    args += ["--create"] if create else ["--room", str(room)]
    if seed is not None:
        args += ["--seed", str(seed)]
    return Proc(args + list(extra or []), env)


class RawClient:
    """A blocking socket that speaks msgpack: for sending what a real client never would."""

    def __init__(self, port: int, timeout: float = 5.0) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.unpacker = msgpack.Unpacker(raw=False)
        self.received: list = []
        self.closed = False

    def send(self, msg: dict) -> None:
        self.sock.sendall(msgpack.packb(msg, use_bin_type=True))

    def send_bytes(self, data: bytes) -> None:
        self.sock.sendall(data)

    def recv(self, timeout: float = 5.0) -> dict:
        """The next message (fails if none comes in time or the connection closes)."""
        deadline = time.monotonic() + timeout
        while True:
            for msg in self.unpacker:
                self.received.append(msg)
                return msg
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError("no message in time")
            self.sock.settimeout(remaining)
            data = self.sock.recv(65536)
            if not data:
                self.closed = True
                raise AssertionError("connection closed")
            self.unpacker.feed(data)

    def recv_until_closed(self, timeout: float = 8.0) -> list:
        """Everything until the server closes; a reset counts as closed too."""
        deadline = time.monotonic() + timeout
        out = []
        while time.monotonic() < deadline:
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                data = self.sock.recv(65536)
            except (ConnectionResetError, BrokenPipeError):
                self.closed = True
                break
            except TimeoutError:
                break
            if not data:
                self.closed = True
                break
            self.unpacker.feed(data)
            out.extend(self.unpacker)
        self.received.extend(out)
        return out

    def hello(self, name: str = "raw") -> dict:
        self.send({"t": "hello", "v": 2, "name": name})
        return self.recv()

    def close(self) -> None:
        self.sock.close()


def local_replay(line_jack: dict, line_inv: dict, bots: dict[str, tuple[str, int]]) -> dict:
    """Replay a network game locally: both side views, the full view, and the bots' choices.

    ``bots`` maps a side to ``(bot name, bot seed)``.  Checks that each bot,
    given its own observation and the same generator, picks the move played,
    that Jack's claims and witness answers were the truth, and returns the
    local result (``winner``, ``hash``).  The game (and London's edition)
    come from the final lines.
    """
    game = rules(line_jack.get("game") or "pocket")
    edition = line_jack.get("edition")
    assert line_inv.get("game", game.name) == game.name and line_inv.get("edition") == edition
    seed = line_jack["seed"] if game.layout else 0
    public = line_inv["log"]          # hidden cards as "?", as both peers logged them
    assert line_jack["log"] == public
    record = line_jack["record"]      # the full view after the audit (no claim steps)
    assert line_inv["record"] == record
    views = {side: game.new_state(seed, edition).observation(side) for side in Side}
    full = game.new_state(seed, edition)
    players = {Side(s): (make_bot(name), bot_seed) for s, (name, bot_seed) in bots.items()}
    rec = iter(record)
    for pub in public:
        tm = views[Side.INVESTIGATOR].to_move()
        if tm in (ToMove.JACK, ToMove.INVESTIGATOR):
            side = tm.side
            assert side is not None
            bot, bot_seed = players[side]
            obs = views[side].observation(side)
            choice = bot.choose(obs, bot_rng(bot_seed, side.value, obs.ply))
            assert str(choice) == pub, (obs.ply, str(choice), pub)
        if pub.startswith("claim"):  # asked in side views only; Jack's view allows only the truth
            for view in views.values():
                view.apply(pub)
            continue
        true = next(rec)
        if pub.endswith(" ?"):       # a secret card: its recipient's view has it, the other's has "?"
            to = game.recipient(full)
            for side, view in views.items():
                view.apply(true if side.value == to else pub)
        else:
            assert true == pub, (full.ply, true, pub)
            for view in views.values():
                view.apply(pub)
        full.apply(true)
    assert next(rec, None) is None
    h = views[Side.INVESTIGATOR].public_hash()
    assert views[Side.JACK].public_hash() == h
    assert full.winner() == views[Side.INVESTIGATOR].winner()
    return {"winner": full.winner().value, "hash": h}


def secret_cards(game_name: str, edition: str | None, seed: int, record: list[str]) -> dict[str, list[tuple[int, str]]]:
    """Each side's secret cards as ``(deck position, card)``, from the audited full record.

    Jack's: his identity (position 0) and his secret draws; the
    investigator's: his secret draws (London's Holmes, New York's
    informant).  Cards shown to both (Pocket's investigator draws) are no one's secret.
    """
    game = rules(game_name)
    full = game.new_state(seed, edition)
    out: dict[str, list[tuple[int, str]]] = {"jack": [], "investigator": []}
    pos = 0
    for text in record:
        kind, _, card = text.partition(" ")
        if kind in ("identity", "draw"):
            if not game.shown(full):
                out[game.recipient(full)].append((pos, card))
            pos += 1
        full.apply(text)
    return out


def forbidden(game: str, game_id: str, side: str, master: bytes, cards: list[tuple[int, str]]) -> tuple[set, set]:
    """What the other side (and a spectator) must never receive of ``side``'s secrets before it opens:
    ``(byte values, (kind, card) actions)`` — its cards, its keys for their positions, its master and
    (Jack) its shuffle key."""
    from net import fairplay as fp

    peer = fp.PeerSecrets(master, game_id, side, rules(game).name)
    elems, _ = fp.cards(rules(game).name)
    ids = rules(game).ids
    values = {fp.i2b(elems[ids.index(card)]) for _pos, card in cards}
    values |= {fp.i2b(peer.pos_key(pos)) for pos, _card in cards} | {master}
    if side == "jack":
        values.add(fp.i2b(peer.shuffle_key()))
    actions = {("identity" if pos == 0 and side == "jack" else "draw", card) for pos, card in cards}
    return values, actions


def scan(stream: list[dict], owner: str, values: set, actions: set) -> int:
    """Check every message of ``stream`` up to ``owner``'s ``open``; returns how many were checked.

    Bytes are compared as they are, or as hex (a JSON trace).
    """
    hexes = {v.hex() for v in values}

    def clean(v) -> bool:  # type: ignore[no-untyped-def]
        if isinstance(v, bytes):
            return v not in values
        if isinstance(v, str):
            return v not in hexes
        if isinstance(v, (list, tuple)):
            return all(clean(x) for x in v)
        if isinstance(v, dict):
            return all(clean(x) for x in v.values())
        return True
    n = 0
    for m in stream:
        if m.get("t") == "open" and m.get("from") == owner:
            return n
        n += 1
        a = m.get("a")
        if isinstance(a, list) and len(a) == 2:
            assert (a[0], a[1]) not in actions, m
        assert clean(m), m.get("t")
    return n
