"""Clocks, fallen flags, the vanished-opponent countdown and claims, on a fake reactor clock."""

from __future__ import annotations

import pytest
from test_net_inmemory import Net, results
from test_net_lobby import FakeMember, greeted, make_lobby, say

from net.clock import ClockSpec, GameClock, parse_clock
from net.lobby import Lobby
from net.store import SqliteStore


def act(seq: int, turn: str) -> dict:
    return {"t": "act", "seq": seq, "a": ["holmes", 1], "h": "0" * 32, "turn": turn}


def rejoined(lobby: Lobby, room: str, token: str) -> FakeMember:
    back = FakeMember()
    say(lobby, back, t="hello", v=2, name="Ann")
    say(lobby, back, t="rejoin", room=room, token=token, since=0)
    return back


def clocked_room(lobby: Lobby, clock: str) -> tuple[FakeMember, FakeMember]:
    a, b = greeted(lobby, "Ann"), greeted(lobby, "Bob")
    joined = say(lobby, a, t="create", game="pocket", side="jack", clock=clock)
    say(lobby, b, t="join", room=joined["room"])
    assert b.last("joined").get("clock") == (None if clock == "none" else parse_clock(clock).text())
    return a, b


@pytest.mark.parametrize("text, spec", [
    ("none", ClockSpec()), ("", ClockSpec()), ("60s", ClockSpec("move", 60.0)),
    ("10+5", ClockSpec("total", 600.0, 5.0)), ("3+0/300", ClockSpec("total", 180.0, 0.0, 300.0)),
    ("none/30", ClockSpec("none", away=30.0)),
])
def test_clocks_are_chosen_by_text(text, spec):
    assert parse_clock(text) == spec
    assert parse_clock(spec.text()) == spec


@pytest.mark.parametrize("text", ["10", "10+", "2s", "999+0", "10+5/5", "fast", "10+5/x"])
def test_a_clock_the_server_does_not_offer_is_refused_with_a_reason(text):
    with pytest.raises(ValueError, match="."):
        parse_clock(text)
    lobby, _ = make_lobby()
    m = greeted(lobby, "Ann")
    reply = say(lobby, m, t="create", game="pocket", side="jack", clock=text)
    assert reply["t"] == "error" and reply["code"] == "clock/bad" and not reply["fatal"] and not lobby.rooms


def test_a_total_with_an_increment_charges_the_side_to_move_and_adds_after_its_turn():
    c = GameClock(parse_clock("1+5"))
    c.turn("jack", 0.0)
    c.turn("jack", 10.0)              # still Jack's (Pocket: two characters in a row)
    assert c.time_left("jack", 20.0) == 40.0
    c.turn("investigator", 20.0)
    assert c.left["jack"] == 45.0 and c.time_left("investigator", 30.0) == 50.0
    c.turn(None, 30.0)
    assert c.running is None and c.left["investigator"] == 55.0


def test_a_time_per_move_starts_afresh_each_turn():
    c = GameClock(parse_clock("30s"))
    c.turn("jack", 0.0)
    c.turn("investigator", 25.0)
    assert c.left["jack"] == 5.0 and c.time_left("investigator", 25.0) == 30.0
    c.turn("jack", 26.0)
    assert c.time_left("jack", 26.0) == 30.0


def test_flag_fall_is_stamped_by_the_server_and_the_opponent_may_claim_it():
    lobby, clock = make_lobby()
    a, b = clocked_room(lobby, "1+0")
    say(lobby, b, **act(1, "jack"))
    assert b.last("clock") == {"t": "clock", "jack": 60_000, "investigator": 60_000, "run": "jack"}
    early = say(lobby, b, t="claim", reason="flag", rid=4)
    assert early["code"] == "claim/refused" and early["rid"] == 4
    clock.advance(59.0)
    assert "flag" not in b.last("clock")
    clock.advance(1.5)
    flag = b.last("clock")
    assert flag["flag"] == "jack" and flag["jack"] == 0 and a.last("clock") == flag
    assert say(lobby, a, t="claim", reason="flag")["code"] == "claim/refused"   # not one's own flag
    say(lobby, b, t="claim", reason="flag", rid=5)
    assert b.last("claimed") == {"t": "claimed", "side": "investigator", "reason": "flag", "rid": 5}
    assert a.last("claimed") == {"t": "claimed", "side": "investigator", "reason": "flag"}
    room = next(iter(lobby.rooms.values()))
    assert room.claim == {"side": "investigator", "reason": "flag", "seq": 1} and room.status == "over"
    assert say(lobby, a, **act(2, "investigator"))["code"] == "room/over"        # no more moves


def test_without_a_clock_no_time_is_kept_and_no_flag_can_be_claimed():
    lobby, clock = make_lobby()
    a, b = clocked_room(lobby, "none")
    say(lobby, b, **act(1, "jack"))
    clock.advance(10_000)
    assert "clock" not in a.types() + b.types()
    assert say(lobby, b, t="claim", reason="flag")["code"] == "claim/refused"


