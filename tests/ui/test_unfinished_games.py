"""Issue 12.1: every unfinished game is kept, listed, and nothing is replaced or given up without asking.

Real scenes on a real save folder: the pause menu, the New game screen,
the confirmation dialog and the saved-games list.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_game_scene import click, key, send, wait_for_turn

from game.engine.record import GameRecord
from game.saves import SaveStore
from game.ui import i18n
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.saves import SavesScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene


@pytest.fixture
def app(game_app, tmp_path: Path):  # type: ignore[no-untyped-def]
    game_app.saves = SaveStore(tmp_path / "saves")
    return game_app


def button(scene, label: str):  # type: ignore[no-untyped-def]
    from game.ui.widgets import label_text

    return next(b for b in scene.menu.buttons if label_text(b.label) == label)


def new_game(app, game: str, mode: str = "solo") -> None:  # type: ignore[no-untyped-def]
    """Title -> New game -> choose ``game`` and ``mode`` -> Start."""
    app.tick(1 / 60)  # lay the title out
    title = app.stack.top
    send(app, click(button(title, "New game").rect.center))
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.game.set(game)
    setup.mode.set(mode)
    setup._sync()
    app.tick(1 / 60)  # lay the rows out again
    send(app, click(setup.start_button.rect.center))


def save_and_quit(app, scene: GameScene) -> None:  # type: ignore[no-untyped-def]
    wait_for_turn(app, scene)
    send(app, key(pygame.K_ESCAPE))
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    send(app, click(button(pause, "Save and quit").rect.center))
    assert isinstance(app.stack.top, TitleScene)


def kept_then_asked(app) -> GameScene:  # type: ignore[no-untyped-def]
    """A Pocket solo game saved and quit, then New game -> Pocket solo again: the question shows."""
    app.start(TitleScene(app))
    new_game(app, "pocket")
    first = app.stack.top
    save_and_quit(app, first)
    new_game(app, "pocket")
    return first


def test_a_london_game_survives_a_new_york_game(app) -> None:  # type: ignore[no-untyped-def]
    """The issue's steps: Save and quit in London, New game -> New York: London is still listed."""
    app.start(TitleScene(app))
    new_game(app, "london")
    london = app.stack.top
    assert isinstance(london, GameScene) and london.record.game == "london"
    save_and_quit(app, london)
    new_game(app, "newyork")
    newyork = app.stack.top
    assert isinstance(newyork, GameScene), "another game asks nothing: it has its own slot"
    save_and_quit(app, newyork)
    kept = {i.game: i for i in app.saves.autosaves()}
    assert set(kept) == {"london", "newyork"}
    assert app.saves.load(kept["london"].path).actions == london.record.actions
    send(app, click(button(app.stack.top, "Saved games").rect.center))
    saves = app.stack.top
    assert isinstance(saves, SavesScene)
    assert [e.game for e in saves.entries] == ["newyork", "london"]  # newest first
    assert [saves._name(e) for e in saves.entries] == ["Unfinished: Mr. Jack in New York",
                                                       "Unfinished: Mr. Jack (London)"]
    assert all(e.side == "investigator" and e.mode == "solo" for e in saves.entries)


def test_a_new_game_in_a_taken_slot_asks_first_and_cancel_keeps_it(app) -> None:  # type: ignore[no-untyped-def]
    first = kept_then_asked(app)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene), "the same game and mode would replace the first: ask"
    assert "round 1" in ask.message() and "Solo" in ask.message()
    send(app, key(pygame.K_ESCAPE))  # Cancel
    assert isinstance(app.stack.top, SetupScene)
    assert app.saves.load_autosave().seed == first.record.seed
    send(app, key(pygame.K_RETURN))  # Enter lands on the harmless choice too
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and ask.menu.focus == len(ask.menu.buttons) - 1
    send(app, key(pygame.K_RETURN))
    assert isinstance(app.stack.top, SetupScene)
    assert app.saves.load_autosave().seed == first.record.seed


def test_resume_it_from_the_question_resumes_the_kept_game(app) -> None:  # type: ignore[no-untyped-def]
    first = kept_then_asked(app)
    send(app, click(button(app.stack.top, "Resume it").rect.center))
    resumed = app.stack.top
    assert isinstance(resumed, GameScene) and resumed.record.actions == first.record.actions
    assert resumed.record.seed == first.record.seed


def test_start_a_new_game_from_the_question_replaces_the_kept_one(app) -> None:  # type: ignore[no-untyped-def]
    first = kept_then_asked(app)
    send(app, click(button(app.stack.top, "Start a new game").rect.center))
    second = app.stack.top
    assert isinstance(second, GameScene) and second.record.seed != first.record.seed
    wait_for_turn(app, second)
    assert [i.seed for i in app.saves.autosaves()] == [second.record.seed]


