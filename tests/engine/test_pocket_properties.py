"""Properties of random legal Pocket games (hypothesis), and a parser fuzz.

Games are drawn as a seed plus one index per decision: each step plays
``legal[index % len(legal)]``, chance steps included, so every chance outcome
is reachable.  ``max_examples`` is kept small: the file runs in a few seconds.
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
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

from game.engine import IllegalActionError, ParseError, Side, Termination, ToMove
from game.engine.pocket import DATA, VOCAB, PocketState
from game.engine.pocket.state import PHASES, TO_WIN, VIEWS

ROOT = Path(__file__).resolve().parents[2]
MAX = PocketState.max_game_length
IDS = DATA.ids

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=2**64 - 1)
picks = st.lists(st.integers(min_value=0, max_value=2**16), min_size=MAX, max_size=MAX)

CHANCE_KINDS = {"identity", "throw", "draw"}
ANSWER_KINDS = {"witness", "claim"}
ACT_KINDS = {"holmes", "watson", "toby", "joker", "rotate", "exchange", "alibi"}
INVESTIGATOR_WINS = {Termination.ONE_SUSPECT, Termination.BOTH_GOALS_SEEN, Termination.CHASE_SEEN}


def game(seed: int, choices: list[int], sample_chance: bool = False) -> Iterator[tuple[PocketState, str]]:
    """Yield ``(state, action)`` before each action, then apply it; stop when the game ends."""
    s = PocketState.new(seed)
    for i in range(MAX + 1):
        if s.is_over():
            return
        assert i < MAX, "the game did not end within max_game_length"
        legal = s.legal_actions()
        if sample_chance and s.to_move() is ToMove.CHANCE:
            action = str(s.sample_chance())
        else:
            action = str(legal[choices[i] % len(legal)])
        yield s, action
        s.apply(action)


def replay(seed: int, actions: list[str]) -> PocketState:
    s = PocketState.new(seed)
    for a in actions:
        s.apply(a)
    return s


# ------------------------------------------------------------- game properties


@SETTINGS
@given(seeds, picks, st.booleans())
def test_random_games_end_within_max_length_with_a_declared_termination(
        seed: int, choices: list[int], sample: bool) -> None:
    actions = [a for _, a in game(seed, choices, sample)]
    s = replay(seed, actions)
    assert s.is_over() and s.to_move() is ToMove.OVER
    assert len(actions) == s.ply <= MAX
    assert s.outcome is not None and s.outcome.termination in set(Termination)
    assert s.winner() is (Side.INVESTIGATOR if s.outcome.termination in INVESTIGATOR_WINS else Side.JACK)
    assert s.legal_actions() == []
    # The ending agrees with the position.
    term = s.outcome.termination
    if term is Termination.ONE_SUSPECT:
        assert len(s.suspects()) == 1 and s.hourglasses() < TO_WIN
    elif term is Termination.HOURGLASSES:
        assert s.hourglasses() >= TO_WIN and len(s.suspects()) > 1
    elif term is Termination.TIME_UP:
        assert s.round == 8 and len(s.suspects()) > 1 and s.hourglasses() < TO_WIN
    elif term in (Termination.BOTH_GOALS_SEEN, Termination.BOTH_GOALS_UNSEEN):
        assert s.round == 8 and not s.chase and len(s.suspects()) == 1 and s.hourglasses() >= TO_WIN
    else:
        assert s.chase and len(s.suspects()) == 1
    if term in (Termination.BOTH_GOALS_SEEN, Termination.CHASE_SEEN):
        assert s.track[-1] is Side.INVESTIGATOR
    if term in (Termination.BOTH_GOALS_UNSEEN, Termination.CHASE_ESCAPED):
        assert s.track[-1] is Side.JACK


@SETTINGS
@given(seeds, picks)
def test_text_forms_round_trip_at_every_step(seed: int, choices: list[int]) -> None:
    for s, _ in game(seed, choices):
        text = str(s)
        back = PocketState.parse(text)
        assert back == s and str(back) == text
        assert back.public_hash() == s.public_hash() and back.full_hash() == s.full_hash()
        assert [str(a) for a in back.legal_actions()] == [str(a) for a in s.legal_actions()]
        for side in Side:
            view = s.observation(side)
            assert str(PocketState.parse(str(view))) == str(view)


@SETTINGS
@given(seeds, picks)
def test_legal_action_texts_are_unique_sorted_and_parse_back(seed: int, choices: list[int]) -> None:
    for s, _ in game(seed, choices):
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
@given(seeds, picks)
def test_clone_equals_original_and_is_independent(seed: int, choices: list[int]) -> None:
    for s, action in game(seed, choices):
        c = s.clone()
        assert c == s and str(c) == str(s) and c.public_hash() == s.public_hash()
        before = str(s)
        child = s.child(action)
        assert str(s) == before
        c.apply(action)
        assert str(c) == str(child)


@SETTINGS
@given(seeds, picks, st.integers(min_value=0, max_value=2**16))
def test_illegal_action_raises_and_changes_nothing(seed: int, choices: list[int], k: int) -> None:
    every = list(VOCAB)
    for s, _ in game(seed, choices):
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
@given(seeds, picks)
def test_only_the_side_to_move_has_actions(seed: int, choices: list[int]) -> None:
    """``legal_actions`` are always the decisions of ``to_move()``, nobody else's."""
    for s, _ in game(seed, choices):
        tm = s.to_move()
        kinds = {a.kind for a in s.legal_actions()}
        assert kinds
        if tm is ToMove.CHANCE:
            assert kinds <= CHANCE_KINDS
        elif s.phase in ("witness", "claim"):
            assert tm is ToMove.JACK and kinds <= ANSWER_KINDS
        else:
            assert s.phase == "act" and kinds <= ACT_KINDS
            assert tm.side is s.actor(s.step)
            # Leaving all detectives in place is Jack's alone.
            if "joker" in s.available_faces():
                assert (VOCAB.parse("joker none") in s.legal_actions()) == (tm is ToMove.JACK)


