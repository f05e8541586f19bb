"""Analyse: the strong level's look at every decision the player made, after the game.

The analysis (:func:`game.bots.analysis.analyse`) runs in a worker thread
while a progress bar fills; it searches each decision from the player's own
view only.  Then the scene draws the win-chance curve and lists the moves
that cost the most, each with the move the level preferred.  The result is
kept with the replay: in the record's ``meta["analysis"]``, and in the saved
replay file of the same game when there is one, so opening it again shows
it at once.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pygame

from ...bots.analysis import Analysis, analyse
from ...engine.core import Side
from ...engine.record import GameRecord
from .. import texts, theme
from ..i18n import N_, _
from ..scene import Scene, register
from ..widgets import Button, Toast, draw_title
from ..wincurve import draw_win_curve
from ..workers import bot_pool as _pool  # the bots' worker thread: the game is over, it is free


class _Stopped(Exception):
    """The player left the scene: the analysis stops after the decision in hand."""


def analysed_side(record: GameRecord) -> Side:
    """Whose decisions to analyse: the solo player's; the investigator's when both or no side was human."""
    human = record.meta.get("human")
    return Side(human) if human in ("jack", "investigator") else Side.INVESTIGATOR


def kept_analysis(record: GameRecord, side: Side) -> Analysis | None:
    """The analysis kept in ``record`` for ``side``, if there is a sound one."""
    raw = record.meta.get("analysis")
    if not isinstance(raw, dict) or raw.get("side") != side.value:
        return None
    try:
        return Analysis.from_dict(raw)
    except ValueError:
        return None


def keep_with_replay(app: Any, record: GameRecord) -> bool:
    """Write ``record`` (with its analysis) over the saved replay of the same game; whether one was found."""
    saves = getattr(app, "saves", None)
    if saves is None or not hasattr(saves, "list"):
        return False
    name = record.meta.get("name")
    if not name:
        for info in saves.list():
            if not info.ok or info.game != record.game or not info.over:
                continue
            try:
                other = saves.load(info.path)
            except ValueError:
                continue
            if other.seed == record.seed and other.actions == record.actions:
                name = other.meta.get("name") or info.name
                break
    if not name:
        return False
    try:
        saves.save(record, name)
    except OSError:
        return False
    return True


@register("analysis")
class AnalysisScene(Scene):
    """Analyses ``record`` for ``side`` (see the module docstring); Esc or Back returns."""

    def __init__(self, app: Any, record: GameRecord, side: Side | None = None) -> None:
        super().__init__(app)
        self.record = record
        self.side = side or analysed_side(record)
        self.toast = Toast()
        self.done = 0
        self.total = 0
        self.stopped = False
        self.error: str | None = None
        self.back = Button(N_("Back"), self.close)
        self.analysis = kept_analysis(record, self.side)
        self.future: Future | None = None
        self._words: dict[tuple[str, int, str], str] = {}
        if self.analysis is None:
            copy = GameRecord(record.game, record.seed, list(record.actions), dict(record.meta))
            self.future = _pool().submit(analyse, copy, self.side, None, self._progress)

    def _progress(self, done: int, total: int) -> None:
        """Called from the worker after each decision."""
        self.done, self.total = done, total
        if self.stopped:
            raise _Stopped

    def close(self) -> None:
        self.stopped = True
        self.app.play("click")
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        leave = event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE)
        if leave:
            self.close()
        return None if leave or self.back.handle_event(event) else event

    def update(self, dt: float) -> None:
        self.toast.update(dt)
        fut = self.future
        if fut is None or not fut.done():
            return
        self.future = None
        try:
            self.analysis = fut.result()
        except _Stopped:
            return
        except Exception as exc:  # noqa: BLE001 - a failed analysis must never stop the client
            self.error = str(exc)
            return
        self.record.meta["analysis"] = self.analysis.to_dict()
        if keep_with_replay(self.app, self.record):
            self.toast.show(_("The analysis is kept with the replay."), "good", 3.0)

    # ---------------------------------------------------------------- words
    def move_words(self, ply: int, text: str) -> str:
        """A move of the player's in plain words (only the player's own view is used)."""
        from ..i18n import current_language
        from ..steps import describe_step

        key = (current_language(), ply, text)
        if key not in self._words:
            try:
                before = self.record.replay(ply).observation(self.side)
                self._words[key] = describe_step(before, text)
            except Exception:  # noqa: BLE001 - words are a courtesy; the action text is exact
                self._words[key] = text
        return self._words[key]

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = min(w / 1280, h / 800)
        surface.blit(theme.night_backdrop((w, h)), (0, 0))
        panel = pygame.Rect(0, 0, min(w - 40, int(1000 * s)), min(h - 40, int(720 * s)))
        panel.center = (w // 2, h // 2)
        theme.rounded_panel(surface, panel, radius=int(18 * s), alpha=235)
        draw_title(surface, _("Analysis"), max(24, int(44 * s)), (w // 2, panel.y + int(44 * s)))
        sub = _("{side}: every decision, judged by the strong bot from the same view as yours").format(
            side=texts.side_name(self.side))
        theme.blit_text(surface, sub, theme.fit_size(sub, max(11, int(16 * s)), panel.w - int(40 * s)),
                        theme.TEXT_DIM, (w // 2, panel.y + int(78 * s)), "midtop")
        bw, bh = max(110, int(150 * s)), max(30, int(40 * s))
        self.back.rect = pygame.Rect(panel.right - bw - int(20 * s), panel.bottom - bh - int(18 * s), bw, bh)
        inner = pygame.Rect(panel.x + int(30 * s), panel.y + int(110 * s), panel.w - int(60 * s), 0)
        if self.error is not None:
            msg = _("The analysis failed: {reason}").format(reason=self.error)
            for i, line in enumerate(theme.wrap(msg, max(12, int(18 * s)), inner.w)):
                theme.blit_text(surface, line, max(12, int(18 * s)), theme.BAD,
                                (inner.x, inner.y + i * int(26 * s)), "topleft")
        elif self.analysis is None:
            self._draw_progress(surface, inner, s)
        else:
            self._draw_result(surface, inner, panel, s)
        self.back.draw(surface)
        self.toast.draw(surface, (w // 2, int(h * 0.95)), max(12, int(16 * s)), int(w * 0.7))

    def _draw_progress(self, surface: pygame.Surface, inner: pygame.Rect, s: float) -> None:
        size = max(12, int(18 * s))
        if self.total:
            text = _("Analysing your decisions… {done} of {total}").format(done=self.done, total=self.total)
        else:
            text = _("Analysing your decisions…")
        theme.blit_text(surface, text, size, theme.PARCHMENT, (inner.centerx, inner.y + int(120 * s)), "midtop")
        bar = pygame.Rect(inner.x + int(60 * s), inner.y + int(170 * s), inner.w - int(120 * s), max(10, int(18 * s)))
        pygame.draw.rect(surface, theme.PANEL_HI, bar, border_radius=bar.h // 2)
        frac = self.done / self.total if self.total else 0.0
        if frac > 0:
            fill = pygame.Rect(bar.x, bar.y, max(bar.h, round(bar.w * frac)), bar.h)
            pygame.draw.rect(surface, theme.BRASS, fill, border_radius=bar.h // 2)
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, 1, border_radius=bar.h // 2)

    def _draw_result(self, surface: pygame.Surface, inner: pygame.Rect, panel: pygame.Rect, s: float) -> None:
        a = self.analysis
        assert a is not None
        small = max(10, int(14 * s))
        theme.blit_text(surface, _("Your chance to win before each decision (rounds below)"), small, theme.TEXT_DIM,
                        (inner.x, inner.y), "topleft")
        chart = pygame.Rect(inner.x, inner.y + int(22 * s), inner.w, int(250 * s))
        draw_win_curve(surface, chart, a, s, theme.side_colour(a.side))
        y = chart.bottom + int(18 * s)
        theme.blit_text(surface, _("The moves that cost the most"), max(12, int(18 * s)), theme.BRASS_LIGHT,
                        (inner.x, y), "topleft", "serif-bold")
        y += int(30 * s)
        mistakes = a.mistakes()
        if not mistakes:
            theme.blit_text(surface, _("No costly moves: well played."), max(11, int(16 * s)), theme.GOOD,
                            (inner.x, y), "topleft")
            return
        size = max(10, int(15 * s))
        lh = theme.font(size).get_linesize()
        bottom = self.back.rect.y - int(8 * s)
        for d in mistakes:
            head = _("Round {n}: −{points} points of your chance to win").format(
                n=d.round, points=round(100 * d.loss))
            played = _("You played: {move}").format(move=self.move_words(d.ply, d.played))
            best = _("Better: {move}").format(move=self.move_words(d.ply, d.best))
            for text, col in ((head, theme.BAD), (played, theme.TEXT), (best, theme.GOOD)):
                for line in theme.wrap(text, size, inner.w)[:2]:
                    if y + lh > bottom:
                        return
                    theme.blit_text(surface, line, size, col, (inner.x, y), "topleft")
                    y += lh
            y += int(6 * s)


__all__ = ["AnalysisScene", "analysed_side", "keep_with_replay", "kept_analysis"]
