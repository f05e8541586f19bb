"""The clocked levels: hard and expert stop by time; an iteration budget makes them repeatable."""

from __future__ import annotations

import pytest

from game.bots import make_bot
from game.bots.search import LEVELS, SearchConfig, bot_from_spec
from game.bots.search_tree import search_loop
from game.engine import Side, find_ruleset
from game.engine.rng import Rng
from game.match import advance_chance


def test_hard_and_expert_think_by_the_clock_expert_longer():
    hard, expert = LEVELS["hard"](), LEVELS["expert"]()
    for game in ("pocket", "london", "newyork"):
        for side in Side:
            h, e = hard.config_for(game, side), expert.config_for(game, side)
            assert 0 < h.seconds <= 1.0 and h.seconds < e.seconds <= 3.0
            assert e.iterations >= h.iterations


def test_an_iteration_budget_drops_the_clock_unless_asked():
    assert bot_from_spec("hard:iterations=30").config.seconds == 0.0
    assert bot_from_spec("expert:iterations=30").config_for("london").seconds == 0.0
    assert bot_from_spec("hard:iterations=30,seconds=0.5").config.seconds == 0.5


def test_the_search_loop_stops_at_its_deadline_or_its_budget():
    calls = []
    assert search_loop(SearchConfig(iterations=37, seconds=0.0), lambda: calls.append(1)) == 37 == len(calls)
    slow: list[int] = []

    def step() -> None:
        slow.append(1)
        sum(range(20_000))  # some work, so the clock moves

    done = search_loop(SearchConfig(iterations=10**9, seconds=0.05), step)
    assert done == len(slow) and 16 <= done < 10**9


@pytest.mark.parametrize("game", ["pocket", "london"])
def test_a_clocked_level_answers_legally_and_reports_its_iterations(game):
    bot = bot_from_spec("hard:iterations=100000,seconds=0.05")
    state = find_ruleset(game).new(3)
    rng = Rng(1)
    for _ in range(200):
        advance_chance(state)
        if len(state.legal_actions()) > 1 and (game != "pocket" or state.phase == "act"):
            break
        state.apply(rng.choice(state.legal_actions()))
    side = state.to_move().side
    action = bot.choose(state.observation(side), Rng(2))
    assert state.is_legal(action)
    assert 16 <= bot.last_info["iterations"] < 100000
    assert bot.last_info["side"] == side.value and str(action) in bot.last_info["values"]


def test_new_levels_are_registered():
    for name in ("minimax", "expert", "hard1"):
        assert make_bot(name).name == name
    assert LEVELS["hard1"].config.iterations == 4000 and LEVELS["hard1"].config.seconds == 0.0


def test_a_clocked_level_never_thinks_less_than_its_floor_even_when_time_is_up():
    from dataclasses import replace

    from game.bots.card_search import LONDON_INVESTIGATOR_FLOOR
    from game.bots.pocket_search import POCKET_FLOOR, POCKET_HORIZON
    from game.bots.search import ClassicHardBot, ExpertBot, HardBot, SearchConfig
    from game.bots.search_tree import search_loop

    calls = []
    cfg = SearchConfig(iterations=10_000, seconds=1e-9, min_iterations=100)
    assert search_loop(cfg, lambda: calls.append(1)) == len(calls) >= 100      # the clock ran out at once
    assert search_loop(replace(cfg, min_iterations=0), lambda: None) == 16    # no floor: the first clock read
    for level in (HardBot, ExpertBot):   # hard and expert think at least as much as the fixed hard did
        assert level.config.min_iterations == POCKET_FLOOR   # (two rounds deep: a quarter of hard1's 4000)
        assert level.config.horizon == POCKET_HORIZON == 2 and ClassicHardBot.config.horizon == 1
        assert level.card_config.min_iterations == ClassicHardBot.card_config.iterations
        assert {k: c.min_iterations for k, c in level.card_configs.items()} == {
            **{k: c.iterations for k, c in ClassicHardBot.card_configs.items()},
            "newyork:jack": ClassicHardBot.card_configs["newyork"].iterations,
            # London's investigator: his best-of-3 rollouts cost 2.3 times as much, so about the same time
            "london:investigator": LONDON_INVESTIGATOR_FLOOR}


def test_the_clocked_levels_deal_pocket_jack_his_own_identity_hard1_mixes_in_others():
    from game.bots.pocket_search import _Sampler
    from game.bots.search import ClassicHardBot, ExpertBot, HardBot
    from game.engine.pocket import PocketState

    state = PocketState.new(4)
    advance_chance(state)
    rng = Rng(3)
    while not (state.phase == "act" and state.to_move().side is Side.JACK):
        state.apply(rng.choice(state.legal_actions()))
        advance_chance(state)
    obs = state.observation(Side.JACK)
    dealt = {}
    for level in (HardBot, ExpertBot, ClassicHardBot):
        sampler = _Sampler(obs, Side.JACK, level.config)
        dealt[level.name] = {sampler.sample(Rng(i))[0].jack for i in range(40)}
    assert dealt["hard"] == dealt["expert"] == {obs.jack}
    assert obs.jack in dealt["hard1"] and len(dealt["hard1"]) > 1


