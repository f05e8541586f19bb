"""A one-line text field: server addresses, names, room codes, chat.

Characters arrive as ``TEXTINPUT`` events (what SDL sends for typed text,
in any keyboard layout); ``KEYDOWN`` gives the editing keys: Backspace,
Delete, Home/End, Left/Right, Enter (``on_submit``), Ctrl+V (paste) and
Ctrl+U (clear).  A click inside gives the field focus.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pygame

from .. import theme
from ..widgets import Label, label_text


class TextField:
    """``text`` edited in place; ``allowed(ch)`` filters typed characters, ``upper`` capitalises."""

    def __init__(self, text: str = "", *, placeholder: Label = "", max_length: int = 64,
                 on_submit: Callable[[str], Any] | None = None, allowed: Callable[[str], bool] | None = None,
                 upper: bool = False) -> None:
        self.placeholder = placeholder
        self.max_length = max_length
        self.on_submit = on_submit
        self.allowed = allowed
        self.upper = upper
        self.text = ""
        self.set(text)
        self.caret = len(self.text)
        self.focused = False
        self.enabled = True
        self.visible = True
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.t = 0.0

    # -------------------------------------------------------------- editing
    def set(self, text: str) -> None:
        self.text = self._clean(text)[: self.max_length]
        self.caret = len(self.text)

    def _clean(self, text: str) -> str:
        out = []
        for ch in text:
            if ch in "\r\n\t" or not ch.isprintable():
                continue
            if self.upper:
                ch = ch.upper()
            if self.allowed is not None and not self.allowed(ch):
                continue
            out.append(ch)
        return "".join(out)

    def insert(self, text: str) -> None:
        add = self._clean(text)[: max(0, self.max_length - len(self.text))]
        if add:
            self.text = self.text[: self.caret] + add + self.text[self.caret:]
            self.caret += len(add)
        self.t = 0.0

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Edit on keys while focused, take focus on a click; ``True`` if consumed."""
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            self.focused = inside
            if inside:
                self.caret = len(self.text)
                self.t = 0.0
            return inside
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        k, mod = event.key, getattr(event, "mod", 0)
        ctrl = mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        self.t = 0.0
        if k == pygame.K_BACKSPACE:
            if self.caret > 0:
                self.text = self.text[: self.caret - 1] + self.text[self.caret:]
                self.caret -= 1
        elif k == pygame.K_DELETE:
            self.text = self.text[: self.caret] + self.text[self.caret + 1:]
        elif k == pygame.K_LEFT:
            self.caret = max(0, self.caret - 1)
        elif k == pygame.K_RIGHT:
            self.caret = min(len(self.text), self.caret + 1)
        elif k == pygame.K_HOME:
            self.caret = 0
        elif k == pygame.K_END:
            self.caret = len(self.text)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit is not None:
                self.on_submit(self.text)
        elif ctrl and k == pygame.K_u:
            self.set("")
        elif ctrl and k == pygame.K_v:
            self.insert(_clipboard())
        elif k in (pygame.K_ESCAPE, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            return False  # the scene's keys: leave, move the focus
        return True

    def update(self, dt: float) -> None:
        self.t += dt

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        r = self.rect
        rad = max(4, r.h // 5)
        fill = theme.shade(theme.PANEL, 0.7) if self.enabled else theme.shade(theme.PANEL, 0.9)
        pygame.draw.rect(surface, fill, r, border_radius=rad)
        edge = theme.SELECT if self.focused else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, r, 2, border_radius=rad)
        size = max(11, int(r.h * 0.44))
        pad = max(6, r.h // 4)
        clip = surface.get_clip()
        inner = r.inflate(-2 * pad, -4)
        surface.set_clip(inner.clip(clip) if clip else inner)
        if self.text:
            f = theme.font(size)
            before = f.size(self.text[: self.caret])[0]
            shift = max(0, before - inner.w + 4)  # keep the caret in view
            theme.blit_text(surface, self.text, size, theme.TEXT if self.enabled else theme.TEXT_FAINT,
                            (inner.x - shift, r.centery), "midleft")
            caret_x = inner.x - shift + before
        else:
            hint = label_text(self.placeholder) if self.placeholder else ""
            if hint:  # (a little right of the caret)
                gap = 6 if self.focused else 0
                theme.blit_text(surface, hint, theme.fit_size(hint, size, inner.w - gap), theme.TEXT_FAINT,
                                (inner.x + gap, r.centery), "midleft")
            caret_x = inner.x
        if self.focused and int(self.t * 2) % 2 == 0:
            pygame.draw.line(surface, theme.BRASS_LIGHT, (caret_x + 1, r.y + pad - 1),
                             (caret_x + 1, r.bottom - pad + 1), 2)
        surface.set_clip(clip)


def _clipboard() -> str:
    """The clipboard's text, or ``""`` where there is none (headless, no scrap module)."""
    with contextlib.suppress(Exception):
        text = pygame.scrap.get_text() if hasattr(pygame.scrap, "get_text") else ""
        if isinstance(text, bytes):
            text = text.decode("utf-8", "replace")
        return (text or "").replace("\x00", "")
    return ""
