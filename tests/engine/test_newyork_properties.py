"""Properties of random legal New York games (hypothesis), and a parser fuzz.

Games are drawn as a seed and one index per decision: each step plays
``legal[index % len(legal)]``, chance steps included, so every chance
outcome is reachable.  Half the games never accuse, so that they also reach
round 8 (a random investigator otherwise accuses someone early).
``max_examples`` is kept small: the file runs in a few seconds.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import IllegalActionError, ParseError, Side, Termination, ToMove
from game.engine.newyork import VOCAB, NewYork, NewYorkState
from game.engine.newyork.state import EXIT_NAMES, FIELDS, HIDDEN, IDS, INVESTIGATOR_WINS, ROUNDS

ROOT = Path(__file__).resolve().parents[2]
MAX = NewYorkState.max_game_length
NEWYORK_ENDS = {Termination.ARREST_RIGHT, Termination.ARREST_WRONG, Termination.ESCAPE, Termination.TIME_UP}

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=2**64 - 1)
picks = st.lists(st.integers(min_value=0, max_value=2**16), min_size=MAX, max_size=MAX)

CHANCE_KINDS = {"identity", "deal", "draw"}
JACK_ANSWERS = {"witness", "verdict"}


def game(seed: int, choices: list[int], sample_chance: bool = False,
         accuse: bool = True) -> Iterator[tuple[NewYorkState, str]]:
    """Yield ``(state, action)`` before each action, then apply it; stop when the game ends."""
    s = NewYork.new(seed)
    for i in range(MAX + 1):
        if s.is_over():
            return
        assert i < MAX, "the game did not end within max_game_length"
        legal = s.legal_actions()
        if not accuse:
            legal = [a for a in legal if a.kind != "accuse"] or legal
        if sample_chance and s.to_move() is ToMove.CHANCE:
            action = str(s.sample_chance())
        else:
            action = str(legal[choices[i] % len(legal)])
        yield s, action
        s.apply(action)


def replay(seed: int, actions: list[str]) -> NewYorkState:
    s = NewYork.new(seed)
    for a in actions:
        s.apply(a)
    return s


# ------------------------------------------------------------- game properties


@SETTINGS
@given(seeds, picks, st.booleans(), st.booleans())
def test_random_games_end_within_max_length_with_a_declared_termination(
        seed: int, choices: list[int], sample: bool, accuse: bool) -> None:
    actions = [a for _, a in game(seed, choices, sample, accuse)]
    s = replay(seed, actions)
    assert s.is_over() and s.to_move() is ToMove.OVER and s.legal_actions() == []
    assert len(actions) == s.ply <= MAX
    term = s.outcome.termination
    assert term in NEWYORK_ENDS
    assert s.winner() is (Side.INVESTIGATOR if term in INVESTIGATOR_WINS else Side.JACK)
    d = s.describe()
    if term is Termination.TIME_UP:
        assert s.round == ROUNDS and len(s.played) == 4
    elif term is Termination.ESCAPE:
        out = d["board"]["characters"][IDS[s.jack]]
        assert out == "n11" or out in d["board"]["ships"]
        assert s.actor() is Side.JACK and d["witness"] == "unseen"
    else:
        accuser, accused = IDS[s.active], IDS[s.accused()]
        assert d["board"]["characters"][accuser] == d["board"]["characters"][accused]
        assert (accused == IDS[s.jack]) == (term is Termination.ARREST_RIGHT)
        assert s.actor() is Side.INVESTIGATOR


@SETTINGS
@given(seeds, picks, st.booleans())
def test_text_forms_round_trip_at_every_step(seed: int, choices: list[int], accuse: bool) -> None:
    for s, _ in game(seed, choices, accuse=accuse):
        text = str(s)
        back = NewYorkState.parse(text)
        assert back == s and str(back) == text
        assert back.public_hash() == s.public_hash() and back.full_hash() == s.full_hash()
        assert [str(a) for a in back.legal_actions()] == [str(a) for a in s.legal_actions()]
        for side in Side:
            v = s.observation(side)
            assert str(NewYorkState.parse(str(v))) == str(v)


@SETTINGS
@given(seeds, picks, st.booleans())
def test_legal_action_texts_are_unique_sorted_and_parse_back(seed: int, choices: list[int], accuse: bool) -> None:
    for s, _ in game(seed, choices, accuse=accuse):
        legal = s.legal_actions()
        names = [str(a) for a in legal]
        assert len(set(names)) == len(names)
        assert names == sorted(names)
        for a, name in zip(legal, names, strict=True):
            assert VOCAB.parse(name) is a
            assert VOCAB.parse(f"  {name.upper()} ") is a
            assert VOCAB.from_wire(a.to_wire()) is a
            assert s.is_legal(a)


@SETTINGS
@given(seeds, picks, st.booleans())
def test_clone_equals_original_and_is_independent(seed: int, choices: list[int], accuse: bool) -> None:
    for s, action in game(seed, choices, accuse=accuse):
        c = s.clone()
        assert c == s and c.public_hash() == s.public_hash()
        before = str(s)
        child = s.child(action)
        assert str(s) == before
        c.apply(action)
        assert str(c) == str(child)


@SETTINGS
@given(seeds, picks, st.integers(min_value=0, max_value=2**16))
def test_illegal_action_raises_and_changes_nothing(seed: int, choices: list[int], k: int) -> None:
    every = list(VOCAB)
    for i, (s, _) in enumerate(game(seed, choices, accuse=False)):
        if i % 3:
            continue  # a third of the steps keeps the file quick
        legal = set(s.legal_actions())
        bad = every[k % len(every)]
        while bad in legal:
            bad = every[(bad.order + 7919) % len(every)]
        before = (str(s), s.public_hash(), s.full_hash(), list(s.legal_actions()))
        with pytest.raises(IllegalActionError):
            s.apply(bad)
        with pytest.raises(ValueError):
            s.apply(str(bad))
        assert (str(s), s.public_hash(), s.full_hash(), list(s.legal_actions())) == before


@SETTINGS
@given(seeds, picks, st.booleans())
def test_only_the_side_to_move_has_actions(seed: int, choices: list[int], accuse: bool) -> None:
    """``legal_actions`` are always the decisions of ``to_move()``, nobody else's."""
    for s, _ in game(seed, choices, accuse=accuse):
        tm = s.to_move()
        kinds = {a.kind for a in s.legal_actions()}
        assert kinds
        if tm is ToMove.CHANCE:
            assert kinds <= CHANCE_KINDS
        elif s.phase in ("witness", "verdict"):
            assert tm is ToMove.JACK and kinds <= JACK_ANSWERS
        else:
            assert tm.side is s.actor() and not kinds & (CHANCE_KINDS | JACK_ANSWERS)
            assert "accuse" not in kinds or tm is ToMove.INVESTIGATOR
            assert "escape" not in kinds or tm is ToMove.JACK
            pushes_out = [a for a in s.legal_actions() if a.kind == "move" and a.args[1] in EXIT_NAMES]
            assert not pushes_out or tm is ToMove.JACK


