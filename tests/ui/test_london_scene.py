"""Mr. Jack (London) in the game scene, played through real events as a player would.

A helper lets a bot choose each decision from the player's own view and
turns it into the clicks (or keys) a player makes: the character card,
the mode button when the power comes first, the lit cell, exit, pawn or
lantern arrow, then Confirm.  The test checks that exactly those actions
were recorded.  Animations run very fast so whole games take a second or two.
"""

from __future__ import annotations

import pygame
import scenehelp
from scenehelp import DT, card_blind, click, key, play_card_turn, send, wait_for_turn

from game.bots import make_bot
from game.engine.actions import Action
from game.engine.core import Side
from game.engine.london.actions import split_pair
from game.engine.london.board import EXITS, INDEX, OFF_BOARD
from game.engine.london.data import DIRECTIONS
from game.engine.london.state import HIDDEN
from game.engine.record import GameRecord
from game.engine.rng import Rng
from game.ui.london.paths import walk_path
from game.ui.london.picker import CARD, CONFIRM, DIRECTION
from game.ui.scenes.game import GameScene
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.title import TitleScene

IDS = ("holmes", "watson", "smith", "lestrade", "stealthy", "goodley", "gull", "bert")
POWERS = ("lamp", "cordon", "cover", "whistle", "swap")


# ------------------------------------------------------------------ helpers
def _position(name: str) -> int:
    return OFF_BOARD + EXITS.index(name) if name in EXITS else INDEX[name]


def targets_clicks(scene: GameScene, action: Action) -> list[tuple[float, float]]:
    """Where a player clicks for one decision (after the mode is right)."""
    L, v, m = scene.view.layout, scene.view, scene.model
    s = scene.picker.state
    kind, args = action.kind, action.args
    if kind == "play":
        return [L.row_rects[m.row.index(IDS.index(str(args[0])))].center]
    if kind in ("to", "escape"):
        return [L.center(_position(str(args[0])))]
    if kind == "accuse":
        return [v.pawn_center(m, IDS.index(str(args[0])))]
    if kind in ("lamp", "cover", "cordon"):
        return [L.center(_position(x)) for x in split_pair(str(args[0]))]
    if kind == "whistle":
        return [v.pawn_center(m, IDS.index(str(args[0]))), L.center(INDEX[str(args[1])])]
    if kind == "swap":
        return [v.pawn_center(m, IDS.index(str(args[0])))]
    if kind == "lantern":
        return [L.arrow_center(s.pos[1], DIRECTIONS.index(str(args[0])))]
    raise AssertionError(action)


def choose_with_mouse(app, scene: GameScene, action: Action) -> None:  # type: ignore[no-untyped-def]
    p = scene.picker
    if action.kind != "play" and p.stage not in (DIRECTION, CARD):
        want = "power" if action.kind in POWERS else "move"
        if p.current_mode() != want:
            assert scene.extra_button.visible
            send(app, click(scene.extra_button.rect.center))
            assert p.current_mode() == want
    for pos in targets_clicks(scene, action):
        send(app, click(pos))


def choose_with_keys(app, scene: GameScene, action: Action) -> None:  # type: ignore[no-untyped-def]
    p = scene.picker
    if action.kind == "play":
        send(app, key(getattr(pygame, f"K_{scene.model.row.index(IDS.index(str(action.args[0]))) + 1}")))
        return
    if action.kind == "lantern":
        send(app, key(getattr(pygame, f"K_{DIRECTIONS.index(str(action.args[0])) + 1}")))
        return
    want = "power" if action.kind in POWERS else "move"
    if p.current_mode() != want:
        send(app, key(pygame.K_m))
    kind, args = action.kind, action.args
    s = p.state
    if kind in ("to", "escape"):
        goals = [("pos", _position(str(args[0])))]
    elif kind == "accuse":
        goals = [("pos", s.pos[IDS.index(str(args[0]))])]
    elif kind in ("lamp", "cover", "cordon"):
        goals = [("pos", _position(x)) for x in split_pair(str(args[0]))]
    elif kind == "whistle":
        goals = [("pawn", IDS.index(str(args[0]))), ("pos", INDEX[str(args[1])])]
    else:
        goals = [("pawn", IDS.index(str(args[0])))]
    for goal in goals:
        for _ in range(200):
            send(app, key(pygame.K_TAB))
            if scene.focus == goal:
                break
        assert scene.focus == goal, (goal, scene.ui.focus_targets())
        send(app, key(pygame.K_RETURN))


def pick(state, rng: Rng) -> Action:  # type: ignore[no-untyped-def]
    """A random decision, but no arrest before the suspects are down to two (so games run long)."""
    legal = state.legal_actions()
    calm = [a for a in legal if a.kind != "accuse"]
    if bin(state.suspects).count("1") <= 2 or not calm:
        calm = legal
    return calm[rng.below(len(calm))]


def start(app, **kw) -> GameScene:  # type: ignore[no-untyped-def]
    return scenehelp.start(app, "london", **kw)


def play_human_turn(app, scene: GameScene, how: str, rng: Rng) -> list[str]:  # type: ignore[no-untyped-def]
    """One confirmed decision group, chosen at random from the picker's own view."""
    return play_card_turn(app, scene, how, rng, pick, choose_with_mouse, choose_with_keys)


blind = card_blind


