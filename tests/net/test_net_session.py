"""Two lockstep sessions back to back in memory: whole games, catch-up, cheats and desyncs."""

from __future__ import annotations

import json

import pytest
from cheats import CheatingSession
from nethelp import forbidden, scan, secret_cards

from game.bots import make_bot
from game.engine.core import Side
from game.engine.errors import IllegalActionError
from game.engine.record import GameRecord
from net.messages import CLIENT, SERVER, validate
from net.session import LocalPair, Session, bot_rng

GID = "0123456789abcdef" * 2


class CheckedPair(LocalPair):
    """A LocalPair whose relay checks every message's shape both ways, as the server would."""

    def deliver(self, sender: str, msg: dict) -> None:
        validate({**msg, "seq": len(self.log) + 1}, CLIENT)
        super().deliver(sender, msg)
        validate(self.log[-1], SERVER)


def chooser(jack: str = "greedy", inv: str = "greedy", seed: int = 1):  # type: ignore[no-untyped-def]
    bots = {"jack": make_bot(jack), "investigator": make_bot(inv)}

    def choose(s: Session):  # type: ignore[no-untyped-def]
        obs = s.observation()
        return bots[s.role].choose(obs, bot_rng(seed, s.role, obs.ply))
    return choose


def master(n: int) -> bytes:
    return bytes([n]) * 32


def play(n: int = 1, *, cheat_jack=None, cheat_inv=None, jack="greedy", inv="greedy", spectate=True):  # type: ignore[no-untyped-def]
    j = CheatingSession("jack", GID, master(2 * n), cheat=cheat_jack)
    i = CheatingSession("investigator", GID, master(2 * n + 1), cheat=cheat_inv)
    pair = CheckedPair(j, i, [Session("spectator", GID)] if spectate else [])
    pair.run(chooser(jack, inv, n))
    return pair


@pytest.mark.parametrize("n, jack, inv", [(1, "greedy", "greedy"), (2, "random", "greedy"), (3, "greedy", "random")])
def test_honest_games_end_verified_and_agree_everywhere(n, jack, inv):
    pair = play(n, jack=jack, inv=inv)
    results = [s.result for s in (pair.jack, pair.investigator, *pair.spectators)]
    assert all(r is not None and r.status == "finished" and r.verified for r in results), results
    assert len({(r.winner, r.termination, r.public_hash) for r in results}) == 1
    assert pair.jack.public_log() == pair.investigator.public_log() == pair.spectators[0].public_log()
    # The audited record is an ordinary game record that replays to the same end.
    audit = results[0].audit
    assert audit is not None and audit.record[0].startswith("identity ") and "?" not in " ".join(audit.record)
    rec = GameRecord("pocket", pair.jack.tr.layout_seed, audit.record)
    assert rec.replay().winner().value == results[0].winner
    assert pair.investigator.result.audit.record == audit.record


def test_the_investigator_view_never_holds_jacks_cards_during_play():
    j = Session("jack", GID, master(8))
    i = Session("investigator", GID, master(9))
    pair = LocalPair(j, i)
    choose = chooser()
    seen: list[str] = []

    def watching(s: Session):  # type: ignore[no-untyped-def]
        seen.append(str(i.state))
        return choose(s)
    pair.run(watching)
    assert seen and all("jack=?" in text for text in seen if "phase=identity" not in text)
    identity = j.result.audit.record[0].split()[1]
    assert not any(f"jack={identity}" in text for text in seen)


def test_a_session_rebuilt_from_the_log_catches_up_and_finishes_the_game():
    """What a restarted client does: same master, the room's log from the start, then play on."""
    j = Session("jack", GID, master(20))
    i = Session("investigator", GID, master(21))
    pair = CheckedPair(j, i)
    choose = chooser(seed=4)
    for _ in range(25):                  # stop mid-game
        assert pair.step(choose)
    assert i.state is not None and not i.state.is_over()
    fresh = Session("investigator", GID, master(21))
    for entry in pair.log:
        fresh.receive(entry)
    assert fresh.public_hash() == i.public_hash() and fresh.seq == i.seq
    fresh.receive(pair.log[-1])          # a duplicate from an overlapping replay is ignored
    pair.investigator = fresh
    pair.run(choose)
    assert j.result.status == fresh.result.status == "finished"
    assert j.result.public_hash == fresh.result.public_hash


