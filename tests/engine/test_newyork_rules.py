"""Mr. Jack in New York rules, one test per rule and per power.

Rules: ``RULES.md`` section 3 and the Russian rule book ``seeds/001_*.txt``
(which wins); the board: ``reference/newyork-board.*``, our
``levels/newyork.json`` (its ``notes`` quote the book for every reading).
Most tests build the exact position from its text form (see
:func:`position`) and play a few actions on it.

The board at the start (``.`` street, ``~`` ferry, ``#`` printed building,
``M`` printed subway, ``S`` subway token, ``L`` lamp token, ``Z`` zone,
``P`` port, ``E`` the East passage), rows of the doubled grid from the top;
ships in e2 and k16, the informant on Liberty Island (arrows a8 and c6 to
the island, the island to g2 and e16)::

      1                                                        l1P
      2                     e2P       g2~       i2.       k2.       m2.
      3                          f3Z       h3.       j3.       l3.
      4                     e4Z       g4.       i4.       k4S       m4.
      5                d5.       f5.       h5.       j5#       l5.
      6           c6~       e6.       g6.       i6.       k6#       m6.
      7      b7.       d7.       f7.       h7.       j7.       l7.
      8 a8~       c8.       e8.       g8M       i8.       k8.       m8.
      9      b9S       d9#       f9.       h9.       j9.       l9.
     10 a10.      c10L      e10.      g10.      i10.      k10#      m10.
     11      b11.      d11#      f11.      h11.      j11#      l11.      n11E
     12           c12.      e12.      g12.      i12.      k12.      m12L
     13      b13P      d13.      f13.      h13.      j13.      l13S
     14           c14.      e14.      g14.                k14Z      m14.
     15                d15.      f15.                          l15Z
     16                     e16~      g16P                k16P      m16.

Characters start on beach e10, runner i8, latimer e8, grant j7, callahan
f9, eastman h5, tumblety h11, smith j9.
"""

from __future__ import annotations

import json
from collections import deque

import pytest

from game.engine import IllegalActionError, Side, Termination, ToMove
from game.engine.levels import LEVELS_DIR, load_level
from game.engine.newyork import NewYork, NewYorkState

from .newyork_positions import CHARS, START, playing, position
from .positions import args, dests, kinds, play, texts, visible, where

# -------------------------------------------------------------------- helpers

# An independent reading of the board, straight from the level file, to check
# the engine's bitmask geometry against.
LEVEL = load_level("newyork")
COORD = {c["id"]: (c["col"], c["row"]) for c in LEVEL["cells"] if c["col"] is not None}
KIND = {c["id"]: c["type"] for c in LEVEL["cells"]}
PRINTED = {c["id"]: c.get("printed") for c in LEVEL["cells"]}
AT = {xy: n for n, xy in COORD.items()}
OFFSETS = list(LEVEL["directions"].values())
ARROWS = {(f["from"], f["to"]) for f in LEVEL["ferry_links"]}
REFERENCE = LEVELS_DIR / "reference" / "newyork-board.json"  # shipped with the level


def neighbours(cell: str) -> list[str]:
    if cell not in COORD:
        return []
    col, row = COORD[cell]
    return [AT[(col + dc, row + dr)] for dc, dr in OFFSETS if (col + dc, row + dr) in AT]


def walkable(state: NewYorkState) -> set[str]:
    """Cells a character may step on: streets without buildings or zones, ferries, the island."""
    b = state.describe()["board"]
    closed = set(b["buildings"]) | {c for z in b["zones"] for c in z}
    return {c for c, k in KIND.items() if k in ("street", "ferry", "liberty") and c not in closed}


def walk_distances(state: NewYorkState, source: str, subway: bool = True, runner: bool = False) -> dict[str, int]:
    """Movement points from ``source`` to every cell (0-1 breadth-first, nobody blocks)."""
    b = state.describe()["board"]
    ok = walkable(state)
    free = set(b["buildings"]) if runner else set()
    entrances = [c for c in b["subways"] if c in ok] if subway else []
    dist = {source: 0}
    queue = deque([source])
    while queue:
        cell = queue.popleft()
        steps = [n for n in neighbours(cell) if n in ok or n in free]
        steps += [b for a, b in ARROWS if a == cell]
        if cell in entrances:
            steps += entrances
        for n in steps:
            cost = 0 if n in free else 1
            if n not in dist or dist[cell] + cost < dist[n]:
                dist[n] = dist[cell] + cost
                if cost:
                    queue.append(n)
                else:
                    queue.appendleft(n)
    return {c: d for c, d in dist.items() if c not in free}


# ---------------------------------------------------------------------- setup


def test_two_characters_invisible_and_six_visible_at_start() -> None:
    """Book: 'в начале игры два персонажа невидимы, а шесть – видимы'."""
    s = NewYork.new(7)
    assert visible(s) == {"beach", "runner", "latimer", "grant", "callahan", "smith"}
    assert set(CHARS) - visible(s) == {"eastman", "tumblety"}


def test_setup_matches_the_reference_board() -> None:
    d = NewYork.new(1).describe()
    b = d["board"]
    assert b["characters"] == dict(zip(CHARS, START.split(","), strict=True))
    assert b["lamps"] == ["c10", "m12"] and b["parks"] == []
    assert b["subways"] == ["b9", "g8", "k4", "l13"]  # three tokens and the printed entrance
    assert b["buildings"] == ["d9", "d11", "j5", "j11", "k6", "k10"]  # all printed
    assert b["zones"] == [["e4", "f3"], ["k14", "l15"]] and b["ships"] == ["e2", "k16"]
    assert b["informant"] == {"cell": "liberty", "talkative": True}
    assert d["stock"] == {"buildings": 4, "subways": 4, "lamps": 4}
    assert d["printed"] == {"buildings": ["d9", "d11", "j5", "j11", "k6", "k10"], "subways": ["g8"]}
    assert d["suspects"] == list(CHARS) and d["witness"] == "seen" and d["deck"] == 8


def test_level_file_keeps_the_reference_cells() -> None:
    assert len(LEVEL["cells"]) == 84 and LEVEL["cells"][-1]["id"] == "liberty"
    counts = {k: sum(v == k for v in KIND.values()) for k in ("street", "ferry", "port", "east", "liberty")}
    assert counts == {"street": 73, "ferry": 4, "port": 5, "east": 1, "liberty": 1}
    assert sorted(c for c, p in PRINTED.items() if p == "building") == ["d11", "d9", "j11", "j5", "k10", "k6"]
    assert [c for c, p in PRINTED.items() if p == "subway"] == ["g8"]
    assert ARROWS == {("a8", "liberty"), ("c6", "liberty"), ("liberty", "g2"), ("liberty", "e16")}


def test_level_file_cells_and_neighbours_match_the_reference() -> None:
    """The reference's ``[col, row]`` is our column letter and row; its neighbour lists are ours."""
    ref = json.loads(REFERENCE.read_text(encoding="utf-8"))
    for c in ref["cells"]:
        name = "abcdefghijklmn"[c["pos"][0] - 1] + str(c["pos"][1])
        assert COORD[name] == tuple(c["pos"]) and KIND[name] == c["type"].replace("east_passage", "east")
        assert sorted(neighbours(name)) == sorted("abcdefghijklmn"[n[0] - 1] + str(n[1]) for n in c["neighbors"])
    assert len(ref["cells"]) == len(COORD)


# ------------------------------------------------------------- cards and order


def test_a_card_is_taken_once_a_round() -> None:
    s = play(position(), "play grant", "park c10", "to k8")
    assert texts(s) == ["play beach", "play latimer", "play runner"]


# ------------------------------------------------------------------- movement


def test_move_one_to_three_cells_over_streets_ferries_and_the_subway() -> None:
    s = playing("callahan")  # from f9
    dist = walk_distances(s, "f9")
    occupied = set(START.split(","))
    assert dests(s) == {c for c, d in dist.items() if 1 <= d <= 3 and c not in occupied}
    assert {"g8", "k4", "l13", "b9"} <= dests(s)  # the printed entrance g8 is two points away


def test_move_never_ends_where_it_began() -> None:
    s = playing("callahan")
    assert "to f9" not in texts(s) and walk_distances(s, "f9")["f7"] == 1  # f9 > f7 > f9 is no move


def test_characters_pass_through_each_other() -> None:
    # From Liberty Island the arrows lead to g2 and e16 only; Smith stands on g2.
    s = playing("callahan", {"callahan": "liberty", "smith": "g2"}, side=Side.JACK)
    assert {"g4", "h3", "e16"} <= dests(s) and "g2" not in dests(s)


def test_ending_on_another_character_is_only_to_accuse() -> None:
    s = playing("callahan", {"smith": "f7"})
    assert "accuse smith" in texts(s) and "to f7" not in texts(s)
    j = playing("callahan", {"smith": "f7"}, side=Side.JACK)
    assert not any(t.startswith(("accuse", "to f7")) for t in texts(j))


def test_lamps_are_walked_through_and_stood_on() -> None:
    # A zone on b9 and b11 leaves the lamp c10 the only way from c8 to c12.
    s = playing("callahan", {"callahan": "c8"}, zones="b9+b11,k14+l15")
    assert {"c10", "c12"} <= dests(s)
    assert walk_distances(s, "c8")["c12"] == 2


def test_buildings_block_everyone_but_cloud_runner() -> None:
    # Beach on e10 is fenced by the printed buildings d9 and d11 on the west.
    s = playing("beach")
    assert "c10" not in dests(s) and not {"d9", "d11"} & dests(s)
    r = playing("runner", {"runner": "e12", "beach": "m8"})
    assert "c10" in dests(r)
    # A building token blocks like a printed one.
    t = playing("beach", buildings="e12", stock="3,4,4")
    assert "e12" not in dests(t) and walk_distances(t, "e10").get("e12") is None


