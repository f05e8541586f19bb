"""Information-set Monte Carlo tree search for Mr. Jack Pocket, and the bot levels of every game.

The levels (``easy``, ``normal``, ``hard``) are :class:`SearchBot`
subclasses: a Pocket configuration searched here, and a card-game one that
London and New York search with :mod:`game.bots.card_search`.

A bot sees only its side's observation.  Each iteration *determinizes* it:
it deals the secrets the observation hides (for the investigator: who Jack
is and which cards Jack drew; for both sides: the order of the deck and the
coming throws, through a fresh generator) and plays one simulation of the
full-view game through the engine (``clone()`` and the unchecked
``_apply``).

The tree is keyed by *public* actions only, so every determinization walks
the same tree.  Statistics at a node are split by what the player to move
there knows:

* an investigator's node keeps one set of statistics for all
  determinizations, because the investigator cannot tell them apart (this
  is what stops him from "knowing" Jack inside the search);
* a Jack node keeps one set per ``(identity, hourglasses on his cards)``,
  because Jack knows both.

Jack's choices in the tree therefore depend on who he is, and the
investigator's nodes below a Jack move are visited mostly by the
identities that prefer that move: his beliefs follow Jack's play.  Jack's
own bot may sample other identities as well (``own_identity`` below 1,
weighted back to the investigator's uniform belief), so that its model of
the investigator does not know who Jack is either; the clocked levels
search Jack's own game only (:data:`JACK_OWN_IDENTITY`), which measured
stronger.  Dealt his own identity only, the investigator Jack models would
learn from where the real Jack is; with ``public_witness`` (the clocked
levels in Pocket) that investigator's moves are judged instead by each
witness call as he can foresee it, every suspect alike.  The investigator's
level may deal Jack from a belief read from Jack's past play
(``belief_temp``, :mod:`game.bots.pocket_belief`).

Selection is PUCT with priors from a one-action look-ahead score
(:class:`~game.bots.pocket_eval.Scorer`); a new leaf is valued by a short
rollout with a best-of-k scored policy to the end of the round (the clocked
levels: of the next round, :data:`POCKET_HORIZON`), then by the fitted value
table.  An iteration budget gives the same move on any machine for a seed
(and for a level that keeps its tree, :class:`TreeCarry`, the same moves
over a whole game).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations
from pathlib import Path

from ..engine.actions import Action
from ..engine.core import Side
from ..engine.pocket.state import (
    ACT,
    ALIBI,
    DET_MOVES,
    DETECTIVES,
    DRAW,
    DRAW_HIDDEN,
    EXCHANGES,
    HOURGLASSES,
    JOKER_NONE,
    JOKERS,
    ROTATES,
    SEEN,
    TO_WIN,
    TOKENS,
    UNSEEN,
    WITNESS,
    PocketState,
)
from ..engine.rng import Rng
from .base import Bot, make_bot, register
from .pocket_belief import JackBelief
from .pocket_eval import VALUES, Scorer, ValueTable, foreseen_witness, jack_in_sight, jack_tokens


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Everything that shapes one search; a level is one of these."""

    iterations: int = 1000
    c_puct: float = 1.2
    prior_temp: float = 0.04       # softmax temperature of the priors (value units)
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


class _Node:
    """A public position: children by public action, statistics by information key."""

    __slots__ = ("children", "stats", "legal", "effects", "scorer", "exact")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.stats: dict[object, _Stats | None] = {}
        self.legal: list[Action] | None = None
        self.effects: list | None = None
        self.scorer: Scorer | None = None
        self.exact: dict | None = None


