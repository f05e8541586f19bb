"""Over the game while a connection is down: ours (reconnecting) or the opponent's.

Ours: "Reconnecting…" (or "The server is restarting…" when it said so),
retried with backoff for as long as the game allows.  The opponent's: the
server's countdown before its game may be claimed; when it ends, "Claim
the win" (or keep waiting).

:class:`~game.ui.online.driver.NetDriver` pushes it; it takes itself away
when the connection is back (the game below then catches up and animates
what it missed) or when the game has ended.  The game below stands still
meanwhile (only the top scene updates), and the network keeps running.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from .. import theme
from ..i18n import N_, _
from ..online import form as look
from ..online.panel import clock_text
from ..scene import Scene, register
from ..widgets import Button, draw_title


@register("online_reconnect")
class ReconnectScene(Scene):
    """``driver.lost_at`` set: our connection; else the other side's (``driver.away``)."""

    transparent = True

    def __init__(self, app: Any, driver: Any) -> None:
        super().__init__(app)
        self.driver = driver
        self.t = 0.0
        # a click only: Enter or Space must not give up a game by accident
        self.leave_button = Button(N_("Leave the game"), self.leave, kind="danger")
        self.claim_button = Button(N_("Claim the win"), self.claim, kind="primary")
        self.claim_button.visible = False
        self.gone = False

    @property
    def ours(self) -> bool:
        return self.driver.lost_at is not None

    def claim(self) -> None:
        self.app.play("click")
        if self.driver.game.claimable() == "away":
            self.driver.claim("away")

    def confirm_quit(self) -> bool:
        return self.driver.ask_leave("quit")

    def leave(self) -> None:
        self.app.play("click")
        if self.driver.ask_leave():
            return
        self.gone = True
        self.driver.leave()
        if self.driver.online is not None:
            self.driver.online.close()
        self.app.stack.clear(self.app.stack.make("title", self.app))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            return event
        self.leave_button.handle_event(event)
        self.claim_button.handle_event(event)
        return None  # the game below waits

    def update(self, dt: float) -> None:
        self.t += dt
        d = self.driver
        self.claim_button.visible = not self.ours and d.game.claimable() == "away"
        back = d.lost_at is None and d.opponent_away_for() is None
        if not self.gone and (back or d.result is not None or d.closed) and self.app.stack.top is self:
            self.gone = True
            self.app.stack.pop()

    def _layout(self, size: tuple[int, int]) -> pygame.Rect:
        w, h = size
        s = look.scale(size)
        box = pygame.Rect(0, 0, min(w - 40, int(620 * s)), int(360 * s))
        box.center = (w // 2, h // 2)
        bw, bh = max(200, int(240 * s)), max(34, int(46 * s))
        self.leave_button.rect = pygame.Rect(w // 2 - bw // 2, box.bottom - bh - int(26 * s), bw, bh)
        if self.claim_button.visible:
            gap = int(16 * s)
            self.claim_button.rect = pygame.Rect(w // 2 - bw - gap // 2, self.leave_button.rect.y, bw, bh)
            self.leave_button.rect.x = w // 2 + gap // 2
        return box

    def draw(self, surface: pygame.Surface) -> None:
        box = self._layout(surface.get_size())
        w, h, s = look.dialog(surface, box)
        d = self.driver
        countdown = None
        if self.ours:
            restarting = d.game.restarting
            title = _("The server is restarting") if restarting else _("Connection lost")
            left = d.reconnect_left()
            line = _("Reconnecting… {time} left").format(time=clock_text(math.ceil(left)))
            sub = (_("It keeps every game: this one goes on where it stopped.") if restarting
                   else _("Your seat is kept: the game goes on where it stopped."))
            frac = left / max(1.0, d.game.reconnect_for)
            col = theme.WARN
        else:
            name = d.players.get(d.opponent or "") or _("Your opponent")
            title = _("{name} lost the connection").format(name=name)
            countdown = d.game.away_left(d.opponent or "")
            away = d.opponent_away_for() or 0.0
            if countdown is None:
                line = _("Waiting for them to come back… {time}").format(time=f"{int(away) // 60}:{int(away) % 60:02d}")
                sub = _("The game goes on when they return.")
            elif countdown > 0:
                line = _("{time} left for them to come back").format(time=clock_text(math.ceil(countdown)))
                sub = _("When the time is up you may claim the win, or keep waiting.")
            else:
                line = _("They did not come back in time.")
                sub = _("Claim the win, or keep waiting: the game goes on if they return.")
            frac = None
            col = theme.PARCHMENT
        draw_title(surface, title, theme.fit_size(title, max(22, int(40 * s)), box.w - 40, "serif-bold"),
                   (w // 2, box.y + int(46 * s)))
        # a countdown ring (ours) or a turning lamp (theirs)
        cx, cy = w // 2, box.y + int(140 * s)
        rad = max(18, int(36 * s))
        theme.aa_circle(surface, theme.PANEL_EDGE, (cx, cy), rad, max(2, int(4 * s)))
        if frac is not None:
            rect = pygame.Rect(0, 0, 2 * rad, 2 * rad)
            rect.center = (cx, cy)
            if frac > 0:
                pygame.draw.arc(surface, col, rect, math.pi / 2, math.pi / 2 + math.tau * frac, max(3, int(5 * s)))
            ring = clock_text(math.ceil(d.reconnect_left()))
            theme.blit_text(surface, ring, theme.fit_size(ring, max(14, int(22 * s)), int(2 * rad * 0.85), "sans-bold"),
                            theme.PARCHMENT, (cx, cy), "center", "sans-bold")
        else:
            a = self.t * 4
            tip = (cx + rad * 0.8 * math.cos(a), cy + rad * 0.8 * math.sin(a))
            pygame.draw.line(surface, theme.BRASS, (cx, cy), tip, max(2, int(3 * s)))
        theme.blit_text(surface, line, theme.fit_size(line, max(13, int(19 * s)), box.w - 40), col,
                        (w // 2, cy + rad + int(16 * s)), "midtop", "sans-bold")
        look.wrapped(surface, sub, max(11, int(15 * s)), theme.TEXT_DIM, (w // 2, cy + rad + int(48 * s)),
                     box.w - 60, 2, anchor="midtop", style="serif")
        self.leave_button.draw(surface)
        self.claim_button.draw(surface)
