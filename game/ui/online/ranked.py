"""Ranked play in the player's words: ratings, win rates, the server's verdict, archived games.

The profile, leaderboard, quick match and results screens share these:
they turn the server's ``profile``/``leaderboard``/``judged``/``archive``
dicts (``net/PROTOCOL.md``, section 14) into texts, and an archived game
into a :class:`~game.engine.record.GameRecord` the replay viewer opens.
"""

from __future__ import annotations

import json
import time
from typing import Any

from ...engine.record import FORMAT, GameRecord, ParseError
from ..i18n import N_, _
from .names import shown_name

#: The games with a rating, in the order of the tabs.
RATED_GAMES = ("pocket", "london", "newyork")

#: How a game ended, in a few words (a termination of the rules, or how the server saw it stop).
ENDINGS = {
    "one-suspect": N_("one suspect left"), "hourglasses": N_("six hourglasses"),
    "both-goals-seen": N_("caught in sight"), "chase-seen": N_("caught in sight"),
    "both-goals-unseen": N_("escaped unseen"), "chase-escaped": N_("escaped unseen"),
    "time-up": N_("eight rounds passed"), "arrest-right": N_("right arrest"), "arrest-wrong": N_("wrong arrest"),
    "escape": N_("escape by an exit"), "flag": N_("time ran out"), "away": N_("did not come back"),
    "resign": N_("resigned"), "abort": N_("aborted"), "cheat": N_("cheat proven"),
}

#: The server's verdict on a finished game (``judged.status``), as a headline.
STATUS_WORDS = {
    "verified": N_("Verified by the server"), "cheat": N_("The server proved a cheat"),
    "claimed": N_("Decided by a claim (not played to its end)"), "aborted": N_("Aborted"),
    "unverified": N_("Not verified by the server"), "desync": N_("Out of step: not rated"),
}


def fingerprint(pub: Any) -> str:
    """The short form of a public key (as :attr:`net.identity.Identity.fingerprint`): 8 hex digits."""
    return bytes(pub).hex()[:8].upper() if isinstance(pub, (bytes, bytearray)) and pub else "?"


def win_rate(pair: Any) -> str:
    """``[wins, games]`` as ``"62%"`` (``"–"`` before the first game)."""
    try:
        wins, games = int(pair[0]), int(pair[1])
    except (TypeError, ValueError, IndexError):
        return "–"
    return f"{round(100 * wins / games)}%" if games > 0 else "–"


def rating_text(row: dict) -> str:
    """``1532 ± 48`` (and ``?`` while the rating is provisional)."""
    text = f"{int(row.get('rating', 0))} ± {int(row.get('rd', 0))}"
    return text + " ?" if row.get("provisional") else text


def side_word(side: str | None) -> str:
    return {"jack": _("Jack"), "investigator": _("Investigator")}.get(side or "", "–")


def outcome_word(outcome: str | None) -> str:
    return {"win": _("won"), "loss": _("lost")}.get(outcome or "", _("no result"))


def ending_word(termination: str | None, status: str | None = None) -> str:
    """How a game ended, in a few words (a proven cheat says so whatever the termination was)."""
    if status == "cheat":
        return _(ENDINGS["cheat"])
    if status == "aborted" and termination not in ENDINGS:
        return _(ENDINGS["abort"])
    return _(ENDINGS[termination]) if termination in ENDINGS else (termination or "–")


def date_text(ended: Any, now: float | None = None) -> str:
    """A game's end as the player reads it: the time today, the day and month this year, else the date."""
    try:
        t = float(ended)
    except (TypeError, ValueError):
        return "–"
    now = time.time() if now is None else now
    local, today = time.localtime(t), time.localtime(now)
    if local[:3] == today[:3]:
        return time.strftime("%H:%M", local)
    if local[0] == today[0]:
        return time.strftime("%d.%m", local)
    return time.strftime("%Y-%m-%d", local)


def rating_change(judged: dict | None, role: str | None) -> tuple[str, int] | None:
    """``("Rating 1532 → 1548 (+16)", +16)`` for the player of ``role`` in a rated game, else ``None``."""
    if not judged or role not in ("jack", "investigator"):
        return None
    mine = (judged.get("ratings") or {}).get(role)
    if not isinstance(mine, dict) or "before" not in mine or "after" not in mine:
        return None
    before, after = int(mine["before"]), int(mine["after"])
    delta = after - before
    return _("Rating {before} → {after} ({delta})").format(before=before, after=after, delta=f"{delta:+d}"), delta


def judged_text(judged: dict | None, role: str | None) -> tuple[str, str]:
    """``(headline, detail)`` of the server's verdict on the game just finished."""
    if not judged:
        return _("Waiting for the server's verdict…"), ""
    status = judged.get("status")
    head = _(STATUS_WORDS[status]) if status in STATUS_WORDS else str(status)
    if status == "cheat":
        cheater = (judged.get("finding") or {}).get("side")
        if cheater == role:
            detail = _("The server found a fault on your side: the game counts as your loss.")
        else:
            detail = _("The cheater loses the game.")
    elif judged.get("rated"):
        detail = _("This game counts for the ratings.")
    else:
        detail = _("This game does not count for the ratings.")
    return head, detail


def record_from_archive(archive: dict) -> GameRecord:
    """The archived game as a record the replay viewer opens (checked: every step is replayed).

    :raises ParseError: when the archive holds no game this client can replay.
    """
    raw = archive.get("record") if isinstance(archive, dict) else None
    if isinstance(raw, list):          # the bare steps, as autoplay's final line writes them
        raw = {"actions": raw}
    if not isinstance(raw, dict):
        raise ParseError("the archive holds no game record")
    meta = dict(raw.get("meta") or {})
    if archive.get("edition") and "edition" not in meta:
        meta["edition"] = archive["edition"]
    players = archive.get("players")
    if isinstance(players, dict):
        meta.setdefault("players", {k: shown_name(v) for k, v in players.items() if isinstance(v, str)})
    meta.setdefault("room", archive.get("code"))
    meta.setdefault("mode", "online")
    meta.setdefault("human", "none")
    doc = {"format": FORMAT, "game": raw.get("game", archive.get("game")), "seed": raw.get("seed"),
           "actions": raw.get("actions"), "meta": meta}
    return GameRecord.from_json(json.dumps(doc))


def name_refusal(name: str) -> str:
    """Why ``name`` cannot be a player's name here (empty, or letters the fonts lack), or ``""``."""
    from .names import undrawable
    from .service import clean_name

    name = clean_name(name)
    if not name:
        return _("Please type a name.")
    bad = undrawable(name)
    if bad:
        return _("Your name has characters this game cannot draw ({chars}): "
                 "please write it with other letters.").format(chars=bad)
    return ""


def keep_name(online: Any, toast: Any, text: str, keep: Any) -> str | None:
    """``text`` as the player's name, given to ``keep(name)`` (which saves it) and remembered in the settings.

    Returns the name, or ``None`` with the reason shown in ``toast`` (a name the game cannot draw, a file
    that cannot be written).
    """
    from .service import clean_name

    why = name_refusal(text)
    if why:
        toast.show(why, "error", 5.0)
        return None
    name = clean_name(text)
    try:
        keep(name)
    except OSError as exc:
        toast.show(_("Your player could not be saved: {reason}").format(reason=exc.strerror or exc), "error", 5.0)
        return None
    online.name = name
    online.remember(name=name)
    return name