def test_a_gap_in_the_stream_asks_for_a_catch_up():
    from net.session import SessionError
    s = Session("spectator", GID)
    with pytest.raises(SessionError):
        s.receive({"t": "commit", "seq": 2, "from": "jack", "c": b"\0" * 32})


def test_a_witness_lie_is_caught_by_the_audit_with_the_step_and_the_truth():
    pair = play(4, cheat_jack="witness")
    for s in (pair.investigator, pair.spectators[0]):
        r = s.result
        assert r.status == "cheat" and r.opponent_cheated and not r.verified
        f = r.finding
        assert f["side"] == "jack" and f["what"] == "witness answer"
        assert {f["claimed"], f["true"]} == {"witness seen", "witness unseen"}
        assert "your opponent cheated" in r.summary()
    assert pair.jack.result.finding["side"] == "jack"    # the liar's own audit agrees


def test_an_hourglass_claim_lie_is_caught_by_the_audit():
    for n in range(1, 12):
        pair = play(n, cheat_jack="claim", spectate=False)
        if any(step.action.startswith("claim") for step in pair.investigator.tr.steps) and pair.jack._lied:
            break
    else:
        pytest.skip("no game with a claim step among the seeds tried")
    r = pair.investigator.result
    assert r.status == "cheat" and r.finding["what"] == "hourglass claim" and r.finding["side"] == "jack"
    assert {r.finding["claimed"], r.finding["true"]} == {"claim yes", "claim no"}


def test_a_card_slipped_into_the_deck_is_caught():
    pair = play(5, cheat_jack="deck")
    r = pair.investigator.result
    assert r.status == "cheat" and r.finding["side"] == "jack", r


def test_a_wrong_card_shown_is_caught_at_once():
    pair = play(6, cheat_inv="card")
    for s in (pair.jack, pair.spectators[0]):
        r = s.result
        assert r.status == "cheat" and r.finding["side"] == "investigator" and r.finding["what"] == "card shown"
        assert r.finding["claimed"] != r.finding["true"]
    assert not pair.jack.state.is_over()


def test_a_hash_mismatch_halts_both_with_a_desync_report(tmp_path):
    pair = play(7, cheat_jack="hash")
    rj, ri = pair.jack.result, pair.investigator.result
    assert rj.status == ri.status == "desync"
    rep = ri.desync
    assert rep is not None and set(rep.texts) == {"jack", "investigator"} and set(rep.hashes) == {"jack",
                                                                                               "investigator"}
    assert rep.hashes["jack"] == "0" * 32 and rep.ply is not None and rep.ruleset == "pocket"
    assert "jack=?" in rep.texts["jack"]                 # Jack's side of the report keeps his secret
    saved = json.loads(rep.save(tmp_path / "desync.json").read_text())
    assert saved["seed"] == pair.jack.tr.layout_seed and saved["log"][0]["t"] == "commit"


def test_a_relay_that_rewrites_a_players_message_is_caught_by_that_player():
    class ForgingRelay(LocalPair):
        forged = False

        def deliver(self, sender: str, msg: dict) -> None:
            if sender == "jack" and msg["t"] == "act" and msg["a"][0] == "witness" and not self.forged:
                self.forged = True
                msg = {**msg, "a": ["witness", "unseen" if msg["a"][1] == "seen" else "seen"]}
            super().deliver(sender, msg)

    pair = ForgingRelay(Session("jack", GID, master(50)), Session("investigator", GID, master(51)))
    pair.run(chooser())
    r = pair.jack.result
    assert pair.forged and r.status == "violation" and r.finding["side"] == "relay"


