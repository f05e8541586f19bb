"""Views of a New York game: what each side may know, and playing a game in a view.

* The investigator's view deals ``identity ?`` and sees Jack's informant
  cards as ``draw ?``; Jack's view sees the investigator's as ``draw ?``.
  Each side names its own cards.
* Jack's answers (the witness call, the verdict) and his escapes (his own
  move, or Eastman's push) depend on who Jack is.  An engine that knows Jack
  lists only the truth; the investigator's view lists every answer that
  leaves a possible Jack, and every escape of a possible Jack.
* An escape or a right arrest shows who Jack was.
"""

from __future__ import annotations

import pytest

from game.engine import IllegalActionError, Side, ToMove
from game.engine.newyork import NewYork, NewYorkState

from .test_newyork_rules import position, texts

INV, JACK = Side.INVESTIGATOR, Side.JACK


def view(side: Side, **fields: object) -> NewYorkState:
    """A position in ``side``'s view: the other side's secrets hidden, no generator."""
    chars = fields.pop("chars", None)
    return position(chars, **fields).observation(side)  # type: ignore[arg-type]


def test_investigator_view_deals_identity_as_question_mark() -> None:
    full = NewYork.new(4)
    inv = full.observation(INV)
    assert texts(inv) == ["identity ?"]
    inv.apply("identity ?")
    assert "jack=?" in str(inv) and inv.phase == "deal" and len(texts(inv)) == 70
    with pytest.raises(IllegalActionError):
        full.observation(INV).apply("identity smith")
    assert texts(full.observation(JACK)) == texts(full) and len(texts(full)) == 8


def test_views_have_no_generator() -> None:
    full = NewYork.new(4)
    for side in Side:
        v = full.observation(side)
        assert v.rng is None and "rng=-" in str(v)
        with pytest.raises(ValueError, match="generator"):
            v.sample_chance()
    assert full.rng is not None


def meet(side_plays: Side, **fields: object) -> NewYorkState:
    """Callahan, played by ``side_plays``, steps onto the talkative informant on g10."""
    values: dict[str, object] = dict(round=1) if side_plays is INV else dict(round=2, witness="unseen")
    values.update(fields)
    s = position(cards="callahan,beach,runner,latimer", informant="g10", **values)
    s.apply("play callahan")
    s.apply("to g10")
    assert s.phase == "draw"
    return s


def test_each_side_names_its_own_informant_card_and_not_the_others() -> None:
    s = meet(INV)
    assert texts(s.observation(JACK)) == ["draw ?"]
    assert "draw ?" not in texts(s.observation(INV))
    j = meet(JACK)
    assert texts(j.observation(INV)) == ["draw ?"]
    assert texts(j.observation(JACK)) == texts(j)  # Jack knows his identity is not in the deck
    j.apply("draw smith")
    assert "jcards=?" in str(j.observation(INV)) and "jcards=smith" in str(j.observation(JACK))


def test_investigator_never_draws_the_last_possible_jack() -> None:
    inv = meet(INV, round=7, suspects="smith,tumblety", icards="beach,runner", witness="unseen").observation(INV)
    drawable = {t.split()[1] for t in texts(inv)}
    assert {"tumblety", "smith"} <= drawable
    inv2 = meet(INV, round=7, suspects="smith,tumblety", icards="beach,runner,tumblety", jack="smith",
                witness="unseen").observation(INV)
    assert "draw smith" not in texts(inv2)  # Smith is the only possible Jack left


def test_investigator_witness_lists_answers_that_leave_a_possible_jack() -> None:
    base = dict(phase="witness", cards="-", played="beach,runner,latimer,grant")
    assert texts(view(INV, **base)) == ["witness seen", "witness unseen"]
    assert texts(view(INV, **base, suspects="beach,smith", jack="smith")) == ["witness seen"]
    assert texts(view(INV, **base, suspects="beach,tumblety", icards="tumblety", round=2, witness="unseen",
                      jack="beach")) == ["witness seen"]
    assert texts(view(JACK, **base)) == ["witness unseen"]  # Jack is Tumblety, in the dark


def test_investigator_verdict_lists_answers_that_leave_a_possible_jack() -> None:
    def accuse(side: Side, **fields: object) -> NewYorkState:
        s = view(side, chars={"smith": "f7"}, cards="callahan,beach,runner,latimer", **fields)
        s.apply("play callahan")
        s.apply("accuse smith")
        assert s.phase == "verdict" and s.to_move() is ToMove.JACK
        return s

    assert texts(accuse(INV)) == ["verdict guilty", "verdict innocent"]
    assert texts(accuse(INV, suspects="beach,tumblety")) == ["verdict innocent"]  # Smith was cleared
    assert texts(accuse(INV, suspects="smith", jack="smith")) == ["verdict guilty"]
    assert texts(accuse(JACK)) == ["verdict innocent"]


def test_a_right_arrest_shows_jack_in_the_investigators_view() -> None:
    s = view(INV, chars={"tumblety": "f7"}, cards="callahan,beach,runner,latimer")
    for a in ("play callahan", "accuse tumblety", "verdict guilty"):
        s.apply(a)
    assert s.is_over() and s.describe()["jack"] == "tumblety" and "jack=tumblety" in str(s)
    assert NewYorkState.parse(str(s)) == s


def test_investigator_view_lists_escapes_of_every_possible_jack() -> None:
    fields = dict(chars={"smith": "l11"}, round=2, witness="unseen", cards="smith,eastman,tumblety,callahan")
    inv = view(INV, **fields)
    inv.apply("play smith")
    assert "escape n11" in texts(inv)  # Smith might be Jack, as far as the investigator knows
    jack = view(JACK, **fields)
    jack.apply("play smith")
    assert "escape n11" not in texts(jack)  # Jack (Tumblety) knows he is not Smith
    inv.apply("escape n11")  # Jack's engine would only send it for Jack
    assert inv.is_over() and inv.describe()["jack"] == "smith"
    cleared = view(INV, **{**fields, "suspects": "tumblety,eastman"})
    cleared.apply("play smith")
    assert "escape n11" not in texts(cleared)


def test_investigator_view_lists_pushes_out_of_every_possible_jack() -> None:
    fields = dict(chars={"eastman": "h7", "smith": "m10"}, round=2, witness="unseen",
                  cards="smith,eastman,tumblety,callahan")
    inv = view(INV, **fields)
    inv.apply("play eastman")
    assert "move smith n11" in texts(inv)
    jack = view(JACK, **fields)
    jack.apply("play eastman")
    assert "move smith n11" not in texts(jack)


def test_views_refuse_secrets_they_may_not_hold() -> None:
    with pytest.raises(ValueError):
        position(view="investigator", jack="tumblety", rng="-")
    with pytest.raises(ValueError):
        position(view="investigator", jack="?", jcards="smith", rng="-", round=2, witness="unseen")
    with pytest.raises(ValueError):
        position(view="jack", icards="smith", rng="-", round=2, witness="unseen")
    with pytest.raises(ValueError):
        position(view="full", jack="?")
    with pytest.raises(ValueError):
        position(view="full", icards="?", round=2, witness="unseen")


def test_secrets_are_shown_to_both_sides_at_the_end() -> None:
    s = position(round=8, cards="smith", played="eastman,callahan,tumblety", witness="unseen",
                 icards="beach", jcards="smith")
    for a in ("play smith", "ship e2>b13", "to j13"):
        s.apply(a)
    assert s.is_over()
    assert "jack=tumblety" in str(s.observation(INV)) and "jcards=smith" in str(s.observation(INV))
    assert "icards=beach" in str(s.observation(JACK))
