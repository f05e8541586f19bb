"""The Mr. Jack in New York game state: its board, its powers and the informant.

The card game under it (cards, activations, witness, accusation, escape,
text form and checks) is :class:`game.engine.cards.CardGame`; an activation
here ends with the informant when the move met him (a card, then a new cell).
"""

from __future__ import annotations

from ..actions import Action
from ..cards import (
    ACT,
    DEAL,
    DRAW,
    HIDDEN,
    IDENTITY,
    MOVED,
    PICK,
    POWERED,
    VIEWS,
    CardGame,
    card_phases,
    int_field,
    list_field,
)
from ..core import Side, Termination
from .actions import (
    BUILDING,
    CARDS,
    DEAL_ACTIONS,
    ESCAPE,
    INFORMANT,
    LAMP,
    MOVE,
    PARK,
    PASS,
    SHIP,
    SUBWAY,
    SWAP,
    TO,
    VOCAB,
    ZONE,
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
           "IDENTITY", "DEAL", "PICK", "ACT", "DRAW", "TIP", "DEAL_ACTIONS",
           "EXIT_NAMES", "MOVED", "POWERED"]

IDS = CHARACTER_IDS
CHAR_INDEX = {c: i for i, c in enumerate(IDS)}
BEACH, RUNNER, LATIMER, GRANT, CALLAHAN, EASTMAN, TUMBLETY, SMITH = range(8)
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

TIP = "informant"
PHASES, ACTIVATION = card_phases((), (TIP,))
INVESTIGATOR_WINS = frozenset({Termination.ARREST_RIGHT})
FIELDS = ("view", "round", "phase", "chars", "lamps", "subways", "buildings", "parks", "stock", "zones", "ships",
          "informant", "talk", "suspects", "witness", "cards", "played", "active", "done", "icards", "jcards",
          "jack", "rng", "ply", "outcome")


