"""``run.py arena``: one bot as Jack against another as the investigator.

Prints each side's win rate with its 95% Wilson interval, how the games
ended, and the mean time per decision of each side.  Game ``i`` is seeded
from ``--seed`` and ``i`` alone (the board, the chance draws and each bot's
generator), so the figures do not depend on ``--jobs``.

``--record FILE`` keeps each finished game as a JSON line and skips the
games of the same pairing already there, so a long pairing can be stopped
and taken up again, even across machines, and its figures are those of one
run over all its games.  A pairing is the game, the two bots, the seed and
the code that plays (a digest of the engine, the bots and the boards, less
the files only the other family of games uses): a game played by other
code is not counted, unless that code is known to play the same moves
(:data:`SAME_PLAY`, or :data:`SAME_PLAY_EXCEPT` for the pairings a change
left alone).  A line cut short by a kill is
dropped and its game played again.  A line keeps the players' moves as well,
so a recorded game can be played again from them (:func:`game.arena_replay.replay`): games at
the levels' real clocks are the strongest play there is to fit tables from.

A bot is a registered name (``random``, ``greedy``, ``minimax``, ``easy``,
``normal``, ``hard``, ``expert``, ``hard1``, and a search level with a
personality such as ``hard+shadow``) or a search level with settings
changed, for tuning: ``hard:iterations=500,horizon=2`` (see
:class:`game.bots.search.SearchConfig`).  ``hard`` and ``expert`` search by
the clock; give them ``iterations`` for figures that repeat.
"""

from __future__ import annotations

import hashlib
import json
import statistics
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

from .arena_replay import RecordError, game_seeds
from .bots.search import bot_from_spec
from .engine import Side, find_ruleset
from .engine.rng import Rng
from .match import advance_chance
from .stats import wilson


def play_game(game: str, jack: str, inv: str, seed: int, index: int, watch=None,  # type: ignore[no-untyped-def]
              moves: list[str] | None = None):
    """Play game ``index`` of ``seed``; its final state and each side's decision times.

    ``watch(state)``, if given, sees the state before each decision and at the end;
    ``moves``, if given, gets the text of each action the players chose, in order.
    """
    rs = find_ruleset(game)
    state_seed, jack_seed, inv_seed = game_seeds(seed, index)
    bots = {Side.JACK: bot_from_spec(jack), Side.INVESTIGATOR: bot_from_spec(inv)}
    rngs = {Side.JACK: Rng(jack_seed), Side.INVESTIGATOR: Rng(inv_seed)}
    times: dict[str, list[float]] = {"jack": [], "investigator": []}
    state = rs.new(state_seed)
    while True:
        advance_chance(state)
        if watch is not None:
            watch(state)
        if state.is_over():
            break
        side = state.to_move().side
        obs = state.observation(side)
        many = len(obs.legal_actions()) > 1
        t0 = time.perf_counter()
        action = bots[side].choose(obs, rngs[side])
        dt = time.perf_counter() - t0
        if many:
            times[side.value].append(round(dt, 4))   # 0.1 ms: enough, and records stay small
        state.apply(action)  # checked: an illegal choice raises
        if moves is not None:
            moves.append(str(action))
    return state, times


def play_one(job: tuple[str, str, str, int, int]) -> dict:
    """Play game ``index``; the winner, how it ended, each side's decision times and the players'
    moves (so that a recorded game can be replayed: :func:`replay`)."""
    index = job[4]
    moves: list[str] = []
    state, times = play_game(*job, moves=moves)
    return {"index": index, "winner": state.winner().value,
            "end": state.outcome.termination.value, "rounds": state.round, "times": times,
            "moves": moves}


_ROOT = Path(__file__).resolve().parent.parent


#: Files (paths from the top, by prefix) that decide the moves of one family of games only:
#: Pocket, and the card games (London and New York share the card engine and search, and their
#: bots read New York's exits).  A game's digest leaves out the other family's files, so a change
#: to the card games' bots keeps Pocket's recorded games, and the other way round.  A module that
#: comes to serve both families must leave this list.
FAMILY_FILES = {
    "pocket": ("game/engine/pocket/", "game/bots/pocket_", "levels/pocket."),
    "cards": ("game/engine/cards.py", "game/engine/london/", "game/engine/newyork/", "game/bots/card_",
              "levels/london.", "levels/newyork."),
}


