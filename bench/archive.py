"""The server's ranked reads on a large archive (net/archive.py): what one request costs.

Fills a temporary SQLite archive with ``--players`` rated players and
``--games`` rated games, then prints one line per request kind::

    <request> players=<n> games=<n> ms_mean=<n> ms_max=<n> per_s=<n>

``leaderboard_first`` is the first page, ``leaderboard_deep`` a page near
the end (the offset costs most), ``profile`` one player's card with recent
games, ``fetch`` one archived game by its code.  These run on the reactor
thread, so ``per_s`` is how many such requests one core answers: a client
asking over and over (50 messages a second at most) must stay far below it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from net.store import SqliteStore  # noqa: E402


def fill(store: SqliteStore, players: int, games: int, rnd: random.Random) -> list[bytes]:
    """``players`` rated Pocket players and ``games`` rated games between them, written directly."""
    ids = [rnd.randbytes(32) for _ in range(players)]
    now = time.time()
    with store.db:
        store.db.executemany("INSERT INTO players VALUES (?, ?, ?, ?)",
                             [(i, f"player {n}", now, now) for n, i in enumerate(ids)])
        store.db.executemany(
            "INSERT INTO ratings VALUES (?, 'pocket', ?, ?, 0.06, 30, 8, 15, 7, 15, ?)",
            [(i, rnd.gauss(1500, 200), rnd.uniform(40, 120), now) for i in ids])
        store.db.executemany(
            "INSERT INTO games (code, game, status, winner, rated, verified, players, jack_id, inv_id, ended) "
            "VALUES (?, 'pocket', 'verified', ?, 1, 1, '{}', ?, ?, ?)",
            [(f"G{n:08d}", rnd.choice(("jack", "investigator")), rnd.choice(ids), rnd.choice(ids), now - n)
             for n in range(games)])
    return ids


def timed(fn, rounds: int) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=20_000)
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--rounds", type=int, default=50, help="requests timed per kind")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="mrjack-bench-archive-") as folder:
        store = SqliteStore(os.path.join(folder, "archive.db"))
        ids = fill(store, args.players, args.games, rnd)
        store.leaderboard("pocket")   # (the counts are read once, then kept)
        kinds = {
            "leaderboard_first": lambda: store.leaderboard("pocket", 0),
            "leaderboard_deep": lambda: store.leaderboard("pocket", max(0, args.players - 50)),
            "profile": lambda: store.profile(rnd.choice(ids)),
            "fetch": lambda: store.fetch_game(f"G{rnd.randrange(args.games):08d}"),
        }
        for name, fn in kinds.items():
            ts = timed(fn, args.rounds)
            mean = statistics.fmean(ts)
            print(f"{name} players={args.players} games={args.games} ms_mean={1000 * mean:.2f} "
                  f"ms_max={1000 * max(ts):.2f} per_s={1 / mean:.0f}")
        store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
