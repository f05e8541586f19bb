"""Rematch: once a game is over, both players may start another with the same settings, sides swapped."""

from __future__ import annotations

import pytest
from nethelp import Proc, start_server
from test_net_inmemory import Net, results
from test_net_lobby import greeted, make_lobby, say

from net.identity import Identity
from net.keys import SeatKey
from net.messages import CLIENT, Code, ProtocolError, validate

SIDES = {"jack", "investigator"}


def played(net: Net, game: str = "pocket", **create):  # type: ignore[no-untyped-def]
    """Ann (Jack) and Bob play one game to its audited end; both stay connected."""
    ann = net.game(seed=21, identity=Identity.new("Ann"), name="Ann")
    bob = net.game(seed=22, identity=Identity.new("Bob"), name="Bob")
    joined: list = []
    ann.create("jack", game, **create).addCallback(joined.append)
    net.flush(lambda: bool(joined))
    bob.join(joined[0]["room"])
    done = results(ann, bob)
    net.flush(lambda: len(done) == 2)
    assert [r.status for r in done] == ["finished", "finished"]
    return ann, bob


def test_a_rematch_is_played_through_to_the_end_with_sides_swapped():
    net = Net()
    ann, bob = played(net)
    old = ann.room
    offers: list = []
    bob.on_rematch_offer = offers.append
    seats: list = []
    ann.on_seat = bob.on_seat = seats.append
    ann.offer_rematch()
    net.flush(lambda: bool(offers))
    assert offers == ["jack"] and bob.rematch == "asked" and ann.rematch == "offered"
    first_key = ann.seat.key
    bob.offer_rematch()
    net.flush(lambda: ann.rematch_of == old and bob.rematch_of == old)    # a new game, a new ``done``
    done = results(ann, bob)
    net.flush(lambda: len(done) == 2)
    assert [r.status for r in done] == ["finished", "finished"], [r.summary() for r in done]
    assert done[0].public_hash == done[1].public_hash
    assert ann.role == "investigator" and bob.role == "jack"               # sides swapped
    assert ann.room == bob.room != old and ann.rematch_of == old == bob.rematch_of
    assert ann.seat.key != first_key and ann.seat.room == ann.room          # a fresh seat
    assert {s.room for s in seats} == {ann.room} and ann.rematch is None
    lobby = net.factory.lobby
    assert old not in lobby.rooms                                           # nobody left in the old room


def test_a_declined_rematch_tells_the_one_who_asked():
    net = Net()
    ann, bob = played(net)
    declined: list = []
    ann.on_rematch_declined = declined.append
    ann.offer_rematch()
    net.flush(lambda: bob.rematch == "asked")
    bob.decline_rematch()
    net.flush(lambda: bool(declined))
    assert declined == ["investigator"] and ann.rematch == "declined" and bob.rematch is None
    assert ann.room == bob.room and ann.session.over                         # nothing new started


def test_a_rematch_asked_after_the_other_left_is_unavailable():
    net = Net()
    ann, bob = played(net)
    bob.close()
    net.flush(lambda: net.factory.lobby.rooms[ann.room].seats["investigator"].member is None)
    told: list = []
    ann.on_rematch_declined = told.append
    ann.offer_rematch()
    net.flush(lambda: ann.rematch == "unavailable")
    assert told == ["investigator"]


# ------------------------------------------------------------------ the lobby (fake members)
def rematch(me: Identity | None = None, **extra) -> dict:  # type: ignore[no-untyped-def]
    pub = SeatKey.new().public
    return {"t": "rematch", "pub": pub, **(me.owner_fields(pub) if me else {}), **extra}


def finished_room(lobby, **create):  # type: ignore[no-untyped-def]
    a, b = greeted(lobby, "Ann"), greeted(lobby, "Bob")
    code = say(lobby, a, t="create", side="jack", **create)["room"]
    say(lobby, b, t="join", room=code)
    room = lobby.rooms[code]
    lobby._claim(room, "jack", "away")       # over: decided by a claim
    return a, b, room


def test_the_rematch_keeps_game_edition_clock_privacy_and_rating_flag():
    lobby, clock = make_lobby()
    a, b, room = finished_room(lobby, game="london", edition="2016", private=True, clock="10+5")
    room.rated = False
    for name in ("x", "y", "z"):      # the address holds its four rooms: a rematch takes its room's place
        say(lobby, greeted(lobby, name), t="create", game="pocket", side="jack")
    assert lobby.admission.rooms("?") == lobby.admission.max_rooms
    ann, bob = Identity.new("Ann"), Identity.new("Bob")
    say(lobby, a, **rematch(ann))
    assert b.last() == {"t": "rematch_offer", "from": "jack"}
    say(lobby, b, **rematch(bob))
    for m, role in ((a, "investigator"), (b, "jack")):
        assert m.types()[-2:] == ["joined", "start"]
        joined, start = m.inbox[-2], m.inbox[-1]
        assert joined["role"] == role and joined["rematch_of"] == room.code and joined["private"]
        assert joined["edition"] == "2016" and joined["clock"] == "10+5" and joined["game"] == "london"
        assert start["rematch_of"] == room.code and start["rated"] is False and "quick" not in start
        assert start["ids"] == {"jack": bob.public, "investigator": ann.public}
    new = lobby.rooms[a.last("joined")["room"]]
    assert new is not room and len(new.code) == 10 and new.watch and new.clock.spec.text() == "10+5"
    assert room.seats["jack"].member is None and lobby.where[a].room is new
    assert room.code not in lobby.rooms and lobby.admission.rooms("?") == lobby.admission.max_rooms


