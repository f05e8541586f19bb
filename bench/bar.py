"""The bots' bar, game by game: every pairing it names, played into a record, and the verdicts.

The bar (hard and expert against the fixed reference ``hard1``, against each
other and against the outside yardstick ``minimax``) takes hundreds of games
a pairing at the levels' real clocks, hours of this machine's two cores, so
each finished game goes into ``--record-dir``/``<game>.jsonl`` as it ends
(``run.py arena --record``) and a run that is stopped is taken up again where
it left off, with the figures of one run.  ``--report`` plays nothing and
judges what the record holds; a check whose pairings are not all played says
how far they are.

    python bench/bar.py --game london --jobs 2            # play (or go on), then judge
    python bench/bar.py --game london --report            # judge what is recorded

The clocked levels need the cores to themselves: run nothing else beside it.
They search on two cores each, so a pairing with one is played a game at a
time whatever ``--jobs`` says (``jobs_for``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.arena import pairing, read_record, run_arena  # noqa: E402
from game.bots.search import bot_from_spec  # noqa: E402
from game.stats import gain_z, paired_gain_z, sign_test, wilson  # noqa: E402

#: (Jack, investigator), in the order they are played: the references first.
PAIRINGS = [("hard1", "hard1"), ("hard", "hard1"), ("hard1", "hard"), ("hard", "minimax"),
            ("minimax", "hard"), ("hard", "hard"), ("expert", "hard"), ("hard", "expert")]

#: Points ``hard`` must gain over ``hard1`` from each side.
GAIN = 15.0

#: How far a gain must stand beyond the noise for expert to beat hard: the gain over its standard
#: error, the two pairings taken as independent samples (1.645 is one-sided 95%).  A gain of one
#: game in 400 is a tie, not a win.
BEYOND_NOISE = 1.645


def jobs_for(jobs: int, *specs: str) -> int:
    """Games played at once for a pairing: ``jobs`` shared by the cores each game's levels search on
    (the clocked levels search on two: two such games at once would halve each one's time)."""
    cores = 1
    for spec in specs:
        bot = bot_from_spec(spec)
        configs = [getattr(bot, "config", None), getattr(bot, "card_config", None),
                   *getattr(bot, "card_configs", {}).values()]
        cores = max(cores, *(getattr(c, "workers", 1) for c in configs))
    return max(1, jobs // cores)


def tally(game: str, seed: int, record: Path, games: int) -> dict[tuple[str, str], tuple[int, int]]:
    """Each pairing's (Jack's wins, games) among its first ``games`` games in the record."""
    out = {}
    for jack, inv in PAIRINGS:
        played = [g for i, g in read_record(record, pairing(game, jack, inv, seed)).items() if i < games]
        out[(jack, inv)] = (sum(g["winner"] == "jack" for g in played), len(played))
    return out


def judge(counts: dict[tuple[str, str], tuple[int, int]], games: int) -> list[tuple[str, str, str]]:
    """The bar's checks over ``counts`` ((Jack, investigator) -> (Jack's wins, games)): each as
    (what is asked, the figures, ``met`` / ``not met`` / ``open``).  A check is judged only once
    each of its pairings has ``games`` games."""
    def rate(p: tuple[str, str]) -> float:
        w, n = counts.get(p, (0, 0))
        return 100.0 * w / n if n else float("nan")

    def played(*ps: tuple[str, str]) -> str | None:
        short = [f"{j} v {i} {counts.get((j, i), (0, 0))[1]}/{games}" for j, i in ps
                 if counts.get((j, i), (0, 0))[1] < games]
        return "; ".join(short) or None

    checks = []

    def gains(what: str, level: str, base: tuple[str, str], names: str, enough, noise: bool = False  # type: ignore[no-untyped-def]
              ) -> None:
        """``level`` in each seat against the other bot of ``base``, as a gain over ``base``
        (``enough(gain, z)``; with ``noise`` the figures give the gain's ``z`` too)."""
        other = base[0]
        for side, p, sign in (("Jack", (level, other), 1), ("investigator", (other, level), -1)):
            gain = sign * (rate(p) - rate(base))
            wait = played(base, p)
            z = 0.0 if wait else sign * gain_z(counts[p], counts[base])
            figures = f"{gain:+.1f} points (Jack {rate(p):.1f}% against {rate(base):.1f}% between the {names})"
            if noise:
                figures += f", z = {z:.2f}"
            checks.append((f"{what} as {side}", wait or figures,
                           "open" if wait else ("met" if enough(gain, z) else "not met")))

    gains(f"hard gains {GAIN:.0f}+ over hard1", "hard", ("hard1", "hard1"), "hard1s", lambda g, z: g >= GAIN)
    gains("expert beats hard", "expert", ("hard", "hard"), "hards", lambda g, z: z >= BEYOND_NOISE,
          noise=True)
    for side, p in (("Jack", ("hard", "minimax")), ("investigator", ("minimax", "hard"))):
        w, n = counts.get(p, (0, 0))
        won = w if side == "Jack" else n - w
        lo, hi = wilson(won, n)
        figures = f"{100 * won / max(n, 1):.1f}% (95% interval {100 * lo:.1f}-{100 * hi:.1f})"
        wait = played(p)
        checks.append((f"hard beats minimax as {side}, interval above 50%", wait or figures,
                       "open" if wait else ("met" if lo > 0.5 else "not met")))
    return checks


def table(game: str, counts: dict[tuple[str, str], tuple[int, int]], games: int) -> str:
    lines = [f"## {game}", "", "| Jack | investigator | games | Jack wins | 95% interval |",
             "| --- | --- | --- | --- | --- |"]
    for (jack, inv), (w, n) in counts.items():
        lo, hi = wilson(w, n)
        share, interval = (f"{100 * w / n:.1f}%", f"{100 * lo:.1f}-{100 * hi:.1f}") if n else ("-", "-")
        lines.append(f"| {jack} | {inv} | {n}/{games} | {share} | {interval} |")
    lines += ["", "| check | figures | verdict |", "| --- | --- | --- |"]
    lines += [f"| {what} | {figures} | {verdict} |" for what, figures, verdict in judge(counts, games)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True, choices=("pocket", "london", "newyork"))
    ap.add_argument("--games", type=int, default=400, help="games a pairing (default 400)")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--record-dir", default="bench/arena")
    ap.add_argument("--only", default=None, help="play only these pairings, e.g. hard-hard1,hard1-hard")
    ap.add_argument("--report", action="store_true", help="play nothing; judge what is recorded")
    args = ap.parse_args(argv)
    record = Path(args.record_dir) / f"{args.game}.jsonl"
    record.parent.mkdir(parents=True, exist_ok=True)
    wanted = PAIRINGS
    if args.only:
        wanted = [tuple(p.split("-", 1)) for p in args.only.split(",")]  # type: ignore[misc]
        unknown = [p for p in wanted if p not in PAIRINGS]
        if unknown:
            print(f"error: not a pairing of the bar: {unknown}", file=sys.stderr)
            return 2
    if not args.report:
        for jack, inv in wanted:
            res = run_arena(args.game, jack, inv, args.games, args.seed, jobs_for(args.jobs, jack, inv), record)
            print(f"{jack} v {inv}: {res['played']} played now, {res['elapsed']:.0f} s", flush=True)
    print(table(args.game, tally(args.game, args.seed, record, args.games), args.games))
    print(deal_by_deal(args.game, args.seed, record, args.games))
    return 0


def deal_by_deal(game: str, seed: int, record: Path, games: int) -> str:
    """The expert checks on the deals both pairings played (``bench/paired.py`` for any two):
    the deals each seat's expert decided otherwise than hard, and the sign test on them."""
    base = {i: g for i, g in read_record(record, pairing(game, "hard", "hard", seed)).items() if i < games}
    lines = ["", "Deal by deal against hard v hard:"]
    for side, (jack, inv), sign in (("Jack", ("expert", "hard"), 1), ("investigator", ("hard", "expert"), -1)):
        other = {i: g for i, g in read_record(record, pairing(game, jack, inv, seed)).items() if i < games}
        common = [i for i in other if i in base]
        differ = [i for i in common if other[i]["winner"] != base[i]["winner"]]
        up = sum((other[i]["winner"] == "jack") == (sign > 0) for i in differ)
        down = len(differ) - up
        lines.append(f"- expert as {side}: {len(common)} deals, +{up} -{down} for expert "
                     f"(paired z = {paired_gain_z(up, down, len(common)):.2f}, "
                     f"sign test p = {sign_test(up, down):.3f})")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
