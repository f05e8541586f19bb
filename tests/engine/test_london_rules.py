"""Mr. Jack (London) rules, one test per rule and per power.

Rules: ``RULES.md`` section 2 and the Polish rule book ``seeds/002_*.txt``
(which wins); the board: ``reference/london-board.*``, our
``levels/london.json``.  Most tests build the exact position from its text
form (see :func:`position`) and play a few actions on it.

The board (2006 printing; ``.`` street, ``#`` building, ``L`` lamp), rows
of the doubled grid from the top, the investigator's edge at the bottom::

     0                          f10.
     1                     e9 .      g10.
     2      b7 .      d8 #      f9 L      h10.                l12.
     3           c7 L      e8 .      g9 .      i10.      k11.      m12.
     4      b6 .      d7 .      f8 #      h9 #      j10.      l11L
     5 a5 .      c6 .      e7 .      g8 .      i9 .      k10.      m11.
     6      b5 #      d6 #      f7 .      h8 L      j9 #      l10.
     7 a4 .      c5 #      e6 .      g7 .      i8 .      k9 .      m10.
     8      b4 #      d5 .      f6 #      h7 #      j8 .      l9 #
     9 a3 .      c4 .      e5 .      g6 .      i7 .      k8 #      m9 .
    10      b3 .      d4 #      f5 L      h6 .      j7 #      l8 #
    11 a2 .      c3 .      e4 .      g5 .      i6 .      k7 .      m8 .
    12      b2 L      d3 .      f4 #      h5 #      j6 .      l7 .
    13 a1 .      c2 .      e3 .      g4 .      i5 .      k6 L
    14      b1 .                f3 .      h4 L      j5 #      l6 .
    15                               g3 .      i4 .
    16                                    h3 .

Exits: NW beyond b7, NE beyond l12, SW beyond b1, SE beyond l6.  Manholes
(2006): a5, c2, f7, f10, h3, h6, l12, m9, covered c2 and l12.
"""

from __future__ import annotations

from collections import deque

import pytest

from game.engine import IllegalActionError, Side, Termination, ToMove
from game.engine.levels import load_level
from game.engine.london import DATA, London, LondonState

from .london_positions import CHARS, START_2006, position
from .positions import dests, kinds, play, texts, visible, where

# -------------------------------------------------------------------- helpers


# An independent reading of the board, straight from the level file, to check
# the engine's bitmask geometry against.
LEVEL = load_level("london")
COORD = {c["id"]: (c["col"], c["row"]) for c in LEVEL["cells"]}
KIND = {c["id"]: c["type"] for c in LEVEL["cells"]}
AT = {xy: n for n, xy in COORD.items()}
OFFSETS = list(LEVEL["directions"].values())


def neighbours(cell: str) -> list[str]:
    col, row = COORD[cell]
    return [AT[(col + dc, row + dr)] for dc, dr in OFFSETS if (col + dc, row + dr) in AT]


def walk_distances(source: str, open_manholes: set[str], stealthy: bool = False) -> dict[str, int]:
    """Movement points from ``source`` to every cell (breadth-first, nobody blocks)."""
    dist = {source: 0}
    queue = deque([source])
    while queue:
        cell = queue.popleft()
        nxt = [n for n in neighbours(cell) if stealthy or KIND[n] == "street"]
        if cell in open_manholes:
            nxt += sorted(open_manholes)
        for n in nxt:
            if n not in dist:
                dist[n] = dist[cell] + 1
                queue.append(n)
    return dist


def open_manholes(state: LondonState) -> set[str]:
    d = state.describe()
    return set(d["manholes"]) - set(d["board"]["covered"])


# ---------------------------------------------------------------------- setup


@pytest.mark.parametrize("edition", ["2006", "2016"])
def test_four_visible_four_hidden_at_start(edition: str) -> None:
    """Book: 'Na początku gry 4 postacie są widoczne, a 4 niewidoczne'."""
    s = London.new(7, edition=edition)
    assert visible(s) == {"holmes", "smith", "lestrade", "bert"}
    # Whatever way Watson's lantern points at the start.
    for d in ("N", "NE", "SE", "S", "SW", "NW"):
        text = str(s).replace(f"lantern={s.describe()['board']['lantern']}", f"lantern={d}")
        assert len(LondonState.parse(text).visible()) == 4


