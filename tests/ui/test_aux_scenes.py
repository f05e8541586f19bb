"""The rules, settings, saves and replay scenes, driven headless through posted events.

Each test builds a minimal app (a scene stack, settings, a save store and a
sound recorder), posts real pygame events, pumps them through the stack the
way the app's frame loop does, and checks what the scene did.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402
import random  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import find_ruleset  # noqa: E402
from game.engine.record import GameRecord  # noqa: E402
from game.saves import SaveStore  # noqa: E402
from game.ui import i18n  # noqa: E402
from game.ui.scene import Scene, SceneStack  # noqa: E402
from game.ui.settings import Settings, load_settings  # noqa: E402

SIZES = [(1280, 800), (800, 600)]


# ------------------------------------------------------------------ harness
class FakeSound:
    def __init__(self) -> None:
        self.played: list[str] = []
        self.volume = 1.0

    def play(self, name: str) -> None:
        from game.ui.sound import NAMES

        assert name in NAMES, name
        self.played.append(name)

    def set_volume(self, v: float) -> None:
        self.volume = v


class Below(Scene):
    """The scene under the one tested, to see the stack return to it."""


class FakeApp:
    def __init__(self, home: Path) -> None:
        self.stack = SceneStack()
        self.settings = Settings(language="en")
        self.saves = SaveStore(home / "saves")
        self.sound = FakeSound()
        self.stack.push(Below(self))


class FakeAppWithApply(FakeApp):
    def __init__(self, home: Path) -> None:
        super().__init__(home)
        self.applied: list[Settings] = []

    def apply_settings(self) -> None:
        self.applied.append(Settings(**self.settings.to_dict()))
        i18n.set_language(self.settings.language)


@pytest.fixture(autouse=True)
def display(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("MRJACK_HOME", str(tmp_path))
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    pygame.event.clear()
    yield screen
    i18n.set_language("en")


@pytest.fixture
def app(tmp_path: Path) -> FakeApp:
    return FakeApp(tmp_path)


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def drive(app: FakeApp, *events: pygame.event.Event, dt: float = 1 / 60) -> list[Any]:
    """Post ``events``, pump the queue through the stack, then one update and draw.

    Returns the events that no scene consumed.
    """
    pygame.event.clear()
    for e in events:
        pygame.event.post(e)
    left = []
    for e in pygame.event.get():
        if e.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.USEREVENT):
            out = app.stack.handle_event(e)
            if out is not None:
                left.append(out)
    app.stack.update(dt)
    app.stack.draw(pygame.display.get_surface())
    return left


def play_game(seed: int, rounds: int | None = None) -> GameRecord:
    """A legal game with random moves (to the end, or until round ``rounds`` starts)."""
    state = find_ruleset("pocket").new(seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over() and (rounds is None or state.round < rounds):
        action = rng.choice(state.legal_actions())
        actions.append(str(action))
        state.apply(action)
    assert rounds is None or not state.is_over(), f"seed {seed} ends early: pick another"
    return GameRecord("pocket", seed, actions, {"mode": "solo"})


# ==================================================================== rules
def test_rules_pages_turn_with_keys_buttons_and_contents(app: FakeApp) -> None:
    from game.ui.scenes.rules import RulesScene

    scene = RulesScene(app)
    app.stack.push(scene)
    drive(app)
    n = len(scene.pages)
    assert n >= 9 and scene.page == 0
    drive(app, key(pygame.K_RIGHT), key(pygame.K_RIGHT))
    assert scene.page == 2
    drive(app, key(pygame.K_LEFT))
    assert scene.page == 1
    drive(app, key(pygame.K_END))
    assert scene.page == n - 1
    drive(app, key(pygame.K_RIGHT))
    assert scene.page == n - 1, "no page after the last"
    drive(app, key(pygame.K_HOME), key(pygame.K_LEFT))
    assert scene.page == 0, "no page before the first"
    drive(app, click(scene.next.rect.center))
    assert scene.page == 1
    drive(app, click(scene.prev.rect.center))
    assert scene.page == 0
    drive(app, click(scene.toc[5].center))
    assert scene.page == 5
    drive(app, click((5, 5), button=5))
    assert scene.page == 6, "the wheel turns pages"
    assert "click" in app.sound.played


def test_rules_back_and_escape_return_to_the_scene_below(app: FakeApp) -> None:
    from game.ui.scenes.rules import RulesScene

    scene = RulesScene(app)
    app.stack.push(scene)
    drive(app, key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, Below)
    scene = RulesScene(app)
    app.stack.push(scene)
    drive(app)
    drive(app, click(scene.back.rect.center))
    assert isinstance(app.stack.top, Below)


def test_rules_let_other_events_through(app: FakeApp) -> None:
    from game.ui.scenes.rules import RulesScene

    app.stack.push(RulesScene(app))
    event = pygame.event.Event(pygame.USEREVENT, code=1)
    assert RulesScene(app).handle_event(event) is event


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
@pytest.mark.parametrize("size", SIZES)
def test_every_rules_page_draws_in_every_language(app: FakeApp, lang: str, size: tuple[int, int]) -> None:
    from game.ui.scenes.rules import RulesScene

    i18n.set_language(lang)
    surface = pygame.Surface(size)
    scene = RulesScene(app)
    for page in range(len(scene.pages)):
        scene.go(page)
        scene.draw(surface)
        assert scene.page == page, "drawing does not change the page"


def test_rules_layout_follows_the_window_size(app: FakeApp) -> None:
    from game.ui.scenes.rules import RulesScene

    scene = RulesScene(app)
    scene.draw(pygame.Surface((1280, 800)))
    wide = scene.next.rect.right
    scene.draw(pygame.Surface((800, 600)))
    assert scene.next.rect.right <= 800 < wide


# ================================================================= settings
def settings_scene(app: FakeApp):  # type: ignore[no-untyped-def]
    from game.ui.scenes.settings import SettingsScene

    scene = SettingsScene(app)
    app.stack.push(scene)
    drive(app)
    return scene


def test_language_applies_at_once_and_is_saved(app: FakeApp, tmp_path: Path) -> None:
    scene = settings_scene(app)
    drive(app, *[key(pygame.K_DOWN)] * 5, key(pygame.K_RIGHT))
    assert app.settings.language == "ru"
    assert i18n.current_language() == "ru" and i18n._("Settings") == "Настройки"
    assert json.loads((tmp_path / "settings.json").read_text())["language"] == "ru"
    drive(app, key(pygame.K_LEFT))
    assert app.settings.language == "en" and i18n.current_language() == "en"
    assert scene.error is None


def test_each_change_goes_through_apply_settings_when_the_app_has_it(tmp_path: Path) -> None:
    app = FakeAppWithApply(tmp_path)
    scene = settings_scene(app)
    fullscreen = scene.rows[1]
    drive(app, click(fullscreen.segment_rects()[1].center))
    assert app.settings.fullscreen is True and app.applied[-1].fullscreen is True
    speed = scene.rows[2]
    drive(app, click(speed.segment_rects()[-1].center))
    assert app.settings.animation_speed == 3.0 and app.applied[-1].animation_speed == 3.0
    assert load_settings(tmp_path / "settings.json").animation_speed == 3.0


def test_window_size_and_volume(app: FakeApp, tmp_path: Path) -> None:
    scene = settings_scene(app)
    sizes = scene.rows[0]
    drive(app, click(sizes.segment_rects()[0].center))
    assert (app.settings.width, app.settings.height) == sizes.options[0][0]
    volume = scene.rows[3]
    drive(app, click(volume.segment_rects()[0].center))
    assert app.settings.volume == 0.0 and app.sound.volume == 0.0
    assert scene.focus == 3, "a click focuses the row"
    drive(app, key(pygame.K_RIGHT))
    assert app.settings.volume == 0.25
    saved = load_settings(tmp_path / "settings.json")
    assert saved.volume == 0.25 and saved.size == sizes.options[0][0]


def test_defaults_reset_everything_but_the_language(app: FakeApp) -> None:
    app.settings = Settings(width=800, height=600, fullscreen=True, animation_speed=3.0, volume=0.0,
                            language="fr")
    scene = settings_scene(app)
    drive(app, click(scene.defaults.rect.center))
    s = app.settings
    assert (s.width, s.height, s.fullscreen, s.animation_speed, s.volume) == (1280, 800, False, 1.0, 0.75)
    assert s.language == "fr"
    assert [row.value for row in scene.rows] == [(1280, 800), False, 1.0, 0.75, 0.5, "fr"]


def test_a_settings_file_that_cannot_be_written_gives_a_message_not_a_crash(
        app: FakeApp, tmp_path: Path) -> None:
    (tmp_path / "settings.json").mkdir()  # a folder where the file should be
    scene = settings_scene(app)
    drive(app, *[key(pygame.K_DOWN)] * 2, key(pygame.K_RIGHT))
    assert app.settings.animation_speed == 1.5, "the change still applies"
    assert scene.error and scene.toast.message == scene.error


def test_a_damaged_settings_file_is_reported(app: FakeApp) -> None:
    app.settings = Settings(language="en", warning="damaged")
    scene = settings_scene(app)
    assert scene.toast.message and scene.toast.kind == "error"


@pytest.mark.parametrize("size", SIZES)
def test_settings_back_and_drawing(app: FakeApp, size: tuple[int, int]) -> None:
    scene = settings_scene(app)
    surface = pygame.Surface(size)
    before = app.settings.to_dict()
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        scene.draw(surface)
    assert app.settings.to_dict() == before, "drawing changes nothing"
    assert all(r.rect.right <= size[0] for r in scene.rows)
    drive(app, click(scene.back.rect.center))
    assert isinstance(app.stack.top, Below)


# ==================================================================== saves
@pytest.fixture
def fake_game_scene(monkeypatch: pytest.MonkeyPatch) -> list[GameRecord]:
    """Stand in for the game scene so these tests only check what the saves screen asks of it."""
    opened: list[GameRecord] = []

    class GameScene(Scene):
        @classmethod
        def from_record(cls, app: Any, record: GameRecord) -> GameScene:
            opened.append(record)
            return cls(app)

    import game.ui.scenes  # noqa: F401 - every real scene registered first, then the stand-in over "game"
    from game.ui.scene import SCENES

    monkeypatch.setitem(SCENES, "game", GameScene)
    return opened


def saves_scene(app: FakeApp):  # type: ignore[no-untyped-def]
    from game.ui.scenes.saves import SavesScene

    scene = SavesScene(app)
    app.stack.push(scene)
    drive(app)
    return scene


def test_saved_games_are_listed_with_name_game_round_and_date(app: FakeApp) -> None:
    record = play_game(3, rounds=3)
    app.saves.save(record, "Tuesday")
    app.saves.autosave(play_game(2, rounds=2))
    scene = saves_scene(app)
    assert [e.name for e in scene.entries] == ["autosave", "Tuesday"], "the autosave comes first"
    tuesday = scene.entries[1]
    assert (tuesday.round, tuesday.game, tuesday.over) == (record.replay().round, "pocket", False)
    for size in SIZES:
        scene.draw(pygame.Surface(size))


def test_resume_pushes_the_game_scene_from_the_record(app: FakeApp, fake_game_scene: list) -> None:
    record = play_game(3, rounds=2)
    app.saves.save(record, "Unfinished")
    scene = saves_scene(app)
    drive(app, key(pygame.K_RETURN))
    assert [r.actions for r in fake_game_scene] == [record.actions]
    assert app.stack.top is not scene and len(app.stack) == 3


def test_a_finished_game_opens_as_a_replay(app: FakeApp, fake_game_scene: list) -> None:
    from game.ui.scenes.replay import ReplayScene

    app.saves.save(play_game(4), "Finished")
    scene = saves_scene(app)
    assert scene.entries[0].over
    drive(app, click(scene.resume.rect.center))
    assert isinstance(app.stack.top, ReplayScene) and not fake_game_scene


def test_double_click_resumes(app: FakeApp, fake_game_scene: list) -> None:
    app.saves.save(play_game(5, rounds=2), "Twice")
    scene = saves_scene(app)
    drive(app, click(scene.rows[0].center))
    assert not fake_game_scene
    drive(app, click(scene.rows[0].center))
    assert len(fake_game_scene) == 1


def test_a_corrupt_file_is_listed_with_its_reason_and_never_crashes(
        app: FakeApp, fake_game_scene: list) -> None:
    app.saves.save(play_game(6, rounds=2), "Good")
    app.saves.folder.joinpath("bad.json").write_text('{"format": "mrjack-record/1", "game": "po')
    app.saves.folder.joinpath("later.json").write_text('{"format": "mrjack-record/5"}')
    scene = saves_scene(app)
    bad = {e.name: e for e in scene.entries}
    assert not bad["bad"].ok and bad["bad"].error_kind == "truncated"
    assert not bad["later"].ok and bad["later"].error_kind == "newer"
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        for size in SIZES:
            scene.draw(pygame.Surface(size))
    i18n.set_language("en")
    scene.select([e.name for e in scene.entries].index("bad"))
    drive(app, key(pygame.K_RETURN))
    assert app.stack.top is scene and not fake_game_scene
    assert "cut short" in scene.toast.message


def test_a_file_damaged_after_listing_is_reported_on_resume(app: FakeApp, fake_game_scene: list) -> None:
    path = app.saves.save(play_game(7, rounds=2), "Soon broken")
    scene = saves_scene(app)
    path.write_bytes(b"\x00\xff")
    drive(app, key(pygame.K_RETURN))
    assert app.stack.top is scene and not fake_game_scene
    assert "not text" in scene.toast.message and not scene.entries[0].ok


def test_delete_asks_once_then_deletes(app: FakeApp) -> None:
    path = app.saves.save(play_game(8, rounds=2), "Doomed")
    app.saves.save(play_game(9, rounds=2), "Kept")
    scene = saves_scene(app)
    scene.select([e.name for e in scene.entries].index("Doomed"))
    drive(app, key(pygame.K_DELETE))
    assert path.exists() and scene.confirm is not None
    drive(app, key(pygame.K_DELETE))
    assert not path.exists()
    assert [e.name for e in scene.entries] == ["Kept"]


def test_moving_the_selection_cancels_a_pending_delete(app: FakeApp) -> None:
    app.saves.save(play_game(10, rounds=2), "A")
    app.saves.save(play_game(11, rounds=2), "B")
    saves_scene(app)
    drive(app, key(pygame.K_DELETE), key(pygame.K_DOWN), key(pygame.K_DELETE))
    assert len(app.saves.list()) == 2, "a delete needs two presses on the same save"


def test_empty_folder_and_back(app: FakeApp) -> None:
    scene = saves_scene(app)
    assert scene.entries == [] and scene.current is None
    drive(app, key(pygame.K_RETURN), key(pygame.K_DELETE))
    drive(app, key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, Below)


def test_many_saves_scroll_to_keep_the_selection_visible(app: FakeApp) -> None:
    record = play_game(12, rounds=2)
    for i in range(25):
        app.saves.save(record, f"Game {i:02d}")
    scene = saves_scene(app)
    drive(app, key(pygame.K_END))
    assert scene.selected == 24
    assert scene.scroll <= scene.selected < scene.scroll + len(scene.rows)
    drive(app, key(pygame.K_HOME))
    assert scene.scroll == 0


# =================================================================== replay
@pytest.fixture(scope="module")
def finished() -> GameRecord:
    return play_game(2024)


def replay_scene(app: FakeApp, record: GameRecord):  # type: ignore[no-untyped-def]
    from game.ui.scenes.replay import ReplayScene

    scene = ReplayScene(app, record)
    app.stack.push(scene)
    drive(app)
    return scene


def test_replay_steps_back_and_forth_through_the_exact_states(app: FakeApp, finished: GameRecord) -> None:
    expected = [str(s) for s in finished.states()]
    scene = replay_scene(app, finished)
    assert scene.index == len(expected) - 1, "a finished game opens at its end"
    drive(app, key(pygame.K_HOME))
    assert scene.index == 0 and str(scene.state) == expected[0]
    for i in range(1, len(expected)):
        drive(app, key(pygame.K_RIGHT))
        assert str(scene.state) == expected[i]
    drive(app, key(pygame.K_RIGHT))
    assert scene.index == len(expected) - 1
    for i in range(len(expected) - 2, -1, -1):
        drive(app, key(pygame.K_LEFT))
        assert str(scene.state) == expected[i]
    drive(app, key(pygame.K_END))
    assert str(scene.state) == expected[-1] and scene.state.is_over()


def test_replay_buttons_and_timeline(app: FakeApp, finished: GameRecord) -> None:
    expected = [str(s) for s in finished.states()]
    scene = replay_scene(app, finished)
    drive(app, click(scene.first.rect.center))
    assert scene.index == 0
    drive(app, click(scene.next.rect.center), click(scene.next.rect.center))
    assert str(scene.state) == expected[2]
    drive(app, click(scene.prev.rect.center))
    assert str(scene.state) == expected[1]
    drive(app, click(scene.last.rect.center))
    assert scene.index == len(expected) - 1
    t = scene.timeline
    drive(app, click((t.x + t.w // 2, t.centery)))
    assert abs(scene.index - (len(expected) - 1) / 2) <= 1
    drive(app, click(scene.back.rect.center))
    assert isinstance(app.stack.top, Below)


def test_replay_plays_by_itself_at_the_animation_speed(app: FakeApp, finished: GameRecord) -> None:
    from game.ui.scenes.replay import STEP_SECONDS

    app.settings.animation_speed = 2.0
    scene = replay_scene(app, finished)
    drive(app, key(pygame.K_SPACE))
    assert scene.playing and scene.index == 0, "play at the end starts again from the beginning"
    for _ in range(3):
        scene.update(STEP_SECONDS / 2 + 1e-6)
    assert scene.index == 3
    drive(app, key(pygame.K_SPACE))
    scene.update(10.0)
    assert scene.index == 3 and not scene.playing
    scene.go(scene.last_index - 1)
    drive(app, key(pygame.K_SPACE))
    scene.update(STEP_SECONDS)
    assert scene.index == scene.last_index and not scene.playing, "playing stops at the end"
    assert {"win"} <= set(app.sound.played)


def test_replay_drawing_changes_nothing_and_fits_both_sizes(app: FakeApp, finished: GameRecord) -> None:
    scene = replay_scene(app, finished)
    for size in SIZES:
        surface = pygame.Surface(size)
        for i in (0, 1, len(scene.states) // 2, scene.last_index):
            scene.go(i)
            text = str(scene.state)
            scene.draw(surface)
            assert str(scene.state) == text and scene.index == i
        assert all(b.rect.right <= size[0] and b.rect.bottom <= size[1] for b in scene.controls)


def test_replay_fallback_board_draws_without_the_board_view(app: FakeApp, finished: GameRecord) -> None:
    scene = replay_scene(app, finished)
    scene.view = None
    scene._size = None
    for size in SIZES:
        scene.draw(pygame.Surface(size))


def test_a_record_that_does_not_replay_is_refused(app: FakeApp) -> None:
    from game.ui.scenes.replay import ReplayScene

    with pytest.raises(ValueError):
        ReplayScene(app, GameRecord("pocket", 1, ["alibi"]))


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_step_is_told_in_plain_words(lang: str) -> None:
    from game.ui.steps import describe_step, start_text

    i18n.set_language(lang)
    kinds = set()
    for seed in range(12):
        record = play_game(100 + seed)
        states = record.states()
        assert start_text()
        for i, action in enumerate(record.actions):
            words = describe_step(states[i], action, states[i + 1])
            kinds.add(action.split()[0])
            assert words and "{" not in words and action not in words, (action, words)
        assert states[-1].is_over()
    assert {"identity", "throw", "holmes", "watson", "toby", "joker", "rotate", "exchange", "alibi",
            "draw", "witness"} <= kinds


def test_plain_words_say_what_happened() -> None:
    from game.ui.steps import describe_step

    record = play_game(2024)
    states = record.states()
    texts = [describe_step(states[i], a, states[i + 1]) for i, a in enumerate(record.actions)]
    assert texts[0].startswith("Jack secretly draws his identity card")
    assert texts[1].startswith("The action tokens are thrown")
    assert any("Rotation: the tile of" in t for t in texts)
    assert "wins" in texts[-1]


def test_the_replays_list_shows_only_finished_games(app: FakeApp, fake_game_scene: list) -> None:
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.saves import SavesScene

    app.saves.save(play_game(13, rounds=2), "Unfinished")
    app.saves.save(play_game(14), "Finished")
    app.saves.folder.joinpath("bad.json").write_text("{")
    scene = SavesScene(app, replays=True)
    app.stack.push(scene)
    drive(app)
    assert [e.name for e in scene.entries] == ["Finished"]
    drive(app, key(pygame.K_RETURN))
    assert isinstance(app.stack.top, ReplayScene) and not fake_game_scene


@pytest.mark.parametrize("which", ["rules", "settings", "saves", "replay"])
def test_keys_a_scene_does_not_use_reach_the_app(app: FakeApp, which: str, finished: GameRecord) -> None:
    """Unused keys are returned (the app may have global keys); used ones are consumed."""
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.saves import SavesScene
    from game.ui.scenes.settings import SettingsScene

    make = {"rules": RulesScene, "settings": SettingsScene, "saves": SavesScene,
            "replay": lambda a: ReplayScene(a, finished)}[which]
    scene = make(app)
    app.stack.push(scene)
    f11 = key(pygame.K_F11)
    assert scene.handle_event(f11) is f11
    assert scene.handle_event(key(pygame.K_HOME)) is None
