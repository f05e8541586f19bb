"""A two-core search: a helper process searches each decision beside the bot, the root visits summed."""

from __future__ import annotations

import pytest

from game.bots import parallel
from game.bots.search import HardBot, bot_from_spec
from game.engine import Side
from game.engine.rng import Rng
from game.engine.rulesets import find_ruleset
from game.match import advance_chance

GAMES = ("pocket", "london", "newyork")


@pytest.fixture(autouse=True, scope="module")
def _one_helper():
    yield
    parallel.stop_helper()


def position(game: str, seed: int, plies: int = 0):
    """A state ``plies`` decisions into board ``seed``, played by a quick level, at a decision with a choice."""
    state = find_ruleset(game).new(seed)
    bot = bot_from_spec("hard:iterations=20")
    rng = Rng(seed)
    done = 0
    while True:
        advance_chance(state)
        side = state.to_move().side
        obs = state.observation(side)
        if done >= plies and len(obs.legal_actions()) > 1 and getattr(obs, "phase", "act") == "act":
            return state, side
        state.apply(bot.choose(obs, rng))
        done += 1


@pytest.mark.parametrize("game", GAMES)
def test_a_two_core_search_at_a_fixed_budget_makes_the_same_decision_every_time(game):
    state, side = position(game, 4, plies=3)
    obs = state.observation(side)
    answers = []
    for _ in range(2):
        bot = bot_from_spec("hard:iterations=120,workers=2")
        action, info = bot.search(obs, Rng(11))
        answers.append((str(action), info["values"], info["iterations"]))
        assert info["workers"] == 2
    assert answers[0] == answers[1]


@pytest.mark.parametrize("game", GAMES)
def test_the_two_core_decision_is_the_action_most_visited_over_both_trees(game):
    state, side = position(game, 7, plies=2)
    obs = state.observation(side)
    both, info = bot_from_spec("hard:iterations=100,workers=2").search(obs, Rng(5))
    # The same two searches by hand: this core's with the generator after the helper's seed is drawn.
    rng = Rng(5)
    seed = rng.u64()
    _, here = bot_from_spec("hard:iterations=100").search_here(obs, rng)
    _, there = bot_from_spec("hard:iterations=100").search_here(obs, Rng(seed))
    text, merged = parallel.merge(here, there)
    assert str(both) == text
    assert info["values"] == merged["values"]
    assert info["iterations"] == here["iterations"] + there["iterations"]
    for t, (n, _) in info["values"].items():
        assert n == here["values"].get(t, (0, 0))[0] + there["values"].get(t, (0, 0))[0]
    assert all(n <= info["visits"] for n, _ in info["values"].values())


def test_the_clocked_levels_search_on_two_cores_and_an_iteration_budget_on_one():
    assert HardBot.config.workers == 2
    assert all(c.workers == 2 for c in HardBot.card_configs.values())
    assert bot_from_spec("hard:iterations=50").config.workers == 1
    assert bot_from_spec("hard:iterations=50,workers=2").card_config.workers == 2


def test_the_helper_is_given_the_bots_observation_and_nothing_else(monkeypatch):
    state, side = position("london", 2, plies=1)
    assert side is Side.INVESTIGATOR or side is Side.JACK
    inv_obs = state.observation(Side.INVESTIGATOR)
    sent = []
    real = parallel.Helper.ask

    def spy(self, token, configs, text, seed, deadline=None, keep=False):  # type: ignore[no-untyped-def]
        sent.append(text)
        return real(self, token, configs, text, seed, deadline, keep)

    monkeypatch.setattr(parallel.Helper, "ask", spy)
    bot = bot_from_spec("hard:iterations=40,workers=2")
    bot.search(inv_obs, Rng(1))
    assert sent == [str(inv_obs)]
    assert sent[0] != str(state)  # the whole state (Jack's identity) never leaves for the helper


def test_a_vanished_helper_costs_a_decision_its_second_half_never_the_game():
    state, side = position("pocket", 3, plies=1)
    obs = state.observation(side)
    bot = bot_from_spec("hard:iterations=80,workers=2")
    _, info = bot.search(obs, Rng(2))
    assert info["workers"] == 2
    helper = parallel.helper()
    assert helper is not None
    helper.proc.kill()
    helper.proc.join(5)
    action, info = bot.search(obs, Rng(2))
    assert action in obs.legal_actions()
    assert info["workers"] in (1, 2)  # a new helper may already have been started
    _, info = bot.search(obs, Rng(2))
    assert info["workers"] == 2 and parallel.helper() is not helper


def test_a_game_between_two_core_levels_stays_reproducible_with_kept_trees():
    """Both processes keep the subtree of the move chosen over both trees, so a game replays exactly."""
    def play() -> list[str]:
        state = find_ruleset("london").new(9)
        bots = {s: bot_from_spec("hard:iterations=40,workers=2,keep_tree=1") for s in Side}
        rngs = {Side.JACK: Rng(1), Side.INVESTIGATOR: Rng(2)}
        out = []
        while len(out) < 24:
            advance_chance(state)
            if state.is_over():
                break
            side = state.to_move().side
            action = bots[side].choose(state.observation(side), rngs[side])
            out.append(str(action))
            state.apply(action)
        return out

    assert play() == play()


def test_a_tree_carry_keeps_the_subtree_of_the_move_played_instead():
    state, side = position("london", 5, plies=0)
    obs = state.observation(side)
    bot = bot_from_spec("hard:iterations=200,keep_tree=1")
    action, info = bot.search_here(obs, Rng(3), carry=bot.carry)
    other = next(t for t in info["values"] if t != str(action))
    bot.carry.instead(other)
    after = obs.clone()
    after.apply(next(a for a in obs.legal_actions() if str(a) == other))
    if after.to_move().side is side and after.round == obs.round:
        assert bot.carry.take(after) is not None
    else:
        assert bot.carry.take(after) is None


def test_a_search_the_helper_gets_after_the_bots_time_is_answered_at_once_and_none_queues_behind():
    import time

    state, side = position("newyork", 1, plies=1)
    obs = state.observation(side)
    bot = bot_from_spec("hard:iterations=30,workers=2")
    configs = (bot.config, bot.card_config, tuple(bot.card_configs.items()))
    h = parallel.helper()
    assert h is not None
    with h.lock:
        late = h.ask(999, configs, str(obs), 1, deadline=time.time() - 1.0)
        assert h.answer(late, None) is None
        ok = h.ask(999, configs, str(obs), 1)
        info = h.answer(ok, None)
    assert info is not None and info["iterations"] > 0