#: The reference's set-up table (reference/london-board.md, "Start set-up").
SETUPS = {
    "2006": {"manholes": ["a5", "c2", "f7", "f10", "h3", "h6", "l12", "m9"], "covered": ["c2", "l12"],
             "watson": "a3", "stealthy": "i4"},
    "2016": {"manholes": ["b1", "b6", "c4", "f10", "g6", "h3", "k9", "l7", "l12"], "covered": ["b1", "l12"],
             "watson": "i4", "stealthy": "a3"},
}


@pytest.mark.parametrize("edition", ["2006", "2016"])
def test_setup_matches_the_reference_board(edition: str) -> None:
    d = London.new(1, edition=edition).describe()
    want = SETUPS[edition]
    assert d["edition"] == edition
    assert d["manholes"] == want["manholes"] and d["board"]["covered"] == want["covered"]
    assert d["board"]["characters"] == {
        "holmes": "g5", "watson": want["watson"], "smith": "g8", "lestrade": "e5",
        "stealthy": want["stealthy"], "goodley": "m10", "gull": "e9", "bert": "i8"}
    assert d["board"]["lit"] == ["b2", "c7", "f5", "h8", "k6", "l11"]
    assert d["lamps"] == [["b2", 1], ["l11", 2], ["c7", 3], ["k6", 4], ["f5", None], ["h8", None]]
    assert d["board"]["cordons"] == ["NE", "SW"] and d["board"]["lantern"] == "NE"
    assert d["suspects"] == list(CHARS) and d["witness"] == "seen"


def test_the_original_printing_is_the_default() -> None:
    assert London.new(1).edition == "2006" and London.default_edition == "2006"


def test_level_file_keeps_the_reference_cell_names_and_types() -> None:
    assert len(LEVEL["cells"]) == 86 and [c.id for c in DATA.cells][:3] == ["a1", "a2", "a3"]
    assert sum(KIND[c] == "street" for c in KIND) == 60
    assert sorted(c for c in KIND if KIND[c] == "lamp") == sorted(lp["cell"] for lp in LEVEL["lamps"])
    assert {e["id"]: e["cell"] for e in LEVEL["exits"]} == {"NW": "b7", "NE": "l12", "SW": "b1", "SE": "l6"}


def test_new_refuses_an_unknown_edition() -> None:
    with pytest.raises(ValueError, match="edition"):
        London.new(1, edition="1999")


def test_2016_edition_has_nine_manholes_and_swaps_watson_and_stealthy() -> None:
    s = London.new(1, edition="2016")
    d = s.describe()
    assert len(d["manholes"]) == 9 and d["board"]["covered"] == ["b1", "l12"]
    assert where(s, "watson") == "i4" and where(s, "stealthy") == "a3"
    assert "edition=2016" in str(s) and LondonState.parse(str(s)) == s


# ------------------------------------------------------------- cards and order


def test_a_card_is_taken_once_a_round() -> None:
    s = play(position(), "play smith", "lamp b2>f9", "to g7")
    assert "play smith" not in texts(s) and texts(s) == ["play holmes", "play lestrade", "play watson"]


# ------------------------------------------------------------------- movement


def test_move_one_to_three_cells_over_streets() -> None:
    s = play(position(), "play lestrade")  # Lestrade at e5; cordon before or after
    om = open_manholes(s)
    dist = walk_distances("e5", om)
    occupied = set(START_2006.split(","))
    want = {c for c, d in dist.items() if 1 <= d <= 3 and c not in occupied}
    assert dests(s) == want
    assert all(KIND[c] == "street" for c in dests(s))


def test_move_never_ends_where_it_began() -> None:
    s = play(position(), "play lestrade")
    assert "to e5" not in texts(s)
    # Even a path that comes back (e5 > e6 > e5) does not make it a destination.
    assert walk_distances("e5", open_manholes(s))["e6"] == 1


def test_characters_pass_through_each_other() -> None:
    # a4 is the only way from a3 to a5 (b4 and b5 are buildings); Smith stands on it.
    s = play(position({"lestrade": "a3", "watson": "c3", "smith": "a4"}), "play lestrade")
    assert {"a5", "b6"} <= dests(s) and "a4" not in dests(s)
    assert walk_distances("a3", open_manholes(s))["a5"] == 2


