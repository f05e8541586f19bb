"""The Pocket value fit: self-play of any search level, a table the search can load."""

from __future__ import annotations

import json

import pytest

from game.bots.fit import main, record_game
from game.bots.pocket_eval import ValueTable
from game.engine.pocket.state import ROUNDS, TO_WIN


def test_a_tuned_search_level_plays_the_fit_games_repeatably():
    job = ("hard:iterations=20", "normal:iterations=10", 5, 6)
    records, won = record_game(job)
    assert (records, won) == record_game(job)
    assert won in (0, 1)
    for rounds, suspects, hourglasses, chase in records:
        assert 1 <= rounds < ROUNDS and 1 <= suspects <= 9 and hourglasses >= 0 and chase in (0, 1)


def test_an_unknown_bot_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown bot"):
        record_game(("nobody", "greedy", 1, 2))


def test_the_written_table_loads_and_says_where_it_came_from(tmp_path):
    out = tmp_path / "values.json"
    assert main(["--games", "6", "--jack", "easy", "--investigator", "greedy", "--out", str(out)]) == 0
    raw = json.loads(out.read_text())
    assert raw["source"]["jack"] == "easy" and raw["source"]["games"] == 6
    table = ValueTable.load(out)
    for r in range(1, ROUNDS):
        for n in range(2, 10):
            for h in range(TO_WIN):
                assert 0.0 <= table.table[r][n][h] <= 1.0
