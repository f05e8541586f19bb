"""London positions for rule tests: the 2006 start position and the fields a test changes over it.

Used by the London rules tests and the card-game rules tests over both card games; see :mod:`positions`.
"""

from __future__ import annotations

from game.engine.london import LondonState
from game.engine.london.state import FIELDS

from .positions import position_of

ALL = "holmes,watson,smith,lestrade,stealthy,goodley,gull,bert"
START_2006 = "g5,a3,g8,e5,i4,m10,e9,i8"
DEFAULTS = {
    "view": "full", "edition": "2006", "round": "1", "phase": "pick", "chars": START_2006,
    "lamps": "b2,l11,c7,k6,f5,h8", "covers": "c2,l12", "cordons": "NE,SW", "lantern": "NE",
    "suspects": ALL, "witness": "seen", "cards": "holmes,watson,smith,lestrade", "played": "-",
    "active": "-", "done": "-", "points": "0", "icards": "-", "jcards": "-", "jack": "gull",
    "rng": "0000000000000001", "ply": "2", "outcome": "-",
}
ROUND = {  # numbered lamps still lit in each round
    1: "b2,l11,c7,k6,f5,h8", 2: "-,l11,c7,k6,f5,h8", 3: "-,-,c7,k6,f5,h8", 4: "-,-,-,k6,f5,h8",
    5: "-,-,-,-,f5,h8", 6: "-,-,-,-,f5,h8", 7: "-,-,-,-,f5,h8", 8: "-,-,-,-,f5,h8",
}
CHARS = ("holmes", "watson", "smith", "lestrade", "stealthy", "goodley", "gull", "bert")


def position(chars: dict[str, str] | None = None, **fields: object) -> LondonState:
    """A state from its text form: :data:`DEFAULTS` with ``fields`` replaced.

    ``chars`` moves some characters from their 2006 start cells; giving a
    ``round`` also puts out the lamps that went out before it.
    """
    if "round" in fields and "lamps" not in fields:
        fields["lamps"] = ROUND[int(fields["round"])]  # type: ignore[call-overload]
    return position_of(LondonState, "london", FIELDS, DEFAULTS, characters=CHARS, start=START_2006, chars=chars,
                       **fields)