def test_ending_on_another_character_is_only_to_accuse() -> None:
    s = play(position(), "play lestrade")  # the investigator plays
    assert "to e6" in texts(s) and "accuse gull" not in texts(s)  # e9 is 4 away
    s = play(position({"gull": "e7"}), "play lestrade")
    assert "accuse gull" in texts(s) and "to e7" not in texts(s)
    # Jack cannot end on a character at all.
    j = play(position({"gull": "e7"}, round=2, cards="stealthy,goodley,gull,bert"), "play bert")
    assert not any(t.startswith(("accuse", "to e7")) for t in texts(j))


def test_open_manhole_reaches_any_other_open_manhole_for_one_point() -> None:
    # Lestrade on the open manhole a5: one point to f7, f10, h3, h6 or m9.
    s = play(position({"lestrade": "a5"}), "play lestrade")
    assert {"f7", "f10", "h3", "h6", "m9"} <= dests(s)
    # ... then two more: m9 > m8 > l7 is 3 points in all.
    assert "l7" in dests(s)
    # Walking onto an open manhole first costs a point: e6 > f7 (sewer) > h6 > i6.
    s = play(position({"lestrade": "e6"}), "play lestrade")
    assert {"h6", "m9", "i6"} <= dests(s)


def test_covered_manhole_cannot_be_used() -> None:
    # c2 is covered in the 2006 set-up: standing on it gives no sewer trip...
    s = play(position({"lestrade": "c2"}), "play lestrade")
    assert not {"f7", "f10", "h3", "h6", "m9"} & dests(s)
    # ... and no sewer trip leads to it, though it may be walked onto.
    s = play(position({"lestrade": "a5"}), "play lestrade")
    assert "c2" not in dests(s)
    s = play(position({"lestrade": "c3"}), "play lestrade")
    assert "c2" in dests(s)
    # Once Bert moves the cover away, c2 is an open manhole like the others.
    s = position({"lestrade": "c2"}, covers="a5,l12")
    s.apply("play lestrade")
    assert {"f7", "f10", "h3", "h6", "m9"} <= dests(s) and "a5" not in dests(s)


def test_stealthy_moves_up_to_four_across_buildings() -> None:
    s = play(position(round=2, cards="stealthy,goodley,gull,bert"), "play stealthy")  # Jack, from i4
    om = open_manholes(s)
    crossing = walk_distances("i4", om, stealthy=True)
    walking = walk_distances("i4", om)
    occupied = set(START_2006.split(","))
    want = {c for c, d in crossing.items() if 1 <= d <= 4 and KIND[c] == "street" and c not in occupied}
    assert dests(s) == want
    assert {"e4", "k9", "l6"} <= want  # reachable only across buildings or lamps
    assert all(walking[c] > 4 for c in ("e4", "k9", "l6"))
    assert s.describe()["active"] == "stealthy" and "done=p" in str(s)  # nothing else to decide


def test_stealthy_ends_on_a_street() -> None:
    s = play(position(round=2, cards="stealthy,goodley,gull,bert"), "play stealthy")
    assert all(KIND[str(a.args[0])] == "street" for a in s.legal_actions())
    with pytest.raises(ValueError):
        s.apply("to h4")  # a lamp cell: not even a destination's name


def test_others_never_cross_buildings() -> None:
    s = play(position(), "play lestrade")
    assert all(walk_distances("e5", open_manholes(s))[c] <= 3 for c in dests(s))


# ---------------------------------------------------------------------- powers


def test_holmes_draws_an_alibi_card_secretly_after_moving_for_the_investigator() -> None:
    s = play(position(), "play holmes")
    assert kinds(s) <= {"to", "accuse"}  # he moves first, then draws
    s.apply("to g7")
    assert s.phase == "draw" and s.to_move() is ToMove.CHANCE
    assert texts(s) == sorted(f"draw {c}" for c in CHARS if c != "gull")  # not Jack's card
    s.apply("draw watson")
    assert s.icards == [CHARS.index("watson")] and s.describe()["deck"] == 6
    assert "icards=?" in str(s.observation(Side.JACK))  # Jack does not see it
    assert "watson" in s.describe()["suspects"]  # a secret card flips no pawn
    assert s.phase == "pick" and s.to_move() is ToMove.JACK


