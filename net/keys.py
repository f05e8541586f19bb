"""Seat keys: an Ed25519 key pair per seat, signed game messages and a signed rejoin.

A seat's key pair is made when the seat is taken and kept with the seat
(the client's seat file, mode 0600).  Its public half goes to the server
in ``create``/``join`` and to both peers in ``start``; from then on

- every game message carries ``sig`` = Ed25519 over
  :func:`message_bytes` (game id, ``seq``, sender, the body): the relay
  checks it before it logs or forwards, every peer and spectator checks it
  again before it applies anything, so neither a third connection nor the
  relay can put a move in a player's name;
- ``rejoin`` carries ``proof`` = a signature over the server's per-connection
  challenge (``welcome.challenge``), so a leaked token alone takes no seat.

The signed bytes are msgpack of a list with the body's fields sorted by
name, so the relay's re-encoding of a map cannot change them.
"""

from __future__ import annotations

import functools
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat, PublicFormat

from .framing import packb

#: Fields a signature does not cover: added by the relay (``from``) or the signature itself.
UNSIGNED = frozenset({"from", "sig", "seq"})
SIG_LEN = 64
PUB_LEN = 32


class SeatKey:
    """One seat's Ed25519 key pair.

    >>> k = SeatKey.new()
    >>> verify(k.public, k.sign(b"x"), b"x"), verify(k.public, k.sign(b"x"), b"y")
    (True, False)
    >>> SeatKey.from_bytes(k.private_bytes()).public == k.public
    True
    """

    def __init__(self, key: Ed25519PrivateKey) -> None:
        self._key = key
        self.public: bytes = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)

    @classmethod
    def new(cls) -> SeatKey:
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_bytes(cls, raw: bytes) -> SeatKey:
        """:raises ValueError: if ``raw`` is not a 32-byte private key."""
        return cls(Ed25519PrivateKey.from_private_bytes(raw))

    def private_bytes(self) -> bytes:
        return self._key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())

    def sign(self, data: bytes) -> bytes:
        return self._key.sign(data)

    def sign_message(self, game_id: str, sender: str, msg: dict) -> dict:
        """``msg`` (with its ``seq``) with ``sig`` added."""
        msg["sig"] = self.sign(message_bytes(game_id, msg["seq"], sender, msg))
        return msg

    def prove(self, challenge: bytes, room: str, side: str) -> bytes:
        return self.sign(rejoin_bytes(challenge, room, side))


def verify(public: bytes, sig: Any, data: bytes) -> bool:
    """Whether ``sig`` is ``public``'s signature of ``data`` (never raises)."""
    if type(public) is not bytes or len(public) != PUB_LEN or type(sig) is not bytes or len(sig) != SIG_LEN:
        return False
    try:
        _public_key(public).verify(sig, data)
    except (InvalidSignature, ValueError):
        return False
    return True


@functools.lru_cache(maxsize=4096)
def _public_key(public: bytes) -> Ed25519PublicKey:
    """Parsed once per seat: a relay checks the same few keys over and over."""
    return Ed25519PublicKey.from_public_bytes(public)


def message_bytes(game_id: str, seq: int, sender: str, msg: dict) -> bytes:
    """What a game message's signature covers: game id, seq, sender and every body field."""
    body = [[k, msg[k]] for k in sorted(msg) if k not in UNSIGNED]
    return packb(["mrjack/msg/1", game_id, seq, sender, body])


def verify_message(public: bytes, game_id: str, sender: str, msg: dict) -> bool:
    seq = msg.get("seq")
    if type(seq) is not int:
        return False
    try:
        data = message_bytes(game_id, seq, sender, msg)
    except (TypeError, ValueError):   # a body msgpack cannot encode: not signed by anyone
        return False
    return verify(public, msg.get("sig"), data)


def rejoin_bytes(challenge: bytes, room: str, side: str) -> bytes:
    return packb(["mrjack/rejoin/1", challenge, room.upper(), side])
