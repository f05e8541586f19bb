"""Golden files that show rule changes as diffs: playthroughs and perft counts.

A playthrough records, for each step of a seeded bot-vs-random game, the
state text, whose decision it is, the legal actions, each side's
observation and the action taken.  ``run.py playthrough`` rewrites them;
the tests compare line by line.
"""

from __future__ import annotations

from pathlib import Path

from .bots import make_bot
from .engine import RULESETS, Side, ToMove, find_ruleset
from .engine.rng import Rng

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "tests" / "golden"
PLAYTHROUGH_SEEDS = (1, 2, 3)


def playthrough(game: str, seed: int) -> str:
    """The text of one playthrough: Jack (greedy in Pocket, random elsewhere) against a random investigator."""
    state = find_ruleset(game).new(seed)
    jack = "greedy" if game == "pocket" else "random"  # the greedy bot reads Pocket's board only
    bots = {Side.JACK: make_bot(jack), Side.INVESTIGATOR: make_bot("random")}
    rng = Rng(seed)
    lines = [f"game: {game}", f"seed: {seed}", ""]
    while True:
        tm = state.to_move()
        lines.append(f"state: {state}")
        lines.append(f"hash: {state.public_hash()}")
        lines.append(f"to_move: {tm.value}")
        lines.append(f"legal: {' | '.join(str(a) for a in state.legal_actions())}")
        for side in Side:
            lines.append(f"observation[{side.value}]: {state.observation(side)}")
        if tm is ToMove.OVER:
            lines.append(f"outcome: {state.outcome}")
            break
        if tm is ToMove.CHANCE:
            action = state.sample_chance()
        else:
            action = bots[tm.side].choose(state.observation(tm.side), rng)
        lines.append(f"action: {action}")
        lines.append("")
        state.apply(action)
    return "\n".join(lines) + "\n"


def perft(state, depth: int) -> int:  # type: ignore[no-untyped-def]
    """The number of action sequences of length ``depth`` (chance outcomes included)."""
    if depth == 0 or state.is_over():
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child._apply(action)
        total += perft(child, depth - 1)
    return total


def _ends_soon(state) -> bool:  # type: ignore[no-untyped-def]
    """Whether the game is over, or every next action ends it."""
    return state.is_over() or all(state.child(a).is_over() for a in state.legal_actions())


def perft_table(game: str) -> str:
    """Perft counts from a few seeded positions (the start and after some play)."""
    rs = find_ruleset(game)
    lines = [f"# perft for {game}: seed, plies played by seed order, depth, count, start text"]
    for seed, plies, depth in ((1, 0, 3), (2, 2, 3), (3, 6, 3), (4, 9, 4)):
        state = rs.new(seed)
        rng = Rng(seed)
        for _ in range(plies):
            legal = state.legal_actions()
            # Plies after which the game is or must be over (a London arrest) are passed over.
            state.apply(rng.choice([a for a in legal if not _ends_soon(state.child(a))] or legal))
        lines.append(f"{seed} {plies} {depth} {perft(state, depth)} {state}")
    return "\n".join(lines) + "\n"


def golden_files() -> dict[str, str]:
    """File name -> content, for every rule set."""
    files = {}
    for rs in RULESETS:
        for seed in PLAYTHROUGH_SEEDS:
            files[f"{rs.name}-playthrough-{seed}.txt"] = playthrough(rs.name, seed)
        files[f"{rs.name}-perft.txt"] = perft_table(rs.name)
    return files


def write_all(out: str | None = None) -> list[Path]:
    folder = Path(out) if out else GOLDEN_DIR
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in golden_files().items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths
