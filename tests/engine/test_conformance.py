"""What every rule set promises, checked once over :data:`game.engine.RULESETS`.

OpenSpiel's random simulation test, as hypothesis properties of random
legal games (see :mod:`.conformance`), and a parser fuzz: a clone equals the
original; the text form round-trips; the hash reproduces after re-parsing
and in a fresh process; the side not to move has no legal actions; action
texts are unique and parse back; an illegal action leaves state and hash
alone; the game ends within ``max_game_length`` with one of its declared
terminations; views never hold the other side's secrets and agree on the
public hash; any text either raises ``ValueError`` or round-trips.

What the card game adds (London and New York) is in
``test_cardgame_properties.py`` and ``test_cardgame_observation.py``; each
game's own rules and special cases stay in its own files.
"""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import strategies as st

from game.engine import RULESETS, IllegalActionError, ParseError, Side, ToMove

from .conformance import (
    ADAPTERS,
    INV,
    JACK,
    Game,
    RuleSet,
    check_text,
    for_each_ruleset,
    games,
    seeded_game,
)

ROOT = Path(__file__).resolve().parents[2]
DESCRIBED = {"icards": "investigator_cards", "jcards": "jack_cards"}  # text field -> describe() key
over_rulesets = pytest.mark.parametrize("rules", ADAPTERS, ids=str)


def texts(state) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(a) for a in state.legal_actions()]


def test_every_registered_ruleset_has_an_adapter() -> None:
    assert [a.rs for a in ADAPTERS] == RULESETS


# ------------------------------------------------------------- game properties


@for_each_ruleset(lambda r: games(r, sample=st.booleans()))
def test_random_games_end_within_max_length_with_a_declared_termination(rules: RuleSet, game: Game) -> None:
    actions = game.actions()
    s = game.end()
    assert s.is_over() and s.to_move() is ToMove.OVER and s.legal_actions() == []
    assert len(actions) == s.ply <= rules.max
    term = s.outcome.termination
    assert term in rules.ends
    assert s.winner() is (Side.INVESTIGATOR if term in rules.investigator_wins else Side.JACK)


@for_each_ruleset(games)
def test_text_forms_round_trip_at_every_step(rules: RuleSet, game: Game) -> None:
    for s, _ in game.steps():
        text = str(s)
        back = rules.cls.parse(text)
        assert back == s and str(back) == text
        assert back.public_hash() == s.public_hash() and back.full_hash() == s.full_hash()
        assert texts(back) == texts(s)
        for side in Side:
            view = s.observation(side)
            assert str(rules.cls.parse(str(view))) == str(view)


@for_each_ruleset(games)
def test_legal_action_texts_are_unique_sorted_and_parse_back(rules: RuleSet, game: Game) -> None:
    vocab = rules.vocab
    for s, _ in game.steps():
        legal = s.legal_actions()
        names = [str(a) for a in legal]
        assert len(set(names)) == len(names)
        assert names == sorted(names)
        for a, name in zip(legal, names, strict=True):
            assert vocab.parse(name) is a
            assert vocab.parse(f"  {name.upper()} ") is a
            assert vocab.from_wire(a.to_wire()) is a
            assert s.is_legal(a)


@for_each_ruleset(games)
def test_clone_equals_original_and_is_independent(rules: RuleSet, game: Game) -> None:
    for s, action in game.steps():
        c = s.clone()
        assert c == s and str(c) == str(s) and c.public_hash() == s.public_hash()
        before = str(s)
        child = s.child(action)
        assert str(s) == before
        c.apply(action)
        assert str(c) == str(child)


@for_each_ruleset(lambda r: games(r, biased=st.just(True)), lambda r: st.integers(min_value=0, max_value=2**16))
def test_illegal_action_raises_and_changes_nothing(rules: RuleSet, game: Game, k: int) -> None:
    every = list(rules.vocab)
    for i, (s, _) in enumerate(game.steps()):
        if i % rules.illegal_every:
            continue
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


@for_each_ruleset(games)
def test_only_the_side_to_move_has_actions(rules: RuleSet, game: Game) -> None:
    """``legal_actions`` are always the decisions of ``to_move()``, nobody else's."""
    for s, _ in game.steps():
        tm = s.to_move()
        kinds = {a.kind for a in s.legal_actions()}
        assert kinds
        if tm is ToMove.CHANCE:
            assert kinds <= rules.chance_kinds
        elif s.phase in rules.answers:
            assert tm is ToMove.JACK and kinds <= rules.answers
        else:
            assert tm.side is rules.actor(s) and not kinds & (rules.chance_kinds | rules.answers)


