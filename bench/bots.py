"""Bot speed: search playouts per second, and decision times per level.

Prints, per rule set the search levels play:

* ``rollouts_per_s``: whole games from the start with the search's rollout
  policy (chance from the state, players by the rollout policy: Pocket's
  scored best-of-k, the card games' sure-things-then-random);
* per level (``easy``, ``normal``, ``hard``, ``expert``, the yardstick
  ``minimax`` and the baselines): the level
  plays both sides of ``--games`` games; decision times (only decisions
  with a choice) at p50 / p99 / max, for both sides together and for each
  side, and the search's playouts per second (iterations of determinize,
  descend, roll out to the horizon, back up); for a level that keeps its
  tree, ``kept=K/N`` (of its N searches, K started from the subtree of its
  own last move) and ``found=P%`` (the visits those found already made, over
  all the searches' own iterations); for a level that searches on two cores,
  ``two_core=K/N`` (of its N searches, K had the helper's half in time) and
  playouts per second count both processes' iterations.

``easy`` and ``normal`` have iteration budgets, so times there are what one
core of this machine needs; ``hard`` (under 1 s a decision) and ``expert``
(under 3 s) search by the clock, and their playouts per second say how much
search that time buys.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots.card_eval import values_for  # noqa: E402
from game.bots.card_search import CardSearcher  # noqa: E402
from game.bots.pocket_search import Searcher  # noqa: E402
from game.bots.search import LEVELS, SearchBot, bot_from_spec  # noqa: E402
from game.engine import RULESETS, Side, ToMove  # noqa: E402
from game.engine.rng import Rng  # noqa: E402


def rollouts_per_second(rs, seconds: float, seed: int) -> float:  # type: ignore[no-untyped-def]
    if rs.name == "pocket":
        searcher = Searcher(LEVELS["hard1"].config)
    else:
        searcher = CardSearcher(LEVELS["hard1"]().config_for(rs.name), values_for(rs.name))
    rng = Rng(seed)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = rs.new(rng.u64())
        while state.to_move() is ToMove.CHANCE:
            state._apply(state.sample_chance())
        searcher._rollout(state, 99, rng)
        games += 1
    return games / (time.perf_counter() - start)


def decision_times(rs, spec: str, games: int, seed: int,  # type: ignore[no-untyped-def]
                   kept: list[int] | None = None) -> tuple[dict[str, list[float]], float]:
    """Decision times of ``spec`` playing both sides, per side; and its playouts per second.

    ``kept`` (``[searches, kept, visits found, iterations, searches on two cores]``) is added to
    from every search.
    """
    bot = bot_from_spec(spec)
    rng = Rng(seed)
    times: dict[str, list[float]] = {side.value: [] for side in Side}
    iterations = 0
    kept = kept if kept is not None else [0, 0, 0, 0, 0]
    for _ in range(games):
        state = rs.new(rng.u64())
        while True:
            while state.to_move() is ToMove.CHANCE:
                state.apply(state.sample_chance())
            if state.is_over():
                break
            side = state.to_move().side
            obs = state.observation(side)
            t0 = time.perf_counter()
            action = bot.choose(obs, rng)
            dt = time.perf_counter() - t0
            if len(obs.legal_actions()) > 1:
                times[side.value].append(dt)
                if isinstance(bot, SearchBot):  # a time budget searches as many as the clock allows
                    info = bot.last_info
                    iterations += info.get("iterations", 0)
                    found = info.get("root_visits", 0) - info.get("iterations", 0)
                    kept[0] += 1
                    kept[1] += found > 0
                    kept[2] += max(found, 0)
                    kept[3] += info.get("iterations", 0)
                    kept[4] += info.get("workers", 1) > 1
            state.apply(action)
    total = sum(sum(ts) for ts in times.values())
    return times, (iterations / total if iterations and total else 0.0)


def _quantile(sorted_times: list[float], q: float) -> float:
    """The ``q`` quantile in milliseconds (nearest rank); 0 for no times."""
    if not sorted_times:
        return 0.0
    return 1000 * sorted_times[min(len(sorted_times) - 1, int(q * len(sorted_times)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time for the rollout count (default 3)")
    ap.add_argument("--games", type=int, default=4, help="self-play games per level (default 4)")
    ap.add_argument("--levels", default="greedy,minimax,easy,normal,hard,expert", help="comma-separated bots")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", default="", help="only this rule set")
    args = ap.parse_args()
    for rs in RULESETS:
        if args.game and rs.name != args.game:
            continue
        print(f"{rs.name} rollouts_per_s={rollouts_per_second(rs, args.seconds, args.seed):.0f}")
        for spec in args.levels.split(","):
            kept = [0, 0, 0, 0, 0]
            times, playouts = decision_times(rs, spec, args.games, args.seed, kept)
            for side, side_times in [("both", [t for ts in times.values() for t in ts]), *times.items()]:
                ts = sorted(side_times)
                extra = f" playouts_per_s={playouts:.0f}" if playouts and side == "both" else ""
                if kept[1] and side == "both":
                    extra += f" kept={kept[1]}/{kept[0]} found={100 * kept[2] / max(kept[3], 1):.0f}%"
                if kept[4] and side == "both":
                    extra += f" two_core={kept[4]}/{kept[0]}"
                print(f"{rs.name} {spec} {side} decisions={len(ts)} "
                      f"mean_ms={1000 * statistics.fmean(ts or [0]):.1f} p50_ms={_quantile(ts, 0.5):.1f} "
                      f"p99_ms={_quantile(ts, 0.99):.1f} max_ms={_quantile(ts, 1.0):.1f}{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
