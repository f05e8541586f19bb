"""Baseline players: uniformly random, and greedy one-ply on the suspect split."""

from __future__ import annotations

from ..engine.actions import Action
from ..engine.core import Side, ToMove
from ..engine.rng import Rng
from .base import Bot, register


@register
class RandomBot(Bot):
    """Any legal action, uniformly."""

    name = "random"

    def choose(self, observation, rng: Rng) -> Action:  # type: ignore[no-untyped-def]
        return rng.choice(observation.legal_actions())


def pocket_score(state, side: Side) -> float:  # type: ignore[no-untyped-def]
    """How good ``state`` looks to ``side`` if the witness call came now.

    The investigator wants the suspects split evenly between seen and unseen
    (Jack is equally likely to be any suspect, so the expected number left is
    the sum of squares over the total); Jack wants many suspects left on his
    side of the split, and to stay unseen for the round token.
    """
    if state.is_over():
        return 1000.0 if state.winner() is side else -1000.0
    vis = {state.chars[c] for c in state.visible_cells()}
    suspects = [c for c in range(9) if state.suspect[c]]
    seen = sum(1 for c in suspects if c in vis)
    unseen = len(suspects) - seen
    if side is Side.INVESTIGATOR:
        expected = (seen * seen + unseen * unseen) / len(suspects)
        return -expected - 0.3 * unseen / len(suspects)
    jack_seen = state.jack_seen()
    if jack_seen is None:  # cannot happen in Jack's own view; stay neutral
        return 0.0
    left = seen if jack_seen else unseen
    return left + (0.0 if jack_seen else 1.5)


def split_score(state, side: Side) -> float:  # type: ignore[no-untyped-def]
    """The same idea as :func:`pocket_score` for any rule set, read from ``describe()``."""
    if state.is_over():
        return 1000.0 if state.winner() is side else -1000.0
    info = state.describe()
    visible = set(info["visible"])
    suspects = info["suspects"]
    if not suspects:
        return 0.0
    seen = sum(1 for c in suspects if c in visible)
    unseen = len(suspects) - seen
    if side is Side.INVESTIGATOR:
        return -(seen * seen + unseen * unseen) / len(suspects)
    jack = info.get("jack")
    if jack is None:
        return 0.0
    jack_seen = jack in visible
    return (seen if jack_seen else unseen) + (0.0 if jack_seen else 1.5)


def score(state, side: Side) -> float:  # type: ignore[no-untyped-def]
    return pocket_score(state, side) if state.game == "pocket" else split_score(state, side)


def _expected(state, action: Action, side: Side) -> float:  # type: ignore[no-untyped-def]
    if action.kind == "accuse":
        # Right with probability 1/suspects (Jack is any of them, as far as we know).
        # A guess is worth it only when waiting would lose anyway (the last round).
        info = state.describe()
        suspects = info["suspects"]
        p = 1.0 / len(suspects) if action.args[0] in suspects else 0.0
        if p == 1.0 or info["round"] >= getattr(state, "rounds", 8):
            return 1000.0 * p - 1000.0 * (1.0 - p)
        return -1000.0 * (1.0 - p)
    child = state.child(action)
    if child.to_move() is not ToMove.CHANCE:
        return score(child, side)
    outcomes = child.chance_outcomes()
    total = sum(w for _, w in outcomes)
    return sum(w * score(child.child(a), side) for a, w in outcomes) / total


@register
class GreedyBot(Bot):
    """Looks one action ahead (averaging over a card draw) and scores the split."""

    name = "greedy"

    def choose(self, observation, rng: Rng) -> Action:  # type: ignore[no-untyped-def]
        legal = observation.legal_actions()
        if len(legal) == 1:
            return legal[0]
        side = observation.to_move().side
        scored = [(_expected(observation, a, side), a) for a in legal]
        best = max(s for s, _ in scored)
        return rng.choice([a for s, a in scored if s >= best - 1e-9])
