"""``minimax``: an outside yardstick, a one-round minimax with a hand-written evaluation.

A different family from the search levels (no sampling, no tree statistics,
no fitted tables), so that the arena can always measure them against
something that is not their sibling.  It plays the way the public Mr. Jack
Pocket servers' bots do:

* it searches the rest of the current round from its own observation, an
  alpha-beta minimax over both sides' actions, with chance steps (the alibi
  draws) as an expectation over their outcomes, and stops at the witness
  call;
* there it scores the board by hand (:func:`jack_value`): which suspects the
  witness call would clear, whether Jack is in sight, Jack's hourglasses
  (Pocket), his reach of an exit (London, New York) and the rounds played;
* the investigator, who does not know Jack, scores the average over every
  character that may still be Jack; Jack scores his own identity.

Depth and width are bounded (``depth`` plies at full width, ``beam`` best
actions by the evaluation below that, ``nodes`` evaluations at most), so a
decision costs about the same on every turn and is deterministic.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..engine.actions import Action
from ..engine.core import Side, ToMove
from ..engine.hexgrid import popcount
from ..engine.newyork.state import EXIT_NAMES
from ..engine.rng import Rng
from .base import Bot, register

POCKET_ROUNDS = 8
POCKET_TO_WIN = 6
POCKET_HOURGLASSES = (0, 0, 2, 1, 1, 1, 1, 1, 1)  # by character index (levels/pocket.json)
HIDDEN = -1


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z))


# ------------------------------------------------------------- evaluation
def _pocket_value(state, jack: int, hourglasses: float) -> float:  # type: ignore[no-untyped-def]
    """Jack's chance if the witness call came now, with ``jack`` as Jack (hand-written)."""
    vis = state.visible_cells()
    cell = state.chars.index(jack)
    seen = cell in vis
    left = sum(1 for c in range(9) if state.suspect[state.chars[c]] and (c in vis) == seen)
    h = hourglasses + (0 if seen else 1)
    r = state.round
    if left <= 1:
        return 0.5 if h >= POCKET_TO_WIN else 0.02  # a chase, or caught next round
    if h >= POCKET_TO_WIN or r >= POCKET_ROUNDS:
        return 0.97
    # Each suspect left and each hourglass buys Jack time; every round played brings the end nearer.
    return _sigmoid(0.55 * (left - 2) + 0.6 * h + 0.35 * r - 3.4)


def _card_value(state, jack: int) -> float:  # type: ignore[no-untyped-def]
    """Jack's chance if the witness call came now, with ``jack`` as Jack (hand-written)."""
    vis = state.visible_mask()
    seen = bool(vis >> jack & 1)
    left = popcount(state.suspects & (vis if seen else ~vis))
    r = state.round
    threat = not seen and state.escape_reach(jack)
    if left <= 1:
        return 0.9 if threat else 0.04  # arrested next round unless he runs first
    if r >= state.rounds:
        return 0.95
    return _sigmoid(0.5 * (left - 2) + 0.3 * r + (1.3 if threat else 0.0) + (0.3 if not seen else 0.0) - 2.3)


def _public_candidates(state) -> list[int]:  # type: ignore[no-untyped-def]
    """Who may be Jack as the investigator sees it."""
    if state.game == "pocket":
        return [c for c in range(9) if state.suspect[c]]
    known = 0
    for c in state.icards:
        if c >= 0:
            known |= 1 << c
    mask = state.suspects & ~known
    return [c for c in range(8) if mask >> c & 1]


def jack_value(state, side: Side) -> float:  # type: ignore[no-untyped-def]
    """Jack's chance to win as ``side`` judges ``state`` by what ``side``'s view shows.

    Jack (whose view knows himself and his cards) scores his own identity;
    the investigator averages over the characters that may still be Jack,
    counting each of Jack's hidden alibi cards as one hourglass.
    """
    if state.outcome is not None:
        return 1.0 if state.outcome.winner is Side.JACK else 0.0
    pocket = state.game == "pocket"
    known = side is Side.JACK and state.jack is not None and state.jack != HIDDEN
    if known:
        jacks = [state.jack]
    else:
        jacks = _public_candidates(state)
        if not jacks:
            return 0.0
    if pocket:
        h = float(sum(1 for s in state.track if s is Side.JACK))
        h += sum(1.0 if c == HIDDEN or not known else POCKET_HOURGLASSES[c] for c in state.jcards)
        return sum(_pocket_value(state, j, h) for j in jacks) / len(jacks)
    return sum(_card_value(state, j) for j in jacks) / len(jacks)


# ----------------------------------------------------------------- search
@dataclass(frozen=True, slots=True)
class MinimaxConfig:
    depth: int = 2      # plies searched at full width
    beam: int = 4       # actions kept per node below that (best by the evaluation)
    max_plies: int = 6  # plies at most, to the end of the round
    nodes: int = 6000   # evaluations at most per decision
    #: Count every position visited, not only evaluations, and once the budget is spent stop
    #: weighing a node's remaining actions (cheap in Pocket either way, but London's and New
    #: York's long move lists add up).
    cut_at_budget: bool = False


