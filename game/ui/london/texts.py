"""Player-facing words for Mr. Jack (London): names, powers, exits, log lines.

Every string goes through ``_`` with a literal message id, so the
translation tools find it; the functions build text when called.
"""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.core import Side
from ...engine.london.actions import split_pair
from ...engine.london.data import CHARACTER_IDS
from ...engine.london.state import HIDDEN, LondonState
from .. import texts
from ..hex import texts as hextexts
from ..i18n import _

IDS = CHARACTER_IDS


def _cid(c: int | str) -> str:
    return hextexts.char_id(IDS, c)


def name(c: int | str) -> str:
    """A character's full name, e.g. ``Sir William Gull``."""
    return {
        "holmes": _("Sherlock Holmes"), "watson": _("John H. Watson"), "smith": _("John Smith"),
        "lestrade": _("Inspector Lestrade"), "stealthy": _("Miss Stealthy"), "goodley": _("Sergeant Goodley"),
        "gull": _("Sir William Gull"), "bert": _("Jeremy Bert"),
    }[_cid(c)]


def short(c: int | str) -> str:
    """A character's short name, e.g. ``Gull``."""
    return {
        "holmes": _("Holmes"), "watson": _("Watson"), "smith": _("Smith"), "lestrade": _("Lestrade"),
        "stealthy": _("Stealthy"), "goodley": _("Goodley"), "gull": _("Gull"), "bert": _("Bert"),
    }[_cid(c)]


def names(cs: list[int]) -> str:
    return ", ".join(short(c) for c in cs)


def power_name(c: int | str) -> str:
    """The name of a character's special power."""
    return {
        "holmes": _("Alibi card"), "watson": _("Lantern"), "smith": _("Gas lamp"), "lestrade": _("Police cordon"),
        "stealthy": _("Shortcuts"), "goodley": _("Whistle"), "gull": _("Swap"), "bert": _("Manhole cover"),
    }[_cid(c)]


def power_help(c: int | str) -> str:
    """What a character's card lets the player do, in one line."""
    return {
        "holmes": _("Moves 1-3, then secretly draws the top alibi card."),
        "watson": _("Moves 1-3, then points his lantern: everyone in that line is lit."),
        "smith": _("Moves 1-3 and, before or after, moves a lit gas lamp to an unlit one."),
        "lestrade": _("Moves 1-3 and, before or after, moves a police cordon to another exit."),
        "stealthy": _("Moves 1-4 and may cross buildings and lamps, ending on a street."),
        "goodley": _("Moves 1-3 and, before or after, whistles: 3 steps bring others nearer to him."),
        "gull": _("Moves 1-3, or swaps places with any other character."),
        "bert": _("Moves 1-3 and, before or after, moves a manhole cover onto an open manhole."),
    }[_cid(c)]


def exit_name(e: str) -> str:
    return {"NW": _("north-west exit"), "NE": _("north-east exit"), "SW": _("south-west exit"),
            "SE": _("south-east exit")}[e]


def direction_name(d: str) -> str:
    return {"N": _("north"), "NE": _("north-east"), "SE": _("south-east"), "S": _("south"),
            "SW": _("south-west"), "NW": _("north-west")}[d]


witness_claim = hextexts.witness_claim
witness_side = hextexts.witness_side
_cell = hextexts.cell


# ==================================================================== actions
def action_phrase(obs: LondonState, a: Action) -> str:
    """A short imperative phrase for a player's decision, e.g. ``Move Gull to E5``."""
    kind, args = a.kind, a.args
    act = IDS[obs.active] if obs.active >= 0 else None
    if kind == "play":
        return _("Play {name}").format(name=short(str(args[0])))
    if kind == "to":
        return _("Move {name} to {cell}").format(name=short(act) if act else "", cell=_cell(str(args[0])))
    if kind == "accuse":
        return _("Accuse {name}: {accuser} moves onto that cell").format(
            name=short(str(args[0])), accuser=short(act) if act else "")
    if kind == "escape":
        return _("Escape through the {exit}").format(exit=exit_name(str(args[0])))
    if kind == "lantern":
        return _("Point Watson's lantern {direction}").format(direction=direction_name(str(args[0])))
    if kind == "lamp":
        x, y = split_pair(str(args[0]))
        return _("Move the gas lamp from {a} to {b}").format(a=_cell(x), b=_cell(y))
    if kind == "cordon":
        x, y = split_pair(str(args[0]))
        return _("Move the cordon from the {a} to the {b}").format(a=exit_name(x), b=exit_name(y))
    if kind == "cover":
        x, y = split_pair(str(args[0]))
        return _("Move the manhole cover from {a} to {b}").format(a=_cell(x), b=_cell(y))
    if kind == "whistle":
        return _("Whistle {name} to {cell}").format(name=short(str(args[0])), cell=_cell(str(args[1])))
    if kind == "swap":
        return _("Swap Gull and {name}").format(name=short(str(args[0])))
    return str(a)


