"""Information-set Monte Carlo tree search for Mr. Jack Pocket, and the Pocket side of each level.

The levels (:mod:`.search`) are a Pocket configuration searched here and a
card-game one that London and New York search with :mod:`.card_search`;
what the two share is :mod:`.search_tree`.  What decides Pocket's moves
alone lives here (with :mod:`.pocket_eval` and :mod:`.pocket_belief`), so
tuning it keeps London's and New York's recorded arena games.

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

from dataclasses import replace
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
from .pocket_eval import VALUES, Scorer, ValueTable, foreseen_witness, jack_in_sight, jack_tokens
from .search_tree import (
    _UNSEEN,
    SearchConfig,
    TreeCarry,
    _softmax,
    _Stats,
    puct_select,
    root_best,
    root_info,
    search_loop,
    settle_check,
)


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


_TABLES: dict[str, ValueTable] = {}


def _table(path: str) -> ValueTable:
    """The value table a configuration names: ``""`` the shipped one, a bare file name one shipped
    beside it (:data:`POCKET_CHASE`), else a path."""
    if not path:
        return VALUES
    if path not in _TABLES:
        bare = Path(path).name == path
        shipped = Path(__file__).with_name(path) if bare else None
        _TABLES[path] = ValueTable.load(shipped if shipped is not None and shipped.exists() else Path(path))
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

class Searcher:
    """One search from one observation (see the module docstring)."""

    def __init__(self, cfg: SearchConfig, values: ValueTable = VALUES) -> None:
        self.cfg = cfg
        self.values = values
        self.threshold = int(cfg.rollout_eps * 2**64)
        self.public_witness = False  # set for Jack's own search by :meth:`run`
        self.prior_temp = cfg.prior_temp  # ... and so is this (``jack_prior_temp``)
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
        return _softmax(vals, self.prior_temp)

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
        self.prior_temp = (self.cfg.jack_prior_temp if side is Side.JACK and self.cfg.jack_prior_temp > 0
                           else self.cfg.prior_temp)
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


# ----------------------------------------------------------------- levels
#: Each level's Pocket configuration before a clock (:mod:`.search` makes the levels).
POCKET_LEVELS = {
    "easy": SearchConfig(iterations=40),
    "normal": SearchConfig(iterations=150),
    "hard1": SearchConfig(iterations=4000),
}


#: Rounds the clocked levels search in Pocket before the value table takes over (``hard1``: 1).
#: Looking two rounds ahead gained Jack 13 points and the investigator 14 against ``hard1`` at
#: about the time a second buys (4000 iterations a decision, 100 games a side); three rounds at
#: the same time gained no more (``bench/RESULTS.md``).
POCKET_HORIZON = 2

#: The clocked levels' floor in Pocket: an iteration two rounds deep costs about four of one
#: round, so this is about the time ``hard1``'s 4000 took (a busy machine still thinks as long).
POCKET_FLOOR = 1000

#: Pocket's clocked Jack judges the investigator he models by the witness call the investigator can
#: foresee (``public_witness``), not by where the real Jack is: against ``minimax``, 400 games at
#: 4000 iterations, 58.0% against 54.25%, ahead on each of the four seeds (``bench/RESULTS.md``).
#: London's Jack measured no gain (46% against 51% in 100 games), so the card games do not.
POCKET_PUBLIC_WITNESS = True



#: The clocked levels' value of a chase in Pocket (Jack the last suspect), a file beside this one:
#: Jack stays unseen by a witness call with chance 0.8, so ``0.8 ** (8 - r)`` after round ``r``.
#: The shipped row, fitted from greedy play, has him caught far sooner (0.54 with one call to go);
#: between two strong searches he survives 0.74 a call (``bench/chase.py``).  At 4000 iterations,
#: against ``minimax`` (400 games) Jack won 55.25% with it against 51.25%, and against ``hard1``
#: (200) 61.5% against 56.0%; the investigator's games did not change (``bench/RESULTS.md``).
POCKET_CHASE = "pocket_chase.json"


#: The temperature of the priors in Pocket's clocked Jack's own search (``prior_temp`` is 0.04 for
#: both sides otherwise): flatter priors let him look past the move the one-action look-ahead likes.
#: Against ``minimax`` at 4000 iterations (200 games, seed 31) Jack won 38.5% at 0.02, 53.0% at
#: 0.04, 63.5% at 0.08, 69.0% at 0.12 and 66.5% at 0.16 (``bench/RESULTS.md``).
POCKET_JACK_PRIOR_TEMP = 0.12


#: The expert investigator's prior temperature in Pocket (hard's and the lower levels': 0.04).  Flatter
#: priors spend expert's longer clock on moves the one-action look-ahead does not like, as they do
#: for Jack: at 4000 iterations a side (200 games, seed 21) the investigator held Jack to 55.0%
#: against 66.0% at 0.04, 48 deals to 26 of the 74 that differed (``bench/RESULTS.md``).
POCKET_EXPERT_PRIOR_TEMP = 0.12


def pocket_expert(cfg: SearchConfig) -> SearchConfig:
    """The expert level's Pocket configuration from its clocked one: the investigator's flatter priors
    (Jack's own search reads ``jack_prior_temp``, so his play is hard's under a longer clock)."""
    return replace(cfg, prior_temp=POCKET_EXPERT_PRIOR_TEMP)


def pocket_clocked(cfg: SearchConfig) -> SearchConfig:
    """A clocked level's Pocket configuration, from ``cfg`` (``hard1``'s under the level's clock)."""
    return replace(cfg, horizon=POCKET_HORIZON, min_iterations=POCKET_FLOOR, public_witness=POCKET_PUBLIC_WITNESS,
                   table=cfg.table or POCKET_CHASE, jack_prior_temp=POCKET_JACK_PRIOR_TEMP)
