"""Quick match: choose a game and a clock, wait in the server's queue, play whoever it pairs you with.

The server pairs players of close ratings (the window widens as they
wait) and gives the sides by history; no bot is ever put in the queue.
"Play a bot while you wait" opens an unrated game against the bot over
this screen; the place in the queue is kept, and a pairing interrupts
the bot game with a prompt (the rated game's clock is running).
While the player waits, the screen shows a turning lamp, the time
waited and how many wait for the same game (``queued.waiting``), and
Cancel.  When the pairing comes, the server seats the player like any
join (``joined``, then ``start``) and the screen gives way to the game.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pygame
from twisted.internet import task

from .. import theme
from ..i18n import N_, _, ngettext
from ..online import form as look
from ..online.driver import NetDriver
from ..online.errors import net_error_text
from ..online.form import CLOCK_OPTIONS, Form, GamePicker, game_title
from ..online.panel import clock_text
from ..online.ranked import rating_text
from ..online.screen import OnlineScreen
from ..scene import register
from ..widgets import Button, Choice

FOUND_PAUSE = 1.2   # seconds to read "Opponent found" before the board opens
WATCH_EVERY = 0.25  # seconds between two looks for a pairing while a bot game covers the screen


@register("quick_match")
class QuickMatchScene(OnlineScreen):
    """Choose, then wait (``driver`` is the game being matched while waiting, else ``None``)."""

    title = N_("Quick match")
    subtitle = N_("An opponent of about your strength, found by the server")

    def __init__(self, app: Any, online: Any) -> None:
        super().__init__(app, online)
        self.driver: NetDriver | None = None
        self.ratings: dict[str, dict] = {}
        self.queued = False                 # the server has our place in the queue
        self.cancelling = False
        self.waited = 0.0
        self.found_for = 0.0
        self.picker = GamePicker(on_change=self.relayout)
        self.clock = Choice(N_("Clock"), CLOCK_OPTIONS, "10+5")
        self.find_button = Button(N_("Find an opponent"), self.find, kind="primary")
        self.back_button = Button(N_("Back"), self.back, hotkey=pygame.K_ESCAPE)
        self.cancel_button = Button(N_("Cancel"), self.cancel, hotkey=pygame.K_ESCAPE)
        self.choose_form = Form([self.picker.game, self.picker.edition, self.clock, self.find_button,
                                 self.back_button], focus=3)
        self.bot_button = Button(N_("Play a bot while you wait"), self.play_bot)
        self.wait_form = Form([self.cancel_button, self.bot_button], focus=0)
        self._watch: task.LoopingCall | None = None
        self._told = False                  # the pairing was announced over the bot game

    def on_enter(self) -> None:
        """Ask for the player's ratings, to show where the queue starts looking."""
        lobby, me = self.online.lobby, self.online.identity
        if lobby is not None and lobby.connected and me is not None:
            lobby.profile(me.public).addCallbacks(self._rated, lambda _f: None)

    def _rated(self, profile: dict) -> None:
        self.ratings = {r.get("game"): r for r in profile.get("ratings") or []}

    def rating_line(self) -> str:
        """The player's rating in the chosen game (the queue pairs around it)."""
        game, edition = self.picker.value
        r = self.ratings.get(game)
        if r is None:
            return _("You have no rating in {game} yet: you start at 1500.").format(game=game_title(game))
        rating = rating_text(dict(r, provisional=False))
        if r.get("provisional"):
            rating += " " + _("(provisional)")
        return _("Your rating in {game}: {rating}").format(game=game_title(game), rating=rating)

    @property
    def waiting(self) -> bool:
        return self.driver is not None

    @property
    def form(self) -> Form:
        return self.wait_form if self.waiting else self.choose_form

    # -------------------------------------------------------------- actions
    def find(self) -> None:
        """Join the queue for the chosen game, edition and clock."""
        if self.waiting:
            return
        self.app.play("click")
        game, edition = self.picker.value
        net_game = self.online.new_game()
        driver = NetDriver(self.app, net_game, self.online)
        driver.how = "quick"
        self.driver, self.queued, self.cancelling, self.waited, self.found_for = driver, False, False, 0.0, 0.0
        self.wait_form.focus = 0
        net_game.quick_match(game, edition, self.clock.value).addCallbacks(
            lambda _msg: self._queued(driver), lambda f: self._refused(driver, f))

    def _queued(self, driver: NetDriver) -> None:
        if driver is self.driver:
            self.queued = True

    def _refused(self, driver: NetDriver, failure: Any) -> None:
        if driver is not self.driver:
            return
        self._stop_waiting()
        self.toast.show(_("Could not join the queue: {reason}").format(reason=net_error_text(failure)), "error",
                        5.0)

    def _stop_waiting(self) -> None:
        if self.driver is not None:
            self.driver.close()
        self.driver = None
        self.queued = self.cancelling = False

    def cancel(self) -> None:
        """Leave the queue (a pairing that came first still starts the game)."""
        d = self.driver
        if d is None or self.cancelling or d.ready:
            return
        self.app.play("click")
        self.cancelling = True
        d.game.cancel_quick_match().addBoth(lambda _r: self._cancelled(d))

    def _cancelled(self, driver: NetDriver) -> None:
        if driver is self.driver and not driver.ready and not driver.started:
            self._stop_waiting()
            self.toast.show(_("You left the queue."), "info", 3.0)

    def play_bot(self) -> None:
        """A game against the bot on top of this screen; the place in the queue is kept."""
        if self.driver is None or not self.queued or self.driver.ready:
            return
        self.app.play("click")
        game, edition = self.picker.value
        self._told = False
        self.app.stack.push(self.app.stack.kind("game").new(self.app, random.randrange(1, 2 ** 31), game=game,
                                                            edition=edition))

    def _paired_meanwhile(self) -> None:
        """While another screen covers this one: a pairing interrupts it, with a word first."""
        d = self.driver
        if d is None or not d.ready or self._told or self.app.stack.top is self:
            return
        self._told = True
        name = d.players.get(d.opponent or "") or _("Your opponent")
        text = _("{name} is ready: your rated game begins now, and the game against the bot ends here.").format(
            name=name)
        self.app.stack.push(self.app.stack.make("confirm", self.app, N_("Opponent found"), text,
                                                [(N_("Play the rated game"), self._to_match, "primary")]))

    def _to_match(self) -> None:
        """Close the bot game (and whatever covers this screen): the rated game opens from here."""
        while self.app.stack.top is not self and len(self.app.stack) > 1:
            self.app.stack.pop()
        self.found_for = FOUND_PAUSE

    # ------------------------------------------------------------ lifecycle
    def on_pause(self) -> None:
        if self._watch is None:
            self._watch = task.LoopingCall(self._paired_meanwhile)
            self._watch.clock = self.online.reactor
            self._watch.start(WATCH_EVERY, now=False)

    def on_resume(self) -> None:
        self._stop_watch()

    def _stop_watch(self) -> None:
        if self._watch is not None and self._watch.running:
            self._watch.stop()
        self._watch = None

    def on_exit(self) -> None:
        self._stop_watch()
        d = self.driver
        if d is not None and not d.closed:   # the place in the queue (or a seat just given) goes with the screen
            d.leave() if d.joined is not None else d.close()

    # --------------------------------------------------------------- events
    def update(self, dt: float) -> None:
        super().update(dt)
        d = self.driver
        if d is None:
            return
        self.waited += dt
        self.bot_button.enabled = self.queued and not self.cancelling
        if d.result is not None and not d.ready:
            self._stop_waiting()
            self.toast.show(_("The game could not start: {reason}").format(reason=(d.result.reason or "")[:120]),
                            "error", 5.0)
            return
        if d.ready:
            self.found_for += dt
            if self.found_for >= FOUND_PAUSE:
                self.driver = None                 # the game scene holds it now
                self.app.stack.replace(d.scene_for())

    # ----------------------------------------------------------------- draw
    def arrange(self, size: tuple[int, int], s: float) -> None:
        w, h = size
        pw = min(w - 40, int(760 * s) + 120)
        self.box = pygame.Rect((w - pw) // 2, int(h * 0.2), pw, int(h * 0.64))
        pad = max(12, int(24 * s))
        x, iw = self.box.x + pad, self.box.w - 2 * pad
        y = self.box.y + pad + max(22, int(34 * s)) + max(30, int(44 * s))
        for row in (self.picker.game, self.picker.edition, self.clock):
            if row.visible:
                row.rect = pygame.Rect(x - 6, y, iw + 6, max(32, int(44 * s)))
                y = row.rect.bottom + int(8 * s)
        fh = max(34, int(46 * s))
        bw = max(110, int(150 * s))
        self.find_button.rect = pygame.Rect(x, y + int(14 * s), iw, fh)
        self.back_button.rect = pygame.Rect(w // 2 - bw // 2, self.box.bottom + int(16 * s), bw, fh)
        bot_w = min(iw // 2, max(bw, int(330 * s)))
        total = bw + bot_w + int(12 * s)
        self.cancel_button.rect = pygame.Rect(w // 2 - total // 2, self.box.bottom - pad - fh, bw, fh)
        self.bot_button.rect = pygame.Rect(self.cancel_button.rect.right + int(12 * s), self.box.bottom - pad - fh,
                                           bot_w, fh)

    def _draw_lamp(self, surface: pygame.Surface, center: tuple[int, int], r: int) -> None:
        """Eight lamps around a circle, one lit and turning (the waiting indicator)."""
        lit = self.t * 8
        for i in range(8):
            a = i / 8 * math.tau - math.pi / 2
            p = (center[0] + r * math.cos(a), center[1] + r * math.sin(a))
            age = (lit - i) % 8
            glow = max(0.0, 1 - age / 5)
            col = theme.mix(theme.PANEL_EDGE, theme.BRASS_LIGHT, glow)
            theme.aa_circle(surface, col, p, max(3, r // 6) * (0.7 + 0.3 * glow))

    def draw_body(self, surface: pygame.Surface, s: float) -> None:
        w = surface.get_width()
        if not self.waiting:
            inner = look.panel(surface, self.box, _("What do you want to play?"))
            note = _("Rated: the result changes both ratings. The server gives the sides in turn.")
            look.wrapped(surface, note, max(10, int(15 * s)), theme.TEXT_DIM, (inner.x, inner.y), inner.w, 2)
            self.form.draw(surface)
            line = self.rating_line()
            theme.blit_text(surface, line, theme.fit_size(line, max(11, int(17 * s)), inner.w, "serif-bold"),
                            theme.PARCHMENT, (w // 2, self.find_button.rect.bottom + int(28 * s)), "midtop",
                            "serif-bold")
        else:
            self._draw_waiting(surface, s)

    def _draw_waiting(self, surface: pygame.Surface, s: float) -> None:
        d = self.driver
        assert d is not None
        w = surface.get_width()
        inner = look.panel(surface, self.box)
        game, edition = self.picker.value
        what = game_title(game, edition) + " · " + _("Clock") + " " + _(dict(CLOCK_OPTIONS)[self.clock.value])
        fs = max(12, int(18 * s))
        theme.blit_text(surface, what, theme.fit_size(what, fs, inner.w, "serif-bold"), theme.BRASS_LIGHT,
                        (w // 2, inner.y), "midtop", "serif-bold")
        cy = inner.y + int(inner.h * 0.34)
        if d.ready:
            opponent = d.players.get(d.opponent or "") or _("Your opponent")
            head = _("Opponent found: {name}").format(name=opponent)
            sub = _("You play Jack.") if d.role == "jack" else _("You play the investigator.")
            col = theme.GOOD
        else:
            self._draw_lamp(surface, (w // 2, cy), max(18, int(34 * s)))
            head = _("Leaving the queue…") if self.cancelling else (
                _("Looking for an opponent…") if self.queued else _("Joining the queue…"))
            n = (d.game.queued or {}).get("waiting") if self.queued else None
            sub = ngettext("{n} player waits for this game", "{n} players wait for this game", n).format(n=n) \
                if isinstance(n, int) else ""
            col = theme.PARCHMENT
        y = cy + max(30, int(52 * s))
        theme.blit_text(surface, head, theme.fit_size(head, max(14, int(24 * s)), inner.w, "serif-bold"), col,
                        (w // 2, y), "midtop", "serif-bold")
        y += max(22, int(36 * s))
        waited = _("Waiting for {time}").format(time=clock_text(int(self.waited)))
        for line in (waited, sub):
            if line:
                theme.blit_text(surface, line, theme.fit_size(line, fs - 2, inner.w), theme.TEXT_DIM, (w // 2, y),
                                "midtop")
                y += theme.font(fs - 2).get_linesize() + int(4 * s)
        if not d.ready:
            self.form.draw(surface)
            note = _("The bot game is not rated; when the server pairs you, it stops and your rated game begins.")
            look.wrapped(surface, note, max(10, int(13 * s)), theme.TEXT_FAINT,
                         (w // 2, self.cancel_button.rect.y - int(48 * s)), inner.w, 2, anchor="midtop")
