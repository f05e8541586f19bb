"""The registry of rule sets: look a game up by name instead of branching on it.

A shipped game is listed in :data:`RULESETS`; :func:`register_ruleset` adds
one at run time (the tests' fake fourth game goes that way).  A registry
entry is a class with ``name``, ``title``, ``aliases``, ``editions``,
``default_edition``, ``state_class``, ``vocabulary``, ``max_game_length``,
``new(seed[, edition])`` and ``parse_state(text)`` (see ``london/__init__.py``).
"""

from __future__ import annotations

from .london import London
from .newyork import NewYork
from .pocket import Pocket

RULESETS = [Pocket, London, NewYork]


def register_ruleset(rs):  # type: ignore[no-untyped-def]
    """Add the rule set ``rs`` to :data:`RULESETS`; it is returned.

    :raises ValueError: if its name or an alias is taken already.
    """
    taken = {n for r in RULESETS for n in (r.name, *r.aliases)}
    if rs.name in taken or taken & set(rs.aliases):
        raise ValueError(f"a rule set called {rs.name!r} (or one of its aliases) is registered already")
    RULESETS.append(rs)
    return rs


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