@SETTINGS
@given(seeds, picks, st.booleans())
def test_views_never_hold_the_other_sides_secrets(seed: int, choices: list[int], accuse: bool) -> None:
    for s, _ in game(seed, choices, accuse=accuse):
        inv, jack = s.observation(Side.INVESTIGATOR), s.observation(Side.JACK)
        itext, jtext = str(inv), str(jack)
        assert "rng=-" in itext and "rng=-" in jtext
        if s.jack is not None:
            assert f"jack={IDS[s.jack]} " not in itext and "jack=? " in itext
            assert inv.describe()["jack"] is None
        for text, field in ((itext, "jcards"), (jtext, "icards")):
            value = text.split(f" {field}=")[1].split(" ")[0]
            assert value == "-" or set(value.split(",")) == {"?"}
        assert all(c is None for c in inv.describe()["jack_cards"])
        assert all(c is None for c in jack.describe()["investigator_cards"])
        assert inv.icards == s.icards and jack.jcards == s.jcards and jack.jack == s.jack
    end = replay(seed, [a for _, a in game(seed, choices, accuse=accuse)])
    v = end.observation(Side.INVESTIGATOR)
    assert f"jack={IDS[end.jack]} " in str(v)  # revealed at the end
    assert v.jcards == end.jcards and end.observation(Side.JACK).icards == end.icards


