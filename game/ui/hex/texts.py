"""Words both hex card games (London, New York) share: the witness claim,
the chain of phrases, who took an action, and the common log lines.

Every string goes through ``_`` with a literal message id, so the
translation tools find it; each game's ``texts`` module passes in its own
names and phrases.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.actions import Action
from .. import texts
from ..i18n import _, colon

Namer = Callable[[Any], str]


def char_id(ids: Any, c: int | str) -> str:
    """A character's id from its index (or the id itself)."""
    return ids[c] if isinstance(c, int) else c


def cell(c: str) -> str:
    return c.upper()


def witness_claim(seen: bool) -> str:
    return _("Jack: “I am visible.”") if seen else _("Jack: “I am not visible.”")


def witness_side(seen: bool) -> str:
    return _("Visible") if seen else _("Not visible")


def chain_phrase(action_phrase: Callable[[Any, Action], str], obs: Any, chain: list[Action]) -> str:
    """The phrases of a chain of decisions (each on the state the previous one leads to)."""
    out = []
    s = obs
    for a in chain:
        out.append(action_phrase(s, a))
        s = s.child(a)
    return ", ".join(out)


def actor_of(before: Any, action: Action) -> str | None:
    """The side that took ``action`` (``jack``/``investigator``), ``None`` for chance."""
    if action.kind in ("identity", "deal", "draw"):
        return None
    side = before.to_move().side
    return None if side is None else side.value


def common_line(before: Any, action: Action, after: Any, side: str, nm: str, name: Namer,
                short: Namer) -> str | None:
    """The log line both games word alike (identity, deal, play, accuse), else ``None``."""
    kind, args = action.kind, action.args
    if kind == "identity":
        if after.jack_known() and after.view != "investigator":
            return _("Jack draws his identity card: you are {name}. Keep it secret!").format(
                name=name(after.jack))
        return _("Jack draws his identity card in secret.")
    if kind == "deal":
        return _("Round {n}: the character cards are {names}.").format(
            n=after.round, names=", ".join(short(str(c)) for c in args))
    if kind == "play":
        return _("{side} plays {name}.").format(side=side, name=short(str(args[0])))
    if kind == "accuse":
        return _("{accuser} moves onto {name}: the investigator accuses {name}!").format(
            accuser=nm, name=short(str(args[0])))
    return None


def cleared_line(before: Any, after: Any, seen: bool, short: Namer, names: Callable[[list[int]], str]) -> str:
    """The witness claim and who it clears."""
    cleared = [c for c in range(8) if before.suspects >> c & 1 and not after.suspects >> c & 1]
    if not cleared:
        return _("{claim} Nobody new is cleared.").format(claim=witness_claim(seen))
    if len(cleared) == 1:
        return _("{claim} {name} is cleared.").format(claim=witness_claim(seen), name=short(cleared[0]))
    return _("{claim} {names} cleared.").format(claim=witness_claim(seen), names=names(cleared))


def verdict_line(guilty: bool) -> str:
    return _("Jack: “You have me.”") if guilty else _("Jack: “Wrong man!”")


def outcome_lines(before: Any, after: Any, termination_text: Callable[[Any], str], name: Namer) -> list[str]:
    """The lines that close a game, if ``after`` ends it."""
    out: list[str] = []
    if after.outcome is not None and before.outcome is None:
        out.append(termination_text(after.outcome.termination))
        if after.jack_known():
            out.append(_("Jack was {name}.").format(name=name(after.jack)))
    return out


def describe_step(before: Any, act: Action, after: Any, lines: list[str], short: Namer,
                  draw_text: str) -> str:
    """One step of a replay in plain words, secrets included (``draw_text`` words a drawn card,
    with ``{side}`` and ``{name}``)."""
    kind = act.kind
    who = actor_of(before, act)
    if kind == "identity":
        lines = [_("Jack secretly draws his identity card: {name}.").format(name=short(str(act.args[0])))] + lines[1:]
    elif kind == "draw":
        drawer = before.actor().value
        lines = [draw_text.format(side=texts.side_name(drawer), name=short(str(act.args[0])))]
    elif who is not None and kind not in ("witness", "verdict", "play") and lines:
        lines[0] = colon(texts.side_name(who), lines[0])
    text = " ".join(lines)
    if after.outcome is not None and before.outcome is None:
        text += " " + texts.winner_title(after.outcome.winner) + "."
    return text