class _Sampler:
    """Deals the secrets an observation hides, consistently with what it shows."""

    def __init__(self, obs: PocketState, side: Side, cfg: SearchConfig,
                 belief: list[float] | None = None) -> None:
        self.obs = obs
        self.side = side
        self.suspects = [c for c in range(9) if obs.suspect[c]]
        self.n = len(self.suspects)
        # The investigator's chance for each suspect to be Jack, as cumulative
        # 64-bit thresholds (None: uniform).
        self.cumulative: list[int] | None = None
        if belief is not None and side is Side.INVESTIGATOR:
            acc, self.cumulative = 0.0, []
            for w in belief:
                acc += w
                self.cumulative.append(int(acc / sum(belief) * 2**64))
        self.k = len(obs.jcards)
        self.tokens = jack_tokens(obs)
        # Cards drawn before the last witness call did not give Jack his goal
        # (else the game would be over or a chase on); a card drawn in this
        # round may have, so it is left out of that check.
        alibi_now = obs.faces is not None and obs.used[0] and obs.faces[0] == 0
        self.checked = self.k - (1 if alibi_now and self.k else 0)
        if side is Side.JACK:
            self.own = obs.jack
            self.own_cards = list(obs.jcards)
            self.p_own = cfg.own_identity if self.n > 1 else 1.0
        else:
            self.own = None
            self.own_cards = []
            self.p_own = 0.0

    def _consistent(self, cards: list[int]) -> bool:
        return self.obs.chase or self.tokens + sum(HOURGLASSES[c] for c in cards[:self.checked]) < TO_WIN

    def cards_for(self, jack: int, rng: Rng) -> list[int]:
        """Jack's hidden cards, uniformly among the deals the public facts allow."""
        pool = [c for c in range(9) if c != jack and c not in self.obs.icards]
        k, size = self.k, len(pool)
        cards = []
        for _ in range(12):
            for i in range(k):  # the first k steps of a Fisher-Yates shuffle
                j = i + rng.below(size - i)
                pool[i], pool[j] = pool[j], pool[i]
            cards = pool[:k]
            if self._consistent(cards):
                return cards
        # Rare and tight: list the deals of the checked cards that fit, pick one.
        fits = [list(combo) for combo in combinations(sorted(pool), self.checked)
                if self._consistent(list(combo))]
        if not fits:
            return cards
        cards = fits[rng.below(len(fits))]
        rng.shuffle(cards)
        rest = [c for c in pool if c not in cards]
        rng.shuffle(rest)
        return cards + rest[:self.k - self.checked]

    def sample(self, rng: Rng) -> tuple[PocketState, float]:
        """A full-view state consistent with the observation, and its belief weight."""
        obs = self.obs
        if self.own is not None and (self.p_own >= 1.0 or rng.u64() < int(self.p_own * 2**64)):
            jack, cards = self.own, self.own_cards
        elif self.cumulative is not None:
            r = rng.u64()
            jack = self.suspects[next((i for i, t in enumerate(self.cumulative) if r < t), self.n - 1)]
            cards = self.cards_for(jack, rng)
        else:
            jack = self.suspects[rng.below(self.n)]
            cards = self.own_cards if jack == self.own else self.cards_for(jack, rng)
        if self.own is None:
            weight = 1.0
        else:
            q = (1.0 - self.p_own) / self.n + (self.p_own if jack == self.own else 0.0)
            weight = 1.0 / (self.n * q)
        s = obs.clone()
        s.view = "full"
        s.jack = jack
        s.jcards = list(cards)
        s.rng = rng.u64()
        s._legal = None
        return s, weight


def _softmax(values: list[float], temp: float) -> list[float]:
    top = max(values)
    ex = [math.exp((v - top) / temp) for v in values]
    total = sum(ex)
    return [e / total for e in ex]


_TABLES: dict[str, ValueTable] = {}


def _table(path: str) -> ValueTable:
    if not path:
        return VALUES
    if path not in _TABLES:
        _TABLES[path] = ValueTable.load(Path(path))
    return _TABLES[path]


_FACE_NAMES = tuple(tuple(pair) for pair in TOKENS)
_EXCHANGE = {(int(a.args[0]), int(a.args[1])): a for a in EXCHANGES}


def random_action(state: PocketState, side: Side, rng: Rng) -> Action:
    """A legal action of ``state`` (phase ``act``): a random token, then a random use of it.

    Cheaper than listing every legal action, and it spreads rollouts over
    the tokens rather than over the (many) rotations and exchanges.
    """
    faces, used = state.faces, state.used
    assert faces is not None
    tokens = [t for t in range(4) if not used[t]]
    t = tokens[rng.below(len(tokens))]
    face = _FACE_NAMES[t][faces[t]]
    if face == "rotate":
        rotated, chars = state.rotated, state.chars
        cells = [c for c in range(9) if not rotated >> chars[c] & 1]
        cell = cells[rng.below(len(cells))]
        d = rng.below(3)
        if d >= state.walls[cell]:
            d += 1
        return ROTATES[cell][d]
    if face == "exchange":
        a = rng.below(9)
        b = rng.below(8)
        if b >= a:
            b += 1
        return _EXCHANGE[(a, b) if a < b else (b, a)]
    if face == "joker":
        k = rng.below(4 if side is Side.JACK else 3)
        return JOKERS[k] if k < 3 else JOKER_NONE
    if face == "alibi":
        return ALIBI
    return DET_MOVES[DETECTIVES.index(face)][rng.below(2)]

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


