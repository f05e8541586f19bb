"""Who Jack is, as the investigator reads it from Jack's past play (Mr. Jack Pocket).

The search deals the hidden Jack uniformly among the suspects unless it is
given a :class:`JackBelief`.  A belief weights each suspect by how well
Jack's public choices so far fit him: for each of Jack's past actions, the
chance that a fast Jack policy -- a softmax over the :class:`Scorer`'s
one-action values, the judgement the rollouts use -- plays the action Jack
actually played, had that suspect been Jack.

Only the investigator's own observations are read.  Jack's actions between
two of them are found again by replaying every public sequence of the right
length from the earlier observation (investigator's view: Jack's draws are
``draw ?``) and keeping those that reach the later one; nothing else is
known, so nothing else is used.
"""

from __future__ import annotations

import math

from ..engine.actions import Action
from ..engine.core import Side
from ..engine.pocket.state import ACT, CLAIM, CLAIM_NO, CLAIM_YES, TO_WIN, PocketState
from .pocket_eval import VALUES, Scorer, ValueTable, jack_tokens

#: Longest run of plies searched between two observations (a full round and its chance steps).
MAX_GAP = 9
#: Most alternative sequences kept for one gap (orders of the same two actions, say).
MAX_PATHS = 8


def _key(state: PocketState) -> list:
    """The public facts, without the ply (an investigator's view counts claim steps the game skips)."""
    fields = state.public_fields()
    del fields[15]
    return fields


def jack_moves_between(start: PocketState, target: PocketState) -> list[list[tuple[PocketState, Action]]] | None:
    """Every public sequence from ``start`` to ``target``, as Jack's decisions along it.

    ``start`` and ``target`` are investigator's views.  Each sequence is
    given as its Jack actions with the state before each; ``None`` when no
    sequence of ``target.ply - start.ply`` plies reaches ``target``.
    """
    gap = target.ply - start.ply
    if gap < 0 or gap > MAX_GAP:
        return None
    goal = _key(target)
    found: list[list[tuple[PocketState, Action]]] = []

    def walk(state: PocketState, left: int, moves: list[tuple[PocketState, Action]]) -> None:
        if len(found) >= MAX_PATHS:
            return
        if left == 0:
            if _key(state) == goal:
                found.append(list(moves))
            return
        if state.outcome is not None or state.round > target.round:
            return
        if state.phase == CLAIM:
            # Only a view asks Jack to claim his hourglasses; the full game
            # decides it without a ply, so the claim costs none of the gap.
            for action in (CLAIM_NO, CLAIM_YES):
                child = state.clone()
                child._apply(action)
                walk(child, left, moves)
            return
        jack_acts = state.phase == ACT and state.actor(state.step) is Side.JACK
        if state.phase == ACT and not jack_acts:
            return  # the investigator's own actions are given, never guessed
        for action in state._generate():
            child = state.clone()
            child._apply(action)
            if jack_acts:
                moves.append((state, action))
                walk(child, left - 1, moves)
                moves.pop()
            else:
                walk(child, left - 1, moves)

    walk(start, gap, [])
    return found or None


def jack_loglik(state: PocketState, action: Action, temp: float, eps: float,
                values: ValueTable = VALUES) -> list[float]:
    """For each character, the log chance that the scored policy plays ``action`` as that Jack.

    Characters no longer suspects get 0 (they are out of the belief anyway).
    ``eps`` mixes in a uniform choice, so one surprising move never rules a
    suspect out.
    """
    legal = state._generate()
    sc = Scorer(state, values)
    effects = [sc.effect(a) for a in legal]
    played = legal.index(action)
    h = min(jack_tokens(state) + len(state.jcards), TO_WIN - 1)
    out = [0.0] * 9
    for c in range(9):
        if not state.suspect[c]:
            continue
        cell = state.chars.index(c)
        vals = [sc.effect_value(e, cell, h) for e in effects]
        top = max(vals)
        ex = [math.exp((v - top) / temp) for v in vals]
        p = (1.0 - eps) * ex[played] / sum(ex) + eps / len(legal)
        out[c] = math.log(p)
    return out


class JackBelief:
    """The investigator's weights over who Jack is, from the observations he has had.

    Feed it each observation of one game in order (:meth:`observe`) and the
    action played from it (:meth:`played`); :meth:`weights` gives a weight
    per character.  An observation that does not follow from the last one
    (a new game, a skipped stretch) starts the belief afresh.
    """

    def __init__(self, temp: float = 0.1, eps: float = 0.1, values: ValueTable = VALUES) -> None:
        self.temp = temp
        self.eps = eps
        self.values = values
        self.loglik = [0.0] * 9
        self.seen: PocketState | None = None  # the latest observation
        self.last: PocketState | None = None  # the same after the investigator's action (once known)

    def reset(self) -> None:
        self.loglik = [0.0] * 9
        self.seen = self.last = None

    def observe(self, obs: PocketState) -> None:
        """Read Jack's actions since the last observation (an investigator's view)."""
        seen = self.seen
        if seen is not None and seen.ply == obs.ply and _key(seen) == _key(obs):
            return  # the same decision again (an analysis asking twice)
        paths = None if self.last is None else jack_moves_between(self.last, obs)
        if paths is None:
            self.reset()
        else:
            self._add(paths)
        self.seen = self.last = obs.clone()

    def played(self, obs: PocketState, action: Action) -> None:
        """The investigator played ``action`` from ``obs``: the belief reads on after it
        (told again for the same observation, the later action counts)."""
        self.observe(obs)
        assert self.seen is not None
        after = self.seen.clone()
        after._apply(action)
        self.last = after

    def _add(self, paths: list[list[tuple[PocketState, Action]]]) -> None:
        """Add the log chance of the gap's Jack actions, summed over the sequences that explain it."""
        if not any(paths):
            return
        per_path = []
        for moves in paths:
            total = [0.0] * 9
            for state, action in moves:
                ll = jack_loglik(state, action, self.temp, self.eps, self.values)
                total = [t + x for t, x in zip(total, ll, strict=True)]
            per_path.append(total)
        for c in range(9):
            top = max(p[c] for p in per_path)
            self.loglik[c] += top + math.log(sum(math.exp(p[c] - top) for p in per_path))

    def weights(self, suspects: list[int]) -> list[float]:
        """Each suspect's chance to be Jack (in the order given)."""
        lls = [self.loglik[c] for c in suspects]
        top = max(lls)
        ex = [math.exp(x - top) for x in lls]
        total = sum(ex)
        return [e / total for e in ex]


__all__ = ["JackBelief", "jack_loglik", "jack_moves_between"]
