"""Mr. Jack Pocket rules, one test per rule and per special case.

Rules: ``RULES.md`` section 1 and ``reference/pocket-facts.md``; the Russian
rule book is ``seeds/000_*.txt``.  Most tests build the exact position from
its text form (see :func:`position`) and play one or two actions on it.

Geometry used below.  Cells are 0-8 row-major; positions run clockwise from
above the top-left tile::

         0   1   2
    11 [ 0 | 1 | 2 ]  3
    10 [ 3 | 4 | 5 ]  4
     9 [ 6 | 7 | 8 ]  5
         8   7   6
"""

from __future__ import annotations

import pytest

from game.engine import IllegalActionError, Side, Termination, ToMove
from game.engine.pocket import DATA, PocketState
from game.engine.pocket.board import LINES, sight
from game.engine.pocket.state import FIELDS

from .positions import play, position_of, texts

# -------------------------------------------------------------------- helpers

DEFAULTS = {
    "view": "full", "round": "1", "phase": "act",
    "tiles": "lestrade:W/goodley:W/smith:E/stealthy:S/bert:E/madame:S/gull:E/lane:S/pizer:S",
    "detectives": "11,3,7", "tokens": "HWXJ", "rotated": "-", "track": "-", "icards": "-",
    "jcards": "-", "jack": "bert", "rng": "0000000000000001", "chase": "0", "ply": "3",
    "outcome": "-",
}

#: Every detective at position 0 looks down column 0 (cells 0, 3, 6), whose
#: walls all lie on a flank: pizer, gull and bert are seen, nobody else is.
COLUMN0_OPEN = "pizer:E/goodley:N/smith:N/gull:W/lestrade:N/madame:N/bert:E/lane:N/stealthy:N"


def position(tiles: str | list[str] | None = None, **fields: object) -> PocketState:
    """A state from its text form: :data:`DEFAULTS` with ``fields`` replaced."""
    if tiles is not None:
        fields["tiles"] = tiles if isinstance(tiles, str) else "/".join(tiles)
    return position_of(PocketState, "pocket", FIELDS, DEFAULTS, **fields)


def cell_of(state: PocketState, cid: str) -> int:
    return state.chars.index(DATA.ids.index(cid))


def wall_letter(state: PocketState, cid: str) -> str:
    return "NESW"[state.walls[cell_of(state, cid)]]


def is_suspect(state: PocketState, cid: str) -> bool:
    return state.suspect[DATA.ids.index(cid)]


def run_to(state: PocketState, phase: str, pick: int = 0) -> PocketState:
    """Play chance from the state's generator and ``pick``-th actions until ``phase``."""
    while state.phase != phase and not state.is_over():
        if state.to_move() is ToMove.CHANCE:
            state.apply(state.sample_chance())
        else:
            legal = state.legal_actions()
            state.apply(legal[pick % len(legal)])
    return state


# ---------------------------------------------------------------------- setup


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 99, 2**63 + 5])
def test_setup_deals_each_character_once_suspect_side_up(seed: int) -> None:
    s = PocketState.new(seed)
    assert sorted(s.chars) == list(range(9))
    assert s.suspects() == list(DATA.ids)
    assert (s.round, s.phase, s.jack, s.track, s.icards, s.jcards) == (1, "identity", None, [], [], [])
    assert s.to_move() is ToMove.CHANCE


@pytest.mark.parametrize("seed", range(40))
def test_setup_turns_tiles_to_face_holmes_watson_toby(seed: int) -> None:
    s = PocketState.new(seed)
    assert s.detectives == [11, 3, 7]
    # Holmes left of the top-left tile, Watson right of the top-right one,
    # Toby below the bottom-middle one: each of those tiles shows him its wall.
    assert "NESW"[s.walls[0]] == "W"
    assert "NESW"[s.walls[2]] == "E"
    assert "NESW"[s.walls[7]] == "S"
    assert s.visible() == []


def test_setup_other_tiles_take_random_orientations() -> None:
    seen: dict[int, set[int]] = {cell: set() for cell in (1, 3, 4, 5, 6, 8)}
    for seed in range(200):
        s = PocketState.new(seed)
        for cell in seen:
            seen[cell].add(s.walls[cell])
    assert all(ws == {0, 1, 2, 3} for ws in seen.values())


def test_setup_shuffles_tiles_by_seed() -> None:
    layouts = {tuple(PocketState.new(seed).chars) for seed in range(50)}
    assert len(layouts) > 40
    assert PocketState.new(7) == PocketState.new(7)


