"""``run.py arena``: one bot as Jack against another as the investigator.

Prints each side's win rate with its 95% Wilson interval, how the games
ended, and the mean time per decision of each side.  Game ``i`` is seeded
from ``--seed`` and ``i`` alone (the board, the chance draws and each bot's
generator), so the figures do not depend on ``--jobs``.

A bot is a registered name (``random``, ``greedy``, ``minimax``, ``easy``,
``normal``, ``hard``, ``expert``, ``hard1``) or a search level with settings
changed, for tuning: ``hard:iterations=500,horizon=2`` (see
:class:`game.bots.search.SearchConfig`).  ``hard`` and ``expert`` search by
the clock; give them ``iterations`` for figures that repeat.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from multiprocessing import Pool

from .bots.search import bot_from_spec
from .engine import Side, find_ruleset
from .engine.rng import Rng
from .match import advance_chance
from .stats import wilson


def game_seeds(seed: int, index: int) -> tuple[int, int, int]:
    """The board seed and each side's bot seed for game ``index``."""
    r = Rng((seed * 1_000_003 + index) & ((1 << 64) - 1))
    r.u64()
    return r.u64(), r.u64(), r.u64()


def play_one(job: tuple[str, str, str, int, int]) -> dict:
    """Play game ``index``; the winner, how it ended and each side's decision times."""
    game, jack, inv, seed, index = job
    rs = find_ruleset(game)
    state_seed, jack_seed, inv_seed = game_seeds(seed, index)
    bots = {Side.JACK: bot_from_spec(jack), Side.INVESTIGATOR: bot_from_spec(inv)}
    rngs = {Side.JACK: Rng(jack_seed), Side.INVESTIGATOR: Rng(inv_seed)}
    times: dict[str, list[float]] = {"jack": [], "investigator": []}
    state = rs.new(state_seed)
    while True:
        advance_chance(state)
        if state.is_over():
            break
        side = state.to_move().side
        obs = state.observation(side)
        many = len(obs.legal_actions()) > 1
        t0 = time.perf_counter()
        action = bots[side].choose(obs, rngs[side])
        dt = time.perf_counter() - t0
        if many:
            times[side.value].append(dt)
        state.apply(action)  # checked: an illegal choice raises
    return {"index": index, "winner": state.winner().value,
            "end": state.outcome.termination.value, "rounds": state.round, "times": times}


def run_arena(game: str, jack: str, inv: str, games: int, seed: int, jobs: int = 1) -> dict:
    jobs_list = [(game, jack, inv, seed, i) for i in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        with Pool(jobs) as pool:
            results = list(pool.imap(play_one, jobs_list, chunksize=1))
    else:
        results = [play_one(j) for j in jobs_list]
    elapsed = time.perf_counter() - start
    wins: Counter[str] = Counter(r["winner"] for r in results)
    ends: Counter[str] = Counter(r["end"] for r in results)
    times = {side: [t for r in results for t in r["times"][side]] for side in ("jack", "investigator")}
    return {"game": game, "jack": jack, "investigator": inv, "games": games, "seed": seed,
            "jobs": jobs, "wins": dict(wins), "ends": dict(ends), "times": times,
            "rounds": statistics.fmean(r["rounds"] for r in results) if results else 0.0,
            "elapsed": elapsed}


def report(res: dict) -> str:
    n = res["games"]
    lines = [f"{res['game']}: {n} games, seed {res['seed']}, jack={res['jack']} "
             f"investigator={res['investigator']} ({res['elapsed']:.0f} s, {res['jobs']} jobs)"]
    for side in ("jack", "investigator"):
        w = res["wins"].get(side, 0)
        lo, hi = wilson(w, n)
        lines.append(f"  {side:<12} wins {w:>5}/{n}  {100 * w / max(n, 1):5.1f}%  "
                     f"95% CI [{100 * lo:5.1f}%, {100 * hi:5.1f}%]")
    for side in ("jack", "investigator"):
        ts = sorted(res["times"][side])
        if ts:
            p99 = ts[min(len(ts) - 1, int(0.99 * len(ts)))]
            lines.append(f"  {side:<12} {len(ts)} decisions, mean {1000 * statistics.fmean(ts):.1f} ms, "
                         f"p99 {1000 * p99:.1f} ms, max {1000 * ts[-1]:.1f} ms")
        else:
            lines.append(f"  {side:<12} no decisions with a choice")
    ends = ", ".join(f"{k} {v}" for k, v in sorted(res["ends"].items()))
    lines.append(f"  endings: {ends}; mean last round {res['rounds']:.2f}")
    return "\n".join(lines)


def main(args) -> int:  # type: ignore[no-untyped-def]
    """Entry point for ``run.py arena`` (arguments parsed by :mod:`game.cli`)."""
    if args.games <= 0 or args.jobs <= 0:
        print("--games and --jobs must be positive", file=sys.stderr)
        return 2
    try:
        find_ruleset(args.game)
        bot_from_spec(args.jack)
        bot_from_spec(args.investigator)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(report(run_arena(args.game, args.jack, args.investigator, args.games, args.seed, args.jobs)))
    return 0