def test_holmes_draws_for_jack_when_jack_plays_him() -> None:
    s = play(position(round=2, cards="holmes,watson,smith,lestrade"), "play holmes", "to g7")
    assert s.phase == "draw"
    assert texts(s.observation(Side.INVESTIGATOR)) == ["draw ?"]
    s.apply("draw bert")
    assert s.jcards == [CHARS.index("bert")] and "jcards=?" in str(s.observation(Side.INVESTIGATOR))


def test_holmes_draws_nothing_from_an_empty_deck() -> None:
    s = position(round=8, icards="holmes,watson,smith,lestrade", jcards="stealthy,goodley,bert")
    assert s.describe()["deck"] == 0
    s.apply("play holmes")  # Jack first in round 8
    s.apply("to g7")
    assert s.phase == "pick" and s.to_move() is ToMove.INVESTIGATOR


def test_watson_points_his_lantern_after_moving() -> None:
    s = play(position(), "play watson")
    assert kinds(s) == {"to"}
    s.apply("to c3")
    assert s.phase == "lantern" and texts(s) == [f"lantern {d}" for d in sorted(
        ("N", "NE", "SE", "S", "SW", "NW"))]
    s.apply("lantern SE")
    assert s.describe()["board"]["lantern"] == "SE" and s.phase == "pick"


def test_watson_lantern_set_by_whoever_moved_him() -> None:
    # Jack plays Goodley (round 2) and whistles Watson nearer: Jack points the lantern.
    s = play(position(round=2, cards="stealthy,goodley,gull,bert"), "play goodley")
    whistles = [t for t in texts(s) if t.startswith("whistle watson")]
    assert whistles
    s.apply(whistles[0])
    while s.phase == "whistle":
        s.apply(texts(s)[0])
    assert s.phase == "lantern" and s.to_move() is ToMove.JACK
    s.apply("lantern S")
    assert s.describe()["board"]["lantern"] == "S"
    assert s.phase == "act" and s.to_move() is ToMove.JACK  # Goodley still moves
    # The investigator swaps Gull with Watson: the investigator points it.
    s = play(position(cards="gull,holmes,smith,bert"), "play gull", "swap watson")
    assert where(s, "watson") == "e9" and where(s, "gull") == "a3"
    assert s.phase == "lantern" and s.to_move() is ToMove.INVESTIGATOR
    s.apply("lantern NW")
    assert s.phase == "pick" and s.to_move() is ToMove.JACK


def test_watson_beam_lights_every_character_in_line_until_a_building() -> None:
    # Round 5: the numbered lamps are out.  Watson on a3 looks SE along
    # b3 c3 d3 e3 f3 g3 h3; Holmes (c3) and Smith (e3) stand in it, apart.
    s = position({"watson": "a3", "holmes": "c3", "smith": "e3"}, round=5, lantern="SE",
                 cards="holmes,watson,smith,lestrade")
    assert {"holmes", "smith"} <= visible(s)  # the beam passes Holmes and lights Smith too
    dark = position({"watson": "a3", "holmes": "c3", "smith": "e3"}, round=5, lantern="NE",
                    cards="holmes,watson,smith,lestrade")
    assert not {"holmes", "smith"} & visible(dark)
    # From c2 looking N: c3, c4, then the building c5 stops the beam before c6.
    s = position({"watson": "c2", "holmes": "c4", "smith": "c6"}, round=5, lantern="N",
                 cards="holmes,watson,smith,lestrade")
    assert "holmes" in visible(s) and "smith" not in visible(s)


def test_watson_is_not_lit_by_his_own_lantern() -> None:
    for d in ("N", "NE", "SE", "S", "SW", "NW"):
        s = position({"watson": "a3"}, round=5, lantern=d, cards="holmes,watson,smith,lestrade")
        assert "watson" not in visible(s)


def test_smith_moves_a_lit_lamp_to_an_unlit_lamp_before_or_after_moving() -> None:
    s = play(position(cards="smith,holmes,watson,lestrade"), "play smith")
    lamp_moves = [t for t in texts(s) if t.startswith("lamp")]
    assert len(lamp_moves) == 6 * 2 and "lamp b2>f9" in lamp_moves and "lamp f5>h4" in lamp_moves
    s.apply("lamp f5>h4")  # before moving
    assert s.describe()["board"]["lit"] == ["b2", "c7", "h4", "h8", "k6", "l11"]
    assert kinds(s) <= {"to", "accuse"}
    s.apply("to g7")
    assert s.phase == "pick"
    after = play(position(cards="smith,holmes,watson,lestrade"), "play smith", "to g7")
    assert kinds(after) == {"lamp"}  # after moving, the lamp is still due
    after.apply("lamp h8>f9")
    assert after.describe()["board"]["lit"] == ["b2", "c7", "f5", "f9", "k6", "l11"]


