"""The Pocket value fit: self-play of any search level, a table the search can load."""

from __future__ import annotations

import json

import pytest

from game.bots.fit import collect_record, main, record_game
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


def test_a_table_is_fitted_from_the_games_of_an_arena_record_played_again(tmp_path, capsys):
    from game.arena import run_arena

    record = tmp_path / "pocket.jsonl"
    run_arena("pocket", "greedy", "easy:iterations=10", games=4, seed=2, record=record)
    run_arena("pocket", "random", "greedy", games=2, seed=2, record=record)
    lines = record.read_text().splitlines()
    old = json.loads(lines[0])
    del old["moves"]   # a game recorded before moves were kept: left out
    record.write_text("\n".join([json.dumps(old), *lines[1:]]) + "\n")
    counts, wins, games, bad = collect_record(str(record), {"greedy", "easy"})
    assert (games, bad) == (3, 0)
    assert wins == sum(json.loads(x)["winner"] == "jack" for x in lines[1:4])
    assert sum(c[1] for c in counts.values()) > 0
    assert collect_record(str(record))[2] == 5

    out = tmp_path / "values.json"
    assert main(["--from-record", str(record), "--levels", "greedy,easy", "--out", str(out)]) == 0
    raw = json.loads(out.read_text())
    assert raw["source"]["record"] == str(record) and raw["source"]["games"] == 3
    ValueTable.load(out)
    assert "3 recorded games" in capsys.readouterr().err


def test_recorded_moves_that_do_not_replay_are_counted_and_left_out(tmp_path):
    from game.arena import run_arena

    record = tmp_path / "pocket.jsonl"
    run_arena("pocket", "greedy", "greedy", games=2, seed=4, record=record)
    first, second = (json.loads(x) for x in record.read_text().splitlines())
    second["moves"] = first["moves"]   # another deal's moves
    record.write_text(json.dumps(first) + "\n" + json.dumps(second) + "\n")
    assert collect_record(str(record))[2:] == (1, 1)
    assert main(["--from-record", str(tmp_path / "none.jsonl"), "--out", str(tmp_path / "v.json")]) == 2
