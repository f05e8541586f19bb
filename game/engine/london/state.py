"""The Mr. Jack (London) game state: rules, text form, hashes and observations.

One mutable :class:`LondonState` per game.  :meth:`LondonState.apply`
checks legality first and only then mutates, so a refused action changes
nothing.  An activation is a short run of decisions by the player who took
the card (``play``, then the move and the power's choices), each legal on
its own.  Chance (Jack's identity, the four cards of an odd round, Holmes's
draws) and Jack's answers (the witness call, the verdict on an accusation)
are decisions like any other, so a networked peer can receive them instead
of computing them from secrets it must not hold.
"""

from __future__ import annotations

from ..actions import Action
from ..cards import (
    HIDDEN,
    MOVED,
    ORDER,
    POWERED,
    VIEWS,
    CardGame,
    cards_field,
    check_outcome,
    check_round,
    check_secrets,
    int_field,
    list_field,
    rng_field,
)
from ..core import Outcome, Side, Termination, ToMove
from ..errors import ParseError
from .actions import (
    ACCUSE,
    CARDS,
    CORDON,
    COVER,
    DEAL_ACTIONS,
    DEAL_MASK,
    DRAW_HIDDEN,
    DRAWS,
    ESCAPE,
    GUILTY,
    IDENTITIES,
    IDENTITY_HIDDEN,
    INNOCENT,
    LAMP,
    LANTERN,
    PLAY,
    SEEN,
    SWAP,
    TO,
    UNSEEN,
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
           "INVESTIGATOR_WINS", "IDENTITY", "DEAL", "PICK", "ACT", "WHISTLING", "AIM", "DRAW", "VERDICT",
           "WITNESS", "OVER", "DEAL_ACTIONS", "DRAWS", "DRAW_HIDDEN", "IDENTITIES", "IDENTITY_HIDDEN", "PLAY",
           "SEEN", "UNSEEN", "GUILTY", "INNOCENT"]

IDS = CHARACTER_IDS
CHAR_INDEX = {c: i for i, c in enumerate(IDS)}
HOLMES, WATSON, SMITH, LESTRADE, STEALTHY, GOODLEY, GULL, BERT = range(8)
ALL_CHARS = (1 << 8) - 1
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

IDENTITY, DEAL, PICK, ACT, WHISTLING, AIM, DRAW, VERDICT, WITNESS, OVER = (
    "identity", "deal", "pick", "act", "whistle", "lantern", "draw", "verdict", "witness", "over")
PHASES = (IDENTITY, DEAL, PICK, ACT, WHISTLING, AIM, DRAW, VERDICT, WITNESS, OVER)
ACTIVATION = (ACT, WHISTLING, AIM, DRAW, VERDICT)
LANTERNS = tuple(sorted(LANTERN))
INVESTIGATOR_WINS = frozenset({Termination.ARREST_RIGHT})


