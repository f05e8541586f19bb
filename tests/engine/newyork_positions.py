"""New York positions for rule tests: the start position and the fields a test changes over it.

Shared by the rules tests (``test_newyork_rules.py``) and the FAQ tests
(``test_newyork_faq.py``); see :mod:`positions`.
"""

from __future__ import annotations

from game.engine import Side
from game.engine.newyork import NewYorkState
from game.engine.newyork.state import FIELDS

from .positions import position_of

CHARS = ("beach", "runner", "latimer", "grant", "callahan", "eastman", "tumblety", "smith")
ALL = ",".join(CHARS)
START = "e10,i8,e8,j7,f9,h5,h11,j9"
DEFAULTS = {
    "view": "full", "round": "1", "phase": "pick", "chars": START, "lamps": "c10,m12",
    "subways": "b9,k4,l13", "buildings": "-", "parks": "-", "stock": "4,4,4", "zones": "e4+f3,k14+l15",
    "ships": "e2,k16", "informant": "liberty", "talk": "yes", "suspects": ALL, "witness": "seen",
    "cards": "beach,runner,latimer,grant", "played": "-", "active": "-", "done": "-", "icards": "-",
    "jcards": "-", "jack": "tumblety", "rng": "0000000000000001", "ply": "2", "outcome": "-",
}
#: Every card of a round, so that any character can be played: the round's
#: first card is the investigator's in odd rounds, Jack's in even ones.
ODD = dict(round=1)
EVEN = dict(round=2, witness="unseen")


def position(chars: dict[str, str] | None = None, **fields: object) -> NewYorkState:
    """A state from its text form: :data:`DEFAULTS` with ``fields`` replaced.

    ``chars`` moves some characters from their start cells.  ``cards`` and
    ``suspects`` may be given in any order.
    """
    return position_of(NewYorkState, "newyork", FIELDS, DEFAULTS, characters=CHARS, start=START, chars=chars, **fields)


def playing(who: str, chars: dict[str, str] | None = None, side: Side = Side.INVESTIGATOR,
            **fields: object) -> NewYorkState:
    """``who`` just played (its card taken) by ``side``, first card of the round."""
    rnd = dict(ODD if side is Side.INVESTIGATOR else EVEN)
    rnd.update(fields)
    others = [c for c in CHARS if c != who][:3]
    s = position(chars, cards=",".join([who, *others]), **rnd)
    s.apply(f"play {who}")
    return s
