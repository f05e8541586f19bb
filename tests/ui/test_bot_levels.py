"""A real search level as the opponent: it thinks in a worker, the frames keep coming, its move is the level's own."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from game.bots import make_bot
from game.bots.search import HardBot
from game.engine.core import Side, ToMove
from game.engine.rng import Rng
from game.ui.scenes.game import GameScene
from game.ui.scenes.title import TitleScene

DT = 1 / 60


@pytest.mark.parametrize("game", ["pocket", "london", "newyork"])
def test_the_hard_level_thinks_without_freezing_and_plays_its_own_move(game_app, game: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # The hard level searches by the clock; an iteration budget makes its move repeatable here.
    monkeypatch.setattr(HardBot, "config", replace(HardBot.config, iterations=4000, seconds=0.0))
    monkeypatch.setattr(HardBot, "card_config", replace(HardBot.card_config, iterations=500, seconds=0.0))
    monkeypatch.setattr(HardBot, "card_configs", {k: replace(c, iterations=500, seconds=0.0)   # (per game and side)
                                                  for k, c in HardBot.card_configs.items()})
    game_app.start(TitleScene(game_app))
    scene = GameScene.new(game_app, 21, game=game, mode="solo", human="jack", bot="hard")
    game_app.stack.push(scene)
    for _ in range(2000):  # to the bot's first decision with a choice (chance and forced steps pass)
        state = scene.state
        if state.to_move() is ToMove.INVESTIGATOR and len(state.legal_actions()) > 1 and scene.thinking:
            break
        if scene.my_turn():  # the human's turn first: take any legal move
            scene.commit(state.legal_actions()[0])
        game_app.tick(DT)
    else:
        raise AssertionError("the bot never had a choice to make")
    ply = len(scene.record.actions)
    before = scene.state.clone()
    status, _ = scene._status()
    assert "thinking" in status
    frames = 0
    while scene.thinking is not None and not scene.thinking[1].done():
        game_app.tick(DT)  # a frame while the search runs
        frames += 1
        # The client's frame loop rests between frames; an unpaced loop would
        # hold the interpreter lock and starve the search thread.
        time.sleep(DT / 2)
    assert frames >= 1, "the search finished within one frame: nothing showed that the frame loop goes on"
    for _ in range(600):
        if len(scene.record.actions) > ply:
            break
        game_app.tick(DT)
    played = scene.record.actions[ply]
    rng = Rng((scene.record.seed * 1_000_003 + ply * 7919) & ((1 << 64) - 1))
    expected = make_bot("hard").choose(before.observation(Side.INVESTIGATOR), rng)
    assert played == str(expected)
