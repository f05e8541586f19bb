"""The server's judgement of a finished game (net/judge.py), per game.

Prints one line per game::

    <game> ms_per_game=<n> games_per_s=<n> core_at_1000_games=<n>%

``core_at_1000_games``: the share of one core that judging takes when
1,000 games are played at once and each lasts about 20 minutes (0.83
games finishing a second); the goal is under 5%.  Then one line for the
judging run off the reactor thread as the server does it (one judging thread,
``net.ranking.judge_thread``, all the games handed to it at once):
how long the reactor went without running while games were judged::

    off_reactor games=<n> gap_p50_ms=<n> gap_p99_ms=<n> gap_max_ms=<n>

The finished games are played first (greedy bots, two sessions back to back);
only the judging is timed (CPU time of this process).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots import make_bot  # noqa: E402
from net.fairplay import new_master  # noqa: E402
from net.framing import packb  # noqa: E402
from net.judge import RoomRecord, judge  # noqa: E402
from net.keys import SeatKey  # noqa: E402
from net.session import LocalPair, Session, bot_rng  # noqa: E402

GAMES = ("pocket", "london", "newyork")
#: 1,000 games at once, each ~20 minutes: games finishing per second.
FINISHING_PER_S = 1000 / (20 * 60)


def finished_game(game: str, seed: int) -> RoomRecord:
    """A whole signed game's room record, as the server keeps it."""
    gid = f"{seed:032x}"
    keys = {"jack": SeatKey.new(), "investigator": SeatKey.new()}
    pair = LocalPair(Session("jack", gid, new_master(), game=game),
                     Session("investigator", gid, new_master(), game=game))
    bot = make_bot("greedy")
    pair.run(lambda s: bot.choose(s.observation(), bot_rng(seed, s.role, s.state.ply)))
    log = [packb(keys[m["from"]].sign_message(gid, m["from"], dict(m))) for m in pair.log]
    return RoomRecord(f"G{seed:04d}", game, None, gid, {s: k.public for s, k in keys.items()}, log)


def time_judging(records: list[RoomRecord]) -> float:
    """CPU seconds per game to judge ``records`` (each once, final)."""
    start = time.process_time()
    for rec in records:
        j = judge(rec, final=True)
        assert j.status == "verified", (j.status, j.finding)
    return (time.process_time() - start) / len(records)


def off_reactor(records: list[RoomRecord]) -> list[float]:
    """Judge ``records`` through ``deferToThread`` at once; the reactor's gaps (s) meanwhile."""
    from twisted.internet import defer, reactor, task

    from net.ranking import judge_thread

    gaps: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    loop = task.LoopingCall(tick)

    def start() -> None:
        loop.start(0.001)
        run = judge_thread(reactor)
        d = defer.gatherResults([run(judge, rec, final=True) for rec in records])
        d.addBoth(lambda _: (loop.stop(), reactor.stop()))

    reactor.callWhenRunning(start)
    reactor.run()
    return sorted(gaps)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=8, help="finished games judged per game (default 8)")
    ap.add_argument("--game", default=None, help="only this game")
    args = ap.parse_args()
    all_records = []
    for game in GAMES:
        if args.game is not None and game != args.game:
            continue
        records = [finished_game(game, seed) for seed in range(1, args.games + 1)]
        all_records.extend(records)
        per = time_judging(records)
        print(f"{game} ms_per_game={per * 1000:.0f} games_per_s={1 / per:.1f} "
              f"core_at_1000_games={per * FINISHING_PER_S * 100:.1f}%", flush=True)
    gaps = off_reactor(all_records)
    pick = lambda q: gaps[min(len(gaps) - 1, int(q * len(gaps)))] * 1000  # noqa: E731
    print(f"off_reactor games={len(all_records)} gap_p50_ms={pick(0.5):.1f} gap_p99_ms={pick(0.99):.1f} "
          f"gap_max_ms={gaps[-1] * 1000:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
