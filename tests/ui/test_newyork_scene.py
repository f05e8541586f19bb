"""Mr. Jack in New York in the game scene, played through real events as a player would.

A helper lets a random policy choose each decision from the player's own
view and turns it into the clicks (or keys) a player makes: the character
card, the mode button when the power comes first, the lit cells and pawns
(a zone is its old place then its two new cells; a push the pawn then the
cell; a swap two pawns; a ship its port then the free port), the button
that leaves an optional power unused, then Confirm.  The test checks that
exactly those actions were recorded.  Animations run very fast so whole
games take a second or two.
"""

from __future__ import annotations

import pygame
from scenehelp import DT, calm_pick, card_blind, card_key, card_player, click, key, mode_for, send, tab_to

from game.engine.actions import Action
from game.engine.core import Side
from game.engine.newyork import NewYork
from game.engine.newyork.board import ADJ, EXITS, INDEX, LIBERTY, NAMES, STEP
from game.engine.rng import Rng
from game.ui.newyork import anim
from game.ui.newyork.paths import walk_path
from game.ui.newyork.picker import NewYorkPicker, sequences
from game.ui.newyork.view import CELL_XY, NewYorkModel
from game.ui.scenes.game import GameScene
from game.ui.scenes.title import TitleScene

IDS = ("beach", "runner", "latimer", "grant", "callahan", "eastman", "tumblety", "smith")
POWERS = ("subway", "building", "lamp", "park", "zone", "move", "swap", "ship")


# ------------------------------------------------------------------ helpers
def targets_of(picker: NewYorkPicker, action: Action) -> tuple[tuple[str, int], ...]:
    """The first way to click ``action`` in the picker's state."""
    return sequences(picker.state, action)[0]


def where(scene: GameScene, target: tuple[str, int]) -> tuple[float, float]:
    kind, v = target
    if kind == "pawn":
        return scene.view.pawn_center(scene.model, v)
    return scene.view.layout.center(v)


def choose_with_mouse(app, scene: GameScene, action: Action) -> None:  # type: ignore[no-untyped-def]
    p = scene.picker
    if action.kind == "play":
        send(app, click(scene.view.layout.row_rects[scene.model.row.index(IDS.index(str(action.args[0])))].center))
        return
    if action.kind == "pass":
        assert scene.extra_button.visible and p.can_pass() and not p.can_switch()
        send(app, click(scene.extra_button.rect.center))
        return
    if p.can_switch():
        mode_for(app, scene, action, POWERS, keys=False)
    for target in targets_of(p, action):
        send(app, click(where(scene, target)))


def choose_with_keys(app, scene: GameScene, action: Action) -> None:  # type: ignore[no-untyped-def]
    p = scene.picker
    if action.kind == "play":
        card_key(app, scene, IDS, action)
        return
    if action.kind == "pass":
        send(app, key(pygame.K_n))
        return
    if p.can_switch():
        mode_for(app, scene, action, POWERS, keys=True)
    for kind, v in targets_of(p, action):
        tab_to(app, scene, ("pos", v) if kind == "cell" else (kind, v))


def pick(state, rng: Rng) -> Action:  # type: ignore[no-untyped-def]
    """A random decision: escape and meet a talkative informant when possible, no arrest before two suspects
    are left."""
    legal = state.legal_actions()
    out = [a for a in legal if a.kind == "escape" or (a.kind == "move" and EXITS >> INDEX[str(a.args[1])] & 1)]
    if out:
        return out[0]
    meet = [a for a in legal if a.kind == "to" and INDEX[str(a.args[0])] == state.informant and state.talk]
    if meet:
        return meet[0]
    return calm_pick(state, rng)


play_human_turn = card_player(pick, choose_with_mouse, choose_with_keys)


blind = card_blind


# -------------------------------------------------------------------- games
def _linked(s, a: int, b: int) -> bool:  # type: ignore[no-untyped-def]
    return bool(STEP[a] >> b & 1 or (s.subway_mask() >> a & 1 and s.subway_mask() >> b & 1)
                or (EXITS >> b & 1 and ADJ[a] >> b & 1))


