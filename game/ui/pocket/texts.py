"""Mr. Jack Pocket's steps in plain words, for the replay and the analysis (secrets included)."""

from __future__ import annotations

from ...engine.core import Side
from ...engine.pocket.data import DATA
from ...engine.pocket.state import ACT, DETECTIVES, DRAW, PocketState
from .. import texts
from ..i18n import _


def describe_step(before: PocketState, action: str, after: PocketState | None = None) -> str:
    """What ``action`` did to ``before`` in Mr. Jack Pocket, in plain words (secrets included: for replays).

    ``after`` is the state it led to (computed when not given); the end of
    the game is added when the action finished it.
    """
    if after is None:
        after = before.child(action)
    kind, *args = action.split()
    side = texts.side_name(before.actor(before.step)) if before.phase == ACT else ""
    if kind == "identity":
        text = _("Jack secretly draws his identity card: {name}.").format(
            name=_char(args[0]))
    elif kind == "throw":
        text = _("The action tokens are thrown: {faces}.").format(
            faces=", ".join(texts.face_name(f) for f in args))
    elif kind in DETECTIVES:
        text = _("{side}: {detective} moves {steps} clockwise.").format(
            side=side, detective=texts.detective_name(kind), steps=texts.steps_text(int(args[0])))
    elif kind == "joker":
        if args[0] == "none":
            text = _("{side}, Joker: the detectives stay where they are.").format(side=side)
        else:
            text = _("{side}, Joker: {detective} moves 1 step clockwise.").format(
                side=side, detective=texts.detective_name(args[0]))
    elif kind == "rotate":
        name = texts.short_name(before.chars[int(args[0])])
        template = {
            "N": _("{side}, Rotation: the tile of {name} now has its wall to the north."),
            "E": _("{side}, Rotation: the tile of {name} now has its wall to the east."),
            "S": _("{side}, Rotation: the tile of {name} now has its wall to the south."),
            "W": _("{side}, Rotation: the tile of {name} now has its wall to the west."),
        }[args[1].upper()]
        text = template.format(side=side, name=name)
    elif kind == "exchange":
        a, b = (texts.short_name(before.chars[int(x)]) for x in args)
        text = _("{side}, Exchange: the tiles of {a} and {b} swap places.").format(side=side, a=a, b=b)
    elif kind == "alibi":
        if after.phase == DRAW:
            text = _("{side} plays Alibi and draws a card.").format(side=side)
        else:
            text = _("{side} plays Alibi, but the deck is empty.").format(side=side)
    elif kind == "draw":
        card = args[0]
        if before.drawer() is Side.JACK:
            hg = DATA.characters[DATA.ids.index(card)].hourglasses
            text = _("Jack keeps the alibi card of {name} in secret: {hourglasses}.").format(
                name=_char(card), hourglasses=texts.hourglass_count(hg))
        elif before.suspect[DATA.ids.index(card)]:
            text = _("The alibi card of {name} is shown: the tile turns to its empty side.").format(
                name=_char(card))
        else:
            text = _("The alibi card of {name} is shown; that character was already cleared.").format(
                name=_char(card))
    elif kind == "witness":
        cleared = [i for i in range(9) if before.suspect[i] and not after.suspect[i]]
        if args[0] == "seen":
            text = _("Witness call: Jack is visible. The investigator takes the round token.")
        else:
            text = _("Witness call: Jack is not visible and takes the round token.")
        if cleared:
            text += " " + _("Cleared: {names}.").format(names=texts.names_list(cleared))
        else:
            text += " " + _("Nobody is cleared.")
    elif kind == "claim":
        text = (_("Jack shows that his hourglasses reach six.") if args[0] == "yes"
                else _("Jack shows that his hourglasses do not reach six."))
    else:
        text = action
    if after.outcome is not None and before.outcome is None:
        text += " " + texts.termination_text(after.outcome.termination) + " " + \
            texts.winner_title(after.outcome.winner) + "."
    elif after.round > before.round:
        text += " " + _("Round {n} begins.").format(n=after.round)
    return text


def _char(cid: str) -> str:
    return texts.short_name(DATA.ids.index(cid))


def start_text() -> str:
    """The first line of a Pocket replay."""
    return _("The tiles are laid out; Holmes, Watson and Toby take their places.")