def test_investigation_zones_block_everyone() -> None:
    for who in ("callahan", "runner"):
        s = playing(who, {who: "f5"})
        assert not {"e4", "f3"} & dests(s)
    # Cloud Runner crosses buildings, never zones: the zones l15 and m14 wall off m16.
    r = playing("runner", {"runner": "l13"}, zones="e4+f3,l15+m14")
    assert "m16" not in dests(r)


def test_subway_entrance_reaches_any_other_for_one_point() -> None:
    s = playing("callahan", {"callahan": "b9"})
    assert {"g8", "k4", "l13"} <= dests(s)
    assert {"k2", "j3", "m14", "h9"} <= dests(s)  # then two points on
    assert walk_distances(s, "b9", subway=False)["k2"] > 3


def test_subway_entrance_under_a_zone_or_turned_into_a_park_is_no_entrance() -> None:
    s = playing("callahan", {"callahan": "b9"}, zones="e4+f3,k4+l5", subways="b9,l13", parks="k4")
    assert "k4" not in dests(s) and "k2" not in dests(s) and "l13" in dests(s)
    t = playing("callahan", {"callahan": "b9"}, subways="b9,k4", parks="l13")
    assert "l13" not in dests(t) and "m14" not in dests(t) and "k4" in dests(t)


def test_ferry_arrows_lead_to_and_from_liberty_island_one_point_each() -> None:
    s = playing("callahan", {"callahan": "a8"})
    assert {"liberty", "g2", "e16", "g4", "h3", "f15", "d15"} <= dests(s)
    assert walk_distances(s, "a8")["g4"] == 3
    # The arrows point one way only: from g2 there is no way onto the island.
    t = playing("callahan", {"callahan": "g2"})
    assert "liberty" not in dests(t)


def test_ports_and_the_east_passage_are_not_stepped_on() -> None:
    s = playing("callahan", {"callahan": "m10"})
    assert "n11" not in dests(s)
    t = playing("callahan", {"callahan": "j3"})
    assert "l1" not in dests(t) and "k2" in dests(t)


def test_a_blocked_character_still_uses_its_power() -> None:
    # Latimer on m16: l15 is zoned and a building stands on m14.
    s = playing("latimer", {"latimer": "m16"}, buildings="m14", stock="3,4,4")
    assert kinds(s) == {"lamp"}
    s.apply("lamp g4")
    assert s.phase == "pick" and where(s, "latimer") == "m16"


def test_an_enclosed_character_may_still_accuse() -> None:
    """Regression: the card's player was misjudged while the steps were judged, and the
    fourth card crashed: Latimer on m16 reaches only m14, where Smith stands."""
    fields = dict(chars={"latimer": "m16", "smith": "m14"}, zones="k14+l15,l13+m12", lamps="c10")
    s = playing("latimer", **fields, stock="4,4,5")
    assert "accuse smith" in texts(s) and "lamp g4" in texts(s)
    last = position(fields["chars"], zones=fields["zones"], lamps="c10", stock="4,4,5",  # type: ignore[arg-type]
                    cards="latimer", played="beach,runner,grant")
    last.apply("play latimer")
    assert last.to_move() is ToMove.INVESTIGATOR and "accuse smith" in texts(last)


# ------------------------------------------------------------------ visibility


def test_a_character_on_or_next_to_a_lamp_is_visible() -> None:
    assert "tumblety" in visible(position({"tumblety": "c10"}))  # under the lamp
    assert "tumblety" in visible(position({"tumblety": "c8"}))   # next to it
    assert "tumblety" not in visible(position({"tumblety": "c6"}))  # two away


def test_a_character_on_a_ferry_cell_next_to_a_lamp_is_visible() -> None:
    """Book, 'Видимые персонажи': 'любой персонаж, стоящий под фонарём или на соседней от
    фонаря клетке' - any character next to a lamp, a ferry cell being a cell like any other
    ('Персонажи могут ступать на эти клетки и оставаться на них')."""
    assert "tumblety" in visible(position({"tumblety": "a8"}, lamps="b7,m12"))  # ferry a8, lamp b7
    assert "tumblety" in visible(position({"tumblety": "c6"}, lamps="d5,m12"))  # ferry c6, lamp d5
    assert "tumblety" not in visible(position({"tumblety": "a8"}))  # no lamp next to it: in the dark
    assert "tumblety" in visible(position({"tumblety": "c8"}, lamps="b7,m12"))


def test_characters_next_to_each_other_are_visible() -> None:
    s = position({"tumblety": "h3"})  # next to Eastman on h5, both in the dark
    assert {"tumblety", "eastman"} <= visible(s)


def test_a_character_in_a_park_is_never_visible_and_shows_no_neighbour() -> None:
    parked = dict(parks="g4", stock="4,4,3")
    s = position({"tumblety": "g4"}, **parked)  # next to Eastman
    assert not {"tumblety", "eastman"} & visible(s)
    assert {"tumblety", "eastman"} <= visible(position({"tumblety": "g4"}))
    lit = position({"tumblety": "b9"}, subways="k4,l13", parks="b9")  # a park next to the lamp c10
    assert "tumblety" not in visible(lit)


