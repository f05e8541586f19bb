"""Issue 13, attack 4: one script cannot empty, guess, flood or hold the lobby."""

from __future__ import annotations

import re
import stat
from pathlib import Path

import msgpack
import pytest
from test_net_lobby import FakeMember, make_lobby, say, started_room
from twisted.internet.task import Clock
from twisted.internet.testing import StringTransport
from twisted.logger import LogLevel, capturedLogs

from net.framing import packb
from net.limits import Admission, clean_name
from net.lobby import CODE_ALPHABET, PRIVATE_CODE_LENGTH
from net.messages import FATAL, PROTOCOL_VERSION, Code
from net.server import RelayFactory
from net.session import DesyncReport

ROOT = Path(__file__).resolve().parents[2]


def member(lobby, name: str = "m", address: str = "10.0.0.1") -> FakeMember:  # type: ignore[no-untyped-def]
    m = FakeMember()
    m.address = address  # type: ignore[attr-defined]
    assert say(lobby, m, t="hello", v=PROTOCOL_VERSION, name=name)["t"] == "welcome"
    return m


def decode(data: bytes) -> list:
    u = msgpack.Unpacker(raw=False)
    u.feed(data)
    return list(u)


def test_one_address_holds_a_few_rooms_and_everyone_else_still_gets_one():
    lobby, clock = make_lobby()
    lobby._choice = __import__("secrets").choice      # real codes: many rooms
    script = [member(lobby, f"s{i}") for i in range(20)]
    refused = 0
    for m in script:
        reply = say(lobby, m, t="create", game="pocket", side="jack", private=True)
        refused += reply["t"] == "error" and reply["code"] == Code.LIMIT_ROOMS.value
        m.closed = True
        lobby.disconnected(m)
    assert len(lobby.rooms) == lobby.admission.max_rooms and refused == 20 - lobby.admission.max_rooms
    honest = member(lobby, "Ann", address="10.0.0.2")
    assert say(lobby, honest, t="create", game="pocket", side="jack")["t"] == "joined"
    clock.advance(lobby.room_grace + 1)       # the script's rooms expire and give the address its rooms back
    assert lobby.admission.rooms("10.0.0.1") == 0


def test_guessing_codes_backs_off_and_private_codes_are_long():
    lobby, clock = make_lobby()
    lobby._choice = __import__("secrets").choice
    host = member(lobby, "Ann", address="10.0.0.2")
    joined = say(lobby, host, t="create", game="pocket", side="jack", private=True)
    code, watch = joined["room"], joined["watch"]
    assert len(code) == len(watch) == PRIVATE_CODE_LENGTH and code != watch
    guesser = member(lobby, "g")
    answers = []
    for _ in range(40):                       # a burst of wrong guesses, with no time passing
        answers.append(say(lobby, guesser, t="join", room="A" * PRIVATE_CODE_LENGTH)["code"])
    assert answers[:lobby.admission.free_failures] == [Code.ROOM_NOT_FOUND.value] * lobby.admission.free_failures
    assert set(answers[lobby.admission.free_failures + 1:]) == {Code.LIMIT_BACKOFF.value}
    # Even the right code is not heard while the address waits.
    assert say(lobby, guesser, t="spectate", room=watch)["code"] == Code.LIMIT_BACKOFF.value
    # The backoff doubles up to a minute: about 1,440 guesses a day per address.
    guesses = 0
    for _ in range(24 * 60):
        clock.advance(60)
        guesses += say(lobby, guesser, t="join", room="B" * PRIVATE_CODE_LENGTH)["code"] == Code.ROOM_NOT_FOUND.value
    assert guesses <= 24 * 60 + 1
    years = len(CODE_ALPHABET) ** PRIVATE_CODE_LENGTH / 1000 / lobby.admission.guesses_per_day() / 365
    assert years > 1e6     # 1,000 private rooms: over a million years per address


def test_a_private_room_is_watched_by_its_watch_code_only():
    lobby, clock = make_lobby()
    lobby._choice = __import__("secrets").choice
    host = member(lobby, "Ann", address="10.0.0.2")
    joined = say(lobby, host, t="create", game="pocket", side="jack", private=True)
    eve, friend = member(lobby, "eve", "10.0.0.3"), member(lobby, "friend", "10.0.0.4")
    assert say(lobby, eve, t="spectate", room=joined["room"])["code"] == Code.ROOM_NOT_FOUND.value
    assert say(lobby, friend, t="spectate", room=joined["watch"].lower())["t"] == "synced"
    assert friend.last("joined")["role"] == "spectator" and "token" not in friend.last("joined")


def test_a_room_log_has_a_byte_cap_and_one_desync_report_per_side():
    lobby, clock = make_lobby(max_log_bytes=20_000)
    a, b, code = started_room(lobby)
    text = "x" * 4000
    desync = {"t": "desync", "ply": 1, "mine": "0" * 32, "theirs": "1" * 32, "text": text}
    assert say(lobby, a, seq=1, **desync)["t"] == "desync"
    assert say(lobby, a, seq=2, **desync)["detail"].startswith("this side has sent its desync")
    seq, last = 2, {}
    for _ in range(100):
        last = say(lobby, b, t="abort", seq=seq, reason="violation", detail="y" * 300)
        if last["t"] == "error":
            break
        seq += 1
    assert last["code"] == Code.ROOM_LOG_FULL.value and "size limit" in last["detail"]
    assert lobby.rooms[code].log_bytes <= 20_000