def test_messages_out_of_turn_are_a_violation_by_their_sender():
    j = Session("jack", GID, master(30))
    i = Session("investigator", GID, master(31))
    i.receive({"t": "commit", "seq": 1, "from": "investigator", "c": b"\0" * 32})
    assert i.result.status == "violation" and i.result.finding["side"] == "investigator"
    j.receive({"t": "commit", "seq": 1, "from": "jack", "c": j.secrets.commit(0)})
    j.receive({"t": "commit", "seq": 2, "from": "investigator", "c": b"\1" * 32})
    j.receive({"t": "reveal", "seq": 3, "from": "jack", "k": 0, "r": j.secrets.r(0), "c": j.secrets.commit(1)})
    j.receive({"t": "reveal", "seq": 4, "from": "investigator", "k": 0, "r": b"\2" * 32, "c": b"\3" * 32,
               "h": "0" * 32})
    assert j.result.status == "cheat" and "commitment" in j.result.finding["what"]
    # Anyone can check a commitment from the log: the abort is proof enough, no key is opened for it.
    assert j.outgoing()["t"] == "abort" and j.outgoing() is None


def test_the_decision_api_guards_its_turn():
    j = Session("jack", GID, master(40))
    i = Session("investigator", GID, master(41))
    pair = LocalPair(j, i)
    with pytest.raises(ValueError):
        j.decide("holmes 1")
    while not (i.needs_decision() or j.needs_decision()):
        for s in (j, i):
            msg = s.outgoing()
            if msg is not None:
                pair.deliver(s.role, msg)
    mover = i if i.needs_decision() else j
    other = j if mover is i else i
    with pytest.raises(ValueError):
        other.decide(mover.observation().legal_actions()[0])
    illegal = next(a for a in ("witness seen", "joker none", "rotate 0 N", "rotate 0 E")
                   if a not in map(str, mover.observation().legal_actions()))
    with pytest.raises((IllegalActionError, ValueError)):
        mover.decide(illegal)
    msg = mover.decide(mover.observation().legal_actions()[0])
    assert msg["t"] == "act" and not mover.needs_decision()   # sent: no second move before the echo
    assert mover.observation().view == mover.role and mover.observation().rng is None
    assert Session("spectator", GID).outgoing() is None


def test_a_side_that_never_opens_its_keys_leaves_the_result_unverified():
    j = Session("jack", GID, master(60))
    i = Session("investigator", GID, master(61))
    pair = LocalPair(j, i)
    choose = chooser(seed=2)
    while not (j.state is not None and j.state.is_over()):
        assert pair.step(choose)
    msg = j.outgoing()
    assert msg["t"] == "open"
    pair.deliver("jack", msg)          # Jack opens; the investigator never does
    j.give_up("the other side did not open its keys in time")
    r = j.result
    assert r.status == "unverified" and r.winner is not None and not r.verified


def test_constructor_refuses_bad_roles_and_games():
    with pytest.raises(ValueError):
        Session("referee", GID, master(1))
    with pytest.raises(ValueError):
        Session("jack", GID, None)
    with pytest.raises(ValueError):
        Session("jack", GID, master(1), game="chess")
    with pytest.raises(ValueError):
        Session("jack", GID, master(1), game="london", edition="1888")
    with pytest.raises(ValueError):
        Session("jack", GID, master(1), game="newyork", edition="2006")
    assert Session("jack", GID, master(1), game="mr-jack").edition == "2006"   # London's default
    assert Side.JACK.value == "jack"


# ------------------------------------------------------------- London and New York
def seeking_cards(seed: int, bot: str = "greedy"):  # type: ignore[no-untyped-def]
    """Bots that take Holmes when they can and step onto a talkative informant: many secret draws."""
    base = chooser(bot, bot, seed)

    def choose(s: Session):  # type: ignore[no-untyped-def]
        obs = s.observation()
        legal = obs.legal_actions()
        for a in legal:
            if a.kind == "play" and a.args[0] == "holmes":
                return a
            if obs.game == "newyork" and obs.talk and a.kind in ("to", "move") and a.args[-1] == obs.describe()[
                    "board"]["informant"]["cell"]:
                return a
        return base(s)
    return choose


