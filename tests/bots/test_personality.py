"""Personalities: a taste among the moves the search rates nearly best, honest and deterministic."""

from __future__ import annotations

import json

import pytest
from test_hint import decision, others_like

from game.arena import play_game
from game.bots import BOTS, make_bot, personality
from game.bots.personality import PERSONAL_LEVELS, PERSONALITIES, Personality, load_personalities, split_name
from game.bots.search import bot_from_spec
from game.engine import Side
from game.engine.rng import Rng


def taste(side: str, trait: str, margin: float = 0.03, share: float = 0.1) -> Personality:
    return Personality("test", {side: {trait: 1.0}}, margin, share)


def scored_moves(obs, p: Personality) -> dict[str, float]:  # type: ignore[no-untyped-def]
    return {str(a): p.score(obs, a) for a in obs.legal_actions()}


def liked_and_not(obs, p: Personality) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    scores = scored_moves(obs, p)
    liked = max(scores, key=lambda t: scores[t])
    plain = min(scores, key=lambda t: scores[t])
    assert scores[liked] > scores[plain], "the position must offer moves the trait tells apart"
    return liked, plain


def action(obs, text: str):  # type: ignore[no-untyped-def]
    return next(a for a in obs.legal_actions() if str(a) == text)


def test_every_searching_level_comes_with_every_personality():
    for level in PERSONAL_LEVELS:
        for name in PERSONALITIES:
            bot = make_bot(f"{level}+{name}")
            assert bot.personality is PERSONALITIES[name] and bot.name == f"{level}+{name}"
    assert "hard1+shadow" not in BOTS and "minimax+hoarder" not in BOTS


def test_a_personality_name_is_checked():
    assert split_name("hard") == ("hard", None)
    assert split_name("expert+hoarder") == ("expert", PERSONALITIES["hoarder"])
    with pytest.raises(ValueError, match="unknown personality"):
        split_name("hard+grumpy")
    with pytest.raises(ValueError, match="take a personality"):
        split_name("minimax+shadow")
    with pytest.raises(ValueError):
        bot_from_spec("hard+grumpy:iterations=10")


@pytest.mark.parametrize(("liked_stats", "played"), [
    ((40, 0.58), "liked"),   # within the margin: the taste wins
    ((40, 0.56), "plain"),   # beyond it: the search's move
    ((9, 0.70), "plain"),    # a high value on 9 visits against the best's 100 is noise
])
def test_a_liked_move_is_played_only_within_the_margin_and_the_visit_share(liked_stats, played):
    obs = decision("pocket", 5, Side.INVESTIGATOR, skip=0).observation(Side.INVESTIGATOR)
    p = taste("investigator", "in_sight")
    liked, plain = liked_and_not(obs, p)
    info = {"values": {plain: (100, 0.60), liked: liked_stats}}
    assert str(p.pick(obs, action(obs, plain), info)) == {"liked": liked, "plain": plain}[played]


def test_a_taste_for_the_other_side_leaves_the_move_alone():
    obs = decision("pocket", 5, Side.INVESTIGATOR, skip=0).observation(Side.INVESTIGATOR)
    p = taste("jack", "unseen")
    first, second = [str(a) for a in obs.legal_actions()[:2]]
    info = {"values": {first: (100, 0.60), second: (100, 0.60)}}
    assert str(p.pick(obs, action(obs, first), info)) == first


def test_the_alibi_trait_likes_the_alibi_token_in_pocket():
    p = taste("investigator", "alibi")
    for skip in range(6):
        obs = decision("pocket", 7, Side.INVESTIGATOR, skip=skip).observation(Side.INVESTIGATOR)
        if any(str(a) == "alibi" for a in obs.legal_actions()):
            break
    else:
        pytest.skip("no alibi token in these decisions")
    scores = scored_moves(obs, p)
    assert scores["alibi"] == 1.0 and all(v == 0.0 for t, v in scores.items() if t != "alibi")


def test_in_london_a_card_is_liked_by_what_its_character_can_then_do():
    # Holmes draws an alibi card after his move: picking him is the hoarder's taste.
    p = taste("investigator", "alibi")
    for skip in range(12):
        obs = decision("london", 3, Side.INVESTIGATOR, skip=skip).observation(Side.INVESTIGATOR)
        if obs.phase == "pick" and any(str(a) == "play holmes" for a in obs.legal_actions()):
            break
    else:
        pytest.skip("Holmes was not offered in these decisions")
    scores = scored_moves(obs, p)
    assert scores["play holmes"] == 1.0
    assert all(v == 0.0 for t, v in scores.items() if t != "play holmes")


def test_the_unseen_trait_reads_jacks_own_view():
    state = decision("london", 4, Side.JACK, skip=1)
    obs = state.observation(Side.JACK)
    p = taste("jack", "unseen")
    for a in obs.legal_actions():
        after = obs.child(a)
        if a.kind == "play" and after.to_move().side is Side.JACK:   # a card: the best its character's step can do
            expected = max(1.0 if after.child(b).jack_seen() is False else 0.0 for b in after.legal_actions())
        else:
            expected = 1.0 if after.jack_seen() is False else 0.0
        assert p.score(obs, a) == expected


@pytest.mark.parametrize("game", ["pocket", "london", "newyork"])
@pytest.mark.parametrize("side", [Side.INVESTIGATOR, Side.JACK])
def test_a_personality_chooses_the_same_from_every_full_state_behind_its_observation(game, side):
    state = decision(game, 5, side, skip=2)
    spec = "hard+shadow:iterations=80"
    expected = bot_from_spec(spec).choose(state.observation(side), Rng(3))
    for other in others_like(state, side, Rng(11)):
        assert bot_from_spec(spec).choose(other.observation(side), Rng(3)) == expected


def test_a_personality_gives_up_no_more_than_its_margin_and_says_so():
    changed = 0
    for seed in range(2):
        for skip in range(6):
            obs = decision("london", seed, Side.INVESTIGATOR, skip=skip).observation(Side.INVESTIGATOR)
            bot = bot_from_spec("normal+shadow:iterations=300")
            bot.choose(obs, Rng(skip))
            info = bot.last_info
            assert info["personality"] == "shadow"
            if "searched" in info:
                changed += 1
                best = info["values"][info["searched"]][1]
                assert info["value"] >= best - PERSONALITIES["shadow"].margin
    assert changed >= 1, "the shadow investigator never showed its taste in twelve decisions"


@pytest.mark.parametrize("game", ["pocket", "london", "newyork"])
def test_a_game_between_personalities_is_legal_and_repeats(game):
    jack, inv = "easy+shadow:iterations=20", "easy+hoarder:iterations=20"
    first, _ = play_game(game, jack, inv, 3, 0)
    again, _ = play_game(game, jack, inv, 3, 0)
    assert first.is_over() and str(first) == str(again)


def test_a_personalities_file_that_does_not_describe_them_is_refused(tmp_path):
    raw = json.loads(personality._DATA.read_text(encoding="utf-8"))
    raw["personalities"]["shadow"]["jack"] = {"glee": 1.0}
    bad = tmp_path / "p.json"
    bad.write_text(json.dumps(raw))
    with pytest.raises(ValueError, match="bad trait 'glee'"):
        load_personalities(bad)
    raw["margin"] = 0.9
    raw["personalities"]["shadow"]["jack"] = {}
    bad.write_text(json.dumps(raw))
    with pytest.raises(ValueError, match="margin"):
        load_personalities(bad)
