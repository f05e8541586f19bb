"""Ranked play on loopback: real ``autoplay`` processes with identities against one server process
(with its database): the server's verdicts, the ratings, ``run.py fetch``, a cheat, a leaver."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from nethelp import Proc, RawClient, autoplay, start_server

from game.saves import read_record
from net import ratings as gl
from net.identity import Identity
from net.keys import SeatKey

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def ranked(tmp_path_factory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("ranked")
    proc, port, _ = start_server("--db", str(folder / "server.db"))
    ranked = {"port": port, "dir": folder}
    try:
        # the cheat's game plays meanwhile (other players): its test only reads its lines
        ranked["cheat"] = start_pair(ranked, "Cy", "Dee", seed=3, env_jack={"MRJACK_TEST_CHEAT": "witness"})
        yield ranked
    finally:
        for p in ranked.get("cheat", ()):
            p.kill()
        proc.stop()


def player(ranked: dict, who: str) -> str:
    """The identity file of player ``who`` (made by autoplay on first use)."""
    return str(ranked["dir"] / f"{who}.json")


def start_pair(ranked: dict, jack: str, inv: str, seed: int, env_jack: dict | None = None) -> tuple[Proc, Proc]:
    env = {"MRJACK_NET_STATE": str(ranked["dir"] / "state")}
    a = autoplay(ranked["port"], "jack", create=True, seed=seed, env={**env, **(env_jack or {})},
                 extra=["--identity", player(ranked, jack), "--name", jack])
    room = a.json_line()["room"]
    b = autoplay(ranked["port"], "investigator", room=room, seed=seed + 1, env=env,
                 extra=["--identity", player(ranked, inv), "--name", inv])
    return a, b


def ranked_pair(ranked: dict, jack: str, inv: str, seed: int, env_jack: dict | None = None) -> tuple[dict, dict]:
    a, b = start_pair(ranked, jack, inv, seed, env_jack)
    la, lb = a.json_line(timeout=60), b.json_line(timeout=60)
    a.wait(10)
    b.wait(10)
    return la, lb


def ask(port: int, msg: dict) -> dict:
    c = RawClient(port)
    c.hello("asker")
    c.send(msg)
    out = c.recv()
    c.close()
    return out


def test_two_identities_play_rated_games_and_the_ratings_move_as_glicko2_says(ranked):
    la, lb = ranked_pair(ranked, "Ann", "Bob", seed=11)
    assert la["result"] == lb["result"] == "finished" and la["judged"] == lb["judged"]
    j1 = la["judged"]
    assert j1["status"] == "verified" and j1["verified"] and j1["rated"] and j1["winner"] == la["winner"]
    ann, bob = gl.game(gl.Rating(), gl.Rating(), 1.0 if j1["winner"] == "jack" else 0.0)
    assert j1["ratings"] == {"jack": {"before": 1500, "after": round(ann.rating), "rd": round(ann.rd)},
                             "investigator": {"before": 1500, "after": round(bob.rating), "rd": round(bob.rd)}}
    # the return game, sides swapped: each starts from the rating the first game left
    lc, ld = ranked_pair(ranked, "Bob", "Ann", seed=21)
    j2 = lc["judged"]
    assert j2["status"] == "verified" and j2["rated"] and ld["judged"] == j2
    bob2, ann2 = gl.game(bob, ann, 1.0 if j2["winner"] == "jack" else 0.0)
    assert j2["ratings"]["jack"] == {"before": round(bob.rating), "after": round(bob2.rating), "rd": round(bob2.rd)}
    assert j2["ratings"]["investigator"] == {"before": round(ann.rating), "after": round(ann2.rating),
                                             "rd": round(ann2.rd)}
    ann_pub = bytes.fromhex(json.loads(Path(player(ranked, "Ann")).read_text())["public"])
    card = ask(ranked["port"], {"t": "profile", "id": ann_pub, "game": "pocket", "rid": 1})
    assert card["name"] == "Ann" and [g["code"] for g in card["recent"]] == [lc["room"], la["room"]]
    assert card["ratings"][0]["rating"] == round(ann2.rating) and card["ratings"][0]["games"] == 2
    # the archive: run.py fetch writes a replay that plays to the judged end
    out = ranked["dir"] / "replay.json"
    fetch = Proc(["run.py", "fetch", "--server", f"127.0.0.1:{ranked['port']}", la["room"], str(out)])
    line = fetch.json_line()
    assert fetch.wait(20) == 0 and line["result"] == "ok" and line["status"] == "verified"
    record = read_record(out)
    final = record.replay()
    assert final.winner().value == j1["winner"] and final.outcome.termination.value == j1["termination"]
    assert record.actions == la["record"] and record.meta["players"] == {"jack": "Ann", "investigator": "Bob"}
    missing = Proc(["run.py", "fetch", "--server", f"127.0.0.1:{ranked['port']}", "ZZZZZ", str(out)])
    assert missing.json_line()["result"] == "not_found" and missing.wait(20) == 3


def test_a_cheating_peer_is_recorded_as_the_cheaters_loss(ranked):
    a, b = ranked["cheat"]
    la, lb = a.json_line(timeout=60), b.json_line(timeout=60)
    a.wait(10)
    assert b.wait(10) == 3 and la["judged"] == lb["judged"]
    assert lb["result"] == "cheat" and lb["opponent_cheated"]
    j = lb["judged"]
    assert j["status"] == "cheat" and j["winner"] == "investigator" and j["finding"]["side"] == "jack"
    assert j["rated"] and j["ratings"]["jack"]["after"] < 1500 < j["ratings"]["investigator"]["after"]


def test_a_player_who_leaves_loses_and_its_forged_claims_of_a_win_are_ignored(ranked):
    env = {"MRJACK_NET_STATE": str(ranked["dir"] / "state")}
    a = autoplay(ranked["port"], "jack", create=True, seed=5, env=env,
                 extra=["--identity", player(ranked, "Eve"), "--name", "Eve"])
    room = a.json_line()["room"]
    fay, seat = Identity.new("Fay"), SeatKey.new()
    c = RawClient(ranked["port"])
    c.send({"t": "hello", "v": 2, "name": "Fay", "client": "raw ranked"})
    assert c.recv()["t"] == "welcome"
    c.send({"t": "join", "room": room, "side": "investigator", "pub": seat.public, **fay.owner_fields(seat.public)})
    start = next(m for m in iter(c.recv, None) if m["t"] == "start")
    assert start["ids"] == {"jack": start["ids"]["jack"], "investigator": fay.public} and start["rated"]
    assert next(m for m in iter(c.recv, None) if m["t"] == "commit")["seq"] == 1
    c.send({"t": "claim", "reason": "flag", "rid": 9})                 # no flag fell
    assert c.recv()["code"] == "claim/refused"
    lie = {"t": "abort", "seq": 2, "reason": "cheat", "detail": "jack cheated: the investigator won"}
    c.send(seat.sign_message(start["game_id"], "investigator", lie))   # a signed accusation without proof
    assert c.recv()["t"] == "abort"
    c.send({"t": "leave"})
    line = a.json_line(timeout=60)
    a.wait(10)
    c.close()
    j = line["judged"]
    assert (j["status"], j["winner"], j["termination"]) == ("claimed", "jack", "resign")
    assert j["rated"] and j["ratings"]["investigator"]["after"] < 1500 < j["ratings"]["jack"]["after"]