def test_no_rematch_before_the_game_is_over_nor_for_spectators():
    lobby, clock = make_lobby()
    a, b = greeted(lobby, "Ann"), greeted(lobby, "Bob")
    code = say(lobby, a, t="create", game="pocket", side="jack")["room"]
    assert say(lobby, a, **rematch())["code"] == Code.REMATCH_UNAVAILABLE.value   # waiting room
    say(lobby, b, t="join", room=code)
    assert say(lobby, a, **rematch())["code"] == Code.REMATCH_UNAVAILABLE.value   # being played
    watcher = greeted(lobby, "Cy")
    say(lobby, watcher, t="spectate", room=code)
    lobby._claim(lobby.rooms[code], "jack", "flag")
    assert say(lobby, watcher, **rematch())["code"] == Code.REMATCH_UNAVAILABLE.value
    assert say(lobby, greeted(lobby, "Dee"), **rematch())["code"] == Code.REMATCH_UNAVAILABLE.value


def test_an_aborted_game_may_be_rematched_and_a_left_one_not():
    lobby, clock = make_lobby()
    a, b = greeted(lobby, "Ann"), greeted(lobby, "Bob")
    code = say(lobby, a, t="create", game="pocket", side="jack")["room"]
    say(lobby, b, t="join", room=code)
    say(lobby, a, t="abort", seq=1, reason="cheat")
    say(lobby, a, **rematch())
    assert b.last() == {"t": "rematch_offer", "from": "jack"}
    say(lobby, b, t="leave")
    assert say(lobby, a, **rematch())["code"] == Code.REMATCH_UNAVAILABLE.value


def test_a_rematch_offer_with_a_forged_identity_or_without_a_seat_key():
    lobby, clock = make_lobby()
    a, b, room = finished_room(lobby, game="pocket")
    forged = rematch(Identity.new("Ann"))
    forged["id_sig"] = Identity.new("Mallory").sign_seat(forged["pub"])
    assert say(lobby, a, **forged)["code"] == Code.ID_BAD.value
    assert "rematch_offer" not in b.types()
    with pytest.raises(ProtocolError) as exc:
        lobby.handle(a, validate({"t": "rematch"}, CLIENT))        # accepting needs the new seat's key
    assert exc.value.code is Code.MSG_MISSING_FIELD
    say(lobby, a, t="rematch", accept=False)
    assert b.last() == {"t": "rematch_declined", "from": "jack"}


# ------------------------------------------------------------------ real sockets: run.py autoplay
def test_autoplay_quick_then_rematch_over_loopback(tmp_path):
    """Two ``autoplay --quick --rematch`` players find each other in the queue, play, and play the
    rematch with sides swapped: a final line per game, both verified, exit 0."""
    server, port, _ = start_server()
    procs: list[Proc] = []
    try:
        procs += [Proc(["run.py", "autoplay", "--server", f"127.0.0.1:{port}", "--game", "pocket", "--bot", "greedy",
                       "--quick", "--rematch", "--timeout", "60", "--seed", str(n),
                       "--state-dir", str(tmp_path / name)]) for n, name in ((1, "a"), (2, "b"))]
        lines = [[p.json_line(60) for _ in range(4)] for p in procs]
        assert [p.wait(30) for p in procs] == [0, 0]
    finally:
        for p in procs:
            p.kill()
        server.stop()
    (seat_a, first_a, again_a, second_a), (seat_b, first_b, again_b, second_b) = lines
    assert seat_a["quick"] and seat_a["room"] == seat_b["room"] and {seat_a["side"], seat_b["side"]} == SIDES
    assert again_a["rematch_of"] == seat_a["room"] and again_a["side"] != seat_a["side"]
    assert again_b["side"] != seat_b["side"] and again_a["room"] == again_b["room"]
    for first, second in ((first_a, second_a), (first_b, second_b)):
        assert first["verified"] and second["verified"] and first["quick"] and second["rematch_of"]
    assert first_a["hash"] == first_b["hash"] and second_a["hash"] == second_b["hash"]
    assert (tmp_path / "a" / "identity.json").exists() and (tmp_path / "b" / "identity.json").exists()


def test_after_a_game_quick_match_leaves_its_room_and_finds_the_next_game():
    net = Net()
    ann, bob = played(net)
    old = ann.room
    for g in (ann, bob):
        g.quick_match("pocket")
    net.flush(lambda: ann.quick and bob.quick)
    done = results(ann, bob)
    net.flush(lambda: len(done) == 2)
    assert [r.status for r in done] == ["finished", "finished"]
    assert ann.room == bob.room != old and ann.rematch_of is None
