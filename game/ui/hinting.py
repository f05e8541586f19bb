"""The Hint key of solo play: the hard level's move for the player, and its chance to win.

The game scene owns one :class:`HintHelper`.  On the player's turn, the
``?`` key (or F1) asks :func:`game.bots.hint.hint` in the bots' worker
thread, so frames keep coming while it searches; the answer is shown in a
toast and a log line, and written into the game record's ``meta["hints"]``
(so a hinted game is known as one in its saves and replays).  The search
sees only the player's own observation.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pygame

from ..bots.hint import Hint, hint, mark_hint
from .gamelog import LogEntry
from .i18n import _
from .workers import bot_pool as _pool

HINT_KEYS = (pygame.K_QUESTION, pygame.K_SLASH, pygame.K_F1)


def hint_text(scene: Any, given: Hint, ply: int | None = None) -> str:
    """The hint in words: the move as the log would tell it, and the chance to win.

    ``ply`` is the position the hint was given in (default: the current one).
    """
    obs = scene.obs(len(scene.states) - 1 if ply is None else ply, scene.viewer)
    action = next((a for a in obs.legal_actions() if str(a) == given.action), None)
    move = given.action
    if action is not None:
        try:
            lines = scene.ui.describe(obs, action, obs.child(action))
            move = " ".join(lines) if lines else move
        except Exception:  # noqa: BLE001 - the words are a courtesy; the action text always works
            move = given.action
    if given.chance is None:
        return _("Hint: {move}").format(move=move)
    return _("Hint ({chance}% to win): {move}").format(move=move, chance=round(100 * given.chance))


class HintHelper:
    """Asks for a hint on the player's turn and shows it when it comes."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.pending: tuple[int, Future] | None = None

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
        mark_hint(s.record.meta, ply, given)
        s.logs[s.viewer].append(LogEntry(ply, None, given))
        s.toast.show(text, "good", 6.0)
        s._autosave()


__all__ = ["HINT_KEYS", "HintHelper", "hint_text"]
