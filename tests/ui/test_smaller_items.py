"""Issue 12, the smaller items: names of the program, defaults, remembered window size, and wording."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui import i18n, theme
from game.ui.scenes.title import TitleScene


def test_the_window_and_the_title_screen_name_all_three_games(game_app, drawn) -> None:  # type: ignore[no-untyped-def]
    assert pygame.display.get_caption()[0] == "Mr. Jack"
    seen = drawn
    game_app.start(TitleScene(game_app))
    game_app.draw(pygame.Surface((1280, 800)))
    text = " ".join(seen)
    assert "Pocket · London · New York" in text
    assert "nine" not in text and "Pocket" != seen[0]


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_title_texts_fit_a_small_window_in_every_language(game_app, lang: str) -> None:  # type: ignore[no-untyped-def]
    i18n.set_language(lang)
    try:
        for text in (i18n._("Pocket · London · New York"),
                     i18n._("Whitechapel, 1888, and Manhattan after him: one of the suspects is Jack. "
                            "Catch him, or be him.")):
            size = theme.fit_size(text, 15, int(800 * 0.94), "serif")
            assert size >= 9, (lang, text)
    finally:
        i18n.set_language("en")


def test_a_window_resized_by_dragging_is_remembered(game_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.settings import load_settings

    pygame.display.set_mode((1000, 700), pygame.RESIZABLE)  # what the window manager does during a drag
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700))
    game_app.start(TitleScene(game_app))
    game_app.tick(1 / 60)
    assert game_app.settings.size == (1000, 700)
    assert not (tmp_path / "settings.json").exists(), "not written on every step of the drag"
    for _ in range(60):
        game_app.tick(1 / 60)
    assert load_settings(tmp_path / "settings.json").size == (1000, 700)


def test_the_text_game_meets_the_same_bot_as_the_window() -> None:
    from game.cli import build_parser
    from game.textplay import DEFAULT_BOT
    from game.ui.scenes.setup import bot_names, default_bot

    assert build_parser().parse_args(["text"]).bot is None  # so the text game's own default applies
    assert DEFAULT_BOT == default_bot(bot_names()) == "normal"


def test_the_fair_game_check_speaks_of_throws_only_in_pocket() -> None:
    from types import SimpleNamespace

    from game.ui.scenes.online_results import verdict

    ok = SimpleNamespace(status="finished", verified=True, finding=None, reason="")
    assert "throw" in verdict(ok, "jack", "pocket")[1]
    for game in ("london", "newyork"):
        assert "throw" not in verdict(ok, "jack", game)[1]


@pytest.mark.parametrize("game", ["pocket", "london", "newyork"])
def test_the_witness_banner_is_opaque_over_the_names_below(game: str) -> None:
    """Once shown, nothing under the banner shows through it (a white board stays hidden)."""
    from game.engine import find_ruleset
    from game.engine.core import Side

    if game == "pocket":
        from game.ui.pocket.view import BoardModel as Model
        from game.ui.pocket.view import BoardView as View
    elif game == "london":
        from game.ui.london.view import LondonModel as Model
        from game.ui.london.view import LondonView as View
    else:
        from game.ui.newyork.view import NewYorkModel as Model
        from game.ui.newyork.view import NewYorkView as View
    view = View()
    view.resize((1280, 800))
    model = Model.from_view(find_ruleset(game).new(3).observation(Side.INVESTIGATOR))
    model.banner, model.banner_alpha, model.banner_colour = "Jack is not seen", 1.0, (200, 60, 60)
    surface = pygame.Surface((1280, 800))
    surface.fill((255, 255, 255))
    view.draw_banner(surface, model)
    bounds = surface.get_bounding_rect()
    inner = pygame.Rect(0, 0, 0, 0)
    for x in range(0, 1280, 4):  # the banner's box: the pixels that are no longer white
        for y in range(0, 800, 4):
            if surface.get_at((x, y))[:3] == (10, 10, 14):
                inner = pygame.Rect(x, y, 1, 1) if inner.w == 0 else inner.union(pygame.Rect(x, y, 1, 1))
    assert inner.w > 40 and bounds.w > 0
    assert surface.get_at((inner.x + 2, inner.centery))[:3] == (10, 10, 14)
