"""Quick match: the pure queue (windows, best pair first, sides by history), 50 scripted players on a
fake clock, and the lobby's ``queue``/``unqueue`` with fake members."""

from __future__ import annotations

import random
import statistics

import pytest
from test_net_attack_lobby import decode, server_conn
from test_net_inmemory import Net, results
from test_net_lobby import greeted, make_lobby, say
from twisted.internet.task import Clock

from net.framing import packb
from net.identity import Identity
from net.keys import SeatKey
from net.matchmaking import (
    BASE,
    MAX_WINDOW,
    RD_SHARE,
    WIDEN,
    AlreadyQueued,
    QuickMatch,
    jack_balance,
    jack_recency,
)
from net.messages import PROTOCOL_VERSION, Code
from net.server import RelayFactory

Q = ("pocket", None, "none")


def ident(n: int) -> bytes:
    return n.to_bytes(32, "big")


def queue_of(ratings: dict[bytes, tuple[float, float]], history: dict[bytes, list[str]] | None = None,
             seed: int = 7) -> QuickMatch:
    history = history if history is not None else {}
    return QuickMatch(lambda pub, game: ratings.get(pub, (1500.0, 350.0)),
                      lambda pub, game: list(history.get(pub, [])), random.Random(seed))


# ------------------------------------------------------------------ the window
def test_the_window_starts_narrow_with_the_deviation_and_widens_with_waiting():
    q = queue_of({ident(1): (1500, 50), ident(2): (1500, 350)})
    sure = q.add("a", ident(1), Q, now=0.0)
    new = q.add("b", ident(2), Q, now=0.0)
    assert sure.window(0.0) == BASE + RD_SHARE * 50 == 112.5
    assert new.window(0.0) == BASE + RD_SHARE * 350 == 187.5
    assert sure.window(10.0) == 112.5 + 10 * WIDEN
    assert sure.window(10_000.0) == MAX_WINDOW


def test_a_far_pair_waits_until_both_windows_reach_the_gap():
    q = queue_of({ident(1): (1500, 50), ident(2): (1800, 50)})   # gap 300, windows start at 112.5
    q.add("a", ident(1), Q, now=0.0)
    q.add("b", ident(2), Q, now=0.0)
    due = (300 - 112.5) / WIDEN                                     # 18.75 s
    for t in range(int(due) + 1):
        assert q.pair(float(t)) == [], t
    [p] = q.pair(19.0)
    assert p.gap == 300 and len(q) == 0


def test_each_player_must_accept_the_other_a_newcomer_is_not_thrown_at_a_stronger_one():
    q = queue_of({ident(1): (1500, 50), ident(2): (1900, 50)})
    q.add("old", ident(1), Q, now=0.0)
    assert q.pair(100.0) == []                 # alone: nobody, however long it waits (no bot fills in)
    q.add("new", ident(2), Q, now=100.0)       # gap 400: the old entry accepts it, the new one not yet
    assert q.pair(100.0) == [] and q.pair(128.0) == []
    assert len(q.pair(129.0)) == 1             # 112.5 + 10 * 29 >= 400


def test_close_ratings_are_paired_first():
    ratings = {ident(1): (1500, 60), ident(2): (1590, 60), ident(3): (1520, 60), ident(4): (1610, 60)}
    q = queue_of(ratings)
    for n in (1, 2, 3, 4):
        q.add(f"c{n}", ident(n), Q, now=0.0)
    pairs = q.pair(0.0)
    assert sorted(sorted([p.jack.id_pub, p.investigator.id_pub]) for p in pairs) == [
        [ident(1), ident(3)], [ident(2), ident(4)]]   # 20 and 20, not 1500-1590 and 1520-1610


def test_nobody_waits_twice_per_connection_or_identity():
    q = queue_of({})
    q.add("conn", ident(1), Q, now=0.0)
    with pytest.raises(AlreadyQueued):
        q.add("conn", ident(2), Q, now=0.0)            # one connection, one entry
    with pytest.raises(AlreadyQueued):
        q.add("other", ident(1), ("london", "2006", "none"), now=0.0)   # one identity, one entry anywhere
    assert q.remove("conn") is not None and q.remove("conn") is None
    q.add("other", ident(1), Q, now=1.0)


def test_queues_of_other_games_editions_and_clocks_never_mix():
    q = queue_of({})
    q.add("a", ident(1), ("pocket", None, "none"), now=0.0)
    q.add("b", ident(2), ("pocket", None, "10+5"), now=0.0)
    q.add("c", ident(3), ("london", "2006", "none"), now=0.0)
    q.add("d", ident(4), ("london", "2016", "none"), now=0.0)
    assert q.pair(500.0) == []
    q.add("e", ident(5), ("london", "2016", "none"), now=500.0)
    [p] = q.pair(500.0)
    assert {p.jack.conn, p.investigator.conn} == {"d", "e"}


# ------------------------------------------------------------------ sides
def test_whoever_played_jack_more_often_plays_the_investigator():
    history = {ident(1): ["jack", "jack", "investigator"], ident(2): ["investigator", "jack"]}
    q = queue_of({}, history)
    q.add("a", ident(1), Q, now=0.0)
    q.add("b", ident(2), Q, now=0.0)
    [p] = q.pair(0.0)
    assert p.investigator.id_pub == ident(1) and p.jack.id_pub == ident(2)


def test_equal_counts_whoever_was_jack_more_recently_investigates():
    history = {ident(1): ["investigator", "jack"], ident(2): ["jack", "investigator"]}
    assert jack_balance(tuple(history[ident(1)])) == jack_balance(tuple(history[ident(2)])) == 0
    assert jack_recency(("jack",)) > jack_recency(("investigator", "jack")) > jack_recency(()) == 0
    q = queue_of({}, history)
    q.add("a", ident(1), Q, now=0.0)
    q.add("b", ident(2), Q, now=0.0)
    [p] = q.pair(0.0)
    assert p.investigator.id_pub == ident(2)


def test_two_newcomers_get_a_fair_coin_from_the_seeded_rng():
    jacks = []
    for seed in range(40):
        q = queue_of({}, seed=seed)
        q.add("a", ident(1), Q, now=0.0)
        q.add("b", ident(2), Q, now=0.0)
        jacks.append(q.pair(0.0)[0].jack.conn)
    assert 10 <= jacks.count("a") <= 30                     # both sides come up
    again = queue_of({}, seed=3)
    again.add("a", ident(1), Q, now=0.0)
    again.add("b", ident(2), Q, now=0.0)
    assert again.pair(0.0)[0].jack.conn == jacks[3]          # and the same seed gives the same coin


# ------------------------------------------------------------------ 50 scripted players
def test_fifty_scripted_players_arriving_over_time():
    """50 players of known ratings arrive over 5 minutes and come back after each game: every pair
    obeys the window rule at the second it is made, nobody is in two games (or twice in the queue)
    at once, close ratings go first, and sides follow each player's history."""
    rnd = random.Random(2026)
    players = [ident(n) for n in range(1, 51)]
    ratings = {p: (round(rnd.gauss(1500, 300)), rnd.choice((40, 80, 150, 350))) for p in players}
    history: dict[bytes, list[str]] = {p: [] for p in players}
    q = queue_of(ratings, history, seed=5)
    arrive = {p: rnd.uniform(0, 300) for p in players}        # first arrival
    busy_until: dict[bytes, float] = {}
    waits: list[float] = []
    gaps: list[float] = []
    games = 0
    for t in range(0, 900):
        now = float(t)
        for p in players:
            if p not in q.by_id and arrive[p] <= now and busy_until.get(p, -1.0) <= now:
                q.add(f"conn-{p.hex()}-{t}", p, Q, now)
        for pairing in q.pair(now):
            a, b = pairing.jack, pairing.investigator
            assert a.id_pub != b.id_pub
            assert pairing.gap <= min(a.window(now), b.window(now))          # each accepts the other now
            assert pairing.gap > min(a.window(now - 1), b.window(now - 1)) or max(a.joined, b.joined) == now
            for e in (a, b):
                assert busy_until.get(e.id_pub, -1.0) <= now                 # never in two games at once
                assert e.id_pub not in q.by_id                               # gone from the queue
                waits.append(now - e.joined)
            assert jack_balance(a.recent) <= jack_balance(b.recent)          # sides by history
            gaps.append(pairing.gap)
            games += 1
            length = 60.0 + rnd.uniform(0, 120)
            for e, side in ((a, "jack"), (b, "investigator")):
                busy_until[e.id_pub] = now + length
                history[e.id_pub].insert(0, side)
                arrive[e.id_pub] = now + length + rnd.uniform(0, 30)
        left = list(q.entries())                               # whoever still waits has nobody to play now
        for i, a in enumerate(left):
            for b in left[i + 1:]:
                assert abs(a.rating - b.rating) > min(a.window(now), b.window(now))
    assert games >= 100
    print(f"\n50 players, {games} games: wait mean {statistics.mean(waits):.1f} s, max {max(waits):.0f} s; "
          f"rating gap mean {statistics.mean(gaps):.0f}, max {max(gaps):.0f}")
    for p in players:                                          # alternation: nobody is stuck on one side
        assert abs(jack_balance(tuple(history[p][:10]))) <= 4, history[p]