@SETTINGS
@given(seeds, picks)
def test_investigator_view_never_holds_jacks_secrets(seed: int, choices: list[int]) -> None:
    for s, _ in game(seed, choices):
        view = s.observation(Side.INVESTIGATOR)
        text = str(view)
        assert "rng=-" in text
        if s.jack is not None:
            assert f"jack={IDS[s.jack]} " not in text and "jack=? " in text
        jfield = text.split(" jcards=")[1].split(" ")[0]
        assert jfield == "-" or set(jfield.split(",")) == {"?"}
        assert view.describe()["jack"] is None
        assert all(c is None for c in view.describe()["jack_cards"])
    end = replay(seed, [a for _, a in game(seed, choices)])
    view = end.observation(Side.INVESTIGATOR)
    assert f"jack={IDS[end.jack]} " in str(view)  # revealed at the end
    assert view.jcards == end.jcards


@SETTINGS
@given(seeds, picks)
def test_jack_is_always_a_suspect(seed: int, choices: list[int]) -> None:
    for s, _ in game(seed, choices):
        if s.jack is not None:
            assert s.suspect[s.jack]
            assert s.jack not in s.icards and s.jack not in s.jcards
    end = replay(seed, [a for _, a in game(seed, choices)])
    assert end.suspect[end.jack]


@SETTINGS
@given(seeds, picks)
def test_public_hash_is_the_same_in_every_view(seed: int, choices: list[int]) -> None:
    for s, _ in game(seed, choices):
        h = s.public_hash()
        assert s.observation(Side.JACK).public_hash() == h
        assert s.observation(Side.INVESTIGATOR).public_hash() == h


@SETTINGS
@given(seeds, picks)
def test_alibi_deck_never_runs_out(seed: int, choices: list[int]) -> None:
    """One Alibi face per pair of rounds: at most four draws from eight cards."""
    for s, _ in game(seed, choices):
        drawn = len(s.icards) + len(s.jcards)
        assert drawn <= (s.round + 1) // 2 <= 4
        if s.phase == "draw":
            assert s.deck_size() >= 5 and s.legal_actions()


