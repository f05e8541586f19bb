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
    keep_name,
    outcome_word,
    rating_text,
    record_from_archive,
    side_word,
    win_rate,
)
from ..online.screen import OnlineScreen
from ..online.service import NAME_MAX
from ..scene import register
from ..widgets import Button

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


def fitted(surface: pygame.Surface, text: str, size: int, width: int, colour: theme.Color, pos: tuple[int, int],
           style: str = "sans") -> None:
    """``text`` from ``pos`` in ``width``: smaller down to the least readable size, then cut with an ellipsis."""
    size = theme.fit_size(text, size, width, style, min_size=theme.SMALLEST)
    theme.blit_text(surface, look.ellipsize(text, size, width, style), size, colour, pos, "topleft", style)


@register("profile")
class ProfileScene(OnlineScreen):
    """The profile of the player of ``online`` (who has an identity) on the connected server."""

    title = N_("Profile")
    subtitle = N_("Your name, your key, your ratings and your games")
    hint = N_("Click a game, then Watch replay · Page Up/Down picks a game · Esc goes back")

    def __init__(self, app: Any, online: Any) -> None:
        super().__init__(app, online)
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
        self.games: list[dict] = []             # the recent games; the list shows those from ``top``
        self.top = 0
        self.chosen: int | None = None
        self.recent.columns = [0.0, 0.15, 0.39, 0.6, 0.8]
        self.watch_button = Button(N_("Watch replay"), self.watch, kind="primary")
        self.back_button = Button(N_("Back"), self.back, hotkey=pygame.K_ESCAPE)
        self.form = Form([self.name, self.rename_button, self.export_path, self.export_button, self.import_path,
                          self.import_button, self.watch_button, self.back_button], focus=6)
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
        self.games = [g for g in msg.get("recent") or [] if isinstance(g, dict)]
        self.top, self.chosen = 0, (0 if self.games else None)
        self._show()
        self._sync()

    def _show(self) -> None:
        """Show the recent games from ``top`` (moved so the chosen one is in view), in the current language."""
        n = max(1, self.recent.visible_rows())
        if self.chosen is not None:
            self.top = min(self.top, self.chosen)
            self.top = max(self.top, self.chosen - n + 1)
        self.top = max(0, min(self.top, len(self.games) - n))
        rows, colours = [], []
        for g in self.games[self.top:self.top + n]:
            rows.append([date_text(g.get("ended")), game_title(g.get("game", "?"), g.get("edition")),
                         shown_name(g.get("opponent")) or "?", side_word(g.get("side")),
                         outcome_word(g.get("outcome"))])
            colours.append({"win": theme.GOOD, "loss": theme.BAD}.get(g.get("outcome"), theme.TEXT_DIM))
        self.recent.set_rows(rows, colours)
        self.recent.selected = None if self.chosen is None or not 0 <= self.chosen - self.top < n \
            else self.chosen - self.top

    def detail(self) -> str:
        """The chosen game in a sentence: everything the row has no room for."""
        g = self._selected()
        if g is None:
            return ""
        text = (_("As Jack against {opponent}: {result}, {ending} ({game}, {date}).") if g.get("side") == "jack"
                else _("As the investigator against {opponent}: {result}, {ending} ({game}, {date}).")).format(
            opponent=shown_name(g.get("opponent")) or "?",
            result=outcome_word(g.get("outcome")), ending=ending_word(g.get("termination"), g.get("status")),
            game=game_title(g.get("game", "?"), g.get("edition")), date=date_text(g.get("ended")))
        return text + " " + (_("Rated.") if g.get("rated") else _("Not rated."))

    def _pick(self, i: int) -> None:
        self.chosen = self.top + i
        self._sync()

    def _failed(self, failure: Any) -> None:
        self.error = _("The server did not send your profile: {reason}").format(reason=net_error_text(failure))

    def _sync(self) -> None:
        self.watch_button.enabled = self._selected() is not None and not self.fetching

    def _selected(self) -> dict | None:
        i = self.chosen
        return self.games[i] if i is not None and i < len(self.games) else None

    # -------------------------------------------------------------- actions
    def rename(self) -> None:
        self.app.play("click")
        name = keep_name(self.online, self.toast, self.name.text,
                         lambda n: self.me.rename(n, self.online.identity_folder))
        if name is None:
            return
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
        if path.exists():          # never lose another key (or another file) without a word
            try:
                there = Identity.load(path)
            except IdentityError:
                there = None
            if there is None or there.public != self.me.public:
                if there is None:
                    question = _("{path} already exists and is not an identity file.").format(path=str(path))
                else:
                    question = _("{path} holds another player's key ({name}, key {key}): replacing it loses that "
                                 "key unless it is kept elsewhere.").format(path=str(path), name=shown_name(there.name),
                                                                           key=there.fingerprint)
                self.app.stack.push(self.app.stack.make("confirm", self.app, N_("Replace the file?"), question, [
                    (N_("Replace"), lambda: self._export_to(path), "primary"),
                    (N_("Keep the file"), lambda: None, "normal"),
                ]))
                return
        self._export_to(path)

    def _export_to(self, path: Path) -> None:
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
        self.games, self.chosen = [], None
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

    # --------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        if self.recent.handle_event(event):
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.games:
            d = 1 if event.key == pygame.K_PAGEDOWN else -1
            self.chosen = max(0, min(len(self.games) - 1, (self.chosen or 0) + d))
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
        super().update(dt)
        self.recent.update(dt)

    # ----------------------------------------------------------------- draw
    def arrange(self, size: tuple[int, int], s: float) -> None:
        w, h = size
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
        self.recent.row_h = max(30, int(34 * s))
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
            fitted(surface, head, max(9, size - 2), right - x, theme.TEXT_FAINT, (x, inner.y), "sans-bold")
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
                fitted(surface, text, size, right - x, col, (x, y), style)
            y += lh
        if any(r.get("provisional") for r in by_game.values()):
            note = _("? provisional: a few more games make it firm")
            theme.blit_text(surface, note, theme.fit_size(note, max(9, size - 3), inner.w), theme.TEXT_FAINT,
                            (inner.x, min(y + int(2 * s), inner.bottom - int(14 * s))), "topleft")

    def draw_body(self, surface: pygame.Surface, s: float) -> None:
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
        self._show()
        self.recent.draw(surface, empty)
        fs = max(10, int(14 * s))
        shown = len(self.recent.rows)
        if len(self.games) > shown:        # more than the list has room for: which ones are in view
            text = _("Games {first}–{last} of {total}").format(first=self.top + 1, last=self.top + shown,
                                                                total=len(self.games))
            theme.blit_text(surface, text, theme.fit_size(text, fs, self.recent.rect.w // 2, min_size=theme.SMALLEST),
                            theme.TEXT_DIM, (self.recent.rect.right, self.recent_box.y + max(10, int(18 * s)) +
                             theme.font(max(13, int(21 * s)), "serif-bold").get_linesize() // 2), "midright")
        room = self.watch_button.rect.x - self.recent.rect.x - int(12 * s)
        lh = theme.font(max(theme.SMALLEST, fs - 1)).get_linesize()
        size, lines = theme.fit_lines(self.detail(), fs, room, max_lines=2, min_size=theme.SMALLEST)
        y = self.watch_button.rect.centery - len(lines) * lh // 2
        for line in lines:
            theme.blit_text(surface, line, size, theme.TEXT_DIM, (self.recent.rect.x, y), "topleft")
            y += lh
        self.form.draw(surface)
