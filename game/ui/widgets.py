"""Buttons, option selectors, menus and panels, drawn in the theme.

Labels are message ids passed through ``_`` when drawn, so a language
change shows at once.  A widget's ``rect`` is set by its scene's layout
every frame the window size changes; widgets never pick their own place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from . import theme
from .i18n import _

Label = str | Callable[[], str]


def label_text(label: Label) -> str:
    """The translated text of a label (a message id, or a function giving text)."""
    return label() if callable(label) else _(label)


class Button:
    """A clickable, keyboard-focusable button.

    ``kind`` is ``"normal"``, ``"primary"`` (brass) or ``"quiet"`` (text only).
    A disabled button draws dimmed and ignores clicks.
    """

    def __init__(self, label: Label, on_click: Callable[[], Any], *, kind: str = "normal",
                 enabled: bool = True, hotkey: int | None = None, tooltip: Label | None = None) -> None:
        self.label = label
        self.on_click = on_click
        self.kind = kind
        self.enabled = enabled
        self.hotkey = hotkey
        self.tooltip = tooltip
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Click it on a left mouse press inside, or on its hotkey; ``True`` if consumed."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.on_click()
            return True
        if event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey:
            if self.enabled:
                self.on_click()
                return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        r = self.rect
        if self.kind != "quiet":
            theme.note_box(surface, r)
        hover = self.enabled and r.collidepoint(pygame.mouse.get_pos()) and pygame.mouse.get_focused()
        lit = hover or focused
        size = max(11, int(r.h * 0.42))
        txt = label_text(self.label)
        two = theme.font(theme.READABLE, "sans-bold").get_linesize() * 2 <= r.h - 2
        size, lines = theme.fit_lines(txt, size, r.w - 10, "sans-bold", max_lines=2 if two else 1)
        f = theme.font
        while size > theme.SMALLEST and (any(f(size, "sans-bold").size(li)[0] > r.w - 8 for li in lines)
                                         or f(size, "sans-bold").get_linesize() * len(lines) > r.h - 4):
            size -= 1  # a long word, or two lines in a low button
        if self.kind == "quiet":
            col = theme.BRASS_LIGHT if lit else theme.TEXT_DIM
            if not self.enabled:
                col = theme.TEXT_FAINT
            theme.blit_lines(surface, lines, size, col, r.center, "sans-bold")
            if lit:
                w = theme.font(size, "sans-bold").size(txt)[0]
                pygame.draw.line(surface, col, (r.centerx - w // 2, r.bottom - 3), (r.centerx + w // 2,
                                                                                   r.bottom - 3), 1)
            return
        if self.kind == "primary":
            fill = theme.mix(theme.BRASS_DARK, theme.BRASS, 0.55 if lit else 0.25)
            edge = theme.BRASS_LIGHT if lit else theme.BRASS
            fg = theme.INK if lit else theme.PARCHMENT
        elif self.kind == "danger":
            fill = theme.mix(theme.JACK_RED_DARK, theme.JACK_RED, 0.6 if lit else 0.3)
            edge = theme.mix(theme.JACK_RED, (255, 200, 200), 0.3)
            fg = theme.PARCHMENT
        else:
            fill = theme.PANEL_HI if not lit else theme.mix(theme.PANEL_HI, theme.BRASS_DARK, 0.45)
            edge = theme.BRASS if lit else theme.PANEL_EDGE
            fg = theme.TEXT
        if not self.enabled:
            fill, edge, fg = theme.shade(theme.PANEL, 0.9), theme.shade(theme.PANEL_EDGE, 0.6), theme.TEXT_FAINT
        rad = max(4, r.h // 4)
        shadow = r.move(0, max(2, r.h // 14))
        pygame.draw.rect(surface, (6, 6, 8), shadow, border_radius=rad)
        pygame.draw.rect(surface, fill, r, border_radius=rad)
        hi = pygame.Rect(r.x + 2, r.y + 2, r.w - 4, max(1, r.h // 2 - 2))
        pygame.draw.rect(surface, theme.shade(fill, 1.08), hi, border_top_left_radius=rad - 1,
                         border_top_right_radius=rad - 1)
        pygame.draw.rect(surface, edge, r, 2, border_radius=rad)
        if focused:
            pygame.draw.rect(surface, theme.SELECT, r.inflate(6, 6), 2, border_radius=rad + 3)
        theme.blit_lines(surface, lines, size, fg, r.center, "sans-bold")


class Choice:
    """One row of a form: a caption and a segmented choice among ``options``.

    ``options`` are ``(value, label)`` pairs.  Left/Right keys change the
    value when the row has focus; a click on a segment picks it.
    """

    def __init__(self, caption: Label, options: Sequence[tuple[Any, Label]], value: Any,
                 on_change: Callable[[Any], Any] | None = None) -> None:
        self.caption = caption
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.visible = True

    @property
    def index(self) -> int:
        for i, (v, _label) in enumerate(self.options):
            if v == self.value:
                return i
        return 0

    def set(self, value: Any) -> None:
        if value != self.value:
            self.value = value
            if self.on_change:
                self.on_change(value)

    def step(self, d: int) -> None:
        if self.enabled and self.options:
            self.set(self.options[(self.index + d) % len(self.options)][0])

    def segment_rects(self) -> list[pygame.Rect]:
        """The segments share the row by their labels' widths, so a long word ("Aucune", "Enquêteur")
        is not cut while a short one ("Jack") keeps more than it needs."""
        r = self.rect
        cap_w = int(r.w * 0.3)
        x0 = r.x + cap_w
        n = max(1, len(self.options))
        avail = r.right - x0
        if not self.options or avail <= 0:
            return [pygame.Rect(x0 + 3, r.y + 4, max(0, avail // n - 6), r.h - 8) for _ in range(n)]
        f = theme.font(theme.READABLE, "sans-bold")
        two = f.get_linesize() * 2 <= r.h - 12     # as draw() decides: a label may take two lines
        natural = [max((f.size(part)[0] for part in (label_text(label).split() if two else [label_text(label)])),
                       default=0) + 16 for _value, label in self.options]
        spare = avail - sum(natural)
        widths = ([w + spare / n for w in natural] if spare >= 0
                  else [avail * w / sum(natural) for w in natural])
        rects, x = [], float(x0)
        for w in widths:
            rects.append(pygame.Rect(round(x) + 3, r.y + 4, round(x + w) - round(x) - 6, r.h - 8))
            x += w
        return rects

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for (value, _label), seg in zip(self.options, self.segment_rects(), strict=True):
                if seg.collidepoint(event.pos):
                    self.set(value)
                    return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if not self.visible:
            return
        r = self.rect
        size = max(11, int(r.h * 0.36))
        cap_col = theme.BRASS_LIGHT if focused else (theme.TEXT if self.enabled else theme.TEXT_FAINT)
        cap = label_text(self.caption)
        theme.blit_text(surface, cap, theme.fit_size(cap, size, int(r.w * 0.28), "serif-bold"), cap_col,
                        (r.x + 6, r.centery), "midleft", "serif-bold")
        mouse = pygame.mouse.get_pos()
        # one size for every segment (the largest all labels fit at; two lines rather than unreadable)
        segs = self.segment_rects()
        labels = [label_text(label) for _value, label in self.options]
        two = bool(segs) and theme.font(theme.READABLE, "sans-bold").get_linesize() * 2 <= segs[0].h - 4
        sizes = [theme.fit_lines(t, int(sg.h * 0.42), sg.w - 10, "sans-bold", 2 if two else 1)[0]
                 for t, sg in zip(labels, segs, strict=True)]
        common = min(sizes, default=theme.READABLE)
        for i, ((_value, _label), seg) in enumerate(zip(self.options, segs, strict=True)):
            chosen = i == self.index
            hover = self.enabled and seg.collidepoint(mouse) and pygame.mouse.get_focused()
            if chosen:
                fill = theme.mix(theme.BRASS_DARK, theme.BRASS, 0.5)
                edge = theme.BRASS_LIGHT
                fg = theme.INK
            else:
                fill = theme.mix(theme.PANEL_HI, theme.BRASS_DARK, 0.3 if hover else 0.0)
                edge = theme.PANEL_EDGE
                fg = theme.TEXT if self.enabled else theme.TEXT_FAINT
            if not self.enabled:
                fill = theme.shade(fill, 0.7)
                fg = theme.mix(fg, theme.PANEL, 0.4)
            rad = max(4, seg.h // 4)
            theme.note_box(surface, seg)
            pygame.draw.rect(surface, fill, seg, border_radius=rad)
            pygame.draw.rect(surface, edge, seg, 2, border_radius=rad)
            txt = labels[i]
            lines = [txt] if theme.font(common, "sans-bold").size(txt)[0] <= seg.w - 10 else \
                theme.wrap(txt, common, seg.w - 10, "sans-bold")
            theme.blit_lines(surface, lines, common, fg, seg.center, "sans-bold")
        if focused:
            pygame.draw.rect(surface, theme.SELECT, r.inflate(4, 4), 2, border_radius=8)


class Menu:
    """A column of buttons with keyboard focus (Up/Down/Tab, Enter)."""

    def __init__(self, buttons: Sequence[Button]) -> None:
        self.buttons = list(buttons)
        self.focus = self._first_enabled(0, 1)

    def _first_enabled(self, start: int, d: int) -> int:
        n = len(self.buttons)
        for k in range(n):
            i = (start + d * k) % n
            if self.buttons[i].enabled and self.buttons[i].visible:
                return i
        return 0

    def layout(self, center_x: int, top: int, width: int, height: int, gap: int) -> int:
        """Place the visible buttons in a column; returns the bottom y."""
        y = top
        for b in self.buttons:
            if not b.visible:
                continue
            b.rect = pygame.Rect(center_x - width // 2, y, width, height)
            y += height + gap
        return y - gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        for i, b in enumerate(self.buttons):
            if b.handle_event(event):
                self.focus = i
                return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_TAB) and not (event.mod & pygame.KMOD_SHIFT):
                self.focus = self._first_enabled(self.focus + 1, 1)
                return True
            if event.key == pygame.K_UP or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.focus = self._first_enabled(self.focus - 1, -1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                b = self.buttons[self.focus]
                if b.enabled and b.visible:
                    b.on_click()
                return True
        if event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(self.buttons):
                if b.enabled and b.hit(event.pos):
                    self.focus = i
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for i, b in enumerate(self.buttons):
            b.draw(surface, focused=(i == self.focus))


def dim_behind(surface: pygame.Surface, alpha: int = 190) -> None:
    """Darken everything drawn so far: an overlay's backdrop over the scene below."""
    dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    dim.fill((6, 6, 10, alpha))
    surface.blit(dim, (0, 0))
    theme.note_backdrop(surface)


