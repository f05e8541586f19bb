"""The referee plays the card games, London and New York, with one answer shape.

Each test runs on both games through a :class:`Case`; what only one game has
(London's editions, New York's informant) stays in
``test_referee_london.py`` and ``test_referee_newyork.py``.  Pocket's
referee is ``test_referee.py``.
"""

import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.engine import find_ruleset
from game.referee import Referee

ROOT = Path(__file__).resolve().parents[1]
#: Fields every card game answers.
FIELDS = {"state", "hash", "to_move", "legal", "round", "phase", "board", "visible", "suspects", "jack", "witness",
          "cards", "played", "active", "deck", "investigator_cards", "jack_cards", "over", "winner", "termination"}


def ask(ref, **req):
    return json.loads(ref.handle(json.dumps(req)))


def start(ref, game, jack, deal, **fields):
    """A new game with Jack and the first deal given, then fields of its text replaced."""
    text = ask(ref, new=game, seed=1, chance=[f"identity {jack}", f"deal {deal}"])["state"]
    parts = [f"{k}={fields[k]}" if (k := p.split("=")[0]) in fields else p for p in text.split(" ")]
    return ask(ref, load=" ".join(parts))


@dataclass(frozen=True)
class Case:
    """One game's requests and answers for the tests below."""

    game: str
    fields: frozenset[str]          # answer fields of this game's own
    board: dict                     # the board at the start, its characters in card order
    visible: list[str]              # who is seen at the start
    deal: tuple[str, str]           # Jack, and the first four cards
    arrest: tuple[str, str, str, dict]  # Jack, the first deal, who arrests him, the fields moved to allow it
    power: tuple[str, str, str, str, str, object, str]  # Jack and the first deal, a card, its power,
    #                                                     the board field it changes and to what, the card's move
    check_first: Callable[[dict], bool]  # a fact of the answer to seed 4 (with the last edition)

    def __str__(self) -> str:
        return self.game

    @property
    def chars(self) -> list[str]:
        return list(self.board["characters"])

    def editions(self, seed: int | None = None) -> dict:
        """The ``edition`` of a request: cycling with ``seed``, else the last; none for a game without."""
        editions = getattr(find_ruleset(self.game), "editions", ())
        if not editions:
            return {}
        return {"edition": editions[-1 if seed is None else seed % len(editions)]}


CASES = [
    Case("london", frozenset({"edition"}),
         board={"characters": {"holmes": "g5", "watson": "a3", "smith": "g8", "lestrade": "e5", "stealthy": "i4",
                               "goodley": "m10", "gull": "e9", "bert": "i8"},
                "lit": ["b2", "c7", "f5", "h8", "k6", "l11"], "covered": ["c2", "l12"], "cordons": ["NE", "SW"],
                "lantern": "NE"},
         visible=["holmes", "smith", "lestrade", "bert"],
         deal=("gull", "holmes watson smith lestrade"),
         arrest=("bert", "holmes watson smith bert", "holmes", {}),
         power=("gull", "holmes watson smith lestrade", "lestrade", "cordon NE>NW", "cordons", ["NW", "SW"], "e6"),
         check_first=lambda a: a["edition"] == "2016"),
    Case("newyork", frozenset({"stock", "printed"}),
         board={"characters": {"beach": "e10", "runner": "i8", "latimer": "e8", "grant": "j7", "callahan": "f9",
                               "eastman": "h5", "tumblety": "h11", "smith": "j9"},
                "lamps": ["c10", "m12"], "parks": [], "subways": ["b9", "g8", "k4", "l13"],
                "buildings": ["d9", "d11", "j5", "j11", "k6", "k10"], "zones": [["e4", "f3"], ["k14", "l15"]],
                "ships": ["e2", "k16"], "informant": {"cell": "liberty", "talkative": True}},
         visible=["beach", "runner", "latimer", "grant", "callahan", "smith"],
         deal=("smith", "beach runner latimer grant"),
         arrest=("smith", "runner latimer callahan smith", "callahan", {"chars": "e10,i8,e8,j7,f9,h5,h11,f7"}),
         power=("tumblety", "runner latimer grant callahan", "callahan", "zone e4+f3>e4+f5", "zones",
                [["e4", "f5"], ["k14", "l15"]], "f7"),
         check_first=lambda a: a["board"]["informant"]["cell"] == "liberty"),
]
over_cases = pytest.mark.parametrize("case", CASES, ids=str)


