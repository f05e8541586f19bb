"""Fit the card games' value table (``card_values.json``) from self-play.

``python -m game.bots.card_fit --game london --games 4000 --jobs 2`` plays
games between two registered bots and records, after every witness call
that does not end the game, the rounds played, the suspects left and the
witness card (and, when it shows unseen, whether Jack's character could
reach an exit by its own move), together with the winner.  Each cell's win rate is pulled
towards a logistic fit over all cells, so thin cells are still defined.
The other games' tables in the file are kept.  With ``--ordered`` the file
also gets the table made :func:`monotone` (``"<game>:ordered"``).  With ``--candidates`` the
file also gets the table split by the investigator's candidates among the
suspects left (``"<game>:candidates"``, see :class:`~game.bots.card_eval.CardValues`).  With
``--variant NAME`` the table is written under ``"<game>:NAME"`` and the plain one is kept: ``python
-m game.bots.card_fit --game london --games 600 --seed 5 --jack hard:iterations=300 --investigator
hard:iterations=300 --variant selfplay`` fits the clocked levels' table from the search's own games.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from multiprocessing import Pool

from ..engine.core import Side, ToMove
from ..engine.hexgrid import popcount
from ..engine.rng import Rng
from ..engine.rulesets import find_ruleset
from .card_eval import ROUNDS, SEEN, THREAT, UNSEEN, VALUES_FILE, public_candidates
from .fit import _rounded, add_record_args, from_record, game_seeds, logistic_fit


def record_game(args: tuple[str, str, str, int, int]) -> tuple[list[tuple[int, int, int, int]], int]:
    """Play one game; return the between-rounds records ``(rounds, suspects, k, candidates)`` and 1
    if Jack won (``k`` as in :class:`~game.bots.card_eval.CardValues`; ``candidates``: the suspects
    left that the investigator's alibi cards do not rule out)."""
    game, jack, inv, state_seed, bot_seed = args
    from .search import bot_from_spec

    players = {Side.JACK: bot_from_spec(jack), Side.INVESTIGATOR: bot_from_spec(inv)}
    rng = Rng(bot_seed)
    state = find_ruleset(game).new(state_seed)
    records = []
    rounds = 1
    while not state.is_over():
        tm = state.to_move()
        if tm is ToMove.CHANCE:
            state._apply(state.sample_chance())
        else:
            side = tm.side
            state._apply(players[side].choose(state.observation(side), rng))
        rounds = _between_rounds(state, rounds, records)
    return records, int(state.winner() is Side.JACK)


def _between_rounds(state, rounds: int, records: list) -> int:  # type: ignore[no-untyped-def]
    """Add ``state``'s record if its round is no longer ``rounds``; its round."""
    if state.round != rounds:
        rounds = state.round
        if not state.is_over():
            k = SEEN if state.witness else THREAT if state.escape_reach(state.jack) else UNSEEN
            records.append((rounds - 1, popcount(state.suspects), k, popcount(public_candidates(state))))
    return rounds


def collect_record(game: str, path: str, levels: set[str] | None = None) -> tuple[dict, int, int, int]:
    """The counts of :func:`collect` from ``game``'s games in an arena record played again from
    their moves (:func:`game.arena_replay.recorded_replays`, ``levels`` as there); also Jack's wins, the
    games read, and the games left out because their moves do not replay."""
    from pathlib import Path

    from ..arena_replay import recorded_positions

    return recorded_positions(Path(path), game, levels, _between_rounds, 1)


def features(r: int, n: int, k: int) -> list[float]:
    left = ROUNDS - r
    ln = math.log2(n)
    w, t = float(k == SEEN), float(k == THREAT)
    lone = float(n == 1)
    return [1.0, left, ln, w, t, left * ln, left * w, left * t, ln * w, ln * t, lone, lone * left, lone * t]


def candidate_features(r: int, n: int, mk: tuple[int, int]) -> list[float]:
    """:func:`features` and the investigator's candidates ``m`` among the ``n`` (``mk``: ``(m, k)``)."""
    m, k = mk
    left = ROUNDS - r
    lm = math.log2(m)
    w, t = float(k == SEEN), float(k == THREAT)
    known = float(m == 1 and n > 1)  # he knows who Jack is and the others do not
    return features(r, n, k) + [lm, lm * left, lm * w, lm * t, known, known * left, known * t]


def collect(game: str, jack: str, inv: str, games: int, seed: int, jobs: int) -> tuple[dict, int]:
    work = [(game, jack, inv, a, b) for a, b in game_seeds(seed, games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            results = list(pool.imap(record_game, work, chunksize=8))
    else:
        results = [record_game(w) for w in work]
    counts: dict[tuple[int, int, int], list[int]] = {}
    wins = 0
    for records, won in results:
        wins += won
        for key in records:
            c = counts.setdefault(key, [0, 0])
            c[0] += won
            c[1] += 1
    return counts, wins


def smooth(counts: dict, prior_weight: float = 10.0, ordered: bool = False) -> tuple[list, list[float]]:
    """``table[r][n][k]``: each cell's win rate, pulled towards a logistic fit (``counts`` by
    ``(r, n, k, m)``; the candidates are summed over); with ``ordered``, then made :func:`monotone`."""
    merged: dict[tuple[int, int, int], list[int]] = {}
    for (r, n, w, _), (won, c) in counts.items():
        cell = merged.setdefault((r, n, w), [0, 0])
        cell[0] += won
        cell[1] += c
    counts = merged
    cells = [(r, n, w, v[0], v[1]) for (r, n, w), v in counts.items()]
    beta = logistic_fit(cells, features=features)
    table = [[[0.0, 0.0, 0.0] for _ in range(9)] for _ in range(ROUNDS)]
    for r in range(1, ROUNDS):
        for n in range(1, 9):
            for w in (UNSEEN, SEEN, THREAT):
                won, c = counts.get((r, n, w), [0, 0])
                z = sum(b * v for b, v in zip(beta, features(r, n, w), strict=True))
                prior = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
                table[r][n][w] = (won + prior_weight * prior) / (c + prior_weight)
    if ordered:
        weight = {key: c + prior_weight for key, (_, c) in counts.items()}
        table = monotone(table, lambda r, n, k: weight.get((r, n, k), prior_weight))
    return table, beta


def _pav(values: list[float], weights: list[float]) -> list[float]:
    """The non-decreasing sequence nearest ``values`` in weighted squares (pool adjacent violators)."""
    blocks: list[list[float]] = []  # [mean, weight, length]
    for v, w in zip(values, weights, strict=True):
        blocks.append([v, w, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            v2, w2, n2 = blocks.pop()
            b = blocks[-1]
            b[0] = (b[0] * b[1] + v2 * w2) / (b[1] + w2)
            b[1] += w2
            b[2] += n2
    return [b[0] for b in blocks for _ in range(int(b[2]))]


def monotone(table: list, weight) -> list:  # type: ignore[no-untyped-def]
    """``table`` made non-decreasing in the suspects left and in the rounds played, for each witness
    card: more suspects and less time to go are never worse for Jack, whatever a thin cell's count
    says.  Alternating weighted fits along each axis (``weight(r, n, k)``: a cell's games)."""
    t = [[row[:] for row in plane] for plane in table]
    rs, ns = range(1, ROUNDS), range(1, 9)
    for _ in range(100):
        moved = 0.0
        for k in (UNSEEN, SEEN, THREAT):
            for r in rs:
                fit = _pav([t[r][n][k] for n in ns], [weight(r, n, k) for n in ns])
                for n, v in zip(ns, fit, strict=True):
                    moved, t[r][n][k] = max(moved, abs(t[r][n][k] - v)), v
            for n in ns:
                fit = _pav([t[r][n][k] for r in rs], [weight(r, n, k) for r in rs])
                for r, v in zip(rs, fit, strict=True):
                    moved, t[r][n][k] = max(moved, abs(t[r][n][k] - v)), v
        if moved < 1e-9:
            break
    return t


def smooth_candidates(counts: dict, prior_weight: float = 10.0) -> tuple[list, list[float]]:
    """``table[r][n][m][k]``: each cell's win rate, pulled towards a logistic fit over all cells."""
    cells = [(r, n, (m, k), v[0], v[1]) for (r, n, k, m), v in counts.items()]
    beta = logistic_fit(cells, features=candidate_features)  # type: ignore[arg-type]
    table = [[[[0.0, 0.0, 0.0] for _ in range(9)] for _ in range(9)] for _ in range(ROUNDS)]
    for r in range(1, ROUNDS):
        for n in range(1, 9):
            for m in range(1, n + 1):
                for k in (UNSEEN, SEEN, THREAT):
                    won, c = counts.get((r, n, k, m), [0, 0])
                    z = sum(b * v for b, v in zip(beta, candidate_features(r, n, (m, k)), strict=True))
                    prior = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
                    table[r][n][m][k] = (won + prior_weight * prior) / (c + prior_weight)
    return table, beta


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True, choices=("london", "newyork"))
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jack", default="greedy")
    ap.add_argument("--investigator", default="greedy")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", default=str(VALUES_FILE))
    ap.add_argument("--candidates", action="store_true",
                    help="also fit the table split by the investigator's candidates")
    ap.add_argument("--ordered", action="store_true",
                    help="also write the table made non-decreasing in suspects left and rounds played")
    ap.add_argument("--variant", default="",
                    help="write the table under '<game>:VARIANT', keeping the plain one")
    add_record_args(ap)
    args = ap.parse_args(argv)
    if args.variant and (args.ordered or args.candidates):
        ap.error("--variant writes one table: not with --ordered or --candidates")
    if args.from_record:
        read = from_record(args, lambda path, levels: collect_record(args.game, path, levels))
        if read is None:
            return 2
        counts, source = read
    else:
        counts, wins = collect(args.game, args.jack, args.investigator, args.games, args.seed, args.jobs)
        print(f"{args.game}: {args.games} games, jack won {wins}", file=sys.stderr)
        source = {"games": args.games, "jack": args.jack, "investigator": args.investigator, "seed": args.seed}
    table, beta = smooth(counts)
    try:
        with open(args.out) as fh:
            out = json.load(fh)
    except (OSError, ValueError):
        out = {}
    name = f"{args.game}:{args.variant}" if args.variant else args.game
    out[name] = _rounded(table)
    out.setdefault("source", {})[name] = {**source, "logistic": _rounded(beta)}
    if args.ordered:
        out[f"{args.game}:ordered"] = _rounded(smooth(counts, ordered=True)[0])
        out["source"][f"{args.game}:ordered"] = dict(out["source"][args.game])
    if args.candidates:
        by_cands, beta_c = smooth_candidates(counts)
        out[f"{args.game}:candidates"] = _rounded(by_cands)
        out["source"][args.game]["logistic_candidates"] = _rounded(beta_c)
    with open(args.out, "w") as fh:
        json.dump(out, fh, indent=0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