# ------------------------------------------------------------------ the lobby's queue (fake members)
def queue_msg(me: Identity, game: str = "pocket", **extra) -> dict:  # type: ignore[no-untyped-def]
    pub = SeatKey.new().public
    return {"t": "queue", "game": game, "pub": pub, **me.owner_fields(pub), **extra}


def test_two_queued_players_get_a_quick_room_with_joined_then_start():
    lobby, clock = make_lobby()
    a, b = greeted(lobby, "Ann"), greeted(lobby, "Bob")
    ann, bob = Identity.new("Ann"), Identity.new("Bob")
    q = say(lobby, a, rid=3, **queue_msg(ann))
    assert q == {"t": "queued", "game": "pocket", "clock": "none", "waiting": 1, "rid": 3}
    say(lobby, b, **queue_msg(bob))
    assert b.last("queued")["waiting"] == 2
    clock.advance(1.0)
    for m in (a, b):
        assert m.types()[-2:] == ["joined", "start"]
        joined, start = m.inbox[-2], m.inbox[-1]
        assert joined["token"] and joined["quick"] is True and not joined["private"]
        assert start["quick"] is True and start["rated"] is True
        assert set(start["ids"].values()) == {ann.public, bob.public}
    assert a.last("start")["game_id"] == b.last("start")["game_id"]
    assert {a.last("joined")["role"], b.last("joined")["role"]} == {"jack", "investigator"}
    assert len(lobby.quick) == 0 and clock.getDelayedCalls() == []    # no tick while nobody waits


def test_queue_needs_a_valid_identity_and_refuses_a_second_wait():
    lobby, clock = make_lobby()
    a, b = greeted(lobby, "Ann"), greeted(lobby, "Bob")
    ann = Identity.new("Ann")
    msg = queue_msg(ann)
    del msg["id"], msg["id_sig"]
    assert say(lobby, a, **msg)["code"] == Code.ID_REQUIRED.value
    forged = queue_msg(ann)
    forged["id_sig"] = Identity.new("Mallory").sign_seat(forged["pub"])
    assert say(lobby, a, **forged)["code"] == Code.ID_BAD.value
    say(lobby, a, **queue_msg(ann))
    assert say(lobby, a, **queue_msg(ann))["code"] == Code.QUEUE_ALREADY.value            # same connection
    assert say(lobby, b, **queue_msg(ann))["code"] == Code.QUEUE_ALREADY.value            # same identity
    assert say(lobby, a, t="queue", game="chess", pub=forged["pub"],
               **ann.owner_fields(forged["pub"]))["code"] == Code.QUEUE_ALREADY.value
    clock.advance(30)
    assert "joined" not in a.types() and "joined" not in b.types()
    assert a.last("queued")["waiting"] == 1                      # re-sent while waiting


