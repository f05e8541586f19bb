""""Leave the game?": asked before a player leaves (or closes the window during) an online game.

Leaving a game being played resigns it: the opponent wins, and the server
records the claim.  "Stay" (or Esc) goes back to the board.
"""

from __future__ import annotations

from typing import Any

import pygame

from .. import theme
from ..i18n import N_, _
from ..online import form as look
from ..scene import Scene, register
from ..widgets import Button, draw_title


@register("online_confirm")
class LeaveScene(Scene):
    """Over the game; ``then`` is ``title`` (back to the title) or ``quit`` (close the window)."""

    transparent = True

    def __init__(self, app: Any, driver: Any, then: str = "title") -> None:
        super().__init__(app)
        self.driver = driver
        self.then = then
        label = N_("Resign and quit") if then == "quit" else N_("Resign and leave")
        self.leave_button = Button(label, self.leave, kind="danger")   # a click only: never by accident
        self.stay_button = Button(N_("Stay"), self.stay, kind="primary", hotkey=pygame.K_ESCAPE)

    def confirm_quit(self) -> bool:
        """Closing the window again while asked: that is the answer."""
        self.then = "quit"
        self.leave()
        return True

    def stay(self) -> None:
        self.app.play("click")
        if self.app.stack.top is self:
            self.app.stack.pop()

    def leave(self) -> None:
        self.app.play("click")
        self.driver.leave()
        if self.driver.online is not None:
            self.driver.online.close()
        if self.then == "quit":
            self.app.quit()
        else:
            self.app.stack.clear(self.app.stack.make("title", self.app))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        for b in (self.stay_button, self.leave_button):
            if b.handle_event(event):
                break
        return None

    def _layout(self, size: tuple[int, int]) -> pygame.Rect:
        w, h = size
        s = look.scale(size)
        box = pygame.Rect(0, 0, min(w - 40, int(600 * s)), int(300 * s))
        box.center = (w // 2, h // 2)
        bw, bh, gap = max(180, int(220 * s)), max(34, int(46 * s)), int(16 * s)
        y = box.bottom - bh - int(28 * s)
        self.stay_button.rect = pygame.Rect(w // 2 - bw - gap // 2, y, bw, bh)
        self.leave_button.rect = pygame.Rect(w // 2 + gap // 2, y, bw, bh)
        return box

    def draw(self, surface: pygame.Surface) -> None:
        box = self._layout(surface.get_size())
        w, h, s = look.dialog(surface, box)
        title = _("Leave the game?")
        draw_title(surface, title, theme.fit_size(title, max(22, int(40 * s)), box.w - 40, "serif-bold"),
                   (w // 2, box.y + int(46 * s)))
        d = self.driver
        name = d.players.get(d.opponent or "") or _("Your opponent")
        line = _("Leaving counts as resigning: {name} wins the game.").format(name=name)
        look.wrapped(surface, line, max(12, int(17 * s)), theme.PARCHMENT, (w // 2, box.y + int(100 * s)),
                     box.w - 60, 3, anchor="midtop", style="serif")
        self.stay_button.draw(surface)
        self.leave_button.draw(surface)
