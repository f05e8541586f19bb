"""Commit-reveal and the SRA deck: the algebra, the secrecy argument, and the audit."""

from __future__ import annotations

import pytest

from game.engine.pocket.state import IDS
from net import fairplay as fp

GID = "f" * 32


def peers(a: bytes = b"\1" * 32, b: bytes = b"\2" * 32) -> tuple[fp.PeerSecrets, fp.PeerSecrets]:
    return fp.PeerSecrets(a, GID, "jack"), fp.PeerSecrets(b, GID, "investigator")


def test_the_group_is_the_rfc_3526_safe_prime():
    assert fp.P.bit_length() == 2048 and fp.P % 8 == 7
    assert pow(2, fp.P - 1, fp.P) == 1 and pow(3, fp.Q, fp.P) in (1, fp.P - 1)
    assert fp.jacobi(4, fp.P) == 1 and fp.jacobi(fp.P - 1, fp.P) == -1   # -1 is no square mod p


def test_cards_are_distinct_quadratic_residues():
    elems, index = fp.cards("pocket")
    assert len(set(elems)) == 9 and all(fp.is_element(m) for m in elems)
    assert all(pow(m, fp.Q, fp.P) == 1 for m in elems)
    assert [index[m] for m in elems] == list(range(9))


def test_encryption_keys_commute_and_open():
    j, i = peers()
    m = fp.cards("pocket")[0][3]
    a, b = j.pos_key(0), i.pos_key(0)
    assert pow(pow(m, a, fp.P), b, fp.P) == pow(pow(m, b, fp.P), a, fp.P)
    assert fp.open_card("pocket", pow(m, a * b % fp.Q, fp.P), a, b) == 3
    assert fp.card_matches("pocket", 3, pow(m, a * b % fp.Q, fp.P), a, b)
    assert a.bit_length() == fp.EXP_BITS and fp.is_key(a)


def test_the_three_deck_steps_deal_a_permutation_both_shaped():
    j, i = peers()
    d1 = j.deck1()
    d2 = i.deck2(d1)
    d3 = j.deck3(d2)
    assert len(d1) == 9 and len(d2) == len(d3) == 5
    dealt = [fp.open_card("pocket", d3[k], j.pos_key(k), i.pos_key(k)) for k in range(5)]
    assert dealt == [j.perm()[i.pick(9)[k]] for k in range(5)]
    assert len(set(dealt)) == 5
    assert j.deck3_matches(d2, d3) is None
    d3[2] = d3[1]
    assert j.deck3_matches(d2, d3) == 2


def test_one_key_opens_nothing_and_the_deck_hides_its_order():
    """Position k needs both keys; D1 shows no card in the clear."""
    j, i = peers()
    d3 = j.deck3(i.deck2(j.deck1()))
    elems = set(fp.cards("pocket")[0])
    assert not elems & set(j.deck1())
    assert fp.cards("pocket")[1].get(pow(d3[0], pow(j.pos_key(0), -1, fp.Q), fp.P)) is None


def test_the_power_encoding_g_to_the_i_would_leak_the_shuffle():
    """Why cards are hashed into the group: with m_i = 4^(i+1), E(m_j) = E(m_0)^(j+1) for any key."""
    a = fp.PeerSecrets(b"\5" * 32, GID, "jack").shuffle_key()
    naive = [pow(4, i + 1, fp.P) for i in range(9)]
    order = [4, 7, 0, 2, 8, 1, 6, 3, 5]
    deck = [pow(naive[c], a, fp.P) for c in order]             # "encrypted and shuffled"
    # The attacker does not know a, yet finds E(m_0) as the element whose powers are the deck.
    base = next(x for x in deck if all(pow(x, k, fp.P) in deck for k in range(2, 10)))
    recovered = [next(k for k in range(1, 10) if pow(base, k, fp.P) == x) - 1 for x in deck]
    assert recovered == order
    # Our cards have no such relation.
    ours = [pow(fp.cards("pocket")[0][c], a, fp.P) for c in order]
    assert not any(all(pow(x, k, fp.P) in ours for k in range(2, 4)) for x in ours)


def test_commitments_bind_the_value_side_and_node():
    j, i = peers()
    assert fp.commitment(GID, "jack", 0, j.r(0)) == j.commit(0)
    assert j.commit(0) != fp.commitment(GID, "investigator", 0, j.r(0))
    assert j.commit(0) != fp.commitment(GID, "jack", 1, j.r(0))
    assert j.r(0) != j.r(1) and j.r(0) != i.r(0)
    s = fp.chance_seed(GID, 0, j.r(0), i.r(0))
    assert 0 <= s < 2**64 and s != fp.chance_seed(GID, 0, i.r(0), j.r(0))


def test_secrets_derive_from_the_master_alone():
    a1 = fp.PeerSecrets(b"\x09" * 32, GID, "jack")
    a2 = fp.PeerSecrets(b"\x09" * 32, GID, "jack")
    assert a1.deck1() == a2.deck1() and a1.commit(3) == a2.commit(3)
    assert fp.PeerSecrets(b"\x09" * 32, "e" * 32, "jack").commit(3) != a1.commit(3)
    with pytest.raises(ValueError):
        fp.PeerSecrets(b"short", GID, "jack")


def honest_transcript() -> tuple[fp.Transcript, fp.PeerSecrets, fp.PeerSecrets]:
    """A transcript of a short made-up game prefix, as both peers would log it."""
    j, i = peers()
    tr = fp.Transcript("pocket", GID)
    for s in (j, i):
        for k in range(2):
            tr.commits[s.side][k] = s.commit(k)
        tr.reveals[s.side][0] = s.r(0)
    tr.layout_seed = fp.chance_seed(GID, 0, j.r(0), i.r(0))
    tr.decks = {1: j.deck1()}
    tr.decks[2] = i.deck2(tr.decks[1])
    tr.decks[3] = j.deck3(tr.decks[2])
    tr.keys["investigator"][0] = i.pos_key(0)
    tr.steps.append(fp.Step(8, "investigator", "identity ?", 0))
    tr.masters = {"jack": j.master, "investigator": i.master}
    return tr, j, i


def test_the_audit_passes_an_honest_transcript_and_names_the_cards():
    tr, j, i = honest_transcript()
    report = fp.audit(tr)
    assert report.ok and report.complete
    assert report.cards == [IDS[j.perm()[i.pick(9)[0]]]]
    assert report.record == [f"identity {report.cards[0]}"]
    assert fp.audit(tr, trusted="jack").ok and fp.audit(tr, trusted="investigator").ok


@pytest.mark.parametrize("tamper, side", [
    (lambda tr: tr.commits["jack"].__setitem__(1, b"\0" * 32), "jack"),
    (lambda tr: tr.reveals["investigator"].__setitem__(0, b"\0" * 32), "investigator"),
    (lambda tr: tr.decks[1].reverse(), "jack"),
    (lambda tr: tr.decks[2].reverse(), "investigator"),
    (lambda tr: tr.decks[3].reverse(), "jack"),
    (lambda tr: tr.keys["investigator"].__setitem__(0, 12345), "investigator"),
])
def test_the_audit_names_whoever_tampered(tamper, side):
    tr, _, _ = honest_transcript()
    tamper(tr)
    report = fp.audit(tr)
    assert not report.ok and report.findings[0].side == side


def test_an_audit_without_both_masters_is_incomplete():
    tr, _, _ = honest_transcript()
    del tr.masters["jack"]
    report = fp.audit(tr)
    assert not report.ok and not report.complete and report.findings[0].side == "jack"
    assert "did not open" in str(report.findings[0])
