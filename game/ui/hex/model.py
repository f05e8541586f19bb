"""What London's and New York's drawn models share: the cards, the hands, Jack, the outcome, and the
transient parts every card-game animation moves (the flying cards, the lifted card, the banner).

Each game's model (``LondonModel``, ``NewYorkModel``) adds its board's
tokens and its own animation parts, and snaps the shared fields with
:meth:`CardModel.sync_cards` in its ``sync``.  The fields are keyword-only
so a game's own fields may come without defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine.cards import HIDDEN
from .. import theme
from .board import FlyingCard, PawnVis


@dataclass(kw_only=True)
class CardModel:
    """What one side may see of a card game, as drawn this frame (pawns are :class:`PawnVis`, the cards
    in the air :class:`FlyingCard`).

    ``jack`` is the identity card index, :data:`HIDDEN` when this view may
    not know it, ``None`` before it is dealt; ``icards``/``jcards`` hold
    :data:`HIDDEN` for the cards this view may not see.
    """

    view: str
    round: int
    phase: str
    pawns: list[PawnVis]
    witness: bool
    row: list[int]             # the round's four cards, in slot order
    played: list[int]
    active: int
    icards: list[int]
    jcards: list[int]
    jack: int | None
    deck: int = 7
    outcome: str | None = None
    winner: str | None = None
    visible: int = 0           # bitmask of visible characters (as this model stands)
    jack_seen: bool | None = None
    # transient animation parts
    witness_flip: float = 0.0
    card_lift: list[float] = field(default_factory=lambda: [0.0] * 8)
    row_alpha: list[float] = field(default_factory=lambda: [1.0] * 4)
    flying: list[FlyingCard] = field(default_factory=list)
    sight_alpha: float = 0.0   # the witness call's visibility marks
    banner: str = ""
    banner_colour: tuple[int, int, int] = theme.PARCHMENT
    banner_alpha: float = 0.0
    moving: int = -1           # the character walking now (drawn on top)

    @staticmethod
    def empty() -> dict[str, Any]:
        """The shared fields of a model not yet synced (``from_view`` fills them from the observation)."""
        return {"round": 1, "pawns": [], "witness": True, "row": [], "played": [], "active": -1, "icards": [],
                "jcards": [], "jack": None}

    def sync_cards(self, obs: Any) -> None:
        """Snap the shared fields to ``obs`` and drop the shared transient parts."""
        self.view, self.round, self.phase = obs.view, obs.round, obs.phase
        self.witness = obs.witness
        self.played = list(obs.played)
        self.row = sorted(c for c in range(8) if obs.cards >> c & 1 or c in obs.played)
        self.active = obs.active
        self.icards, self.jcards = list(obs.icards), list(obs.jcards)
        self.jack = obs.jack
        self.deck = obs.deck_size()
        self.outcome = None if obs.outcome is None else str(obs.outcome)
        self.winner = None if obs.outcome is None else obs.outcome.winner.value
        self.visible = obs.visible_mask()
        self.jack_seen = obs.jack_seen()
        self.witness_flip = 0.0
        self.card_lift = [1.0 if c == obs.active else 0.0 for c in range(8)]
        self.row_alpha = [1.0] * 4
        self.flying = []
        self.sight_alpha = 0.0
        self.banner_alpha = 0.0
        self.moving = -1

    # ------------------------------------------------------------ queries
    def jack_known(self) -> bool:
        return self.jack is not None and self.jack != HIDDEN

    def suspects(self) -> list[int]:
        return [p.char for p in self.pawns if p.suspect]

    def secrets(self) -> dict:
        """The hidden-information part of the model (what tests check per view)."""
        return {"jack": self.jack, "jcards": list(self.jcards), "icards": list(self.icards),
                "flying": [f.card for f in self.flying if f.dst[0] in ("jack", "identity")],
                "flying_investigator": [f.card for f in self.flying if f.dst[0] == "investigator"]}
