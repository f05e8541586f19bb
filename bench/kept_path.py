"""How far a kept search tree reaches along the moves the other side really made.

A level that keeps its tree (``keep_tree``) starts its next decision from the
subtree below its own move, but only when that decision follows straight on;
after the other side has moved, it starts afresh.  Following the other
side's public moves down the kept tree could carry the statistics further.
This bench plays games of one level against itself (London or New York)
and, at each decision that comes after the other side's moves, walks the
real moves since the bot's last one down its kept subtree, then prints how
many of those moves the tree holds and how many visits the node at the end
of a complete path has::

    python bench/kept_path.py --game london --level hard:iterations=1000 --games 4
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.arena import game_seeds  # noqa: E402
from game.bots.search import bot_from_spec  # noqa: E402
from game.engine.core import Side, ToMove  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.engine.rulesets import find_ruleset  # noqa: E402


def walk(game: str, level: str, index: int, seed: int) -> list[tuple[str, int, int, int | None]]:
    """Play game ``index``; per decision after the other side's moves in the same round:
    (side, moves since the bot's own, moves the kept tree holds, visits at the end or None)."""
    state_seed, jack_seed, inv_seed = game_seeds(seed, index)
    bots = {Side.JACK: bot_from_spec(level), Side.INVESTIGATOR: bot_from_spec(level)}
    rngs = {Side.JACK: Rng(jack_seed), Side.INVESTIGATOR: Rng(inv_seed)}
    state = find_ruleset(game).new(state_seed)
    played: list[tuple[int, object]] = []  # (ply before, action or chance key) of every step
    out = []
    while True:
        while state.to_move() is ToMove.CHANCE:
            action = state.sample_chance()
            key = state.CARDS.draw_hidden if action.kind == "draw" else action
            played.append((state.ply, key))
            state.apply(action)
        if state.is_over():
            return out
        side = state.to_move().side
        obs = state.observation(side)
        carry = bots[side].carry
        if carry.node is not None and carry.searched is not None and carry.round == obs.round \
                and carry.expect != str(obs):
            prev, root = carry.searched
            node = carry.node
            mine = next(a for a, child in root.children.items() if child is node)
            since = prev.ply + 1
            assert any(p == prev.ply and str(a) == str(mine) for p, a in played)
            path = [a for p, a in played if p >= since]
            held = 0
            for a in path:
                child = next((c for k, c in node.children.items() if str(k) == str(a)), None)
                if child is None:
                    break
                node, held = child, held + 1
            stats = node.stats.get(None if side is Side.INVESTIGATOR else obs.jack) if held == len(path) else None
            out.append((side.value, len(path), held, getattr(stats, "total", None)))
        action = bots[side].choose(obs, rngs[side])
        played.append((state.ply, action))
        state.apply(action)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="london", choices=("london", "newyork"))
    ap.add_argument("--level", default="hard:iterations=1000")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=21)
    args = ap.parse_args(argv)
    rows = [r for i in range(args.games) for r in walk(args.game, args.level, i, args.seed)]
    for side in ("jack", "investigator"):
        mine = [r for r in rows if r[0] == side]
        if not mine:
            continue
        held = sum(r[2] for r in mine) / sum(r[1] for r in mine)
        ends = [r[3] or 0 for r in mine if r[2] == r[1]]
        hist = collections.Counter((r[1], r[2]) for r in mine)
        print(f"{args.game} level={args.level} side={side} decisions={len(mine)} moves_held={held:.0%} "
              f"complete_paths={len(ends)} visits_at_end_mean={sum(ends) / max(1, len(ends)):.1f} "
              f"visits_at_end_max={max(ends, default=0)}")
        print("  (moves since own, held): " + ", ".join(f"{k}: {v}" for k, v in sorted(hist.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
