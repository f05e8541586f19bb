"""``run.py arena``: figures that depend on the seed alone, and a record that lets a long pairing
be stopped and taken up again without changing them."""

from __future__ import annotations

import json

import pytest

from game.arena import (
    SAME_PLAY,
    SAME_PLAY_EXCEPT,
    RecordError,
    pairing,
    play_one,
    read_record,
    report,
    run_arena,
    same_play,
)
from game.arena_replay import replay
from game.engine.errors import IllegalActionError, ParseError

PAIRING = ("pocket", "random", "greedy")


def outcome(res: dict) -> tuple:
    return res["wins"], res["ends"], res["rounds"]


def test_arena_figures_do_not_depend_on_the_worker_count():
    one = run_arena(*PAIRING, games=6, seed=4, jobs=1)
    two = run_arena(*PAIRING, games=6, seed=4, jobs=2)
    assert outcome(one) == outcome(two)
    assert sum(one["wins"].values()) == 6


def test_a_recorded_pairing_taken_up_again_gives_the_figures_of_one_run(tmp_path):
    record = tmp_path / "games.jsonl"
    whole = run_arena(*PAIRING, games=8, seed=9)
    first = run_arena(*PAIRING, games=3, seed=9, record=record)
    assert first["played"] == 3 and len(record.read_text().splitlines()) == 3
    rest = run_arena(*PAIRING, games=8, seed=9, jobs=2, record=record)
    assert rest["played"] == 5
    assert outcome(rest) == outcome(whole)
    again = run_arena(*PAIRING, games=8, seed=9, record=record)
    assert again["played"] == 0 and outcome(again) == outcome(whole)
    assert "5 played now" in report(rest) and "3 from the record" in report(rest)


def test_a_record_holds_many_pairings_and_keeps_them_apart(tmp_path):
    record = tmp_path / "games.jsonl"
    run_arena(*PAIRING, games=2, seed=1, record=record)
    other = run_arena("pocket", "greedy", "random", games=2, seed=1, record=record)
    assert other["played"] == 2   # another pairing: nothing of the first one is taken for it
    assert sorted(read_record(record, pairing("pocket", "random", "greedy", 1))) == [0, 1]
    assert read_record(record, pairing("pocket", "random", "greedy", 2)) == {}