def test_jack_draws_his_identity_card_first() -> None:
    s = PocketState.new(5)
    assert texts(s) == sorted(f"identity {cid}" for cid in DATA.ids)
    play(s, "identity madame")
    assert s.jack == DATA.ids.index("madame")
    assert s.phase == "throw"
    # The other eight cards form the alibi deck.
    assert s.deck_size() == 8


def test_sample_chance_picks_a_legal_outcome_and_changes_nothing() -> None:
    s = PocketState.new(11)
    before = str(s)
    a = s.sample_chance()
    assert a in s.legal_actions()
    assert str(s) == before
    s.apply(a)
    with pytest.raises(ValueError):
        position().sample_chance()  # not a chance step


def test_round_tokens_track_starts_empty() -> None:
    s = run_to(PocketState.new(3), "act")
    assert s.track == [] and s.jack_tokens() == 0 and s.hourglasses() == 0


# --------------------------------------------------------------- action tokens


def test_odd_round_tokens_are_thrown_each_face_from_its_pair() -> None:
    s = play(PocketState.new(1), "identity bert")
    assert s.phase == "throw" and s.to_move() is ToMove.CHANCE
    throws = s.legal_actions()
    assert len(throws) == 16
    pairs = [("alibi", "holmes"), ("watson", "toby"), ("rotate", "exchange"), ("rotate", "joker")]
    for t in throws:
        assert all(face in pair for face, pair in zip(t.args, pairs, strict=True))
    play(s, "throw holmes toby exchange rotate")
    assert s.available_faces() == ["holmes", "toby", "exchange", "rotate"]
    assert "tokens=HTXR" in str(s)


def test_even_round_tokens_are_flipped_faces() -> None:
    s = play(PocketState.new(1), "identity bert", "throw holmes toby exchange rotate")
    run_to(s, "witness")
    s.apply(s.legal_actions()[0])
    assert s.round == 2 and s.phase == "act"  # no throw in an even round
    assert s.available_faces() == ["alibi", "watson", "rotate", "joker"]
    run_to(s, "witness")
    s.apply(s.legal_actions()[0])
    if not s.is_over():
        assert s.round == 3 and s.phase == "throw" and s.faces is None


def test_odd_round_order_investigator_jack_jack_investigator() -> None:
    s = run_to(PocketState.new(2), "act")
    assert s.round == 1
    order = []
    while s.phase != "witness":
        if s.to_move() is ToMove.CHANCE:
            s.apply(s.sample_chance())
            continue
        order.append(s.to_move())
        s.apply(s.legal_actions()[-1])
    assert order == [ToMove.INVESTIGATOR, ToMove.JACK, ToMove.JACK, ToMove.INVESTIGATOR]
    assert s.to_move() is ToMove.JACK  # the witness call is Jack's


def test_even_round_order_jack_investigator_investigator_jack() -> None:
    s = position(round=2, tokens="ATRR", track="J")
    order = []
    while s.phase != "witness":
        if s.to_move() is ToMove.CHANCE:
            s.apply(s.sample_chance())
            continue
        order.append(s.to_move())
        s.apply(s.legal_actions()[0])
    assert order == [ToMove.JACK, ToMove.INVESTIGATOR, ToMove.INVESTIGATOR, ToMove.JACK]


def test_each_token_is_played_once_per_round() -> None:
    s = position(tokens="HWXJ")
    play(s, "holmes 1")
    assert s.available_faces() == ["watson", "exchange", "joker"]
    with pytest.raises(IllegalActionError):
        s.apply("holmes 1")
    play(s, "watson 1", "exchange 0 1", "joker toby")
    assert s.phase == "witness"


def test_two_rotation_tokens_give_two_rotations_in_a_round() -> None:
    s = position(tokens="HWRR")
    play(s, "rotate 4 W", "rotate 3 N")
    assert s.available_faces() == ["holmes", "watson"]
    assert not any(a.kind == "rotate" for a in s.legal_actions())


def test_actions_are_compulsory_no_pass_and_no_early_witness() -> None:
    s = position(tokens="HWXJ")
    for bad in ("witness seen", "witness unseen", "claim no"):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
    assert not any(a.kind in ("pass", "witness") for a in s.legal_actions())


# ------------------------------------------------------------------ detectives