def code_digest(game: str | None = None) -> str:
    """A digest of what decides a game's moves: the engine, the bots with their tables, the boards
    (for ``game``, without the other family's files: :data:`FAMILY_FILES`)."""
    files = sorted([*(_ROOT / "game" / "engine").rglob("*.py"), *(_ROOT / "game" / "bots").glob("*.py"),
                    *(_ROOT / "game" / "bots").glob("*.json"), _ROOT / "game" / "match.py",
                    *(_ROOT / "levels").glob("*.json")])
    others: tuple[str, ...] = ()
    if game is not None:
        family = "pocket" if game == "pocket" else "cards"
        others = tuple(p for name, ps in FAMILY_FILES.items() if name != family for p in ps)
    h = hashlib.sha256()
    for f in files:
        name = f.relative_to(_ROOT).as_posix()
        if name.startswith(others):
            continue
        h.update(name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


#: Code known to play exactly as earlier code did: its digest, and the earlier digest whose recorded
#: games count for it.  An entry is for a change that moved code and left every move as it was:
#: the bots' golden files (``tests/golden/*-bots.txt``, each level's configuration per game and side
#: and its games at fixed budgets) unchanged by it.  A change to how a bot plays gets no entry.
SAME_PLAY: dict[str, str] = {
    # The search split into search_tree (shared), pocket_search and card_search, each family's
    # level settings beside its search, so that tuning one family keeps the other's games.
    "561508582e755d73": "650b68fdebe476bd",   # Pocket
    "1c322856bbebafac": "97a3869df659a603",    # London and New York
    # A value table named by an absolute path is read from it (tuning runs only); play is unchanged.
    "03d26783a4d1e339": "dabd7355dc36f362",   # Pocket
    # A setting for Pocket's Jack alone (``jack_prior_temp``); the card games do not read it.
    "3d9d386b9e65fafc": "1c322856bbebafac",    # London and New York
    # Personalities (``level+personality``, a bot of its own); a level without one plays as before.
    # London's and New York's power check calls the shared one instead of repeating it.
    "3997e68c5b88edf2": "874ed94cbc764742",   # Pocket
    "0de7beda5ed29757": "3d9d386b9e65fafc",    # London and New York
    # The personalities' names and help are the client's alone (translated); play is unchanged.
    "6f91638762d7f430": "3997e68c5b88edf2",   # Pocket
    "9b20d24b62ce4997": "0de7beda5ed29757",    # London and New York
    # The Pocket fit reads recorded games again from their moves (``--from-record``); no bot reads it.
    "fe28f450e4cfc1e0": "6f91638762d7f430",   # Pocket
    "c3a808740f8710bf": "9b20d24b62ce4997",    # London and New York
    # ... and so do the card games' (``card_fit --from-record``).
    "00f87f0b54d216a8": "fe28f450e4cfc1e0",   # Pocket
    "a6bdc057efc65bd4": "c3a808740f8710bf",    # London and New York
    # Pocket's expert investigator's flatter priors live in the shared level table; cards unchanged.
    "c0787d7929f54674": "a6bdc057efc65bd4",    # London and New York
}


#: Code that plays as earlier code did except for some bots on one side: its digest, the earlier
#: digest, and the ``(side, level)`` pairs whose moves changed (a level with settings, such as
#: ``hard:iterations=4000``, is its level).  The earlier games of every pairing without such a bot
#: on such a side count for it, as with :data:`SAME_PLAY`; a pairing with one starts afresh.
SAME_PLAY_EXCEPT: dict[str, tuple[str, frozenset[tuple[str, str]]]] = {
    # Pocket's clocked Jack searches with flatter priors (``POCKET_JACK_PRIOR_TEMP``); their
    # investigator, hard1 and minimax play as before.
    "874ed94cbc764742": ("03d26783a4d1e339", frozenset({("jack", "hard"), ("jack", "expert")})),
    # Pocket's expert investigator searches with flatter priors (``POCKET_EXPERT_PRIOR_TEMP``); every
    # other bot, the expert Jack among them, plays as before.
    "5213b5bd9e35ad0f": ("00f87f0b54d216a8", frozenset({("investigator", "expert")})),
}


def _level(bot: str | None) -> str | None:
    return None if bot is None else bot.split(":", 1)[0]


def same_play(digest: str, jack: str | None = None, investigator: str | None = None) -> set[str]:
    """``digest`` and the earlier digests whose recorded games of ``jack`` against ``investigator``
    count for it (:data:`SAME_PLAY`, :data:`SAME_PLAY_EXCEPT`)."""
    bots = {("jack", _level(jack)), ("investigator", _level(investigator))}
    out = {digest}
    while True:
        if digest in SAME_PLAY:
            earlier = SAME_PLAY[digest]
        elif digest in SAME_PLAY_EXCEPT:
            earlier, changed = SAME_PLAY_EXCEPT[digest]
            if bots & changed:
                break
        else:
            break
        if earlier in out:
            break
        digest = earlier
        out.add(digest)
    return out


def pairing(game: str, jack: str, inv: str, seed: int) -> list:
    """What a recorded game must match to count: the bots, the seed and the code that played."""
    return [game, jack, inv, seed, code_digest(game)]


def _valid_game(line: dict) -> bool:
    times = line.get("times")
    moves = line.get("moves", [])
    return (isinstance(line.get("index"), int) and line.get("winner") in ("jack", "investigator")
            and isinstance(moves, list) and all(isinstance(m, str) for m in moves)
            and isinstance(line.get("end"), str) and isinstance(line.get("rounds"), int)
            and isinstance(times, dict)
            and all(isinstance(times.get(side), list)
                    and all(isinstance(t, (int, float)) for t in times[side])
                    for side in ("jack", "investigator")))


def read_record(path: Path, key: list) -> dict[int, dict]:
    """The games of pairing ``key`` already in ``path``, by index.  A last line without its newline
    (the run was killed while writing it) is dropped; any other unreadable line is an error."""
    if not path.exists():
        return {}
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read the record: {exc}") from exc
    lines = text.split("\n")
    games: dict[int, dict] = {}
    digests = same_play(key[-1], key[1], key[2])
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except ValueError:
            line = None
        if not isinstance(line, dict) or not _valid_game(line) or not isinstance(line.get("pairing"), list):
            if number == len(lines):   # the cut-short last line: its game is played again
                continue
            raise RecordError(f"{path}, line {number}: not a finished game of the arena")
        found = line["pairing"]
        if found[:-1] == key[:-1] and found[-1] in digests:
            games[line["index"]] = {k: v for k, v in line.items() if k != "pairing"}
    return games


def _append(path: Path, key: list, result: dict) -> None:
    """Add one finished game; a cut-short last line left by a kill is cut off first (its game
    is being played again), so the record stays whole lines."""
    if path.exists() and path.stat().st_size:
        with open(path, "r+b") as fh:
            fh.seek(-1, 2)
            if fh.read(1) != b"\n":
                fh.seek(0)
                fh.truncate(fh.read().rfind(b"\n") + 1)
    with open(path, "ab") as fh:
        fh.write(json.dumps({"pairing": key, **result}).encode() + b"\n")


def run_arena(game: str, jack: str, inv: str, games: int, seed: int, jobs: int = 1,
              record: Path | None = None) -> dict:
    key = pairing(game, jack, inv, seed)
    done = read_record(record, key) if record is not None else {}
    jobs_list = [(game, jack, inv, seed, i) for i in range(games) if i not in done]
    start = time.perf_counter()
    with (Pool(jobs) if jobs > 1 and len(jobs_list) > 1 else _Serial()) as pool:
        for result in pool.imap_unordered(play_one, jobs_list, chunksize=1):
            done[result["index"]] = result
            if record is not None:
                _append(record, key, result)
    elapsed = time.perf_counter() - start
    results = [done[i] for i in range(games)]
    wins: Counter[str] = Counter(r["winner"] for r in results)
    ends: Counter[str] = Counter(r["end"] for r in results)
    times = {side: [t for r in results for t in r["times"][side]] for side in ("jack", "investigator")}
    return {"game": game, "jack": jack, "investigator": inv, "games": games, "seed": seed,
            "jobs": jobs, "played": len(jobs_list), "wins": dict(wins), "ends": dict(ends),
            "times": times, "rounds": statistics.fmean(r["rounds"] for r in results) if results else 0.0,
            "elapsed": elapsed}


class _Serial:
    """``Pool``'s ``imap_unordered`` in this process, for one job."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    @staticmethod
    def imap_unordered(fn, jobs, chunksize: int = 1):  # type: ignore[no-untyped-def]
        return map(fn, jobs)


def report(res: dict) -> str:
    n = res["games"]
    played = res.get("played", n)
    now = f"{res['elapsed']:.0f} s, {res['jobs']} jobs"
    if played != n:
        now = f"{played} played now in {now}, {n - played} from the record"
    lines = [f"{res['game']}: {n} games, seed {res['seed']}, jack={res['jack']} "
             f"investigator={res['investigator']} ({now})"]
    for side in ("jack", "investigator"):
        w = res["wins"].get(side, 0)
        lo, hi = wilson(w, n)
        lines.append(f"  {side:<12} wins {w:>5}/{n}  {100 * w / max(n, 1):5.1f}%  "
                     f"95% CI [{100 * lo:5.1f}%, {100 * hi:5.1f}%]")
    for side in ("jack", "investigator"):
        ts = sorted(res["times"][side])
        if ts:
            p99 = ts[min(len(ts) - 1, int(0.99 * len(ts)))]
            lines.append(f"  {side:<12} {len(ts)} decisions, mean {1000 * statistics.fmean(ts):.1f} ms, "
                         f"p99 {1000 * p99:.1f} ms, max {1000 * ts[-1]:.1f} ms")
        else:
            lines.append(f"  {side:<12} no decisions with a choice")
    ends = ", ".join(f"{k} {v}" for k, v in sorted(res["ends"].items()))
    lines.append(f"  endings: {ends}; mean last round {res['rounds']:.2f}")
    return "\n".join(lines)


def main(args) -> int:  # type: ignore[no-untyped-def]
    """Entry point for ``run.py arena`` (arguments parsed by :mod:`game.cli`)."""
    if args.games <= 0 or args.jobs <= 0:
        print("--games and --jobs must be positive", file=sys.stderr)
        return 2
    try:
        find_ruleset(args.game)
        bot_from_spec(args.jack)
        bot_from_spec(args.investigator)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    record = Path(args.record) if getattr(args, "record", None) else None
    try:
        res = run_arena(args.game, args.jack, args.investigator, args.games, args.seed, args.jobs, record)
    except RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(report(res))
    return 0
