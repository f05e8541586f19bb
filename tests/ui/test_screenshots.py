"""``run.py screenshots DIR`` writes a PNG of every key scene at both window sizes."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui import screenshots

NAMES = ("title", "setup", "board", "choose-rotation", "choose-walk", "witness", "handover", "pause", "results",
         "rules", "settings", "london-setup", "london-board", "london-choose", "london-beam", "london-power",
         "london-whistle", "london-witness", "london-results", "london-rules", "newyork-setup", "newyork-board",
         "newyork-choose", "newyork-power", "newyork-informant", "newyork-push", "newyork-witness", "newyork-results",
         "newyork-rules", "saves-list", "saves-replace", "saves-abandon", "end-investigator", "handover-moves",
         "settings-effects", "preview", "about", "london-move-light", "london-sight", "london-preview",
         "newyork-move-light", "newyork-sight", "newyork-preview")


def test_the_screenshots_command_writes_every_scene(tmp_path: Path) -> None:
    from game.cli import main

    assert main(["screenshots", str(tmp_path)]) == 0
    for w, h in screenshots.SIZES:
        for name in NAMES:
            path = tmp_path / f"{name}-{w}x{h}.png"
            assert path.exists(), path
            img = pygame.image.load(str(path))
            assert img.get_size() == (w, h)
            # not a blank picture: many distinct colours
            colours = {img.get_at((x, y))[:3] for x in range(0, w, 37) for y in range(0, h, 29)}
            assert len(colours) > 40, name
        for name in screenshots.COLOURBLIND:
            for kind in ("protanopia", "deuteranopia"):
                assert (tmp_path / f"{name}-{w}x{h}-{kind}.png").exists(), (name, kind)


def test_the_screenshots_command_draws_a_language_and_a_few_scenes(tmp_path: Path) -> None:
    from game.cli import main

    assert main(["screenshots", str(tmp_path), "--lang", "ru", "--only", "about"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["about-1280x800-ru.png", "about-800x600-ru.png"]


def test_the_witness_picture_shows_the_lines_of_sight(tmp_path: Path) -> None:
    app = screenshots.make_app((800, 600))
    shots = dict(screenshots.scenes_for(app))
    shots["witness"]()
    scene = app.stack.top
    assert scene.model.sight and scene.model.sight_t >= 1.0
    shots["choose-rotation"]()
    hl = app.stack.top.highlights()
    assert hl.arrows is not None and hl.cells
    app.stack.clear()


def test_the_london_pictures_show_what_they_name(tmp_path: Path) -> None:
    app = screenshots.make_app((800, 600))
    shots = dict(screenshots.scenes_for(app))
    shots["london-choose"]()
    hl = app.stack.top.highlights()
    assert hl.cells and hl.selected_card is not None  # a character chosen, reachable cells lit
    shots["london-power"]()
    hl = app.stack.top.highlights()
    assert hl.chosen and hl.cells  # a token picked up, its destinations lit
    shots["london-witness"]()
    scene = app.stack.top
    assert scene.model.sight_alpha >= 1.0 and scene.anim is not None
    shots["london-results"]()
    assert type(app.stack.top).__name__ == "ResultsScene"
    app.stack.clear()


def test_the_newyork_pictures_show_what_they_name(tmp_path: Path) -> None:
    app = screenshots.make_app((800, 600))
    shots = dict(screenshots.scenes_for(app))
    shots["newyork-choose"]()
    hl = app.stack.top.highlights()
    assert hl.cells and hl.selected_card is not None  # a character chosen, reachable cells lit
    shots["newyork-power"]()
    hl = app.stack.top.highlights()
    assert hl.chosen and hl.cells  # a zone or a ship picked up, its new places lit
    shots["newyork-informant"]()
    scene = app.stack.top
    assert scene.anim is not None and scene.model.informant.speak >= 1.0 and scene.model.flying
    shots["newyork-witness"]()
    scene = app.stack.top
    assert scene.model.sight_alpha >= 1.0 and scene.anim is not None
    shots["newyork-results"]()
    assert type(app.stack.top).__name__ == "ResultsScene"
    app.stack.clear()


def test_screenshots_can_be_limited_to_some_scenes_in_one_language(tmp_path: Path) -> None:
    from game.cli import main
    from game.ui import i18n

    assert main(["screenshots", str(tmp_path), "--only", "saves-ab", "--lang", "pl"]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["saves-abandon-1280x800-pl.png", "saves-abandon-800x600-pl.png"]
    assert i18n.current_language() == "en", "the language is put back"
    assert main(["screenshots", str(tmp_path), "--lang", "xx"]) == 2
