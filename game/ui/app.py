"""The client application: the window, the scene stack, services, and the frame loop.

The twisted reactor drives the frames: :meth:`App.run` starts a
``LoopingCall`` at the frame rate on the reactor it is given, so network
code can share the same thread later.  Tests and tools skip the reactor
and call :meth:`App.tick` themselves.

Services (settings, saves, sound) come from their own modules; each is
replaced by a small stand-in when it cannot be created (no writable
folder, no audio device), so the game still runs.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from . import theme
from .scene import Scene, SceneStack

FPS = 60
STEP = 1.0 / FPS          # fixed update step (seconds)
MAX_STEPS = 6             # at most this many updates per frame (no spiral of death)
MIN_WINDOW = (800, 600)


# ---------------------------------------------------------------- stand-ins
@dataclass
class FallbackSettings:
    """Used only if :mod:`game.ui.settings` cannot load."""

    width: int = 1280
    height: int = 800
    fullscreen: bool = False
    animation_speed: float = 1.0
    volume: float = 0.75
    language: str = "en"
    warning: str | None = None

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    def normalise(self) -> FallbackSettings:
        return self


class MemorySaves:
    """An in-memory save store (tests, screenshots, or when the disk cannot be used).

    It keeps one unfinished game per game and mode, like :class:`game.saves.SaveStore`.
    """

    def __init__(self) -> None:
        self.slots: dict[tuple[str, str], Any] = {}
        self.saved: list = []

    @staticmethod
    def _copy(record: Any, **meta: Any) -> Any:
        from ..engine.record import GameRecord

        return GameRecord(record.game, record.seed, list(record.actions), dict(record.meta, **meta))

    @staticmethod
    def _key(record: Any) -> tuple[str, str]:
        return record.game, str(record.meta.get("mode", "solo"))

    @property
    def auto(self) -> Any:
        """The game saved last (``None`` if none)."""
        return next(reversed(self.slots.values()), None)

    def autosave(self, record: Any) -> None:
        key = self._key(record)
        self.slots.pop(key, None)  # the newest goes last
        self.slots[key] = self._copy(record)

    def load_autosave(self) -> Any:
        return self.auto

    def slot_info(self, game: str, mode: str) -> Any:
        record = self.slots.get((game, mode))
        if record is None:
            return None
        from ..saves import SaveInfo

        state = record.replay()
        if state.is_over():
            return None
        return SaveInfo("autosave", Path(f"autosave-{game}-{mode}.json"), game, int(getattr(state, "round", 0)),
                        0.0, mode, side=str(record.meta.get("human", "")), slot=True, seed=record.seed)

    def clear_autosave(self, record: Any = None) -> None:
        if record is None:
            return
        held = self.slots.get(self._key(record))
        if held is not None and (held.game, held.seed) == (record.game, record.seed):
            del self.slots[self._key(record)]

    def load(self, path: Any) -> Any:
        """The game in the slot named by ``path`` (as :meth:`slot_info` gave it)."""
        for (game, mode), record in self.slots.items():
            if Path(path).name == f"autosave-{game}-{mode}.json":
                return record
        from ..saves import SaveError

        raise SaveError(f"{Path(path).name}: the file no longer exists.", "missing")

    def save(self, record: Any, name: str) -> None:
        self.saved.append(self._copy(record, name=name))

    def list(self, include_autosave: bool = False) -> list:
        return []

    def delete(self, path: Any) -> None:
        return None


class SilentSound:
    """No audio: every effect and the music are no-ops."""

    volume = 0.0
    music_volume = 0.0
    enabled = False

    def play(self, name: str) -> None:
        return None

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def set_music_volume(self, volume: float) -> None:
        self.music_volume = volume

    def set_effect_volume(self, name: str, volume: float) -> None:
        return None

    def start_music(self) -> None:
        return None

    def stop_music(self) -> None:
        return None


def _default_settings() -> Any:
    try:
        from .settings import load_settings

        return load_settings()
    except Exception:  # noqa: BLE001 - any failure: play with defaults
        return FallbackSettings()


def _default_saves() -> Any:
    try:
        from ..saves import SaveStore

        return SaveStore()
    except Exception:  # noqa: BLE001
        return MemorySaves()


def _default_sound(settings: Any) -> Any:
    try:
        from .sound import Sound

        return Sound(getattr(settings, "volume", 0.75), getattr(settings, "music_volume", 0.5),
                     getattr(settings, "effect_volumes", None))
    except Exception:  # noqa: BLE001
        return SilentSound()


def apply_volumes(sound: Any, settings: Any) -> None:
    """Hand the music's and each effect's volume to ``sound`` (stand-ins without them are skipped)."""
    with contextlib.suppress(Exception):
        if hasattr(sound, "set_music_volume"):
            sound.set_music_volume(getattr(settings, "music_volume", 0.5))
        if hasattr(sound, "set_effect_volume"):
            from .sound import NAMES

            volumes = getattr(settings, "effect_volumes", {}) or {}
            for name in NAMES:
                sound.set_effect_volume(name, volumes.get(name, 1.0))


def parse_size(text: str | tuple[int, int] | None) -> tuple[int, int] | None:
    """``"1280x800"`` -> ``(1280, 800)``; ``None`` stays ``None``.

    :raises ValueError: for text that is not WIDTHxHEIGHT with positive numbers.
    """
    if text is None:
        return None
    if isinstance(text, tuple):
        return text
    w, sep, h = text.lower().partition("x")
    if not sep or not w.strip().isdigit() or not h.strip().isdigit() or int(w) <= 0 or int(h) <= 0:
        raise ValueError(f"window size must look like 1280x800, not {text!r}")
    return int(w), int(h)


# ---------------------------------------------------------------------- app
class App:
    """Owns the window, the scene stack and the services the scenes use.

    ``settings``, ``saves`` and ``sound`` default to the real services;
    pass stand-ins in tests.  ``settings_path`` (if set) is where the
    settings scene saves, instead of the user's config folder.
    """

    title = "Mr. Jack"
    #: Seconds after the last resize event before a dragged window size is saved.
    RESIZE_SAVE_DELAY = 0.8

    def __init__(self, size: tuple[int, int] | None = None, fullscreen: bool | None = None, *,
                 settings: Any = None, saves: Any = None, sound: Any = None,
                 settings_path: str | os.PathLike[str] | None = None) -> None:
        self.settings = settings if settings is not None else _default_settings()
        self.settings_path = settings_path
        self._apply_language()
        pygame.display.init()
        pygame.font.init()
        self.saves = saves if saves is not None else _default_saves()
        self.sound = sound if sound is not None else _default_sound(self.settings)
        if size is None:
            size = tuple(getattr(self.settings, "size", (1280, 800)))
        if fullscreen is None:
            fullscreen = bool(getattr(self.settings, "fullscreen", False))
        self.fullscreen = fullscreen
        self.windowed_size = size
        self.screen = self._set_mode(size, fullscreen)
        pygame.display.set_caption(self.title)
        pygame.key.set_repeat(350, 40)
        self.stack = SceneStack()
        self.time = 0.0
        self._acc = 0.0
        self.running = True
        self.frames = 0
        self._resize_wait: float | None = None  # counting down to saving a dragged window size
        self._loop = None
        self._reactor = None

    # ------------------------------------------------------------ window
    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        flags = pygame.RESIZABLE
        if fullscreen:
            flags |= pygame.FULLSCREEN
            size = (0, 0)
        try:
            screen = pygame.display.set_mode(size, flags)
        except pygame.error:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        with contextlib.suppress(Exception), warnings.catch_warnings():
            # the only way to set a minimum size on a display-module window in pygame-ce 2.5
            warnings.simplefilter("ignore", DeprecationWarning)
            win = pygame.Window.from_display_module()
            win.minimum_size = (min(MIN_WINDOW[0], size[0] or MIN_WINDOW[0]),
                                min(MIN_WINDOW[1], size[1] or MIN_WINDOW[1]))
        return screen

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def set_window(self, size: tuple[int, int] | None = None, fullscreen: bool | None = None) -> None:
        """Change the window size and/or full-screen mode."""
        if fullscreen is None:
            fullscreen = self.fullscreen
        if size is not None:
            self.windowed_size = size
        self.fullscreen = fullscreen
        self.screen = self._set_mode(self.windowed_size, fullscreen)

    def toggle_fullscreen(self) -> None:
        self.set_window(fullscreen=not self.fullscreen)
        with contextlib.suppress(AttributeError):
            self.settings.fullscreen = self.fullscreen

    def _apply_language(self) -> None:
        with contextlib.suppress(Exception):
            from .i18n import set_language

            set_language(getattr(self.settings, "language", "en"))

    def save_settings(self) -> str | None:
        """Write ``self.settings`` where the settings scene does; returns why it failed, or ``None``."""
        from .settings import Settings, save_settings

        if not isinstance(self.settings, Settings):
            return None  # the stand-in settings are not kept
        try:
            save_settings(self.settings, self.settings_path)
        except OSError as exc:
            return str(exc.strerror or exc)
        return None

    def apply_settings(self) -> None:
        """Apply ``self.settings`` now: language, volume, window size and full screen."""
        s = self.settings
        self._apply_language()
        with contextlib.suppress(Exception):
            self.sound.set_volume(getattr(s, "volume", 0.75))
        apply_volumes(self.sound, s)
        size = tuple(getattr(s, "size", self.windowed_size))
        full = bool(getattr(s, "fullscreen", self.fullscreen))
        if full != self.fullscreen or (not full and size != self.size):
            self.set_window(size, full)

    @property
    def reactor(self) -> Any:
        """The reactor the frames run on (network scenes use it); twisted's global one until :meth:`run`.

        Tests that tick the app themselves set their own (``app.reactor = r``).
        """
        if self._reactor is None:
            from twisted.internet import reactor  # here, never at module import

            self._reactor = reactor
        return self._reactor

    @reactor.setter
    def reactor(self, value: Any) -> None:
        self._reactor = value

    @property
    def animation_speed(self) -> float:
        try:
            return max(0.1, float(self.settings.animation_speed))
        except (AttributeError, TypeError, ValueError):
            return 1.0

    def play(self, name: str) -> None:
        """Play a sound effect; never raises."""
        with contextlib.suppress(Exception):
            self.sound.play(name)

    # ------------------------------------------------------------- scenes
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def start(self, scene: Scene | None = None) -> None:
        """Show the title (or ``scene``) as the only scene."""
        if scene is None:
            scene = self.stack.make("title", self)
        self.stack.clear(scene)
        start_music = getattr(self.sound, "start_music", None)
        if callable(start_music):
            with contextlib.suppress(Exception):
                start_music()

    # -------------------------------------------------------------- frame
    def dispatch(self, event: pygame.event.Event) -> None:
        """Send one event to the scenes, after the app's own keys."""
        if event.type == pygame.QUIT:
            ask = getattr(self.stack.top, "confirm_quit", None) if len(self.stack) else None
            if ask is not None and ask():
                return   # the scene asks first (leaving an online game resigns it)
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            surf = pygame.display.get_surface()
            if surf is not None:
                self.screen = surf
                if not self.fullscreen:
                    self.windowed_size = surf.get_size()
                    self._remember_size(self.windowed_size)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        self.stack.handle_event(event)

    def _remember_size(self, size: tuple[int, int]) -> None:
        """A window resized by dragging: keep the size in the settings, saved once the drag stops."""
        s = self.settings
        if not hasattr(s, "width") or (s.width, s.height) == tuple(size):
            return
        s.width, s.height = int(size[0]), int(size[1])
        with contextlib.suppress(Exception):
            s.normalise()
        self._resize_wait = self.RESIZE_SAVE_DELAY

    def _save_size_when_settled(self, dt: float) -> None:
        if self._resize_wait is None:
            return
        self._resize_wait -= dt
        if self._resize_wait <= 0:
            self._resize_wait = None
            self.save_settings()

    def tick(self, dt: float) -> None:
        """One frame: events, fixed-step updates for ``dt`` seconds, draw, flip."""
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        self._save_size_when_settled(max(0.0, dt))
        self._acc = min(self._acc + max(0.0, dt), STEP * MAX_STEPS)
        while self._acc >= STEP:
            self.stack.update(STEP)
            self.time += STEP
            self._acc -= STEP
        self.draw()
        pygame.display.flip()
        self.frames += 1

    def draw(self, surface: pygame.Surface | None = None) -> None:
        surface = surface or self.screen
        if len(self.stack) == 0:
            surface.fill(theme.NIGHT)
            return
        self.stack.draw(surface)

    def quit(self) -> None:
        """Leave: stop the frame loop and the reactor (if running under one)."""
        if not self.running:
            return
        self.running = False
        if self._resize_wait is not None:  # a size dragged just before quitting is kept too
            self._resize_wait = None
            self.save_settings()
        with contextlib.suppress(Exception):
            self.stack.clear()
        if self._loop is not None and self._loop.running:
            self._loop.stop()
        if self._reactor is not None:
            with contextlib.suppress(Exception):
                self._reactor.stop()

    # ----------------------------------------------------------- reactor
    def run(self, reactor: Any) -> None:
        """Drive the frames from ``reactor`` with a ``LoopingCall`` until :meth:`quit`."""
        from twisted.internet import task

        self._reactor = reactor
        last = [reactor.seconds()]

        def frame() -> None:
            now = reactor.seconds()
            dt, last[0] = now - last[0], now
            try:
                self.tick(min(dt, 0.25))
            except Exception:
                self.quit()
                raise

        loop = task.LoopingCall(frame)
        loop.clock = reactor
        self._loop = loop
        d = loop.start(1.0 / FPS, now=True)
        d.addErrback(lambda f: (f.printTraceback(), self.quit()))
        reactor.run()


def main(size: str | tuple[int, int] | None = None, fullscreen: bool = False) -> int:
    """Open the game window on the global reactor; returns the exit status."""
    try:
        wanted = parse_size(size)
    except ValueError as exc:
        print(f"error: {exc}")
        return 2
    from twisted.internet import reactor  # imported here, never at module import

    app = App(wanted, fullscreen or None)
    app.start()
    app.run(reactor)
    pygame.quit()
    return 0
