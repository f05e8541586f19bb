"""The search levels on London and New York: legal, reproducible, and blind to the other side's secrets."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.bots.card_eval import SEEN, THREAT, UNSEEN, CardValues, values_for
from game.bots.card_search import CardSampler
from game.bots.search import LEVELS, SearchBot
from game.bots.search_tree import _UNSEEN
from game.engine import Side, ToMove
from game.engine.cards import HIDDEN
from game.engine.rng import Rng
from game.engine.rulesets import find_ruleset
from game.match import advance_chance, play_game

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("london", "newyork")


def small(level: str, game: str, iterations: int = 12) -> SearchBot:
    """A registered level with its settings for ``game`` but a test-sized budget."""
    bot = SearchBot(None, replace(LEVELS[level]().config_for(game), iterations=iterations))
    return bot


def decision_states(game: str, games: int, seed: int):
    """Full states at every decision with a choice, from random games."""
    rs = find_ruleset(game)
    rng = Rng(seed)
    for _ in range(games):
        state = rs.new(rng.u64())
        while True:
            advance_chance(state)
            if state.is_over():
                break
            if len(state.legal_actions()) > 1:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_legal_actions_from_reachable_states(game, level):
    bot = small(level, game, 6)
    rng = Rng(11)
    sides = set()
    phases = set()
    for state in decision_states(game, games=2, seed={"easy": 1, "normal": 2, "hard": 3}[level]):
        side = state.to_move().side
        sides.add(side)
        phases.add(state.phase)
        action = bot.choose(state.observation(side), rng)
        assert state.is_legal(action), (level, str(state), action)
    assert sides == {Side.JACK, Side.INVESTIGATOR}
    assert {"pick", "act"} <= phases


@pytest.mark.parametrize("game", GAMES)
def test_whole_games_between_levels_finish(game):
    for seed in range(2):
        state = find_ruleset(game).new(seed)
        play_game(state, {Side.JACK: small("hard", game, 8), Side.INVESTIGATOR: small("easy", game, 8)}, Rng(seed))
        assert state.is_over()


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_move(game):
    """Two bots of one level, each fresh (a level that keeps its tree also reads its own last move)."""
    for state in list(decision_states(game, games=1, seed=5))[:10]:
        obs = state.observation(state.to_move().side)
        assert small("hard", game, 30).choose(obs, Rng(99)) == small("hard", game, 30).choose(obs.clone(), Rng(99))


def test_same_seed_same_move_in_another_process():
    """No dependence on hash randomisation (``PYTHONHASHSEED``) or process state."""
    states = list(decision_states("london", games=1, seed=8))[:6]
    bot = small("hard", "london", 40)
    here = [str(bot.choose(s.observation(s.to_move().side), Rng(4))) for s in states]
    code = (
        "import sys\n"
        "from dataclasses import replace\n"
        "from game.bots.search import LEVELS, SearchBot\n"
        "from game.engine.london import LondonState\n"
        "from game.engine.rng import Rng\n"
        "bot = SearchBot(None, replace(LEVELS['hard']().config_for('london'), iterations=40))\n"
        "for line in sys.stdin.read().splitlines():\n"
        "    s = LondonState.parse(line)\n"
        "    print(bot.choose(s.observation(s.to_move().side), Rng(4)))\n"
    )
    env = dict(os.environ, PYTHONHASHSEED="12345", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], input="\n".join(str(s) for s in states),
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=60, check=True)
    assert out.stdout.split("\n")[:-1] == here


def _poisoned(state, side: Side, rng: Rng):  # type: ignore[no-untyped-def]
    """A full state like ``state`` with every secret ``side`` lacks dealt otherwise, and another generator."""
    p = state.clone()
    if side is Side.INVESTIGATOR:
        known = {c for c in p.icards}
        others = [c for c in range(8) if p.suspects >> c & 1 and c != p.jack and c not in known]
        if others:
            p.jack = rng.choice(others)
        pool = [c for c in range(8) if c != p.jack and c not in known]
        rng.shuffle(pool)
        p.jcards = pool[:len(p.jcards)]
    else:
        pool = [c for c in range(8) if c != p.jack and c not in p.jcards and c not in p.icards]
        pool += list(p.icards)
        rng.shuffle(pool)
        p.icards = pool[:len(p.icards)]
    p.rng = rng.u64()
    p._legal = None
    return type(state).parse(str(p))  # still a consistent state


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("side", [Side.INVESTIGATOR, Side.JACK])
def test_bot_never_reads_a_secret_its_side_lacks(game, side):
    """A state with the other side's secrets poisoned gives the same, legal move as the true observation."""
    bot = small("hard", game, 25)
    rng = Rng(2)
    checked = changed = 0
    for state in decision_states(game, games=3, seed=21):
        if state.to_move().side is not side:
            continue
        real = state.observation(side)
        if side is Side.INVESTIGATOR:
            assert real.jack == HIDDEN and all(c == HIDDEN for c in real.jcards)
        else:
            assert all(c == HIDDEN for c in real.icards)
        poisoned = _poisoned(state, side, rng)
        changed += poisoned.full_hash() != state.full_hash()
        a = bot.choose(real, Rng(7))
        b = bot.choose(poisoned, Rng(7))
        assert state.is_legal(b) and a == b, str(state)
        checked += 1
    assert checked > 10 and changed > 5


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("side", [Side.INVESTIGATOR, Side.JACK])
def test_determinized_states_are_consistent_full_states(game, side):
    rng = Rng(5)
    for state in decision_states(game, games=3, seed=31):
        if state.to_move().side is not side:
            continue
        obs = state.observation(side)
        sampler = CardSampler(obs, side, 0.5)
        for _ in range(4):
            det, weight = sampler.sample(rng)
            again = type(det).parse(str(det))  # the engine's own checks accept it
            assert again.view == "full" and weight > 0
            assert det.suspects >> det.jack & 1
            assert det.jack not in det.icards and det.jack not in det.jcards
            assert len(det.icards) == len(obs.icards) and len(det.jcards) == len(obs.jcards)
            assert det.public_hash() == obs.public_hash()
            if side is Side.INVESTIGATOR:
                assert det.icards == obs.icards
                assert det.legal_actions() == obs.legal_actions()
            elif det.jack == obs.jack:  # Jack's other identities have other escapes
                assert det.jcards == obs.jcards
                assert det.legal_actions() == obs.legal_actions()