def test_detective_moves_one_or_two_clockwise() -> None:
    s = position(tokens="HWXJ")
    assert [t for t in texts(s) if t.startswith("holmes")] == ["holmes 1", "holmes 2"]
    assert play(s.clone(), "holmes 1").detectives == [0, 3, 7]
    assert play(s.clone(), "holmes 2").detectives == [1, 3, 7]
    t = position(tokens="HTXJ")
    assert play(t.clone(), "toby 1").detectives == [11, 3, 8]
    assert play(t.clone(), "toby 2").detectives == [11, 3, 9]
    w = position(tokens="HWXJ", detectives="10,4,7")
    assert play(w.clone(), "watson 2").detectives == [10, 6, 7]
    assert play(w.clone(), "holmes 2").detectives == [0, 4, 7]  # 10 -> 11 -> 0


def test_detective_cannot_move_three_or_backwards() -> None:
    s = position(tokens="HWXJ")
    for bad in ("holmes 3", "holmes 0", "holmes -1"):
        with pytest.raises(ValueError):
            s.apply(bad)
    with pytest.raises(IllegalActionError):
        s.apply("toby 1")  # the token shows Watson, not Toby


def test_detectives_may_share_a_position() -> None:
    s = position(tokens="HWXJ", detectives="1,3,7")
    play(s, "holmes 2")
    assert s.detectives == [3, 3, 7]
    assert PocketState.parse(str(s)) == s
    assert position(detectives="0,0,0").detectives == [0, 0, 0]


def test_joker_moves_any_detective_one_clockwise() -> None:
    s = position(tokens="HWXJ")
    jokers = [t for t in texts(s) if t.startswith("joker")]
    assert jokers == ["joker holmes", "joker toby", "joker watson"]
    assert play(s.clone(), "joker holmes").detectives == [0, 3, 7]
    assert play(s.clone(), "joker watson").detectives == [11, 4, 7]
    assert play(s.clone(), "joker toby").detectives == [11, 3, 8]


def test_joker_none_is_jack_only() -> None:
    inv = position(tokens="HWXJ")
    assert inv.to_move() is ToMove.INVESTIGATOR
    assert "joker none" not in texts(inv)
    before = str(inv)
    with pytest.raises(IllegalActionError, match="only Jack"):
        inv.apply("joker none")
    assert str(inv) == before

    jack = position(tokens="hWXJ")  # Holmes played: Jack's first action
    assert jack.to_move() is ToMove.JACK
    assert "joker none" in texts(jack)
    play(jack, "joker none")
    assert jack.detectives == [11, 3, 7]
    assert "joker" not in jack.available_faces()


def test_jack_joker_may_also_move_a_detective_one() -> None:
    jack = position(tokens="hWXJ")
    assert {"joker holmes", "joker watson", "joker toby"} <= set(texts(jack))
    assert play(jack, "joker watson").detectives == [11, 4, 7]


# -------------------------------------------------------------------- rotation


def test_rotation_must_change_orientation() -> None:
    s = position(tokens="HWRJ")  # bert on cell 4, wall E
    rot4 = [t for t in texts(s) if t.startswith("rotate 4 ")]
    assert rot4 == ["rotate 4 N", "rotate 4 S", "rotate 4 W"]
    before = str(s)
    with pytest.raises(IllegalActionError, match="already faces"):
        s.apply("rotate 4 E")
    assert str(s) == before


def test_rotation_quarter_or_half_turn_any_tile() -> None:
    s = position(tokens="HWRJ")
    rotations = [t for t in texts(s) if t.startswith("rotate")]
    assert len(rotations) == 27  # 9 tiles x 3 new orientations
    play(s, "rotate 4 W")  # half turn
    assert wall_letter(s, "bert") == "W"
    assert s.available_faces() == ["holmes", "watson", "joker"]


def test_tile_rotated_this_round_cannot_rotate_again() -> None:
    s = position(tokens="HWRR")
    play(s, "rotate 4 W")
    assert s.to_move() is ToMove.JACK
    assert not any(t.startswith("rotate 4 ") for t in texts(s))
    assert any(t.startswith("rotate 3 ") for t in texts(s))
    with pytest.raises(IllegalActionError, match="already rotated"):
        s.apply("rotate 4 N")


def test_tile_rotated_this_round_cannot_rotate_again_even_after_exchange() -> None:
    """The mark follows the tile, not the cell.

    With the real tokens (Rotation/Exchange and Rotation/Joker) a round never
    shows two Rotations and an Exchange together, so this position is built
    directly: Bert's tile was rotated and has since moved from cell 4 to cell 0.
    """
    tiles = "bert:E/goodley:W/smith:E/stealthy:S/lestrade:W/madame:S/gull:E/lane:S/pizer:S"
    s = position(tiles, tokens="hWrR", rotated="bert")
    assert s.to_move() is ToMove.JACK
    legal = texts(s)
    assert not any(t.startswith("rotate 0 ") for t in legal)  # Bert, wherever he is
    assert [t for t in legal if t.startswith("rotate 4 ")] == ["rotate 4 E", "rotate 4 N", "rotate 4 S"]


