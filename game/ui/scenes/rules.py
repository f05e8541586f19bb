"""The rules scene: one page per rule, each with a small picture, for each game.

Pages turn with Left/Right (or Page Up/Down, or the buttons), the contents
list on the left jumps to a page, Tab switches the game, and Esc or Back
returns.  The pages themselves live with each game, in
``game.ui.<game>.rules`` (a ``pages()`` function), made of the parts in
:mod:`game.ui.rulebook`.
"""

from __future__ import annotations

import importlib
from typing import Any

import pygame

from .. import theme
from ..i18n import N_, _
from ..rulebook import Page, draw_paragraphs
from ..scene import Scene, register
from ..widgets import Button, draw_title, ornament
from ..widgets import click_sound as _click

Rect = pygame.Rect


GAME_TABS = (("pocket", N_("Mr. Jack Pocket")), ("london", N_("Mr. Jack (London)")),
             ("newyork", N_("Mr. Jack in New York")))

def pages_for(game: str) -> list[Page]:
    """The rule pages of ``game`` (``pocket``, ``london`` or ``newyork``): ``game.ui.<game>.rules.pages()``."""
    return importlib.import_module(f"game.ui.{game}.rules").pages()


@register("rules")
class RulesScene(Scene):
    """The rules, one page at a time; Left/Right turn pages, Tab switches the game, Esc goes back."""

    def __init__(self, app: Any, page: int = 0, game: str = "pocket") -> None:
        super().__init__(app)
        self.game = game if game in dict(GAME_TABS) else "pocket"
        self.pages = pages_for(self.game)
        self.page = max(0, min(page, len(self.pages) - 1))
        self.tabs = [Button(label, (lambda g=g: self.show_game(g)), kind="quiet") for g, label in GAME_TABS]
        self.time = 0.0
        self.back = Button(N_("Back"), self.close, hotkey=pygame.K_ESCAPE)
        self.prev = Button(N_("Previous"), lambda: self.turn(-1))
        self.next = Button(N_("Next"), lambda: self.turn(1), kind="primary")
        self.about = Button(N_("About"), self.show_about)
        self.toc: list[pygame.Rect] = []
        self._size: tuple[int, int] | None = None

    # ----------------------------------------------------------- behaviour
    def show_game(self, game: str) -> None:
        """Switch to the rules of ``game``, from its first page."""
        if game == self.game:
            return
        _click(self.app)
        self.game = game
        self.pages = pages_for(game)
        self.page = 0
        self._size = None

    def close(self) -> None:
        _click(self.app)
        self.app.stack.pop()

    def show_about(self) -> None:
        """The credits and where the boards come from (kept out of the rules themselves)."""
        _click(self.app)
        self.app.stack.push(self.app.stack.make("about", self.app))

    def turn(self, d: int) -> None:
        self.go(self.page + d)

    def go(self, page: int) -> None:
        page = max(0, min(page, len(self.pages) - 1))
        if page != self.page:
            _click(self.app)
        self.page = page

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._ensure_layout()
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
                return None
            if key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_SPACE, pygame.K_RETURN):
                self.turn(1)
                return None
            if key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self.turn(-1)
                return None
            if key == pygame.K_HOME:
                self.go(0)
                return None
            if key == pygame.K_END:
                self.go(len(self.pages) - 1)
                return None
            if key == pygame.K_TAB:
                names = [g for g, _label in GAME_TABS]
                self.show_game(names[(names.index(self.game) + 1) % len(names)])
                return None
            return event  # not ours: let the app see it
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 4:
                self.turn(-1)
                return None
            if event.button == 5:
                self.turn(1)
                return None
            for b in (self.back, self.about, self.prev, self.next, *self.tabs):
                if b.handle_event(event):
                    return None
            for i, r in enumerate(self.toc):
                if r.collidepoint(event.pos):
                    self.go(i)
                    return None
            return None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return None
        return event

    def update(self, dt: float) -> None:
        self.time += dt

    # -------------------------------------------------------------- layout
    def _ensure_layout(self) -> None:
        if self._size is None:
            surf = pygame.display.get_surface()
            self.layout(surf.get_size() if surf else (1280, 800))

    def layout(self, size: tuple[int, int]) -> None:
        """Place the buttons and contents entries for a window of ``size``."""
        if size == self._size:
            return
        self._size = size
        w, h = size
        m = max(12, int(min(w, h) * 0.03))
        bh = max(34, int(h * 0.058))
        bw = max(120, int(w * 0.14))
        y = h - m - bh
        self.back.rect = Rect(m, y, bw, bh)
        self.about.rect = Rect(self.back.rect.right + m // 2, y, bw, bh)
        self.next.rect = Rect(w - m - bw, y, bw, bh)
        self.prev.rect = Rect(w - m - 2 * bw - m // 2, y, bw, bh)
        top = self._header_h(h)
        toc_w = self._toc_w(w)
        line = max(24, int((y - top - m) / (len(self.pages) + 0.5)))
        line = min(line, int(h * 0.06))
        self.toc = [Rect(m, top + i * line, toc_w - m, line) for i in range(len(self.pages))] if toc_w else []
        tw = max(120, min(240, w // 4))
        th = max(24, int(h * 0.04))
        # Pocket in the top left corner, the hex board games stacked in the top right, clear of the centred title
        self.tabs[0].rect = Rect(m, max(4, m // 2), tw, th)
        for i, tab in enumerate(self.tabs[1:]):
            tab.rect = Rect(w - m - tw, max(4, m // 2) + i * (th + 2), tw, th)

    @staticmethod
    def _header_h(h: int) -> int:
        return int(h * 0.13)

    @staticmethod
    def _toc_w(w: int) -> int:
        """The contents column; left out of narrow windows, where the text needs the room."""
        return int(w * 0.25) if w >= 1000 else 0

    # ---------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        self.layout(surface.get_size())
        w, h = surface.get_size()
        surface.blit(theme.night_backdrop((w, h)), (0, 0))
        m = max(12, int(min(w, h) * 0.03))
        head = self._header_h(h)
        draw_title(surface, _("How to play"), max(18, int(h * 0.055)), (w // 2, int(head * 0.45)))
        for (g, _label), tab in zip(GAME_TABS, self.tabs, strict=True):
            tab.draw(surface, focused=False)
            if g == self.game:
                pygame.draw.line(surface, theme.BRASS_LIGHT, (tab.rect.x + 8, tab.rect.bottom),
                                 (tab.rect.right - 8, tab.rect.bottom), 2)
        ornament(surface, (w // 2, int(head * 0.8)), int(w * 0.3))
        # contents
        toc_w = self._toc_w(w)
        size = max(11, int(h * 0.022))
        for i, r in enumerate(self.toc):
            page = self.pages[i]
            current = i == self.page
            if current:
                pygame.draw.rect(surface, theme.mix(theme.PANEL_HI, theme.BRASS_DARK, 0.5), r, border_radius=6)
                pygame.draw.rect(surface, theme.BRASS, r, 1, border_radius=6)
            label = f"{i + 1}. {page.title()}"
            s = theme.fit_size(label, size, r.w - 12, "sans-bold" if current else "sans")
            theme.blit_text(surface, label, s, theme.BRASS_LIGHT if current else theme.TEXT_DIM,
                            (r.x + 8, r.centery), "midleft", "sans-bold" if current else "sans")
        # the page
        left = toc_w + m // 2 if toc_w else m
        panel = Rect(left, head, w - left - m, self.back.rect.y - head - m)
        theme.rounded_panel(surface, panel)
        self._draw_page(surface, panel.inflate(-2 * m, -2 * m), self.pages[self.page])
        # footer
        self.back.draw(surface)
        self.about.draw(surface)
        self.prev.enabled = self.page > 0
        self.next.enabled = self.page < len(self.pages) - 1
        self.prev.draw(surface)
        self.next.draw(surface)
        theme.blit_text(surface, f"{self.page + 1} / {len(self.pages)}", max(11, int(h * 0.024)),
                        theme.TEXT_DIM, ((self.about.rect.right + self.prev.rect.x) // 2,
                                         self.back.rect.centery), "center")

    def _draw_page(self, surface: pygame.Surface, area: Rect, page: Page) -> None:
        title = page.title()
        tsize = theme.fit_size(title, max(16, int(area.h * 0.075)), area.w, "serif-bold")
        trect = theme.blit_text(surface, title, tsize, theme.BRASS_LIGHT, area.topleft, "topleft", "serif-bold")
        body = Rect(area.x, trect.bottom + tsize // 2, area.w, area.bottom - trect.bottom - tsize // 2)
        wide = body.w > body.h * 1.45
        if wide:
            pic = Rect(body.right - int(body.w * 0.44), body.y, int(body.w * 0.44), body.h)
            text_box = Rect(body.x, body.y, body.w - pic.w - 16, body.h)
        else:
            pic = Rect(body.x, body.y, body.w, int(body.h * 0.46))
            text_box = Rect(body.x, pic.bottom + 10, body.w, body.bottom - pic.bottom - 10)
        frame = pic.inflate(-4, -4)
        pygame.draw.rect(surface, theme.NIGHT_2, frame, border_radius=8)
        pygame.draw.rect(surface, theme.PANEL_EDGE, frame, 1, border_radius=8)
        clip = surface.get_clip()
        surface.set_clip(frame)
        page.picture(surface, frame.inflate(-16, -16), self.time)
        surface.set_clip(clip)
        draw_paragraphs(surface, text_box, page.paragraphs(), max(12, int(area.h * 0.045)))
