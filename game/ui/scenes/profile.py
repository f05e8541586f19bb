"""The player's profile: name, key fingerprint, export and import of the identity, ratings, recent games.

The identity file is the player's whole account (no password): export
writes a copy to take to another computer; import checks a file first
(a bad one is refused with the reason, nothing changes) and asks before
it replaces the identity in use (the old key is kept aside, never lost).
The ratings and recent games come from the server (``profile``); "Watch
replay" fetches a recent game from the archive (``fetch``) and opens it
in the replay viewer.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame

from net.identity import Identity, IdentityError

from .. import theme
from ..i18n import N_, _
from ..online import form as look
from ..online.errors import net_error_text
from ..online.fields import TextField
from ..online.form import Form, RowList, game_title
from ..online.names import shown_name
from ..online.ranked import (
    RATED_GAMES,
    date_text,
    ending_word,
    name_refusal,
    outcome_word,
    rating_text,
    record_from_archive,
    side_word,
    win_rate,
)
from ..online.service import NAME_MAX, clean_name
from ..scene import Scene, register
from ..widgets import Button, Toast

#: Where export and import look first: a file in the player's home folder.
DEFAULT_FILE = "~/mrjack-identity.json"


def identity_error_text(exc: IdentityError) -> str:
    """The player's words for an identity file that cannot be used."""
    text = str(exc)
    if text.startswith("no identity file"):
        return _("There is no file there.")
    if "not a Mr. Jack identity" in text:
        return _("That file is not a Mr. Jack identity.")
    if "damaged" in text:
        return _("That identity file is damaged.")
    return _("That file cannot be read.")


