"""How well Pocket's value tables foresee the games of the clocked levels.

The search levels end their look-ahead with a value table: Jack's chance to
win after a witness call, by rounds played, suspects left, his hourglasses and
whether a chase is on.  The shipped table was fitted from greedy play; the
levels that use it play far stronger games.  This plays the recorded arena
games again from their moves (``bench/arena/pocket.jsonl``, the games that kept
them), and at every witness call that does not end a game it asks each table
for Jack's chance, against who then won:

- the Brier score and log loss over those positions (lower is better), and
  the same for a constant (Jack's win rate in these games) as the floor a
  table must beat to say anything;
- by round: the table's mean chance against Jack's wins;
- a table fitted from half of the recorded games (:func:`game.bots.fit.smooth`,
  as ``python -m game.bots.fit --from-record`` fits one), judged on the other
  half and the other way about: whether a table from these games would foresee
  them better than the shipped one.

Nothing is searched; a few hundred games replay in seconds.

    python bench/calibration.py --levels hard,expert
    python bench/calibration.py --levels hard,expert --table other_values.json
    python bench/calibration.py --write-leveled bench/tables/pocket_leveled.json
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.arena_replay import recorded_game_positions  # noqa: E402
from game.bots.fit import _between_rounds, smooth  # noqa: E402
from game.bots.pocket_eval import VALUES_FILE, ValueTable  # noqa: E402
from game.engine.pocket.state import ROUNDS, TO_WIN  # noqa: E402

CHASE_FILE = VALUES_FILE.with_name("pocket_chase.json")
HARD = "shipped with hard's chase row"   # the table the clocked levels play
Position = tuple[int, int, int, int]  # rounds played, suspects left, Jack's hourglasses, chase


def recorded_games(path: Path, levels: set[str] | None) -> tuple[list[tuple[int, list[Position], int]], int]:
    """Each replayed game's index, its positions after each witness call and 1 if Jack won; and
    the games whose moves did not replay."""
    games: list[tuple[int, list[Position], int]] = []
    bad = 0
    for played in recorded_game_positions(path, "pocket", levels, _between_rounds, 0):
        if played is None:
            bad += 1
        else:
            games.append((int(played[0]["index"]), played[1], played[2]))
    return games, bad


def chance(values: ValueTable, pos: Position) -> float:
    r, n, h, ch = pos
    return values.chase[r] if ch else values.table[r][n][min(h, TO_WIN - 1)]


def scores(predict, games: list[tuple[int, list[Position], int]]) -> tuple[float, float, int]:  # type: ignore[no-untyped-def]
    """Brier score, log loss and the positions they are over."""
    brier = loss = 0.0
    n = 0
    for _, positions, won in games:
        for pos in positions:
            p = min(max(predict(pos), 1e-3), 1 - 1e-3)
            brier += (p - won) ** 2
            loss -= math.log(p if won else 1 - p)
            n += 1
    return brier / max(n, 1), loss / max(n, 1), n


def concordance(predict, games: list[tuple[int, list[Position], int]]) -> float:  # type: ignore[no-untyped-def]
    """Of the pairs of positions after the same round, one from a game Jack won and one from a
    game he lost, the share the table ranks the right way about (ties count a half): what a
    search's leaves need, since it compares leaves of one depth and a table's level is shared."""
    right = pairs = 0.0
    for r in range(1, ROUNDS):
        won = [predict(p) for _, ps, w in games for p in ps if p[0] == r and w]
        lost = [predict(p) for _, ps, w in games for p in ps if p[0] == r and not w]
        for a in won:
            for b in lost:
                right += 1.0 if a > b else 0.5 if a == b else 0.0
        pairs += len(won) * len(lost)
    return right / pairs if pairs else 0.5


def fitted(games: list[tuple[int, list[Position], int]]) -> ValueTable:
    """The table :mod:`game.bots.fit` would fit from these games."""
    counts: dict[Position, list[int]] = {}
    for _, positions, won in games:
        for pos in positions:
            c = counts.setdefault(pos, [0, 0])
            c[0] += won
            c[1] += 1
    raw = smooth(counts)
    return ValueTable(raw["table"], raw["chase"])


def _logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


def leveled(values: ValueTable, games: list[tuple[int, list[Position], int]]) -> ValueTable:
    """``values`` with each round's cells moved by one shift in log-odds, so that their mean chance
    over these games' positions after that round (no chase) is Jack's share of wins from them: the
    table's shape, which thousands of games fitted, kept; its level taken from these games."""
    table = [[row[:] for row in rnd] for rnd in values.table]
    for r in range(1, ROUNDS):
        at = [(p, w) for _, ps, w in games for p in ps if p[0] == r and not p[3]]
        if not at:
            continue
        target = sum(w for _, w in at) / len(at)
        base = [_logit(chance(values, p)) for p, _ in at]
        lo, hi = -10.0, 10.0
        for _ in range(60):
            mid = (lo + hi) / 2
            mean = sum(1 / (1 + math.exp(-(b + mid))) for b in base) / len(base)
            lo, hi = (mid, hi) if mean < target else (lo, mid)
        shift = (lo + hi) / 2
        table[r] = [[1 / (1 + math.exp(-(_logit(v) + shift))) for v in row] for row in table[r]]
    return ValueTable(table, values.chase)