class LondonState(CardGame):
    """A game of Mr. Jack (London) as one side (or the referee) knows it.

    ``view`` is ``"full"`` (every secret; solo play and the referee),
    ``"jack"`` or ``"investigator"`` (what :meth:`observation` gives).  A view
    without a generator (``rng is None``) cannot make chance draws itself:
    they arrive as actions from outside.
    """

    __slots__ = ("view", "edition", "round", "phase", "pos", "lamps", "covers", "cordons", "lantern",
                 "suspects", "witness", "cards", "played", "active", "done", "points", "icards", "jcards",
                 "jack", "rng", "ply", "outcome", "_legal", "_legal_set")

    game = "london"
    VOCAB = VOCAB
    CARDS = CARDS
    BEFORE_OR_AFTER = frozenset(i for i, c in enumerate(DATA.characters) if c.timing == "before-or-after")
    rounds = ROUNDS
    #: identity + per pair of rounds: 1 deal, 8 picks, 18 activation steps
    #: (Goodley at most 5: move, three whistle moves, Watson's lantern), 2 witness calls.
    max_game_length = 1 + (ROUNDS // 2) * 29

    def __init__(self) -> None:
        ed = DATA.editions[DEFAULT_EDITION]
        self.view = "full"
        self.edition = DEFAULT_EDITION
        self.round = 1
        self.phase = IDENTITY
        self.pos: list[int] = [INDEX[c] for c in ed.start]        # cell (or OFF_BOARD + exit) by character
        self.lamps: list[int] = START_LAMPS[:]                    # cell of each lamp token, -1 once out
        self.covers: list[int] = sorted(INDEX[c] for c in ed.covered)
        self.cordons: list[int] = [i for i, e in enumerate(DATA.exits) if e.cordon]
        self.lantern = DIRECTIONS.index(ed.lantern)
        self.suspects = ALL_CHARS                                 # bitmask by character
        self.witness = True                                       # the witness card: True = seen
        self.cards = 0                                            # this round's cards not yet taken
        self.played: list[int] = []                               # this round's cards taken, in order
        self.active = -1                                          # the character being played
        self.done = 0                                             # MOVED | POWERED | LANTERN_DUE
        self.points = 0                                           # whistle points left
        self.icards: list[int] = []                               # the investigator's Holmes draws
        self.jcards: list[int] = []                               # Jack's Holmes draws
        self.jack: int | None = None                              # None: not dealt yet
        self.rng: int | None = 0
        self.ply = 0
        self.outcome: Outcome | None = None
        self._legal: list[Action] | None = None
        self._legal_set: frozenset[Action] = frozenset()

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, seed: int, edition: str | None = None) -> LondonState:
        """The set-up of ``edition`` (``"2006"`` by default, or ``"2016"``); Jack not yet dealt.

        :raises ValueError: for an unknown edition.
        """
        edition = DEFAULT_EDITION if edition is None else str(edition)
        if edition not in DATA.editions:
            raise ValueError(f"london: unknown edition {edition!r}; known: {', '.join(EDITIONS)}")
        s = cls()
        ed = DATA.editions[edition]
        s.edition = edition
        s.pos = [INDEX[c] for c in ed.start]
        s.covers = sorted(INDEX[c] for c in ed.covered)
        s.lantern = DIRECTIONS.index(ed.lantern)
        s.rng = seed & ((1 << 64) - 1)
        return s

    def clone(self) -> LondonState:
        c = LondonState.__new__(LondonState)
        c.view, c.edition, c.round, c.phase = self.view, self.edition, self.round, self.phase
        c.pos, c.lamps, c.covers, c.cordons = self.pos[:], self.lamps[:], self.covers[:], self.cordons[:]
        c.lantern, c.suspects, c.witness, c.cards = self.lantern, self.suspects, self.witness, self.cards
        c.played, c.active, c.done, c.points = self.played[:], self.active, self.done, self.points
        c.icards, c.jcards, c.jack = self.icards[:], self.jcards[:], self.jack
        c.rng, c.ply, c.outcome = self.rng, self.ply, self.outcome
        c._legal, c._legal_set = self._legal, self._legal_set
        return c

    # -------------------------------------------------------------- queries
    def to_move(self) -> ToMove:
        ph = self.phase
        if ph in (PICK, ACT, WHISTLING, AIM):
            return ToMove(self.actor().value)
        if ph in (WITNESS, VERDICT):
            return ToMove.JACK
        if ph == OVER:
            return ToMove.OVER
        return ToMove.CHANCE

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

    def visible(self) -> list[str]:
        """Ids of the visible characters, suspect or not, in character order."""
        vis = self.visible_mask()
        return [IDS[c] for c in range(8) if vis >> c & 1]

    def suspect_ids(self) -> list[str]:
        return [IDS[c] for c in range(8) if self.suspects >> c & 1]

    # -------------------------------------------------------------- legality
    def _generate(self) -> list[Action]:
        cards = self._card_options()
        if cards is not None:
            return cards
        ph = self.phase
        if ph == ACT:
            return sorted(self._act_options())
        if ph == WHISTLING:
            return sorted(self._whistle_options(self.points))
        if ph == AIM:
            return list(LANTERNS)
        return []

    def _act_options(self) -> list[Action]:
        a, done = self.active, self.done
        out: list[Action] = []
        if not done & MOVED:
            out += self._move_options()
        if not done & POWERED:
            out += self._power_options(a)
        return out

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

    def _reach(self, a: int) -> tuple[int, ...]:
        return layers(self.pos[a], MOVES[a], a == STEALTHY, self.open_manholes())

    def _destinations(self, a: int) -> int:
        """Street cells the active character may end on (occupied ones included)."""
        m = 0
        for layer in self._reach(a):
            m |= layer
        return m & STREET & ~(1 << self.pos[a])

    def _move_options(self) -> list[Action]:
        a = self.active
        reach = self._reach(a)
        dest = 0
        for layer in reach:
            dest |= layer
        start = self.pos[a]
        dest &= STREET & ~(1 << start)
        occ = self.occupied()
        out = [TO[c] for c in cells_of(dest & ~occ)]  # type: ignore[misc]
        side = self.actor()
        if side is Side.INVESTIGATOR:
            out += [ACCUSE[c] for c in range(8) if c != a and self.pos[c] < OFF_BOARD and dest >> self.pos[c] & 1]
        elif not self.witness and self._may_be_jack(a):
            within = 1 << start  # the corner must be reached with a point left to step out
            for layer in reach[:MOVES[a] - 1]:
                within |= layer
            out += [ESCAPE[e] for e in range(4) if e not in self.cordons and within >> EXIT_CELL[e] & 1]
        return out

    def escape_reach(self, c: int) -> bool:
        """Whether character ``c``'s own move could take it out through an exit
        without a cordon, were it Jack and the witness card unseen (a threat
        the bots weigh)."""
        p = self.pos[c]
        if p >= OFF_BOARD:
            return False
        within = 1 << p
        for layer in self._reach(c)[:MOVES[c] - 1]:
            within |= layer
        return any(e not in self.cordons and within >> EXIT_CELL[e] & 1 for e in range(4))

    def _whistle_options(self, points: int) -> list[Action]:
        """Whistle moves: one character (not Goodley) to a free street cell
        ``k <= points`` movement points nearer Goodley, by a path of ``k`` points."""
        out: list[Action] = []
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
            for j, layer in enumerate(layers(px, min(points, dx - 1), False, om), 1):
                for c in cells_of(layer & rings[dx - j] & ~occ):
                    out.append(WHISTLE[x][c])  # type: ignore[arg-type]
        return out

    # ------------------------------------------------------------------ apply
    def _why_illegal(self, action: Action) -> str:
        why = self._why_card_game(action) or self._why_here(action)
        return f"illegal action {str(action)!r}: {why} [state: {self}]"

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

    def _apply(self, a: Action) -> None:
        """Apply a legal action; no checks.  Bots and search call this directly."""
        kind = a.kind
        self._step(a)
        if kind == "play":
            c = CHAR_INDEX[a.args[0]]  # type: ignore[index]
            self.cards &= ~(1 << c)
            self.played.append(c)
            self.active = c
            self.done = POWERED if c == STEALTHY else 0  # her power is part of her move
            self.phase = ACT  # so that actor() names the card's player while the steps are judged
            self._continue()
        elif kind == "to":
            self.pos[self.active] = INDEX[a.args[0]]  # type: ignore[index]
            self.done |= MOVED | (POWERED if self.active == GULL else 0)  # Gull: move OR swap
            self._continue()
        elif kind == "accuse":
            self.pos[self.active] = self.pos[CHAR_INDEX[a.args[0]]]  # type: ignore[index]
            self.done |= MOVED
            self.phase = VERDICT
        elif kind == "escape":
            self.pos[self.active] = OFF_BOARD + EXIT_INDEX[a.args[0]]  # type: ignore[index]
            if not self.jack_known():
                self.jack = self.active  # the escape shows who Jack is
            self._end(Termination.ESCAPE, Side.JACK)
        elif kind == "whistle":
            self._whistle(CHAR_INDEX[a.args[0]], INDEX[a.args[1]])  # type: ignore[index]
        elif kind == "lantern":
            self.lantern = DIRECTIONS.index(a.args[0])  # type: ignore[arg-type]
            self.done &= ~LANTERN_DUE
            if self.active == WATSON:
                self.done |= POWERED
            self._continue()
        elif kind == "lamp":
            x, y = (INDEX[n] for n in split_pair(a.args[0]))  # type: ignore[arg-type]
            self.lamps[self.lamps.index(x)] = y
            self.lamps[4:] = sorted(self.lamps[4:])  # the unnumbered pair is interchangeable
            self.done |= POWERED
            self._continue()
        elif kind == "cordon":
            x, y = (EXIT_INDEX[n] for n in split_pair(a.args[0]))  # type: ignore[arg-type]
            self.cordons = sorted(y if c == x else c for c in self.cordons)
            self.done |= POWERED
            self._continue()
        elif kind == "cover":
            x, y = (INDEX[n] for n in split_pair(a.args[0]))  # type: ignore[arg-type]
            self.covers = sorted(y if c == x else c for c in self.covers)
            self.done |= POWERED
            self._continue()
        elif kind == "swap":
            other = CHAR_INDEX[a.args[0]]  # type: ignore[index]
            self.pos[GULL], self.pos[other] = self.pos[other], self.pos[GULL]
            self.done |= MOVED | POWERED | (LANTERN_DUE if other == WATSON else 0)
            self._continue()
        elif kind == "draw":
            self._draw(HIDDEN if a.args[0] == "?" else CHAR_INDEX[a.args[0]])  # type: ignore[index]
            self.done |= POWERED
            self._continue()
        elif kind == "verdict":
            if a is GUILTY:
                if not self.jack_known():
                    self.jack = self.accused()
                self._end(Termination.ARREST_RIGHT, Side.INVESTIGATOR)
            else:
                self._end(Termination.ARREST_WRONG, Side.JACK)
        elif kind == "witness":
            self._witness(a is SEEN)
        elif kind == "deal":
            self.cards = DEAL_MASK[a]
            self.phase = PICK
        elif kind == "identity":
            self.jack = HIDDEN if a.args[0] == "?" else CHAR_INDEX[a.args[0]]  # type: ignore[index]
            self.phase = DEAL
        else:  # pragma: no cover - the vocabulary has no other kinds
            raise AssertionError(kind)

    def _whistle(self, x: int, cell: int) -> None:
        rings = distances(self.pos[GOODLEY], self.open_manholes())
        cost = _ring_of(rings, self.pos[x]) - _ring_of(rings, cell)
        self.points = (WHISTLE_POINTS if self.phase == ACT else self.points) - cost
        self.pos[x] = cell
        if x == WATSON:
            self.done |= LANTERN_DUE
        if self.points > 0 and self._whistle_options(self.points):
            self.phase = WHISTLING
            return
        self.points = 0  # spent, or no character can come nearer: the rest is lost
        self.done |= POWERED
        self._continue()

    def _continue(self) -> None:
        """Go to the activation's next decision, or end it.

        Steps that cannot be taken at all are passed, judged on public facts
        only (so every view takes the same steps): a move with no destination,
        a whistle nobody can answer once Goodley's move is behind him
        (:meth:`CardGame._pass_impossible`), Holmes's draw from an empty deck.
        """
        a = self.active
        while True:
            done = self.done
            if a in (HOLMES, WATSON) and done & MOVED and not done & POWERED:
                if a == WATSON:
                    self.phase = AIM
                    return
                if self.deck_size() > 0:
                    self.phase = DRAW
                    return
                self.done |= POWERED
                continue
            if done & LANTERN_DUE and done & POWERED:
                self.phase = AIM
                return
            if done & (MOVED | POWERED) == MOVED | POWERED:
                self._finish()
                return
            if self._pass_impossible():
                continue
            self.phase = ACT
            return

    def _finish(self) -> None:
        self.active, self.done, self.points = -1, 0, 0
        if len(self.played) < 4:
            self.phase = PICK
        elif self.round == ROUNDS:
            self._end(Termination.TIME_UP, Side.JACK)
        else:
            self.phase = WITNESS

    def _witness(self, seen: bool) -> None:
        ended = self.round
        self._next_round(seen)
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

    def describe(self) -> dict:
        """The position in plain JSON terms (the referee's answer fields)."""
        def card(c: int) -> str | None:
            return None if c == HIDDEN else IDS[c]

        return {
            "round": self.round,
            "phase": self.phase,
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
            "visible": self.visible(),
            "suspects": self.suspect_ids(),
            "jack": IDS[self.jack] if self.jack_known() else None,  # type: ignore[index]
            "witness": "seen" if self.witness else "unseen",
            "cards": [IDS[c] for c in range(8) if self.cards >> c & 1],
            "played": [IDS[c] for c in self.played],
            "active": IDS[self.active] if self.active >= 0 else None,
            "whistle_points": self.points,
            "deck": self.deck_size(),
            "investigator_cards": [card(c) for c in self.icards],
            "jack_cards": [card(c) for c in self.jcards],
        }

    # -------------------------------------------------------------- text form
    def __str__(self) -> str:
        def ids(cards: list[int]) -> str:
            return ",".join("?" if c == HIDDEN else IDS[c] for c in cards) or "-"

        def mask_ids(mask: int) -> str:
            return ",".join(IDS[c] for c in range(8) if mask >> c & 1) or "-"

        done = "".join(f for bit, f in ((MOVED, "m"), (POWERED, "p"), (LANTERN_DUE, "w")) if self.done & bit)
        jack = "-" if self.jack is None else ("?" if self.jack == HIDDEN else IDS[self.jack])
        rng = "-" if self.rng is None else f"{self.rng:016x}"
        return (
            f"london view={self.view} edition={self.edition} round={self.round} phase={self.phase} "
            f"chars={','.join(position_name(p) for p in self.pos)} "
            f"lamps={','.join('-' if p < 0 else NAMES[p] for p in self.lamps)} "
            f"covers={','.join(NAMES[c] for c in self.covers)} "
            f"cordons={','.join(EXITS[e] for e in self.cordons)} lantern={DIRECTIONS[self.lantern]} "
            f"suspects={mask_ids(self.suspects)} witness={'seen' if self.witness else 'unseen'} "
            f"cards={mask_ids(self.cards)} played={ids(self.played)} "
            f"active={IDS[self.active] if self.active >= 0 else '-'} done={done or '-'} points={self.points} "
            f"icards={ids(self.icards)} jcards={ids(self.jcards)} jack={jack} rng={rng} ply={self.ply} "
            f"outcome={'-' if self.outcome is None else self.outcome}")

    @classmethod
    def parse(cls, text: str) -> LondonState:
        """Read a state's text form; the inverse of ``str()``.

        :raises ParseError: on any text that is not a consistent London state.
        """
        try:
            return _parse(text)
        except ParseError:
            raise
        except (ValueError, KeyError, IndexError, TypeError, StopIteration) as exc:
            raise ParseError(f"london: bad state text ({exc}): {text!r}") from None


