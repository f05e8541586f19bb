"""Bot personalities: a search level with a taste, for variety at little cost in strength.

A personality never overrules the search by much: among the moves the search
rates within a margin of its best (the mover's estimated chance to win, from
the root's statistics) and visited often enough for that estimate to mean
something, it plays the one its traits like most, and the search's own
choice when none is liked more.  Traits are read from the bot's observation
alone, so a personality is as honest as its level.  The personalities and
their traits per side are data (``personalities.json``); a bot is named
``level+personality`` (``hard+shadow``), with settings after a colon as for
any level (``hard+shadow:iterations=500``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.actions import Action
from ..engine.core import Side

_DATA = Path(__file__).with_name("personalities.json")

#: The levels a personality can give its taste to (the searching ones).
PERSONAL_LEVELS = ("easy", "normal", "hard", "expert")


def _ends(obs: Any, action: Action) -> list[Any]:
    """Where the mover's move can stand after ``action``: the position it makes, or, for a card
    (London, New York: half a move), each position its character's step then makes."""
    side = obs.to_move().side
    after = obs.child(action)
    if action.kind == "play" and after.outcome is None and after.to_move().side is side:
        follow = [after.child(a) for a in after.legal_actions()]
        if follow:
            return follow
    return [after]


def _unseen(pos: Any) -> float:
    """1 when Jack stands out of every sight line (his own view alone knows it)."""
    return 1.0 if pos.jack_seen() is False else 0.0


def _in_sight(pos: Any) -> float:
    """The share of the suspects left that a detective, a lamp or a lantern sees."""
    ids = getattr(pos, "suspect_ids", None)   # the card games; Pocket's is ``suspects``
    suspects = set(ids() if callable(ids) else pos.suspects())
    if not suspects:
        return 0.0
    return len(suspects & set(pos.visible())) / len(suspects)


def _dark(pos: Any) -> float:
    """The share of the suspects left that nothing sees."""
    return 1.0 - _in_sight(pos)


def _alibi(pos: Any) -> float:
    """1 when the move draws an alibi card (the draw is the next step)."""
    return 1.0 if pos.phase == "draw" else 0.0


#: The traits a personality may weigh: each scores a position at the end of the mover's move.
TRAITS: dict[str, Callable[[Any], float]] = {"unseen": _unseen, "in_sight": _in_sight, "dark": _dark,
                                              "alibi": _alibi}


@dataclass(frozen=True)
class Personality:
    """A taste: trait weights per side, and how much win chance it may give up for them (its name and
    help as players read them are the client's, translated: ``game/ui/opponents.py``)."""

    name: str
    traits: dict[str, dict[str, float]]   # side -> trait -> weight
    margin: float
    visit_share: float

    def score(self, obs: Any, action: Action) -> float:
        """How much this personality likes ``action`` for the side to move (0 for a side it has no taste for)."""
        weights = self.traits.get(obs.to_move().side.value, {})
        if not weights:
            return 0.0
        return max(sum(w * TRAITS[t](pos) for t, w in weights.items()) for pos in _ends(obs, action))

    def pick(self, obs: Any, chosen: Action, info: dict) -> Action:
        """The move to play instead of the search's ``chosen``, from the root's ``values``
        (action text -> (visits, the mover's chance)); ``chosen`` when nothing near it is liked more."""
        values = info.get("values") or {}
        side = obs.to_move().side
        if not self.traits.get(side.value) or str(chosen) not in values:
            return chosen
        best_visits, best_value = values[str(chosen)]
        near = [a for a in obs.legal_actions() if str(a) in values and a != chosen
                and values[str(a)][0] >= self.visit_share * best_visits
                and values[str(a)][1] >= best_value - self.margin]
        if not near:
            return chosen
        liked = self.score(obs, chosen)
        best = chosen
        for a in sorted(near, key=lambda a: (-values[str(a)][1], str(a))):  # the search's ranking breaks ties
            s = self.score(obs, a)
            if s > liked + 1e-9:
                best, liked = a, s
        return best


def load_personalities(path: Path = _DATA) -> dict[str, Personality]:
    """The personalities in ``path``.

    :raises ValueError: for a file that does not describe them (an unknown side or trait, a bad weight).
    """
    raw = json.loads(path.read_text(encoding="utf-8"))
    margin, share = float(raw["margin"]), float(raw["visit_share"])
    if not (0.0 <= margin <= 0.2 and 0.0 <= share <= 1.0):
        raise ValueError(f"{path.name}: margin must be in 0-0.2 and visit_share in 0-1")
    out: dict[str, Personality] = {}
    sides = {s.value for s in (Side.JACK, Side.INVESTIGATOR)}
    for name, p in raw["personalities"].items():
        traits: dict[str, dict[str, float]] = {}
        for side in sides:
            weights = p.get(side, {})
            for trait, w in weights.items():
                if trait not in TRAITS or not isinstance(w, (int, float)) or w < 0:
                    raise ValueError(f"{path.name}: {name}: bad trait {trait!r} for {side}")
            traits[side] = {t: float(w) for t, w in weights.items()}
        out[name] = Personality(name, traits, margin, share)
    return out


PERSONALITIES = load_personalities()


def split_name(name: str) -> tuple[str, Personality | None]:
    """``hard+shadow`` -> ``("hard", the Shadow)``; a name without ``+`` has no personality.

    :raises ValueError: for an unknown personality or a level that takes none.
    """
    level, plus, taste = name.partition("+")
    if not plus:
        return name, None
    if taste not in PERSONALITIES:
        raise ValueError(f"unknown personality {taste!r}; known: {', '.join(sorted(PERSONALITIES))}")
    if level not in PERSONAL_LEVELS:
        raise ValueError(f"only the levels {', '.join(PERSONAL_LEVELS)} take a personality, not {level!r}")
    return level, PERSONALITIES[taste]


__all__ = ["PERSONALITIES", "PERSONAL_LEVELS", "TRAITS", "Personality", "load_personalities", "split_name"]
