"""A question over the scene below: nothing is overwritten or given up without the player's word.

The choices are buttons in a row; Esc (or the last choice, which is
always the harmless one) closes the dialog and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from .. import theme
from ..i18n import _
from ..scene import Scene, register
from ..widgets import Button, Label, Menu, dim_behind, draw_title, label_text

Choice = tuple[Label, Callable[[], Any], str]  # label, what it does, button kind


@register("confirm")
class ConfirmScene(Scene):
    """``title`` and ``message`` over the dimmed scene below, and one button per choice.

    Each choice first closes the dialog, then runs its callback.  The last
    choice is the cancel one: Esc picks it, and it has the keyboard focus,
    so a stray Enter never destroys anything.
    """

    transparent = True

    def __init__(self, app: Any, title: Label, message: Label, choices: Sequence[Choice]) -> None:
        super().__init__(app)
        self.title = title
        self.message = message
        self.choices = list(choices)
        self.menu = Menu([Button(label, (lambda cb=cb: self._pick(cb)), kind=kind)
                          for label, cb, kind in self.choices])
        self.menu.focus = len(self.menu.buttons) - 1
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _pick(self, callback: Callable[[], Any]) -> None:
        self.app.play("click")
        if self.app.stack.top is self:
            self.app.stack.pop()
        callback()

    def cancel(self) -> None:
        self._pick(self.choices[-1][1])

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            d = 1 if event.key == pygame.K_RIGHT else -1
            self.menu.focus = self.menu._first_enabled(self.menu.focus + d, d)
            return None
        self.menu.handle_event(event)
        return None  # modal: the scene below gets nothing

    def _lines(self, width: int, size: int) -> list[str]:
        return theme.wrap(label_text(self.message), size, width, "serif")

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = min(w / 1280, h / 800)
        pw = min(w - 40, int(760 * s))
        n = len(self.menu.buttons)
        gap = max(8, int(14 * s))
        bh = max(34, int(46 * s))
        texts = [label_text(b.label) for b in self.menu.buttons]
        fs = max(12, int(17 * s))
        bw = max(120, max(theme.font(fs, "sans-bold").size(t)[0] for t in texts) + int(40 * s))
        bw = min(bw, (pw - int(40 * s) - gap * (n - 1)) // n)
        lines = self._lines(pw - int(60 * s), max(13, int(19 * s)))
        ph = int(120 * s) + len(lines) * int(28 * s) + bh + int(52 * s)
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        total = n * bw + (n - 1) * gap
        y = self.panel.bottom - bh - int(34 * s)
        for i, b in enumerate(self.menu.buttons):
            b.rect = pygame.Rect(self.panel.centerx - total // 2 + i * (bw + gap), y, bw, bh)

    def draw(self, surface: pygame.Surface) -> None:
        dim_behind(surface, 200)  # the scene below stays in view, dimmed
        w, h = surface.get_size()
        self._layout((w, h))
        s = min(w / 1280, h / 800)
        theme.rounded_panel(surface, self.panel, radius=int(16 * s), alpha=245)
        title = label_text(self.title)
        draw_title(surface, title, theme.fit_size(title, max(22, int(38 * s)), self.panel.w - int(40 * s),
                                                  "serif-bold"), (w // 2, self.panel.y + int(44 * s)))
        y = self.panel.y + int(84 * s)
        fs = max(13, int(19 * s))
        for line in self._lines(self.panel.w - int(60 * s), fs):
            theme.blit_text(surface, line, fs, theme.TEXT, (w // 2, y), "midtop", "serif")
            y += int(28 * s)
        self.menu.draw(surface)
        theme.blit_text(surface, _("Esc cancels"), max(10, int(13 * s)), theme.TEXT_FAINT,
                        (w // 2, self.panel.bottom - int(15 * s)), "center")
