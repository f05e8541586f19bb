"""Frame time of the game scene while moves animate: ``python bench/frame.py``.

Two bots play each other in the game scene (as the investigator's screen
would show it) at 1280x800 with the normal animation speed; every frame's
update plus draw is timed.  Prints one line per game,
``frame game=pocket p50_ms=.. p99_ms=.. max_ms=..``, then the same for London and New York.
Headless (SDL's dummy video driver), one thread.

Options: ``--frames N`` (default 3000), ``--size WxH``, ``--seed S``,
``--game pocket|london|newyork|all`` (default all), ``--bot LEVEL`` (default
greedy).  With a searching level (``--bot hard``) the bots think in the
client's worker thread while the frames are drawn, as in a solo game, and the
line ends with ``thinking=`` (the share of frames drawn while a bot thought)
and ``think_p50_ms=``/``think_max_ms=`` (the bots' decision times meanwhile).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=3000)
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", choices=("pocket", "london", "newyork", "all"), default="all")
    ap.add_argument("--bot", default="greedy", help="the bots' level (default greedy)")
    args = ap.parse_args(argv)
    for game in (("pocket", "london", "newyork") if args.game == "all" else (args.game,)):
        run(game, args)
    return 0


def run(game: str, args: argparse.Namespace) -> None:
    from game.ui.app import App, MemorySaves, SilentSound, parse_size
    from game.ui.scenes.game import GameScene
    from game.ui.settings import Settings

    size = parse_size(args.size)
    assert size is not None
    app = App(size, False, settings=Settings(width=size[0], height=size[1], language="en"),
              saves=MemorySaves(), sound=SilentSound())
    dt = 1 / 60
    seed = args.seed

    def new_game() -> GameScene:
        nonlocal seed
        scene = GameScene.new(app, seed, mode="watch", human="none", bot=args.bot, game=game)
        seed += 1
        app.stack.clear(scene)
        return scene

    scene = new_game()
    for _ in range(30):  # warm the caches (tile art, text) once
        scene.update(dt)
        app.draw()
    times: list[float] = []
    animated = thinking = 0
    thinks: list[float] = []
    think_start: float | None = None
    games = 1
    while len(times) < args.frames:
        if scene.finished or app.stack.top is not scene:
            scene = new_game()
            games += 1
        t0 = time.perf_counter()
        scene.update(dt)
        app.draw()
        now = time.perf_counter()
        times.append((now - t0) * 1000)
        animated += scene.anim is not None
        busy = scene.thinking is not None and not scene.thinking[1].done()   # (the worker is searching)
        if args.bot != "greedy":   # paced like the window (60 frames a second), which lets the worker run
            time.sleep(max(0.0, dt - (time.perf_counter() - t0)))
        thinking += busy
        if busy and think_start is None:
            think_start = now
        elif not busy and think_start is not None:
            thinks.append((now - think_start) * 1000)
            think_start = None
    times.sort()
    p50 = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"frame game={game} p50_ms={p50:.2f} p99_ms={p99:.2f} max_ms={times[-1]:.2f} "
          f"frames={len(times)} animating={animated / len(times):.0%} games={games} size={size[0]}x{size[1]}"
          + (f" thinking={thinking / len(times):.0%} think_p50_ms={statistics.median(thinks):.0f} "
             f"think_max_ms={max(thinks):.0f}" if thinks and args.bot != "greedy" else ""))
    app.stack.clear()


if __name__ == "__main__":
    sys.exit(main())
