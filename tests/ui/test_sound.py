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


# ------------------------------------------------------- volumes per effect and for the music
def test_each_effect_has_its_own_volume_under_the_master() -> None:
    s = sound.Sound(0.8, effect_volumes={"step": 0.25, "nonsense": 0.5})
    assert s.effect_volume("step") == pytest.approx(0.2) and s.effect_volume("click") == pytest.approx(0.8)
    assert "nonsense" not in s.effect_volumes
    s.set_effect_volume("witness", 0.5)
    if s.enabled:
        assert s.get("witness").get_volume() == pytest.approx(0.4, abs=0.01)
        assert s.get("step").get_volume() == pytest.approx(0.2, abs=0.01)
    with pytest.raises(ValueError):
        s.set_effect_volume("thunder", 1.0)


def test_an_effect_at_volume_zero_is_not_played(monkeypatch: pytest.MonkeyPatch) -> None:
    s = sound.Sound(1.0, effect_volumes={"step": 0.0})
    built: list[str] = []
    real = s.get
    monkeypatch.setattr(s, "get", lambda name: built.append(name) or real(name))
    s.play("step")
    s.play("click")
    assert built == ["click"]


def test_the_music_is_a_seamless_quiet_loop() -> None:
    m = sound.synthesise_music(sound.MUSIC_RATE)
    assert len(m) == int(16 * sound.BEAT * sound.MUSIC_RATE)
    assert 0.05 < max(abs(v) for v in m) <= 0.6, "under the effects"
    assert abs(m[0] - m[-1]) < 0.05, "no click where the loop joins"
    assert sound.resample([0.0, 1.0], 1, 2) == [0.0, 0.5, 1.0, 0.5]


def test_the_music_has_its_own_volume_and_stops_when_muted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sound, "synthesise_music", lambda rate: [0.1, -0.1] * 2000)  # its notes are tested above
    s = sound.Sound(1.0, music_volume=0.5)
    s.start_music()
    s.wait_for_music()
    if not s.enabled:
        pytest.skip("no mixer")
    assert s.music_playing and s._music.get_volume() == pytest.approx(0.5, abs=0.01)
    s.set_music_volume(0.0)
    assert not s.music_playing
    s.set_music_volume(0.75)
    assert s.music_playing, "comes back with its volume"
    s.set_volume(0.0)
    assert not s.music_playing, "the master volume mutes it too"
    s.set_volume(1.0)
    s.stop_music()
    assert not s.music_playing


def test_the_settings_keep_the_music_and_effect_volumes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    from game.ui.settings import Settings, load_settings, save_settings

    save_settings(Settings(music_volume=0.25, effect_volumes={"step": 0.0, "witness": 0.5}), tmp_path / "s.json")
    back = load_settings(tmp_path / "s.json")
    assert back.music_volume == 0.25 and back.effect_volumes == {"step": 0.0, "witness": 0.5}
    (tmp_path / "bad.json").write_text(json.dumps({"effect_volumes": {"step": "loud"}, "music_volume": 7}))
    bad = load_settings(tmp_path / "bad.json")
    assert bad.effect_volumes == {} and bad.music_volume == 1.0 and bad.warning


def test_the_effects_screen_sets_and_plays_each_effect(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.app import App
    from game.ui.scenes.settings import EffectsScene, SettingsScene
    from game.ui.settings import Settings, load_settings

    app = App((800, 600), False, settings=Settings(language="en"), sound=sound.Sound(1.0),
              settings_path=tmp_path / "settings.json")
    played: list[str] = []
    real = app.sound.play
    app.sound.play = lambda name: played.append(name) or real(name)  # type: ignore[method-assign]
    app.start(SettingsScene(app))
    app.tick(1 / 60)
    app.stack.top.open_effects()
    effects = app.stack.top
    assert isinstance(effects, EffectsScene) and len(effects.rows) == len(sound.NAMES)
    app.tick(1 / 60)
    row = effects.rows[effects.names.index("step")]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.segment_rects()[0].center, button=1))
    app.tick(1 / 60)
    assert app.settings.effect_volumes["step"] == 0.0 and app.sound.effect_volume("step") == 0.0
    assert load_settings(tmp_path / "settings.json").effect_volumes["step"] == 0.0
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.segment_rects()[2].center, button=1))
    app.tick(1 / 60)
    assert played[-1] == "step" and app.sound.effect_volume("step") == pytest.approx(0.5 * app.sound.volume)
    for size in ((800, 600), (1280, 800)):
        surface = pygame.Surface(size)
        effects.layout(size)
        effects.draw(surface)
        assert all(surface.get_rect().contains(r.rect) for r in effects.rows)
        assert surface.get_rect().contains(effects.back.rect)
    app.stack.clear()


def test_a_whole_game_plays_muted(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Nothing waits on a sound: at volume 0 a game runs to its results like any other."""
    from game.ui.app import App, MemorySaves
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.results import ResultsScene
    from game.ui.settings import Settings

    settings = Settings(language="en", volume=0.0)
    settings.animation_speed = 60.0
    app = App((800, 600), False, settings=settings, saves=MemorySaves(), sound=sound.Sound(0.0),
              settings_path=tmp_path / "settings.json")
    app.start()
    scene = GameScene.new(app, 5, mode="watch", human="none", bot="random")
    app.stack.push(scene)
    for _ in range(4000):
        if isinstance(app.stack.top, ResultsScene):
            break
        scene.wait_for_bot()
        app.tick(0.05)
    assert isinstance(app.stack.top, ResultsScene)
    assert not app.sound.music_playing
    app.stack.clear()
