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
from scenehelp import DT, calm_pick, card_blind, card_key, card_player, click, key, mode_for, send, tab_to

from game.engine.actions import Action
from game.engine.core import Side
from game.engine.london.actions import split_pair
from game.engine.london.board import EXITS, INDEX, OFF_BOARD
from game.engine.london.data import DIRECTIONS
from game.ui.london.paths import walk_path
from game.ui.london.picker import CARD, DIRECTION
from game.ui.scenes.game import GameScene

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
    if action.kind != "play" and scene.picker.stage not in (DIRECTION, CARD):
        mode_for(app, scene, action, POWERS, keys=False)
    for pos in targets_clicks(scene, action):
        send(app, click(pos))


def choose_with_keys(app, scene: GameScene, action: Action) -> None:  # type: ignore[no-untyped-def]
    if action.kind == "play":
        card_key(app, scene, IDS, action)
        return
    if action.kind == "lantern":
        send(app, key(getattr(pygame, f"K_{DIRECTIONS.index(str(action.args[0])) + 1}")))
        return
    mode_for(app, scene, action, POWERS, keys=True)
    kind, args = action.kind, action.args
    s = scene.picker.state
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
        tab_to(app, scene, goal)


pick = calm_pick
play_human_turn = card_player(pick, choose_with_mouse, choose_with_keys)
blind = card_blind


# -------------------------------------------------------------------- games
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
        scene = scenehelp.start(game_app, "london", seed=seed, mode="watch", human="none", bot="greedy")
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
