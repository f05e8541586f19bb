"""The scene stack: lifecycle calls come in pairs, events run down the chain, and the app's frame loop."""

from __future__ import annotations

from unittest.mock import Mock, call

import pygame
import pytest
from twisted.internet import task

from game.ui.scene import Scene, SceneStack


def scene(transparent: bool = False, passes: bool = True) -> Mock:
    """A mock scene; ``passes`` makes handle_event return the event (let it through)."""
    s = Mock(spec=Scene)
    s.transparent = transparent
    s.handle_event.side_effect = (lambda e: e) if passes else (lambda e: None)
    return s


def lifecycle(s: Mock) -> list[str]:
    return [c[0] for c in s.method_calls if c[0] in ("on_enter", "on_exit", "on_pause", "on_resume")]


def test_push_enters_and_pauses_the_scene_below() -> None:
    stack = SceneStack()
    a, b = scene(), scene()
    stack.push(a)
    stack.push(b)
    assert lifecycle(a) == ["on_enter", "on_pause"]
    assert lifecycle(b) == ["on_enter"]
    assert stack.top is b and len(stack) == 2


def test_pop_exits_the_top_and_resumes_the_one_below() -> None:
    stack = SceneStack()
    a, b = scene(), scene()
    stack.push(a)
    stack.push(b)
    assert stack.pop() is b
    assert lifecycle(b) == ["on_enter", "on_exit"]
    assert lifecycle(a) == ["on_enter", "on_pause", "on_resume"]


def test_replace_exits_the_top_without_resuming_the_one_below() -> None:
    stack = SceneStack()
    a, b, c = scene(), scene(), scene()
    stack.push(a)
    stack.push(b)
    stack.replace(c)
    assert lifecycle(a) == ["on_enter", "on_pause"]
    assert lifecycle(b) == ["on_enter", "on_exit"]
    assert lifecycle(c) == ["on_enter"]
    assert list(stack) == [a, c]


def test_clear_exits_every_scene_top_first_then_pushes_the_new_one() -> None:
    order = Mock()
    stack = SceneStack()
    a, b, c = scene(), scene(), scene()
    order.attach_mock(a, "a")
    order.attach_mock(b, "b")
    stack.push(a)
    stack.push(b)
    stack.clear(c)
    exits = [x for x in order.mock_calls if x[0].endswith("on_exit")]
    assert exits == [call.b.on_exit(), call.a.on_exit()]
    assert list(stack) == [c] and lifecycle(c) == ["on_enter"]


def test_every_scene_enters_and_exits_once_and_pauses_pair_with_resumes() -> None:
    stack = SceneStack()
    scenes = [scene() for _ in range(5)]
    stack.push(scenes[0])
    stack.push(scenes[1])
    stack.push(scenes[2])
    stack.pop()
    stack.replace(scenes[3])
    stack.push(scenes[4])
    stack.pop()
    stack.clear()
    for s in scenes:
        calls = lifecycle(s)
        if not calls:
            continue
        assert calls.count("on_enter") == 1 and calls.count("on_exit") == 1, calls
        assert calls.count("on_pause") == calls.count("on_resume") or calls[-1] == "on_exit"
        depth = 0
        for c in calls:  # a resume never comes before its pause
            depth += {"on_pause": 1, "on_resume": -1}.get(c, 0)
            assert depth >= 0


def test_pop_of_an_empty_stack_raises_index_error() -> None:
    with pytest.raises(IndexError):
        SceneStack().pop()


def test_the_top_scene_sees_events_first_and_can_consume_them() -> None:
    stack = SceneStack()
    below, top = scene(transparent=False), scene(transparent=True, passes=False)
    stack.push(below)
    stack.push(top)
    ev = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert stack.handle_event(ev) is None
    top.handle_event.assert_called_once_with(ev)
    below.handle_event.assert_not_called()


def test_a_transparent_scene_lets_unused_events_through_to_the_scene_below() -> None:
    stack = SceneStack()
    below, top = scene(passes=False), scene(transparent=True, passes=True)
    stack.push(below)
    stack.push(top)
    ev = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert stack.handle_event(ev) is None
    below.handle_event.assert_called_once_with(ev)


def test_an_opaque_scene_shields_the_scenes_below_even_when_it_passes() -> None:
    stack = SceneStack()
    below, top = scene(), scene(transparent=False, passes=True)
    stack.push(below)
    stack.push(top)
    ev = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert stack.handle_event(ev) is ev
    below.handle_event.assert_not_called()