def test_exchange_then_rotation_marks_the_tile_not_the_cell() -> None:
    s = position(tokens="HWXR")
    play(s, "exchange 0 4", "rotate 0 S")
    assert s.rotated == 1 << DATA.ids.index("bert")  # bert sits on cell 0 now
    assert wall_letter(s, "bert") == "S"


def test_rotation_marks_clear_at_round_end() -> None:
    s = position(COLUMN0_OPEN, phase="witness", tokens="hwxr", rotated="bert", detectives="0,0,0")
    play(s, "witness seen")
    assert s.round == 2 and s.rotated == 0
    assert s.available_faces() == ["alibi", "toby", "rotate", "joker"]
    assert sum(t.startswith("rotate 6 ") for t in texts(s)) == 3  # bert may turn again


def test_rotating_cleared_lane_is_allowed() -> None:
    """The cleared Lane cross has no wall; turning it is a legal null move."""
    tiles = "lestrade:W/goodley:W/smith:E/stealthy:S/lane:e/madame:S/gull:E/bert:S/pizer:S"
    s = position(tiles, tokens="HWRJ", detectives="1,3,7")
    seen_before = s.visible()
    rot = [t for t in texts(s) if t.startswith("rotate 4 ")]
    assert rot == ["rotate 4 N", "rotate 4 S", "rotate 4 W"]
    play(s, "rotate 4 N")
    assert s.visible() == seen_before
    assert s.wall_of(4) is None
    assert "lane:n" in str(s)


# -------------------------------------------------------------------- exchange


def test_exchange_keeps_orientations() -> None:
    tiles = "lestrade:W/goodley:w/smith:E/stealthy:S/bert:E/madame:S/gull:E/lane:S/pizer:N"
    s = position(tiles, tokens="HWXJ")
    play(s, "exchange 1 8")
    assert s.chars[1] == DATA.ids.index("pizer") and s.chars[8] == DATA.ids.index("goodley")
    assert wall_letter(s, "pizer") == "N" and wall_letter(s, "goodley") == "W"
    assert not is_suspect(s, "goodley") and is_suspect(s, "pizer")  # sides stay as they were
    assert "goodley:w" in str(s).split("/")[-1]


def test_exchange_any_two_tiles_not_only_neighbours() -> None:
    s = position(tokens="HWXJ")
    ex = [t for t in texts(s) if t.startswith("exchange")]
    assert len(ex) == 36
    assert "exchange 0 8" in ex
    play(s, "exchange 8 0")  # either order of the cells is accepted
    assert s.chars[0] == DATA.ids.index("pizer")


# ----------------------------------------------------------------------- alibi


def test_investigator_alibi_clears_a_suspect_openly() -> None:
    s = position(tokens="AWXJ")
    assert s.to_move() is ToMove.INVESTIGATOR
    play(s, "alibi")
    assert s.phase == "draw" and s.to_move() is ToMove.CHANCE and s.drawer() is Side.INVESTIGATOR
    # Any card but Jack's own can come; the investigator's own view names it too.
    assert texts(s) == sorted(f"draw {c}" for c in DATA.ids if c != "bert")
    inv = s.observation(Side.INVESTIGATOR)
    assert "draw ?" not in texts(inv) and "draw pizer" in texts(inv)
    play(s, "draw pizer")
    assert not is_suspect(s, "pizer")
    assert "pizer:s" in str(s)
    for side in Side:
        assert "icards=pizer" in str(s.observation(side))
        assert not is_suspect(s.observation(side), "pizer")
    assert s.phase == "act" and s.to_move() is ToMove.JACK


def test_investigator_alibi_of_cleared_character_changes_no_tile() -> None:
    tiles = "lestrade:W/goodley:W/smith:E/stealthy:S/bert:E/madame:S/gull:E/lane:S/pizer:s"
    s = position(tiles, tokens="AWXJ")
    before = [c for c in str(s).split(" ") if c.startswith("tiles=")]
    play(s, "alibi", "draw pizer")
    assert [c for c in str(s).split(" ") if c.startswith("tiles=")] == before
    assert s.icards == [DATA.ids.index("pizer")]


def test_investigator_alibi_hourglasses_are_lost_to_jack() -> None:
    s = position(tokens="AWXJ")
    play(s, "alibi", "draw madame")  # Madame's two hourglasses
    assert s.hourglasses() == 0


