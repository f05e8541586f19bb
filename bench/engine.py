"""Random full games through the public engine API, per rule set.

Prints one line per game: ``<game> games_per_s=<n> actions_per_s=<n>``.
Chance steps come from the state's own generator; player actions are picked
uniformly from ``legal_actions()`` and played with the checked ``apply()``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine import RULESETS, ToMove  # noqa: E402
from game.engine.rng import Rng  # noqa: E402


def run(rs, seconds: float, seed: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    rng = Rng(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = rs.new(rng.u64())
        while not state.is_over():
            if state.to_move() is ToMove.CHANCE:
                action = state.sample_chance()
            else:
                action = rng.choice(state.legal_actions())
            state.apply(action)
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per game (default 3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", default=None, help="only this game")
    args = ap.parse_args()
    for rs in RULESETS:
        if args.game and rs.name != args.game:
            continue
        gps, aps = run(rs, args.seconds, args.seed)
        print(f"{rs.name} games_per_s={gps:.0f} actions_per_s={aps:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
