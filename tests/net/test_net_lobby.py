"""The lobby's logic with fake members: rooms, seats, the ordered log, spectators, tokens."""

from __future__ import annotations

import itertools

import msgpack
import pytest
from twisted.internet.task import Clock

from net.lobby import Lobby
from net.messages import CLIENT, Code, ProtocolError, validate


class FakeMember:
    def __init__(self, name: str = "m") -> None:
        self.name = name
        self.inbox: list[dict] = []
        self.closed = False

    def send(self, msg: dict) -> None:
        self.inbox.append(msgpack.unpackb(msgpack.packb(msg, use_bin_type=True), raw=False))

    def send_bytes(self, data: bytes) -> None:
        self.inbox.append(msgpack.unpackb(data, raw=False))

    def close(self) -> None:
        self.closed = True

    def last(self, t: str | None = None) -> dict:
        return next(m for m in reversed(self.inbox) if t is None or m["t"] == t)

    def types(self) -> list[str]:
        return [m["t"] for m in self.inbox]


def make_lobby(**kw) -> tuple[Lobby, Clock]:  # type: ignore[no-untyped-def]
    clock = Clock()
    codes = itertools.cycle("ABCDEFGH")
    tokens = (f"token-{i:020d}" for i in itertools.count())
    ids = (f"{i:032x}" for i in itertools.count(1))
    lobby = Lobby(clock, choice=lambda seq: next(codes) if len(seq) > 2 else seq[0],
                  token=lambda: next(tokens), game_id=lambda: next(ids), **kw)
    return lobby, clock


def say(lobby: Lobby, member: FakeMember, **msg) -> dict:  # type: ignore[no-untyped-def]
    lobby.handle(member, validate(msg, CLIENT))
    return member.inbox[-1] if member.inbox else {}


def greeted(lobby: Lobby, name: str) -> FakeMember:
    m = FakeMember()
    assert say(lobby, m, t="hello", v=2, name=name)["t"] == "welcome"
    assert m.name == name
    return m


def started_room(lobby: Lobby) -> tuple[FakeMember, FakeMember, str]:
    a, b = greeted(lobby, "Ann"), greeted(lobby, "Bob")
    joined = say(lobby, a, t="create", game="pocket", side="jack", rid=1)
    assert joined["role"] == "jack" and joined["rid"] == 1 and not joined["started"]
    code = joined["room"]
    say(lobby, b, t="join", room=code.lower())
    assert b.last("joined")["role"] == "investigator"
    assert a.last()["t"] == "start" and b.last()["t"] == "start"
    assert a.last("start")["game_id"] == b.last("start")["game_id"]
    return a, b, code


def act(seq: int) -> dict:
    return {"t": "act", "seq": seq, "a": ["holmes", 1], "h": "0" * 32}


def test_hello_first_and_only_once():
    lobby, _ = make_lobby()
    m = FakeMember()
    with pytest.raises(ProtocolError) as exc:
        say(lobby, m, t="list")
    assert exc.value.code is Code.HELLO_REQUIRED
    say(lobby, m, t="hello", v=2)
    with pytest.raises(ProtocolError) as exc:
        say(lobby, m, t="hello", v=2)
    assert exc.value.code is Code.MSG_UNEXPECTED
    with pytest.raises(ProtocolError) as exc:
        say(lobby, FakeMember(), t="hello", v=1)
    assert exc.value.code is Code.HELLO_VERSION
    assert "please update" in exc.value.detail     # an old game is told what to do


def test_open_public_rooms_are_listed_and_private_ones_are_not():
    lobby, _ = make_lobby()
    a, b, c = greeted(lobby, "Ann"), greeted(lobby, "Bob"), greeted(lobby, "Cy")
    say(lobby, a, t="create", game="pocket", side="investigator")
    say(lobby, b, t="create", game="jack-pocket", side="jack", private=True)
    rooms = say(lobby, c, t="list", rid=9)
    assert rooms["rid"] == 9
    assert [(r["host"], r["open"], r["status"]) for r in rooms["rooms"]] == [("Ann", ["jack"], "waiting")]
    private = b.last("joined")
    assert private["private"] and private["game"] == "pocket"
    say(lobby, c, t="join", room=private["room"])       # a private room is joined by its code
    assert c.last("joined")["role"] == "investigator"