def test_values_are_probabilities_ordered_by_the_threat():
    for game in GAMES:
        v = values_for(game)
        for r in range(1, 8):
            for n in range(1, 9):
                for k in (UNSEEN, SEEN, THREAT):
                    assert 0.0 <= v.table[r][n][k] <= 1.0
        # An escape in reach is worth something to Jack, summed over the table.
        assert sum(v.table[r][n][THREAT] for r in range(1, 8) for n in range(1, 9)) > sum(
            v.table[r][n][UNSEEN] for r in range(1, 8) for n in range(1, 9))
    assert CardValues.default().after_witness(3, 4, False, True) > CardValues.default().after_witness(3, 4, True)


@pytest.mark.parametrize("game", GAMES)
def test_state_value_of_a_finished_game_is_its_result(game):
    v = values_for(game)
    rng = Rng(4)
    for _ in range(3):
        state = find_ruleset(game).new(rng.u64())
        while not state.is_over():
            if state.to_move() is ToMove.CHANCE:
                state.apply(state.sample_chance())
            else:
                state.apply(rng.choice(state.legal_actions()))
        assert v.state_value(state) == (1.0 if state.winner() is Side.JACK else 0.0)


@pytest.mark.parametrize("game", GAMES)
def test_an_arrest_in_jacks_search_is_worth_what_the_investigator_knows(game):
    """Jack's own-identity search would otherwise model an investigator who always arrests the right man."""
    from game.bots.card_eval import public_candidates
    from game.bots.card_search import _arrest_chance
    from game.engine.hexgrid import popcount

    checked = 0
    for state in decision_states(game, 30, 5):
        accuse = [a for a in state.legal_actions() if a.kind == "accuse"]
        if not accuse:
            continue
        cand = public_candidates(state)
        for a in accuse:
            x = state.CARDS.index[a.args[0]]
            want = 1 / popcount(cand) if cand >> x & 1 else 0.0
            assert _arrest_chance(state, a) == want   # the same whoever is Jack in this deal
            checked += 1
    assert checked > 10
    for level in ("hard", "expert"):
        jack = LEVELS[level]().config_for(game, Side.JACK)
        assert jack.public_accuse and jack.own_identity == 1.0
        assert not LEVELS[level]().config_for(game, Side.INVESTIGATOR).public_accuse
    assert not LEVELS["hard1"]().config_for(game, Side.JACK).public_accuse   # the fixed reference


