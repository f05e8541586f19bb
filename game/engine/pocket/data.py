"""Mr. Jack Pocket's components, read from ``levels/pocket.json`` and checked once."""

from __future__ import annotations

from dataclasses import dataclass

from ..levels import Figure, load_level


@dataclass(frozen=True, slots=True)
class Character(Figure):
    letter: str
    hourglasses: int


@dataclass(frozen=True, slots=True)
class PocketData:
    characters: tuple[Character, ...]
    detectives: tuple[str, ...]
    detective_names: tuple[str, ...]
    starts: tuple[int, ...]
    tokens: tuple[tuple[str, str], ...]
    crossroads: frozenset[int]
    rounds: int
    hourglasses_to_win: int

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.characters)


def load_pocket() -> PocketData:
    """Read and validate the Pocket level file.

    :raises ValueError: if the file breaks an assumption the engine relies on.
    """
    raw = load_level("pocket")
    chars = tuple(
        Character(c["id"], c["name"], c["colour"], tuple(c["rgb"]), c["letter"], int(c["hourglasses"]))
        for c in raw["characters"]
    )
    ids = [c.id for c in chars]
    if len(chars) != 9 or len(set(ids)) != 9:
        raise ValueError("pocket: need 9 distinct characters")
    if len({c.letter for c in chars}) != 9:
        raise ValueError("pocket: character letters must be distinct")
    dets = tuple(d["id"] for d in raw["detectives"])
    starts = tuple(int(d["start"]) for d in raw["detectives"])
    if dets != ("holmes", "watson", "toby") or any(not 0 <= s < 12 for s in starts):
        raise ValueError("pocket: detectives must be holmes, watson, toby on 0-11")
    tokens = tuple((a, b) for a, b in raw["action_tokens"])
    faces = sorted(f for t in tokens for f in t)
    if faces != sorted(["alibi", "holmes", "watson", "toby", "rotate", "exchange", "rotate", "joker"]):
        raise ValueError("pocket: unexpected action token faces")
    cross = frozenset(ids.index(i) for i in raw["crossroads_when_cleared"])
    return PocketData(
        characters=chars,
        detectives=dets,
        detective_names=tuple(d["name"] for d in raw["detectives"]),
        starts=starts,
        tokens=tokens,
        crossroads=cross,
        rounds=int(raw["rounds"]),
        hourglasses_to_win=int(raw["hourglasses_to_win"]),
    )


DATA = load_pocket()