def test_abandon_game_asks_then_removes_only_that_game(app) -> None:  # type: ignore[no-untyped-def]
    app.start(TitleScene(app))
    new_game(app, "london")
    save_and_quit(app, app.stack.top)
    new_game(app, "pocket")
    pocket = app.stack.top
    wait_for_turn(app, pocket)
    send(app, key(pygame.K_ESCAPE))
    send(app, click(button(app.stack.top, "Abandon game").rect.center))
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)
    send(app, click(button(ask, "Keep playing").rect.center))
    assert isinstance(app.stack.top, PauseScene) and app.saves.slot_info("pocket", "solo") is not None
    send(app, click(button(app.stack.top, "Abandon game").rect.center))
    send(app, click(button(app.stack.top, "Abandon game").rect.center))
    assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1
    assert app.saves.slot_info("pocket", "solo") is None
    assert [i.game for i in app.saves.autosaves()] == ["london"], "the other game is kept"
    assert app.stack.top.continue_button.visible  # Continue now resumes London


def test_the_new_game_screen_remembers_the_last_choice(app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app.start(TitleScene(app))
    app.tick(1 / 60)
    send(app, click(button(app.stack.top, "New game").rect.center))
    setup = app.stack.top
    setup.game.set("newyork")
    setup.side.set("jack")
    setup.bot.set("easy")
    app.tick(1 / 60)
    send(app, click(setup.start_button.rect.center))
    assert isinstance(app.stack.top, GameScene)
    from game.ui.settings import load_settings

    saved = load_settings(tmp_path / "settings.json")
    assert (saved.last_game, saved.last_side, saved.last_bot) == ("newyork", "jack", "easy")
    app.settings = saved
    again = SetupScene(app)
    assert (again.game.value, again.side.value, again.bot.value, again.mode.value) == (
        "newyork", "jack", "easy", "solo")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_question_and_the_list_draw_in_every_language(app, lang: str) -> None:  # type: ignore[no-untyped-def]
    app.start(TitleScene(app))
    new_game(app, "london")
    save_and_quit(app, app.stack.top)
    new_game(app, "london")
    ask = app.stack.top
    i18n.set_language(lang)
    try:
        for size in ((800, 600), (1280, 800)):
            surface = pygame.Surface(size)
            app.draw(surface)
            panel = ask.panel
            assert surface.get_rect().contains(panel)
            assert all(panel.contains(b.rect) for b in ask.menu.buttons)
        saves = SavesScene(app)
        saves.draw(pygame.Surface((800, 600)))
    finally:
        i18n.set_language("en")


def test_resuming_the_old_single_autosave_asks_before_it_replaces_a_kept_game(app) -> None:  # type: ignore[no-untyped-def]
    """An autosave.json of an earlier version would go to the slot of its game and mode: ask first."""
    app.start(TitleScene(app))
    new_game(app, "pocket")
    kept = app.stack.top
    save_and_quit(app, kept)
    old = GameRecord("pocket", kept.record.seed + 1, [], {"mode": "solo", "human": "jack", "bot": "random"})
    (app.saves.folder / "autosave.json").write_text(old.to_json())
    saves = SavesScene(app)
    app.stack.push(saves)
    app.tick(1 / 60)
    saves.select([e.path.name for e in saves.entries].index("autosave.json"))
    saves.open_selected()
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and "round 1" in ask.message()
    send(app, key(pygame.K_ESCAPE))
    assert app.stack.top is saves and app.saves.slot_info("pocket", "solo").seed == kept.record.seed
    saves.open_selected()
    app.tick(1 / 60)  # lay the question out
    send(app, click(button(app.stack.top, "Resume anyway").rect.center))
    resumed = app.stack.top
    assert isinstance(resumed, GameScene) and resumed.record.seed == old.seed


def test_resuming_a_kept_game_asks_nothing(app) -> None:  # type: ignore[no-untyped-def]
    app.start(TitleScene(app))
    new_game(app, "london")
    save_and_quit(app, app.stack.top)
    saves = SavesScene(app)
    app.stack.push(saves)
    app.tick(1 / 60)
    saves.open_selected()
    assert isinstance(app.stack.top, GameScene)


def test_the_replays_list_says_which_side_was_played(app, drawn) -> None:  # type: ignore[no-untyped-def]
    from game.engine import find_ruleset

    state = find_ruleset("pocket").new(4)
    actions = []
    while not state.is_over():
        action = state.legal_actions()[0]
        actions.append(str(action))
        state.apply(action)
    app.saves.save(GameRecord("pocket", 4, actions, {"mode": "solo", "human": "jack", "bot": "easy"}), "Won")
    replays = SavesScene(app, replays=True)
    app.stack.push(replays)
    drawn.clear()
    app.draw(pygame.Surface(app.size))
    assert any("you: Jack" in t and "finished after round" in t for t in drawn)
