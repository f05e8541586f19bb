"""Issue 13, attack 3: stopping a game is not free and never costs the honest side its secrets."""

from __future__ import annotations

from game.bots import make_bot
from net.session import LocalPair, Session, bot_rng

GID = "00112233445566778899aabbccddeeff"


def master(n: int) -> bytes:
    return bytes([n]) * 32


def choose(s: Session):  # type: ignore[no-untyped-def]
    obs = s.observation()
    return make_bot("greedy").choose(obs, bot_rng(3, s.role, obs.ply))


def mid_game(game: str = "pocket", steps: int = 30) -> LocalPair:
    pair = LocalPair(Session("jack", GID, master(1), game=game), Session("investigator", GID, master(2), game=game),
                     [Session("spectator", GID, game=game)])
    for _ in range(steps):
        assert pair.step(choose)
    assert not pair.jack.state.is_over()
    return pair


def drain(pair: LocalPair) -> None:
    """Deliver whatever either side still sends (bounded)."""
    for _ in range(20):
        sent = False
        for s in (pair.jack, pair.investigator):
            msg = s.outgoing()
            if msg is not None:
                pair.deliver(s.role, msg)
                sent = True
        if not sent:
            return


def test_an_abort_without_proof_is_the_aborters_resignation_and_opens_no_key():
    pair = mid_game()
    pair.deliver("jack", {"t": "abort", "reason": "cheat", "detail": "the investigator cheated (he did not)"})
    drain(pair)
    for s in (pair.investigator, pair.spectators[0]):
        r = s.result
        assert r.status == "resigned" and r.winner == "investigator" and r.termination == "resignation"
        assert "jack stopped the game without proof" in r.reason and "investigator won" in r.summary()
    # Nothing of the investigator's was opened: the aborter learnt no secret.
    assert not any(m["t"] == "open" for m in pair.log)


def test_the_honest_side_opens_only_after_the_aborter_and_the_audit_clears_it():
    pair = mid_game("london", 15)
    pair.deliver("jack", {"t": "abort", "reason": "cheat"})
    drain(pair)
    assert not any(m["t"] == "open" for m in pair.log)
    pair.deliver("jack", {"t": "open", "m": master(1)})        # the aborter shows its keys first...
    drain(pair)
    opened = [m["from"] for m in pair.log if m["t"] == "open"]
    assert opened == ["jack", "investigator"]                    # ...and only then do ours follow
    r = pair.investigator.result
    assert r.status == "resigned" and r.winner == "investigator" and r.audit is not None and r.audit.ok


def test_a_public_violation_halts_without_opening_any_key():
    pair = mid_game("newyork", 30)
    mover = pair.jack if pair.jack.needs_decision() else pair.investigator
    other = pair.investigator if mover is pair.jack else pair.jack
    pair.deliver(other.role, {"t": "act", "a": ["pass"], "h": "0" * 32})   # out of turn
    drain(pair)
    r = mover.result
    assert r.status == "violation" and r.finding["side"] == other.role
    assert not any(m["t"] == "open" for m in pair.log)


def test_a_side_that_leaves_loses_the_game():
    pair = mid_game()
    pair.jack.give_up("investigator left the game", left="investigator")
    assert pair.jack.result.status == "aborted" and pair.jack.result.winner == "jack"


def test_the_results_screen_says_who_resigned_in_plain_words():
    from game.ui.scenes.online_results import reason_text, verdict

    pair = mid_game()
    pair.deliver("jack", {"t": "abort", "reason": "cheat"})
    head, detail, _ = verdict(pair.investigator.result, "investigator")
    assert head == "Jack resigned" and "without proof" in detail
    assert verdict(pair.investigator.result, "jack")[0] == "You resigned"
    said = reason_text(pair.investigator.result, "investigator")
    assert said == "Jack stopped the game without proof: a resignation."


def test_an_abort_after_the_end_does_not_take_the_win_away():
    pair = LocalPair(Session("jack", GID, master(1)), Session("investigator", GID, master(2)))
    while not (pair.jack.state is not None and pair.jack.state.is_over()):
        assert pair.step(choose)
    winner = pair.jack.state.winner().value
    pair.deliver("jack", {"t": "abort", "reason": "cheat"})        # instead of opening his keys
    drain(pair)
    r = pair.investigator.result
    assert r.status == "unverified" and r.winner == winner and not any(m["t"] == "open" for m in pair.log)