def test_lamp_numbered_one_goes_out_after_round_one_wherever_it_stands() -> None:
    s = play(position(cards="smith,holmes,watson,lestrade"), "play smith", "lamp b2>f9", "to g7")
    assert [n for c, n in s.describe()["lamps"] if c == "f9"] == [1]
    s = position(phase="witness", cards="-", played="smith,holmes,watson,lestrade",
                 lamps="f9,l11,c7,k6,f5,h8")
    s.apply("witness seen")  # Gull (Jack, e9) stands next to f9 now
    assert s.round == 2 and "f9" not in s.describe()["board"]["lit"]
    assert s.describe()["board"]["lit"] == ["c7", "f5", "h8", "k6", "l11"]
    assert "lamps=-,l11,c7,k6,f5,h8" in str(s)


def test_lamps_one_to_four_go_out_after_rounds_one_to_four_and_the_others_stay() -> None:
    for r in range(1, 8):
        s = position(round=r, phase="witness", cards="-", played="holmes,watson,smith,lestrade",
                     witness="seen" if r == 1 else "unseen")
        s.apply("witness unseen")
        lit = s.describe()["lamps"]
        assert [n for _, n in lit if n] == [n for n in (1, 2, 3, 4) if n > r]
        assert [c for c, n in lit if n is None] == ["f5", "h8"]


def test_lestrade_moves_a_cordon_before_or_after_moving() -> None:
    s = play(position(), "play lestrade")
    assert sorted(t for t in texts(s) if t.startswith("cordon")) == [
        "cordon NE>NW", "cordon NE>SE", "cordon SW>NW", "cordon SW>SE"]
    s.apply("cordon NE>NW")  # one exit opens, another closes
    assert s.describe()["board"]["cordons"] == ["NW", "SW"]
    s.apply("to e6")
    assert s.phase == "pick"
    after = play(position(), "play lestrade", "to e6")
    assert kinds(after) == {"cordon"}


def test_bert_moves_a_cover_before_or_after_moving() -> None:
    s = play(position(cards="bert,holmes,watson,smith"), "play bert")
    covers = sorted(t for t in texts(s) if t.startswith("cover"))
    assert len(covers) == 2 * 6 and "cover c2>a5" in covers and "cover l12>h6" in covers
    s.apply("cover c2>a5")  # c2 opens, a5 closes
    assert s.describe()["board"]["covered"] == ["a5", "l12"]
    s.apply("to i7")
    assert s.phase == "pick"
    after = play(position(cards="bert,holmes,watson,smith"), "play bert", "to i7")
    assert kinds(after) == {"cover"}


def test_bert_may_cover_a_manhole_someone_stands_on() -> None:
    s = play(position({"lestrade": "a5"}, cards="bert,holmes,watson,smith"), "play bert")
    assert "cover c2>a5" in texts(s)


def goodley_distances(s: LondonState) -> dict[str, int]:
    return walk_distances(where(s, "goodley"), open_manholes(s))


def test_goodley_whistle_brings_characters_closer() -> None:
    s = play(position(cards="goodley,holmes,watson,smith"), "play goodley")
    dist = goodley_distances(s)
    occupied = set(START_2006.split(","))
    whistles = [a for a in s.legal_actions() if a.kind == "whistle"]
    assert whistles
    for a in whistles:
        who, cell = str(a.args[0]), str(a.args[1])
        assert who != "goodley" and cell not in occupied
        gain = dist[where(s, who)] - dist[cell]
        # 1-3 points, one step nearer per point, by a path of that many points.
        assert 1 <= gain <= 3 and walk_distances(where(s, who), open_manholes(s))[cell] == gain
    # Every character that can come one point nearer onto a free cell is offered.
    for who in CHARS:
        if who == "goodley":
            continue
        here = where(s, who)
        one = {n for n, d in walk_distances(here, open_manholes(s)).items()
               if d == 1 and dist[n] == dist[here] - 1 and n not in occupied}
        assert one == {str(a.args[1]) for a in whistles if a.args[0] == who and
                       dist[here] - dist[str(a.args[1])] == 1}


