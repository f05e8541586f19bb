"""An entry of a side's game log, shared by the game scene and the hint helper that adds to it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One action in a side's game log: which one, and who took it (for its colour).

    The words are not stored: they are told from the action and the
    side's observations in the language shown when drawn, so a language
    change retells the whole log (:meth:`GameScene.log_text`).
    """

    ply: int
    actor: str | None
    hint: Any = None      # a hint given at this ply (``game.bots.hint.Hint``), told instead of an action
