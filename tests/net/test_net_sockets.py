"""Real sockets on 127.0.0.1: a server process, headless players, raw clients that misbehave."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

import msgpack
import pytest
from nethelp import Proc, RawClient, autoplay, local_replay, serve

from game.engine.core import Side
from game.engine.pocket.state import IDS, PocketState
from net import fairplay as fp

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(scope="module")
def server():  # type: ignore[no-untyped-def]
    yield from serve()


@pytest.fixture
def state_env(tmp_path: Path) -> dict:
    return {"MRJACK_NET_STATE": str(tmp_path / "state")}


def play_pair(port: int, *, jack=("greedy", 1), inv=("greedy", 2), env_jack=None, env_inv=None,
              spectate=None) -> tuple[dict, dict, Proc, Proc]:
    """Start Jack (creating the room) and the investigator; return both final lines."""
    a = autoplay(port, "jack", jack[0], create=True, seed=jack[1], env=env_jack)
    room = a.json_line()["room"]
    if spectate is not None:
        spectate(room)
    b = autoplay(port, "investigator", inv[0], room=room, seed=inv[1], env=env_inv)
    return a, b, room  # type: ignore[return-value]


def finish(a: Proc, b: Proc) -> tuple[dict, dict]:
    la, lb = a.json_line(timeout=45), b.json_line(timeout=45)
    a.wait(10)
    b.wait(10)
    return la, lb


def test_headless_players_finish_games_that_match_a_local_replay(server, state_env):
    """Several seeds at once: same final hash and winner as the same choices played locally."""
    games = [(("greedy", 11), ("greedy", 12)), (("random", 21), ("greedy", 22)), (("greedy", 31), ("random", 32))]
    running = []
    for jack, inv in games:
        a, b, _ = play_pair(server["port"], jack=jack, inv=inv, env_jack=state_env, env_inv=state_env)
        running.append((a, b, jack, inv))
    for a, b, jack, inv in running:
        la, lb = finish(a, b)
        assert la["result"] == lb["result"] == "finished", (la, lb)
        assert la["verified"] and lb["verified"]
        assert a.popen.returncode == b.popen.returncode == 0
        assert la["hash"] == lb["hash"] and la["winner"] == lb["winner"]
        local = local_replay(la, lb, {"jack": jack, "investigator": inv})
        assert local == {"winner": la["winner"], "hash": la["hash"]}


def test_a_lying_jack_is_caught_at_the_end(server, state_env):
    """Jack's engine lies about being seen; the investigator's audit names the step and the truth."""
    a, b, _ = play_pair(server["port"], env_jack={**state_env, "MRJACK_TEST_CHEAT": "witness"}, env_inv=state_env)
    la, lb = finish(a, b)
    assert lb["result"] == "cheat" and lb["opponent_cheated"] and not lb["verified"]
    assert b.popen.returncode == 3
    cheat = lb["cheat"]
    assert cheat["side"] == "jack" and cheat["what"] == "witness answer"
    assert {cheat["claimed"], cheat["true"]} == {"witness seen", "witness unseen"}
    assert isinstance(cheat["ply"], int) and "your opponent cheated" in lb["summary"]


def test_a_killed_player_rejoins_and_the_game_finishes(server, state_env, tmp_path: Path):
    """Kill the investigator mid-game; started again it rejoins with its token and catches up."""
    slow = {**state_env, "MRJACK_AUTOPLAY_DELAY": "0.03"}
    trace = tmp_path / "trace.jsonl"
    a = autoplay(server["port"], "jack", "greedy", create=True, seed=5, env=slow)
    room = a.json_line()["room"]
    b = autoplay(server["port"], "investigator", "greedy", room=room, seed=6,
                 env={**slow, "MRJACK_NET_TRACE": str(trace)})
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:   # wait until the play (not just the setup) is under way
        lines = trace.read_text().splitlines() if trace.exists() else []
        if sum(1 for line in lines if '"t": "act"' in line) >= 3:
            break
        time.sleep(0.02)
    else:
        raise AssertionError("the game did not start")
    b.kill()
    before = sum(1 for line in trace.read_text().splitlines() if '"seq"' in line)
    assert list(Path(state_env["MRJACK_NET_STATE"]).glob("seat-*-investigator.json")), "no seat file kept"
    time.sleep(0.3)
    b2 = autoplay(server["port"], "investigator", "greedy", room=room, seed=6, env=slow)
    la, lb = finish(a, b2)
    assert la["result"] == lb["result"] == "finished", (la, lb)
    assert la["hash"] == lb["hash"] and la["log"] == lb["log"] and la["verified"] and lb["verified"]
    local = local_replay(la, lb, {"jack": ("greedy", 5), "investigator": ("greedy", 6)})
    assert local["hash"] == la["hash"]
    assert before > 0 and b.popen.returncode != 0


def expect_error_and_close(raw: RawClient, code: str) -> None:
    msgs = raw.recv_until_closed()
    codes = [m.get("code") for m in msgs if isinstance(m, dict) and m.get("t") == "error"]
    assert raw.closed, f"connection still open after {codes}"
    assert code in codes, (code, msgs[-3:])


def test_garbage_oversize_unknown_and_floods_only_close_their_own_connection(server, state_env):
    """Bad clients get an error and a closed connection; a game running meanwhile finishes."""
    port = server["port"]
    a, b, _ = play_pair(port, env_jack=state_env, env_inv=state_env)
    raw = RawClient(port)
    raw.send_bytes(b"\xc1\xc1\xc1 not msgpack")
    expect_error_and_close(raw, "frame/bad")
    raw = RawClient(port)
    raw.send_bytes(b"\xdb\xff\xff\xff\xff" + b"x" * 40_000)         # a 4 GB string, announced
    expect_error_and_close(raw, "frame/too_long")
    raw = RawClient(port)
    raw.send_bytes(b"\xdd\xff\xff\xff\xff")                          # an array of 4 billion items
    expect_error_and_close(raw, "frame/bad")
    raw = RawClient(port)
    raw.send(42)  # type: ignore[arg-type]
    expect_error_and_close(raw, "msg/not_map")
    raw = RawClient(port)
    raw.send({"t": "act", "seq": 1, "a": ["holmes", 1], "h": "0" * 32})
    expect_error_and_close(raw, "hello/required")
    raw = RawClient(port)
    assert raw.hello()["t"] == "welcome"
    raw.send({"t": "launch_missiles"})
    expect_error_and_close(raw, "msg/unknown_type")
    raw = RawClient(port)
    assert raw.hello()["t"] == "welcome"
    raw.send({"t": "create", "game": "pocket", "side": "jack", "extra": 1})
    expect_error_and_close(raw, "msg/unknown_field")
    raw = RawClient(port)
    assert raw.hello()["t"] == "welcome"
    raw.send_bytes(msgpack.packb({"t": "ping"}) * 2000)              # a flood
    expect_error_and_close(raw, "rate/limited")
    raw = RawClient(port)
    raw.send({"t": "hello", "v": 99})
    expect_error_and_close(raw, "hello/version")
    # Polite clients are still served.
    good = RawClient(port)
    assert good.hello()["t"] == "welcome"
    good.send({"t": "list", "rid": 7})
    reply = good.recv()
    assert reply["t"] == "rooms" and reply["rid"] == 7
    good.send({"t": "join", "room": "ZZZZZ", "rid": 8})
    assert good.recv()["code"] == "room/not_found"   # a refusal, not a disconnection
    good.send({"t": "ping", "n": 3})
    assert good.recv() == {"t": "pong", "n": 3}
    good.close()
    la, lb = finish(a, b)
    assert la["result"] == lb["result"] == "finished"
    assert server["proc"].popen.poll() is None


def test_spectator_and_investigator_never_receive_jacks_secrets_before_the_end(server, state_env, tmp_path):
    """Scan every message the spectator and the investigator receive until Jack opens his keys."""
    trace = tmp_path / "inv.jsonl"
    watcher: dict = {}

    def spectate(room: str) -> None:
        raw = RawClient(server["port"])
        raw.hello("watcher")
        raw.send({"t": "spectate", "room": room})
        assert raw.recv()["role"] == "spectator"
        watcher["raw"] = raw

    a, b, room = play_pair(server["port"], env_jack=state_env, env_inv={**state_env, "MRJACK_NET_TRACE": str(trace)},
                           spectate=spectate)
    la, lb = finish(a, b)
    assert la["result"] == "finished"
    raw: RawClient = watcher["raw"]
    seen = []
    while not any(m.get("t") == "open" and m.get("from") == "investigator" for m in seen):
        seen.append(raw.recv(timeout=10))
    raw.close()
    inv_msgs = [json.loads(line) for line in trace.read_text().splitlines()]

    start = next(m for m in seen if m["t"] == "start")
    jack_open = next(m for m in seen if m["t"] == "open" and m["from"] == "jack")
    jack = fp.PeerSecrets(jack_open["m"], start["game_id"], "jack")
    record = la["record"]                       # the full view, from the audit
    public = [x for x in lb["log"] if not x.startswith("claim")]
    identity = record[0].split()[1]
    jack_cards = [r.split()[1] for r, p in zip(record, public, strict=True) if p == "draw ?"]
    draws = [p for p in public if p.startswith("draw")]
    secret_positions = [0] + [i + 1 for i, p in enumerate(draws) if p == "draw ?"]
    elems, _ = fp.cards("pocket")
    forbidden_bytes = {fp.i2b(elems[IDS.index(c)]) for c in [identity, *jack_cards]}
    forbidden_bytes |= {fp.i2b(jack.pos_key(k)) for k in secret_positions}
    forbidden_bytes |= {jack_open["m"], fp.i2b(jack.shuffle_key())}
    forbidden_hex = {b.hex() for b in forbidden_bytes}
    forbidden_actions = {("identity", identity)} | {("draw", c) for c in jack_cards}

    def scan(stream: list, as_hex: bool) -> int:
        n = 0
        for m in stream:
            if m.get("t") == "open" and m.get("from") == "jack":
                break
            n += 1
            a = m.get("a")
            if isinstance(a, list) and len(a) == 2:
                assert (a[0], a[1]) not in forbidden_actions, m
            for v in m.values():
                if as_hex:
                    assert not (isinstance(v, str) and v in forbidden_hex), m["t"]
                else:
                    assert not (isinstance(v, bytes) and v in forbidden_bytes), m["t"]
                if isinstance(v, list):
                    for x in v:
                        assert x not in forbidden_bytes and x not in forbidden_hex, m["t"]
            assert m.get("t") != "joined" or "token" not in m or m.get("role") != "spectator"
        return n

    # Non-vacuous: even a game that ends in round 1 sends the deck set-up, the throw and a round of moves.
    assert scan(seen, as_hex=False) >= 10
    assert scan(inv_msgs, as_hex=True) >= 10
    assert all("token" not in m for m in seen)   # a spectator never sees a seat token


def test_lan_discovery_answers_a_unicast_query(server):
    """The UDP responder answers a discovery datagram with the TCP port; junk gets no answer."""
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.settimeout(3)
    try:
        udp.sendto(b"junk", ("127.0.0.1", server["udp"]))
        udp.sendto(msgpack.packb({"t": "discover", "v": 1}), ("127.0.0.1", server["udp"]))
        data, _ = udp.recvfrom(2048)
        reply = msgpack.unpackb(data)
        assert reply["t"] == "lobby" and reply["port"] == server["port"]
        udp.settimeout(0.3)
        with pytest.raises(TimeoutError):
            udp.recvfrom(2048)
    finally:
        udp.close()


DISCOVER = """
import json, sys
from twisted.internet import reactor
from net.discovery import discover
def done(found):
    print(json.dumps(found)); reactor.stop()
