"""New game: choose the game, solo against a bot or hot-seat, your side and the bot.

The choices are kept in the settings and offered again next time.  A new
game replaces the unfinished game of the same game and mode (one is kept
per game and mode), so Start asks first when there is one.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from ...bots import BOTS, make_bot
from ...bots.personality import PERSONAL_LEVELS
from ...engine.rulesets import RULESETS
from .. import theme
from ..games import CLIENT_GAMES, EDITION_LABELS
from ..i18n import N_, _
from ..opponents import BOT_HELP, BOT_LABELS, BOT_ORDER, STYLE_HELP, STYLE_LABELS, bot_spec, style_names
from ..save_texts import describe_save
from ..scene import Scene, register
from ..widgets import Button, Choice, Toast, draw_title, ornament

#: Rule sets the client can draw and play; others are offered once their board is drawn.


def bot_names() -> list[str]:
    """The levels a player picks from, the weakest first.

    Other registered bots (``hard1``, a yardstick for the arena) are left out of the window.
    """
    make_bot("random")  # importing the bots' modules registers them
    return [n for n in BOT_ORDER if n in BOTS]


def default_bot(names: list[str]) -> str:
    for name in ("normal", "greedy"):
        if name in names:
            return name
    return names[0]


@register("setup")
class SetupScene(Scene):
    """Pick the options, then Start replaces this scene with the game."""

    def __init__(self, app: Any, seed: int | None = None) -> None:
        super().__init__(app)
        self.seed = seed
        self.toast = Toast()
        bots = bot_names()
        games = [r for r in RULESETS if r.name in CLIENT_GAMES]
        self.game = Choice(N_("Game"), [(r.name, (lambda r=r: _(r.title))) for r in games], games[0].name,
                           lambda v: self._sync())
        london = next((r for r in games if r.name == "london"), None)
        editions = list(getattr(london, "editions", ())) if london is not None else []
        self.edition = Choice(N_("Edition"), [(e, EDITION_LABELS.get(e, e)) for e in editions],
                              getattr(london, "default_edition", editions[0] if editions else None))
        self.mode = Choice(N_("Mode"), [("solo", N_("Solo against a bot")), ("hotseat", N_("Hot-seat (two players)"))],
                           "solo", lambda v: self._sync())
        self.side = Choice(N_("Your side"), [("investigator", N_("Investigator")), ("jack", N_("Jack")),
                                             ("random", N_("Random"))], "investigator")
        self.bot = Choice(N_("Bot"), [(b, BOT_LABELS.get(b, (lambda b=b: b.title()))) for b in bots],
                          default_bot(bots), lambda v: self._sync())
        self.style = Choice(N_("Style"), [(n, STYLE_LABELS[n]) for n in style_names()], "plain")
        self._recall()
        self.all_rows = [self.game, self.edition, self.mode, self.side, self.bot, self.style]
        self.rows = [self.game, self.mode, self.side, self.bot, self.style]
        self.start_button = Button(N_("Start"), self.start, kind="primary")
        self.back_button = Button(N_("Back"), self.back)
        self._size: tuple[int, int] | None = None
        self.focus = 1
        self._sync()

    def _remembered(self) -> dict[str, Choice]:
        return {"last_game": self.game, "last_edition": self.edition, "last_mode": self.mode,
                "last_side": self.side, "last_bot": self.bot, "last_style": self.style}

    def _recall(self) -> None:
        """Offer the choices of the last game started (values no longer offered are skipped)."""
        for name, choice in self._remembered().items():
            value = getattr(self.app.settings, name, "")
            if value and any(v == value for v, _label in choice.options):
                choice.value = value

    def _remember(self) -> None:
        settings = self.app.settings
        for name, choice in self._remembered().items():
            if hasattr(settings, name) and choice.value is not None:
                setattr(settings, name, str(choice.value))
        problem = self.app.save_settings() if hasattr(self.app, "save_settings") else None
        if problem:
            self.toast.show(_("The settings could not be saved: {reason}").format(reason=problem), "error", 3.0)

    def _sync(self) -> None:
        solo = self.mode.value == "solo"
        self.side.enabled = solo
        self.bot.enabled = solo
        self.style.enabled = solo and self.bot.value in PERSONAL_LEVELS
        focused = self._focusables()[self.focus] if hasattr(self, "focus") else None
        rows = [r for r in self.all_rows if r is not self.edition or self.game.value == "london"]
        if rows != self.rows:
            self.rows = rows
            self._size = None  # lay out again
            if focused is not None and focused in self._focusables():
                self.focus = self._focusables().index(focused)

    def _focusables(self) -> list[Any]:
        return [*self.rows, self.start_button, self.back_button]

    # -------------------------------------------------------------- actions
    def start(self) -> None:
        """Start the game chosen, after asking if it would replace an unfinished one."""
        self.app.play("click")
        self._remember()
        game, mode = self.game.value, self.mode.value
        saves = getattr(self.app, "saves", None)
        held = None
        if saves is not None and hasattr(saves, "slot_info"):
            try:
                held = saves.slot_info(game, mode)
            except OSError:
                held = None
        if held is None or not held.ok:  # a damaged file is set aside when the new game saves, not lost
            self._start_now()
            return
        self.app.stack.push(self.app.stack.make(
            "confirm", self.app, N_("Replace the unfinished game?"),
            lambda: _("An unfinished game is kept for this game and mode: {what}. "
                      "A new game replaces it.").format(what=describe_save(held)),
            [(N_("Resume it"), lambda: self._resume(held), "primary"),
             (N_("Start a new game"), self._start_now, "danger"),
             (N_("Cancel"), lambda: None, "normal")]))

    def _resume(self, info: Any) -> None:
        GameScene = self.app.stack.kind("game")

        try:
            scene = GameScene.from_record(self.app, self.app.saves.load(info.path))
        except ValueError as exc:  # SaveError is one too
            self.toast.show(_("The saved game cannot be resumed: {reason}").format(reason=exc), "error", 4.0)
            return
        self.app.stack.replace(scene)

    def _start_now(self) -> None:
        GameScene = self.app.stack.kind("game")

        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(1, 2**31)
        side = self.side.value
        if side == "random":
            side = random.SystemRandom().choice(["investigator", "jack"])
        game = self.game.value
        edition = self.edition.value if game == "london" else None
        if self.mode.value == "hotseat":
            scene = GameScene.new(self.app, seed, mode="hotseat", human="both", bot=None, game=game, edition=edition)
        else:
            scene = GameScene.new(self.app, seed, mode="solo", human=side,
                                  bot=bot_spec(self.bot.value, self.style.value), game=game, edition=edition)
        self.app.stack.replace(scene)

    def back(self) -> None:
        self.app.play("click")
        self.app.stack.pop()

    # --------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        items = self._focusables()
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
            elif k in (pygame.K_DOWN, pygame.K_TAB) and not (event.mod & pygame.KMOD_SHIFT):
                self.focus = self._next(1)
            elif k in (pygame.K_UP, pygame.K_TAB):
                self.focus = self._next(-1)
            elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus < len(self.rows):
                self.rows[self.focus].step(1 if k == pygame.K_RIGHT else -1)
                self.app.play("click")
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.focus < len(self.rows):
                    self.start()
                else:
                    items[self.focus].on_click()
            elif k == pygame.K_SPACE and self.focus < len(self.rows):
                self.rows[self.focus].step(1)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            for i, w in enumerate(items):
                if w.handle_event(event):
                    if i < len(self.rows):
                        self.focus = i
                        self.app.play("click")
                    return None
            return None
        return event

    def _next(self, d: int) -> int:
        items = self._focusables()
        i = self.focus
        for _step in range(len(items)):
            i = (i + d) % len(items)
            if getattr(items[i], "enabled", True):
                return i
        return self.focus

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    # ----------------------------------------------------------------- draw
    def _layout(self, size: tuple[int, int]) -> None:
        if size == self._size:
            return
        self._size = size
        w, h = size
        pw = min(w - 2 * max(16, w // 16), 900)
        n = len(self.rows)
        top = int(h * (0.25 if n <= 4 else 0.21 if n == 5 else 0.19))
        bh = max(38, int(h * 0.065))
        # the rows share what the title, the help lines, the buttons and the keys leave
        fit = (int(h * 0.92) - top - int(h * 0.13) - bh) * 3 // (4 * n)
        row_h = max(32, min(62, int(h * 0.08), fit))
        gap = max(8, row_h // 3)
        x = (w - pw) // 2
        for i, row in enumerate(self.rows):
            row.rect = pygame.Rect(x, top + i * (row_h + gap), pw, row_h)
        bw = max(150, int(w * 0.16))
        y = self.rows[-1].rect.bottom + int(h * 0.13)
        self.back_button.rect = pygame.Rect(w // 2 - bw - gap, y, bw, bh)
        self.start_button.rect = pygame.Rect(w // 2 + gap, y, bw, bh)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        self._layout(size)
        w, h = size
        s = min(w / 1280, h / 800)
        surface.blit(theme.city_night(size), (0, 0))
        box = self.rows[0].rect.unionall([r.rect for r in self.rows[1:]] + [self.start_button.rect])
        panel = box.inflate(int(50 * s), int(44 * s)).move(0, int(14 * s))
        theme.rounded_panel(surface, panel, fill=(16, 17, 23), alpha=238, radius=int(16 * s))
        draw_title(surface, _("New game"), max(28, int(60 * s)), (w // 2, int(h * 0.1)))
        ornament(surface, (w // 2, int(h * 0.16)), int(min(w * 0.35, 380 * s)))
        for i, row in enumerate(self.rows):
            row.draw(surface, focused=(i == self.focus))
        self.start_button.draw(surface, focused=(self.focus == len(self.rows)))
        self.back_button.draw(surface, focused=(self.focus == len(self.rows) + 1))
        # what the choices mean
        london = self.game.value in ("london", "newyork")  # the investigator arrests Jack in both
        if self.mode.value == "solo":
            side = self.side.value
            if side == "jack" and self.game.value == "newyork":
                hints = [_("You are Jack: stay unseen, then leave Manhattan by the East passage or aboard a ship.")]
            elif side == "jack" and london:
                hints = [_("You are Jack: stay in the dark, and slip out of Whitechapel when nobody saw you.")]
            elif side == "jack":
                hints = [_("You are Jack: stay hidden, or gather six hourglasses.")]
            elif side == "investigator" and london:
                hints = [_("You are the investigator: clear suspects, then arrest Jack by moving onto him.")]
            elif side == "investigator":
                hints = [_("You are the investigator: clear suspects until only Jack is left.")]
            else:
                hints = [_("Your side is drawn by lot.")]
            if self.bot.value in BOT_HELP:
                hints.append(_(BOT_HELP[self.bot.value]))
            if self.style.enabled and self.style.value in STYLE_HELP:
                hints.append(_(STYLE_HELP[self.style.value]))
        else:
            hints = [_("Two players share this screen. Jack's secrets show only after a hand-over.")]
        y = self.rows[-1].rect.bottom + int(h * 0.03)
        size_h = max(12, int(17 * s))
        for hint in hints:
            for line in theme.wrap(hint, size_h, int(box.w * 0.95), "serif"):
                theme.blit_text(surface, line, size_h, theme.TEXT_DIM, (w // 2, y), "midtop", "serif")
                y += int(size_h * 1.35)
        # the keys, under the panel (never across its border)
        keys = _("Arrows choose · Enter starts · Esc goes back")
        theme.blit_text(surface, keys, theme.fit_size(keys, max(10, int(13 * s)), w - 20, min_size=theme.READABLE),
                        theme.TEXT_FAINT, (w // 2, (panel.bottom + h) // 2), "center")
        self.toast.draw(surface, (w // 2, int(h * 0.9)), max(12, int(16 * s)), int(w * 0.7))
