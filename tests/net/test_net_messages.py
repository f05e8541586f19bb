"""Message shapes: every type validates, anything else is refused with a code, never a crash."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import net.discovery
import net.fairplay
import net.framing
import net.messages
import net.session
from net.messages import CLIENT, FATAL, SERVER, Code, ProtocolError, error, validate

GOOD_CLIENT = [
    {"t": "hello", "v": 2, "name": "Ann", "client": "test"},
    {"t": "ping"}, {"t": "ping", "n": 5},
    {"t": "list", "rid": 1},
    {"t": "create", "game": "pocket", "side": "any", "private": True, "rid": 2},
    {"t": "join", "room": "ABCDE", "side": "jack"},
    {"t": "spectate", "room": "ABCDE"},
    {"t": "rejoin", "room": "ABCDE", "token": "x" * 24, "since": 0},
    {"t": "leave"},
    {"t": "chat", "text": "hello there"},
    {"t": "commit", "seq": 1, "c": b"\0" * 32},
    {"t": "reveal", "seq": 3, "k": 0, "r": b"\1" * 32, "c": b"\2" * 32, "h": "0" * 32},
    {"t": "reveal", "seq": 9, "k": 1, "r": b"\1" * 32, "c": b"\2" * 32, "a": ["throw", "alibi", "toby",
                                                                          "rotate", "joker"], "h": "a" * 32},
    {"t": "deck", "seq": 5, "n": 1, "cards": [b"\5" * 256] * 9},
    {"t": "key", "seq": 8, "pos": 0, "key": b"\7" * 40, "a": ["identity", "?"], "h": "b" * 32},
    {"t": "card", "seq": 20, "pos": 1, "key": b"\7" * 40, "a": ["draw", "gull"], "h": "b" * 32},
    {"t": "act", "seq": 11, "a": ["rotate", 4, "E"], "h": "c" * 32},
    {"t": "open", "seq": 60, "m": b"\3" * 32},
    {"t": "abort", "seq": 61, "reason": "violation", "detail": "why"},
    {"t": "desync", "seq": 62, "ply": 9, "mine": "d" * 32, "theirs": "e" * 32, "text": "pocket view=..."},
]


@pytest.mark.parametrize("msg", GOOD_CLIENT, ids=lambda m: m["t"])
def test_every_client_message_type_validates(msg):
    assert validate(dict(msg), CLIENT) == msg


def test_relayed_game_messages_carry_the_sender_for_clients():
    msg = {"t": "act", "seq": 3, "from": "jack", "a": ["alibi"], "h": "0" * 32}
    assert validate(msg, SERVER) is msg
    with pytest.raises(ProtocolError) as exc:
        validate({**msg, "from": "server"}, SERVER)
    assert exc.value.code is Code.MSG_BAD_FIELD


@pytest.mark.parametrize("msg, code", [
    ([], Code.MSG_NOT_MAP),
    ({"type": "hello"}, Code.MSG_NOT_MAP),
    ({"t": 5}, Code.MSG_NOT_MAP),
    ({"t": "fly"}, Code.MSG_UNKNOWN_TYPE),
    ({"t": "hello"}, Code.MSG_MISSING_FIELD),
    ({"t": "hello", "v": 2, "x": 1}, Code.MSG_UNKNOWN_FIELD),
    ({"t": "hello", "v": True}, Code.MSG_BAD_FIELD),            # a bool is not an int here
    ({"t": "hello", "v": 2, "name": "a\x00b"}, Code.MSG_BAD_FIELD),
    ({"t": "hello", "v": 2, "name": "x" * 25}, Code.MSG_BAD_FIELD),
    ({"t": "join", "room": "AB"}, Code.MSG_BAD_FIELD),
    ({"t": "act", "seq": 0, "a": ["alibi"], "h": "0" * 32}, Code.MSG_BAD_FIELD),
    ({"t": "act", "seq": 1, "a": [], "h": "0" * 32}, Code.MSG_BAD_FIELD),
    ({"t": "act", "seq": 1, "a": ["alibi"], "h": "XYZ"}, Code.MSG_BAD_FIELD),
    ({"t": "act", "seq": 1, "a": [["nested"]], "h": "0" * 32}, Code.MSG_BAD_FIELD),
    ({"t": "deck", "seq": 1, "n": 1, "cards": [b"x" * 257]}, Code.MSG_BAD_FIELD),
    ({"t": "deck", "seq": 1, "n": 1, "cards": [b"x"] * 17}, Code.MSG_BAD_FIELD),
    ({"t": "commit", "seq": 1, "c": "not bytes"}, Code.MSG_BAD_FIELD),
    ({"t": "chat", "text": ""}, Code.MSG_BAD_FIELD),
])
def test_malformed_messages_are_refused_with_their_code(msg, code):
    with pytest.raises(ProtocolError) as exc:
        validate(msg, CLIENT)
    assert exc.value.code is code
    assert exc.value.fatal


def test_error_messages_say_whether_they_are_fatal():
    assert error(Code.ACTION_STALE, "seq 3", ref="act", rid=4) == {
        "t": "error", "code": "action/stale", "fatal": False, "detail": "seq 3", "ref": "act", "rid": 4}
    assert error(Code.FRAME_TOO_LONG)["fatal"] is True
    assert Code.ROOM_FULL not in FATAL and Code.RATE_LIMITED in FATAL
    assert validate(error(Code.ROOM_FULL, "x"), SERVER)


values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True) | st.text(max_size=40)
    | st.binary(max_size=300),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6),
    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["t", "v", "seq", "a", "h", "room", "cards", "name", "x"]), values,
                       max_size=6), st.sampled_from(sorted(CLIENT)))
def test_validation_only_ever_raises_protocol_errors(fields, t):
    msg = {**fields, "t": t}
    try:
        assert validate(msg, CLIENT) is msg
    except ProtocolError as exc:
        assert exc.code in Code


@pytest.mark.parametrize("module", [net.messages, net.framing, net.fairplay, net.session, net.discovery])
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.failed == 0
