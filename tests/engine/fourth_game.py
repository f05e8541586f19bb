"""A tiny fake fourth game, built the way ARCHITECTURE.md tells a new game to be built.

"Mr. Jack on a square": the card game of London and New York
(:class:`game.engine.cards.CardGame`) on a 5x5 grid of streets.  Every
character walks up to two steps; a character is seen next to another one
or next to the lamp in the middle; Jack escapes through a corner exit;
Ann's power is London Holmes's: a secret alibi draw after her move.  The
other seven have no power of their own (it is part of their move).

Each section below stands for one file of a real game (``data.py``,
``board.py``, ``actions.py``, ``state.py``, ``__init__.py``), and
:data:`MINI` is its conformance adapter; ``test_fourth_game.py`` registers
it with :func:`game.engine.rulesets.register_ruleset` and runs the
conformance suite over it.
"""

from __future__ import annotations

from typing import Any

from game.engine.actions import Action, Vocabulary
from game.engine.cards import (
    ACT,
    DRAW,
    HIDDEN,
    MOVED,
    POWERED,
    CardActions,
    CardGame,
    card_phases,
    card_specs,
    list_field,
)
from game.engine.core import Termination
from game.engine.hexgrid import cells_of, mask_of

# ------------------------------------------------------------------- data.py
IDS = ("ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal")
ANN = 0
MOVES = 2
ROUNDS = 8
START = ("a1", "c1", "e1", "a3", "e3", "a5", "c5", "e5")

# ------------------------------------------------------------------ board.py
SIZE = 5
NAMES = tuple(f"{'abcde'[i % SIZE]}{i // SIZE + 1}" for i in range(SIZE * SIZE))
INDEX = {n: i for i, n in enumerate(NAMES)}
N_CELLS = len(NAMES)
ALL_CELLS = (1 << N_CELLS) - 1
ADJ = tuple(mask_of(INDEX[f"{'abcde'[c + dc]}{r + dr + 1}"]
                    for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0))
                    if 0 <= c + dc < SIZE and 0 <= r + dr < SIZE)
            for r in range(SIZE) for c in range(SIZE))
LAMP = INDEX["c3"]
LIGHT = ADJ[LAMP] | 1 << LAMP
EXITS = ("NW", "SE")
EXIT_CELL = (INDEX["a1"], INDEX["e5"])  # Jack steps out of the board from these corners
OFF_BOARD = N_CELLS                     # + exit index: where an escaped character is


def layers(start: int, points: int) -> tuple[int, ...]:
    """Cells first reached with 1, 2, ... points from ``start`` (occupied cells are crossed)."""
    seen, frontier, out = 1 << start, 1 << start, []
    for _ in range(points):
        nxt = 0
        for c in cells_of(frontier):
            nxt |= ADJ[c]
        frontier = nxt & ~seen
        seen |= frontier
        out.append(frontier)
    return tuple(out)


def position_name(p: int) -> str:
    return EXITS[p - OFF_BOARD] if p >= OFF_BOARD else NAMES[p]


# ---------------------------------------------------------------- actions.py
def _vocabulary() -> Vocabulary:
    specs = card_specs(IDS, 4)
    specs += [("to", (n,)) for n in NAMES]
    specs += [("escape", (e,)) for e in EXITS]
    return Vocabulary("mini", specs)


VOCAB = _vocabulary()
CARDS = CardActions(VOCAB, IDS, 4)
TO = tuple(VOCAB.get("to", n) for n in NAMES)
ESCAPE = tuple(VOCAB.get("escape", e) for e in EXITS)

# ------------------------------------------------------------------ state.py
PHASES, ACTIVATION = card_phases((), ())
INVESTIGATOR_WINS = CardGame.INVESTIGATOR_WINS
FIELDS = ("view", "round", "phase", "chars", "suspects", "witness", "cards", "played", "active", "done", "icards",
          "jcards", "jack", "rng", "ply", "outcome")


