"""The bot interface and registry.

A bot is given an observation (a state of its own side's view, with no
generator and no secret of the other side) and an injected generator; it
never sees the full state.  The modules that define bots fill :data:`BOTS`
with :func:`register`; the package (``game/bots/__init__.py``) imports each of
them once, so this module imports none of them.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.actions import Action
from ..engine.rng import Rng


class Bot:
    """Chooses one legal action of ``observation``."""

    name = "bot"

    def choose(self, observation, rng: Rng) -> Action:  # type: ignore[no-untyped-def]
        raise NotImplementedError


BOTS: dict[str, Callable[[], Bot]] = {}


def register(cls: type[Bot]) -> type[Bot]:
    BOTS[cls.name] = cls
    return cls


def make_bot(name: str) -> Bot:
    """:raises ValueError: for an unknown bot name."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}") from None
