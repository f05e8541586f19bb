"""Fit the Pocket value table (``pocket_values.json``) from self-play.

``python -m game.bots.fit --games 3000 --jack normal --investigator normal``
plays games between two bots (a registered name or a tuned search level,
``hard:iterations=300``) and records, after every witness call that does
not end the game, the rounds played, the suspects left, Jack's hourglasses
and whether a chase is on, together with the winner.
The table is the smoothed win rate of Jack per cell; sparse cells borrow
from their neighbours (fewer or more hourglasses, suspects) so the table is
defined everywhere and monotone where the data are thin.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Iterator
from multiprocessing import Pool

from ..engine.core import Side, ToMove
from ..engine.pocket.state import ROUNDS, TO_WIN, PocketState
from ..engine.rng import Rng
from .pocket_eval import VALUES_FILE, jack_hourglasses
from .search import bot_from_spec


def game_seeds(seed: int, games: int) -> Iterator[tuple[int, int]]:
    master = Rng(seed)
    for _ in range(games):
        yield master.u64(), master.u64()


def record_game(args: tuple[str, str, int, int]) -> tuple[list[tuple[int, int, int, int]], int]:
    """Play one game; return the between-rounds records and 1 if Jack won."""
    jack, inv, state_seed, bot_seed = args
    players = {Side.JACK: bot_from_spec(jack), Side.INVESTIGATOR: bot_from_spec(inv)}
    rng = Rng(bot_seed)
    state = PocketState.new(state_seed)
    records = []
    rounds = 0
    while not state.is_over():
        tm = state.to_move()
        if tm is ToMove.CHANCE:
            state._apply(state.sample_chance())
        else:
            side = tm.side
            state._apply(players[side].choose(state.observation(side), rng))
        rounds = _between_rounds(state, rounds, records)
    return records, int(state.winner() is Side.JACK)


def _between_rounds(state: PocketState, rounds: int, records: list) -> int:
    """Add ``state``'s record if a witness call has come since ``rounds`` calls; the calls now."""
    if len(state.track) != rounds:
        rounds = len(state.track)
        if not state.is_over():
            records.append((rounds, sum(state.suspect), min(jack_hourglasses(state), 9), int(state.chase)))
    return rounds


def collect_record(path: str, levels: set[str] | None = None) -> tuple[dict, int, int, int]:
    """The counts of :func:`collect` from the Pocket games of an arena record (``run.py arena
    --record``) played again from their moves (:func:`game.arena_replay.recorded_replays`, ``levels`` as
    there); also Jack's wins, the games read, and the games left out because their moves do not
    replay.  The record's games are the clocked levels at their real clocks, stronger than any
    fixed budget played here."""
    from pathlib import Path

    from ..arena_replay import recorded_positions

    return recorded_positions(Path(path), "pocket", levels, _between_rounds, 0)


