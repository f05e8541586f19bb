"""A room: its code, who is there, chat, waiting for an opponent; the game starts from here.

The room holds a :class:`~game.ui.online.driver.NetDriver` from the moment
the seat is taken.  When the game has its first state (both players
seated, the layout drawn from both sides' chance values), the room gives
way to the game scene.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from .. import theme
from ..i18n import N_, _
from ..online import form as look
from ..online.driver import NetDriver
from ..online.fields import TextField
from ..online.form import Form
from ..scene import Scene, register
from ..widgets import Button, Toast

START_PAUSE = 1.2   # seconds to read "X has joined" before the board opens
ROLE_COLOURS = {"jack": (236, 160, 156), "investigator": (166, 196, 236), "spectator": theme.TEXT_DIM}


@register("online_room")
class RoomScene(Scene):
    """Waiting room of one game (players and spectators alike)."""

    def __init__(self, app: Any, driver: NetDriver, online: Any = None) -> None:
        super().__init__(app)
        self.driver = driver
        self.online = online
        self.toast = Toast()
        self.t = 0.0
        self.start_wait = 0.0
        self.left_room = False
        self.chat = TextField("", placeholder=N_("Say something…"), max_length=300, on_submit=self.send)
        self.send_button = Button(N_("Send"), lambda: self.send(self.chat.text))
        self.leave_button = Button(N_("Leave"), self.leave, hotkey=pygame.K_ESCAPE)
        self.form = Form([self.chat, self.send_button, self.leave_button], focus=0)
        self._size: tuple[int, int] | None = None

    # -------------------------------------------------------------- actions
    def send(self, text: str) -> None:
        if text.strip():
            self.driver.send_chat(text)
            self.chat.set("")

    def leave(self) -> None:
        self.app.play("click")
        self.left_room = True
        self.driver.leave()
        self.app.stack.pop()

    # --------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        if self.form.handle_event(event):
            return None
        if event.type == pygame.TEXTINPUT:
            self.form.set_focus(self.chat)
            self.chat.insert(event.text)
        return None

    def update(self, dt: float) -> None:
        self.t += dt
        self.toast.update(dt)
        self.form.update(dt)
        d = self.driver
        if self.left_room:
            return
        if d.result is not None and not d.ready:
            # the game ended before it began (the other left, the connection could not come back)
            self.toast.show(_("The game could not start: {reason}").format(reason=d.result.reason[:120]),
                            "error", 5.0)
            self.left_room = True
            d.close()
            return
        if d.ready:
            self.start_wait += dt
            if self.start_wait >= (START_PAUSE if not d.spectator else 0.3) or d.result is not None:
                if self.chat.text.strip():   # a line being typed goes on in the game's chat, not on the board
                    d.panel.show_chat()
                    d.panel.field.set(self.chat.text)
                self.app.stack.replace(d.scene_for())

    # ----------------------------------------------------------------- draw
    def _layout(self, size: tuple[int, int]) -> None:
        if size == self._size:
            return
        self._size = size
        w, h = size
        s = look.scale(size)
        self.left, self.right = look.two_panels(size, 0.24, 0.46)
        bottom = self.left.bottom
        pad = max(10, int(18 * s))
        fh = max(30, int(40 * s))
        bw = max(96, int(120 * s))
        self.chat.rect = pygame.Rect(self.right.x + pad, self.right.bottom - pad - fh,
                                     self.right.w - 2 * pad - bw - int(10 * s), fh)
        self.send_button.rect = pygame.Rect(self.chat.rect.right + int(10 * s), self.chat.rect.y, bw, fh)
        bh = max(34, int(46 * s))
        self.leave_button.rect = pygame.Rect(w // 2 - bw // 2, bottom + int(18 * s), bw, bh)

    def _status(self) -> tuple[str, theme.Color]:
        d = self.driver
        dots = "." * (1 + int(self.t * 2) % 3)
        if d.lost_at is not None:
            return _("Connection lost, reconnecting") + dots, theme.WARN
        if d.ready:
            if d.spectator:
                return _("The game is on."), theme.GOOD
            other = d.players.get(d.opponent or "") or _("Your opponent")
            if d.how == "join":    # the host was here first
                return _("You joined {name}. The game begins!").format(name=other), theme.GOOD
            return _("{name} has joined. The game begins!").format(name=other), theme.GOOD
        if d.started:
            return _("Both seats are taken. Shuffling the deck together") + dots, theme.PARCHMENT
        if d.spectator:
            return _("Waiting for the players") + dots, theme.PARCHMENT
        return _("Waiting for an opponent") + dots, theme.PARCHMENT

    def share_hint(self, hosted: str | None = None) -> list[str]:
        """What to tell the opponent (and, for a private room, whoever should only watch)."""
        d = self.driver
        if not d.room or d.spectator or d.started:
            return []
        if hosted:
            hint = _("Tell your opponent the room code: {code}").format(code=d.room)
        else:   # a friend far away needs the server too
            from ..online.service import format_address

            hint = _("Tell your opponent the server {address} and the room code {code}").format(
                address=format_address(d.game.host, d.game.port), code=d.room)
        watch = d.game.watch if d.joined and d.joined.get("private") else None
        if watch:   # the room code lets anyone join: spectators get their own code
            return [hint, _("Spectators use the watch code {code}.").format(code=watch)]
        return [hint]

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        self._layout(size)
        w, h = size
        s = look.scale(size)
        d = self.driver
        look.backdrop(surface)
        private = bool(d.joined and d.joined.get("private"))
        sub = _("Private room: only players who know the code can join.") if private else _(
            "Public room: it shows in the lobby.")
        if d.room:
            sub = f"{look.game_title(d.game_name, d.edition)} · {sub}"
            clock = d.game.clock_text
            if clock and not clock.startswith("none"):
                sub = f"{sub} · " + _("Clock {clock}").format(clock=clock)
        y = look.heading(surface, _("Room {code}").format(code=d.room or "…"), sub)
        hosted = self.online.hosted_address() if self.online is not None else None
        if hosted and not d.spectator:
            line = _("Others can find this game under LAN games, or connect to {address}.").format(address=hosted)
            theme.blit_text(surface, line, theme.fit_size(line, max(11, int(15 * s)), int(w * 0.9)), theme.BRASS_LIGHT,
                            (w // 2, y + int(6 * s)), "midtop")
        # players
        inner = look.panel(surface, self.left, _("Players"))
        row_h = max(40, int(58 * s))
        yy = inner.y + int(6 * s)
        for side in ("jack", "investigator"):
            name = d.players.get(side)
            box = pygame.Rect(inner.x, yy, inner.w, row_h - int(8 * s))
            pygame.draw.rect(surface, theme.shade(theme.PANEL_HI, 0.9), box, border_radius=8)
            col = theme.side_colour(side)
            pygame.draw.rect(surface, col, (box.x, box.y, max(4, int(6 * s)), box.h), border_radius=3)
            label = _("Jack") if side == "jack" else _("Investigator")
            fs = max(11, int(15 * s))
            theme.blit_text(surface, label, fs, col, (box.x + int(18 * s), box.y + int(6 * s)), "topleft", "sans-bold")
            if name:
                who = name + (" " + _("(you)") if side == d.role else "")
                theme.blit_text(surface, who, theme.fit_size(who, max(12, int(19 * s)), box.w - int(30 * s)),
                                theme.PARCHMENT, (box.x + int(18 * s), box.bottom - int(6 * s)), "bottomleft",
                                "serif-bold")
            else:
                theme.blit_text(surface, _("waiting…"), max(11, int(16 * s)), theme.TEXT_FAINT,
                                (box.x + int(18 * s), box.bottom - int(6 * s)), "bottomleft", "serif")
            yy += row_h
        if d.spectator:
            theme.blit_text(surface, _("You are watching this game."), max(11, int(15 * s)), theme.TEXT_DIM,
                            (inner.x, yy + int(4 * s)), "topleft", "serif")
            yy += int(28 * s)
        status, col = self._status()
        yy += int(16 * s)
        look.wrapped(surface, status, max(12, int(18 * s)), col, (inner.x, yy), inner.w, 3, style="serif-bold")
        # a turning lamp while waiting
        if not d.ready:
            cx, cy = inner.centerx, min(inner.bottom - int(50 * s), yy + int(110 * s))
            rad = max(12, int(26 * s))
            for k in range(12):
                a = k / 12 * math.tau
                lit = (k - int(self.t * 10)) % 12
                c = theme.mix(theme.PANEL_EDGE, theme.GASLIGHT, max(0.0, 1 - lit / 6))
                theme.aa_circle(surface, c, (cx + rad * math.cos(a), cy + rad * math.sin(a)), max(2, int(3.5 * s)))
        for k, hint in enumerate(reversed(self.share_hint(hosted))):   # from the panel's bottom up
            look.wrapped(surface, hint, max(11, int(15 * s)), theme.TEXT_DIM,
                         (inner.x, inner.bottom - int((44 + 46 * k) * s)), inner.w, 2)
        # chat
        cin = look.panel(surface, self.right, _("Chat"))
        fs = max(11, int(15 * s))
        lh = theme.font(fs).get_linesize()
        lines: list[tuple[str, theme.Color]] = []
        for msg in d.chat:
            text = f"{msg['from']}: {msg['text']}"
            for j, part in enumerate(theme.wrap(text, fs, cin.w - 8)):
                lines.append((part if j == 0 else "  " + part, ROLE_COLOURS.get(msg["role"], theme.TEXT)))
        room_for = max(1, (self.chat.rect.y - int(10 * s) - cin.y) // lh)
        if not lines:
            look.wrapped(surface, _("Messages to everyone in the room show here."), fs, theme.TEXT_FAINT,
                         (cin.x, cin.y), cin.w, 3)
        for i, (text, col) in enumerate(lines[-room_for:]):
            theme.blit_text(surface, text, fs, col, (cin.x, cin.y + i * lh), "topleft")
        self.form.draw(surface)
        hint = _("Enter sends · Esc leaves the room")
        theme.blit_text(surface, hint, max(10, int(12 * s)), theme.TEXT_FAINT, (w // 2, h - int(14 * s)), "center")
        self.toast.draw(surface, (w // 2, int(h * 0.955)), max(12, int(16 * s)), int(w * 0.7))
