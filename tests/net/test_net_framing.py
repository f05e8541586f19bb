"""The msgpack stream with limits, in memory: StringTransport and task.Clock, no sockets."""

from __future__ import annotations

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from twisted.internet.task import Clock
from twisted.internet.testing import StringTransport
from twisted.logger import LogLevel, capturedLogs

from net.framing import Deframer, MsgpackStreamProtocol, packb
from net.messages import Code, ProtocolError
from net.server import RelayFactory


def _decode(data: bytes) -> list:
    u = msgpack.Unpacker(raw=False)
    u.feed(data)
    return list(u)


# ------------------------------------------------------------------ deframer
def test_messages_split_anywhere_come_out_whole():
    msgs = [{"t": "ping", "n": i} for i in range(50)] + [{"t": "chat", "text": "é" * 100}]
    data = b"".join(packb(m) for m in msgs)
    d = Deframer(max_message=1024)
    out = []
    for i in range(len(data)):
        out.extend(d.feed(data[i:i + 1]))
    assert out == msgs and d.buffered == 0


def test_many_small_messages_in_one_chunk_are_not_too_long():
    msgs = [{"t": "ping", "n": i} for i in range(5000)]
    data = b"".join(packb(m) for m in msgs)
    assert len(data) > 4 * 1024
    assert Deframer(max_message=1024).feed(data) == msgs


def test_a_message_at_the_limit_passes_and_one_byte_more_does_not():
    d = Deframer(max_message=1024)
    base = packb({"t": "chat", "text": ""})
    fits = {"t": "chat", "text": "x" * (1024 - len(base) - 2)}
    assert len(packb(fits)) == 1024
    assert d.feed(packb(fits)) == [fits]
    too = {"t": "chat", "text": "x" * (1024 - len(base) - 1)}
    with pytest.raises(ProtocolError) as exc:
        Deframer(max_message=1024).feed(packb(too))
    assert exc.value.code is Code.FRAME_TOO_LONG


def test_an_announced_huge_string_fails_once_the_buffer_passes_the_limit():
    d = Deframer(max_message=1024)
    assert d.feed(b"\xdb\xff\xff\xff\xff" + b"x" * 1000) == []   # still waiting
    with pytest.raises(ProtocolError) as exc:
        d.feed(b"x" * 100)
    assert exc.value.code is Code.FRAME_TOO_LONG


@pytest.mark.parametrize("data", [b"\xc1", b"\xdd\xff\xff\xff\xff", b"\xd4\x01\x01", b"\xa3\xff\xfe\xfd",
                                  b"\x81\x01\x02", b"\x91" * 5000])
def test_bad_bytes_are_frame_bad(data):
    with pytest.raises(ProtocolError) as exc:
        Deframer(max_message=16 * 1024).feed(data)
    assert exc.value.code in (Code.FRAME_BAD, Code.FRAME_TOO_LONG)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=3000), st.integers(1, 64))
def test_any_bytes_give_values_or_a_protocol_error(data, step):
    d = Deframer(max_message=1024)
    try:
        for i in range(0, len(data), step):
            d.feed(data[i:i + step])
    except ProtocolError as exc:
        assert exc.code in (Code.FRAME_BAD, Code.FRAME_TOO_LONG)


# ------------------------------------------------------------------ protocol
class Recorder(MsgpackStreamProtocol):
    def __init__(self, clock):  # type: ignore[no-untyped-def]
        super().__init__(clock)
        self.got: list = []

    def message_received(self, msg):  # type: ignore[no-untyped-def]
        self.got.append(msg)


def connected(cls=Recorder, **limits):  # type: ignore[no-untyped-def]
    clock = Clock()
    p = cls(clock)
    for k, v in limits.items():
        setattr(p, k, v)
    t = StringTransport()
    p.makeConnection(t)
    return p, t, clock


