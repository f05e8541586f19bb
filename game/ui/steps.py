"""A replay's steps in plain words, for every game: each game's ``texts`` module tells its own.

``game.ui.<game>.texts`` has ``describe_step(before, action, after)`` and
``start_text()``; a fourth game adds both there.
"""

from __future__ import annotations

import importlib
from typing import Any


def _texts(game: str) -> Any:
    return importlib.import_module(f"game.ui.{game}.texts")


def describe_step(before: Any, action: str, after: Any = None) -> str:
    """What ``action`` did to ``before``, in plain words (secrets included: for replays).

    ``after`` is the state it led to (computed when not given); the end of
    the game is added when the action finished it.
    """
    return _texts(getattr(before, "game", "pocket")).describe_step(before, action, after)


def start_text(game: str = "pocket") -> str:
    """The line a replay shows before the first action."""
    return _texts(game).start_text()