def chain_phrase(obs: LondonState, chain: list[Action]) -> str:
    """The phrases of a chain of decisions (each on the state the previous one leads to)."""
    return hextexts.chain_phrase(action_phrase, obs, chain)


actor_of = hextexts.actor_of


def describe(before: LondonState, action: Action, after: LondonState) -> list[str]:
    """Plain-word log lines for ``action``, as the viewer of these observations sees it."""
    kind, args = action.kind, action.args
    who = actor_of(before, action)
    side = texts.side_name(who) if who else ""
    act = IDS[before.active] if before.active >= 0 else None
    out: list[str] = []
    common = hextexts.common_line(before, action, after, side, short(act) if act else "", name, short)
    if common is not None:
        out.append(common)
    elif kind == "to":
        out.append(_("{name} moves to {cell}.").format(name=short(act) if act else "", cell=_cell(str(args[0]))))
    elif kind == "escape":
        out.append(_("{name} slips out through the {exit}!").format(
            name=short(act) if act else "", exit=exit_name(str(args[0]))))
    elif kind == "lantern":
        out.append(_("Watson points his lantern {direction}.").format(direction=direction_name(str(args[0]))))
    elif kind == "lamp":
        x, y = split_pair(str(args[0]))
        out.append(_("Smith carries a gas lamp from {a} to {b}.").format(a=_cell(x), b=_cell(y)))
    elif kind == "cordon":
        x, y = split_pair(str(args[0]))
        out.append(_("Lestrade moves a police cordon from the {a} to the {b}.").format(
            a=exit_name(x), b=exit_name(y)))
    elif kind == "cover":
        x, y = split_pair(str(args[0]))
        out.append(_("Bert moves a manhole cover from {a} to {b}.").format(a=_cell(x), b=_cell(y)))
    elif kind == "whistle":
        out.append(_("Goodley whistles: {name} comes to {cell}.").format(
            name=short(str(args[0])), cell=_cell(str(args[1]))))
    elif kind == "swap":
        out.append(_("Gull swaps places with {name}.").format(name=short(str(args[0]))))
    elif kind == "draw":
        drawer = before.actor().value
        card = (after.icards if drawer == "investigator" else after.jcards)[-1]
        if card == HIDDEN:
            out.append(_("{side} draws an alibi card in secret.").format(side=texts.side_name(drawer)))
        else:
            out.append(_("{side} draws an alibi card in secret: {name} is innocent.").format(
                side=texts.side_name(drawer), name=short(card)))
    elif kind == "witness":
        out.append(hextexts.cleared_line(before, after, args[0] == "seen", short, names))
        if before.round <= 4:
            out.append(_("Gas lamp {n} goes out.").format(n=before.round))
        if after.phase != "over":
            out.append(_("Round {n} begins.").format(n=after.round))
    elif kind == "verdict":
        out.append(hextexts.verdict_line(args[0] == "guilty"))
    out += hextexts.outcome_lines(before, after, texts.termination_text, name)
    return out


def describe_step(before: LondonState, action: str, after: LondonState | None = None) -> str:
    """One step of a replay in plain words, secrets included."""
    if after is None:
        after = before.child(action)
    from ...engine.london.state import VOCAB

    act = VOCAB.parse(action)
    return hextexts.describe_step(before, act, after, describe(before, act, after), short,
                                  _("{side} draws {name}'s alibi card in secret: {name} is innocent."))


def start_text() -> str:
    return _("Whitechapel by night: eight characters in the streets, six gas lamps lit.")


def side_of_card(obs: LondonState, k: int) -> Side:
    """Who takes (or took) the ``k``-th card of the round."""
    from ...engine.london.state import ORDER

    return ORDER[obs.round & 1][k]
