"""About this edition: who made the games, what this edition draws itself, where its boards come from.

The rules pages speak only of the rules; where a board's data was gathered
(and which facts had to be chosen) is told here and in the README's credits.
"""

from __future__ import annotations

from typing import Any

import pygame

from .. import theme
from ..i18n import N_, _
from ..rulebook import draw_paragraphs
from ..scene import Scene, register
from ..widgets import Button, draw_title, ornament
from ..widgets import click_sound as _click


def paragraphs() -> list[str]:
    """The About text, looked up in the current language when drawn."""
    return [
        _("Mr. Jack, Mr. Jack Pocket and Mr. Jack in New York are board games by Bruno Cathala and "
          "Ludovic Maublanc, published by Hurrican."),
        _("This digital edition draws its own art. The font is DejaVu, free under its own licence "
          "(assets/fonts)."),
        _("The boards are data files in the levels folder, gathered from public sources. The London board "
          "records both printings, the original of 2006 and the later edition."),
        _("The Manhattan board of Mr. Jack in New York comes from the data that players of a student AI "
          "contest (UIAI 2020) transcribed, not from a photo of the printed board. Where a fact was missing, "
          "a choice was made; each one is noted in levels/newyork.json."),
    ]


@register("about")
class AboutScene(Scene):
    """One page of credits; Esc, Backspace or Back return to the scene below."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.back = Button(N_("Back"), self.close, hotkey=pygame.K_ESCAPE)

    def close(self) -> None:
        _click(self.app)
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN):
                self.close()
                return None
            return event
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.back.handle_event(event)
            return None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return None
        return event

    def layout(self, size: tuple[int, int]) -> pygame.Rect:
        """Place Back; returns the text panel."""
        w, h = size
        m = max(12, int(min(w, h) * 0.03))
        bh = max(34, int(h * 0.058))
        bw = max(120, int(w * 0.14))
        self.back.rect = pygame.Rect(m, h - m - bh, bw, bh)
        head = int(h * 0.13)
        pw = min(w - 2 * m, max(560, int(w * 0.7)))
        return pygame.Rect((w - pw) // 2, head, pw, self.back.rect.y - head - m)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        panel = self.layout((w, h))
        surface.blit(theme.night_backdrop((w, h)), (0, 0))
        head = panel.y
        draw_title(surface, _("About"), max(18, int(h * 0.055)), (w // 2, int(head * 0.45)))
        ornament(surface, (w // 2, int(head * 0.8)), int(w * 0.3))
        m = max(12, int(min(w, h) * 0.03))
        size = max(13, int(h * 0.026))
        lh = theme.font(size).get_linesize()
        need = sum(len(theme.wrap(p, size, panel.w - 2 * m)) * lh + lh // 2 for p in paragraphs())
        panel.h = min(panel.h, need + 2 * m)  # the panel hugs the text (it shrinks the text if it must)
        theme.rounded_panel(surface, panel)
        draw_paragraphs(surface, panel.inflate(-2 * m, -2 * m), paragraphs(), size)
        self.back.draw(surface)
