"""Fair play between two peers without a trusted server (``FAIRPLAY.md``).

Pure functions and values: no Twisted, no I/O.

Public chance
    Each peer commits to a chain of random values; at chance node ``k``
    both reveal ``r_k`` (with the commitment to ``r_{k+1}``) and the outcome
    is drawn from ``H("chance" | game_id | k | r_k(jack) | r_k(investigator))``.
    In Pocket node 0 is the tile layout, node 1, 2, ... the token throws; in
    London and New York node 0, 1, ... are the character cards of the odd
    rounds (the set-up is fixed).  :mod:`net.games` says which is which.

Secret cards: two-party SRA over the RFC 3526 2048-bit MODP safe prime
    ``p = 2q + 1``.  Cards are quadratic residues ``m_i = h(i)^2 mod p``
    with ``h`` a hash into the group, so that nobody knows a discrete-log
    relation between two cards.  (Encoding card ``i`` as ``g^(i+1)`` would
    leak the whole shuffle: ``E(m_j) = E(m_0)^(j+1)`` for any key, so a
    peer could sort the encrypted deck by trying powers; see
    ``tests/net/test_fairplay.py``.)

    1. Jack encrypts the deck's cards (9 in Pocket, 8 in London and New
       York) with his shuffle key ``a`` and permutes:
       ``D1 = perm_J([m_i^a])``.
    2. The investigator picks ``DEAL`` of them in secret order and puts a
       fresh key on each position: ``D2[k] = D1[pick[k]]^(b_k)``.
    3. Jack removes ``a`` and puts his own key on each position:
       ``D3[k] = D2[k]^(a^-1 a_k) = m^(a_k b_k)``.

    Position ``k`` is opened to one side when the other sends its key for
    ``k``, to both when both do.  Position 0 is Jack's identity, positions
    1, 2, ... the alibi draws.  Only the cards that can ever be dealt (1 +
    4 in Pocket and London, 1 + 7 in New York: :mod:`net.games`) go through
    steps 2 and 3, which keeps the cost at about fifteen (New York: about
    twenty-five) full 2048-bit exponentiations a game; the keys ``a``,
    ``a_k`` and ``b_k`` are 320-bit exponents, like short-exponent
    Diffie-Hellman.

Every secret of a peer derives from one 32-byte master secret (:class:`PeerSecrets`),
so a restarted client can rebuild them, and at the end of the game each
peer opens its master; :func:`audit` then re-derives everything the other
sent and replays the game with every card known.
"""

from __future__ import annotations

import hashlib
import secrets as _secrets
from dataclasses import asdict, dataclass, field
from typing import Any

from game.engine.core import Side
from game.engine.errors import ParseError
from game.engine.hashing import canonical_bytes
from game.engine.rng import below

from .games import NETWORK_GAMES, NetRules, rules

try:   # GMP's modular exponentiation; the results are the same numbers without it, only slower
    import gmpy2 as _gmp
except ImportError:  # pragma: no cover - gmpy2 is a dependency; a checkout without it still works
    _gmp = None

#: RFC 3526, section 3: the 2048-bit MODP group (a safe prime).
P = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74"
    "020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F1437"
    "4FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF05"
    "98DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB"
    "9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF695581718"
    "3995497CEA956AE515D2261898FA051015728E5A8AACAA68FFFFFFFFFFFFFFFF", 16)
Q = (P - 1) // 2
ELEMENT_BYTES = 256
EXP_BITS = 320
SIDES = ("jack", "investigator")

#: Per game: the cards of the deck (in a fixed order) and how many positions can ever be dealt.
DECKS: dict[str, tuple[tuple[str, ...], int]] = {g: (rules(g).ids, rules(g).deal) for g in NETWORK_GAMES}


# ------------------------------------------------------------------ hashing
def H(*parts: Any) -> bytes:
    """blake2b-256 of the canonical msgpack list of ``parts`` (unambiguous)."""
    return hashlib.blake2b(canonical_bytes(list(parts)), digest_size=32).digest()


def new_master() -> bytes:
    """A fresh 32-byte master secret from the OS generator."""
    return _secrets.token_bytes(32)


