"""Views of a Pocket game: what each side may know, and playing a game in a view.

Findings (kept as tests below):

* The investigator's view deals ``identity ?`` and draws ``draw ?`` for Jack;
  its own draws are named.  It offers every witness answer that leaves a
  suspect standing, and nothing else.
* The ``claim yes|no`` step follows a witness call when Jack's secret alibi
  cards could decide whether he has six hourglasses, judged on public facts
  only (round tokens, how many cards Jack drew, the investigator's open
  cards).  Both side views stop there, so network peers take the same
  steps; in Jack's view the answer is forced by his cards.  The full view
  knows the cards and never asks.
* Played in lockstep (hidden chance mapped to ``?``), the investigator's
  view and Jack's have equal ``public_hash`` after every action.  Both equal
  the full view's up to the first claim; after a claim every public field
  still agrees except ``ply`` (one more action per claim in the side
  views), so from then on the full view's hash differs for the rest of the
  game.
"""

from __future__ import annotations

import random

import pytest

from game.engine import IllegalActionError, Side, Termination, ToMove
from game.engine.pocket import PocketState
from game.engine.pocket.state import FIELDS, TO_WIN

from .positions import position_of

INV, JACK = Side.INVESTIGATOR, Side.JACK

DEFAULTS = {
    "view": "full", "round": "1", "phase": "act",
    "tiles": "pizer:E/goodley:N/smith:N/gull:W/lestrade:N/madame:N/bert:E/lane:N/stealthy:N",
    "detectives": "0,0,0", "tokens": "HWXJ", "rotated": "-", "track": "-", "icards": "-",
    "jcards": "-", "jack": "bert", "rng": "0000000000000001", "chase": "0", "ply": "3",
    "outcome": "-",
}
# With every detective at 0, pizer, gull and bert (column 0) are seen; nobody else is.


def position(**fields: object) -> PocketState:
    hidden = {"jack": "?", "rng": "-"} if fields.get("view") == "investigator" else {}
    return position_of(PocketState, "pocket", FIELDS, {**DEFAULTS, **hidden}, **fields)


