"""Views of the card games, London and New York: what each side may know, and playing in a view.

* The investigator's view deals ``identity ?`` and sees Jack's secret alibi
  draws (London's Holmes, New York's informant) as ``draw ?``; Jack's view
  sees the investigator's as ``draw ?``.  Each side names its own draws.
* Jack's answers (the witness call, the verdict on an accusation) and his
  escape depend on who Jack is.  An engine that knows Jack lists only the
  truth; the investigator's view lists every answer that leaves a possible
  Jack (a suspect whose alibi card it does not hold), and any escape of a
  possible Jack.  The answer then comes from Jack's engine.
* An escape or a right arrest shows who Jack was, so the investigator's view
  names him from then on.

Each test runs on both games through a :class:`Case`: the same situation on
each board.  What every rule set's views share is in :mod:`.test_conformance`;
New York's pushes out of the board stay in :mod:`.test_newyork_observation`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from game.engine import Side, Termination, ToMove

from . import test_london_rules as london
from . import test_newyork_rules as newyork
from .conformance import LONDON, NEWYORK, RuleSet

INV, JACK = Side.INVESTIGATOR, Side.JACK


@dataclass(frozen=True)
class Case:
    """One game's positions for the tests below (``position()`` builds a full state from its text)."""

    rules: RuleSet
    position: Callable[..., Any]
    jack: str            # Jack in ``position()``, unseen at the start
    seen: str            # a character seen at the start
    alibis: str          # two characters for the investigator's alibi cards
    cards: str           # a round's cards, the drawer and the accuser among them
    drawer: str          # moved to ``draw_to``, he makes its player draw an alibi card
    draw_to: str
    draw_fields: dict[str, str]
    accuser: str         # moved onto ``accused`` standing on ``arrest_cell``
    accused: str
    arrest_cell: str
    escape: tuple[str, str, str, str]  # who escapes from which cell, with the round's cards, by which exit
    last_round: dict[str, str]         # round 8 with one card left: Jack's ``jcards``, the investigator's ``icards``
    last_moves: tuple[str, ...]        # which end the game

    def __str__(self) -> str:
        return self.rules.name

    def view(self, side: Side, **fields: object) -> Any:
        """A position in ``side``'s view: the other side's secrets hidden, no generator."""
        return self.position(**fields).observation(side)

    def draw_step(self, side: Side, **fields: object) -> Any:
        """A full state where the player of ``side`` draws a secret alibi card (first card of the round)."""
        values: dict[str, object] = dict(round=1) if side is INV else dict(round=2, witness="unseen")
        values.update(self.draw_fields, **fields)
        s = self.position(cards=self.cards, **values)
        s.apply(f"play {self.drawer}")
        s.apply(f"to {self.draw_to}")
        assert s.phase == "draw"
        return s

    def accusation(self, side: Side, who: str, **fields: object) -> Any:
        """``side``'s view after the accuser is moved onto ``who``."""
        s = self.view(side, chars={who: self.arrest_cell}, cards=self.cards, **fields)
        s.apply(f"play {self.accuser}")
        s.apply(f"accuse {who}")
        return s


CASES = [
    Case(LONDON, london.position, jack="gull", seen="holmes", alibis="stealthy,watson",
         cards="holmes,watson,smith,lestrade", drawer="holmes", draw_to="g7", draw_fields={},
         accuser="lestrade", accused="bert", arrest_cell="e7",
         escape=("bert", "b6", "stealthy,goodley,gull,bert", "NW"),
         last_round=dict(cards="stealthy", played="goodley,gull,bert", icards="holmes", jcards="bert"),
         last_moves=("play stealthy", "to a4")),
    Case(NEWYORK, newyork.position, jack="tumblety", seen="beach", alibis="beach,runner",
         cards="callahan,beach,runner,latimer", drawer="callahan", draw_to="g10", draw_fields={"informant": "g10"},
         accuser="callahan", accused="smith", arrest_cell="f7",
         escape=("smith", "l11", "smith,eastman,tumblety,callahan", "n11"),
         last_round=dict(cards="smith", played="eastman,callahan,tumblety", icards="beach", jcards="smith"),
         last_moves=("play smith", "ship e2>b13", "to j13")),
]
over_cases = pytest.mark.parametrize("case", CASES, ids=str)


