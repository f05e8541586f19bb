"""The end of a game: who won and why, who Jack was, and what next."""

from __future__ import annotations

from typing import Any

import pygame

from ...engine.core import Side
from ...engine.pocket.data import DATA
from ...engine.record import GameRecord
from .. import texts, theme
from ..i18n import N_, _
from ..pocket.view import Art
from ..scene import Scene, register
from ..widgets import Button, Menu, Toast, draw_title, ornament

CHARS = DATA.characters


@register("results")
class ResultsScene(Scene):
    """Shows ``final`` (a finished full state) over a dimmed picture of the last board."""

    def __init__(self, app: Any, record: GameRecord, final: Any, snapshot: pygame.Surface | None = None) -> None:
        super().__init__(app)
        self.record = record
        self.final = final
        self.snapshot = snapshot
        self._backdrop: pygame.Surface | None = None
        self.toast = Toast()
        self.t = 0.0
        self.menu = Menu([
            Button(N_("Replay"), self.replay, kind="primary"),
            Button(N_("Analyse"), self.analyse),
            Button(N_("New game"), self.new_game),
            Button(N_("Title screen"), self.title),
        ])
        self.art = Art(100)
        self._london_art: Any = None
        human = record.meta.get("human", "investigator")
        self.human = None if human in ("both", "none", None) else Side(human)
        self.menu.buttons[1].visible = self.human is not None  # Analyse: a solo player's moves

    # -------------------------------------------------------------- actions
    def replay(self) -> None:
        self.app.play("click")
        try:
            ReplayScene = self.app.stack.kind("replay")
        except LookupError:
            self.toast.show(_("Replays are not available."), "error")
            return
        self.app.stack.push(ReplayScene(self.app, self.record))

    def analyse(self) -> None:
        self.app.play("click")
        self.app.stack.push(self.app.stack.make("analysis", self.app, self.record, self.human))

    def new_game(self) -> None:
        self.app.play("click")
        self.app.stack.clear(self.app.stack.make("title", self.app))
        self.app.stack.push(self.app.stack.make("setup", self.app))

    def title(self) -> None:
        self.app.play("click")
        self.app.stack.clear(self.app.stack.make("title", self.app))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.title()
            return None
        if self.menu.handle_event(event):
            return None
        return event

    def update(self, dt: float) -> None:
        self.t += dt
        self.toast.update(dt)

    def london_art(self) -> Any:
        if self._london_art is None:
            if getattr(self.final, "game", "pocket") == "newyork":  # the hex card games draw their own cards
                from ..newyork.view import Art as NewYorkArt

                self._london_art = NewYorkArt(40)
            else:
                from ..london.view import Art as LondonArt

                self._london_art = LondonArt(40)
        return self._london_art

    # ----------------------------------------------------------------- draw
    def _geometry(self, size: tuple[int, int]) -> tuple[pygame.Rect, float]:
        """The panel rectangle and the scale for a window of ``size``."""
        w, h = size
        s = min(w / 1280, h / 800)
        panel = pygame.Rect(0, 0, min(w - 40, int(900 * s)), int(650 * s))
        panel.center = (w // 2, h // 2)
        return panel, s

    def _layout(self, size: tuple[int, int]) -> None:
        panel, s = self._geometry(size)
        bw, bh = max(150, int(200 * s)), max(34, int(46 * s))
        gap = int(16 * s)
        shown = [b for b in self.menu.buttons if b.visible]
        bw = min(bw, (panel.w - int(40 * s) - (len(shown) - 1) * gap) // len(shown))
        total = len(shown) * bw + (len(shown) - 1) * gap
        y = panel.bottom - bh - int(28 * s)
        for i, b in enumerate(shown):
            b.rect = pygame.Rect(panel.centerx - total // 2 + i * (bw + gap), y, bw, bh)

    def backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        if self._backdrop is None or self._backdrop.get_size() != size:
            if self.snapshot is not None:
                small = pygame.transform.smoothscale(self.snapshot, (max(1, size[0] // 5), max(1, size[1] // 5)))
                small = pygame.transform.gaussian_blur(small, 3)
                bg = pygame.transform.smoothscale(small, size)
            else:
                bg = theme.night_backdrop(size).copy()
            dim = pygame.Surface(size, pygame.SRCALPHA)
            dim.fill((6, 6, 10, 175))
            bg.blit(dim, (0, 0))
            self._backdrop = bg
        return self._backdrop

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        self._layout(size)
        w, h = size
        s = min(w / 1280, h / 800)
        surface.blit(self.backdrop(size), (0, 0))
        f = self.final
        outcome = f.outcome
        winner = outcome.winner if outcome is not None else Side.JACK
        col = theme.side_colour(winner.value)
        panel, s = self._geometry(size)
        theme.rounded_panel(surface, panel, radius=int(18 * s), alpha=235)
        draw_title(surface, texts.winner_title(winner), max(28, int(62 * s)), (w // 2, panel.y + int(60 * s)), col)
        if self.human is not None:
            mine = _("You won!") if winner is self.human else _("You lost.")
            theme.blit_text(surface, mine, max(14, int(24 * s)), theme.PARCHMENT, (w // 2, panel.y + int(112 * s)),
                            "center", "serif-bold")
        ornament(surface, (w // 2, panel.y + int(140 * s)), int(panel.w * 0.6))
        newyork = getattr(f, "game", "pocket") == "newyork"
        if outcome is not None:
            y = panel.y + int(160 * s)
            if newyork:
                from ..newyork.texts import termination_text
            else:
                termination_text = texts.termination_text
            for line in theme.wrap(termination_text(outcome.termination), max(13, int(20 * s)),
                                   int(panel.w * 0.85), "serif"):
                theme.blit_text(surface, line, max(13, int(20 * s)), theme.TEXT, (w // 2, y), "midtop", "serif")
                y += int(28 * s)
        # Jack's card, large, and the figures of the game
        jack = f.jack if f.jack is not None and f.jack >= 0 else None
        cw = int(120 * s)
        ch = int(cw * 1.4)
        card_rect = pygame.Rect(panel.x + int(panel.w * 0.1), panel.y + int(260 * s), cw, ch)
        london = getattr(f, "game", "pocket") in ("london", "newyork")
        if jack is not None:
            if london:
                if newyork:
                    from ..newyork import texts as ltexts
                else:
                    from ..london import texts as ltexts

                surface.blit(self.london_art().card(jack, cw, ch, "alibi"), card_rect)
                name = ltexts.name(jack)
            else:
                surface.blit(self.art.card(jack, cw, ch), card_rect)
                name = texts.character_name(jack)
            theme.blit_text(surface, _("Jack was"), max(12, int(16 * s)), theme.TEXT_DIM,
                            (card_rect.centerx, card_rect.y - int(8 * s)), "midbottom")
            theme.blit_text(surface, name, theme.fit_size(name, max(12, int(18 * s)), int(cw * 1.6), "serif-bold"),
                            theme.PARCHMENT, (card_rect.centerx, card_rect.bottom + int(8 * s)), "midtop",
                            "serif-bold")
        x = card_rect.right + int(60 * s)
        y = card_rect.y
        if london:
            from ..games import module_for

            rows = module_for(f.game).results_rows(f)
        else:
            tokens = sum(1 for sd in f.track if sd is Side.JACK)
            cards = sum(CHARS[c].hourglasses for c in f.jcards if c >= 0)
            rows = [
                (_("Rounds played"), str(len(f.track))),
                (_("Suspects left"), str(sum(f.suspect))),
                (_("Round tokens won by Jack"), str(tokens)),
                (_("Hourglasses on Jack's alibi cards"), str(cards)),
                (_("Jack's hourglasses in all"), f"{tokens + cards} / 6"),
                (_("Alibi cards drawn by the investigator"), str(len(f.icards))),
            ]
        size = max(12, int(17 * s))
        label_w = panel.right - x - int(90 * s)
        for label, value in rows:
            theme.blit_text(surface, label, theme.fit_size(label, size, label_w), theme.TEXT_DIM, (x, y), "topleft")
            theme.blit_text(surface, value, theme.fit_size(value, size, int(110 * s)), theme.PARCHMENT,
                            (panel.right - int(50 * s), y), "topright", "sans-bold")
            y += int(30 * s)
        ty = y + int(10 * s)
        if london:
            # the eight characters: the suspects still standing, the cleared ones crossed out
            theme.blit_text(surface, _("Suspects at the end"), max(10, int(14 * s)), theme.TEXT_DIM, (x, ty),
                            "topleft")
            ty += int(24 * s)
            em = max(14, int(34 * s))
            for c in range(8):
                img = self.london_art().portrait(c, em, cleared=not f.suspects >> c & 1)
                surface.blit(img, (x + c * (em + int(6 * s)), ty))
        else:
            # who took each round
            theme.blit_text(surface, _("Who took each round"), max(10, int(14 * s)), theme.TEXT_DIM, (x, ty),
                            "topleft")
            ty += int(24 * s)
            for i, who in enumerate(f.track):
                cx = x + int(17 * s) + i * int(40 * s)
                img = self.art.round_token(who.value, max(8, int(15 * s)))
                surface.blit(img, img.get_rect(center=(cx, ty + int(16 * s))))
                theme.blit_text(surface, str(i + 1), max(9, int(12 * s)), theme.TEXT_FAINT, (cx, ty + int(36 * s)),
                                "midtop")
        self.menu.draw(surface)
        self.toast.draw(surface, (w // 2, int(h * 0.95)), max(12, int(16 * s)), int(w * 0.7))
