"""Two pairings on the same deals: the deals each won that the other lost, and whether that is noise.

Every pairing of the arena at one seed plays the same deals (the deal of game
``i`` depends on the seed and ``i`` alone), so a change to one level is seen
best deal by deal: most deals go the same way whoever plays them, and only
those decided differently tell two levels apart.  This reads both pairings'
games from the record, counts Jack's wins in each over the deals both have
played, the deals that only one of them won, and prints the exact sign test
on those and the gain in its paired standard error.  Nothing is played.

    python bench/paired.py --game pocket --a expert hard --b hard hard
    python bench/paired.py --game pocket --a expert:horizon=3 hard --b expert hard

The first pairing is the one judged: a positive gain is more Jack wins in it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.arena import RecordError, pairing, read_record  # noqa: E402
from game.stats import paired_gain_z, sign_test, wilson  # noqa: E402


def compare(a: dict[int, dict], b: dict[int, dict]) -> dict:
    """The deals both records hold: Jack's wins in each, and the deals only ``a`` or only ``b`` won."""
    common = sorted(set(a) & set(b))
    won_a = {i for i in common if a[i]["winner"] == "jack"}
    won_b = {i for i in common if b[i]["winner"] == "jack"}
    up, down = len(won_a - won_b), len(won_b - won_a)
    return {"deals": len(common), "a": len(won_a), "b": len(won_b), "up": up, "down": down,
            "p": sign_test(up, down), "z": paired_gain_z(up, down, len(common))}


def _times(games: dict[int, dict], side: str) -> str:
    t = sorted(x for g in games.values() for x in g["times"][side])
    if not t:
        return "-"
    return f"mean {statistics.mean(t):.3f} s, p99 {t[int(0.99 * (len(t) - 1))]:.3f} s, max {t[-1]:.3f} s"


def report(names: tuple[str, str], a: dict[int, dict], b: dict[int, dict]) -> str:
    c = compare(a, b)
    n = c["deals"]
    if not n:
        return f"no deal played by both {names[0]} and {names[1]}"
    common = set(a) & set(b)
    lines = []
    for name, key, games in ((names[0], "a", a), (names[1], "b", b)):
        games = {i: g for i, g in games.items() if i in common}
        lo, hi = wilson(c[key], n)
        lines.append(f"{name}: Jack won {c[key]} of {n} ({100 * c[key] / n:.1f}%, {100 * lo:.1f}-{100 * hi:.1f}); "
                     f"Jack {_times(games, 'jack')}; investigator {_times(games, 'investigator')}")
    gain = 100.0 * (c["a"] - c["b"]) / n
    lines.append(f"decided differently: {c['up'] + c['down']} of {n} deals, +{c['up']} -{c['down']} "
                 f"for {names[0]}: {gain:+.1f} points for Jack, paired z = {c['z']:.2f}, "
                 f"sign test p = {c['p']:.3f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True, choices=("pocket", "london", "newyork"))
    ap.add_argument("--a", nargs=2, metavar=("JACK", "INVESTIGATOR"), required=True, help="the pairing judged")
    ap.add_argument("--b", nargs=2, metavar=("JACK", "INVESTIGATOR"), required=True, help="the one it is held against")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--games", type=int, default=400, help="only the first this many deals (default 400)")
    ap.add_argument("--record-dir", default="bench/arena")
    args = ap.parse_args(argv)
    record = Path(args.record_dir) / f"{args.game}.jsonl"
    try:
        a, b = ({i: g for i, g in read_record(record, pairing(args.game, j, inv, args.seed)).items()
                 if i < args.games} for j, inv in (args.a, args.b))
    except RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(report((" v ".join(args.a), " v ".join(args.b)), a, b))
    return 0


if __name__ == "__main__":
    sys.exit(main())
