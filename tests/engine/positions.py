"""Positions for rule tests, written as the fields a test cares about over a game's defaults.

Every game's rule tests build their states the same way: the state's text
form with some fields replaced (:func:`position_of`); each game keeps its
own defaults (the position its rules start from) and a short
``position()`` over this (New York's, shared by its rules and its FAQ
tests, in :mod:`newyork_positions`).  The queries the tests ask of a state
(its legal actions as texts, kinds, a kind's arguments, the cells a
character may walk to, where a character stands, who is visible) are here
once for every game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def position_of(state_cls: Any, game: str, field_order: Sequence[str], defaults: Mapping[str, str], *,
                characters: Sequence[str] = (), start: str = "", chars: Mapping[str, str] | None = None,
                **fields: object) -> Any:
    """``state_cls`` parsed from ``defaults`` with ``fields`` replaced.

    ``chars`` (card games) moves some of ``characters`` from their ``start``
    cells; ``cards`` and ``suspects`` may then be given in any order, as they
    are listed in character order in the text form.
    """
    values = dict(defaults)
    if chars:
        cells = dict(zip(characters, start.split(","), strict=True))
        cells.update(chars)
        values["chars"] = ",".join(cells[c] for c in characters)
    values.update({k: str(v) for k, v in fields.items()})
    if characters:
        for key in ("cards", "suspects"):
            if values[key] != "-":
                values[key] = ",".join(c for c in characters if c in values[key].split(","))
    return state_cls.parse(f"{game} " + " ".join(f"{k}={values[k]}" for k in field_order))


def play(state: Any, *actions: str) -> Any:
    """``state`` after ``actions`` (applied in place)."""
    for a in actions:
        state.apply(a)
    return state


def texts(state: Any) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def kinds(state: Any) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def args(state: Any, kind: str) -> set[str]:
    """The legal actions of ``kind``, as their arguments' text."""
    return {" ".join(map(str, a.args)) for a in state.legal_actions() if a.kind == kind}


def dests(state: Any) -> set[str]:
    """The cells the active character may walk to."""
    return args(state, "to")


def where(state: Any, cid: str) -> str:
    """A card game's character's cell."""
    return state.describe()["board"]["characters"][cid]


def visible(state: Any) -> set[str]:
    return set(state.describe()["visible"])
