"""Scenes and the scene stack (Tuxemon's lifecycle, without its globals).

A scene is pushed as an instance.  The stack calls ``on_enter``/``on_exit``
exactly once each, and ``on_pause``/``on_resume`` in pairs while another
scene covers it.  Events go to the top scene first; a scene returns the
event to let the scene below see it, or ``None`` to consume it.  ``draw``
must not change game state.

Scenes never import one another: each scene module registers its class
under a name (:func:`register`), and a scene asks the stack for the next
one by that name (``app.stack.make("pause", app, game)``), as Tuxemon's
scene registry does.  The package :mod:`game.ui.scenes` imports every
scene module once, which fills the registry.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # pragma: no cover
    import pygame

#: scene name -> scene class, filled by :func:`register` as the scene modules are imported
SCENES: dict[str, type[Scene]] = {}
S = TypeVar("S", bound="type[Scene]")


def register(name: str) -> Callable[[S], S]:
    """Class decorator: file a scene class under ``name`` for :meth:`SceneStack.make`."""
    def put(cls: S) -> S:
        SCENES[name] = cls
        return cls
    return put


def scene_class(name: str) -> type[Scene]:
    """The scene class registered as ``name``.

    :raises LookupError: if no scene module registered that name.
    """
    if name not in SCENES:
        importlib.import_module("game.ui.scenes")  # the package imports every scene module once
    try:
        return SCENES[name]
    except KeyError:
        raise LookupError(f"no scene is registered as {name!r}; there are {', '.join(sorted(SCENES))}") from None


class Scene:
    """Base class: override what you need."""

    #: Draw the scene below first (overlays, dialogs).
    transparent = False

    def __init__(self, app: Any) -> None:
        self.app = app

    def on_enter(self) -> None: ...
    def on_exit(self) -> None: ...
    def on_pause(self) -> None: ...
    def on_resume(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return event

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class SceneStack:
    """An ordered stack of scenes; the last one is on top."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(list(self._scenes))

    def make(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new scene of the class registered as ``name``, built with ``args`` (the app first)."""
        return scene_class(name)(*args, **kwargs)

    def kind(self, name: str) -> type[Scene]:
        """The class registered as ``name`` (for ``isinstance`` and its class methods)."""
        return scene_class(name)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].on_pause()
        self._scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene:
        """Remove the top scene and resume the one below.

        :raises IndexError: if the stack is empty.
        """
        scene = self._scenes.pop()
        scene.on_exit()
        if self._scenes:
            self._scenes[-1].on_resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` without resuming the one below."""
        if self._scenes:
            self._scenes.pop().on_exit()
        self._scenes.append(scene)
        scene.on_enter()

    def clear(self, scene: Scene | None = None) -> None:
        """Exit every scene (top first), then push ``scene`` if given."""
        while self._scenes:
            self._scenes.pop().on_exit()
        if scene is not None:
            self.push(scene)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        for scene in reversed(self._scenes):
            result = scene.handle_event(event)
            if result is None:
                return None
            if not scene.transparent:
                return result  # an opaque scene shields the ones below
        return event

    def update(self, dt: float) -> None:
        if self._scenes:
            self._scenes[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        start = len(self._scenes) - 1
        while start > 0 and self._scenes[start].transparent:
            start -= 1
        for scene in self._scenes[max(start, 0):]:
            scene.draw(surface)
