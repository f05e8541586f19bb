"""The search levels: legal, reproducible, and blind to the other side's secrets."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.bots import make_bot
from game.bots.pocket_search import _Sampler, random_action
from game.bots.search import LEVELS, SearchBot, SearchConfig, bot_from_spec
from game.engine import Side, ToMove, find_ruleset
from game.engine.pocket import PocketState
from game.engine.pocket.state import HIDDEN, HOURGLASSES
from game.engine.rng import Rng
from game.match import advance_chance

ROOT = Path(__file__).resolve().parents[2]


def small(level: str, iterations: int = 12) -> SearchBot:
    """A registered level with its settings but a test-sized budget."""
    return SearchBot(replace(LEVELS[level].config, iterations=iterations))


def decision_states(games: int, seed: int):
    """Full states at every decision with a choice, from random games."""
    rng = Rng(seed)
    for _ in range(games):
        state = PocketState.new(rng.u64())
        while True:
            advance_chance(state)
            if state.is_over():
                break
            if len(state.legal_actions()) > 1:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))


def test_levels_are_registered():
    for name in ("random", "greedy", "easy", "normal", "hard"):
        assert make_bot(name).name == name


@pytest.mark.parametrize("game", ["pocket", "london", "newyork"])
def test_budgets_grow_with_the_level(game):
    its = [LEVELS[n]().config_for(game).iterations for n in ("easy", "normal", "hard")]
    assert its == sorted(its) and len(set(its)) == 3


def test_spec_changes_settings_and_refuses_nonsense():
    bot = bot_from_spec("hard:iterations=7,c_puct=2.5")
    assert bot.config.iterations == 7 and bot.config.c_puct == 2.5
    assert bot.config.horizon == LEVELS["hard"].config.horizon
    for bad in ("hard:nonsense=1", "hard:iterations", "greedy:iterations=3", "nobody"):
        with pytest.raises(ValueError):
            bot_from_spec(bad)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_legal_actions_from_reachable_states(level):
    bot = small(level)
    rng = Rng(11)
    seen_sides = set()
    for state in decision_states(games=6, seed={'easy': 1, 'normal': 2, 'hard': 3}[level]):
        side = state.to_move().side
        seen_sides.add(side)
        action = bot.choose(state.observation(side), rng)
        assert state.is_legal(action), (level, str(state), action)
    assert seen_sides == {Side.JACK, Side.INVESTIGATOR}


def test_whole_games_between_levels_finish():
    from game.match import play_game

    for seed in range(3):
        state = PocketState.new(seed)
        play_game(state, {Side.JACK: small("hard", 8), Side.INVESTIGATOR: small("easy", 8)}, Rng(seed))
        assert state.is_over()


def test_same_seed_same_move():
    """Two bots of one level, each fresh (a level that keeps its tree also reads its own last move)."""
    for state in list(decision_states(games=2, seed=5))[:12]:
        obs = state.observation(state.to_move().side)
        assert small("hard", 40).choose(obs, Rng(99)) == small("hard", 40).choose(obs.clone(), Rng(99))


def test_same_seed_same_move_in_another_process():
    """No dependence on hash randomisation (``PYTHONHASHSEED``) or process state."""
    states = list(decision_states(games=1, seed=8))[:6]
    bot = small("hard", 60)
    here = [str(bot.choose(s.observation(s.to_move().side), Rng(4))) for s in states]
    code = (
        "import sys\n"
        "from dataclasses import replace\n"
        "from game.bots.search import LEVELS, SearchBot\n"
        "from game.engine.pocket import PocketState\n"
        "from game.engine.rng import Rng\n"
        "bot = SearchBot(replace(LEVELS['hard'].config, iterations=60))\n"
        "for line in sys.stdin.read().splitlines():\n"
        "    s = PocketState.parse(line)\n"
        "    print(bot.choose(s.observation(s.to_move().side), Rng(4)))\n"
    )
    env = dict(os.environ, PYTHONHASHSEED="12345", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], input="\n".join(str(s) for s in states),
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=60, check=True)
    assert out.stdout.split("\n")[:-1] == here


def _poisoned_for_investigator(state: PocketState, rng: Rng) -> PocketState:
    """A full state like ``state`` but with another Jack, other Jack cards and another deck."""
    p = state.clone()
    suspects = [c for c in range(9) if p.suspect[c] and c != p.jack]
    if suspects:
        p.jack = rng.choice(suspects)
    pool = [c for c in range(9) if c != p.jack and c not in p.icards]
    rng.shuffle(pool)
    p.jcards = pool[:len(p.jcards)]
    p.rng = rng.u64()
    p._legal = None
    return PocketState.parse(str(p))  # still a consistent state


def test_investigator_never_reads_jacks_secrets():
    bot = small("hard", 30)
    rng = Rng(2)
    checked = 0
    for state in decision_states(games=5, seed=21):
        if state.to_move() is not ToMove.INVESTIGATOR:
            continue
        real = state.observation(Side.INVESTIGATOR)
        assert real.jack == HIDDEN and all(c == HIDDEN for c in real.jcards)
        poisoned = _poisoned_for_investigator(state, rng)
        a = bot.choose(real, Rng(7))
        b = bot.choose(poisoned, Rng(7))
        assert state.is_legal(b) and a == b, str(state)
        checked += 1
    assert checked > 10


def test_jack_never_reads_the_deck_order():
    bot = small("hard", 30)
    rng = Rng(3)
    checked = 0
    for state in decision_states(games=5, seed=22):
        if state.to_move() is not ToMove.JACK:
            continue
        real = state.observation(Side.JACK)
        assert real.rng is None
        poisoned = state.clone()
        poisoned.rng = rng.u64()
        a = bot.choose(real, Rng(7))
        b = bot.choose(poisoned, Rng(7))
        assert state.is_legal(b) and a == b, str(state)
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("side", [Side.INVESTIGATOR, Side.JACK])
def test_determinized_states_are_consistent_full_states(side):
    rng = Rng(5)
    cfg = LEVELS["hard"].config
    for state in decision_states(games=8, seed=31):
        if state.to_move().side is not side:
            continue
        obs = state.observation(side)
        sampler = _Sampler(obs, side, cfg)
        for _ in range(5):
            det, weight = sampler.sample(rng)
            again = PocketState.parse(str(det))  # round-trips: the engine accepts it
            assert again.view == "full" and weight > 0
            assert det.suspect[det.jack] and det.jack not in det.jcards
            assert len(det.jcards) == len(obs.jcards)
            assert det.public_hash() == obs.public_hash()
            assert det.legal_actions() == obs.legal_actions()
            if side is Side.JACK and det.jack == obs.jack:
                assert det.jcards == obs.jcards
            if not det.chase and det.jcards and not (det.used[0] and det.faces[0] == 0):
                tokens = sum(1 for s in det.track if s is Side.JACK)
                assert tokens + sum(HOURGLASSES[c] for c in det.jcards) < 6


def test_random_rollout_actions_are_legal():
    rng = Rng(6)
    for state in decision_states(games=15, seed=41):
        side = state.to_move().side
        for _ in range(10):
            assert state.is_legal(random_action(state, side, rng))


def test_forced_and_non_act_decisions_answer_at_once():
    bot = small("hard", 5)
    rng = Rng(8)
    state = PocketState.new(4)
    while not state.is_over():
        advance_chance(state)
        if state.is_over():
            break
        side = state.to_move().side
        obs = state.observation(side)
        action = bot.choose(obs, rng)
        assert obs.is_legal(action) and state.is_legal(action)
        state.apply(action)


def test_a_side_may_have_its_own_budget_and_the_bot_plays_with_it():
    hard = LEVELS["hard1"]()  # the classic hard level keeps a budget per side
    assert hard.config_for("london", Side.INVESTIGATOR).iterations > hard.config_for("london", Side.JACK).iterations
    assert hard.config_for("london", Side.JACK) == hard.config_for("london")
    tuned = bot_from_spec("hard:iterations=9")
    assert {tuned.config_for(g, s).iterations for g in ("pocket", "london", "newyork") for s in Side} == {9}
    bot = SearchBot(None, replace(hard.card_config, iterations=5))
    bot.card_configs = {"london:investigator": replace(hard.card_config, iterations=7)}
    rng = Rng(4)
    state = find_ruleset("london").new(11)
    while state.to_move() is not ToMove.INVESTIGATOR or len(state.legal_actions()) < 2:
        state.apply(state.sample_chance() if state.to_move() is ToMove.CHANCE else rng.choice(state.legal_actions()))
    action = bot.choose(state.observation(Side.INVESTIGATOR), rng)
    assert action in state.legal_actions() and bot.last_info["root_visits"] == 7


def test_the_witness_call_jack_foresees_for_the_investigator_is_the_same_whoever_jack_is():
    """``public_witness``: the value the modelled investigator is judged by reads no secret of Jack's."""
    from game.bots.pocket_search import Searcher

    searcher = Searcher(SearchConfig(public_witness=True))
    rng = Rng(8)
    checked = 0
    for state in decision_states(3, 19):
        v = searcher._foreseen_witness(state)
        assert 0.0 <= v <= 1.0
        for _ in range(3):
            assert searcher._foreseen_witness(_poisoned_for_investigator(state, rng)) == v
        checked += 1
    assert checked > 20


