"""``run.py selfplay``: bots against each other, win rates with 95% intervals.

A bot is a registered name or a tuned search level (``hard:iterations=500``).
"""

from __future__ import annotations

from collections import Counter

from .bots.search import bot_from_spec
from .engine import Side, find_ruleset
from .engine.rng import Rng
from .match import play_game
from .stats import wilson


def selfplay(game: str, games: int, seed: int, jack: str, investigator: str) -> dict:
    rs = find_ruleset(game)
    players = {Side.JACK: bot_from_spec(jack), Side.INVESTIGATOR: bot_from_spec(investigator)}
    master = Rng(seed)
    wins: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    for _ in range(games):
        state = rs.new(master.u64())
        play_game(state, players, master.fork())
        wins[state.winner().value] += 1
        ends[state.outcome.termination.value] += 1
    return {"game": rs.name, "games": games, "seed": seed, "jack": jack,
            "investigator": investigator, "wins": dict(wins), "terminations": dict(ends)}


def report(result: dict) -> str:
    n = result["games"]
    lines = [f"{result['game']}: {n} games, seed {result['seed']}, "
             f"jack={result['jack']} investigator={result['investigator']}"]
    for side in ("jack", "investigator"):
        w = result["wins"].get(side, 0)
        lo, hi = wilson(w, n)
        rate = 100 * w / max(n, 1)
        lines.append(f"  {side:<12} wins {w:>6}  {rate:5.1f}%  95% CI [{100 * lo:.1f}%, {100 * hi:.1f}%]")
    ends = ", ".join(f"{k} {v}" for k, v in sorted(result["terminations"].items()))
    lines.append(f"  endings: {ends}")
    return "\n".join(lines)