@over_cases
def test_new_game_answers_every_field_and_skips_chance_from_the_seed(case):
    a = ask(Referee(), new=case.game, seed=5)
    assert FIELDS | case.fields <= set(a)
    assert a["to_move"] == "investigator" and a["round"] == 1 and a["phase"] == "pick"
    assert set(a["board"]) == set(case.board) and a["board"] == case.board
    assert a["visible"] == case.visible
    assert a["suspects"] == case.chars and a["jack"] in case.chars and a["witness"] == "seen"
    assert len(a["cards"]) == 4 and a["legal"] == sorted(f"play {c}" for c in a["cards"])
    assert a["over"] is False and a["winner"] is None


@over_cases
def test_the_aliases_name_the_same_game(case):
    first = ask(Referee(), new=case.game, seed=5)
    rs = find_ruleset(case.game)
    for alias in (*rs.aliases, rs.name.capitalize()):
        assert ask(Referee(), new=alias, seed=5) == first


@over_cases
def test_chance_outcomes_given_by_the_line_are_used(case):
    jack, deal = case.deal
    a = ask(Referee(), new=case.game, seed=1, chance=[f"identity {jack}", f"deal {deal}"])
    assert a["jack"] == jack and a["cards"] == deal.split()


@over_cases
def test_load_round_trips_the_state_text(case):
    ref = Referee()
    first = ask(ref, new=case.game, seed=3, **case.editions())
    assert ask(ref, load=first["state"]) == first


@over_cases
def test_a_power_and_a_move_through_the_referee(case):
    ref = Referee()
    jack, deal, card, power, changed, after, cell = case.power
    ask(ref, new=case.game, seed=1, chance=[f"identity {jack}", f"deal {deal}"])
    a = ask(ref, do=f"play {card}")
    assert a["to_move"] == "investigator" and a["active"] == card
    assert power in a["legal"] and f"to {cell}" in a["legal"]
    a = ask(ref, do=power)
    assert a["board"][changed] == after
    a = ask(ref, do=f"to {cell}")
    assert a["board"]["characters"][card] == cell and a["to_move"] == "jack" and a["phase"] == "pick"


@over_cases
def test_illegal_action_is_an_error_and_changes_nothing(case):
    ref = Referee()
    before = ask(ref, new=case.game, seed=2)
    bad = next(f"play {c}" for c in case.chars if f"play {c}" not in before["legal"])
    err = ask(ref, do=bad)
    assert "error" in err and bad in err["error"]
    assert "error" in ask(ref, do="to z9")
    assert ask(ref, load=before["state"]) == before
    assert ref.state.public_hash() == before["hash"]


@over_cases
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_random_game_through_the_referee_reaches_an_end(case, seed):
    ref = Referee()
    a = ask(ref, new=case.game, seed=seed, **case.editions(seed))
    n = 0
    while not a["over"]:
        legal = [x for x in a["legal"] if not x.startswith("accuse")] or a["legal"]
        a = ask(ref, do=legal[(n * 7) % len(legal)])
        assert "error" not in a
        n += 1
    assert a["winner"] in ("jack", "investigator") and a["legal"] == [] and a["to_move"] == "over"
    assert a["termination"] in ("time-up", "escape", "arrest-right", "arrest-wrong")


@over_cases
def test_an_arrest_ends_the_game_with_jacks_answer(case):
    ref = Referee()
    jack, deal, accuser, fields = case.arrest
    start(ref, case.game, jack, deal, **fields)
    a = ask(ref, do=f"play {accuser}")
    assert f"accuse {jack}" in a["legal"]
    a = ask(ref, do=f"accuse {jack}")
    assert a["to_move"] == "jack" and a["legal"] == ["verdict guilty"]
    a = ask(ref, do="verdict guilty")
    assert a["over"] and a["winner"] == "investigator" and a["termination"] == "arrest-right"


@over_cases
def test_referee_subcommand_answers_one_line_per_line(case):
    first = {"new": case.game, "seed": 4, **case.editions()}
    lines = [json.dumps(first), "garbage", '{"do": "witness seen"}']
    proc = subprocess.run([sys.executable, "run.py", "referee"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert proc.returncode == 0 and len(out) == len(lines)
    assert out[0] == ask(Referee(), **first) and case.check_first(out[0])
    assert "error" in out[1] and "error" in out[2]
