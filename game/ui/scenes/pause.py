"""The pause overlay: resume, rules, settings, abandon the game, save and quit."""

from __future__ import annotations

from typing import Any

import pygame

from .. import theme
from ..i18n import N_, _
from ..scene import Scene, register
from ..widgets import Button, Menu, Toast, dim_behind, draw_title


@register("pause")
class PauseScene(Scene):
    """Drawn over the game (``transparent``); the game stands still underneath.

    ``game`` is the :class:`~game.ui.scenes.game.GameScene` to save (or
    ``None`` when opened from a screen that has no game of its own).
    """

    transparent = True

    def __init__(self, app: Any, game: Any) -> None:
        super().__init__(app)
        self.game = game
        self.toast = Toast()
        self.menu = Menu([
            Button(N_("Resume"), self.resume, kind="primary"),
            Button(N_("Rules"), self.rules),
            Button(N_("Settings"), self.settings),
            Button(N_("Abandon game"), self.abandon, kind="danger"),
            Button(N_("Save and quit"), self.save_and_quit),
        ])
        if getattr(game, "driver", None) is not None:  # an online game is not saved: leaving gives it up
            self.menu.buttons[-2:] = [Button(N_("Leave the game"), self.leave_online, kind="danger")]

    def resume(self) -> None:
        self.app.play("click")
        self.app.stack.pop()

    def rules(self) -> None:
        self.app.play("click")
        try:
            RulesScene = self.app.stack.kind("rules")
        except LookupError:
            self.toast.show(_("The rules are not available."), "error")
            return
        game = self.game or _find_game(self.app)
        name = getattr(getattr(game, "record", None), "game", "pocket")
        self.app.stack.push(RulesScene(self.app, game=name))

    def settings(self) -> None:
        self.app.play("click")
        try:
            SettingsScene = self.app.stack.kind("settings")
        except LookupError:
            self.toast.show(_("Settings are not available."), "error")
            return
        self.app.stack.push(SettingsScene(self.app))

    def save_and_quit(self) -> None:
        """Autosave the game (Continue on the title resumes it) and go back to the title."""
        self.app.play("click")
        game = self.game or _find_game(self.app)
        if game is not None:
            try:
                self.app.saves.autosave(game.record)
            except OSError as exc:
                self.toast.show(_("The game could not be saved: {reason}").format(reason=exc.strerror or exc),
                                "error", 4.0)
                return
        self.app.stack.clear(self.app.stack.make("title", self.app))

    def abandon(self) -> None:
        """Ask, then give the game up: its autosave is removed and the title shows."""
        self.app.play("click")
        self.app.stack.push(self.app.stack.make(
            "confirm", self.app, N_("Abandon this game?"),
            N_("The game ends here and is removed from your saved games; it cannot be resumed."),
            [(N_("Abandon game"), self._abandon_now, "danger"), (N_("Keep playing"), lambda: None, "primary")]))

    def _abandon_now(self) -> None:
        game = self.game or _find_game(self.app)
        if game is not None:
            try:
                self.app.saves.clear_autosave(game.record)
            except OSError as exc:
                self.toast.show(_("The saved game could not be removed: {reason}").format(
                    reason=exc.strerror or exc), "error", 4.0)
                return
        self.app.stack.clear(self.app.stack.make("title", self.app))

    def leave_online(self) -> None:
        """Give up the seat of an online game (the other side's game ends) and go back to the title."""
        self.app.play("click")
        if self.game.driver.ask_leave():   # a game being played: "Leave the game?" first
            return
        self.game.driver.leave()
        self.app.stack.clear(self.app.stack.make("title", self.app))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_p):
            self.resume()
            return None
        self.menu.handle_event(event)
        return None  # the game below gets nothing while paused

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        bw = max(220, min(320, int(w * 0.25)))
        bh = max(36, min(50, int(h * 0.06)))
        self.menu.layout(w // 2, int(h * 0.38), bw, bh, max(8, bh // 4))

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        self._layout(size)
        w, h = size
        s = min(w / 1280, h / 800)
        dim_behind(surface, 190)
        box = self.menu.buttons[0].rect.unionall([b.rect for b in self.menu.buttons[1:]])
        box = box.inflate(int(80 * s), int(60 * s))
        box.y -= int(60 * s)
        box.h += int(60 * s)
        theme.rounded_panel(surface, box, radius=int(16 * s))
        online = getattr(self.game, "driver", None) is not None   # nothing pauses in an online game
        draw_title(surface, _("Menu") if online else _("Paused"), max(24, int(46 * s)), (w // 2, box.y + int(48 * s)))
        self.menu.draw(surface)
        hint = _("Esc goes back to the game") if online else _("Esc resumes")
        theme.blit_text(surface, hint, max(10, int(13 * s)), theme.TEXT_FAINT,
                        (w // 2, box.bottom - int(16 * s)), "center")
        self.toast.draw(surface, (w // 2, int(h * 0.88)), max(12, int(16 * s)), int(w * 0.7))


def _find_game(app: Any) -> Any:
    GameScene = app.stack.kind("game")
    for scene in app.stack:
        if isinstance(scene, GameScene):
            return scene
    return None
