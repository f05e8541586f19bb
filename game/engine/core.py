"""What every rule set shares: sides, whose decision it is, how a game ends."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Side(enum.Enum):
    """The two players; sides are named by their lowercase value in text."""

    INVESTIGATOR = "investigator"
    JACK = "jack"

    @property
    def other(self) -> Side:
        return Side.JACK if self is Side.INVESTIGATOR else Side.INVESTIGATOR


class ToMove(enum.Enum):
    """Whose decision the state waits for (OpenSpiel's ``current_player``)."""

    INVESTIGATOR = "investigator"
    JACK = "jack"
    CHANCE = "chance"
    OVER = "over"

    @property
    def side(self) -> Side | None:
        if self is ToMove.INVESTIGATOR:
            return Side.INVESTIGATOR
        if self is ToMove.JACK:
            return Side.JACK
        return None


class Termination(enum.Enum):
    """Every way a game can end, one member per rule-book condition."""

    # Mr. Jack Pocket
    ONE_SUSPECT = "one-suspect"
    HOURGLASSES = "hourglasses"
    BOTH_GOALS_SEEN = "both-goals-seen"
    BOTH_GOALS_UNSEEN = "both-goals-unseen"
    CHASE_SEEN = "chase-seen"
    CHASE_ESCAPED = "chase-escaped"
    TIME_UP = "time-up"
    # Mr. Jack (London); TIME_UP above ends it too
    ARREST_RIGHT = "arrest-right"
    ARREST_WRONG = "arrest-wrong"
    ESCAPE = "escape"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended and who won."""

    termination: Termination
    winner: Side

    def __str__(self) -> str:
        return f"{self.winner.value}:{self.termination.value}"

    @classmethod
    def parse(cls, text: str) -> Outcome:
        from .errors import ParseError

        try:
            winner, term = text.split(":")
            return cls(Termination(term), Side(winner))
        except ValueError as exc:
            raise ParseError(f"bad outcome {text!r}") from exc
