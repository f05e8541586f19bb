"""Let a bot think without blocking the caller's loop (a twisted reactor, a game loop).

Two ways to get the answer, one :class:`BotWorker` behind both:

* **A plain** :class:`concurrent.futures.Future` -- ``fut = worker.submit(bot,
  observation, seed)``, then poll it once a frame::

      if fut.done():
          action = fut.result()   # an Action of observation.legal_actions()

  ``fut.result()`` re-raises whatever the bot raised.  ``fut.cancel()``
  drops a request that has not started yet.

* **A twisted** ``Deferred`` -- ``d = worker.think(bot, observation, seed,
  reactor)``; its callback runs in the reactor thread with the action.
  Cancelling the Deferred cancels the request if it has not started; a
  request already running is finished and its answer dropped.

``mode="process"`` (the default) runs the bot in a separate process (spawned,
not forked, so a parent holding a window is never copied), so a long search
does not hold the interpreter lock the user interface needs; the bot and the
observation travel as a registered bot name or picklable bot and the
observation's text form, and the answer comes back as text and is matched
to the observation's own interned action.  ``mode="thread"`` runs it in a
thread of this process: no start-up cost, but a pure-Python search then
shares the interpreter lock with the caller.

The observation is copied when the request is made, so the caller may keep
playing on its own state.  A fixed ``rng_seed`` gives the same action in
either mode.

>>> from game.engine.pocket import PocketState
>>> from game.match import advance_chance
>>> state = PocketState.new(3); _ = advance_chance(state)
>>> with BotWorker(mode="thread") as w:
...     fut = w.submit("easy", state.observation(state.to_move().side), 7)
...     fut.result(timeout=30) in state.legal_actions()
True
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor

from ..engine.actions import Action
from ..engine.rng import Rng
from .base import Bot


def _resolve(bot: Bot | str) -> Bot:
    if isinstance(bot, str):
        from .search import bot_from_spec

        return bot_from_spec(bot)
    return bot


def choose_text(bot: Bot | str, observation_text: str, rng_seed: int) -> str:
    """Run ``bot`` on an observation given as text; the chosen action's text.

    This is what a worker process runs; it is also handy in tests.
    """
    from ..engine.rulesets import parse_state

    obs = parse_state(observation_text)
    return str(_resolve(bot).choose(obs, Rng(rng_seed)))


def _choose(bot: Bot | str, observation, rng_seed: int) -> Action:  # type: ignore[no-untyped-def]
    return _resolve(bot).choose(observation, Rng(rng_seed))


def _interned(observation, text: str) -> Action:  # type: ignore[no-untyped-def]
    """The observation's own action object for ``text`` (never a look-alike copy)."""
    for action in observation.legal_actions():
        if str(action) == text:
            return action
    raise RuntimeError(f"the bot answered {text!r}, which is not legal in {observation}")


class BotWorker:
    """Runs ``bot.choose`` in the background; see the module docstring.

    :param mode: ``"process"`` (default) or ``"thread"``.
    :param max_workers: requests served at once (one is right for a game).
    """

    def __init__(self, mode: str = "process", max_workers: int = 1) -> None:
        if mode not in ("process", "thread"):
            raise ValueError(f"mode must be 'process' or 'thread', not {mode!r}")
        self.mode = mode
        self._executor: Executor
        if mode == "process":
            self._executor = ProcessPoolExecutor(max_workers, mp_context=multiprocessing.get_context("spawn"))
        else:
            self._executor = ThreadPoolExecutor(max_workers, thread_name_prefix="bot")

    def submit(self, bot: Bot | str, observation, rng_seed: int) -> Future:  # type: ignore[no-untyped-def]
        """Start thinking; a Future whose result is an action of ``observation.legal_actions()``.

        ``bot`` is a bot object or a name for :func:`game.bots.search.bot_from_spec`.
        """
        obs = observation.clone()
        if self.mode == "thread":
            return self._executor.submit(_choose, bot, obs, rng_seed)
        inner = self._executor.submit(choose_text, bot, str(obs), rng_seed)
        outer: Future = Future()

        def done(f: Future) -> None:
            if outer.done():
                return
            if f.cancelled():
                outer.cancel()
                outer.set_running_or_notify_cancel()
                return
            exc = f.exception()
            if exc is not None:
                outer.set_exception(exc)
                return
            try:
                outer.set_result(_interned(obs, f.result()))
            except Exception as err:  # noqa: BLE001 - handed to the caller through the Future
                outer.set_exception(err)

        # Cancelling the outer Future cancels the request while it waits.
        def cancel_inner(f: Future) -> None:
            if f.cancelled():
                inner.cancel()

        outer.add_done_callback(cancel_inner)
        inner.add_done_callback(done)
        return outer

    def think(self, bot: Bot | str, observation, rng_seed: int, reactor=None):  # type: ignore[no-untyped-def]
        """Start thinking; a twisted ``Deferred`` fired in the reactor thread with the action.

        ``reactor`` defaults to the global one (imported only when needed).
        """
        from twisted.internet.defer import CancelledError, Deferred

        if reactor is None:
            from twisted.internet import reactor as global_reactor

            reactor = global_reactor
        fut = self.submit(bot, observation, rng_seed)
        d: Deferred = Deferred(lambda _d: fut.cancel())

        def deliver(f: Future) -> None:
            if d.called:
                return
            if f.cancelled():
                d.errback(CancelledError())
            elif f.exception() is not None:
                d.errback(f.exception())
            else:
                d.callback(f.result())

        fut.add_done_callback(lambda f: reactor.callFromThread(deliver, f))
        return d

    def shutdown(self, wait: bool = True) -> None:
        """Stop the worker; pending requests are cancelled."""
        self._executor.shutdown(wait=wait, cancel_futures=True)

    def __enter__(self) -> BotWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()


_default: BotWorker | None = None


def default_worker() -> BotWorker:
    """One shared process worker, started on first use."""
    global _default
    if _default is None:
        _default = BotWorker()
    return _default


def submit(bot: Bot | str, observation, rng_seed: int) -> Future:  # type: ignore[no-untyped-def]
    """:meth:`BotWorker.submit` on the shared worker."""
    return default_worker().submit(bot, observation, rng_seed)


def think(bot: Bot | str, observation, rng_seed: int, reactor=None):  # type: ignore[no-untyped-def]
    """:meth:`BotWorker.think` on the shared worker: a Deferred fired with the action."""
    return default_worker().think(bot, observation, rng_seed, reactor)


__all__ = ["BotWorker", "choose_text", "default_worker", "submit", "think"]