def i2b(x: int) -> bytes:
    """A group element or exponent as big-endian bytes (256 for elements)."""
    return x.to_bytes(ELEMENT_BYTES, "big")


def b2i(b: bytes) -> int:
    return int.from_bytes(b, "big")


def jacobi(a: int, n: int) -> int:
    """The Jacobi symbol (a/n) for odd ``n > 0``; the Legendre symbol when ``n`` is prime.

    >>> [jacobi(x, 7) for x in range(7)]
    [0, 1, 1, -1, 1, -1, -1]
    """
    a %= n
    result = 1
    while a:
        while not a & 1:
            a >>= 1
            if n & 7 in (3, 5):
                result = -result
        a, n = n, a
        if a & 3 == 3 and n & 3 == 3:
            result = -result
        a %= n
    return result if n == 1 else 0


def powmod(base: int, exp: int, mod: int) -> int:
    """``pow(base, exp, mod)`` for ``exp >= 0``: through GMP when ``gmpy2`` is installed (6-10 times
    faster for these 2048-bit numbers, which is what makes the server's judging cheap), else Python's."""
    if _gmp is None:
        return pow(base, exp, mod)
    return int(_gmp.powmod(base, exp, mod))


def is_element(x: int) -> bool:
    """Whether ``x`` is a quadratic residue other than 1 (the group SRA works in)."""
    return 1 < x < P - 1 and (jacobi(x, P) if _gmp is None else int(_gmp.jacobi(x, P))) == 1


def is_key(x: int) -> bool:
    return 1 < x < Q


def card_element(game: str, card: str) -> int:
    """The group element that stands for ``card``: a hashed value, squared."""
    h = hashlib.shake_256(canonical_bytes(["mrjack/card/1", game, card])).digest(ELEMENT_BYTES + 16)
    x = int.from_bytes(h, "big") % P
    return x * x % P


_CARDS: dict[str, tuple[list[int], dict[int, int]]] = {}


def cards(game: str) -> tuple[list[int], dict[int, int]]:
    """The deck's elements in card order, and element -> card index."""
    if game not in _CARDS:
        ids, _ = DECKS[game]
        elems = [card_element(game, c) for c in ids]
        _CARDS[game] = (elems, {m: i for i, m in enumerate(elems)})
    return _CARDS[game]


def commitment(game_id: str, side: str, k: int, r: bytes) -> bytes:
    return H("commit", game_id, side, k, r)


def chance_seed(game_id: str, k: int, r_jack: bytes, r_investigator: bytes) -> int:
    """The 64-bit outcome seed of public chance node ``k``."""
    return int.from_bytes(H("chance", game_id, k, r_jack, r_investigator)[:8], "big")


def chance_for(state, seed: int):  # type: ignore[no-untyped-def]
    """The public chance step a seed gives (a token throw, a deal), from the state's sorted outcomes."""
    outcomes = state.legal_actions()
    return outcomes[below(seed, len(outcomes))]


throw_for = chance_for  # Pocket's name for it


def open_card(game: str, element: int, key_jack: int, key_investigator: int) -> int | None:
    """The card index at a position once both keys are known; ``None`` if it is no card."""
    d = pow(key_jack * key_investigator % Q, -1, Q)
    return cards(game)[1].get(powmod(element, d, P))


