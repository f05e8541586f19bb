"""Animations end exactly on the picture of the next state, whether played out or skipped."""

from __future__ import annotations

import doctest

import pytest

from game.bots import make_bot
from game.engine.core import Side
from game.engine.pocket.state import DRAW_HIDDEN, IDENTITY_HIDDEN, VOCAB, PocketState
from game.engine.rng import Rng
from game.match import play_game
from game.ui import tween
from game.ui.pocket import anim
from game.ui.pocket.view import BoardModel

PERSISTENT = ("tiles", "detectives", "tokens", "track", "icards", "jcards", "jack", "deck", "round", "rotated",
              "outcome", "chase")


def picture(m: BoardModel) -> dict:
    return {f: getattr(m, f) for f in PERSISTENT}


def games(n: int = 6) -> list[tuple[int, list[str]]]:
    out = []
    for seed in range(n):
        s = PocketState.new(seed)
        bots = {Side.JACK: make_bot("greedy"), Side.INVESTIGATOR: make_bot("random")}
        out.append((seed, play_game(s, bots, Rng(seed))))
    return out


def masked(action_text: str, before: PocketState, side: Side):  # type: ignore[no-untyped-def]
    a = VOCAB.parse(action_text)
    if side is Side.INVESTIGATOR and a.kind == "identity":
        return IDENTITY_HIDDEN
    if side is Side.INVESTIGATOR and a.kind == "draw" and before.drawer() is Side.JACK:
        return DRAW_HIDDEN
    return a


@pytest.mark.parametrize("side", [Side.INVESTIGATOR, Side.JACK])
def test_every_animation_ends_on_the_next_states_picture_played_or_skipped(side: Side) -> None:
    for seed, actions in games():
        state = PocketState.new(seed)
        for text in actions:
            before_full = state.clone()
            state.apply(text)
            before, after = before_full.observation(side), state.observation(side)
            action = masked(text, before_full, side)
            want = picture(BoardModel.from_view(after))
            played = BoardModel.from_view(before)
            steps = anim.build(played, before, action, after)
            for _ in range(2000):
                steps.advance(1 / 30)
                if steps.finished:
                    break
            assert steps.finished, text
            assert picture(played) == want, (seed, text)
            assert played.banner_alpha == 0 and not played.flying and played.track_fly is None
            skipped = BoardModel.from_view(before)
            steps = anim.build(skipped, before, action, after)
            steps.advance(0.01)
            steps.skip()
            assert picture(skipped) == want, (seed, text)
            assert anim.describe(before, action, after), text


def test_the_investigators_animations_and_log_never_name_jacks_identity() -> None:
    for seed, actions in games():
        state = PocketState.new(seed)
        for text in actions:
            before_full = state.clone()
            state.apply(text)
            if state.is_over():
                break
            before, after = before_full.observation(Side.INVESTIGATOR), state.observation(Side.INVESTIGATOR)
            action = masked(text, before_full, Side.INVESTIGATOR)
            model = BoardModel.from_view(before)
            steps = anim.build(model, before, action, after)
            while not steps.finished:
                steps.advance(1 / 20)
                assert model.secrets()["jack"] in (None, -1)
                assert all(c == -1 for c in model.secrets()["flying"])
            lines = " ".join(anim.describe(before, action, after)).lower()
            assert "you are" not in lines and "in secret:" not in lines


def test_tween_doctest_and_sequences() -> None:
    assert doctest.testmod(tween).failed == 0

    class Box:
        x = 0.0
        y = 0.0

    b = Box()
    calls: list[int] = []
    par = tween.Par(tween.Tween(b, "x", 0.0, 1.0, 1.0), tween.Seq(tween.Wait(0.5), tween.Call(lambda: calls.append(1)),
                                                                  tween.Tween(b, "y", 0.0, 2.0, 1.0)))
    assert par.duration == 1.5
    assert par.advance(0.6) == 0.0 and calls == [1]
    left = par.advance(2.0)
    assert par.finished and b.x == 1.0 and b.y == 2.0 and abs(left - 1.1) < 1e-9
    par.skip()
    assert calls == [1]  # a call runs once, even when skipped after it ran