@pytest.mark.parametrize("game", GAMES)
def test_a_candidates_table_counts_the_suspects_the_investigator_cannot_rule_out(game):
    """With ``<game>:candidates``, a value reads how many suspects left are still his candidates."""
    from game.bots.card_eval import ROUNDS, public_candidates
    from game.engine.hexgrid import popcount

    base = values_for(game)
    cands = [[[[(m + 10 * n + 100 * k) / 1000 for k in range(3)] for m in range(9)] for n in range(9)]
             for _ in range(ROUNDS)]
    v = CardValues(base.table, cands)
    fewer = 0
    for state in decision_states(game, 20, 9):
        m = popcount(public_candidates(state))
        fewer += m < popcount(state.suspects)
        vis = state.visible_mask()
        seen = bool(vis >> state.jack & 1)
        left = state.suspects & (vis if seen else ~vis)
        got = v.witness_now(state)
        m_left = popcount(left & public_candidates(state))
        assert 1 <= m_left <= popcount(left)
        assert round(got * 1000) % 10 == m_left          # the candidates on Jack's side of the split
        assert 0.0 <= v.witness_now_public(state) <= 1.0
        assert CardValues(base.table).witness_now(state) == base.witness_now(state)   # no table: as before
    if game == "london":   # (New York's investigator holds a card only by the informant)
        assert fewer > 10   # his alibi cards did rule suspects out in these states


def test_the_candidates_table_is_fitted_from_play_that_records_them():
    from game.bots.card_fit import record_game, smooth_candidates

    counts: dict = {}
    for seed in range(6):
        records, won = record_game(("london", "greedy", "greedy", seed, seed + 50))
        for r, n, k, m in records:
            assert 1 <= m <= n and k in (UNSEEN, SEEN, THREAT)
            c = counts.setdefault((r, n, k, m), [0, 0])
            c[0] += won
            c[1] += 1
    table, beta = smooth_candidates(counts)
    assert all(0.0 < table[r][n][m][k] < 1.0 for r in range(1, 8) for n in range(1, 9)
               for m in range(1, n + 1) for k in range(3))


@pytest.mark.parametrize("game", GAMES)
def test_the_witness_call_jack_foresees_for_the_investigator_is_the_same_whoever_jack_is(game):
    """``public_witness``: the value the modelled investigator is judged by reads no secret of Jack's."""
    rng = Rng(6)
    checked = 0
    for state in decision_states(game, 4, 13):
        v = values_for(game).witness_now_public(state)
        for _ in range(3):
            other = _poisoned(state, Side.INVESTIGATOR, rng)
            assert values_for(game).witness_now_public(other) == v
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("game", GAMES)
def test_with_public_witness_the_modelled_investigator_is_judged_by_the_call_he_foresees(game, monkeypatch):
    """In Jack's search an investigator's move is worth 1 minus Jack's chance at the witness call as the
    investigator foresees it then, not 1 minus what the real Jack's deal came to."""
    from game.bots.card_search import CardSearcher

    values = values_for(game)
    monkeypatch.setattr(type(values), "witness_now_public", lambda self, state: 0.25)
    monkeypatch.setattr(type(values), "state_value", lambda self, state: 0.9)
    states = [s for s in decision_states(game, 3, 17)
              if s.to_move().side is Side.JACK and s.round < s.rounds and s.phase == "act"][:8]
    assert states
    means = {}
    for public in (False, True):
        cfg = replace(LEVELS["hard"]().config_for(game, Side.JACK), iterations=80, seconds=0.0,
                      horizon=1, public_witness=public)
        w = wt = 0.0
        for state in states:
            searcher = CardSearcher(cfg, values)
            searcher.run(state.observation(Side.JACK), Rng(3))
            assert searcher.public_witness is public
            for node in _nodes(searcher.root):
                st = node.stats.get(None)   # the investigator's statistics (Jack's are keyed by identity)
                if st is not None and st is not _UNSEEN:
                    w += sum(st.w)
                    wt += sum(st.wt)
        assert wt > 0
        means[public] = w / wt
    assert means[False] < 0.2     # 1 - 0.9: the deal's own end (an arrest's chance now and then)
    assert means[True] > 0.6      # 1 - 0.25: the foreseen witness call