class Searcher:
    """One search from one observation (see the module docstring)."""

    def __init__(self, cfg: SearchConfig, values: ValueTable = VALUES) -> None:
        self.cfg = cfg
        self.values = values
        self.threshold = int(cfg.rollout_eps * 2**64)
        self.public_witness = False  # set for Jack's own search by :meth:`run`
        self.root: _Node | None = None

    # ------------------------------------------------------------- helpers
    def _node_prior(self, node: _Node, state: PocketState, side: Side) -> list[float]:
        """The mover's prior over ``node.legal``: a softmax of one-action look-ahead values."""
        legal = node.legal
        assert legal is not None
        if len(legal) == 1:
            return [1.0]
        if node.effects is None:
            sc = node.scorer = Scorer(state, self.values)
            node.effects = [sc.effect(a) for a in legal]
        sc, effects = node.scorer, node.effects
        if side is Side.JACK:
            cell = state.chars.index(state.jack)
            h = jack_tokens(state) + sum(HOURGLASSES[c] for c in state.jcards)
            vals = [sc.effect_value(e, cell, h) for e in effects]
        else:
            h = min(jack_tokens(state) + len(state.jcards), TO_WIN - 1)
            vals = [1.0 - sc.effect_value(e, None, h) for e in effects]
        return _softmax(vals, self.cfg.prior_temp)

    def _last_action_value(self, node: _Node, state: PocketState, side: Side,
                           foreseen: dict[int, float] | None = None) -> float:
        """Jack's value when ``side`` plays the round's last action as well as the scorer sees.

        Exact up to the table (and the expectation over an alibi draw), and
        cached per node and what the mover knows, so a leaf here costs one
        look-up after its first visit.  ``foreseen`` (Jack's search with
        ``public_witness``) gets Jack's chance after that action as the
        investigator foresees the witness call (every suspect alike).
        """
        v = self._last_action(node, state, side)
        if foreseen is not None and state.round not in foreseen:
            h_pub = min(jack_tokens(state) + len(state.jcards), TO_WIN - 1)
            if side is Side.JACK:
                cell = state.chars.index(state.jack)
                h = jack_tokens(state) + sum(HOURGLASSES[c] for c in state.jcards)
                key: tuple = ("public", cell, h, tuple(state.jcards), h_pub)
            else:
                key = ("public", h_pub)
            assert node.exact is not None and node.effects is not None and node.scorer is not None
            pub = node.exact.get(key)
            if pub is None:
                if side is Side.JACK:
                    sc = Scorer(state, self.values)
                    chosen = max(node.effects, key=lambda e: sc.effect_value(e, cell, h))
                else:
                    chosen = node.effects[node.exact[h_pub]]
                pub = node.exact[key] = node.scorer.effect_value(chosen, None, h_pub)
            foreseen[state.round] = pub
        return v

    def _last_action(self, node: _Node, state: PocketState, side: Side) -> float:
        """:meth:`_last_action_value` without ``foreseen``."""
        if node.legal is None:
            node.legal = state._generate()
        if node.effects is None:
            sc = node.scorer = Scorer(state, self.values)
            node.effects = [sc.effect(a) for a in node.legal]
        if node.exact is None:
            node.exact = {}
        if side is Side.JACK:
            cell = state.chars.index(state.jack)
            h = jack_tokens(state) + sum(HOURGLASSES[c] for c in state.jcards)
            key = (cell, h, tuple(state.jcards))
            v = node.exact.get(key)
            if v is None:
                sc = Scorer(state, self.values)  # knows this deal's deck
                v = node.exact[key] = max(sc.effect_value(e, cell, h) for e in node.effects)
            return v
        # The investigator picks without knowing Jack; the pick is then
        # judged in this deal, where Jack and his cards are known.
        h_pub = min(jack_tokens(state) + len(state.jcards), TO_WIN - 1)
        i = node.exact.get(h_pub)
        if i is None:
            sc, effects = node.scorer, node.effects
            vals = [sc.effect_value(e, None, h_pub) for e in effects]
            i = node.exact[h_pub] = min(range(len(vals)), key=vals.__getitem__)
        key = (i, state.jack, tuple(state.jcards))
        v = node.exact.get(key)
        if v is None:
            cell = state.chars.index(state.jack)
            h = jack_tokens(state) + sum(HOURGLASSES[c] for c in state.jcards)
            v = node.exact[key] = Scorer(state, self.values).investigator_draw_value(node.effects[i], cell, h)
        return v

    def _rollout_action(self, state: PocketState, side: Side, rng: Rng) -> Action:
        cfg = self.cfg
        if cfg.rollout_k <= 1 or rng.u64() < self.threshold:
            return random_action(state, side, rng)
        cands = [random_action(state, side, rng) for _ in range(cfg.rollout_k)]
        sc = Scorer(state, self.values)
        if side is Side.JACK:
            cell = state.chars.index(state.jack)
            h = jack_tokens(state) + sum(HOURGLASSES[c] for c in state.jcards)
            best, best_v = cands[0], -1.0
            for a in cands:
                v = sc.action_value(a, cell, h)
                if v > best_v:
                    best, best_v = a, v
            return best
        h = min(jack_tokens(state) + len(state.jcards), TO_WIN - 1)
        best, best_v = cands[0], 2.0
        for a in cands:
            v = sc.action_value(a, None, h)
            if v < best_v:
                best, best_v = a, v
        return best

    def _rollout(self, state: PocketState, stop_round: int, rng: Rng,
                 foreseen: dict[int, float] | None = None) -> float:
        """Play on with the rollout policy to the horizon; Jack's value there (``foreseen``: as in
        :meth:`_last_action_value`, for each witness call on the way)."""
        while state.outcome is None and state.round < stop_round:
            phase = state.phase
            if phase == ACT:
                state._apply(self._rollout_action(state, state.actor(state.step), rng))
            elif phase == WITNESS:
                if foreseen is not None:
                    foreseen.setdefault(state.round, self._foreseen_witness(state))
                state._apply(SEEN if jack_in_sight(state) else UNSEEN)
            else:
                state._apply(state.sample_chance())
        return self.values.state_value(state)

    def _foreseen_witness(self, state: PocketState) -> float:
        """Jack's chance after the witness call now, as the investigator foresees it
        (:func:`~game.bots.pocket_eval.foreseen_witness`)."""
        return foreseen_witness(state, self.values)

    # --------------------------------------------------------------- search
    def run(self, obs: PocketState, rng: Rng, only: Action | None = None,
            belief: list[float] | None = None, carry: TreeCarry | None = None) -> tuple[Action, dict]:
        """Search from ``obs`` (a side's view in phase ``act``); the action and statistics.

        ``only``: search that root action alone (its value, for analysis).
        ``belief``: the investigator's chance for each suspect (in index
        order) to be Jack, which the deals follow (default: uniform).
        ``carry``: the subtree of the last move to start from, and where this one's is kept.
        """
        side = obs.to_move().side
        assert side is not None
        sampler = _Sampler(obs, side, self.cfg, belief)
        self.public_witness = self.cfg.public_witness and side is Side.JACK
        if side is Side.INVESTIGATOR:
            root_key = None
        elif self.cfg.jack_key_cards:
            root_key = (obs.jack, sum(HOURGLASSES[c] for c in obs.jcards))
        else:
            root_key = obs.jack
        stop_round = obs.round + self.cfg.horizon
        legal = [only] if only is not None else list(obs.legal_actions())
        root = carry.take(obs) if carry is not None else None
        if not isinstance(root, _Node) or root.legal != legal or not isinstance(root.stats.get(root_key), _Stats):
            root = _Node()
            root.legal = legal
            root.stats[root_key] = _Stats(self._node_prior(root, obs, side))
        def step() -> None:
            state, weight = sampler.sample(rng)
            self._iterate(root, state, weight, stop_round, rng)

        st = root.stats[root_key]
        assert isinstance(st, _Stats)
        done = search_loop(self.cfg, step, settle_check(self.cfg, st, len(legal), carry is not None))
        self.root = root  # (kept for a look at the tree)
        action = root.legal[root_best(st)]
        if carry is not None:
            carry.keep(obs, action, root)
        return action, root_info(st, root.legal, side, done)

    def _iterate(self, root: _Node, state: PocketState, weight: float, stop_round: int, rng: Rng) -> None:
        path: list[tuple[_Stats, int, bool, int]] = []  # (stats, action index, Jack moved, round)
        node = root
        # Jack's search with ``public_witness``: Jack's chance by each round's witness call as the
        # investigator foresees it then, the modelled investigator's reward for that round's moves.
        foreseen: dict[int, float] | None = {} if self.public_witness else None
        while True:
            if state.outcome is not None or state.round >= stop_round:
                v = self.values.state_value(state)
                break
            phase = state.phase
            if phase != ACT:
                if phase == WITNESS:
                    if foreseen is not None:
                        foreseen.setdefault(state.round, self._foreseen_witness(state))
                    action = key = SEEN if jack_in_sight(state) else UNSEEN
                else:
                    # Jack's draw is secret: the public tree has one branch for it.
                    hidden = phase == DRAW and state.drawer() is Side.JACK
                    action = state.sample_chance()
                    key = DRAW_HIDDEN if hidden else action
                state._apply(action)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node()
                node = child
                continue
            side = state.actor(state.step)
            jack_moves = side is Side.JACK
            if state.step == 3 and node is not root and self.cfg.exact_last and state.round + 1 == stop_round:
                v = self._last_action_value(node, state, side, foreseen)
                break
            if not jack_moves:
                key = None
            elif self.cfg.jack_key_cards:
                key = (state.jack, sum(HOURGLASSES[c] for c in state.jcards))
            else:
                key = state.jack
            st = node.stats.get(key, _UNSEEN)
            if st is _UNSEEN and node is not root and self.cfg.expand_on_second:
                # First visit: only a rollout; statistics (and their priors,
                # the costly part) come with the second visit.
                node.stats[key] = None
                v = self._rollout(state, stop_round, rng, foreseen)
                break
            expand = st is None or st is _UNSEEN
            if expand:
                if node.legal is None:
                    node.legal = state._generate()
                st = node.stats[key] = _Stats(self._node_prior(node, state, side))
            i = puct_select(st, self.cfg.c_puct, self.cfg.fpu)
            path.append((st, i, jack_moves, state.round))
            action = node.legal[i]
            state._apply(action)
            if expand:
                # A new leaf: its best-looking action, then a rollout.
                v = self._rollout(state, stop_round, rng, foreseen)
                break
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = _Node()
            node = child
        for st, i, jack_moved, rnd in path:
            if jack_moved:
                r, w = v, 1.0
            elif foreseen and rnd in foreseen:
                r, w = 1.0 - foreseen[rnd], weight
            else:
                r, w = 1.0 - v, weight
            st.n[i] += 1
            st.w[i] += w * r
            st.wt[i] += w
            st.total += 1
            st.wsum += w * r
            st.wtsum += w


