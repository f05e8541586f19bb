"""Information-set Monte Carlo tree search for Mr. Jack (London) and Mr. Jack in New York.

The two games share the card game (:mod:`game.engine.cards`), and so does
this search: it reads only what :class:`~game.engine.cards.CardGame` holds
and plays the engine's own ``_generate`` / ``_apply`` on determinized
copies.  Like the Pocket search (:mod:`game.bots.pocket_search`):

* each iteration *determinizes* the bot's observation, dealing what it
  hides: for the investigator, who Jack is and which alibi cards Jack drew;
  for Jack, which cards the investigator drew; for both, the order of the
  deck and the coming deals, through a fresh generator;
* the tree is keyed by public actions (a secret draw is one branch), and a
  node's statistics are split by what its mover knows: one set for the
  investigator, one per identity for Jack;
* Jack's own bot may also sample other identities (``own_identity`` below
  1, weighted back to the investigator's uniform belief), so its model of
  the investigator does not know who Jack is either; the clocked levels deal
  his own identity only and instead judge the investigator's arrests in the
  tree by what the investigator knows (``public_accuse``).

A new leaf is valued by a rollout to the end of the round (a best-of-k
policy on the "witness now" score, escapes and sure arrests first), then by
the fitted value table of :mod:`game.bots.card_eval`.  A level is an
iteration budget, not a time limit, so a seed gives the same move on any
machine.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from ..engine.actions import Action
from ..engine.cards import PICK, VERDICT, WITNESS
from ..engine.core import Side, ToMove
from ..engine.hexgrid import popcount
from ..engine.newyork.state import EXIT_NAMES
from ..engine.rng import Rng
from . import search_tree
from .card_eval import CardValues, public_candidates, values_for
from .search_tree import (
    _UNSEEN,
    SearchConfig,
    TreeCarry,
    puct_select,
    root_best,
    root_info,
    search_loop,
    settle_check,
)


class _Stats(search_tree._Stats):
    """Edge statistics of one node for one information key, with the legal actions they cover."""

    __slots__ = ("legal",)

    def __init__(self, legal: list[Action], prior: list[float]) -> None:
        super().__init__(prior)
        self.legal = legal  # per key: Jack's escapes depend on who he is


class _Node:
    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.stats: dict[object, _Stats | None] = {}


def _mask_list(mask: int) -> list[int]:
    return [c for c in range(8) if mask >> c & 1]


class CardSampler:
    """Deals the secrets a card-game observation hides, consistently with what it shows.

    It reads only what ``side`` knows, whatever else the state holds: the
    investigator's own cards and the public suspects, or Jack's identity and
    his own cards; the other side's cards and the generator are dealt anew.
    """

    def __init__(self, obs, side: Side, own_identity: float) -> None:  # type: ignore[no-untyped-def]
        self.obs = obs
        self.side = side
        if side is Side.JACK:
            self.own = obs.jack
            self.mine = list(obs.jcards)
            self.unknown = len(obs.icards)
            # Who Jack might be in the investigator's eyes: any suspect (Jack's
            # own draws are secret, so they count too).
            self.suspects = _mask_list(obs.suspects)
            self.p_own = own_identity if len(self.suspects) > 1 else 1.0
        else:
            self.own = None
            self.mine = list(obs.icards)
            self.unknown = len(obs.jcards)
            self.suspects = _mask_list(public_candidates(obs))
            self.p_own = 0.0
        self.n = len(self.suspects)

    def sample(self, rng: Rng):  # type: ignore[no-untyped-def]
        """A full-view state consistent with the observation, and its belief weight."""
        if self.own is not None:
            if self.p_own >= 1.0 or rng.u64() < int(self.p_own * 2**64):
                jack = self.own
            else:
                jack = self.suspects[rng.below(self.n)]
            q = (1.0 - self.p_own) / self.n + (self.p_own if jack == self.own else 0.0)
            weight = 1.0 / (self.n * q)
        else:
            jack = self.suspects[rng.below(self.n)]
            weight = 1.0
        mine = self.mine
        if jack in mine:  # another identity than Jack's own: his draw of it was some other card
            mine = mine[:]
            mine.remove(jack)
        pool = [c for c in range(8) if c != jack and c not in mine]
        rng.shuffle(pool)
        others = pool[:self.unknown + len(self.mine) - len(mine)]
        mine = mine + others[self.unknown:]
        others = others[:self.unknown]
        s = self.obs.clone()
        s.view = "full"
        s.jack = jack
        if self.side is Side.JACK:
            s.jcards, s.icards = mine, others
        else:
            s.icards, s.jcards = mine, others
        s.rng = rng.u64()
        s._legal = None
        return s, weight


class CardSearcher:
    """One search from one observation (see the module docstring)."""

    def __init__(self, cfg, values: CardValues) -> None:  # type: ignore[no-untyped-def]
        self.cfg = cfg
        self.values = values
        self.threshold = int(cfg.rollout_eps * 2**64)
        self.public_witness = False  # set for Jack's own search by :meth:`run`
        self.root: _Node | None = None

    # ------------------------------------------------------------- scoring
    def _score(self, state, side: Side) -> float:  # type: ignore[no-untyped-def]
        """How good ``state`` looks to ``side`` by what ``side`` knows (Jack's value for Jack)."""
        if side is Side.JACK:
            return self.values.witness_now(state)
        return 1.0 - self.values.witness_now_public(state)

    def _action_scores(self, state, side: Side, actions: list[Action]) -> list[float]:  # type: ignore[no-untyped-def]
        """One-action look-ahead scores to ``side``; escapes and arrests judged by what ``side`` knows."""
        out = []
        cand = public_candidates(state)
        for a in actions:
            kind = a.kind
            if kind == "escape" or _is_exit_move(a):
                out.append(1.0)  # only Jack's own character may escape: the game is won
                continue
            if kind == "accuse":
                x = state.CARDS.ids.index(str(a.args[0]))
                if side is Side.JACK:
                    out.append(0.0)
                    continue
                n = popcount(cand)
                p = (1.0 / n) if cand >> x & 1 and n else 0.0
                out.append(p)
                continue
            c = state.clone()
            c._apply(a)
            out.append(self._score(c, side))
        return out

    def _prior(self, state, side: Side, legal: list[Action]) -> list[float]:  # type: ignore[no-untyped-def]
        if len(legal) == 1:
            return [1.0]
        if state.phase == PICK:
            return [1.0 / len(legal)] * len(legal)  # every pick scores alike (see _rollout_action)
        vals = self._action_scores(state, side, legal)
        top = max(vals)
        ex = [math.exp((v - top) / self.cfg.prior_temp) for v in vals]
        total = sum(ex)
        return [e / total for e in ex]

    def _rollout_action(self, state, side: Side, rng: Rng) -> Action:  # type: ignore[no-untyped-def]
        legal = state._generate()
        if len(legal) == 1:
            return legal[0]
        # Sure things first: Jack escapes; the investigator arrests a lone candidate.
        if side is Side.JACK:
            accuse = False
            for a in legal:
                kind = a.kind
                if kind == "escape" or kind == "move" and a.args[1] in EXIT_NAMES:  # as _is_exit_move
                    return a
                accuse = accuse or kind == "accuse"
            if accuse:
                legal = [a for a in legal if a.kind != "accuse"]
        else:
            cand = public_candidates(state)
            accuse = [a for a in legal if a.kind == "accuse"]
            if accuse:
                if popcount(cand) == 1:
                    ids = state.CARDS.ids
                    for a in accuse:
                        if cand >> ids.index(str(a.args[0])) & 1:
                            return a
                legal = [a for a in legal if a.kind != "accuse"] or legal
        k = self.cfg.rollout_k
        if k <= 1 or rng.u64() < self.threshold or len(legal) == 1:
            return legal[rng.below(len(legal))]
        cands = [legal[rng.below(len(legal))] for _ in range(k)]
        if state.phase == PICK:
            # A card taken moves nothing, so every pick scores alike: the best of k is the
            # first drawn, without playing each to score it (the same move, for less time).
            return cands[0]
        scores = self._action_scores(state, side, cands)
        best = max(range(len(cands)), key=scores.__getitem__)
        return cands[best]

    def _rollout(self, state, stop_round: int, rng: Rng, foreseen: dict | None = None) -> float:  # type: ignore[no-untyped-def]
        while state.outcome is None and state.round < stop_round:
            tm = state.to_move()
            if tm is ToMove.CHANCE:
                state._apply(state.sample_chance())
            elif state.phase in (WITNESS, VERDICT):
                if foreseen is not None and state.phase == WITNESS:
                    foreseen.setdefault(state.round, self.values.witness_now_public(state))
                state._apply(state._generate()[0])
            else:
                state._apply(self._rollout_action(state, tm.side, rng))
        return self.values.state_value(state)

    # --------------------------------------------------------------- search
    def run(self, obs, rng: Rng, only: Action | None = None,  # type: ignore[no-untyped-def]
            carry: TreeCarry | None = None) -> tuple[Action, dict]:
        """Search from ``obs`` (a side's view with a choice to make); the action and statistics.

        ``only``: search that root action alone (its value, for analysis).
        ``carry``: the subtree of the last move to start from, and where this one's is kept.
        """
        side = obs.to_move().side
        assert side is not None
        sampler = CardSampler(obs, side, self.cfg.own_identity)
        self.public_witness = self.cfg.public_witness and side is Side.JACK
        legal = [only] if only is not None else _considered(obs, side, list(obs.legal_actions()))
        root_key = None if side is Side.INVESTIGATOR else obs.jack
        stop_round = obs.round + self.cfg.horizon
        root = carry.take(obs) if carry is not None else None
        kept = root.stats.get(root_key) if isinstance(root, _Node) else None
        if not isinstance(kept, _Stats) or kept.legal != legal:
            root = _Node()
            root.stats[root_key] = _Stats(legal, self._prior(obs, side, legal))
        assert isinstance(root, _Node)
        def step() -> None:
            state, weight = sampler.sample(rng)
            self._iterate(root, state, weight, stop_round, rng)

        st = root.stats[root_key]
        assert isinstance(st, _Stats)
        done = search_loop(self.cfg, step, settle_check(self.cfg, st, len(legal), carry is not None))
        self.root = root  # (kept for a look at the tree)
        action = legal[root_best(st)]
        if carry is not None:
            carry.keep(obs, action, root)
        return action, root_info(st, legal, side, done)

    def _iterate(self, root: _Node, state, weight: float, stop_round: int, rng: Rng) -> None:  # type: ignore[no-untyped-def]
        path: list[tuple[_Stats, int, bool, int]] = []  # (stats, action index, Jack moved, round)
        node = root
        arrest = -1.0  # the investigator's chance, by his own view, of the arrest he made (-1: none)
        # Jack's search with ``public_witness``: Jack's chance by each round's witness call as the
        # investigator foresees it then (every candidate alike), the modelled investigator's reward.
        foreseen: dict[int, float] | None = {} if self.public_witness else None
        while True:
            if state.outcome is not None or state.round >= stop_round:
                v = self.values.state_value(state)
                break
            tm = state.to_move()
            if tm is ToMove.CHANCE or state.phase in (WITNESS, VERDICT):
                if tm is ToMove.CHANCE:
                    action = state.sample_chance()
                    key = state.CARDS.draw_hidden if action.kind == "draw" else action
                else:
                    if foreseen is not None and state.phase == WITNESS:
                        foreseen.setdefault(state.round, self.values.witness_now_public(state))
                    action = key = state._generate()[0]
                state._apply(action)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node()
                node = child
                continue
            side = tm.side
            jack_moves = side is Side.JACK
            key = state.jack if jack_moves else None
            st = node.stats.get(key, _UNSEEN)
            if st is _UNSEEN and node is not root:
                node.stats[key] = None  # first visit: a rollout only; statistics on the second
                v = self._rollout(state, stop_round, rng, foreseen)
                break
            expand = st is None or st is _UNSEEN
            if expand:
                legal = _considered(state, side, state._generate())
                st = node.stats[key] = _Stats(legal, self._prior(state, side, legal))
            assert isinstance(st, _Stats)
            i = puct_select(st, self.cfg.c_puct, self.cfg.fpu)
            path.append((st, i, jack_moves, state.round))
            action = st.legal[i]
            if action.kind == "accuse" and not jack_moves and self.cfg.public_accuse:
                arrest = _arrest_chance(state, action)
            state._apply(action)
            if expand:
                v = self._rollout(state, stop_round, rng, foreseen)
                break
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = _Node()
            node = child
        for st, i, jack_moved, rnd in path:
            if jack_moved:
                r, w = v, 1.0
            elif arrest >= 0:
                r, w = arrest, weight
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


def _considered(state, side: Side, legal: list[Action]) -> list[Action]:  # type: ignore[no-untyped-def]
    """The actions the search weighs: the investigator guesses an arrest only in the last round.

    Before it, an arrest of anyone but the last candidate is a gamble that
    waiting beats; the short horizon and the value table cannot see that
    well enough, so the search does not consider it.
    """
    if side is Side.JACK or state.round >= state.rounds:
        return legal
    if popcount(public_candidates(state)) == 1:
        return legal
    return [a for a in legal if a.kind != "accuse"] or legal


def _arrest_chance(state, action: Action) -> float:  # type: ignore[no-untyped-def]
    """The investigator's chance that ``action`` arrests Jack, by what he knows (any candidate alike).

    Jack's own search deals mostly his real identity; judged by the outcome
    in that deal, its model of the investigator would always arrest the right
    man in reach, and Jack would see no worth in staying one of several
    candidates to the end.
    """
    cand = public_candidates(state)
    x = state.CARDS.index[action.args[0]]
    return 1.0 / popcount(cand) if cand >> x & 1 else 0.0


def _is_exit_move(a: Action) -> bool:
    """New York's Eastman pushing a character out through an exit (an escape)."""
    return a.kind == "move" and a.args[1] in EXIT_NAMES


_TABLES: dict[tuple[str, str, bool, bool], CardValues] = {}


def run_card_search(cfg, obs, rng: Rng, only: Action | None = None,  # type: ignore[no-untyped-def]
                    carry: TreeCarry | None = None) -> tuple[Action, dict]:
    """Search ``obs`` with ``cfg``; ``cfg.table`` names another value file ("" = the fitted one);
    ``carry`` as in :meth:`CardSearcher.run`."""
    if not cfg.table:
        values = values_for(obs.game, cfg.ordered_table, cfg.selfplay_table)
    else:
        key = (obs.game, cfg.table, cfg.ordered_table, cfg.selfplay_table)
        if key not in _TABLES:
            _TABLES[key] = CardValues.load(obs.game, Path(cfg.table), cfg.ordered_table, cfg.selfplay_table)
        values = _TABLES[key]
    return CardSearcher(cfg, values).run(obs, rng, only, carry)


search_tree.GAME_SEARCHES.update(london=run_card_search, newyork=run_card_search)

# ----------------------------------------------------------------- levels
#: London and New York share one search; its levels differ only in budget.
CARD = SearchConfig(prior_temp=0.05, rollout_k=1)

#: Each level's card-game configuration before a clock, and the ones it has per game or
#: ``"game:side"`` (:meth:`game.bots.search.SearchBot.config_for`; :mod:`.search` makes the levels).
CARD_LEVELS: dict[str, tuple[SearchConfig, dict[str, SearchConfig]]] = {
    "easy": (replace(CARD, iterations=20), {}),
    "normal": (replace(CARD, iterations=60), {}),
    "hard1": (replace(CARD, iterations=600, horizon=2), {
        #: New York's positions cost more to search: fewer iterations kept it under 1 s a decision.
        "newyork": replace(CARD, iterations=450, horizon=2),
        #: London's investigator gains more from a larger budget than Jack does (hard vs normal:
        #: +14.5 points at 600 iterations, +22 at 1000).
        "london:investigator": replace(CARD, iterations=1000, horizon=2),
    }),
}


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



def card_clocked(clock: Callable[[SearchConfig], SearchConfig], config: SearchConfig,
                 configs: dict[str, SearchConfig], own_identity: float
                 ) -> tuple[SearchConfig, dict[str, SearchConfig]]:
    """A clocked level's card-game configurations from ``hard1``'s (``config``, ``configs``);
    ``clock`` puts one under the level's clock, ``own_identity`` is Jack's deal."""
    # Jack's own game only, in every game (London's search for Jack is the base card
    # configuration, New York's its own), and in London and New York Jack models the
    # investigator's arrests by what the investigator knows: +5 points in London at 1000
    # iterations (all of them wrong arrests), +18 in New York at 900 against the mixed deal
    # (``bench/RESULTS.md``).
    def card(cfg: SearchConfig) -> SearchConfig:
        return replace(clock(cfg), selfplay_table=CARD_SELFPLAY_TABLE)

    jack = {"own_identity": own_identity, "public_accuse": True}
    cards = {k: card(c) for k, c in configs.items()}
    cards["newyork:jack"] = replace(cards["newyork"], **jack)
    cards["newyork"] = replace(cards["newyork"], selfplay_table=NEWYORK_INVESTIGATOR_SELFPLAY_TABLE)
    cards["london:investigator"] = replace(cards["london:investigator"], rollout_k=LONDON_INVESTIGATOR_ROLLOUT_K,
                                           min_iterations=LONDON_INVESTIGATOR_FLOOR,
                                           kept_settles=LONDON_INVESTIGATOR_KEPT_SETTLES)
    return replace(card(config), **jack), cards


__all__ = ["CardSampler", "CardSearcher", "card_clocked", "run_card_search"]