def test_jack_alibi_is_hidden_from_investigator() -> None:
    s = position(tokens="AwXJ")  # Watson played: Jack's turn
    assert s.to_move() is ToMove.JACK
    play(s, "alibi")
    assert s.drawer() is Side.JACK
    inv = s.observation(Side.INVESTIGATOR)
    assert texts(inv) == ["draw ?"]
    assert "draw ?" not in texts(s)
    play(s, "draw madame")
    play(inv, "draw ?")
    # The card stays secret and its character stays a suspect on the board.
    assert is_suspect(s, "madame")
    assert "jcards=madame" in str(s)
    assert "jcards=?" in str(s.observation(Side.INVESTIGATOR)) and "jcards=?" in str(inv)
    assert "madame" not in str(inv).split("jcards=")[1].split(" ")[0]
    assert s.public_hash() == inv.public_hash()


def test_jack_alibi_hourglasses_count_for_jack() -> None:
    s = position(tokens="AwXJ")
    play(s, "alibi", "draw madame")
    assert s.hourglasses() == 2
    assert s.observation(Side.INVESTIGATOR).hourglasses() is None
    assert s.observation(Side.JACK).hourglasses() == 2


def test_alibi_draws_only_cards_still_in_the_deck() -> None:
    s = position(tokens="AWXJ", icards="goodley", jcards="pizer",
                 tiles="lestrade:W/goodley:w/smith:E/stealthy:S/bert:E/madame:S/gull:E/lane:S/pizer:S")
    play(s, "alibi")
    assert texts(s) == sorted(f"draw {c}" for c in DATA.ids if c not in ("bert", "goodley", "pizer"))
    assert s.deck_size() == 6


def test_alibi_with_empty_deck_draws_nothing() -> None:
    tiles = "lestrade:W/goodley:w/smith:e/stealthy:s/bert:E/madame:S/gull:E/lane:s/pizer:S"
    s = position(tiles, tokens="AWXJ", icards="goodley,smith,stealthy,lane",
                 jcards="lestrade,madame,gull,pizer")
    assert s.deck_size() == 0
    play(s, "alibi")
    assert s.phase == "act" and s.to_move() is ToMove.JACK
    assert (len(s.icards), len(s.jcards)) == (4, 4)
    assert s.available_faces() == ["watson", "exchange", "joker"]
    # Jack's alibi on an empty deck draws nothing either.
    j = position(tiles, tokens="AwXJ", icards="goodley,smith,stealthy,lane",
                 jcards="lestrade,madame,gull,pizer")
    play(j, "alibi")
    assert j.phase == "act" and len(j.jcards) == 4 and j.hourglasses() == 4


# ----------------------------------------------------------------------- sight


def test_positions_are_numbered_clockwise_from_above_top_left() -> None:
    expect = {
        0: [0, 3, 6], 1: [1, 4, 7], 2: [2, 5, 8],      # above, looking south
        3: [2, 1, 0], 4: [5, 4, 3], 5: [8, 7, 6],      # right, looking west
        6: [8, 5, 2], 7: [7, 4, 1], 8: [6, 3, 0],      # below, looking north
        9: [6, 7, 8], 10: [3, 4, 5], 11: [0, 1, 2],    # left, looking east
    }
    for pos, cells in expect.items():
        assert list(LINES[pos][0]) == cells
        assert sight([None] * 9, pos) == cells


def test_far_wall_tile_is_seen_then_sight_stops() -> None:
    # Column 0 seen from above: pizer's wall is on the far (south) side.
    s = position("pizer:S/goodley:N/smith:N/gull:E/lestrade:N/madame:N/bert:E/lane:N/stealthy:N",
                 detectives="0,0,0")
    assert s.visible() == ["pizer"]


def test_near_wall_tile_is_hidden_and_sight_stops() -> None:
    s = position("pizer:N/goodley:N/smith:N/gull:E/lestrade:N/madame:N/bert:E/lane:N/stealthy:N",
                 detectives="0,0,0")
    assert s.visible() == []
    # The same from the other end of the column: bert's wall faces south.
    t = position("pizer:E/goodley:N/smith:N/gull:E/lestrade:N/madame:N/bert:S/lane:N/stealthy:N",
                 detectives="8,8,8")
    assert t.visible() == []


def test_flank_wall_lets_sight_continue() -> None:
    s = position(COLUMN0_OPEN, detectives="0,0,0")
    assert s.visible() == ["bert", "gull", "pizer"]
    assert sight([s.wall_of(c) for c in range(9)], 0) == [0, 3, 6]


