"""What the search levels of every game share: the configuration, the budget's loop, the root's
statistics and PUCT, and the subtree a level keeps between its own moves.

Each family of games has its own search on top of this (:mod:`.pocket_search`,
:mod:`.card_search`), and :mod:`.search` makes the levels of them.  The
arena counts a recorded game only for the code that played it
(:func:`game.arena.code_digest`): what one family alone uses lives in that
family's files, so tuning one family keeps the other's recorded games.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.actions import Action
from ..engine.core import Side


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Everything that shapes one search; a level is one of these."""

    iterations: int = 1000
    c_puct: float = 1.2
    prior_temp: float = 0.04       # softmax temperature of the priors (value units)
    jack_prior_temp: float = 0.0   # Pocket, Jack's own search: the priors' temperature (0: ``prior_temp``)
    fpu: float = 0.05              # unvisited actions start this far below the node's mean
    horizon: int = 1               # round ends simulated before the table takes over
    rollout_k: int = 4             # candidates scored per rollout step
    rollout_eps: float = 0.1       # chance of a uniformly random rollout step
    own_identity: float = 0.5      # Jack's bot: share of iterations with his real identity
    jack_key_cards: bool = True    # Jack's statistics also split by the hourglasses on his cards
    table: str = ""                # value table file ("" = the fitted pocket_values.json)
    exact_last: bool = True        # solve the round's last action by the scorer, no rollout
    expand_on_second: bool = True  # a leaf gets statistics on its second visit, not its first
    seconds: float = 0.0           # a time budget as well (0: iterations only, deterministic)
    min_iterations: int = 0        # with ``seconds``: never stop before this many (a slow machine still thinks)
    belief_temp: float = 0.0       # Pocket investigator: weigh Jack's candidates by his past play (0: uniformly)
    belief_eps: float = 0.1        # ... with this share of a uniform choice in the model of Jack's play
    public_accuse: bool = False    # London, New York: the modelled investigator values an arrest by his own view
    keep_tree: bool = False        # start from the subtree of the bot's last move when nothing else happened since
    kept_settles: bool = False     # ... and still stop once the move is settled (the kept subtree then thinner)
    public_witness: bool = False   # Jack's search: the modelled investigator judges his moves by the coming
                                   # witness call as he can foresee it (any suspect alike), not by the deal's Jack
    ordered_table: bool = False    # London, New York: the value table made monotone in suspects and rounds
    selfplay_table: bool = False   # London, New York: the value table fitted from the search's own games
    workers: int = 1               # 2: a helper process searches beside this one (:mod:`game.bots.parallel`)


def search_loop(cfg: SearchConfig, step, lead=None) -> int:  # type: ignore[no-untyped-def]
    """Call ``step()`` ``cfg.iterations`` times, or until ``cfg.seconds`` have passed; the count.

    The clock is read every 16 iterations, and only once ``cfg.min_iterations``
    are done; with ``seconds`` 0 it is never read, so a seed and an iteration
    budget give the same search anywhere.

    ``lead()``, if given, is how many visits the root's most visited action is
    ahead of the next one: the search stops as soon as that is more than the
    iterations left, since no other action can then be chosen.  Under an
    iteration budget that is exact (the same move as the whole budget); under
    a clock the iterations left are estimated from the rate so far, with a
    margin.
    """
    if cfg.seconds <= 0:
        total = cfg.iterations
        for done in range(1, total + 1):
            step()
            if lead is not None and not done & 15 and lead() > total - done:
                return done
        return total
    start = time.perf_counter()
    deadline = start + cfg.seconds
    done = 0
    while done < cfg.iterations:
        step()
        done += 1
        if done & 15:
            continue
        now = time.perf_counter()
        if done >= cfg.min_iterations and now >= deadline:
            break
        if lead is not None:
            by_clock = int(SETTLE_MARGIN * done * (deadline - now) / max(now - start, 1e-9)) + 16
            left = min(cfg.iterations - done, max(cfg.min_iterations - done, by_clock))
            if lead() > left:
                break
    return done


#: Under a clock, the iterations a search still has are estimated from its rate so far, times this.
SETTLE_MARGIN = 1.25


def root_lead(st: _Stats) -> int:
    """How many visits the most visited of ``st``'s actions is ahead of the next."""
    first = second = 0
    for v in st.n:
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second


def settle_check(cfg: SearchConfig, st: _Stats, choices: int, kept: bool):  # type: ignore[no-untyped-def]
    """``search_loop``'s ``lead`` for a root ``st`` of ``choices`` actions, or None for no stop.

    A search whose tree is kept makes all of its budget, since a settled move's subtree is what
    the next decision starts from (New York's Jack gained from it), unless ``cfg.kept_settles``
    (London's investigator lost by it; ``bench/RESULTS.md``).
    """
    if choices < 2 or (kept and not cfg.kept_settles):
        return None
    return lambda: root_lead(st)