def collect(jack: str, inv: str, games: int, seed: int, jobs: int) -> dict:
    counts: dict[tuple[int, int, int, int], list[int]] = {}
    jack_wins = 0
    work = [(jack, inv, a, b) for a, b in game_seeds(seed, games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.imap(record_game, work, chunksize=16)
            results = list(results)
    else:
        results = [record_game(w) for w in work]
    for records, won in results:
        jack_wins += won
        for key in records:
            c = counts.setdefault(key, [0, 0])
            c[0] += won
            c[1] += 1
    return {"counts": counts, "jack_wins": jack_wins, "games": games}


def _features(r: int, n: int, h: int) -> list[float]:
    left = ROUNDS - r
    ln = math.log2(n)
    need = TO_WIN - h
    return [1.0, left, ln, need, left * ln, left * need, ln * need, left * left]


def logistic_fit(cells: list[tuple[int, int, int, int, int]], steps: int = 400,
                 features: Callable[[int, int, int], list[float]] = _features) -> list[float]:
    """Weighted logistic regression by Newton's method on ``(r, n, h, wins, count)`` cells."""
    xs = [(features(r, n, h), w, c) for r, n, h, w, c in cells if c]
    k = len(xs[0][0])
    beta = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, w, c in xs:
            z = sum(b * v for b, v in zip(beta, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            for i in range(k):
                grad[i] += (w - c * p) * x[i]
                for j in range(k):
                    hess[i][j] += c * p * (1 - p) * x[i] * x[j]
        for i in range(k):
            hess[i][i] += 1e-3
        step = _solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return beta


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (small dense systems)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def smooth(counts: dict, prior_weight: float = 10.0) -> dict:
    """Turn counts into a table: each cell's win rate, pulled towards a logistic fit."""
    cells = [(r, n, h, v[0], v[1]) for (r, n, h, ch), v in counts.items() if not ch and n >= 2 and h < TO_WIN]
    beta = logistic_fit(cells)
    table = [[[0.0] * TO_WIN for _ in range(10)] for _ in range(ROUNDS)]
    chase = [0.0] * ROUNDS
    for r in range(1, ROUNDS):
        wins = sum(v[0] for k, v in counts.items() if k[0] == r and k[3] == 1)
        n = sum(v[1] for k, v in counts.items() if k[0] == r and k[3] == 1)
        # Jack must stay unseen each round left; about half the time he manages.
        prior = 0.5 ** (ROUNDS - r)
        chase[r] = (wins + prior_weight * prior) / (n + prior_weight)
        for nn in range(2, 10):
            for h in range(TO_WIN):
                w, c = counts.get((r, nn, h, 0), [0, 0])
                z = sum(b * v for b, v in zip(beta, _features(r, nn, h), strict=True))
                prior = 1.0 / (1.0 + math.exp(-z))
                table[r][nn][h] = (w + prior_weight * prior) / (c + prior_weight)
    return {"table": table, "chase": chase, "logistic": beta}


def add_record_args(ap: argparse.ArgumentParser) -> None:
    """The options of a fit read from an arena record (this one's and :mod:`.card_fit`'s)."""
    ap.add_argument("--from-record", default=None, metavar="FILE",
                    help="play nothing: read the games of this arena record again from their moves")
    ap.add_argument("--levels", default=None,
                    help="with --from-record: only games whose two bots are of these levels (hard,expert)")


def from_record(args: argparse.Namespace, read: Callable[[str, set[str] | None], tuple[dict, int, int, int]]
                ) -> tuple[dict, dict] | None:
    """The counts of ``read(path, levels)`` (a ``collect_record``) and the table's source, said on
    standard error; None once an error is said (no file, no game to fit from)."""
    try:
        counts, wins, games, bad = read(args.from_record, set(args.levels.split(",")) if args.levels else None)
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None
    print(f"{games} recorded games, jack won {wins}; {bad} did not replay", file=sys.stderr)
    if not games:
        print("error: no recorded game to fit from", file=sys.stderr)
        return None
    return counts, {"record": args.from_record, "levels": args.levels or "any", "games": games}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jack", default="greedy")
    ap.add_argument("--investigator", default="greedy")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", default=str(VALUES_FILE))
    ap.add_argument("--merge", action="append", default=[], help="also use counts saved in this file")
    ap.add_argument("--save-counts", default=None, help="write the raw counts here")
    add_record_args(ap)
    args = ap.parse_args(argv)
    if args.from_record:
        read = from_record(args, collect_record)
        if read is None:
            return 2
        counts, source = read
        source["merged"] = args.merge
    else:
        data = collect(args.jack, args.investigator, args.games, args.seed, args.jobs)
        counts = data["counts"]
        print(f"{args.games} games, jack won {data['jack_wins']}", file=sys.stderr)
        source = {"games": args.games, "jack": args.jack, "investigator": args.investigator,
                  "seed": args.seed, "merged": args.merge}
    for path in args.merge:
        for row in json.loads(open(path).read()):
            key = tuple(row[:4])
            c = counts.setdefault(key, [0, 0])
            c[0] += row[4]
            c[1] += row[5]
    if args.save_counts:
        with open(args.save_counts, "w") as fh:
            json.dump([[*k, *v] for k, v in sorted(counts.items())], fh)
    result = smooth(counts)
    result["source"] = source
    with open(args.out, "w") as fh:
        json.dump(_rounded(result), fh, indent=0)
    return 0


def _rounded(obj):  # type: ignore[no-untyped-def]
    if isinstance(obj, float):
        return round(obj, 4)
    if isinstance(obj, list):
        return [_rounded(x) for x in obj]
    if isinstance(obj, dict):
        return {k: _rounded(v) for k, v in obj.items()}
    return obj


if __name__ == "__main__":
    sys.exit(main())
