"""Properties of random legal London games (hypothesis), and a parser fuzz.

Games are drawn as a seed, an edition and one index per decision: each step
plays ``legal[index % len(legal)]``, chance steps included, so every chance
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
from game.engine.london import VOCAB, London, LondonState
from game.engine.london.state import FIELDS, HIDDEN, IDS, INVESTIGATOR_WINS, ROUNDS

ROOT = Path(__file__).resolve().parents[2]
MAX = LondonState.max_game_length
LONDON_ENDS = {Termination.ARREST_RIGHT, Termination.ARREST_WRONG, Termination.ESCAPE, Termination.TIME_UP}

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=2**64 - 1)
picks = st.lists(st.integers(min_value=0, max_value=2**16), min_size=MAX, max_size=MAX)
editions = st.sampled_from(London.editions)

CHANCE_KINDS = {"identity", "deal", "draw"}
JACK_ANSWERS = {"witness", "verdict"}


def game(seed: int, choices: list[int], edition: str = "2006", sample_chance: bool = False,
         accuse: bool = True) -> Iterator[tuple[LondonState, str]]:
    """Yield ``(state, action)`` before each action, then apply it; stop when the game ends."""
    s = London.new(seed, edition=edition)
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


def replay(seed: int, actions: list[str], edition: str = "2006") -> LondonState:
    s = London.new(seed, edition=edition)
    for a in actions:
        s.apply(a)
    return s


# ------------------------------------------------------------- game properties


@SETTINGS
@given(seeds, picks, editions, st.booleans(), st.booleans())
def test_random_games_end_within_max_length_with_a_declared_termination(
        seed: int, choices: list[int], edition: str, sample: bool, accuse: bool) -> None:
    actions = [a for _, a in game(seed, choices, edition, sample, accuse)]
    s = replay(seed, actions, edition)
    assert s.is_over() and s.to_move() is ToMove.OVER and s.legal_actions() == []
    assert len(actions) == s.ply <= MAX
    term = s.outcome.termination
    assert term in LONDON_ENDS
    assert s.winner() is (Side.INVESTIGATOR if term in INVESTIGATOR_WINS else Side.JACK)
    d = s.describe()
    # The ending agrees with the position.
    if term is Termination.TIME_UP:
        assert s.round == ROUNDS and len(s.played) == 4
    elif term is Termination.ESCAPE:
        assert d["board"]["characters"][IDS[s.jack]] in ("NW", "NE", "SW", "SE")
        assert d["board"]["characters"][IDS[s.jack]] not in d["board"]["cordons"]
        assert s.actor() is Side.JACK and d["witness"] == "unseen"
    else:
        accuser, accused = IDS[s.active], IDS[s.accused()]
        assert d["board"]["characters"][accuser] == d["board"]["characters"][accused]
        assert (accused == IDS[s.jack]) == (term is Termination.ARREST_RIGHT)
        assert s.actor() is Side.INVESTIGATOR


@SETTINGS
@given(seeds, picks, editions, st.booleans())
def test_text_forms_round_trip_at_every_step(seed: int, choices: list[int], edition: str, accuse: bool) -> None:
    for s, _ in game(seed, choices, edition, accuse=accuse):
        text = str(s)
        back = LondonState.parse(text)
        assert back == s and str(back) == text
        assert back.public_hash() == s.public_hash() and back.full_hash() == s.full_hash()
        assert [str(a) for a in back.legal_actions()] == [str(a) for a in s.legal_actions()]
        for side in Side:
            view = s.observation(side)
            assert str(LondonState.parse(str(view))) == str(view)


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
    for s, _ in game(seed, choices, accuse=False):
        legal = set(s.legal_actions())
        illegal = [a for a in every if a not in legal]
        bad = illegal[k % len(illegal)]
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
        # Each side keeps its own cards.
        assert inv.icards == s.icards and jack.jcards == s.jcards and jack.jack == s.jack
    end = replay(seed, [a for _, a in game(seed, choices, accuse=accuse)])
    view = end.observation(Side.INVESTIGATOR)
    assert f"jack={IDS[end.jack]} " in str(view)  # revealed at the end
    assert view.jcards == end.jcards and end.observation(Side.JACK).icards == end.icards


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


# ------------------------------------------------------------ lockstep play


def hidden_form(full: LondonState, action: str, side: Side) -> str:
    """The form in which ``side``'s view receives ``action``."""
    kind = action.split(" ")[0]
    if kind == "identity" and side is Side.INVESTIGATOR:
        return "identity ?"
    if kind == "draw" and full.actor() is not side:
        return "draw ?"
    return action


def lockstep(seed: int, edition: str, accuse: bool) -> None:
    """Play one random game in the full view, the investigator's and Jack's."""
    pick = random.Random(seed)
    full = London.new(seed, edition=edition)
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
        lockstep(seed, London.editions[seed % 2], accuse=seed % 3 == 0)


# ------------------------------------------------------ fresh-process replay

REPLAY_SCRIPT = """
import json, sys
from game.engine import Side
from game.engine.london import London
out = []
for seed, edition, actions in json.load(sys.stdin):
    s = London.new(seed, edition=edition)
    row = [s.public_hash(), s.full_hash()]
    for a in actions:
        s.apply(a)
        row += [s.public_hash(), s.full_hash(), s.observation(Side.INVESTIGATOR).full_hash()]
    out.append(row)
print(json.dumps(out))
"""


