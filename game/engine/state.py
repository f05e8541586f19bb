"""What every rule set's state shares: the checked front door, cached legality,
chance sampling, hashes and equality.

A subclass supplies ``VOCAB`` (its :class:`~game.engine.actions.Vocabulary`),
``clone()``, ``to_move()``, ``_generate()`` (the legal actions, sorted),
``_apply()`` (no checks), ``_why_illegal()``, ``public_fields()`` and the
text form (``__str__`` and ``parse``).  It keeps ``phase``, ``outcome``,
``rng``, ``_legal`` and ``_legal_set`` in its slots.
"""

from __future__ import annotations

from typing import Any

from .actions import Action, Vocabulary
from .core import Side, ToMove
from .errors import IllegalActionError
from .hashing import digest
from .rng import below, next_u64


class GameState:
    """Base class of every rule set's state (python-chess's checked ``push``, OpenSpiel's chance nodes)."""

    __slots__ = ()
    VOCAB: Vocabulary
    #: Action kinds that are chance steps: each consumes one draw of the generator.
    CHANCE_KINDS: frozenset[str] = frozenset()
    phase: str
    ply: int
    outcome: Any
    rng: int | None
    _legal: list[Action] | None
    _legal_set: frozenset[Action]

    def __init__(self) -> None:
        self.rng = 0
        self.ply = 0
        self.outcome = None
        self._legal = None
        self._legal_set = frozenset()

    # -- supplied by each rule set
    def clone(self) -> Any:
        raise NotImplementedError

    def to_move(self) -> ToMove:
        raise NotImplementedError

    def public_fields(self) -> list:
        raise NotImplementedError

    def _generate(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def _why_illegal(self, action: Action) -> str:
        return f"illegal action {str(action)!r} [state: {self}]"

    # -- shared
    def _step(self, action: Action) -> None:
        """What every applied action does first: drop the legal-move cache, count the ply,
        and let a chance step consume one draw whatever its outcome, so that the state
        depends only on the seed and the actions."""
        self._legal = None
        self.ply += 1
        if action.kind in self.CHANCE_KINDS and self.rng is not None:
            self.rng = next_u64(self.rng)[0]

    def is_over(self) -> bool:
        return self.phase == "over"

    def winner(self) -> Side | None:
        return None if self.outcome is None else self.outcome.winner

    def legal_actions(self) -> list[Action]:
        """Legal actions sorted by canonical text (empty once the game is over)."""
        if self._legal is None:
            self._legal = self._generate()
            self._legal_set = frozenset(self._legal)
        return self._legal

    def is_legal(self, action: Action) -> bool:
        self.legal_actions()
        return action in self._legal_set

    def apply(self, action: Action | str) -> None:
        """Play ``action`` (an :class:`Action` or its text).

        :raises ParseError: if the text is no action of this game.
        :raises IllegalActionError: if the rules forbid it now; the state is unchanged.
        """
        if not isinstance(action, Action):
            action = self.VOCAB.parse(action)  # raises ParseError for anything but a known text
        if not self.is_legal(action):
            raise IllegalActionError(self._why_illegal(action))
        self._apply(action)

    def child(self, action: Action | str) -> Any:
        """A copy with ``action`` applied; this state is left alone."""
        c = self.clone()
        c.apply(action)
        return c

    def sample_chance(self) -> Action:
        """The chance outcome this state's own generator gives (without applying it).

        :raises ValueError: if it is not a chance step or this view has no generator.
        """
        if self.to_move() is not ToMove.CHANCE:
            raise ValueError(f"not a chance step: {self.phase}")
        if self.rng is None:
            raise ValueError("this view has no generator; chance must come from outside")
        outcomes = self.legal_actions()
        return outcomes[below(next_u64(self.rng)[1], len(outcomes))]

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        """Outcomes of a chance step with integer weights (all equal here)."""
        if self.to_move() is not ToMove.CHANCE:
            return []
        return [(a, 1) for a in self.legal_actions()]

    def public_hash(self) -> str:
        """blake2b over the canonical msgpack of :meth:`public_fields`: equal on both sides' views."""
        return digest(self.public_fields())

    def full_hash(self) -> str:
        """A digest of the whole text form, secrets and generator included."""
        return digest(str(self))

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and str(self) == str(other)

    __hash__ = None  # type: ignore[assignment]  # mutable