class TreeCarry:
    """The subtree below a bot's last move, for its next decision when that follows straight on.

    A player often makes several decisions in a row (a London character's
    card, move and power; the investigator's second and third Pocket
    actions): the search of the first one has already explored the others
    below the move it chose.  The subtree is kept only if the next
    observation is exactly the last one with that move applied (no chance
    step, no other move, the same round), so its statistics were gathered
    from deals consistent with what the bot now knows.
    """

    __slots__ = ("expect", "node", "round", "searched")

    def __init__(self) -> None:
        self.expect: str | None = None
        self.node: object = None
        self.round = -1
        self.searched: tuple | None = None  # (observation, root) of the last search, for :meth:`instead`

    def take(self, obs) -> object:  # type: ignore[no-untyped-def]
        """The kept subtree if ``obs`` is the position it was kept for (else None); it is taken once."""
        node, expect, rnd = self.node, self.expect, self.round
        self.node = self.expect = self.searched = None
        if node is None or rnd != obs.round or expect != str(obs):
            return None
        return node

    def keep(self, obs, action: Action, root) -> None:  # type: ignore[no-untyped-def]
        """Keep ``root``'s child by ``action`` for the position ``obs`` becomes with it."""
        child = root.children.get(action)
        self.node = self.expect = None
        self.searched = (obs, root)
        if child is None:
            return
        after = obs.clone()
        after._apply(action)
        self.expect, self.node, self.round = str(after), child, obs.round

    def instead(self, action_text: str) -> None:
        """The move played from the last search was ``action_text``, not the one it kept (a
        two-core search chose by both trees): keep that move's subtree instead."""
        if self.searched is None:
            return
        obs, root = self.searched
        for action in root.children:
            if str(action) == action_text:
                self.keep(obs, action, root)
                return
        self.node = self.expect = None


class _Stats:
    """Edge statistics of one node for one information key.

    Actions are tried in order of their prior (``order``); the first
    ``tried`` of that order are exactly the actions visited so far, since
    PUCT only ever picks the untried action with the largest prior.
    """

    __slots__ = ("prior", "order", "tried", "n", "w", "wt", "total", "wsum", "wtsum")

    def __init__(self, prior: list[float]) -> None:
        k = len(prior)
        self.prior = prior
        self.order = sorted(range(k), key=lambda i: -prior[i])
        self.tried = 0
        self.n = [0] * k
        self.w = [0.0] * k
        self.wt = [0.0] * k
        self.total = 0
        self.wsum = 0.0
        self.wtsum = 0.0


_UNSEEN = object()  # no statistics yet for this key (None: visited once, not expanded)


def _softmax(values: list[float], temp: float) -> list[float]:
    top = max(values)
    ex = [math.exp((v - top) / temp) for v in values]
    total = sum(ex)
    return [e / total for e in ex]



def root_best(st: _Stats) -> int:
    """The most visited root action (ties: the better mean)."""
    return max(range(len(st.n)), key=lambda i: (st.n[i], st.w[i] / st.wt[i] if st.wt[i] else 0.0))


def root_info(st: _Stats, legal: list[Action], side: Side, iterations: int) -> dict:
    """What a search found at its root, for hints and analysis.

    ``value`` is the mover's estimated chance to win with the chosen action;
    ``values`` maps each visited action's text to ``(visits, the mover's chance)``.
    """
    best = root_best(st)
    values = {str(a): (st.n[i], st.w[i] / st.wt[i]) for i, a in enumerate(legal) if st.n[i] and st.wt[i]}
    return {"visits": st.n[best], "value": st.w[best] / st.wt[best] if st.wt[best] else None,
            "root_visits": st.total, "iterations": iterations, "values": values, "side": side.value}


def puct_select(st: _Stats, c_puct: float, fpu: float) -> int:
    """PUCT over the tried actions and the best untried one."""
    c = c_puct * math.sqrt(st.total + 1)
    n, w, wt, prior, order = st.n, st.w, st.wt, st.prior, st.order
    best_i = -1
    best = -1e9
    tried = st.tried
    for j in range(tried):
        i = order[j]
        u = w[i] / wt[i] + c * prior[i] / (1 + n[i])
        if u > best:
            best = u
            best_i = i
    if tried < len(order):
        i = order[tried]
        u = (st.wsum / st.wtsum if st.wtsum else 0.5) - fpu + c * prior[i]
        if u > best:
            st.tried = tried + 1
            return i
    return best_i


#: Searches of the games that are not Pocket, by game name: a game's search
#: module registers its entry point here when it is imported.
GAME_SEARCHES: dict[str, Callable[..., tuple[Action, dict]]] = {}