def held_out(halves: tuple[list, list], make) -> tuple[float, float, float, int]:  # type: ignore[no-untyped-def]
    """Brier, log loss and ranking of the tables ``make(games)`` builds from each half, each judged
    on the other half; and the positions judged."""
    b = ll = c = 0.0
    n = 0
    for judged, source in ((halves[0], halves[1]), (halves[1], halves[0])):
        t = make(source)
        hb, hl, hn = scores(lambda pos, t=t: chance(t, pos), judged)
        b, ll, n = b + hb * hn, ll + hl * hn, n + hn
        c += concordance(lambda pos, t=t: chance(t, pos), judged) / 2
    return b / n, ll / n, c, n


def report(games: list[tuple[int, list[Position], int]], tables: dict[str, ValueTable]) -> str:
    if not games:
        return "no recorded game to judge on"
    wins = sum(w for *_, w in games)
    rate = wins / len(games)
    lines = [f"{len(games)} recorded games, Jack won {wins} ({100 * rate:.1f}%)", "",
             "| table | positions | Brier | log loss | ranked right within a round |",
             "| --- | --- | --- | --- | --- |"]
    rows = [(f"constant {rate:.3f}", lambda pos: rate)]
    rows += [(name, lambda pos, t=t: chance(t, pos)) for name, t in tables.items()]
    halves = ([g for g in games if g[0] % 2 == 0], [g for g in games if g[0] % 2 == 1])
    if all(halves):
        for name, predict in rows:
            b, ll, n = scores(predict, games)
            lines.append(f"| {name} | {n} | {b:.4f} | {ll:.4f} | {concordance(predict, games):.3f} |")
        hard = tables[HARD]
        for name, make in (("fitted from the other half of these games", fitted),
                           ("hard's, each round's level from the other half", lambda g: leveled(hard, g))):
            b, ll, c, n = held_out(halves, make)
            lines.append(f"| {name} | {n} | {b:.4f} | {ll:.4f} | {c:.3f} |")
    lines += ["", "By round (after the witness call of round r): positions, Jack's wins, each table's mean chance",
              "", "| r | positions | Jack won | " + " | ".join(tables) + " |",
              "| --- | --- | --- | " + " | ".join("---" for _ in tables) + " |"]
    for r in range(1, ROUNDS):
        at = [(pos, won) for _, positions, won in games for pos in positions if pos[0] == r]
        if not at:
            continue
        means = [sum(chance(t, pos) for pos, _ in at) / len(at) for t in tables.values()]
        lines.append(f"| {r} | {len(at)} | {100 * sum(w for _, w in at) / len(at):.1f}% | "
                     + " | ".join(f"{100 * m:.1f}%" for m in means) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--record", default="bench/arena/pocket.jsonl")
    ap.add_argument("--levels", default="hard,expert", help="only games whose two bots are of these levels")
    ap.add_argument("--table", action="append", default=[], help="also judge this table file")
    ap.add_argument("--write-leveled", default=None, metavar="FILE",
                    help="write hard's table with each round's level from all these games (a level's table=FILE)")
    args = ap.parse_args(argv)
    try:
        games, bad = recorded_games(Path(args.record), set(args.levels.split(",")) if args.levels else None)
        tables = {"shipped (greedy play), the lower levels": ValueTable.load(),
                  HARD: ValueTable.load(CHASE_FILE)}
        tables.update({p: ValueTable.load(Path(p)) for p in args.table})
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if bad:
        print(f"{bad} recorded games did not replay and are left out", file=sys.stderr)
    print(report(games, tables))
    if args.write_leveled and games:
        t = leveled(tables[HARD], games)
        source = {"record": args.record, "levels": args.levels or "any", "games": len(games),
                  "how": "the shipped table, each round moved in log-odds to these games' share of Jack wins"}
        Path(args.write_leveled).write_text(json.dumps(
            {"table": [[[round(v, 4) for v in row] for row in rnd] for rnd in t.table],
             "chase": t.chase, "source": source}, indent=0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