def test_a_character_on_liberty_island_is_never_visible() -> None:
    assert "tumblety" not in visible(position({"tumblety": "liberty"}))


def test_the_informant_is_not_a_character() -> None:
    s = position(informant="h3")  # next to Eastman
    assert "eastman" not in visible(s)


# ---------------------------------------------------------------------- powers


def empty_streets(s: NewYorkState) -> set[str]:
    d = s.describe()
    b = d["board"]
    taken = (set(b["lamps"]) | set(b["parks"]) | set(b["buildings"]) | set(b["subways"])
             | set(b["characters"].values()) | {c for z in b["zones"] for c in z} | {b["informant"]["cell"]})
    return {c for c, k in KIND.items() if k == "street" and c not in taken}


def test_beach_must_build_a_subway_entrance_on_an_empty_street_not_next_to_another() -> None:
    s = playing("beach")
    entrances = set(s.describe()["board"]["subways"])
    want = {c for c in empty_streets(s) if not set(neighbours(c)) & entrances}
    assert args(s, "subway") == want and "e12" in want
    assert not {"f9", "e8"} & want  # never under a character (FAQ)
    s.apply("subway e12")
    assert "e12" in s.describe()["board"]["subways"] and s.describe()["stock"]["subways"] == 3
    assert kinds(s) <= {"to", "accuse"}
    after = play(playing("beach"), "to e12")
    assert kinds(after) == {"subway"}  # before or after moving, but it must


def test_beach_never_builds_next_to_an_entrance_under_a_zone() -> None:
    s = playing("beach", zones="e4+f3,k4+l5")
    assert not {"j3", "l3", "k2"} & args(s, "subway")


def test_a_power_with_no_token_left_is_passed() -> None:
    full = "b9,c14,e14,i2,k4,l13,m8"
    s = playing("beach", subways=full, stock="4,0,4")
    assert kinds(s) <= {"to", "accuse"}
    s.apply("to e12")
    assert s.phase == "pick"


def test_cloud_runner_must_build_a_building_on_an_empty_street() -> None:
    s = playing("runner")
    assert args(s, "building") == empty_streets(s)
    s.apply("building h7")
    assert "h7" in s.describe()["board"]["buildings"] and s.describe()["stock"]["buildings"] == 3
    assert "h7" not in dests(s)


def test_cloud_runner_crosses_buildings_free_and_ends_on_a_free_cell() -> None:
    s = playing("runner", {"runner": "i12"}, side=Side.JACK)
    dist = walk_distances(s, "i12", runner=True)
    occupied = set(s.describe()["board"]["characters"].values())
    assert dests(s) == {c for c, d in dist.items() if 1 <= d <= 3 and c not in occupied}
    assert "l11" in dests(s) and walk_distances(s, "i12")["l11"] == 3 and dist["l11"] == 1
    assert "m10" in dests(s) and not {"j11", "k10"} & dests(s)


def test_latimer_must_place_a_lamp_not_next_to_another_lamp() -> None:
    s = playing("latimer")
    want = {c for c in empty_streets(s) if not set(neighbours(c)) & {"c10", "m12"}}
    assert args(s, "lamp") == want and not {"b9", "c8", "l11", "m10"} & want
    s.apply("lamp h3")
    assert "eastman" in visible(s)


def test_grant_must_turn_a_lamp_building_or_subway_token_into_a_park() -> None:
    s = playing("grant", {"callahan": "b9"}, buildings="e12", stock="3,4,4", informant="l13",
                zones="e4+f3,k4+l5")
    # Tokens only: not the printed g8 or d9; k4 is closed by a zone.
    assert args(s, "park") == {"c10", "m12", "e12", "b9", "l13"}
    s.apply("park c10")
    d = s.describe()
    assert d["board"]["parks"] == ["c10"] and "c10" not in d["board"]["lamps"]
    assert d["stock"] == {"buildings": 3, "subways": 4, "lamps": 4}  # a park stays on the board


def test_grant_makes_parks_of_tokens_only_as_a_park_is_the_back_of_a_token() -> None:
    """Book, components: 'двусторонних жетонов со зданием на одной стороне и парком – на
    другой' (likewise the subway and lamp tokens); Grant 'ДОЛЖНА создать парк на месте
    фонаря, здания или метро'.  A park is a token turned over: the buildings printed on
    the board (d9, d11, j5, j11, k6, k10) and the printed subway g8 have no back."""
    every_token_a_park = dict(lamps="-", subways="-", buildings="-", parks="b9,c10,k4,l13,m12")
    s = playing("grant", **every_token_a_park)
    assert "park" not in kinds(s)  # nothing to turn before the move ...
    for cell in ("g8", "d9", "k10"):
        with pytest.raises(IllegalActionError, match=f"{cell} is printed on the board"):
            s.apply(f"park {cell}")
    s.apply("to i10")
    assert s.phase == "pick"  # ... nor after it: the compulsory power is passed
    assert s.describe()["board"]["subways"] == ["g8"] and len(s.describe()["board"]["buildings"]) == 6


