"""The round's tail searched exactly: its values are what the engine makes of the deal."""

from __future__ import annotations

from dataclasses import replace

from game.bots.pocket_eval import VALUES, Scorer, jack_tokens
from game.bots.search import LEVELS, SearchBot, SearchConfig, Searcher
from game.engine import Side
from game.engine.pocket import PocketState
from game.engine.pocket.state import SEEN, TO_WIN, UNSEEN
from game.engine.rng import Rng
from game.match import advance_chance, play_game


def two_left(games: int, seed: int):
    """Full states with two actions of the round left and no alibi among them (its draw is chance)."""
    rng = Rng(seed)
    for _ in range(games):
        state = PocketState.new(rng.u64())
        while True:
            advance_chance(state)
            if state.is_over():
                break
            if state.phase == "act" and state.step == 2 and "alibi" not in state.available_faces():
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))


def investigators_pick(state: PocketState) -> object:
    """The investigator's action by his public estimate (Jack unknown), first of equals."""
    sc = Scorer(state)
    h_pub = min(jack_tokens(state) + len(state.jcards), TO_WIN - 1)
    legal = state._generate()
    vals = [sc.action_value(a, None, h_pub) for a in legal]
    return legal[min(range(len(vals)), key=vals.__getitem__)]


def after(state: PocketState, *actions) -> PocketState:  # type: ignore[no-untyped-def]
    s = state.clone()
    for a in actions:
        s._apply(a)
    return s


def engine_value(state: PocketState) -> float:
    """Jack's value once the engine answers the witness call and ends the round."""
    s = state.clone()
    s._apply(SEEN if s.jack_seen() else UNSEEN)
    return VALUES.state_value(s)


def brute_force(state: PocketState) -> float:
    """The tail by the engine: Jack maximises over all his actions, the investigator plays his public pick."""
    if state.actor(2) is Side.JACK:
        return max(engine_value(after(state, a, investigators_pick(after(state, a))))
                   for a in state._generate())
    mid = after(state, investigators_pick(state))
    return max(engine_value(after(mid, a)) for a in mid._generate())


def test_the_tail_equals_the_engines_play_of_the_deal():
    searcher = Searcher(SearchConfig(tail_k=100))
    checked = {Side.JACK: 0, Side.INVESTIGATOR: 0}
    for state in two_left(games=12, seed=3):
        if state.chase or "alibi" in after(state, investigators_pick(state)).available_faces():
            continue
        searcher.tail_nodes = {}
        assert abs(searcher._tail(state.clone()) - brute_force(state)) < 1e-9, str(state)
        checked[state.actor(2)] += 1
    assert min(checked.values()) >= 3, checked


def test_fewer_candidates_never_value_the_tail_higher_for_jack():
    full, few = Searcher(SearchConfig(tail_k=100)), Searcher(SearchConfig(tail_k=2))
    for state in list(two_left(games=4, seed=9))[:10]:
        full.tail_nodes, few.tail_nodes = {}, {}
        if state.actor(2) is Side.JACK:
            assert few._tail(state.clone()) <= full._tail(state.clone()) + 1e-12


def test_a_level_with_a_tail_search_is_repeatable_and_legal():
    bot = SearchBot(replace(LEVELS["hard"].config, iterations=80, seconds=0.0, tail_k=4))
    for seed in range(2):
        state = PocketState.new(seed)
        play_game(state, {Side.JACK: bot, Side.INVESTIGATOR: bot}, Rng(seed))
        assert state.is_over()
    state = PocketState.new(7)
    advance_chance(state)
    obs = state.observation(state.to_move().side)
    assert bot.choose(obs, Rng(1)) == bot.choose(obs.clone(), Rng(1))
