"""The Mr. Jack in New York game state: rules, text form, hashes and observations.

One mutable :class:`NewYorkState` per game, built like London's:
:meth:`NewYorkState.apply` checks legality first and only then mutates; an
activation is a short run of decisions by the player who took the card
(``play``, then the move and the power's choices, and the informant if the
move met it), each legal on its own.  Chance (Jack's identity, the four
cards of an odd round, the informant's card) and Jack's answers (the witness
call, the verdict on an accusation) are decisions like any other, so a
networked peer can receive them instead of computing them from secrets it
must not hold.
"""

from __future__ import annotations

from operator import attrgetter

from ..actions import Action
from ..cards import (
    HIDDEN,
    MOVED,
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
    BUILDING,
    CARDS,
    DEAL_ACTIONS,
    DEAL_MASK,
    ESCAPE,
    GUILTY,
    INFORMANT,
    LAMP,
    MOVE,
    PARK,
    PASS,
    SEEN,
    SHIP,
    SUBWAY,
    SWAP,
    TO,
    VOCAB,
    ZONE,
    split_pair,
)
from .board import (
    ADJ,
    CELLS,
    EAST,
    EXIT_CELLS,
    EXITS,
    INDEX,
    LAND,
    LIGHT,
    NAMES,
    PORTS,
    PRINTED_BUILDINGS,
    PRINTED_SUBWAY,
    STREET,
    ZONE_PAIR_INDEX,
    ZONE_PAIRS,
    cells_of,
    mask_of,
    pair_name,
    spread,
    walk_layers,
    zero_closure,
)
from .data import CHARACTER_IDS, DATA, TOKEN_KINDS

#: What other modules (the client, bots, tests) take from here.
__all__ = ["NewYorkState", "VOCAB", "FIELDS", "IDS", "HIDDEN", "VIEWS", "PHASES", "ROUNDS", "INVESTIGATOR_WINS",
           "IDENTITY", "DEAL", "PICK", "ACT", "DRAW", "TIP", "VERDICT", "WITNESS", "OVER", "DEAL_ACTIONS",
           "EXIT_NAMES", "MOVED", "POWERED"]

IDS = CHARACTER_IDS
CHAR_INDEX = {c: i for i, c in enumerate(IDS)}
BEACH, RUNNER, LATIMER, GRANT, CALLAHAN, EASTMAN, TUMBLETY, SMITH = range(8)
ALL_CHARS = (1 << 8) - 1
MOVES = tuple(c.moves for c in DATA.characters)
ROUNDS = DATA.rounds
#: Stock of tokens at the start: buildings, subways, lamps (the box less those set up).
TOKEN_TOTAL = tuple(DATA.token_count[k] for k in TOKEN_KINDS)
START_STOCK = tuple(DATA.token_count[k] - len(DATA.token_start[k]) for k in TOKEN_KINDS)
B, S, L = 0, 1, 2  # stock indices
ALL_TOKENS = sum(TOKEN_TOTAL)
PAIR_MASK = tuple((1 << a) | (1 << b) for a, b in ZONE_PAIRS)
PRINTED = PRINTED_BUILDINGS | PRINTED_SUBWAY
# The activation in progress is the card game's MOVED and POWERED (text: m, p).

IDENTITY, DEAL, PICK, ACT, DRAW, TIP, VERDICT, WITNESS, OVER = (
    "identity", "deal", "pick", "act", "draw", "informant", "verdict", "witness", "over")
PHASES = (IDENTITY, DEAL, PICK, ACT, DRAW, TIP, VERDICT, WITNESS, OVER)
ACTIVATION = (ACT, DRAW, TIP, VERDICT)
INVESTIGATOR_WINS = frozenset({Termination.ARREST_RIGHT})
BY_TEXT = attrgetter("order")  # interned actions sort by their canonical text's rank


