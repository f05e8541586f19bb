"""Mr. Jack in New York's components, read from ``levels/newyork.json`` and checked once.

Cells are named by column letter and the reference's doubled row (``e10``
is the reference's ``[5,10]``) and numbered column by column, top to
bottom; Liberty Island (``liberty``) comes last and is off the grid.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import CharacterCard
from ..hexgrid import DIRECTIONS, OFFSETS
from ..levels import load_level

CHARACTER_IDS = ("beach", "runner", "latimer", "grant", "callahan", "eastman", "tumblety", "smith")
POWERS = ("subway", "building", "lamp", "park", "zone", "push", "swap", "ship")
TIMINGS = {"subway": "before-or-after", "building": "before-or-after", "lamp": "before-or-after",
           "park": "before-or-after", "zone": "before-or-after", "push": "instead", "swap": "before-or-after",
           "ship": "before-or-after"}
OPTIONAL = frozenset({"push", "swap"})
CELL_TYPES = ("street", "ferry", "port", "east", "liberty")
TOKEN_KINDS = ("building", "subway", "lamp")
LIBERTY = "liberty"
COLUMNS = "abcdefghijklmn"


@dataclass(frozen=True, slots=True)
class Character(CharacterCard):
    must: bool
    text: str


@dataclass(frozen=True, slots=True)
class Cell:
    id: str
    col: int | None
    row: int | None
    type: str
    printed: str | None     # "building" or "subway" printed on a street cell


@dataclass(frozen=True, slots=True)
class NewYorkData:
    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.characters)

    characters: tuple[Character, ...]
    alibi_cards: tuple[str, ...]
    cells: tuple[Cell, ...]
    ferry_links: tuple[tuple[str, str], ...]
    east_passage: str
    ports: tuple[str, ...]
    token_count: dict[str, int]
    token_start: dict[str, tuple[str, ...]]
    zones: tuple[tuple[str, str], ...]
    ships: tuple[str, ...]
    informant: str
    start: tuple[str, ...]      # start cell of each character, in CHARACTER_IDS order
    rounds: int
    cards_per_round: int
    notes: tuple[str, ...]


def cell_name(col: int, row: int) -> str:
    """The name of the cell at the reference's ``[col, row]``.

    >>> cell_name(5, 10), cell_name(14, 11)
    ('e10', 'n11')
    """
    return COLUMNS[col - 1] + str(row)


def load_newyork() -> NewYorkData:
    """Read and validate the New York level file.

    :raises ValueError: if the file breaks an assumption the engine relies on.
    """
    raw = load_level("newyork")
    chars = tuple(Character(c["id"], c["name"], c["colour"], tuple(c["rgb"]), int(c["card"]["moves"]),
                            c["card"]["power"], c["card"]["timing"], bool(c["card"]["must"]), c["card"]["text"])
                  for c in raw["characters"])
    if tuple(c.id for c in chars) != CHARACTER_IDS or tuple(raw["alibi_cards"]) != CHARACTER_IDS:
        raise ValueError(f"newyork: characters and alibi cards must be {CHARACTER_IDS}")
    if tuple(c.power for c in chars) != POWERS or any(
            TIMINGS[c.power] != c.timing or c.must == (c.power in OPTIONAL) or c.moves != 3 for c in chars):
        raise ValueError("newyork: unexpected powers, timings or moves")
    if tuple((n, tuple(d)) for n, d in raw["directions"].items()) != tuple(zip(DIRECTIONS, OFFSETS, strict=True)):
        raise ValueError("newyork: directions must be the hex grid's")
    cells = tuple(Cell(c["id"], c["col"], c["row"], c["type"], c.get("printed")) for c in raw["cells"])
    names = [c.id for c in cells]
    if len(set(names)) != len(names) or names[-1] != LIBERTY or sum(c.type == "liberty" for c in cells) != 1:
        raise ValueError("newyork: distinct cell names, liberty last")
    for c in cells[:-1]:
        if c.type not in CELL_TYPES[:4] or not (1 <= c.col <= 14 and 1 <= c.row <= 16) or (c.col + c.row) % 2 != 1:
            raise ValueError(f"newyork: bad cell {c}")
        if cell_name(c.col, c.row) != c.id:
            raise ValueError(f"newyork: cell {c.id} is misnamed")
        if c.printed not in (None, "building", "subway") or (c.printed and c.type != "street"):
            raise ValueError(f"newyork: printed tiles stand on street cells: {c.id}")
    grid = [(c.col, c.row) for c in cells[:-1]]
    if grid != sorted(grid):
        raise ValueError("newyork: cells must be listed column by column, top to bottom")
    kind = {c.id: c.type for c in cells}
    printed = {c.id: c.printed for c in cells}

    def street(cell: str, what: str, free: bool = True) -> None:
        if kind.get(cell) != "street" or (free and printed[cell]):
            raise ValueError(f"newyork: {what} must stand on a plain street cell, not {cell!r}")

    links = tuple((f["from"], f["to"]) for f in raw["ferry_links"])
    for a, b in links:
        if (a == LIBERTY) == (b == LIBERTY) or kind.get(a if b == LIBERTY else b) != "ferry":
            raise ValueError("newyork: ferry arrows join a ferry cell and Liberty Island")
    east = raw["east_passage"]
    ports = tuple(raw["ports"])
    if kind.get(east) != "east" or sorted(ports) != sorted(n for n in names if kind[n] == "port"):
        raise ValueError("newyork: one East passage and the port cells")
    count = {k: int(raw["tokens"][k]["count"]) for k in TOKEN_KINDS}
    tstart = {k: tuple(raw["tokens"][k]["start"]) for k in TOKEN_KINDS}
    if count != {"building": 4, "subway": 7, "lamp": 6} or any(len(tstart[k]) > count[k] for k in TOKEN_KINDS):
        raise ValueError("newyork: 4 building, 7 subway and 6 lamp tokens")
    placed = [c for k in TOKEN_KINDS for c in tstart[k]]
    for c in placed:
        street(c, "a token")
    zones = tuple((a, b) for a, b in raw["zones"])
    if len(zones) != 2 or len({c for z in zones for c in z}) != 4:
        raise ValueError("newyork: two zones of two cells each")
    for z in zones:
        for c in z:
            street(c, "an investigation zone", free=False)
            if printed[c] == "building" or c in tstart["building"]:
                raise ValueError("newyork: a zone never covers a building")
    ships = tuple(raw["ships"])
    if len(ships) != 2 or len(set(ships)) != 2 or any(s not in ports for s in ships):
        raise ValueError("newyork: two ships in distinct ports")
    if raw["informant"] != {"start": LIBERTY, "talkative": True}:
        raise ValueError("newyork: the informant starts on Liberty Island, talkative")
    start = tuple(raw["start"]["characters"][c] for c in CHARACTER_IDS)
    zoned = {c for z in zones for c in z}
    if len(set(start)) != 8 or any(kind.get(s) not in ("street", "ferry") or printed.get(s) == "building"
                                   or s in zoned or s in tstart["building"] for s in start):
        raise ValueError("newyork: characters start on distinct open cells")
    if raw["start"]["witness"] != "seen":
        raise ValueError("newyork: the witness card starts on seen")
    return NewYorkData(
        characters=chars, alibi_cards=tuple(raw["alibi_cards"]), cells=cells, ferry_links=links,
        east_passage=east, ports=ports, token_count=count, token_start=tstart, zones=zones, ships=ships,
        informant=LIBERTY, start=start, rounds=int(raw["rounds"]), cards_per_round=int(raw["cards_per_round"]),
        notes=tuple(raw["notes"]),
    )


DATA = load_newyork()