def test_only_the_top_scene_updates_and_drawing_starts_at_the_first_opaque_scene() -> None:
    stack = SceneStack()
    bottom, middle, overlay = scene(), scene(), scene(transparent=True)
    for s in (bottom, middle, overlay):
        stack.push(s)
    stack.update(0.5)
    overlay.update.assert_called_once_with(0.5)
    middle.update.assert_not_called()
    surf = pygame.Surface((10, 10))
    stack.draw(surf)
    bottom.draw.assert_not_called()
    middle.draw.assert_called_once_with(surf)
    overlay.draw.assert_called_once_with(surf)


# ----------------------------------------------------------------- the app
def test_app_dispatches_events_to_the_stack_and_quits_on_the_window_close(game_app) -> None:  # type: ignore[no-untyped-def]
    s = scene(passes=False)
    game_app.stack.push(s)
    ev = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")
    pygame.event.post(ev)
    game_app.tick(0.02)
    assert s.handle_event.call_count == 1
    assert s.update.call_count >= 1 and s.draw.call_count == 1
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    game_app.tick(0.02)
    assert not game_app.running
    assert lifecycle(s)[-1] == "on_exit"


def test_app_updates_in_fixed_steps_and_caps_a_long_frame(game_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.app import MAX_STEPS, STEP

    s = scene()
    game_app.stack.push(s)
    game_app.tick(STEP * 3 + STEP / 2)
    assert s.update.call_count == 3
    s.update.reset_mock()
    game_app.tick(10.0)  # a frozen window must not replay ten seconds at once
    assert s.update.call_count == MAX_STEPS
    assert all(c.args == (STEP,) for c in s.update.call_args_list)


class FakeReactor(task.Clock):
    """A clock with run/stop: runs frames by advancing time until stopped."""

    def __init__(self) -> None:
        super().__init__()
        self.stopped = False

    def run(self) -> None:
        for _ in range(100):
            if self.stopped:
                return
            self.advance(1 / 60)

    def stop(self) -> None:
        self.stopped = True


def test_the_reactor_drives_the_frames_until_quit(game_app) -> None:  # type: ignore[no-untyped-def]
    class Counter(Scene):
        frames = 0

        def update(self, dt: float) -> None:
            Counter.frames += 1
            if Counter.frames >= 10:
                self.app.quit()

    game_app.stack.push(Counter(game_app))
    reactor = FakeReactor()
    game_app.run(reactor)
    assert reactor.stopped and not game_app.running
    assert Counter.frames == 10
    assert game_app.frames >= 9


def test_title_scene_starts_and_draws(game_app) -> None:  # type: ignore[no-untyped-def]
    game_app.start()
    from game.ui.scenes.title import TitleScene

    assert isinstance(game_app.stack.top, TitleScene)
    game_app.tick(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    game_app.tick(1 / 60)
    assert not game_app.running


def test_window_size_text_is_parsed() -> None:
    from game.ui.app import parse_size

    assert parse_size("1280x800") == (1280, 800)
    assert parse_size(None) is None
    for bad in ("1280", "x800", "0x10", "axb"):
        with pytest.raises(ValueError):
            parse_size(bad)


def test_keys_become_intents() -> None:
    import doctest

    from game.ui import intents
    from game.ui.intents import Intent, intent_of

    assert doctest.testmod(intents).failed == 0

    def k(key: int, mod: int = 0) -> Intent | None:
        return intent_of(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod))
    assert k(pygame.K_KP7) == Intent("number", 7)
    assert k(pygame.K_LEFT) == Intent("direction", 3)
    assert k(pygame.K_w) == Intent("detective", 1)
    assert k(pygame.K_TAB, pygame.KMOD_SHIFT) == Intent("previous")
    assert k(pygame.K_ESCAPE) == Intent("pause") and k(pygame.K_SPACE) == Intent("skip")
    assert k(pygame.K_F5) is None
    assert intent_of(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1))) is None


# ------------------------------------------------------------ the scene registry
def test_every_scene_module_registers_its_scene_by_its_module_name() -> None:
    """Scenes ask the stack for the next scene by name; the name is the scene's module."""
    import pkgutil

    import game.ui.scenes as scenes
    from game.ui.scene import SCENES

    modules = {m.name for m in pkgutil.iter_modules(scenes.__path__)}
    assert modules <= set(SCENES), f"not registered: {sorted(modules - set(SCENES))}"
    for name in modules:
        assert SCENES[name].__module__ == f"game.ui.scenes.{name}"


def test_the_stack_makes_a_scene_by_name_and_refuses_an_unknown_name() -> None:
    from game.ui.scene import SceneStack
    from game.ui.scenes.confirm import ConfirmScene

    stack = SceneStack()
    assert stack.kind("confirm") is ConfirmScene
    with pytest.raises(LookupError, match="no scene is registered as 'lobby'"):
        stack.make("lobby", None)
