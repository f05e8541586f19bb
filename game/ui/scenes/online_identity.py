"""The first ranked step: the player's name, and the key that is the player's account (no password).

Shown once, the first time the player opens Quick match or the profile on
a computer without an identity.  The name comes prefilled from the
settings; Create makes the identity (:meth:`Online.make_identity`) and
goes on to the screen that asked for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from .. import theme
from ..i18n import N_, _
from ..online import form as look
from ..online.fields import TextField
from ..online.form import Form
from ..online.ranked import keep_name
from ..online.service import NAME_MAX
from ..scene import Scene, register
from ..widgets import Button, Toast, dim_behind, draw_title


@register("online_identity")
class IdentityScene(Scene):
    """A dialog over the lobby: the name field, Create, Cancel; ``then()`` runs once the identity exists."""

    transparent = True

    def __init__(self, app: Any, online: Any, then: Callable[[], Any] | None = None) -> None:
        super().__init__(app)
        self.online = online
        self.then = then
        self.toast = Toast()
        self.name = TextField(online.name, placeholder=N_("Your name"), max_length=NAME_MAX,
                              on_submit=lambda _t: self.create())
        self.name.focused = True
        self.create_button = Button(N_("Create my player"), self.create, kind="primary")
        self.cancel_button = Button(N_("Cancel"), self.cancel, hotkey=pygame.K_ESCAPE)
        self.form = Form([self.name, self.create_button, self.cancel_button], focus=0)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def create(self) -> None:
        self.app.play("click")
        if keep_name(self.online, self.toast, self.name.text, self.online.make_identity) is None:
            return
        if self.app.stack.top is self:
            self.app.stack.pop()
        if self.then is not None:
            self.then()

    def cancel(self) -> None:
        self.app.play("click")
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        if not self.form.handle_event(event) and event.type == pygame.TEXTINPUT:
            self.form.set_focus(self.name)
            self.name.insert(event.text)
        return None   # modal

    def update(self, dt: float) -> None:
        self.toast.update(dt)
        self.form.update(dt)

    def _lines(self, width: int, size: int) -> list[str]:
        text = _("Ranked play knows you by a key this computer makes for you: no password. Choose the name "
                 "others will see. Your profile can export the key, to play from another computer.")
        return theme.wrap(text, size, width, "serif")

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = look.scale(size)
        pw = min(w - 40, int(720 * s))
        fs = max(13, int(18 * s))
        lines = self._lines(pw - int(60 * s), fs)
        fh, bh = max(30, int(42 * s)), max(34, int(46 * s))
        ph = int(96 * s) + len(lines) * theme.font(fs, "serif").get_linesize() + fh + bh + int(90 * s)
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        y = self.panel.y + int(96 * s) + len(lines) * theme.font(fs, "serif").get_linesize() + int(14 * s)
        self.name.rect = pygame.Rect(self.panel.x + int(30 * s), y, pw - int(60 * s), fh)
        bw = min(max(150, int(240 * s)), (pw - int(80 * s)) // 2)
        by = self.name.rect.bottom + int(22 * s)
        self.create_button.rect = pygame.Rect(self.panel.centerx - bw - int(8 * s), by, bw, bh)
        self.cancel_button.rect = pygame.Rect(self.panel.centerx + int(8 * s), by, bw, bh)

    def draw(self, surface: pygame.Surface) -> None:
        dim_behind(surface, 200)
        w, h = surface.get_size()
        self._layout((w, h))
        s = look.scale((w, h))
        theme.rounded_panel(surface, self.panel, radius=int(16 * s), alpha=248)
        title = _("Your player")
        draw_title(surface, title, theme.fit_size(title, max(22, int(36 * s)), self.panel.w - int(40 * s),
                                                  "serif-bold"), (w // 2, self.panel.y + int(44 * s)))
        fs = max(13, int(18 * s))
        y = self.panel.y + int(86 * s)
        for line in self._lines(self.panel.w - int(60 * s), fs):
            theme.blit_text(surface, line, fs, theme.TEXT, (w // 2, y), "midtop", "serif")
            y += theme.font(fs, "serif").get_linesize()
        self.form.draw(surface)
        self.toast.draw(surface, (w // 2, int(h * 0.95)), max(12, int(16 * s)), int(w * 0.7))