def texts(state: PocketState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def _ply_index() -> int:
    """Where ``ply`` sits in ``public_fields()``: the one field two plies apart differ in."""
    a, b = position(ply=3).public_fields(), position(ply=4).public_fields()
    (index,) = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return index


PLY = _ply_index()


# ----------------------------------------------------------- hidden chance


def test_investigator_view_deals_identity_as_question_mark() -> None:
    full = PocketState.new(4)
    inv = full.observation(INV)
    assert texts(inv) == ["identity ?"]
    inv.apply("identity ?")
    assert "jack=?" in str(inv)
    with pytest.raises(IllegalActionError):
        full.observation(INV).apply("identity bert")


def test_jack_view_and_full_view_deal_a_named_identity() -> None:
    full = PocketState.new(4)
    assert len(texts(full)) == 9 and "identity ?" not in texts(full)
    assert texts(full.observation(JACK)) == texts(full)


def test_views_have_no_generator() -> None:
    full = PocketState.new(4)
    for side in Side:
        view = full.observation(side)
        assert view.rng is None and "rng=-" in str(view)
        with pytest.raises(ValueError, match="generator"):
            view.sample_chance()
    assert full.rng is not None  # the full view is left alone


def test_investigator_view_lists_draw_question_mark_for_jacks_draws() -> None:
    full = position(tokens="AwXJ")  # Jack to act
    full.apply("alibi")
    assert texts(full.observation(INV)) == ["draw ?"]
    assert "draw ?" not in texts(full.observation(JACK))
    assert texts(full.observation(JACK)) == texts(full)


def test_investigator_view_names_its_own_draws() -> None:
    inv = position(view="investigator", tokens="AWXJ")
    inv.apply("alibi")
    # The view does not know which card is Jack's, so every card not known
    # to be gone is offered; the real draw comes from outside.
    assert texts(inv) == sorted(f"draw {c}" for c in
                                ("lestrade", "goodley", "madame", "stealthy", "smith", "pizer",
                                 "gull", "bert", "lane"))
    inv.apply("draw pizer")
    assert inv.icards and "icards=pizer" in str(inv) and "pizer:e" in str(inv)


def test_investigator_view_hides_identity_and_cards_until_over() -> None:
    full = position(tokens="AwXJ", jcards="gull", round=3, track="JI")
    view = full.observation(INV)
    assert "jack=?" in str(view) and "jcards=?" in str(view)
    assert "jack=bert" not in str(view) and "gull" not in str(view).split("jcards=")[1]
    assert view.hourglasses() is None and view.jack_seen() is None
    jview = full.observation(JACK)
    assert "jack=bert" in str(jview) and "jcards=gull" in str(jview)


def test_views_refuse_secrets_they_may_not_hold() -> None:
    with pytest.raises(ValueError):
        position(view="investigator", jack="bert")
    with pytest.raises(ValueError):
        position(view="investigator", jcards="gull")
    with pytest.raises(ValueError):
        position(view="full", jack="?")
    with pytest.raises(ValueError):
        position(view="full", jcards="?")


# --------------------------------------------------------------- witness


def test_investigator_witness_lists_only_consistent_answers() -> None:
    mixed = position(view="investigator", phase="witness", tokens="hwxj")
    assert texts(mixed) == ["witness seen", "witness unseen"]
    # Only pizer, gull and bert are still suspects, and all three are seen.
    all_seen = position(view="investigator", phase="witness", tokens="hwxj",
                        tiles="pizer:E/goodley:n/smith:n/gull:W/lestrade:n/madame:n/bert:E/lane:n/stealthy:n")
    assert texts(all_seen) == ["witness seen"]
    # Only unseen suspects left.
    none_seen = position(view="investigator", phase="witness", tokens="hwxj",
                         tiles="pizer:e/goodley:N/smith:N/gull:w/lestrade:N/madame:N/bert:e/lane:N/stealthy:N")
    assert texts(none_seen) == ["witness unseen"]
    before = str(none_seen)
    with pytest.raises(IllegalActionError):
        none_seen.apply("witness seen")  # would leave no suspect
    assert str(none_seen) == before


def test_jack_view_witness_is_forced() -> None:
    j = position(view="jack", phase="witness", tokens="hwxj", jack="madame", rng="-")
    assert texts(j) == ["witness unseen"]


# ------------------------------------------------------------------ claim


def claim_case(view: str, **fields: object) -> PocketState:
    """A witness call at which Jack may have drawn cards; Jack is Smith (unseen) when known."""
    base: dict[str, object] = dict(view=view, phase="witness", tokens="hwxj")
    if view != "investigator":
        base["jack"] = "smith"
    if view == "jack":
        base["rng"] = "-"
    base.update(fields)
    return position(**base)


def test_claim_step_appears_in_side_views_never_in_full_view() -> None:
    # Four round tokens, one card drawn by Jack: with this round's token his
    # card (0, 1 or 2 hourglasses) decides whether he has six.
    inv = claim_case("investigator", round=5, track="JJJJ", jcards="?")
    inv.apply("witness unseen")
    assert inv.phase == "claim" and inv.to_move() is ToMove.JACK
    assert texts(inv) == ["claim no", "claim yes"]
    assert "phase=claim" in str(inv) and PocketState.parse(str(inv)) == inv

    # Jack's own view stops at the same step; his answer is forced by his card.
    for card, answer in (("lestrade", "claim no"), ("gull", "claim yes"), ("madame", "claim yes")):
        jack = claim_case("jack", round=5, track="JJJJ", jcards=card)
        jack.apply("witness unseen")
        assert jack.phase == "claim" and texts(jack) == [answer]
        wrong = "claim yes" if answer == "claim no" else "claim no"
        with pytest.raises(IllegalActionError):
            jack.apply(wrong)

    # The full view knows everything and never asks.
    full = claim_case("full", round=5, track="JJJJ", jcards="lestrade")
    full.apply("witness unseen")
    assert full.phase == "act" and full.round == 6
    full = claim_case("full", round=5, track="JJJJ", jcards="gull")
    full.apply("witness unseen")
    assert full.outcome is not None and full.outcome.termination is Termination.HOURGLASSES


def test_claim_also_follows_a_seen_call() -> None:
    seen = claim_case("investigator", round=5, track="JJJJ", jcards="?")
    seen.apply("witness seen")  # 4 round tokens + Madame's 2 would make 6
    assert seen.phase == "claim"


def test_claim_answers_decide_the_hourglass_goal() -> None:
    yes = claim_case("investigator", round=5, track="JJJJ", jcards="?")
    yes.apply("witness unseen")
    yes.apply("claim yes")
    assert yes.is_over() and yes.outcome.termination is Termination.HOURGLASSES
    no = claim_case("investigator", round=5, track="JJJJ", jcards="?")
    no.apply("witness unseen")
    no.apply("claim no")
    assert not no.is_over() and no.round == 6 and no.phase == "act"


def test_no_claim_when_drawn_cards_cannot_reach_six() -> None:
    for view, card in (("investigator", "?"), ("jack", "madame")):
        s = claim_case(view, round=3, track="JJ", jcards=card)
        s.apply("witness unseen")  # 3 round tokens + at most 2
        assert s.phase == "act" and s.round == 4


def test_claim_is_judged_on_public_facts_only() -> None:
    # Madame (2) was drawn openly, so any one card of Jack's holds at most 1.
    tiles = "pizer:E/goodley:N/smith:N/gull:W/lestrade:N/madame:n/bert:E/lane:N/stealthy:N"
    for view, card in (("investigator", "?"), ("jack", "gull")):
        gone = claim_case(view, round=4, track="JJJ", jcards=card, icards="madame", tiles=tiles,
                          jack="bert" if view == "jack" else "?")
        gone.apply("witness seen")  # 3 + 1 < 6
        assert gone.phase == "throw" and gone.round == 5
    # Otherwise Jack's one card might be Madame: both views ask, even Jack's,
    # who knows that his card is Lestrade.
    for view, card in (("investigator", "?"), ("jack", "lestrade")):
        maybe = claim_case(view, round=4, track="JJJ", jcards=card)
        maybe.apply("witness unseen")  # 4 + 2 = 6
        assert maybe.phase == "claim"


def test_no_claim_when_round_tokens_alone_reach_six() -> None:
    """Regression: the investigator's view used to play on although Jack had six tokens."""
    inv = claim_case("investigator", round=6, track="JJJJJ", jcards="?")
    inv.apply("witness unseen")
    assert inv.is_over() and inv.winner() is Side.JACK
    assert inv.outcome.termination is Termination.HOURGLASSES
    full = claim_case("full", round=6, track="JJJJJ", jcards="lestrade")
    full.apply("witness unseen")
    assert str(full.outcome) == str(inv.outcome)


def test_no_claim_without_drawn_cards() -> None:
    inv = claim_case("investigator", round=5, track="JJJJ")
    inv.apply("witness unseen")
    assert inv.phase == "act" and inv.round == 6


def test_no_claim_during_a_chase() -> None:
    """Regression: in a chase the hourglasses no longer count, so Jack is not asked."""
    tiles = "pizer:E/bert:N/smith:n/gull:w/lestrade:n/madame:n/goodley:e/lane:n/stealthy:n"
    inv = claim_case("investigator", round=6, track="JJJJI", jcards="?", chase=1, tiles=tiles)
    inv.apply("witness unseen")
    assert inv.phase == "throw" and inv.round == 7 and inv.chase
    with pytest.raises(ValueError):
        claim_case("investigator", round=6, track="JJJJIJ", jcards="?", chase=1, tiles=tiles,
                   phase="claim")


def test_claim_is_never_legal_in_full_view() -> None:
    full = claim_case("full", round=5, track="JJJJ", jcards="lestrade")
    for bad in ("claim yes", "claim no"):
        with pytest.raises(IllegalActionError):
            full.apply(bad)
    with pytest.raises(ValueError):
        claim_case("full", round=5, track="JJJJJ", jcards="lestrade", phase="claim")


def test_claim_shifts_ply_so_full_view_hash_stays_apart() -> None:
    """After a claim the side views agree with each other, and with the full
    view on everything public except ``ply``."""
    full = claim_case("full", round=5, track="JJJJ", jcards="lestrade")
    inv, jack = full.observation(INV), full.observation(JACK)
    for s in (full, inv, jack):
        s.apply("witness unseen")
    assert texts(jack) == ["claim no"]
    inv.apply("claim no")
    jack.apply("claim no")
    assert inv.public_hash() == jack.public_hash()
    a, b = full.public_fields(), inv.public_fields()
    assert b[PLY] == a[PLY] + 1
    a[PLY] = b[PLY]
    assert a == b
    assert full.public_hash() != inv.public_hash()


# ------------------------------------------------------- lockstep play


def hidden_form(full: PocketState, action: str) -> str:
    """The form in which the investigator's view receives ``action``."""
    kind = action.split(" ")[0]
    if kind == "identity" or (kind == "draw" and full.drawer() is Side.JACK):
        return f"{kind} ?"
    return action


def lockstep(seed: int) -> int:
    """Play one random game in the full view, the investigator's and Jack's.

    Returns how many claim steps the side views had.
    """
    pick = random.Random(seed)
    full = PocketState.new(seed)
    inv, jack = full.observation(INV), full.observation(JACK)
    claims = 0
    while not full.is_over():
        legal = full.legal_actions()
        action = str(full.sample_chance() if full.to_move() is ToMove.CHANCE else pick.choice(legal))
        inv_action = hidden_form(full, action)
        assert inv_action in texts(inv), (action, str(inv))
        assert action in texts(jack), (action, str(jack))
        full.apply(action)
        inv.apply(inv_action)
        jack.apply(action)
        assert (inv.phase == "claim") == (jack.phase == "claim")
        if jack.phase == "claim":
            assert full.phase != "claim"
            # Jack's engine computes the answer; the investigator's receives it.
            (answer,) = texts(jack)
            assert answer == ("claim yes" if full.hourglasses() >= TO_WIN else "claim no")
            jack.apply(answer)
            inv.apply(answer)
            claims += 1
        # The two peers of a network game stay in lockstep.
        assert inv.public_hash() == jack.public_hash()
        assert inv.ply == jack.ply
        if claims == 0:
            assert full.public_hash() == inv.public_hash()
            assert str(jack) == str(full.observation(JACK))
            if not full.is_over():
                assert str(inv) == str(full.observation(INV))
        else:
            a, b = full.public_fields(), inv.public_fields()
            assert b[PLY] - a[PLY] == claims
            a[PLY] = b[PLY]
            assert a == b
    assert inv.is_over() and jack.is_over()
    assert str(inv.outcome) == str(jack.outcome) == str(full.outcome)
    return claims


def test_lockstep_views_agree_on_public_state() -> None:
    claims = [lockstep(seed) for seed in range(150)]
    assert sum(c > 0 for c in claims) > 10  # the claim path is really exercised
