"""``bench/chase.py``: a chase's witness calls are counted from the round it began."""

import importlib.util
from pathlib import Path

spec = importlib.util.spec_from_file_location("chase", Path(__file__).resolve().parents[2] / "bench" / "chase.py")
assert spec is not None and spec.loader is not None
chase = importlib.util.module_from_spec(spec)
spec.loader.exec_module(chase)


def test_an_escape_counts_every_call_to_the_end_and_a_capture_the_calls_before_it():
    games = [
        ("jack", "chase-escaped", 5, 8),        # unseen in rounds 6, 7 and 8
        ("investigator", "chase-seen", 4, 7),   # unseen in rounds 5 and 6, seen in 7
        ("jack", "hourglasses", None, 5),       # no chase: not counted
        ("investigator", "one-suspect", None, 6),
    ]
    by_start, survived, seen = chase.survival(games)
    assert by_start == {(5, "jack"): 1, (4, "investigator"): 1}
    assert (survived, seen) == (5, 1)


def test_a_game_is_the_same_for_its_seed_and_index():
    job = ("minimax", "minimax", 41, 3)
    first = chase.play(job)
    assert first == chase.play(job)
    winner, end, start, last = first
    assert winner in ("jack", "investigator") and 1 <= last <= 8
    assert (start is not None) == end.startswith("chase")
