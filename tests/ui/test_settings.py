"""Settings: defaults, a JSON round trip, and bad files that never crash the game."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.ui.settings import Settings, config_dir, load_settings, save_settings, settings_path


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MRJACK_HOME", str(tmp_path))
    monkeypatch.setenv("LANGUAGE", "en")
    return tmp_path


def test_missing_file_gives_the_defaults_without_a_warning() -> None:
    s = load_settings()
    assert s == Settings(language="en")
    assert (s.width, s.height, s.fullscreen, s.animation_speed) == (1280, 800, False, 1.0)
    assert 0 <= s.volume <= 1 and s.warning is None


def test_save_then_load_round_trips(home: Path) -> None:
    s = Settings(width=1024, height=768, fullscreen=True, animation_speed=2.5, volume=0.3, language="ru")
    path = save_settings(s)
    assert path == home / "settings.json" == settings_path()
    assert load_settings() == s
    assert json.loads(path.read_text())["language"] == "ru"
    assert "warning" not in json.loads(path.read_text())


def test_an_explicit_path_is_used(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "s.json"
    save_settings(Settings(volume=0.1), path)
    assert load_settings(path).volume == 0.1


def test_mrjack_home_overrides_the_config_folder(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    assert config_dir() == home
    monkeypatch.delenv("MRJACK_HOME")
    assert config_dir() == Path(platformdirs.user_config_dir("mrjack", appauthor=False))


@pytest.mark.parametrize("text", ["{not json", "", "\x00\x01\x02", "[1, 2]", '"a string"', "{\"width\": 1"])
def test_a_corrupt_file_gives_defaults_and_a_warning(home: Path, text: str) -> None:
    (home / "settings.json").write_text(text)
    s = load_settings()
    assert s == Settings(language="en")
    assert s.warning and "settings" in s.warning.lower()


def test_an_undecodable_file_gives_defaults_and_a_warning(home: Path) -> None:
    (home / "settings.json").write_bytes(b"\xff\xfe\xfa")
    s = load_settings()
    assert s == Settings(language="en") and s.warning


def test_bad_values_are_reset_one_by_one_and_good_ones_kept(home: Path) -> None:
    (home / "settings.json").write_text(json.dumps({
        "width": "wide", "height": 900, "fullscreen": "yes", "animation_speed": 2.0,
        "volume": None, "language": "xx", "unknown": 1}))
    s = load_settings()
    assert (s.width, s.height, s.fullscreen, s.animation_speed, s.language) == (1280, 900, False, 2.0, "en")
    assert s.volume == Settings().volume
    assert "width" in s.warning and "fullscreen" in s.warning and "xx" in s.warning


def test_out_of_range_values_are_clamped(home: Path) -> None:
    (home / "settings.json").write_text(json.dumps(
        {"width": 10, "height": 100000, "animation_speed": 99, "volume": -2}))
    s = load_settings()
    assert (s.width, s.height) == (640, 4320)
    assert s.animation_speed == 3.0 and s.volume == 0.0
    (home / "settings.json").write_text(json.dumps({"animation_speed": 0.01, "volume": 5}))
    s = load_settings()
    assert s.animation_speed == 0.5 and s.volume == 1.0


def test_a_directory_in_place_of_the_file_does_not_crash(home: Path) -> None:
    (home / "settings.json").mkdir()
    s = load_settings()
    assert s == Settings(language="en") and s.warning


def test_save_is_atomic(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save_settings(Settings(volume=0.5))
    before = (home / "settings.json").read_text()

    def boom(src, dst):  # type: ignore[no-untyped-def]
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        save_settings(Settings(volume=0.9))
    assert (home / "settings.json").read_text() == before
    assert [p.name for p in home.iterdir()] == ["settings.json"]


def test_default_language_follows_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "pl_PL.UTF-8")
    assert Settings().language == "pl"
    monkeypatch.setenv("LANGUAGE", "de:fr")
    assert Settings().language == "fr"
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert Settings().language == "en"