class PeerSecrets:
    """Everything secret of one peer in one game, derived from its master secret."""

    def __init__(self, master: bytes, game_id: str, side: str, game: str = "pocket") -> None:
        if len(master) != 32 or side not in SIDES:
            raise ValueError("a master secret is 32 bytes, a side jack or investigator")
        self.master, self.game_id, self.side, self.game = master, game_id, side, game
        self._cache: dict[tuple, Any] = {}

    def _kdf(self, n: int, *label: Any) -> bytes:
        return hashlib.shake_256(canonical_bytes(
            ["mrjack/kdf/1", self.master, self.game_id, self.side, *label])).digest(n)

    def _exponent(self, *label: Any) -> int:
        key = ("e", *label)
        if key not in self._cache:
            v = int.from_bytes(self._kdf(EXP_BITS // 8, *label), "big")
            self._cache[key] = v | (1 << (EXP_BITS - 1))
        return self._cache[key]

    def _permutation(self, label: str, n: int) -> list[int]:
        order = list(range(n))
        for i in range(n - 1, 0, -1):
            j = int.from_bytes(self._kdf(16, label, i), "big") % (i + 1)
            order[i], order[j] = order[j], order[i]
        return order

    # commit-reveal
    def r(self, k: int) -> bytes:
        return self._kdf(32, "chance", k)

    def commit(self, k: int) -> bytes:
        return commitment(self.game_id, self.side, k, self.r(k))

    # the deck
    def shuffle_key(self) -> int:
        return self._exponent("shuffle")

    def pos_key(self, k: int) -> int:
        return self._exponent("pos", k)

    def perm(self) -> list[int]:
        """Jack's secret order: ``D1[k]`` holds card ``perm[k]``."""
        if "perm" not in self._cache:
            self._cache["perm"] = self._permutation("shuffle", len(DECKS[self.game][0]))
        return self._cache["perm"]

    def pick(self, n: int) -> list[int]:
        """The investigator's secret choice: ``D2[k]`` comes from ``D1[pick[k]]``."""
        if ("pick", n) not in self._cache:
            self._cache[("pick", n)] = self._permutation("pick", n)
        return self._cache[("pick", n)]

    def deck1(self) -> list[int]:
        """Jack: every card under the shuffle key, in his secret order."""
        elems, _ = cards(self.game)
        a = self.shuffle_key()
        return [powmod(elems[c], a, P) for c in self.perm()]

    def deck2(self, deck1: list[int]) -> list[int]:
        """The investigator: ``DEAL`` cards of ``deck1`` in secret order, one key per position."""
        _, deal = DECKS[self.game]
        pick = self.pick(len(deck1))
        return [powmod(deck1[pick[k]], self.pos_key(k), P) for k in range(min(deal, len(deck1)))]

    def deck3(self, deck2: list[int]) -> list[int]:
        """Jack: the shuffle key swapped for one key per position (full-size exponents)."""
        a_inv = pow(self.shuffle_key(), -1, Q)
        return [powmod(x, a_inv * self.pos_key(k) % Q, P) for k, x in enumerate(deck2)]

    def deck3_matches(self, deck2: list[int], deck3: list[int]) -> int | None:
        """The first position where ``deck3`` is not ``deck3(deck2)``, else ``None``.

        Checks ``D3[k]^a == D2[k]^(a_k)``: two short exponentiations instead of a full one.
        """
        if len(deck2) != len(deck3):
            return min(len(deck2), len(deck3))
        a = self.shuffle_key()
        for k, (x, y) in enumerate(zip(deck2, deck3, strict=True)):
            if powmod(y, a, P) != powmod(x, self.pos_key(k), P):
                return k
        return None


def card_matches(game: str, card: int, element: int, key_jack: int, key_investigator: int) -> bool:
    """Whether ``element`` is ``card`` under both keys (a 640-bit exponent, cheaper than opening)."""
    return powmod(cards(game)[0][card], key_jack * key_investigator % Q, P) == element


# ------------------------------------------------------------------- records
@dataclass
class Step:
    """One engine step as the public log has it."""

    seq: int
    author: str
    action: str            # public text: "identity ?" and Jack's "draw ?" stay hidden
    pos: int | None = None  # deck position of a card step


@dataclass
class Transcript:
    """What a peer has seen of one game: enough to audit it once the masters are open."""

    game: str
    game_id: str
    commits: dict[str, dict[int, bytes]] = field(default_factory=lambda: {s: {} for s in SIDES})
    reveals: dict[str, dict[int, bytes]] = field(default_factory=lambda: {s: {} for s in SIDES})
    decks: dict[int, list[int]] = field(default_factory=dict)
    keys: dict[str, dict[int, int]] = field(default_factory=lambda: {s: {} for s in SIDES})
    steps: list[Step] = field(default_factory=list)
    masters: dict[str, bytes] = field(default_factory=dict)
    seqs: dict[str, int] = field(default_factory=dict)   # where each kind of message was, for reports
    layout_seed: int | None = None
    outcome: str | None = None                           # the outcome the side views reached
    edition: str | None = None                           # London's printing
    seat_keys: dict[str, bytes] = field(default_factory=dict)  # Ed25519 public keys bound at the start

    @property
    def rules(self) -> NetRules:
        return rules(self.game)

    def setup_seed(self) -> int | None:
        """The seed of the set-up: node 0's for Pocket, 0 for a fixed set-up; ``None`` before node 0."""
        return self.layout_seed if self.rules.layout else 0


@dataclass
class Finding:
    """A broken promise: who, where, what they claimed and what was true."""

    side: str
    what: str
    seq: int | None = None
    ply: int | None = None
    claimed: str | None = None
    true: str | None = None
    detail: str = ""

    def __str__(self) -> str:
        where = f" at ply {self.ply}" if self.ply is not None else ""
        where += f" (message {self.seq})" if self.seq is not None else ""
        text = f"{self.side} cheated{where}: {self.what}"
        if self.claimed is not None or self.true is not None:
            text += f" claimed {self.claimed!r}, true {self.true!r}"
        if self.detail:
            text += f" ({self.detail})"
        return text

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class AuditReport:
    ok: bool
    findings: list[Finding]
    cards: list[str | None]          # the card at each dealt position
    record: list[str]                # the game in the full view (claims left out)
    outcome: str | None              # the outcome with every secret known
    complete: bool = True            # False if a master is missing

    def to_dict(self) -> dict:
        return {"ok": self.ok, "complete": self.complete, "findings": [f.to_dict() for f in self.findings],
                "cards": self.cards, "record": self.record, "outcome": self.outcome}


def _first_mismatch(got: list[int], want: list[int]) -> int | None:
    if len(got) != len(want):
        return min(len(got), len(want))
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        if g != w:
            return i
    return None


def audit(tr: Transcript, trusted: str | None = None) -> AuditReport:
    """Check every message of both peers against their opened masters, then replay.

    ``trusted`` names the side whose deck steps need no re-computation
    (the auditing peer's own).  Not checked: the timing of messages (the
    session checked the order).
    Returns findings in the order of the game; the first is the one to show.
    """
    game = tr.game
    ids, _ = DECKS[game]
    missing = [s for s in SIDES if s not in tr.masters]
    if missing:
        return AuditReport(False, [Finding(s, "did not open its keys") for s in missing], [], [], None,
                           complete=False)
    peer = {s: PeerSecrets(tr.masters[s], tr.game_id, s, game) for s in SIDES}
    findings: list[Finding] = []
    # 1. commit-reveal chains
    for s in SIDES:
        for k, c in sorted(tr.commits[s].items()):
            if c != peer[s].commit(k):
                findings.append(Finding(s, f"commitment {k} does not match the opened secret",
                                        seq=tr.seqs.get(f"commit/{s}/{k}")))
                break
        for k, r in sorted(tr.reveals[s].items()):
            if r != peer[s].r(k):
                findings.append(Finding(s, f"chance value {k} does not match the opened secret",
                                        seq=tr.seqs.get(f"reveal/{s}/{k}")))
                break
    # 2. the deck, step by step, from what each peer received (a peer need not check its own)
    d1, d2, d3 = tr.decks.get(1), tr.decks.get(2), tr.decks.get(3)
    deck_ok = True
    if d1 is not None and trusted != "jack" and (i := _first_mismatch(d1, peer["jack"].deck1())) is not None:
        findings.append(Finding("jack", "shuffled deck is not what his secret gives",
                                seq=tr.seqs.get("deck/1"), detail=f"position {i}"))
        deck_ok = False
    if d1 is not None and d2 is not None and trusted != "investigator" and (
            i := _first_mismatch(d2, peer["investigator"].deck2(d1))) is not None:
        findings.append(Finding("investigator", "re-keyed deck is not what his secret gives",
                                seq=tr.seqs.get("deck/2"), detail=f"position {i}"))
        deck_ok = False
    if d2 is not None and d3 is not None and trusted != "jack" and (
            i := peer["jack"].deck3_matches(d2, d3)) is not None:
        findings.append(Finding("jack", "re-keyed deck is not what his secret gives",
                                seq=tr.seqs.get("deck/3"), detail=f"position {i}"))
        deck_ok = False
    # 3. every key opened during play
    for s in SIDES:
        for pos, key in sorted(tr.keys[s].items()):
            if key != peer[s].pos_key(pos):
                findings.append(Finding(s, f"key for card {pos} is not what his secret gives",
                                        seq=tr.seqs.get(f"key/{s}/{pos}")))
    # 4. the cards: with honest decks, position k holds card perm[pick[k]]; else decrypt
    dealt = [st.pos for st in tr.steps if st.pos is not None]
    card_at: dict[int, str | None] = {}
    if d1 is not None and d3 is not None:
        perm, pick = peer["jack"].perm(), peer["investigator"].pick(len(d1))
        for pos in dealt:
            if pos >= len(d3):
                continue
            if deck_ok:
                card_at[pos] = ids[perm[pick[pos]]]
            else:
                idx = open_card(game, d3[pos], peer["jack"].pos_key(pos), peer["investigator"].pos_key(pos))
                card_at[pos] = None if idx is None else ids[idx]
    # 5. the game with every secret known
    record, outcome, replay_findings = _replay(tr, card_at)
    findings.extend(replay_findings)
    findings.sort(key=lambda f: (f.seq if f.seq is not None else 1 << 30))
    cards_list = [card_at.get(p) for p in sorted(card_at)]
    return AuditReport(not findings, findings, cards_list, record, outcome)


#: What a false step of Jack's is called in a finding, by the kind of the step.
LIES = {"witness": "witness answer", "verdict": "verdict", "escape": "escape"}


def _replay(tr: Transcript, card_at: dict[int, str | None]) -> tuple[list[str], str | None, list[Finding]]:
    """Replay the public steps in a full view, filling in the hidden cards."""
    seed = tr.setup_seed()
    if seed is None:
        return [], None, []
    game = tr.rules
    state = game.new_state(seed, tr.edition)
    vocab = game.vocab
    record: list[str] = []
    for st in tr.steps:
        kind = st.action.split(" ", 1)[0]
        ply = state.ply
        if kind == "claim" and game.claim is not None:
            truth = game.claim(state)
            if st.action != truth:
                return record, None, [Finding(st.author, "hourglass claim", st.seq, ply, st.action, truth,
                                              f"Jack's hourglasses: {state.hourglasses()}")]
            continue
        if kind in ("identity", "draw") and st.pos is not None:
            card = card_at.get(st.pos)
            if card is None:
                return record, None, [Finding("investigator" if kind == "draw" else "jack",
                                              f"card {st.pos} does not decrypt to a card", st.seq, ply)]
            true_text = f"{kind} {card}"
            if not st.action.endswith("?") and st.action != true_text:
                return record, None, [Finding(st.author, "card shown", st.seq, ply, st.action, true_text)]
            text = true_text
        else:
            text = st.action
        try:
            action = vocab.parse(text)
        except ParseError:
            return record, None, [Finding(st.author, "unknown action", st.seq, ply, text)]
        if state.is_over():
            return record, None, [Finding(st.author, "played on after the true end of the game", st.seq, ply,
                                          text, str(state.outcome))]
        if not state.is_legal(action):
            legal = state.legal_actions()
            if kind in ("witness", "verdict"):   # the rules leave Jack one true answer
                return record, None, [Finding(st.author, LIES[kind], st.seq, ply, text,
                                              str(legal[0]) if legal else None)]
            if kind == "escape":
                jack = state.describe().get("jack")
                return record, None, [Finding(st.author, LIES[kind], st.seq, ply, text, None,
                                              f"only Jack ({jack}) escapes")]
            return record, None, [Finding(st.author, "illegal with every secret known", st.seq, ply, text)]
        state.apply(action)
        record.append(text)
    outcome = None if state.outcome is None else str(state.outcome)
    findings = []
    if tr.outcome is not None and outcome != tr.outcome:
        findings.append(Finding("jack", "the game's end", None, state.ply, tr.outcome, outcome))
    return record, outcome, findings


def side_of(role: str) -> Side:
    return Side.JACK if role == "jack" else Side.INVESTIGATOR
