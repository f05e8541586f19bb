"""The About screen, and rules pages that speak only of the rules (issue items 5 and 11)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import i18n  # noqa: E402
from game.ui.scene import Scene, SceneStack  # noqa: E402

PROVENANCE = ("UIAI", "levels/", ".json")


class Below(Scene):
    """The scene under the one tested."""


class App:
    def __init__(self) -> None:
        self.stack = SceneStack()
        self.sound = None
        self.stack.push(Below(self))


@pytest.fixture(autouse=True)
def display(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MRJACK_HOME", str(tmp_path))
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((800, 600))
    i18n.set_language("en")


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_newyork_rules_speak_of_rules_not_of_where_the_data_came_from(lang: str) -> None:
    from game.ui.scenes.rules import pages_for

    i18n.set_language(lang)
    for page in pages_for("newyork"):
        for paragraph in page.paragraphs():
            assert not any(word in paragraph for word in PROVENANCE), paragraph


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_grant_page_says_why_printed_buildings_and_subway_cannot_become_parks(lang: str) -> None:
    """Rule item 5: parks are the backs of tokens; the printed ones have no back."""
    from game.ui.newyork.texts import power_name
    from game.ui.scenes.rules import pages_for

    i18n.set_language(lang)
    grant = next(p for p in pages_for("newyork") if power_name(3) in p.title())
    text = " ".join(grant.paragraphs())
    wanted = {"en": ("printed", "back"), "ru": ("напечатанных", "оборота"), "pl": ("nadrukowane", "rewers"),
              "fr": ("imprimés", "dos")}[lang]
    assert all(w in text for w in wanted), text


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_about_screen_tells_where_the_boards_come_from(lang: str) -> None:
    from game.ui.scenes.about import AboutScene, paragraphs

    i18n.set_language(lang)
    text = " ".join(paragraphs())
    assert "UIAI 2020" in text and "levels/newyork.json" in text and "Hurrican" in text
    app = App()
    scene = AboutScene(app)
    app.stack.push(scene)
    app.stack.draw(pygame.display.get_surface())


def test_about_opens_from_the_rules_and_back_returns_to_them() -> None:
    from game.ui.scenes.about import AboutScene
    from game.ui.scenes.rules import RulesScene

    app = App()
    rules = RulesScene(app)
    app.stack.push(rules)
    surface = pygame.display.get_surface()
    app.stack.draw(surface)
    assert not rules.about.rect.colliderect(rules.back.rect) and not rules.about.rect.colliderect(rules.prev.rect)
    app.stack.handle_event(click(rules.about.rect.center))
    assert isinstance(app.stack.top, AboutScene)
    app.stack.draw(surface)
    app.stack.handle_event(key(pygame.K_ESCAPE))
    assert app.stack.top is rules
    app.stack.handle_event(click(rules.about.rect.center))
    about = app.stack.top
    app.stack.draw(surface)
    app.stack.handle_event(click(about.back.rect.center))
    assert app.stack.top is rules