class SearchBot(Bot):
    """A level: a fixed search configuration (see the module docstring)."""

    name = "search"
    config = SearchConfig()
    #: London and New York: the card-game search (:mod:`game.bots.card_search`).
    card_config = SearchConfig(prior_temp=0.05, rollout_k=1)
    card_configs: dict[str, SearchConfig] = {}

    def __init__(self, config: SearchConfig | None = None, card_config: SearchConfig | None = None) -> None:
        if config is not None:
            self.config = config
        if card_config is not None:
            self.card_config = card_config
            self.card_configs = {}
        self.last_info: dict = {}
        self.belief: JackBelief | None = None
        self.carry = TreeCarry()
        if "start" in TWO_CORE and any(c.workers > 1 for c in (self.config, self.card_config,
                                                                  *self.card_configs.values())):
            TWO_CORE["start"]()  # the helper starts now, so it is ready by the first decision

    def config_for(self, game: str, side: Side | None = None) -> SearchConfig:
        """This level's configuration for ``game`` and the side to move (Pocket's is :attr:`config`).

        :attr:`card_configs` is looked up by ``"game:side"``, then by ``"game"``.
        """
        if game == "pocket":
            return self.config
        if side is not None and f"{game}:{side.value}" in self.card_configs:
            return self.card_configs[f"{game}:{side.value}"]
        return self.card_configs.get(game, self.card_config)

    def choose(self, observation, rng: Rng) -> Action:  # type: ignore[no-untyped-def]
        legal = observation.legal_actions()
        self.last_info = {}
        if len(legal) == 1:
            action = legal[0]
        elif getattr(observation, "game", None) != "pocket" or observation.phase == ACT:
            action, self.last_info = self.search(observation, rng.fork(), carry=self.carry)
        else:
            # Pocket decides with a choice only in phase "act" (witness and claim are forced).
            return legal[rng.below(len(legal))]
        self.remember(observation, action)
        return action

    def search(self, observation, rng: Rng, only: Action | None = None,  # type: ignore[no-untyped-def]
               carry: TreeCarry | None = None) -> tuple[Action, dict]:
        """Search a decision with a choice; the action and the root's statistics (see :func:`root_info`).

        ``only``: search that action alone, to value a move the level would not play.
        ``carry``: with a configuration that keeps its tree, the subtree of this bot's last move
        (:meth:`choose` passes its own; a search without one starts afresh, as hints and analysis do).
        A configuration with ``workers`` 2 searches on a second core too (:mod:`.parallel`).
        """
        cfg = self.config_for(observation.game, observation.to_move().side)
        if cfg.workers > 1 and only is None and "search" in TWO_CORE:
            return TWO_CORE["search"](self, cfg, observation, rng, carry)
        return self.search_here(observation, rng, only, carry)

    def search_here(self, observation, rng: Rng, only: Action | None = None,  # type: ignore[no-untyped-def]
                    carry: TreeCarry | None = None) -> tuple[Action, dict]:
        """:meth:`search` in this process alone."""
        game = observation.game
        if game in GAME_SEARCHES:
            cfg = self.config_for(game, observation.to_move().side)
            return GAME_SEARCHES[game](cfg, observation, rng, only, carry if cfg.keep_tree else None)
        searcher = Searcher(self.config, _table(self.config.table))
        belief = self._belief(observation)
        weights = None if belief is None else belief.weights([c for c in range(9) if observation.suspect[c]])
        return searcher.run(observation, rng, only, weights, carry if self.config.keep_tree else None)

    def _belief(self, observation) -> JackBelief | None:  # type: ignore[no-untyped-def]
        """This game's belief about Jack, brought up to ``observation`` (a Pocket investigator's
        level with ``belief_temp`` only; None otherwise)."""
        cfg = self.config
        if cfg.belief_temp <= 0 or observation.game != "pocket" or observation.view != Side.INVESTIGATOR.value:
            return None
        if self.belief is None:
            self.belief = JackBelief(cfg.belief_temp, cfg.belief_eps, _table(cfg.table))
        self.belief.observe(observation)
        return self.belief

    def remember(self, observation, action: Action) -> None:  # type: ignore[no-untyped-def]
        """``action`` was played from ``observation`` by this bot's side: the belief about Jack reads on
        from there (analysis tells it the moves a person played)."""
        belief = self._belief(observation)
        if belief is not None:
            belief.played(observation, action)


