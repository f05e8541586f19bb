"""A fourth game added the way ARCHITECTURE.md says, checked by the conformance suite.

:mod:`.fourth_game` is a tiny card game on a 5x5 square built on
:class:`game.engine.cards.CardGame`; it is registered through
:func:`game.engine.rulesets.register_ruleset` for each test and every
property of ``test_conformance.py`` that takes a rule set runs over it.
"""

from __future__ import annotations

import inspect

import pytest

from game.engine import RULESETS, find_ruleset, parse_state
from game.engine.rulesets import register_ruleset

from . import fourth_game, test_conformance
from .fourth_game import Mini

MINI = fourth_game.adapter()
#: A fresh process knows only the shipped rule sets: the fake is registered in this one alone.
NOT_HERE = {"test_same_seed_and_actions_give_same_hashes_in_a_fresh_process"}
SUITE = [f for name, f in sorted(vars(test_conformance).items())
         if name.startswith("test_") and name not in NOT_HERE and "rules" in inspect.signature(f).parameters]


@pytest.fixture
def registered():  # type: ignore[no-untyped-def]
    rs = register_ruleset(Mini)
    try:
        yield rs
    finally:
        RULESETS.remove(Mini)


def test_the_fourth_game_is_found_by_name_and_by_its_state_text(registered) -> None:  # type: ignore[no-untyped-def]
    assert find_ruleset("mini") is find_ruleset("square") is Mini
    s = Mini.new(7)
    assert parse_state(str(s)) == s


def test_a_name_is_registered_once(registered) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="registered already"):
        register_ruleset(Mini)


def test_the_conformance_suite_covers_every_rule_set_property() -> None:
    assert len(SUITE) >= 15


@pytest.mark.parametrize("prop", SUITE, ids=lambda f: f.__name__)
def test_the_fourth_game_passes_the_conformance_suite(registered, prop) -> None:  # type: ignore[no-untyped-def]
    prop(MINI)
