"""The game: the board, the player's choices, the bot's moves, hot-seat hand-overs.

One scene for every rule set: it keeps the flow (turns, the bot in a worker
thread, hand-overs, the autosave, the log, the results) and asks the
rule set's :class:`~game.ui.games.GameUI` (:func:`game.ui.games.ui_for`)
for the board, the picker and the animations.

The scene keeps the true game (every full state, one per action, and the
:class:`GameRecord`), but draws only from the *observation* of the side
whose screen it is: the human in solo play, the side to move in hot-seat
(after its Show press), the investigator when bots play each other.

Each side has a cursor: the last state its screen has shown.  When the
game moves on, the screen animates every step from its cursor to the
latest state, one at a time, from its own observations; so in hot-seat the
investigator sees Jack's moves replayed without Jack's secrets, and Jack
sees his identity card dealt when he first looks.

Rules are never decided here: chance comes from the state's generator,
players' options from ``legal_actions()`` of their observation, bots'
moves from :func:`game.match.bot_move`.
"""

from __future__ import annotations

import time
from concurrent.futures import Future
from typing import Any

import pygame

from ...bots import make_bot
from ...engine.actions import Action
from ...engine.core import Side, ToMove
from ...engine.record import GameRecord
from ...engine.rng import Rng
from ...match import bot_move
from .. import texts, theme
from ..gamelog import LogEntry
from ..games import GAMES, GameUI, ui_for
from ..hinting import HINT_KEYS, HintHelper
from ..i18n import N_, _
from ..intents import intent_of
from ..opponents import bot_label
from ..scene import Scene, register
from ..tween import Step
from ..widgets import Button, Toast
from ..workers import bot_pool as _pool

BOT_DELAY = 0.55       # seconds (at speed 1) before a bot moves, so the player can follow
END_DELAY = 0.6        # pause on the final position before the results
SIDES = (Side.INVESTIGATOR, Side.JACK)
LOG_COLOURS = {"jack": (236, 160, 156), "investigator": (166, 196, 236), None: theme.PARCHMENT}
#: Key intents typed ahead while a move plays: kept and applied to the prompt they were meant for.
#: Confirm is not among them: a move is applied only once the player has seen it picked.
TYPEAHEAD = frozenset({"number", "direction", "detective", "stay", "mode", "back", "next", "previous"})



def _human_sides(human: str) -> frozenset[Side]:
    if human == "both":
        return frozenset(SIDES)
    if human in ("none", "", None):
        return frozenset()
    return frozenset({Side(human)})


def _fitted(text: str, size: int, width: int, room: int) -> tuple[int, list[str], bool]:
    """The largest size from ``size`` down to the readable minimum in which ``text``, wrapped to
    ``width``, fits ``room`` pixels of height: the size, its lines and True; else the smallest, False."""
    for fs in range(max(theme.READABLE, size), theme.READABLE - 1, -1):
        lines = theme.wrap(text, fs, width)
        if theme.font(fs).get_linesize() * len(lines) <= room:
            return fs, lines, True
    return fs, lines, False


def _draw_fitted(surface: pygame.Surface, text: str, size: int, at: tuple[int, int], width: int, limit: int,
                 colour: tuple[int, int, int], whole_only: bool) -> int:
    """``text`` wrapped in the largest size from ``size`` down to the readable minimum that fits
    between ``at`` and ``limit``; where none does, the smallest as far as it goes, or nothing at all
    (``whole_only``).  The height reached."""
    x, y = at
    fs, lines, whole = _fitted(text, size, width, limit - y)
    if not whole and whole_only:
        return y
    lh = theme.font(fs).get_linesize()
    for line in lines:
        if y + lh > limit:
            break
        theme.blit_text(surface, line, fs, colour, (x, y), "topleft")
        y += lh
    return y