@for_each_ruleset(games)
def test_views_never_hold_the_other_sides_secrets(rules: RuleSet, game: Game) -> None:
    ids = rules.module.IDS
    for s, _ in game.steps():
        views = {side: s.observation(side) for side in Side}
        for side, view in views.items():
            text = str(view)
            assert "rng=-" in text
            if side in rules.secrets:
                value = text.split(f" {rules.secrets[side]}=")[1].split(" ")[0]
                assert value == "-" or set(value.split(",")) == {"?"}
                assert all(c is None for c in view.describe()[DESCRIBED[rules.secrets[side]]])
        inv, jack = views[INV], views[JACK]
        if s.jack is not None:
            assert f"jack={ids[s.jack]} " not in str(inv) and "jack=? " in str(inv)
        assert inv.describe()["jack"] is None
        # Each side keeps its own cards.
        assert inv.icards == s.icards and jack.jcards == s.jcards and jack.jack == s.jack
    end = game.end()
    assert f"jack={ids[end.jack]} " in str(end.observation(INV))  # revealed at the end
    for side in Side:
        view = end.observation(side)
        assert (view.jack, view.icards, view.jcards) == (end.jack, end.icards, end.jcards)


@for_each_ruleset(games)
def test_jack_is_always_a_suspect_and_never_a_drawn_card(rules: RuleSet, game: Game) -> None:
    for s, _ in game.steps():
        if s.jack is not None:
            d = s.describe()
            assert d["jack"] in d["suspects"]
            assert s.jack not in s.icards and s.jack not in s.jcards
        assert s.deck_size() >= 0
        assert len(s.icards) + len(s.jcards) <= s.round
    d = game.end().describe()
    assert d["jack"] in d["suspects"]


@for_each_ruleset(games)
def test_public_hash_is_the_same_in_every_view(rules: RuleSet, game: Game) -> None:
    for s, _ in game.steps():
        h = s.public_hash()
        assert s.observation(Side.JACK).public_hash() == h
        assert s.observation(Side.INVESTIGATOR).public_hash() == h


# ------------------------------------------------------------------- views


@over_rulesets
def test_views_have_no_generator(rules: RuleSet) -> None:
    full = rules.new(4)
    for side in Side:
        view = full.observation(side)
        assert view.rng is None and "rng=-" in str(view)
        with pytest.raises(ValueError, match="generator"):
            view.sample_chance()
    assert full.rng is not None  # the full view is left alone


@over_rulesets
def test_investigator_view_deals_identity_as_question_mark(rules: RuleSet) -> None:
    full = rules.new(4)
    inv = full.observation(INV)
    assert texts(inv) == ["identity ?"]
    inv.apply("identity ?")
    phase, outcomes = rules.identities_then
    assert "jack=?" in str(inv) and inv.phase == phase and len(texts(inv)) == outcomes
    with pytest.raises(IllegalActionError):
        full.observation(INV).apply(texts(full)[-1])
    assert len(texts(full)) == len(rules.module.IDS) and "identity ?" not in texts(full)
    assert texts(full.observation(JACK)) == texts(full)


# ------------------------------------------------------ fresh-process replay


def hash_rows(runs: list[tuple[str, int, str | None, list[str]]]) -> list[list[str]]:
    """For each ``(rule set, seed, edition, actions)``: the hashes after every action.

    Self-contained: a fresh process runs its source too.
    """
    from game.engine import Side, find_ruleset

    out = []
    for name, seed, edition, actions in runs:
        rs = find_ruleset(name)
        s = rs.new(seed) if edition is None else rs.new(seed, edition=edition)
        row = [s.public_hash(), s.full_hash()]
        for a in actions:
            s.apply(a)
            row += [s.public_hash(), s.full_hash(), s.observation(Side.INVESTIGATOR).full_hash()]
        out.append(row)
    return out


REPLAY_SCRIPT = inspect.getsource(hash_rows) + "import json, sys\nprint(json.dumps(hash_rows(json.load(sys.stdin))))\n"


