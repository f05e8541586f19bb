"""What an online game adds to the board's side panel: names, clocks, the chat, a claim.

The game log's box becomes, for an online game: a bar with both players'
names and clocks (the running one lit), a line that says when the
opponent's flag fell (with "Claim the win"), and two tabs, the game log
and the room's chat with its whole history.  F2 (no game hotkey) or a
click on the tab shows the chat; while it is shown every key goes to its
text field, so nothing typed there lands on the board as a hotkey.  Esc
or F2 goes back to the log.
"""

from __future__ import annotations

from typing import Any

import pygame

from .. import theme
from ..i18n import N_, _
from ..widgets import Button
from .fields import TextField

CHAT_KEY = pygame.K_F2
ROLE_COLOURS = {"jack": (236, 160, 156), "investigator": (166, 196, 236), "spectator": theme.TEXT_DIM}


def clock_text(seconds: float | None) -> str:
    """``4:05``, ``1:02:03`` or ``0:09.4`` under ten seconds."""
    if seconds is None:
        return ""
    if seconds < 10 and seconds != int(seconds):
        return f"0:{int(seconds * 10) / 10:04.1f}"   # (down: 9.99 s left is not ten)
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


class OnlinePanel:
    """Drawn by the game scene in place of the plain log box (see the module docstring)."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.chat_open = False
        self.seen = 0                       # chat lines read (the tab counts the others)
        self.scroll = 0
        self.field = TextField("", placeholder=N_("Say something…"), max_length=300, on_submit=self.send)
        self.log_tab = Button(N_("Game log"), self.show_log, kind="quiet")
        self.chat_tab = Button(N_("Chat (F2)"), self.show_chat, kind="quiet")
        self.claim_button = Button(N_("Claim the win"), self.claim, kind="primary")
        self.claim_button.visible = False

    # ------------------------------------------------------------- actions
    def show_chat(self) -> None:
        self.chat_open, self.field.focused, self.scroll = True, True, 0
        self.seen = len(self.driver.chat)

    def show_log(self) -> None:
        self.chat_open = self.field.focused = False

    def send(self, text: str) -> None:
        if text.strip():
            self.driver.send_chat(text)
            self.field.set("")

    def claim(self) -> None:
        reason = self.driver.game.claimable()
        if reason is not None:
            self.driver.claim(reason)

    @property
    def unread(self) -> int:
        return 0 if self.chat_open else max(0, len(self.driver.chat) - self.seen)

    # -------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> bool:
        """``True`` if the panel took the event (the board must not see it)."""
        if event.type == pygame.KEYDOWN and event.key == CHAT_KEY:
            self.show_log() if self.chat_open else self.show_chat()
            return True
        for b in (self.claim_button, self.log_tab, self.chat_tab):
            if b.visible and b.handle_event(event):
                return True
        if not self.chat_open:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.field.handle_event(event)
            return False                      # a click elsewhere still reaches the board
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.show_log()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll = max(0, self.scroll + (3 if event.key == pygame.K_PAGEUP else -3))
            return True
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self.field.focused = True
            self.field.handle_event(event)
            return True                       # every key is the chat's while it is shown
        return False

    def update(self, dt: float) -> None:
        self.field.update(dt)
        if self.chat_open:
            self.seen = len(self.driver.chat)
        self.claim_button.visible = self.driver.game.claimable() == "flag"

    # ---------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface, r: pygame.Rect, scale: float) -> pygame.Rect | None:
        """Draw the bar, the claim line and the tabs in ``r``; return the rect left for the game
        log, or ``None`` when the chat fills it."""
        d = self.driver
        s = scale
        pad = round(10 * s)
        size = max(10, round(13 * s))
        y = r.y + round(6 * s)
        y = self._draw_players(surface, pygame.Rect(r.x + pad, y, r.w - 2 * pad, 0), size, s)
        flag = d.game.flag()
        if flag is not None and d.result is None:
            who = d.players.get(flag) or _("Your opponent")
            text = _("{name}'s time ran out.").format(name=who)
            self.claim_button.rect = pygame.Rect(0, 0, 0, 0)
            if self.claim_button.visible:
                bw, bh = max(110, round(130 * s)), max(22, round(26 * s))
                self.claim_button.rect = pygame.Rect(r.right - pad - bw, y, bw, bh)
                self.claim_button.draw(surface)
            theme.blit_text(surface, text, theme.fit_size(text, size, r.w - 2 * pad - self.claim_button.rect.w - 6),
                            theme.WARN, (r.x + pad, y + round(4 * s)), "topleft", "sans-bold")
            y += max(24, round(30 * s))
        # tabs
        th = max(18, round(22 * s))
        unread = self.unread
        chat_label = _("Chat (F2)") + (f" · {unread}" if unread else "")
        self.chat_tab.label = chat_label
        x = r.x + pad
        for tab, label, on in ((self.log_tab, _("Game log"), not self.chat_open),
                               (self.chat_tab, chat_label, self.chat_open)):
            w = theme.font(size, "sans-bold").size(label)[0] + round(12 * s)
            tab.rect = pygame.Rect(x - round(6 * s), y - round(2 * s), w, th)
            col = theme.BRASS_LIGHT if on else (theme.WARN if tab is self.chat_tab and unread else theme.TEXT_FAINT)
            theme.blit_text(surface, label, size, col, (x, y), "topleft", "sans-bold")
            if on:
                pygame.draw.line(surface, theme.BRASS, (x, y + th - round(3 * s)), (x + w - round(12 * s),
                                                                                    y + th - round(3 * s)), 2)
            x += w + round(10 * s)
        y += th + round(2 * s)
        body = pygame.Rect(r.x, y, r.w, r.bottom - y)
        if not self.chat_open:
            return body
        self._draw_chat(surface, body, size, s)
        return None

    def _draw_players(self, surface: pygame.Surface, r: pygame.Rect, size: int, s: float) -> int:
        d = self.driver
        g = d.game
        half = r.w // 2
        y = r.y
        for i, side in enumerate(("jack", "investigator")):
            x = r.x + i * half
            name = d.players.get(side) or "…"
            if side == d.role:
                name += " " + _("(you)")
            elif side in g.absent:
                name += " " + _("(away)")
            col = theme.side_colour(side)
            left = g.clock_left(side)
            running = g.clock is not None and g.clock.get("run") == side and d.result is None
            clock = clock_text(left)
            cw = 0
            if clock:
                cs = max(11, round(15 * s))
                ccol = theme.BAD if left is not None and left < 30 else (theme.PARCHMENT if running
                                                                         else theme.TEXT_FAINT)
                cr = theme.blit_text(surface, clock, cs, ccol, (x + half - round(8 * s), y), "topright",
                                     "sans-bold")
                cw = cr.w + round(6 * s)
                if running:
                    pygame.draw.line(surface, ccol, (cr.x, cr.bottom), (cr.right, cr.bottom), 2)
            theme.blit_text(surface, name, theme.fit_size(name, size, half - cw - round(12 * s), "sans-bold"), col,
                            (x, y + round(2 * s)), "topleft", "sans-bold")
        y += max(18, round(22 * s))
        if d.spectator:
            theme.blit_text(surface, _("You are watching this game."), max(9, size - 2), theme.TEXT_DIM,
                            (r.x, y), "topleft")
            y += max(14, round(17 * s))
        pygame.draw.line(surface, theme.PANEL_EDGE, (r.x, y + round(2 * s)), (r.right, y + round(2 * s)), 1)
        return y + round(8 * s)

    def _draw_chat(self, surface: pygame.Surface, r: pygame.Rect, size: int, s: float) -> None:
        pad = round(10 * s)
        fh = max(24, round(30 * s))
        self.field.rect = pygame.Rect(r.x + pad, r.bottom - pad - fh, r.w - 2 * pad, fh)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        for msg in self.driver.chat:
            for j, part in enumerate(theme.wrap(f"{msg['from']}: {msg['text']}", size, r.w - 2 * pad - 8)):
                lines.append((part if j == 0 else "  " + part, ROLE_COLOURS.get(msg["role"], theme.TEXT)))
        lh = theme.font(size).get_linesize()
        rows = max(1, (self.field.rect.y - round(6 * s) - r.y) // lh)
        self.scroll = min(self.scroll, max(0, len(lines) - rows))
        end = len(lines) - self.scroll
        if not lines:
            for i, line in enumerate(theme.wrap(_("Messages to everyone in the room show here."), size,
                                                r.w - 2 * pad)[:rows]):
                theme.blit_text(surface, line, size, theme.TEXT_FAINT, (r.x + pad, r.y + i * lh), "topleft")
        for i, (text, col) in enumerate(lines[max(0, end - rows):end]):
            theme.blit_text(surface, text, size, col, (r.x + pad, r.y + i * lh), "topleft")
        self.field.draw(surface)