def test_leaving_the_queue_by_unqueue_dropping_or_taking_a_seat():
    lobby, clock = make_lobby()
    a, b, c = greeted(lobby, "Ann"), greeted(lobby, "Bob"), greeted(lobby, "Cy")
    say(lobby, a, **queue_msg(Identity.new("Ann")))
    assert say(lobby, a, t="unqueue", rid=9) == {"t": "unqueued", "rid": 9}
    assert len(lobby.quick) == 0
    say(lobby, b, **queue_msg(Identity.new("Bob")))
    lobby.disconnected(b)                                        # vanished while waiting
    assert len(lobby.quick) == 0
    say(lobby, c, **queue_msg(Identity.new("Cy")))
    say(lobby, c, t="create", game="pocket", side="jack")
    assert c.types()[-2:] == ["joined", "unqueued"]
    assert len(lobby.quick) == 0
    assert lobby.admission.rooms("?") == 1                       # only Cy's room; the waits were released
    clock.advance(5)


def test_queue_entries_count_against_the_address_like_rooms():
    lobby, clock = make_lobby()
    members = [greeted(lobby, f"p{i}") for i in range(6)]
    for m in members[:4]:
        assert say(lobby, m, **queue_msg(Identity.new(m.name), clock="10+5"))["t"] == "queued"
    assert say(lobby, members[4], **queue_msg(Identity.new("p4"), clock="10+5"))["code"] == Code.LIMIT_ROOMS.value
    assert say(lobby, members[5], t="create", game="pocket", side="jack")["code"] == Code.LIMIT_ROOMS.value
    clock.advance(1)     # two pairs: two rooms count now, the four waits are released
    assert lobby.admission.rooms("?") == 2 and len(lobby.quick) == 0


def test_a_room_full_of_the_queue_is_told_and_seats_nobody():
    lobby, clock = make_lobby(max_rooms=0)
    a, b = greeted(lobby, "Ann"), greeted(lobby, "Bob")
    assert say(lobby, a, **queue_msg(Identity.new("Ann")))["code"] == Code.SERVER_NO_ROOMS.value
    lobby.max_rooms = 1
    say(lobby, a, **queue_msg(Identity.new("Ann")))
    say(lobby, b, **queue_msg(Identity.new("Bob")))
    lobby.max_rooms = 0
    clock.advance(1)
    for m in (a, b):
        assert m.types()[-2:] == ["error", "unqueued"] and m.inbox[-2]["code"] == Code.SERVER_NO_ROOMS.value
    assert lobby.where == {} and lobby.admission.rooms("?") == 0



# ------------------------------------------------------------------ loopback: the whole stack
def test_two_clients_queue_and_play_a_real_game_with_bots():
    net = Net()
    ann, bob = net.game(seed=11, identity=Identity.new("Ann")), net.game(seed=12, identity=Identity.new("Bob"))
    waiting: list = []
    ann.on_queued = waiting.append
    seats: list = []
    ann.on_seat = bob.on_seat = seats.append
    queued: list = []
    ann.quick_match("pocket").addCallback(queued.append)
    net.flush(lambda: bool(queued))
    assert queued[0]["waiting"] == 1 and ann.queued == queued[0] and waiting == [queued[0]]
    bob.quick_match("pocket").addCallback(queued.append)
    done = results(ann, bob)
    net.flush(lambda: len(done) == 2)
    assert [r.status for r in done] == ["finished", "finished"], [r.summary() for r in done]
    assert done[0].public_hash == done[1].public_hash
    assert ann.quick and bob.quick and ann.room == bob.room and {ann.role, bob.role} == {"jack", "investigator"}
    assert ann.queued is None and waiting[-1] is None         # told it no longer waits
    assert {s.room for s in seats} == {ann.room} and {s.role for s in seats} == {"jack", "investigator"}
    assert len(net.factory.lobby.quick) == 0


def test_quick_match_needs_an_identity_on_the_client_too():
    net = Net()
    g = net.game()
    failed: list = []
    g.quick_match("pocket").addErrback(lambda f: failed.append(f.value.code))
    assert failed == [Code.ID_REQUIRED.value] and net.connections == 0


