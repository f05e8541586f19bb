"""The lobby of one server: the rooms to join or watch, a new room, joining by code."""

from __future__ import annotations

from typing import Any

import pygame
from twisted.internet import task

from net.lobby import CODE_ALPHABET, CODE_LENGTH, PRIVATE_CODE_LENGTH

from .. import theme
from ..i18n import N_, _, ngettext
from ..online import form as look
from ..online.fields import TextField
from ..online.form import CLOCK_OPTIONS, SIDE_OPTIONS, Form, GamePicker, RowList, game_title, network_games
from ..online.names import shown_name
from ..online.rooms import open_room
from ..online.service import format_address
from ..scene import Scene, register
from ..widgets import Button, Choice, Toast

REFRESH_EVERY = 3.0
CODE_CHARS = CODE_ALPHABET
CODE_LENGTHS = (CODE_LENGTH, PRIVATE_CODE_LENGTH)
AWAY_OPTIONS = [(120, N_("2 min")), (300, N_("5 min")), (600, N_("10 min"))]


@register("online_lobby")
class LobbyScene(Scene):
    """Rooms on the server the connect screen opened (``online.lobby``)."""

    def __init__(self, app: Any, online: Any, server_name: str = "") -> None:
        super().__init__(app)
        self.online = online
        self.server_name = server_name
        self.toast = Toast()
        self.t = 0.0
        self.busy = ""
        self.rooms: list[dict] = []
        self.loaded = False
        self.list = RowList(on_pick=lambda i: self._sync(), on_activate=self._activate)
        self.list.columns = [0.0, 0.14, 0.47, 0.68]
        self.join_button = Button(N_("Join"), self.join_selected, kind="primary")
        self.watch_button = Button(N_("Watch"), self.watch_selected)
        self.picker = GamePicker(on_change=self._relayout)
        self.side = Choice(N_("Your side"), SIDE_OPTIONS, "investigator")
        self.visibility = Choice(N_("Room"), [(False, N_("Public")), (True, N_("Private"))], False)
        self.clock = Choice(N_("Clock"), CLOCK_OPTIONS, "none")
        self.away = Choice(N_("Back within"), AWAY_OPTIONS, 120)
        self.create_button = Button(N_("Create room"), self.create, kind="primary")
        self.code = TextField("", placeholder=N_("Room code"), max_length=PRIVATE_CODE_LENGTH, upper=True,
                              allowed=lambda c: c in CODE_CHARS, on_submit=lambda _t: self.join_code())
        self.code_button = Button(N_("Join"), self.join_code)
        self.code_watch_button = Button(N_("Watch"), self.watch_code)   # a private room's watch code
        self.back_button = Button(N_("Back"), self.back, hotkey=pygame.K_ESCAPE)
        self.quick_button = Button(N_("Quick match"), lambda: self.ranked("quick_match"), kind="primary")
        self.leaderboard_button = Button(N_("Leaderboard"), self.leaderboard)
        self.profile_button = Button(N_("Profile"), lambda: self.ranked("profile"))
        self.form = Form([self.join_button, self.watch_button, self.picker.game, self.picker.edition, self.side,
                          self.visibility, self.clock, self.away, self.create_button, self.code, self.code_button,
                          self.code_watch_button, self.quick_button, self.leaderboard_button, self.profile_button,
                          self.back_button], focus=8)
        self._refresh: task.LoopingCall | None = None
        self._size: tuple[int, int] | None = None
        self._sync()

    # ------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        lobby = self.online.lobby
        if lobby is not None:
            lobby.on_disconnect = self._lost
        self._start_refresh()

    def on_resume(self) -> None:
        self.busy = ""
        self._sync()
        self._start_refresh()

    def on_pause(self) -> None:
        self._stop_refresh()

    def on_exit(self) -> None:
        self._stop_refresh()
        self.online.disconnect()

    def _relayout(self) -> None:
        self._size = None   # the Edition row comes or goes

    def _start_refresh(self) -> None:
        if self._refresh is None or not self._refresh.running:
            self._refresh = task.LoopingCall(self.refresh)
            self._refresh.clock = self.online.reactor
            self._refresh.start(REFRESH_EVERY, now=True)

    def _stop_refresh(self) -> None:
        if self._refresh is not None and self._refresh.running:
            self._refresh.stop()
        self._refresh = None

    def _lost(self, reason: Any) -> None:
        self._stop_refresh()
        if self.app.stack.top is self:
            self.app.stack.pop()
            below = self.app.stack.top
            if below is not None and hasattr(below, "toast"):
                below.toast.show(_("The connection to the server was lost."), "error", 4.0)

    def refresh(self) -> None:
        lobby = self.online.lobby
        if lobby is None or not lobby.connected:
            return
        d = lobby.list_rooms()
        d.addCallbacks(self._rooms, lambda f: None)

    def _rooms(self, rooms: list[dict]) -> None:
        picked = self.rooms[self.list.selected]["code"] if self.list.selected is not None and \
            self.list.selected < len(self.rooms) else None
        order = {"waiting": 0, "playing": 1, "over": 2}
        ours = {r.name for r in network_games()}   # rooms of games this client can show
        self.rooms = sorted((r for r in rooms if r["game"] in ours),
                            key=lambda r: (order.get(r["status"], 3), r["code"]))
        self.loaded = True
        rows, colours = [], []
        for r in self.rooms:
            if r["status"] == "waiting":
                wants = ", ".join(_("Jack") if s == "jack" else _("Investigator") for s in r["open"])
                state = _("free seat: {sides}").format(sides=wants)
                colours.append(theme.PARCHMENT)
            else:
                state = _("playing")
                colours.append(theme.TEXT_DIM)
            n = r["spectators"]
            if n:
                state += " · " + ngettext("{n} spectator", "{n} spectators", n).format(n=n)
            rows.append([r["code"], game_title(r["game"], r.get("edition")), shown_name(r["host"]), state])
        self.list.set_rows(rows, colours)
        self.list.selected = next((i for i, r in enumerate(self.rooms) if r["code"] == picked), None)
        if self.list.selected is None and self.rooms and self.rooms[0]["status"] == "waiting":
            self.list.selected = 0
        self._sync()

    def _selected(self) -> dict | None:
        i = self.list.selected
        return self.rooms[i] if i is not None and i < len(self.rooms) else None

    def _sync(self) -> None:
        r = self._selected()
        free = not self.busy
        self.join_button.enabled = free and r is not None and r["status"] == "waiting" and bool(r["open"])
        self.watch_button.enabled = free and r is not None
        self.create_button.enabled = free
        self.code_button.enabled = free and len(self.code.text) in CODE_LENGTHS
        self.code_watch_button.enabled = self.code_button.enabled

    # -------------------------------------------------------------- actions
    def _go(self, how: str, **kw: Any) -> None:
        if self.busy:
            return
        self.app.play("click")
        self.busy = {"create": _("Opening a room…"), "join": _("Joining…"), "spectate": _("Opening the game…")}[how]
        self._sync()
        open_room(self, self.online, how, **kw)

    def join_selected(self) -> None:
        r = self._selected()
        if r is not None and r["status"] == "waiting" and r["open"]:
            side = self.side.value if self.side.value in r["open"] else "any"
            self._go("join", code=r["code"], side=side)

    def watch_selected(self) -> None:
        r = self._selected()
        if r is not None:
            self._go("spectate", code=r["code"])

    def _activate(self, i: int) -> None:
        r = self._selected()
        if r is None:
            return
        if r["status"] == "waiting":
            self.join_selected()
        else:
            self.watch_selected()

    def create(self) -> None:
        game, edition = self.picker.value
        clock = self.clock.value if self.away.value == 120 else f"{self.clock.value}/{self.away.value}"
        self._go("create", side=self.side.value, private=bool(self.visibility.value), game=game, edition=edition,
                 clock=clock)

    def join_code(self) -> None:
        code = self.code.text.strip().upper()
        if len(code) not in CODE_LENGTHS:   # public rooms 5, private rooms 10
            self.toast.show(_("A room code has 5 or 10 letters and digits."), "error")
            return
        self._go("join", code=code, side=self.side.value)   # the side chosen ("any": the free seat)

    def watch_code(self) -> None:
        """Watch by code: a public room's code, or the watch code a private room's player handed out."""
        code = self.code.text.strip().upper()
        if len(code) not in CODE_LENGTHS:
            self.toast.show(_("A room code has 5 or 10 letters and digits."), "error")
            return
        self._go("spectate", code=code)

    def ranked(self, screen: str) -> None:
        """Open ``screen`` (Quick match, Profile), asking for the player's name first if no identity exists."""
        if self.busy:
            return
        self.app.play("click")
        stack = self.app.stack
        if self.online.player_identity() is None:
            stack.push(stack.make("online_identity", self.app, self.online,
                                  then=lambda: stack.push(stack.make(screen, self.app, self.online))))
        else:
            stack.push(stack.make(screen, self.app, self.online))

    def leaderboard(self) -> None:
        self.app.play("click")
        self.app.stack.push(self.app.stack.make("leaderboard", self.app, self.online, self.picker.game.value))

    def back(self) -> None:
        self.app.play("click")
        self.app.stack.pop()

    # --------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        if self.list.handle_event(event):
            return None
        if self.form.handle_event(event):
            self._sync()
            return None
        if event.type == pygame.TEXTINPUT and event.text.upper() in CODE_CHARS:
            self.form.set_focus(self.code)
            self.code.insert(event.text)
            self._sync()
        return None

    def update(self, dt: float) -> None:
        self.t += dt
        self.toast.update(dt)
        self.form.update(dt)
        self.list.update(dt)

    # ----------------------------------------------------------------- draw
    def _layout(self, size: tuple[int, int]) -> None:
        if size == self._size:
            return
        self._size = size
        w, h = size
        s = look.scale(size)
        self.left, self.right = look.two_panels(size, 0.22, 0.58 if w >= 1000 else 0.47)  # (narrow: room for choices)
        margin, gap, bottom = self.left.x, self.right.x - self.left.right, self.left.bottom
        pad = max(10, int(18 * s))
        fh = max(30, int(40 * s))
        bw = max(96, int(130 * s))
        title_h = max(22, int(34 * s))
        self.list.rect = pygame.Rect(self.left.x + pad, self.left.y + pad + title_h, self.left.w - 2 * pad,
                                     self.left.h - 2 * pad - title_h - fh - int(14 * s))
        # A narrow window stacks each room on two lines (code and game; host and status), so no
        # column is cut to a few letters.
        self.list.stacked = w < 1000
        self.list.row_h = max(46, int(58 * s)) if self.list.stacked else max(30, int(36 * s))
        code_w = theme.font(self.list.text_size(), "sans-bold").size("W" * CODE_LENGTH)[0] + 16
        first = max(0.14, code_w / max(1, self.list.rect.w - 20))   # (a room code is never cut)
        k = (1 - first) / 0.86
        if self.list.stacked:
            self.list.columns = [0.0, first]
            self.list.header = [_("Code"), _("Game")]
        else:
            self.list.columns = [0.0, first, first + 0.33 * k, first + 0.54 * k]
            self.list.header = [_("Code"), _("Game"), _("Host"), _("Status")]
        by = self.left.bottom - pad - fh
        self.join_button.rect = pygame.Rect(self.left.right - pad - bw, by, bw, fh)
        self.watch_button.rect = pygame.Rect(self.join_button.rect.x - bw - int(10 * s), by, bw, fh)
        x = self.right.x + pad
        iw = self.right.w - 2 * pad
        y = self.right.y + pad + title_h
        rows = [r for r in (self.picker.game, self.picker.edition, self.side, self.visibility, self.clock,
                            self.away) if r.visible]
        room = (self.right.bottom - y - fh - int(12 * s) - int(36 * s) - max(22, int(34 * s)) - fh - pad
                - fh - int(8 * s))   # (the code's Join and Watch rows)
        ch = max(28, min(max(int(46 * s), 34), room // len(rows) - int(6 * s)))   # (two lines fit when narrow)
        for row in rows:
            if row.visible:
                row.rect = pygame.Rect(x - 6, y, iw + 6, ch)
                y += ch + int(6 * s)
        self.create_button.rect = pygame.Rect(x, rows[-1].rect.bottom + int(12 * s), iw, fh)
        self.code_title_y = self.create_button.rect.bottom + int(36 * s)
        cy = self.code_title_y + max(22, int(34 * s))
        self.code.rect = pygame.Rect(x, cy, iw - bw - int(10 * s), fh)
        self.code_button.rect = pygame.Rect(self.code.rect.right + int(10 * s), cy, bw, fh)
        self.code_watch_button.rect = self.code_button.rect.move(0, fh + int(8 * s))
        bh = max(34, int(46 * s))
        row = [self.quick_button, self.leaderboard_button, self.profile_button, self.back_button]
        rw = min(max(bw, int(180 * s)), (w - 2 * margin - 3 * gap) // len(row))
        x0 = w // 2 - (len(row) * rw + (len(row) - 1) * gap) // 2
        for i, b in enumerate(row):
            b.rect = pygame.Rect(x0 + i * (rw + gap), bottom + int(14 * s), rw, bh)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        self._layout(size)
        w, h = size
        s = look.scale(size)
        look.backdrop(surface)
        server = self.online.server
        where = format_address(*server) if server else ""
        sub = f"{self.server_name} · {where}" if self.server_name else where
        look.heading(surface, _("Lobby"), _("Playing as {name} · {server}").format(name=self.online.name,
                                                                                 server=sub))
        look.panel(surface, self.left, _("Rooms"))
        empty = _("Looking for rooms…") if not self.loaded else _("No open rooms yet. Create one, and tell a friend!")
        self.list.draw(surface, empty)
        rin = look.panel(surface, self.right, _("New room"))
        size_h = max(13, int(19 * s))
        theme.blit_text(surface, _("Join by code"), theme.fit_size(_("Join by code"), size_h, rin.w, "serif-bold"),
                        theme.BRASS_LIGHT, (rin.x, self.code_title_y), "topleft", "serif-bold")
        self.form.draw(surface)
        if self.busy:
            theme.blit_text(surface, self.busy, max(12, int(16 * s)), theme.PARCHMENT,
                            (self.right.centerx, self.code_watch_button.rect.bottom + int(12 * s)), "midtop")
        hint = _("Click a room, then Join or Watch · Quick match finds you an opponent · Esc goes back")
        theme.blit_text(surface, hint, max(10, int(12 * s)), theme.TEXT_FAINT, (w // 2, h - int(14 * s)), "center")
        self.toast.draw(surface, (w // 2, int(h * 0.955)), max(12, int(16 * s)), int(w * 0.7))
