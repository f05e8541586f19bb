"""The referee answers one JSON line per request line, exactly as the README says."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.referee import Referee

ROOT = Path(__file__).resolve().parents[1]
FIELDS = {"state", "hash", "to_move", "legal", "round", "board", "detectives", "visible",
          "suspects", "jack", "hourglasses", "over", "winner"}


def ask(ref, **req):
    return json.loads(ref.handle(json.dumps(req)))


def test_new_game_answers_every_field_and_skips_chance_from_the_seed():
    a = ask(Referee(), new="pocket", seed=5)
    assert FIELDS <= set(a)
    assert a["to_move"] == "investigator" and a["round"] == 1
    assert len(a["board"]) == 9 and all(len(t) == 3 for t in a["board"])
    assert a["detectives"] == {"holmes": 11, "watson": 3, "toby": 7}
    assert a["jack"] in a["suspects"] and a["hourglasses"] == 0
    assert a["over"] is False and a["winner"] is None
    assert a["legal"] == sorted(a["legal"])


def test_same_seed_same_answers():
    assert Referee().handle('{"new": "pocket", "seed": 9}') == Referee().handle('{"new": "pocket", "seed": 9}')


def test_chance_outcomes_given_by_the_line_are_used():
    a = ask(Referee(), new="pocket", seed=1, chance=["identity gull", "throw holmes toby exchange joker"])
    assert a["jack"] == "gull"
    assert a["tokens"] == ["holmes", "toby", "exchange", "joker"]


def test_bad_chance_outcome_is_an_error():
    a = ask(Referee(), new="pocket", seed=1, chance=["identity nobody"])
    assert "error" in a


def test_load_round_trips_the_state_text():
    ref = Referee()
    first = ask(ref, new="pocket", seed=3)
    again = ask(ref, load=first["state"])
    assert again == first


@pytest.mark.parametrize("line", [
    "not json", "[1, 2]", '{"new": "pocket", "colour": 1}', '{"do": "holmes 1"}',
    '{"new": "chess"}', '{"new": "pocket", "seed": "x"}', '{"load": "pocket round=1"}',
    '{"new": "pocket", "do": "alibi"}', "", '{"load": 5}',
])
def test_bad_line_is_an_error(line):
    ref = Referee()
    assert "error" in json.loads(ref.handle(line))


def test_illegal_action_is_an_error_and_changes_nothing():
    ref = Referee()
    before = ask(ref, new="pocket", seed=2)
    bad = [t for t in ("holmes 1", "watson 1", "toby 1", "alibi") if t not in before["legal"]][0]
    err = ask(ref, do=bad)
    assert "error" in err and bad in err["error"]
    assert ask(ref, do="nonsense")["error"]
    assert ask(ref, load=before["state"]) == before
    assert ref.state.public_hash() == before["hash"]


def test_random_game_through_the_referee_reaches_an_end():
    ref = Referee()
    a = ask(ref, new="pocket", seed=11)
    n = 0
    while not a["over"]:
        a = ask(ref, do=a["legal"][n % len(a["legal"])])
        assert "error" not in a
        n += 1
    assert a["winner"] in ("jack", "investigator") and a["legal"] == [] and a["to_move"] == "over"


def test_referee_subcommand_answers_one_line_per_line():
    lines = ['{"new": "pocket", "seed": 4}', "garbage", '{"do": "witness seen"}', '{"do": "alibi"}']
    proc = subprocess.run([sys.executable, "run.py", "referee"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    out = proc.stdout.splitlines()
    assert proc.returncode == 0 and len(out) == len(lines)
    answers = [json.loads(x) for x in out]
    assert "state" in answers[0] and "error" in answers[1] and "error" in answers[2]