#: Searches of the games that are not Pocket, by game name: a game's search
#: module registers its entry point here when the package imports it.
GAME_SEARCHES: dict[str, Callable[..., tuple[Action, dict]]] = {}

#: The two-core search and its helper's start (:mod:`game.bots.parallel` registers them when the
#: package imports it; without them a level searches on one core).
TWO_CORE: dict[str, Callable[..., object]] = {}

#: London and New York share one search; its levels differ only in budget.
_CARD = SearchConfig(prior_temp=0.05, rollout_k=1)


@register
class EasyBot(SearchBot):
    name = "easy"
    config = SearchConfig(iterations=40)
    card_config = replace(_CARD, iterations=20)


@register
class NormalBot(SearchBot):
    name = "normal"
    config = SearchConfig(iterations=150)
    card_config = replace(_CARD, iterations=60)


@register
class ClassicHardBot(SearchBot):
    """The hard level as it was before it had a time budget: the arena's fixed reference."""

    name = "hard1"
    config = SearchConfig(iterations=4000)
    card_config = replace(_CARD, iterations=600, horizon=2)
    card_configs = {
        #: New York's positions cost more to search: fewer iterations kept it under 1 s a decision.
        "newyork": replace(_CARD, iterations=450, horizon=2),
        #: London's investigator gains more from a larger budget than Jack does (hard vs normal:
        #: +14.5 points at 600 iterations, +22 at 1000).
        "london:investigator": replace(_CARD, iterations=1000, horizon=2),
    }