def test_detectives_see_nothing_behind_them() -> None:
    """A detective looks only straight ahead, away from his side of the grid."""
    tiles = "pizer:N/goodley:N/smith:N/gull:E/lestrade:N/madame:W/bert:S/lane:S/stealthy:S"
    # Right of the middle row, looking west: madame's wall is on her far side.
    east = position(tiles, detectives="4,4,4")
    assert east.visible() == ["madame"]
    assert sight([east.wall_of(c) for c in range(9)], 4) == [5]
    # Left of the same row, looking east: gull's wall is on his far side.
    west = position(tiles, detectives="10,10,10")
    assert west.visible() == ["gull"]
    # Neither sees the tiles of rows 0 and 2, nor anything on his own side.


def test_sight_of_several_detectives_adds_up() -> None:
    s = position(COLUMN0_OPEN, detectives="0,0,3")
    # Position 3 sees smith and goodley but not pizer, whose wall faces it;
    # pizer is seen from position 0 all the same.
    assert s.visible() == ["bert", "goodley", "gull", "pizer", "smith"]


def test_lane_barricade_blocks_like_a_wall() -> None:
    tiles = "lane:N/goodley:N/smith:N/gull:E/lestrade:N/madame:N/bert:E/pizer:N/stealthy:N"
    s = position(tiles, detectives="0,0,0")
    assert s.wall_of(0) == 0
    assert s.visible() == []
    far = position(tiles.replace("lane:N", "lane:S"), detectives="0,0,0")
    assert far.visible() == ["lane"]
    flank = position(tiles.replace("lane:N", "lane:W"), detectives="0,0,0")
    assert flank.visible() == ["bert", "gull", "lane"]


def test_cleared_lane_cross_blocks_nothing() -> None:
    for wall in "nesw":
        tiles = f"lane:{wall}/goodley:N/smith:N/gull:E/lestrade:N/madame:N/bert:E/pizer:N/stealthy:N"
        s = position(tiles, detectives="0,0,0")
        assert s.wall_of(0) is None
        assert s.visible() == ["bert", "gull", "lane"]
    # ... from every side: across row 0 from the left as well.
    t = position("lane:w/goodley:N/smith:N/gull:E/lestrade:N/madame:N/bert:E/pizer:N/stealthy:N",
                 detectives="11,11,11")
    assert t.visible() == ["goodley", "lane", "smith"]


def test_cleared_tile_still_blocks_with_its_wall() -> None:
    tiles = "pizer:n/goodley:N/smith:N/gull:E/lestrade:N/madame:N/bert:E/lane:N/stealthy:N"
    assert position(tiles, detectives="0,0,0").visible() == []  # near wall
    tiles = "pizer:s/goodley:N/smith:N/gull:E/lestrade:N/madame:N/bert:E/lane:N/stealthy:N"
    assert position(tiles, detectives="0,0,0").visible() == ["pizer"]  # far wall, tile seen
    tiles = "pizer:e/goodley:N/smith:N/gull:E/lestrade:N/madame:N/bert:E/lane:N/stealthy:N"
    assert position(tiles, detectives="0,0,0").visible() == ["bert", "gull", "pizer"]


def test_cleared_tile_keeps_its_wall_direction() -> None:
    s = position(COLUMN0_OPEN, phase="witness", tokens="hwxj", detectives="0,0,0", jack="bert")
    walls = s.walls[:]
    play(s, "witness seen")
    assert not is_suspect(s, "madame")
    assert s.walls == walls


# ------------------------------------------------------------------ the witness


def witness(jack: str, **fields: object) -> PocketState:
    base = dict(phase="witness", tokens="hwxj", detectives="0,0,0", jack=jack)
    base.update(fields)
    return position(COLUMN0_OPEN, **base)


def test_witness_call_is_jacks_decision_after_four_actions() -> None:
    s = witness("bert")
    assert s.to_move() is ToMove.JACK
    assert s.step == 4


def test_full_view_witness_answer_is_forced_by_jacks_position() -> None:
    seen = witness("gull")
    assert texts(seen) == ["witness seen"]
    with pytest.raises(IllegalActionError):
        seen.apply("witness unseen")
    unseen = witness("madame")
    assert texts(unseen) == ["witness unseen"]
    with pytest.raises(IllegalActionError):
        unseen.apply("witness seen")


def test_witness_seen_clears_unseen_suspects() -> None:
    s = play(witness("gull"), "witness seen")
    assert s.suspects() == ["pizer", "gull", "bert"]
    assert s.round == 2 and s.phase == "act"


def test_witness_unseen_clears_seen_suspects() -> None:
    s = play(witness("madame"), "witness unseen")
    assert s.suspects() == ["lestrade", "goodley", "madame", "stealthy", "smith", "lane"]


