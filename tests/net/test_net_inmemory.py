"""Clients and the server wired in memory (iosim pumps, task.Clock): the whole stack, no sockets."""

from __future__ import annotations

import msgpack
import pytest
from cheats import cheating
from twisted.internet.task import Clock
from twisted.test import iosim

from game.bots import make_bot
from net.client import LobbyClient, NetError, NetGame
from net.discovery import Announcer, DiscoveryClient, DiscoveryResponder, lobby_info
from net.server import RelayFactory
from net.session import bot_rng


class Net:
    """One server factory and any number of clients, pumped by hand."""

    def __init__(self) -> None:
        self.clock = Clock()
        self.factory = RelayFactory(self.clock, limits={"half_close": False})
        self.pumps: list[iosim.IOPump] = []
        self.connections = 0

    def connector(self, host, port, client_proto):  # type: ignore[no-untyped-def]
        self.connections += 1
        server_proto = self.factory.buildProtocol(None)
        st = iosim.FakeTransport(server_proto, isServer=True)
        ct = iosim.FakeTransport(client_proto, isServer=False)
        self.pumps.append(iosim.connect(server_proto, st, client_proto, ct, greet=False))
        return client_proto

    def flush(self, until=lambda: False, max_rounds: int = 20_000) -> None:  # type: ignore[no-untyped-def]
        for _ in range(max_rounds):
            moved = False
            for p in list(self.pumps):
                moved = p.pump() or moved
            self.pumps = [p for p in self.pumps
                          if not (p.client.transport.disconnected and p.server.transport.disconnected)]
            if until():
                return
            if not moved:
                self.clock.advance(0.1)
        raise AssertionError("did not settle")

    def game(self, bot: str = "greedy", seed: int = 1, **kw) -> NetGame:  # type: ignore[no-untyped-def]
        b = make_bot(bot)

        def choose(obs):  # type: ignore[no-untyped-def]
            side = obs.to_move().side.value
            return b.choose(obs, bot_rng(seed, side, obs.ply))
        g = NetGame(self.clock, "lobby", 1, choose=choose, **kw)
        g.client.connector = self.connector
        return g

    def client(self, name: str = "c") -> LobbyClient:
        c = LobbyClient(self.clock, name)
        c.connector = self.connector
        return c


def results(*games: NetGame) -> list:
    out: list = []
    for g in games:
        g.done.addCallback(out.append)
    return out


def test_two_players_and_a_spectator_play_a_whole_game_through_the_server():
    net = Net()
    jack, inv, watcher = net.game(seed=1), net.game(seed=2), net.game()
    joined: list = []
    jack.create("jack").addCallback(joined.append)
    net.flush(lambda: bool(joined))
    code = joined[0]["room"]
    watcher.spectate(code)
    inv.join(code)
    done = results(jack, inv, watcher)
    net.flush(lambda: len(done) == 3)
    assert [r.status for r in done] == ["finished"] * 3, [r.summary() for r in done]
    assert len({(r.winner, r.public_hash) for r in done}) == 1
    assert inv.seat is not None and inv.seat.room == code and jack.seat.role == "jack"
    assert watcher.seat is None and watcher.session.role == "spectator"


def test_a_dropped_connection_reconnects_with_the_token_and_the_game_finishes():
    net = Net()
    jack, inv = net.game(seed=3), net.game(seed=4)
    joined: list = []
    jack.create("jack").addCallback(joined.append)
    net.flush(lambda: bool(joined))
    inv.join(joined[0]["room"])
    # The deal comes from both peers' fresh nonces, so the game's length varies: the shortest
    # seen in 150 runs had 17 messages. By message 12 the first round is under way (ply 4).
    net.flush(lambda: inv.session is not None and inv.session.seq >= 12)
    assert inv.session.result is None, "the game ended before the line could drop"
    inv.client.protocol.transport.loseConnection()   # the line drops mid-game
    assert net.connections == 2
    done = results(jack, inv)
    net.flush(lambda: len(done) == 2)
    assert net.connections == 3                        # the investigator came back
    assert [r.status for r in done] == ["finished", "finished"], [r.summary() for r in done]
    assert done[0].public_hash == done[1].public_hash


def test_a_desync_stops_both_players_with_both_sides_of_the_report():
    net = Net()
    jack, inv = net.game(seed=8, session_class=cheating("hash")), net.game(seed=9)
    joined: list = []
    jack.create("jack").addCallback(joined.append)
    net.flush(lambda: bool(joined))
    inv.join(joined[0]["room"])
    done = results(jack, inv)
    net.flush(lambda: len(done) == 2)
    assert [r.status for r in done] == ["desync", "desync"]
    for r in done:
        assert set(r.desync.texts) == {"jack", "investigator"}