def test_the_clocked_levels_deal_jack_his_own_identity_and_hard1_keeps_the_mix():
    from game.bots.card_search import CardSampler
    from game.bots.search import ClassicHardBot, ExpertBot, HardBot

    for game, level, own in (("london", HardBot, True), ("newyork", HardBot, True), ("london", ExpertBot, True),
                             ("newyork", ExpertBot, True), ("london", ClassicHardBot, False),
                             ("newyork", ClassicHardBot, False)):
        state = find_ruleset(game).new(5)
        rng = Rng(2)
        for _ in range(300):
            advance_chance(state)
            if state.to_move().side is Side.JACK and len(state.legal_actions()) > 1:
                break
            state.apply(rng.choice(state.legal_actions()))
        obs = state.observation(Side.JACK)
        sampler = CardSampler(obs, Side.JACK, level().config_for(game, Side.JACK).own_identity)
        dealt = {sampler.sample(Rng(i))[0].jack for i in range(40)}
        assert (dealt == {obs.jack}) is own, (game, level.name, dealt)



def test_the_clocked_levels_keep_their_tree_and_hard1_starts_afresh():
    from game.bots.search import ClassicHardBot, ExpertBot, HardBot

    for game in ("pocket", "london", "newyork"):
        for side in Side:
            for level in (HardBot, ExpertBot):
                assert level().config_for(game, side).keep_tree, (game, side, level.name)
            assert not ClassicHardBot().config_for(game, side).keep_tree
    assert bot_from_spec("hard:iterations=50").config_for("london", Side.JACK).keep_tree


def test_pockets_clocked_jack_models_an_investigator_who_foresees_the_witness_call_by_the_public_facts():
    from game.bots.search import ClassicHardBot, ExpertBot, HardBot

    for level in (HardBot, ExpertBot):
        assert level().config_for("pocket", Side.JACK).public_witness
        for game in ("london", "newyork"):
            assert not level().config_for(game, Side.JACK).public_witness
    assert not ClassicHardBot().config_for("pocket", Side.JACK).public_witness


def test_a_search_stops_once_no_other_move_can_catch_up_with_the_leader():
    from game.bots.search_tree import root_lead

    calls: list[int] = []
    # A lead that grows by one a step: after 64 steps it is 64 > 100 - 64 left.
    assert search_loop(SearchConfig(iterations=100), lambda: calls.append(1), lambda: len(calls)) == 64
    calls.clear()
    assert search_loop(SearchConfig(iterations=100), lambda: calls.append(1), lambda: 0) == 100
    # Under a clock the iterations left are estimated from the rate, but never below the floor.
    calls.clear()
    assert search_loop(SearchConfig(iterations=10**9, seconds=60.0), lambda: calls.append(1), lambda: 10**15) == 16
    calls.clear()
    cfg = SearchConfig(iterations=10**9, seconds=1e-9, min_iterations=500)   # time is up at once
    assert search_loop(cfg, lambda: calls.append(1), lambda: 480) == 32   # 480 > 500 - 32 left of the floor

    class St:
        n = [3, 9, 9, 1]

    assert root_lead(St()) == 0   # a tie is no lead
    St.n = [3, 12, 9]
    assert root_lead(St()) == 3


@pytest.mark.parametrize(("game", "spec"), [("pocket", "hard1"), ("london", "hard1"),
                                            ("newyork", "search:iterations=300")])
def test_stopping_a_settled_search_early_chooses_the_move_the_whole_budget_would(game, spec, monkeypatch):
    """Under an iteration budget the stop is exact: the same moves as searching every iteration."""
    from game.bots import search_tree

    state = find_ruleset(game).new(11)
    rng = Rng(5)
    positions = []
    while len(positions) < 4:
        advance_chance(state)
        if len(state.legal_actions()) > 1 and (game != "pocket" or state.phase == "act"):
            positions.append(state.observation(state.to_move().side))
        state.apply(rng.choice(state.legal_actions()))
    settled = []
    for obs in positions:
        bot = bot_from_spec(spec)
        settled.append((bot.choose(obs, Rng(8)), bot.last_info["iterations"]))
    monkeypatch.setattr(search_tree, "root_lead", lambda st: -1)   # both searches' stop reads it
    whole = []
    for obs in positions:
        bot = bot_from_spec(spec)
        whole.append((bot.choose(obs, Rng(8)), bot.last_info["iterations"]))
    assert [a for a, _ in settled] == [a for a, _ in whole]
    assert all(s <= w for (_, s), (_, w) in zip(settled, whole, strict=True))
    assert sum(s for _, s in settled) < sum(w for _, w in whole)   # and some stop early