def test_witness_only_clears_suspects_never_restores() -> None:
    tiles = COLUMN0_OPEN.replace("gull:W", "gull:w").replace("madame:N", "madame:n")
    s = position(tiles, phase="witness", tokens="hwxj", detectives="0,0,0", jack="bert")
    play(s, "witness seen")
    assert s.suspects() == ["pizer", "bert"]


def test_round_token_goes_to_investigator_when_seen() -> None:
    s = play(witness("gull"), "witness seen")
    assert s.track == [Side.INVESTIGATOR]
    assert s.jack_tokens() == 0 and s.hourglasses() == 0


def test_round_token_goes_to_jack_hourglass_up_when_unseen() -> None:
    s = play(witness("madame"), "witness unseen")
    assert s.track == [Side.JACK]
    assert s.jack_tokens() == 1 and s.hourglasses() == 1


def test_next_round_starts_after_the_witness_call() -> None:
    s = play(witness("gull"), "witness seen")
    assert (s.round, s.step, s.faces) == (2, 0, [0, 1, 0, 0])  # hwxj flipped: A T R R
    assert s.to_move() is ToMove.JACK


# ------------------------------------------------------------------- game end


def test_investigator_wins_with_one_suspect() -> None:
    tiles = COLUMN0_OPEN.replace("pizer:E", "pizer:e").replace("bert:E", "bert:e")
    s = position(tiles, phase="witness", tokens="hwxj", detectives="0,0,0", jack="gull", round=3,
                 track="IJ")
    play(s, "witness seen")
    assert s.suspects() == ["gull"]
    assert s.is_over() and s.winner() is Side.INVESTIGATOR
    assert s.outcome.termination is Termination.ONE_SUSPECT
    assert s.legal_actions() == [] and s.to_move() is ToMove.OVER
    with pytest.raises(IllegalActionError, match="over"):
        s.apply("holmes 1")


def test_jack_wins_with_six_hourglasses() -> None:
    # Three round tokens and Madame's two hourglasses, plus this round's token.
    s = witness("madame", round=4, track="JIJ", jcards="gull,lestrade")
    assert s.hourglasses() == 3
    play(s, "witness unseen")
    assert s.hourglasses() == 4 and not s.is_over()

    s = witness("smith", round=4, track="JJJ", jcards="madame")
    assert s.hourglasses() == 5
    play(s, "witness unseen")
    assert s.hourglasses() == 6
    assert s.is_over() and s.winner() is Side.JACK
    assert s.outcome.termination is Termination.HOURGLASSES


def test_jack_hourglass_goal_counts_cards_even_when_seen() -> None:
    s = witness("gull", round=5, track="JJJJ", jcards="madame")
    play(s, "witness seen")  # the round token goes to the investigator: 4 + 2 = 6
    assert s.outcome is not None and s.outcome.termination is Termination.HOURGLASSES


def test_identity_card_hourglasses_do_not_count() -> None:
    s = witness("madame", round=4, track="JJJ")  # Madame's card shows two hourglasses
    play(s, "witness unseen")
    assert s.hourglasses() == 4
    assert not s.is_over()


def test_goals_are_checked_only_after_the_witness_call() -> None:
    # The investigator's last action draws the last other suspect's card.
    tiles = "pizer:S/goodley:n/smith:n/gull:w/lestrade:n/madame:n/bert:E/lane:n/stealthy:n"
    s = position(tiles, round=3, track="JI", tokens="Awxj", jack="bert")
    assert s.to_move() is ToMove.INVESTIGATOR
    play(s, "alibi", "draw pizer")
    assert s.suspects() == ["bert"] and not s.is_over() and s.phase == "witness"
    play(s, s.legal_actions()[0])
    assert s.outcome is not None and s.outcome.termination is Termination.ONE_SUSPECT

    # Jack's first action of round 6 draws his sixth hourglass.
    j = position(COLUMN0_OPEN, round=6, track="JJJJJ", tokens="AWRR", detectives="0,0,0")
    assert j.to_move() is ToMove.JACK
    play(j, "alibi", "draw pizer")
    assert j.hourglasses() == 6 and not j.is_over()
    run_to(j, "witness")
    play(j, j.legal_actions()[0])
    assert j.is_over() and j.winner() is Side.JACK