def test_walk_paths_follow_streets_subways_and_ferries() -> None:
    rng = Rng(3)
    checked = 0
    for seed in range(6):
        s = NewYork.new(seed)
        while not s.is_over() and checked < 400:
            if s.phase == "act":
                for a in s.legal_actions():
                    if a.kind in ("to", "escape", "move"):
                        x = s.active if a.kind != "move" else IDS.index(str(a.args[0]))
                        goal = INDEX[str(a.args[-1])]
                        path = walk_path(s, x, goal, pushed=a.kind == "move")
                        assert path[0] == s.pos[x] and path[-1] == goal, (a, path)
                        assert all(_linked(s, u, v) or s.building_mask() >> v & 1 or s.building_mask() >> u & 1
                                   for u, v in zip(path, path[1:], strict=False)), (a, [NAMES[c] for c in path])
                        if x != IDS.index("runner") or a.kind == "move":
                            assert len(path) - 1 <= 3, (a, [NAMES[c] for c in path])
                        checked += 1
            a = s.sample_chance() if s.to_move().side is None else pick(s, rng)
            s.apply(a)
    assert checked > 100


def test_every_animation_ends_where_the_observation_is(game_app) -> None:  # type: ignore[no-untyped-def]
    """Each action's tweens, run to the end, leave the drawn model as its observation (for each side)."""
    kinds: set[str] = set()
    for seed in (1, 2, 3, 4, 5, 6):
        s = NewYork.new(seed)
        rng = Rng(seed)
        while not s.is_over():
            a = s.sample_chance() if s.to_move().side is None else pick(s, rng)
            after = s.child(a)
            for side in (Side.INVESTIGATOR, Side.JACK):
                before_o, after_o = s.observation(side), after.observation(side)
                shown = a
                if a.kind == "identity" and side is Side.INVESTIGATOR:
                    shown = NewYork.vocabulary.parse("identity ?")
                if a.kind == "draw" and s.actor() is not side:
                    shown = NewYork.vocabulary.parse("draw ?")
                model = NewYorkModel.from_view(before_o)
                step = anim.build(model, before_o, shown, after_o)
                for _ in range(2000):
                    if step.finished:
                        break
                    step.advance(0.05)
                assert step.finished, a
                want = NewYorkModel.from_view(after_o)
                got = [(round(p.col, 3), round(p.row, 3)) for p in model.pawns if p.alpha > 0]
                assert got == [(p.col, p.row) for p in want.pawns if p.alpha > 0], (a, side)
                assert sorted((t.kind, t.col, t.row) for t in model.tokens) == \
                    sorted((t.kind, t.col, t.row) for t in want.tokens), a
                assert sorted(tuple(sorted((z.a, z.b))) for z in model.zones) == \
                    sorted(tuple(sorted((z.a, z.b))) for z in want.zones), a
                assert sorted((sh.col, sh.row) for sh in model.ships if sh.alpha > 0) == \
                    sorted((sh.col, sh.row) for sh in want.ships if sh.alpha > 0), a
                inf = model.informant
                assert (inf.col, inf.row, inf.talk) == (want.informant.col, want.informant.row,
                                                        want.informant.talk), a
                assert model.stock == want.stock and model.icards == want.icards and model.jcards == want.jcards, a
            kinds.add(a.kind)
            s = after
    assert {"to", "subway", "building", "lamp", "park", "zone", "ship", "witness", "draw", "informant",
            "move"} <= kinds, kinds
    assert kinds & {"escape", "accuse"}, kinds
    assert CELL_XY[LIBERTY] != CELL_XY[0]


def test_the_rule_pages_draw_and_the_log_tells_every_kind_of_step(game_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.newyork import texts
    from game.ui.scenes.rules import RulesScene

    rules = RulesScene(game_app, game="newyork")
    game_app.start(TitleScene(game_app))
    game_app.stack.push(rules)
    for _page in range(len(rules.pages)):
        game_app.tick(DT)
        send(game_app, key(pygame.K_RIGHT))
    assert rules.page == len(rules.pages) - 1 and len(rules.pages) >= 17
    send(game_app, key(pygame.K_TAB))
    assert rules.game == "pocket"
    s = NewYork.new(6)
    rng = Rng(6)
    while not s.is_over():
        a = s.sample_chance() if s.to_move().side is None else pick(s, rng)
        after = s.child(a)
        assert texts.describe(s, a, after) or a.kind == "identity"
        assert texts.describe_step(s, str(a), after)
        if s.to_move().side is not None:
            assert texts.action_phrase(s, a)
        s = after
