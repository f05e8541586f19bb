"""The Mr. Jack (London) game state: its board, its powers and Watson's lantern.

The card game under it (cards, activations, witness, accusation, escape,
text form and checks) is :class:`game.engine.cards.CardGame`; London adds
Holmes's draw, Goodley's whistle and Watson's lantern as steps of their own.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..actions import Action
from ..cards import (
    ACT,
    DRAW,
    HIDDEN,
    MOVED,
    ORDER,
    PICK,
    POWERED,
    VERDICT,
    VIEWS,
    WITNESS,
    CardGame,
    card_phases,
    int_field,
    list_field,
)
from ..core import Termination
from .actions import (
    CARDS,
    CORDON,
    COVER,
    DEAL_ACTIONS,
    DRAW_HIDDEN,
    ESCAPE,
    IDENTITY_HIDDEN,
    LAMP,
    LANTERN,
    SWAP,
    TO,
    VOCAB,
    WHISTLE,
    split_pair,
)
from .board import (
    ADJ,
    BEAM,
    EXIT_CELL,
    EXIT_INDEX,
    EXITS,
    INDEX,
    LAMP_CELLS,
    NAMES,
    OFF_BOARD,
    STREET,
    cells_of,
    distances,
    layers,
    mask_of,
    position_name,
)
from .data import CHARACTER_IDS, DATA, DIRECTIONS

#: What other modules (the client, bots, tests) take from here; the card
#: game's names come from :mod:`game.engine.cards` and ``.actions``.
__all__ = ["LondonState", "VOCAB", "FIELDS", "IDS", "HIDDEN", "ORDER", "VIEWS", "PHASES", "ROUNDS", "MANHOLES",
           "INVESTIGATOR_WINS", "PICK", "ACT", "WHISTLING", "AIM", "DRAW", "VERDICT", "WITNESS", "DEAL_ACTIONS",
           "DRAW_HIDDEN", "IDENTITY_HIDDEN"]

IDS = CHARACTER_IDS
CHAR_INDEX = {c: i for i, c in enumerate(IDS)}
HOLMES, WATSON, SMITH, LESTRADE, STEALTHY, GOODLEY, GULL, BERT = range(8)
MOVES = tuple(c.moves for c in DATA.characters)
ROUNDS = DATA.rounds
WHISTLE_POINTS = DATA.whistle_points
EDITIONS = tuple(sorted(DATA.editions))
DEFAULT_EDITION = DATA.default_edition
MANHOLES = {e: mask_of(INDEX[m] for m in ed.manholes) for e, ed in DATA.editions.items()}
#: Lamp tokens: 0-3 are numbered 1-4, 4 and 5 are the unnumbered pair.
START_LAMPS = [INDEX[c] for c, n, lit in sorted((lp for lp in DATA.lamps if lp[2]),
                                                  key=lambda lp: (lp[1] is None, lp[1] or 0, INDEX[lp[0]]))]
# Flags of the activation in progress (text: m, p, w): the card game's two, and
# Watson's lantern due after someone else moved him.
LANTERN_DUE = 4

WHISTLING, AIM = "whistle", "lantern"
PHASES, ACTIVATION = card_phases((WHISTLING, AIM), ())
LANTERNS = tuple(sorted(LANTERN))
INVESTIGATOR_WINS = frozenset({Termination.ARREST_RIGHT})
FIELDS = ("view", "edition", "round", "phase", "chars", "lamps", "covers", "cordons", "lantern", "suspects",
          "witness", "cards", "played", "active", "done", "points", "icards", "jcards", "jack", "rng", "ply",
          "outcome")


class LondonState(CardGame):
    """A game of Mr. Jack (London) as one side (or the referee) knows it (see :class:`CardGame`)."""

    __slots__ = ("edition", "lamps", "covers", "cordons", "lantern", "points")

    game = "london"
    VOCAB = VOCAB
    CARDS = CARDS
    TO = TO
    BEFORE_OR_AFTER = frozenset(i for i, c in enumerate(DATA.characters) if c.timing == "before-or-after")
    POWER_IN_MOVE = frozenset({STEALTHY})  # her power is part of her move
    rounds = ROUNDS
    PHASES = PHASES
    FIELDS = FIELDS
    ACTIVATION = ACTIVATION
    PLAYER_PHASES = (*CardGame.PLAYER_PHASES, WHISTLING, AIM)
    DONE_FLAGS = ((MOVED, "m"), (POWERED, "p"), (LANTERN_DUE, "w"))
    ESCAPE_RULE = "Jack escapes with his own card after an unseen round"
    #: identity + per pair of rounds: 1 deal, 8 picks, 18 activation steps
    #: (Goodley at most 5: move, three whistle moves, Watson's lantern), 2 witness calls.
    max_game_length = 1 + (ROUNDS // 2) * 29

    def __init__(self, edition: str = DEFAULT_EDITION) -> None:
        super().__init__()
        ed = DATA.editions[edition]
        self.edition = edition
        self.pos: list[int] = [INDEX[c] for c in ed.start]        # cell (or OFF_BOARD + exit) by character
        self.lamps: list[int] = START_LAMPS[:]                    # cell of each lamp token, -1 once out
        self.covers: list[int] = sorted(INDEX[c] for c in ed.covered)
        self.cordons: list[int] = [i for i, e in enumerate(DATA.exits) if e.cordon]
        self.lantern = DIRECTIONS.index(ed.lantern)
        self.points = 0                                           # whistle points left

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, seed: int, edition: str | None = None) -> LondonState:
        """The set-up of ``edition`` (``"2006"`` by default, or ``"2016"``); Jack not yet dealt.

        :raises ValueError: for an unknown edition.
        """
        edition = DEFAULT_EDITION if edition is None else str(edition)
        if edition not in DATA.editions:
            raise ValueError(f"london: unknown edition {edition!r}; known: {', '.join(EDITIONS)}")
        s = cls(edition)
        s.rng = seed & ((1 << 64) - 1)
        return s

    def _copy_board(self, c: LondonState) -> None:
        c.edition, c.lamps, c.covers, c.cordons = self.edition, self.lamps[:], self.covers[:], self.cordons[:]
        c.lantern, c.points = self.lantern, self.points

    # -------------------------------------------------------------- queries
    def open_manholes(self) -> int:
        """Mask of the edition's manholes without a cover."""
        return MANHOLES[self.edition] & ~mask_of(self.covers)

    def occupied(self) -> int:
        m = 0
        for p in self.pos:
            if p < OFF_BOARD:
                m |= 1 << p
        return m

    def lit_lamps(self) -> list[int]:
        """Cells with a lit lamp token, lowest index first."""
        return sorted(p for p in self.lamps if p >= 0)

    def visible_mask(self) -> int:
        """Characters (bitmask) next to a lit lamp, next to another character, or in Watson's beam."""
        light = 0
        for p in self.lamps:
            if p >= 0:
                light |= ADJ[p]
        w = self.pos[WATSON]
        if w < OFF_BOARD:
            light |= BEAM[w][self.lantern]
        occ = self.occupied()
        out = 0
        for c, p in enumerate(self.pos):
            if p < OFF_BOARD and (light >> p & 1 or ADJ[p] & occ):
                out |= 1 << c
        return out

    # -------------------------------------------------------------- legality
    def _board_options(self) -> list[Action]:
        if self.phase == WHISTLING:
            return sorted(self._whistle_options(self.points))
        if self.phase == AIM:
            return list(LANTERNS)
        return []

    def _power_options(self, a: int) -> list[Action]:
        """The choices of the power used in phase ``act`` (Holmes's draw and
        Watson's lantern follow the move in their own phases)."""
        if a == SMITH:
            lit = [p for p in self.lamps if p >= 0]
            unlit = [c for c in cells_of(LAMP_CELLS) if c not in lit]
            return [LAMP[(x, y)] for x in lit for y in unlit]
        if a == LESTRADE:
            return [CORDON[(x, y)] for x in self.cordons for y in range(4) if y not in self.cordons]
        if a == BERT:
            return [COVER[(x, y)] for x in self.covers for y in cells_of(self.open_manholes())]
        if a == GOODLEY:
            return self._whistle_options(WHISTLE_POINTS)
        if a == GULL:
            return [SWAP[c] for c in range(8) if c != GULL]
        return []

    def _power_possible(self, a: int) -> bool:
        if a == GOODLEY:
            return self._can_whistle(WHISTLE_POINTS)
        return super()._power_possible(a)

    def _reach(self, a: int) -> tuple[int, ...]:
        return layers(self.pos[a], MOVES[a], a == STEALTHY, self.open_manholes())

    def _dest_mask(self, a: int, reach: tuple[int, ...]) -> int:
        """Street cells the move may end on (occupied ones included)."""
        return super()._dest_mask(a, reach) & STREET & ~(1 << self.pos[a])

    def _escape_options(self, a: int, reach: tuple[int, ...]) -> list[Action]:
        within = 1 << self.pos[a]  # the corner must be reached with a point left to step out
        for layer in reach[:MOVES[a] - 1]:
            within |= layer
        return [ESCAPE[e] for e in range(4) if e not in self.cordons and within >> EXIT_CELL[e] & 1]

    def _on_board(self, c: int) -> bool:
        return self.pos[c] < OFF_BOARD

    def _whistle_options(self, points: int) -> list[Action]:
        """Whistle moves: one character (not Goodley) to a free street cell
        ``k <= points`` movement points nearer Goodley, by a path of ``k`` points."""
        return list(self._whistles(points))

    def _can_whistle(self, points: int) -> bool:
        """Whether some character can come nearer Goodley (the first whistle move found)."""
        return next(self._whistles(points), None) is not None

    def _whistles(self, points: int) -> Iterator[Action]:
        g = self.pos[GOODLEY]
        om = self.open_manholes()
        rings = distances(g, om)
        occ = self.occupied()
        for x in range(8):
            px = self.pos[x]
            if x == GOODLEY or px >= OFF_BOARD:
                continue
            dx = _ring_of(rings, px)
            if dx <= 1:
                continue
            row = WHISTLE[x]
            for j, layer in enumerate(layers(px, min(points, dx - 1), False, om), 1):
                for c in cells_of(layer & rings[dx - j] & ~occ):
                    yield row[c]  # type: ignore[misc]

    # ------------------------------------------------------------------ apply
    def _why_here(self, action: Action) -> str:
        """Reasons of this game's own phases and powers."""
        ph = self.phase
        if ph == AIM:
            return "the lantern must be pointed now"
        if ph == WHISTLING:
            return f"{self.points} whistle point(s) must bring characters nearer Goodley"
        if action.kind == "escape":
            return ("only Jack's own character escapes, through an exit without a cordon, "
                    "while the witness card shows unseen")
        return f"{IDS[self.active]} cannot do that now"

    def _on_to(self, a: Action) -> None:
        self.pos[self.active] = INDEX[a.args[0]]  # type: ignore[index]
        self.done |= MOVED | (POWERED if self.active == GULL else 0)  # Gull: move OR swap
        self._continue()

    def _on_escape(self, a: Action) -> None:
        self.pos[self.active] = OFF_BOARD + EXIT_INDEX[a.args[0]]  # type: ignore[index]
        self._escape(self.active)

    def _on_whistle(self, a: Action) -> None:
        self._whistle(CHAR_INDEX[a.args[0]], INDEX[a.args[1]])  # type: ignore[index]

    def _on_lantern(self, a: Action) -> None:
        self.lantern = DIRECTIONS.index(a.args[0])  # type: ignore[arg-type]
        self.done &= ~LANTERN_DUE
        if self.active == WATSON:
            self.done |= POWERED
        self._continue()

    def _on_lamp(self, a: Action) -> None:
        x, y = (INDEX[n] for n in split_pair(a.args[0]))  # type: ignore[arg-type]
        self.lamps[self.lamps.index(x)] = y
        self.lamps[4:] = sorted(self.lamps[4:])  # the unnumbered pair is interchangeable
        self._powered()

    def _on_swap(self, a: Action) -> None:
        other = CHAR_INDEX[a.args[0]]  # type: ignore[index]
        self.pos[GULL], self.pos[other] = self.pos[other], self.pos[GULL]
        self.done |= MOVED | (LANTERN_DUE if other == WATSON else 0)
        self._powered()

    def _on_draw(self, a: Action) -> None:
        self._draw(self._card(a.args[0]))  # type: ignore[arg-type]
        self._powered()

    ON = {**CardGame.ON, "to": _on_to, "escape": _on_escape, "whistle": _on_whistle, "lantern": _on_lantern,
          "lamp": _on_lamp, "swap": _on_swap, "draw": _on_draw,
          "cordon": lambda s, a: s._move_token("cordons", a.args[0], EXIT_INDEX),
          "cover": lambda s, a: s._move_token("covers", a.args[0], INDEX)}

    def _whistle(self, x: int, cell: int) -> None:
        rings = distances(self.pos[GOODLEY], self.open_manholes())
        cost = _ring_of(rings, self.pos[x]) - _ring_of(rings, cell)
        self.points = (WHISTLE_POINTS if self.phase == ACT else self.points) - cost
        self.pos[x] = cell
        if x == WATSON:
            self.done |= LANTERN_DUE
        if self.points > 0 and self._can_whistle(self.points):
            self.phase = WHISTLING
            return
        self.points = 0  # spent, or no character can come nearer: the rest is lost
        self.done |= POWERED
        self._continue()

    def _pending_step(self) -> bool:
        """Holmes draws and Watson points his lantern after their move; Watson
        points it too once someone else moved him.  Holmes's draw from an
        empty deck is passed (a public fact)."""
        a, done = self.active, self.done
        if a in (HOLMES, WATSON) and done & MOVED and not done & POWERED:
            if a == WATSON:
                self.phase = AIM
                return True
            if self.deck_size() > 0:
                self.phase = DRAW
                return True
            self.done = done = done | POWERED
        if done & LANTERN_DUE and done & POWERED:
            self.phase = AIM
            return True
        return False

    def _next_round(self, seen: bool) -> None:
        ended = self.round
        super()._next_round(seen)
        if ended <= 4:
            self.lamps[ended - 1] = -1  # the lamp numbered with the round that ended goes out

    # ----------------------------------------------------- observation, hashing
    def public_fields(self) -> list:
        """Everything both sides can see, in a fixed order, as msgpack-ready values."""
        return [
            "london", self.edition, self.round, self.phase, self.pos, self.lamps, self.covers, self.cordons,
            self.lantern, self.suspects, self.witness, self.cards, self.played, self.active, self.done,
            self.points, len(self.icards), len(self.jcards), self.jack is not None, self.ply,
            None if self.outcome is None else str(self.outcome),
        ]

    def _describe_board(self) -> dict:
        return {
            "edition": self.edition,
            "board": {
                "characters": {IDS[c]: position_name(p) for c, p in enumerate(self.pos)},
                "lit": [NAMES[c] for c in self.lit_lamps()],
                "covered": [NAMES[c] for c in self.covers],
                "cordons": [EXITS[e] for e in self.cordons],
                "lantern": DIRECTIONS[self.lantern],
            },
            "lamps": [[NAMES[p], t + 1 if t < 4 else None] for t, p in enumerate(self.lamps) if p >= 0],
            "manholes": [NAMES[c] for c in cells_of(MANHOLES[self.edition])],
        }

    def _describe_activation(self) -> dict:
        return {"whistle_points": self.points}

    # -------------------------------------------------------------- text form
    def _board_text(self) -> str:
        return (
            f"edition={self.edition} round={self.round} phase={self.phase} "
            f"chars={','.join(position_name(p) for p in self.pos)} "
            f"lamps={','.join('-' if p < 0 else NAMES[p] for p in self.lamps)} "
            f"covers={','.join(NAMES[c] for c in self.covers)} "
            f"cordons={','.join(EXITS[e] for e in self.cordons)} lantern={DIRECTIONS[self.lantern]}")

    def _activation_text(self) -> str:
        return f" points={self.points}"

    def _parse_board(self, kv: dict[str, str]) -> None:
        if kv["edition"] not in EDITIONS:
            raise ValueError("edition")
        self.edition = kv["edition"]
        chars = list_field(kv["chars"])
        if len(chars) != 8:
            raise ValueError("chars")
        self.pos = [OFF_BOARD + EXIT_INDEX[c] if c in EXIT_INDEX else INDEX[c] for c in chars]
        lamps = kv["lamps"].split(",")
        if len(lamps) != 6:
            raise ValueError("lamps")
        self.lamps = [-1 if x == "-" else INDEX[x] for x in lamps]
        self.covers = [INDEX[c] for c in list_field(kv["covers"])]
        self.cordons = [EXIT_INDEX[e] for e in list_field(kv["cordons"])]
        self.lantern = DIRECTIONS.index(kv["lantern"])
        self.points = int_field(kv["points"], 0, WHISTLE_POINTS)

    # ----------------------------------------------------------------- checks
    def _check_board(self, term: Termination | None) -> None:
        s = self
        on = [p for p in s.pos if p < OFF_BOARD]
        if any(not STREET >> p & 1 for p in on):
            raise ValueError("characters stand on streets")
        gone = [c for c in range(8) if s.pos[c] >= OFF_BOARD]
        if gone and (gone != [s.active] or term is not Termination.ESCAPE
                     or s.pos[s.active] - OFF_BOARD in s.cordons):
            raise ValueError("only Jack's escaping character leaves the board, through an open exit")
        s._check_arrest(on, term)
        for t in range(4):
            if (s.lamps[t] >= 0) != (t + 1 >= s.round):
                raise ValueError("lamp N goes out at the end of round N")
        if s.lamps[4] < 0 or s.lamps[5] < 0 or s.lamps[4] > s.lamps[5]:
            raise ValueError("the unnumbered lamps stay lit, listed in cell order")
        lit = [p for p in s.lamps if p >= 0]
        if len(set(lit)) != len(lit) or any(not LAMP_CELLS >> p & 1 for p in lit):
            raise ValueError("lamp tokens stand on distinct lamp cells")
        manholes = MANHOLES[s.edition]
        if len(s.covers) != 2 or not s.covers[0] < s.covers[1] or any(not manholes >> c & 1 for c in s.covers):
            raise ValueError("two covers on the edition's manholes, in cell order")
        if len(s.cordons) != 2 or not s.cordons[0] < s.cordons[1]:
            raise ValueError("two cordons, in exit order")

    def _check_activation(self, a: int, done: int) -> None:
        ph = self.phase
        if self.points and ph != WHISTLING:
            raise ValueError("whistle points only during a whistle")
        if ph == WHISTLING and (a != GOODLEY or not self.points or done & POWERED):
            raise ValueError("a whistle is Goodley's, with points left")
        if done & LANTERN_DUE and a not in (GOODLEY, GULL):
            raise ValueError("only a whistle or a swap moves Watson for someone else")
        if a == STEALTHY and not done & POWERED:
            raise ValueError("Stealthy's power is part of her move")
        if ph == ACT and (done & (MOVED | POWERED) == MOVED | POWERED or done & LANTERN_DUE
                          or (a in (HOLMES, WATSON) and done & MOVED)):
            raise ValueError("nothing left to decide in this activation")
        if ph == AIM and not ((a == WATSON and done & MOVED and not done & POWERED)
                              or (done & LANTERN_DUE and done & POWERED)):
            raise ValueError("the lantern is pointed after Watson moved")
        if ph == DRAW and (a != HOLMES or done != MOVED):
            raise ValueError("Holmes draws after his move")

    def _check_draws(self, term: Termination | None) -> None:
        s, a = self, self.active
        holmes_done = HOLMES in s.played and not (a == HOLMES and not s.done & POWERED)
        if len(s.icards) + len(s.jcards) > s.round - 1 + holmes_done:
            raise ValueError("Holmes draws at most once a round, after his move")
        if term is Termination.ESCAPE and s.jack_known() and s.jack != a:
            raise ValueError("only Jack escapes")


def _ring_of(rings: tuple[int, ...], cell: int) -> int:
    for d, ring in enumerate(rings):
        if ring >> cell & 1:
            return d
    raise ValueError(f"cell {NAMES[cell]} cannot reach Goodley")
