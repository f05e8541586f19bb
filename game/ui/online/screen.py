"""What the full-window ranked screens share: the city backdrop and heading, a form, a toast, a hint.

The layout is made again only when the window's size changes
(:meth:`OnlineScreen.arrange`); the heading and the hint are looked up
in the current language on every frame.
"""

from __future__ import annotations

from typing import Any

import pygame

from .. import theme
from ..i18n import _
from ..scene import Scene
from ..widgets import Toast
from . import form as look
from .form import Form


class OnlineScreen(Scene):
    """Subclasses set ``form`` and the texts, and draw their part in :meth:`draw_body`."""

    title = ""                 # (N_ strings: translated when drawn)
    subtitle = ""
    hint = ""
    form: Form

    def __init__(self, app: Any, online: Any) -> None:
        super().__init__(app)
        self.online = online
        self.toast = Toast()
        self.t = 0.0
        self._size: tuple[int, int] | None = None

    def arrange(self, size: tuple[int, int], s: float) -> None:
        """Place the widgets for a window of ``size`` (``s``: the scale against 1280x800)."""

    def _layout(self, size: tuple[int, int]) -> None:
        if size != self._size:
            self._size = size
            self.arrange(size, look.scale(size))

    def relayout(self) -> None:
        self._size = None

    def back(self) -> None:
        self.app.play("click")
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        self.form.handle_event(event)
        return None

    def update(self, dt: float) -> None:
        self.t += dt
        self.toast.update(dt)
        self.form.update(dt)

    def draw_body(self, surface: pygame.Surface, s: float) -> None:
        """The screen's own part, between the heading and the hint."""

    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface.get_size())
        s = look.scale(surface.get_size())
        look.backdrop(surface)
        look.heading(surface, _(self.title), _(self.subtitle) if self.subtitle else "")
        self.draw_body(surface, s)
        self.draw_footer(surface, s)

    def draw_footer(self, surface: pygame.Surface, s: float) -> None:
        """The keys' hint along the bottom edge, and the toast above it."""
        w, h = surface.get_size()
        if self.hint:
            hint = _(self.hint)
            theme.blit_text(surface, hint, theme.fit_size(hint, max(10, int(12 * s)), int(w * 0.95)),
                            theme.TEXT_FAINT, (w // 2, h - int(12 * s)), "center")
        self.toast.draw(surface, (w // 2, int(h * 0.955)), max(12, int(16 * s)), int(w * 0.7))