# -------------------------------------------------------------------- games
def test_hot_seat_hands_over_and_each_screen_keeps_its_secrets(game_app) -> None:  # type: ignore[no-untyped-def]
    scene = start(game_app, seed=21, mode="hotseat", human="both", bot=None, edition="2016")
    assert scene.state.edition == "2016" and scene.record.meta["edition"] == "2016"
    rng = Rng(4)
    handovers: list[Side] = []
    drawn_by = {Side.JACK: False, Side.INVESTIGATOR: False}
    while not scene.finished:
        wait_for_turn(game_app, scene, check=blind)
        if scene.finished:
            break
        top = game_app.stack.top
        if isinstance(top, HandoverScene):
            handovers.append(top.side)
            assert scene.viewer is not top.side
            drawn: list[int] = []
            real = scene.draw

            def spy(surface, real=real, drawn=drawn):  # type: ignore[no-untyped-def]
                drawn.append(1)
                real(surface)
            scene.draw = spy  # type: ignore[method-assign]
            game_app.tick(DT)
            scene.draw = real  # type: ignore[method-assign]
            assert not drawn, "nothing of the board shows behind the hand-over"
            send(game_app, key(pygame.K_RETURN))
            assert scene.viewer is top.side
            blind(scene)
            continue
        side = scene.viewer
        if side is Side.INVESTIGATOR and scene.model.icards:
            drawn_by[side] |= any(c != HIDDEN for c in scene.model.icards)
        if side is Side.JACK:
            drawn_by[side] |= scene.model.jack == scene.state.jack
        play_human_turn(game_app, scene, "mixed", rng)
    assert handovers[:2] == [Side.INVESTIGATOR, Side.JACK]
    assert all(a is not b for a, b in zip(handovers, handovers[1:], strict=False))
    assert drawn_by[Side.JACK], "Jack saw his identity on his own screen"
    assert isinstance(game_app.stack.top, ResultsScene)


def test_save_and_resume_then_replay(game_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.replay import ReplayScene

    scene = start(game_app, seed=31, mode="solo", human="investigator", bot="greedy", edition="2016")
    rng = Rng(2)
    for _ in range(4):
        wait_for_turn(game_app, scene)
        play_human_turn(game_app, scene, "mouse", rng)
    wait_for_turn(game_app, scene)
    record = GameRecord.from_json(game_app.saves.load_autosave().to_json())
    assert record.game == "london" and record.meta["edition"] == "2016"
    game_app.start(TitleScene(game_app))
    title = game_app.stack.top
    game_app.tick(DT)
    assert title.continue_button.visible
    send(game_app, click(title.continue_button.rect.center))
    resumed = game_app.stack.top
    assert isinstance(resumed, GameScene) and resumed is not scene
    assert str(resumed.state) == str(scene.state) and resumed.state.edition == "2016"
    assert resumed.logs[Side.INVESTIGATOR]
    wait_for_turn(game_app, resumed)
    play_human_turn(game_app, resumed, "keys", rng)
    # a whole game, then its replay steps through every state
    finished = GameRecord("london", 5, [], {"edition": "2006"})
    from game.match import play_game

    state = finished.start()
    finished.actions = play_game(state, {Side.JACK: make_bot("greedy"), Side.INVESTIGATOR: make_bot("greedy")},
                                 Rng(1))
    replay = ReplayScene(game_app, finished)
    game_app.stack.push(replay)
    game_app.tick(DT)
    expected = [str(s) for s in finished.states()]
    assert replay.index == len(expected) - 1
    send(game_app, key(pygame.K_HOME))
    for i in range(1, len(expected)):
        send(game_app, key(pygame.K_RIGHT))
        assert str(replay.state) == expected[i]
        assert replay.words(replay.index)


def test_undo_before_confirm_and_refusals_explain(game_app) -> None:  # type: ignore[no-untyped-def]
    scene = start(game_app, seed=41, mode="solo", human="investigator", bot="random")
    wait_for_turn(game_app, scene)
    L = scene.view.layout
    p = scene.picker
    send(game_app, click(L.center(INDEX["a1"])))
    assert "card" in scene.toast.message.lower()
    c = p.playable_cards()[0]
    send(game_app, click(L.row_rects[scene.model.row.index(c)].center))
    assert p.chain and scene.highlights().cells
    target = sorted(p.cell_targets() - {q for q in scene.state.pos})[0]
    send(game_app, click(L.center(target)))
    assert p.stage == CONFIRM and len(scene.record.actions) == 2
    send(game_app, key(pygame.K_BACKSPACE))
    assert p.stage != CONFIRM and len(p.chain) == 1
    send(game_app, click((5, 5), button=3))
    assert not p.chain and p.stage == CARD
    assert len(scene.record.actions) == 2  # nothing was applied


def test_walk_paths_follow_streets_and_manholes() -> None:
    from game.engine.london import London

    s = London.new(1)
    s.apply("identity gull")
    s.apply(s.legal_actions()[0])  # a deal
    play = next(a for a in s.legal_actions())
    s.apply(play)
    c = s.active
    for a in s.legal_actions():
        if a.kind == "to":
            path = walk_path(s, c, INDEX[str(a.args[0])])
            assert path[0] == s.pos[c] and path[-1] == INDEX[str(a.args[0])]
            assert 2 <= len(path) <= 5


def test_the_log_and_the_animations_cover_every_kind_of_step(game_app) -> None:  # type: ignore[no-untyped-def]
    """Two bots play on the investigator's screen at normal speed: every step animates and is told."""
    game_app.settings.animation_speed = 8.0
    kinds: set[str] = set()
    for seed in (1, 2, 3):
        scene = start(game_app, seed=seed, mode="watch", human="none", bot="greedy")
        for _ in range(6000):
            if scene.finished:
                break
            scene.wait_for_bot()
            game_app.tick(DT)
        assert scene.finished
        kinds |= {a.split()[0] for a in scene.record.actions}
        assert len(scene.logs[Side.INVESTIGATOR]) >= len(scene.record.actions)
        assert game_app.saves.saved == [] or game_app.saves.saved[-1].game == "london"
    assert {"identity", "deal", "play", "to", "witness"} <= kinds
