"""``bench/calibration.py``: how well a Pocket value table foresees recorded games."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

from game.bots.pocket_eval import VALUES, ValueTable

spec = importlib.util.spec_from_file_location(
    "calibration", Path(__file__).resolve().parents[2] / "bench" / "calibration.py")
calibration = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
spec.loader.exec_module(calibration)  # type: ignore[union-attr]


def test_a_table_that_ranks_every_won_game_above_every_lost_one_is_right_everywhere():
    games = [(0, [(1, 5, 2, 0), (2, 4, 3, 0)], 1), (1, [(1, 6, 0, 0), (2, 5, 1, 0)], 0)]
    assert calibration.concordance(lambda pos: pos[2] / 5, games) == 1.0
    assert calibration.concordance(lambda pos: -pos[2], games) == 0.0
    assert calibration.concordance(lambda pos: 0.5, games) == 0.5


def test_scores_of_a_sure_and_right_table_are_near_zero():
    games = [(0, [(1, 5, 2, 0)], 1), (1, [(1, 6, 0, 0)], 0)]
    brier, loss, n = calibration.scores(lambda pos: 1.0 if pos[1] == 5 else 0.0, games)
    assert n == 2 and brier < 1e-5 and loss < 0.01


def test_a_leveled_table_keeps_the_order_and_meets_the_games_share_of_wins():
    games = [(i, [(3, 4 + i % 3, i % 4, 0)], int(i % 5 != 0)) for i in range(40)]   # Jack won 32 of 40
    t = calibration.leveled(VALUES, games)
    at = [p for _, ps, _ in games for p in ps]
    mean = sum(calibration.chance(t, p) for p in at) / len(at)
    assert math.isclose(mean, 0.8, abs_tol=1e-6)
    row, old = t.table[3], VALUES.table[3]
    pairs = [((n, h), (m, k)) for n in range(2, 10) for h in range(5) for m in range(2, 10) for k in range(5)]
    assert all((row[a][b] > row[c][d]) == (old[a][b] > old[c][d]) for (a, b), (c, d) in pairs
               if abs(old[a][b] - old[c][d]) > 1e-3)
    assert t.table[4] == VALUES.table[4] and t.chase == VALUES.chase   # no game after round 4


def test_the_tool_judges_and_writes_from_an_arena_record(tmp_path, capsys):
    from game.arena import run_arena

    record = tmp_path / "pocket.jsonl"
    run_arena("pocket", "greedy", "easy:iterations=10", games=4, seed=2, record=record)
    out = tmp_path / "leveled.json"
    assert calibration.main(["--record", str(record), "--levels", "greedy,easy", "--write-leveled", str(out)]) == 0
    text = capsys.readouterr().out
    assert "4 recorded games" in text and "fitted from the other half" in text and "| 1 |" in text
    ValueTable.load(out)
    assert calibration.main(["--record", str(tmp_path / "none.jsonl")]) == 2