def test_a_client_that_vanishes_while_queued_leaves_the_queue():
    net = Net()
    lobby = net.factory.lobby
    ann = net.game(identity=Identity.new("Ann"))
    queued: list = []
    ann.quick_match("london", edition="2016", clock="10+5").addCallback(queued.append)
    net.flush(lambda: bool(queued))
    assert queued[0] == {"t": "queued", "game": "london", "edition": "2016", "clock": "10+5", "waiting": 1,
                         "rid": queued[0]["rid"]}
    assert len(lobby.quick) == 1
    ann.client.protocol.transport.loseConnection()
    net.flush(lambda: len(lobby.quick) == 0)
    bob = net.game(identity=Identity.new("Bob"))
    bob.quick_match("london", edition="2016", clock="10+5")
    net.flush(lambda: bob.queued is not None)
    net.clock.advance(30)
    net.flush(lambda: True)
    assert bob.session is None and bob.queued["waiting"] == 1       # nobody to play: no ghost, no bot


def test_cancel_quick_match_leaves_the_queue():
    net = Net()
    ann = net.game(identity=Identity.new("Ann"))
    ann.quick_match("newyork")
    net.flush(lambda: ann.queued is not None)
    out: list = []
    ann.cancel_quick_match().addCallback(out.append)
    net.flush(lambda: bool(out))
    assert out[0]["t"] == "unqueued" and ann.queued is None and len(net.factory.lobby.quick) == 0


def greeted_conn(name: str):  # type: ignore[no-untyped-def]
    """A server connection (string transport) that said hello, and a ``queue`` message for it."""
    clock = Clock()
    factory = RelayFactory(clock)
    p, t = server_conn(clock, factory)
    p.dataReceived(packb({"t": "hello", "v": PROTOCOL_VERSION}))
    me = Identity.new(name)
    pub = SeatKey.new().public
    return clock, factory, p, t, packb({"t": "queue", "game": "pocket", "pub": pub, **me.owner_fields(pub)})


def test_a_flood_of_queue_and_unqueue_is_cut_off_and_leaves_nothing_queued():
    clock, factory, p, t, queue = greeted_conn("Flood")
    p.dataReceived((queue + packb({"t": "unqueue"})) * 400)
    out = decode(t.value())
    assert out[-1]["code"] == Code.RATE_LIMITED.value and t.disconnecting
    assert sum(m["t"] == "queued" for m in out) <= p.burst
    p.connectionLost(None)
    assert len(factory.lobby.quick) == 0 and factory.lobby.admission.rooms("10.0.0.9") == 0


def test_a_player_waiting_in_the_queue_is_kept_alive_by_its_pings():
    clock, factory, p, t, queue = greeted_conn("Patient")
    p.dataReceived(queue)
    for _ in range(10):                       # 500 s: longer than the idle limit, pings only
        clock.advance(50)
        p.dataReceived(packb({"t": "ping"}))
    assert not t.disconnecting and len(factory.lobby.quick) == 1
    assert sum(m["t"] == "queued" for m in decode(t.value())) >= 10       # the count, re-sent while waiting
    p.connectionLost(None)
    factory.lobby.stop()


def test_the_lobby_pairs_by_the_servers_ratings_and_history():
    ratings: dict[bytes, tuple[float, float]] = {}
    history: dict[bytes, list[str]] = {}
    lobby, clock = make_lobby(rating_of=lambda pub, game: ratings[pub],
                              recent_sides=lambda pub, game: history.get(pub, []))
    people = {name: (greeted(lobby, name), Identity.new(name)) for name in ("Ann", "Bob", "Cy")}
    ratings.update({people["Ann"][1].public: (1500, 60), people["Bob"][1].public: (1900, 60),
                    people["Cy"][1].public: (1530, 60)})
    history[people["Ann"][1].public] = ["jack", "jack"]
    for member, me in people.values():
        say(lobby, member, **queue_msg(me))
    clock.advance(1)
    ann, bob, cy = (people[n][0] for n in ("Ann", "Bob", "Cy"))
    assert ann.last("joined")["role"] == "investigator" and cy.last("joined")["role"] == "jack"
    assert "joined" not in bob.types() and len(lobby.quick) == 1           # 400 away: Bob waits
