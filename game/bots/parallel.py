"""A search on two cores: a helper process searches the same decision beside this one.

Root parallelism.  The helper deals its own determinizations with its own
generator (seeded from the bot's) and grows its own tree; the decision is the
root action most visited over both trees.  A clocked level so makes about
twice the iterations in the same wall-clock time on a machine with a second
core, and information-set searches lose little by splitting their trees: each
iteration already starts from a fresh deal of the hidden cards.

The helper is one process per program (spawned, never forked: a parent that
holds a window or a reactor is not copied), started on first use and shared
by every bot of that program, which take turns.  It keeps a tree per bot, so
a level that keeps its tree (``keep_tree``) keeps one in each process, and it
is told the move that was chosen so both keep the same subtree.

What crosses to the helper is the text of the observation the bot was given
and nothing else: the helper knows no more than the bot.

A fixed iteration budget stays deterministic (each process makes that many
iterations; the parent waits for the helper's answer).  Under a clock the
helper stops when the bot's time is up, however late it started, and the
parent waits for it only a little past that; a late, failed or vanished
helper costs that decision its second half, never the game.
"""

from __future__ import annotations

import itertools
import multiprocessing
import threading
import time
import weakref
from typing import Any

from ..engine.actions import Action
from ..engine.rng import Rng
from . import search as _search
from .pocket_search import _table

#: Under a clock: how long past its own search the parent waits for the helper (seconds, and a
#: share of the level's time), before it decides on its own half.
GRACE = 0.1
GRACE_SHARE = 0.25

_tokens = itertools.count(1)


def _serve(conn) -> None:  # type: ignore[no-untyped-def]
    """The helper's loop: answer each search with its root statistics, until the pipe closes."""
    from ..engine.rulesets import parse_state

    _warm()
    bots: dict[int, tuple[tuple, _search.SearchBot]] = {}
    last: dict[int, Any] = {}
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        kind = msg[0]
        if kind == "search":
            _, seq, token, configs, text, seed, deadline, keep = msg
            held = bots.get(token)
            if held is None or held[0] != configs:
                bot = _search.SearchBot(configs[0], configs[1])
                bot.card_configs = dict(configs[2])
                held = bots[token] = (configs, bot)
            bot = held[1]
            bot.config, bot.card_config, bot.card_configs = configs[0], configs[1], dict(configs[2])
            if deadline is not None:
                # Under a clock the helper stops when the bot does, however late it started (a
                # search it could not start in time is answered at once, so none queues behind).
                left = deadline - time.time()
                if left < MIN_SECONDS:
                    conn.send(("late", seq, None))
                    continue
                bot.config = _clocked(configs[0], left)
                bot.card_config = _clocked(configs[1], left)
                bot.card_configs = {k: _clocked(c, left) for k, c in configs[2]}
            try:
                obs = parse_state(text)
                _, info = bot.search_here(obs, Rng(seed), carry=bot.carry if keep else None)
                last[token] = obs
                conn.send(("ok", seq, info))
            except Exception as err:  # noqa: BLE001 - reported to the parent, which searches on alone
                conn.send(("error", seq, f"{type(err).__name__}: {err}"))
        elif kind == "chose":
            _, token, action_text = msg
            if token in bots and token in last:
                bots[token][1].carry.instead(action_text)
        elif kind == "forget":
            bots.pop(msg[1], None)
            last.pop(msg[1], None)
        elif kind == "stop":
            return


#: A helper that has less than this left of the bot's time does not start its search.
MIN_SECONDS = 0.05


def _clocked(cfg, seconds: float):  # type: ignore[no-untyped-def]
    """``cfg`` searching for ``seconds`` from now, without a floor (the bot's own search has it)."""
    from dataclasses import replace

    return replace(cfg, seconds=seconds, min_iterations=0)


def _warm() -> None:
    """Load what a first search would (modules, value tables), so it starts on time."""
    from .card_eval import values_for

    _table("")
    for game in ("london", "newyork"):
        for selfplay in (False, True):
            values_for(game, False, selfplay)


def clock_binds(cfg) -> bool:  # type: ignore[no-untyped-def]
    """Whether ``cfg``'s clock can stop a search (a budget at or under its floor never reads it)."""
    return cfg.seconds > 0 and cfg.iterations > cfg.min_iterations


