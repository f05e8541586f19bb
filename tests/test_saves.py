"""Saved games: round trips, the autosave, and every kind of bad file refused clearly."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.engine.record import GameRecord
from game.saves import SaveError, SaveStore, data_dir, read_record


def finished_record() -> GameRecord:
    """A short legal game: play the first legal action until round 2 starts."""
    from game.engine import find_ruleset

    state = find_ruleset("pocket").new(7)
    actions = []
    while state.round < 2 and not state.is_over():
        action = state.legal_actions()[0]
        actions.append(str(action))
        state.apply(action)
    return GameRecord("pocket", 7, actions, {"mode": "hotseat"})


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "saves")


def test_save_then_load_gives_the_same_game(store: SaveStore) -> None:
    record = finished_record()
    path = store.save(record, "My game")
    loaded = store.load(path)
    assert (loaded.game, loaded.seed, loaded.actions) == (record.game, record.seed, record.actions)
    assert loaded.meta["name"] == "My game" and loaded.meta["mode"] == "hotseat"
    assert "name" not in record.meta, "saving must not change the caller's record"
    assert str(loaded.replay()) == str(record.replay())


def test_list_shows_name_game_round_mode_and_time(store: SaveStore) -> None:
    record = finished_record()
    store.save(record, "First")
    store.save(GameRecord("pocket", 3, [], {"mode": "solo"}), "Second")
    infos = {i.name: i for i in store.list()}
    assert set(infos) == {"First", "Second"}
    assert infos["First"].game == "pocket" and infos["First"].round == 2
    assert infos["First"].mode == "hotseat" and infos["First"].ok
    assert infos["Second"].round == 1 and infos["Second"].mode == "solo"
    assert infos["First"].modified > 0


def test_a_name_in_any_script_makes_a_file(store: SaveStore) -> None:
    path = store.save(finished_record(), "Партия №1 / Żółw")
    assert path.parent == store.folder and path.suffix == ".json"
    assert store.list()[0].name == "Партия №1 / Żółw"


def test_saving_under_the_same_name_replaces_the_save(store: SaveStore) -> None:
    store.save(finished_record(), "Same")
    store.save(GameRecord("pocket", 3, []), "Same")
    assert len(store.list()) == 1 and store.list()[0].round == 1


def test_a_save_called_autosave_does_not_overwrite_the_autosave(store: SaveStore) -> None:
    store.autosave(finished_record())
    path = store.save(GameRecord("pocket", 3, []), "autosave")
    assert path != store.autosave_path
    assert store.load_autosave() is not None and store.load_autosave().seed == 7


def test_delete_removes_a_save_and_forgets_a_missing_one(store: SaveStore) -> None:
    path = store.save(finished_record(), "Gone")
    store.delete(path)
    store.delete(path)
    assert store.list() == []


def test_autosave_resume_and_clear(store: SaveStore) -> None:
    assert store.load_autosave() is None
    record = finished_record()
    store.autosave(record)
    resumed = store.load_autosave()
    assert resumed is not None and resumed.actions == record.actions
    assert store.list() == [], "the autosave is not a named save"
    assert [i.name for i in store.list(include_autosave=True)] == ["autosave"]
    store.clear_autosave(record)
    store.clear_autosave(record)
    assert store.load_autosave() is None


def test_a_damaged_autosave_is_ignored(store: SaveStore) -> None:
    store.folder.mkdir(parents=True)
    store.autosave_path.write_text('{"format": "mrjack-rec')
    assert store.load_autosave() is None


def test_default_folder_follows_mrjack_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MRJACK_HOME", str(tmp_path))
    assert data_dir() == tmp_path
    assert SaveStore().folder == tmp_path / "saves"


def test_without_mrjack_home_the_user_data_folder_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    monkeypatch.delenv("MRJACK_HOME", raising=False)
    assert data_dir() == Path(platformdirs.user_data_dir("mrjack", appauthor=False))


# ------------------------------------------------------------------ bad files
def write(store: SaveStore, name: str, data: bytes) -> Path:
    store.folder.mkdir(parents=True, exist_ok=True)
    path = store.folder / name
    path.write_bytes(data)
    return path


BAD_FILES = {
    "truncated": (lambda text: text[: len(text) // 2].encode(), "truncated"),
    "empty": (lambda text: b"", "empty"),
    "garbage": (lambda text: bytes(range(256)) * 4, "not text"),
    "not json": (lambda text: b"hello, world", "not valid JSON"),
    "foreign json": (lambda text: b'{"name": "something else", "version": 3}', "not a Mr. Jack saved game"),
    "json list": (lambda text: b"[1, 2, 3]", "not a Mr. Jack saved game"),
    "foreign format": (lambda text: text.replace("mrjack-record/1", "chess-pgn/1").encode(),
                       "not a Mr. Jack saved game"),
    "future version": (lambda text: text.replace("mrjack-record/1", "mrjack-record/7").encode(),
                       "newer version"),
    "illegal move": (lambda text: text.replace('"actions": [', '"actions": ["alibi", ').encode(), "damaged"),
    "unknown game": (lambda text: text.replace('"game": "pocket"', '"game": "ludo"').encode(), "damaged"),
    "bad seed": (lambda text: text.replace('"seed": 7', '"seed": "seven"').encode(), "damaged"),
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_a_bad_file_raises_save_error_with_a_clear_message(store: SaveStore, kind: str) -> None:
    make, words = BAD_FILES[kind]
    path = write(store, f"{kind.replace(' ', '_')}.json", make(finished_record().to_json()))
    with pytest.raises(SaveError) as err:
        store.load(path)
    assert isinstance(err.value, ValueError)
    assert words in str(err.value), str(err.value)
    assert path.name in str(err.value), "the message names the file"
    listed = [i for i in store.list() if i.path == path]
    assert len(listed) == 1 and not listed[0].ok and words in listed[0].error


def test_a_missing_file_raises_save_error(store: SaveStore) -> None:
    with pytest.raises(SaveError, match="no longer exists"):
        store.load(store.folder / "nothing.json")


def test_a_huge_file_is_refused_without_reading_it(store: SaveStore) -> None:
    path = write(store, "huge.json", b" " * (2 << 20))
    with pytest.raises(SaveError, match="too large"):
        read_record(path)


def test_list_survives_a_mix_of_good_and_bad_files(store: SaveStore) -> None:
    store.save(finished_record(), "Good")
    write(store, "bad.json", b"\x00\x01")
    (store.folder / "notes.txt").write_text("not a save")
    infos = store.list()
    assert sorted((i.name, i.ok) for i in infos) == [("Good", True), ("bad", False)]


# ------------------------------------------------------------- atomic writes
def test_writes_go_through_a_temp_file_and_os_replace(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = os.replace

    def spy(src, dst):  # type: ignore[no-untyped-def]
        calls.append((Path(src), Path(dst)))
        assert Path(src).parent == Path(dst).parent, "the temp file is in the same folder"
        assert json.loads(Path(src).read_text())["format"] == "mrjack-record/1", "complete before the rename"
        return real(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    path = store.save(finished_record(), "Atomic")
    store.autosave(finished_record())
    assert [dst for _src, dst in calls] == [path, store.slot_path("pocket", "hotseat")]


def test_a_failed_write_keeps_the_old_save_and_leaves_no_temp_file(
        store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    path = store.save(finished_record(), "Keep")
    before = path.read_bytes()

    def boom(src, dst):  # type: ignore[no-untyped-def]
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError, match="disk full"):
        store.save(GameRecord("pocket", 3, []), "Keep")
    assert path.read_bytes() == before
    assert sorted(p.name for p in store.folder.iterdir()) == [path.name]


# --------------------------------------------------------- one slot per game and mode
def unfinished(game: str, seed: int, mode: str = "solo", human: str = "investigator", plies: int = 3) -> GameRecord:
    from game.engine import find_ruleset

    state = find_ruleset(game).new(seed)
    actions = []
    for _ in range(plies):
        action = state.legal_actions()[0]
        actions.append(str(action))
        state.apply(action)
    return GameRecord(game, seed, actions, {"mode": mode, "human": human})


def test_a_second_game_of_another_game_keeps_the_first(store: SaveStore) -> None:
    """Issue 12.1: Save and quit in London, then a New York game: the London game is still there."""
    london = unfinished("london", 4)
    store.autosave(london)
    store.autosave(unfinished("newyork", 5, human="jack"))
    kept = {(i.game, i.mode, i.side) for i in store.autosaves()}
    assert kept == {("london", "solo", "investigator"), ("newyork", "solo", "jack")}
    assert store.load(store.slot_path("london", "solo")).actions == london.actions


def test_another_mode_of_the_same_game_has_its_own_slot(store: SaveStore) -> None:
    store.autosave(unfinished("pocket", 4, mode="solo"))
    store.autosave(unfinished("pocket", 5, mode="hotseat", human="both"))
    assert sorted(i.mode for i in store.autosaves()) == ["hotseat", "solo"]


def test_slot_info_names_the_unfinished_game_a_new_one_would_replace(store: SaveStore) -> None:
    assert store.slot_info("london", "solo") is None
    store.autosave(unfinished("london", 4))
    held = store.slot_info("london", "solo")
    assert held is not None and held.ok and (held.game, held.seed, held.round, held.side) == (
        "london", 4, 1, "investigator")
    assert store.slot_info("london", "hotseat") is None and store.slot_info("newyork", "solo") is None


def test_a_finished_game_in_a_slot_is_nothing_to_ask_about(store: SaveStore) -> None:
    record = finished_record()
    store.autosave(record)
    assert store.slot_info("pocket", "hotseat") is not None  # round 2: not over
    state = record.replay()
    while not state.is_over():
        action = state.legal_actions()[0]
        record.actions.append(str(action))
        state.apply(action)
    store.autosave(record)
    assert store.slot_info("pocket", "hotseat") is None and store.load_autosave() is None


def test_clearing_a_slot_removes_only_that_game(store: SaveStore) -> None:
    london, other = unfinished("london", 4), unfinished("london", 9)
    store.autosave(london)
    store.clear_autosave(other)  # another game of the same slot: not this one's to remove
    assert store.slot_info("london", "solo") is not None
    store.clear_autosave(london)
    assert store.slot_info("london", "solo") is None


def test_a_damaged_slot_is_set_aside_not_overwritten(store: SaveStore) -> None:
    """A corrupt save gives a clear error and loses nothing else: the new game does not overwrite it."""
    path = write(store, store.slot_path("london", "solo").name, b'{"format": "mrjack-record/1", "ga')
    held = store.slot_info("london", "solo")
    assert held is not None and not held.ok and held.error_kind == "truncated"
    store.autosave(unfinished("london", 4))
    assert store.load(path).seed == 4
    damaged = [i for i in store.list(include_autosave=True) if not i.ok]
    assert len(damaged) == 1 and damaged[0].error_kind == "truncated" and "damaged" in damaged[0].path.name
    assert damaged[0].path.read_bytes() == b'{"format": "mrjack-record/1", "ga'


def test_the_single_autosave_of_earlier_versions_is_read_then_moved_to_its_slot(store: SaveStore) -> None:
    old = unfinished("pocket", 6, plies=2)
    write(store, "autosave.json", old.to_json().encode())
    assert store.load_autosave().actions == old.actions
    assert [i.name for i in store.autosaves()] == ["autosave"]
    old.actions.append(str(old.replay().legal_actions()[0]))
    store.autosave(old)
    assert not store.autosave_path.exists()
    assert [i.path for i in store.autosaves()] == [store.slot_path("pocket", "solo")]


def test_the_single_autosave_of_another_game_is_left_alone(store: SaveStore) -> None:
    write(store, "autosave.json", unfinished("pocket", 6).to_json().encode())
    store.autosave(unfinished("pocket", 7))
    assert store.autosave_path.exists() and len(store.autosaves()) == 2
