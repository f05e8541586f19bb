"""Per-game parts of the client: one module per rule set, one interface.

The game scene (:mod:`game.ui.scenes.game`) keeps the flow of a game:
turns, the bot in its worker thread, hot-seat hand-overs, the autosave,
the log and the results.  Everything that depends on the rule set comes
from a :class:`GameUI` made for the scene by :func:`ui_for`: the board view
and its model, the picker that turns clicks and keys into a legal action,
the animations and the plain-word log lines.

A :class:`GameUI` never decides a rule: targets come from the legal
actions of the observation it is given, chance from the engine.

>>> sorted(GAMES)
['london', 'newyork', 'pocket']
"""

from __future__ import annotations

import importlib
from typing import Any

from ...engine.actions import Action
from ..i18n import N_, _

#: rule set name -> the game's client folder (``game.ui.<folder>``), whose ``game`` module defines ``UI``
GAMES = {"pocket": "pocket", "london": "london", "newyork": "newyork"}
#: the rule sets this client offers in its menus
CLIENT_GAMES = ("pocket", "london", "newyork")
#: how the menus name an edition
EDITION_LABELS = {"2006": N_("2006 (original)"), "2016": N_("2016 (new edition)")}


def ui_class(game: str) -> type[GameUI]:
    """The :class:`GameUI` subclass of ``game``.

    :raises ValueError: for a rule set this client cannot draw.
    """
    name = GAMES.get(game)
    if name is None:
        raise ValueError(f"this client cannot draw {game!r} yet; it draws {', '.join(sorted(GAMES))}")
    return importlib.import_module(f"game.ui.{name}.game").UI


def ui_for(scene: Any) -> GameUI:
    """A fresh :class:`GameUI` for ``scene`` (a game scene holding ``record``)."""
    return ui_class(scene.record.game)(scene)


def module_for(game: str) -> Any:
    """The per-game module (its free functions serve the replay and results screens)."""
    name = GAMES.get(game)
    if name is None:
        raise ValueError(f"this client cannot draw {game!r} yet")
    return importlib.import_module(f"game.ui.{name}.game")


class GameUI:
    """What the game scene asks of a rule set.  Subclasses fill in every method.

    ``scene`` is the :class:`~game.ui.scenes.game.GameScene`: the UI reads
    ``scene.picker``, ``scene.model``, ``scene.view``, ``scene.focus``,
    ``scene.toast`` and ``scene.my_turn()`` from it and calls back
    ``scene.undo()``, ``scene.confirm()``.
    """

    game = ""

    def __init__(self, scene: Any) -> None:
        self.scene = scene

    # ---------------------------------------------------------------- parts
    def make_view(self) -> Any:
        raise NotImplementedError

    def make_model(self, obs: Any) -> Any:
        raise NotImplementedError

    def make_picker(self, obs: Any) -> Any:
        raise NotImplementedError

    def parse(self, text: str) -> Action:
        raise NotImplementedError

    # ---------------------------------------------------------------- rules
    def visible_action(self, i: int, side: Any) -> Action:
        """Action ``i`` of the record as ``side`` may see it (chance secrets masked)."""
        raise NotImplementedError

    def forced(self, state: Any) -> Action | None:
        """Jack's answer when the rules leave him exactly one (played for him)."""
        return None

    def pending(self) -> list[Action]:
        """The actions the player's choice will apply on Confirm (empty: nothing yet)."""
        raise NotImplementedError

    # ----------------------------------------------------------- animation
    def actor_of(self, before: Any, action: Action) -> str | None:
        raise NotImplementedError

    def build_anim(self, before: Any, action: Action, after: Any, own: bool) -> Any:
        """The tween tree of one action on ``scene.model``; ``own``: the viewer took it."""
        raise NotImplementedError

    def describe(self, before: Any, action: Action, after: Any) -> list[str]:
        raise NotImplementedError

    def caption(self, action: Action, actor: str | None) -> str:
        raise NotImplementedError

    def changed(self, i: int, side: Any) -> Any:
        """What action ``i`` changed, to mark on the board until the next move."""
        return None

    # --------------------------------------------------------------- input
    def click_area(self, pos: tuple[int, int]) -> bool:
        """Whether a left click at ``pos`` is meant for the board or the game's panel."""
        raise NotImplementedError

    def click(self, pos: tuple[int, int]) -> None:
        raise NotImplementedError

    def choose(self, name: str, value: int) -> None:
        """A key intent while the player builds a move."""
        raise NotImplementedError

    def choose_common(self, name: str) -> bool:
        """The keys every game reads alike (back, confirm or the focused target, the focus's next and
        previous); ``False`` for the others."""
        sc = self.scene
        if name == "back":
            sc.undo()
        elif name == "confirm":
            if sc.picker.stage == "confirm":
                sc.confirm()
            elif sc.focus is not None:
                self.activate(sc.focus)
            else:
                sc.refuse(_("Choose with the number keys, or Tab to a target and press Enter."))
        elif name in ("next", "previous"):
            sc.cycle_focus(1 if name == "next" else -1)
        else:
            return False
        return True

    def focus_targets(self) -> list[tuple]:
        raise NotImplementedError

    def activate(self, focus: tuple) -> None:
        raise NotImplementedError

    def hover_target(self) -> tuple | None:
        return None

    def extra_button(self) -> tuple[Any, Any] | None:
        """``(label, visible?)`` of the game's third button beside Confirm and Undo, if any."""
        return None

    def extra(self) -> None:
        """The third button was pressed."""

    # ---------------------------------------------------------------- draw
    def highlights(self) -> Any:
        raise NotImplementedError

    def mark_hint(self, hl: Any, steps: list[Any]) -> bool:
        """Show the hinted ``steps`` (an action, or a card and its character's step) in ``hl`` as a
        preview, unless the player already picked otherwise; whether it did."""
        raise NotImplementedError

    def draw_under(self, surface: Any, hl: Any, clock: float) -> None:
        """The board and the game's panel parts, under the header, prompt and log."""
        raise NotImplementedError

    def draw_over(self, surface: Any) -> None:
        """What flies over everything: cards in the air, banners."""
        raise NotImplementedError

    def title(self) -> str:
        raise NotImplementedError

    def prompt_sub(self, hover: tuple | None) -> str:
        return ""

    def keys_hint(self) -> str:
        raise NotImplementedError

    def board_center(self) -> tuple[int, int]:
        raise NotImplementedError

    def toast_anchor(self) -> tuple[tuple[int, int], int]:
        """Where toasts show: centre point and the width they may use."""
        raise NotImplementedError
