"""Lying peers for the tests: a :class:`net.session.Session` that cheats in one chosen way.

The shipped session cannot lie; these tests need a peer that does, to show
that the honest one catches it.  ``cheat`` is ``"witness"``, ``"verdict"``
or ``"claim"`` (Jack lies once, when the lie passes, then keeps the story
straight), ``"deck"`` (Jack slips a second copy of a card into the deck),
``"card"`` (the investigator shows a card he did not draw, Pocket) or
``"hash"`` (a wrong hash on the third move).

``python run.py autoplay`` loads this file (by path, from the source
checkout) when ``MRJACK_TEST_CHEAT`` names a cheat; the screenshot tour
loads it for its desync picture.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from game.engine.actions import Action
from game.engine.core import Side
from net import fairplay as fp
from net.session import Session

CHEATS = ("witness", "verdict", "claim", "deck", "card", "hash")
#: Jack's answers and their opposites.
FLIP = {"seen": "unseen", "unseen": "seen", "yes": "no", "no": "yes", "guilty": "innocent", "innocent": "guilty"}


class CheatingSession(Session):
    """A session that cheats as ``cheat`` says (``None``: plays honestly)."""

    def __init__(self, *args: Any, cheat: str | None = None, **kw: Any) -> None:
        if cheat is not None and cheat not in CHEATS:
            raise ValueError(f"unknown cheat {cheat!r}; known: {', '.join(CHEATS)}")
        super().__init__(*args, **kw)
        self.cheat = cheat
        self.accepts_own_lies = cheat is not None
        self._lied = False
        self._acts = 0

    def _act_message(self, action: Action) -> dict:
        msg = super()._act_message(self._maybe_lie(action))
        self._acts += 1
        if self.cheat == "hash" and self._acts == 3:
            msg["h"] = "0" * 32
        return msg

    def _maybe_lie(self, action: Action) -> Action:
        """Lie once when the lie passes, then keep the story straight."""
        if self.cheat not in ("witness", "claim", "verdict") or action.kind != self.cheat:
            return action
        assert self.state is not None
        public = self.state.observation(Side.INVESTIGATOR).legal_actions()
        other = self.vocab.get(action.kind, FLIP[str(action.args[0])])
        if (not self._lied and other in public) or (self._lied and action not in public):
            self._lied = True
            return other
        return action

    def _make_deck(self) -> dict:
        msg = super()._make_deck()
        if self.cheat == "deck" and msg["n"] == 1:
            assert self.secrets is not None
            elems, _ = fp.cards(self.game)
            key = self.secrets.shuffle_key()
            j = msg["cards"].index(fp.i2b(pow(elems[1], key, fp.P)))
            msg["cards"][j] = fp.i2b(pow(elems[0], key + 2, fp.P))  # a second "card 0"
        return msg

    def _make_card(self) -> dict:
        msg = super()._make_card()
        if self.cheat == "card" and msg["t"] == "card":
            assert self.state is not None
            true = str(self.vocab.from_wire(msg["a"]).args[0])
            card = next(str(a.args[0]) for a in self.state.legal_actions() if a.args[0] not in (true, "?"))
            step = self.rules.card_step("draw", card)
            msg["a"], msg["h"] = step.to_wire(), self.state.child(step).public_hash()
        return msg


def cheating(cheat: str | None) -> Any:
    """A session factory (for :class:`net.client.NetGame`) whose sessions cheat as ``cheat`` says.

    :raises ValueError: for an unknown cheat.
    """
    if cheat is not None and cheat not in CHEATS:
        raise ValueError(f"unknown cheat {cheat!r}; known: {', '.join(CHEATS)}")
    return partial(CheatingSession, cheat=cheat)