def test_goodley_whistle_spends_three_points_in_steps() -> None:
    s = play(position(cards="goodley,holmes,watson,smith"), "play goodley")
    one_point = next(a for a in s.legal_actions() if a.kind == "whistle" and a.args[0] == "gull"
                     and goodley_distances(s)["e9"] - goodley_distances(s)[str(a.args[1])] == 1)
    s.apply(one_point)
    assert s.phase == "whistle" and s.describe()["whistle_points"] == 2
    assert kinds(s) == {"whistle"}  # the points must be spent: no move, no stopping
    before = goodley_distances(s)[where(s, "gull")]
    s.apply(next(t for t in texts(s) if t.startswith("whistle gull")))
    assert goodley_distances(s)[where(s, "gull")] < before
    while s.phase == "whistle":
        s.apply(texts(s)[0])
    assert s.phase == "act" and kinds(s) <= {"to", "accuse"} and "done=p" in str(s)


# Goodley in the corner a1.  a2 and b1 are next to him; a3, b3, c2 two points
# away, whose only nearer cells are a2 and b1; a4, c3, d3 three away.
CORNER = {"goodley": "a1", "holmes": "a2", "watson": "b1", "smith": "a3", "lestrade": "b3",
          "stealthy": "a4", "gull": "d3", "bert": "c3"}


def test_goodley_whistle_points_are_lost_when_no_one_can_come_closer() -> None:
    s = play(position(CORNER, cards="goodley,holmes,watson,smith"), "play goodley")
    # Only c2 is free nearer Goodley; Gull (d3) or Bert (c3) may step there.
    assert sorted(t for t in texts(s) if t.startswith("whistle")) == ["whistle bert c2", "whistle gull c2"]
    s.apply("whistle bert c2")
    # Now nobody can come nearer: the two points left are lost, Goodley still moves.
    assert s.phase == "act" and s.describe()["whistle_points"] == 0 and kinds(s) <= {"to", "accuse"}


def test_goodley_whistles_before_or_after_moving() -> None:
    s = play(position(cards="goodley,holmes,watson,smith"), "play goodley", "to m9")
    assert kinds(s) == {"whistle"}  # after moving, the whistle is still due
    t = play(position(cards="goodley,holmes,watson,smith"), "play goodley")
    assert {"to", "whistle"} <= kinds(t)


def jammed_corner() -> LondonState:
    """Goodley in the corner a1 with c2 taken too: nobody can come nearer him there."""
    return play(position({**CORNER, "bert": "c2"}, cards="goodley,holmes,watson,smith"), "play goodley")


def test_goodley_whistle_is_compulsory_after_his_move_when_none_was_possible_before() -> None:
    """Book: 'ruch o 1–3 pola Z OBOWIĄZKOWYM UŻYCIEM zdolności specjalnej (gwizdek)' ...
    'Ta zdolność może zostać użyta przed albo po ruchu postaci': a whistle nobody can
    answer before the move is not dropped; the move may make it possible, and then it is due."""
    s = jammed_corner()
    assert kinds(s) <= {"to", "accuse"} and "done=-" in str(s)  # nothing to whistle from a1: he moves first
    s.apply("to c4")  # from c4, characters can come nearer him
    assert s.phase == "act" and kinds(s) == {"whistle"}  # compulsory: no card taken before it
    while s.phase in ("act", "whistle", "lantern"):  # a whistled Watson is pointed after it
        s.apply(texts(s)[0])
    assert s.phase == "pick" and s.describe()["played"] == ["goodley"]


def test_goodley_whistle_is_passed_only_when_it_is_impossible_after_his_move_too() -> None:
    s = jammed_corner()
    s.apply("to c3")  # still nobody can come nearer
    assert s.phase == "pick"


