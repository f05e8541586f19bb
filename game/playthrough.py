"""Golden files that show rule changes as diffs: playthroughs and perft counts, and the bots' play.

A playthrough records, for each step of a seeded bot-vs-random game, the
state text, whose decision it is, the legal actions, each side's
observation and the action taken.  The bots' file of a game records each
level's configuration there and one seeded game of each level against
itself at a small fixed budget, so a change to how the bots play shows too
(and a change that moves code without changing play shows none).
``run.py playthrough`` rewrites them; the tests compare line by line.
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


#: The bots whose play the golden files keep: the yardstick, and each search level at a budget
#: small enough for a test (the clocked levels with their own settings, less the clock).
BOT_SPECS = ("minimax", "easy", "hard1:iterations=25", "hard:iterations=25", "expert:iterations=25")


def bot_play(game: str, seed: int = 1) -> str:
    """The text of the bots' file: each level's configuration for ``game``, then one game of each
    of :data:`BOT_SPECS` against itself, as the actions taken and the hash after each decision."""
    from .bots.search import LEVELS, SearchBot, bot_from_spec

    lines = [f"# bots in {game}: each level's configuration, then each bot against itself, seed {seed}"]
    for name, level in LEVELS.items():
        for side in Side:
            # Read off the class: an instance of a two-core level would start its helper process.
            lines.append(f"config {name} {side.value}: {SearchBot.config_for(level, game, side)!r}")  # type: ignore[arg-type]
    for spec in BOT_SPECS:
        state = find_ruleset(game).new(seed)
        bots = {side: bot_from_spec(spec) for side in Side}
        rngs = {side: Rng(seed * 2 + i) for i, side in enumerate(Side)}
        lines += ["", f"game: {spec} against itself"]
        while (tm := state.to_move()) is not ToMove.OVER:
            if tm is ToMove.CHANCE:
                action = state.sample_chance()
                state.apply(action)
                lines.append(f"chance {action}")
                continue
            action = bots[tm.side].choose(state.observation(tm.side), rngs[tm.side])
            state.apply(action)
            lines.append(f"{tm.side.value} {action} {state.public_hash()}")
        lines.append(f"outcome: {state.outcome}")
    return "\n".join(lines) + "\n"


def golden_files() -> dict[str, str]:
    """File name -> content, for every rule set."""
    files = {}
    for rs in RULESETS:
        for seed in PLAYTHROUGH_SEEDS:
            files[f"{rs.name}-playthrough-{seed}.txt"] = playthrough(rs.name, seed)
        files[f"{rs.name}-perft.txt"] = perft_table(rs.name)
        files[f"{rs.name}-bots.txt"] = bot_play(rs.name)
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