#: The time a person waits happily for a strong move, per level (seconds); the
#: iteration caps are far above what a second buys on a 2-core machine, so the
#: clock decides.  ``hard:iterations=N`` drops the clock for tests and the arena.
HARD_SECONDS = 0.9
EXPERT_SECONDS = 2.7


#: Jack's share of iterations dealt with his real identity in the clocked levels, in every game
#: (``hard1``: 0.5).  Searching the game he is really in gained Jack 7.5 points in Pocket at 1000
#: iterations a decision and 8 in London at 200, more than mixing in the identities the
#: investigator still suspects; in New York it came with ``public_accuse`` (``bench/RESULTS.md``).
JACK_OWN_IDENTITY = 1.0

#: Rounds the clocked levels search in Pocket before the value table takes over (``hard1``: 1).
#: Looking two rounds ahead gained Jack 13 points and the investigator 14 against ``hard1`` at
#: about the time a second buys (4000 iterations a decision, 100 games a side); three rounds at
#: the same time gained no more (``bench/RESULTS.md``).
POCKET_HORIZON = 2

#: The clocked levels' floor in Pocket: an iteration two rounds deep costs about four of one
#: round, so this is about the time ``hard1``'s 4000 took (a busy machine still thinks as long).
POCKET_FLOOR = 1000

