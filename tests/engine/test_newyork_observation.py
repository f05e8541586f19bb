"""Views of a New York game that only New York has: Eastman's pushes out of the board.

Eastman may push Jack out: an escape, so it depends on who Jack is.  An
engine that knows Jack lists only the truth; the investigator's view lists
the pushes out of every possible Jack.  The views the card games share are
in :mod:`.test_cardgame_observation`, those of every rule set in
:mod:`.test_conformance`.
"""

from __future__ import annotations

from game.engine import Side

from .test_newyork_rules import position, texts

INV, JACK = Side.INVESTIGATOR, Side.JACK


def test_investigator_view_lists_pushes_out_of_every_possible_jack() -> None:
    fields = dict(round=2, witness="unseen", cards="smith,eastman,tumblety,callahan")
    inv = position({"eastman": "h7", "smith": "m10"}, **fields).observation(INV)
    inv.apply("play eastman")
    assert "move smith n11" in texts(inv)
    jack = position({"eastman": "h7", "smith": "m10"}, **fields).observation(JACK)
    jack.apply("play eastman")
    assert "move smith n11" not in texts(jack)