def test_a_player_who_leaves_resigns_and_the_other_wins_by_claim():
    net = Net()
    jack, inv = net.game(seed=5), net.game(seed=6)
    joined: list = []
    jack.create("jack").addCallback(joined.append)
    net.flush(lambda: bool(joined))
    inv.join(joined[0]["room"])
    net.flush(lambda: inv.session is not None and inv.session.seq >= 10)
    inv.client.leave()
    done = results(jack)
    net.flush(lambda: bool(done))
    assert done[0].status == "claimed" and done[0].winner == "jack" and done[0].termination == "resign"
    assert "investigator left the game" in done[0].reason


def test_the_ui_way_moves_come_later_through_play():
    net = Net()
    b = make_bot("random")
    asked: list = []
    jack = net.game(seed=7)
    inv = NetGame(net.clock, "lobby", 1, choose=lambda obs: None)
    inv.client.connector = net.connector
    inv.on_decision = asked.append
    joined: list = []
    jack.create("jack").addCallback(joined.append)
    net.flush(lambda: bool(joined))
    inv.join(joined[0]["room"])
    done = results(jack, inv)
    for _ in range(200):
        net.flush(lambda: bool(asked) or len(done) == 2)
        if len(done) == 2:
            break
        obs = asked.pop()
        assert obs.view == "investigator" and obs.rng is None and "jack=?" in str(obs)
        inv.play(b.choose(obs, bot_rng(1, "investigator", obs.ply)))
    assert [r.status for r in done] == ["finished", "finished"]


def test_lobby_client_requests_and_events():
    net = Net()
    a, b = net.client("Ann"), net.client("Bob")
    got: dict = {"chat": [], "presence": []}
    b.on_chat = got["chat"].append
    b.on_presence = got["presence"].append
    out: list = []
    a.connect("lobby", 1).addCallback(out.append)
    b.connect("lobby", 1).addCallback(out.append)
    net.flush(lambda: len(out) == 2)
    assert out[0]["t"] == "welcome"
    rooms: list = []
    a.create_room("pocket", "jack").addCallback(lambda j: rooms.append(j["room"]))
    net.flush(lambda: bool(rooms))
    b.list_rooms().addCallback(out.append)
    net.flush(lambda: len(out) == 3)
    assert [r["code"] for r in out[2]] == rooms
    errors: list = []
    b.join_room("QQQQQ").addErrback(lambda f: errors.append(f.trap(NetError) and f.value.code))
    net.flush(lambda: bool(errors))
    assert errors == ["room/not_found"]
    b.join_room(rooms[0]).addCallback(out.append)
    net.flush(lambda: len(out) == 4)
    a.chat("good luck")
    net.flush(lambda: bool(got["chat"]))
    assert got["chat"][0]["text"] == "good luck" and got["chat"][0]["from"] == "Ann"
    with pytest.raises(ValueError):
        a.send_game({"t": "chat", "text": "x"})
    a.close()
    net.flush(lambda: bool(got["presence"]))
    assert got["presence"][0] == {"t": "presence", "side": "jack", "present": False, "away": 120_000}


def test_discovery_client_collects_answers_from_a_responder():
    clock = Clock()
    responder = DiscoveryResponder(lambda: {"name": "lan", "port": 7341, "rooms": 2}, clock=clock)
    sent: list = []

    class FakeUDP:
        def __init__(self, deliver):  # type: ignore[no-untyped-def]
            self.deliver = deliver

        def write(self, data, addr):  # type: ignore[no-untyped-def]
            sent.append(data)
            self.deliver(data, ("127.0.0.1", 50000))

        def setBroadcastAllowed(self, flag):  # type: ignore[no-untyped-def]
            pass

        def stopListening(self):  # type: ignore[no-untyped-def]
            pass

    client = DiscoveryClient(clock, ("127.0.0.1", 7342), timeout=1.0)
    responder.transport = FakeUDP(client.datagramReceived)
    client.transport = FakeUDP(responder.datagramReceived)
    found: list = []
    client.done.addCallback(found.append)
    client.startProtocol()
    responder.datagramReceived(b"\xc1junk", ("127.0.0.1", 50001))
    clock.advance(1.1)
    assert found == [[{"host": "127.0.0.1", "port": 7341, "name": "lan", "rooms": 2}]]
    assert responder.answered == 1 and responder.dropped == 1


def test_the_announcer_broadcasts_the_lobby_now_and_then():
    clock = Clock()
    sent: list = []

    class FakeUDP:
        def write(self, data, addr):  # type: ignore[no-untyped-def]
            sent.append((data, addr))

        def setBroadcastAllowed(self, flag):  # type: ignore[no-untyped-def]
            assert flag

    ann = Announcer(lambda: {"name": "host", "port": 7341, "rooms": 0}, clock, ("127.0.0.1", 7342), interval=5)
    ann.transport = FakeUDP()
    ann.startProtocol()
    for _ in range(11):
        clock.advance(1)
    assert len(sent) == 3 and {addr for _, addr in sent} == {("127.0.0.1", 7342)}
    assert lobby_info(msgpack.unpackb(sent[0][0]), "10.0.0.2") == {
        "host": "10.0.0.2", "port": 7341, "name": "host", "rooms": 0}
    ann.stopProtocol()
    clock.advance(20)
    assert len(sent) == 3