def test_gull_swaps_instead_of_moving() -> None:
    s = play(position(cards="gull,holmes,watson,smith"), "play gull")
    assert {"to", "swap"} <= kinds(s)
    assert sorted(t for t in texts(s) if t.startswith("swap")) == sorted(
        f"swap {c}" for c in CHARS if c != "gull")
    s.apply("swap goodley")
    assert where(s, "gull") == "m10" and where(s, "goodley") == "e9"
    assert s.phase == "pick"  # no move after the swap
    moved = play(position(cards="gull,holmes,watson,smith"), "play gull", "to e7")
    assert moved.phase == "pick"  # ... and no swap after a move


# ------------------------------------------------------------------ visibility


def test_character_next_to_a_lit_lamp_is_visible() -> None:
    s = position({"gull": "e4", "lestrade": "e7"})  # next to lamp f5, no one else near
    assert "gull" in visible(s)
    s = position({"gull": "e4", "lestrade": "e7"}, lamps="b2,l11,c7,k6,f9,h8")  # f5's token moved away
    assert "gull" not in visible(s)


def test_characters_next_to_each_other_are_visible() -> None:
    s = position({"gull": "e8", "goodley": "e7"})  # dark cells, side by side
    assert {"gull", "goodley"} <= visible(s)
    s = position({"gull": "e8"})
    assert "gull" not in visible(s)


# ------------------------------------------------------------------- witness


def test_witness_call_is_jacks_and_lists_only_the_truth_when_jack_is_known() -> None:
    s = position(phase="witness", cards="-", played="holmes,watson,smith,lestrade")  # Jack = Gull, dark
    assert s.to_move() is ToMove.JACK and texts(s) == ["witness unseen"]
    with pytest.raises(IllegalActionError):
        s.apply("witness seen")
    s = position(phase="witness", cards="-", played="holmes,watson,smith,lestrade", jack="smith")
    assert texts(s) == ["witness seen"]


def test_witness_unseen_clears_the_visible_suspects() -> None:
    s = position(phase="witness", cards="-", played="holmes,watson,smith,lestrade")
    s.apply("witness unseen")
    assert s.describe()["suspects"] == ["watson", "stealthy", "goodley", "gull"]
    assert s.describe()["witness"] == "unseen"  # shown for the whole next round


def test_witness_seen_clears_the_hidden_suspects() -> None:
    s = position(phase="witness", cards="-", played="holmes,watson,smith,lestrade", jack="bert")
    s.apply("witness seen")
    assert s.describe()["suspects"] == ["holmes", "smith", "lestrade", "bert"]
    assert s.describe()["witness"] == "seen"


def test_cleared_characters_stay_cleared() -> None:
    s = position(round=3, phase="witness", cards="-", played="holmes,watson,smith,lestrade",
                 suspects="watson,gull", witness="unseen")
    s.apply("witness unseen")
    assert s.describe()["suspects"] == ["watson", "gull"]


# ---------------------------------------------------------------------- escape


ESCAPE_ROUND = dict(round=2, witness="unseen", cards="stealthy,goodley,gull,lestrade", jack="lestrade")


def test_escape_only_after_unseen_round_through_open_exit() -> None:
    # Jack is Lestrade, on b6 next to the NW corner b7; NW is open.
    s = play(position({"lestrade": "b6"}, **ESCAPE_ROUND), "play lestrade")
    assert "escape NW" in texts(s) and "escape SW" not in texts(s)
    s.apply("escape NW")
    assert s.is_over() and s.winner() is Side.JACK and s.outcome.termination is Termination.ESCAPE
    assert where(s, "lestrade") == "NW"
    # The witness card shows seen: no escape.
    seen = play(position({"lestrade": "b6"}, **{**ESCAPE_ROUND, "witness": "seen"}), "play lestrade")
    assert not any(t.startswith("escape") for t in texts(seen))
    # A cordon on NW (moved there before the move): no escape.
    closed = play(position({"lestrade": "b6"}, **ESCAPE_ROUND), "play lestrade", "cordon NE>NW")
    assert not any(t.startswith("escape") for t in texts(closed))


def test_escape_never_in_round_one() -> None:
    s = play(position({"lestrade": "b6"}, cards="holmes,lestrade,smith,watson", jack="lestrade"),
             "play holmes", "to g7", "draw bert", "play lestrade")
    assert s.to_move() is ToMove.JACK and not any(t.startswith("escape") for t in texts(s))


