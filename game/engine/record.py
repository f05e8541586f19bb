"""A game as data: rule set, seed and the actions played, replayable anywhere.

Saves, replays, network logs and golden playthroughs all use this one form.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .errors import ParseError
from .rulesets import find_ruleset

FORMAT = "mrjack-record/1"


@dataclass
class GameRecord:
    """Everything needed to rebuild a game: ``replay()`` reaches the same state."""

    game: str
    seed: int
    actions: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    def start(self):  # type: ignore[no-untyped-def]
        """The first state: the rule set's setup from the seed (and ``meta["edition"]``)."""
        rs = find_ruleset(self.game)
        edition = self.meta.get("edition")
        return rs.new(self.seed) if edition is None else rs.new(self.seed, edition=edition)

    def replay(self, upto: int | None = None):  # type: ignore[no-untyped-def]
        """The state after the first ``upto`` actions (all by default).

        :raises ValueError: if an action does not parse or is illegal.
        """
        state = self.start()
        for text in self.actions[:upto]:
            state.apply(text)
        return state

    def states(self):  # type: ignore[no-untyped-def]
        """Every state from the start to the end, one per action plus the first."""
        state = self.start()
        out = [state.clone()]
        for text in self.actions:
            state.apply(text)
            out.append(state.clone())
        return out

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "game": self.game, "seed": self.seed,
                           "actions": self.actions, "meta": self.meta}, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read and check a record; the actions are replayed to prove them legal.

        :raises ParseError: on anything that is not a valid record.
        """
        try:
            raw = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise ParseError(f"not a game record: {exc}") from None
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise ParseError("not a game record of this version")
        game, seed, actions, meta = raw.get("game"), raw.get("seed"), raw.get("actions"), raw.get("meta", {})
        if not isinstance(game, str) or not isinstance(seed, int) or isinstance(seed, bool) \
                or not isinstance(actions, list) or not all(isinstance(a, str) for a in actions) \
                or not isinstance(meta, dict):
            raise ParseError("game record has bad fields")
        try:
            find_ruleset(game)
        except ValueError as exc:
            raise ParseError(str(exc)) from None
        rec = cls(game, seed, list(actions), dict(meta))
        try:
            rec.replay()
        except ValueError as exc:
            raise ParseError(f"game record does not replay: {exc}") from None
        return rec