def _nodes(root):
    todo = [root]
    while todo:
        node = todo.pop()
        yield node
        todo.extend(node.children.values())


def test_a_monotone_table_never_values_fewer_suspects_or_more_time_to_go_higher():
    import json

    from game.bots.card_eval import ROUNDS, VALUES_FILE
    from game.bots.card_fit import _pav, monotone

    assert _pav([1.0, 3.0, 2.0, 4.0], [1.0, 1.0, 3.0, 1.0]) == [1.0, 2.25, 2.25, 4.0]  # weighted pooling
    raw = json.loads(VALUES_FILE.read_text())["london"]
    fixed = monotone(raw, lambda r, n, k: 1.0)
    for k in range(3):
        for r in range(1, ROUNDS):
            assert all(fixed[r][n][k] <= fixed[r][n + 1][k] + 1e-12 for n in range(1, 8))
        for n in range(1, 9):
            assert all(fixed[r][n][k] <= fixed[r + 1][n][k] + 1e-12 for r in range(1, ROUNDS - 1))
    again = monotone(fixed, lambda r, n, k: 1.0)            # an ordered table stays as it is
    flat = [v for plane in again for row in plane for v in row]
    assert flat == pytest.approx([v for plane in fixed for row in plane for v in row], abs=1e-8)
    assert fixed != raw                                    # the fitted table has thin, unordered cells


def test_the_ordered_table_is_londons_table_made_monotone_and_only_chosen_by_name():
    from game.bots.card_eval import ROUNDS

    plain, ordered = values_for("london"), values_for("london", ordered=True)
    assert ordered.table != plain.table
    for r in range(1, ROUNDS):
        for k in (UNSEEN, SEEN, THREAT):
            assert all(ordered.table[r][n][k] <= ordered.table[r][n + 1][k] for n in range(1, 8))
    assert values_for("newyork", ordered=True).table == values_for("newyork").table  # none fitted: the plain one
    for name in ("hard", "expert", "hard1"):   # no level uses it; ``ordered_table=1`` asks for it
        assert not any(LEVELS[name]().config_for("london", side).ordered_table for side in Side)


def test_the_clocked_levels_value_the_card_games_by_the_table_fitted_from_the_searchs_own_games():
    import json

    from game.bots.card_eval import VALUES_FILE

    raw = json.loads(VALUES_FILE.read_text())
    for game in GAMES:
        source = raw["source"][f"{game}:selfplay"]
        assert source["jack"].startswith("hard:") and source["investigator"].startswith("hard:")
        plain, own = values_for(game), values_for(game, selfplay=True)
        assert own.table == raw[f"{game}:selfplay"] and plain.table == raw[game] != own.table
    for name in ("hard", "expert"):
        level = LEVELS[name]()
        assert all(level.config_for("london", side).selfplay_table for side in Side)
        assert level.config_for("newyork", Side.JACK).selfplay_table
        assert not level.config_for("newyork", Side.INVESTIGATOR).selfplay_table  # it cost him there
    assert not any(LEVELS["hard1"]().config_for(game, side).selfplay_table for game in GAMES for side in Side)
    assert not LEVELS["normal"]().config_for("london").selfplay_table   # the weaker levels stay as they were