def test_with_public_witness_the_modelled_investigator_is_judged_by_the_call_he_foresees(monkeypatch):
    """In Jack's search every investigator move before a witness call is worth 1 minus the foreseen value."""
    from game.bots.pocket_eval import ValueTable
    from game.bots.pocket_search import _UNSEEN, Searcher

    monkeypatch.setattr(Searcher, "_foreseen_witness", lambda self, state: 0.25)
    monkeypatch.setattr(ValueTable, "state_value", lambda self, state: 0.9)
    states = [s for s in decision_states(2, 23) if s.actor(s.step) is Side.JACK and s.round < 8][:8]
    assert states
    means = {}
    for public in (False, True):
        cfg = replace(LEVELS["hard"].config, iterations=80, seconds=0.0, horizon=1, exact_last=False,
                      public_witness=public)
        w = wt = 0.0
        for state in states:
            searcher = Searcher(cfg)
            searcher.run(state.observation(Side.JACK), Rng(3))
            assert searcher.public_witness is public
            todo = [searcher.root]
            while todo:
                node = todo.pop()
                todo.extend(node.children.values())
                st = node.stats.get(None)   # the investigator's statistics
                if st is not None and st is not _UNSEEN:
                    w += sum(st.w)
                    wt += sum(st.wt)
        assert wt > 0
        means[public] = w / wt
    assert means[False] == pytest.approx(0.1)   # 1 - 0.9: the deal's own end
    assert means[True] > 0.6                     # 1 - 0.25: the foreseen witness call


