"""The Hint key in solo play and the Analyse screen after a game (headless)."""

from __future__ import annotations

import functools
import time

import pygame

from game.bots import analysis as analysis_mod
from game.bots import hint as hint_mod
from game.bots import make_bot
from game.engine import Side, find_ruleset
from game.engine.record import GameRecord
from game.engine.rng import Rng
from game.match import play_game
from game.ui import hinting
from game.ui.pocket.picker import face_of
from game.ui.scenes.analysis import AnalysisScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.title import TitleScene

DT = 1 / 60


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def ask_hint(game_app, scene) -> None:  # type: ignore[no-untyped-def]
    """Press F1 and let frames pass (the worker thread searches) until the hint is in the record."""
    scene.handle_event(key(pygame.K_F1))
    for _ in range(600):
        if scene.record.meta.get("hints"):
            break
        game_app.tick(DT)
        time.sleep(DT / 4)


def test_the_hint_key_shows_a_move_logs_it_and_marks_the_record(game_app, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(hinting, "hint", functools.partial(hint_mod.hint, level="hard:iterations=80"))
    game_app.start(TitleScene(game_app))
    scene = GameScene.new(game_app, 8, game="pocket", mode="solo", human="investigator", bot="greedy")
    game_app.stack.push(scene)
    for _ in range(600):
        if scene.my_turn():
            break
        game_app.tick(DT)
    assert scene.my_turn()
    ply = len(scene.states) - 1
    legal = {str(a) for a in scene.state.legal_actions()}
    ask_hint(game_app, scene)
    [given] = scene.record.meta["hints"]
    assert given["ply"] == ply and given["side"] == "investigator" and given["action"] in legal
    assert any(text.startswith("Hint") for text, _ in scene.log_text(Side.INVESTIGATOR))
    from game.ui import i18n

    try:
        i18n.set_language("ru")   # the hint is told again in the language shown, like every log line
        assert any(text.startswith("Подсказка") for text, _ in scene.log_text(Side.INVESTIGATOR))
    finally:
        i18n.set_language("en")
    assert "Hint" in scene.toast.message
    assert game_app.saves.auto.meta["hints"] == [given]  # the autosave knows the game was hinted


def test_no_hint_when_it_is_not_the_players_turn(game_app):  # type: ignore[no-untyped-def]
    game_app.start(TitleScene(game_app))
    scene = GameScene.new(game_app, 8, game="pocket", mode="hotseat", human="both", bot=None)
    game_app.stack.push(scene)
    scene.handle_event(key(pygame.K_SLASH))
    assert scene.hints.pending is None and "solo" in scene.toast.message


def finished_record(game: str = "pocket", seed: int = 5) -> GameRecord:
    state = find_ruleset(game).new(seed)
    log = play_game(state, {Side.JACK: make_bot("greedy"), Side.INVESTIGATOR: make_bot("random")}, Rng(seed))
    return GameRecord(game, seed, log, {"mode": "solo", "human": "investigator", "bot": "greedy"})


def test_analyse_runs_in_the_background_and_keeps_its_result(game_app, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setitem(analysis_mod.ANALYSIS_LEVELS, "pocket", "hard:iterations=60")
    game_app.start(TitleScene(game_app))
    record = finished_record()
    results = ResultsScene(game_app, record, record.replay())
    game_app.stack.push(results)
    analyse_button = results.menu.buttons[1]
    assert analyse_button.visible
    analyse_button.on_click()
    scene = game_app.stack.top
    assert isinstance(scene, AnalysisScene) and scene.side is Side.INVESTIGATOR
    frames = 0
    for _ in range(3000):
        if scene.analysis is not None:
            break
        game_app.tick(DT)
        frames += 1
        time.sleep(DT / 4)
    assert scene.analysis is not None and scene.error is None
    assert frames >= 1  # frames kept coming while it ran
    assert scene.done == scene.total == len(scene.analysis.decisions) > 0
    assert record.meta["analysis"] == scene.analysis.to_dict()
    game_app.tick(DT)
    # Opened again (from the replay), the kept analysis shows at once.
    replay = ReplayScene(game_app, record)
    game_app.stack.push(replay)
    replay.handle_event(key(pygame.K_a))
    again = game_app.stack.top
    assert isinstance(again, AnalysisScene) and again.future is None
    assert again.analysis == scene.analysis
    game_app.tick(DT)
    again.handle_event(key(pygame.K_ESCAPE))
    assert game_app.stack.top is replay


def test_leaving_the_analysis_stops_it(game_app, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setitem(analysis_mod.ANALYSIS_LEVELS, "pocket", "hard:iterations=60")
    game_app.start(TitleScene(game_app))
    scene = AnalysisScene(game_app, finished_record(seed=6))
    game_app.stack.push(scene)
    scene.close()
    future = scene.future
    assert future is not None
    future.exception(timeout=60)  # it ends soon after: stopped after the decision in hand
    scene.update(DT)
    assert scene.analysis is None and "analysis" not in scene.record.meta


def test_the_analysis_is_written_into_the_saved_replay_of_the_same_game(tmp_path):  # type: ignore[no-untyped-def]
    from types import SimpleNamespace

    from game.saves import SaveStore
    from game.ui.scenes.analysis import keep_with_replay, kept_analysis

    store = SaveStore(tmp_path)
    record = finished_record(seed=7)
    store.save(finished_record(seed=8), "another game")
    path = store.save(record, "2026-11-24 the investigator wins")
    analysed = analysis_mod.analyse(record, Side.INVESTIGATOR, "hard:iterations=30")
    record.meta["analysis"] = analysed.to_dict()
    assert keep_with_replay(SimpleNamespace(saves=store), record)
    assert kept_analysis(store.load(path), Side.INVESTIGATOR) == analysed
    assert kept_analysis(store.load(path), Side.JACK) is None  # kept for the side it judged
    assert len(store.list()) == 2  # written over the same replay, not a new one


def hinted_scene(game_app, monkeypatch, game: str):  # type: ignore[no-untyped-def]
    """A solo game of ``game`` on the investigator's turn, with a hint shown."""
    monkeypatch.setattr(hinting, "hint", functools.partial(hint_mod.hint, level="hard:iterations=60"))
    game_app.start(TitleScene(game_app))
    scene = GameScene.new(game_app, 8, game=game, mode="solo", human="investigator", bot="greedy")
    game_app.stack.push(scene)
    for _ in range(1200):
        if scene.my_turn() and scene.anim is None:
            break
        game_app.tick(DT)
    assert scene.my_turn()
    ask_hint(game_app, scene)
    game_app.tick(DT)
    return scene


def test_a_pocket_hint_is_marked_on_the_board_until_the_player_picks_a_token(game_app, monkeypatch):  # type: ignore[no-untyped-def]
    scene = hinted_scene(game_app, monkeypatch, "pocket")
    [given] = scene.record.meta["hints"]
    hl = scene.highlights()
    assert str(hl.preview) == given["action"]   # the board previews the hinted move
    assert hl.selected_token is not None and scene.picker.face_at(hl.selected_token) == face_of(hl.preview)
    other = next(t for t in scene.picker.playable_tokens() if t != hl.selected_token)
    scene.picker.select_token(other)            # the player's own choice replaces the mark
    hl = scene.highlights()
    assert hl.selected_token == other and str(hl.preview) != given["action"]


def test_a_london_hint_lifts_the_card_and_previews_its_characters_step(game_app, monkeypatch, drawn):  # type: ignore[no-untyped-def]
    scene = hinted_scene(game_app, monkeypatch, "london")
    [given] = scene.record.meta["hints"]
    hl = scene.highlights()
    kind, *args = given["action"].split()
    assert [str(a) for a in hl.preview] == [given["action"], *given.get("then", [])]
    if kind == "play":   # a card and what its character should do with it
        assert hl.selected_card == scene.ui.texts.IDS.index(args[0]) and len(given["then"]) == 1
    text = next(t for t, _ in scene.log_text(Side.INVESTIGATOR) if t.startswith("Hint"))
    assert "played" not in text and "moved" not in text   # advice in the present tense
    for _ in range(int(3.5 / DT)):   # the toast fades; the hint stays in the prompt panel
        game_app.tick(DT)
    drawn.clear()
    game_app.draw()
    assert not scene.toast.message and any(t.startswith("Hint") for t in drawn)
    other = next(c for c in scene.picker.playable_cards() if kind != "play" or c != hl.selected_card)
    scene.picker.pick_card(other)   # another card than the hint's: the mark and the line give way
    drawn.clear()
    game_app.draw()
    assert not scene.highlights().preview and not any(t.startswith("Hint") for t in drawn)


def test_a_hint_too_long_for_a_small_window_keeps_its_chance_in_the_prompt_panel(game_app_small, monkeypatch, drawn):  # type: ignore[no-untyped-def]
    scene = hinted_scene(game_app_small, monkeypatch, "pocket")
    for _ in range(int(3.5 / DT)):   # the toast fades; the panel alone tells the hint
        game_app_small.tick(DT)
    drawn.clear()
    game_app_small.draw()
    assert not scene.toast.message
    full, short = scene.hints.line(), scene.hints.short_line()
    assert full.startswith("Hint") and short.startswith("Hint") and "marked on the board" in short
    assert short in drawn and full not in drawn   # the move in words has no room at 800x600: the chance does
    assert not any(t.startswith("Hint") and t not in (full, short) for t in drawn)
    assert any("Esc" in t for t in drawn)          # with room for both, the keys line stays
    from game.ui import i18n

    try:   # in Russian the keys take two lines: they give way to the hint the player asked for
        i18n.set_language("ru")
        drawn.clear()
        game_app_small.draw()
        short = scene.hints.short_line()
        assert short.startswith("Подсказка") and short in " ".join(drawn)   # whole, on two lines
        assert not any("Esc" in t for t in drawn)
    finally:
        i18n.set_language("en")
