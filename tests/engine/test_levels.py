"""The level files and the board references they are derived from travel together.

``levels/reference/`` holds the transcribed boards (``*-board.json``, with
their sources and confidence in ``*-board.md``); ``levels/london.json`` and
``levels/newyork.json`` are derived from them.  These tests hold on every
machine: nothing outside the repository is read.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.engine.levels import LEVELS_DIR, load_level

ROOT = LEVELS_DIR.parent
#: An absolute path of some machine: two or more folders from the root after a quote, a
#: space or a bracket (a Unix path), or a drive letter (a Windows path).
ABSOLUTE = re.compile(r"""(?:^|[\s"'(\[])/[\w.-]+/[\w.-]+|\b[A-Za-z]:\\""")
HERE = Path(__file__)


def reference(name: str) -> dict:
    return json.loads((LEVELS_DIR / "reference" / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", sorted([*LEVELS_DIR.rglob("*.json"), *LEVELS_DIR.rglob("*.md"),
                                         *(p for p in HERE.parent.glob("*.py") if p != HERE)]),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_level_files_and_engine_tests_name_no_absolute_path(path: Path) -> None:
    """A path of one developer's machine would make a test skip, or a source unfindable, elsewhere."""
    hits = [m.group(0).strip() for m in ABSOLUTE.finditer(path.read_text(encoding="utf-8"))]
    assert not hits, f"{path.relative_to(ROOT)}: {hits}"


@pytest.mark.parametrize("game", ["london", "newyork"])
def test_level_file_names_the_reference_shipped_next_to_it(game: str) -> None:
    source = load_level(game)["source"]
    assert f"reference/{game}-board.json" in source
    assert (LEVELS_DIR / "reference" / f"{game}-board.json").is_file()
    assert (LEVELS_DIR / "reference" / f"{game}-board.md").is_file()


def test_london_level_file_keeps_the_reference_board() -> None:
    """Cells, lamps, exits and both printings' manholes, covers, start cells and lantern."""
    ref, level = reference("london-board.json"), load_level("london")
    assert {c["id"]: (c["col"], c["row"], c["type"]) for c in ref["cells"]} == {
        c["id"]: (c["col"], c["row"], c["type"]) for c in level["cells"]}
    assert [(lp["cell"], lp["number"], lp["lit_at_start"]) for lp in ref["lamps"]] == [
        (lp["cell"], lp["number"], lp["lit"]) for lp in level["lamps"]]
    assert [(e["id"], e["adjacent_cells"], e["virtual_cell"]["id"], e["cordon_at_start"]) for e in ref["exits"]] == [
        (e["id"], [e["cell"]], e["virtual"], e["cordon"]) for e in level["exits"]]
    assert level["default_edition"] == ref["default_edition"]
    short = {c["name"]: c["id"] for c in level["characters"]}
    for name, ed in ref["editions"].items():
        mine = level["editions"][name]
        assert mine["manholes"] == [m["cell"] for m in ed["manholes"]]
        assert mine["covered"] == [m["cell"] for m in ed["manholes"] if m["covered_at_start"]]
        assert mine["start"] == {short[c["name"]]: c["cell"] for c in ed["characters"]}
        assert mine["lantern"] == ed["watson_lantern_start"]["direction"]