@SETTINGS
@given(seeds, picks, st.booleans())
def test_jack_is_always_a_suspect_and_never_a_drawn_card(seed: int, choices: list[int], accuse: bool) -> None:
    for s, _ in game(seed, choices, accuse=accuse):
        if s.jack is not None:
            assert s.suspects >> s.jack & 1
            assert s.jack not in s.icards and s.jack not in s.jcards
        assert s.deck_size() >= 0
        assert len(s.icards) + len(s.jcards) <= s.round


@SETTINGS
@given(seeds, picks, st.booleans())
def test_public_hash_is_the_same_in_every_view(seed: int, choices: list[int], accuse: bool) -> None:
    for s, _ in game(seed, choices, accuse=accuse):
        h = s.public_hash()
        assert s.observation(Side.JACK).public_hash() == h
        assert s.observation(Side.INVESTIGATOR).public_hash() == h


@SETTINGS
@given(seeds, picks)
def test_each_round_plays_four_cards_and_the_pair_of_rounds_all_eight(seed: int, choices: list[int]) -> None:
    taken: dict[int, list[int]] = {}
    for s, action in game(seed, choices, accuse=False):
        if action.startswith("play "):
            taken.setdefault(s.round, []).append(IDS.index(action.split()[1]))
    for r, cards in taken.items():
        assert len(cards) == len(set(cards)) <= 4
        if r % 2 == 0 and len(cards) == 4:
            assert sorted(taken[r - 1] + cards) == list(range(8))


@SETTINGS
@given(seeds, picks)
def test_board_invariants_hold_in_every_position(seed: int, choices: list[int]) -> None:
    """Tokens never run past the box, nobody stands on a building or a zone,
    lamps and subway entrances keep apart, the informant stays reachable-shaped."""
    for s, _ in game(seed, choices, accuse=False):
        d = s.describe()
        b = d["board"]
        zoned = {c for z in b["zones"] for c in z}
        on = set(b["characters"].values()) - {"n11", *b["ships"]}
        assert not on & (zoned | set(b["buildings"]))
        assert d["stock"]["buildings"] + len(b["buildings"]) - 6 <= 4
        assert len(b["lamps"]) + d["stock"]["lamps"] <= 6
        assert b["informant"]["cell"] not in b["buildings"]
        assert not zoned & set(b["buildings"])


# ------------------------------------------------------------ lockstep play


def hidden_form(full: NewYorkState, action: str, side: Side) -> str:
    """The form in which ``side``'s view receives ``action``."""
    kind = action.split(" ")[0]
    if kind == "identity" and side is Side.INVESTIGATOR:
        return "identity ?"
    if kind == "draw" and full.actor() is not side:
        return "draw ?"
    return action


