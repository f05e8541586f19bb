"""The referee plays Mr. Jack in New York too: the same answer shape as London, NY's board fields."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.referee import Referee

ROOT = Path(__file__).resolve().parents[1]
FIELDS = {"state", "hash", "to_move", "legal", "round", "phase", "board", "visible", "suspects", "jack",
          "witness", "cards", "played", "active", "deck", "investigator_cards", "jack_cards", "stock", "printed",
          "over", "winner", "termination"}
CHARS = ["beach", "runner", "latimer", "grant", "callahan", "eastman", "tumblety", "smith"]


def ask(ref, **req):
    return json.loads(ref.handle(json.dumps(req)))


def test_new_newyork_game_answers_every_field_and_skips_chance_from_the_seed():
    a = ask(Referee(), new="newyork", seed=5)
    assert FIELDS <= set(a)
    assert a["to_move"] == "investigator" and a["round"] == 1 and a["phase"] == "pick"
    board = a["board"]
    assert set(board) == {"characters", "lamps", "parks", "buildings", "subways", "zones", "ships", "informant"}
    assert board["characters"] == {"beach": "e10", "runner": "i8", "latimer": "e8", "grant": "j7",
                                   "callahan": "f9", "eastman": "h5", "tumblety": "h11", "smith": "j9"}
    assert board["lamps"] == ["c10", "m12"] and board["parks"] == []
    assert board["subways"] == ["b9", "g8", "k4", "l13"]
    assert board["buildings"] == ["d9", "d11", "j5", "j11", "k6", "k10"]
    assert board["zones"] == [["e4", "f3"], ["k14", "l15"]] and board["ships"] == ["e2", "k16"]
    assert board["informant"] == {"cell": "liberty", "talkative": True}
    assert a["visible"] == ["beach", "runner", "latimer", "grant", "callahan", "smith"]
    assert a["suspects"] == CHARS and a["jack"] in CHARS and a["witness"] == "seen"
    assert len(a["cards"]) == 4 and a["legal"] == sorted(f"play {c}" for c in a["cards"])
    assert a["over"] is False and a["winner"] is None


def test_the_aliases_name_the_same_game():
    first = ask(Referee(), new="newyork", seed=5)
    for alias in ("new-york", "ny", "NewYork"):
        assert ask(Referee(), new=alias, seed=5) == first


def test_newyork_has_no_editions():
    assert ask(Referee(), new="newyork", seed=1, edition="2009") == {"error": "newyork has no editions"}


def test_chance_outcomes_given_by_the_line_are_used():
    a = ask(Referee(), new="newyork", seed=1, chance=["identity smith", "deal beach runner latimer grant"])
    assert a["jack"] == "smith" and a["cards"] == ["beach", "runner", "latimer", "grant"]


def test_load_round_trips_the_state_text():
    ref = Referee()
    first = ask(ref, new="newyork", seed=3)
    assert ask(ref, load=first["state"]) == first


def test_a_power_and_a_move_through_the_referee():
    ref = Referee()
    ask(ref, new="newyork", seed=1, chance=["identity tumblety", "deal runner latimer grant callahan"])
    a = ask(ref, do="play callahan")
    assert a["to_move"] == "investigator" and a["active"] == "callahan"
    assert "zone e4+f3>e4+f5" in a["legal"] and "to f7" in a["legal"]
    a = ask(ref, do="zone e4+f3>e4+f5")
    assert a["board"]["zones"] == [["e4", "f5"], ["k14", "l15"]]
    a = ask(ref, do="to f7")
    assert a["board"]["characters"]["callahan"] == "f7" and a["to_move"] == "jack" and a["phase"] == "pick"


def start(ref, jack, deal, **fields):
    """A new game with Jack and the first deal given, then fields of its text replaced."""
    text = ask(ref, new="newyork", seed=1, chance=[f"identity {jack}", f"deal {deal}"])["state"]
    parts = [f"{k}={fields[k]}" if (k := p.split("=")[0]) in fields else p for p in text.split(" ")]
    return ask(ref, load=" ".join(parts))


def test_meeting_the_informant_through_the_referee():
    ref = Referee()
    a = start(ref, "tumblety", "runner latimer grant callahan", informant="g10")
    assert a["board"]["informant"] == {"cell": "g10", "talkative": True}
    ask(ref, do="play callahan")
    a = ask(ref, do="to g10")  # the card is drawn from the game's seed
    assert a["phase"] == "informant" and a["to_move"] == "investigator"
    assert len(a["investigator_cards"]) == 1 and a["investigator_cards"][0] != "tumblety" and a["deck"] == 6
    assert a["board"]["informant"]["talkative"] is False and "informant liberty" in a["legal"]
    a = ask(ref, do="informant liberty")
    assert a["board"]["informant"] == {"cell": "liberty", "talkative": False}
    assert a["legal"] and all(x.startswith("zone") for x in a["legal"])  # Callahan's power is still due


def test_illegal_action_is_an_error_and_changes_nothing():
    ref = Referee()
    before = ask(ref, new="newyork", seed=2)
    bad = next(f"play {c}" for c in CHARS if f"play {c}" not in before["legal"])
    err = ask(ref, do=bad)
    assert "error" in err and bad in err["error"]
    assert "error" in ask(ref, do="to z9")
    assert ask(ref, load=before["state"]) == before
    assert ref.state.public_hash() == before["hash"]


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_random_game_through_the_referee_reaches_an_end(seed):
    ref = Referee()
    a = ask(ref, new="newyork", seed=seed)
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
    start(ref, "smith", "runner latimer callahan smith", chars="e10,i8,e8,j7,f9,h5,h11,f7")
    a = ask(ref, do="play callahan")
    assert "accuse smith" in a["legal"]
    a = ask(ref, do="accuse smith")
    assert a["to_move"] == "jack" and a["legal"] == ["verdict guilty"]
    a = ask(ref, do="verdict guilty")
    assert a["over"] and a["winner"] == "investigator" and a["termination"] == "arrest-right"


def test_referee_subcommand_answers_one_line_per_line():
    lines = ['{"new": "newyork", "seed": 4}', "garbage", '{"do": "witness seen"}']
    proc = subprocess.run([sys.executable, "run.py", "referee"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert proc.returncode == 0 and len(out) == len(lines)
    assert out[0]["board"]["informant"]["cell"] == "liberty" and "error" in out[1] and "error" in out[2]
