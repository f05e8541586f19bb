"""A player's identity: a long-term Ed25519 key with a display name, and no password.

Made on first online use and kept in ``identity.json`` in the user folder
(mode 0600, like a seat file).  The server knows a player only by the
public half and the name: two players may share a name, never a key.
Every seat a player takes gets a fresh seat key (:mod:`net.keys`); the
identity signs that seat key (:func:`seat_bytes`), so a game's messages,
signed by the seat key, are bound to the player who took the seat, and
nobody can take a seat in someone else's name.

Moving to another computer: :meth:`Identity.export` writes the same file
elsewhere and :meth:`Identity.import_from` checks and installs it.
"""

from __future__ import annotations

import json
import os
import unicodedata
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from .framing import packb
from .keys import PUB_LEN, SeatKey, verify

FILE_NAME = "identity.json"
FORMAT = "mrjack-identity/1"
NAME_MAX = 24
_STRIPPED = frozenset({"Cc", "Cf", "Cn", "Co", "Cs", "Zl", "Zp"})


class IdentityError(ValueError):
    """An identity file that cannot be used; the message says why in plain words."""


def clean_name(name: str) -> str:
    """The name as the server shows it: NFC, no control/bidi/zero-width characters, 1-24 chars.

    >>> clean_name("  Ann\\u202e  "), clean_name("\\u200b")
    ('Ann', 'player')
    """
    text = "".join(c for c in unicodedata.normalize("NFC", str(name)) if unicodedata.category(c) not in _STRIPPED)
    text = " ".join(text.split())[:NAME_MAX]
    return text or "player"


def seat_bytes(seat_pub: bytes) -> bytes:
    """What an identity signs to own a seat: the seat's public key."""
    return packb(["mrjack/seat-owner/1", seat_pub])


def verify_seat(identity_pub: Any, sig: Any, seat_pub: Any) -> bool:
    """Whether ``sig`` is ``identity_pub``'s signature over the seat key ``seat_pub`` (never raises)."""
    if type(seat_pub) is not bytes or len(seat_pub) != PUB_LEN:
        return False
    return verify(identity_pub, sig, seat_bytes(seat_pub))


class Identity:
    """One player's long-term key and display name.

    >>> me = Identity.new("Ann")
    >>> seat = SeatKey.new()
    >>> verify_seat(me.public, me.sign_seat(seat.public), seat.public)
    True
    >>> verify_seat(Identity.new("Bob").public, me.sign_seat(seat.public), seat.public)
    False
    """

    def __init__(self, key: SeatKey, name: str) -> None:
        self._key = key
        self.public: bytes = key.public
        self.name = clean_name(name)

    @classmethod
    def new(cls, name: str) -> Identity:
        return cls(SeatKey(Ed25519PrivateKey.generate()), name)

    @property
    def fingerprint(self) -> str:
        """A short, readable form of the public key (to tell two players of one name apart)."""
        return self.public.hex()[:8].upper()

    def sign_seat(self, seat_pub: bytes) -> bytes:
        return self._key.sign(seat_bytes(seat_pub))

    def sign(self, data: bytes) -> bytes:
        return self._key.sign(data)

    def owner_fields(self, seat_pub: bytes) -> dict:
        """The fields a ``create``/``join``/``queue``/``rematch`` adds: ``id`` and ``id_sig``."""
        return {"id": self.public, "id_sig": self.sign_seat(seat_pub)}

    # --- the file ---------------------------------------------------------

    def to_dict(self) -> dict:
        return {"format": FORMAT, "name": self.name, "key": self._key.private_bytes().hex(),
                "public": self.public.hex()}

    @classmethod
    def from_dict(cls, data: Any) -> Identity:
        """:raises IdentityError: when ``data`` is not an identity this program wrote."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise IdentityError("this is not a Mr. Jack identity file")
        try:
            key = SeatKey.from_bytes(bytes.fromhex(data["key"]))
            name = data["name"]
        except (KeyError, TypeError, ValueError) as exc:
            raise IdentityError("the identity file is damaged") from exc
        if not isinstance(name, str) or data.get("public") not in (None, key.public.hex()):
            raise IdentityError("the identity file is damaged")
        return cls(key, name)

    def save(self, path: Path) -> Path:
        """Write atomically, readable by this user only (the file is the player's whole account)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump(self.to_dict(), f)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
        return path

    @classmethod
    def load(cls, path: Path) -> Identity:
        """:raises IdentityError: unreadable, not JSON, or not an identity."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError as exc:
            raise IdentityError(f"no identity file at {path}") from exc
        except (OSError, ValueError) as exc:
            raise IdentityError("the identity file cannot be read") from exc
        return cls.from_dict(data)

    @classmethod
    def load_or_create(cls, folder: Path, name: str = "player") -> Identity:
        """The identity kept in ``folder``, made (and saved) on first use.

        A damaged file is renamed aside (``identity.json.damaged``), never
        overwritten in silence: it may be the only copy of a player's key.
        """
        path = Path(folder) / FILE_NAME
        if path.exists():
            try:
                return cls.load(path)
            except IdentityError:
                path.replace(path.with_name(path.name + ".damaged"))
        me = cls.new(name)
        me.save(path)
        return me

    def rename(self, name: str, folder: Path | None = None) -> None:
        self.name = clean_name(name)
        if folder is not None:
            self.save(Path(folder) / FILE_NAME)

    def export(self, path: Path) -> Path:
        """A copy for another computer (same content, mode 0600)."""
        return self.save(path)

    @classmethod
    def import_from(cls, source: Path, folder: Path) -> Identity:
        """Check ``source`` and make it this computer's identity (the old one is kept aside).

        :raises IdentityError: the source is not a valid identity; nothing is changed then.
        """
        me = cls.load(source)
        target = Path(folder) / FILE_NAME
        if target.exists():
            try:
                old = cls.load(target)
            except IdentityError:
                old = None
            if old is not None and old.public != me.public:
                old.save(target.with_name(f"identity-{old.fingerprint}.json"))
        me.save(target)
        return me


def identity_dir() -> Path:
    """Where the identity lives: ``$MRJACK_NET_STATE`` or the user state folder (as seats do)."""
    from .seats import state_dir

    return state_dir()