def lockstep(seed: int, accuse: bool) -> None:
    """Play one random game in the full view, the investigator's and Jack's."""
    pick = random.Random(seed)
    full = NewYork.new(seed)
    inv, jack = full.observation(Side.INVESTIGATOR), full.observation(Side.JACK)
    while not full.is_over():
        legal = [a for a in full.legal_actions() if accuse or a.kind != "accuse"] or full.legal_actions()
        action = str(full.sample_chance() if full.to_move() is ToMove.CHANCE else pick.choice(legal))
        ia, ja = hidden_form(full, action, Side.INVESTIGATOR), hidden_form(full, action, Side.JACK)
        assert ia in [str(a) for a in inv.legal_actions()], (action, str(inv))
        assert ja in [str(a) for a in jack.legal_actions()], (action, str(jack))
        full.apply(action)
        inv.apply(ia)
        jack.apply(ja)
        # The two peers of a network game stay in lockstep, and with the full view.
        assert inv.public_hash() == jack.public_hash() == full.public_hash()
        if not full.is_over():
            assert str(inv) == str(full.observation(Side.INVESTIGATOR))
            assert str(jack) == str(full.observation(Side.JACK))
    assert str(inv.outcome) == str(jack.outcome) == str(full.outcome)
    if full.outcome.termination in (Termination.ESCAPE, Termination.ARREST_RIGHT):
        assert inv.jack == full.jack  # the ending itself shows who Jack was


def test_lockstep_views_agree_on_public_state() -> None:
    for seed in range(60):
        lockstep(seed, accuse=seed % 3 == 0)


# ------------------------------------------------------ fresh-process replay

REPLAY_SCRIPT = """
import json, sys
from game.engine import Side
from game.engine.newyork import NewYork
out = []
for seed, actions in json.load(sys.stdin):
    s = NewYork.new(seed)
    row = [s.public_hash(), s.full_hash()]
    for a in actions:
        s.apply(a)
        row += [s.public_hash(), s.full_hash(), s.observation(Side.INVESTIGATOR).full_hash()]
    out.append(row)
print(json.dumps(out))
"""


def hashes(games: list[tuple[int, list[str]]]) -> list[list[str]]:
    out = []
    for seed, actions in games:
        s = NewYork.new(seed)
        row = [s.public_hash(), s.full_hash()]
        for a in actions:
            s.apply(a)
            row += [s.public_hash(), s.full_hash(), s.observation(Side.INVESTIGATOR).full_hash()]
        out.append(row)
    return out


def test_same_seed_and_actions_give_same_hashes_in_a_fresh_process() -> None:
    games = []
    for seed in (0, 1, 12345, 2**64 - 1):
        r = random.Random(seed)
        choices = [r.randrange(2**16) for _ in range(MAX)]
        games.append((seed, [a for _, a in game(seed, choices, seed % 2 == 0, accuse=False)]))
    here = hashes(games)
    for hashseed in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed, PYTHONPATH=str(ROOT))
        proc = subprocess.run([sys.executable, "-c", REPLAY_SCRIPT], input=json.dumps(games),
                              capture_output=True, text=True, cwd=ROOT, env=env, timeout=60, check=True)
        assert json.loads(proc.stdout) == here


# ----------------------------------------------------------------- parser fuzz


def check_text(text: str) -> NewYorkState | None:
    """Either ``ValueError`` or an exact round trip into a playable state."""
    try:
        s = NewYorkState.parse(text)
    except ValueError:
        return None
    assert str(s) == text
    assert NewYorkState.parse(str(s)) == s
    assert s.is_over() or s.legal_actions(), "a state that is not over must offer an action"
    for a in s.legal_actions():
        child = s.child(a)
        assert NewYorkState.parse(str(child)) == child
    return s


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet="newyork view=full round=1 phase:,+-?0123456789abcdefghijklmn")))
def test_parse_fuzz_any_text(text: str) -> None:
    check_text(text)


def _real_texts() -> list[str]:
    """States from a few seeded games, every phase among them (the informant's too)."""
    out: list[str] = []
    phases: set[str] = set()
    seed = 0
    while seed < 4 or not {"draw", "informant", "verdict"} <= phases:
        r = random.Random(seed)
        s = NewYork.new(seed)
        while True:
            for t in (str(s), str(s.observation(Side.INVESTIGATOR)), str(s.observation(Side.JACK))):
                out.append(t)
            phases.add(s.phase)
            if s.is_over():
                break
            legal = s.legal_actions()
            meet = [a for a in legal if a.kind in ("to", "move") and a.args[-1] == s.describe()["board"][
                "informant"]["cell"]]
            legal = [a for a in legal if a.kind != "accuse" or seed % 4 == 3]
            s.apply(meet[0] if meet else legal[r.randrange(len(legal))])
        seed += 1
    return out