def hashes(games: list[tuple[int, str, list[str]]]) -> list[list[str]]:
    out = []
    for seed, edition, actions in games:
        s = London.new(seed, edition=edition)
        row = [s.public_hash(), s.full_hash()]
        for a in actions:
            s.apply(a)
            row += [s.public_hash(), s.full_hash(), s.observation(Side.INVESTIGATOR).full_hash()]
        out.append(row)
    return out


def test_same_seed_and_actions_give_same_hashes_in_a_fresh_process() -> None:
    games = []
    for i, seed in enumerate((0, 1, 12345, 2**64 - 1)):
        r = random.Random(seed)
        choices = [r.randrange(2**16) for _ in range(MAX)]
        edition = London.editions[i % 2]
        games.append((seed, edition, [a for _, a in game(seed, choices, edition, seed % 2 == 0, accuse=False)]))
    here = hashes(games)
    for hashseed in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed, PYTHONPATH=str(ROOT))
        proc = subprocess.run([sys.executable, "-c", REPLAY_SCRIPT], input=json.dumps(games),
                              capture_output=True, text=True, cwd=ROOT, env=env, timeout=60, check=True)
        assert json.loads(proc.stdout) == here


# ----------------------------------------------------------------- parser fuzz


def check_text(text: str) -> LondonState | None:
    """Either ``ValueError`` or an exact round trip into a playable state."""
    try:
        s = LondonState.parse(text)
    except ValueError:
        return None
    assert str(s) == text
    assert LondonState.parse(str(s)) == s
    assert s.is_over() or s.legal_actions(), "a state that is not over must offer an action"
    for a in s.legal_actions():
        child = s.child(a)
        assert LondonState.parse(str(child)) == child
    return s


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet="london view=full round=1 phase:,-?NESW0123456789abcdefghijklm")))
def test_parse_fuzz_any_text(text: str) -> None:
    check_text(text)


def _real_texts() -> list[str]:
    out = []
    for seed in range(4):
        r = random.Random(seed)
        s = London.new(seed, edition=London.editions[seed % 2])
        while True:
            out += [str(s), str(s.observation(Side.INVESTIGATOR)), str(s.observation(Side.JACK))]
            if s.is_over():
                break
            legal = [a for a in s.legal_actions() if a.kind != "accuse" or seed == 3]
            s.apply(legal[r.randrange(len(legal))])
    return out


REAL_TEXTS = _real_texts()
mutation = st.tuples(st.integers(0, 2), st.integers(0, 10**6),
                     st.sampled_from(list("london=,-? NESWnesw0123456789abcdefghijklmpw")))


@settings(max_examples=200, deadline=None)
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


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(REAL_TEXTS), st.sampled_from(REAL_TEXTS), st.integers(0, len(FIELDS) - 1))
def test_parse_fuzz_swapped_fields(a: str, b: str, field: int) -> None:
    """Take one field from another real state: inconsistent mixes must be refused."""
    pa, pb = a.split(" "), b.split(" ")
    pa[field + 1] = pb[field + 1]
    check_text(" ".join(pa))


FIELD_VALUES = ["-", "?", "0", "1", "2", "3", "7", "8", "gull", "e5", "NE", "m", "p", "w", "mp", "pw", "mpw",
                "seen", "unseen", "pick", "act", "whistle", "lantern", "draw", "verdict", "witness", "over",
                "jack", "investigator", "2016", "jack:escape", "jack:time-up", "investigator:arrest-right",
                "b2,l11,c7,k6,f5,h8", "c2,l12", "NW,SE", "holmes,gull", "goodley,gull,lestrade"]
replacement = st.tuples(st.integers(0, len(FIELDS) - 1),
                        st.one_of(st.sampled_from(FIELD_VALUES), st.sampled_from(REAL_TEXTS)))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(REAL_TEXTS), st.lists(replacement, min_size=1, max_size=3))
def test_parse_fuzz_replaced_field_values(text: str, edits: list[tuple[int, str]]) -> None:
    """Fields replaced by odd values or by the same field of another real state."""
    parts = text.split(" ")
    for field, value in edits:
        if value.startswith("london "):
            value = value.split(" ")[field + 1].split("=", 1)[1]
        parts[field + 1] = f"{FIELDS[field]}={value}"
    check_text(" ".join(parts))


def test_real_texts_cover_every_phase() -> None:
    phases = {t.split(" phase=")[1].split(" ")[0] for t in REAL_TEXTS}
    assert phases == {"identity", "deal", "pick", "act", "whistle", "lantern", "draw", "witness", "verdict",
                      "over"}


def test_full_view_without_generator_waits_for_chance_from_outside() -> None:
    s = London.new(5)
    text = str(s).replace(f"rng={s.rng:016x}", "rng=-")
    s = LondonState.parse(text)
    with pytest.raises(ValueError, match="generator"):
        s.sample_chance()
    s.apply("identity bert")
    s.apply("deal holmes watson smith lestrade")
    assert s.phase == "pick" and LondonState.parse(str(s)) == s


def test_parse_refuses_non_text_and_other_games() -> None:
    for bad in ("", "london", "pocket view=full", str(London.new(1)) + " "):
        with pytest.raises(ParseError):
            LondonState.parse(bad)
    with pytest.raises(ValueError):
        LondonState.parse(None)  # type: ignore[arg-type]


def test_hidden_marker_is_not_a_character() -> None:
    assert HIDDEN not in range(len(IDS))