def _ring_of(rings: tuple[int, ...], cell: int) -> int:
    for d, ring in enumerate(rings):
        if ring >> cell & 1:
            return d
    raise ValueError(f"cell {NAMES[cell]} cannot reach Goodley")


FIELDS = ("view", "edition", "round", "phase", "chars", "lamps", "covers", "cordons", "lantern", "suspects",
          "witness", "cards", "played", "active", "done", "points", "icards", "jcards", "jack", "rng", "ply",
          "outcome")


def _cards(text: str, allow_hidden: bool = False) -> list[int]:
    return cards_field(text, CHAR_INDEX, allow_hidden)


def _parse(text: str) -> LondonState:
    if not isinstance(text, str):
        raise ParseError("london: a state is text")
    parts = text.split(" ")
    if len(parts) != len(FIELDS) + 1 or parts[0] != "london":
        raise ParseError(f"london: expected 'london' and {len(FIELDS)} fields: {text!r}")
    kv = {}
    for name, part in zip(FIELDS, parts[1:], strict=True):
        key, sep, value = part.partition("=")
        if key != name or not sep:
            raise ParseError(f"london: expected field {name!r}, got {part!r}")
        kv[name] = value
    s = LondonState()
    if kv["view"] not in VIEWS or kv["edition"] not in EDITIONS or kv["phase"] not in PHASES:
        raise ValueError("view, edition or phase")
    s.view, s.edition, s.phase = kv["view"], kv["edition"], kv["phase"]
    s.round = int_field(kv["round"], 1, ROUNDS)
    chars = list_field(kv["chars"])
    if len(chars) != 8:
        raise ValueError("chars")
    s.pos = [OFF_BOARD + EXIT_INDEX[c] if c in EXIT_INDEX else INDEX[c] for c in chars]
    lamps = kv["lamps"].split(",")
    if len(lamps) != 6:
        raise ValueError("lamps")
    s.lamps = [-1 if x == "-" else INDEX[x] for x in lamps]
    s.covers = [INDEX[c] for c in list_field(kv["covers"])]
    s.cordons = [EXIT_INDEX[e] for e in list_field(kv["cordons"])]
    s.lantern = DIRECTIONS.index(kv["lantern"])
    s.suspects = mask_of(_cards(kv["suspects"]))
    s.witness = {"seen": True, "unseen": False}[kv["witness"]]
    s.cards = mask_of(_cards(kv["cards"]))
    s.played = _cards(kv["played"])
    s.active = -1 if kv["active"] == "-" else CHAR_INDEX[kv["active"]]
    done = kv["done"]
    s.done = 0 if done == "-" else sum({"m": MOVED, "p": POWERED, "w": LANTERN_DUE}[f] for f in done)
    s.points = int_field(kv["points"], 0, WHISTLE_POINTS)
    s.icards = _cards(kv["icards"], allow_hidden=True)
    s.jcards = _cards(kv["jcards"], allow_hidden=True)
    jack = kv["jack"]
    s.jack = None if jack == "-" else HIDDEN if jack == "?" else CHAR_INDEX[jack]
    s.rng = rng_field(kv["rng"])
    s.ply = int_field(kv["ply"], 0, 10**9)
    s.outcome = None if kv["outcome"] == "-" else Outcome.parse(kv["outcome"])
    _validate(s)
    if str(s) != text:
        raise ParseError(f"london: state text is not canonical: {text!r}")
    return s


