"""The title screen: continue the autosaved game, start a new one, saves, rules, settings."""

from __future__ import annotations

import math
from typing import Any

import pygame

from .. import theme
from ..i18n import N_, _
from ..scene import Scene, register
from ..widgets import Button, Menu, Toast, draw_title, ornament


@register("title")
class TitleScene(Scene):
    """The first scene; the bottom of the stack while the game runs."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.toast = Toast()
        self.t = 0.0
        self.autosave = None
        self.continue_button = Button(N_("Continue"), self.resume, kind="primary")
        self.online_seat = None
        self.resume_online_button = Button(self._resume_online_label, self.resume_online, kind="primary")
        self.menu = Menu([
            self.resume_online_button,
            self.continue_button,
            Button(N_("New game"), self.new_game, kind="primary"),
            Button(N_("Play online"), self.play_online),
            Button(N_("Saved games"), self.saved_games),
            Button(N_("Replays"), self.replays),
            Button(N_("Rules"), self.rules),
            Button(N_("Settings"), self.settings),
            Button(N_("Quit"), self.app_quit, kind="quiet"),
        ])
        self._size: tuple[int, int] | None = None

    # ------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        self.refresh()

    def on_resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Offer Continue only for an unfinished autosaved game."""
        record = None
        try:
            record = self.app.saves.load_autosave()
            if record is not None and record.replay().is_over():
                record = None
        except Exception:  # noqa: BLE001 - a bad autosave only hides the button
            record = None
        self.autosave = record
        self.continue_button.visible = record is not None
        self.continue_button.enabled = record is not None
        try:
            from ..online.resume import latest_seat

            self.online_seat = latest_seat(self.app)
        except Exception:  # noqa: BLE001 - no network support or an unreadable folder: no offer
            self.online_seat = None
        self.resume_online_button.visible = self.resume_online_button.enabled = self.online_seat is not None
        self.menu.focus = self.menu._first_enabled(0, 1)
        self._size = None

    # -------------------------------------------------------------- actions
    def _click(self) -> None:
        self.app.play("click")

    def resume(self) -> None:
        self._click()
        if self.autosave is None:
            return
        GameScene = self.app.stack.kind("game")

        try:
            scene = GameScene.from_record(self.app, self.autosave)
        except ValueError as exc:
            self.toast.show(_("The saved game cannot be resumed: {reason}").format(reason=exc), "error", 4.0)
            return
        self.app.stack.push(scene)

    def _resume_online_label(self) -> str:
        from ..online.resume import resume_label

        return resume_label(self.online_seat) if self.online_seat is not None else ""

    def resume_online(self) -> None:
        """Back into the online game this window left (closed, or the program died)."""
        self._click()
        if self.online_seat is None or getattr(self.app, "reactor", None) is None:
            return
        from ..online.resume import resume_seat

        resume_seat(self, self.online_seat)

    def new_game(self) -> None:
        self._click()
        self.app.stack.push(self.app.stack.make("setup", self.app))

    def play_online(self) -> None:
        self._click()
        try:
            ConnectScene = self.app.stack.kind("online_connect")

            scene = ConnectScene(self.app)
        except Exception as exc:  # noqa: BLE001 - no network support: say so, stay here
            self.toast.show(_("Online play is not available: {reason}").format(reason=exc), "error", 4.0)
            return
        self.app.stack.push(scene)

    def saved_games(self) -> None:
        self._click()
        try:
            SavesScene = self.app.stack.kind("saves")
        except LookupError:
            self.toast.show(_("Saved games are not available."), "error")
            return
        self.app.stack.push(SavesScene(self.app))

    def replays(self) -> None:
        self._click()
        try:
            SavesScene = self.app.stack.kind("saves")
        except LookupError:
            self.toast.show(_("Replays are not available."), "error")
            return
        self.app.stack.push(SavesScene(self.app, replays=True))

    def rules(self) -> None:
        self._click()
        try:
            RulesScene = self.app.stack.kind("rules")
        except LookupError:
            self.toast.show(_("The rules are not available."), "error")
            return
        self.app.stack.push(RulesScene(self.app))

    def settings(self) -> None:
        self._click()
        try:
            SettingsScene = self.app.stack.kind("settings")
        except LookupError:
            self.toast.show(_("Settings are not available."), "error")
            return
        self.app.stack.push(SettingsScene(self.app))

    def app_quit(self) -> None:
        self.app.quit()

    # --------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app_quit()
            return None
        if self.menu.handle_event(event):
            return None
        return event

    def update(self, dt: float) -> None:
        self.t += dt
        self.toast.update(dt)

    # ----------------------------------------------------------------- draw
    def _layout(self, size: tuple[int, int]) -> None:
        if size == self._size:
            return
        self._size = size
        w, h = size
        bw = max(220, min(340, int(w * 0.26)))
        bh = max(36, min(52, int(h * 0.062)))
        shown = sum(1 for b in self.menu.buttons if b.visible)
        bh = min(bh, max(26, int((h * 0.9 - h * 0.38) / (shown * 1.25))))  # all of them above the footer
        gap = max(6, bh // 4)
        self.menu.layout(w // 2, int(h * 0.38), bw, bh, gap)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        self._layout(size)
        w, h = size
        surface.blit(theme.city_night(size), (0, 0))
        # a slow flicker of the gas light behind the title
        flick = 0.85 + 0.15 * math.sin(self.t * 3.1) * math.sin(self.t * 1.7 + 1)
        g = theme.glow(int(min(w, h) * 0.42), theme.mix((0, 0, 0), (70, 46, 16), flick))
        surface.blit(g, g.get_rect(center=(w // 2, int(h * 0.16))), special_flags=pygame.BLEND_RGB_ADD)
        s = min(w / 1280, h / 800)
        draw_title(surface, _("Mr. Jack"), max(36, int(96 * s)), (w // 2, int(h * 0.15)))
        games = _("Pocket · London · New York")
        theme.blit_text(surface, games, theme.fit_size(games, max(18, int(40 * s)), int(w * 0.9), "serif"),
                        theme.PARCHMENT, (w // 2, int(h * 0.25)), "center", "serif", shadow=True)
        ornament(surface, (w // 2, int(h * 0.3)), int(min(w * 0.4, 420 * s)))
        # a dark card behind the buttons so they read on the skyline
        visible = [b for b in self.menu.buttons if b.visible]
        if visible:
            box = visible[0].rect.unionall([b.rect for b in visible[1:]]).inflate(int(60 * s), int(40 * s))
            theme.rounded_panel(surface, box, fill=(14, 15, 20), alpha=238, radius=int(14 * s))
        self.menu.draw(surface)
        motto = _("Whitechapel, 1888, and Manhattan after him: one of the suspects is Jack. Catch him, or be him.")
        theme.blit_text(surface, motto, theme.fit_size(motto, max(11, int(15 * s)), int(w * 0.94), "serif"),
                        theme.TEXT_DIM, (w // 2, h - int(28 * s)), "center", "serif")
        self.toast.draw(surface, (w // 2, int(h * 0.86)), max(12, int(16 * s)), int(w * 0.7))
