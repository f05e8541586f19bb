"""Actions as interned, immutable values with one canonical text form.

Every rule set has a finite vocabulary, built once, so parsing is a dict
lookup, legal-move lists reuse the same objects, and sorting by text is a
precomputed index.  Copied in spirit from python-chess ``Move.uci()``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .errors import ParseError


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: ``kind`` plus arguments; ``str()`` is its canonical text."""

    kind: str
    args: tuple[int | str, ...] = ()
    order: int = field(default=0, compare=False, hash=False, repr=False)

    def __str__(self) -> str:
        return " ".join((self.kind, *map(str, self.args)))

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def to_wire(self) -> list[int | str]:
        """A short msgpack-friendly array: ``[kind, *args]``."""
        return [self.kind, *self.args]

    def __lt__(self, other: Action) -> bool:
        return self.order < other.order


class Vocabulary:
    """All actions of one rule set, interned and ordered by canonical text."""

    def __init__(self, game: str, specs: Iterable[tuple[str, tuple[int | str, ...]]],
                 aliases: dict[str, str] | None = None) -> None:
        self.game = game
        texts = sorted({" ".join((k, *map(str, a))): (k, a) for k, a in specs}.items())
        self._by_text: dict[str, Action] = {}
        for i, (text, (kind, args)) in enumerate(texts):
            self._by_text[text] = Action(kind, tuple(args), i)
        self._aliases = {k.lower(): v for k, v in (aliases or {}).items()}
        self._by_lower = {t.lower(): a for t, a in self._by_text.items()}
        self._by_key = {(a.kind, a.args): a for a in self._by_text.values()}

    def __len__(self) -> int:
        return len(self._by_text)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._by_text.values())

    def get(self, kind: str, *args: int | str) -> Action:
        """The interned action for ``kind`` and ``args``; ``KeyError`` if none."""
        return self._by_key[(kind, args)]

    def parse(self, text: str) -> Action:
        """Parse an action text; case and extra white space are forgiven.

        :raises ParseError: if ``text`` names no action of this game.
        """
        if not isinstance(text, str):
            raise ParseError(f"{self.game}: an action is text, not {type(text).__name__}")
        norm = " ".join(text.split())
        action = self._by_text.get(norm)
        if action is None:
            low = norm.lower()
            low = self._aliases.get(low, low)
            action = self._by_text.get(low) or self._by_lower.get(low)
        if action is None:
            raise ParseError(f"{self.game}: not an action: {text!r}")
        return action

    def from_wire(self, wire: Sequence[object]) -> Action:
        """Inverse of :meth:`Action.to_wire`; :raises ParseError: on anything else."""
        if not isinstance(wire, (list, tuple)) or not wire or not isinstance(wire[0], str):
            raise ParseError(f"{self.game}: bad wire action {wire!r}")
        key = (wire[0], tuple(wire[1:]))
        try:
            return self._by_key[key]
        except (KeyError, TypeError):
            raise ParseError(f"{self.game}: bad wire action {wire!r}") from None