def _is_escape(action: Action) -> bool:
    """Jack's escape (London), or New York's Eastman pushing a character out through an exit."""
    return action.kind == "escape" or (action.kind == "move" and len(action.args) > 1
                                       and action.args[1] in EXIT_NAMES)


class _Search:
    """One alpha-beta search of the rest of the round from ``side``'s observation."""

    def __init__(self, obs, side: Side, cfg: MinimaxConfig) -> None:  # type: ignore[no-untyped-def]
        self.side = side
        self.cfg = cfg
        self.round = obs.round
        self.nodes = 0
        self.limit = cfg.nodes

    def leaf(self, state) -> float:  # type: ignore[no-untyped-def]
        self.nodes += 1
        return jack_value(state, self.side)

    def done(self, state) -> bool:  # type: ignore[no-untyped-def]
        return state.outcome is not None or state.round != self.round or state.phase == "witness"

    def action_value(self, state, action: Action, ply: int, alpha: float, beta: float) -> float:  # type: ignore[no-untyped-def]
        """Jack's value after ``action``: closed forms for arrests and escapes, else a search."""
        if action.kind == "accuse":
            cands = _public_candidates(state)
            x = state.CARDS.ids.index(str(action.args[0]))
            return 1.0 - (1.0 / len(cands) if x in cands else 0.0)
        if _is_escape(action):
            return 1.0
        child = state.clone()
        child._apply(action)
        return self.value(child, ply + 1, alpha, beta)

    def value(self, state, ply: int, alpha: float, beta: float) -> float:  # type: ignore[no-untyped-def]
        """Jack's value of ``state`` searched ``ply`` plies below the root."""
        if self.cfg.cut_at_budget:
            self.nodes += 1  # every position visited counts: the card games' move lists cost more than a leaf
        if self.done(state) or ply >= self.cfg.max_plies or self.nodes >= self.limit:
            return self.leaf(state)
        tm = state.to_move()
        if tm is ToMove.CHANCE:
            outcomes = state.chance_outcomes()
            total = sum(w for _, w in outcomes)
            v = 0.0
            for a, w in outcomes:
                c = state.clone()
                c._apply(a)
                v += w * self.value(c, ply, 0.0, 1.0)
            return v / total
        legal = state._generate()
        if len(legal) == 1 and ply > 0:
            c = state.clone()
            c._apply(legal[0])
            return self.value(c, ply, alpha, beta)
        maximise = tm.side is Side.JACK
        if ply >= self.cfg.depth:
            legal = self.best_few(state, legal, maximise)
        best = -1.0 if maximise else 2.0
        for a in legal:
            v = self.action_value(state, a, ply, alpha, beta)
            if maximise:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta or (self.cfg.cut_at_budget and self.nodes >= self.limit):
                break
        return best

    def best_few(self, state, legal: list[Action], maximise: bool) -> list[Action]:  # type: ignore[no-untyped-def]
        """The ``beam`` actions that look best at once, for the mover."""
        if len(legal) <= self.cfg.beam:
            return legal
        if self.cfg.cut_at_budget and self.nodes + len(legal) > self.limit:
            return legal[:self.cfg.beam]  # no budget left to rank them: the first few, in legal order
        scored = []
        for i, a in enumerate(legal):
            if a.kind == "accuse" or _is_escape(a):
                v = self.action_value(state, a, self.cfg.max_plies, 0.0, 1.0)
            else:
                c = state.clone()
                c._apply(a)
                v = self.leaf(c)
            scored.append((-v if maximise else v, i))
        scored.sort()
        return [legal[i] for _, i in scored[:self.cfg.beam]]

    def root(self, obs) -> tuple[list[Action], list[float]]:  # type: ignore[no-untyped-def]
        """Every legal action and Jack's value after it.

        Each is searched on its own with a full window and an equal share of
        the node budget, so values are exact up to the depth and comparable.
        """
        legal = list(obs.legal_actions())
        share = max(1, self.cfg.nodes // len(legal))
        values = []
        for a in legal:
            self.limit = self.nodes + share
            values.append(self.action_value(obs, a, 0, 0.0, 1.0))
        return legal, values


@register
class MinimaxBot(Bot):
    """A one-round alpha-beta minimax with a hand-written evaluation (see the module docstring)."""

    name = "minimax"

    #: London and New York score each leaf over more candidates and with escape routes: fewer leaves.
    card_config = MinimaxConfig(nodes=2500, cut_at_budget=True)

    def __init__(self, config: MinimaxConfig | None = None) -> None:
        self.config = config or MinimaxConfig()
        if config is not None:
            self.card_config = config
        self.last_info: dict = {}

    def choose(self, observation, rng: Rng) -> Action:  # type: ignore[no-untyped-def]
        legal = observation.legal_actions()
        if len(legal) == 1:
            return legal[0]
        side = observation.to_move().side
        search = _Search(observation, side, self.config if observation.game == "pocket" else self.card_config)
        actions, values = search.root(observation)
        mine = values if side is Side.JACK else [1.0 - v for v in values]
        top = max(mine)
        best = [a for a, v in zip(actions, mine, strict=True) if v >= top - 1e-9]
        self.last_info = {"value": top, "nodes": search.nodes}
        return best[rng.below(len(best))]


__all__ = ["MinimaxBot", "MinimaxConfig", "jack_value"]