def test_join_refusals_keep_the_connection():
    lobby, _ = make_lobby()
    a, b, _ = started_room(lobby)
    c = greeted(lobby, "Cy")
    assert say(lobby, c, t="join", room="ZZZZZ")["code"] == "room/not_found"
    assert say(lobby, c, t="join", room=a.last("joined")["room"])["code"] == "room/full"
    assert say(lobby, a, t="create", game="pocket", side="jack")["code"] == "room/already_in"
    assert say(lobby, c, t="create", game="chess", side="jack")["code"] == "game/unknown"
    d = greeted(lobby, "Di")
    say(lobby, d, t="create", game="pocket", side="jack")
    assert say(lobby, c, t="join", room=d.last("joined")["room"], side="jack")["code"] == "room/side_taken"
    assert not c.closed


def test_the_relay_orders_actions_and_rejects_stale_and_skipped_seqs():
    lobby, _ = make_lobby()
    a, b, code = started_room(lobby)
    say(lobby, a, **act(1))
    assert a.last() == b.last() == {**act(1), "from": "jack"}
    say(lobby, b, **act(2))
    assert a.last()["from"] == "investigator" and a.last()["seq"] == 2
    assert say(lobby, a, **act(2))["code"] == "action/stale"     # a duplicate
    assert say(lobby, a, **act(1))["code"] == "action/stale"
    assert say(lobby, a, **act(9))["code"] == "action/ahead"
    bad = {"t": "act", "seq": 3, "a": ["teleport", 9], "h": "0" * 32}
    assert say(lobby, a, **bad)["code"] == "action/bad"
    assert lobby.rooms[code].seq == 2


def test_game_messages_need_a_seat_in_a_started_room():
    lobby, _ = make_lobby()
    a = greeted(lobby, "Ann")
    assert say(lobby, a, **act(1))["code"] == "room/not_in_room"
    say(lobby, a, t="create", game="pocket", side="jack")
    assert say(lobby, a, **act(1))["code"] == "room/not_started"
    s = greeted(lobby, "Spy")
    say(lobby, s, t="spectate", room=a.last("joined")["room"])
    assert say(lobby, s, **act(1))["code"] == "action/not_player"


def test_spectators_get_the_log_and_the_live_stream_but_no_token():
    lobby, _ = make_lobby()
    a, b, code = started_room(lobby)
    say(lobby, a, **act(1))
    s = greeted(lobby, "Spy")
    say(lobby, s, t="spectate", room=code)
    joined = next(m for m in s.inbox if m["t"] == "joined")
    assert joined["role"] == "spectator" and "token" not in joined and joined["seq"] == 1
    assert s.types()[-2:] == ["act", "synced"]
    say(lobby, b, **act(2))
    say(lobby, a, t="chat", text="hi")
    assert s.types()[-2:] == ["act", "chat"] and s.last()["role"] == "jack"
    assert all("token" not in m for m in s.inbox)


def test_a_dropped_player_rejoins_with_its_token_and_catches_up():
    lobby, clock = make_lobby()
    a, b, code = started_room(lobby)
    token = a.last("joined")["token"]
    for seq in (1, 2, 3):
        say(lobby, a if seq % 2 else b, **act(seq))
    lobby.disconnected(a)
    assert b.last() == {"t": "presence", "side": "jack", "present": False, "away": 120_000}
    say(lobby, b, **act(4))                           # play goes on into the log
    a2 = greeted(lobby, "Ann")
    assert say(lobby, a2, t="rejoin", room=code, token="x" * 20, since=0)["code"] == "room/bad_token"
    say(lobby, a2, t="rejoin", room=code, token=token, since=2)
    assert a2.types()[-4:] == ["joined", "act", "act", "synced"]
    assert [m["seq"] for m in a2.inbox if m["t"] == "act"] == [3, 4]
    assert b.last() == {"t": "presence", "side": "jack", "present": True}
    say(lobby, a2, **act(5))
    assert b.last()["seq"] == 5