@register("game")
class GameScene(Scene):
    """One game on screen, of any rule set the client draws.  Build it with :meth:`new` or :meth:`from_record`."""

    def __init__(self, app: Any, record: GameRecord, *, resume: bool = False, driver: Any = None) -> None:
        super().__init__(app)
        #: Network play (:class:`game.ui.online.driver.NetDriver`): the other side, chance and the end
        #: come from it, the player's moves go to it, and the states are this player's view only.
        self.driver = driver
        self._outbox: list[Action] = []  # network play: steps of a confirmed choice still to send
        meta = record.meta
        self.mode: str = meta.get("mode", "solo")
        self.humans = _human_sides(meta.get("human", "investigator"))
        if self.mode not in ("solo", "hotseat", "watch"):
            raise ValueError(f"unknown game mode {self.mode!r}")
        if self.mode == "hotseat" and len(self.humans) != 2:
            raise ValueError("a hot-seat game needs two human players")
        self.bot_name = meta.get("bot") or "greedy"
        self.bot = make_bot(self.bot_name) if len(self.humans) < 2 and driver is None else None
        self.record = record
        self.ui: GameUI = ui_for(self)
        self.states: list[Any] = record.states() if driver is None else driver.states()
        latest = len(self.states) - 1
        self._obs: dict[tuple[int, Side], Any] = {}
        if self.mode == "hotseat":
            self.viewer: Side | None = None  # nobody looks until the first hand-over
        elif self.humans:
            self.viewer = next(iter(self.humans))
        else:
            self.viewer = Side.INVESTIGATOR
        start = latest if resume else 0
        self.cursor = {side: start for side in SIDES}
        self.logs: dict[Side, list[LogEntry]] = {side: [] for side in SIDES}
        self._told: dict[tuple[str, Side, int], list[str]] = {}  # (language, side, ply) -> the lines
        if resume:
            for side in SIDES:
                for i in range(latest):
                    self._log(side, i)
        self.model = self.ui.make_model(self.obs(start, self.viewer or Side.INVESTIGATOR))
        self.view = self.ui.make_view()
        self.anim: Step | None = None
        self.anim_ply = 0
        self.anim_caption = ""
        self.recent: Any = None
        self.picker: Any = None
        self.picker_ply = -1
        self.focus: tuple | None = None
        self.toast = Toast()
        self.clock = 0.0
        self.bot_wait = 0.0
        self.thinking: tuple[int, Future] | None = None
        self.end_wait = 0.0
        self.show_sight = False
        self.handover_pending: Side | None = None
        #: Keys typed while a move played or the prompt was being set up: (ply they were typed at, intent, value).
        self.typeahead: list[tuple[int, str, int]] = []
        self.log_scroll = 0
        self.autosave_error = False
        self.finished = False
        self.confirm_button = Button(N_("Confirm"), self.confirm, kind="primary")
        self.undo_button = Button(N_("Undo"), self.undo)
        self.extra_button = Button(lambda: _(self._extra_label), self.extra)
        self.stay_button = self.extra_button  # Pocket's name for it (Jack's joker: leave them)
        self._extra_label = ""
        self.menu_button = Button(lambda: "≡", self.pause)
        self.sight_button = Button(lambda: "◉", self.toggle_sight)
        self._log_cache: tuple | None = None
        self._log_lines: list[tuple[str, tuple[int, int, int]]] = []
        self.hints = HintHelper(self)  # solo play: the Hint key
        self.hint_marked = False  # the hint is drawn on the board this frame (its words show too)

    # ----------------------------------------------------------- creation
    @classmethod
    def new(cls, app: Any, seed: int, *, mode: str = "solo", human: str = "investigator",
            bot: str | None = "greedy", game: str = "pocket", edition: str | None = None) -> GameScene:
        """A fresh game; ``human`` is ``"jack"``, ``"investigator"``, ``"both"`` or ``"none"``.

        ``edition`` picks a printing where the rule set has several (London: ``"2006"``, ``"2016"``).
        """
        meta: dict[str, Any] = {"mode": mode, "human": human, "bot": bot}
        if edition is not None:
            meta["edition"] = str(edition)
        return cls(app, GameRecord(game, int(seed), [], meta))

    @classmethod
    def from_record(cls, app: Any, record: GameRecord) -> GameScene:
        """Resume ``record`` exactly where it stopped (no animation of the past).

        :raises ValueError: if the record does not replay, is of a game this client
            does not draw, or names an unknown mode or bot.
        """
        if record.game not in GAMES:
            raise ValueError(f"this client plays {', '.join(sorted(GAMES))}, not {record.game!r}")
        copy = GameRecord(record.game, record.seed, list(record.actions), dict(record.meta))
        copy.meta.setdefault("mode", "solo")
        copy.meta.setdefault("human", "investigator")
        copy.meta.setdefault("bot", "greedy")
        return cls(app, copy, resume=True)

    # ------------------------------------------------------------ queries
    @property
    def state(self) -> Any:
        """The latest full state (the referee's; never drawn)."""
        return self.states[-1]

    def obs(self, i: int, side: Side) -> Any:
        """What ``side`` may know after the first ``i`` actions."""
        key = (i, side)
        o = self._obs.get(key)
        if o is None:
            o = self.states[i].observation(side)
            self._obs[key] = o
        return o

    def visible_action(self, i: int, side: Side) -> Action:
        """Action ``i`` as ``side`` may see it: the other side's secret draws are masked."""
        return self.ui.visible_action(i, side)

    def visible_info(self) -> dict:
        """The secrets the screen holds now (for tests): model fields and the log text."""
        return {"viewer": None if self.viewer is None else self.viewer.value, "view": self.model.view,
                **self.model.secrets(),
                "log": [t for t, _a in self.log_text(self.viewer)] if self.viewer else []}

    def my_turn(self) -> bool:
        """Whether the screen waits for its human player's choice now."""
        return (self.anim is None and self.picker is not None and self.viewer is not None
                and self.picker_ply == len(self.states) - 1
                and self.cursor[self.viewer] == len(self.states) - 1
                and self.state.to_move().side is self.viewer)

    # ------------------------------------------------------------- moving
    def commit(self, action: Action) -> None:
        """Apply ``action`` to the true game, record it and autosave."""
        if self.driver is not None:  # network play: it comes back through the driver, then animates
            self.picker = None
            self.focus = None
            self.driver.play(action)
            return
        s = self.state.clone()
        s.apply(action)
        self.states.append(s)
        self.record.actions.append(str(action))
        self.picker = None
        self.focus = None
        self._autosave()
        if s.is_over():
            self._keep_finished_game()

    def _autosave(self) -> None:
        saves = getattr(self.app, "saves", None)
        if saves is None:
            return
        try:
            saves.autosave(self.record)
        except OSError as exc:
            if not self.autosave_error:
                self.autosave_error = True
                self.toast.show(_("The game could not be autosaved: {reason}").format(
                    reason=exc.strerror or exc), "error", 4.0)

    def _keep_finished_game(self) -> None:
        """File the finished game among the saves (the Replays list) and drop the autosave."""
        saves = getattr(self.app, "saves", None)
        if saves is None or self.mode == "watch" or not hasattr(saves, "save"):
            return
        outcome = self.state.outcome
        winner = texts.winner_title(outcome.winner) if outcome is not None else ""
        name = f"{time.strftime('%Y-%m-%d %H:%M:%S')} {winner}"
        try:
            saves.save(self.record, name)
            if hasattr(saves, "clear_autosave"):
                saves.clear_autosave(self.record)
        except OSError as exc:
            self.toast.show(_("The finished game could not be saved: {reason}").format(
                reason=exc.strerror or exc), "error", 4.0)

    def _log(self, side: Side, i: int) -> None:
        action = self.visible_action(i, side)
        self.logs[side].append(LogEntry(i, self.ui.actor_of(self.obs(i, side), action)))

    def told(self, side: Side, ply: int) -> list[str]:
        """The log's lines for action ``ply`` as ``side`` saw it, in the language shown now."""
        from ..i18n import current_language

        key = (current_language(), side, ply)
        lines = self._told.get(key)
        if lines is None:
            lines = self.ui.describe(self.obs(ply, side), self.visible_action(ply, side), self.obs(ply + 1, side))
            self._told[key] = lines
        return lines

    def log_text(self, side: Side) -> list[tuple[str, str | None]]:
        """``side``'s log as (line, actor) pairs, oldest first, in the language shown now."""
        return [(line, e.actor) for e in self.logs[side]
                for line in (self.told(side, e.ply) if e.hint is None else self.told_hint(side, e))]

    def keys_hint(self) -> str:
        """The game's keys, with F1 where a hint may be asked and F2 where there is a chat."""
        keys = [self.ui.keys_hint()]
        if self.mode == "solo" and self.driver is None and len(self.humans) == 1:
            keys.append(_("F1 hint"))
        if self.driver is not None:
            keys.append(_("F2 chat"))
        return " · ".join(keys)

    def told_hint(self, side: Side, entry: LogEntry) -> list[str]:
        """A hint's line, in the language shown now."""
        from ..hinting import hint_text
        from ..i18n import current_language

        key = (current_language(), side, "hint", entry.ply)
        lines = self._told.get(key)
        if lines is None:
            lines = self._told[key] = [hint_text(self, entry.hint, entry.ply)]
        return lines

    def _start_anim(self, side: Side) -> None:
        i = self.cursor[side]
        before, after = self.obs(i, side), self.obs(i + 1, side)
        action = self.visible_action(i, side)
        self.model.sync(before)
        actor = self.ui.actor_of(before, action)
        own = actor is not None and self.mode != "watch" and Side(actor) is side
        self.anim = self.ui.build_anim(before, action, after, own)
        self.anim_ply = i + 1
        self.anim_caption = self.ui.caption(action, actor)

    def _finish_anim(self) -> None:
        side = self.viewer
        assert side is not None
        self._log(side, self.anim_ply - 1)  # the log tells what the player has just seen
        self.recent = self.ui.changed(self.anim_ply - 1, side)
        self.log_scroll = 0
        self.cursor[side] = self.anim_ply
        self.model.sync(self.obs(self.anim_ply, side))
        self.anim = None

    def skip_animation(self) -> None:
        """Jump to the end of the animation now playing."""
        if self.anim is not None:
            self.anim.skip()
            self._finish_anim()

    # -------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        self.clock += dt
        self.toast.update(dt)
        self.hints.update()
        if self.driver is not None:
            self.driver.panel.update(dt)
        speed = self.app.animation_speed
        if self.anim is not None:
            self.anim.advance(dt * speed)
            if self.anim.finished:
                self._finish_anim()
            return
        self._advance(dt * speed)

    def _advance(self, dt: float) -> None:
        latest = len(self.states) - 1
        v = self.viewer
        if v is not None and self.cursor[v] < latest:
            self._start_anim(v)
            return
        if self.driver is not None:
            if self.driver.hold(self):
                return  # network play: waiting for the other side, chance or the check
            if self._outbox:  # the rest of a confirmed choice, one step at a time
                nxt = self._outbox.pop(0)
                if self.state.is_legal(nxt):
                    self.driver.play(nxt)
                    return
                self._outbox.clear()
        s = self.state
        if s.is_over():
            self._drop_typeahead()
            self.end_wait += dt
            if self.end_wait >= END_DELAY and not self.finished:
                self._to_results()
            return
        tm = s.to_move()
        if tm is ToMove.CHANCE:
            self.commit(s.sample_chance())
            return
        forced = self.ui.forced(s)
        if forced is not None:
            self.commit(forced)  # Jack's answer is forced: the rules give it
            return
        side = tm.side
        assert side is not None
        if side in self.humans:
            if v is not side:
                self._request_handover(side)
                return
            if self.picker is None or self.picker_ply != latest:
                self.picker = self.ui.make_picker(self.obs(latest, side))
                self.picker_ply = latest
                self.focus = None
                self._apply_typeahead(latest)
            return
        self._drop_typeahead()
        self.bot_wait += dt
        self._think(latest)
        future = self.thinking[1] if self.thinking is not None else None
        if self.bot_wait >= BOT_DELAY and future is not None and future.done():
            self.bot_wait = 0.0
            self.thinking = None
            self.commit(future.result())

    def _apply_typeahead(self, ply: int) -> None:
        """Apply the keys typed for the prompt of ply ``ply`` now that it shows; drop the rest.

        A key belongs to the prompt that follows what the player was
        watching when it was typed: if anything else happened since (the
        other side moved, chance threw new tokens), the player has not seen
        the board the key would act on, so it is dropped with a word.
        """
        queued, self.typeahead = self.typeahead, []
        meant = [(name, value) for at, name, value in queued if at == ply]
        if len(meant) < len(queued):
            self._say_dropped()
        for name, value in meant:
            if not self.my_turn():
                break
            self.ui.choose(name, value)

    def _drop_typeahead(self) -> None:
        if self.typeahead:
            self.typeahead = []
            self._say_dropped()

    def _say_dropped(self) -> None:
        self.toast.show(_("Keys pressed during the animation were ignored: the board changed since."), "info", 2.4)

    def _awaits_viewer(self) -> bool:
        """The next prompt is the viewer's, with nothing left to happen before it (it is being set up)."""
        v = self.viewer
        s = self.state
        return (v is not None and v in self.humans and not s.is_over() and s.to_move().side is v
                and self.cursor[v] == len(self.states) - 1 and self.handover_pending is None)

    def _think(self, ply: int) -> None:
        """Start the bot on ply ``ply`` in a worker thread, so frames keep coming while it searches.

        The bot gets a copy of the state and a generator seeded from the
        game's seed and the ply, so its move (and a resumed game) is the
        same however long it takes.
        """
        if self.thinking is not None and self.thinking[0] == ply:
            return
        assert self.bot is not None
        rng = Rng((self.record.seed * 1_000_003 + ply * 7919) & ((1 << 64) - 1))
        state = self.state.clone()
        self.thinking = (ply, _pool().submit(bot_move, state, self.bot, rng))

    def wait_for_bot(self, timeout: float | None = 30.0) -> None:
        """Block until the bot's search (if one runs) is done: for tools and tests, never the frame loop."""
        if self.thinking is not None:
            self.thinking[1].result(timeout)

    def _request_handover(self, side: Side) -> None:
        if self.handover_pending is side:
            return
        self.handover_pending = side
        moves = self._seen_elsewhere(side) - self.cursor[side]
        self.app.stack.push(self.app.stack.make("handover", self.app, side, self._shown, moves))

    def _seen_elsewhere(self, side: Side) -> int:
        """How far the other side's screen has shown the game (those moves played on this same screen)."""
        other = Side.JACK if side is Side.INVESTIGATOR else Side.INVESTIGATOR
        return max(self.cursor[side], min(len(self.states) - 1, self.cursor[other]))

    def _shown(self, side: Side, replay: bool = False) -> None:
        """The hand-over screen was passed: this is now ``side``'s screen.

        Unless ``replay`` is asked, the moves already played on this screen
        (the other side's) are not played again: they go to the log.
        """
        self.handover_pending = None
        self.viewer = side
        self.typeahead = []  # keys typed by the other player are not this one's
        self.picker = None
        self.focus = None
        if not replay:
            self._catch_up(side, self._seen_elsewhere(side))
        self.model.sync(self.obs(self.cursor[side], side))

    def _catch_up(self, side: Side, upto: int) -> None:
        """Move ``side``'s screen to ply ``upto`` at once: the moves between go to its log, unanimated."""
        start = self.cursor[side]
        if upto <= start:
            return
        for i in range(start, upto):
            self._log(side, i)
        self.cursor[side] = upto
        self.recent = self.ui.changed(upto - 1, side)
        self.log_scroll = 0

    def skip_all_animations(self) -> None:
        """Finish the animation playing and every one waiting behind it: the screen shows the latest position."""
        side = self.viewer
        if side is None:
            return
        self.skip_animation()
        self._catch_up(side, len(self.states) - 1)
        self.model.sync(self.obs(self.cursor[side], side))

    def _to_results(self) -> None:
        self.finished = True
        snapshot = pygame.Surface(self.app.size)
        self.draw(snapshot)
        if self.driver is not None:
            self.app.stack.replace(self.driver.results_scene(self.record, self.state, snapshot))
            return
        self.app.stack.replace(self.app.stack.make("results", self.app, self.record, self.state, snapshot))

    # -------------------------------------------------------------- player
    def confirm(self) -> None:
        if not self.my_turn() or self.picker is None:
            return
        actions = self.ui.pending()
        if not actions:
            return
        self.app.play("click")
        if self.driver is not None:
            self._outbox = list(actions[1:])
            self.commit(actions[0])
            return
        for a in actions:
            self.commit(a)

    def undo(self) -> None:
        if self.picker is not None and self.picker.back():
            self.focus = None
            self.app.play("click")

    def extra(self) -> None:
        if self.my_turn() and self.picker is not None:
            self.ui.extra()

    def stay(self) -> None:
        self.extra()

    def pause(self) -> None:
        self.app.play("click")
        self.app.stack.push(self.app.stack.make("pause", self.app, self))

    def toggle_sight(self) -> None:
        self.show_sight = not self.show_sight
        self.app.play("click")

    def refuse(self, message: str | None) -> None:
        """Show why a pick was refused, or sound the click of an accepted one."""
        if message:
            self.toast.show(message, "error")
        else:
            self.app.play("click")
            self.focus = None

    _refuse = refuse

    def _not_your_turn(self) -> None:
        s = self.state
        side = s.to_move().side
        if s.is_over():
            return
        if side is not None and side not in self.humans:
            self.toast.show(_("Wait: {side} is thinking.").format(side=texts.side_name(side)), "info", 1.6)

    # -------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.view.resize(self.app.size)
        self._place_buttons()
        if self.driver is not None and self.driver.panel.handle_event(event):
            return None  # the online panel's: its chat takes every key while it is shown
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            for b in (self.menu_button, self.sight_button):
                if b.handle_event(event):
                    return None
            if self.anim is not None:
                return None  # input waits while a move plays
            if event.button == 3:
                self.undo()
                return None
            if event.button != 1:
                return None
            for b in (self.confirm_button, self.undo_button, self.extra_button):
                if b.visible and b.handle_event(event):
                    return None
            if self.ui.click_area(event.pos):
                if not self.my_turn() or self.picker is None:
                    self._not_your_turn()
                else:
                    self.ui.click(event.pos)
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.log_scroll = max(0, self.log_scroll + event.y)
            return None
        return event

    def _key(self, event: pygame.event.Event) -> None:
        if event.key in HINT_KEYS:
            self.hints.request()
            return None
        intent = intent_of(event)
        if intent is None:
            return None
        name, value = intent.name, intent.value
        if name == "sight":
            self.toggle_sight()
        elif name == "log":
            self.log_scroll = max(0, self.log_scroll + value)
        elif self.anim is not None:
            if name in ("skip", "pause"):  # Space or Esc skips the move being shown
                self.skip_animation()
            elif name == "confirm":  # Enter skips every move waiting to be shown
                self.skip_all_animations()
            elif name in TYPEAHEAD:  # typed ahead: kept for the prompt that follows this very move
                self.typeahead.append((self.anim_ply, name, value))
        elif name == "pause":
            self.pause()
        elif not self.my_turn() or self.picker is None:
            if name in TYPEAHEAD and self._awaits_viewer():
                self.typeahead.append((len(self.states) - 1, name, value))
            elif name != "skip":
                self._not_your_turn()
        else:
            self.ui.choose(name, value)
        return None

    def cycle_focus(self, d: int) -> None:
        """Move the keyboard focus to the next (``d`` 1) or previous lit target."""
        targets = self.ui.focus_targets()
        if not targets:
            return
        if self.focus in targets:
            i = (targets.index(self.focus) + d) % len(targets)
        else:
            i = 0 if d > 0 else len(targets) - 1
        self.focus = targets[i]

    _cycle_focus = cycle_focus

    # ---------------------------------------------------------------- draw
    def highlights(self) -> Any:
        """What the player's current choice lights on the board (from the rule set's UI), and the hint."""
        hl = self.ui.highlights()
        hinted = self.hints.on_board()
        self.hint_marked = hinted is not None and self.ui.mark_hint(hl, hinted)
        return hl

    def hover_target(self) -> tuple | None:
        return self.ui.hover_target()

    def _place_buttons(self) -> None:
        L = self.view.layout
        assert L is not None
        self.confirm_button.rect = L.confirm_button
        self.undo_button.rect = L.undo_button
        self.extra_button.rect = L.undo_button.move(-L.undo_button.w - round(8 * L.scale), 0)
        self.menu_button.rect = L.menu_button
        self.sight_button.rect = L.sight_button
        mine = self.my_turn() and self.picker is not None
        p = self.picker
        pending = self.ui.pending() if mine else []
        self.confirm_button.visible = bool(mine and pending)
        self.undo_button.visible = bool(mine and p is not None and p.can_back())
        self.undo_button.label = N_("Undo") if pending else N_("Cancel")
        extra = self.ui.extra_button() if mine else None
        self._extra_label = extra[0] if extra else ""
        self.extra_button.visible = bool(extra and extra[1])

    def draw(self, surface: pygame.Surface) -> None:
        L = self.view.resize(surface.get_size())
        self._place_buttons()
        surface.blit(self.view.static_layer(), (0, 0))
        if self.viewer is None:
            theme.blit_text(surface, _("Waiting for the first player…"), max(14, round(20 * L.scale)),
                            theme.TEXT_DIM, self.ui.board_center(), "center", "serif")
            return
        hl = self.highlights()
        self.ui.draw_under(surface, hl, self.clock)
        self._draw_header(surface)
        self._draw_prompt(surface)
        self._draw_log(surface)
        self.ui.draw_over(surface)
        anchor, width = self.ui.toast_anchor()
        self.toast.draw(surface, anchor, max(12, round(16 * L.scale)), width)

    def confirm_quit(self) -> bool:
        """Closing the window during an online game asks first (leaving resigns it)."""
        return self.driver is not None and self.driver.ask_leave("quit")

    def _status(self, with_bot: bool = True) -> tuple[str, tuple[int, int, int]]:
        m = self.model
        if m.outcome is not None and self.anim is None:
            return _("Game over"), theme.BRASS_LIGHT
        if self.anim is not None:
            return self.anim_caption, theme.TEXT_DIM
        s = self.state
        side = s.to_move().side
        if side is None:
            return "", theme.TEXT_DIM
        col = theme.side_colour(side.value)
        if side in self.humans and side is self.viewer:
            if self.mode == "hotseat":
                return _("{side}, your turn").format(side=texts.side_name(side)), col
            return _("Your turn ({side})").format(side=texts.side_name(side)), col
        if self.mode == "watch" or side not in self.humans:
            name = self.driver.players.get(side.value) if self.driver is not None else None
            if name is None and with_bot and self.bot is not None and self.mode == "solo":
                name = bot_label(self.bot_name)
            if name:   # online: say who; solo: which bot
                return _("{side} ({name}) is thinking…").format(side=texts.side_name(side), name=name), col
            return _("{side} is thinking…").format(side=texts.side_name(side)), col
        return _("{side} to play").format(side=texts.side_name(side)), col

    def _draw_header(self, surface: pygame.Surface) -> None:
        L = self.view.layout
        assert L is not None
        s = L.scale
        r = L.header
        m = self.model
        title = self.ui.title()
        theme.blit_text(surface, title, theme.fit_size(title, max(14, round(24 * s)), L.sight_button.x - r.x - 6,
                                                       "serif-bold"),
                        theme.BRASS_LIGHT, (r.x, r.y), "topleft", "serif-bold", shadow=True)
        status, col = self._status()
        y2 = r.y + round(32 * s)
        right = r.right
        view = {"jack": _("Jack's view"), "investigator": _("Investigator's view")}.get(m.view, "")
        if view:
            vs = theme.fit_size(view, max(theme.READABLE, round(12 * s)), int(r.w * 0.5), min_size=theme.READABLE)
            vr = theme.blit_text(surface, view, vs, theme.side_colour(m.view), (r.right, y2 + round(3 * s)),
                                 "topright")
            right = vr.x - round(8 * s)
        if status:
            wanted = max(11, round(16 * s))
            size = theme.fit_size(status, wanted, right - r.x, "sans-bold")
            if size < wanted:   # too long with the bot's level and style: without them
                status, col = self._status(with_bot=False)
                size = theme.fit_size(status, wanted, right - r.x, "sans-bold")
            theme.blit_text(surface, status, size, col, (r.x, y2), "topleft", "sans-bold")
        self.menu_button.draw(surface)
        self.sight_button.draw(surface, focused=self.show_sight)
        # draw the icons on the two small buttons
        mb = L.menu_button
        for k in (-1, 0, 1):
            y = mb.centery + k * mb.h * 0.2
            pygame.draw.line(surface, theme.PARCHMENT, (mb.x + mb.w * 0.28, y), (mb.right - mb.w * 0.28, y), 2)
        sb = L.sight_button
        eye = pygame.Rect(0, 0, sb.w * 0.6, sb.h * 0.42)
        eye.center = sb.center
        pygame.draw.ellipse(surface, theme.SIGHT if self.show_sight else theme.PARCHMENT, eye, 2)
        theme.aa_circle(surface, theme.SIGHT if self.show_sight else theme.PARCHMENT, sb.center, eye.h * 0.3)

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        L = self.view.layout
        assert L is not None
        s = L.scale
        r = L.prompt
        size = max(11, round(15 * s))
        if self.my_turn() and self.picker is not None:
            text = self.picker.prompt()
            col = theme.PARCHMENT
            sub = self.ui.prompt_sub(self.hover_target())
        elif self.state.is_over() and self.anim is None:
            text, col, sub = _("The game is over."), theme.BRASS_LIGHT, ""
        elif self.anim is not None:
            text, col = _("Watch the move…"), theme.TEXT_DIM
            waiting = len(self.states) - 1 - self.anim_ply
            sub = (_("Space skips this move, Enter all {n} still to show.").format(n=waiting + 1) if waiting > 0
                   else _("Space skips the animation."))
        else:
            text, col, sub = "", theme.TEXT_DIM, ""
        buttons = [b for b in (self.confirm_button, self.undo_button, self.extra_button) if b.visible]
        width = r.w
        lines = theme.wrap(text, size, width)
        if buttons and len(lines) > 2:
            size = max(10, size - 2)
            lines = theme.wrap(text, size, width)
        lh = theme.font(size).get_linesize()
        y = r.y
        limit = min((b.rect.y for b in buttons), default=r.bottom) - 2
        keys_size, keys_lines, keys_h = theme.READABLE, [], 0
        if not buttons:
            keys_size, keys_lines = theme.fit_lines(self.keys_hint(), max(theme.READABLE, round(11 * s)), r.w)
            keys_h = theme.font(keys_size).get_linesize() * len(keys_lines) + round(4 * s)
            limit -= keys_h
        for line in lines[:4]:
            if y + lh > limit and y > r.y:
                break
            theme.blit_text(surface, line, size, col, (r.x, y), "topleft")
            y += lh
        hinted = self.hints.line() if self.hint_marked else ""
        if hinted and not sub:   # the hint stays in words while it is marked on the board, whole or not at all
            short = self.hints.short_line()   # no room for the move in words: its chance; the mark tells the move
            if keys_lines and not _fitted(short, size - 2, width, limit - y)[2]:
                keys_lines, limit = [], limit + keys_h   # the hint the player asked for before the keys line
            below = _draw_fitted(surface, hinted, size - 2, (r.x, y), width, limit, theme.GOOD, whole_only=True)
            if below == y:
                below = _draw_fitted(surface, short, size - 2, (r.x, y), width, limit, theme.GOOD, whole_only=True)
            y = below
        if sub:  # the hint whole, in the largest size that fits (a cut hint misleads)
            y = _draw_fitted(surface, sub, size - 2, (r.x, y), width, limit, theme.TEXT_FAINT, whole_only=False)
        for b in (self.confirm_button, self.undo_button, self.extra_button):
            b.draw(surface)
        klh = theme.font(keys_size).get_linesize()
        for i, line in enumerate(keys_lines):
            theme.blit_text(surface, line, keys_size, theme.TEXT_FAINT,
                            (r.x, r.bottom - round(4 * s) - klh * (len(keys_lines) - 1 - i)), "bottomleft")

    def _draw_log(self, surface: pygame.Surface) -> None:
        L = self.view.layout
        assert L is not None
        s = L.scale
        r = L.log
        size = max(10, round(13 * s))
        if self.driver is not None:   # online: names, clocks and the chat tab above the log
            body = self.driver.panel.draw(surface, r, s)
            if body is None:
                return
            r = pygame.Rect(r.x, body.y - round(26 * s), r.w, body.bottom - body.y + round(26 * s))
        else:
            theme.blit_text(surface, _("Game log"), max(10, round(13 * s)), theme.TEXT_DIM,
                            (r.x + round(10 * s), r.y + round(6 * s)), "topleft", "sans-bold")
        log = self.logs[self.viewer] if self.viewer is not None else []
        from ..i18n import current_language

        key = (id(log), len(log), r.w, size, current_language())
        if key != self._log_cache:
            self._log_cache = key
            out = []
            for text, actor in (self.log_text(self.viewer) if self.viewer is not None else []):
                col = LOG_COLOURS.get(actor, theme.TEXT)
                for j, line in enumerate(theme.wrap(text, size, r.w - round(30 * s))):
                    out.append((("• " if j == 0 else "   ") + line, col))
            self._log_lines = out
        lines = self._log_lines
        lh = theme.font(size).get_linesize()
        top = r.y + round(26 * s)
        rows = max(1, (r.bottom - round(6 * s) - top) // lh)
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - rows))
        end = len(lines) - self.log_scroll
        shown = lines[max(0, end - rows):end]
        while len(shown) > 1 and shown[0][0].startswith("   "):
            shown = shown[1:]  # never start on the tail of a wrapped entry
        y = top
        for line, col in shown:
            theme.blit_text(surface, line, size, col, (r.x + round(10 * s), y), "topleft")
            y += lh
        if self.log_scroll:
            theme.blit_text(surface, "▼ " + _("newer below (PgDn)"), max(9, size - 2), theme.TEXT_FAINT,
                            (r.right - round(8 * s), r.y + round(6 * s)), "topright")
