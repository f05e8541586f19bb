"""Ranked play in the lobby, in memory: identities on seats, the judgement, ratings, profile,
leaderboard and the archive (net/ranking.py, net/archive.py; PROTOCOL.md section 14)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from cheats import cheating
from test_net_inmemory import Net, results
from twisted.internet import defer
from twisted.internet.task import Clock

from game.engine.record import GameRecord
from net import ratings as gl
from net.client import LobbyClient, NetError
from net.framing import packb
from net.identity import Identity
from net.judge import Judgement
from net.keys import SeatKey
from net.lobby import Lobby
from net.messages import CLIENT, SERVER, ProtocolError, validate
from net.ranking import split_archive
from net.store import SCHEMA_VERSION, SqliteStore

pytestmark = pytest.mark.timeout(60)
ANN, BOB = Identity.new("Ann"), Identity.new("Bob")


def ranked_game(net: Net, jack_id=ANN, inv_id=BOB, jack_class=None, rated=None, seed=1):  # type: ignore[no-untyped-def]
    kw = {} if jack_class is None else {"session_class": jack_class}
    jack = net.game(seed=seed, identity=jack_id, name=getattr(jack_id, "name", "anon"), **kw)
    inv = net.game(seed=seed + 1, identity=inv_id, name=getattr(inv_id, "name", "anon"))
    joined: list = []
    jack.create("jack", rated=rated).addCallback(joined.append)
    net.flush(lambda: bool(joined))
    inv.join(joined[0]["room"])
    done = results(jack, inv)
    net.flush(lambda: len(done) == 2 and jack.judged is not None and inv.judged is not None)
    return jack, inv, done


def ask(net: Net, call) -> dict:  # type: ignore[no-untyped-def]
    c = net.client("asker")
    out: list = []
    c.connect("lobby", 1).addCallback(lambda _: call(c)).addBoth(out.append)
    net.flush(lambda: bool(out))
    c.close()
    if isinstance(out[0], Exception) or hasattr(out[0], "value"):
        raise getattr(out[0], "value", out[0])
    return out[0]


def test_seats_carry_identities_and_a_verified_game_is_judged_and_rated_as_glicko2_says():
    net = Net()
    jack, inv, done = ranked_game(net)
    assert [r.status for r in done] == ["finished", "finished"]
    assert jack.ids == {"jack": ANN.public, "investigator": BOB.public} == inv.ids and jack.rated
    j = jack.judged
    assert j == inv.judged and j["status"] == "verified" and j["verified"] and j["rated"]
    assert j["winner"] == done[0].winner and j["termination"] == done[0].termination
    score = 1.0 if j["winner"] == "jack" else 0.0
    after_jack, after_inv = gl.game(gl.Rating(), gl.Rating(), score)
    assert j["ratings"] == {"jack": {"before": 1500, "after": round(after_jack.rating), "rd": round(after_jack.rd)},
                            "investigator": {"before": 1500, "after": round(after_inv.rating),
                                             "rd": round(after_inv.rd)}}
    card = ask(net, lambda c: c.profile(ANN.public, "pocket"))
    assert card["name"] == "Ann" and card["ratings"][0]["rating"] == round(after_jack.rating)
    assert card["ratings"][0]["jack"] == [int(score), 1] and card["ratings"][0]["investigator"] == [0, 0]
    [recent] = card["recent"]
    assert recent["code"] == jack.room and recent["side"] == "jack" and recent["opponent"] == "Bob"
    assert recent["opponent_id"] == BOB.public and recent["outcome"] == ("win" if score else "loss")
    board = ask(net, lambda c: c.leaderboard("pocket"))
    assert board["total"] == 2 and [r["name"] for r in board["rows"]] == (["Ann", "Bob"] if score else ["Bob", "Ann"])
    assert board["sides"] == {"jack": int(score), "investigator": 1 - int(score), "games": 1}
    archive = ask(net, lambda c: c.fetch(jack.room.lower()))
    assert archive["status"] == "verified" and archive["ids"] == jack.ids
    final = GameRecord.from_json(json.dumps(archive["record"])).replay()
    assert final.is_over() and final.winner().value == j["winner"]
    assert final.outcome.termination.value == j["termination"]


def test_an_identity_that_did_not_sign_the_seat_key_is_refused_with_id_bad():
    net = Net()
    seat, other = SeatKey.new(), SeatKey.new()
    with pytest.raises(NetError) as err:
        ask(net, lambda c: c.create_room("pocket", "jack", pub=seat.public, owner=ANN.owner_fields(other.public)))
    assert err.value.code == "id/bad"
    with pytest.raises(NetError) as err:   # an identity without its signature
        ask(net, lambda c: c.create_room("pocket", "jack", pub=seat.public, owner={"id": ANN.public}))
    assert err.value.code == "id/bad"


@pytest.mark.parametrize("case", ["unrated room", "same identity", "anonymous"])
def test_a_game_is_rated_only_between_two_different_identities_in_a_rated_room(case: str):
    net = Net()
    kw = {"unrated room": {"rated": False}, "same identity": {"inv_id": ANN}, "anonymous": {"inv_id": None}}[case]
    jack, _inv, _ = ranked_game(net, **kw)
    assert jack.judged["status"] == "verified" and not jack.judged["rated"] and "ratings" not in jack.judged
    assert ask(net, lambda c: c.leaderboard("pocket"))["total"] == 0


def test_a_proven_cheat_is_recorded_as_the_cheaters_loss_and_rated_so():
    net = Net()
    jack, inv, done = ranked_game(net, jack_class=cheating("witness"), seed=3)
    assert done[1].status == "cheat"
    j = inv.judged
    assert j["status"] == "cheat" and j["winner"] == "investigator" and j["finding"]["side"] == "jack"
    assert j["rated"] and j["ratings"]["jack"]["after"] < 1500 < j["ratings"]["investigator"]["after"]


def test_a_forged_result_claim_is_ignored_an_abort_without_proof_is_the_aborters_loss():
    net = Net()
    jack = net.game(seed=5, identity=ANN, name="Ann")
    inv = net.game(seed=6, identity=BOB, name="Bob")
    joined: list = []
    jack.create("jack").addCallback(joined.append)
    net.flush(lambda: bool(joined))
    inv.join(joined[0]["room"])
    net.flush(lambda: inv.session is not None and inv.session.seq >= 12)
    # Jack says he won: an abort naming a cheat nobody can check, and a result message of his own
    jack._send({"t": "abort", "reason": "cheat", "detail": "the investigator cheated; jack won"})
    jack.client.protocol.send({"t": "judged", "room": jack.room, "status": "verified", "winner": "jack",
                               "termination": "escape", "rated": True, "verified": True})
    net.flush(lambda: inv.judged is not None, max_rounds=60_000)  # (the keys' wait, 120 s, runs out)
    j = inv.judged
    assert (j["status"], j["winner"], j["termination"]) == ("aborted", "investigator", "abort")
    assert j["rated"] and j["ratings"]["investigator"]["after"] > 1500


def test_room_codes_never_reuse_a_code_in_the_archive():
    codes = iter("AAAAA" + "AAAAA" + "BBBBB")
    lobby = Lobby(Clock(), choice=lambda alphabet: next(codes))
    lobby.ranking.archive.record_game(Judgement("AAAAA", "pocket", None, "0" * 32, "unverified"))
    assert lobby._new_code() == "BBBBB"


def test_a_record_too_long_for_one_message_is_sent_in_parts_that_the_client_joins():
    actions = [f"move watson {i % 12} 2" for i in range(1500)]
    record = {"format": "mrjack-record/1", "game": "newyork", "seed": 0, "actions": actions, "meta": {}}
    msg = {"t": "archive", "code": "ABCDE", "game": "newyork", "players": {"jack": "Ann", "investigator": "Bob"},
           "ids": {"jack": None, "investigator": None}, "status": "verified", "winner": "jack",
           "termination": "escape", "ended": 1, "record": record, "rid": 7}
    parts = split_archive(msg)
    assert len(parts) > 1
    for part in parts:
        assert len(packb(part)) < 16 * 1024
        validate(part, SERVER)
    c = LobbyClient(Clock())
    got: list = []
    c._waiting[7] = d = defer.Deferred()
    d.addCallback(got.append)
    for part in reversed(parts):
        c._message(dict(part))
    assert got and got[0]["record"]["actions"] == actions and "part" not in got[0]


def test_a_version_3_database_is_migrated_to_version_4_with_its_seats_and_rooms(tmp_path: Path):
    from net.store import _v1, _v2, _v3
    path = str(tmp_path / "v3.db")
    db = sqlite3.connect(path)
    for step in (_v1, _v2, _v3):
        step(db)
    db.execute("INSERT INTO rooms (code, game, private, host, created) VALUES ('OLDRM', 'pocket', 0, 'Ann', 1)")
    db.execute("INSERT INTO seats (code, side, token, name, pub) VALUES ('OLDRM', 'jack', 'tok', 'Ann', x'01')")
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()
    store = SqliteStore(path)
    assert store.version == SCHEMA_VERSION == 4
    [room] = store.load()
    assert room.rated and room.seats["jack"].pub == b"\x01" and room.seats["jack"].id is None
    assert store.profile(ANN.public) == {"id": ANN.public, "name": "", "ratings": [], "recent": []}


def test_the_archive_and_ratings_outlive_a_restart_and_the_pruning_of_rooms(tmp_path: Path):
    path = str(tmp_path / "a.db")
    store = SqliteStore(path)
    j = Judgement("ABCDE", "pocket", None, "0" * 32, "verified", winner="jack", termination="escape",
                  players={"jack": "Ann", "investigator": "Bob"}, ids={"jack": ANN.public, "investigator": BOB.public},
                  rated=True, ended=1000.0)
    store.record_game(j, now=1000.0)
    store.prune(10**12, 10**12)
    store.close()
    again = SqliteStore(path)
    assert again.archived("abcde") and again.rating_of(ANN.public, "pocket")[0] > 1500
    assert again.recent_sides(BOB.public, "pocket") == ["investigator"]
    assert again.rating_of(Identity.new("Cy").public, "pocket") == (1500.0, 350.0)


def test_a_room_claimed_just_before_a_crash_is_judged_when_the_server_comes_back(tmp_path: Path):
    from net.store import StoredRoom, StoredSeat

    path = str(tmp_path / "crash.db")
    store = SqliteStore(path)
    store.put_room(StoredRoom("CRASH", "pocket", False, "Ann", game_id="7" * 32,
                              claim={"side": "jack", "reason": "away", "seq": 0}))
    for side, who in (("jack", ANN), ("investigator", BOB)):
        store.put_seat("CRASH", StoredSeat(side, f"token-{side}-0123456789", who.name, id=who.public))
    store.close()
    lobby = Lobby(Clock(), store=SqliteStore(path))
    j = lobby.rooms["CRASH"].judgement
    assert (j.status, j.winner, j.termination, j.rated) == ("claimed", "jack", "away", True)
    again = Lobby(Clock(), store=SqliteStore(path))          # and only once
    assert again.rooms["CRASH"].judgement.status == "claimed" and again.ranking.judged == 0
    assert again.ranking.archive.profile(ANN.public)["ratings"][0]["games"] == 1


def test_ranked_requests_refuse_bad_input_clearly_and_lose_nothing():
    from test_net_lobby import greeted, make_lobby, say

    lobby, _clock = make_lobby()
    eve = greeted(lobby, "eve")
    assert say(lobby, eve, t="fetch", code="NOPE1", rid=3) == {
        "t": "error", "code": "archive/not_found", "fatal": False, "detail": "NOPE1", "ref": "fetch", "rid": 3}
    assert say(lobby, eve, t="leaderboard", game="chess")["code"] == "game/unknown"
    assert say(lobby, eve, t="profile", id=ANN.public, game="mr-jack")["ratings"] == []   # an alias is fine
    with pytest.raises(ProtocolError) as err:                  # a malformed key never reaches the lobby
        validate({"t": "profile", "id": b"\x00" * 31}, CLIENT)
    assert "profile.id" in str(err.value)
    for _ in range(6):          # a code that names no game is a failed guess, as for rooms: then a backoff
        say(lobby, eve, t="fetch", code="NOPE2")
    assert say(lobby, eve, t="fetch", code="NOPE3")["code"] == "limit/backoff"
    assert say(lobby, eve, t="join", room="ZZZZZ")["code"] == "limit/backoff"


def test_a_client_that_does_not_say_ranked_gets_none_of_its_fields_or_messages():
    from test_net_lobby import FakeMember, make_lobby, say

    lobby, _clock = make_lobby()
    old, new = FakeMember(), FakeMember()
    say(lobby, old, t="hello", v=2, name="Old", client="mrjack-net")
    say(lobby, new, t="hello", v=2, name="New", client="mrjack-net ranked")
    seat = SeatKey.new()
    joined = say(lobby, new, t="create", game="pocket", side="jack", pub=seat.public, **ANN.owner_fields(seat.public))
    assert joined["ids"] == {"jack": ANN.public, "investigator": None} and joined["rated"]
    assert "ids" not in say(lobby, old, t="join", room=joined["room"]) and "ids" in new.last("start")
    assert "ids" not in old.last("start") and validate(old.last("start"), SERVER)
    lobby.ranking.changed(lobby.rooms[joined["room"]], "claim")   # (no claim: judged as it stands)
    assert new.last()["t"] == "judged" and "judged" not in old.types()


def test_the_leaderboards_counts_kept_in_memory_match_the_archive_after_every_game():
    """The counts a leaderboard shows (rated players, each side's wins, rated games) are read once and then
    follow every recorded game; they always equal what a fresh count over the archive says: new and
    returning players, an unrated game, another game's board, and a game judged again."""
    import random

    store = SqliteStore(":memory:")
    people = [Identity.new(f"P{n}").public for n in range(5)]
    rnd = random.Random(3)
    assert store.leaderboard("pocket")["total"] == 0   # read (and kept) before any game

    def fresh(game: str) -> tuple[int, dict]:
        again = SqliteStore.__new__(SqliteStore)
        again.db, again.path = store.db, store.path    # the same database, nothing kept in memory
        board = again.leaderboard(game)
        return board["total"], board["sides"]

    for n in range(40):
        jack, inv = rnd.sample(people, 2)
        game = rnd.choice(("pocket", "pocket", "london"))
        code = "AGAIN" if n in (30, 35) else f"G{n:04d}"
        j = Judgement(code, game, None, "0" * 32, rnd.choice(("verified", "cheat", "aborted")),
                      winner=rnd.choice(("jack", "investigator")), termination="escape",
                      players={"jack": "a", "investigator": "b"}, ids={"jack": jack, "investigator": inv},
                      rated=rnd.random() < 0.8, ended=float(n))
        store.record_game(j, now=float(n))
        for g in ("pocket", "london"):
            board = store.leaderboard(g)
            assert (board["total"], board["sides"]) == fresh(g), (n, g)
    board = store.leaderboard("pocket")
    assert board["sides"]["games"] > 10 and board["total"] == 5
    assert [r["rank"] for r in store.leaderboard("pocket", offset=3)["rows"]] == [4, 5]
    assert store.leaderboard("pocket", offset=5)["rows"] == []
