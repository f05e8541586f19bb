"""Thinking in the background: a plain Future, a Deferred, threads and processes."""

from __future__ import annotations

import threading

import pytest

from game.bots.search import bot_from_spec
from game.bots.worker import BotWorker, choose_text
from game.engine.pocket import PocketState
from game.engine.rng import Rng
from game.match import advance_chance

SPEC = "hard:iterations=25"


def observation(seed: int = 3):
    state = PocketState.new(seed)
    advance_chance(state)
    return state, state.observation(state.to_move().side)


def test_choose_text_matches_a_direct_call():
    _, obs = observation()
    direct = bot_from_spec(SPEC).choose(obs, Rng(5))
    assert choose_text(SPEC, str(obs), 5) == str(direct)


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_future_gives_the_same_interned_action_as_a_direct_call(mode):
    state, obs = observation()
    direct = bot_from_spec(SPEC).choose(obs, Rng(5))
    with BotWorker(mode=mode) as worker:
        fut = worker.submit(SPEC, obs, 5)
        action = fut.result(timeout=60)
    assert action == direct
    assert any(action is a for a in state.legal_actions())  # the engine's own object
    state.apply(action)


def test_the_caller_may_change_its_state_while_the_bot_thinks():
    state, obs = observation()
    with BotWorker(mode="thread") as worker:
        fut = worker.submit(SPEC, obs, 1)
        obs.detectives[0] = (obs.detectives[0] + 1) % 12  # must not disturb the request
        action = fut.result(timeout=60)
    assert state.is_legal(action)


def test_a_bot_error_reaches_the_future():
    class Broken:
        name = "broken"

        def choose(self, observation, rng):
            raise ValueError("no idea")

    _, obs = observation()
    with BotWorker(mode="thread") as worker:
        with pytest.raises(ValueError, match="no idea"):
            worker.submit(Broken(), obs, 1).result(timeout=10)


class FakeReactor:
    """Just enough reactor: callFromThread queues the call for the test to run."""

    def __init__(self):
        self.calls = []
        self.ready = threading.Event()

    def callFromThread(self, f, *args):  # noqa: N802 - twisted's name
        self.calls.append((f, args))
        self.ready.set()

    def pump(self):
        assert self.ready.wait(60)
        while self.calls:
            f, args = self.calls.pop(0)
            f(*args)


def test_deferred_fires_in_the_reactor_thread_with_the_action():
    state, obs = observation()
    reactor = FakeReactor()
    got = []
    with BotWorker(mode="thread") as worker:
        d = worker.think(SPEC, obs, 5, reactor)
        d.addCallback(got.append)
        assert got == [] or got  # nothing runs until the reactor delivers
        reactor.pump()
    assert got and state.is_legal(got[0])
    assert got[0] == bot_from_spec(SPEC).choose(obs, Rng(5))


def test_deferred_errback_on_bot_error():
    class Broken:
        name = "broken"

        def choose(self, observation, rng):
            raise RuntimeError("boom")

    _, obs = observation()
    reactor = FakeReactor()
    failures = []
    with BotWorker(mode="thread") as worker:
        d = worker.think(Broken(), obs, 1, reactor)
        d.addErrback(failures.append)
        reactor.pump()
    assert failures and failures[0].check(RuntimeError)


def test_cancelled_request_that_has_not_started_never_runs():
    gate = threading.Event()

    class Slow:
        name = "slow"

        def choose(self, observation, rng):
            gate.wait(30)
            return observation.legal_actions()[0]

    _, obs = observation()
    with BotWorker(mode="thread") as worker:
        first = worker.submit(Slow(), obs, 1)
        second = worker.submit(Slow(), obs, 2)
        assert second.cancel()
        gate.set()
        assert first.result(timeout=30) in obs.legal_actions()
        assert second.cancelled()


def test_unknown_mode_is_refused():
    with pytest.raises(ValueError):
        BotWorker(mode="fiber")
