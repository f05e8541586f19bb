"""Find and read the board and card data in ``levels/``."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

LEVELS_DIR = Path(__file__).resolve().parents[2] / "levels"


@cache
def load_level(name: str) -> dict[str, Any]:
    """Parse ``levels/<name>.json``; callers validate what they read."""
    with open(LEVELS_DIR / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)