class NewYorkState(CardGame):
    """A game of Mr. Jack in New York as one side (or the referee) knows it.

    ``view`` is ``"full"`` (every secret; solo play and the referee),
    ``"jack"`` or ``"investigator"`` (what :meth:`observation` gives).  A view
    without a generator (``rng is None``) cannot make chance draws itself:
    they arrive as actions from outside.
    """

    __slots__ = ("view", "round", "phase", "pos", "lamps", "subways", "buildings", "parks", "stock", "zones",
                 "ships", "informant", "talk", "suspects", "witness", "cards", "played", "active", "done",
                 "icards", "jcards", "jack", "rng", "ply", "outcome", "_legal", "_legal_set")

    game = "newyork"
    VOCAB = VOCAB
    CARDS = CARDS
    BEFORE_OR_AFTER = frozenset(i for i, c in enumerate(DATA.characters) if c.timing == "before-or-after")
    rounds = ROUNDS
    #: identity + per pair of rounds: 1 deal, 8 picks, 16 activation steps (a move
    #: and a power each), 4 for the informant (a card and a new cell, once a
    #: round) and 2 witness calls.  An accusation's verdict replaces the last
    #: round's witness call.
    max_game_length = 1 + (ROUNDS // 2) * 31

    def __init__(self) -> None:
        self.view = "full"
        self.round = 1
        self.phase = IDENTITY
        self.pos: list[int] = [INDEX[c] for c in DATA.start]      # cell (an exit once escaped) by character
        self.lamps: list[int] = sorted(INDEX[c] for c in DATA.token_start["lamp"])
        self.subways: list[int] = sorted(INDEX[c] for c in DATA.token_start["subway"])   # tokens only
        self.buildings: list[int] = sorted(INDEX[c] for c in DATA.token_start["building"])  # tokens only
        self.parks: list[int] = []
        self.stock: list[int] = list(START_STOCK)                 # tokens left: buildings, subways, lamps
        self.zones: list[int] = sorted(ZONE_PAIR_INDEX[tuple(sorted(INDEX[c] for c in z))] for z in DATA.zones)
        self.ships: list[int] = sorted(INDEX[p] for p in DATA.ships)
        self.informant = INDEX[DATA.informant]
        self.talk = True                                          # the informant's talkative side is up
        self.suspects = ALL_CHARS                                 # bitmask by character
        self.witness = True                                       # the witness card: True = seen
        self.cards = 0                                            # this round's cards not yet taken
        self.played: list[int] = []                               # this round's cards taken, in order
        self.active = -1                                          # the character being played
        self.done = 0                                             # MOVED | POWERED
        self.icards: list[int] = []                               # the investigator's informant cards
        self.jcards: list[int] = []                               # Jack's informant cards
        self.jack: int | None = None                              # None: not dealt yet
        self.rng: int | None = 0
        self.ply = 0
        self.outcome: Outcome | None = None
        self._legal: list[Action] | None = None
        self._legal_set: dict[int, Action] = {}  # the legal actions by rank

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, seed: int) -> NewYorkState:
        """The set-up of the rule book; Jack not yet dealt."""
        s = cls()
        s.rng = seed & ((1 << 64) - 1)
        return s

    def clone(self) -> NewYorkState:
        c = NewYorkState.__new__(NewYorkState)
        c.view, c.round, c.phase = self.view, self.round, self.phase
        c.pos, c.lamps, c.subways, c.buildings = self.pos[:], self.lamps[:], self.subways[:], self.buildings[:]
        c.parks, c.stock, c.zones, c.ships = self.parks[:], self.stock[:], self.zones[:], self.ships[:]
        c.informant, c.talk, c.suspects, c.witness = self.informant, self.talk, self.suspects, self.witness
        c.cards, c.played, c.active, c.done = self.cards, self.played[:], self.active, self.done
        c.icards, c.jcards, c.jack = self.icards[:], self.jcards[:], self.jack
        c.rng, c.ply, c.outcome = self.rng, self.ply, self.outcome
        c._legal, c._legal_set = self._legal, self._legal_set
        return c

    # -------------------------------------------------------------- queries
    def to_move(self) -> ToMove:
        ph = self.phase
        if ph in (PICK, ACT, TIP):
            return ToMove(self.actor().value)
        if ph in (WITNESS, VERDICT):
            return ToMove.JACK
        if ph == OVER:
            return ToMove.OVER
        return ToMove.CHANCE

    def occupied(self) -> int:
        m = 0
        for p in self.pos:
            m |= 1 << p
        return m & LAND

    def building_mask(self) -> int:
        """Every building cell: the printed ones and the tokens."""
        return PRINTED_BUILDINGS | mask_of(self.buildings)

    def subway_mask(self) -> int:
        """Every subway entrance: the printed one and the tokens (parks are none)."""
        return PRINTED_SUBWAY | mask_of(self.subways)

    def zone_mask(self) -> int:
        m = 0
        for z in self.zones:
            m |= PAIR_MASK[z]
        return m

    def open_mask(self) -> int:
        """Cells a character may enter: land without buildings or zones."""
        return LAND & ~self.building_mask() & ~self.zone_mask()

    def exit_mask(self) -> int:
        """Exits open to Jack: the East passage and the ports with a ship."""
        return EAST | mask_of(self.ships)

    def visible_mask(self) -> int:
        """Characters (bitmask) on or next to a lamp, or next to another character,
        unless one of the two is in a park; never in a park or on Liberty Island."""
        light = 0
        for p in self.lamps:
            light |= LIGHT[p]
        parks = mask_of(self.parks)
        occ = self.occupied() & ~parks
        out = 0
        for c, p in enumerate(self.pos):
            if occ >> p & 1 and (light >> p & 1 or ADJ[p] & occ):
                out |= 1 << c
        return out

    def visible(self) -> list[str]:
        """Ids of the visible characters, suspect or not, in character order."""
        vis = self.visible_mask()
        return [IDS[c] for c in range(8) if vis >> c & 1]

    def suspect_ids(self) -> list[str]:
        return [IDS[c] for c in range(8) if self.suspects >> c & 1]

    def empty_streets(self) -> int:
        """Street cells where a token may be placed: nothing printed, no token,
        no character, no investigation zone, not the informant's."""
        taken = PRINTED | mask_of(self.lamps) | mask_of(self.subways) | mask_of(self.buildings) | mask_of(
            self.parks) | self.occupied() | self.zone_mask() | 1 << self.informant
        return STREET & ~taken

    # -------------------------------------------------------------- legality
    def _generate(self) -> list[Action]:
        cards = self._card_options()
        if cards is not None:
            return cards
        ph = self.phase
        if ph == ACT:
            return sorted(self._act_options(), key=BY_TEXT)
        if ph == TIP:
            return sorted((INFORMANT[c] for c in cells_of(self._informant_cells())), key=BY_TEXT)  # type: ignore
        return []

    def _act_options(self) -> list[Action]:
        a, done = self.active, self.done
        out: list[Action] = []
        if not done & MOVED:
            out += self._move_options()
        if not done & POWERED:
            out += self._power_options(a)
            if done & MOVED and a in (EASTMAN, TUMBLETY):
                out.append(PASS)  # their powers are optional
        return out

    def _reach(self, a: int) -> tuple[int, ...]:
        """Layers of the active character's own move (subway; Cloud Runner crosses buildings)."""
        return walk_layers(self.pos[a], MOVES[a], self.open_mask(), self.subway_mask(),
                           self.building_mask() if a == RUNNER else 0)

    def _destinations(self, a: int) -> int:
        m = 0
        for layer in self._reach(a):
            m |= layer
        return m

    def _escapes(self, start: int, reach: list[int], free: int) -> list[int]:
        """Exits one more point away than a cell reached with a point left."""
        within = 1 << start
        for layer in reach[:2]:
            within |= layer
        if free:
            within = zero_closure(within, free)
        return [e for e in EXIT_CELLS if self.exit_mask() >> e & 1 and ADJ[e] & within]

    def _move_options(self) -> list[Action]:
        a = self.active
        reach = self._reach(a)
        dest = 0
        for layer in reach:
            dest |= layer
        occ = self.occupied()
        out = [TO[c] for c in cells_of(dest & ~occ)]
        side = self.actor()
        if side is Side.INVESTIGATOR:
            out += [ACCUSE[c] for c in range(8) if c != a and dest >> self.pos[c] & 1]
        elif not self.witness and self._may_be_jack(a):
            free = self.building_mask() if a == RUNNER else 0
            out += [ESCAPE[e] for e in self._escapes(self.pos[a], reach, free)]
        return out

    def escape_reach(self, c: int) -> bool:
        """Whether character ``c``'s own move could take it out through an open
        exit, were it Jack and the witness card unseen (a threat the bots weigh)."""
        p = self.pos[c]
        if not LAND >> p & 1:
            return False
        free = self.building_mask() if c == RUNNER else 0
        return bool(self._escapes(p, list(self._reach(c)), free))

    def _power_options(self, a: int) -> list[Action]:
        """The choices of ``a``'s power now (Eastman's push, Tumblety's swap included)."""
        if a == BEACH:
            if not self.stock[S]:
                return []
            cells = self.empty_streets() & ~spread(self.subway_mask(), ADJ)
            return [SUBWAY[c] for c in cells_of(cells)]  # type: ignore[misc]
        if a == RUNNER:
            return [BUILDING[c] for c in cells_of(self.empty_streets())] if self.stock[B] else []  # type: ignore[misc]
        if a == LATIMER:
            if not self.stock[L]:
                return []
            cells = self.empty_streets() & ~spread(mask_of(self.lamps), ADJ)
            return [LAMP[c] for c in cells_of(cells)]  # type: ignore[misc]
        if a == GRANT:
            cells = mask_of(self.lamps) | mask_of(self.buildings) | (mask_of(self.subways) & ~self.zone_mask())
            return [PARK[c] for c in cells_of(cells)]  # type: ignore[misc]
        if a == CALLAHAN:
            return self._zone_options()
        if a == EASTMAN:
            return self._push_options()
        if a == TUMBLETY:
            return self._swap_options()
        # Edward Smith
        free = [p for p in cells_of(PORTS) if p not in self.ships]
        return [SHIP[(p, q)] for p in self.ships for q in free]

    def _power_possible(self, a: int) -> bool:
        """Whether the power has a choice, judged on public facts (escapes left out)."""
        if a == EASTMAN:
            return any(self._push_reach(x) & ~self.occupied() for x in self._pushable())
        return bool(self._power_options(a))

    def _zone_options(self) -> list[Action]:
        out: list[Action] = []
        allowed = STREET & ~self.building_mask() & ~self.occupied()
        z0, z1 = self.zones
        for z, other in ((z0, z1), (z1, z0)):
            ok = allowed & ~PAIR_MASK[other]
            row = ZONE[z]
            for j, m in enumerate(PAIR_MASK):
                if m & ok == m and j != z:
                    out.append(row[j])  # type: ignore[arg-type]
        return out

    def _pushable(self) -> list[int]:
        """Characters Eastman may move: the others with his visibility."""
        vis = self.visible_mask()
        mine = vis >> EASTMAN & 1
        return [x for x in range(8) if x != EASTMAN and (vis >> x & 1) == mine]

    def _push_layers(self, x: int) -> tuple[int, ...]:
        return walk_layers(self.pos[x], MOVES[EASTMAN], self.open_mask())

    def _push_reach(self, x: int) -> int:
        m = 0
        for layer in self._push_layers(x):
            m |= layer
        return m

    def _push_options(self) -> list[Action]:
        occ = self.occupied()
        jack_side = self.actor() is Side.JACK and not self.witness
        out: list[Action] = []
        for x in self._pushable():
            reach = self._push_layers(x)
            dest = 0
            for layer in reach:
                dest |= layer
            row = MOVE[x]
            out += [row[c] for c in cells_of(dest & ~occ)]  # type: ignore[misc]
            if jack_side and self._may_be_jack(x):
                out += [row[e] for e in self._escapes(self.pos[x], reach, 0)]  # type: ignore[misc]
        return out

    def _swap_options(self) -> list[Action]:
        near = ADJ[self.pos[TUMBLETY]]
        out: list[Action] = []
        for x in range(8):
            xn = near >> self.pos[x] & 1
            row = SWAP[x]
            for y in range(x + 1, 8):
                if xn or near >> self.pos[y] & 1:
                    out.append(row[y])  # type: ignore[arg-type]
        return out

    def _informant_cells(self) -> int:
        """Where the informant may go: «на любую другую не занятую персонажем или
        расследованием клетку игрового поля» - any other cell of the board (building
        cells and the East passage are cells too) with no character and no zone."""
        return CELLS & ~self.occupied() & ~self.zone_mask() & ~(1 << self.informant)

    def _why_not_informant(self, cell: int) -> str:
        """Why the informant may not go to ``cell`` (one reason, the first that holds)."""
        name = NAMES[cell]
        if cell == self.informant:
            return f"the informant must go to another cell than {name}"
        if self.occupied() >> cell & 1:
            return f"{name} has a character on it"
        return f"{name} is under an investigation zone"

    # ------------------------------------------------------------------ apply
    def _why_illegal(self, action: Action) -> str:
        why = self._why_card_game(action) or self._why_here(action)
        return f"illegal action {str(action)!r}: {why} [state: {self}]"

    def _why_here(self, action: Action) -> str:
        """Reasons of this game's own phases and powers."""
        ph = self.phase
        if ph == TIP:
            if action.kind == "informant":
                return self._why_not_informant(INDEX[action.args[0]])  # type: ignore[index]
            return "the informant must go to another cell without a character or an investigation zone"
        if action.kind == "escape" or (action.kind == "move" and action.args[1] in EXIT_NAMES):
            return ("only Jack's own character escapes, through the East passage or onto a ship "
                    "that a zone does not cut off, while the witness card shows unseen")
        if (action.kind == "park" and self.active == GRANT and not self.done & POWERED
                and PRINTED >> INDEX[action.args[0]] & 1):  # type: ignore[index]
            return (f"{action.args[0]} is printed on the board: a park is the back of a lamp, "
                    "building or subway token, so only a token turns into one")
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
            self.done = 0
            self.phase = ACT  # so that actor() names the card's player while the steps are judged
            self._continue()
        elif kind == "to":
            cell = INDEX[a.args[0]]  # type: ignore[index]
            self.pos[self.active] = cell
            self.done |= MOVED | (POWERED if self.active == EASTMAN else 0)  # Eastman: move OR push
            self._arrive(cell)
        elif kind == "move":
            x, cell = CHAR_INDEX[a.args[0]], INDEX[a.args[1]]  # type: ignore[index]
            self.pos[x] = cell
            if EXITS >> cell & 1:
                self._escape(x)
                return
            self.done |= MOVED | POWERED
            self._arrive(cell)
        elif kind == "accuse":
            self.pos[self.active] = self.pos[CHAR_INDEX[a.args[0]]]  # type: ignore[index]
            self.done |= MOVED
            self.phase = VERDICT
        elif kind == "escape":
            self.pos[self.active] = INDEX[a.args[0]]  # type: ignore[index]
            self._escape(self.active)
        elif kind == "draw":
            self._draw(HIDDEN if a.args[0] == "?" else CHAR_INDEX[a.args[0]])  # type: ignore[index]
            self.talk = False  # the informant turns silent ...
            self.phase = TIP   # ... and the player who met him moves him
        elif kind == "informant":
            self.informant = INDEX[a.args[0]]  # type: ignore[index]
            self._continue()
        elif kind == "pass":
            self.done |= POWERED
            self._continue()
        elif kind in ("subway", "building", "lamp"):
            cell = INDEX[a.args[0]]  # type: ignore[index]
            stock, tokens = {"subway": (S, self.subways), "building": (B, self.buildings),
                             "lamp": (L, self.lamps)}[kind]
            self.stock[stock] -= 1
            tokens.append(cell)
            tokens.sort()
            self._powered()
        elif kind == "park":
            cell = INDEX[a.args[0]]  # type: ignore[index]
            for tokens in (self.lamps, self.buildings, self.subways):
                if cell in tokens:
                    tokens.remove(cell)
            self.parks.append(cell)
            self.parks.sort()
            self._powered()
        elif kind == "zone":
            old, new = split_pair(a.args[0])  # type: ignore[arg-type]
            i, j = PAIR_INDEX_BY_NAME[old], PAIR_INDEX_BY_NAME[new]
            self.zones = sorted(j if z == i else z for z in self.zones)
            self._powered()
        elif kind == "ship":
            p, q = (INDEX[n] for n in split_pair(a.args[0]))  # type: ignore[arg-type]
            self.ships = sorted(q if s == p else s for s in self.ships)
            self._powered()
        elif kind == "swap":
            x, y = CHAR_INDEX[a.args[0]], CHAR_INDEX[a.args[1]]  # type: ignore[index]
            self.pos[x], self.pos[y] = self.pos[y], self.pos[x]
            self._powered()
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

    def _powered(self) -> None:
        self.done |= POWERED
        self._continue()

    def _escape(self, x: int) -> None:
        if not self.jack_known():
            self.jack = x  # the escape shows who Jack is
        self._end(Termination.ESCAPE, Side.JACK)

    def _arrive(self, cell: int) -> None:
        """A movement ended on ``cell``: the talkative informant gives a card."""
        if cell == self.informant and self.talk and self.deck_size() > 0:
            self.phase = DRAW
            return
        self._continue()

    def _continue(self) -> None:
        """Go to the activation's next decision, or end it.

        Steps that cannot be taken at all are passed, judged on public facts
        only (so every view takes the same steps): a move with no destination
        (a blocked character still uses its power: Eastman may push), a power
        with nothing to build, turn, move or swap once the move is behind it
        (:meth:`CardGame._pass_impossible`).
        """
        while True:
            done = self.done
            if done & (MOVED | POWERED) == MOVED | POWERED:
                self._finish()
                return
            if self._pass_impossible():
                continue
            self.phase = ACT
            return

    def _finish(self) -> None:
        self.active, self.done = -1, 0
        if len(self.played) < 4:
            self.phase = PICK
        elif self.round == ROUNDS:
            self._end(Termination.TIME_UP, Side.JACK)
        else:
            self.phase = WITNESS

    def _witness(self, seen: bool) -> None:
        self._next_round(seen)
        self.talk = True  # the informant talks again at the start of every round

    # ----------------------------------------------------- observation, hashing
    def public_fields(self) -> list:
        """Everything both sides can see, in a fixed order, as msgpack-ready values."""
        return [
            "newyork", self.round, self.phase, self.pos, self.lamps, self.subways, self.buildings, self.parks,
            self.stock, self.zones, self.ships, self.informant, self.talk, self.suspects, self.witness,
            self.cards, self.played, self.active, self.done, len(self.icards), len(self.jcards),
            self.jack is not None, self.ply, None if self.outcome is None else str(self.outcome),
        ]

    def describe(self) -> dict:
        """The position in plain JSON terms (the referee's answer fields)."""
        def card(c: int) -> str | None:
            return None if c == HIDDEN else IDS[c]

        def names(mask: int) -> list[str]:
            return [NAMES[c] for c in cells_of(mask)]

        return {
            "round": self.round,
            "phase": self.phase,
            "board": {
                "characters": {IDS[c]: NAMES[p] for c, p in enumerate(self.pos)},
                "lamps": [NAMES[c] for c in self.lamps],
                "parks": [NAMES[c] for c in self.parks],
                "buildings": names(self.building_mask()),
                "subways": names(self.subway_mask()),
                "zones": [[NAMES[a], NAMES[b]] for a, b in (ZONE_PAIRS[z] for z in self.zones)],
                "ships": [NAMES[p] for p in self.ships],
                "informant": {"cell": NAMES[self.informant], "talkative": self.talk},
            },
            "printed": {"buildings": names(PRINTED_BUILDINGS), "subways": names(PRINTED_SUBWAY)},
            "stock": dict(zip(("buildings", "subways", "lamps"), self.stock, strict=True)),
            "visible": self.visible(),
            "suspects": self.suspect_ids(),
            "jack": IDS[self.jack] if self.jack_known() else None,  # type: ignore[index]
            "witness": "seen" if self.witness else "unseen",
            "cards": [IDS[c] for c in range(8) if self.cards >> c & 1],
            "played": [IDS[c] for c in self.played],
            "active": IDS[self.active] if self.active >= 0 else None,
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

        def cells(cs: list[int]) -> str:
            return ",".join(NAMES[c] for c in cs) or "-"

        done = "".join(f for bit, f in ((MOVED, "m"), (POWERED, "p")) if self.done & bit)
        jack = "-" if self.jack is None else ("?" if self.jack == HIDDEN else IDS[self.jack])
        rng = "-" if self.rng is None else f"{self.rng:016x}"
        return (
            f"newyork view={self.view} round={self.round} phase={self.phase} chars={cells(self.pos)} "
            f"lamps={cells(self.lamps)} subways={cells(self.subways)} buildings={cells(self.buildings)} "
            f"parks={cells(self.parks)} stock={','.join(map(str, self.stock))} "
            f"zones={','.join(pair_name(*ZONE_PAIRS[z]) for z in self.zones)} ships={cells(self.ships)} "
            f"informant={NAMES[self.informant]} talk={'yes' if self.talk else 'no'} "
            f"suspects={mask_ids(self.suspects)} witness={'seen' if self.witness else 'unseen'} "
            f"cards={mask_ids(self.cards)} played={ids(self.played)} "
            f"active={IDS[self.active] if self.active >= 0 else '-'} done={done or '-'} "
            f"icards={ids(self.icards)} jcards={ids(self.jcards)} jack={jack} rng={rng} ply={self.ply} "
            f"outcome={'-' if self.outcome is None else self.outcome}")

    @classmethod
    def parse(cls, text: str) -> NewYorkState:
        """Read a state's text form; the inverse of ``str()``.

        :raises ParseError: on any text that is not a consistent New York state.
        """
        try:
            return _parse(text)
        except ParseError:
            raise
        except (ValueError, KeyError, IndexError, TypeError, StopIteration) as exc:
            raise ParseError(f"newyork: bad state text ({exc}): {text!r}") from None


EXIT_NAMES = frozenset(NAMES[e] for e in EXIT_CELLS)
PAIR_INDEX_BY_NAME = {pair_name(a, b): i for i, (a, b) in enumerate(ZONE_PAIRS)}
FIELDS = ("view", "round", "phase", "chars", "lamps", "subways", "buildings", "parks", "stock", "zones", "ships",
          "informant", "talk", "suspects", "witness", "cards", "played", "active", "done", "icards", "jcards",
          "jack", "rng", "ply", "outcome")


def _cards(text: str, allow_hidden: bool = False) -> list[int]:
    return cards_field(text, CHAR_INDEX, allow_hidden)


def _cells(text: str) -> list[int]:
    return [INDEX[c] for c in list_field(text)]


def _parse(text: str) -> NewYorkState:
    if not isinstance(text, str):
        raise ParseError("newyork: a state is text")
    parts = text.split(" ")
    if len(parts) != len(FIELDS) + 1 or parts[0] != "newyork":
        raise ParseError(f"newyork: expected 'newyork' and {len(FIELDS)} fields: {text!r}")
    kv = {}
    for name, part in zip(FIELDS, parts[1:], strict=True):
        key, sep, value = part.partition("=")
        if key != name or not sep:
            raise ParseError(f"newyork: expected field {name!r}, got {part!r}")
        kv[name] = value
    s = NewYorkState()
    if kv["view"] not in VIEWS or kv["phase"] not in PHASES:
        raise ValueError("view or phase")
    s.view, s.phase = kv["view"], kv["phase"]
    s.round = int_field(kv["round"], 1, ROUNDS)
    s.pos = _cells(kv["chars"])
    if len(s.pos) != 8:
        raise ValueError("chars")
    s.lamps, s.subways = _cells(kv["lamps"]), _cells(kv["subways"])
    s.buildings, s.parks = _cells(kv["buildings"]), _cells(kv["parks"])
    stock = kv["stock"].split(",")
    if len(stock) != 3:
        raise ValueError("stock")
    s.stock = [int_field(x, 0, t) for x, t in zip(stock, TOKEN_TOTAL, strict=True)]
    s.zones = [PAIR_INDEX_BY_NAME[z] for z in list_field(kv["zones"])]
    s.ships = _cells(kv["ships"])
    s.informant = INDEX[kv["informant"]]
    s.talk = {"yes": True, "no": False}[kv["talk"]]
    s.suspects = mask_of(_cards(kv["suspects"]))
    s.witness = {"seen": True, "unseen": False}[kv["witness"]]
    s.cards = mask_of(_cards(kv["cards"]))
    s.played = _cards(kv["played"])
    s.active = -1 if kv["active"] == "-" else CHAR_INDEX[kv["active"]]
    done = kv["done"]
    s.done = 0 if done == "-" else sum({"m": MOVED, "p": POWERED}[f] for f in done)
    s.icards = _cards(kv["icards"], allow_hidden=True)
    s.jcards = _cards(kv["jcards"], allow_hidden=True)
    jack = kv["jack"]
    s.jack = None if jack == "-" else HIDDEN if jack == "?" else CHAR_INDEX[jack]
    s.rng = rng_field(kv["rng"])
    s.ply = int_field(kv["ply"], 0, 10**9)
    s.outcome = None if kv["outcome"] == "-" else Outcome.parse(kv["outcome"])
    _validate(s)
    if str(s) != text:
        raise ParseError(f"newyork: state text is not canonical: {text!r}")
    return s


def _sorted_distinct(cells: list[int]) -> bool:
    return all(a < b for a, b in zip(cells, cells[1:], strict=False))


def _validate(s: NewYorkState) -> None:
    """Refuse texts whose fields contradict each other, so play cannot crash later."""
    ph, over = s.phase, s.phase == OVER
    term = None if s.outcome is None else s.outcome.termination
    check_outcome(s, INVESTIGATOR_WINS)
    # Tokens.
    groups = (s.lamps, s.subways, s.buildings, s.parks, s.ships)
    if not all(_sorted_distinct(g) for g in groups):
        raise ValueError("token cells are listed once each, in cell order")
    tokens = [*s.lamps, *s.subways, *s.buildings, *s.parks]
    if len(set(tokens)) != len(tokens) or any(not STREET >> c & 1 or PRINTED >> c & 1 for c in tokens):
        raise ValueError("tokens lie on distinct street cells without a printed tile")
    counts = (len(s.buildings), len(s.subways), len(s.lamps))
    if any(n + k > t for n, k, t in zip(counts, s.stock, TOKEN_TOTAL, strict=True)) or \
            sum(counts) + sum(s.stock) + len(s.parks) != ALL_TOKENS:
        raise ValueError("4 building, 7 subway and 6 lamp tokens in all")
    if any(ADJ[c] & mask_of(s.lamps) for c in s.lamps) or any(ADJ[c] & s.subway_mask() for c in s.subways):
        raise ValueError("no lamp next to a lamp, no subway entrance next to another")
    if len(s.zones) != 2 or not s.zones[0] < s.zones[1] or PAIR_MASK[s.zones[0]] & PAIR_MASK[s.zones[1]]:
        raise ValueError("two investigation zones on distinct places, in order")
    if s.zone_mask() & s.building_mask():
        raise ValueError("a zone never covers a building")
    if len(s.ships) != 2 or any(not PORTS >> p & 1 for p in s.ships):
        raise ValueError("two ships in ports")
    if not CELLS >> s.informant & 1:
        raise ValueError("the informant stands on a cell of the board, never in a port")
    # Pieces.
    on = [p for p in s.pos if not EXITS >> p & 1]
    if any(not s.open_mask() >> p & 1 for p in on):
        raise ValueError("characters stand on open cells")
    gone = [c for c in range(8) if EXITS >> s.pos[c] & 1]
    if gone and (len(gone) != 1 or term is not Termination.ESCAPE or not s.exit_mask() >> s.pos[gone[0]] & 1
                 or (gone[0] != s.active and s.active != EASTMAN)):
        raise ValueError("only Jack's character leaves, through the East passage or onto a ship")
    if len(set(on)) != len(on):
        if len(set(on)) != len(on) - 1 or s.active < 0 or s.pos.count(s.pos[s.active]) != 2 or not (
                ph == VERDICT or term in (Termination.ARREST_RIGHT, Termination.ARREST_WRONG)):
            raise ValueError("characters share a cell only in an arrest")
    elif ph == VERDICT or term in (Termination.ARREST_RIGHT, Termination.ARREST_WRONG):
        raise ValueError("an arrest puts the accuser on the accused")
    # Cards and the round.
    check_round(s, ROUNDS, ACTIVATION)
    # The activation.
    a, done = s.active, s.done
    if ph in ACTIVATION or (over and term is not Termination.TIME_UP and s.played and a >= 0):
        if not s.played or a != s.played[-1]:
            raise ValueError("the active character is the last card taken")
    elif a >= 0 or done:
        raise ValueError("no activation in this phase")
    if over and term in (Termination.ESCAPE, Termination.ARREST_RIGHT, Termination.ARREST_WRONG) and a < 0:
        raise ValueError("an arrest or escape ends an activation")
    if ph == ACT and done == MOVED | POWERED:
        raise ValueError("nothing left to decide in this activation")
    met = any(p == s.informant for p in s.pos)
    if ph in (DRAW, TIP) and (not done & MOVED or not met or s.talk != (ph == DRAW)):
        raise ValueError("the informant is met at the end of a move")
    if ph == DRAW and s.deck_size() < 1:
        raise ValueError("the informant has no card to give")
    if ph == VERDICT and (s.actor() is not Side.INVESTIGATOR or not done & MOVED):
        raise ValueError("the investigator accuses by moving")
    if term is Termination.ESCAPE and (s.actor() is not Side.JACK or s.round == 1 or s.witness):
        raise ValueError("Jack escapes with a card he plays after an unseen round")
    # Alibi cards.
    check_secrets(s)
    if len(s.icards) + len(s.jcards) > s.round - 1 + (not s.talk):
        raise ValueError("the informant gives at most one card a round")
    if not s.talk and (ph in (IDENTITY, DEAL, DRAW) or not s.icards + s.jcards):
        raise ValueError("the informant is silent only after giving a card this round")
    if term is Termination.ESCAPE and s.jack_known() and s.pos[s.jack] not in EXIT_CELLS:  # type: ignore[index]
        raise ValueError("only Jack escapes")
    if not over and not s.legal_actions():
        raise ValueError("a state that is not over must offer an action")
