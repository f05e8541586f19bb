"""The bot levels of every game: ``easy``, ``normal``, ``hard``, ``expert``, and ``hard1``, the arena's
fixed reference.

A level is a :class:`SearchBot` with a Pocket configuration, searched by
:mod:`.pocket_search`, and a card-game one that London and New York search
with :mod:`.card_search`; each family's own part of a level lives in its
search module (:data:`~.pocket_search.POCKET_LEVELS`,
:data:`~.card_search.CARD_LEVELS`), and what this module adds is shared by
both: the clock, the tree kept between a level's own moves, both cores.

A bot sees only its side's observation: each search deals anew what that
side cannot know (see the search modules).  ``hard`` and ``expert`` think
by the clock; ``level:iterations=N`` (:func:`bot_from_spec`) gives a fixed
budget, the same move on any machine for a seed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..engine.actions import Action
from ..engine.core import Side
from ..engine.pocket.state import ACT
from ..engine.rng import Rng
from .base import BOTS, Bot, make_bot, register
from .card_search import CARD, CARD_LEVELS, card_clocked
from .personality import PERSONAL_LEVELS, PERSONALITIES, Personality, split_name
from .pocket_belief import JackBelief
from .pocket_search import POCKET_LEVELS, Searcher, _table, pocket_clocked, pocket_expert
from .search_tree import GAME_SEARCHES, SearchConfig, TreeCarry, settle_check

#: The two-core search and its helper's start (:mod:`game.bots.parallel` registers them when the
#: package imports it; without them a level searches on one core).
TWO_CORE: dict[str, Callable[..., object]] = {}


class SearchBot(Bot):
    """A level: a fixed search configuration (see the module docstring)."""

    name = "search"
    config = SearchConfig()
    #: London and New York: the card-game search (:mod:`game.bots.card_search`).
    card_config = CARD
    card_configs: dict[str, SearchConfig] = {}
    #: A taste among the moves the search rates nearly best (:mod:`.personality`); None plays the best.
    personality: Personality | None = None

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
            if self.personality is not None:
                action = self._taste(observation, action)
        else:
            # Pocket decides with a choice only in phase "act" (witness and claim are forced).
            return legal[rng.below(len(legal))]
        self.remember(observation, action)
        return action

    def _taste(self, observation, action: Action) -> Action:  # type: ignore[no-untyped-def]
        """The personality's move among those the search found nearly as good as ``action``."""
        assert self.personality is not None
        picked = self.personality.pick(observation, action, self.last_info)
        if picked != action:
            self.carry.instead(str(picked))   # the next search starts below the move played
            visits, value = self.last_info["values"][str(picked)]   # a pick is always one the search rated
            self.last_info = {**self.last_info, "searched": str(action), "value": value, "visits": visits}
        self.last_info["personality"] = self.personality.name
        return picked

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


@register
class EasyBot(SearchBot):
    name = "easy"
    config = POCKET_LEVELS["easy"]
    card_config, card_configs = CARD_LEVELS["easy"]


@register
class NormalBot(SearchBot):
    name = "normal"
    config = POCKET_LEVELS["normal"]
    card_config, card_configs = CARD_LEVELS["normal"]


@register
class ClassicHardBot(SearchBot):
    """The hard level as it was before it had a time budget: the arena's fixed reference."""

    name = "hard1"
    config = POCKET_LEVELS["hard1"]
    card_config, card_configs = CARD_LEVELS["hard1"]


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

#: The clocked levels start a search from the subtree of their own last move when the next
#: decision follows straight on (:class:`TreeCarry`; ``hard1`` starts afresh): in London at 1000
#: iterations 70% of the searches do, with about half a search's visits already made.
KEEP_TREE = True

#: The clocked levels search on two cores (:mod:`game.bots.parallel`): a helper process searches each
#: decision beside the bot's own and the root visits are summed, about twice the iterations in the
#: same time on this 2-core machine (1.8-2.1 times the playouts a second in the three games, the
#: same p99).  ``hard:iterations=N`` searches on one core unless ``workers`` is given too.
WORKERS = 2


def _clocked(level: type[SearchBot], seconds: float, cap: int, card_cap: int
             ) -> tuple[SearchConfig, SearchConfig, dict[str, SearchConfig]]:
    """``level``'s budgets as floors under a clock: a busy machine never makes the level think
    less than ``hard1`` did (in Pocket, two rounds deep, :data:`~.pocket_search.POCKET_FLOOR` iterations take
    about that time), a quiet one lets it think for ``seconds``; then each family's own settings
    (:func:`~.pocket_search.pocket_clocked`, :func:`~.card_search.card_clocked`)."""
    def clock(cfg: SearchConfig, iterations: int) -> SearchConfig:
        return replace(cfg, iterations=iterations, seconds=seconds, min_iterations=cfg.iterations,
                       keep_tree=KEEP_TREE, workers=WORKERS)

    card_config, card_configs = card_clocked(lambda cfg: clock(cfg, card_cap), level.card_config,
                                             level.card_configs, JACK_OWN_IDENTITY)
    return (pocket_clocked(replace(clock(level.config, cap), own_identity=JACK_OWN_IDENTITY)),
            card_config, card_configs)


@register
class HardBot(SearchBot):
    name = "hard"
    config, card_config, card_configs = _clocked(ClassicHardBot, HARD_SECONDS, 200_000, 20_000)


@register
class ExpertBot(SearchBot):
    name = "expert"
    config, card_config, card_configs = _clocked(ClassicHardBot, EXPERT_SECONDS, 600_000, 60_000)
    config = pocket_expert(config)


LEVELS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot, "expert": ExpertBot, "hard1": ClassicHardBot}


def _personal(level: str, personality: Personality) -> Callable[[], SearchBot]:
    def make() -> SearchBot:
        bot = LEVELS[level]()
        bot.personality = personality
        bot.name = f"{level}+{personality.name}"
        return bot
    return make


for _lv in PERSONAL_LEVELS:
    for _p in PERSONALITIES.values():
        BOTS[f"{_lv}+{_p.name}"] = _personal(_lv, _p)


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
    name, personality = split_name(name)
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
    bot.personality = personality
    bot.name = spec
    return bot


__all__ = ["LEVELS", "SearchBot", "SearchConfig", "Searcher", "TreeCarry", "bot_from_spec", "settle_check"]
