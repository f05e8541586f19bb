"""Headless UI tests: SDL's dummy drivers are chosen before pygame is imported.

No reactor runs here: tests drive ``App.tick(dt)`` themselves, post real
pygame events, and use in-memory saves and silent sound so nothing is
written to the player's folders.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402


class RecordingSound:
    """Silent, but remembers what was played (names are checked against the real list)."""

    def __init__(self) -> None:
        self.played: list[str] = []
        self.volume = 1.0

    def play(self, name: str) -> None:
        try:
            from game.ui.sound import NAMES
        except ImportError:  # pragma: no cover - the sound module is optional
            NAMES = None
        if NAMES is not None:
            assert name in NAMES, name
        self.played.append(name)

    def set_volume(self, volume: float) -> None:
        self.volume = volume


def make_app(tmp_path: Path, size: tuple[int, int] = (1280, 800), speed: float = 60.0):  # type: ignore[no-untyped-def]
    """An App at ``size`` with fast animations and throw-away services."""
    from game.ui.app import App, MemorySaves
    from game.ui.settings import Settings

    settings = Settings(width=size[0], height=size[1], language="en")
    settings.animation_speed = speed  # beyond the settings screen's range: tests only
    return App(size, False, settings=settings, saves=MemorySaves(), sound=RecordingSound(),
               settings_path=tmp_path / "settings.json")


@pytest.fixture
def game_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MRJACK_HOME", str(tmp_path))
    from game.ui import i18n

    i18n.set_language("en")
    app = make_app(tmp_path)
    pygame.event.clear()
    yield app
    app.stack.clear()
    pygame.event.clear()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn from now on (``theme.blit_text`` is the one way text reaches the screen)."""
    from game.ui import theme

    seen: list[str] = []
    real = theme.blit_text

    def spy(surface, text, *args, **kw):  # type: ignore[no-untyped-def]
        seen.append(str(text))
        return real(surface, text, *args, **kw)

    monkeypatch.setattr(theme, "blit_text", spy)
    return seen


@pytest.fixture
def game_app_small(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Like ``game_app``, at 800x600."""
    monkeypatch.setenv("MRJACK_HOME", str(tmp_path))
    from game.ui import i18n

    i18n.set_language("en")
    app = make_app(tmp_path, (800, 600))
    pygame.event.clear()
    yield app
    app.stack.clear()
    i18n.set_language("en")
    pygame.event.clear()


@pytest.fixture(autouse=True)
def _own_identity_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The player identity of every UI test lives in its own folder, never in the user's."""
    monkeypatch.setenv("MRJACK_NET_STATE", str(tmp_path / "netstate"))