@pytest.mark.parametrize("game", ["pocket", "london", "newyork"])
def test_a_search_that_keeps_its_tree_makes_its_whole_budget_for_the_next_decision(game):
    """The settled stop is for searches whose tree is thrown away (hints, analysis, ``hard1``): a
    kept subtree is the next decision's start, so a level that keeps its tree searches on (but
    London's investigator, ``kept_settles``: the next test)."""
    state = find_ruleset(game).new(11)
    rng = Rng(5)
    positions = []
    while len(positions) < 6:
        advance_chance(state)
        if len(state.legal_actions()) > 1 and (game != "pocket" or state.phase == "act"):
            positions.append(state.observation(state.to_move().side))
        state.apply(rng.choice(state.legal_actions()))
    stopped = kept = 0
    for obs in positions:
        bot = bot_from_spec("hard:iterations=300,keep_tree=1,kept_settles=0")
        _, alone = bot.search(obs, Rng(8))
        _, carried = bot.search(obs, Rng(8), carry=bot.carry)
        stopped += alone["iterations"] < 300
        kept += carried["iterations"] == 300
    assert kept == len(positions)
    assert stopped > 0


def test_a_kept_tree_that_settles_stops_once_its_move_is_settled():
    """``kept_settles`` (London's clocked investigator): a search that starts from its kept subtree
    stops once its move is settled, as a thrown-away one does (the stop's exactness: the test above)."""
    state = find_ruleset("london").new(11)
    rng = Rng(5)
    pairs = []   # a decision, and the same side's next one straight after it
    while len(pairs) < 8 and not state.is_over():
        advance_chance(state)
        if state.is_over():
            break
        action = rng.choice(state.legal_actions())
        side = state.to_move().side
        obs = state.observation(side)
        state.apply(action)
        if not state.is_over() and state.to_move().side is side and len(state.legal_actions()) > 1:
            pairs.append(obs)

    def second(spec: str) -> list[tuple[str, int]]:
        out = []
        for obs in pairs:
            bot = bot_from_spec(spec)
            first = bot.choose(obs, Rng(8))
            after = obs.clone()
            after._apply(first)
            if len(after.legal_actions()) < 2:
                continue
            action, info = bot.search(after, Rng(9), carry=bot.carry)
            out.append((str(action), info["iterations"]))
        return out

    settling = second("hard:iterations=300,keep_tree=1,kept_settles=1")
    whole = second("hard:iterations=300,keep_tree=1,kept_settles=0")
    assert len(whole) >= 3
    assert all(n == 300 for _, n in whole)
    assert any(n < 300 for _, n in settling)
    assert all(n <= 300 for _, n in settling)


def test_pockets_clocked_levels_value_a_chase_by_their_own_row_and_hard1_by_the_fitted_one():
    from game.bots.pocket_eval import VALUES
    from game.bots.pocket_search import POCKET_CHASE, _table
    from game.bots.search import ClassicHardBot, ExpertBot, HardBot

    for level in (HardBot, ExpertBot):
        for side in Side:
            assert level().config_for("pocket", side).table == POCKET_CHASE
    assert ClassicHardBot().config_for("pocket", Side.JACK).table == ""
    clocked = _table(POCKET_CHASE)
    # Only the chase differs: one call from the end Jack survives with chance 0.8, not 0.54.
    assert clocked.table == VALUES.table
    assert clocked.chase[7] == 0.8 and VALUES.chase[7] < 0.6
    assert clocked.after_witness(7, 1, 6, False, False) == 0.8     # both goals met before the last round
    assert clocked.after_witness(7, 3, 2, False, False) == VALUES.after_witness(7, 3, 2, False, False)
    # A level given its own table keeps it.
    assert bot_from_spec("hard:table=elsewhere.json").config_for("pocket", Side.JACK).table == "elsewhere.json"


def test_a_pocket_value_table_named_by_an_absolute_path_is_read_from_that_path(tmp_path):
    import json

    from game.bots.pocket_eval import VALUES
    from game.bots.pocket_search import POCKET_CHASE, _table

    own = tmp_path / "own.json"
    row = [0.5] * len(VALUES.chase)
    own.write_text(json.dumps({"chase": row}))
    assert _table(str(own)).chase == row
    # A bare name is still looked up beside the shipped tables first.
    assert _table(POCKET_CHASE).chase[7] == 0.8


def test_a_pocket_value_table_that_cannot_be_read_is_refused_by_name(tmp_path):
    from game.bots.pocket_eval import ValueTable

    with pytest.raises(ValueError, match="missing.json"):
        ValueTable.load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"chase": [0.5, 2.0]}')
    with pytest.raises(ValueError, match="chase row"):
        ValueTable.load(bad)
    bad.write_text("{not json")
    with pytest.raises(ValueError, match="not a Pocket value table"):
        ValueTable.load(bad)