def texts(state: Any) -> list[str]:
    return [str(a) for a in state.legal_actions()]


@over_cases
def test_each_side_names_its_own_alibi_draw_and_not_the_others(case: Case) -> None:
    s = case.draw_step(INV)
    assert texts(s.observation(JACK)) == ["draw ?"]
    assert "draw ?" not in texts(s.observation(INV))
    j = case.draw_step(JACK)
    assert texts(j.observation(INV)) == ["draw ?"]
    assert texts(j.observation(JACK)) == texts(j)  # Jack knows his identity is not in the deck
    j.apply("draw smith")
    assert "jcards=?" in str(j.observation(INV)) and "jcards=smith" in str(j.observation(JACK))


@over_cases
def test_investigator_never_draws_the_last_possible_jack(case: Case) -> None:
    """Regression: the view offered the one suspect left, and then had no Jack."""
    suspects = f"smith,{case.jack}"
    inv = case.draw_step(INV, round=7, suspects=suspects, icards=case.alibis, witness="unseen").observation(INV)
    drawable = {t.split()[1] for t in texts(inv)}
    assert {case.jack, "smith"} <= drawable  # either may still be Jack
    inv2 = case.draw_step(INV, round=7, suspects=suspects, icards=f"{case.alibis},{case.jack}", jack="smith",
                          witness="unseen").observation(INV)
    assert "draw smith" not in texts(inv2)  # Smith is the only possible Jack left


@over_cases
def test_investigator_witness_lists_answers_that_leave_a_possible_jack(case: Case) -> None:
    base = dict(phase="witness", cards="-", played=case.cards)
    assert texts(case.view(INV, **base)) == ["witness seen", "witness unseen"]
    # Only visible suspects left: only "seen" keeps a Jack.
    assert texts(case.view(INV, **base, suspects=f"{case.seen},smith", jack="smith")) == ["witness seen"]
    # A suspect whose alibi the investigator holds is no candidate.
    later = dict(base, suspects=f"{case.seen},{case.jack}", round=2, witness="unseen")
    assert texts(case.view(INV, **later, icards=case.seen)) == ["witness unseen"]
    assert texts(case.view(INV, **later, icards=case.jack, jack=case.seen)) == ["witness seen"]
    # Jack's own view answers the truth only (Jack is in the dark).
    assert texts(case.view(JACK, **base)) == ["witness unseen"]


@over_cases
def test_investigator_verdict_lists_answers_that_leave_a_possible_jack(case: Case) -> None:
    def verdicts(side: Side, **fields: object) -> list[str]:
        s = case.accusation(side, case.accused, **fields)
        assert s.phase == "verdict" and s.to_move() is ToMove.JACK
        return texts(s)

    assert verdicts(INV) == ["verdict guilty", "verdict innocent"]
    assert verdicts(INV, suspects=f"{case.jack},{case.seen}") == ["verdict innocent"]  # the accused was cleared
    assert verdicts(INV, suspects=case.accused, jack=case.accused) == ["verdict guilty"]
    assert verdicts(JACK) == ["verdict innocent"]


@over_cases
def test_a_right_arrest_shows_jack_in_the_investigators_view(case: Case) -> None:
    s = case.accusation(INV, case.jack)
    s.apply("verdict guilty")
    assert s.is_over() and s.describe()["jack"] == case.jack and f"jack={case.jack}" in str(s)
    assert case.rules.cls.parse(str(s)) == s


