"""``run.py referee``: one JSON line in, exactly one JSON line out.

Lines: ``{"new": GAME, "seed": N}`` (plus ``"edition"`` for a game that has
editions), ``{"load": STATE_TEXT}``, ``{"do": ACTION}``.
Any line may add ``"chance": [ACTION, ...]``: outcomes to use, in order, for
the chance steps that follow it; the rest are drawn from the game's seed.
A bad line answers ``{"error": ...}`` and leaves the game as it was.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any

from .engine import ToMove, find_ruleset, parse_state
from .engine.errors import IllegalActionError, ParseError

KEYS = {"new", "seed", "load", "do", "chance", "edition"}


class RefereeError(Exception):
    pass


class Referee:
    """Holds one game; :meth:`handle` maps a request line to an answer line."""

    def __init__(self) -> None:
        self.state: Any = None

    def handle(self, line: str) -> str:
        try:
            answer = self._handle(line)
        except RefereeError as exc:
            answer = {"error": str(exc)}
        return json.dumps(answer, sort_keys=False, ensure_ascii=False)

    def _handle(self, line: str) -> dict:
        try:
            req = json.loads(line)
        except ValueError as exc:
            raise RefereeError(f"malformed JSON: {exc}") from None
        if not isinstance(req, dict):
            raise RefereeError("a request is a JSON object")
        unknown = sorted(set(req) - KEYS)
        if unknown:
            raise RefereeError(f"unknown key(s): {', '.join(unknown)}")
        verbs = [k for k in ("new", "load", "do") if k in req]
        if len(verbs) != 1:
            raise RefereeError('a request has exactly one of "new", "load" or "do"')
        chance = req.get("chance", [])
        if isinstance(chance, str):
            chance = [chance]
        if not isinstance(chance, list) or not all(isinstance(c, str) for c in chance):
            raise RefereeError('"chance" is a list of action texts')
        verb = verbs[0]
        if verb != "new" and ("seed" in req or "edition" in req):
            raise RefereeError('"seed" and "edition" go with "new"')
        if verb == "new":
            state = self._new(req)
        elif verb == "load":
            if not isinstance(req["load"], str):
                raise RefereeError('"load" takes a state text')
            try:
                state = parse_state(req["load"])
            except ValueError as exc:
                raise RefereeError(str(exc)) from None
        else:
            if self.state is None:
                raise RefereeError('no game yet: send "new" or "load" first')
            if not isinstance(req["do"], str):
                raise RefereeError('"do" takes an action text')
            state = self.state.clone()
            try:
                state.apply(req["do"])
            except (ParseError, IllegalActionError) as exc:
                raise RefereeError(str(exc)) from None
        self._advance(state, chance)
        self.state = state
        return answer(state)

    @staticmethod
    def _new(req: dict) -> Any:
        game, seed = req["new"], req.get("seed", 0)
        if not isinstance(game, str):
            raise RefereeError('"new" takes a game name')
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RefereeError('"seed" is an integer')
        try:
            rs = find_ruleset(game)
            if "edition" not in req:
                return rs.new(seed & ((1 << 64) - 1))
            if not getattr(rs, "editions", ()):
                raise RefereeError(f"{game} has no editions")
            if not isinstance(req["edition"], (str, int)) or isinstance(req["edition"], bool):
                raise RefereeError('"edition" is a string, e.g. "2006"')
            return rs.new(seed & ((1 << 64) - 1), edition=str(req["edition"]))
        except ValueError as exc:
            raise RefereeError(str(exc)) from None

    @staticmethod
    def _advance(state: Any, given: list[str]) -> None:
        """Take chance steps: the given outcomes first, then the state's generator."""
        given = list(given)
        while state.to_move() is ToMove.CHANCE:
            if given:
                text = given.pop(0)
                try:
                    state.apply(text)
                except (ParseError, IllegalActionError) as exc:
                    raise RefereeError(f"chance outcome refused: {exc}") from None
            elif state.rng is not None:
                state.apply(state.sample_chance())
            else:
                break  # no generator: wait for a line that gives the outcome
        if given:
            raise RefereeError(f"unused chance outcomes: {given}")


def answer(state: Any) -> dict:
    out = {
        "state": str(state),
        "hash": state.public_hash(),
        "to_move": state.to_move().value,
        "legal": [str(a) for a in state.legal_actions()],
    }
    out.update(state.describe())
    out["over"] = state.is_over()
    winner = state.winner()
    out["winner"] = None if winner is None else winner.value
    out["termination"] = None if state.outcome is None else state.outcome.termination.value
    return out


def main(stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout) -> int:
    ref = Referee()
    for line in stdin:
        stdout.write(ref.handle(line.rstrip("\n")) + "\n")
        stdout.flush()
    return 0
