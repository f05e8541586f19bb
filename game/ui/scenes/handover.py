"""Hot-seat hand-over: an opaque screen between the two players' turns.

Nothing of the game shows behind it, so the player who is passing the
device cannot see the next one's secrets, and the next one sees nothing
until pressing Show.

Show goes straight to the position: the other side's moves were played on
this same screen, so they are told in the log, not played again.  A player
who looked away can ask for them with "Show and replay" (R).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from ...engine.core import Side
from .. import theme
from ..i18n import N_, _
from ..scene import Scene, register
from ..widgets import Button, draw_title, ornament


@register("handover")
class HandoverScene(Scene):
    """"Pass the device to Jack — press Show when ready."

    Show calls ``on_show(side, False)``; "Show and replay" (offered when
    ``moves`` of the other side wait) calls ``on_show(side, True)``.
    """

    def __init__(self, app: Any, side: Side, on_show: Callable[[Side, bool], None], moves: int = 0) -> None:
        super().__init__(app)
        self.side = side
        self.on_show = on_show
        self.moves = moves
        self.t = 0.0
        self.show_button = Button(N_("Show"), self.show, kind="primary")
        self.replay_button = Button(lambda: _("Show and replay the moves ({n})").format(n=self.moves),
                                    self.show_replay)
        self.replay_button.visible = moves > 0
        self.menu_button = Button(N_("Menu"), self.menu, kind="quiet")
        self.done = False

    def show(self, replay: bool = False) -> None:
        if self.done:
            return
        self.done = True
        self.app.play("click")
        self.app.stack.pop()
        self.on_show(self.side, replay)

    def show_replay(self) -> None:
        self.show(replay=True)

    def menu(self) -> None:
        self.app.play("click")
        self.app.stack.push(self.app.stack.make("pause", self.app, None))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.show()
            elif event.key == pygame.K_r and self.moves > 0:
                self.show_replay()
            elif event.key == pygame.K_ESCAPE:
                self.menu()
            return None
        if (self.show_button.handle_event(event) or self.replay_button.handle_event(event)
                or self.menu_button.handle_event(event)):
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return None
        return event

    def update(self, dt: float) -> None:
        self.t += dt

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        bw, bh = max(180, int(w * 0.17)), max(42, int(h * 0.07))
        self.show_button.rect = pygame.Rect(w // 2 - bw // 2, int(h * 0.62), bw, bh)
        y = self.show_button.rect.bottom + 12
        if self.replay_button.visible:
            rw = max(bw, int(w * 0.3))
            self.replay_button.rect = pygame.Rect(w // 2 - rw // 2, y, rw, int(bh * 0.8))
            y = self.replay_button.rect.bottom + 12
        self.menu_button.rect = pygame.Rect(w // 2 - bw // 2, y, bw, int(bh * 0.8))

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        self._layout(size)
        w, h = size
        s = min(w / 1280, h / 800)
        surface.blit(theme.night_backdrop(size), (0, 0))
        col = theme.side_colour(self.side.value)
        # a lamp that breathes in the side's colour
        k = 0.75 + 0.25 * math.sin(self.t * 2.2)
        g = theme.glow(int(min(w, h) * 0.45), theme.mix((0, 0, 0), theme.shade(col, 0.45), k))
        surface.blit(g, g.get_rect(center=(w // 2, int(h * 0.38))), special_flags=pygame.BLEND_RGB_ADD)
        title = _("Pass the device to Jack") if self.side is Side.JACK else _("Pass the device to the investigator")
        size_t = theme.fit_size(title, max(24, int(54 * s)), int(w * 0.9), "serif-bold")
        draw_title(surface, title, size_t, (w // 2, int(h * 0.3)), col)
        ornament(surface, (w // 2, int(h * 0.38)), int(min(w * 0.4, 420 * s)))
        if self.side is Side.JACK:
            line = _("Investigator, look away: Jack's identity and cards will show.")
        else:
            line = _("Jack, look away. Investigator, it is your move.")
        theme.blit_text(surface, line, max(13, int(20 * s)), theme.PARCHMENT, (w // 2, int(h * 0.45)), "center",
                        "serif")
        theme.blit_text(surface, _("Press Show when ready."), max(12, int(17 * s)), theme.TEXT_DIM,
                        (w // 2, int(h * 0.52)), "center")
        self.show_button.draw(surface, focused=True)
        self.replay_button.draw(surface)
        self.menu_button.draw(surface)