@over_rulesets
def test_same_seed_and_actions_give_same_hashes_in_a_fresh_process(rules: RuleSet) -> None:
    runs = []
    for i, seed in enumerate((0, 1, 12345, 2**64 - 1)):
        edition = rules.editions[i % len(rules.editions)]
        game = seeded_game(rules, seed, edition, sample=seed % 2 == 0, biased=True)
        runs.append((rules.name, seed, edition, game.actions()))
    here = hash_rows(runs)
    for hashseed in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed, PYTHONPATH=str(ROOT))
        proc = subprocess.run([sys.executable, "-c", REPLAY_SCRIPT], input=json.dumps(runs),
                              capture_output=True, text=True, cwd=ROOT, env=env, timeout=60, check=True)
        assert json.loads(proc.stdout) == here


# ----------------------------------------------------------------- parser fuzz


@for_each_ruleset(lambda r: st.one_of(st.text(), st.text(alphabet=r.any_alphabet)), examples=150)
def test_parse_fuzz_any_text(rules: RuleSet, text: str) -> None:
    check_text(rules, text)


def mutations(rules: RuleSet) -> st.SearchStrategy[list[tuple[int, int, str]]]:
    edit = st.tuples(st.integers(0, 2), st.integers(0, 10**6), st.sampled_from(list(rules.edit_alphabet)))
    return st.lists(edit, min_size=1, max_size=4)


@for_each_ruleset(lambda r: st.sampled_from(r.real_texts()), mutations, examples=200)
def test_parse_fuzz_mutated_state_texts(rules: RuleSet, text: str, edits: list[tuple[int, int, str]]) -> None:
    chars = list(text)
    for op, where, ch in edits:
        i = where % (len(chars) + 1)
        if op == 0 and i < len(chars):
            chars[i] = ch
        elif op == 1 and i < len(chars):
            del chars[i]
        else:
            chars.insert(i, ch)
    check_text(rules, "".join(chars))


@for_each_ruleset(lambda r: st.sampled_from(r.real_texts()), lambda r: st.sampled_from(r.real_texts()),
                  lambda r: st.integers(0, len(r.module.FIELDS) - 1), examples=200)
def test_parse_fuzz_swapped_fields(rules: RuleSet, a: str, b: str, field: int) -> None:
    """Take one field from another real state: inconsistent mixes must be refused."""
    pa, pb = a.split(" "), b.split(" ")
    pa[field + 1] = pb[field + 1]
    check_text(rules, " ".join(pa))


def replacements(rules: RuleSet) -> st.SearchStrategy[list[tuple[int, str]]]:
    values = st.one_of(st.sampled_from(rules.field_values), st.sampled_from(rules.real_texts()))
    return st.lists(st.tuples(st.integers(0, len(rules.module.FIELDS) - 1), values), min_size=1, max_size=3)


@for_each_ruleset(lambda r: st.sampled_from(r.real_texts()), replacements, examples=300)
def test_parse_fuzz_replaced_field_values(rules: RuleSet, text: str, edits: list[tuple[int, str]]) -> None:
    """Fields replaced by odd values or by the same field of another real state."""
    parts = text.split(" ")
    for field, value in edits:
        if value.startswith(f"{rules.name} "):
            value = value.split(" ")[field + 1].split("=", 1)[1]
        parts[field + 1] = f"{rules.module.FIELDS[field]}={value}"
    check_text(rules, " ".join(parts))


@over_rulesets
def test_real_texts_cover_every_phase(rules: RuleSet) -> None:
    phases = {t.split(" phase=")[1].split(" ")[0] for t in rules.real_texts()}
    assert phases == set(rules.module.PHASES)


@over_rulesets
def test_full_view_without_generator_waits_for_chance_from_outside(rules: RuleSet) -> None:
    s = rules.new(5)
    s = rules.cls.parse(str(s).replace(f"rng={s.rng:016x}", "rng=-"))
    with pytest.raises(ValueError, match="generator"):
        s.sample_chance()
    while s.to_move() is ToMove.CHANCE:
        s.apply(s.legal_actions()[0])
    assert s.phase == rules.first_play and rules.cls.parse(str(s)) == s


@over_rulesets
def test_parse_refuses_non_text_and_other_games(rules: RuleSet) -> None:
    others = [f"{a.name} view=full" for a in ADAPTERS if a is not rules]
    for bad in ("", rules.name, *others, "chess view=full", str(rules.new(1)) + " "):
        with pytest.raises(ParseError):
            rules.cls.parse(bad)
    with pytest.raises(ValueError):
        rules.cls.parse(None)


@over_rulesets
def test_hidden_marker_is_not_a_character(rules: RuleSet) -> None:
    assert rules.module.HIDDEN not in range(len(rules.module.IDS))
