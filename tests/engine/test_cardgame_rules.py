"""The rules London and New York share, tested once over both: the identity and the deal, the witness card
in round one, the order of the cards in odd and even rounds, the other four cards, the reshuffle.

They live once in the card-game base (:mod:`game.engine.cards`); each case builds its positions from its
game's start position (:mod:`london_positions`, :mod:`newyork_positions`).  Rules: ``RULES.md``
sections 2 and 3 (odd rounds: the investigator takes one card, Jack two, the investigator the last; even
rounds the other way round, from the other four cards).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pytest

from game.engine import Side, ToMove
from game.engine.london import London
from game.engine.london.state import DEAL_ACTIONS as LONDON_DEALS
from game.engine.newyork import NewYork
from game.engine.newyork.state import DEAL_ACTIONS as NEWYORK_DEALS

from . import london_positions, newyork_positions
from .positions import texts


class Game(NamedTuple):
    name: str
    new: Callable[[int], Any]
    position: Callable[..., Any]
    chars: tuple[str, ...]  # in card order: the first four are round one's cards
    deals: Any


GAMES = [Game("london", London.new, london_positions.position, london_positions.CHARS, LONDON_DEALS),
         Game("newyork", NewYork.new, newyork_positions.position, newyork_positions.CHARS, NEWYORK_DEALS)]
both = pytest.mark.parametrize("g", GAMES, ids=lambda g: g.name)


def first_round(s: Any) -> list[Side]:
    """Play one round with the first choices that neither arrest nor escape; the side that took each card."""
    takers = []
    while s.phase not in ("witness", "deal") and not s.is_over():
        if s.to_move() is ToMove.CHANCE:
            s.apply(s.sample_chance())
            continue
        if s.phase == "pick":
            takers.append(s.to_move().side)
        legal = [a for a in s.legal_actions() if a.kind not in ("accuse", "escape")]
        s.apply(legal[0])
    return takers


@both
def test_jack_draws_his_identity_then_four_cards_are_dealt(g: Game) -> None:
    s = g.new(3)
    assert s.to_move() is ToMove.CHANCE and s.phase == "identity"
    assert texts(s) == sorted(f"identity {c}" for c in g.chars)
    s.apply(f"identity {g.chars[7]}")
    assert s.phase == "deal" and len(texts(s)) == 70  # any 4 of the 8 character cards
    assert all(len(a.args) == 4 for a in g.deals)
    s.apply("deal " + " ".join(g.chars[:4]))
    assert s.describe()["cards"] == list(g.chars[:4])
    assert s.to_move() is ToMove.INVESTIGATOR


@both
def test_witness_card_shows_seen_in_round_one(g: Game) -> None:
    assert g.new(1).describe()["witness"] == "seen"
    with pytest.raises(ValueError):
        g.position(witness="unseen")


@both
def test_odd_round_order_investigator_jack_jack_investigator(g: Game) -> None:
    assert first_round(g.position()) == [Side.INVESTIGATOR, Side.JACK, Side.JACK, Side.INVESTIGATOR]


@both
def test_even_round_order_jack_investigator_investigator_jack(g: Game) -> None:
    s = g.position(round=2, cards=",".join(g.chars[4:]))
    assert first_round(s) == [Side.JACK, Side.INVESTIGATOR, Side.INVESTIGATOR, Side.JACK]


@both
def test_even_round_shows_the_other_four_cards(g: Game) -> None:
    s = g.position(phase="witness", cards="-", played=",".join(g.chars[i] for i in (2, 0, 3, 1)))
    s.apply("witness unseen")
    assert s.round == 2 and s.phase == "pick" and s.to_move() is ToMove.JACK
    assert s.describe()["cards"] == list(g.chars[4:])


@both
def test_cards_are_reshuffled_after_each_even_round(g: Game) -> None:
    s = g.position(round=2, phase="witness", cards="-", played=",".join(g.chars[i] for i in (6, 7, 4, 5)),
                   witness="unseen")
    s.apply("witness unseen")
    assert s.round == 3 and s.phase == "deal" and s.to_move() is ToMove.CHANCE
    assert len(texts(s)) == 70  # all eight cards again: round one's may come back
    s.apply("deal " + " ".join(g.chars[i] for i in (0, 4, 6, 7)))
    assert s.describe()["cards"] == [g.chars[i] for i in (0, 4, 6, 7)]
