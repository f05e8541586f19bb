"""Issue 12.5: in London, an alibi the investigator drew strikes that suspect on his screen.

Holmes's alibi card proves its character innocent; the card stays secret
from Jack, so only the investigator's screen strikes him (board pawn and
the suspect panel's count), never Jack's.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.bots import make_bot  # noqa: E402
from game.engine import find_ruleset  # noqa: E402
from game.engine.core import Side, ToMove  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.ui.london.view import LondonModel, LondonView  # noqa: E402


def state_after_holmes_draws(seed: int):  # type: ignore[no-untyped-def]
    """Play random moves until the investigator holds an alibi of a character still suspected on the board."""
    state = find_ruleset("london").new(seed)
    bot, rng = make_bot("random"), Rng(seed)
    for _ in range(400):
        if state.is_over():
            return None
        inv = state.observation(Side.INVESTIGATOR)
        if any(c >= 0 and state.suspects >> c & 1 for c in inv.icards):
            return state
        tm = state.to_move()
        action = state.sample_chance() if tm is ToMove.CHANCE else bot.choose(state.observation(tm.side), rng)
        state.apply(action)
    return None


@pytest.fixture(scope="module")
def drawn_state():  # type: ignore[no-untyped-def]
    for seed in range(1, 200):
        state = state_after_holmes_draws(seed)
        if state is not None:
            return state
    pytest.fail("no game in 200 seeds had Holmes draw a suspect's alibi")


def test_the_investigators_alibi_strikes_that_suspect_on_his_screen(drawn_state) -> None:  # type: ignore[no-untyped-def]
    inv = drawn_state.observation(Side.INVESTIGATOR)
    alibi = next(c for c in inv.icards if c >= 0 and drawn_state.suspects >> c & 1)
    model = LondonModel.from_view(inv)
    assert not model.pawns[alibi].suspect
    assert alibi not in model.suspects()
    on_board = bin(drawn_state.suspects).count("1")
    assert len(model.suspects()) < on_board, "the panel's count leaves him out"


def test_jacks_screen_does_not_learn_which_alibi_was_drawn(drawn_state) -> None:  # type: ignore[no-untyped-def]
    jack = drawn_state.observation(Side.JACK)
    model = LondonModel.from_view(jack)
    assert len(model.suspects()) == bin(drawn_state.suspects).count("1")


def test_the_suspect_panel_counts_without_the_alibi(drawn_state, drawn) -> None:  # type: ignore[no-untyped-def]
    seen = drawn
    inv = drawn_state.observation(Side.INVESTIGATOR)
    model = LondonModel.from_view(inv)
    view = LondonView()
    view.resize((1280, 800))
    view.draw_hands(pygame.Surface((1280, 800)), model)
    assert f"Suspects: {len(model.suspects())}" in seen
    assert f"Suspects: {bin(drawn_state.suspects).count('1')}" not in seen
