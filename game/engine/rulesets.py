"""The registry of rule sets: look a game up by name instead of branching on it."""

from __future__ import annotations

from .london import London
from .newyork import NewYork
from .pocket import Pocket

RULESETS = [Pocket, London, NewYork]


def find_ruleset(name: str):  # type: ignore[no-untyped-def]
    """The rule set called ``name`` (or one of its aliases).

    :raises ValueError: if no rule set has that name.
    """
    key = name.lower().strip()
    for rs in RULESETS:
        if key == rs.name or key in rs.aliases:
            return rs
    raise ValueError(f"unknown game {name!r}; known: {', '.join(r.name for r in RULESETS)}")


def parse_state(text: str):  # type: ignore[no-untyped-def]
    """Parse any rule set's state text by its first word."""
    from .errors import ParseError

    if not isinstance(text, str) or not text:
        raise ParseError("empty state text")
    try:
        rs = find_ruleset(text.split(" ", 1)[0])
    except ValueError:
        raise ParseError(f"unknown game in state text: {text[:40]!r}") from None
    return rs.parse_state(text)
