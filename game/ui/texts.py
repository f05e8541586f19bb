"""Player-facing words for the game: names, token faces, log lines, endings.

Every string goes through ``_`` with a literal message id, so the
translation tools can find it.  Functions build the text when called, so a
language change takes effect on the next frame.
"""

from __future__ import annotations

from ..engine.core import Side, Termination
from ..engine.pocket.data import DATA
from .i18n import _

IDS = DATA.ids
DETECTIVES = DATA.detectives


def character_name(index: int) -> str:
    """A character's full name, e.g. ``Inspector Lestrade``."""
    return {
        "lestrade": _("Inspector Lestrade"),
        "goodley": _("Sergeant Goodley"),
        "madame": _("Madame"),
        "stealthy": _("Miss Stealthy"),
        "smith": _("John Smith"),
        "pizer": _("John Pizer"),
        "gull": _("William Gull"),
        "bert": _("Jeremy Bert"),
        "lane": _("Joseph Lane"),
    }[IDS[index]]


def short_name(index: int) -> str:
    """A character's short name for tiles and the log, e.g. ``Lestrade``."""
    return {
        "lestrade": _("Lestrade"),
        "goodley": _("Goodley"),
        "madame": _("Madame"),
        "stealthy": _("Stealthy"),
        "smith": _("Smith"),
        "pizer": _("Pizer"),
        "gull": _("Gull"),
        "bert": _("Bert"),
        "lane": _("Lane"),
    }[IDS[index]]


def detective_name(det: str | int) -> str:
    if isinstance(det, int):
        det = DETECTIVES[det]
    return {"holmes": _("Holmes"), "watson": _("Watson"), "toby": _("Toby")}[det]


def face_name(face: str) -> str:
    """The label of an action token face."""
    return {
        "alibi": _("Alibi"), "holmes": _("Holmes"), "watson": _("Watson"), "toby": _("Toby"),
        "rotate": _("Rotation"), "exchange": _("Exchange"), "joker": _("Joker"),
    }[face]


def face_help(face: str) -> str:
    """One line on what a token face lets you do."""
    return {
        "alibi": _("Draw an alibi card"),
        "holmes": _("Move Holmes 1 or 2 steps clockwise"),
        "watson": _("Move Watson 1 or 2 steps clockwise"),
        "toby": _("Move Toby 1 or 2 steps clockwise"),
        "rotate": _("Turn one district tile"),
        "exchange": _("Swap two district tiles"),
        "joker": _("Move any detective 1 step"),
    }[face]


def side_name(side: Side | str) -> str:
    value = side.value if isinstance(side, Side) else side
    return {"jack": _("Jack"), "investigator": _("Investigator")}[value]


def direction_name(d: int | str) -> str:
    if isinstance(d, str):
        d = "NESW".index(d)
    return (_("north"), _("east"), _("south"), _("west"))[d]


def names_list(indexes: list[int]) -> str:
    return ", ".join(short_name(i) for i in indexes)


def hourglass_count(n: int) -> str:
    if n == 0:
        return _("no hourglass")
    if n == 1:
        return _("1 hourglass")
    return _("{n} hourglasses").format(n=n)


def steps_text(n: int) -> str:
    return _("1 step") if n == 1 else _("{n} steps").format(n=n)


def termination_text(term: Termination) -> str:
    return {
        Termination.ONE_SUSPECT: _("Only one suspect is left: the investigator unmasks Jack."),
        Termination.HOURGLASSES: _("Jack has gathered six hourglasses and slips away."),
        Termination.BOTH_GOALS_SEEN: _("Round 8: one suspect is left and Jack is in sight. Caught!"),
        Termination.BOTH_GOALS_UNSEEN: _("Round 8: Jack stayed out of sight and escapes."),
        Termination.CHASE_SEEN: _("The chase is over: Jack was seen and caught."),
        Termination.CHASE_ESCAPED: _("Jack stayed unseen through round 8 and escapes."),
        Termination.TIME_UP: _("Eight rounds have passed: Jack escapes into the night."),
        Termination.ARREST_RIGHT: _("The investigator arrests the right man: Jack is caught."),
        Termination.ARREST_WRONG: _("A wrong arrest! Jack slips away in the confusion."),
        Termination.ESCAPE: _("Jack leaves Whitechapel through an open exit, unseen."),
    }[term]


def winner_title(side: Side) -> str:
    return _("Jack wins") if side is Side.JACK else _("The investigator wins")


def witness_claim(seen: bool) -> str:
    return _("Jack: “I am seen.”") if seen else _("Jack: “I am not seen.”")
