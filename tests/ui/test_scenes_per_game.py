"""Every game in the game scene, played through real clicks and keys: to its results, hot-seat, saved and
resumed, replayed, undone before Confirm.

Each test runs over the games: each game's scene-test module says how a
player enters that game's decisions (``play``), what a screen must not
show (``blind``) and how a random game goes (``pick``); the game scene,
the bot, the hand-over, the autosave, the results, the replay and the way
back to the title are checked alike for all.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame
import pytest
import test_game_scene as pocket
import test_london_scene as london
import test_newyork_scene as newyork
from scenehelp import DT, click, key, send, start, wait_for_turn

from game.engine.cards import HIDDEN
from game.engine.core import Side
from game.engine.london.board import INDEX as LONDON_CELLS
from game.engine.newyork.board import INDEX as NEWYORK_CELLS
from game.engine.record import GameRecord
from game.engine.rng import Rng
from game.ui.hex.picker import CARD, CONFIRM
from game.ui.scenes.game import GameScene
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.title import TitleScene

PLAYERS = {"pocket": (pocket.play_human_move, pocket.investigator_blind),
           "london": (london.play_human_turn, london.blind),
           "newyork": (newyork.play_human_turn, newyork.blind)}
#: a random decision as each game's tests make it (the card games keep their games long and eventful)
PICKS = {"pocket": lambda state, rng: rng.choice(state.legal_actions()), "london": london.pick,
         "newyork": newyork.pick}
#: what each game's tests start with beyond the mode (London's new edition: its manholes and lamps)
EXTRA = {"pocket": {}, "london": {"edition": "2016"}, "newyork": {}}
GAMES = ["pocket", "london", "newyork"]
CARD_GAMES = ["london", "newyork"]


class Case(NamedTuple):
    game: str
    side: str
    how: str
    size: tuple[int, int]
    bot: str
    seed: int
    choices: int  # the seed of the player's own random choices


CASES = [Case("pocket", "investigator", "mouse", (1280, 800), "greedy", 11, 5),
         Case("pocket", "jack", "keys", (800, 600), "greedy", 11, 5),
         Case("pocket", "investigator", "mixed", (1024, 700), "easy", 11, 5),
         Case("london", "investigator", "mouse", (1280, 800), "greedy", 11, 11),
         Case("london", "jack", "keys", (800, 600), "greedy", 12, 12),
         Case("london", "jack", "mixed", (1024, 700), "greedy", 13, 13),
         Case("newyork", "investigator", "mouse", (1280, 800), "greedy", 11, 11),
         Case("newyork", "jack", "keys", (800, 600), "greedy", 12, 12),
         Case("newyork", "jack", "mouse", (1280, 800), "greedy", 14, 14),
         Case("newyork", "investigator", "mixed", (1024, 700), "greedy", 13, 13)]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.game}-{c.side}-{c.how}-{c.seed}")
def test_a_whole_solo_game_is_played_to_the_results(game_app, case: Case) -> None:  # type: ignore[no-untyped-def]
    """Every human decision goes through clicks or keys; the bot answers; the results show."""
    play, blind = PLAYERS[case.game]
    game_app.set_window(case.size)
    scene = start(game_app, case.game, seed=case.seed, mode="solo", human=case.side, bot=case.bot)
    rng = Rng(case.choices)
    human = Side(case.side)
    turns = 0
    while True:
        wait_for_turn(game_app, scene, check=blind)
        if scene.finished:
            break
        assert scene.state.to_move().side is human
        assert scene.viewer is human and scene.model.view == case.side
        play(game_app, scene, case.how, rng)
        turns += 1
        if not scene.state.is_over():  # autosaved after every applied action
            assert game_app.saves.load_autosave().actions == scene.record.actions
    assert turns >= 4
    top = game_app.stack.top
    assert isinstance(top, ResultsScene)
    assert top.final.is_over() and str(top.final) == str(scene.record.replay())
    assert scene.view.layout.size == case.size
    # the finished game is filed for replays (and no longer offered as "Continue")
    assert game_app.saves.load_autosave() is None
    kept = game_app.saves.saved[-1]
    assert kept.game == case.game and kept.actions == scene.record.actions
    assert kept.meta["human"] == case.side and kept.replay().is_over()
    assert "win" in game_app.sound.played and "step" in game_app.sound.played
    game_app.tick(DT)
    send(game_app, key(pygame.K_ESCAPE))
    assert isinstance(game_app.stack.top, TitleScene)


class HotSeat(NamedTuple):
    game: str
    seed: int
    choices: int


@pytest.mark.parametrize("case", [HotSeat("pocket", 3, 9), HotSeat("london", 21, 4), HotSeat("newyork", 21, 4)],
                         ids=lambda c: c.game)
def test_hot_seat_hands_over_and_each_screen_keeps_its_secrets(game_app, case: HotSeat) -> None:  # type: ignore[no-untyped-def]
    """Nothing of the board shows behind a hand-over; each screen shows its own side's secrets and none of the
    other's; the two sides alternate from the investigator's first turn to the results."""
    play, blind = PLAYERS[case.game]
    scene = start(game_app, case.game, seed=case.seed, mode="hotseat", human="both", bot=None, **EXTRA[case.game])
    for name, value in EXTRA[case.game].items():
        assert getattr(scene.state, name) == value and scene.record.meta[name] == value
    rng = Rng(case.choices)
    handovers: list[Side] = []
    saw_identity = False
    saw_own_cards = {Side.JACK: False, Side.INVESTIGATOR: False}
    while not scene.finished:
        wait_for_turn(game_app, scene, check=blind)
        if scene.finished:
            break
        top = game_app.stack.top
        if isinstance(top, HandoverScene):
            if not handovers:
                assert scene.viewer is None, "the first screen is the hand-over, before anybody looks"
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
            send(game_app, key(pygame.K_RETURN))  # Show
            assert scene.viewer is top.side
            blind(scene)
            continue
        side = scene.viewer
        if side is Side.JACK:
            saw_identity |= scene.model.jack == scene.state.jack
        if case.game in CARD_GAMES:
            own = scene.model.icards if side is Side.INVESTIGATOR else scene.model.jcards
            saw_own_cards[side] |= any(c != HIDDEN for c in own)
        play(game_app, scene, "mixed", rng)
    assert handovers[:2] == [Side.INVESTIGATOR, Side.JACK]
    assert all(a is not b for a, b in zip(handovers, handovers[1:], strict=False))
    assert saw_identity, "Jack saw his identity on his own screen"
    if case.game in CARD_GAMES:
        drew = {Side.INVESTIGATOR: scene.state.icards, Side.JACK: scene.state.jcards}
        for s in (Side.INVESTIGATOR, Side.JACK):
            if drew[s] and scene.state.round > 1:
                assert saw_own_cards[s] or len(drew[s]) == 1, "a player sees the alibi cards he drew"
    assert isinstance(game_app.stack.top, ResultsScene)
    kept = game_app.saves.saved[-1]
    assert {k: kept.meta[k] for k in ("mode", "human", "bot")} == {"mode": "hotseat", "human": "both", "bot": None}


@pytest.mark.parametrize("game", GAMES)
def test_save_and_resume_then_replay(game_app, game: str) -> None:  # type: ignore[no-untyped-def]
    """The autosave resumes from the title's Continue at the same position; a finished game replays every
    state, each step told in words."""
    from game.ui.scenes.replay import ReplayScene

    play, _blind = PLAYERS[game]
    scene = start(game_app, game, seed=31, mode="solo", human="investigator", bot="greedy", **EXTRA[game])
    rng = Rng(2)
    for _ in range(4):
        wait_for_turn(game_app, scene)
        play(game_app, scene, "mouse", rng)
    wait_for_turn(game_app, scene)
    record = GameRecord.from_json(game_app.saves.load_autosave().to_json())
    assert record.game == game and all(record.meta[k] == v for k, v in EXTRA[game].items())
    game_app.start(TitleScene(game_app))
    title = game_app.stack.top
    game_app.tick(DT)
    assert title.continue_button.visible
    send(game_app, click(title.continue_button.rect.center))
    resumed = game_app.stack.top
    assert isinstance(resumed, GameScene) and resumed is not scene
    assert str(resumed.state) == str(scene.state)
    assert all(getattr(resumed.state, k) == v for k, v in EXTRA[game].items())
    assert resumed.logs[Side.INVESTIGATOR]
    wait_for_turn(game_app, resumed)
    play(game_app, resumed, "keys", rng)
    # a whole game, then its replay steps through every state, each step told in words
    finished = GameRecord(game, 5, [], {})
    state = finished.start()
    pick = PICKS[game]
    rng2 = Rng(9)
    while not state.is_over():
        a = state.sample_chance() if state.to_move().side is None else pick(state, rng2)
        state.apply(a)
        finished.actions.append(str(a))
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


@pytest.mark.parametrize("game, cell", [("london", LONDON_CELLS["a1"]), ("newyork", NEWYORK_CELLS["b7"])])
def test_undo_before_confirm_and_refusals_explain(game_app, game: str, cell: int) -> None:  # type: ignore[no-untyped-def]
    """A card game: a board click before a card is refused with a reason; Backspace takes back the last step,
    the right button the whole choice, and nothing is applied before Confirm."""
    scene = start(game_app, game, seed=41, mode="solo", human="investigator", bot="random")
    wait_for_turn(game_app, scene)
    L = scene.view.layout
    p = scene.picker
    send(game_app, click(L.center(cell)))
    assert "card" in scene.toast.message.lower()
    c = p.playable_cards()[0]
    send(game_app, click(L.row_rects[scene.model.row.index(c)].center))
    assert p.chain and scene.highlights().cells
    if p.can_switch() and p.current_mode() != "move":
        p.switch_mode()
    target = sorted(p.cell_targets() - set(scene.state.pos))[0]
    send(game_app, click(L.center(target)))
    assert p.stage == CONFIRM and len(scene.record.actions) == 2
    send(game_app, key(pygame.K_BACKSPACE))
    assert p.stage != CONFIRM and len(p.chain) == 1
    send(game_app, click((5, 5), button=3))
    assert not p.chain and p.stage == CARD
    assert len(scene.record.actions) == 2  # nothing was applied
    scene.toast.message = ""
    send(game_app, click(L.center(cell)))
    assert "card" in scene.toast.message.lower()  # a card first, again
