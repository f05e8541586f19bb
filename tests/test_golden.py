"""The golden playthroughs and perft counts still match, line by line."""

import difflib

import pytest

from game.engine import RULESETS
from game.playthrough import GOLDEN_DIR, PLAYTHROUGH_SEEDS, golden_files

FILES = golden_files()


@pytest.mark.parametrize("name", sorted(FILES))
def test_golden_file_matches(name):
    path = GOLDEN_DIR / name
    assert path.exists(), f"missing golden file {name}: run 'python run.py playthrough'"
    want = path.read_text(encoding="utf-8").splitlines()
    got = FILES[name].splitlines()
    diff = "\n".join(difflib.unified_diff(want, got, "golden", "now", lineterm="", n=1))
    assert got == want, f"{name} changed (regenerate with 'python run.py playthrough' if intended):\n{diff[:4000]}"


@pytest.mark.parametrize("rs", RULESETS, ids=lambda r: r.name)
def test_every_ruleset_has_playthroughs(rs):
    for seed in PLAYTHROUGH_SEEDS:
        assert (GOLDEN_DIR / f"{rs.name}-playthrough-{seed}.txt").exists()
    assert (GOLDEN_DIR / f"{rs.name}-perft.txt").exists()
