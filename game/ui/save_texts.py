"""How a save is named in the lists and questions: game, mode, side, round and when it was saved."""

from __future__ import annotations

import time

from ..engine.rulesets import find_ruleset
from ..saves import SaveInfo
from .i18n import N_, _


def mode_name(mode: str) -> str:
    """The label of a game mode as saved in a record's meta (unknown modes as they are)."""
    return {
        "solo": _("Solo"), "bot": _("Solo"), "hotseat": _("Hot seat"), "hot-seat": _("Hot seat"),
        "network": _("Network"), "online": _("Network"), "replay": _("Replay"), "watch": _("Bots play"),
    }.get(mode, mode)


GAME_TITLES = {"pocket": N_("Mr. Jack Pocket"), "london": N_("Mr. Jack (London)"),
               "newyork": N_("Mr. Jack in New York")}


def game_title(game: str) -> str:
    try:
        title = find_ruleset(game).title
    except ValueError:
        return game
    return _(GAME_TITLES.get(game, title))


def when(timestamp: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(timestamp)) if timestamp else "?"


def side_played(human: str) -> str:
    """Which side the player took, as the list says it (empty when both or none were human)."""
    return {"investigator": _("you: investigator"), "jack": _("you: Jack")}.get(human, "")


def save_details(info: SaveInfo, with_game: bool = True) -> str:
    """Game · mode · side · round of a loadable save, in the player's language."""
    parts = [game_title(info.game)] if with_game else []
    if info.mode:
        parts.append(mode_name(info.mode))
    side = side_played(info.side)
    if side:
        parts.append(side)
    parts.append(_("finished after round {n}").format(n=info.round) if info.over
                 else _("round {n}").format(n=info.round))
    return " · ".join(parts)


def describe_save(info: SaveInfo) -> str:
    """One line for a question about a save: its details and when it was saved."""
    return save_details(info) + (" · " + when(info.modified) if info.modified else "")
