"""Every game in the game scene, played to its results through real clicks and keys.

One test over the three games: each game's scene-test module says how a
player enters that game's decisions (``play``) and what a screen must not
show (``blind``); the game scene, the bot, the autosave, the results and
the way back to the title are checked alike for all.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame
import pytest
import test_game_scene as pocket
import test_london_scene as london
import test_newyork_scene as newyork
from scenehelp import DT, key, send, start, wait_for_turn

from game.engine.core import Side
from game.engine.rng import Rng
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.title import TitleScene

PLAYERS = {"pocket": (pocket.play_human_move, pocket.investigator_blind),
           "london": (london.play_human_turn, london.blind),
           "newyork": (newyork.play_human_turn, newyork.blind)}


class Case(NamedTuple):
    game: str
    side: str
    how: str
    size: tuple[int, int]
    bot: str
    seed: int
    choices: int  # the seed of the player's own random choices


CASES = [Case("pocket", "investigator", "mouse", (1280, 800), "greedy", 11, 5),
         Case("pocket", "jack", "keys", (800, 600), "greedy", 11, 5),
         Case("pocket", "investigator", "mixed", (1024, 700), "easy", 11, 5),
         Case("london", "investigator", "mouse", (1280, 800), "greedy", 11, 11),
         Case("london", "jack", "keys", (800, 600), "greedy", 12, 12),
         Case("london", "jack", "mixed", (1024, 700), "greedy", 13, 13),
         Case("newyork", "investigator", "mouse", (1280, 800), "greedy", 11, 11),
         Case("newyork", "jack", "keys", (800, 600), "greedy", 12, 12),
         Case("newyork", "jack", "mouse", (1280, 800), "greedy", 14, 14),
         Case("newyork", "investigator", "mixed", (1024, 700), "greedy", 13, 13)]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.game}-{c.side}-{c.how}-{c.seed}")
def test_a_whole_solo_game_is_played_to_the_results(game_app, case: Case) -> None:  # type: ignore[no-untyped-def]
    """Every human decision goes through clicks or keys; the bot answers; the results show."""
    play, blind = PLAYERS[case.game]
    game_app.set_window(case.size)
    scene = start(game_app, case.game, seed=case.seed, mode="solo", human=case.side, bot=case.bot)
    rng = Rng(case.choices)
    human = Side(case.side)
    turns = 0
    while True:
        wait_for_turn(game_app, scene, check=blind)
        if scene.finished:
            break
        assert scene.state.to_move().side is human
        assert scene.viewer is human and scene.model.view == case.side
        play(game_app, scene, case.how, rng)
        turns += 1
        if not scene.state.is_over():  # autosaved after every applied action
            assert game_app.saves.load_autosave().actions == scene.record.actions
    assert turns >= 4
    top = game_app.stack.top
    assert isinstance(top, ResultsScene)
    assert top.final.is_over() and str(top.final) == str(scene.record.replay())
    assert scene.view.layout.size == case.size
    # the finished game is filed for replays (and no longer offered as "Continue")
    assert game_app.saves.load_autosave() is None
    kept = game_app.saves.saved[-1]
    assert kept.game == case.game and kept.actions == scene.record.actions
    assert kept.meta["human"] == case.side and kept.replay().is_over()
    assert "win" in game_app.sound.played and "step" in game_app.sound.played
    game_app.tick(DT)
    send(game_app, key(pygame.K_ESCAPE))
    assert isinstance(game_app.stack.top, TitleScene)
