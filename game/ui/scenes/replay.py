"""Watch a finished game again, one action at a time, with every secret shown.

The record is replayed once into the list of states (:meth:`GameRecord.states`);
stepping only changes which of them is shown, so going back is exact.
Left/Right step, Home/End jump to the start or the end, Space plays and
pauses, a click on the timeline jumps there, Esc or Back returns.  Each
step says in plain words what the action did.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...engine.pocket.state import PocketState
from ...engine.record import GameRecord
from .. import theme
from ..i18n import N_, _, current_language
from ..scene import Scene, register
from ..steps import describe_step, start_text
from ..widgets import Button, Toast

Rect = pygame.Rect
STEP_SECONDS = 1.2  # auto-play pace at animation speed 1


# ===================================================================== board
def draw_position(surface: pygame.Surface, state: PocketState, clock: float,
                  view: Any = None) -> Rect:
    """Draw ``state`` (board, round track, tokens, hands) and return the free panel area.

    The one place that knows how boards are drawn: it uses the game's
    :mod:`~game.ui.pocket.view` when ``view`` (a ``BoardView``) is given, and
    the rules screen's plain board otherwise.
    """
    w, h = surface.get_size()
    if getattr(state, "game", "pocket") == "newyork":
        from ..newyork.game import draw_position as draw_newyork

        return draw_newyork(surface, state, clock, view)
    if getattr(state, "game", "pocket") == "london":
        from ..london.game import draw_position as draw_london

        return draw_london(surface, state, clock, view)
    if view is not None:
        from ..pocket.view import BoardModel, Highlights

        L = view.resize((w, h))
        surface.blit(view.static_layer(), (0, 0))
        model = BoardModel.from_view(state)
        hl = Highlights(show_sight=True)
        view.draw_board(surface, model, hl, clock)
        if state.jack is not None and state.jack >= 0:
            r = L.cell_rect(state.chars.index(state.jack))
            lw = max(2, round(L.tile * 0.03))
            pygame.draw.rect(surface, theme.JACK_RED, r.inflate(-lw, -lw), lw, border_radius=round(L.tile * 0.05))
        view.draw_track(surface, model)
        view.draw_tokens(surface, model, hl, clock)
        view.draw_hands(surface, model)
        return Rect(L.prompt.x, L.prompt.y, L.prompt.w, L.log.bottom - L.prompt.y)
    from ..pocket.rules import draw_board

    surface.blit(theme.night_backdrop((w, h)), (0, 0))
    side = int(w * 0.62)
    draw_board(surface, Rect(0, 0, side, h), state)
    panel = Rect(side + 10, 10, w - side - 20, h - 20)
    theme.rounded_panel(surface, panel)
    return panel.inflate(-20, -20)


def _board_view(game: str = "pocket") -> Any:
    if game == "newyork":
        from ..newyork.view import NewYorkView

        return NewYorkView()
    if game == "london":
        from ..london.view import LondonView

        return LondonView()
    try:
        from ..pocket.view import BoardView
    except ImportError:  # pragma: no cover - the board module ships with the client
        return None
    return BoardView()


# ===================================================================== scene
@register("replay")
class ReplayScene(Scene):
    """Step through ``record`` (a finished game, or any legal record) with all secrets shown.

    :raises ValueError: if the record does not replay.
    """

    def __init__(self, app: Any, record: GameRecord) -> None:
        super().__init__(app)
        self.record = record
        self.states: list[Any] = record.states()
        self.index = len(self.states) - 1 if self.states[-1].is_over() else 0
        self.playing = False
        self.timer = 0.0
        self.clock = 0.0
        self.view = _board_view(record.game)
        self.toast = Toast()
        self.first = Button(lambda: "|◀", lambda: self.go(0), tooltip=N_("To the first step"))
        self.prev = Button(lambda: "◀", lambda: self.step(-1), tooltip=N_("Back one step"))
        self.play = Button(lambda: _("Pause") if self.playing else _("Play"), self.toggle_play, kind="primary")
        self.next = Button(lambda: "▶", lambda: self.step(1), tooltip=N_("Forward one step"))
        self.last = Button(lambda: "▶|", lambda: self.go(self.last_index), tooltip=N_("End"))
        self.back = Button(N_("Back"), self.close)
        self.analyse_button = Button(N_("Analyse"), self.open_analysis)  # a finished game only
        self.analyse_button.visible = self.states[-1].is_over()
        self.controls = [self.first, self.prev, self.play, self.next, self.last]
        self.timeline = Rect(0, 0, 0, 0)
        self._size: tuple[int, int] | None = None
        self._words: dict[tuple[str, int], str] = {}
        self._panel = Rect(0, 0, 0, 0)
        self._now = Rect(0, 0, 0, 0)

    # ------------------------------------------------------------ stepping
    @property
    def last_index(self) -> int:
        return len(self.states) - 1

    @property
    def state(self) -> Any:
        """The state shown now: ``record.states()[index]``."""
        return self.states[self.index]

    def go(self, index: int) -> None:
        index = max(0, min(index, self.last_index))
        if index != self.index:
            self._sound_for(index)
        self.index = index
        self.timer = 0.0
        if self.index == self.last_index:
            self.playing = False

    def step(self, d: int) -> None:
        self.playing = False
        self.go(self.index + d)

    def toggle_play(self) -> None:
        if not self.playing and self.index == self.last_index:
            self.index = 0  # play again from the start
        self.playing = not self.playing
        self.timer = 0.0

    def close(self) -> None:
        sound = getattr(self.app, "sound", None)
        if sound is not None:
            try:
                sound.play("click")
            except Exception:  # noqa: BLE001 - a missing sound must never stop a menu
                pass
        self.app.stack.pop()

    def open_analysis(self) -> None:
        """Analyse the player's decisions (see :mod:`game.ui.scenes.analysis`)."""
        self.playing = False
        self.app.stack.push(self.app.stack.make("analysis", self.app, self.record))

    def _sound_for(self, index: int) -> None:
        sound = getattr(self.app, "sound", None)
        if sound is None or index == 0:
            return
        kind = self.record.actions[index - 1].split()[0]
        name = {"holmes": "step", "watson": "step", "toby": "step", "joker": "step", "rotate": "turn",
                "exchange": "slide", "alibi": "deal", "draw": "flip", "throw": "throw",
                "witness": "witness", "identity": "deal", "claim": "click", "to": "step", "accuse": "step",
                "escape": "step", "whistle": "step", "lantern": "turn", "lamp": "slide", "cover": "slide",
                "cordon": "slide", "swap": "slide", "deal": "deal", "play": "click", "move": "step",
                "subway": "deal", "building": "deal", "park": "flip", "zone": "slide", "ship": "slide",
                "informant": "slide"}.get(kind, "click")
        if self.states[index].is_over():
            name = "win"
        try:
            sound.play(name)
        except Exception:  # noqa: BLE001 - sound is never essential
            pass

    def words(self, index: int) -> str:
        """The plain-words line for step ``index`` (0 is the start), cached per language."""
        key = (current_language(), index)
        if key not in self._words:
            if index == 0:
                self._words[key] = start_text(self.record.game)
            else:
                self._words[key] = describe_step(self.states[index - 1], self.record.actions[index - 1],
                                                 self.states[index])
        return self._words[key]

    # --------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._ensure_layout()
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif key in (pygame.K_RIGHT, pygame.K_DOWN):
                self.step(1)
            elif key in (pygame.K_LEFT, pygame.K_UP):
                self.step(-1)
            elif key == pygame.K_PAGEDOWN:
                self.step(8)
            elif key == pygame.K_PAGEUP:
                self.step(-8)
            elif key == pygame.K_HOME:
                self.playing = False
                self.go(0)
            elif key == pygame.K_END:
                self.playing = False
                self.go(self.last_index)
            elif key in (pygame.K_SPACE, pygame.K_p):
                self.toggle_play()
            elif key == pygame.K_a and self.analyse_button.visible:
                self.open_analysis()
            else:
                return event  # not ours: let the app see it
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 4:
                self.step(-1)
                return None
            if event.button == 5:
                self.step(1)
                return None
            for b in (*self.controls, self.back, self.analyse_button):
                if b.handle_event(event):
                    return None
            if self.timeline.inflate(0, 16).collidepoint(event.pos) and self.timeline.w > 0:
                frac = (event.pos[0] - self.timeline.x) / self.timeline.w
                self.playing = False
                self.go(round(frac * self.last_index))
            return None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYUP):
            return None
        return event

    def update(self, dt: float) -> None:
        self.clock += dt
        self.toast.update(dt)
        if self.playing:
            speed = getattr(getattr(self.app, "settings", None), "animation_speed", 1.0) or 1.0
            self.timer += dt
            if self.timer >= STEP_SECONDS / speed:
                self.go(self.index + 1)

    # --------------------------------------------------------------- layout
    def _ensure_layout(self) -> None:
        if self._size is None:
            surf = pygame.display.get_surface()
            self.layout(surf.get_size() if surf else (1280, 800))

    def layout(self, size: tuple[int, int]) -> None:
        """Place the controls in the free part of the panel for a window of ``size``."""
        if size == self._size:
            return
        self._size = size
        w, h = size
        if self.view is not None:
            L = self.view.resize(size)
            self._now = Rect(L.prompt)
            panel = Rect(L.log)
            header = L.header
        else:
            side = Rect(int(w * 0.62) + 20, 20, w - int(w * 0.62) - 40, h - 40)
            header = Rect(side.x, side.y, side.w, 50)
            self._now = Rect(side.x, header.bottom + 10, side.w, int(side.h * 0.2))
            panel = Rect(side.x, self._now.bottom + 10, side.w, side.bottom - self._now.bottom - 10)
        self._panel = panel
        bh = max(30, min(44, int(h * 0.055)))
        gap = max(4, bh // 6)
        y = panel.bottom - bh - 8
        n = len(self.controls)
        widths = [1, 1, 2.2, 1, 1]
        unit = (panel.w - gap * (n - 1)) / sum(widths)
        unit = (panel.w - 16 - gap * (n - 1)) / sum(widths)
        x = float(panel.x + 8)
        for b, k in zip(self.controls, widths, strict=True):
            b.rect = Rect(round(x), y, round(unit * k), bh)
            x += unit * k + gap
        self.timeline = Rect(panel.x + 14, y - gap * 2 - 8, panel.w - 28, 8)
        bw = max(80, min(140, header.w // (4 if self.analyse_button.visible else 3)))
        self.back.rect = Rect(header.right - bw, header.y + 2, bw, max(28, header.h - 12))
        self.analyse_button.rect = self.back.rect.move(-bw - 8, 0)
        self._header = header

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        self.layout(surface.get_size())
        w, h = surface.get_size()
        state = self.state
        draw_position(surface, state, self.clock, self.view)
        header = self._header
        size = max(14, int(header.h * 0.42))
        title = _("Replay")
        theme.blit_text(surface, title, size, theme.BRASS_LIGHT, (header.x + 4, header.y + 2), "topleft",
                        "serif-bold")
        sub = _("Step {i} of {n}").format(i=self.index, n=self.last_index) + " · " + \
            _("Round {n}").format(n=state.round)
        small = max(11, int(header.h * 0.26))
        room = header.w - self.back.rect.w - 12 - (self.analyse_button.rect.w + 8 if self.analyse_button.visible else 0)
        theme.blit_text(surface, sub, theme.fit_size(sub, small, room), theme.TEXT_DIM,
                        (header.x + 4, header.bottom - 4), "bottomleft")
        self.back.draw(surface)
        self.analyse_button.draw(surface)
        self._draw_story(surface)
        self._draw_timeline(surface)
        self.prev.enabled = self.first.enabled = self.index > 0
        self.next.enabled = self.last.enabled = self.index < self.last_index
        for b in self.controls:
            b.draw(surface)
        self.toast.draw(surface, (w // 2, int(h * 0.9)), max(12, int(h * 0.024)), int(w * 0.6))

    def _draw_story(self, surface: pygame.Surface) -> None:
        """The current step in the prompt box; the steps before it in the log, newest first."""
        now = self._now
        pygame.draw.rect(surface, theme.PANEL, now)
        inner = now.inflate(-8, -14)
        big = max(11, min(19, int(now.w / 21)))
        while big > 10:
            lines = theme.wrap(self.words(self.index), big, inner.w)
            if len(lines) * theme.font(big).get_linesize() <= inner.h:
                break
            big -= 1
        lh = theme.font(big).get_linesize()
        y = inner.centery - len(lines) * lh / 2
        for line in lines:
            theme.blit_text(surface, line, big, theme.PARCHMENT, (inner.x, y))
            y += lh
        p = self._panel
        area = Rect(p.x, p.y, p.w, self.timeline.y - p.y - 12).inflate(-16, -12)
        small = max(10, big - 3)
        slh = theme.font(small).get_linesize()
        y = area.y
        k = self.index - 1
        while k >= 0:
            fade = max(0.35, 1.0 - 0.1 * (self.index - 1 - k))
            colour = theme.mix(theme.PANEL, theme.TEXT_DIM, fade)
            lines = theme.wrap(self.words(k), small, area.w)
            if y + slh * len(lines) > area.bottom:
                break  # only whole entries
            for line in lines:
                theme.blit_text(surface, line, small, colour, (area.x, y))
                y += slh
            y += 3
            k -= 1

    def _draw_timeline(self, surface: pygame.Surface) -> None:
        t = self.timeline
        pygame.draw.rect(surface, theme.PANEL_HI, t, border_radius=4)
        if self.last_index:
            done = Rect(t.x, t.y, round(t.w * self.index / self.last_index), t.h)
            pygame.draw.rect(surface, theme.BRASS_DARK, done, border_radius=4)
            # a tick at each round's start
            for i, s in enumerate(self.states):
                if i and s.round != self.states[i - 1].round:
                    x = t.x + t.w * i / self.last_index
                    pygame.draw.line(surface, theme.TEXT_FAINT, (x, t.y - 3), (x, t.bottom + 2), 1)
            x = t.x + t.w * self.index / self.last_index
        else:
            x = t.x
        theme.aa_circle(surface, theme.BRASS_LIGHT, (x, t.centery), t.h)
