"""The investigator's belief about Jack: read from public play only, and it points at Jack."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.bots.base import Bot
from game.bots.pocket_belief import JackBelief, jack_moves_between
from game.bots.pocket_eval import Scorer, jack_hourglasses
from game.bots.search import SearchBot, SearchConfig, bot_from_spec
from game.engine import Side
from game.engine.pocket import PocketState
from game.engine.pocket.state import HIDDEN, TO_WIN
from game.engine.rng import Rng
from game.match import advance_chance


@dataclass
class Turn:
    """One decision of the investigator in a played game."""

    state: PocketState      # the full state (the test's eyes only)
    obs: PocketState        # what the investigator saw
    action: object          # what he played
    jack_since: list[str]   # Jack's actions since his previous decision


class ScoringJack(Bot):
    """Jack playing the scorer's best action (the model the belief reads his play with)."""

    def choose(self, observation, rng: Rng):  # type: ignore[no-untyped-def]
        legal = observation.legal_actions()
        if observation.phase != "act":
            return legal[0]
        sc = Scorer(observation)
        cell = observation.chars.index(observation.jack)
        h = min(jack_hourglasses(observation), TO_WIN - 1)
        return max(legal, key=lambda a: sc.action_value(a, cell, h))


def play(seed: int, jack: str = "greedy", inv: str = "random") -> list[Turn]:
    players = {Side.JACK: ScoringJack() if jack == "scoring" else bot_from_spec(jack),
               Side.INVESTIGATOR: bot_from_spec(inv)}
    rng = Rng(seed)
    state = PocketState.new(seed)
    turns: list[Turn] = []
    jack_since: list[str] = []
    while True:
        advance_chance(state)
        if state.is_over():
            return turns
        side = state.to_move().side
        obs = state.observation(side)
        action = players[side].choose(obs, rng)
        if side is Side.INVESTIGATOR:
            turns.append(Turn(state.clone(), obs, action, jack_since))
            jack_since = []
        elif state.phase == "act":
            jack_since.append(str(action))
        state.apply(action)


def test_jack_moves_between_two_observations_are_found_again():
    checked = 0
    for seed in range(3):
        turns = play(seed)
        for before, after in zip(turns, turns[1:], strict=False):
            start = before.obs.clone()
            start._apply(before.action)
            paths = jack_moves_between(start, after.obs)
            assert paths is not None, (str(start), str(after.obs))
            assert after.jack_since in [[str(a) for _, a in path] for path in paths]
            assert all(s.jack == HIDDEN and s.view == "investigator" for path in paths for s, _ in path)
            checked += 1
    assert checked > 20


def test_a_gap_that_no_play_explains_starts_the_belief_afresh():
    turns = play(5)
    belief = JackBelief()
    belief.observe(turns[0].obs)
    belief.loglik[0] = -3.0
    other = PocketState.new(99)
    advance_chance(other)
    belief.observe(other.observation(Side.INVESTIGATOR))
    assert belief.loglik == [0.0] * 9
    belief.loglik[0] = -3.0
    belief.observe(turns[3].obs)  # not reachable from the other game
    assert belief.loglik == [0.0] * 9 and belief.last.ply == turns[3].obs.ply


def test_the_belief_favours_the_true_jack_against_a_scoring_jack():
    gained = []
    for seed in range(5):
        belief = JackBelief(temp=0.05)
        for turn in play(seed + 10, jack="scoring"):
            belief.observe(turn.obs)
            suspects = [c for c in range(9) if turn.obs.suspect[c]]
            weights = belief.weights(suspects)
            gained.append(math.log(weights[suspects.index(turn.state.jack)] * len(suspects)))
            belief.played(turn.obs, turn.action)
    # The mean log-ratio to the uniform belief is above zero only if the true Jack gains weight.
    assert sum(gained) / len(gained) > 0.1


def believer(seed: int = 0) -> SearchBot:
    return SearchBot(SearchConfig(iterations=60, belief_temp=0.05))


def test_the_investigators_deals_never_read_the_true_jack():
    """Two full games that differ only in who Jack is, agreeing on every observation of the
    investigator, get the same decisions from a believing investigator for a fixed seed."""
    turns = play(3, jack="greedy", inv="normal")
    last = turns[-1].state
    others = [c for c in range(9) if last.suspect[c] and c != last.jack and c not in last.jcards]
    assert others, "the game needs a second suspect left"
    decisions = []
    for jack in (last.jack, others[0]):
        bot = believer()
        moves = []
        for turn in turns:
            world = turn.state.clone()
            world.jack = jack
            obs = world.observation(Side.INVESTIGATOR)
            assert str(obs) == str(turn.obs)
            moves.append(str(bot.choose(obs, Rng(turn.obs.ply))))
            bot.remember(obs, turn.action)  # the game went on as it was played
        decisions.append(moves)
        assert bot.belief is not None and any(bot.belief.loglik)
    assert decisions[0] == decisions[1]


def test_a_believing_investigator_is_repeatable():
    turns = play(4)
    runs = []
    for _ in range(2):
        bot = believer()
        runs.append([str(bot.choose(t.obs, Rng(7))) for t in turns[:6]])
    assert runs[0] == runs[1]
