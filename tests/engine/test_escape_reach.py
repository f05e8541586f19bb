"""``escape_reach`` (the bots' escape threat) agrees with the escapes the rules offer."""

from __future__ import annotations

import pytest

from game.engine import Side
from game.engine.rng import Rng
from game.engine.rulesets import find_ruleset


@pytest.mark.parametrize("game", ["london", "newyork"])
def test_escape_reach_matches_the_legal_escapes(game):
    rs = find_ruleset(game)
    rng = Rng(17)
    checked = {True: 0, False: 0}
    for _ in range(40):
        state = rs.new(rng.u64())
        while not state.is_over():
            if state.phase == "act" and state.actor() is Side.JACK and not state.done & 1:
                s = state.clone()
                s.jack = s.active
                s.suspects |= 1 << s.active
                s.witness = False
                s._legal = None
                offered = any(a.kind == "escape" for a in s.legal_actions())
                assert offered == s.escape_reach(s.active), str(s)
                checked[offered] += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked[True] > 5 and checked[False] > 5
