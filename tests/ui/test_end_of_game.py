"""Issue 12.3: the end of a game as the investigator sees it, and the replay viewer's wording.

The Jack panel must name who Jack *was* ("Jack was" / "Miss Stealthy"),
never "You are" on the investigator's screen or in a replay, and the
round tokens Jack won must never cover the panel's heading.
"""

from __future__ import annotations

import pygame
import pytest
from test_game_scene import DT, start

from game.engine.core import Side
from game.engine.record import GameRecord
from game.ui import texts
from game.ui.i18n import LANGUAGES, set_language
from game.ui.pocket.view import BoardView


def finished_as_investigator(game_app):  # type: ignore[no-untyped-def]
    scene = start(game_app, seed=20240611, mode="watch", human="none", bot="greedy")
    for _ in range(3000):
        if scene.state.is_over() and scene.anim is None and scene.cursor[Side.INVESTIGATOR] == len(scene.states) - 1:
            break
        if scene.anim is not None:
            scene.skip_animation()
        scene.wait_for_bot()
        scene.update(0.6)
    assert scene.state.is_over() and scene.viewer is Side.INVESTIGATOR
    return scene


def test_the_investigators_jack_panel_says_jack_was_and_the_full_name(game_app, drawn) -> None:  # type: ignore[no-untyped-def]
    scene = finished_as_investigator(game_app)
    drawn.clear()
    scene.draw(pygame.Surface(game_app.size))
    jack = scene.state.jack
    assert "You are" not in drawn
    assert "Jack was" in drawn and texts.character_name(jack) in drawn


def test_jack_still_reads_you_are_during_his_game(game_app, drawn) -> None:  # type: ignore[no-untyped-def]
    scene = start(game_app, seed=3, mode="solo", human="jack", bot="greedy")
    for _ in range(200):
        if scene.model.jack is not None and scene.anim is None and scene.model.jack_known():
            break
        if scene.anim is not None:
            scene.skip_animation()
        game_app.tick(DT)
    drawn.clear()
    scene.draw(pygame.Surface(game_app.size))
    assert "You are" in drawn and "Jack was" not in drawn


def test_the_replay_viewer_says_jack_was(game_app, drawn) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.replay import ReplayScene

    scene = finished_as_investigator(game_app)
    record = GameRecord(scene.record.game, scene.record.seed, list(scene.record.actions), {"mode": "solo",
                                                                                            "human": "investigator"})
    replay = ReplayScene(game_app, record)
    for index in (len(replay.states) // 2, len(replay.states) - 1):
        replay.go(index)
        drawn.clear()
        replay.draw(pygame.Surface(game_app.size))
        assert "You are" not in drawn and "Jack was" in drawn


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (1024, 768)])
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_round_tokens_never_cover_the_panel_headings(size, lang: str) -> None:  # type: ignore[no-untyped-def]
    """Eight rounds can give one side up to eight tokens: they close up short of the heading."""
    set_language(lang)
    try:
        view = BoardView()
        L = view.resize(size)
        for side in ("investigator", "jack"):
            end = view.heading_end(side)
            for n in range(1, 9):
                t = L.won_token_radius(side, n, end)
                xs = [L.won_token_center(side, k, n, end)[0] for k in range(n)]
                assert min(xs) - t >= end - 1, (side, n, min(xs) - t, end)
                assert all(a - b >= 1.1 * t - 0.01 for a, b in zip(xs, xs[1:], strict=False)), "overlap <= 45%"
                if side == "jack" or n <= 4:  # Jack's box has room for all eight; the investigator's for four
                    assert t >= 0.5 * L.track_r * 0.72, "still readable"
    finally:
        set_language("en")


