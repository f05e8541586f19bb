"""Analyse a finished game: the strong level's view of every decision one player made.

For each decision of ``side`` with a choice, the level searches that side's
own observation (never the secrets the player did not have): the move it
prefers with its chance to win, and the chance of the move that was played
(from the same search when it weighed that move, else from a search of that
move alone).  The chances form the win-chance curve; the moves that cost
the most are the mistakes, each with the move the level preferred.

An analysis uses an iteration budget, not the clock, and seeds each search
from the game's seed and the ply, so analysing a record twice gives the
same result on any machine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field

from ..engine.core import Side, ToMove
from ..engine.record import GameRecord
from ..engine.rng import Rng
from .search import SearchBot, bot_from_spec

#: The analysing level per game: the hard search with a fixed budget, so results repeat
#: (Pocket's two rounds deep: about a quarter of what hard's second buys, so a whole game's
#: analysis takes seconds, not minutes).
ANALYSIS_LEVELS = {"pocket": "hard:iterations=1000", "london": "hard:iterations=800",
                   "newyork": "hard:iterations=700"}
#: A played move that the search visited at least this often is valued from that search.
MIN_VISITS = 20
#: A move costing at least this much of the chance to win is a mistake.
MISTAKE = 0.05


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision: the ply, what was played, what the level preferred, and both chances (``side``'s)."""

    ply: int
    round: int
    played: str
    best: str
    chance_best: float
    chance_played: float

    @property
    def loss(self) -> float:
        return max(0.0, self.chance_best - self.chance_played)


@dataclass
class Analysis:
    """Everything kept with the replay (``record.meta["analysis"]``)."""

    side: str
    level: str
    decisions: list[Decision] = field(default_factory=list)

    def curve(self) -> list[tuple[int, float]]:
        """The player's chance to win before each decision, by ply."""
        return [(d.ply, d.chance_best) for d in self.decisions]

    def mistakes(self, count: int = 3) -> list[Decision]:
        """The moves that lost the most (at least :data:`MISTAKE`), worst first."""
        bad = [d for d in self.decisions if d.loss >= MISTAKE]
        return sorted(bad, key=lambda d: (-d.loss, d.ply))[:count]

    def to_dict(self) -> dict:
        return {"side": self.side, "level": self.level, "decisions": [asdict(d) for d in self.decisions]}

    @classmethod
    def from_dict(cls, raw: dict) -> Analysis:
        """:raises ValueError: if ``raw`` is not an analysis."""
        try:
            decisions = [Decision(int(d["ply"]), int(d["round"]), str(d["played"]), str(d["best"]),
                                  float(d["chance_best"]), float(d["chance_played"])) for d in raw["decisions"]]
            return cls(str(raw["side"]), str(raw["level"]), decisions)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not an analysis: {exc}") from None


def analysis_seed(seed: int, ply: int) -> int:
    return (seed * 1_000_003 + ply * 7_919 + 99_991) & ((1 << 64) - 1)


def decision_plies(record: GameRecord, side: Side) -> list[int]:
    """The plies at which ``side`` chose among two or more actions."""
    state = record.start()
    plies = []
    for ply, text in enumerate(record.actions):
        if state.to_move() is not ToMove.CHANCE and state.to_move().side is side \
                and len(state.legal_actions()) > 1 and _searchable(state):
            plies.append(ply)
        state.apply(text)
    return plies


def _searchable(state) -> bool:  # type: ignore[no-untyped-def]
    """Pocket's only real choices are in phase ``act`` (witness and claim answers are forced)."""
    return state.game != "pocket" or state.phase == "act"


def analyse(record: GameRecord, side: Side, level: str | None = None,
            progress: Callable[[int, int], None] | None = None) -> Analysis:
    """Analyse ``side``'s decisions in ``record``; ``progress(done, total)`` after each one.

    ``level`` defaults to the game's :data:`ANALYSIS_LEVELS`.  ``progress``
    may raise to stop the analysis (the exception passes through).

    :raises ValueError: if ``level`` is not a search level or the record does not replay.
    """
    level = level or ANALYSIS_LEVELS.get(record.game, "hard:iterations=1000")
    bot = bot_from_spec(level)
    if not isinstance(bot, SearchBot):
        raise ValueError(f"analysis needs a search level, not {level!r}")
    plies = set(decision_plies(record, side))
    result = Analysis(side.value, level)
    total = len(plies)
    state = record.start()
    for ply, text in enumerate(record.actions):
        if ply in plies:
            obs = state.observation(side)
            played = next(a for a in obs.legal_actions() if str(a) == text)
            best, info = bot.search(obs, Rng(analysis_seed(record.seed, ply)))
            chance_best = float(info["value"])
            seen = info["values"].get(text)
            if seen is not None and seen[0] >= MIN_VISITS:
                chance_played = float(seen[1])
            elif str(best) == text:
                chance_played = chance_best
            else:
                _, alone = bot.search(obs, Rng(analysis_seed(record.seed, ply) ^ 1), only=played)
                chance_played = float(alone["value"])
            result.decisions.append(Decision(ply, obs.round, text, str(best), chance_best,
                                             min(chance_played, 1.0)))
            bot.remember(obs, played)  # what a level's belief about Jack reads on from
            if progress is not None:
                progress(len(result.decisions), total)
        state.apply(text)
    return result


__all__ = ["ANALYSIS_LEVELS", "Analysis", "Decision", "analyse", "decision_plies"]
