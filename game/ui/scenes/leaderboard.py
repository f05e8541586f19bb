"""The leaderboard of one game: the rated players by rating, and how often each side wins on the server.

Tabs for Pocket, London and New York; a page shows as many rows as the
window has room for (the server sends up to 50 from an offset); Prev/Next
and Page Up/Down turn the pages.  Two rows of one name show the short key
fingerprint, and the player's own row is lit.  Mr. Jack is asymmetric, so
the board shows both sides' win rates, per player and for the whole server.
"""

from __future__ import annotations

from typing import Any

import pygame

from .. import theme
from ..i18n import N_, _, ngettext
from ..online import form as look
from ..online.errors import net_error_text
from ..online.form import SHORT_NAMES, Form, RowList
from ..online.names import shown_name
from ..online.ranked import RATED_GAMES, fingerprint, win_rate
from ..online.screen import OnlineScreen
from ..scene import register
from ..widgets import Button, Choice


@register("leaderboard")
class LeaderboardScene(OnlineScreen):
    """The leaderboard on the server ``online`` is connected to, starting with ``game``."""

    title = N_("Leaderboard")
    subtitle = N_("Rated players by rating (± the rating's uncertainty)")
    hint = N_("Left/Right changes the game · Page Up/Down turns the page · Esc goes back")

    def __init__(self, app: Any, online: Any, game: str = "pocket") -> None:
        super().__init__(app, online)
        self.board: dict | None = None
        self.error = ""
        self.offset = 0
        self.asked: tuple[str, int] | None = None     # the page asked for (a late answer to another is dropped)
        self.tabs = Choice(N_("Game"), [(g, SHORT_NAMES[g]) for g in RATED_GAMES], game,
                           lambda _v: self.load(0))
        self.list = RowList()
        self.list.columns = [0.0, 0.1, 0.45, 0.64, 0.75, 0.87]
        self.prev_button = Button(N_("Previous"), lambda: self.turn(-1))
        self.next_button = Button(N_("Next"), lambda: self.turn(1))
        self.back_button = Button(N_("Back"), self.back, hotkey=pygame.K_ESCAPE)
        self.form = Form([self.tabs, self.prev_button, self.next_button, self.back_button], focus=0)
        self._sync()

    @property
    def game(self) -> str:
        return self.tabs.value

    @property
    def per_page(self) -> int:
        self._layout(self.app.size)
        return max(1, self.list.visible_rows())

    # ------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        self.load(0)

    def load(self, offset: int) -> None:
        """Ask for the page of the current game that starts at rank ``offset + 1``."""
        lobby = self.online.lobby
        self.offset = max(0, offset)
        self.asked = (self.game, self.offset)
        self.error = ""
        self._sync()
        if lobby is None or not lobby.connected:
            self.error = _("Not connected.")
            return
        asked = self.asked
        lobby.leaderboard(self.game, offset=self.offset).addCallbacks(lambda msg: self._loaded(asked, msg),
                                                                      lambda f: self._failed(asked, f))

    def _loaded(self, asked: tuple[str, int], msg: dict) -> None:
        if asked != self.asked:
            return
        self.board = msg
        rows = (msg.get("rows") or [])[:self.per_page]
        names = [shown_name(r.get("name")) or "?" for r in rows]
        mine = self.online.identity.public if self.online.identity is not None else None
        cells, colours = [], []
        for r, name in zip(rows, names, strict=True):
            if names.count(name) > 1:
                name = f"{name} · {fingerprint(r.get('id'))}"
            own = mine is not None and r.get("id") == mine
            if own:
                name += " " + _("(you)")
            cells.append([str(r.get("rank", "?")), name, f"{int(r.get('rating', 0))} ± {int(r.get('rd', 0))}",
                          str(r.get("games", 0)), win_rate(r.get("jack")), win_rate(r.get("investigator"))])
            colours.append(theme.BRASS_LIGHT if own else None)
        self.list.set_rows(cells, colours)
        self.list.selected = next((i for i, r in enumerate(rows) if mine is not None and r.get("id") == mine), None)
        self._sync()

    def _failed(self, asked: tuple[str, int], failure: Any) -> None:
        if asked == self.asked:
            self.board = None
            self.list.set_rows([])
            self.error = _("The server did not send the leaderboard: {reason}").format(reason=net_error_text(failure))
            self._sync()

    def _sync(self) -> None:
        total = int((self.board or {}).get("total", 0))
        self.prev_button.enabled = self.offset > 0
        self.next_button.enabled = self.board is not None and self.offset + self.per_page < total

    # -------------------------------------------------------------- actions
    def turn(self, d: int) -> None:
        if (self.prev_button if d < 0 else self.next_button).enabled:
            self.app.play("click")
            self.load(self.offset + d * self.per_page)

    # --------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn(1 if event.key == pygame.K_PAGEDOWN else -1)
            return None
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.list.update(dt)

    # ----------------------------------------------------------------- draw
    def arrange(self, size: tuple[int, int], s: float) -> None:
        w, h = size
        margin = max(16, int(w * 0.05))
        top, bottom = int(h * 0.19), int(h * 0.86)
        pad = max(10, int(18 * s))
        fh = max(30, int(40 * s))
        bw = max(110, int(150 * s))
        self.box = pygame.Rect(margin, top, w - 2 * margin, bottom - top)
        x, iw = self.box.x + pad, self.box.w - 2 * pad
        self.tabs.rect = pygame.Rect(x - 6, self.box.y + pad, min(iw, int(640 * s) + 120) + 6, max(32, int(44 * s)))
        self.sides_y = self.tabs.rect.bottom + int(10 * s)
        list_top = self.sides_y + max(22, int(30 * s))
        self.list.row_h = max(24, int(32 * s))
        self.list.rect = pygame.Rect(x, list_top, iw, self.box.bottom - pad - fh - int(10 * s) - list_top)
        self.list.header = [""] * 6   # (named in the language of each frame: see draw)
        by = self.box.bottom - pad - fh
        self.next_button.rect = pygame.Rect(self.box.right - pad - bw, by, bw, fh)
        self.prev_button.rect = pygame.Rect(self.next_button.rect.x - bw - int(10 * s), by, bw, fh)
        self.page_pos = (x, by + fh // 2)
        bh = max(34, int(46 * s))
        self.back_button.rect = pygame.Rect(w // 2 - bw // 2, bottom + int(14 * s), bw, bh)

    def sides_text(self) -> str:
        """How often each side won the rated games of this game on the server."""
        sides = (self.board or {}).get("sides") or {}
        games = int(sides.get("games", 0))
        if not games:
            return _("No rated game of this game yet.")
        return ngettext("On this server Jack won {jack} and the investigator {inv} of {n} rated game.",
                        "On this server Jack won {jack} and the investigator {inv} of {n} rated games.",
                        games).format(jack=win_rate([sides.get("jack", 0), games]),
                                      inv=win_rate([sides.get("investigator", 0), games]), n=games)

    def draw_body(self, surface: pygame.Surface, s: float) -> None:
        look.panel(surface, self.box)
        fs = max(10, int(15 * s))
        text = self.sides_text() if self.board is not None else ""
        theme.blit_text(surface, text, theme.fit_size(text, fs, self.box.w - int(40 * s)), theme.TEXT_DIM,
                        (self.box.x + int(18 * s), self.sides_y), "topleft")
        if self.board is None:
            empty = self.error or _("Asking the server…")
        else:
            empty = _("Nobody has a rating in this game yet: play a rated game to be the first!")
        self.list.header = [_("Rank"), _("Player"), _("Rating"), _("Games"), _("As Jack"), _("As investigator")]
        self.list.draw(surface, empty)
        total = int((self.board or {}).get("total", 0))
        if total:
            last = min(total, self.offset + self.per_page)
            page = _("Ranks {first}–{last} of {total}").format(first=self.offset + 1, last=last, total=total)
            room = self.prev_button.rect.x - self.page_pos[0] - int(10 * s)
            theme.blit_text(surface, page, theme.fit_size(page, fs, room), theme.TEXT_DIM, self.page_pos, "midleft")
        self.form.draw(surface)