def test_a_flood_is_cut_off_with_rate_limited():
    p, t, clock = connected(rate=10.0, burst=20.0)
    with capturedLogs() as events:
        p.dataReceived(packb({"t": "ping"}) * 100)
    assert len(p.got) == 20
    assert _decode(t.value())[-1]["code"] == "rate/limited" and t.disconnecting
    assert [e["log_level"] for e in events] == [LogLevel.error]
    p.dataReceived(packb({"t": "ping"}))       # after closing nothing more is read
    assert len(p.got) == 20


def test_the_bucket_refills_with_time():
    p, t, clock = connected(rate=10.0, burst=5.0)
    for _ in range(10):
        p.dataReceived(packb({"t": "ping"}) * 5)
        clock.advance(0.5)
    assert len(p.got) == 50 and not t.disconnecting


def test_silence_ends_in_net_idle():
    p, t, clock = connected(idle_timeout=30.0)
    clock.advance(20)
    p.dataReceived(packb({"t": "ping"}))
    clock.advance(20)
    assert not t.disconnecting
    clock.advance(11)
    assert t.disconnecting and _decode(t.value())[-1]["code"] == "net/idle"


def test_a_peer_that_stops_reading_is_dropped():
    p, t, clock = connected(max_backlog=10_000)
    p.pauseProducing()
    for _ in range(200):
        p.send({"t": "chat", "text": "x" * 100})
    assert t.disconnected or p.closing
    p.resumeProducing()


def test_a_closed_connection_is_aborted_if_the_peer_lingers():
    p, t, clock = connected()
    p.close()
    assert t.disconnecting
    clock.advance(p.close_grace + 1)
    assert t.disconnected


# -------------------------------------------------------------- server protocol
def server_proto():  # type: ignore[no-untyped-def]
    clock = Clock()
    factory = RelayFactory(clock)
    p = factory.buildProtocol(None)
    t = StringTransport()
    p.makeConnection(t)
    return p, t, clock, factory


def test_server_protocol_welcomes_a_hello_and_answers_requests():
    p, t, clock, factory = server_proto()
    p.dataReceived(packb({"t": "hello", "v": 2, "name": "Ann"}) + packb({"t": "list", "rid": 3}))
    out = _decode(t.value())
    assert out[0]["t"] == "welcome" and out[1] == {"t": "rooms", "rooms": [], "rid": 3}
    assert factory.connections == 1
    p.connectionLost(None)
    assert factory.connections == 0


def test_bad_input_is_logged_as_error_and_closes_only_that_connection():
    p, t, clock, factory = server_proto()
    other, t2, _, _ = server_proto()
    with capturedLogs() as events:
        p.dataReceived(packb({"t": "hello", "v": 2}) + packb({"t": "warp", "x": 1}))
    out = _decode(t.value())
    assert out[-1]["code"] == "msg/unknown_type" and out[-1]["ref"] == "warp" and t.disconnecting
    assert {e["log_level"] for e in events} == {LogLevel.error}
    other.dataReceived(packb({"t": "hello", "v": 2}))
    assert _decode(t2.value())[0]["t"] == "welcome"


def test_our_own_bug_is_logged_as_a_failure_and_drops_only_that_connection(monkeypatch):
    p, t, clock, factory = server_proto()

    def broken(member, msg):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("a bug")
    monkeypatch.setattr(factory.lobby, "handle", broken)
    with capturedLogs() as events:
        p.dataReceived(packb({"t": "hello", "v": 2}))
    assert _decode(t.value())[-1]["code"] == "server/internal" and t.disconnecting
    failures = [e for e in events if e.get("log_failure") is not None]
    assert failures and failures[0]["log_level"] == LogLevel.critical


def test_no_hello_in_time_closes():
    p, t, clock, factory = server_proto()
    clock.advance(p.hello_timeout + 0.1)
    assert _decode(t.value())[-1]["code"] == "hello/timeout" and t.disconnecting


def test_too_many_connections_are_refused():
    clock = Clock()
    factory = RelayFactory(clock, max_connections=1)
    first = factory.buildProtocol(None)
    first.makeConnection(StringTransport())
    second = factory.buildProtocol(None)
    t = StringTransport()
    second.makeConnection(t)
    assert _decode(t.value())[-1]["code"] == "server/full" and t.disconnecting