def test_refused_joins_are_info_lines_throttled_and_summarised():
    lobby, clock = make_lobby()
    guessers = [member(lobby, f"g{i}", address=f"10.1.{i // 250}.{i % 250}") for i in range(500)]
    with capturedLogs() as events:
        for g in guessers:
            say(lobby, g, t="join", room="ZZZZZ")
        clock.advance(61)
        say(lobby, guessers[0], t="join", room="ZZZZZ")
    assert len(events) <= lobby.throttle.burst + 2
    assert all(e["log_level"] in (LogLevel.info, LogLevel.warn) for e in events)
    assert any("not logged one by one" in e["log_format"] for e in events)


def test_names_lose_bidi_overrides_and_zero_width_characters():
    lobby, clock = make_lobby()
    m = member(lobby, "\u202eAnn\u200b\u2066 \ufeff")
    assert m.name == "Ann"
    assert clean_name("Zoe\u0301") == "Zo\u00e9" and clean_name("\u200d") == "player"


def server_conn(clock: Clock, factory: RelayFactory, host: str = "10.0.0.9"):  # type: ignore[no-untyped-def]
    p = factory.buildProtocol(None)
    t = StringTransport(peerAddress=__import__("twisted.internet.address", fromlist=["x"]).IPv4Address(
        "TCP", host, 4000))
    p.makeConnection(t)
    return p, t


def test_one_address_cannot_take_every_connection():
    clock = Clock()
    factory = RelayFactory(clock)
    factory.lobby.admission = Admission(clock.seconds, max_connections=3)
    conns = [server_conn(clock, factory) for _ in range(5)]
    codes = [decode(t.value())[-1]["code"] if t.value() else None for _, t in conns]
    assert codes == [None, None, None, Code.LIMIT_CONNECTIONS.value, Code.LIMIT_CONNECTIONS.value]
    assert server_conn(clock, factory, "10.0.0.8")[1].value() == b""       # another address is welcome
    conns[0][0].connectionLost(None)
    assert server_conn(clock, factory)[1].value() == b""                    # a freed slot is reusable


def dribble(p, t, clock: Clock, data: bytes, seconds: int) -> None:  # type: ignore[no-untyped-def]
    """Send ``data`` over and over, one byte a second, for at most ``seconds``."""
    for i in range(seconds):
        if t.disconnecting:
            return
        p.dataReceived(data[i % len(data):i % len(data) + 1])
        clock.advance(1)


def test_a_ping_dribbled_one_byte_a_second_is_cut_off():
    clock = Clock()
    p, t = server_conn(clock, RelayFactory(clock))
    p.dataReceived(packb({"t": "hello", "v": PROTOCOL_VERSION}))
    dribble(p, t, clock, packb({"t": "ping", "n": 123456789}), 400)
    assert t.disconnecting and decode(t.value())[-1]["code"] == Code.IDLE_TIMEOUT.value


def test_a_message_dribbled_slower_than_the_limit_is_cut_off():
    clock = Clock()
    p, t = server_conn(clock, RelayFactory(clock))
    p.dataReceived(packb({"t": "hello", "v": PROTOCOL_VERSION}))
    dribble(p, t, clock, packb({"t": "chat", "text": "x" * 100}), 60)
    assert t.disconnecting and decode(t.value())[-1]["code"] == Code.SLOW_SENDER.value


def test_pings_alone_do_not_hold_a_lobby_connection_forever():
    clock = Clock()
    factory = RelayFactory(clock)
    p, t = server_conn(clock, factory)
    p.dataReceived(packb({"t": "hello", "v": PROTOCOL_VERSION}))
    for _ in range(10):
        clock.advance(50)
        p.dataReceived(packb({"t": "ping"}))
    assert t.disconnecting and decode(t.value())[-1]["code"] == Code.IDLE_TIMEOUT.value


def test_the_fatal_list_and_protocol_md_agree():
    text = (ROOT / "net" / "PROTOCOL.md").read_text()
    table = dict(re.findall(r"^\| `([a-z_]+/[a-z_]+)` \| (yes|no) \|", text, re.M))
    assert set(table) == {c.value for c in Code}
    assert {c for c, fatal in table.items() if fatal == "yes"} == {c.value for c in FATAL}


@pytest.mark.skipif(not hasattr(__import__("os"), "fchmod"), reason="POSIX modes")
def test_a_desync_report_is_written_for_its_owner_only(tmp_path):
    rep = DesyncReport("pocket", 1, "0" * 32, 3, 4, "jack", {}, {}, "jack=lestrade", [])
    path = tmp_path / "r.json"
    path.write_text("old")
    path.chmod(0o644)
    rep.save(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_run_py_server_can_turn_lan_discovery_off():
    from nethelp import Proc

    proc = Proc(["run.py", "server", "--host", "127.0.0.1", "--port", "0", "--no-discovery", "--quiet"])
    try:
        first = proc.json_line(timeout=20)
        assert first["discovery"] is None and first["listening"]["port"] > 0
    finally:
        proc.stop()