discover(reactor, port=int(sys.argv[1]), address="127.0.0.1", timeout=0.5).addCallback(done)
reactor.run()
"""


def test_the_discovery_client_finds_the_server_by_unicast(server):
    proc = Proc(["-c", DISCOVER, str(server["udp"])])
    found = proc.json_line(timeout=20)
    assert found == [{"host": "127.0.0.1", "port": server["port"], "name": "mrjack", "rooms": found[0]["rooms"]}]


def test_run_py_server_prints_its_port_and_says_welcome():
    """``run.py server`` (the CLI path) binds, prints its port as JSON, and answers a hello."""
    proc = Proc(["run.py", "server", "--host", "127.0.0.1", "--port", "0"])
    try:
        port = proc.json_line(timeout=20)["listening"]["port"]
        raw = RawClient(port)
        assert raw.hello()["t"] == "welcome"
        raw.close()
    finally:
        proc.stop()
    assert proc.popen.returncode is not None


def test_a_second_server_on_a_taken_port_fails_cleanly(server):
    proc = Proc(["-m", "net.server", "--host", "127.0.0.1", "--port", str(server["port"]), "--discovery-port", "-1"])
    line = proc.json_line(timeout=20)
    assert "error" in line and proc.wait(10) == 1


def test_the_local_replay_helper_rejects_a_tampered_log():
    """The checker used above is not vacuous: a changed move fails it."""
    state = PocketState.new(5)
    assert state.observation(Side.INVESTIGATOR).public_hash() == state.observation(Side.JACK).public_hash()
    with pytest.raises(AssertionError):
        local_replay({"seed": 5, "log": ["identity ?"], "record": ["identity gull", "throw x"]},
                     {"log": ["identity ?"], "record": ["identity gull", "throw x"]}, {})


@pytest.mark.parametrize("args", [["--server", "nowhere", "--create"], ["--server", "127.0.0.1:1", "--create",
                                                                         "--bot", "nobody"]])
def test_autoplay_refuses_bad_arguments_with_exit_code_2(args):
    proc = Proc(["run.py", "autoplay", "--side", "jack", *args])
    assert proc.json_line(timeout=20)["result"] == "error" and proc.wait(10) == 2


def test_autoplay_without_a_server_fails_with_exit_code_1():
    with socket.socket() as s:           # a port with nobody listening
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = Proc(["run.py", "autoplay", "--server", f"127.0.0.1:{port}", "--side", "jack", "--create",
                 "--timeout", "10"])
    assert proc.json_line(timeout=20)["result"] == "error" and proc.wait(10) == 1