REAL_TEXTS = _real_texts()
mutation = st.tuples(st.integers(0, 2), st.integers(0, 10**6),
                     st.sampled_from(list("newyork=,+-? 0123456789abcdefghijklmnmp")))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(REAL_TEXTS), st.lists(mutation, min_size=1, max_size=4))
def test_parse_fuzz_mutated_state_texts(text: str, edits: list[tuple[int, int, str]]) -> None:
    chars = list(text)
    for op, where, ch in edits:
        i = where % (len(chars) + 1)
        if op == 0 and i < len(chars):
            chars[i] = ch
        elif op == 1 and i < len(chars):
            del chars[i]
        else:
            chars.insert(i, ch)
    check_text("".join(chars))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(REAL_TEXTS), st.sampled_from(REAL_TEXTS), st.integers(0, len(FIELDS) - 1))
def test_parse_fuzz_swapped_fields(a: str, b: str, field: int) -> None:
    """Take one field from another real state: inconsistent mixes must be refused."""
    pa, pb = a.split(" "), b.split(" ")
    pa[field + 1] = pb[field + 1]
    check_text(" ".join(pa))


FIELD_VALUES = ["-", "?", "0", "1", "2", "3", "7", "8", "tumblety", "e10", "liberty", "n11", "k16", "m", "p",
                "mp", "yes", "no", "seen", "unseen", "pick", "act", "draw", "informant", "verdict", "witness",
                "over", "jack", "investigator", "jack:escape", "jack:time-up", "investigator:arrest-right",
                "c10,m12", "b9,k4,l13", "e4+f3,k14+l15", "e2,k16", "4,4,4", "0,0,0", "smith,tumblety",
                "eastman,tumblety,smith"]
replacement = st.tuples(st.integers(0, len(FIELDS) - 1),
                        st.one_of(st.sampled_from(FIELD_VALUES), st.sampled_from(REAL_TEXTS)))


@settings(max_examples=250, deadline=None)
@given(st.sampled_from(REAL_TEXTS), st.lists(replacement, min_size=1, max_size=3))
def test_parse_fuzz_replaced_field_values(text: str, edits: list[tuple[int, str]]) -> None:
    """Fields replaced by odd values or by the same field of another real state."""
    parts = text.split(" ")
    for field, value in edits:
        if value.startswith("newyork "):
            value = value.split(" ")[field + 1].split("=", 1)[1]
        parts[field + 1] = f"{FIELDS[field]}={value}"
    check_text(" ".join(parts))


def test_real_texts_cover_every_phase() -> None:
    phases = {t.split(" phase=")[1].split(" ")[0] for t in REAL_TEXTS}
    assert phases == {"identity", "deal", "pick", "act", "draw", "informant", "witness", "verdict", "over"}


def test_full_view_without_generator_waits_for_chance_from_outside() -> None:
    s = NewYork.new(5)
    text = str(s).replace(f"rng={s.rng:016x}", "rng=-")
    s = NewYorkState.parse(text)
    with pytest.raises(ValueError, match="generator"):
        s.sample_chance()
    s.apply("identity smith")
    s.apply("deal beach runner latimer grant")
    assert s.phase == "pick" and NewYorkState.parse(str(s)) == s


def test_parse_refuses_non_text_and_other_games() -> None:
    for bad in ("", "newyork", "london view=full", str(NewYork.new(1)) + " "):
        with pytest.raises(ParseError):
            NewYorkState.parse(bad)
    with pytest.raises(ValueError):
        NewYorkState.parse(None)  # type: ignore[arg-type]


def test_hidden_marker_is_not_a_character() -> None:
    assert HIDDEN not in range(len(IDS))