class Helper:
    """The helper process and its pipe; requests are answered in order."""

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child,), daemon=True, name="search-helper")
        self.proc.start()
        child.close()
        self.lock = threading.Lock()
        self.seq = 0
        self.forgotten: list[int] = []
        self.failures = 0

    def alive(self) -> bool:
        return self.proc.is_alive()

    def ask(self, token: int, configs: tuple, text: str, seed: int, deadline: float | None = None,
            keep: bool = False) -> int:
        """Send a search (to stop at ``deadline``, a :func:`time.time`, if given; keeping its tree
        for the bot's next decision if ``keep``); its sequence number (answers to older ones are
        dropped)."""
        self.seq += 1
        for gone in self.forgotten[:]:
            self.conn.send(("forget", gone))
            self.forgotten.remove(gone)
        self.conn.send(("search", self.seq, token, configs, text, seed, deadline, keep))
        return self.seq

    def answer(self, seq: int, wait: float | None) -> dict | None:
        """The helper's root statistics for search ``seq``, or None if it fails, dies or is later
        than ``wait`` seconds (None: as long as it lives)."""
        deadline = None if wait is None else time.perf_counter() + wait
        while True:
            left = 1.0 if deadline is None else max(0.0, deadline - time.perf_counter())
            try:
                ready = self.conn.poll(min(left, 1.0))
            except (EOFError, OSError):
                return None
            if ready:
                try:
                    kind, got, info = self.conn.recv()
                except (EOFError, OSError):
                    return None
                if got != seq:
                    continue  # a late answer to a search already decided
                return info if kind == "ok" else None
            if not self.alive() or (deadline is not None and time.perf_counter() >= deadline):
                return None

    def stop(self) -> None:
        try:
            self.conn.send(("stop",))
        except (OSError, ValueError):
            pass
        self.proc.join(2)
        if self.proc.is_alive():
            self.proc.kill()


_helper: Helper | None = None
_helper_lock = threading.Lock()


def helper() -> Helper | None:
    """This program's helper, started on first use (None where no process can be started)."""
    global _helper
    with _helper_lock:
        if _helper is not None and not _helper.alive():
            _helper = None
        if _helper is None:
            try:
                _helper = Helper()
            except (OSError, AssertionError, RuntimeError):
                # A daemonic process may not start children; some sandboxes allow no processes.
                return None
        return _helper


def stop_helper() -> None:
    """Stop this program's helper (tests; a new one starts on the next two-core search)."""
    global _helper
    with _helper_lock:
        if _helper is not None:
            _helper.stop()
            _helper = None


def _token(bot) -> int:  # type: ignore[no-untyped-def]
    token = getattr(bot, "_helper_token", None)
    if token is None:
        token = bot._helper_token = next(_tokens)
        weakref.finalize(bot, _forget, token)
    return token


def _forget(token: int) -> None:
    """A bot is gone: its tree in the helper is dropped with the next request (never sent from here:
    a finalizer may run in the middle of another request)."""
    h = _helper
    if h is not None:
        h.forgotten.append(token)


def merge(local: dict, other: dict | None) -> tuple[str, dict]:
    """The root statistics of both searches summed; the chosen action's text and the merged info.

    The chosen action is the most visited over both (ties: the better mean, then the local
    search's order of actions)."""
    order = {text: i for i, text in enumerate(local["values"])}
    acc: dict[str, list[float]] = {}
    for src in (local, other) if other is not None else (local,):
        for text, (n, mean) in src["values"].items():
            slot = acc.setdefault(text, [0, 0.0])
            slot[0] += n
            slot[1] += n * mean
    if not acc:
        return "", local
    best = max(acc, key=lambda t: (acc[t][0], acc[t][1] / acc[t][0] if acc[t][0] else 0.0,
                                   -order.get(t, len(order))))
    n, total = acc[best]
    info = dict(local)
    info["values"] = {t: (int(v[0]), v[1] / v[0] if v[0] else 0.0) for t, v in acc.items()}
    info["visits"] = int(n)
    info["value"] = total / n if n else local.get("value")
    if other is not None:
        info["root_visits"] = local.get("root_visits", 0) + other.get("root_visits", 0)
        info["iterations"] = local.get("iterations", 0) + other.get("iterations", 0)
    info["workers"] = 2 if other is not None else 1
    return best, info


def search_two(bot, cfg, observation, rng: Rng, carry) -> tuple[Action, dict]:  # type: ignore[no-untyped-def]
    """``bot``'s search of ``observation`` on this core and the helper's; the merged decision."""
    seed = rng.u64()
    h = helper()
    if h is None:
        return bot.search_here(observation, rng, carry=carry)
    with h.lock:  # bots take turns: one search at a time in the helper
        clocked = clock_binds(cfg)
        try:
            seq = h.ask(_token(bot), (bot.config, bot.card_config, tuple(bot.card_configs.items())),
                        str(observation), seed, time.time() + cfg.seconds if clocked else None, carry is not None)
        except (OSError, ValueError):
            return bot.search_here(observation, rng, carry=carry)
        action, local = bot.search_here(observation, rng, carry=carry)
        other = h.answer(seq, GRACE + GRACE_SHARE * cfg.seconds if clocked else None)
        if other is None:
            h.failures += 1
            return action, merge(local, None)[1]
        text, info = merge(local, other)
        if text and text != str(action):
            action = next((a for a in observation.legal_actions() if str(a) == text), action)
            if carry is not None:
                carry.instead(text)
        try:
            h.conn.send(("chose", _token(bot), str(action)))
        except (OSError, ValueError):
            pass
    return action, info


_search.TWO_CORE.update(search=search_two, start=helper)

__all__ = ["GRACE", "Helper", "helper", "merge", "search_two", "stop_helper"]
