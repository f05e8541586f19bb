"""The server's judgement of a room from its log alone (net/judge.py): the same audit the peers run."""

from __future__ import annotations

import json

import pytest
from cheats import cheating

from game.bots import make_bot
from game.engine.record import GameRecord
from net.framing import packb
from net.judge import RoomRecord, judge
from net.session import LocalPair, Session, bot_rng

GID = "5e" * 16


def pair(game: str = "pocket", jack=Session, inv=Session, seed: int = 1) -> LocalPair:  # type: ignore[no-untyped-def]
    """Fixed keys per seed: both peers' shuffles, and so the whole game, repeat from run to run."""
    keys = bytes([2 * seed]) * 32, bytes([2 * seed + 1]) * 32
    return LocalPair(jack("jack", GID, keys[0], game=game), inv("investigator", GID, keys[1], game=game))


def chooser(seed: int = 1):  # type: ignore[no-untyped-def]
    bot = make_bot("greedy")
    return lambda s: bot.choose(s.observation(), bot_rng(seed, s.role, s.state.ply))


def midgame(p: LocalPair) -> None:
    """Play on until ply 8: mid-game, for no game of Pocket is over by then."""
    while p.jack.state is None or p.jack.state.ply < 8:
        assert p.step(chooser())
    assert not p.jack.state.is_over()


def record(p: LocalPair, game: str = "pocket", log: list | None = None, **kw) -> RoomRecord:  # type: ignore[no-untyped-def]
    entries = p.log if log is None else log
    return RoomRecord("ROOMS", game, None, GID, {}, [packb(m) for m in entries], **kw)


@pytest.mark.parametrize("game", ["pocket", "london", "newyork"])
def test_a_finished_game_is_verified_with_the_full_record_that_replays_to_the_same_end(game: str):
    p = pair(game)
    p.run(chooser())
    j = judge(record(p, game), final=True)
    assert j.status == "verified" and j.verified and not j.pending
    assert j.winner == p.jack.result.winner and j.termination == p.jack.result.termination
    final = GameRecord.from_json(json.dumps(j.record)).replay()
    assert final.is_over() and final.winner().value == j.winner
    assert final.outcome.termination.value == j.termination == p.jack.result.termination


def test_a_proven_cheat_is_the_cheaters_loss():
    p = pair(jack=cheating("witness"))
    p.run(chooser(3))
    assert p.investigator.result.status == "cheat"
    j = judge(record(p), final=True)
    assert j.status == "cheat" and j.winner == "investigator" and j.finding["side"] == "jack"
    assert j.finding["what"] == "witness answer"


def test_an_abort_without_proof_is_the_aborters_loss_once_no_keys_can_come():
    p = pair()
    midgame(p)
    p.deliver("jack", {"t": "abort", "reason": "cheat", "detail": "the investigator cheated, I won"})
    waiting = judge(record(p), final=False)
    assert waiting.pending                   # the aborter may still open its keys and prove it
    j = judge(record(p), final=True)
    assert (j.status, j.winner, j.termination) == ("aborted", "investigator", "abort")


def test_a_side_that_withholds_its_keys_at_the_end_loses():
    p = pair()
    p.run(chooser(5))
    assert [m["t"] for m in p.log[-2:]] == ["open", "open"] and p.log[-1]["from"] == "investigator"
    assert judge(record(p, log=p.log[:-1]), final=False).pending
    j = judge(record(p, log=p.log[:-1]), final=True)
    assert (j.status, j.winner, j.termination) == ("aborted", "jack", "withheld")
    nobody = judge(record(p, log=p.log[:-2]), final=True)
    assert nobody.status == "unverified" and nobody.winner is None


def test_a_desync_is_recorded_as_such_without_a_winner():
    p = pair(jack=cheating("hash"))
    p.run(chooser())
    j = judge(record(p), final=True)
    assert j.status == "desync" and j.winner is None


def test_a_claim_decides_the_game_unless_the_log_proves_a_cheat_first():
    p = pair()
    midgame(p)
    j = judge(record(p, claim={"side": "jack", "reason": "flag", "seq": len(p.log)}), final=True)
    assert (j.status, j.winner, j.termination) == ("claimed", "jack", "flag")


def test_a_damaged_log_is_recorded_unverified_with_a_finding_never_an_exception():
    p = pair()
    p.run(chooser())
    logged = [packb(m) for m in p.log]
    logged[10] = b"\xc1garbage"
    j = judge(RoomRecord("ROOMS", "pocket", None, GID, {}, logged), final=True)
    assert j.status == "unverified" and j.winner is None and j.finding["side"] == "relay"


def test_messages_not_signed_by_the_seat_keys_prove_nothing():
    p = pair()
    p.run(chooser())
    keys = {"jack": b"\x01" * 32, "investigator": b"\x02" * 32}
    j = judge(RoomRecord("ROOMS", "pocket", None, GID, keys, [packb(m) for m in p.log]), final=True)
    assert j.status == "unverified" and j.winner is None


def test_gmp_and_pythons_pow_and_jacobi_give_the_same_numbers():
    import random

    from net import fairplay as fp

    rng = random.Random(5)
    for _ in range(5):
        x, e = rng.randrange(2, fp.P - 1), rng.getrandbits(fp.EXP_BITS) | 1 << (fp.EXP_BITS - 1)
        assert fp.powmod(x, e, fp.P) == pow(x, e, fp.P)
        assert fp.is_element(x) == (fp.jacobi(x, fp.P) == 1)