class NewYorkState(CardGame):
    """A game of Mr. Jack in New York as one side (or the referee) knows it (see :class:`CardGame`)."""

    __slots__ = ("lamps", "subways", "buildings", "parks", "stock", "zones", "ships", "informant", "talk")

    game = "newyork"
    VOCAB = VOCAB
    CARDS = CARDS
    TO = TO
    BEFORE_OR_AFTER = frozenset(i for i, c in enumerate(DATA.characters) if c.timing == "before-or-after")
    OPTIONAL_POWERS = frozenset({EASTMAN, TUMBLETY})
    PASS = PASS
    rounds = ROUNDS
    PHASES = PHASES
    FIELDS = FIELDS
    ACTIVATION = ACTIVATION
    PLAYER_PHASES = (*CardGame.PLAYER_PHASES, TIP)
    ESCAPE_RULE = "Jack escapes with a card he plays after an unseen round"
    #: identity + per pair of rounds: 1 deal, 8 picks, 16 activation steps (a move
    #: and a power each), 4 for the informant (a card and a new cell, once a
    #: round) and 2 witness calls.  An accusation's verdict replaces the last
    #: round's witness call.
    max_game_length = 1 + (ROUNDS // 2) * 31

    def __init__(self) -> None:
        super().__init__()
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

    # ------------------------------------------------------------------ setup
    def _copy_board(self, c: NewYorkState) -> None:
        c.lamps, c.subways, c.buildings = self.lamps[:], self.subways[:], self.buildings[:]
        c.parks, c.stock, c.zones, c.ships = self.parks[:], self.stock[:], self.zones[:], self.ships[:]
        c.informant, c.talk = self.informant, self.talk

    # -------------------------------------------------------------- queries
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

    def empty_streets(self) -> int:
        """Street cells where a token may be placed: nothing printed, no token,
        no character, no investigation zone, not the informant's."""
        taken = PRINTED | mask_of(self.lamps) | mask_of(self.subways) | mask_of(self.buildings) | mask_of(
            self.parks) | self.occupied() | self.zone_mask() | 1 << self.informant
        return STREET & ~taken

    # -------------------------------------------------------------- legality
    def _board_options(self) -> list[Action]:
        if self.phase == TIP:
            return sorted(INFORMANT[c] for c in cells_of(self._informant_cells()))  # type: ignore
        return []

    def _reach(self, a: int) -> tuple[int, ...]:
        """Layers of the active character's own move (subway; Cloud Runner crosses buildings)."""
        return walk_layers(self.pos[a], MOVES[a], self.open_mask(), self.subway_mask(),
                           self.building_mask() if a == RUNNER else 0)

    def _escapes(self, start: int, reach: tuple[int, ...], free: int) -> list[int]:
        """Exits one more point away than a cell reached with a point left."""
        within = 1 << start
        for layer in reach[:2]:
            within |= layer
        if free:
            within = zero_closure(within, free)
        return [e for e in EXIT_CELLS if self.exit_mask() >> e & 1 and ADJ[e] & within]

    def _escape_options(self, a: int, reach: tuple[int, ...]) -> list[Action]:
        free = self.building_mask() if a == RUNNER else 0
        return [ESCAPE[e] for e in self._escapes(self.pos[a], reach, free)]

    def _on_board(self, c: int) -> bool:
        return bool(LAND >> self.pos[c] & 1)

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
        return super()._power_possible(a)

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

    def _on_to(self, a: Action) -> None:
        cell = INDEX[a.args[0]]  # type: ignore[index]
        self.pos[self.active] = cell
        self.done |= MOVED | (POWERED if self.active == EASTMAN else 0)  # Eastman: move OR push
        self._arrive(cell)

    def _on_move(self, a: Action) -> None:
        x, cell = CHAR_INDEX[a.args[0]], INDEX[a.args[1]]  # type: ignore[index]
        self.pos[x] = cell
        if EXITS >> cell & 1:
            self._escape(x)
            return
        self.done |= MOVED | POWERED
        self._arrive(cell)

    def _on_escape(self, a: Action) -> None:
        self.pos[self.active] = INDEX[a.args[0]]  # type: ignore[index]
        self._escape(self.active)

    def _on_draw(self, a: Action) -> None:
        self._draw(self._card(a.args[0]))  # type: ignore[arg-type]
        self.talk = False  # the informant turns silent ...
        self.phase = TIP   # ... and the player who met him moves him

    def _on_informant(self, a: Action) -> None:
        self.informant = INDEX[a.args[0]]  # type: ignore[index]
        self._continue()

    def _on_pass(self, a: Action) -> None:
        self._powered()

    def _on_token(self, a: Action) -> None:
        """Beach's subway entrance, Cloud Runner's building, Latimer's lamp."""
        stock, tokens = {"subway": (S, self.subways), "building": (B, self.buildings),
                         "lamp": (L, self.lamps)}[a.kind]
        self.stock[stock] -= 1
        tokens.append(INDEX[a.args[0]])  # type: ignore[index]
        tokens.sort()
        self._powered()

    def _on_park(self, a: Action) -> None:
        cell = INDEX[a.args[0]]  # type: ignore[index]
        for tokens in (self.lamps, self.buildings, self.subways):
            if cell in tokens:
                tokens.remove(cell)
        self.parks.append(cell)
        self.parks.sort()
        self._powered()

    def _on_swap(self, a: Action) -> None:
        x, y = CHAR_INDEX[a.args[0]], CHAR_INDEX[a.args[1]]  # type: ignore[index]
        self.pos[x], self.pos[y] = self.pos[y], self.pos[x]
        self._powered()

    ON = {**CardGame.ON, "to": _on_to, "move": _on_move, "escape": _on_escape, "draw": _on_draw,
          "informant": _on_informant, "pass": _on_pass, "subway": _on_token, "building": _on_token,
          "lamp": _on_token, "park": _on_park, "swap": _on_swap,
          "zone": lambda s, a: s._move_token("zones", a.args[0], PAIR_INDEX_BY_NAME),
          "ship": lambda s, a: s._move_token("ships", a.args[0], INDEX)}

    def _arrive(self, cell: int) -> None:
        """A movement ended on ``cell``: the talkative informant gives a card."""
        if cell == self.informant and self.talk and self.deck_size() > 0:
            self.phase = DRAW
            return
        self._continue()

    def _next_round(self, seen: bool) -> None:
        super()._next_round(seen)
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

    def _describe_board(self) -> dict:
        def names(mask: int) -> list[str]:
            return [NAMES[c] for c in cells_of(mask)]

        return {
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
        }

    # -------------------------------------------------------------- text form
    def _board_text(self) -> str:
        def cells(cs: list[int]) -> str:
            return ",".join(NAMES[c] for c in cs) or "-"

        return (
            f"round={self.round} phase={self.phase} chars={cells(self.pos)} "
            f"lamps={cells(self.lamps)} subways={cells(self.subways)} buildings={cells(self.buildings)} "
            f"parks={cells(self.parks)} stock={','.join(map(str, self.stock))} "
            f"zones={','.join(pair_name(*ZONE_PAIRS[z]) for z in self.zones)} ships={cells(self.ships)} "
            f"informant={NAMES[self.informant]} talk={'yes' if self.talk else 'no'}")

    def _parse_board(self, kv: dict[str, str]) -> None:
        self.pos = _cells(kv["chars"])
        if len(self.pos) != 8:
            raise ValueError("chars")
        self.lamps, self.subways = _cells(kv["lamps"]), _cells(kv["subways"])
        self.buildings, self.parks = _cells(kv["buildings"]), _cells(kv["parks"])
        stock = kv["stock"].split(",")
        if len(stock) != 3:
            raise ValueError("stock")
        self.stock = [int_field(x, 0, t) for x, t in zip(stock, TOKEN_TOTAL, strict=True)]
        self.zones = [PAIR_INDEX_BY_NAME[z] for z in list_field(kv["zones"])]
        self.ships = _cells(kv["ships"])
        self.informant = INDEX[kv["informant"]]
        self.talk = {"yes": True, "no": False}[kv["talk"]]

    # ----------------------------------------------------------------- checks
    def _check_board(self, term: Termination | None) -> None:
        s = self
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
        on = [p for p in s.pos if not EXITS >> p & 1]
        if any(not s.open_mask() >> p & 1 for p in on):
            raise ValueError("characters stand on open cells")
        gone = [c for c in range(8) if EXITS >> s.pos[c] & 1]
        if gone and (len(gone) != 1 or term is not Termination.ESCAPE or not s.exit_mask() >> s.pos[gone[0]] & 1
                     or (gone[0] != s.active and s.active != EASTMAN)):
            raise ValueError("only Jack's character leaves, through the East passage or onto a ship")
        s._check_arrest(on, term)

    def _check_activation(self, a: int, done: int) -> None:
        s, ph = self, self.phase
        if ph == ACT and done == MOVED | POWERED:
            raise ValueError("nothing left to decide in this activation")
        met = any(p == s.informant for p in s.pos)
        if ph in (DRAW, TIP) and (not done & MOVED or not met or s.talk != (ph == DRAW)):
            raise ValueError("the informant is met at the end of a move")
        if ph == DRAW and s.deck_size() < 1:
            raise ValueError("the informant has no card to give")

    def _check_draws(self, term: Termination | None) -> None:
        s = self
        if len(s.icards) + len(s.jcards) > s.round - 1 + (not s.talk):
            raise ValueError("the informant gives at most one card a round")
        if not s.talk and (s.phase in (IDENTITY, DEAL, DRAW) or not s.icards + s.jcards):
            raise ValueError("the informant is silent only after giving a card this round")
        if term is Termination.ESCAPE and s.jack_known() and s.pos[s.jack] not in EXIT_CELLS:  # type: ignore[index]
            raise ValueError("only Jack escapes")


EXIT_NAMES = frozenset(NAMES[e] for e in EXIT_CELLS)
PAIR_INDEX_BY_NAME = {pair_name(a, b): i for i, (a, b) in enumerate(ZONE_PAIRS)}
def _cells(text: str) -> list[int]:
    return [INDEX[c] for c in list_field(text)]


def _sorted_distinct(cells: list[int]) -> bool:
    return all(a < b for a, b in zip(cells, cells[1:], strict=False))
