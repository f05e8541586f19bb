"""Attacks on one peer's :class:`Session`: whatever a peer or relay sends, nothing raises.

A hypothesis test throws generated and mutated message sequences at a
session of every game and every role.  The only outcomes allowed are
normal play, a violation that names a sender, a cheat finding, a desync
report or an abort: never an exception.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bots import make_bot
from net.games import NETWORK_GAMES
from net.session import LocalPair, Result, Session, SessionError, bot_rng

GID = "fedcba9876543210" * 2
GAMES = sorted(NETWORK_GAMES)
ROLES = ("jack", "investigator", "spectator")


def master(n: int) -> bytes:
    return bytes([n]) * 32


@functools.cache
def honest_log(game: str) -> tuple[dict, ...]:
    """The relayed log of one honest game (greedy bots), computed once per game."""
    bot = make_bot("random")
    pair = LocalPair(Session("jack", GID, master(1), game=game), Session("investigator", GID, master(2), game=game))

    def choose(s: Session):  # type: ignore[no-untyped-def]
        obs = s.observation()
        return bot.choose(obs, bot_rng(7, s.role, obs.ply))
    pair.run(choose)
    assert pair.jack.result is not None and pair.jack.result.status == "finished"
    return tuple(pair.log)


def fresh(role: str, game: str) -> Session:
    return Session(role, GID, None if role == "spectator" else master(1 if role == "jack" else 2), game=game)


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 300), st.text(max_size=6),
                 st.binary(max_size=40), st.lists(st.integers(-1, 20), max_size=4),
                 st.lists(st.text(max_size=8), max_size=6),
                 st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
FIELDS = ("t", "from", "n", "cards", "k", "r", "c", "a", "h", "pos", "key", "m", "reason", "ply", "mine", "text")


@st.composite
def mutated(draw):  # type: ignore[no-untyped-def]
    game = draw(st.sampled_from(GAMES))
    role = draw(st.sampled_from(ROLES))
    log = [dict(m) for m in honest_log(game)]
    log = log[:draw(st.integers(0, len(log)))]
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(("set", "drop", "dup", "swap", "from", "del", "cards")))
        if not log:
            break
        i = draw(st.integers(0, len(log) - 1))
        m = log[i]
        if op == "set":
            m[draw(st.sampled_from(FIELDS))] = draw(JUNK)
        elif op == "del":
            m.pop(draw(st.sampled_from(sorted(m))), None)
        elif op == "drop":
            del log[i]
        elif op == "dup":
            log.insert(i, dict(m))
        elif op == "swap":
            j = draw(st.integers(0, len(log) - 1))
            log[i], log[j] = log[j], log[i]
        elif op == "from":
            m["from"] = draw(st.sampled_from(("jack", "investigator", "spectator", 3)))
        elif op == "cards" and isinstance(m.get("cards"), list) and m["cards"]:
            m["cards"] = m["cards"][:draw(st.integers(0, len(m["cards"])))]
    return game, role, log


def feed(s: Session, log: list[dict]) -> None:
    """Deliver ``log`` as the relay would, numbering it (a relay orders whatever it gets)."""
    for n, m in enumerate(log, 1):
        s.receive({**m, "seq": n})
        while s.outgoing() is not None:
            pass


def assert_named(r: Result | None) -> None:
    assert r is None or r.status in ("finished", "violation", "cheat", "desync", "aborted", "resigned",
                                     "unverified"), r
    if r is not None and r.status == "resigned":   # (e.g. an open mid-game: who gave up, and who won)
        assert r.winner in ("jack", "investigator") and "resign" in r.reason, r
    if r is not None and r.status in ("violation", "cheat"):
        assert r.finding is not None and r.finding["side"] in ("jack", "investigator", "relay"), r
        assert "could not be applied" not in r.reason, r.reason   # an explicit check caught it, not the net


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_no_relayed_sequence_makes_a_session_raise(case):
    game, role, log = case
    s = fresh(role, game)
    feed(s, log)
    assert_named(s.result)


@pytest.mark.parametrize("game", GAMES)
def test_a_deck_step_labelled_two_before_step_one_is_a_named_violation(game):
    """Issue 13, attack 2: a ``deck`` with ``n=2`` first used to raise ``KeyError`` in every game."""
    log = [dict(m) for m in honest_log(game)]
    first = next(i for i, m in enumerate(log) if m["t"] == "deck")
    log[first]["n"] = 2
    for role in ROLES:
        s = fresh(role, game)
        feed(s, log[:first + 1])
        assert s.result is not None and s.result.status == "violation"
        # Jack's own session sent the true step 1: a relay put another in his name.
        assert s.result.finding["side"] == ("relay" if role == "jack" else "jack")


def test_a_seq_gap_is_the_relays_fault_not_an_exception_loop():
    s = fresh("investigator", "pocket")
    s.receive({**honest_log("pocket")[0], "seq": 1})
    with pytest.raises(SessionError):
        s.receive({**honest_log("pocket")[1], "seq": 3})