def test_a_vanished_opponent_starts_a_visible_countdown_then_the_game_may_be_claimed():
    lobby, clock = make_lobby()
    a, b = clocked_room(lobby, "none/60")
    say(lobby, b, **act(1, "jack"))
    lobby.disconnected(a)
    assert b.last() == {"t": "presence", "side": "jack", "present": False, "away": 60_000}
    clock.advance(30)
    refused = say(lobby, b, t="claim", reason="away")
    assert refused["code"] == "claim/refused" and "30 s" in refused["detail"]
    clock.advance(31)
    say(lobby, b, t="claim", reason="away")
    assert b.last() == {"t": "claimed", "side": "investigator", "reason": "away"}


def away_room(clock_text: str):  # type: ignore[no-untyped-def]
    """A started room with that clock: the lobby, its clock, Ann (Jack) and Bob, the code, Ann's token."""
    lobby, clock = make_lobby()
    a, b = clocked_room(lobby, clock_text)
    return lobby, clock, a, b, next(iter(lobby.rooms)), a.last("joined")["token"]


def test_the_present_player_may_keep_waiting_and_the_vanished_one_comes_back():
    lobby, clock, a, b, room, token = away_room("none/60")
    lobby.disconnected(a)
    clock.advance(300)                                   # past the countdown: nobody claims
    back = rejoined(lobby, room, token)
    assert back.last("joined")["role"] == "jack"
    assert b.last() == {"t": "presence", "side": "jack", "present": True}
    assert say(lobby, b, t="claim", reason="away")["code"] == "claim/refused"


def test_a_player_coming_back_sees_the_other_ones_countdown():
    lobby, clock, a, b, room, token = away_room("none/100")
    lobby.disconnected(b)
    lobby.disconnected(a)
    clock.advance(40)
    back = rejoined(lobby, room, token)
    assert back.last() == {"t": "presence", "side": "investigator", "present": False, "away": 60_000}


def test_a_restart_keeps_the_clocks_and_the_claim(tmp_path):
    path = str(tmp_path / "c.db")
    lobby, clock = make_lobby(store=SqliteStore(path))
    a, b = clocked_room(lobby, "1+0")
    say(lobby, b, **act(1, "jack"))
    clock.advance(20)
    say(lobby, a, **act(2, "investigator"))
    lobby.stop()
    again = Lobby(clock, store=SqliteStore(path))
    room = next(iter(again.rooms.values()))
    assert room.clock.left == {"jack": 40.0, "investigator": 60.0} and room.clock.running == "investigator"
    clock.advance(61)                                     # (the reborn lobby re-armed the flag)
    assert room.clock.flagged == "investigator"
    watcher = FakeMember()
    say(again, watcher, t="hello", v=2, name="Eve")
    say(again, watcher, t="spectate", room=room.code)
    assert watcher.last("clock")["flag"] == "investigator"


def test_claims_reach_both_games_as_results_with_the_winner():
    net = Net()
    net.factory.lobby.room_grace = 10_000
    jack, inv = net.game(seed=1), net.game(seed=2)
    joined: list = []
    jack.create("jack", clock="none/30").addCallback(joined.append)
    net.flush(lambda: bool(joined))
    inv.join(joined[0]["room"])
    net.flush(lambda: inv.session is not None and inv.session.seq >= 10)
    inv.close()                                           # the investigator's program vanishes
    net.flush(lambda: jack.away_left("investigator") is not None)
    assert jack.claimable() is None and 29 < jack.away_left("investigator") <= 30
    net.clock.advance(31)
    assert jack.claimable() == "away"
    done = results(jack)
    jack.claim_win("away")
    net.flush(lambda: bool(done))
    r = done[0]
    assert (r.status, r.winner, r.termination) == ("claimed", "jack", "away") and jack.claim["side"] == "jack"
    assert "investigator did not come back in time" in r.reason


def test_a_spectator_cannot_claim():
    lobby, clock = make_lobby()
    a, b = clocked_room(lobby, "none/10")
    watcher = greeted(lobby, "Eve")
    say(lobby, watcher, t="spectate", room=next(iter(lobby.rooms)))
    lobby.disconnected(a)
    clock.advance(20)
    assert say(lobby, watcher, t="claim", reason="away")["code"] == "action/not_player"


def test_a_peer_lying_about_whose_turn_it_is_to_spend_the_others_time_is_caught(monkeypatch):
    import net.client as client

    honest = client.turn_after

    def lying(session, wire):  # type: ignore[no-untyped-def]
        told = honest(session, wire)
        return "investigator" if session.role == "jack" and told == "jack" else told
    monkeypatch.setattr(client, "turn_after", lying)
    net = Net()
    jack, inv = net.game(seed=1), net.game(seed=2)
    joined: list = []
    jack.create("jack", clock="10+0").addCallback(joined.append)
    net.flush(lambda: bool(joined))
    inv.join(joined[0]["room"])
    done = results(inv)
    net.flush(lambda: bool(done))
    assert done[0].status == "aborted" and "jack misreported whose turn it is" in done[0].reason