@register("profile")
class ProfileScene(Scene):
    """The profile of the player of ``online`` (who has an identity) on the connected server."""

    def __init__(self, app: Any, online: Any) -> None:
        super().__init__(app)
        self.online = online
        self.toast = Toast()
        self.profile: dict | None = None
        self.error = ""
        self.fetching = ""                  # the code of the game being fetched
        self.name = TextField(self.me.name, placeholder=N_("Your name"), max_length=NAME_MAX,
                              on_submit=lambda _t: self.rename())
        self.rename_button = Button(N_("Rename"), self.rename)
        self.export_path = TextField(DEFAULT_FILE, max_length=400, on_submit=lambda _t: self.export())
        self.export_button = Button(N_("Export"), self.export)
        self.import_path = TextField(DEFAULT_FILE, max_length=400, on_submit=lambda _t: self.import_file())
        self.import_button = Button(N_("Import…"), self.import_file)
        self.recent = RowList(on_pick=self._pick, on_activate=lambda _i: self.watch())
        self.rows: list[list[str]] = []         # every recent game; the list shows those from ``top``
        self.colours: list[Any] = []
        self.top = 0
        self.chosen: int | None = None
        self.recent.columns = [0.0, 0.17, 0.4, 0.66, 0.8]
        self.watch_button = Button(N_("Watch replay"), self.watch, kind="primary")
        self.back_button = Button(N_("Back"), self.back, hotkey=pygame.K_ESCAPE)
        self.form = Form([self.name, self.rename_button, self.export_path, self.export_button, self.import_path,
                          self.import_button, self.watch_button, self.back_button], focus=6)
        self._size: tuple[int, int] | None = None
        self._sync()

    @property
    def me(self) -> Identity:
        me = self.online.identity
        assert me is not None, "the profile needs the player's identity (the lobby asks for it first)"
        return me

    # ------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        self.load()

    def load(self) -> None:
        """Ask the server for this player's ratings and recent games."""
        lobby = self.online.lobby
        self.error = ""
        if lobby is None or not lobby.connected:
            self.error = _("Not connected.")
            return
        lobby.profile(self.me.public).addCallbacks(self._loaded, self._failed)

    def _loaded(self, msg: dict) -> None:
        self.profile = msg
        self.error = ""
        rows, colours = [], []
        for g in msg.get("recent") or []:
            result = outcome_word(g.get("outcome")) + " · " + ending_word(g.get("termination"), g.get("status"))
            rows.append([date_text(g.get("ended")), game_title(g.get("game", "?"), g.get("edition")),
                         shown_name(g.get("opponent")) or "?", side_word(g.get("side")), result])
            colours.append({"win": theme.GOOD, "loss": theme.BAD}.get(g.get("outcome"), theme.TEXT_DIM))
        self.rows, self.colours, self.top = rows, colours, 0
        self.chosen = 0 if rows else None
        self._show()
        self._sync()

    def _show(self) -> None:
        """Show the recent games from ``top`` (moved so the chosen one is in view)."""
        n = max(1, self.recent.visible_rows())
        if self.chosen is not None:
            self.top = min(self.top, self.chosen)
            self.top = max(self.top, self.chosen - n + 1)
        self.top = max(0, min(self.top, len(self.rows) - n))
        self.recent.set_rows(self.rows[self.top:self.top + n], self.colours[self.top:self.top + n])
        self.recent.selected = None if self.chosen is None or not 0 <= self.chosen - self.top < n \
            else self.chosen - self.top

    def _pick(self, i: int) -> None:
        self.chosen = self.top + i
        self._sync()

    def _failed(self, failure: Any) -> None:
        self.error = _("The server did not send your profile: {reason}").format(reason=net_error_text(failure))

    def _sync(self) -> None:
        self.watch_button.enabled = self._selected() is not None and not self.fetching

    def _selected(self) -> dict | None:
        games = (self.profile or {}).get("recent") or []
        i = self.chosen
        return games[i] if i is not None and i < len(games) else None

    # -------------------------------------------------------------- actions
    def rename(self) -> None:
        self.app.play("click")
        why = name_refusal(self.name.text)
        if why:
            self.toast.show(why, "error", 5.0)
            return
        name = clean_name(self.name.text)
        try:
            self.me.rename(name, self.online.identity_folder)
        except OSError as exc:
            self.toast.show(_("Your player could not be saved: {reason}").format(reason=exc.strerror or exc),
                            "error", 5.0)
            return
        self.online.name = name
        self.online.remember(name=name)
        self.toast.show(_("Your games from now on show the name {name}.").format(name=name), "good", 4.0)

    def _path(self, field: TextField) -> Path | None:
        text = field.text.strip()
        if not text:
            self.toast.show(_("Please type where the file is."), "error", 4.0)
            return None
        return Path(os.path.expanduser(text))

    def export(self) -> None:
        self.app.play("click")
        path = self._path(self.export_path)
        if path is None:
            return
        if path.is_dir():
            path = path / "mrjack-identity.json"
        try:
            self.me.export(path)
        except OSError as exc:
            self.toast.show(_("The file could not be written: {reason}").format(reason=exc.strerror or exc),
                            "error", 5.0)
            return
        self.toast.show(_("Exported to {path}. Keep it secret: it is your account.").format(path=str(path)),
                        "good", 6.0)

    def import_file(self) -> None:
        self.app.play("click")
        path = self._path(self.import_path)
        if path is None:
            return
        try:
            other = Identity.load(path)
        except IdentityError as exc:
            self.toast.show(_("Not imported: {reason}").format(reason=identity_error_text(exc)), "error", 5.0)
            return
        if other.public == self.me.public:
            self.toast.show(_("That file holds the identity you already use."), "info", 4.0)
            return
        question = _("You play as {old} (key {old_key}). The file holds {new} (key {new_key}). Your current "
                     "key is kept aside on this computer, not deleted.").format(
            old=self.me.name, old_key=self.me.fingerprint, new=shown_name(other.name), new_key=other.fingerprint)
        self.app.stack.push(self.app.stack.make("confirm", self.app, N_("Replace your identity?"), question, [
            (N_("Replace"), lambda: self._replace(path), "primary"),
            (N_("Keep mine"), lambda: None, "normal"),
        ]))

    def _replace(self, path: Path) -> None:
        try:
            me = Identity.import_from(path, self.online.identity_folder)
        except IdentityError as exc:    # (changed on disk since it was checked)
            self.toast.show(_("Not imported: {reason}").format(reason=identity_error_text(exc)), "error", 5.0)
            return
        except OSError as exc:
            self.toast.show(_("Your player could not be saved: {reason}").format(reason=exc.strerror or exc),
                            "error", 5.0)
            return
        self.online.identity = me
        self.online.name = me.name
        self.online.remember(name=me.name)
        self.name.set(me.name)
        self.profile = None
        self.rows, self.colours, self.chosen = [], [], None
        self._show()
        self.toast.show(_("You now play as {name} (key {key}).").format(name=me.name, key=me.fingerprint),
                        "good", 5.0)
        self.load()

    def watch(self) -> None:
        g = self._selected()
        lobby = self.online.lobby
        if g is None or self.fetching or lobby is None:
            return
        self.app.play("click")
        self.fetching = g["code"]
        self._sync()
        lobby.fetch(g["code"]).addCallbacks(self._fetched, self._fetch_failed)

    def _fetched(self, archive: dict) -> None:
        self.fetching = ""
        self._sync()
        try:
            record = record_from_archive(archive)
        except ValueError:
            self.toast.show(_("That game cannot be shown: its record does not replay."), "error", 5.0)
            return
        if self.app.stack.top is self:
            self.app.stack.push(self.app.stack.make("replay", self.app, record))

    def _fetch_failed(self, failure: Any) -> None:
        self.fetching = ""
        self._sync()
        self.toast.show(_("The game could not be fetched: {reason}").format(reason=net_error_text(failure)),
                        "error", 5.0)

    def back(self) -> None:
        self.app.play("click")
        self.app.stack.pop()

    # --------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        if self.recent.handle_event(event):
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.rows:
            d = 1 if event.key == pygame.K_PAGEDOWN else -1
            self.chosen = max(0, min(len(self.rows) - 1, (self.chosen or 0) + d))
            self._show()
            self._sync()
            return None
        if event.type == pygame.MOUSEWHEEL and self.recent.rect.collidepoint(pygame.mouse.get_pos()):
            self.top = max(0, self.top - event.y)
            self.chosen = None if self.chosen is None else max(self.top, min(self.chosen, self.top +
                                                                             self.recent.visible_rows() - 1))
            self._show()
            self._sync()
            return None
        self.form.handle_event(event)
        return None

    def update(self, dt: float) -> None:
        self.toast.update(dt)
        self.form.update(dt)
        self.recent.update(dt)

    # ----------------------------------------------------------------- draw
    def _layout(self, size: tuple[int, int]) -> None:
        if size == self._size:
            return
        self._size = size
        w, h = size
        s = look.scale(size)
        margin = max(16, int(w * 0.04))
        gap = max(12, int(w * 0.02))
        top, bottom = int(h * 0.2), int(h * 0.86)
        left_w = int((w - 2 * margin - gap) * 0.36)
        self.left = pygame.Rect(margin, top, left_w, bottom - top)
        right = pygame.Rect(margin + left_w + gap, top, w - 2 * margin - gap - left_w, bottom - top)
        self.ratings_box = pygame.Rect(right.x, right.y, right.w, int(right.h * 0.36))
        self.recent_box = pygame.Rect(right.x, self.ratings_box.bottom + gap, right.w,
                                      right.bottom - self.ratings_box.bottom - gap)
        pad = max(10, int(18 * s))
        fh = max(28, int(40 * s))
        cap = max(16, int(24 * s))
        title_h = max(22, int(34 * s))
        bw = max(96, int(130 * s))
        x, iw = self.left.x + pad, self.left.w - 2 * pad
        y = self.left.y + pad + title_h
        self.captions: dict[str, tuple[int, int]] = {"name": (x, y)}
        self.name.rect = pygame.Rect(x, y + cap, iw - bw - int(8 * s), fh)
        self.rename_button.rect = pygame.Rect(self.name.rect.right + int(8 * s), y + cap, bw, fh)
        y = self.name.rect.bottom + int(10 * s)
        self.fingerprint_y = y
        y += max(40, int(58 * s))
        for key, field, button in (("export", self.export_path, self.export_button),
                                   ("import", self.import_path, self.import_button)):
            self.captions[key] = (x, y)
            field.rect = pygame.Rect(x, y + cap, iw - bw - int(8 * s), fh)
            button.rect = pygame.Rect(field.rect.right + int(8 * s), y + cap, bw, fh)
            y = field.rect.bottom + int(12 * s)
        self.note_y = y + int(4 * s)
        r = self.recent_box
        self.recent.rect = pygame.Rect(r.x + pad, r.y + pad + title_h, r.w - 2 * pad,
                                       r.h - 2 * pad - title_h - fh - int(10 * s))
        self.recent.row_h = max(24, int(32 * s))
        self.recent.header = [""] * 5   # (named in the language of each frame: see draw)
        self._show()
        wb = max(bw, int(190 * s))
        self.watch_button.rect = pygame.Rect(r.right - pad - wb, r.bottom - pad - fh, wb, fh)
        bh = max(34, int(46 * s))
        self.back_button.rect = pygame.Rect(w // 2 - bw // 2, bottom + int(14 * s), bw, bh)

    def _draw_ratings(self, surface: pygame.Surface, s: float) -> None:
        inner = look.panel(surface, self.ratings_box, _("Ratings"))
        size = max(10, int(16 * s))
        cols = [0.0, 0.24, 0.5, 0.64, 0.82]
        xs = [inner.x + int(c * inner.w) for c in cols]
        heads = [_("Game"), _("Rating"), _("Games"), _("As Jack"), _("As investigator")]
        lh = max(20, int(28 * s))
        for i, (x, head) in enumerate(zip(xs, heads, strict=True)):
            right = xs[i + 1] - 6 if i + 1 < len(xs) else inner.right
            theme.blit_text(surface, head, theme.fit_size(head, max(9, size - 2), right - x, "sans-bold"),
                            theme.TEXT_FAINT, (x, inner.y), "topleft", "sans-bold")
        y = inner.y + lh
        if self.profile is None:
            look.wrapped(surface, self.error or _("Asking the server…"), size, theme.TEXT_DIM, (inner.x, y), inner.w, 2)
            return
        by_game = {r.get("game"): r for r in self.profile.get("ratings") or []}
        for game in RATED_GAMES:
            r = by_game.get(game)
            cells = [game_title(game)]
            if r is None:
                cells += [_("unrated"), "0", "–", "–"]
            else:
                cells += [rating_text(r), str(r.get("games", 0)), win_rate(r.get("jack")),
                          win_rate(r.get("investigator"))]
            for i, (x, text) in enumerate(zip(xs, cells, strict=True)):
                right = xs[i + 1] - 6 if i + 1 < len(xs) else inner.right
                style = "sans-bold" if i in (0, 1) else "sans"
                col = theme.PARCHMENT if i == 1 and r is not None else theme.TEXT if i == 0 else theme.TEXT_DIM
                theme.blit_text(surface, text, theme.fit_size(text, size, right - x, style), col, (x, y), "topleft",
                                style)
            y += lh
        if any(r.get("provisional") for r in by_game.values()):
            note = _("? provisional: a few more games make it firm")
            theme.blit_text(surface, note, theme.fit_size(note, max(9, size - 3), inner.w), theme.TEXT_FAINT,
                            (inner.x, min(y + int(2 * s), inner.bottom - int(14 * s))), "topleft")

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        self._layout(size)
        w, h = size
        s = look.scale(size)
        look.backdrop(surface)
        look.heading(surface, _("Profile"), _("Your name, your key, your ratings and your games"))
        inner = look.panel(surface, self.left, _("You"))
        look.caption(surface, _("Name others see"), self.captions["name"], inner.w)
        fs = max(10, int(15 * s))
        fp = _("Key fingerprint: {key}").format(key=self.me.fingerprint)
        theme.blit_text(surface, fp, theme.fit_size(fp, fs, inner.w, "sans-bold"), theme.PARCHMENT,
                        (inner.x, self.fingerprint_y), "topleft", "sans-bold")
        look.wrapped(surface, _("It tells you apart from players of the same name."), max(9, fs - 2),
                     theme.TEXT_FAINT, (inner.x, self.fingerprint_y + theme.font(fs).get_linesize()), inner.w, 2)
        look.caption(surface, _("Export your identity to a file"), self.captions["export"], inner.w)
        look.caption(surface, _("Import an identity from a file"), self.captions["import"], inner.w)
        look.wrapped(surface, _("The file is your account: whoever has it plays as you. Keep it secret."),
                     max(9, fs - 2), theme.TEXT_FAINT, (inner.x, self.note_y), inner.w, 3)
        self._draw_ratings(surface, s)
        look.panel(surface, self.recent_box, _("Recent games"))
        empty = (self.error or _("Asking the server…")) if self.profile is None else _("No games yet.")
        self.recent.header = [_("When"), _("Game"), _("Opponent"), _("Side"), _("Result")]
        self.recent.draw(surface, empty)
        shown = len(self.recent.rows)
        if len(self.rows) > shown:        # more than the list has room for: which ones are in view
            text = _("Games {first}–{last} of {total}").format(first=self.top + 1, last=self.top + shown,
                                                                total=len(self.rows))
            room = self.watch_button.rect.x - self.recent.rect.x - int(10 * s)
            theme.blit_text(surface, text, theme.fit_size(text, fs, room), theme.TEXT_DIM,
                            (self.recent.rect.x, self.watch_button.rect.centery), "midleft")
        self.form.draw(surface)
        hint = _("Click a game, then Watch replay · Page Up/Down picks a game · Esc goes back")
        theme.blit_text(surface, hint, theme.fit_size(hint, max(10, int(12 * s)), int(w * 0.95)), theme.TEXT_FAINT,
                        (w // 2, h - int(12 * s)), "center")
        self.toast.draw(surface, (w // 2, int(h * 0.955)), max(12, int(16 * s)), int(w * 0.7))
