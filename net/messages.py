"""Message types, their shapes, and the enumerated error codes of the wire.

Every message is a msgpack map with a string ``t`` (its type) and the
fields listed here; nothing else is allowed.  :func:`validate` checks one
decoded message against the table for its direction and raises
:class:`ProtocolError` with a :class:`Code` on the first problem.  Shapes
only: whether a move is legal is the peers' business (``net.session``).

>>> validate({"t": "hello", "v": 1, "name": "Ann"}, CLIENT)["name"]
'Ann'
>>> validate({"t": "nope"}, CLIENT)
Traceback (most recent call last):
...
net.messages.ProtocolError: msg/unknown_type: 'nope'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Mapping
from typing import Any

#: Bumped on any incompatible change; ``hello`` must carry exactly this.
#: 2: clocks, claims, ``restarting``, chat history (an old client is told to update).
PROTOCOL_VERSION = 2


class Code(enum.StrEnum):
    """Error codes sent in ``{"t": "error", "code": ...}``."""

    FRAME_TOO_LONG = "frame/too_long"        # a message (or a partial one) over the size limit
    FRAME_BAD = "frame/bad"                  # bytes that are not msgpack
    MSG_NOT_MAP = "msg/not_map"              # a msgpack value that is not a map with a string "t"
    MSG_UNKNOWN_TYPE = "msg/unknown_type"
    MSG_MISSING_FIELD = "msg/missing_field"
    MSG_UNKNOWN_FIELD = "msg/unknown_field"
    MSG_BAD_FIELD = "msg/bad_field"
    MSG_UNEXPECTED = "msg/unexpected"        # a valid message at the wrong time (e.g. before hello)
    HELLO_REQUIRED = "hello/required"
    HELLO_VERSION = "hello/version"
    HELLO_TIMEOUT = "hello/timeout"
    RATE_LIMITED = "rate/limited"
    IDLE_TIMEOUT = "net/idle"
    SLOW_CONSUMER = "net/slow_consumer"      # the peer does not read what we send
    SLOW_SENDER = "net/slow_sender"          # a message that takes too long to arrive in full
    LIMIT_CONNECTIONS = "limit/connections"  # too many connections from one address
    LIMIT_ROOMS = "limit/rooms"              # too many open rooms from one address
    LIMIT_BACKOFF = "limit/backoff"          # too many codes or tokens that named nothing: wait
    SERVER_FULL = "server/full"              # too many connections
    SERVER_NO_ROOMS = "server/no_rooms"      # too many rooms (the connection stays)
    SERVER_INTERNAL = "server/internal"      # our bug, never the client's fault
    ROOM_NOT_FOUND = "room/not_found"
    ROOM_FULL = "room/full"
    ROOM_SIDE_TAKEN = "room/side_taken"
    ROOM_ALREADY_IN = "room/already_in"
    ROOM_NOT_IN = "room/not_in_room"
    ROOM_BAD_TOKEN = "room/bad_token"
    ROOM_REPLACED = "room/replaced"          # the seat was taken over by a rejoin elsewhere
    ROOM_NOT_STARTED = "room/not_started"
    ROOM_OVER = "room/over"
    ROOM_LOG_FULL = "room/log_full"
    GAME_UNKNOWN = "game/unknown"
    ACTION_NOT_PLAYER = "action/not_player"
    ACTION_STALE = "action/stale"            # seq already used: a duplicate or a move on an old state
    ACTION_AHEAD = "action/ahead"            # seq skips numbers
    ACTION_BAD = "action/bad"                # not an action of this game
    ACTION_FORGED = "action/forged"          # the seat's key did not sign it
    SERVER_STORAGE = "server/storage"        # the server could not save: nothing was relayed, try again
    CLOCK_BAD = "clock/bad"                  # a clock the server does not offer
    CLAIM_REFUSED = "claim/refused"          # no flag fell / the opponent is not away long enough
    ID_BAD = "id/bad"                        # an identity's signature of the seat key does not verify
    ID_REQUIRED = "id/required"              # (quick match) a request that needs an identity
    ARCHIVE_NOT_FOUND = "archive/not_found"  # no judged game with that code
    # --- quick match and rematch (section 15)
    QUEUE_ALREADY = "queue/already"          # this connection or identity already waits
    REMATCH_UNAVAILABLE = "rematch/unavailable"   # the room is not over, or the other player left


#: After these the sender's connection is closed.
FATAL = frozenset({
    Code.FRAME_TOO_LONG, Code.FRAME_BAD, Code.MSG_NOT_MAP, Code.MSG_UNKNOWN_TYPE,
    Code.MSG_MISSING_FIELD, Code.MSG_UNKNOWN_FIELD, Code.MSG_BAD_FIELD, Code.HELLO_REQUIRED,
    Code.HELLO_VERSION, Code.HELLO_TIMEOUT, Code.RATE_LIMITED, Code.IDLE_TIMEOUT,
    Code.SLOW_CONSUMER, Code.SERVER_FULL, Code.SERVER_INTERNAL, Code.ROOM_REPLACED, Code.MSG_UNEXPECTED,
    Code.SLOW_SENDER, Code.LIMIT_CONNECTIONS,
})


class ProtocolError(Exception):
    """A message (or frame) that breaks the protocol; ``code`` goes on the wire."""

    def __init__(self, code: Code, detail: str = "") -> None:
        super().__init__(f"{code.value}: {detail}" if detail else code.value)
        self.code = code
        self.detail = detail

    @property
    def fatal(self) -> bool:
        return self.code in FATAL


# ---------------------------------------------------------------- field checks
Check = Callable[[Any], bool]


def is_int(lo: int, hi: int) -> Check:
    return lambda v: type(v) is int and lo <= v <= hi


def is_bool(v: Any) -> bool:
    return type(v) is bool


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def is_text(lo: int, hi: int) -> Check:
    """A string of ``lo..hi`` characters without control characters."""
    return lambda v: type(v) is str and lo <= len(v) <= hi and not _CONTROL.search(v)


def matches(pattern: str) -> Check:
    rx = re.compile(pattern)
    return lambda v: type(v) is str and rx.fullmatch(v) is not None


def is_bin(lo: int, hi: int) -> Check:
    return lambda v: type(v) is bytes and lo <= len(v) <= hi


def one_of(*values: str) -> Check:
    allowed = frozenset(values)
    return lambda v: type(v) is str and v in allowed


def array_of(item: Check, lo: int, hi: int) -> Check:
    return lambda v: type(v) is list and lo <= len(v) <= hi and all(item(x) for x in v)


def map_of(schema: Mapping[str, Check], optional: Mapping[str, Check] = {}) -> Check:  # noqa: B006
    def check(v: Any) -> bool:
        if type(v) is not dict or not all(k in v for k in schema):
            return False
        for k, x in v.items():
            c = schema.get(k) or optional.get(k)
            if c is None or not c(x):
                return False
        return True
    return check


def optional(check: Check) -> Check:
    return lambda v: v is None or check(v)


def _wire_item(v: Any) -> bool:
    return (type(v) is str and 0 < len(v) <= 16) or (type(v) is int and -1 <= v <= 99)


#: An action as ``Action.to_wire()`` gives it: ``[kind, *args]``.
is_wire_action = lambda v: (  # noqa: E731
    type(v) is list and 1 <= len(v) <= 6 and type(v[0]) is str and all(_wire_item(x) for x in v))

is_hash = matches(r"[0-9a-f]{32}")
is_name = is_text(1, 24)
is_room = matches(r"[A-Za-z0-9]{4,12}")
is_token = matches(r"[A-Za-z0-9_\-]{16,64}")
is_game_id = matches(r"[0-9a-f]{32}")
is_side = one_of("jack", "investigator")
is_role = one_of("jack", "investigator", "spectator")
is_seq = is_int(1, 1_000_000)
is_edition = matches(r"[A-Za-z0-9_\-]{1,16}")
is_rid = is_int(0, 2**31 - 1)
is_turn = one_of("jack", "investigator", "none")
is_ms = is_int(0, 10**9)
#: Group elements and exponents of the fair-play protocol, big-endian.
is_element = is_bin(1, 256)
is_secret32 = is_bin(32, 32)
#: Ed25519: a seat's public key, a signature (``net/keys.py``).
is_pub = is_bin(32, 32)
is_sig = is_bin(64, 64)
_KEYS = map_of({}, {"jack": is_pub, "investigator": is_pub})

MAX_DECK = 16
MAX_TEXT = 4000

Schema = tuple[dict[str, Check], dict[str, Check]]

#: Game messages: sent by a player with ``seq``, relayed to the room with ``seq`` and ``from``.
GAME: dict[str, Schema] = {
    "commit": ({"c": is_secret32}, {}),
    "reveal": ({"k": is_int(0, 63), "r": is_secret32, "c": is_secret32},
               {"a": is_wire_action, "h": is_hash}),
    "deck": ({"n": is_int(1, 3), "cards": array_of(is_element, 1, MAX_DECK)}, {}),
    "key": ({"pos": is_int(0, MAX_DECK - 1), "key": is_element}, {"a": is_wire_action, "h": is_hash}),
    "card": ({"pos": is_int(0, MAX_DECK - 1), "key": is_element, "a": is_wire_action, "h": is_hash}, {}),
    "act": ({"a": is_wire_action, "h": is_hash}, {}),
    "open": ({"m": is_secret32}, {}),
    "abort": ({"reason": is_text(1, 40)}, {"detail": is_text(0, 300)}),
    "desync": ({"ply": is_int(0, 10_000), "mine": is_hash, "theirs": is_hash,
                "text": is_text(0, MAX_TEXT)}, {}),
}

_ROOM_INFO = map_of({"code": is_room, "game": is_text(1, 16), "status": one_of("waiting", "playing", "over"),
                     "open": array_of(is_side, 0, 2), "host": is_name, "spectators": is_int(0, 10_000)},
                    {"edition": is_edition})
_PLAYERS = map_of({}, {"jack": optional(is_name), "investigator": optional(is_name)})
# --- ranked play (section 14)
_IDS = map_of({}, {"jack": optional(is_pub), "investigator": optional(is_pub)})
_STATUS = one_of("verified", "cheat", "claimed", "aborted", "unverified", "desync")
_OUTCOME = optional(is_text(1, 40))
_SMALL = is_int(0, 2**31)
_WINS = array_of(_SMALL, 2, 2)
_RATING_CHANGE = map_of({"before": _SMALL, "after": _SMALL, "rd": _SMALL})
_FINDING = map_of({}, {"side": is_text(1, 16), "what": is_text(0, 300), "seq": is_int(0, 1_000_000),
                       "ply": is_int(0, 100_000), "claimed": is_text(0, 300), "true": is_text(0, 300),
                       "detail": is_text(0, 300)})
_RATING_ROW = map_of({"game": is_text(1, 16), "rating": _SMALL, "rd": _SMALL, "games": _SMALL, "provisional": is_bool,
                      "jack": _WINS, "investigator": _WINS})
_RECENT = map_of({"code": is_room, "game": is_text(1, 16), "side": is_side, "opponent": is_name,
                  "opponent_id": optional(is_pub), "outcome": one_of("win", "loss", "none"), "status": _STATUS,
                  "termination": _OUTCOME, "ended": is_int(0, 2**40), "rated": is_bool}, {"edition": is_edition})
_BOARD_ROW = map_of({"rank": _SMALL, "id": is_pub, "name": is_name, "rating": _SMALL, "rd": _SMALL, "games": _SMALL,
                     "jack": _WINS, "investigator": _WINS})
#: A ``GameRecord`` dict (``game/engine/record.py``): what the replay viewer opens.
_RECORD = map_of({"format": is_text(1, 40), "game": is_text(1, 16), "seed": is_int(0, 2**64 - 1),
                  "actions": array_of(is_text(1, 80), 0, 1024)},
                 {"meta": lambda v: type(v) is dict and len(v) <= 16})
#: Optional fields of ``joined`` and ``start`` for a quick match or a rematch (section 15).
_MATCH_FIELDS = {"quick": is_bool, "rematch_of": is_room}

CLIENT: dict[str, Schema] = {
    "hello": ({"v": is_int(0, 1_000_000)}, {"name": is_name, "client": is_text(0, 64)}),
    "ping": ({}, {"n": is_int(0, 2**53)}),
    "list": ({}, {"rid": is_rid}),
    "create": ({"game": is_text(1, 16), "side": one_of("jack", "investigator", "any")},
               {"edition": is_edition, "private": is_bool, "rid": is_rid, "pub": is_pub, "clock": is_text(1, 24),
                "id": is_pub, "id_sig": is_sig, "rated": is_bool}),
    "join": ({"room": is_room}, {"side": is_side, "rid": is_rid, "pub": is_pub, "id": is_pub, "id_sig": is_sig}),
    "spectate": ({"room": is_room}, {"rid": is_rid}),
    "rejoin": ({"room": is_room, "token": is_token, "since": is_int(0, 1_000_000)}, {"rid": is_rid, "proof": is_sig}),
    "leave": ({}, {"rid": is_rid}),
    "chat": ({"text": is_text(1, 300)}, {}),
    "claim": ({"reason": one_of("flag", "away")}, {"rid": is_rid}),
    # --- ranked play (section 14)
    "profile": ({"id": is_pub}, {"game": is_text(1, 16), "rid": is_rid}),
    "leaderboard": ({"game": is_text(1, 16)}, {"offset": is_int(0, 1_000_000), "rid": is_rid}),
    "fetch": ({"code": is_room}, {"rid": is_rid}),
    # --- quick match and rematch (section 15)
    "queue": ({"game": is_text(1, 16), "pub": is_pub},
              {"edition": is_edition, "clock": is_text(1, 24), "id": is_pub, "id_sig": is_sig, "rid": is_rid}),
    "unqueue": ({}, {"rid": is_rid}),
    "rematch": ({}, {"accept": is_bool, "pub": is_pub, "id": is_pub, "id_sig": is_sig, "rid": is_rid}),
    **{t: ({"seq": is_seq, **req}, {**opt, "sig": is_sig, "turn": is_turn}) for t, (req, opt) in GAME.items()},
}

SERVER: dict[str, Schema] = {
    "welcome": ({"v": is_int(0, 1_000_000), "server": is_text(0, 64)}, {"challenge": is_secret32}),
    "pong": ({}, {"n": is_int(0, 2**53)}),
    "rooms": ({"rooms": array_of(_ROOM_INFO, 0, 1000)}, {"rid": is_rid}),
    "joined": ({"room": is_room, "game": is_text(1, 16), "role": is_role, "private": is_bool,
                "seq": is_int(0, 1_000_000), "started": is_bool, "players": _PLAYERS},
               {"edition": is_edition, "token": is_token, "game_id": is_game_id, "rid": is_rid, "watch": is_room,
                "keys": _KEYS, "clock": is_text(1, 24), "ids": _IDS, "rated": is_bool, **_MATCH_FIELDS}),
    "start": ({"room": is_room, "game": is_text(1, 16), "game_id": is_game_id, "players": _PLAYERS},
              {"edition": is_edition, "keys": _KEYS, "ids": _IDS, "rated": is_bool, **_MATCH_FIELDS}),
    "presence": ({"side": is_side, "present": is_bool}, {"left": is_bool, "away": is_ms}),
    "synced": ({"seq": is_int(0, 1_000_000)}, {}),
    "left": ({"room": is_room}, {"rid": is_rid}),
    "chat": ({"from": is_name, "role": is_role, "text": is_text(1, 300)}, {"n": is_int(1, 2**31)}),
    "clock": ({"jack": is_ms, "investigator": is_ms, "run": is_turn}, {"flag": is_side}),
    "claimed": ({"side": is_side, "reason": one_of("flag", "away", "resign")}, {"rid": is_rid}),
    "restarting": ({}, {"detail": is_text(0, 300)}),
    # --- ranked play (section 14)
    "judged": ({"room": is_room, "status": _STATUS, "winner": optional(is_side), "termination": _OUTCOME,
                "rated": is_bool, "verified": is_bool},
               {"finding": _FINDING, "ratings": map_of({}, {"jack": _RATING_CHANGE, "investigator": _RATING_CHANGE})}),
    "profile": ({"id": is_pub, "name": is_text(0, 24), "ratings": array_of(_RATING_ROW, 0, 16),
                 "recent": array_of(_RECENT, 0, 20)}, {"rid": is_rid}),
    "leaderboard": ({"game": is_text(1, 16), "offset": is_int(0, 1_000_000), "total": is_int(0, 2**31),
                     "rows": array_of(_BOARD_ROW, 0, 50),
                     "sides": map_of({"jack": _SMALL, "investigator": _SMALL, "games": _SMALL})}, {"rid": is_rid}),
    "archive": ({"code": is_room, "game": is_text(1, 16), "players": _PLAYERS, "ids": _IDS, "status": _STATUS,
                 "winner": optional(is_side), "termination": _OUTCOME, "ended": is_int(0, 2**40),
                 "record": optional(_RECORD)},
                {"edition": is_edition, "rid": is_rid, "part": is_int(1, 64), "parts": is_int(1, 64)}),
    # --- quick match and rematch (section 15)
    "queued": ({"game": is_text(1, 16), "clock": is_text(1, 24), "waiting": is_int(0, 1_000_000)},
               {"edition": is_edition, "rid": is_rid}),
    "unqueued": ({}, {"rid": is_rid}),
    "rematch_offer": ({"from": is_side}, {}),
    "rematch_declined": ({"from": is_side}, {}),
    "error": ({"code": is_text(1, 40)}, {"detail": is_text(0, 300), "ref": is_text(0, 24),
                                         "rid": is_rid, "fatal": is_bool}),
    **{t: ({"seq": is_seq, "from": is_side, **req}, {**opt, "sig": is_sig, "turn": is_turn})
       for t, (req, opt) in GAME.items()},
}

Direction = dict[str, Schema]


def validate(msg: Any, direction: Direction) -> dict:
    """Check ``msg`` against ``direction`` (:data:`CLIENT` or :data:`SERVER`); return it.

    :raises ProtocolError: ``msg/not_map``, ``msg/unknown_type``,
        ``msg/missing_field``, ``msg/unknown_field`` or ``msg/bad_field``.
    """
    if type(msg) is not dict or type(msg.get("t")) is not str:
        raise ProtocolError(Code.MSG_NOT_MAP, "a message is a map with a string 't'")
    t = msg["t"]
    schema = direction.get(t)
    if schema is None:
        raise ProtocolError(Code.MSG_UNKNOWN_TYPE, repr(t[:24]))
    required, opt = schema
    for name in required:
        if name not in msg:
            raise ProtocolError(Code.MSG_MISSING_FIELD, f"{t}.{name}")
    for name, value in msg.items():
        if name == "t":
            continue
        check = required.get(name) or opt.get(name)
        if check is None:
            raise ProtocolError(Code.MSG_UNKNOWN_FIELD, f"{t}.{str(name)[:24]}")
        if not check(value):
            raise ProtocolError(Code.MSG_BAD_FIELD, f"{t}.{name}")
    return msg


def error(code: Code, detail: str = "", ref: str | None = None, rid: int | None = None) -> dict:
    """The ``error`` message for ``code``."""
    msg: dict[str, Any] = {"t": "error", "code": code.value, "fatal": code in FATAL}
    if detail:
        msg["detail"] = detail[:300]
    if ref:
        msg["ref"] = ref[:24]
    if rid is not None:
        msg["rid"] = rid
    return msg