def test_a_table_variant_is_written_beside_the_plain_table_it_leaves_alone(tmp_path):
    import json

    from game.bots.card_fit import main

    out = tmp_path / "values.json"
    out.write_text(json.dumps({"london": [[[0.5] * 3] * 9] * 8, "source": {"london": {"games": 1}}}))
    assert main(["--game", "london", "--games", "3", "--seed", "4", "--variant", "mine", "--out", str(out)]) == 0
    raw = json.loads(out.read_text())
    assert raw["london"] == [[[0.5] * 3] * 9] * 8 and raw["source"]["london"] == {"games": 1}
    assert raw["source"]["london:mine"]["games"] == 3 and raw["source"]["london:mine"]["jack"] == "greedy"
    assert CardValues.load("london", out, selfplay=False).table == raw["london"]
    assert CardValues.load("london", out, selfplay=True).table == raw["london"]  # none fitted: the plain one
    assert len(raw["london:mine"]) == 8 and all(0.0 <= v <= 1.0 for v in raw["london:mine"][4][3])
    with pytest.raises(SystemExit):
        main(["--game", "london", "--variant", "mine", "--ordered", "--out", str(out)])


@pytest.mark.parametrize("game", GAMES)
def test_a_card_table_is_fitted_from_an_arena_records_games_played_again(tmp_path, game):
    """``--from-record``: the positions of recorded games, as live play records them."""
    import json

    from game.arena import run_arena
    from game.bots.card_fit import collect_record, main

    record = tmp_path / f"{game}.jsonl"
    run_arena(game, "greedy", "greedy", games=3, seed=8, record=record)
    run_arena("pocket", "greedy", "greedy", games=1, seed=8, record=record)   # another game: passed over
    counts, wins, games, bad = collect_record(game, str(record), {"greedy"})
    assert (games, bad) == (3, 0)
    assert wins == sum(json.loads(x)["winner"] == "jack" for x in record.read_text().splitlines()[:3])
    assert sum(c[1] for c in counts.values()) >= 3 and collect_record(game, str(record), {"hard"})[2] == 0
    out = tmp_path / "values.json"
    assert main(["--game", game, "--from-record", str(record), "--variant", "rec", "--out", str(out)]) == 0
    raw = json.loads(out.read_text())
    assert raw["source"][f"{game}:rec"]["record"] == str(record) and raw["source"][f"{game}:rec"]["games"] == 3
    assert main(["--game", game, "--from-record", str(record), "--levels", "hard", "--out", str(out)]) == 2


@pytest.mark.parametrize("game", GAMES)
def test_a_best_of_k_rollout_step_plays_better_scored_moves_than_a_random_one(game):
    """``rollout_k``: each rollout step scores k random legal actions and plays the best."""
    from game.bots.card_search import CardSearcher

    states = [s for s, _ in zip(decision_states(game, 3, 17), range(30), strict=False)]
    means = {}
    for k in (1, 3):
        searcher = CardSearcher(replace(LEVELS["hard"]().config_for(game), rollout_k=k, rollout_eps=0.0),
                                values_for(game))
        rng = Rng(4)
        scores = []
        for state in states:
            side = state.to_move().side
            for _ in range(10):
                action = searcher._rollout_action(state, side, rng)
                scores.extend(searcher._action_scores(state, side, [action]))
        means[k] = sum(scores) / len(scores)
    assert means[3] > means[1]


def test_the_clocked_levels_play_londons_investigator_rollouts_best_of_3():
    for name in ("hard", "expert"):
        assert LEVELS[name]().config_for("london", Side.INVESTIGATOR).rollout_k == 3
        assert LEVELS[name]().config_for("london", Side.JACK).rollout_k == 1
    assert LEVELS["hard1"]().config_for("london", Side.INVESTIGATOR).rollout_k == 1


@pytest.mark.parametrize("game", GAMES)
def test_every_card_pick_scores_alike_so_a_rollout_need_not_score_picks(game):
    """A card taken moves nothing: the best-of-k rollout step and the priors skip scoring picks,
    which is exact only while every pick scores the same."""
    from game.bots.card_search import CardSearcher
    from game.engine.cards import PICK

    searcher = CardSearcher(LEVELS["hard"]().config_for(game), values_for(game))
    checked = 0
    for state in decision_states(game, 6, 31):
        if state.phase != PICK:
            continue
        side = state.to_move().side
        legal = state._generate()
        assert len(set(searcher._action_scores(state, side, legal))) == 1
        assert searcher._prior(state, side, legal) == [1.0 / len(legal)] * len(legal)
        checked += 1
    assert checked > 20
