"""Properties of random legal games of the card games, London and New York (hypothesis).

What every rule set shares is in :mod:`.test_conformance`; what the shared
card game (:mod:`game.engine.cards`) adds is here, over the same random
games; each board's own invariants stay in its own file.
"""

from __future__ import annotations

from hypothesis import strategies as st

from game.engine import Side, Termination, ToMove

from .conformance import CARD_GAMES, Game, RuleSet, for_each_ruleset, games

#: Where Jack may stand after an escape, from ``describe()["board"]``.
ESCAPES = {
    "london": lambda board: {"NW", "NE", "SW", "SE"} - set(board["cordons"]),  # a corner without a cordon
    "newyork": lambda board: {"n11", *board["ships"]},  # the East passage or a ship
}


@for_each_ruleset(lambda r: games(r, sample=st.booleans()), rulesets=CARD_GAMES)
def test_the_ending_agrees_with_the_position(rules: RuleSet, game: Game) -> None:
    s = game.end()
    ids = rules.module.IDS
    term = s.outcome.termination
    d = s.describe()
    if term is Termination.TIME_UP:
        assert s.round == rules.module.ROUNDS and len(s.played) == 4
    elif term is Termination.ESCAPE:
        assert d["board"]["characters"][ids[s.jack]] in ESCAPES[rules.name](d["board"])
        assert s.actor() is Side.JACK and d["witness"] == "unseen"
    else:
        accuser, accused = ids[s.active], ids[s.accused()]
        assert d["board"]["characters"][accuser] == d["board"]["characters"][accused]
        assert (accused == ids[s.jack]) == (term is Termination.ARREST_RIGHT)
        assert s.actor() is Side.INVESTIGATOR


@for_each_ruleset(games, rulesets=CARD_GAMES)
def test_only_the_investigator_accuses_and_only_jack_escapes(rules: RuleSet, game: Game) -> None:
    for s, _ in game.steps():
        tm = s.to_move()
        kinds = {a.kind for a in s.legal_actions()}
        assert "accuse" not in kinds or tm is ToMove.INVESTIGATOR
        assert "escape" not in kinds or tm is ToMove.JACK


@for_each_ruleset(lambda r: games(r, biased=st.just(True)), rulesets=CARD_GAMES)
def test_each_round_plays_four_cards_and_the_pair_of_rounds_all_eight(rules: RuleSet, game: Game) -> None:
    ids = rules.module.IDS
    taken: dict[int, list[int]] = {}
    for s, action in game.steps():
        if action.startswith("play "):
            taken.setdefault(s.round, []).append(ids.index(action.split()[1]))
    for r, cards in taken.items():
        assert len(cards) == len(set(cards)) <= 4
        if r % 2 == 0 and len(cards) == 4:
            assert sorted(taken[r - 1] + cards) == list(range(8))


@for_each_ruleset(games, rulesets=CARD_GAMES)
def test_a_power_before_or_after_the_move_is_passed_only_when_impossible_after_it(rules: RuleSet,
                                                                                   game: Game) -> None:
    """Every power "before or after" the move (London: «przed albo po ruchu» - Smith,
    Lestrade, Goodley, Bert; New York: «Перед или после своего движения» - Beach, Cloud
    Runner, Latimer, Grant, Callahan, Tumblety, Smith): an activation that ends without an
    arrest or an escape has used the power (or declined Tumblety's), or the power has no
    choice on the board it leaves."""
    s = rules.new(game.seed, game.edition)
    ids, timed = rules.module.IDS, s.BEFORE_OR_AFTER
    used = False
    for action in game.actions():
        a = s.active
        if action.startswith("play "):
            used = False
        elif a in timed and (action == "pass" or action in {str(x) for x in s.power_options(a)}):
            used = True
        s.apply(action)
        if a < 0 or a not in timed or s.active == a:
            continue  # no activation of such a power ended here
        if s.is_over() and s.outcome.termination is not Termination.TIME_UP:
            continue  # an arrest or an escape ends the game first
        left = [str(x) for x in s.power_options(a)]
        assert used or not left, f"{ids[a]}'s power was dropped with {left[:3]} possible: {s}"
