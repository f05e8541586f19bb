"""The game scene played through real events: mouse clicks and keys, as a player would.

A helper picks a legal action (with a bot, from the player's own
observation) and turns it into the clicks or keys a player makes; the test
then checks that exactly that action was recorded.  Animations run at a
very high speed so whole games finish in a second or two.
"""

from __future__ import annotations

import pygame
import pytest
from scenehelp import DT, click, key, send, start, wait_for_turn

from game.bots import make_bot
from game.engine.actions import Action
from game.engine.core import Side
from game.engine.pocket.state import DETECTIVES, HIDDEN, TOKENS
from game.engine.rng import Rng
from game.ui.scenes.game import GameScene
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.title import TitleScene


# ------------------------------------------------------------------ helpers
def token_for(scene: GameScene, action: Action) -> int:
    s = scene.state
    return next(t for t in range(4) if not s.used[t] and TOKENS[t][s.faces[t]] == action.kind)


def mouse_events(app, scene: GameScene, action: Action) -> None:  # type: ignore[no-untyped-def]
    """Click the token, then the target(s), then Confirm."""
    L = scene.view.layout
    obs = scene.state
    send(app, click(L.token_centers[token_for(scene, action)]))
    kind, args = action.kind, action.args
    if kind in DETECTIVES:
        d = DETECTIVES.index(kind)
        send(app, click(L.position_center((obs.detectives[d] + int(args[0])) % 12)))
    elif kind == "joker":
        if args[0] == "none":
            send(app, click(scene.stay_button.rect.center))
        else:
            d = DETECTIVES.index(str(args[0]))
            send(app, click(scene.view.pawn_centers(scene.model)[d]))
    elif kind == "rotate":
        cell = int(args[0])
        send(app, click(L.cell_center(cell)), click(L.arrow_center(cell, "NESW".index(str(args[1])))))
    elif kind == "exchange":
        send(app, click(L.cell_center(int(args[0]))), click(L.cell_center(int(args[1]))))
    assert scene.confirm_button.visible, scene.picker.prompt()
    send(app, click(scene.confirm_button.rect.center))


ARROWS = {"N": pygame.K_UP, "E": pygame.K_RIGHT, "S": pygame.K_DOWN, "W": pygame.K_LEFT}
DIGITS = [getattr(pygame, f"K_{i}") for i in range(10)]


def key_events(app, scene: GameScene, action: Action) -> None:  # type: ignore[no-untyped-def]
    """Number key for the token, keys for the target(s), then Enter."""
    send(app, key(DIGITS[token_for(scene, action) + 1]))
    kind, args = action.kind, action.args
    if kind in DETECTIVES:
        send(app, key(DIGITS[int(args[0])]))
    elif kind == "joker":
        send(app, key({"none": pygame.K_0, "holmes": pygame.K_h, "watson": pygame.K_w,
                       "toby": pygame.K_t}[str(args[0])]))
    elif kind == "rotate":
        send(app, key(DIGITS[int(args[0]) + 1]), key(ARROWS[str(args[1])]))
    elif kind == "exchange":
        send(app, key(DIGITS[int(args[0]) + 1]), key(DIGITS[int(args[1]) + 1]))
    send(app, key(pygame.K_RETURN))


def play_human_move(app, scene: GameScene, how: str, rng: Rng) -> Action:  # type: ignore[no-untyped-def]
    side = scene.state.to_move().side
    action = make_bot("random").choose(scene.state.observation(side), rng)
    before = len(scene.record.actions)
    use = how if how != "mixed" else ("mouse" if rng.below(2) else "keys")
    (mouse_events if use == "mouse" else key_events)(app, scene, action)
    assert len(scene.record.actions) == before + 1, (str(action), scene.picker and scene.picker.prompt())
    assert scene.record.actions[-1] == str(action)
    return action