def draw_title(surface: pygame.Surface, s: str, size: int, center: tuple[int, int],
               color: theme.Color = theme.BRASS_LIGHT) -> pygame.Rect:
    """A heading in the serif face with a warm glow behind it."""
    img = theme.text(s, size, color, "serif-bold", shadow=True)
    rect = img.get_rect(center=center)
    g = theme.glow(max(8, int(rect.w * 0.42)), (70, 48, 18))
    gr = g.get_rect(center=center)
    surface.blit(pygame.transform.scale(g, (gr.w, max(4, int(rect.h * 2.2)))),
                 (gr.x, center[1] - int(rect.h * 1.1)), special_flags=pygame.BLEND_RGB_ADD)
    surface.blit(img, rect)
    return rect


def ornament(surface: pygame.Surface, center: tuple[int, int], width: int,
             color: theme.Color = theme.BRASS) -> None:
    """A thin brass rule with a diamond in the middle (under titles)."""
    cx, cy = center
    half = width // 2
    pygame.draw.aaline(surface, color, (cx - half, cy), (cx - 10, cy))
    pygame.draw.aaline(surface, color, (cx + 10, cy), (cx + half, cy))
    pts = [(cx, cy - 5), (cx + 6, cy), (cx, cy + 5), (cx - 6, cy)]
    pygame.draw.polygon(surface, color, pts)
    pygame.draw.aalines(surface, theme.BRASS_LIGHT, True, pts)


