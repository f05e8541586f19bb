"""Issue 13, attack 1: nobody but a seat's key holder can move in its name, not even the relay."""

from __future__ import annotations

from test_net_inmemory import Net, results

from net.client import NetError
from net.framing import packb
from net.keys import SeatKey, message_bytes, verify_message
from net.messages import Code


def started(net: Net, jack_seed: int = 1, inv_seed: int = 2, until: int = 12):  # type: ignore[no-untyped-def]
    jack, inv = net.game(seed=jack_seed), net.game(seed=inv_seed)
    joined: list = []
    jack.create("jack").addCallback(joined.append)
    net.flush(lambda: bool(joined))
    inv.join(joined[0]["room"])
    net.flush(lambda: inv.session is not None and inv.session.seq >= until)
    return jack, inv, joined[0]["room"]


def test_a_leaked_token_alone_takes_no_seat():
    net = Net()
    jack, inv, code = started(net)
    thief = net.client("eve")
    got: list = []
    thief.connect("lobby", 1).addCallback(lambda _: thief.rejoin(code, inv.seat.token, 0)).addBoth(got.append)
    net.flush(lambda: bool(got))
    assert isinstance(got[0].value, NetError) and got[0].value.code == Code.ROOM_BAD_TOKEN.value
    # A proof made with another key fails the same way, and the seat stays with its owner.
    got.clear()
    thief.rejoin(code, inv.seat.token, 0, SeatKey.new(), "investigator").addBoth(got.append)
    net.flush(lambda: bool(got))
    assert isinstance(got[0].value, NetError) and got[0].value.code == Code.ROOM_BAD_TOKEN.value
    done = results(jack, inv)
    net.flush(lambda: len(done) == 2)
    assert [r.status for r in done] == ["finished", "finished"], [r.summary() for r in done]


def test_the_relay_refuses_a_message_its_seat_key_did_not_sign():
    net = Net()
    jack, inv, code = started(net)
    room = net.factory.lobby.rooms[code]
    before = len(room.log)
    member = room.seats["investigator"].member
    bad = {"t": "act", "seq": room.seq + 1, "a": ["pass"], "h": "0" * 32, "sig": b"\0" * 64}
    net.factory.lobby.handle(member, bad)
    assert len(room.log) == before and net.factory.lobby.forged == 1


def test_a_message_the_relay_forges_is_never_applied_and_both_peers_say_so():
    net = Net()
    jack, inv, code = started(net)
    lobby = net.factory.lobby
    room = lobby.rooms[code]
    done = results(jack, inv)
    # A hostile relay writes a move in the investigator's name straight into the log, signed by nobody.
    forged = {"t": "act", "seq": room.seq + 1, "a": ["pass"], "h": "0" * 32, "sig": b"\1" * 64,
              "from": "investigator"}
    data = packb(forged)
    room.log.append(data)
    for m in room.members():
        m.send_bytes(data)
    net.flush(lambda: len(done) == 2)
    for r in done:
        assert r.status == "violation" and r.finding["side"] == "relay" and r.finding["what"] == "forged a message"
        assert r.forgeries and r.forgeries[0]["seq"] == forged["seq"]
        assert "not signed" in r.reason and "was not applied" in r.reason
    assert jack.session.tr.steps[-1].seq < forged["seq"] and inv.session.tr.steps[-1].seq < forged["seq"]


def test_signatures_cover_game_id_seq_sender_and_body():
    key = SeatKey.new()
    msg = key.sign_message("a" * 32, "jack", {"t": "act", "seq": 5, "a": ["pass"], "h": "0" * 32})
    assert verify_message(key.public, "a" * 32, "jack", msg)
    assert not verify_message(key.public, "b" * 32, "jack", msg)              # another game
    assert not verify_message(key.public, "a" * 32, "investigator", msg)      # another sender
    assert not verify_message(key.public, "a" * 32, "jack", {**msg, "seq": 6})
    assert not verify_message(key.public, "a" * 32, "jack", {**msg, "a": ["to", "c3"]})
    assert verify_message(key.public, "a" * 32, "jack", {**msg, "from": "jack"})   # the relay's stamp is fine
    assert message_bytes("a" * 32, 5, "jack", {"b": 1, "a": 2}) == message_bytes("a" * 32, 5, "jack", {"a": 2, "b": 1})


def test_a_relay_that_keeps_skipping_a_message_gets_no_reconnect_loop():
    """Issue 13, attack 2: the same bad replay after every reconnect used to loop forever."""
    from net.client import MAX_GAPS

    net = Net()
    jack, inv, code = started(net)
    room = net.factory.lobby.rooms[code]
    done = results(jack, inv)
    before = net.connections
    data = packb({"t": "act", "seq": room.seq + 2, "a": ["pass"], "h": "0" * 32, "from": "jack"})
    room.log.append(data)          # a log entry numbered one too far: replayed on every rejoin
    for m in room.members():
        m.send_bytes(data)
    net.flush(lambda: len(done) == 2)
    assert net.connections - before <= 2 * MAX_GAPS
    assert all(r.status == "aborted" and "keeps skipping" in r.reason for r in done), [r.reason for r in done]
