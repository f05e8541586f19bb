"""One peer's lockstep game: its side's engine view, the fair-play steps, hash checks.

A :class:`Session` knows nothing of sockets.  It is fed the room's relayed
messages in ``seq`` order (its own included: a peer applies its own
message only when the server echoes it back, so the log is the single
truth) and says what to send next:

- :meth:`Session.receive` applies one relayed message;
- :meth:`Session.outgoing` gives the automatic message due from this peer
  (commitments, reveals, deck steps, card keys, the final opening), if any;
- :meth:`Session.needs_decision` / :meth:`Session.decide` are the player's
  moves (a bot or the UI chooses from :meth:`Session.observation`).

Every message that changes the engine carries its author's
``public_hash()`` after the step; the receiver applies the step in its own
view and compares.  A mismatch halts the game with a :class:`DesyncReport`.
At the end both peers open their master secrets and :func:`net.fairplay.audit`
checks every answer and card.

What differs between the games (which chance is public, who may open which
card, how many cards can be dealt) comes from the game's
:class:`net.games.NetRules`; the session itself never asks which game it is.

The order of messages is fixed, so at any moment exactly one peer may
send (see :meth:`Session.expected`); the server's ``seq`` check then never
sees two peers race.

>>> from net.fairplay import new_master
>>> a, b = Session("jack", "0" * 32, new_master()), Session("investigator", "0" * 32, new_master())
>>> a.expected()
('jack', 'commit')
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from twisted.logger import Logger

from game.engine.actions import Action
from game.engine.core import Side, ToMove
from game.engine.errors import IllegalActionError, ParseError
from game.engine.hashing import digest
from game.engine.rng import Rng

from . import fairplay as fp
from .games import NetRules, rules
from .keys import verify_message
from .messages import GAME, SERVER, Code, ProtocolError, validate

SIDES = ("jack", "investigator")
log = Logger()
DECK_AUTHOR = {1: "jack", 2: "investigator", 3: "jack"}


def _other(side: str) -> str:
    return "investigator" if side == "jack" else "jack"
UNSURE = "either deck step may be at fault; the opened keys will tell"
RULED_OUT = "an earlier answer or a deck step is false; the opened keys will tell"


def bot_rng(seed: int, side: str, ply: int) -> Rng:
    """The generator a bot gets for its decision at ``ply``: the same after a restart."""
    return Rng(int(digest(["mrjack/bot/1", seed & ((1 << 64) - 1), side, ply])[:16], 16))


def jsonable(value: Any) -> Any:
    """Bytes as hex, everything else as is: for reports and traces."""
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value


@dataclass
class DesyncReport:
    """OpenRA-style sync report: enough to compare both peers' files line by line."""

    ruleset: str
    seed: int | None
    game_id: str
    ply: int | None
    seq: int
    role: str
    hashes: dict[str, str]
    texts: dict[str, str]
    own_text: str | None          # this peer's own view (may hold its secrets: kept local)
    log: list[dict]

    def to_dict(self) -> dict:
        return jsonable(self.__dict__)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, sort_keys=True)

    def save(self, path: str | Path) -> Path:
        """Write the report for its owner only (mode 0600): it holds this peer's own secrets."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.fchmod(fd, 0o600)   # also when the file was there before
        with os.fdopen(fd, "w") as f:
            f.write(self.to_json())
        return path


@dataclass
class Result:
    """How the session ended.

    ``status``: ``finished`` (audit passed), ``cheat`` (a finding; see
    ``finding["side"]``), ``desync``, ``violation`` (a message against the
    protocol), ``resigned`` (a side stopped the game without proof or opened
    its keys mid-game: ``winner`` is the other), ``aborted`` (a timeout, a
    side left; ``winner`` set when a side left), ``unverified``.
    """

    status: str
    role: str
    winner: str | None = None
    termination: str | None = None
    public_hash: str | None = None
    ply: int | None = None
    verified: bool = False
    finding: dict | None = None
    desync: DesyncReport | None = None
    audit: fp.AuditReport | None = None
    reason: str = ""
    forgeries: list = field(default_factory=list)   # messages refused for a bad signature, as received

    @property
    def opponent_cheated(self) -> bool:
        return self.finding is not None and self.finding.get("side") not in (None, self.role)

    def summary(self) -> str:
        if self.status == "finished":
            return f"{self.winner} won ({self.termination}); every answer and card checked"
        if self.status == "cheat" and self.finding is not None:
            who = "your opponent" if self.opponent_cheated else self.finding.get("side")
            f = fp.Finding(**self.finding)
            return f"{who} cheated: {f}"
        if self.status == "resigned":
            return f"{self.winner} won: {self.reason}"
        return f"{self.status}: {self.reason}"

    def to_dict(self) -> dict:
        return {"status": self.status, "role": self.role, "winner": self.winner,
                "termination": self.termination, "hash": self.public_hash, "ply": self.ply,
                "verified": self.verified, "cheat": self.finding, "reason": self.reason,
                "opponent_cheated": self.opponent_cheated, "summary": self.summary(),
                "desync": None if self.desync is None else self.desync.to_dict(), "forgeries": self.forgeries}


class SessionError(Exception):
    """The relayed stream itself is broken (a gap in ``seq``): rejoin to catch up."""


class Session:
    """One peer's view of one networked game; see the module docstring.

    ``role`` is ``"jack"``, ``"investigator"`` or ``"spectator"`` (who
    follows the investigator's view without the investigator's own secret
    draws, sends nothing, and audits at the end).  ``game`` is a rule set
    with network play (:data:`net.games.NETWORK_GAMES`), ``edition`` its
    printing where it has several (London).  This session never lies: the
    tests' lying peers subclass it (``tests/net/cheats.py``) through
    :meth:`_act_message`, :meth:`_make_deck` and :meth:`_make_card`.
    """

    #: Whether this peer's own moves are applied as sent even where its view
    #: finds them illegal: only a test's lying subclass sets it.
    accepts_own_lies = False

    def __init__(self, role: str, game_id: str, master: bytes | None = None, *,
                 game: str = "pocket", edition: str | None = None) -> None:
        if role not in (*SIDES, "spectator"):
            raise ValueError(f"bad role {role!r}")
        self.rules: NetRules = rules(game)   # ValueError for a game without network play
        game = self.rules.name
        edition = self.rules.edition(edition)
        if role != "spectator" and master is None:
            raise ValueError("a player needs a master secret")
        self.role, self.game_id, self.game, self.edition = role, game_id, game, edition
        self.view = Side.JACK if role == "jack" else Side.INVESTIGATOR
        self.secrets = None if master is None or role == "spectator" else fp.PeerSecrets(
            master, game_id, role, game)
        self.tr = fp.Transcript(game, game_id, edition=edition)
        self.vocab = self.rules.vocab
        #: This view's game; a fixed set-up exists at once, Pocket's once node 0 is revealed.
        self.state: Any = None if self.rules.layout else self.rules.new_state(0, edition).observation(self.view)
        self.seq = 0
        self.entries: list[dict] = []
        self.node = 0          # next public chance node
        self.next_pos = 0      # next deck position to deal
        self.result: Result | None = None
        self.outbox: list[dict] = []
        self._sent_at: int | None = None
        self._desync_sent = False
        self._owe_open = False   # our keys, once the side that stopped the game has opened its own
        #: The seats' Ed25519 public keys (``bind_keys``); while ``None`` nothing is checked (tests).
        self.keys: dict[str, bytes] | None = None
        #: Messages that did not carry their sender's signature: never applied, kept for the report.
        self.forgeries: list[dict] = []
        self._sent: list[dict] = []   # what this peer sent and has not seen echoed yet

    # ----------------------------------------------------------- queries
    @property
    def over(self) -> bool:
        """The session is finished (result known) one way or another."""
        return self.result is not None

    def expected(self) -> tuple[str, str] | None:
        """``(side, message type)`` that must come next, or ``None`` when nothing will."""
        if self.result is not None:
            return None
        tr = self.tr
        if 0 not in tr.commits["jack"]:
            return ("jack", "commit")
        if 0 not in tr.commits["investigator"]:
            return ("investigator", "commit")
        if self.state is None:   # Pocket: node 0 lays out the tiles
            return ("jack", "reveal") if 0 not in tr.reveals["jack"] else ("investigator", "reveal")
        if len(tr.decks) < 3:
            n = len(tr.decks) + 1
            return (DECK_AUTHOR[n], "deck")
        st = self.state
        tm = st.to_move()
        if tm is ToMove.OVER:
            for s in SIDES:
                if s not in tr.masters:
                    return (s, "open")
            return None
        if tm is ToMove.CHANCE:
            if st.phase in self.rules.public_chance:
                return ("jack", "reveal") if self.node not in tr.reveals["jack"] else ("investigator", "reveal")
            # A secret card: the other side's key opens it to its recipient (the key is the step),
            # or, for a card shown to both, the other's key first, then the recipient's "card".
            to = self.rules.recipient(st)
            other = _other(to)
            if self.rules.shown(st) and self.next_pos in tr.keys[other]:
                return (to, "card")
            return (other, "key")
        return (tm.value, "act")

    def needs_decision(self) -> bool:
        """Whether this peer must choose a move now (and has not sent it yet)."""
        return (self.result is None and self.role != "spectator" and self._sent_at != self.seq
                and self.expected() == (self.role, "act"))

    def observation(self) -> Any:
        """What this peer's player may know now: its own view, without a generator."""
        if self.state is None:
            raise ValueError("the game has not started")
        return self.state.observation(self.view)

    def public_hash(self) -> str | None:
        return None if self.state is None else self.state.public_hash()

    def public_text(self) -> str:
        """The state as the other side may see it (no secret of this peer): without Jack's
        identity and draws, and without the investigator's secret draws (London, New York)."""
        if self.state is None:
            return ""
        public = self.state.observation(Side.INVESTIGATOR)
        if "investigator" not in self.rules.shown_draws:
            public = public.observation(Side.JACK)
        return str(public)

    def public_log(self) -> list[str]:
        """The engine steps as this view played them (hidden cards stay ``?``)."""
        return [s.action for s in self.tr.steps]

    def bind_keys(self, keys: dict[str, bytes]) -> None:
        """Both seats' public keys, as the room's ``start`` gives them: from now on every
        message must carry its sender's signature (a side without a key can send nothing)."""
        self.keys = {s: k for s, k in keys.items() if s in SIDES and type(k) is bytes}
        self.tr.seat_keys = dict(self.keys)

    # ------------------------------------------------------------- sending
    def resync(self) -> None:
        """Forget what was sent but not yet echoed (after a reconnect and catch-up)."""
        self._sent_at = None
        self._sent.clear()

    def outgoing(self) -> dict | None:
        """The next automatic message from this peer (marked as sent), or ``None``."""
        if self.outbox:
            msg = self.outbox.pop(0)
            self._sent.append(dict(msg))
            return msg
        if self.role == "spectator" or self._sent_at == self.seq:
            return None
        exp = self.expected()
        if exp is None or exp[0] != self.role or exp[1] == "act":
            return None
        msg = getattr(self, f"_make_{exp[1]}")()
        self._sent_at = self.seq
        self._sent.append(dict(msg))
        return msg

    def decide(self, action: Action | str) -> dict:
        """The ``act`` message for this peer's move (marked as sent; applied on its echo).

        :raises ValueError: if no move is due from this peer.
        :raises IllegalActionError: if ``action`` is not legal in this view.
        """
        if not self.needs_decision():
            raise ValueError("no move is due from this side now")
        assert self.state is not None
        if isinstance(action, str):
            action = self.vocab.parse(action)
        if not self.state.is_legal(action):
            raise IllegalActionError(f"illegal action {str(action)!r} in {self.state}")
        msg = self._act_message(action)
        self._sent_at = self.seq
        self._sent.append(dict(msg))
        return msg

    def _act_message(self, action: Action) -> dict:
        """The ``act`` message for ``action``: the move and this view's public hash after it."""
        assert self.state is not None
        child = self.state.clone()
        child._apply(action)
        return {"t": "act", "a": action.to_wire(), "h": child.public_hash()}

    def _make_commit(self) -> dict:
        assert self.secrets is not None
        return {"t": "commit", "c": self.secrets.commit(0)}

    def _make_reveal(self) -> dict:
        assert self.secrets is not None
        k = self.node
        msg: dict[str, Any] = {"t": "reveal", "k": k, "r": self.secrets.r(k), "c": self.secrets.commit(k + 1)}
        if self.role == "investigator":
            seed = fp.chance_seed(self.game_id, k, self.tr.reveals["jack"][k], self.secrets.r(k))
            if self.state is None:  # the layout
                msg["h"] = self.rules.new_state(seed, self.edition).observation(self.view).public_hash()
            else:
                step = fp.chance_for(self.state, seed)
                msg["a"] = step.to_wire()
                msg["h"] = self.state.child(step).public_hash()
        return msg

    def _make_deck(self) -> dict:
        assert self.secrets is not None
        n = len(self.tr.decks) + 1
        if n == 1:
            cards = self.secrets.deck1()
        elif n == 2:
            cards = self.secrets.deck2(self.tr.decks[1])
        else:
            cards = self.secrets.deck3(self.tr.decks[2])
        return {"t": "deck", "n": n, "cards": [fp.i2b(x) for x in cards]}

    def _make_key(self) -> dict:
        assert self.secrets is not None and self.state is not None
        pos = self.next_pos
        msg: dict[str, Any] = {"t": "key", "pos": pos, "key": fp.i2b(self.secrets.pos_key(pos))}
        if not self.rules.shown(self.state):  # a card for the other side only: this message is the step
            step = self.rules.hidden(self.state.phase)
            msg["a"] = step.to_wire()
            msg["h"] = self.state.child(step).public_hash()
        return msg

    def _make_card(self) -> dict:
        assert self.secrets is not None and self.state is not None
        pos = self.next_pos
        key = self.secrets.pos_key(pos)
        other = _other(self.role)
        idx = fp.open_card(self.game, self.tr.decks[3][pos], self.tr.keys[other][pos], key)
        ids = self.rules.ids
        if idx is None:
            # The deck does not decrypt: say so and stop (the audit will show whose fault).
            self._unsure(fp.Finding(other, f"card {pos} does not decrypt to a card", detail=UNSURE))
            return self.outbox.pop(0)
        step = self.rules.card_step("draw", ids[idx])
        try:
            after = self.state.child(step)
        except IllegalActionError:
            # Our own draw is impossible in our view: an earlier answer of the other side
            # (a witness call, say) ruled this card out, or the deck was forged.  Both masters
            # open and the audit names the liar; the game cannot go on from a false view.
            self._unsure(fp.Finding(other, f"card {pos} is {ids[idx]}, which the game so far rules out",
                                    detail=RULED_OUT))
            return self.outbox.pop(0)
        return {"t": "card", "pos": pos, "key": fp.i2b(key), "a": step.to_wire(), "h": after.public_hash()}

    def _make_open(self) -> dict:
        assert self.secrets is not None
        return {"t": "open", "m": self.secrets.master}

    # ----------------------------------------------------------- receiving
    def receive(self, msg: dict) -> None:
        """Apply one relayed message; whatever it holds, it never raises but for a gap.

        A message of the wrong shape, at the wrong time or with values out of
        range halts the game as a violation naming its sender (``relay`` when
        even the sender is unreadable); nothing a peer sends reaches an
        unchecked lookup.

        :raises SessionError: if ``seq`` skips a number (the caller should rejoin).
        """
        seq = msg.get("seq") if type(msg) is dict else None
        if type(seq) is not int:
            self._violation("relay", "a relayed message without a number")
            return
        if seq <= self.seq:
            return  # a duplicate from an overlapping catch-up
        if seq != self.seq + 1:
            raise SessionError(f"expected message {self.seq + 1}, got {seq}")
        self.seq = seq
        self.entries.append(msg)
        sender = msg.get("from")
        if sender not in SIDES:
            self._violation("relay", f"message {seq} names no player as its sender")
            return
        try:
            validate(msg, SERVER)
            if msg["t"] not in GAME:
                raise ProtocolError(Code.MSG_UNKNOWN_TYPE, msg["t"][:24])
        except ProtocolError as exc:
            self._violation(sender, f"a malformed message ({exc})")
            return
        if self.keys is not None and not verify_message(self.keys.get(sender, b""), self.game_id, sender, msg):
            self._forged(seq, sender, msg)
            return
        try:
            self._receive(msg, seq, msg["t"], sender)
        except (ParseError, IllegalActionError) as exc:
            self._violation(sender, str(exc)[:200])
        except Exception as exc:  # a check we missed: still the sender's message, never our crash
            log.failure("message {seq} from {sender} broke a check", seq=seq, sender=sender)
            self._violation(sender, f"message {seq} could not be applied ({type(exc).__name__})")

    def _forged(self, seq: int, sender: str, msg: dict) -> None:
        """A message in ``sender``'s name without ``sender``'s signature: the relay (or whoever it
        let in) wrote it.  It is not applied; the game stops and the report keeps it."""
        self.forgeries.append(jsonable(msg))
        side = "you" if sender == self.role else f"the {sender}"
        self._halt("violation", fp.Finding("relay", "forged a message", seq=seq,
                                           detail=f"message {seq} in {sender}'s name is not signed by {sender}'s key"),
                   send=True, reason=f"message {seq} claimed to come from {side} but was not signed by that seat's "
                                     f"key: the server or someone through it forged it, and it was not applied")
        if self.result is not None:
            self.result.forgeries = list(self.forgeries)

    def _receive(self, msg: dict, seq: int, t: str, sender: str) -> None:
        if sender == self.role and self._sent:
            # Our own message coming back: it must be one we sent (the relay cannot speak for us).
            # Messages sent before it that never came back were refused (a stale seq when both
            # sides sent at once, as at the end of a game): they are dropped, not a forgery.
            # (``turn`` is added by the client for the clock, after the session made the message)
            body = {k: v for k, v in msg.items() if k not in ("seq", "from", "sig", "turn")}
            if body not in self._sent:
                self._sent.clear()
                self._halt("violation", fp.Finding("relay", "changed a message", seq=seq,
                                                   detail=f"message {seq} in {sender}'s name is not what was sent"),
                           send=True, reason=f"the relay changed message {seq} sent by {sender}")
                return
            del self._sent[:self._sent.index(body) + 1]
        if t == "desync":
            self._on_desync(sender, msg)
            return
        if t == "abort":
            if self.result is None:
                self._finish_abort(sender, msg)
            return
        exp = self.expected()
        if t == "open" and (self.result is not None or exp != (sender, t)):
            self._on_late_open(sender, msg)
            return
        if self.result is not None:
            return
        if exp != (sender, t):
            self._violation(sender, f"expected {exp[1] if exp else 'nothing'} from "
                                    f"{exp[0] if exp else '-'}, got {t} from {sender}")
            return
        getattr(self, f"_on_{t}")(sender, msg)

    def _step(self, sender: str, seq: int, action: Action, public: Action, h: str | None,
              pos: int | None = None, own_lie_ok: bool = False, hidden_ok: bool = False) -> None:
        """Apply ``action`` in this view (``public`` goes in the log) and compare hashes.

        ``own_lie_ok``: our own lie (a test's lying peer); ``hidden_ok``: a card step this view may only
        see as ``?`` even where the view's rules would name it (a spectator).
        """
        assert self.state is not None
        st = self.state
        if st.is_legal(action):
            st.apply(action)
        elif own_lie_ok or (hidden_ok and action.args == ("?",) and st.to_move() is ToMove.CHANCE
                            and st.phase == action.kind):
            st._apply(action)
        else:
            self._violation(sender, f"{action} is not legal here")
            return
        self.tr.steps.append(fp.Step(seq, sender, str(public), pos))
        if h is None:
            self._violation(sender, f"step {public} without a hash")
            return
        if st.public_hash() != h:
            self._start_desync(sender, h)

    def _on_commit(self, sender: str, msg: dict) -> None:
        self.tr.commits[sender][0] = msg["c"]
        self.tr.seqs[f"commit/{sender}/0"] = msg["seq"]

    def _on_reveal(self, sender: str, msg: dict) -> None:
        k = msg["k"]
        tr = self.tr
        if k != self.node:
            self._violation(sender, f"reveal for chance node {k}, expected {self.node}")
            return
        if fp.commitment(self.game_id, sender, k, msg["r"]) != tr.commits[sender].get(k):
            self._halt("cheat", fp.Finding(sender, f"chance value {k} does not match its commitment",
                                           seq=msg["seq"]), send=True)
            return
        tr.reveals[sender][k] = msg["r"]
        tr.commits[sender][k + 1] = msg["c"]
        tr.seqs[f"reveal/{sender}/{k}"] = msg["seq"]
        tr.seqs[f"commit/{sender}/{k + 1}"] = msg["seq"]
        if sender == "jack":
            return
        seed = fp.chance_seed(self.game_id, k, tr.reveals["jack"][k], msg["r"])
        self.node += 1
        if self.state is None:  # Pocket's node 0: the layout
            self.state = self.rules.new_state(seed, self.edition).observation(self.view)
            tr.layout_seed = seed
            if msg.get("h") != self.state.public_hash():
                self._start_desync(sender, msg.get("h") or "0" * 32)
            return
        step = fp.chance_for(self.state, seed)
        if msg.get("a") is not None and msg["a"] != step.to_wire():
            self._violation(sender, f"chance step {msg['a']} is not what the chance values give ({step})")
            return
        self._step(sender, msg["seq"], step, step, msg.get("h"))

    def _on_deck(self, sender: str, msg: dict) -> None:
        n = msg["n"]
        want = len(self.tr.decks) + 1
        size = len(self.rules.ids) if want == 1 else min(self.rules.deal, len(self.tr.decks[1]))
        if n != want or len(msg["cards"]) != size:
            self._violation(sender, f"deck step {n} with {len(msg['cards'])} cards, expected step {want} "
                                    f"with {size}")
            return
        cards = [fp.b2i(c) for c in msg["cards"]]
        if sender != self.role:  # our own deck is right by construction
            if len(set(cards)) != len(cards) or not all(fp.is_element(x) for x in cards):
                self._halt("cheat", fp.Finding(sender, f"deck step {n} holds repeated or foreign values",
                                               seq=msg["seq"]), send=True)
                return
        self.tr.decks[n] = cards
        self.tr.seqs[f"deck/{n}"] = msg["seq"]

    def _check_key(self, sender: str, msg: dict) -> int | None:
        if msg["pos"] != self.next_pos or msg["pos"] >= len(self.tr.decks[3]):
            self._violation(sender, f"key for card {msg['pos']}, expected {self.next_pos}")
            return None
        key = fp.b2i(msg["key"])
        if not fp.is_key(key):
            self._violation(sender, "a key out of range")
            return None
        self.tr.keys[sender][msg["pos"]] = key
        self.tr.seqs[f"key/{sender}/{msg['pos']}"] = msg["seq"]
        return key

    def _on_key(self, sender: str, msg: dict) -> None:
        st = self.state
        assert st is not None
        key = self._check_key(sender, msg)
        if key is None:
            return
        pos = msg["pos"]
        if self.rules.shown(st):  # the first half of opening a card to both: its "card" is the step
            return
        kind = st.phase
        public = self.rules.hidden(kind)
        if msg.get("a") != public.to_wire():
            self._violation(sender, f"expected {public} with the key, got {msg.get('a')}")
            return
        action = public
        if self.role == self.rules.recipient(st):   # ours: only we can take the last key off
            assert self.secrets is not None
            idx = fp.open_card(self.game, self.tr.decks[3][pos], self.secrets.pos_key(pos), key)
            if idx is None:
                self._unsure(fp.Finding(sender, f"card {pos} does not decrypt to a card", detail=UNSURE,
                                        seq=msg["seq"]))
                return
            action = self.rules.card_step(kind, self.rules.ids[idx])
            if not st.is_legal(action):
                self._unsure(fp.Finding(sender, f"card {pos} was already dealt",
                                        seq=msg["seq"], claimed=str(action), detail=UNSURE))
                return
        self.next_pos += 1
        # A spectator follows the investigator's view without his secret draws: "draw ?" there.
        self._step(sender, msg["seq"], action, public, msg.get("h"), pos=pos, hidden_ok=self.role == "spectator")

    def _on_card(self, sender: str, msg: dict) -> None:
        assert self.state is not None
        key = self._check_key(sender, msg)
        if key is None:
            return
        pos = msg["pos"]
        ids = self.rules.ids
        claimed = self.vocab.from_wire(msg["a"])
        other = _other(sender)
        element, ko = self.tr.decks[3][pos], self.tr.keys[other][pos]
        if claimed.kind == "draw" and claimed.args[0] in ids and fp.card_matches(
                self.game, ids.index(str(claimed.args[0])), element, ko, key):
            idx: int | None = ids.index(str(claimed.args[0]))
        else:
            idx = fp.open_card(self.game, element, ko, key)
        if idx is None:
            self._halt("cheat", fp.Finding(other, f"card {pos} does not decrypt to a card", detail=UNSURE,
                                           seq=msg["seq"]), send=True)
            return
        true = self.rules.card_step("draw", ids[idx])
        if claimed != true:
            self._halt("cheat", fp.Finding(sender, "card shown", msg["seq"], self.state.ply, str(claimed),
                                           str(true)), send=True)
            return
        self.next_pos += 1
        self._step(sender, msg["seq"], true, true, msg.get("h"), pos=pos)

    def _on_act(self, sender: str, msg: dict) -> None:
        action = self.vocab.from_wire(msg["a"])
        if action.kind in ("identity", "draw", *self.rules.public_chance):
            self._violation(sender, f"{action} is a chance step, not a move")
            return
        self._step(sender, msg["seq"], action, action, msg["h"],
                   own_lie_ok=sender == self.role and self.accepts_own_lies)

    def _on_open(self, sender: str, msg: dict) -> None:
        self.tr.masters[sender] = msg["m"]
        self.tr.seqs[f"open/{sender}"] = msg["seq"]
        if all(s in self.tr.masters for s in SIDES):
            self._finish_audit()

    # ------------------------------------------------------------ endings
    def _finish_audit(self) -> None:
        assert self.state is not None
        self.tr.outcome = None if self.state.outcome is None else str(self.state.outcome)
        report = fp.audit(self.tr, trusted=None if self.role == "spectator" else self.role)
        base = dict(role=self.role, winner=self.state.winner().value if self.state.winner() else None,
                    termination=self.state.outcome.termination.value if self.state.outcome else None,
                    public_hash=self.state.public_hash(), ply=self.state.ply, audit=report)
        if report.ok:
            self.result = Result("finished", verified=True, **base)
        else:
            first = report.findings[0]
            self.result = Result("cheat", verified=False, finding=first.to_dict(), reason=str(first), **base)

    def _halt(self, status: str, finding: fp.Finding | None, send: bool, reason: str = "",
              open_keys: bool = False) -> None:
        """Stop the game.

        Keys are opened only when the proof needs them (``open_keys``: a card only this
        peer could decrypt did not open; the audit of both masters says whose fault it was).
        Everything else that halts a game is checkable by anyone from the log, so no
        secret is given away for it.
        """
        if self.result is not None:
            return
        st = self.state
        self.result = Result(status, self.role, public_hash=self.public_hash(),
                             ply=None if st is None else st.ply,
                             finding=None if finding is None else finding.to_dict(),
                             reason=reason or (str(finding) if finding else status))
        if self.role == "spectator":
            return
        if send:
            self.outbox.append({"t": "abort", "reason": status, "detail": self.result.reason[:300]})
        if open_keys and self.role not in self.tr.masters and self.secrets is not None:
            self.outbox.append(self._make_open())

    def _unsure(self, finding: fp.Finding) -> None:
        """Stop for a fault only this peer can see (a card of its own): the keys must say whose it is."""
        self._halt("cheat", finding, send=True, open_keys=True)

    def _on_late_open(self, sender: str, msg: dict) -> None:
        """A master opened after a halt (or mid-game: a resignation); audit what was played.

        A peer that stopped the game without proof (or opened mid-game) gets our keys only
        now that its own are open: it cannot look at our secrets and walk away.
        """
        if sender in self.tr.masters:
            return
        self.tr.masters[sender] = msg["m"]
        self.tr.seqs[f"open/{sender}"] = msg["seq"]
        if self.result is None:
            if self.state is not None and self.state.is_over():
                return   # the end's openings, one out of its turn: the other's still completes the audit
            self._resigned(sender, f"{sender} opened its keys and resigned")
        if self._owe_open and sender != self.role and self.secrets is not None and self.role not in self.tr.masters:
            self._owe_open = False
            self.outbox.append(self._make_open())
        if all(s in self.tr.masters for s in SIDES) and self.result is not None and self.result.audit is None:
            report = fp.audit(self.tr, trusted=None if self.role == "spectator" else self.role)
            self.result.audit = report
            if report.findings:
                first = report.findings[0]
                self.result.status = "cheat"
                self.result.finding = first.to_dict()
                self.result.reason = str(first)
            elif report.ok and self.result.status == "unverified":   # an abort after the end, cleared
                self.result.status, self.result.verified = "finished", True

    def _violation(self, sender: str, why: str) -> None:
        self._halt("violation", fp.Finding(sender, "broke the protocol", seq=self.seq, detail=why), send=True,
                   reason=f"{sender} broke the protocol at message {self.seq}: {why}")

    def _finish_abort(self, sender: str, msg: dict) -> None:
        """An ``abort`` this view cannot check: the sender's resignation.

        Had the sender's reason been in the log, this view would have halted on it already.
        If it was a fault only the sender could see (a card of its own), it opens its keys
        first; ours follow, and the audit of both then names whoever was at fault.
        """
        claim = f"{msg.get('reason')} {msg.get('detail', '')}".strip()
        self._resigned(sender, f"{sender} stopped the game without proof ({claim[:200]}): a resignation")

    def _resigned(self, side: str, reason: str) -> None:
        """``side`` gave up: it loses, unless the game already has its winner (then it is only unverified)."""
        st = self.state
        if st is not None and st.is_over() and st.outcome is not None:
            self.result = Result("unverified", self.role, winner=st.outcome.winner.value,
                                 termination=st.outcome.termination.value, public_hash=st.public_hash(),
                                 ply=st.ply, reason=reason)
        else:
            self.result = Result("resigned", self.role, winner=_other(side), termination="resignation",
                                 public_hash=self.public_hash(), ply=None if st is None else st.ply, reason=reason)
        self._owe_open = side != self.role

    def give_up(self, reason: str, left: str | None = None) -> None:
        """End the session from outside (a timeout, the side ``left`` abandoned its seat); keys stay closed.

        If the game itself is over, the result keeps its winner but is ``unverified``;
        a side that left an unfinished game loses it.
        """
        st = self.state
        if self.result is None and st is not None and st.is_over() and st.outcome is not None:
            self.result = Result("unverified", self.role, winner=st.outcome.winner.value,
                                 termination=st.outcome.termination.value, public_hash=st.public_hash(),
                                 ply=st.ply, reason=reason)
            return
        self._halt("aborted", None, send=False, reason=reason)
        if left in SIDES and self.result is not None and self.result.status == "aborted":
            self.result.winner = _other(left)

    def _report(self) -> DesyncReport:
        st = self.state
        return DesyncReport(self.game, self.tr.setup_seed(), self.game_id, None if st is None else st.ply,
                            self.seq, self.role, {}, {}, None if st is None else str(st),
                            [jsonable(e) for e in self.entries])

    def _start_desync(self, sender: str, theirs: str) -> None:
        """Our hash differs from ``sender``'s: stop, and send our side of the report."""
        if self.result is not None:
            return
        rep = self._report()
        mine = self.public_hash() or "0" * 32
        rep.hashes = {self.role: mine, sender: theirs}
        rep.texts = {self.role: self.public_text()}
        self.result = Result("desync", self.role, public_hash=mine, ply=rep.ply, desync=rep,
                             reason=f"hash mismatch with {sender} at ply {rep.ply}")
        if self.role != "spectator":
            self.outbox.append(self._desync_msg(theirs))

    def _desync_msg(self, theirs: str) -> dict:
        self._desync_sent = True
        st = self.state
        return {"t": "desync", "ply": 0 if st is None else st.ply, "mine": self.public_hash() or "0" * 32,
                "theirs": theirs, "text": self.public_text()[:4000]}

    def _on_desync(self, sender: str, msg: dict) -> None:
        if self.result is None or self.result.desync is None:
            if self.result is not None:  # halted for another reason: still answer with our text
                if sender != self.role and not self._desync_sent and self.role != "spectator":
                    self.outbox.append(self._desync_msg(msg["mine"]))
                return
            rep = self._report()
            rep.hashes = {sender: msg["mine"]}
            if sender != self.role:
                rep.hashes[self.role] = self.public_hash() or "0" * 32
                rep.texts = {self.role: self.public_text()}
            self.result = Result("desync", self.role, public_hash=self.public_hash(), ply=rep.ply, desync=rep,
                                 reason=f"{sender} reported a hash mismatch at ply {msg['ply']}")
        rep = self.result.desync
        assert rep is not None
        rep.texts[sender] = msg["text"]
        rep.hashes.setdefault(sender, msg["mine"])
        rep.log = [jsonable(e) for e in self.entries]
        if sender != self.role and not self._desync_sent and self.role != "spectator":
            self.outbox.append(self._desync_msg(msg["mine"]))