#: The clocked levels start a search from the subtree of their own last move when the next
#: decision follows straight on (:class:`TreeCarry`; ``hard1`` starts afresh): in London at 1000
#: iterations 70% of the searches do, with about half a search's visits already made.
KEEP_TREE = True

#: Pocket's clocked Jack judges the investigator he models by the witness call the investigator can
#: foresee (``public_witness``), not by where the real Jack is: against ``minimax``, 400 games at
#: 4000 iterations, 58.0% against 54.25%, ahead on each of the four seeds (``bench/RESULTS.md``).
#: London's Jack measured no gain (46% against 51% in 100 games), so the card games do not.
POCKET_PUBLIC_WITNESS = True


#: The clocked levels value London's and New York's positions past their horizon by the table fitted
#: from the search's own games (``"<game>:selfplay"`` in ``card_values.json``; the plain table where
#: a game has none), not the greedy bots' games: in London at 1000 iterations, against ``hard1``,
#: Jack won 60% against 51% with the plain table, and the investigator held Jack to 37% against
#: 42% (100 games a side); in New York at 900, Jack won 81.7% against 63.3% (60 games,
#: ``bench/RESULTS.md``).  ``hard1`` keeps the plain table.
CARD_SELFPLAY_TABLE = True

#: ... but not New York's investigator: with New York's self-play table, which rates Jack's
#: escape threats hardly above an unseen card, he let ``hard1``'s Jack win twice as often as with
#: the plain table (60 games at 900 iterations, ``bench/RESULTS.md``).
NEWYORK_INVESTIGATOR_SELFPLAY_TABLE = False


#: London's clocked investigator plays his rollouts best-of-3 (each step the best of three random
#: actions, scored by the witness call he can see coming), at about 2.3 times an iteration's cost:
#: against ``hard1``'s Jack, for the same time a decision (1300 iterations against 3000), he held
#: Jack to 25% against 33% (100 games; ``hard1`` against itself: 42%), with fewer wrong arrests
#: (4 against 9).  Jack's own rollouts gained nothing so (``bench/RESULTS.md``).
LONDON_INVESTIGATOR_ROLLOUT_K = 3

#: ... and his floor is about the time of ``hard1``'s 1000 plain iterations, not 1000 of his dearer
#: ones (which took up to 1.26 s on a quiet machine).
LONDON_INVESTIGATOR_FLOOR = 450

#: ... and his kept tree still stops once his move is settled, as before the kept trees made their
#: whole budget: at a fixed 1300 iterations against ``hard1``'s Jack he held Jack to 19.5% with
#: the stop and to 33.5% without it (200 games each, the same deals); New York's Jack, who gained
#: from the whole budget (41 of 49 deals against 34), keeps it (``bench/RESULTS.md``).
LONDON_INVESTIGATOR_KEPT_SETTLES = True


#: The clocked levels search on two cores (:mod:`game.bots.parallel`): a helper process searches each
#: decision beside the bot's own and the root visits are summed, about twice the iterations in the
#: same time on this 2-core machine (1.8-2.1 times the playouts a second in the three games, the
#: same p99).  ``hard:iterations=N`` searches on one core unless ``workers`` is given too.
WORKERS = 2


