"""``bench/paired.py`` and the paired tests in ``game/stats.py``: two pairings judged deal by deal."""

from __future__ import annotations

import doctest
import importlib.util
import json
from pathlib import Path

from game import stats
from game.arena import pairing

spec = importlib.util.spec_from_file_location("paired", Path(__file__).resolve().parents[2] / "bench" / "paired.py")
paired = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
spec.loader.exec_module(paired)  # type: ignore[union-attr]


def game(winner: str) -> dict:
    return {"winner": winner, "end": "hourglasses", "rounds": 8, "times": {"jack": [0.5], "investigator": [0.25]}}


def test_the_stats_examples_hold():
    assert doctest.testmod(stats).failed == 0


def test_a_tie_on_the_differing_deals_is_noise():
    assert stats.sign_test(55, 54) == 1.0
    assert stats.sign_test(0, 0) == 1.0
    assert abs(stats.paired_gain_z(55, 54, 400)) < 0.2


def test_a_one_sided_split_is_not_noise():
    assert stats.sign_test(20, 0) < 1e-5
    assert stats.sign_test(20, 0) == stats.sign_test(0, 20)
    assert stats.paired_gain_z(20, 0, 100) > 4 > 0 > stats.paired_gain_z(0, 20, 100)


def test_only_deals_both_played_are_compared():
    a = {0: game("jack"), 1: game("jack"), 2: game("investigator"), 3: game("jack"), 9: game("jack")}
    b = {0: game("jack"), 1: game("investigator"), 2: game("jack"), 3: game("investigator")}
    c = paired.compare(a, b)
    assert (c["deals"], c["a"], c["b"], c["up"], c["down"]) == (4, 3, 2, 2, 1)


def test_the_tool_reads_both_pairings_from_a_record(tmp_path, capsys):
    record = tmp_path / "pocket.jsonl"
    lines = []
    for i in range(10):
        lines.append({"pairing": pairing("pocket", "expert", "hard", 21), "index": i,
                      **game("jack" if i < 8 else "investigator")})
        lines.append({"pairing": pairing("pocket", "hard", "hard", 21), "index": i,
                      **game("jack" if i < 5 else "investigator")})
    record.write_text("".join(json.dumps(x) + "\n" for x in lines))
    assert paired.main(["--game", "pocket", "--a", "expert", "hard", "--b", "hard", "hard",
                        "--record-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Jack won 8 of 10" in out and "Jack won 5 of 10" in out
    assert "+3 -0 for expert v hard: +30.0 points" in out


def test_a_broken_record_is_an_error_not_a_crash(tmp_path, capsys):
    (tmp_path / "pocket.jsonl").write_text("not json\n{}\n")
    assert paired.main(["--game", "pocket", "--a", "expert", "hard", "--b", "hard", "hard",
                        "--record-dir", str(tmp_path)]) == 2
    assert "error:" in capsys.readouterr().err
