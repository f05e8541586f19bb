"""London and New York over real sockets on 127.0.0.1: headless players, a spectator, a liar.

Each game is played by two ``run.py autoplay`` processes through a server
process, with a raw spectator socket watching; every message each player
and the spectator received is kept and searched for the other side's
secrets.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from nethelp import Proc, RawClient, autoplay, forbidden, local_replay, scan, secret_cards, serve

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(scope="module")
def server():  # type: ignore[no-untyped-def]
    yield from serve()


@pytest.fixture
def state_env(tmp_path: Path) -> dict:
    return {"MRJACK_NET_STATE": str(tmp_path / "state")}


def finish(a: Proc, b: Proc) -> tuple[dict, dict]:
    la, lb = a.json_line(timeout=45), b.json_line(timeout=45)
    a.wait(10)
    b.wait(10)
    return la, lb


def trace(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.parametrize("game, edition", [("london", "2016"), ("newyork", None)])
def test_a_networked_game_ends_verified_like_a_local_replay_and_each_side_keeps_its_secrets(
        server, state_env, tmp_path, game, edition):
    port = server["port"]
    tj, ti = tmp_path / "jack.jsonl", tmp_path / "inv.jsonl"
    a = autoplay(port, "jack", "greedy", create=True, seed=41, game=game, edition=edition,
                 env={**state_env, "MRJACK_NET_TRACE": str(tj)})
    room = a.json_line()["room"]
    watcher = RawClient(port)
    watcher.hello("watcher")
    watcher.send({"t": "spectate", "room": room})
    joined = watcher.recv()
    assert joined["role"] == "spectator" and joined["game"] == game and joined.get("edition") == edition
    assert "token" not in joined
    b = autoplay(port, "investigator", "greedy", room=room, seed=42, env={**state_env, "MRJACK_NET_TRACE": str(ti)})
    la, lb = finish(a, b)
    assert la["result"] == lb["result"] == "finished", (la, lb)
    assert la["verified"] and lb["verified"] and a.popen.returncode == b.popen.returncode == 0
    assert la["hash"] == lb["hash"] and la["winner"] == lb["winner"] and la["log"] == lb["log"]
    assert la["game"] == lb["game"] == game and la["edition"] == lb["edition"] == edition
    local = local_replay(la, lb, {"jack": ("greedy", 41), "investigator": ("greedy", 42)})
    assert local == {"winner": la["winner"], "hash": la["hash"]}
    # the spectator's stream, to both keys opened
    seen: list[dict] = []
    while sum(1 for m in seen if m.get("t") == "open") < 2:
        seen.append(watcher.recv(timeout=10))
    watcher.close()
    start = next(m for m in seen if m["t"] == "start")
    masters = {m["from"]: m["m"] for m in seen if m["t"] == "open"}
    cards = secret_cards(game, edition, 0, la["record"])
    assert cards["jack"][0][0] == 0                      # the identity, always Jack's secret
    streams = {"jack": trace(tj), "investigator": trace(ti)}
    for side, other in (("jack", "investigator"), ("investigator", "jack")):
        values, actions = forbidden(game, start["game_id"], side, masters[side], cards[side])
        assert scan(streams[other], side, values, actions) >= 10  # non-vacuous, even for a short game
        assert scan(seen, side, values, actions) >= 10
    assert all("token" not in m for m in seen)
    # The public log shows every secret card as "?", and the deal (public chance) by name.
    hidden = [x for x in la["log"] if x.endswith(" ?")]
    assert len(hidden) == len(cards["jack"]) + len(cards["investigator"])
    assert la["log"][1].startswith("deal ") and la["record"][1] == la["log"][1]


def test_a_lying_jack_in_london_is_caught_and_the_investigator_keeps_his_keys(server, state_env):
    """Jack's engine answers one witness call falsely.  When the lie makes a later move of his
    impossible in the investigator's view, that is a violation anyone can check from the log: Jack is
    named and the investigator opens no key for it.  Each game deals afresh (both peers draw new keys),
    and in some deals the lie shows only in the audit at the end: then it is caught there, as a cheat
    by Jack, and the next game is played, up to four."""
    port = server["port"]
    for attempt in range(4):
        a = autoplay(port, "jack", "greedy", create=True, seed=7 + attempt, game="london",
                     env={**state_env, "MRJACK_TEST_CHEAT": "witness"})
        room = a.json_line()["room"]
        inv_trace = Path(state_env["MRJACK_NET_STATE"]) / f"inv{attempt}.trace"
        b = autoplay(port, "investigator", "greedy", room=room, seed=8,
                     env={**state_env, "MRJACK_NET_TRACE": str(inv_trace)})
        la, lb = finish(a, b)
        assert lb["opponent_cheated"] and not lb["verified"] and lb["cheat"]["side"] == "jack", lb
        if lb["result"] == "cheat":          # caught by the audit at the end, with both keys open
            continue
        assert lb["result"] == "violation", lb
        assert "not legal" in lb["cheat"]["detail"]
        assert "jack" in lb["summary"]
        opened = [m["from"] for m in trace(inv_trace) if m["t"] == "open"]
        assert "investigator" not in opened
        return
    pytest.fail("in four games Jack's lie never made a later move of his impossible")


@pytest.mark.parametrize("args", [["--game", "london", "--edition", "1888"], ["--game", "pocket", "--edition", "2016"],
                                  ["--game", "chess"]])
def test_autoplay_refuses_an_unknown_game_or_edition(args):
    proc = Proc(["run.py", "autoplay", "--server", "127.0.0.1:1", "--side", "jack", "--create", *args])
    assert proc.json_line(timeout=20)["result"] == "error" and proc.wait(10) == 2
