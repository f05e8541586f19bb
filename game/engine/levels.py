"""Find and read the board and card data in ``levels/``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

LEVELS_DIR = Path(__file__).resolve().parents[2] / "levels"


@cache
def load_level(name: str) -> dict[str, Any]:
    """Parse ``levels/<name>.json``; callers validate what they read."""
    with open(LEVELS_DIR / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


@dataclass(frozen=True, slots=True)
class Figure:
    """What every game's level file says of a character: its id, printed name and colours."""

    id: str
    name: str
    colour: str
    rgb: tuple[int, int, int]