@SETTINGS
@given(seeds, picks)
def test_each_round_plays_every_token_once_and_even_rounds_flip(seed: int, choices: list[int]) -> None:
    faces_by_round: dict[int, list[int]] = {}
    for s, _ in game(seed, choices):
        if s.faces is not None:
            faces_by_round.setdefault(s.round, s.faces[:])
            assert s.faces == faces_by_round[s.round]
        if s.phase == "witness":
            assert all(s.used)
    for r, faces in faces_by_round.items():
        if r % 2 == 0 and r - 1 in faces_by_round:
            assert faces == [1 - f for f in faces_by_round[r - 1]]


# ------------------------------------------------------ fresh-process replay

REPLAY_SCRIPT = """
import json, sys
from game.engine import Side
from game.engine.pocket import PocketState
out = []
for seed, actions in json.load(sys.stdin):
    s = PocketState.new(seed)
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
        s = PocketState.new(seed)
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
        games.append((seed, [a for _, a in game(seed, choices, sample_chance=seed % 2 == 0)]))
    here = hashes(games)
    for hashseed in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed, PYTHONPATH=str(ROOT))
        proc = subprocess.run([sys.executable, "-c", REPLAY_SCRIPT], input=json.dumps(games),
                              capture_output=True, text=True, cwd=ROOT, env=env, timeout=60, check=True)
        assert json.loads(proc.stdout) == here


# ----------------------------------------------------------------- parser fuzz


def check_text(text: str) -> PocketState | None:
    """Either ``ValueError`` or an exact round trip, and a playable state."""
    try:
        s = PocketState.parse(text)
    except ValueError:
        return None
    assert str(s) == text
    assert PocketState.parse(str(s)) == s
    legal = s.legal_actions()
    assert s.is_over() or legal, "a state that is not over must offer an action"
    return s


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet="pocket view=full round=1 phase:/,-?NESWnesw0123456789")))
def test_parse_fuzz_any_text(text: str) -> None:
    check_text(text)


def _real_texts() -> list[str]:
    out = []
    for seed in range(6):
        r = random.Random(seed)
        s = PocketState.new(seed)
        while True:
            out += [str(s), str(s.observation(Side.INVESTIGATOR)), str(s.observation(Side.JACK))]
            if s.is_over():
                break
            legal = s.legal_actions()
            s.apply(legal[r.randrange(len(legal))])
    return out


REAL_TEXTS = _real_texts()
mutation = st.tuples(st.integers(0, 2), st.integers(0, 10**6),
                     st.sampled_from(list("pocket=/:,-? NESWnesw0123456789abcdefIJHWTRXAJ?")))


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


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(REAL_TEXTS), st.sampled_from(REAL_TEXTS), st.integers(0, 14))
def test_parse_fuzz_swapped_fields(a: str, b: str, field: int) -> None:
    """Take one field from another real state: inconsistent mixes must be refused."""
    pa, pb = a.split(" "), b.split(" ")
    pa[field + 1] = pb[field + 1]
    check_text(" ".join(pa))


@st.composite
def field_texts(draw: st.DrawFn) -> str:
    """State texts built field by field, mostly consistent, so the parser often accepts them."""
    view = draw(st.sampled_from(VIEWS))
    phase = draw(st.sampled_from(PHASES))
    rnd = 1 if phase == "identity" else draw(st.integers(1, 8))
    if phase == "throw" and draw(st.integers(0, 3)):
        rnd |= 1
    cards = draw(st.permutations(IDS))
    ni, nj = (0, 0) if phase == "identity" else (draw(st.integers(0, 4)), draw(st.integers(0, 4)))
    jack = cards[8]
    cleared = set(cards[:ni])
    if phase != "identity":
        cleared |= {c for c in cards[:8] if draw(st.integers(0, 2)) == 0}
    walls = draw(st.lists(st.sampled_from("NESW"), min_size=9, max_size=9))
    order = draw(st.permutations(IDS))
    tiles = "/".join(f"{c}:{w.lower() if c in cleared else w}" for c, w in zip(order, walls, strict=True))
    dets = ",".join(str(draw(st.integers(0, 11))) for _ in range(3))
    faces = [draw(st.sampled_from(p)) for p in ("AH", "WT", "RX", "RJ")]
    if phase == "draw":
        faces[0] = "A"
    n_used = {"act": draw(st.integers(0, 3)), "draw": draw(st.integers(1, 4))}.get(phase, 4)
    used = set(draw(st.permutations(range(4)))[:n_used])
    if phase == "draw":
        used = (used - {3}) | {0} if 0 not in used and len(used) == 4 else used | {0}
    tokens = "".join(f.lower() if t in used else f for t, f in enumerate(faces))
    if phase in ("identity", "throw"):
        tokens = "----"
    n_rot = sum(1 for t in used if faces[t] == "R") if tokens != "----" else 0
    rotated = ",".join(draw(st.permutations(IDS))[:draw(st.integers(0, n_rot))]) or "-"
    track_len = rnd - 1 + (phase in ("claim", "over"))
    track = "".join(draw(st.sampled_from("IJ")) for _ in range(track_len)) or "-"
    hidden = view == "investigator" and phase != "over"
    icards = ",".join(cards[:ni]) or "-"
    jcards = ",".join("?" if hidden else c for c in cards[ni:ni + nj]) or "-"
    jack_text = "-" if phase == "identity" else ("?" if hidden else jack)
    rng = "-" if view != "full" else f"{draw(st.integers(0, 2**64 - 1)):016x}"
    chase = draw(st.sampled_from("0001"))
    outcome = "-"
    if phase == "over":
        outcome = f"{draw(st.sampled_from(['jack', 'investigator']))}:" \
                  f"{draw(st.sampled_from([t.value for t in Termination]))}"
    return (f"pocket view={view} round={rnd} phase={phase} tiles={tiles} detectives={dets} "
            f"tokens={tokens} rotated={rotated} track={track} icards={icards} jcards={jcards} "
            f"jack={jack_text} rng={rng} chase={chase} ply={draw(st.integers(0, 60))} outcome={outcome}")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field_texts())
def test_parse_fuzz_built_states_are_playable(text: str) -> None:
    """Every state the parser accepts can play each legal action into another valid state."""
    s = check_text(text)
    if s is None:
        return
    for a in s.legal_actions():
        child = s.child(a)
        assert PocketState.parse(str(child)) == child


def test_parse_fuzz_built_states_reach_the_accepting_path() -> None:
    for phase in PHASES:
        found = find(field_texts(), lambda t, ph=phase: f"phase={ph} " in t and check_text(t) is not None,
                     settings=settings(max_examples=5000, database=None, deadline=None,
                                       phases=[Phase.generate]))
        assert PocketState.parse(found).phase == phase


def test_full_view_without_generator_stays_valid_after_alibi() -> None:
    """A loaded full view with ``rng=-`` waits for its chance steps from outside."""
    text = ("pocket view=full round=1 phase=act tiles=lestrade:W/goodley:W/smith:E/stealthy:S/bert:E/"
            "madame:S/gull:E/lane:S/pizer:S detectives=11,3,7 tokens=AWXJ rotated=- track=- icards=- "
            "jcards=- jack=bert rng=- chase=0 ply=3 outcome=-")
    s = PocketState.parse(text)
    s.apply("alibi")
    assert PocketState.parse(str(s)) == s
    assert s.to_move().value == "chance"
    s.apply("draw pizer")
    assert s.icards and PocketState.parse(str(s)) == s


def test_parse_refuses_non_text_and_other_games() -> None:
    for bad in ("", "pocket", "chess view=full", str(PocketState.new(1)) + " "):
        with pytest.raises(ParseError):
            PocketState.parse(bad)
    with pytest.raises(ValueError):
        PocketState.parse(None)  # type: ignore[arg-type]
