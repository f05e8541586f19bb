"""Play online: your name, a lobby server's address (remembered), hosting a LAN game, LAN games found.

The scene owns the screens' network context (:class:`~game.ui.online.service.Online`):
it is made when the scene opens and closed when the scene leaves the stack,
which stops a lobby hosted here and any search for LAN games.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from net.server import DEFAULT_PORT

from .. import theme
from ..i18n import N_, _, ngettext
from ..online import form as look
from ..online.errors import net_error_text
from ..online.fields import TextField
from ..online.form import CLOCK_OPTIONS, SIDE_OPTIONS, Form, GamePicker, RowList
from ..online.rooms import open_room
from ..online.service import Online, clean_name, format_address, parse_address
from ..scene import Scene, register
from ..widgets import Button, Choice, Toast

#: How long a vanished player has to come back before the other may claim the game.


@register("online_connect")
class ConnectScene(Scene):
    """The first online screen; Connect leads to the lobby, Host straight to a room."""

    def __init__(self, app: Any, online: Online | None = None) -> None:
        super().__init__(app)
        self.online = online if online is not None else Online(app)
        self.online.on_found = self._found
        settings = getattr(app, "settings", None)
        self.toast = Toast()
        self.t = 0.0
        self.busy = ""
        self.name = TextField(self.online.name, placeholder=N_("Your name"), max_length=24)
        self.address = TextField(getattr(settings, "server_address", "") or "",
                                 placeholder=lambda: _("host:port, or tls://host:port for a public server"),
                                 max_length=200, on_submit=lambda _t: self.connect())
        self.connect_button = Button(N_("Connect"), self.connect, kind="primary")
        self.picker = GamePicker(on_change=self._relayout)
        self.side = Choice(N_("Your side"), SIDE_OPTIONS, "investigator")
        self.clock = Choice(N_("Clock"), CLOCK_OPTIONS, "none")
        self.host_button = Button(N_("Host a LAN game"), self.host, kind="primary")
        self.back_button = Button(N_("Back"), self.back, hotkey=pygame.K_ESCAPE)
        self.lan = RowList(on_activate=self._join_found)
        self.lan.columns = [0.0, 0.5, 0.77]
        self.join_found_button = Button(N_("Open"), self.open_found)
        self.seat: Any = None
        self.resume_button = Button(self._resume_label, self.resume, kind="primary")
        self.form = Form([self.resume_button, self.name, self.address, self.connect_button, self.picker.game,
                          self.picker.edition, self.side, self.clock, self.host_button, self.join_found_button,
                          self.back_button], focus=2)
        self._size: tuple[int, int] | None = None
        self._sync()

    def _relayout(self) -> None:
        self._size = None   # the Edition row comes or goes

    # ------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        self.refresh()
        self.online.start_search()

    def on_resume(self) -> None:
        self.busy = ""
        self.refresh()
        self.online.start_search()

    def refresh(self) -> None:
        """Offer to resume the online game this window left, if its seat is kept."""
        from ..online.resume import latest_seat

        try:
            self.seat = latest_seat(self.app)
        except OSError:
            self.seat = None
        self.resume_button.visible = self.resume_button.enabled = self.seat is not None

    def _resume_label(self) -> str:
        from ..online.resume import resume_label

        return resume_label(self.seat) if self.seat is not None else ""

    def resume(self) -> None:
        if self.busy or self.seat is None:
            return
        self.app.play("click")
        from ..online.resume import resume_seat

        self.busy = _("Coming back to the game…")
        self._sync()
        resume_seat(self, self.seat, self.online)

    def on_pause(self) -> None:
        self.online.stop_search()

    def on_exit(self) -> None:
        self.online.close()

    def _found(self, found: list[dict]) -> None:
        rows = []
        for info in found:
            rooms = info["rooms"]
            rows.append([info["name"], format_address(info["host"], info["port"]),
                         ngettext("{n} room open", "{n} rooms open", rooms).format(n=rooms)])
        self.lan.set_rows(rows, [theme.PARCHMENT if info["rooms"] else theme.TEXT_DIM for info in found])
        if self.lan.selected is None and rows:
            self.lan.selected = 0
        self._sync()

    def _sync(self) -> None:
        self.join_found_button.enabled = self.lan.selected is not None and not self.busy
        for b in (self.connect_button, self.host_button):
            b.enabled = not self.busy
        self.resume_button.enabled = self.resume_button.visible and not self.busy

    # -------------------------------------------------------------- actions
    def _name(self) -> str:
        name = clean_name(self.name.text) or self.online.name
        self.online.name = name
        return name

    def _name_ok(self) -> bool:
        """A name this window (and the others) can draw; else say which characters it cannot."""
        from ..online.names import undrawable

        bad = undrawable(clean_name(self.name.text))
        if bad:
            self.toast.show(_("Your name has characters this game cannot draw ({chars}): "
                              "please write it with other letters.").format(chars=bad), "error", 5.0)
            self.form.set_focus(self.name)
        return not bad

    def connect(self) -> None:
        """Connect to the typed address and open its lobby."""
        if self.busy:
            return
        self.app.play("click")
        if not self._name_ok():
            return
        text = self.address.text.strip()
        tls = text.lower().startswith("tls://")      # a public server: TLS, its certificate checked or pinned
        try:
            host, port = parse_address(text[6:] if tls else text)
        except ValueError as exc:
            if "port" in str(exc):
                self.toast.show(_("A port is a number from 1 to 65535, like {example}.").format(
                    example=f"example.org:{DEFAULT_PORT}"), "error", 3.5)
            else:
                self.toast.show(_("Type a server address, like {example}.").format(
                    example=f"example.org:{DEFAULT_PORT}"), "error", 3.5)
            self.form.set_focus(self.address)
            return
        self.online.remember(text, self._name())
        self._open_lobby(host, port, tls)

    def _open_lobby(self, host: str, port: int, tls: bool = False) -> None:
        self._name()
        self.busy = _("Connecting to {address}…").format(address=format_address(host, port))
        self._sync()
        d = self.online.connect(host, port, tls)

        def ok(welcome: dict) -> None:
            self.busy = ""
            self._sync()
            if self.app.stack.top is self:
                lobby = self.app.stack.make("online_lobby", self.app, self.online, welcome.get("server", ""))
                self.app.stack.push(lobby)

        def failed(f: Any) -> None:
            self.busy = ""
            self._sync()
            self.toast.show(_("Could not connect to {address}: {reason}").format(
                address=format_address(host, port), reason=net_error_text(f)), "error", 4.5)
        d.addCallbacks(ok, failed)

    def open_found(self) -> None:
        if self.lan.selected is not None:
            self._join_found(self.lan.selected)

    def _join_found(self, i: int) -> None:
        if self.busy or i >= len(self.online.found):
            return
        self.app.play("click")
        if not self._name_ok():
            return
        info = self.online.found[i]
        self.online.remember(name=self._name())
        self._open_lobby(info["host"], info["port"])

    def host(self) -> None:
        """Start a lobby in this process and open a room in it."""
        if self.busy:
            return
        self.app.play("click")
        if not self._name_ok():
            return
        self.online.remember(name=self._name())
        try:
            host, port = self.online.host()
        except Exception as exc:  # noqa: BLE001 - no port at all: say so
            self.toast.show(_("Could not start a game server here: {reason}").format(reason=str(exc)[:120]),
                            "error", 4.5)
            return
        self.busy = _("Opening a room…")
        self._sync()
        self.online.server = (host, port)
        game, edition = self.picker.value
        open_room(self, self.online, "create", side=self.side.value, private=False, host=host, port=port,
                  game=game, edition=edition, clock=self.clock.value)

    def back(self) -> None:
        self.app.play("click")
        self.app.stack.pop()

    # --------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        if self.lan.handle_event(event):
            self._sync()
            return None
        if self.form.handle_event(event):
            return None
        if event.type == pygame.TEXTINPUT and not isinstance(self.form.focused, TextField):
            self.form.set_focus(self.address)
            self.address.insert(event.text)
            return None
        return None

    def update(self, dt: float) -> None:
        self.t += dt
        self.toast.update(dt)
        self.form.update(dt)
        self.lan.update(dt)

    # ----------------------------------------------------------------- draw
    def _layout(self, size: tuple[int, int]) -> None:
        if size == self._size:
            return
        self._size = size
        w, h = size
        s = look.scale(size)
        self.left, self.right = look.two_panels(size, 0.2, 0.54)
        bottom = self.left.bottom
        pad = max(10, int(18 * s))
        fh = max(30, int(42 * s))
        x = self.left.x + pad
        inner_w = self.left.w - 2 * pad
        cap = max(16, int(24 * s))
        title_h = max(22, int(34 * s))
        y = self.left.y + pad + title_h
        self.name_caption = (x, y)
        self.name.rect = pygame.Rect(x, y + cap, min(inner_w, int(320 * s) + 80), fh)
        y = self.name.rect.bottom + int(14 * s)
        self.address_caption = (x, y)
        bw = max(110, int(150 * s))
        self.address.rect = pygame.Rect(x, y + cap, inner_w - bw - int(10 * s), fh)
        self.connect_button.rect = pygame.Rect(self.address.rect.right + int(10 * s), y + cap, bw, fh)
        y = self.address.rect.bottom + int(26 * s)
        self.host_title_y = y
        y += max(20, int(30 * s))
        self.host_hint_y = y
        y += max(36, int(38 * s))
        for row in (self.picker.game, self.picker.edition, self.side, self.clock):
            if row.visible:
                row.rect = pygame.Rect(x - 6, y, inner_w + 6, max(32, int(42 * s)))
                y = row.rect.bottom + int(4 * s)
        y += int(8 * s)
        label_w = theme.font(max(11, int(fh * 0.42)), "sans-bold").size(_(self.host_button.label))[0]
        self.host_button.rect = pygame.Rect(x, y, min(inner_w, max(200, int(280 * s), label_w + 40)), fh)
        self.resume_button.rect = pygame.Rect(self.right.x + pad, self.right.bottom - pad - fh,
                                              self.right.w - 3 * pad - bw, fh)
        # LAN list
        rx = self.right.x + pad
        rw = self.right.w - 2 * pad
        self.lan.rect = pygame.Rect(rx, self.right.y + pad + title_h + int(30 * s), rw,
                                    self.right.h - 2 * pad - title_h - int(30 * s) - fh - int(14 * s))
        self.lan.row_h = max(26, int(38 * s))
        self.join_found_button.rect = pygame.Rect(self.right.right - pad - bw, self.right.bottom - pad - fh, bw, fh)
        bh = max(34, int(46 * s))
        self.back_button.rect = pygame.Rect(w // 2 - bw // 2, bottom + int(18 * s), bw, bh)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        self._layout(size)
        w, h = size
        s = look.scale(size)
        look.backdrop(surface)
        look.heading(surface, _("Play online"))
        inner = look.panel(surface, self.left, _("Join or host a game"))
        look.caption(surface, _("Your name"), self.name_caption, inner.w)
        look.caption(surface, _("Server address"), self.address_caption, inner.w)
        size_h = max(13, int(19 * s))
        theme.blit_text(surface, _("Host a game on this computer"), theme.fit_size(
            _("Host a game on this computer"), size_h, inner.w, "serif-bold"), theme.BRASS_LIGHT,
            (inner.x, self.host_title_y), "topleft", "serif-bold")
        look.wrapped(surface, _("Players on your network find it under LAN games; anyone can join by address."),
                     max(10, int(14 * s)), theme.TEXT_DIM, (inner.x, self.host_hint_y), inner.w, 2)
        rin = look.panel(surface, self.right, _("LAN games found"))
        dots = "." * (1 + int(self.t * 2) % 3)
        if self.online.searched:
            status = _("Looking for games on your network") + dots
        else:
            status = _("Searching the local network") + dots
        theme.blit_text(surface, status, max(10, int(13 * s)), theme.TEXT_FAINT, (rin.x, rin.y), "topleft")
        empty = _("No games found yet. Ask the host for the address, or host one yourself.")
        self.lan.draw(surface, empty)
        # a small radar sweep while searching
        cx, cy = self.right.right - int(30 * s), self.right.y + int(30 * s)
        rad = max(6, int(11 * s))
        theme.aa_circle(surface, theme.PANEL_EDGE, (cx, cy), rad, 1)
        a = self.t * 3.0
        pygame.draw.line(surface, theme.BRASS, (cx, cy), (cx + rad * math.cos(a), cy + rad * math.sin(a)), 2)
        self.form.draw(surface)
        if self.busy:
            look.wrapped(surface, self.busy, max(12, int(16 * s)), theme.PARCHMENT,
                         (inner.x, self.host_button.rect.bottom + int(20 * s)), inner.w, 2)
        hint = _("Tab moves · Enter connects · Esc goes back")
        theme.blit_text(surface, hint, max(10, int(12 * s)), theme.TEXT_FAINT, (w // 2, h - int(14 * s)), "center")
        self.toast.draw(surface, (w // 2, int(h * 0.955)), max(12, int(16 * s)), int(w * 0.7))
