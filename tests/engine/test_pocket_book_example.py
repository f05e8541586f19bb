"""The rule book's witness example (Russian book ``seeds/000_*.txt``, lines 140-153).

The picture, as a position (cells 0-8 row-major, positions clockwise from
above the top-left tile)::

                Holmes (0)
                  v
          [ goodley* | stealthy | madame  ]
          [ pizer    | lestrade | smith*  ]
          [ gull     | lane*    | bert    ] <  Watson (5)
                         ^
                      Toby (7)                 * = cleared

* Holmes, above the cleared top-left tile, sees white Pizer below it but not
  violet Gull, whose wall faces north.
* Toby, below the cleared Lane cross, sees nobody: blue Lestrade's wall
  faces south, and green Stealthy is behind him.
* Watson, right of the bottom row, sees orange Bert, then through the Lane
  cross, then Gull, whose wall lies on a flank.
* Pink Madame is a suspect nobody sees.

"Seen" leaves white, violet and orange; "unseen" leaves green, blue and pink.
"""

from __future__ import annotations

import pytest

from game.engine import Side, ToMove
from game.engine.pocket import DATA, PocketState
from game.engine.pocket.board import sight

# Cleared: goodley (top-left), smith, and Lane, whose stored wall would face
# Toby if the cross still had one.
TILES = "goodley:e/stealthy:N/madame:E/pizer:W/lestrade:S/smith:n/gull:N/lane:s/bert:N"
HOLMES, WATSON, TOBY = 0, 5, 7
SEEN_GROUP = ["pizer", "gull", "bert"]             # white, violet, orange
UNSEEN_GROUP = ["lestrade", "madame", "stealthy"]  # blue, pink, green
COLOURS = {c.id: c.colour for c in DATA.characters}


def example(view: str = "full", jack: str = "bert") -> PocketState:
    text = (f"pocket view={view} round=1 phase=witness tiles={TILES} "
            f"detectives={HOLMES},{WATSON},{TOBY} tokens=hwxj rotated=- track=- icards=- jcards=- "
            f"jack={'?' if view == 'investigator' else jack} "
            f"rng={'-' if view != 'full' else '0000000000000001'} chase=0 ply=8 outcome=-")
    return PocketState.parse(text)


def seen_by(state: PocketState, pos: int) -> list[str]:
    walls = [state.wall_of(c) for c in range(9)]
    return [DATA.ids[state.chars[c]] for c in sight(walls, pos)]


def test_book_example_colours() -> None:
    assert [COLOURS[c] for c in SEEN_GROUP] == ["white", "violet", "orange"]
    assert [COLOURS[c] for c in UNSEEN_GROUP] == ["blue", "pink", "green"]
    assert COLOURS["lane"] == "grey"


def test_holmes_sees_through_cleared_tile_to_pizer_not_gull() -> None:
    s = example()
    assert seen_by(s, HOLMES) == ["goodley", "pizer"]  # gull's wall faces north, towards Holmes
    assert "gull" not in seen_by(s, HOLMES)


def test_toby_sees_nobody_behind_lestrades_wall() -> None:
    s = example()
    # Only the empty Lane cross, which hides no suspect; Lestrade's wall faces south.
    assert seen_by(s, TOBY) == ["lane"]
    assert not any(s.suspect[DATA.ids.index(c)] for c in seen_by(s, TOBY))


def test_watson_sees_bert_through_lane_cross_and_gull_on_flank() -> None:
    s = example()
    assert seen_by(s, WATSON) == ["bert", "lane", "gull"]


def test_lane_cross_blocks_nothing_but_barricade_would() -> None:
    s = example()
    assert s.wall_of(7) is None
    barricaded = PocketState.parse(str(s).replace("lane:s", "lane:S"))  # Lane still a suspect
    assert seen_by(barricaded, TOBY) == []  # the barricade faces Toby
    # For Watson the barricade lies on a flank: he still sees past it to Gull.
    assert seen_by(barricaded, WATSON) == ["bert", "lane", "gull"]


def test_visible_suspects_in_book_example() -> None:
    s = example()
    assert s.visible() == ["bert", "goodley", "gull", "lane", "pizer"]
    visible_suspects = sorted(c for c in s.visible() if s.suspect[DATA.ids.index(c)])
    assert visible_suspects == sorted(SEEN_GROUP)
    assert sorted(s.suspects()) == sorted(SEEN_GROUP + UNSEEN_GROUP)


def test_investigator_is_offered_both_answers() -> None:
    inv = example("investigator")
    assert inv.to_move() is ToMove.JACK
    assert [str(a) for a in inv.legal_actions()] == ["witness seen", "witness unseen"]


def test_answer_seen_leaves_white_violet_orange() -> None:
    inv = example("investigator")
    inv.apply("witness seen")
    assert sorted(inv.suspects()) == sorted(SEEN_GROUP)
    assert inv.track == [Side.INVESTIGATOR]


def test_answer_unseen_leaves_green_blue_pink() -> None:
    inv = example("investigator")
    inv.apply("witness unseen")
    assert sorted(inv.suspects()) == sorted(UNSEEN_GROUP)
    assert inv.track == [Side.JACK]


@pytest.mark.parametrize("jack", SEEN_GROUP + UNSEEN_GROUP)
def test_jack_must_answer_truthfully(jack: str) -> None:
    s = example(jack=jack)
    answer = "witness seen" if jack in SEEN_GROUP else "witness unseen"
    assert [str(a) for a in s.legal_actions()] == [answer]
    s.apply(answer)
    assert sorted(s.suspects()) == sorted(SEEN_GROUP if jack in SEEN_GROUP else UNSEEN_GROUP)
    # Both views agree on everything public afterwards.
    inv = example("investigator")
    inv.apply(answer)
    assert inv.public_hash() == s.public_hash()
    assert str(s.observation(Side.INVESTIGATOR)) == str(inv)