def test_grant_may_turn_a_subway_entrance_with_a_character_on_it() -> None:
    s = playing("grant", {"callahan": "b9"})
    s.apply("park b9")
    assert "callahan" not in visible(s) and "b9" not in s.describe()["board"]["subways"]


def test_callahan_must_move_a_zone_to_two_cells_without_characters() -> None:
    s = playing("callahan")
    b = s.describe()["board"]
    chars = set(b["characters"].values())
    ok = {c for c, k in KIND.items() if k == "street" and c not in b["buildings"] and c not in chars}
    pairs = {"+".join(sorted((a, n), key=lambda x: COORD[x])) for a in ok for n in neighbours(a) if n in ok}
    zones = ["e4+f3", "k14+l15"]
    want = {f"{z}>{p}" for z, other in (zones, zones[::-1]) for p in pairs
            if p != z and not set(p.split("+")) & set(other.split("+"))}
    assert args(s, "zone") == want
    assert "e4+f3>e4+f5" in want  # one cell kept, one new (FAQ)
    assert "e4+f3>h3+h5" not in want  # Eastman stands on h5
    assert "e4+f3>b9+c10" in want  # a subway entrance and a lamp's cell may be closed
    s.apply("zone e4+f3>e4+f5")
    assert s.describe()["board"]["zones"] == [["e4", "f5"], ["k14", "l15"]]


def test_callahan_may_close_the_informants_cell() -> None:
    s = playing("callahan", informant="h3")
    assert "e4+f3>h3+i2" in args(s, "zone")
    s.apply("zone e4+f3>h3+i2")
    assert s.describe()["board"]["informant"]["cell"] == "h3"


def test_eastman_moves_or_moves_another_character_with_his_visibility() -> None:
    s = playing("eastman")  # Eastman and Tumblety are the two in the dark
    assert {a.args[0] for a in s.legal_actions() if a.kind == "move"} == {"tumblety"}
    assert "to" in kinds(s)
    s.apply("move tumblety h13")
    assert where(s, "tumblety") == "h13" and where(s, "eastman") == "h5" and s.phase == "pick"
    lit = playing("eastman", {"eastman": "h7"})  # next to Runner on i8: visible
    moved = {a.args[0] for a in lit.legal_actions() if a.kind == "move"}
    assert moved == {"beach", "runner", "latimer", "grant", "callahan", "smith"}
    after = play(playing("eastman"), "to h3")
    assert after.phase == "pick"  # a move leaves no push


def test_eastman_push_walks_one_to_three_without_subway_or_crossing() -> None:
    s = playing("eastman", {"tumblety": "k4"})
    got = {str(a.args[1]) for a in s.legal_actions() if a.kind == "move"}
    dist = walk_distances(s, "k4", subway=False)
    occupied = set(s.describe()["board"]["characters"].values())
    assert got == {c for c, d in dist.items() if 1 <= d <= 3 and c not in occupied}
    assert not {"g8", "b9", "l13"} & got
    # Cloud Runner pushed does not cross buildings.
    r = playing("eastman", {"runner": "c10"}, lamps="m12", stock="4,4,5")
    pushed = {str(a.args[1]) for a in r.legal_actions() if a.kind == "move" and a.args[0] == "runner"}
    assert "f11" not in pushed
    own = playing("runner", {"runner": "c10"}, lamps="m12", stock="4,4,5")
    assert "f11" in dests(own)


def test_eastman_push_never_accuses() -> None:
    s = playing("eastman", {"tumblety": "h9"})
    occupied = set(s.describe()["board"]["characters"].values())
    assert all(str(a.args[1]) not in occupied for a in s.legal_actions() if a.kind == "move")


def test_a_blocked_eastman_may_still_push_or_pass() -> None:
    s = playing("eastman", {"eastman": "m16"}, buildings="m14", stock="3,4,4")
    assert kinds(s) == {"move", "pass"}
    s.apply("pass")
    assert s.phase == "pick" and where(s, "eastman") == "m16"


def test_tumblety_may_swap_a_neighbour_with_any_other_before_or_after_moving() -> None:
    s = playing("tumblety", {"smith": "i10"})
    swaps = args(s, "swap")
    assert swaps == {" ".join(sorted(("smith", c), key=CHARS.index)) for c in CHARS if c != "smith"}
    assert "to" in kinds(s)
    s.apply("swap beach smith")
    assert where(s, "smith") == "e10" and where(s, "beach") == "i10"
    assert kinds(s) <= {"to", "accuse"}  # once only; he still moves
    s.apply("to h13")
    assert s.phase == "pick"
    after = play(playing("tumblety", {"smith": "i10"}), "to h9")  # next to Runner (i8) and Smith
    assert "pass" in texts(after) and "swap runner grant" in texts(after) and "swap beach grant" not in texts(after)
    after.apply("pass")  # may: he declines
    assert after.phase == "pick"
    alone = play(playing("tumblety", {"smith": "i10"}), "to h13")  # nobody next to him any more
    assert alone.phase == "pick"