def _clocked(level: type[SearchBot], seconds: float, cap: int, card_cap: int
             ) -> tuple[SearchConfig, SearchConfig, dict[str, SearchConfig]]:
    """``level``'s budgets as floors under a clock: a busy machine never makes the level think
    less than ``hard1`` did (in Pocket, two rounds deep, :data:`POCKET_FLOOR` iterations take
    about that time), a quiet one lets it think for ``seconds``."""
    def clock(cfg: SearchConfig, iterations: int) -> SearchConfig:
        return replace(cfg, iterations=iterations, seconds=seconds, min_iterations=cfg.iterations,
                       keep_tree=KEEP_TREE, workers=WORKERS)

    # Jack's own game only, in every game (London's search for Jack is the base card
    # configuration, New York's its own), and in London and New York Jack models the
    # investigator's arrests by what the investigator knows: +5 points in London at 1000
    # iterations (all of them wrong arrests), +18 in New York at 900 against the mixed deal
    # (``bench/RESULTS.md``).
    def card(cfg: SearchConfig) -> SearchConfig:
        return replace(clock(cfg, card_cap), selfplay_table=CARD_SELFPLAY_TABLE)

    jack = {"own_identity": JACK_OWN_IDENTITY, "public_accuse": True}
    cards = {k: card(c) for k, c in level.card_configs.items()}
    cards["newyork:jack"] = replace(cards["newyork"], **jack)
    cards["newyork"] = replace(cards["newyork"], selfplay_table=NEWYORK_INVESTIGATOR_SELFPLAY_TABLE)
    cards["london:investigator"] = replace(cards["london:investigator"], rollout_k=LONDON_INVESTIGATOR_ROLLOUT_K,
                                           min_iterations=LONDON_INVESTIGATOR_FLOOR,
                                           kept_settles=LONDON_INVESTIGATOR_KEPT_SETTLES)
    return (replace(clock(level.config, cap), own_identity=JACK_OWN_IDENTITY, horizon=POCKET_HORIZON,
                    min_iterations=POCKET_FLOOR, public_witness=POCKET_PUBLIC_WITNESS),
            replace(card(level.card_config), **jack),
            cards)


@register
class HardBot(SearchBot):
    name = "hard"
    config, card_config, card_configs = _clocked(ClassicHardBot, HARD_SECONDS, 200_000, 20_000)


@register
class ExpertBot(SearchBot):
    name = "expert"
    config, card_config, card_configs = _clocked(ClassicHardBot, EXPERT_SECONDS, 600_000, 60_000)


LEVELS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot, "expert": ExpertBot, "hard1": ClassicHardBot}


def bot_from_spec(spec: str) -> Bot:
    """A bot from its registered name, or ``level:key=value,...`` for a tuned search level.

    >>> bot_from_spec("hard:iterations=50").config.iterations
    50

    A level with a time budget (``hard``, ``expert``) given ``iterations``
    searches exactly that many, without the clock, unless ``seconds`` is given too.

    :raises ValueError: for an unknown name, setting or value.
    """
    from dataclasses import fields

    name, _, settings = spec.partition(":")
    if not settings:
        return make_bot(name)
    if name not in LEVELS and name != "search":
        raise ValueError(f"only search levels take settings, not {name!r}")
    level = LEVELS.get(name, SearchBot)
    cfg = level.config
    types = {f.name: f.type for f in fields(SearchConfig)}
    changes: dict[str, object] = {}
    for item in settings.split(","):
        key, eq, value = item.partition("=")
        if not eq or key not in types:
            raise ValueError(f"bad search setting {item!r}; known: {', '.join(types)}")
        kind = types[key] if isinstance(types[key], str) else types[key].__name__
        try:
            if kind == "str":
                changes[key] = value
            elif kind == "bool":
                if value not in ("0", "1", "true", "false"):
                    raise ValueError(value)
                changes[key] = value in ("1", "true")
            else:
                changes[key] = int(value) if kind == "int" else float(value)
        except ValueError:
            raise ValueError(f"bad value for search setting {key!r}: {value!r}") from None
    if "iterations" in changes and "seconds" not in changes:
        changes["seconds"] = 0.0  # an iteration budget is deterministic: no clock
    if "iterations" in changes and "workers" not in changes:
        changes["workers"] = 1  # ... and one core, unless asked
    bot = SearchBot(replace(cfg, **changes), None)
    bot.card_configs = {g: replace(c, **changes) for g, c in level.card_configs.items()}
    bot.card_config = replace(level.card_config, **changes)
    bot.name = spec
    return bot


__all__ = ["LEVELS", "SearchBot", "SearchConfig", "Searcher", "TreeCarry", "bot_from_spec", "settle_check"]
