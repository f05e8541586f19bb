"""The settings screen: window size, full screen, animation speed, volumes, language.

The sound has a master volume and the music's own; "Sound effects…" opens
:class:`EffectsScene`, one volume per effect, each played as it changes.

Every change applies at once (through ``app.apply_settings()`` when the app
has it) and is saved straight away, so there is no Apply button to forget.
Up/Down move between rows, Left/Right change the focused row, Esc or Back
returns.
"""

from __future__ import annotations

from typing import Any

import pygame

from .. import theme
from ..i18n import LANGUAGES, N_, _, set_language
from ..scene import Scene, register
from ..settings import WINDOW_SIZES, Settings, save_settings
from ..widgets import Button, Choice, Toast, draw_title, ornament
from ..widgets import click_sound as _click

Rect = pygame.Rect

SPEEDS = (0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
VOLUMES = (0.0, 0.25, 0.5, 0.75, 1.0)


def _nearest(value: float, options: tuple[float, ...]) -> float:
    return min(options, key=lambda o: abs(o - value))


def window_sizes(current: tuple[int, int]) -> list[tuple[int, int]]:
    """The presets that fit the desktop (all of them when it is unknown), plus the current size."""
    try:
        desktops = pygame.display.get_desktop_sizes() if pygame.display.get_init() else []
    except pygame.error:
        desktops = []
    if desktops:
        dw, dh = max(desktops)
        sizes = [s for s in WINDOW_SIZES if s[0] <= dw and s[1] <= dh] or [WINDOW_SIZES[0]]
    else:
        sizes = list(WINDOW_SIZES)
    if tuple(current) not in sizes:
        sizes.append(tuple(current))
    return sorted(set(sizes))


@register("settings")
class SettingsScene(Scene):
    """Edit ``app.settings``; each change is applied and saved immediately."""

    heading = N_("Settings")

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        if getattr(app, "settings", None) is None:
            app.settings = Settings()
        s: Settings = app.settings
        self.toast = Toast()
        self.rows: list[Choice] = [
            Choice(N_("Window size"), [(size, _size_label(size)) for size in window_sizes(s.size)], s.size,
                   self._set_size),
            Choice(N_("Full screen"), [(False, N_("Off")), (True, N_("On"))], bool(s.fullscreen),
                   lambda v: self._change(fullscreen=v)),
            Choice(N_("Animation speed"), [(v, _speed_label(v)) for v in SPEEDS],
                   _nearest(s.animation_speed, SPEEDS), lambda v: self._change(animation_speed=v)),
            Choice(N_("Sound volume"), [(v, _volume_label(v)) for v in VOLUMES], _nearest(s.volume, VOLUMES),
                   self._set_volume),
            Choice(N_("Music"), [(v, _volume_label(v)) for v in VOLUMES], _nearest(s.music_volume, VOLUMES),
                   lambda v: self._change(music_volume=v)),
            Choice(N_("Language"), [(code, _fixed(name)) for code, name in LANGUAGES.items()], s.language,
                   lambda v: self._change(language=v)),
        ]
        self.effects = Button(N_("Sound effects…"), self.open_effects)
        self.defaults = Button(N_("Defaults"), self.restore_defaults)
        self.back = Button(N_("Back"), self.close, kind="primary")
        self.focus = 0  # rows, then Defaults, then Back
        self._size: tuple[int, int] | None = None
        self.error: str | None = None
        if s.warning:
            self.toast.show(_("The settings file was damaged; the defaults are in use."), "error", 5.0)

    # ------------------------------------------------------------ changes
    @property
    def settings(self) -> Settings:
        return self.app.settings

    def _set_size(self, size: tuple[int, int]) -> None:
        self._change(width=size[0], height=size[1])

    def _set_volume(self, volume: float) -> None:
        self._change(volume=volume)
        _click(self.app)  # let the player hear the new level

    def _change(self, **values: Any) -> None:
        for key, value in values.items():
            setattr(self.settings, key, value)
        self.settings.normalise()
        self.apply()
        self.save()

    def apply(self) -> None:
        """Hand the settings to the app (window, language, volume)."""
        apply = getattr(self.app, "apply_settings", None)
        if callable(apply):
            apply()
            return
        set_language(self.settings.language)
        sound = getattr(self.app, "sound", None)
        if sound is not None:
            from ..app import apply_volumes

            sound.set_volume(self.settings.volume)
            apply_volumes(sound, self.settings)

    def save(self) -> None:
        try:
            save_settings(self.settings, getattr(self.app, "settings_path", None))
            self.error = None
        except OSError as exc:
            self.error = _("The settings could not be saved: {reason}").format(reason=exc.strerror or exc)
            self.toast.show(self.error, "error", 4.0)

    def restore_defaults(self) -> None:
        _click(self.app)
        d = Settings()
        d.language = self.settings.language  # keep the language the player can read
        self._change(width=d.width, height=d.height, fullscreen=d.fullscreen,
                     animation_speed=d.animation_speed, volume=d.volume, music_volume=d.music_volume,
                     effect_volumes={})
        self.sync()
        self.toast.show(_("Settings restored to their defaults."), "good")

    def sync(self) -> None:
        """Show the current settings in the rows (after a reset)."""
        s = self.settings
        values = [s.size, bool(s.fullscreen), _nearest(s.animation_speed, SPEEDS), _nearest(s.volume, VOLUMES),
                  _nearest(s.music_volume, VOLUMES), s.language]
        sizes = window_sizes(s.size)
        self.rows[0].options = [(size, _size_label(size)) for size in sizes]
        for row, value in zip(self.rows, values, strict=True):
            row.value = value

    def open_effects(self) -> None:
        _click(self.app)
        self.app.stack.push(EffectsScene(self.app))

    def close(self) -> None:
        _click(self.app)
        self.app.stack.pop()

    # ------------------------------------------------------------- events
    def _buttons(self) -> list[Button]:
        return [self.effects, self.defaults, self.back]

    def _focusables(self) -> list[Any]:
        return [*self.rows, *self._buttons()]

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._ensure_layout()
        if event.type == pygame.KEYDOWN:
            key = event.key
            n = len(self._focusables())
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif key in (pygame.K_DOWN, pygame.K_TAB) and not (event.mod & pygame.KMOD_SHIFT):
                self.focus = (self.focus + 1) % n
            elif key == pygame.K_UP or key == pygame.K_TAB:
                self.focus = (self.focus - 1) % n
            elif key == pygame.K_HOME:
                self.focus = 0
            elif key == pygame.K_END:
                self.focus = n - 1
            elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus < len(self.rows):
                self.rows[self.focus].step(1 if key == pygame.K_RIGHT else -1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.focus < len(self.rows):
                    self.rows[self.focus].step(1)
                else:
                    self._focusables()[self.focus].on_click()
            else:
                return event  # not ours: let the app see it (e.g. a global full-screen key)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            for i, w in enumerate(self._focusables()):
                if w.handle_event(event):
                    self.focus = i
                    return None
            return None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYUP):
            return None
        return event

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    # ------------------------------------------------------------- layout
    def _ensure_layout(self) -> None:
        if self._size is None:
            surf = pygame.display.get_surface()
            self.layout(surf.get_size() if surf else (1280, 800))

    def layout(self, size: tuple[int, int]) -> None:
        if size == self._size:
            return
        self._size = size
        w, h = size
        pw = min(w - 2 * max(16, w // 20), 980)
        top = int(h * 0.18)
        bh = max(32, int(h * 0.06))
        room = h * 0.94 - top - bh - h * 0.06  # the rows, then the buttons and the hint below them
        row_h = max(28, min(64, int(h * 0.085), int(room / (len(self.rows) * 1.25 + 0.5))))
        gap = max(6, row_h // 4)
        x = (w - pw) // 2
        for i, row in enumerate(self.rows):
            row.rect = Rect(x, top + i * (row_h + gap), pw, row_h)
        buttons = self._buttons()
        bw = min(max(180, int(w * 0.2)), (pw - 2 * gap * (len(buttons) - 1)) // len(buttons))
        y = self.rows[-1].rect.bottom + gap * 2
        total = len(buttons) * bw + (len(buttons) - 1) * 2 * gap
        for i, b in enumerate(buttons):
            b.rect = Rect(w // 2 - total // 2 + i * (bw + 2 * gap), y, bw, bh)

    # --------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        self.layout(surface.get_size())
        w, h = surface.get_size()
        surface.blit(theme.night_backdrop((w, h)), (0, 0))
        draw_title(surface, _(self.heading), max(20, int(h * 0.06)), (w // 2, int(h * 0.08)))
        ornament(surface, (w // 2, int(h * 0.135)), int(w * 0.3))
        first, last = self.rows[0].rect, self.back.rect
        panel = Rect(first.x, first.y, first.w, last.bottom - first.y).inflate(40, 40)
        theme.rounded_panel(surface, panel)
        for i, row in enumerate(self.rows):
            row.draw(surface, focused=(i == self.focus))
        for i, b in enumerate(self._buttons()):
            b.draw(surface, focused=(self.focus == len(self.rows) + i))
        hint = _("Changes apply at once and are saved.")
        size = max(11, int(h * 0.02))
        theme.blit_text(surface, hint, theme.fit_size(hint, size, w - 40), theme.TEXT_FAINT,
                        (w // 2, panel.bottom + size), "midtop")
        self.toast.draw(surface, (w // 2, int(h * 0.9)), max(12, int(h * 0.024)), int(w * 0.8))


EFFECT_LABELS = {
    "step": N_("Footsteps"), "turn": N_("Tiles turning"), "flip": N_("Cards and tiles turned over"),
    "slide": N_("Tiles sliding"), "deal": N_("Cards dealt"), "throw": N_("Tokens thrown"),
    "witness": N_("Witness bell"), "win": N_("End of the game"), "click": N_("Buttons"),
}


class EffectsScene(SettingsScene):
    """One volume per sound effect (under the master volume); each change plays that effect."""

    heading = N_("Sound effects")

    def __init__(self, app: Any) -> None:
        Scene.__init__(self, app)
        from ..sound import NAMES

        s: Settings = app.settings
        self.toast = Toast()
        self.names = [n for n in NAMES if n in EFFECT_LABELS]
        self.rows = [Choice(EFFECT_LABELS[n], [(v, _volume_label(v)) for v in VOLUMES],
                            _nearest(s.effect_volumes.get(n, 1.0), VOLUMES), (lambda v, n=n: self._set_effect(n, v)))
                     for n in self.names]
        self.defaults = Button(N_("Defaults"), self.restore_defaults)
        self.back = Button(N_("Back"), self.close, kind="primary")
        self.focus = 0
        self._size = None
        self.error = None

    def _buttons(self) -> list[Button]:
        return [self.defaults, self.back]

    def _set_effect(self, name: str, volume: float) -> None:
        volumes = dict(self.settings.effect_volumes)
        volumes[name] = volume
        self._change(effect_volumes=volumes)
        sound = getattr(self.app, "sound", None)
        if sound is not None:
            try:
                sound.play(name)  # let the player hear it at its new level
            except Exception:  # noqa: BLE001 - a missing sound must never stop a menu
                pass

    def restore_defaults(self) -> None:
        _click(self.app)
        self._change(effect_volumes={})
        self.sync()
        self.toast.show(_("Every effect is back at full volume."), "good")

    def sync(self) -> None:
        for name, row in zip(self.names, self.rows, strict=True):
            row.value = _nearest(self.settings.effect_volumes.get(name, 1.0), VOLUMES)


def _fixed(text: str):  # type: ignore[no-untyped-def]
    """A label shown as is in every language (a language's own name)."""
    return lambda: text


def _size_label(size: tuple[int, int]):  # type: ignore[no-untyped-def]
    return _fixed(f"{size[0]} × {size[1]}")


def _speed_label(v: float):  # type: ignore[no-untyped-def]
    return _fixed(f"{v:g}×")


def _volume_label(v: float):  # type: ignore[no-untyped-def]
    return (lambda: _("Off")) if v == 0 else _fixed(f"{round(v * 100)}%")
