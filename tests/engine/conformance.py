"""Every rule set as the conformance suite sees it, and random games to test it on.

:class:`RuleSet` is the small adapter that says where the games differ
(editions, the action kind random games leave out, the secrets of each
view, the phases, the fuzz alphabets); :data:`ADAPTERS` has one for each
entry of :data:`game.engine.RULESETS`, in the same order.

A random game (:class:`Game`, drawn by :func:`games`) is a seed plus one
index per decision: each step plays ``legal[index % len(legal)]``, chance
steps included, so every chance outcome is reachable.  Hypothesis example
counts are kept small: the whole suite runs in seconds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import RULESETS, Side, Termination, ToMove
from game.engine.london import London
from game.engine.london import state as london
from game.engine.newyork import NewYork
from game.engine.newyork import state as newyork
from game.engine.pocket import Pocket
from game.engine.pocket import state as pocket

INV, JACK = Side.INVESTIGATOR, Side.JACK
CARD_ENDS = frozenset({Termination.ARREST_RIGHT, Termination.ARREST_WRONG, Termination.ESCAPE,
                       Termination.TIME_UP})


@dataclass(eq=False)
class RuleSet:
    """What the conformance suite needs to know of one rule set."""

    rs: Any                                 # the registry entry (Pocket, London, NewYork)
    module: Any                             # its state module: IDS, HIDDEN, FIELDS, PHASES
    examples: int                           # hypothesis examples of a random-game property
    ends: frozenset[Termination]            # the declared terminations
    investigator_wins: frozenset[Termination]
    chance_kinds: frozenset[str]
    answers: frozenset[str]                 # Jack's answer steps: phase names and action kinds
    actor: Callable[[Any], Side]            # who plays the current step of a player's phase
    secrets: dict[Side, str]                # the cards field each side's view hides
    first_play: str                         # the phase of the first player's step
    identities_then: tuple[str, int]        # the phase after the identity deal, and its outcomes
    any_alphabet: str                       # characters of the any-text fuzz
    edit_alphabet: str                      # characters the mutation fuzz writes
    field_values: tuple[str, ...]           # odd values the field-replacing fuzz writes
    editions: tuple[str | None, ...] = (None,)
    bias: str | None = None                 # a kind half the random games leave out: a random
    #                                         investigator accuses early, so such games reach round 8
    illegal_every: int = 1                  # the illegal-action test tries every n-th step
    real_games: int = 6                     # at least this many games give the real state texts

    name: str = field(init=False)
    cls: Any = field(init=False)            # the state class
    vocab: Any = field(init=False)
    max: int = field(init=False)            # max_game_length

    def __post_init__(self) -> None:
        rs = self.rs
        self.name, self.cls, self.vocab, self.max = rs.name, rs.state_class, rs.vocabulary, rs.max_game_length

    def __str__(self) -> str:
        return self.name

    def new(self, seed: int, edition: str | None = None) -> Any:
        return self.rs.new(seed) if edition is None else self.rs.new(seed, edition=edition)

    def real_texts(self) -> list[str]:
        return real_texts(self)


POCKET = RuleSet(
    rs=Pocket, module=pocket, examples=60,
    ends=frozenset({Termination.ONE_SUSPECT, Termination.HOURGLASSES, Termination.BOTH_GOALS_SEEN,
                    Termination.BOTH_GOALS_UNSEEN, Termination.CHASE_SEEN, Termination.CHASE_ESCAPED,
                    Termination.TIME_UP}),
    investigator_wins=frozenset({Termination.ONE_SUSPECT, Termination.BOTH_GOALS_SEEN, Termination.CHASE_SEEN}),
    chance_kinds=frozenset({"identity", "throw", "draw"}), answers=frozenset({"witness", "claim"}),
    actor=lambda s: s.actor(s.step),
    # The investigator's alibi cards are open in Pocket: Jack's view hides nothing.
    secrets={INV: "jcards"},
    first_play="act", identities_then=("throw", 16),
    any_alphabet="pocket view=full round=1 phase:/,-?NESWnesw0123456789",
    edit_alphabet="pocket=/:,-? NESWnesw0123456789abcdefIJHWTRXAJ?",
    field_values=("-", "?", "0", "1", "2", "3", "7", "8", "9", "11", "12", "full", "jack", "investigator",
                  "identity", "throw", "act", "draw", "witness", "claim", "over", "bert", "bert,gull",
                  "gull,?", "?,?", "----", "HWXJ", "hwxj", "AwRj", "JJJJJJ", "IJIJIJIJ", "0,0,0", "11,3,7",
                  "jack:hourglasses", "jack:time-up", "investigator:one-suspect", "investigator:chase-seen",
                  "0000000000000001"),
)


def card_game(rs: Any, module: Any, **differences: Any) -> RuleSet:
    """A rule set built on :mod:`game.engine.cards` (London, New York): what they share, then ``differences``."""
    return RuleSet(rs=rs, module=module, ends=CARD_ENDS, investigator_wins=module.INVESTIGATOR_WINS,
                   chance_kinds=frozenset({"identity", "deal", "draw"}), answers=frozenset({"witness", "verdict"}),
                   actor=lambda s: s.actor(), secrets={INV: "jcards", JACK: "icards"},
                   first_play="pick", identities_then=("deal", 70), bias="accuse", real_games=4, **differences)


LONDON = card_game(
    London, london, examples=25, editions=London.editions,
    any_alphabet="london view=full round=1 phase:,-?NESW0123456789abcdefghijklm",
    edit_alphabet="london=,-? NESWnesw0123456789abcdefghijklmpw",
    field_values=("-", "?", "0", "1", "2", "3", "7", "8", "gull", "e5", "NE", "m", "p", "w", "mp", "pw", "mpw",
                  "seen", "unseen", "pick", "act", "whistle", "lantern", "draw", "verdict", "witness", "over",
                  "jack", "investigator", "2016", "jack:escape", "jack:time-up", "investigator:arrest-right",
                  "b2,l11,c7,k6,f5,h8", "c2,l12", "NW,SE", "holmes,gull", "goodley,gull,lestrade"),
)
NEWYORK = card_game(
    NewYork, newyork, examples=20,
    illegal_every=3,  # its vocabulary is large: a third of the steps keeps the test quick
    any_alphabet="newyork view=full round=1 phase:,+-?0123456789abcdefghijklmn",
    edit_alphabet="newyork=,+-? 0123456789abcdefghijklmnmp",
    field_values=("-", "?", "0", "1", "2", "3", "7", "8", "tumblety", "e10", "liberty", "n11", "k16", "m", "p",
                  "mp", "yes", "no", "seen", "unseen", "pick", "act", "draw", "informant", "verdict", "witness",
                  "over", "jack", "investigator", "jack:escape", "jack:time-up", "investigator:arrest-right",
                  "c10,m12", "b9,k4,l13", "e4+f3,k14+l15", "e2,k16", "4,4,4", "0,0,0", "smith,tumblety",
                  "eastman,tumblety,smith"),
)
_BY_RS = {a.rs: a for a in (POCKET, LONDON, NEWYORK)}
ADAPTERS = [_BY_RS[rs] for rs in RULESETS if rs in _BY_RS]  # in registry order
CARD_GAMES = [LONDON, NEWYORK]


# ----------------------------------------------------------------- random games


@dataclass
class Game:
    """One random game: a seed and an index per decision (see the module docstring)."""

    rules: RuleSet
    seed: int
    choices: list[int] = field(repr=False)
    edition: str | None = None
    sample: bool = False    # chance steps from the state's own generator instead of ``choices``
    biased: bool = False    # leave out ``rules.bias`` actions where there is another choice

    def steps(self) -> Iterator[tuple[Any, str]]:
        """Yield ``(state, action)`` before each action, then apply it; stop when the game ends."""
        s = self.rules.new(self.seed, self.edition)
        for i in range(self.rules.max + 1):
            if s.is_over():
                return
            assert i < self.rules.max, "the game did not end within max_game_length"
            legal = s.legal_actions()
            if self.biased:
                legal = [a for a in legal if a.kind != self.rules.bias] or legal
            if self.sample and s.to_move() is ToMove.CHANCE:
                action = str(s.sample_chance())
            else:
                action = str(legal[self.choices[i] % len(legal)])
            yield s, action
            s.apply(action)

    def actions(self) -> list[str]:
        return [a for _, a in self.steps()]

    def end(self) -> Any:
        """The final state, replayed from the seed."""
        s = self.rules.new(self.seed, self.edition)
        for a in self.actions():
            s.apply(a)
        return s


@st.composite
def games(draw: st.DrawFn, rules: RuleSet, sample: st.SearchStrategy[bool] | None = None,
          biased: st.SearchStrategy[bool] | None = None) -> Game:
    """Random games of ``rules``: chance from ``choices`` unless ``sample`` says otherwise, and
    half of them biased where the rule set has a bias, unless ``biased`` says otherwise."""
    seed = draw(st.integers(min_value=0, max_value=2**64 - 1))
    choices = draw(st.lists(st.integers(min_value=0, max_value=2**16), min_size=rules.max, max_size=rules.max))
    edition = draw(st.sampled_from(rules.editions))
    if sample is None:
        sample = st.just(False)
    if biased is None:
        biased = st.booleans() if rules.bias else st.just(False)
    return Game(rules, seed, choices, edition, draw(sample), draw(biased))


def seeded_game(rules: RuleSet, seed: int, edition: str | None = None, sample: bool = False,
                biased: bool = False) -> Game:
    """A game whose choices come from ``random.Random(seed)``: no hypothesis needed."""
    r = random.Random(seed)
    return Game(rules, seed, [r.randrange(2**16) for _ in range(rules.max)], edition, sample, biased)


SLOW_OK = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def for_each_ruleset(*draw: Callable[[RuleSet], st.SearchStrategy], rulesets: list[RuleSet] = ADAPTERS,
                     examples: int | None = None) -> Callable[[Callable[..., None]], Callable[[RuleSet], None]]:
    """A hypothesis property run once per rule set: ``body(rules, *drawn)``.

    ``draw`` gives the strategies for one rule set; each rule set runs its own
    ``examples`` unless a number is given.
    """
    def wrap(body: Callable[..., None]) -> Callable[[RuleSet], None]:
        def test(rules: RuleSet) -> None:
            @settings(max_examples=examples or rules.examples, **SLOW_OK)
            @given(st.tuples(*(d(rules) for d in draw)))
            def prop(drawn: tuple) -> None:
                body(rules, *drawn)

            prop()

        test.__name__, test.__qualname__, test.__doc__ = body.__name__, body.__qualname__, body.__doc__
        return pytest.mark.parametrize("rules", rulesets, ids=str)(test)

    return wrap


# ------------------------------------------------------------ real state texts


@cache
def real_texts(rules: RuleSet) -> list[str]:
    """State texts of seeded games, every phase among them.

    Game ``seed`` is played in the full view (its texts and both its
    observations are kept) or, one in three each, by the investigator's or
    Jack's view alone: steps such as Pocket's claim happen only there.  The
    bias is left out but in every fourth game, which may then end early.
    """
    out: list[str] = []
    phases: set[str] = set()
    seed = 0
    while seed < rules.real_games or phases != set(rules.module.PHASES):
        r = random.Random(seed)
        s = rules.new(seed, rules.editions[seed % len(rules.editions)])
        side = (None, INV, JACK)[seed % 3]
        if side is not None:
            s = s.observation(side)
        while True:
            out.append(str(s))
            if side is None:
                out += [str(s.observation(INV)), str(s.observation(JACK))]
            phases.add(s.phase)
            if s.is_over():
                break
            legal = [a for a in s.legal_actions() if a.kind != rules.bias or seed % 4 == 3]
            s.apply(legal[r.randrange(len(legal))])
        seed += 1
    return out


def check_text(rules: RuleSet, text: str) -> Any:
    """Either ``ValueError`` or an exact round trip into a playable state (``None`` when refused)."""
    cls = rules.cls
    try:
        s = cls.parse(text)
    except ValueError:
        return None
    assert str(s) == text
    assert cls.parse(str(s)) == s
    assert s.is_over() or s.legal_actions(), "a state that is not over must offer an action"
    for a in s.legal_actions():
        child = s.child(a)
        assert cls.parse(str(child)) == child
    return s