def test_escape_only_by_jacks_own_character_with_a_card_jack_plays() -> None:
    # Gull on b6 is not Jack (Lestrade is): no escape for him.
    s = play(position({"gull": "b6"}, **ESCAPE_ROUND), "play gull")
    assert not any(t.startswith("escape") for t in texts(s))
    # The investigator moving Jack's character never takes him out.
    s = play(position({"lestrade": "b6"}, **ESCAPE_ROUND), "play stealthy", "to h3", "play lestrade")
    assert s.to_move() is ToMove.INVESTIGATOR and not any(t.startswith("escape") for t in texts(s))


def test_escape_needs_a_movement_point_left_at_the_corner() -> None:
    # a4 is three points from b7: three points reach the corner but not beyond.
    s = play(position({"lestrade": "a4"}, **ESCAPE_ROUND), "play lestrade")
    assert walk_distances("a4", open_manholes(s))["b7"] == 3
    assert "b7" in dests(s) and not any(t.startswith("escape") for t in texts(s))
    # Miss Stealthy's four points do it.
    s = play(position({"stealthy": "a4"}, **{**ESCAPE_ROUND, "jack": "stealthy"}), "play stealthy")
    assert "escape NW" in texts(s)
    # Through the sewer: from the open manhole h3 to a5 (1), b6 (2), b7 (3)... one short.
    s = play(position({"lestrade": "h3"}, **ESCAPE_ROUND), "play lestrade")
    assert "escape NW" not in texts(s)
    s = play(position({"lestrade": "c6"}, **ESCAPE_ROUND), "play lestrade")  # c6 > b7: two points
    assert "escape NW" in texts(s)


# ---------------------------------------------------------------------- arrest


def test_right_arrest_wins_for_the_investigator() -> None:
    s = play(position({"gull": "e7"}), "play lestrade", "accuse gull")  # Jack is Gull
    assert s.phase == "verdict" and s.to_move() is ToMove.JACK and texts(s) == ["verdict guilty"]
    assert where(s, "lestrade") == where(s, "gull") == "e7"
    s.apply("verdict guilty")
    assert s.is_over() and s.winner() is Side.INVESTIGATOR
    assert s.outcome.termination is Termination.ARREST_RIGHT


def test_wrong_arrest_wins_for_jack() -> None:
    s = play(position({"bert": "e7"}), "play lestrade", "accuse bert")
    assert texts(s) == ["verdict innocent"]
    s.apply("verdict innocent")
    assert s.is_over() and s.winner() is Side.JACK and s.outcome.termination is Termination.ARREST_WRONG


def test_accusing_an_innocent_character_is_allowed_and_wrong() -> None:
    s = play(position({"bert": "e7"}, suspects="gull,goodley"), "play lestrade")
    assert "accuse bert" in texts(s)
    s.apply("accuse bert")
    assert texts(s) == ["verdict innocent"]


def test_jack_never_accuses() -> None:
    s = play(position({"gull": "e7", "bert": "e6"}, round=2, cards="stealthy,goodley,gull,lestrade"),
             "play lestrade")
    assert s.to_move() is ToMove.JACK and "accuse" not in kinds(s)


def test_stealthy_may_accuse_across_buildings() -> None:
    s = play(position({"gull": "e4"}, cards="stealthy,holmes,watson,smith"), "play stealthy")
    assert "accuse gull" in texts(s)  # i4 to e4 only across buildings


def test_holmes_accusing_draws_no_card() -> None:
    s = play(position({"gull": "g7"}), "play holmes", "accuse gull")
    assert s.phase == "verdict"


# -------------------------------------------------------------------- the end


def test_end_of_round_eight_jack_wins() -> None:
    s = position(round=8, cards="stealthy", played="goodley,gull,bert", witness="unseen")
    s.apply("play stealthy")  # Jack takes the last card
    s.apply(next(t for t in texts(s) if t.startswith("to")))
    assert s.is_over() and s.winner() is Side.JACK and s.outcome.termination is Termination.TIME_UP
    assert s.legal_actions() == []  # no witness call after the last card


def test_game_cannot_go_past_round_eight() -> None:
    with pytest.raises(ValueError):
        position(round=8, phase="witness", cards="-", played="goodley,gull,bert,stealthy")


def test_illegal_action_names_the_reason_and_the_state() -> None:
    s = position()
    with pytest.raises(IllegalActionError, match="take one of this round's cards") as err:
        s.apply("play gull")
    assert str(s) in str(err.value)