def test_tumblety_may_swap_after_his_move_when_nobody_was_next_to_him_before() -> None:
    """Book: 'Перед или после своего движения, и если Фрэнсис хочет, он МОЖЕТ поменять
    позиции персонажа, соседнего с ним, с любым другим персонажем': nobody is next to him
    on h11 at the start, but after 'to i10' Cloud Runner (i8) and Smith (j9) are."""
    s = playing("tumblety")
    assert kinds(s) <= {"to", "accuse"} and "done=-" in str(s)  # no swap before the move ...
    s.apply("to i10")
    assert s.phase == "act" and s.active == CHARS.index("tumblety")  # ... but one after it
    assert "pass" in texts(s) and {"swap runner grant", "swap tumblety smith", "swap beach smith"} <= set(texts(s))
    assert args(s, "swap") == {" ".join(sorted((n, c), key=CHARS.index))
                               for n in ("runner", "smith") for c in CHARS if c != n}
    s.apply("swap runner grant")
    assert where(s, "runner") == "j7" and where(s, "grant") == "i8" and s.phase == "pick"


def test_tumblety_may_swap_a_neighbour_standing_in_a_park() -> None:
    s = playing("tumblety", {"smith": "i10"}, parks="i10", stock="4,4,3")
    assert "swap eastman smith" in texts(s)


def test_tumblety_without_a_neighbour_before_or_after_his_move_only_moves() -> None:
    s = playing("tumblety")
    assert kinds(s) <= {"to", "accuse"}
    s.apply("to h13")
    assert s.phase == "pick"


def test_smith_must_move_a_ship_to_another_free_port() -> None:
    s = playing("smith")
    assert args(s, "ship") == {f"{a}>{b}" for a in ("e2", "k16") for b in ("b13", "g16", "l1")}
    s.apply("ship k16>g16")
    assert s.describe()["board"]["ships"] == ["e2", "g16"]
    after = play(playing("smith"), "to j13")
    assert kinds(after) == {"ship"}


# ------------------------------------------------------------------- informant


def test_meeting_the_talkative_informant_gives_a_card_to_the_player_who_played() -> None:
    s = playing("callahan", informant="g10")
    s.apply("to g10")
    assert s.phase == "draw" and s.to_move() is ToMove.CHANCE
    assert texts(s) == sorted(f"draw {c}" for c in CHARS if c != "tumblety")  # not Jack's card
    s.apply("draw smith")
    assert s.icards == [CHARS.index("smith")] and s.describe()["deck"] == 6
    assert "icards=?" in str(s.observation(Side.JACK))
    assert "smith" in s.describe()["suspects"]  # a secret card flips no pawn
    # The informant turns silent and the same player moves him.
    assert s.phase == "informant" and s.to_move() is ToMove.INVESTIGATOR
    assert s.describe()["board"]["informant"] == {"cell": "g10", "talkative": False}
    cells = args(s, "informant")
    assert "f9" in cells and "liberty" in cells and "a8" in cells  # Callahan left f9
    assert not {"g10", "h5", "e4", "e2"} & cells  # his own cell, characters, zones, ports
    s.apply("informant liberty")
    assert kinds(s) == {"zone"}  # Callahan's power is still due


def test_the_silent_informant_goes_to_any_other_cell_without_a_character_or_a_zone() -> None:
    """Book: 'перемещается на любую другую не занятую персонажем или расследованием клетку
    игрового поля'.  Building cells ('Клетки и жетоны зданий') and the East passage ('Другие
    персонажи становиться на эту клетку не могут') are cells of the board too; the ports are
    'Участки моря', stretches of sea."""
    s = play(playing("callahan", informant="g10", buildings="e12", stock="3,4,4"), "to g10", "draw smith")
    cells = args(s, "informant")
    assert {"d9", "j5", "k10", "e12", "n11", "g8", "liberty", "a8", "f9"} <= cells  # printed, token, passage
    assert not {"g10", "h5", "e10", "e4", "f3", "k14", "l15"} & cells  # his cell, characters, zones
    assert not {"b13", "e2", "g16", "k16", "l1"} & cells  # ports: no cell
    s.apply("informant d9")
    assert s.describe()["board"]["informant"] == {"cell": "d9", "talkative": False}
    assert kinds(s) == {"zone"}  # Callahan's power is still due
    t = play(playing("callahan", informant="g10"), "to g10", "draw smith", "informant n11")
    assert t.describe()["board"]["informant"]["cell"] == "n11"
    assert NewYorkState.parse(str(t)) == t  # the text form holds him there


def test_the_informant_is_refused_a_cell_with_the_true_reason() -> None:
    s = play(playing("callahan", informant="g10"), "to g10", "draw smith")
    for text, why in (("informant h5", "h5 has a character on it"),
                      ("informant e4", "e4 is under an investigation zone"),
                      ("informant g10", "another cell than g10")):
        with pytest.raises(IllegalActionError, match=why):
            s.apply(text)
    assert s.phase == "informant" and s.describe()["board"]["informant"]["cell"] == "g10"


