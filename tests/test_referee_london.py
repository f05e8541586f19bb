"""The referee plays Mr. Jack (London) too: both editions, the same answer shape as Pocket."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.london import London
from game.referee import Referee

ROOT = Path(__file__).resolve().parents[1]
FIELDS = {"state", "hash", "to_move", "legal", "round", "board", "visible", "suspects", "jack", "witness",
          "over", "winner", "termination", "edition", "phase", "cards"}
CHARS = ["holmes", "watson", "smith", "lestrade", "stealthy", "goodley", "gull", "bert"]


def ask(ref, **req):
    return json.loads(ref.handle(json.dumps(req)))


def test_new_london_game_answers_every_field_and_skips_chance_from_the_seed():
    a = ask(Referee(), new="london", seed=5)
    assert FIELDS <= set(a)
    assert a["to_move"] == "investigator" and a["round"] == 1 and a["phase"] == "pick"
    assert a["edition"] == "2006"
    board = a["board"]
    assert set(board) == {"characters", "lit", "covered", "cordons", "lantern"}
    assert board["characters"] == {"holmes": "g5", "watson": "a3", "smith": "g8", "lestrade": "e5",
                                   "stealthy": "i4", "goodley": "m10", "gull": "e9", "bert": "i8"}
    assert board["lit"] == ["b2", "c7", "f5", "h8", "k6", "l11"]
    assert board["covered"] == ["c2", "l12"] and board["cordons"] == ["NE", "SW"] and board["lantern"] == "NE"
    assert a["visible"] == ["holmes", "smith", "lestrade", "bert"]
    assert a["suspects"] == CHARS and a["jack"] in CHARS and a["witness"] == "seen"
    assert len(a["cards"]) == 4 and a["legal"] == sorted(f"play {c}" for c in a["cards"])
    assert a["over"] is False and a["winner"] is None


def test_the_later_edition_is_chosen_with_edition():
    a = ask(Referee(), new="london", seed=5, edition="2016")
    assert a["edition"] == "2016" and a["board"]["covered"] == ["b1", "l12"]
    assert a["board"]["characters"]["watson"] == "i4" and len(a["manholes"]) == 9
    assert ask(Referee(), new="london", seed=5, edition=2016)["edition"] == "2016"
    assert ask(Referee(), new="london", seed=5, edition="2006") == ask(Referee(), new="london", seed=5)


@pytest.mark.parametrize("req", [
    {"new": "london", "edition": "1999"}, {"new": "london", "edition": None},
    {"new": "london", "edition": True}, {"new": "pocket", "edition": "2006"},
    {"load": "x", "edition": "2006"},
])
def test_bad_edition_is_an_error(req):
    assert "error" in json.loads(Referee().handle(json.dumps(req)))


def test_pocket_still_refuses_editions():
    a = ask(Referee(), new="pocket", seed=1, edition="2006")
    assert a == {"error": "pocket has no editions"}


def test_chance_outcomes_given_by_the_line_are_used():
    a = ask(Referee(), new="london", seed=1, chance=["identity gull", "deal holmes watson smith lestrade"])
    assert a["jack"] == "gull" and a["cards"] == ["holmes", "watson", "smith", "lestrade"]


def test_load_round_trips_the_state_text():
    ref = Referee()
    first = ask(ref, new="london", seed=3, edition="2016")
    assert ask(ref, load=first["state"]) == first


def test_a_move_and_a_power_through_the_referee():
    ref = Referee()
    ask(ref, new="london", seed=1, chance=["identity gull", "deal holmes watson smith lestrade"])
    a = ask(ref, do="play lestrade")
    assert a["to_move"] == "investigator" and a["active"] == "lestrade"
    assert "cordon NE>NW" in a["legal"] and "to e6" in a["legal"]
    a = ask(ref, do="cordon NE>NW")
    assert a["board"]["cordons"] == ["NW", "SW"]
    a = ask(ref, do="to e6")
    assert a["board"]["characters"]["lestrade"] == "e6" and a["to_move"] == "jack" and a["phase"] == "pick"


def test_illegal_action_is_an_error_and_changes_nothing():
    ref = Referee()
    before = ask(ref, new="london", seed=2)
    bad = next(f"play {c}" for c in CHARS if f"play {c}" not in before["legal"])
    err = ask(ref, do=bad)
    assert "error" in err and bad in err["error"]
    assert "error" in ask(ref, do="to z9")
    assert ask(ref, load=before["state"]) == before
    assert ref.state.public_hash() == before["hash"]


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_random_game_through_the_referee_reaches_an_end(seed):
    ref = Referee()
    a = ask(ref, new="london", seed=seed, edition=London.editions[seed % 2])
    n = 0
    while not a["over"]:
        legal = [x for x in a["legal"] if not x.startswith("accuse")] or a["legal"]
        a = ask(ref, do=legal[(n * 7) % len(legal)])
        assert "error" not in a
        n += 1
    assert a["winner"] in ("jack", "investigator") and a["legal"] == [] and a["to_move"] == "over"
    assert a["termination"] in ("time-up", "escape", "arrest-right", "arrest-wrong")


def test_an_arrest_ends_the_game_with_jacks_answer():
    ref = Referee()
    a = ask(ref, new="london", seed=1, chance=["identity bert", "deal holmes watson smith bert"])
    a = ask(ref, do="play holmes")
    assert "accuse bert" in a["legal"]
    a = ask(ref, do="accuse bert")
    assert a["to_move"] == "jack" and a["legal"] == ["verdict guilty"]
    a = ask(ref, do="verdict guilty")
    assert a["over"] and a["winner"] == "investigator" and a["termination"] == "arrest-right"


def test_referee_subcommand_answers_one_line_per_line():
    lines = ['{"new": "london", "seed": 4, "edition": "2016"}', "garbage", '{"do": "witness seen"}']
    proc = subprocess.run([sys.executable, "run.py", "referee"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert proc.returncode == 0 and len(out) == len(lines)
    assert out[0]["edition"] == "2016" and "error" in out[1] and "error" in out[2]