def investigator_blind(scene: GameScene) -> None:
    """The investigator's screen holds none of Jack's secrets until the game is over."""
    if scene.viewer is not Side.INVESTIGATOR or scene.state.is_over():
        return
    info = scene.visible_info()
    assert info["jack"] in (None, HIDDEN), info
    assert all(c == HIDDEN for c in info["jcards"]), info
    assert all(c == HIDDEN for c in info["flying"]), info
    assert scene.model.view == "investigator"
    assert not any("you are" in line.lower() for line in info["log"])


# -------------------------------------------------------------------- games
def test_the_bot_sees_only_its_own_observation(game_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    seen: list[str] = []
    scene = start(game_app, seed=4, mode="solo", human="jack", bot="random")
    real = scene.bot.choose

    def spy(obs, rng):  # type: ignore[no-untyped-def]
        seen.append(obs.view)
        assert obs.view == "investigator" and obs.rng is None
        assert obs.jack in (None, HIDDEN) and all(c == HIDDEN for c in obs.jcards)
        return real(obs, rng)
    monkeypatch.setattr(scene.bot, "choose", spy)
    wait_for_turn(game_app, scene)
    for _ in range(6):
        play_human_move(game_app, scene, "keys", Rng(len(seen) + 1))
        wait_for_turn(game_app, scene)
    assert seen


# ---------------------------------------------------------------- choosing
def test_a_click_before_choosing_a_token_explains_why_and_undo_steps_back(game_app) -> None:  # type: ignore[no-untyped-def]
    scene = start(game_app, seed=2, mode="solo", human="investigator", bot="random")
    wait_for_turn(game_app, scene)
    L = scene.view.layout
    send(game_app, click(L.cell_center(4)))
    assert "token" in scene.toast.message.lower()
    t = scene.picker.playable_tokens()[0]
    send(game_app, click(L.token_centers[t]))
    assert scene.picker.token == t
    lit = scene.highlights()
    assert lit.selected_token == t and (lit.cells or lit.positions or lit.preview or lit.detectives)
    send(game_app, click((10, 10), button=3))  # right-click cancels the pending selection
    assert scene.picker.token is None
    send(game_app, key(pygame.K_1), key(pygame.K_BACKSPACE))
    assert scene.picker.token is None
    assert scene.record.actions == [a for a in scene.record.actions]  # nothing was applied by these


def _rotation_scenario(game_app, seed: int) -> bool:  # type: ignore[no-untyped-def]
    """Investigator turns tile 4 with one rotation token, then meets the other one later.

    Returns ``False`` when this seed's game does not lead there (no two
    rotation tokens, or Jack uses the second one).
    """
    scene = start(game_app, seed=seed, mode="solo", human="investigator", bot="random")
    wait_for_turn(game_app, scene)
    faces = [TOKENS[t][scene.state.faces[t]] for t in range(4)]
    if faces.count("rotate") != 2:
        return False
    L = scene.view.layout
    t1, t2 = [t for t in range(4) if TOKENS[t][scene.state.faces[t]] == "rotate"]
    wall = scene.state.walls[4]
    new = "NESW"[(wall + 1) % 4]
    send(game_app, click(L.token_centers[t1]), click(L.cell_center(4)))
    send(game_app, click(L.arrow_center(4, wall)))  # the side the wall is on already
    assert "already faces" in scene.toast.message
    send(game_app, click(L.arrow_center(4, "NESW".index(new))))
    assert scene.picker.pending is not None and str(scene.picker.pending) == f"rotate 4 {new}"
    send(game_app, key(pygame.K_BACKSPACE))  # undo the choice before confirming
    assert scene.picker.pending is None and len(scene.record.actions) == 2
    send(game_app, click(L.arrow_center(4, "NESW".index(new))), key(pygame.K_RETURN))
    assert scene.record.actions[-1] == f"rotate 4 {new}"
    wait_for_turn(game_app, scene)
    if scene.finished or scene.state.round > 1 or scene.state.used[t2]:
        return False
    send(game_app, click(L.token_centers[t1]))
    assert "already played" in scene.toast.message
    send(game_app, click(L.token_centers[t2]))
    assert scene.picker.token == t2
    tile = scene.state.chars[4]
    send(game_app, click(L.cell_center(4)))
    assert "already turned" in scene.toast.message and scene.picker.first is None
    assert 4 not in scene.highlights().cells
    del tile
    return True


def test_a_used_token_and_an_already_turned_tile_are_refused_with_a_reason(game_app) -> None:  # type: ignore[no-untyped-def]
    assert any(_rotation_scenario(game_app, seed) for seed in range(1, 80))


def test_space_skips_the_animation_and_input_waits_while_a_move_plays(game_app) -> None:  # type: ignore[no-untyped-def]
    game_app.settings.animation_speed = 1.0
    scene = start(game_app, seed=5, mode="solo", human="investigator", bot="random")
    for _ in range(200):
        if scene.my_turn():
            break
        if scene.anim is not None:
            send(game_app, key(pygame.K_SPACE))
        else:
            game_app.tick(DT)
    assert scene.my_turn()
    t = scene.picker.playable_tokens()[0]
    action = [a for a in scene.picker.legal if a.kind == TOKENS[t][scene.state.faces[t]]][0]
    mouse_events(game_app, scene, action)
    game_app.tick(DT)
    assert scene.anim is not None  # the player's own move now animates
    before = len(scene.record.actions)
    send(game_app, click(scene.view.layout.token_centers[(t + 1) % 4]))  # ignored while it plays
    assert len(scene.record.actions) == before and scene.anim is not None
    send(game_app, key(pygame.K_SPACE))
    assert scene.anim is None
    assert scene.cursor[Side.INVESTIGATOR] == before  # the move's picture is complete
    assert scene.log_text(Side.INVESTIGATOR)[-1][0].startswith("Investigator")


def test_escape_pauses_and_save_and_quit_returns_to_the_title_with_an_autosave(game_app) -> None:  # type: ignore[no-untyped-def]
    scene = start(game_app, seed=8, mode="solo", human="jack", bot="greedy")
    wait_for_turn(game_app, scene)
    send(game_app, key(pygame.K_ESCAPE))
    assert isinstance(game_app.stack.top, PauseScene)
    count = len(scene.record.actions)
    for _ in range(5):
        game_app.tick(DT)
    assert len(scene.record.actions) == count  # the game stands still under the pause
    send(game_app, key(pygame.K_ESCAPE))
    assert game_app.stack.top is scene
    send(game_app, key(pygame.K_ESCAPE))
    pause = game_app.stack.top
    send(game_app, click(pause.menu.buttons[-1].rect.center))  # Save and quit
    assert isinstance(game_app.stack.top, TitleScene)
    title = game_app.stack.top
    assert title.continue_button.visible
    saved = game_app.saves.load_autosave()
    assert saved.actions == scene.record.actions
    send(game_app, click(title.continue_button.rect.center))
    resumed = game_app.stack.top
    assert isinstance(resumed, GameScene) and resumed is not scene
    assert str(resumed.state) == str(scene.state)
    assert resumed.cursor[Side.JACK] == len(resumed.states) - 1  # no replay of the past
    assert resumed.logs[Side.JACK]  # the log is rebuilt
    wait_for_turn(game_app, resumed)
    play_human_move(game_app, resumed, "mouse", Rng(3))


def test_from_record_resumes_a_hot_seat_game_behind_a_hand_over(game_app) -> None:  # type: ignore[no-untyped-def]
    from game.engine.record import GameRecord

    scene = start(game_app, seed=6, mode="hotseat", human="both", bot=None)
    wait_for_turn(game_app, scene)
    send(game_app, key(pygame.K_RETURN))
    wait_for_turn(game_app, scene)
    assert scene.my_turn() and scene.viewer is Side.INVESTIGATOR
    play_human_move(game_app, scene, "mouse", Rng(1))
    record = GameRecord.from_json(game_app.saves.load_autosave().to_json())
    game_app.start(TitleScene(game_app))
    resumed = GameScene.from_record(game_app, record)
    game_app.stack.push(resumed)
    wait_for_turn(game_app, resumed)
    assert isinstance(game_app.stack.top, HandoverScene)
    assert str(resumed.state) == str(scene.state)
    with pytest.raises(ValueError):
        GameScene.from_record(game_app, GameRecord("pocket", 1, ["nonsense"], {}))


def test_the_sight_lines_toggle_and_every_scene_draws_at_a_small_window(game_app) -> None:  # type: ignore[no-untyped-def]
    game_app.set_window((800, 600))
    scene = start(game_app, seed=12, mode="solo", human="investigator", bot="greedy")
    wait_for_turn(game_app, scene)
    send(game_app, key(pygame.K_l))
    assert scene.highlights().show_sight
    send(game_app, key(pygame.K_l))
    assert not scene.highlights().show_sight
    from game.ui.scenes.setup import SetupScene

    game_app.stack.push(SetupScene(game_app))
    send(game_app, key(pygame.K_RIGHT))  # the focus starts on the mode: hot-seat
    assert game_app.stack.top.mode.value == "hotseat"
    send(game_app, key(pygame.K_RETURN))
    assert isinstance(game_app.stack.top, GameScene) and game_app.stack.top.mode == "hotseat"


# ------------------------------------------------------- keys typed during a move (issue 12.2)
def _own_move_animating(game_app, seed: int, human: str):  # type: ignore[no-untyped-def]
    """Play the human's first move by keys at normal speed; return the scene with that move animating."""
    game_app.settings.animation_speed = 1.0
    scene = start(game_app, seed=seed, mode="solo", human=human, bot="random")
    for _ in range(400):
        if scene.my_turn():
            break
        if scene.anim is not None:
            scene.skip_animation()
        scene.wait_for_bot()
        game_app.tick(DT)
    assert scene.my_turn()
    play_human_move(game_app, scene, "keys", Rng(seed))
    game_app.tick(DT)
    assert scene.anim is not None, "the player's own move plays"
    return scene


def test_keys_typed_during_a_move_apply_to_the_next_prompt_they_were_meant_for(game_app) -> None:  # type: ignore[no-untyped-def]
    """Jack moves twice in a row: '2' typed while his first move plays picks token 2 of the second."""
    scene = _own_move_animating(game_app, 4, "jack")
    assert scene.state.to_move().side is Side.JACK, "Jack plays the next token too (I, J, J, I)"
    t = next(t for t in range(4) if not scene.state.used[t])
    before = list(scene.record.actions)
    send(game_app, key(DIGITS[t + 1]))  # typed while the move plays: not lost
    assert scene.anim is not None and scene.picker is None
    for _ in range(200):
        if scene.my_turn():
            break
        game_app.tick(DT)
    assert scene.my_turn() and scene.picker.token == t
    assert scene.record.actions == before, "nothing is applied without Enter on a seen choice"
    assert scene.typeahead == []


def test_keys_typed_during_a_move_never_reach_a_prompt_after_the_other_sides_move(game_app) -> None:  # type: ignore[no-untyped-def]
    """The investigator's move plays, then Jack moves: keys typed before that are dropped, with a word."""
    scene = _own_move_animating(game_app, 4, "investigator")
    assert scene.state.to_move().side is Side.JACK
    send(game_app, key(pygame.K_2), key(pygame.K_1))
    assert len(scene.typeahead) == 2
    said = ""
    for _ in range(600):
        if scene.my_turn():
            break
        scene.wait_for_bot()
        game_app.tick(DT)
        if not scene.typeahead and not said:
            said = scene.toast.message
    assert scene.my_turn()
    assert scene.picker.token is None, "a key is never applied to a prompt the player has not seen"
    assert "ignored" in said


def test_enter_typed_during_a_move_confirms_nothing(game_app) -> None:  # type: ignore[no-untyped-def]
    scene = _own_move_animating(game_app, 4, "jack")
    t = next(t for t in range(4) if not scene.state.used[t])
    before = len(scene.record.actions)
    send(game_app, key(DIGITS[t + 1]), key(pygame.K_RETURN))
    for _ in range(200):
        if scene.my_turn():
            break
        game_app.tick(DT)
    assert len(scene.record.actions) == before and scene.picker.token == t


# ------------------------------------------------------- the log's language (issue 12.4)
@pytest.mark.parametrize("game", ["pocket", "london", "newyork"])
def test_the_log_is_told_in_the_language_shown_after_a_change(game_app, game: str) -> None:  # type: ignore[no-untyped-def]
    """English moves, then a switch to Polish: every line of the log, old and new, is Polish."""
    from game.ui import i18n

    scene = start(game_app, seed=11, mode="watch", human="none", bot="random", game=game)
    for _ in range(300):
        if len(scene.logs[Side.INVESTIGATOR]) >= 6:
            break
        if scene.anim is not None:
            scene.skip_animation()
        scene.wait_for_bot()
        scene.update(0.6)
    english = scene.log_text(Side.INVESTIGATOR)
    assert len(english) >= 6
    try:
        i18n.set_language("pl")
        for _ in range(40):  # and a few more moves in Polish
            if scene.anim is not None:
                scene.skip_animation()
            scene.wait_for_bot()
            scene.update(0.6)
        polish = scene.log_text(Side.INVESTIGATOR)
        assert [t for t, _a in polish[:len(english)]] != [t for t, _a in english]
        for t, _a in english:
            assert t not in [p for p, _b in polish], f"an English line is left in the Polish log: {t}"
        scene.draw(pygame.Surface(game_app.size))
        shown = {line.strip("• ").strip() for line, _c in scene._log_lines}
        assert not shown & {t for t, _a in english}
    finally:
        i18n.set_language("en")
    assert scene.log_text(Side.INVESTIGATOR)[:len(english)] == english, "and back in English"


# ------------------------------------------------------- hot-seat hand-over replays (issue 12, smaller)
def _to_second_handover(game_app):  # type: ignore[no-untyped-def]
    """Hot seat: the investigator plays, Jack plays; the hand-over back to the investigator shows."""
    scene = start(game_app, seed=3, mode="hotseat", human="both", bot=None)
    rng = Rng(9)
    seen: list[Side] = []
    for _ in range(40):
        wait_for_turn(game_app, scene)
        top = game_app.stack.top
        if isinstance(top, HandoverScene):
            if len(seen) == 2 and top.side is Side.INVESTIGATOR:
                return scene, top
            seen.append(top.side)
            send(game_app, key(pygame.K_RETURN))
            continue
        play_human_move(game_app, scene, "keys", rng)
    raise AssertionError("no second hand-over to the investigator")


def test_hot_seat_show_goes_straight_to_the_position_with_the_moves_in_the_log(game_app) -> None:  # type: ignore[no-untyped-def]
    scene, handover = _to_second_handover(game_app)
    assert handover.moves >= 1 and handover.replay_button.visible
    logged = len(scene.logs[Side.INVESTIGATOR])
    send(game_app, key(pygame.K_RETURN))  # Show: the moves played on this screen are not played again
    assert scene.viewer is Side.INVESTIGATOR and scene.anim is None
    assert scene.cursor[Side.INVESTIGATOR] == len(scene.states) - 1
    assert len(scene.logs[Side.INVESTIGATOR]) == logged + handover.moves, "told in the log"
    investigator_blind(scene)
    wait_for_turn(game_app, scene)
    assert scene.my_turn()


def test_hot_seat_show_and_replay_plays_the_moves_and_enter_skips_them_all(game_app) -> None:  # type: ignore[no-untyped-def]
    game_app.settings.animation_speed = 1.0
    scene, handover = _to_second_handover(game_app)
    send(game_app, key(pygame.K_r))  # Show and replay
    assert scene.viewer is Side.INVESTIGATOR and scene.cursor[Side.INVESTIGATOR] < len(scene.states) - 1
    game_app.tick(DT)
    assert scene.anim is not None
    investigator_blind(scene)
    send(game_app, key(pygame.K_RETURN))  # Enter: skip every move still to show
    assert scene.anim is None and scene.cursor[Side.INVESTIGATOR] == len(scene.states) - 1
    investigator_blind(scene)