class Toast:
    """A short message that fades out (why a click was refused, hints)."""

    def __init__(self) -> None:
        self.message = ""
        self.t = 0.0
        self.duration = 2.6
        self.kind = "info"

    def show(self, message: str, kind: str = "info", duration: float = 2.6) -> None:
        self.message, self.kind, self.duration, self.t = message, kind, duration, 0.0

    def update(self, dt: float) -> None:
        if self.message:
            self.t += dt
            if self.t >= self.duration:
                self.message = ""

    @property
    def alpha(self) -> int:
        if not self.message:
            return 0
        left = self.duration - self.t
        return int(255 * max(0.0, min(1.0, left / 0.5, self.t / 0.12)))

    def draw(self, surface: pygame.Surface, center: tuple[int, int], size: int, max_width: int) -> None:
        if not self.message or self.alpha <= 0:
            return
        col = {"error": theme.BAD, "info": theme.PARCHMENT, "good": theme.GOOD}.get(self.kind, theme.TEXT)
        lines = theme.wrap(self.message, size, max_width - 40)
        lh = theme.font(size).get_linesize()
        w = max(theme.font(size).size(li)[0] for li in lines) + 36
        h = lh * len(lines) + 20
        box = pygame.Rect(0, 0, w, h)
        box.center = center
        s = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (12, 12, 16, 225), s.get_rect(), border_radius=10)
        pygame.draw.rect(s, (*col, 255), s.get_rect(), 2, border_radius=10)
        for i, li in enumerate(lines):
            theme.blit_text(s, li, size, col, (w // 2, 10 + i * lh), "midtop")
        s.set_alpha(self.alpha)
        surface.blit(s, box)


def draw_note(surface: pygame.Surface, note: str, area: pygame.Rect, size: int) -> None:
    """A caption in a dark box at the top of ``area`` (wrapped, never narrower than 11 px)."""
    width = area.w - 24
    fs = theme.fit_size(note, size, width, "sans-bold", min_size=11)
    lines = theme.wrap(note, fs, width, "sans-bold")
    f = theme.font(fs, "sans-bold")
    lh = f.get_linesize()
    box = pygame.Rect(0, 0, max(f.size(li)[0] for li in lines) + 20, lh * len(lines) + 8)
    box.midtop = (area.centerx, area.y + 6)
    theme.rounded_panel(surface, box, fill=(16, 16, 20), edge=theme.SIGHT, radius=8, width=1, alpha=225)
    for i, li in enumerate(lines):
        theme.blit_text(surface, li, fs, theme.SIGHT, (box.centerx, box.y + 4 + i * lh), "midtop", "sans-bold")


def draw_fitted_lines(surface: pygame.Surface, lines: list[tuple[str, int, theme.Color, str]], x: float, y: float,
                      width: int, limit: float, gap: int = 2) -> float:
    """``(text, size, colour, style)`` lines from ``(x, y)`` down, each shrunk to ``width`` but no smaller than
    readable (then wrapped in two); stops before ``limit``.  Returns the y under the last line drawn."""
    for line, size, col, style in lines:
        size, parts = theme.fit_lines(line, size, width, style, min_size=min(size, theme.READABLE))
        lh = theme.font(size, style).get_linesize()
        if y + lh * len(parts) > limit:
            break
        for part in parts:
            theme.blit_text(surface, part, size, col, (x, y), "topleft", style)
            y += lh
        y += gap
    return y


def click_sound(app: Any) -> None:
    """The menus' click, if the app has sound (a missing sound never stops a menu)."""
    sound = getattr(app, "sound", None)
    if sound is not None:
        try:
            sound.play("click")
        except Exception:  # noqa: BLE001 - a missing sound must never stop a menu
            pass
