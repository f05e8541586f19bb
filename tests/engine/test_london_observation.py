"""Views of a London game: what each side may know, and playing a game in a view.

* The investigator's view deals ``identity ?`` and sees Jack's Holmes draws
  as ``draw ?``; Jack's view sees the investigator's draws as ``draw ?``.
  Each side names its own draws.
* Jack's answers (the witness call, the verdict on an accusation) and his
  escape depend on who Jack is.  An engine that knows Jack lists only the
  truth; the investigator's view lists every answer that leaves a possible
  Jack (a suspect whose alibi card it does not hold), and any escape of a
  possible Jack.  The answer then comes from Jack's engine.
* An escape or a right arrest shows who Jack was, so the investigator's view
  names him from then on.
"""

from __future__ import annotations

import pytest

from game.engine import IllegalActionError, Side, ToMove
from game.engine.london import London, LondonState

from .test_london_rules import position, texts

INV, JACK = Side.INVESTIGATOR, Side.JACK


def view(side: Side, **fields: object) -> LondonState:
    """A position in ``side``'s view: the other side's secrets hidden, no generator."""
    return position(**fields).observation(side)


def test_investigator_view_deals_identity_as_question_mark() -> None:
    full = London.new(4)
    inv = full.observation(INV)
    assert texts(inv) == ["identity ?"]
    inv.apply("identity ?")
    assert "jack=?" in str(inv) and inv.phase == "deal" and len(texts(inv)) == 70
    with pytest.raises(IllegalActionError):
        full.observation(INV).apply("identity bert")
    assert texts(full.observation(JACK)) == texts(full) and len(texts(full)) == 8


def test_views_have_no_generator() -> None:
    full = London.new(4)
    for side in Side:
        v = full.observation(side)
        assert v.rng is None and "rng=-" in str(v)
        with pytest.raises(ValueError, match="generator"):
            v.sample_chance()
    assert full.rng is not None


def test_each_side_names_its_own_holmes_draw_and_not_the_others() -> None:
    s = position()  # round 1: the investigator takes the first card
    s.apply("play holmes")
    s.apply("to g7")
    assert texts(s.observation(JACK)) == ["draw ?"]
    assert "draw ?" not in texts(s.observation(INV))
    j = position(round=2, cards="holmes,watson,smith,lestrade")
    j.apply("play holmes")
    j.apply("to g7")
    assert texts(j.observation(INV)) == ["draw ?"]
    assert texts(j.observation(JACK)) == texts(j)  # Jack knows his identity is not in the deck


def test_investigator_never_draws_the_last_possible_jack() -> None:
    """Regression: the view offered the one suspect left, and then had no Jack."""
    inv = view(INV, round=7, cards="holmes,watson,smith,lestrade", suspects="smith,gull",
               icards="stealthy,watson", jack="gull")
    inv.apply("play holmes")
    inv.apply("to g7")
    drawable = {t.split()[1] for t in texts(inv)}
    assert "gull" in drawable and "smith" in drawable  # either may still be Jack
    inv2 = view(INV, round=7, cards="holmes,watson,smith,lestrade", suspects="smith,gull",
                icards="stealthy,watson,gull", jack="smith")
    inv2.apply("play holmes")
    inv2.apply("to g7")
    assert "draw smith" not in texts(inv2)  # Smith is the only possible Jack left


def test_investigator_witness_lists_answers_that_leave_a_possible_jack() -> None:
    base = dict(phase="witness", cards="-", played="holmes,watson,smith,lestrade")
    assert texts(view(INV, **base)) == ["witness seen", "witness unseen"]
    # Only visible suspects left: only "seen" keeps a Jack.
    assert texts(view(INV, **base, suspects="holmes,smith", jack="smith")) == ["witness seen"]
    # A suspect whose alibi the investigator holds is no candidate.
    assert texts(view(INV, **base, suspects="holmes,gull", icards="holmes", round=2,
                      witness="unseen")) == ["witness unseen"]
    # Jack's own view answers the truth only (Jack is Gull, in the dark).
    assert texts(view(JACK, **base)) == ["witness unseen"]


def test_investigator_verdict_lists_answers_that_leave_a_possible_jack() -> None:
    def accuse(side: Side, **fields: object) -> LondonState:
        s = view(side, chars={"bert": "e7"}, **fields)
        s.apply("play lestrade")
        s.apply("accuse bert")
        assert s.phase == "verdict" and s.to_move() is ToMove.JACK
        return s

    assert texts(accuse(INV)) == ["verdict guilty", "verdict innocent"]
    assert texts(accuse(INV, suspects="gull,goodley")) == ["verdict innocent"]  # Bert was cleared
    assert texts(accuse(INV, suspects="bert", jack="bert")) == ["verdict guilty"]
    assert texts(accuse(JACK)) == ["verdict innocent"]  # Jack is Gull


def test_a_right_arrest_shows_jack_in_the_investigators_view() -> None:
    s = view(INV, chars={"gull": "e7"})
    s.apply("play lestrade")
    s.apply("accuse gull")
    s.apply("verdict guilty")
    assert s.is_over() and s.describe()["jack"] == "gull" and "jack=gull" in str(s)
    assert LondonState.parse(str(s)) == s


def test_investigator_view_lists_escapes_of_every_possible_jack() -> None:
    fields = dict(chars={"bert": "b6"}, round=2, witness="unseen", cards="stealthy,goodley,gull,bert")
    inv = view(INV, **fields)
    inv.apply("play bert")
    assert "escape NW" in texts(inv)  # Bert might be Jack, as far as the investigator knows
    jack = view(JACK, **fields)
    jack.apply("play bert")
    assert "escape NW" not in texts(jack)  # Jack (Gull) knows he is not Bert
    inv.apply("escape NW")  # Jack's engine would only send it for Jack
    assert inv.is_over() and inv.describe()["jack"] == "bert"
    cleared = view(INV, **fields, suspects="gull,goodley")
    cleared.apply("play bert")
    assert "escape NW" not in texts(cleared)


def test_views_refuse_secrets_they_may_not_hold() -> None:
    with pytest.raises(ValueError):
        position(view="investigator", jack="gull", rng="-")
    with pytest.raises(ValueError):
        position(view="investigator", jack="?", jcards="bert", rng="-", round=2, witness="unseen")
    with pytest.raises(ValueError):
        position(view="jack", icards="bert", rng="-", round=2, witness="unseen")
    with pytest.raises(ValueError):
        position(view="full", jack="?")
    with pytest.raises(ValueError):
        position(view="full", icards="?", round=2, witness="unseen")


def test_secrets_are_shown_to_both_sides_at_the_end() -> None:
    s = position(round=8, cards="stealthy", played="goodley,gull,bert", witness="unseen",
                 icards="holmes", jcards="bert")
    s.apply("play stealthy")
    s.apply(next(t for t in texts(s) if t.startswith("to")))
    assert s.is_over()
    assert "jack=gull" in str(s.observation(INV)) and "jcards=bert" in str(s.observation(INV))
    assert "icards=holmes" in str(s.observation(JACK))
