"""Mr. Jack (London)'s components, read from ``levels/london.json`` and checked once.

Cells keep the reference's names (``a1`` .. ``m12``) and its order (column
by column, bottom to top), so a cell's index is stable; exits keep theirs
(``NW``, ``NE``, ``SW``, ``SE``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import CharacterCard
from ..levels import load_level

CHARACTER_IDS = ("holmes", "watson", "smith", "lestrade", "stealthy", "goodley", "gull", "bert")
POWERS = ("draw", "lantern", "lamp", "cordon", "cross", "whistle", "swap", "cover")
TIMINGS = {"draw": "after", "lantern": "after", "lamp": "before-or-after", "cordon": "before-or-after",
           "cross": "during", "whistle": "before-or-after", "swap": "instead", "cover": "before-or-after"}
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
CELL_TYPES = ("street", "building", "lamp")


@dataclass(frozen=True, slots=True)
class Character(CharacterCard):
    """A London character: the card game's fields are all it has."""


@dataclass(frozen=True, slots=True)
class Cell:
    id: str
    col: int
    row: int
    type: str


@dataclass(frozen=True, slots=True)
class Exit:
    id: str
    cell: str          # the corner street cell it is left from
    virtual: str       # the off-board cell's name in the reference
    col: int
    row: int
    cordon: bool       # blocked at the start


@dataclass(frozen=True, slots=True)
class Edition:
    id: str
    title: str
    manholes: tuple[str, ...]
    covered: tuple[str, ...]
    start: tuple[str, ...]     # start cell of each character, in CHARACTER_IDS order
    lantern: str


@dataclass(frozen=True, slots=True)
class LondonData:
    characters: tuple[Character, ...]
    cells: tuple[Cell, ...]
    directions: tuple[tuple[str, int, int], ...]     # (name, dcol, drow)
    lamps: tuple[tuple[str, int | None, bool], ...]  # (cell, number, lit at start)
    exits: tuple[Exit, ...]
    editions: dict[str, Edition]
    default_edition: str
    rounds: int
    cards_per_round: int
    whistle_points: int
    notes: tuple[str, ...]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.characters)


def cell_name(col: int, row: int) -> str:
    """The reference's name of the cell at doubled coordinates ``(col, row)``.

    >>> cell_name(0, 13), cell_name(5, 0), cell_name(1, 0)
    ('a1', 'f10', 'b8')
    """
    return "abcdefghijklm"[col] + str((col - row + 15) // 2)


def load_london() -> LondonData:
    """Read and validate the London level file.

    :raises ValueError: if the file breaks an assumption the engine relies on.
    """
    raw = load_level("london")
    chars = tuple(Character(c["id"], c["name"], c["colour"], tuple(c["rgb"]), int(c["moves"]), c["power"],
                            c["timing"]) for c in raw["characters"])
    if tuple(c.id for c in chars) != CHARACTER_IDS:
        raise ValueError(f"london: characters must be {CHARACTER_IDS}")
    if tuple(c.power for c in chars) != POWERS or any(TIMINGS[c.power] != c.timing for c in chars):
        raise ValueError("london: unexpected powers or timings")
    if any(c.moves not in (3, 4) for c in chars):
        raise ValueError("london: moves are 3 or 4")
    cells = tuple(Cell(c["id"], int(c["col"]), int(c["row"]), c["type"]) for c in raw["cells"])
    names = [c.id for c in cells]
    if len(cells) != 86 or len(set(names)) != 86:
        raise ValueError("london: need 86 distinct cells")
    for c in cells:
        if c.type not in CELL_TYPES or not (0 <= c.col <= 12 and 0 <= c.row <= 16) or (c.col + c.row) % 2 != 1:
            raise ValueError(f"london: bad cell {c}")
        if cell_name(c.col, c.row) != c.id:
            raise ValueError(f"london: cell {c.id} is misnamed")
    if [(c.col, -c.row) for c in cells] != sorted((c.col, -c.row) for c in cells):
        raise ValueError("london: cells must be listed column by column, bottom to top")
    kind = {c.id: c.type for c in cells}
    dirs = tuple((name, int(d[0]), int(d[1])) for name, d in raw["directions"].items())
    if tuple(d[0] for d in dirs) != DIRECTIONS:
        raise ValueError(f"london: directions must be {DIRECTIONS}")
    lamps = tuple((lp["cell"], lp["number"], bool(lp["lit"])) for lp in raw["lamps"])
    if sorted(lp[0] for lp in lamps) != sorted(n for n in names if kind[n] == "lamp"):
        raise ValueError("london: every lamp cell needs one lamp entry")
    lit = [lp for lp in lamps if lp[2]]
    if sorted(lp[1] or 0 for lp in lit) != [0, 0, 1, 2, 3, 4] or any(lp[1] for lp in lamps if not lp[2]):
        raise ValueError("london: six lit lamp tokens, numbered 1-4 and two unnumbered")
    exits = tuple(Exit(e["id"], e["cell"], e["virtual"], int(e["col"]), int(e["row"]), bool(e["cordon"]))
                  for e in raw["exits"])
    if tuple(e.id for e in exits) != ("NW", "NE", "SW", "SE") or sum(e.cordon for e in exits) != 2:
        raise ValueError("london: exits NW, NE, SW, SE with two cordons")
    if any(kind.get(e.cell) != "street" for e in exits):
        raise ValueError("london: an exit is left from a street cell")
    editions = {}
    for eid, ed in raw["editions"].items():
        manholes = tuple(ed["manholes"])
        covered = tuple(ed["covered"])
        start = tuple(ed["start"][c] for c in CHARACTER_IDS)
        if any(kind.get(m) != "street" for m in manholes) or len(set(manholes)) != len(manholes):
            raise ValueError(f"london {eid}: manholes lie on distinct street cells")
        if len(covered) != 2 or not set(covered) <= set(manholes):
            raise ValueError(f"london {eid}: two covers on manholes")
        if any(kind.get(s) != "street" for s in start) or len(set(start)) != 8:
            raise ValueError(f"london {eid}: characters start on distinct street cells")
        if ed["lantern"] not in DIRECTIONS:
            raise ValueError(f"london {eid}: bad lantern direction")
        editions[eid] = Edition(eid, ed["title"], manholes, covered, start, ed["lantern"])
    if sorted(editions) != ["2006", "2016"] or raw["default_edition"] not in editions:
        raise ValueError("london: editions 2006 and 2016")
    return LondonData(
        characters=chars, cells=cells, directions=dirs, lamps=lamps, exits=exits, editions=editions,
        default_edition=raw["default_edition"], rounds=int(raw["rounds"]),
        cards_per_round=int(raw["cards_per_round"]), whistle_points=int(raw["whistle_points"]),
        notes=tuple(raw["notes"]),
    )


DATA = load_london()