@over_cases
def test_investigator_view_lists_escapes_of_every_possible_jack(case: Case) -> None:
    who, cell, cards, exit_ = case.escape
    fields = dict(chars={who: cell}, round=2, witness="unseen", cards=cards)
    inv = case.view(INV, **fields)
    inv.apply(f"play {who}")
    assert f"escape {exit_}" in texts(inv)  # he might be Jack, as far as the investigator knows
    jack = case.view(JACK, **fields)
    jack.apply(f"play {who}")
    assert f"escape {exit_}" not in texts(jack)  # Jack knows he is not
    inv.apply(f"escape {exit_}")  # Jack's engine would only send it for Jack
    assert inv.is_over() and inv.describe()["jack"] == who
    others = ",".join(c for c in cards.split(",") if c != who)
    cleared = case.view(INV, **dict(fields, suspects=others))  # he was cleared
    cleared.apply(f"play {who}")
    assert f"escape {exit_}" not in texts(cleared)


@over_cases
def test_views_refuse_secrets_they_may_not_hold(case: Case) -> None:
    card = case.accused
    for fields in (dict(view="investigator", jack=case.jack, rng="-"),
                   dict(view="investigator", jack="?", jcards=card, rng="-", round=2, witness="unseen"),
                   dict(view="jack", icards=card, rng="-", round=2, witness="unseen"),
                   dict(view="full", jack="?"),
                   dict(view="full", icards="?", round=2, witness="unseen")):
        with pytest.raises(ValueError):
            case.position(**fields)


@over_cases
def test_secrets_are_shown_to_both_sides_at_the_end(case: Case) -> None:
    s = case.position(round=8, witness="unseen", **case.last_round)
    for a in case.last_moves:
        s.apply(a)
    assert s.is_over()
    inv = str(s.observation(INV))
    assert f"jack={case.jack}" in inv and f"jcards={case.last_round['jcards']}" in inv
    assert f"icards={case.last_round['icards']}" in str(s.observation(JACK))


# ------------------------------------------------------------ lockstep play


def hidden_form(full: Any, action: str, side: Side) -> str:
    """The form in which ``side``'s view receives ``action``."""
    kind = action.split(" ")[0]
    if kind == "identity" and side is INV:
        return "identity ?"
    if kind == "draw" and full.actor() is not side:
        return "draw ?"
    return action


def lockstep(rules: RuleSet, seed: int, accuse: bool) -> None:
    """Play one random game in the full view, the investigator's and Jack's."""
    pick = random.Random(seed)
    full = rules.new(seed, rules.editions[seed % len(rules.editions)])
    inv, jack = full.observation(INV), full.observation(JACK)
    while not full.is_over():
        legal = [a for a in full.legal_actions() if accuse or a.kind != "accuse"] or full.legal_actions()
        action = str(full.sample_chance() if full.to_move() is ToMove.CHANCE else pick.choice(legal))
        ia, ja = hidden_form(full, action, INV), hidden_form(full, action, JACK)
        assert ia in texts(inv), (action, str(inv))
        assert ja in texts(jack), (action, str(jack))
        full.apply(action)
        inv.apply(ia)
        jack.apply(ja)
        # The two peers of a network game stay in lockstep, and with the full view.
        assert inv.public_hash() == jack.public_hash() == full.public_hash()
        if not full.is_over():
            assert str(inv) == str(full.observation(INV))
            assert str(jack) == str(full.observation(JACK))
    assert str(inv.outcome) == str(jack.outcome) == str(full.outcome)
    if full.outcome.termination in (Termination.ESCAPE, Termination.ARREST_RIGHT):
        assert inv.jack == full.jack  # the ending itself shows who Jack was


# Pocket plays in lockstep too (test_pocket_observation.py), but its side views
# take claim steps the full view never does, so their hashes part there.
@pytest.mark.parametrize("rules", [LONDON, NEWYORK], ids=str)
def test_lockstep_views_agree_on_public_state(rules: RuleSet) -> None:
    for seed in range(60):
        lockstep(rules, seed, accuse=seed % 3 == 0)
