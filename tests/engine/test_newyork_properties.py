"""Properties of random legal New York games (hypothesis) that only New York has.

The properties every rule set shares (round trips, hashes, views, the parser
fuzz) are in :mod:`.test_conformance`, those of the card game under London
and New York in :mod:`.test_cardgame_properties`, over the same random
games (:func:`.conformance.games`).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import ToMove
from game.engine.newyork.state import EXIT_NAMES

from .conformance import NEWYORK, SLOW_OK, Game, games

SETTINGS = settings(max_examples=NEWYORK.examples, **SLOW_OK)


@SETTINGS
@given(games(NEWYORK))
def test_only_jack_pushes_a_character_out(game: Game) -> None:
    """Eastman's push out of the board is an escape: Jack's alone."""
    for s, _ in game.steps():
        pushes_out = [a for a in s.legal_actions() if a.kind == "move" and a.args[1] in EXIT_NAMES]
        assert not pushes_out or s.to_move() is ToMove.JACK


@SETTINGS
@given(games(NEWYORK, biased=st.just(True)))
def test_board_invariants_hold_in_every_position(game: Game) -> None:
    """Tokens never run past the box, nobody stands on a building or a zone,
    lamps and subway entrances keep apart, the informant stays on a cell of the board
    (a building cell or the East passage may hold him; a port, a stretch of sea, never)."""
    for s, _ in game.steps():
        d = s.describe()
        b = d["board"]
        zoned = {c for z in b["zones"] for c in z}
        on = set(b["characters"].values()) - {"n11", *b["ships"]}
        assert not on & (zoned | set(b["buildings"]))
        assert d["stock"]["buildings"] + len(b["buildings"]) - 6 <= 4
        assert len(b["lamps"]) + d["stock"]["lamps"] <= 6
        assert b["informant"]["cell"] not in EXIT_NAMES - {"n11"}
        assert not zoned & set(b["buildings"])
