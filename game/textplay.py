"""``run.py text``: Mr. Jack Pocket in a terminal, against a bot."""

from __future__ import annotations

import os
import sys
from typing import IO

from .bots import make_bot
from .engine import Side, ToMove
from .engine.errors import IllegalActionError, ParseError
from .engine.pocket import PocketState
from .engine.pocket.board import DIRECTIONS
from .engine.pocket.state import DETECTIVES, IDS
from .engine.rng import Rng
from .match import advance_chance, bot_move

LETTER = {d: d[0].upper() for d in DETECTIVES}


def render(view: PocketState) -> str:
    """A text picture of the board as ``view`` (one side's observation) shows it."""
    grid = [[" " * 5 for _ in range(5)] for _ in range(5)]
    for cell, ch in enumerate(view.chars):
        r, c = divmod(cell, 3)
        wall = view.wall_of(cell)
        name = IDS[ch][:3].capitalize() if view.suspect[ch] else "..."
        grid[r + 1][c + 1] = f"{name}{'+' if wall is None else DIRECTIONS[wall]} "
    spots = {p: (0, p + 1) for p in range(3)}
    spots.update({3 + r: (r + 1, 4) for r in range(3)})
    spots.update({6 + i: (4, 3 - i) for i in range(3)})
    spots.update({9 + i: (3 - i, 0) for i in range(3)})
    for d, pos in zip(DETECTIVES, view.detectives, strict=True):
        r, c = spots[pos]
        cur = grid[r][c].strip()
        grid[r][c] = f"{cur}{LETTER[d]}".center(5)
    lines = ["".join(row) for row in grid]
    lines.append("(walls: N/E/S/W after the name; + = no wall; ... = cleared)")
    return "\n".join(lines)


def status(view: PocketState, side: Side) -> str:
    info = view.describe()
    parts = [f"Round {view.round}", f"tokens: {', '.join(info['tokens']) or '-'}",
             f"suspects: {', '.join(info['suspects'])}",
             f"track: {''.join('J' if s == 'jack' else 'I' for s in info['track']) or '-'}"]
    if side is Side.JACK:
        parts.append(f"you are {info['jack']}, hourglasses {info['hourglasses']}")
    return " | ".join(parts)


#: The bot met when none is named: the same level the window's New game screen offers first.
DEFAULT_BOT = "normal"


def main(side_name: str, bot_name: str = DEFAULT_BOT, seed: int | None = None,
         stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout) -> int:
    human = Side(side_name)
    bot = make_bot(bot_name)
    seed = int.from_bytes(os.urandom(8), "little") if seed is None else seed
    rng = Rng(seed ^ 0x5EED)
    state = PocketState.new(seed)
    out = stdout.write
    out(f"Mr. Jack Pocket, seed {seed}. You play {human.value} against the {bot.name} bot.\n"
        "Type an action as listed (e.g. 'holmes 2', 'rotate 4 E'), 'help', or 'quit'.\n")
    while True:
        for a in advance_chance(state):
            if a.kind != "identity":
                out(f"* {a}\n")
        if state.is_over():
            break
        mover = state.to_move().side
        if mover is not human:
            action = bot_move(state, bot, rng)
            state.apply(action)
            out(f"{mover.value} plays: {action}\n")
            continue
        view = state.observation(human)
        out("\n" + render(view) + "\n" + status(view, human) + "\n")
        legal = [str(a) for a in state.legal_actions()]
        out("legal: " + ", ".join(legal) + "\n> ")
        stdout.flush()
        line = stdin.readline()
        if not line or line.strip() in ("quit", "exit"):
            out("\nbye\n")
            return 0
        if line.strip() == "help":
            out("Detectives move clockwise; 'rotate C D' turns the tile on cell C (0-8) so its wall faces D.\n")
            continue
        try:
            state.apply(line.strip())
        except (ParseError, IllegalActionError) as exc:
            out(f"not possible: {str(exc).split(' [state:')[0]}\n")
    assert state.outcome is not None and state.to_move() is ToMove.OVER
    out("\n" + render(state) + "\n")
    out(f"Game over: {state.outcome.winner.value} wins ({state.outcome.termination.value}). "
        f"Jack was {IDS[state.jack]}.\n")
    return 0