def both_goals(jack_seen: bool, round_: int, **fields: object) -> PocketState:
    """Bert is Jack; after the call he is the only suspect and has 6+ hourglasses.

    The other suspect sits where Jack is not: the call clears it either way.
    """
    if jack_seen:  # bert in column 0, pizer elsewhere
        tiles = "goodley:e/pizer:N/smith:n/gull:w/lestrade:n/madame:n/bert:E/lane:n/stealthy:n"
    else:
        tiles = "pizer:E/bert:N/smith:n/gull:w/lestrade:n/madame:n/goodley:e/lane:n/stealthy:n"
    track = "JJJJ" + "I" * (round_ - 5)
    base = dict(phase="witness", tokens="hwxj", detectives="0,0,0", jack="bert", round=round_,
                track=track, jcards="madame")
    base.update(fields)
    return position(tiles, **base)


def test_both_goals_in_round_eight_seen_investigator_wins() -> None:
    s = both_goals(True, 8)
    play(s, "witness seen")
    assert s.suspects() == ["bert"] and s.hourglasses() == 6
    assert s.winner() is Side.INVESTIGATOR
    assert s.outcome.termination is Termination.BOTH_GOALS_SEEN


def test_both_goals_in_round_eight_unseen_jack_wins() -> None:
    s = both_goals(False, 8)
    play(s, "witness unseen")
    assert s.suspects() == ["bert"] and s.hourglasses() == 7
    assert s.winner() is Side.JACK
    assert s.outcome.termination is Termination.BOTH_GOALS_UNSEEN


@pytest.mark.parametrize("jack_seen", [True, False])
def test_both_goals_before_round_eight_starts_a_chase(jack_seen: bool) -> None:
    s = both_goals(jack_seen, 5)
    play(s, s.legal_actions()[0])
    assert s.suspects() == ["bert"] and s.hourglasses() >= 6
    assert not s.is_over() and s.chase
    assert s.round == 6 and "chase=1" in str(s)


def test_chase_seen_investigator_wins() -> None:
    s = both_goals(True, 6, chase=1, jcards="-")  # hourglasses no longer matter
    play(s, "witness seen")
    assert s.winner() is Side.INVESTIGATOR
    assert s.outcome.termination is Termination.CHASE_SEEN


def test_chase_unseen_before_round_eight_goes_on() -> None:
    s = both_goals(False, 7, chase=1)
    play(s, "witness unseen")
    assert not s.is_over() and s.chase and s.round == 8


def test_chase_unseen_through_round_eight_jack_wins() -> None:
    s = both_goals(False, 8, chase=1)
    play(s, "witness unseen")
    assert s.winner() is Side.JACK
    assert s.outcome.termination is Termination.CHASE_ESCAPED
    t = both_goals(True, 8, chase=1)
    play(t, "witness seen")
    assert t.outcome.termination is Termination.CHASE_SEEN


@pytest.mark.parametrize("pick", range(6))
def test_chase_played_out_from_round_seven(pick: int) -> None:
    s = both_goals(pick % 2 == 0, 7)
    play(s, s.legal_actions()[0])
    assert s.chase and s.round == 8
    run_to(s, "witness", pick)
    seen = s.jack_seen()
    play(s, s.legal_actions()[0])
    assert s.outcome.termination is (Termination.CHASE_SEEN if seen else Termination.CHASE_ESCAPED)


def test_jack_wins_when_round_eight_ends_without_goal() -> None:
    s = witness("madame", round=8, track="IIIIIII")
    play(s, "witness unseen")
    assert len(s.suspects()) > 1 and s.hourglasses() == 1
    assert s.winner() is Side.JACK and s.outcome.termination is Termination.TIME_UP
    t = witness("gull", round=8, track="IIIIIII")
    play(t, "witness seen")  # three suspects left, Jack seen: still time up
    assert t.winner() is Side.JACK and t.outcome.termination is Termination.TIME_UP


def test_game_goes_on_before_round_eight_without_goal() -> None:
    s = witness("madame", round=7, track="IIIIII")
    play(s, "witness unseen")
    assert not s.is_over() and s.round == 8 and s.phase == "act"


def test_game_over_reveals_everything_in_every_view() -> None:
    s = witness("smith", round=4, track="JJJ", jcards="madame")
    play(s, "witness unseen")
    inv = s.observation(Side.INVESTIGATOR)
    assert "jack=smith" in str(inv) and "jcards=madame" in str(inv)


@pytest.mark.parametrize("bad", [5, None, ["holmes", 1], b"holmes 1"])
def test_apply_of_a_non_action_is_a_parse_error(bad) -> None:
    from game.engine.errors import ParseError

    s = PocketState.new(1)
    s.apply(s.sample_chance())
    s.apply(s.sample_chance())
    before = str(s)
    with pytest.raises(ParseError):
        s.apply(bad)
    assert str(s) == before
