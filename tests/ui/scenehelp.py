"""What the game-scene tests of every game share: events as a player sends them, waiting for a turn,
starting a game, and the card games' secret check and confirmed turn.

Each game's scene tests (``test_game_scene.py`` for Pocket, ``test_london_scene.py``,
``test_newyork_scene.py``) add how a player picks that game's decisions;
``test_scenes_per_game.py`` plays each through them: whole games, hot-seat, save and resume,
replay, undo.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.cards import HIDDEN
from game.engine.core import Side
from game.engine.rng import Rng
from game.ui.hex.picker import CONFIRM
from game.ui.scenes.game import GameScene
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.title import TitleScene

DT = 0.05


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos: tuple[float, float], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(pos[0]), round(pos[1])), button=button)


def send(app, *events: pygame.event.Event) -> None:  # type: ignore[no-untyped-def]
    for ev in events:
        pygame.event.post(ev)
        app.tick(1 / 60)


def wait_for_turn(app, scene: GameScene, limit: int = 800, check=None) -> None:  # type: ignore[no-untyped-def]
    """Run frames until the scene waits for a human, a hand-over shows, or the game ends."""
    for _ in range(limit):
        if check:
            check(scene)
        if scene.finished or scene.my_turn() or isinstance(app.stack.top, HandoverScene):
            return
        scene.wait_for_bot()  # the bot searches in a worker thread
        app.tick(DT)
    raise AssertionError(f"no turn came: {scene.state}")


def start(app, game: str = "pocket", **kw) -> GameScene:  # type: ignore[no-untyped-def]
    """A new game of ``game`` on the stack above the title (``kw``: :meth:`GameScene.new`'s)."""
    app.start(TitleScene(app))
    scene = GameScene.new(app, kw.pop("seed", 7), game=game, **kw)
    app.stack.push(scene)
    app.tick(1 / 60)
    return scene


def card_blind(scene: GameScene) -> None:
    """A card game: neither screen holds the other side's secrets before the end."""
    if scene.viewer is None or scene.state.is_over() or scene.model.outcome is not None:
        return
    info = scene.visible_info()
    if scene.viewer is Side.INVESTIGATOR:
        assert info["jack"] in (None, HIDDEN), info
        assert all(c == HIDDEN for c in info["jcards"]), info
        assert all(c == HIDDEN for c in info["flying"]), info
        assert not any("you are" in line.lower() for line in info["log"])
        assert scene.model.view == "investigator"
    else:
        assert all(c == HIDDEN for c in info["icards"]), info
        assert all(c == HIDDEN for c in info["flying_investigator"]), info
        assert scene.model.view == "jack"


Chooser = Callable[[Any, GameScene, Action], None]


def play_card_turn(app, scene: GameScene, how: str, rng: Rng, pick: Callable[[Any, Rng], Action],  # type: ignore[no-untyped-def]
                   with_mouse: Chooser, with_keys: Chooser) -> list[str]:
    """A card game: one confirmed decision group, chosen by ``pick`` from the picker's own view and
    entered with the mouse, the keys or either (``how``: ``mouse``, ``keys``, ``mixed``)."""
    p = scene.picker
    before = len(scene.record.actions)
    chain: list[str] = []
    use = how if how != "mixed" else ("mouse" if rng.below(2) else "keys")
    for _ in range(3):
        action = pick(p.state, rng)
        chain.append(str(action))
        (with_mouse if use == "mouse" else with_keys)(app, scene, action)
        if p.stage == CONFIRM:
            break
    assert p.stage == CONFIRM, (chain, p.prompt(), scene.toast.message)
    if use == "mouse":
        assert scene.confirm_button.visible
        send(app, click(scene.confirm_button.rect.center))
    else:
        send(app, key(pygame.K_RETURN))
    assert scene.record.actions[before:before + len(chain)] == chain, (chain, scene.record.actions[before:])
    return chain


def card_player(pick: Callable[[Any, Rng], Action], with_mouse: Chooser,
                with_keys: Chooser) -> Callable[..., list[str]]:
    """A card game's ``play(app, scene, how, rng)``: one confirmed decision group (:func:`play_card_turn`)."""
    def play(app, scene: GameScene, how: str, rng: Rng) -> list[str]:  # type: ignore[no-untyped-def]
        return play_card_turn(app, scene, how, rng, pick, with_mouse, with_keys)
    return play


def calm_pick(state, rng: Rng) -> Action:  # type: ignore[no-untyped-def]
    """A random decision, but no arrest before the suspects are down to two (so games run long)."""
    legal = state.legal_actions()
    calm = [a for a in legal if a.kind != "accuse"]
    if bin(state.suspects).count("1") <= 2 or not calm:
        calm = legal
    return calm[rng.below(len(calm))]


def card_key(app, scene: GameScene, ids: tuple[str, ...], action: Action) -> None:  # type: ignore[no-untyped-def]
    """Play a card with its number key (``action``: ``play <character>``)."""
    send(app, key(getattr(pygame, f"K_{scene.model.row.index(ids.index(str(action.args[0]))) + 1}")))


def mode_for(app, scene: GameScene, action: Action, powers: tuple[str, ...], keys: bool) -> None:  # type: ignore[no-untyped-def]
    """Switch the picker to the move or the power that ``action`` is, with the extra button or the M key."""
    p = scene.picker
    want = "power" if action.kind in powers else "move"
    if p.current_mode() == want:
        return
    if keys:
        send(app, key(pygame.K_m))
        return
    assert scene.extra_button.visible
    send(app, click(scene.extra_button.rect.center))
    assert p.current_mode() == want


def tab_to(app, scene: GameScene, goal: tuple, limit: int = 300) -> None:  # type: ignore[no-untyped-def]
    """Tab through the targets until ``goal`` has the focus, then Enter."""
    for _ in range(limit):
        send(app, key(pygame.K_TAB))
        if scene.focus == goal:
            break
    assert scene.focus == goal, (goal, scene.ui.focus_targets())
    send(app, key(pygame.K_RETURN))