def _validate(s: LondonState) -> None:
    """Refuse texts whose fields contradict each other, so play cannot crash later."""
    ph, over = s.phase, s.phase == OVER
    term = None if s.outcome is None else s.outcome.termination
    check_outcome(s, INVESTIGATOR_WINS)
    # Pieces.
    on = [p for p in s.pos if p < OFF_BOARD]
    if any(not STREET >> p & 1 for p in on):
        raise ValueError("characters stand on streets")
    gone = [c for c in range(8) if s.pos[c] >= OFF_BOARD]
    if gone and (gone != [s.active] or term is not Termination.ESCAPE or s.pos[s.active] - OFF_BOARD in s.cordons):
        raise ValueError("only Jack's escaping character leaves the board, through an open exit")
    if len(set(on)) != len(on):
        if len(set(on)) != len(on) - 1 or s.active < 0 or s.pos.count(s.pos[s.active]) != 2 or not (
                ph == VERDICT or term in (Termination.ARREST_RIGHT, Termination.ARREST_WRONG)):
            raise ValueError("characters share a cell only in an arrest")
    elif ph == VERDICT or term in (Termination.ARREST_RIGHT, Termination.ARREST_WRONG):
        raise ValueError("an arrest puts the accuser on the accused")
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
    # Cards and the round.
    check_round(s, ROUNDS, ACTIVATION)
    # The activation.
    a, done = s.active, s.done
    if ph in ACTIVATION or (over and term is not Termination.TIME_UP and s.played and a >= 0):
        if not s.played or a != s.played[-1]:
            raise ValueError("the active character is the last card taken")
    elif a >= 0 or done or s.points:
        raise ValueError("no activation in this phase")
    if over and term in (Termination.ESCAPE, Termination.ARREST_RIGHT, Termination.ARREST_WRONG) and a < 0:
        raise ValueError("an arrest or escape ends an activation")
    if s.points and ph != WHISTLING:
        raise ValueError("whistle points only during a whistle")
    if ph == WHISTLING and (a != GOODLEY or not s.points or done & POWERED):
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
    if ph == VERDICT and (s.actor() is not Side.INVESTIGATOR or not done & MOVED):
        raise ValueError("the investigator accuses by moving")
    if term is Termination.ESCAPE and (s.actor() is not Side.JACK or s.round == 1 or s.witness):
        raise ValueError("Jack escapes with his own card after an unseen round")
    # Alibi cards.
    check_secrets(s)
    holmes_done = HOLMES in s.played and not (a == HOLMES and not done & POWERED)
    if len(s.icards) + len(s.jcards) > s.round - 1 + holmes_done:
        raise ValueError("Holmes draws at most once a round, after his move")
    if term is Termination.ESCAPE and s.jack_known() and s.jack != a:
        raise ValueError("only Jack escapes")
    if not over and not s.legal_actions():
        raise ValueError("a state that is not over must offer an action")