@dataclass
class LocalPair:
    """Two sessions (and any spectators) wired back to back: the relay in memory.

    For tests and tools: ``run(choose)`` plays to the end, ``choose(session)``
    returning the move of the session that must decide.
    """

    jack: Session
    investigator: Session
    spectators: list[Session] = field(default_factory=list)
    log: list[dict] = field(default_factory=list)

    def deliver(self, sender: str, msg: dict) -> None:
        entry = {**msg, "seq": len(self.log) + 1, "from": sender}
        self.log.append(entry)
        for s in (self.jack, self.investigator, *self.spectators):
            s.receive(entry)

    def step(self, choose) -> bool:  # type: ignore[no-untyped-def]
        """Deliver the next message due from either peer; ``False`` once nothing is due."""
        for s in (self.jack, self.investigator):
            msg = s.outgoing()
            if msg is None and s.needs_decision():
                msg = s.decide(choose(s))
            if msg is not None:
                self.deliver(s.role, msg)
                return True
        return False

    def run(self, choose, max_messages: int = 2000) -> None:  # type: ignore[no-untyped-def]
        """Play until nothing more is due.

        :raises RuntimeError: if that takes more than ``max_messages``.
        """
        for _ in range(max_messages):
            if not self.step(choose):
                return
        raise RuntimeError("the game did not end")