class MiniState(CardGame):
    """A game on the square, as one side (or the referee) knows it."""

    __slots__ = ()

    game = "mini"
    VOCAB = VOCAB
    CARDS = CARDS
    TO = TO
    BEFORE_OR_AFTER = frozenset()
    POWER_IN_MOVE = frozenset(range(1, 8))  # all but Ann: no power of their own
    rounds = ROUNDS
    PHASES = PHASES
    FIELDS = FIELDS
    ACTIVATION = ACTIVATION
    ESCAPE_RULE = "Jack escapes with his own card after an unseen round"
    #: identity + per pair of rounds: 1 deal, 8 picks, 8 moves, 2 draws, 2 witness calls.
    max_game_length = 1 + (ROUNDS // 2) * 21

    def __init__(self) -> None:
        super().__init__()
        self.pos = [INDEX[c] for c in START]

    def _copy_board(self, c: MiniState) -> None:
        pass  # the card game's fields are all there is

    # board
    def occupied(self) -> int:
        return mask_of(p for p in self.pos if p < OFF_BOARD)

    def visible_mask(self) -> int:
        occ = self.occupied()
        return mask_of(c for c, p in enumerate(self.pos) if p < OFF_BOARD and (LIGHT >> p & 1 or ADJ[p] & occ))

    def _on_board(self, c: int) -> bool:
        return self.pos[c] < OFF_BOARD

    def _reach(self, a: int) -> tuple[int, ...]:
        return layers(self.pos[a], MOVES)

    def _escape_options(self, a: int, reach: tuple[int, ...]) -> list[Action]:
        within = 1 << self.pos[a] | reach[0]  # a corner reached with a point left to step out
        return [ESCAPE[e] for e in range(len(EXITS)) if within >> EXIT_CELL[e] & 1]

    def _power_options(self, a: int) -> list[Action]:
        return []  # Ann's draw is a step of its own

    def _why_here(self, action: Action) -> str:
        if action.kind == "escape":
            return "only Jack's own character escapes, while the witness card shows unseen"
        return f"{IDS[self.active]} cannot do that now"

    # actions
    def _on_to(self, a: Action) -> None:
        self.pos[self.active] = INDEX[str(a.args[0])]
        self.done |= MOVED
        self._continue()

    def _on_escape(self, a: Action) -> None:
        self.pos[self.active] = OFF_BOARD + EXITS.index(str(a.args[0]))
        self._escape(self.active)

    def _on_draw(self, a: Action) -> None:
        self._draw(self._card(str(a.args[0])))
        self._powered()

    ON = {**CardGame.ON, "to": _on_to, "escape": _on_escape, "draw": _on_draw}

    def _pending_step(self) -> bool:
        """Ann draws after her move, while the deck has a card."""
        done = self.done
        if self.active == ANN and done & MOVED and not done & POWERED:
            if self.deck_size() > 0:
                self.phase = DRAW
                return True
            self.done = done | POWERED
        return False

    # text form, hashes, referee
    def public_fields(self) -> list:
        return ["mini", self.round, self.phase, self.pos, self.suspects, self.witness, self.cards, self.played,
                self.active, self.done, len(self.icards), len(self.jcards), self.jack is not None, self.ply,
                None if self.outcome is None else str(self.outcome)]

    def _describe_board(self) -> dict:
        return {"board": {"characters": {IDS[c]: position_name(p) for c, p in enumerate(self.pos)}}}

    def _board_text(self) -> str:
        return f"round={self.round} phase={self.phase} chars={','.join(position_name(p) for p in self.pos)}"

    def _parse_board(self, kv: dict[str, str]) -> None:
        chars = list_field(kv["chars"])
        if len(chars) != 8:
            raise ValueError("chars")
        self.pos = [OFF_BOARD + EXITS.index(c) if c in EXITS else INDEX[c] for c in chars]

    # checks
    def _check_board(self, term: Termination | None) -> None:
        on = [p for p in self.pos if p < OFF_BOARD]
        gone = [c for c in range(8) if self.pos[c] >= OFF_BOARD]
        if gone and (gone != [self.active] or term is not Termination.ESCAPE):
            raise ValueError("only Jack's escaping character leaves the board")
        self._check_arrest(on, term)

    def _check_activation(self, a: int, done: int) -> None:
        ph = self.phase
        if a >= 0 and a != ANN and not done & POWERED:
            raise ValueError("a power is part of the move but for Ann's")
        if a == ANN and done == POWERED:
            raise ValueError("Ann draws after her move")
        if ph == ACT and (done & (MOVED | POWERED) == MOVED | POWERED or (a == ANN and done & MOVED)):
            raise ValueError("nothing left to decide in this activation")
        if ph == DRAW and (a != ANN or done != MOVED):
            raise ValueError("Ann draws after her move")

    def _check_draws(self, term: Termination | None) -> None:
        a = self.active
        ann_done = ANN in self.played and not (a == ANN and not self.done & POWERED)
        if len(self.icards) + len(self.jcards) > self.round - 1 + ann_done:
            raise ValueError("Ann draws at most once a round, after her move")
        if term is Termination.ESCAPE and self.jack_known() and self.jack != a:
            raise ValueError("only Jack escapes")


# --------------------------------------------------------------- __init__.py
class Mini:
    """Rule-set metadata, as the registry lists it."""

    name = "mini"
    title = "Mr. Jack on a square (a test's fake)"
    aliases = ("square",)
    editions: tuple[str, ...] = ()
    default_edition = None
    state_class = MiniState
    vocabulary = VOCAB
    max_game_length = MiniState.max_game_length

    @staticmethod
    def new(seed: int, edition: str | None = None) -> MiniState:
        return MiniState.new(seed)

    @staticmethod
    def parse_state(text: str) -> MiniState:
        return MiniState.parse(text)


__all__ = ["FIELDS", "HIDDEN", "IDS", "INVESTIGATOR_WINS", "PHASES", "Mini", "MiniState"]


def adapter() -> Any:
    """The conformance suite's view of the fake (tests/engine/conformance.py)."""
    import sys

    from .conformance import card_game

    return card_game(
        Mini, sys.modules[__name__], examples=15,
        any_alphabet="mini view=full round=1 phase:,-?NWSE0123456789abcde",
        edit_alphabet="mini=,-? NWSE0123456789abcdemp",
        field_values=("-", "?", "0", "1", "2", "3", "7", "8", "9", "ann", "hal", "a1", "c3", "e5", "NW", "SE", "m",
                      "p", "mp", "seen", "unseen", "pick", "act", "draw", "verdict", "witness", "over", "jack",
                      "investigator", "jack:escape", "jack:time-up", "investigator:arrest-right", "ann,hal",
                      "bob,cat,dan"),
    )
