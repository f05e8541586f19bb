"""Player-facing words for Mr. Jack in New York: names, powers, places, log lines.

Every string goes through ``_`` with a literal message id, so the
translation tools find it; the functions build text when called.  The
words both card games share (the witness claim, the witness card's sides)
come from London's module.
"""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.core import Termination
from ...engine.newyork.actions import split_pair
from ...engine.newyork.data import CHARACTER_IDS, DATA, LIBERTY
from ...engine.newyork.state import HIDDEN, NewYorkState
from .. import texts
from ..hex import texts as hextexts
from ..hex.texts import witness_claim, witness_side
from ..i18n import _

IDS = CHARACTER_IDS
EAST = DATA.east_passage

__all__ = ["IDS", "name", "short", "names", "power_name", "power_help", "place", "witness_claim", "witness_side",
           "action_phrase", "chain_phrase", "actor_of", "describe", "describe_step", "start_text",
           "termination_text"]


def _cid(c: int | str) -> str:
    return hextexts.char_id(IDS, c)


def name(c: int | str) -> str:
    """A character's full name, e.g. ``Francis Tumblety``."""
    return {
        "beach": _("Alfred Ely Beach"), "runner": _("Cloud Runner"), "latimer": _("Lewis Latimer"),
        "grant": _("Emma Grant"), "callahan": _("James Callahan"), "eastman": _("Monk Eastman"),
        "tumblety": _("Francis Tumblety"), "smith": _("Edward Smith"),
    }[_cid(c)]


def short(c: int | str) -> str:
    """A character's short name, e.g. ``Tumblety``."""
    return {
        "beach": _("Beach"), "runner": _("Cloud Runner"), "latimer": _("Latimer"), "grant": _("Grant"),
        "callahan": _("Callahan"), "eastman": _("Eastman"), "tumblety": _("Tumblety"), "smith": _("Smith"),
    }[_cid(c)]


def names(cs: list[int]) -> str:
    return ", ".join(short(c) for c in cs)


def power_name(c: int | str) -> str:
    """The name of a character's special power."""
    return {
        "beach": _("Subway entrance"), "runner": _("Building"), "latimer": _("Street lamp"), "grant": _("Park"),
        "callahan": _("Investigation zone"), "eastman": _("Henchman"), "tumblety": _("Hypnosis"),
        "smith": _("Ship"),
    }[_cid(c)]


def power_help(c: int | str) -> str:
    """What a character's card lets the player do, in one line."""
    return {
        "beach": _("Moves 1-3 and, before or after, must build a subway entrance on an empty street, "
                   "not next to another entrance."),
        "runner": _("Moves 1-3, crossing buildings for free, and, before or after, must put up a building "
                    "on an empty street."),
        "latimer": _("Moves 1-3 and, before or after, must put a street lamp on an empty street, "
                     "not next to another lamp."),
        "grant": _("Moves 1-3 and, before or after, must turn a lamp, a building or a subway entrance into a park."),
        "callahan": _("Moves 1-3 and, before or after, must move an investigation zone (two cells, nobody on them)."),
        "eastman": _("Moves 1-3, or instead moves another character who is seen as he is (or unseen as he is) "
                     "1-3 cells."),
        "tumblety": _("Moves 1-3 and, before or after, may swap a character next to him with any other."),
        "smith": _("Moves 1-3 and, before or after, must sail a ship to another free port."),
    }[_cid(c)]


_cell = hextexts.cell


def place(cell: str) -> str:
    """A cell's name for the log: ``E10``, ``Liberty Island``, ``the East passage``, ``the port at E2``."""
    if cell == LIBERTY:
        return _("Liberty Island")
    if cell == EAST:
        return _("the East passage")
    if cell in DATA.ports:
        return _("the port at {cell}").format(cell=_cell(cell))
    return _cell(cell)


def termination_text(term: Termination) -> str:
    """How a New York game ended (the escape is Manhattan's; the rest are the card games' words)."""
    if term is Termination.ESCAPE:
        return _("Jack leaves Manhattan unseen, by the East passage or aboard a ship.")
    if term is Termination.TIME_UP:
        return _("Eight rounds have passed: Jack is lost in the crowds of New York.")
    return texts.termination_text(term)


