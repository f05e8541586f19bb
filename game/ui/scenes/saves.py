"""The saved-games screen: list, resume (or replay a finished game), delete.

Every unfinished game kept automatically (one per game and mode) is
listed first, with its game, mode, the side the player took, the round
and the date; named and finished games follow.

A file that cannot be loaded stays in the list, in red, with the reason, so
the player sees what happened to it and can delete it; it never stops the
screen.  Up/Down (or a click) select, Enter (or a double click) resumes,
Delete asks once and deletes on the second press, Esc goes back.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...saves import AUTOSAVE, SaveError, SaveInfo, SaveStore
from .. import theme
from ..i18n import N_, _
from ..save_texts import describe_save, game_title, save_details, when
from ..scene import Scene, register
from ..widgets import Button, Toast, draw_title, ornament
from ..widgets import click_sound as _click

Rect = pygame.Rect
DOUBLE_CLICK = 0.4  # seconds


@register("saves")
class SavesScene(Scene):
    """Browse ``app.saves`` (a :class:`~game.saves.SaveStore`).

    With ``replays=True`` only finished games are listed, to watch again.
    """

    def __init__(self, app: Any, replays: bool = False) -> None:
        super().__init__(app)
        self.replays = replays
        store = getattr(app, "saves", None)
        self.store: SaveStore = store if store is not None else SaveStore()
        self.entries: list[SaveInfo] = []
        self.selected = 0
        self.scroll = 0
        self.confirm: SaveInfo | None = None  # the entry Delete was pressed once for
        self.toast = Toast()
        self.resume = Button(lambda: self._resume_label(), self.open_selected, kind="primary")
        self.delete = Button(lambda: _("Really delete?") if self.confirm else _("Delete"),
                             self.delete_selected, kind="danger")
        self.back = Button(N_("Back"), self.close)
        self.rows: list[Rect] = []
        self.list_rect = Rect(0, 0, 0, 0)
        self._size: tuple[int, int] | None = None
        self._last_click = (-1, -10.0)
        self.clock = 0.0
        self.refresh()

    # ------------------------------------------------------------ the list
    def on_enter(self) -> None:
        self.refresh()

    def on_resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Read the folder again (a game may have been saved or a file damaged)."""
        try:
            self.entries = self.store.list(include_autosave=True)
        except OSError as exc:
            self.entries = []
            self.toast.show(_("The saves folder cannot be read: {reason}").format(reason=exc.strerror or exc),
                            "error", 5.0)
        if self.replays:
            self.entries = [e for e in self.entries if e.ok and e.over]
        # the unfinished games first: they are the ones most likely wanted
        self.entries.sort(key=lambda i: not i.slot)
        self.selected = max(0, min(self.selected, len(self.entries) - 1))
        self.confirm = None
        self._clamp_scroll()

    @property
    def current(self) -> SaveInfo | None:
        return self.entries[self.selected] if self.entries else None

    def _resume_label(self) -> str:
        info = self.current
        return _("Watch replay") if info is not None and info.over else _("Resume")

    def select(self, index: int) -> None:
        if not self.entries:
            return
        index = max(0, min(index, len(self.entries) - 1))
        if index != self.selected:
            self.confirm = None
        self.selected = index
        self._clamp_scroll()

    def _visible_rows(self) -> int:
        return max(1, len(self.rows))

    def _clamp_scroll(self) -> None:
        n = self._visible_rows()
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + n:
            self.scroll = self.selected - n + 1
        self.scroll = max(0, min(self.scroll, max(0, len(self.entries) - n)))

    # ------------------------------------------------------------- actions
    def open_selected(self) -> None:
        """Resume the selected game, or replay it if it is finished."""
        info = self.current
        if info is None:
            return
        _click(self.app)
        if not info.ok:
            self.toast.show(_("Cannot be loaded: {reason}").format(
                reason=error_text(info.error_kind, info.error or "")), "error", 5.0)
            return
        try:
            record = self.store.load(info.path)
        except SaveError as exc:
            self.toast.show(_("Cannot be loaded: {reason}").format(reason=error_text(exc.kind, str(exc))),
                            "error", 5.0)
            self.refresh()
            return
        if record.replay().is_over():
            self.app.stack.push(self.app.stack.make("replay", self.app, record))
            return
        try:
            GameScene = self.app.stack.kind("game")
        except LookupError:
            self.toast.show(_("The game screen is not available."), "error", 4.0)
            return
        try:
            scene = GameScene.from_record(self.app, record)
        except ValueError as exc:
            self.toast.show(_("This game cannot be resumed: {reason}").format(reason=exc), "error", 5.0)
            return
        held = None if info.slot and info.path.name != AUTOSAVE else self._slot_taken(record)
        if held is None:
            self.app.stack.push(scene)
            return
        # a game from a named save (or the old single autosave) is kept in its slot as it is played
        self.app.stack.push(self.app.stack.make(
            "confirm", self.app, N_("Replace the unfinished game?"),
            lambda: _("Playing this game replaces the unfinished game kept for its game and mode: "
                      "{what}.").format(what=describe_save(held)),
            [(N_("Resume anyway"), lambda: self.app.stack.push(scene), "danger"),
             (N_("Cancel"), lambda: None, "normal")]))

    def _slot_taken(self, record: Any) -> SaveInfo | None:
        """Another unfinished game in the slot that ``record`` would be autosaved to, if any."""
        slot_info = getattr(self.store, "slot_info", None)
        if slot_info is None:
            return None
        try:
            held = slot_info(record.game, str(record.meta.get("mode", "solo")))
        except OSError:
            return None
        if held is None or not held.ok or (held.game, held.seed) == (record.game, record.seed):
            return None
        return held

    def delete_selected(self) -> None:
        """First press asks, second press deletes."""
        info = self.current
        if info is None:
            return
        _click(self.app)
        if self.confirm is None or self.confirm.path != info.path:
            self.confirm = info
            self.toast.show(_("Press Delete again to remove “{name}”.").format(name=self._name(info)), "info")
            return
        try:
            self.store.delete(info.path)
        except OSError as exc:
            self.toast.show(_("The file could not be deleted: {reason}").format(reason=exc.strerror or exc),
                            "error", 5.0)
        else:
            self.toast.show(_("Deleted “{name}”.").format(name=self._name(info)), "good")
        self.refresh()

    def close(self) -> None:
        _click(self.app)
        self.app.stack.pop()

    @staticmethod
    def _name(info: SaveInfo) -> str:
        if info.slot and info.ok:
            return _("Unfinished: {game}").format(game=game_title(info.game))
        return _("Autosave") if info.path.name == AUTOSAVE else info.name

    # -------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._ensure_layout()
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif key == pygame.K_DOWN:
                self.select(self.selected + 1)
            elif key == pygame.K_UP:
                self.select(self.selected - 1)
            elif key == pygame.K_PAGEDOWN:
                self.select(self.selected + self._visible_rows())
            elif key == pygame.K_PAGEUP:
                self.select(self.selected - self._visible_rows())
            elif key == pygame.K_HOME:
                self.select(0)
            elif key == pygame.K_END:
                self.select(len(self.entries) - 1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_selected()
            elif key == pygame.K_DELETE:
                self.delete_selected()
            else:
                return event  # not ours: let the app see it
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.scroll - event.y, max(0, len(self.entries) - self._visible_rows())))
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (4, 5):
                return None
            for b in (self.resume, self.delete, self.back):
                if b.handle_event(event):
                    return None
            for k, r in enumerate(self.rows):
                i = self.scroll + k
                if i < len(self.entries) and r.collidepoint(event.pos):
                    last_i, last_t = self._last_click
                    self.select(i)
                    if last_i == i and self.clock - last_t <= DOUBLE_CLICK:
                        self._last_click = (-1, -10.0)
                        self.open_selected()
                    else:
                        self._last_click = (i, self.clock)
                    return None
            return None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP, pygame.KEYUP):
            return None
        return event

    def update(self, dt: float) -> None:
        self.clock += dt
        self.toast.update(dt)

    # -------------------------------------------------------------- layout
    def _ensure_layout(self) -> None:
        if self._size is None:
            surf = pygame.display.get_surface()
            self.layout(surf.get_size() if surf else (1280, 800))

    def layout(self, size: tuple[int, int]) -> None:
        if size == self._size:
            return
        self._size = size
        w, h = size
        m = max(14, int(min(w, h) * 0.03))
        bh = max(36, int(h * 0.06))
        bw = max(140, int(w * 0.17))
        y = h - m - bh
        self.back.rect = Rect(m, y, bw, bh)
        self.resume.rect = Rect(w - m - bw, y, bw, bh)
        self.delete.rect = Rect(self.resume.rect.x - m - bw, y, bw, bh)
        top = int(h * 0.17)
        pw = min(w - 2 * m, 1100)
        self.list_rect = Rect((w - pw) // 2, top, pw, y - m - top)
        row_h = max(50, min(76, int(h * 0.095)))
        inner = self.list_rect.inflate(-24, -24)
        n = max(1, inner.h // (row_h + 6))
        self.rows = [Rect(inner.x, inner.y + k * (row_h + 6), inner.w, row_h) for k in range(n)]
        self._clamp_scroll()

    # ---------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        self.layout(surface.get_size())
        w, h = surface.get_size()
        surface.blit(theme.night_backdrop((w, h)), (0, 0))
        title = _("Replays") if self.replays else _("Saved games")
        draw_title(surface, title, max(20, int(h * 0.06)), (w // 2, int(h * 0.07)))
        ornament(surface, (w // 2, int(h * 0.12)), int(w * 0.3))
        theme.rounded_panel(surface, self.list_rect)
        if not self.entries:
            msg = (_("No finished games are saved yet. A game saved after its end can be watched here.")
                   if self.replays else
                   _("No saved games yet. Games are saved from the pause menu, and the last game "
                     "is kept automatically."))
            size = max(13, int(h * 0.028))
            inner = self.list_rect.inflate(-60, -60)
            for i, line in enumerate(theme.wrap(msg, size, inner.w)):
                theme.blit_text(surface, line, size, theme.TEXT_DIM,
                                (inner.centerx, inner.y + inner.h * 0.3 + i * size * 1.4), "midtop")
        for k, r in enumerate(self.rows):
            i = self.scroll + k
            if i >= len(self.entries):
                break
            self._draw_row(surface, r, self.entries[i], i == self.selected)
        if len(self.entries) > len(self.rows):
            self._draw_scrollbar(surface)
        info = self.current
        self.resume.enabled = info is not None and info.ok
        self.delete.enabled = info is not None
        for b in (self.back, self.delete, self.resume):
            b.draw(surface)
        self.toast.draw(surface, (w // 2, self.back.rect.y - int(h * 0.06)), max(12, int(h * 0.024)), int(w * 0.8))

    def _draw_row(self, surface: pygame.Surface, r: Rect, info: SaveInfo, selected: bool) -> None:
        fill = theme.mix(theme.PANEL_HI, theme.BRASS_DARK, 0.45) if selected else theme.PANEL_HI
        pygame.draw.rect(surface, fill, r, border_radius=8)
        edge = theme.BAD if not info.ok else (theme.BRASS_LIGHT if selected else theme.PANEL_EDGE)
        pygame.draw.rect(surface, edge, r, 2 if selected or not info.ok else 1, border_radius=8)
        big = max(13, int(r.h * 0.32))
        small = max(11, int(r.h * 0.24))
        pad = max(10, r.h // 5)
        date = when(info.modified)
        dw = theme.font(small).size(date)[0]
        name = self._name(info)
        name_w = r.w - 3 * pad - dw
        colour = theme.BAD if not info.ok else (theme.BRASS_LIGHT if info.slot else theme.TEXT)
        theme.blit_text(surface, name, theme.fit_size(name, big, name_w, "sans-bold"), colour,
                        (r.x + pad, r.y + r.h * 0.3), "midleft", "sans-bold")
        theme.blit_text(surface, date, small, theme.TEXT_DIM, (r.right - pad, r.y + r.h * 0.3), "midright")
        if info.ok:
            detail = save_details(info, with_game=not info.slot)
            col = theme.TEXT_DIM
        else:
            detail = _("Cannot be loaded: {reason}").format(reason=error_text(info.error_kind, info.error or ""))
            col = theme.mix(theme.BAD, theme.TEXT, 0.35)
        width = r.w - 2 * pad
        theme.blit_text(surface, detail, theme.fit_size(detail, small, width, min_size=9), col,
                        (r.x + pad, r.y + r.h * 0.72), "midleft")

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        n, total = len(self.rows), len(self.entries)
        track = Rect(self.list_rect.right - 10, self.rows[0].y, 4, self.rows[-1].bottom - self.rows[0].y)
        pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=2)
        h = max(16, track.h * n // total)
        y = track.y + (track.h - h) * self.scroll // max(1, total - n)
        pygame.draw.rect(surface, theme.BRASS, (track.x - 1, y, 6, h), border_radius=3)


def error_text(kind: str | None, fallback: str = "") -> str:
    """Why a save cannot be loaded, in the player's language (by :attr:`SaveError.kind`)."""
    texts = {
        "missing": _("the file no longer exists."),
        "unreadable": _("the file cannot be read."),
        "too_large": _("the file is too large to be a saved game."),
        "empty": _("the file is empty."),
        "binary": _("this is not a saved game (the file is not text)."),
        "truncated": _("the file is cut short; it was not completely written."),
        "not_json": _("this is not a saved game."),
        "foreign": _("this is not a Mr. Jack saved game."),
        "newer": _("it was saved by a newer version of the game."),
        "damaged": _("the saved game is damaged: its moves do not replay."),
    }
    return texts.get(kind or "", fallback)