@pytest.mark.parametrize("game, edition, n", [("london", None, 1), ("london", "2016", 2), ("newyork", None, 3)])
def test_london_and_newyork_games_end_verified_and_their_record_replays(game, edition, n):
    j = Session("jack", GID, master(70 + 2 * n), game=game, edition=edition)
    i = Session("investigator", GID, master(71 + 2 * n), game=game, edition=edition)
    pair = CheckedPair(j, i, [Session("spectator", GID, game=game, edition=edition)])
    pair.run(chooser("greedy", "random", n))
    results = [s.result for s in (j, i, *pair.spectators)]
    assert all(r.status == "finished" and r.verified for r in results), [r.reason for r in results]
    assert len({(r.winner, r.termination, r.public_hash) for r in results}) == 1
    assert j.public_log() == i.public_log() == pair.spectators[0].public_log()
    assert j.public_log()[:2] == ["identity ?", j.result.audit.record[1]]      # the deal is public
    assert j.public_log()[1].startswith("deal ") and j.tr.layout_seed is None
    record = j.result.audit.record
    assert record[0].startswith("identity ") and "?" not in " ".join(record) and i.result.audit.record == record
    meta = {"edition": j.edition} if j.edition else {}
    final = GameRecord(game, 0, record, meta).replay()
    assert final.winner().value == results[0].winner and final.public_hash() == results[0].public_hash
    assert j.edition == (edition or ("2006" if game == "london" else None))


def field(state_text: str, name: str) -> list[str]:
    """A state text's comma-separated field."""
    value = next(p.split("=", 1)[1] for p in state_text.split() if p.startswith(name + "="))
    return [] if value == "-" else value.split(",")


@pytest.mark.parametrize("game, n", [("london", 2), ("newyork", 4)])
def test_secret_draws_go_to_their_drawer_only(game, n):
    """Jack's identity and draws never reach the investigator or a spectator, the investigator's
    own secret draws (Holmes, the informant) never reach Jack, in any view or any message."""
    j = Session("jack", GID, master(90 + 2 * n), game=game)
    i = Session("investigator", GID, master(91 + 2 * n), game=game)
    spy = Session("spectator", GID, game=game)
    pair = CheckedPair(j, i, [spy])
    choose = seeking_cards(n)
    views: list = []

    def watching(s: Session):  # type: ignore[no-untyped-def]
        views.append((str(j.state), str(i.state), str(spy.state)))
        return choose(s)
    pair.run(watching)
    assert j.result.status == i.result.status == spy.result.status == "finished"
    cards = secret_cards(game, None, 0, j.result.audit.record)
    assert cards["jack"][0][0] == 0 and len(cards["investigator"]) >= 1, cards   # both kinds happened
    assert len(cards["jack"]) >= 2 or game == "newyork", cards
    for jv, iv, sv in views:
        assert " icards=" in jv and all(x == "?" for x in field(jv, "icards"))
        for text in (iv, sv):
            assert field(text, "jack") in (["-"], ["?"]) and all(x == "?" for x in field(text, "jcards"))
        assert all(x == "?" for x in field(sv, "icards"))   # the spectator sees no one's secret draws
    for side, cards_of in cards.items():
        values, actions = forbidden(game, GID, side, j.tr.masters[side], cards_of)
        others = [e for e in pair.log if e["from"] != side]
        assert scan(others, side, values, actions) > 10
        with pytest.raises(AssertionError):           # (the scan is not vacuous)
            scan([{"t": "key", "from": "x", "pos": 0, "key": sorted(values)[0]}], side, values, actions)


def test_a_false_verdict_in_london_is_caught_at_the_end():
    """The investigator moves onto Jack; Jack says innocent, wins on the board, and the audit names the lie."""
    j = CheatingSession("jack", GID, master(110), game="london", cheat="verdict")
    i = Session("investigator", GID, master(111), game="london")
    bots = chooser("random", "random", 5)

    def choose(s: Session):  # type: ignore[no-untyped-def]
        legal = s.observation().legal_actions()
        if s.role == "investigator":
            jack = j.state.describe()["jack"]   # the test peeks: the investigator's bot never does
            hit = [a for a in legal if a.kind == "accuse" and a.args[0] == jack]
            if hit:
                return hit[0]
            calm = [a for a in legal if a.kind != "accuse"]
            if calm:
                return calm[0]
        return bots(s)
    pair = CheckedPair(j, i)
    pair.run(choose)
    assert j._lied and j.state.outcome.termination.value == "arrest-wrong"
    r = i.result
    assert r.status == "cheat" and r.opponent_cheated and r.finding["side"] == "jack"
    assert r.finding["what"] == "verdict" and r.finding["claimed"] == "verdict innocent"
    assert r.finding["true"] == "verdict guilty" and "your opponent cheated" in r.summary()