# ==================================================================== actions
def action_phrase(obs: NewYorkState, a: Action) -> str:
    """A short imperative phrase for a player's decision, e.g. ``Move Beach to E10``."""
    kind, args = a.kind, a.args
    act = IDS[obs.active] if obs.active >= 0 else None
    nm = short(act) if act else ""
    if kind == "play":
        return _("Play {name}").format(name=short(str(args[0])))
    if kind == "to":
        return _("Move {name} to {place}").format(name=nm, place=place(str(args[0])))
    if kind == "accuse":
        return _("Accuse {name}: {accuser} moves onto that cell").format(name=short(str(args[0])), accuser=nm)
    if kind == "escape":
        return _("Escape through {place}").format(place=place(str(args[0])))
    if kind == "subway":
        return _("Build a subway entrance on {cell}").format(cell=_cell(str(args[0])))
    if kind == "building":
        return _("Put up a building on {cell}").format(cell=_cell(str(args[0])))
    if kind == "lamp":
        return _("Put a street lamp on {cell}").format(cell=_cell(str(args[0])))
    if kind == "park":
        return _("Turn {cell} into a park").format(cell=_cell(str(args[0])))
    if kind == "zone":
        old, new = split_pair(str(args[0]))
        return _("Move the investigation zone from {a} to {b}").format(a=old.upper(), b=new.upper())
    if kind == "move":
        x, cell = str(args[0]), str(args[1])
        if cell == EAST or cell in DATA.ports:
            return _("Send {name} out through {place}").format(name=short(x), place=place(cell))
        return _("Send {name} to {place}").format(name=short(x), place=place(cell))
    if kind == "swap":
        return _("Swap {a} and {b}").format(a=short(str(args[0])), b=short(str(args[1])))
    if kind == "ship":
        p, q = split_pair(str(args[0]))
        return _("Sail the ship from {a} to {b}").format(a=_cell(p), b=_cell(q))
    if kind == "informant":
        return _("Put the informant on {place}").format(place=place(str(args[0])))
    if kind == "pass":
        return _("Skip the power")
    return str(a)


def chain_phrase(obs: NewYorkState, chain: list[Action]) -> str:
    """The phrases of a chain of decisions (each on the state the previous one leads to)."""
    return hextexts.chain_phrase(action_phrase, obs, chain)


actor_of = hextexts.actor_of


def describe(before: NewYorkState, action: Action, after: NewYorkState) -> list[str]:
    """Plain-word log lines for ``action``, as the viewer of these observations sees it."""
    kind, args = action.kind, action.args
    who = actor_of(before, action)
    side = texts.side_name(who) if who else ""
    act = IDS[before.active] if before.active >= 0 else None
    nm = short(act) if act else ""
    out: list[str] = []
    common = hextexts.common_line(before, action, after, side, nm, name, short)
    if common is not None:
        out.append(common)
    elif kind == "to":
        out.append(_("{name} moves to {place}.").format(name=nm, place=place(str(args[0]))))
    elif kind == "escape":
        out.append(_("{name} slips away through {place}!").format(name=nm, place=place(str(args[0]))))
    elif kind == "subway":
        out.append(_("Beach builds a subway entrance on {cell}.").format(cell=_cell(str(args[0]))))
    elif kind == "building":
        out.append(_("Cloud Runner puts up a building on {cell}.").format(cell=_cell(str(args[0]))))
    elif kind == "lamp":
        out.append(_("Latimer puts a street lamp on {cell}.").format(cell=_cell(str(args[0]))))
    elif kind == "park":
        out.append(_("Grant turns {cell} into a park.").format(cell=_cell(str(args[0]))))
    elif kind == "zone":
        old, new = split_pair(str(args[0]))
        out.append(_("Callahan moves an investigation zone from {a} to {b}.").format(a=old.upper(), b=new.upper()))
    elif kind == "move":
        x, cell = str(args[0]), str(args[1])
        if cell == EAST or cell in DATA.ports:
            out.append(_("Eastman's men hustle {name} out through {place}!").format(name=short(x), place=place(cell)))
        else:
            out.append(_("Eastman's men push {name} to {place}.").format(name=short(x), place=place(cell)))
    elif kind == "swap":
        out.append(_("Tumblety hypnotises {a} and {b}: they swap places.").format(
            a=short(str(args[0])), b=short(str(args[1]))))
    elif kind == "ship":
        p, q = split_pair(str(args[0]))
        out.append(_("Smith sails a ship from {a} to {b}.").format(a=_cell(p), b=_cell(q)))
    elif kind == "pass":
        out.append(_("{name} does not use the power.").format(name=nm))
    elif kind == "draw":
        drawer = before.actor().value
        card = (after.icards if drawer == "investigator" else after.jcards)[-1]
        if card == HIDDEN:
            out.append(_("The informant whispers to {side}: an alibi card, in secret.").format(
                side=texts.side_name(drawer)))
        else:
            out.append(_("The informant whispers to {side}: {name} is innocent.").format(
                side=texts.side_name(drawer), name=short(card)))
    elif kind == "informant":
        out.append(_("The informant falls silent and goes to {place}.").format(place=place(str(args[0]))))
    elif kind == "witness":
        out.append(hextexts.cleared_line(before, after, args[0] == "seen", short, names))
        if after.phase != "over":
            out.append(_("Round {n} begins.").format(n=after.round))
            if not before.talk:
                out.append(_("The informant is ready to talk again."))
    elif kind == "verdict":
        out.append(hextexts.verdict_line(args[0] == "guilty"))
    out += hextexts.outcome_lines(before, after, termination_text, name)
    return out


def describe_step(before: NewYorkState, action: str, after: NewYorkState | None = None) -> str:
    """One step of a replay in plain words, secrets included."""
    if after is None:
        after = before.child(action)
    from ...engine.newyork.state import VOCAB

    act = VOCAB.parse(action)
    return hextexts.describe_step(before, act, after, describe(before, act, after), short,
                                  _("The informant whispers to {side}: {name} is innocent."))


def start_text() -> str:
    return _("Manhattan, January 1889: eight characters in the streets, two lamps lit, the informant on "
             "Liberty Island.")