def test_a_game_cut_short_by_a_kill_is_played_again(tmp_path):
    record = tmp_path / "games.jsonl"
    whole = run_arena(*PAIRING, games=4, seed=2)
    run_arena(*PAIRING, games=2, seed=2, record=record)
    lines = record.read_text().splitlines()
    record.write_text("\n".join(lines) + "\n" + lines[1][: len(lines[1]) // 2])  # killed mid-write
    assert sorted(read_record(record, pairing(*PAIRING, 2))) == [0, 1]
    res = run_arena(*PAIRING, games=4, seed=2, record=record)
    assert res["played"] == 2 and outcome(res) == outcome(whole)
    kept = [json.loads(line) for line in record.read_text().splitlines()]   # whole lines again
    assert sorted(g["index"] for g in kept) == [0, 1, 2, 3]
    assert sorted(read_record(record, pairing(*PAIRING, 2))) == [0, 1, 2, 3]


@pytest.mark.parametrize("game", ["pocket", "london", "newyork"])
def test_a_recorded_game_replays_from_its_moves_to_the_same_end(tmp_path, game):
    record = tmp_path / "games.jsonl"
    run_arena(game, "greedy", "easy:iterations=10", games=2, seed=6, record=record)
    for index, played in read_record(record, pairing(game, "greedy", "easy:iterations=10", 6)).items():
        seen = []
        state = replay(game, 6, index, played["moves"], watch=seen.append)
        assert state.winner().value == played["winner"] and state.round == played["rounds"]
        assert state.outcome.termination.value == played["end"]
        assert len(seen) == len(played["moves"]) + 1 and seen[-1] is state


def test_a_replay_of_wrong_or_short_moves_is_a_clear_error():
    moves = play_one(("pocket", "random", "greedy", 7, 0))["moves"]
    with pytest.raises(RecordError, match="stop before the end"):
        replay("pocket", 7, 0, moves[:-1])
    with pytest.raises(ParseError):
        replay("pocket", 7, 0, ["fly to the moon", *moves])
    with pytest.raises(IllegalActionError):
        replay("pocket", 7, 0, [moves[1], *moves])   # one move off: a move is not legal where it stands


def test_a_record_line_whose_moves_are_not_texts_is_refused(tmp_path):
    record = tmp_path / "games.jsonl"
    run_arena(*PAIRING, games=2, seed=3, record=record)
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    lines[0]["moves"] = [1, 2]
    record.write_text("".join(json.dumps(x) + "\n" for x in lines))
    with pytest.raises(RecordError, match="line 1"):
        read_record(record, pairing(*PAIRING, 3))


@pytest.mark.parametrize("bad", ["not json at all", '{"pairing": ["pocket"], "index": "x"}', "[1, 2]"])
def test_a_corrupt_record_is_a_clear_error_and_is_left_as_it_was(tmp_path, bad):
    record = tmp_path / "games.jsonl"
    run_arena(*PAIRING, games=2, seed=3, record=record)
    text = record.read_text()
    record.write_text(bad + "\n" + text)
    with pytest.raises(RecordError, match="line 1"):
        run_arena(*PAIRING, games=4, seed=3, record=record)
    assert record.read_text() == bad + "\n" + text


def test_games_played_by_other_code_are_not_counted(tmp_path):
    record = tmp_path / "games.jsonl"
    run_arena(*PAIRING, games=2, seed=5, record=record)
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    for line in lines:
        line["pairing"][-1] = "0" * 16   # as if the bots had changed since
    record.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert read_record(record, pairing(*PAIRING, 5)) == {}
    assert run_arena(*PAIRING, games=2, seed=5, record=record)["played"] == 2


def test_games_of_code_known_to_play_the_same_moves_count_and_no_others(tmp_path, monkeypatch):
    """A change that only moved code names the digest it replaces (``SAME_PLAY``): the games played
    before count for it, and go on from where they stopped; a digest it does not name counts nothing."""
    import game.arena as arena

    record = tmp_path / "games.jsonl"
    run_arena(*PAIRING, games=3, seed=5, record=record)
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    now = lines[0]["pairing"][-1]
    for line in lines:
        line["pairing"][-1] = "1" * 16   # played by the code before the move
    lines[2]["pairing"][-1] = "2" * 16   # ... and one game by code that played otherwise
    record.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert read_record(record, pairing(*PAIRING, 5)) == {}
    monkeypatch.setattr(arena, "SAME_PLAY", {now: "3" * 16, "3" * 16: "1" * 16})   # two moves since
    assert sorted(read_record(record, pairing(*PAIRING, 5))) == [0, 1]
    assert run_arena(*PAIRING, games=4, seed=5, record=record)["played"] == 2


def test_games_of_code_that_changed_one_sides_bot_count_for_every_other_pairing(tmp_path, monkeypatch):
    """A change to how one level plays one side (``SAME_PLAY_EXCEPT``) keeps the earlier games of
    the pairings without that level on that side, and starts the others afresh; a level with
    settings is its level."""
    import game.arena as arena

    record = tmp_path / "games.jsonl"
    run_arena(*PAIRING, games=2, seed=5, record=record)
    now = pairing(*PAIRING, 5)[-1]
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    for line in lines:
        line["pairing"][-1] = "1" * 16
    record.write_text("".join(json.dumps(line) + "\n" for line in lines))
    monkeypatch.setattr(arena, "SAME_PLAY", {})   # the shipped entries may name today's code
    monkeypatch.setattr(arena, "SAME_PLAY_EXCEPT", {now: ("1" * 16, frozenset({("jack", "greedy")}))})
    assert sorted(read_record(record, pairing(*PAIRING, 5))) == [0, 1]       # greedy investigates
    monkeypatch.setattr(arena, "SAME_PLAY_EXCEPT", {now: ("1" * 16, frozenset({("investigator", "greedy")}))})
    assert read_record(record, pairing(*PAIRING, 5)) == {}
    assert run_arena(*PAIRING, games=2, seed=5, record=record)["played"] == 2
    monkeypatch.setattr(arena, "SAME_PLAY_EXCEPT", {now: ("1" * 16, frozenset({("jack", "hard")}))})
    assert same_play(now, "hard:iterations=4000", "minimax") == {now}
    assert same_play(now, "hard1", "hard") == {now, "1" * 16}


def test_the_known_same_play_names_earlier_code_only():
    """Every entry replaces a digest with another; none leads round in a circle."""
    earlier = {**SAME_PLAY, **{new: old for new, (old, _) in SAME_PLAY_EXCEPT.items()}}
    assert not set(SAME_PLAY) & set(SAME_PLAY_EXCEPT)
    for new, old in earlier.items():
        assert new != old and len(new) == len(old) == 16
        seen = {new}
        while old in earlier:
            assert old not in seen
            seen.add(old)
            old = earlier[old]
    for _, changed in SAME_PLAY_EXCEPT.values():
        assert changed and all(side in ("jack", "investigator") and ":" not in level for side, level in changed)


def test_a_change_to_one_family_of_games_keeps_the_other_familys_recorded_games(tmp_path, monkeypatch):
    """Pocket's games stay counted when only the card games' bots or boards change, and the other
    way round; a change to what both use voids every game's record."""
    import shutil

    import game.arena as arena

    root = arena._ROOT
    for part in ("game/engine", "game/bots"):
        shutil.copytree(root / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(root / "game/match.py", tmp_path / "game/match.py")
    shutil.copytree(root / "levels", tmp_path / "levels")
    monkeypatch.setattr(arena, "_ROOT", tmp_path)
    games = ("pocket", "london", "newyork")

    def digests() -> dict[str, str]:
        return {g: pairing(g, "hard1", "hard1", 1)[-1] for g in games}

    def touch(path: str) -> None:
        f = tmp_path / path
        f.write_bytes(f.read_bytes() + b"\n")

    before = digests()
    assert before["london"] == before["newyork"] != before["pocket"]
    touch("game/bots/card_search.py")
    after = digests()
    assert after["pocket"] == before["pocket"] and after["london"] != before["london"]
    touch("game/bots/pocket_search.py")
    assert digests()["london"] == after["london"] and digests()["pocket"] != after["pocket"]
    touch("levels/pocket.json")
    again = digests()
    assert again["pocket"] != after["pocket"] and again["london"] == after["london"]
    touch("game/bots/search.py")
    shared = digests()
    assert all(v != again[g] for g, v in shared.items())
    touch("game/bots/search_tree.py")
    assert all(v != shared[g] for g, v in digests().items())


def _kept_records() -> list:
    from pathlib import Path
    return sorted((Path(__file__).resolve().parent.parent / "bench" / "arena").glob("*.jsonl"))


@pytest.mark.parametrize("path", _kept_records(), ids=lambda p: p.name)
def test_the_kept_arena_records_hold_each_game_of_a_pairing_once_and_none_missing(path, tmp_path):
    """The figures in ``bench/RESULTS.md`` come from these files; a game written twice (two runs
    at once, a bad merge) would be counted once, silently, and a gap would shift every index."""
    later = {old: (new, frozenset()) for new, old in SAME_PLAY.items()}
    later.update({old: (new, changed) for new, (old, changed) in SAME_PLAY_EXCEPT.items()})

    def newest(digest: str, jack: str, investigator: str) -> str:   # the code that now plays as ``digest`` did
        bots = {("jack", jack.split(":")[0]), ("investigator", investigator.split(":")[0])}
        while digest in later and not bots & later[digest][1]:
            digest = later[digest][0]
        return digest

    by_pairing: dict[tuple, list[int]] = {}
    # A last line without its newline is a game being written now (a run beside the tests): the
    # arena drops it as well, and plays its game again.
    text = path.read_text(encoding="utf-8")
    snapshot = tmp_path / path.name   # both reads below see the same games
    snapshot.write_text(text, encoding="utf-8")
    for number, raw in enumerate(text.split("\n")[:-1], 1):
        line = json.loads(raw)
        assert line["pairing"][0] == path.stem, f"line {number} is a game of {line['pairing'][0]}"
        key = (*line["pairing"][:-1], newest(line["pairing"][-1], line["pairing"][1], line["pairing"][2]))
        by_pairing.setdefault(key, []).append(line["index"])
    for key, indices in by_pairing.items():
        assert sorted(indices) == list(range(len(indices))), f"{key}: indices not 0..{len(indices) - 1}"
        assert sorted(read_record(snapshot, list(key))) == sorted(indices), f"{key}: the arena reads other games"
