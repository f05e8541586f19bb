"""The New game screen's Style row: a searching level's personality, chosen, kept and played against."""

from __future__ import annotations

import pygame
from test_game_scene import click, send

from game.ui.opponents import bot_spec
from game.ui.scenes.game import GameScene
from game.ui.scenes.setup import SetupScene


def open_setup(app):  # type: ignore[no-untyped-def]
    setup = SetupScene(app)
    app.stack.push(setup)
    app.tick(1 / 60)
    return setup


def test_a_style_is_offered_only_for_a_level_that_searches(game_app) -> None:  # type: ignore[no-untyped-def]
    setup = open_setup(game_app)
    assert [v for v, _label in setup.style.options] == ["plain", "shadow", "hoarder"]
    setup.bot.set("hard")
    assert setup.style.enabled
    setup.bot.set("minimax")
    assert not setup.style.enabled
    setup.bot.set("expert")
    setup.mode.set("hotseat")
    setup._sync()
    assert not setup.style.enabled


def test_the_bot_played_against_carries_the_style(game_app) -> None:  # type: ignore[no-untyped-def]
    setup = open_setup(game_app)
    setup.game.set("pocket")
    setup.side.set("investigator")
    setup.bot.set("easy")
    setup.style.set("shadow")
    setup._sync()
    game_app.tick(1 / 60)
    send(game_app, click(setup.start_button.rect.center))
    scene = game_app.stack.top
    assert isinstance(scene, GameScene)
    assert scene.bot_name == "easy+shadow"
    assert scene.bot.personality is not None and scene.bot.personality.name == "shadow"
    assert game_app.settings.last_style == "shadow"
    again = open_setup(game_app)   # offered again next time
    assert again.style.value == "shadow"


def test_plain_or_a_level_without_a_taste_plays_the_level_itself() -> None:
    assert bot_spec("hard", "plain") == "hard"
    assert bot_spec("minimax", "shadow") == "minimax"
    assert bot_spec("normal", "hoarder") == "normal+hoarder"


def test_six_rows_fit_the_small_window(game_app_small) -> None:  # type: ignore[no-untyped-def]
    setup = open_setup(game_app_small)
    setup.game.set("london")
    setup._sync()
    surface = pygame.Surface(game_app_small.size)
    setup.draw(surface)
    assert len(setup.rows) == 6
    bottom = max(setup.start_button.rect.bottom, setup.back_button.rect.bottom)
    assert bottom <= game_app_small.size[1] - 30, "the buttons must stay inside the window, above the keys"
    rects = [r.rect for r in setup.rows]
    assert all(a.bottom < b.top for a, b in zip(rects, rects[1:], strict=False))


def test_the_status_line_names_the_bot_and_its_style_while_it_thinks(game_app) -> None:  # type: ignore[no-untyped-def]
    scene = GameScene.new(game_app, 7, mode="solo", human="jack", bot="easy+shadow", game="pocket")
    game_app.stack.push(scene)
    for _ in range(600):   # the investigator moves first in Pocket
        if scene.anim is not None:
            scene.skip_animation()
        if "·" in scene._status()[0]:
            break
        game_app.tick(1 / 30)
    assert scene._status()[0] == "Investigator (Easy · Shadow) is thinking…"
    assert scene._status(with_bot=False)[0] == "Investigator is thinking…"