def test_a_rejoin_takes_the_seat_over_from_a_stale_connection():
    lobby, _ = make_lobby()
    a, b, code = started_room(lobby)
    token = a.last("joined")["token"]
    a2 = greeted(lobby, "Ann")
    say(lobby, a2, t="rejoin", room=code, token=token, since=0)
    assert a.closed and a.last()["code"] == "room/replaced"
    say(lobby, b, **act(1))
    assert a2.last()["seq"] == 1 and a.last()["t"] == "error"


def test_leaving_a_started_game_abandons_the_seat():
    lobby, _ = make_lobby()
    a, b, code = started_room(lobby)
    token = a.last("joined")["token"]
    assert say(lobby, a, t="leave", rid=4) == {"t": "left", "room": code, "rid": 4}
    assert b.last() == {"t": "presence", "side": "jack", "present": False, "left": True}
    a2 = greeted(lobby, "Ann")
    assert say(lobby, a2, t="rejoin", room=code, token=token, since=0)["code"] == "room/bad_token"
    assert say(lobby, a2, t="leave")["code"] == "room/not_in_room"


def test_an_unstarted_room_closes_when_its_creator_leaves():
    lobby, _ = make_lobby()
    a = greeted(lobby, "Ann")
    code = say(lobby, a, t="create", game="pocket", side="jack")["room"]
    say(lobby, a, t="leave")
    assert code not in lobby.rooms


def test_an_empty_started_room_expires_after_the_grace_period():
    lobby, clock = make_lobby(room_grace=60.0)
    a, b, code = started_room(lobby)
    lobby.disconnected(a)
    clock.advance(30)
    lobby.disconnected(b)
    clock.advance(59)
    assert code in lobby.rooms
    clock.advance(2)
    assert code not in lobby.rooms


def test_a_room_is_over_after_both_keys_are_opened():
    lobby, _ = make_lobby()
    a, b, code = started_room(lobby)
    say(lobby, a, t="open", seq=1, m=b"\1" * 32)
    say(lobby, b, t="open", seq=2, m=b"\2" * 32)
    assert lobby.rooms[code].status == "over"
    assert say(lobby, a, **act(3))["code"] == "room/over"
    lobby.disconnected(a)
    lobby.disconnected(b)
    assert code not in lobby.rooms            # nothing to come back for


def test_limits_on_rooms_spectators_and_log():
    lobby, _ = make_lobby(max_rooms=1, max_spectators=1, max_log=2)
    a, b, code = started_room(lobby)
    c = greeted(lobby, "Cy")
    assert say(lobby, c, t="create", game="pocket", side="jack")["code"] == "server/no_rooms"
    say(lobby, c, t="spectate", room=code)
    d = greeted(lobby, "Di")
    assert say(lobby, d, t="spectate", room=code)["code"] == "room/full"
    say(lobby, a, **act(1))
    say(lobby, b, **act(2))
    assert say(lobby, a, **act(3))["code"] == "room/log_full"


def test_london_and_newyork_rooms_carry_their_game_and_edition():
    """A room names its game and (London) printing in joined, start and the room list; bad ones are refused."""
    lobby, _ = make_lobby()
    a, b, c = greeted(lobby, "Ann"), greeted(lobby, "Bob"), greeted(lobby, "Cy")
    assert say(lobby, c, t="create", game="london", side="jack", edition="1888")["code"] == "game/unknown"
    assert say(lobby, c, t="create", game="pocket", side="jack", edition="2016")["code"] == "game/unknown"
    assert say(lobby, c, t="create", game="newyork", side="jack", edition="2006")["code"] == "game/unknown"
    joined = say(lobby, a, t="create", game="mr-jack", side="jack", edition="2016")
    assert joined["game"] == "london" and joined["edition"] == "2016"
    say(lobby, c, t="create", game="ny", side="investigator")
    assert c.last("joined")["game"] == "newyork" and "edition" not in c.last("joined")
    rooms = {r["game"]: r for r in say(lobby, b, t="list")["rooms"]}
    assert rooms["london"]["edition"] == "2016" and "edition" not in rooms["newyork"]
    say(lobby, b, t="join", room=joined["room"])
    for m in (a, b):
        start = m.last("start")
        assert start["game"] == "london" and start["edition"] == "2016"
    assert b.last("joined")["edition"] == "2016"
    d = greeted(lobby, "Di")
    assert say(lobby, d, t="create", game="london", side="any")["edition"] == "2006"   # the default printing
