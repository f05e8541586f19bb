"""Synthesised sound effects: every name builds, and no audio device is never an error."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import sound  # noqa: E402


@pytest.mark.parametrize("name", sound.NAMES)
def test_every_effect_is_short_audible_and_within_range(name: str) -> None:
    samples = sound.synthesise(name, 22050)
    assert 0.01 < len(samples) / 22050 < 1.5
    peak = max(abs(v) for v in samples)
    assert 0.05 < peak <= 1.2
    assert abs(samples[-1]) < 0.05, "effects fade out instead of clicking off"


def test_the_nine_names() -> None:
    assert set(sound.NAMES) == {"step", "turn", "flip", "slide", "deal", "throw", "witness", "win", "click"}


def test_effects_are_the_same_every_time() -> None:
    assert sound.synthesise("throw") == sound.synthesise("throw")


@pytest.mark.parametrize("size,channels,width", [(-16, 2, 4), (16, 1, 2), (8, 1, 1), (-8, 2, 2), (32, 2, 8)])
def test_pcm_matches_the_mixer_format(size: int, channels: int, width: int) -> None:
    assert len(sound.to_pcm([0.0, 0.5, -1.5], size, channels)) == 3 * width


def test_plays_with_the_dummy_audio_driver() -> None:
    s = sound.Sound(0.5)
    for name in sound.NAMES:
        s.play(name)
    if s.enabled:
        assert s.get("click").get_volume() == pytest.approx(0.5, abs=0.01)
    s.set_volume(3)
    assert s.volume == 1.0
    s.set_volume(-1)
    assert s.volume == 0.0
    s.play("win")  # silent at volume 0, still no error


def test_no_audio_device_means_silence_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    s = sound.Sound(0.8)
    assert not s.enabled and "no audio device" in (s.error or "")
    for name in sound.NAMES:
        s.play(name)
    assert s.get("step") is None


def test_an_unknown_effect_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="no sound called"):
        sound.Sound(0.5).play("trumpet")
    with pytest.raises(ValueError):
        sound.synthesise("trumpet")
