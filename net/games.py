"""What network play needs to know of each rule set: a small spec per game, no branching on names.

The fair-play protocol (``net/PROTOCOL.md``) is the same for every game;
what differs is read from a :class:`NetRules`:

- ``ids``: the secret deck (alibi cards) in a fixed order, and ``deal``,
  how many of its positions can ever be dealt: Jack's identity (position
  0) plus the most secret draws a game can have.  Only those positions go
  through the second and third deck steps, which are the costly ones;
- ``layout``: whether public chance node 0 seeds the set-up (Pocket's
  tile layout) or the set-up is fixed (London's printed edition, New York);
- ``public_chance``: the chance phases whose outcome both sides see, drawn
  by commit-reveal from the state's sorted outcomes (Pocket's token throw;
  the four character cards of an odd round in London and New York);
- the secret chance steps: ``identity`` always goes to Jack only; a
  ``draw`` goes to ``drawer(state)``, secretly, unless that side is in
  ``shown_draws`` (Pocket's investigator shows the card he draws to both);
- ``claim``: the truth of Jack's secret-dependent claims that are not
  engine decisions of a full view (Pocket's hourglass claim), for the audit.

>>> rules("london").deal, rules("newyork").deal, rules("pocket").deal
(5, 8, 5)
>>> rules("ny").name
'newyork'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.engine.actions import Action, Vocabulary
from game.engine.core import Side
from game.engine.rulesets import find_ruleset

#: The phases of a secret card step (their names are the same in every rule set).
IDENTITY, DRAW = "identity", "draw"


@dataclass(frozen=True)
class NetRules:
    """One rule set as the network sees it (see the module docstring)."""

    name: str
    ids: tuple[str, ...]
    deal: int
    layout: bool
    public_chance: frozenset[str]
    drawer: Callable[[Any], Side]
    shown_draws: frozenset[str] = frozenset()
    claim: Callable[[Any], str] | None = None
    editions: tuple[str, ...] = ()
    default_edition: str | None = None
    ruleset: Any = field(default=None, compare=False)

    @property
    def vocab(self) -> Vocabulary:
        return self.ruleset.vocabulary

    def edition(self, edition: str | None) -> str | None:
        """The edition a room plays: the default where the game has several.

        :raises ValueError: for an edition the game does not have (or any, where it has none).
        """
        if not self.editions:
            if edition is not None:
                raise ValueError(f"{self.name} has no editions")
            return None
        if edition is None:
            return self.default_edition
        if edition not in self.editions:
            raise ValueError(f"{self.name}: unknown edition {edition!r}; known: {', '.join(self.editions)}")
        return edition

    def new_state(self, seed: int, edition: str | None = None) -> Any:
        """The full set-up (with its generator): node 0's seed for Pocket, 0 elsewhere."""
        if self.editions:
            return self.ruleset.new(seed, self.edition(edition))
        return self.ruleset.new(seed)

    def hidden(self, kind: str) -> Action:
        """The step as a side that may not see the card has it: ``identity ?`` or ``draw ?``."""
        return self.vocab.get(kind, "?")

    def card_step(self, kind: str, card: str) -> Action:
        return self.vocab.get(kind, card)

    def recipient(self, state: Any) -> str:
        """Who gets the card of the secret chance step now due (``identity``: Jack)."""
        return "jack" if state.phase == IDENTITY else self.drawer(state).value

    def shown(self, state: Any) -> bool:
        """Whether the card now due is opened to both sides (else to its recipient only)."""
        return state.phase == DRAW and self.recipient(state) in self.shown_draws


def _pocket() -> NetRules:
    from game.engine.pocket.state import IDS, TO_WIN

    def claim(state: Any) -> str:
        hg = state.hourglasses()
        return "claim yes" if hg is not None and hg >= TO_WIN else "claim no"

    # 1 identity + one alibi face per two rounds (8 rounds).
    return NetRules("pocket", tuple(IDS), 5, True, frozenset({"throw"}), lambda s: s.drawer(),
                    shown_draws=frozenset({"investigator"}), claim=claim, ruleset=find_ruleset("pocket"))


def _london() -> NetRules:
    from game.engine.london.state import IDS

    rs = find_ruleset("london")
    # Holmes draws only in his own activation, and each character is played
    # once per pair of rounds: 1 identity + at most 4 draws in 8 rounds.
    return NetRules("london", tuple(IDS), 5, False, frozenset({"deal"}), lambda s: s.actor(),
                    editions=tuple(rs.editions), default_edition=rs.default_edition, ruleset=rs)


def _newyork() -> NetRules:
    from game.engine.newyork.state import IDS

    # The informant talks once a round: up to the whole deck (7 cards) after the identity.
    return NetRules("newyork", tuple(IDS), 8, False, frozenset({"deal"}), lambda s: s.actor(),
                    ruleset=find_ruleset("newyork"))


_BUILDERS: dict[str, Callable[[], NetRules]] = {"pocket": _pocket, "london": _london, "newyork": _newyork}
_CACHE: dict[str, NetRules] = {}
#: The games with network play, by rule-set name.
NETWORK_GAMES = tuple(_BUILDERS)


def rules(game: str) -> NetRules:
    """The network spec of ``game`` (a rule-set name or alias).

    :raises ValueError: for a game without network play.
    """
    try:
        name = find_ruleset(game).name
    except ValueError:
        raise ValueError(f"no network play for {game!r}") from None
    if name not in _BUILDERS:
        raise ValueError(f"no network play for {game!r}")
    if name not in _CACHE:
        _CACHE[name] = _BUILDERS[name]()
    return _CACHE[name]
