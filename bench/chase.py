"""How long Jack survives a Pocket chase, from games between two bots.

A chase starts when the investigator is down to Jack and Jack has his six
hourglasses at once before round 8; Jack then wins if no later witness call
sees him.  The value table's ``chase`` row (Jack's chance after ``r``
rounds) was fitted from greedy play.  This prints, per round a chase began,
how many Jack escaped, and the chance ``p`` that he stays unseen through
one more witness call (the maximum-likelihood figure over every call
played in a chase), so that ``p ** (8 - r)`` can be set against the table.

    python bench/chase.py --jack hard:iterations=2000 --investigator hard:iterations=2000 --games 300 --seed 41
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.arena import play_game  # noqa: E402

ROUNDS = 8


def play(job: tuple[str, str, int, int]) -> tuple[str, str, int | None, int]:
    """One game: the winner, how it ended, the rounds done when a chase began (None: none), the last round."""
    jack, inv, seed, index = job
    began: list[int] = []

    def watch(state) -> None:  # type: ignore[no-untyped-def]
        if state.chase and not began:
            began.append(state.round - 1)

    state, _ = play_game("pocket", jack, inv, seed, index, watch)
    return state.winner().value, state.outcome.termination.value, began[0] if began else None, state.round


def survival(games: list[tuple[str, str, int | None, int]]) -> tuple[Counter, int, int]:
    """Chases by (rounds done when it began, winner); the witness calls Jack stayed unseen in, and was seen in."""
    by_start: Counter = Counter()
    survived = seen = 0
    for winner, end, start, last in games:
        if start is None or not end.startswith("chase"):
            continue
        by_start[(start, winner)] += 1
        if end == "chase-escaped":
            survived += ROUNDS - start
        else:
            survived += last - start - 1
            seen += 1
    return by_start, survived, seen


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jack", default="hard:iterations=2000")
    ap.add_argument("--investigator", default="hard:iterations=2000")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    jobs = [(args.jack, args.investigator, args.seed, i) for i in range(args.games)]
    with Pool(args.jobs) as pool:
        games = pool.map(play, jobs)
    by_start, survived, seen = survival(games)
    print(f"pocket chases: {args.games} games, seed {args.seed}, jack={args.jack} investigator={args.investigator}")
    for start in sorted({s for s, _ in by_start}):
        esc, caught = by_start[(start, "jack")], by_start[(start, "investigator")]
        print(f"  began after round {start}: {esc} escaped, {caught} seen")
    calls = survived + seen
    p = survived / calls if calls else float("nan")
    print(f"chase_calls={calls} unseen={survived} p={p:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