def test_a_message_the_relay_refused_is_not_taken_for_a_forgery():
    """At a game's end both sides may send at once; the loser of the race gets ``action/stale``.
    Its next message then comes back first, and is not taken for a forgery (a London witness lie
    here, which later makes Jack's true verdict impossible in the investigator's view)."""
    class RefusingRelay(CheckedPair):
        refused = False

        def deliver(self, sender: str, msg: dict) -> None:
            if msg["t"] == "abort" and not self.refused:
                self.refused = True      # as if another message had taken its seq
                return
            super().deliver(sender, msg)

    j = CheatingSession("jack", GID, master(6), game="london", cheat="witness")
    i = Session("investigator", GID, master(7), game="london")
    pair = RefusingRelay(j, i)
    pair.run(chooser("greedy", "greedy", 3))
    assert pair.refused
    r = i.result
    # The lie makes a later verdict impossible in the investigator's view: a violation by Jack that
    # anyone can check from the log, so the investigator keeps his keys closed.
    assert r.status == "violation" and r.finding["side"] == "jack" and "verdict" in r.reason, r.reason
    assert "investigator" not in i.tr.masters


def test_a_desync_text_never_holds_the_investigators_secret_draws():
    """The text sent to the other side in a desync report hides both sides' secret cards."""
    j = Session("jack", GID, master(120), game="london")
    i = Session("investigator", GID, master(121), game="london")
    pair = CheckedPair(j, i)
    choose = seeking_cards(2)
    while not any(c >= 0 for c in i.state.icards):
        assert pair.step(choose), "the investigator never drew"
    assert all(x == "?" for x in field(i.public_text(), "icards")) and field(i.public_text(), "jack") == ["?"]
    assert all(x == "?" for x in field(j.public_text(), "jcards")) and field(j.public_text(), "jack") == ["?"]


def test_the_shipped_session_cannot_lie() -> None:
    """The lying peers live with the tests (tests/net/cheats.py): the shipped
    session takes no cheat, trusts no lie of its own and sends what it decides."""
    with pytest.raises(TypeError):
        Session("jack", GID, master(1), cheat="witness")  # type: ignore[call-arg]
    assert not hasattr(Session, "_maybe_lie") and Session.accepts_own_lies is False
    pair = play(1, spectate=False)
    for s in (pair.jack, pair.investigator):
        assert s.result is not None and s.result.status == "finished"


def test_autoplay_loads_the_tests_liar_and_refuses_an_unknown_cheat() -> None:
    from net.autoplay import cheating_session

    liar = cheating_session("hash")("jack", GID, master(1))
    assert isinstance(liar, Session) and liar.accepts_own_lies and type(liar) is not Session
    with pytest.raises(ValueError, match="unknown cheat"):
        cheating_session("bogus")


def test_a_lie_that_rules_out_the_honest_sides_own_draw_stops_the_game_and_the_audit_names_it():
    """Jack's false witness answer leaves one suspect in the investigator's view, who is then not in
    the deck there; the investigator's next draw is that very card.  His session does not fail on its
    own draw: it stops the game, both keys open, and the audit names Jack's witness answer."""
    j = CheatingSession("jack", "7" * 32, bytes([89, 0]) * 16, game="pocket", cheat="witness")
    i = Session("investigator", "7" * 32, bytes([89, 7]) * 16, game="pocket")
    pair = LocalPair(j, i)
    greedy = make_bot("greedy")
    pair.run(lambda s: greedy.choose(s.observation(), bot_rng(4, s.role, s.state.ply)))
    assert [m["t"] for m in pair.log[-3:]] == ["abort", "open", "open"] and pair.log[-3]["from"] == "investigator"
    r = i.result
    assert r.status == "cheat" and r.opponent_cheated and r.winner is None
    assert r.finding["side"] == "jack" and r.finding["what"] == "witness answer"
    assert "jack cheated" in r.summary()