def test_jack_meets_the_informant_and_the_investigator_sees_draw_question_mark() -> None:
    s = playing("callahan", side=Side.JACK, informant="g10")
    s.apply("to g10")
    assert texts(s.observation(Side.INVESTIGATOR)) == ["draw ?"]
    s.apply("draw beach")
    assert s.jcards == [0] and s.to_move() is ToMove.JACK


def test_passing_over_the_informant_is_no_meeting() -> None:
    s = playing("callahan", informant="g10")
    s.apply("to h9")  # through g10 or g8, it does not matter
    assert s.phase == "act" and s.describe()["board"]["informant"]["talkative"]


def test_the_silent_informant_gives_nothing() -> None:
    s = playing("callahan", informant="g10", talk="no", icards="smith")
    s.apply("to g10")
    assert s.phase == "act" and s.icards == [CHARS.index("smith")]


def test_the_informant_talks_again_at_the_start_of_every_round() -> None:
    s = position(phase="witness", cards="-", played="beach,runner,latimer,grant", informant="g10",
                 talk="no", icards="smith")
    s.apply("witness unseen")
    assert s.describe()["board"]["informant"] == {"cell": "g10", "talkative": True}


def test_the_informant_with_an_empty_deck_says_nothing() -> None:
    s = position(round=8, witness="unseen", cards="callahan,eastman,smith,beach", informant="g10",
                 icards="beach,runner,latimer,grant", jcards="callahan,eastman,smith")
    assert s.describe()["deck"] == 0
    play(s, "play callahan", "to g10")
    assert s.phase == "act" and s.describe()["board"]["informant"]["talkative"]


def test_eastman_push_may_meet_the_informant_for_his_player() -> None:
    s = playing("eastman", informant="h13")
    s.apply("move tumblety h13")
    assert s.phase == "draw"
    s.apply("draw smith")
    assert s.icards == [CHARS.index("smith")] and s.phase == "informant"
    assert s.to_move() is ToMove.INVESTIGATOR


def test_a_swap_is_no_meeting_with_the_informant() -> None:
    s = playing("tumblety", {"smith": "i10", "beach": "g12"}, informant="g12")
    s.apply("swap beach smith")  # Smith now stands on the informant's cell
    assert where(s, "smith") == "g12" and s.phase == "act"
    assert s.describe()["board"]["informant"]["talkative"]


# ------------------------------------------------------------------- witness


def test_witness_call_is_jacks_and_lists_only_the_truth_when_jack_is_known() -> None:
    s = position(phase="witness", cards="-", played="beach,runner,latimer,grant")  # Tumblety, in the dark
    assert s.to_move() is ToMove.JACK and texts(s) == ["witness unseen"]
    with pytest.raises(IllegalActionError):
        s.apply("witness seen")
    assert texts(position(phase="witness", cards="-", played="beach,runner,latimer,grant",
                          jack="smith")) == ["witness seen"]


def test_witness_unseen_clears_the_visible_suspects() -> None:
    s = position(phase="witness", cards="-", played="beach,runner,latimer,grant")
    s.apply("witness unseen")
    assert s.describe()["suspects"] == ["eastman", "tumblety"]
    assert s.describe()["witness"] == "unseen"  # shown for the whole next round


def test_witness_seen_clears_the_hidden_suspects() -> None:
    s = position(phase="witness", cards="-", played="beach,runner,latimer,grant", jack="smith")
    s.apply("witness seen")
    assert s.describe()["suspects"] == ["beach", "runner", "latimer", "grant", "callahan", "smith"]


def test_cleared_characters_stay_cleared() -> None:
    s = position(round=3, phase="witness", cards="-", played="beach,runner,latimer,grant",
                 suspects="beach,tumblety", witness="unseen")
    s.apply("witness unseen")
    assert s.describe()["suspects"] == ["tumblety"]


# ---------------------------------------------------------------------- escape


def jack_plays(who: str, chars: dict[str, str], **fields: object) -> NewYorkState:
    """Round 2 after an unseen round: Jack (Tumblety unless given) takes the first card."""
    values: dict[str, object] = dict(jack="tumblety")
    values.update(fields)
    return playing(who, chars, side=Side.JACK, **values)


def escapes(s: NewYorkState) -> set[str]:
    return args(s, "escape")


def test_escape_through_the_east_passage_after_an_unseen_round() -> None:
    s = jack_plays("tumblety", {"tumblety": "l11"})
    assert "n11" in escapes(s)
    s.apply("escape n11")
    assert s.is_over() and s.winner() is Side.JACK and s.outcome.termination is Termination.ESCAPE
    assert where(s, "tumblety") == "n11"
    seen = jack_plays("tumblety", {"tumblety": "l11"}, witness="seen")
    assert not escapes(seen)


