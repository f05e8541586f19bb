"""Light and dark while choosing a move, the sight overlay's lit cells, and L's preview of a pending move.

Issue items 7 and 8: "lit" is a rule word (lamplight), so the prompts say
"marked"; the move targets show which cells are in light; L marks the lit
cells; with a move chosen but not confirmed, L shows what it would reveal,
computed from the player's own observation with the pending actions applied.
Scenes are set up through the same picker calls as the screenshots.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.ui import i18n, theme
from game.ui.preview import after, london_light, newyork_light, pocket_sight

ROOT = Path(__file__).resolve().parents[2]
PICKERS = ("game/ui/pocket/picker.py", "game/ui/london/picker.py", "game/ui/newyork/picker.py")
LIGHT = {"london": london_light, "newyork": newyork_light}


def scene_named(app, name: str):  # type: ignore[no-untyped-def]
    from game.ui.screenshots import scenes_for

    dict(scenes_for(app))[name]()
    return app.stack.top


def test_no_prompt_calls_a_target_lit() -> None:
    """"Lit" is lamplight in London and New York; a clickable target is "marked"."""
    bad = []
    for f in PICKERS:
        for text, line, _problem in i18n.extract_file(ROOT / f):
            if re.search(r"\blit (target|cell|spot|one|character|detective|tile)s?\b|\bpick lit\b", text):
                bad.append(f"{f}:{line}: {text}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("game", ["london", "newyork"])
def test_move_targets_show_which_cells_are_in_light_and_which_dark(game_app, game: str) -> None:  # type: ignore[no-untyped-def]
    scene = scene_named(game_app, f"{game}-move-light")
    p = scene.picker
    hl = scene.ui.highlights()
    assert hl.cells and hl.light == LIGHT[game](p.state)
    lit = {c for c in hl.cells if hl.light >> c & 1}
    dark = set(hl.cells) - lit
    assert lit and dark, "this seed's move reaches both light and dark cells"
    surface = pygame.Surface(game_app.size)
    game_app.draw(surface)
    L = scene.view.layout
    occupied = set(p.state.pos)
    for c in sorted(hl.cells - occupied):
        x, y = L.center(c)
        pixel = tuple(surface.get_at((round(x), round(y - L.R * 0.5))))[:3]
        assert (pixel == theme.GASLIGHT) == (c in lit), (c, pixel)


@pytest.mark.parametrize("game", ["london", "newyork"])
def test_the_sight_overlay_marks_the_lit_cells(game_app, game: str) -> None:  # type: ignore[no-untyped-def]
    scene = scene_named(game_app, f"{game}-sight")
    hl = scene.ui.highlights()
    shown = scene.ui.shown_obs()
    assert hl.show_sight and hl.light and hl.light == LIGHT[game](shown)
    scene.show_sight = False
    assert scene.ui.highlights().light == 0, "no light marks without L or a move to choose"


@pytest.mark.parametrize("game", ["london", "newyork"])
def test_l_previews_what_the_pending_move_would_reveal(game_app, game: str) -> None:  # type: ignore[no-untyped-def]
    scene = scene_named(game_app, f"{game}-preview")
    p = scene.picker
    assert p.done and p.chain
    before = str(p.obs)
    hl = scene.ui.highlights()
    assert hl.preview_state is p.obs and p.obs.view == "investigator", "computed from the player's own view"
    nxt = after(p.obs, p.chain)
    assert hl.after == {c: q for c, q in enumerate(nxt.pos) if q < scene.ui.n_cells}
    mover = p.obs.child(p.chain[0]).active
    assert hl.after[mover] != p.obs.pos[mover], "the mover is shown where he would stand"
    assert hl.after_seen == nxt.visible_mask() and hl.light == LIGHT[game](nxt)
    assert hl.note and str(p.obs) == before, "previewing changes nothing"
    game_app.draw(pygame.Surface(game_app.size))
    scene.show_sight = False
    hl = scene.ui.highlights()
    assert hl.after is None and not hl.note, "no preview without L"


def test_pocket_l_previews_the_sight_lines_after_the_pending_action(game_app) -> None:  # type: ignore[no-untyped-def]
    scene = scene_named(game_app, "preview")
    p = scene.picker
    assert p.pending is not None
    hl = scene.ui.highlights()
    nxt = p.obs.child(p.pending)
    assert hl.sight_preview == pocket_sight(nxt) != pocket_sight(p.obs)
    assert hl.note
    game_app.draw(pygame.Surface(game_app.size))
    scene.show_sight = False
    assert scene.ui.highlights().sight_preview is None


def test_a_preview_that_cannot_apply_shows_nothing() -> None:
    from game.engine import find_ruleset

    state = find_ruleset("london").new(3)
    assert after(state, ["to a1"]) is None
