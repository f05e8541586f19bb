"""Recorded arena games played again from their moves, for what reads them (the value fits).

Apart from :mod:`game.arena` because the bots' fits read records and the arena plays bots: this
module knows the engine alone.  Game ``i`` of a seed is dealt from the seed and ``i`` alone
(:func:`game_seeds`), so a recorded game's moves rebuild it exactly.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .engine import Side, find_ruleset
from .engine.core import ToMove
from .engine.rng import Rng


def game_seeds(seed: int, index: int) -> tuple[int, int, int]:
    """The board seed and each side's bot seed for game ``index``."""
    r = Rng((seed * 1_000_003 + index) & ((1 << 64) - 1))
    r.u64()
    return r.u64(), r.u64(), r.u64()


def _chance(state) -> None:  # type: ignore[no-untyped-def]
    """The chance steps before the next decision, from the state's own generator (as played)."""
    while state.to_move() is ToMove.CHANCE:
        state.apply(state.sample_chance())


def replay(game: str, seed: int, index: int, moves: list[str], watch=None):  # type: ignore[no-untyped-def]
    """The final state of recorded game ``index`` of ``seed`` played again from its ``moves`` (the
    deal and the chance steps come from the seed, as when it was played).

    ``watch(state)`` sees the state before each move and at the end.  A recorded game is strong
    play at the levels' real clocks, which no fixed budget reproduces: this is how its positions
    are read again (a value table fitted from them, :mod:`game.bots.fit`).

    :raises ParseError, IllegalActionError: if a move is not an action, or not legal where it stands
        (a record of other rules, or a corrupt one); :raises RecordError: if the moves stop
        before the game is over.
    """
    rs = find_ruleset(game)
    state = rs.new(game_seeds(seed, index)[0])
    for text in moves:
        _chance(state)
        if watch is not None:
            watch(state)
        state.apply(rs.vocabulary.parse(text))
    _chance(state)
    if watch is not None:
        watch(state)
    if not state.is_over():
        raise RecordError(f"{game} game {index} of seed {seed}: the moves stop before the end")
    return state


def recorded_replays(path: Path, game: str, levels: set[str] | None = None,
                     watch_for=None) -> Iterator[tuple[dict, Any]]:  # type: ignore[no-untyped-def]
    """Every game of ``game`` in record ``path`` that kept its moves, played again (:func:`replay`,
    with ``watch_for(line)`` as its watch): each line and its final state, or None for moves that
    do not replay to the recorded winner (a record of other rules, or a corrupt line).

    ``levels``: only games whose two bots are of these levels (``expert`` of ``expert:horizon=3``
    and of ``expert+shadow``).  Lines without moves (recorded before they were kept) are passed over.
    """
    def level(spec: object) -> str:
        return str(spec).split(":", 1)[0].split("+", 1)[0]

    with open(path, encoding="utf-8") as fh:
        for raw in fh:
            try:
                line = json.loads(raw)
                key, moves, index = line["pairing"], line["moves"], int(line["index"])
                bots, seed = {level(key[1]), level(key[2])}, int(key[3])
            except (ValueError, KeyError, TypeError, IndexError):
                continue
            if key[0] != game or (levels is not None and not bots <= levels):
                continue
            try:
                state = replay(game, seed, index, moves, None if watch_for is None else watch_for(line))
            except (ValueError, TypeError):   # a move of other rules, or the moves stop short
                yield line, None
                continue
            yield line, state if state.winner().value == line.get("winner") else None


def recorded_game_positions(path: Path, game: str, levels: set[str] | None, between, first_round: int
                            ) -> Iterator[tuple[dict, list, int] | None]:  # type: ignore[no-untyped-def]
    """The games of a record played again (:func:`recorded_replays`), each as its line, the
    positions ``between(state, rounds, records)`` added (it returns the rounds it has seen, starting
    from ``first_round``) and 1 if Jack won; None for a game whose moves did not replay."""
    records: list = []

    def watch_for(line: dict):  # type: ignore[no-untyped-def]
        records.clear()
        rounds = [first_round]

        def watch(state) -> None:  # type: ignore[no-untyped-def]
            rounds[0] = between(state, rounds[0], records)
        return watch

    for line, state in recorded_replays(path, game, levels, watch_for):
        yield None if state is None else (line, list(records), int(state.winner() is Side.JACK))


def recorded_positions(path: Path, game: str, levels: set[str] | None, between, first_round: int
                       ) -> tuple[dict, int, int, int]:  # type: ignore[no-untyped-def]
    """What a value fit counts, from :func:`recorded_game_positions`: each position with Jack's
    wins and games from it; also Jack's wins, the games read and the games whose moves did not
    replay."""
    counts: dict[tuple, list[int]] = {}
    wins = games = bad = 0
    for played in recorded_game_positions(path, game, levels, between, first_round):
        if played is None:
            bad += 1
            continue
        _, records, won = played
        games += 1
        wins += won
        for key in records:
            c = counts.setdefault(key, [0, 0])
            c[0] += won
            c[1] += 1
    return counts, wins, games, bad


class RecordError(ValueError):
    """A ``--record`` file that cannot be read as finished games."""