def test_escape_by_boarding_a_ship_in_its_port() -> None:
    # k16 has a ship; both cells next to it are zoned at the start.
    assert "k16" not in escapes(jack_plays("tumblety", {"tumblety": "k12"}))
    s = jack_plays("tumblety", {"tumblety": "k12"}, zones="b7+c8,e4+f3")
    assert "k16" in escapes(s)
    s.apply("escape k16")
    assert s.is_over() and s.outcome.termination is Termination.ESCAPE


def test_no_escape_to_a_port_without_a_ship() -> None:
    s = jack_plays("tumblety", {"tumblety": "g12"})
    assert "g16" not in escapes(s)
    t = jack_plays("tumblety", {"tumblety": "g12"}, ships="e2,g16")
    assert "g16" in escapes(t)


def test_an_investigation_zone_blocks_the_east_passage() -> None:
    s = jack_plays("tumblety", {"tumblety": "l11"}, zones="e4+f3,m10+m12")
    assert "n11" not in escapes(s)


def test_escape_needs_a_movement_point_for_the_step_out() -> None:
    assert "n11" not in escapes(jack_plays("tumblety", {"tumblety": "j13"}))  # j13 > k12 > l11 > m10: 3
    assert "n11" in escapes(jack_plays("tumblety", {"tumblety": "k12"}))      # k12 > l11 > m10 > n11


def test_escape_through_the_subway() -> None:
    s = jack_plays("tumblety", {"tumblety": "b9"})  # b9 > l13 > m12 > n11
    assert "n11" in escapes(s)


def test_cloud_runner_escapes_across_buildings() -> None:
    s = jack_plays("runner", {"runner": "i12"}, jack="runner")  # i12 > (j11, k10) > l11 > m10 > n11
    assert "n11" in escapes(s)
    b = jack_plays("beach", {"beach": "i12"}, jack="beach")
    assert "n11" not in escapes(b)


def test_escape_only_by_jacks_own_character_with_a_card_jack_plays() -> None:
    assert not escapes(jack_plays("smith", {"smith": "l11"}))  # Smith is not Jack
    s = play(position({"tumblety": "l11"}, round=2, witness="unseen",
                      cards="smith,tumblety,beach,runner"), "play smith", "ship e2>b13", "to j13", "play tumblety")
    assert s.to_move() is ToMove.INVESTIGATOR and not escapes(s)


def test_escape_never_in_round_one() -> None:
    s = position({"tumblety": "l11"}, cards="beach,tumblety,runner,latimer")
    play(s, "play beach", "subway e12", "to e14", "play tumblety")
    assert s.to_move() is ToMove.JACK and not escapes(s)


def test_eastman_may_push_jack_out() -> None:
    s = jack_plays("eastman", {"eastman": "h7", "tumblety": "m10"})
    assert "move tumblety n11" in texts(s)
    s.apply("move tumblety n11")
    assert s.is_over() and s.outcome.termination is Termination.ESCAPE and where(s, "tumblety") == "n11"
    other = jack_plays("eastman", {"eastman": "h7", "smith": "m10"})
    assert "move smith n11" not in texts(other)  # Smith is not Jack


# ---------------------------------------------------------------------- arrest


def test_right_arrest_wins_for_the_investigator() -> None:
    s = play(playing("callahan", {"tumblety": "f7"}), "accuse tumblety")
    assert s.phase == "verdict" and s.to_move() is ToMove.JACK and texts(s) == ["verdict guilty"]
    assert where(s, "callahan") == where(s, "tumblety") == "f7"
    s.apply("verdict guilty")
    assert s.is_over() and s.winner() is Side.INVESTIGATOR and s.outcome.termination is Termination.ARREST_RIGHT


def test_wrong_arrest_wins_for_jack() -> None:
    s = play(playing("callahan", {"smith": "f7"}), "accuse smith")
    assert texts(s) == ["verdict innocent"]
    s.apply("verdict innocent")
    assert s.is_over() and s.winner() is Side.JACK and s.outcome.termination is Termination.ARREST_WRONG


def test_an_arrest_on_liberty_island() -> None:
    s = playing("callahan", {"callahan": "a8", "tumblety": "liberty"})
    assert "accuse tumblety" in texts(s)


def test_jack_never_accuses() -> None:
    s = jack_plays("callahan", {"smith": "f7"})
    assert "accuse" not in kinds(s)


# -------------------------------------------------------------------- the end


def test_end_of_round_eight_jack_wins() -> None:
    s = position(round=8, cards="smith", played="eastman,callahan,tumblety", witness="unseen")
    s.apply("play smith")  # Jack takes the last card
    s.apply("ship e2>b13")
    s.apply("to j13")
    assert s.is_over() and s.winner() is Side.JACK and s.outcome.termination is Termination.TIME_UP
    assert s.legal_actions() == []


def test_game_cannot_go_past_round_eight() -> None:
    with pytest.raises(ValueError):
        position(round=8, phase="witness", cards="-", played="eastman,callahan,tumblety,smith")


def test_illegal_action_names_the_reason_and_the_state() -> None:
    s = position()
    with pytest.raises(IllegalActionError, match="take one of this round's cards") as err:
        s.apply("play smith")
    assert str(s) in str(err.value)
