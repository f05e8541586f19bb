"""``run.py screenshots DIR`` writes a PNG of every key scene at both window sizes."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui import screenshots

NAMES = ("title", "setup", "board", "choose-rotation", "choose-walk", "witness", "handover", "pause", "results",
         "rules", "settings")


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