def five_decisions_a_side(seed: int) -> tuple[list, list]:
    """The first five Jack and five investigator decisions of three random Pocket games."""
    states = list(decision_states(3, seed))
    jack = [s for s in states if s.actor(s.step) is Side.JACK][:5]
    investigator = [s for s in states if s.actor(s.step) is Side.INVESTIGATOR][:5]
    assert len(jack) == len(investigator) == 5
    return jack, investigator


def same_search_flatter_priors(same: list, flat: list, side: Side, sharp_cfg, flat_cfg, seed: int) -> None:
    """``same``'s searches are identical under both configurations, move and statistics; on
    ``flat`` ``side``'s root prior is never sharper under ``flat_cfg`` and flatter on most."""
    from game.bots.pocket_search import Searcher

    other = Side.INVESTIGATOR if side is Side.JACK else Side.JACK
    for state in same:
        runs = [Searcher(cfg).run(state.observation(other), Rng(seed)) for cfg in (sharp_cfg, flat_cfg)]
        assert runs[0] == runs[1]
    flatter = 0
    for state in flat:
        tops = []
        for cfg in (sharp_cfg, flat_cfg):
            searcher = Searcher(cfg)
            searcher.run(state.observation(side), Rng(seed))
            assert searcher.root is not None
            tops.append(max(next(iter(searcher.root.stats.values())).prior))
        assert tops[1] <= tops[0] + 1e-12
        flatter += tops[1] < tops[0]
    assert flatter >= 3


def test_jacks_own_prior_temperature_shapes_his_search_and_leaves_the_investigators_alone():
    """``jack_prior_temp``: Jack's search draws its priors at that temperature (flatter when warmer);
    an investigator's search with it set is the search without it, move and statistics."""
    from game.bots.pocket_search import Searcher

    base = replace(LEVELS["hard"].config, iterations=60, seconds=0.0, workers=1, keep_tree=False, jack_prior_temp=0.0)
    warm = replace(base, jack_prior_temp=base.prior_temp * 4)
    jack, investigator = five_decisions_a_side(29)
    same_search_flatter_priors(investigator, jack, Side.JACK, base, warm, 5)
    for cfg, temp in ((base, base.prior_temp), (warm, warm.jack_prior_temp)):
        searcher = Searcher(cfg)
        searcher.run(jack[0].observation(Side.JACK), Rng(5))
        assert searcher.prior_temp == temp


def test_pocket_expert_differs_from_hard_only_in_the_investigators_flatter_priors():
    """At the same fixed budget the expert Jack searches exactly as hard's (his own search reads
    ``jack_prior_temp``), while the expert investigator draws flatter priors than hard's."""
    from game.bots.pocket_search import POCKET_EXPERT_PRIOR_TEMP

    hard = replace(LEVELS["hard"].config, iterations=60, seconds=0.0, workers=1, keep_tree=False)
    expert = replace(LEVELS["expert"].config, iterations=60, seconds=0.0, workers=1, keep_tree=False)
    assert expert.prior_temp == POCKET_EXPERT_PRIOR_TEMP > hard.prior_temp
    assert replace(expert, prior_temp=hard.prior_temp) == hard
    jack, investigator = five_decisions_a_side(31)
    same_search_flatter_priors(jack, investigator, Side.INVESTIGATOR, hard, expert, 7)
