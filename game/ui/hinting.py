"""The Hint key of solo play: the hard level's move for the player, and its chance to win.

The game scene owns one :class:`HintHelper`.  On the player's turn, the
``?`` key (or F1) asks :func:`game.bots.hint.hint` in the bots' worker
thread, so frames keep coming while it searches; the answer is shown in a
toast and a log line, marked on the board while the choice is still open,
and written into the game record's ``meta["hints"]``
(so a hinted game is known as one in its saves and replays).  The search
sees only the player's own observation.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pygame

from ..bots.hint import Hint, hint, mark_hint
from ..engine.actions import Action
from .gamelog import LogEntry
from .i18n import _, current_language
from .steps import describe_step
from .workers import bot_pool as _pool

HINT_KEYS = (pygame.K_QUESTION, pygame.K_SLASH, pygame.K_F1)


def hint_text(scene: Any, given: Hint, ply: int | None = None) -> str:
    """The hint in words: the move as the log would tell it, and the chance to win.

    ``ply`` is the position the hint was given in (default: the current one).
    """
    obs = scene.obs(len(scene.states) - 1 if ply is None else ply, scene.viewer)
    steps = (given.action, *given.then)
    try:  # each step in the present tense ("Holmes moves 2 steps"), not the log's past
        words = []
        for i, step in enumerate(steps):
            nxt = obs.child(step)
            if i == 0:
                words.append(describe_step(obs, step, nxt))
            else:  # the same player's next step: the card game's log words, without the side again
                words += scene.ui.describe(obs, nxt.VOCAB.parse(step), nxt)
            obs = nxt
        move = " ".join(w for w in words if w) or " ".join(steps)
    except Exception:  # noqa: BLE001 - the words are a courtesy; the action texts always work
        move = " / ".join(steps)
    if given.chance is None:
        return _("Hint: {move}").format(move=move)
    return _("Hint ({chance}% to win): {move}").format(move=move, chance=round(100 * given.chance))


def short_hint_text(given: Hint) -> str:
    """The hint in a few words, for a panel too small for the move: the board shows the move."""
    if given.chance is None:
        return _("Hint: marked on the board")
    return _("Hint ({chance}% to win): marked on the board").format(chance=round(100 * given.chance))


class HintHelper:
    """Asks for a hint on the player's turn and shows it when it comes."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.pending: tuple[int, Future] | None = None
        self.shown: tuple[int, list[Action], Hint] | None = None  # the last hint: its ply, steps and answer
        self._line: tuple[str, str] = ("", "")  # the hint's words, by the language they are in

    def on_board(self) -> list[Action] | None:
        """The hinted steps to mark on the board, while they are still the player's choice to make.

        ``None`` once the game has moved on or during an animation; the game's
        UI draws it only while the player has no move of their own pending.
        """
        s = self.scene
        if self.shown is None or s.anim is not None or not s.my_turn() or s.picker is None:
            return None
        ply, steps, _given = self.shown
        return steps if ply == len(s.states) - 1 else None

    def line(self) -> str:
        """The hint in words while it is marked on the board (for the prompt panel), else ``""``."""
        if self.on_board() is None or self.shown is None:
            return ""
        lang = current_language()
        if self._line[0] != lang:
            self._line = (lang, hint_text(self.scene, self.shown[2], self.shown[0]))
        return self._line[1]

    def short_line(self) -> str:
        """:meth:`line` in a few words (the move left to the mark on the board), else ``""``."""
        if self.on_board() is None or self.shown is None:
            return ""
        return short_hint_text(self.shown[2])

    def allowed(self) -> bool:
        """Hints are for solo play against a bot, on the player's own turn."""
        s = self.scene
        return s.mode == "solo" and s.driver is None and len(s.humans) == 1 and s.my_turn()

    def request(self) -> None:
        s = self.scene
        if not self.allowed():
            s.toast.show(_("A hint is given in a solo game, on your turn."), "info", 2.0)
            return
        ply = len(s.states) - 1
        if self.pending is not None and self.pending[0] == ply:
            return  # already thinking about this very move
        state = s.state.clone()
        self.pending = (ply, _pool().submit(hint, state, s.record.seed))
        s.toast.show(_("Looking for a good move…"), "info", 30.0)

    def update(self) -> None:
        """Show a finished hint (once a frame; never blocks)."""
        if self.pending is None or not self.pending[1].done():
            return
        ply, fut = self.pending
        self.pending = None
        s = self.scene
        if ply != len(s.states) - 1:
            return  # the game moved on meanwhile
        try:
            given = fut.result()
        except Exception as exc:  # noqa: BLE001 - a failed hint must never stop the game
            s.toast.show(_("No hint this time: {reason}").format(reason=exc), "error", 3.0)
            return
        text = hint_text(s, given)
        try:
            steps, obs = [], s.obs(ply, s.viewer)
            for step in (given.action, *given.then):
                steps.append(obs.VOCAB.parse(step))
                obs = obs.child(steps[-1])
            self.shown = (ply, steps, given)
        except Exception:  # noqa: BLE001 - the mark is a courtesy: the words below still tell the move
            self.shown = None
        self._line = ("", "")
        mark_hint(s.record.meta, ply, given)
        s.logs[s.viewer].append(LogEntry(ply, None, given))
        s.toast.show(text, "good", 3.0)  # then it stays in the prompt panel while the mark is shown
        s._autosave()


__all__ = ["HINT_KEYS", "HintHelper", "hint_text", "short_hint_text"]
