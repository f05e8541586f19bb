"""The Mr. Jack Pocket game state: rules, text form, hashes and observations.

One mutable :class:`PocketState` per game.  :meth:`PocketState.apply` checks
legality first and only then mutates, so a refused action changes nothing.
Chance (Jack's identity card, the token throw, alibi draws) and Jack's
answers are decisions like any other, so a networked peer can receive them
instead of computing them from secrets it must not hold.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..actions import Action, Vocabulary
from ..core import Outcome, Side, Termination, ToMove
from ..errors import ParseError
from ..rng import below, next_u64
from ..state import GameState
from .board import DIRECTIONS, facing, seen_cells
from .data import DATA

IDS = DATA.ids
INDEX = {cid: i for i, cid in enumerate(IDS)}
HOURGLASSES = tuple(c.hourglasses for c in DATA.characters)
CROSSROADS = DATA.crossroads
DETECTIVES = DATA.detectives
TOKENS = DATA.tokens
ROUNDS = DATA.rounds
TO_WIN = DATA.hourglasses_to_win
# A face's letter in the token field: upper case while available, lower once used.
FACE_LETTER = {"alibi": "A", "holmes": "H", "watson": "W", "toby": "T",
               "rotate": "R", "exchange": "X", "joker": "J"}
HIDDEN = -1  # a card or identity this view does not know

#: Who plays each of the four actions: odd rounds, then even rounds.
ORDER = {1: (Side.INVESTIGATOR, Side.JACK, Side.JACK, Side.INVESTIGATOR),
         0: (Side.JACK, Side.INVESTIGATOR, Side.INVESTIGATOR, Side.JACK)}

# Phases, in their text form.
IDENTITY, THROW, ACT, DRAW, WITNESS, CLAIM, OVER = (
    "identity", "throw", "act", "draw", "witness", "claim", "over")
PHASES = (IDENTITY, THROW, ACT, DRAW, WITNESS, CLAIM, OVER)
VIEWS = ("full", "jack", "investigator")


def _vocabulary() -> Vocabulary:
    specs: list[tuple[str, tuple]] = []
    for cid in (*IDS, "?"):
        specs.append(("identity", (cid,)))
        specs.append(("draw", (cid,)))
    for mask in range(16):
        specs.append(("throw", tuple(TOKENS[t][(mask >> (3 - t)) & 1] for t in range(4))))
    for det in DETECTIVES:
        specs += [(det, (1,)), (det, (2,)), ("joker", (det,))]
    specs.append(("joker", ("none",)))
    specs += [("rotate", (c, d)) for c in range(9) for d in DIRECTIONS]
    specs += [("exchange", (a, b)) for a in range(9) for b in range(a + 1, 9)]
    specs += [("alibi", ()), ("witness", ("seen",)), ("witness", ("unseen",)),
              ("claim", ("yes",)), ("claim", ("no",))]
    aliases = {f"exchange {b} {a}": f"exchange {a} {b}" for a in range(9) for b in range(a + 1, 9)}
    return Vocabulary("pocket", specs, aliases)


VOCAB = _vocabulary()
_A = VOCAB.get
DET_MOVES = tuple((_A(d, 1), _A(d, 2)) for d in DETECTIVES)
JOKERS = tuple(_A("joker", d) for d in DETECTIVES)
JOKER_NONE = _A("joker", "none")
ROTATES = tuple(tuple(_A("rotate", c, d) for d in DIRECTIONS) for c in range(9))
EXCHANGES = tuple(a for a in VOCAB if a.kind == "exchange")
ALIBI = _A("alibi")
SEEN, UNSEEN = _A("witness", "seen"), _A("witness", "unseen")
CLAIM_YES, CLAIM_NO = _A("claim", "yes"), _A("claim", "no")
THROWS = tuple(sorted(a for a in VOCAB if a.kind == "throw"))
IDENTITIES = tuple(sorted(_A("identity", c) for c in IDS))
IDENTITY_HIDDEN = _A("identity", "?")
DRAWS = tuple(_A("draw", c) for c in IDS)
DRAW_HIDDEN = _A("draw", "?")


class PocketState(GameState):
    """A game of Mr. Jack Pocket as one side (or the referee) knows it.

    ``view`` is ``"full"`` (every secret; solo play and the referee),
    ``"jack"`` or ``"investigator"`` (what :meth:`observation` gives).  A view
    without a generator (``rng is None``) cannot make chance draws itself:
    they arrive as actions from outside.
    """

    __slots__ = ("view", "round", "phase", "chars", "walls", "suspect", "detectives",
                 "faces", "used", "rotated", "track", "icards", "jcards", "jack",
                 "rng", "chase", "ply", "outcome", "_legal", "_legal_set")

    game = "pocket"
    VOCAB = VOCAB
    CHANCE_KINDS = frozenset(("identity", "throw", "draw"))
    max_game_length = 1 + ROUNDS * 8  # identity + per round: throw, 4 actions, 2 draws, witness

    def __init__(self) -> None:
        super().__init__()
        self.view = "full"
        self.round = 1
        self.phase = IDENTITY
        self.chars: list[int] = list(range(9))     # character index on each cell
        self.walls: list[int] = [0] * 9            # wall direction of each cell's tile
        self.suspect: list[bool] = [True] * 9      # by character index
        self.detectives: list[int] = list(DATA.starts)
        self.faces: list[int] | None = None        # face (0/1) of each token; None before a throw
        self.used: list[bool] = [False] * 4
        self.rotated = 0                           # bitmask of characters rotated this round
        self.track: list[Side] = []                # who took each finished round's token
        self.icards: list[int] = []                # investigator's draws (public)
        self.jcards: list[int] = []                # Jack's draws (HIDDEN where unknown)
        self.jack: int | None = None               # None: not dealt yet
        self.chase = False

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, seed: int) -> PocketState:
        """A fresh game: tiles shuffled and turned from ``seed``, Jack not yet dealt.

        The detectives' neighbouring tiles turn their wall towards them.
        """
        s = cls()
        rng = seed & ((1 << 64) - 1)
        order = list(range(9))
        for i in range(8, 0, -1):
            rng, v = next_u64(rng)
            j = below(v, i + 1)
            order[i], order[j] = order[j], order[i]
        s.chars = order
        for cell in range(9):
            rng, v = next_u64(rng)
            s.walls[cell] = below(v, 4)
        for pos in DATA.starts:
            cell, wall = facing(pos)
            s.walls[cell] = wall
        s.rng = rng
        return s

    def clone(self) -> PocketState:
        c = PocketState.__new__(PocketState)
        c.view, c.round, c.phase = self.view, self.round, self.phase
        c.chars, c.walls, c.suspect = self.chars[:], self.walls[:], self.suspect[:]
        c.detectives = self.detectives[:]
        c.faces = None if self.faces is None else self.faces[:]
        c.used, c.rotated, c.track = self.used[:], self.rotated, self.track[:]
        c.icards, c.jcards, c.jack = self.icards[:], self.jcards[:], self.jack
        c.rng, c.chase, c.ply, c.outcome = self.rng, self.chase, self.ply, self.outcome
        c._legal, c._legal_set = self._legal, self._legal_set
        return c

    # -------------------------------------------------------------- queries
    @property
    def step(self) -> int:
        """How many of the round's four actions have been played."""
        return sum(self.used)

    def actor(self, step: int) -> Side:
        """Who plays action number ``step`` (0-3) of this round."""
        return ORDER[self.round & 1][step]

    def to_move(self) -> ToMove:
        ph = self.phase
        if ph == ACT:
            return ToMove(self.actor(self.step).value)
        if ph in (WITNESS, CLAIM):
            return ToMove.JACK
        if ph == OVER:
            return ToMove.OVER
        return ToMove.CHANCE

    def face(self, token: int) -> str:
        assert self.faces is not None
        return TOKENS[token][self.faces[token]]

    def available_faces(self) -> list[str]:
        """Faces still to be played this round, in token order."""
        if self.faces is None:
            return []
        return [TOKENS[t][self.faces[t]] for t in range(4) if not self.used[t]]

    def wall_of(self, cell: int) -> int | None:
        """The wall direction at ``cell``, ``None`` for the cleared crossroads."""
        ch = self.chars[cell]
        if ch in CROSSROADS and not self.suspect[ch]:
            return None
        return self.walls[cell]

    def visible_cells(self) -> set[int]:
        walls = [self.wall_of(c) for c in range(9)]
        return seen_cells(walls, self.detectives)

    def visible(self) -> list[str]:
        """Ids of the characters on tiles a detective sees, suspect or not."""
        return sorted(IDS[self.chars[c]] for c in self.visible_cells())

    def suspects(self) -> list[str]:
        return [IDS[i] for i in range(9) if self.suspect[i]]

    def jack_seen(self) -> bool | None:
        """Whether Jack is in sight now; ``None`` if this view does not know Jack."""
        if self.jack is None or self.jack == HIDDEN:
            return None
        return self.chars.index(self.jack) in self.visible_cells()

    def jack_tokens(self) -> int:
        return sum(1 for s in self.track if s is Side.JACK)

    def hourglasses(self) -> int | None:
        """Jack's total (round tokens plus drawn cards), ``None`` if some card is hidden."""
        if HIDDEN in self.jcards:
            return None
        return self.jack_tokens() + sum(HOURGLASSES[c] for c in self.jcards)

    def deck_size(self) -> int:
        dealt = 0 if self.jack is None else 1
        return 9 - dealt - len(self.icards) - len(self.jcards)

    def _deck_candidates(self) -> list[int]:
        """Characters that may still be in the deck, as far as this view knows."""
        gone = set(self.icards) | {c for c in self.jcards if c != HIDDEN}
        if self.jack is not None and self.jack != HIDDEN:
            gone.add(self.jack)
        elif self.jack == HIDDEN and sum(self.suspect) == 1:
            gone.add(self.suspect.index(True))  # the last suspect is Jack, not in the deck
        return [c for c in range(9) if c not in gone]

    def drawer(self) -> Side:
        """Who played the alibi token whose draw is pending (phase ``draw``)."""
        return self.actor(self.step - 1)

    # -------------------------------------------------------------- legality
    def _generate(self) -> list[Action]:
        ph = self.phase
        if ph == ACT:
            return self._generate_act()
        if ph == THROW:
            return list(THROWS)
        if ph == WITNESS:
            seen = self.jack_seen()
            if seen is not None:
                return [SEEN if seen else UNSEEN]
            # Unknown Jack: any answer that leaves some suspect standing.
            vis = {self.chars[c] for c in self.visible_cells()}
            out = []
            if any(self.suspect[c] and c in vis for c in range(9)):
                out.append(SEEN)
            if any(self.suspect[c] and c not in vis for c in range(9)):
                out.append(UNSEEN)
            return out
        if ph == CLAIM:
            total = self.hourglasses()
            if total is not None:
                return [CLAIM_YES if total >= TO_WIN else CLAIM_NO]
            return [CLAIM_NO, CLAIM_YES]
        if ph == IDENTITY:
            if self.view == "investigator":
                return [IDENTITY_HIDDEN]
            return list(IDENTITIES)
        if ph == DRAW:
            if self.drawer() is Side.JACK and self.view == "investigator":
                return [DRAW_HIDDEN]
            return sorted(DRAWS[c] for c in self._deck_candidates())
        return []

    def _generate_act(self) -> list[Action]:
        out: list[Action] = []
        side = self.actor(self.step)
        rotate_done = False
        faces = self.faces
        assert faces is not None
        for t in range(4):
            if self.used[t]:
                continue
            f = TOKENS[t][faces[t]]
            if f == "rotate":
                if rotate_done:
                    continue
                rotate_done = True
                for cell in range(9):
                    if self.rotated >> self.chars[cell] & 1:
                        continue
                    w = self.walls[cell]
                    out.extend(a for d, a in enumerate(ROTATES[cell]) if d != w)
            elif f == "exchange":
                out.extend(EXCHANGES)
            elif f == "joker":
                out.extend(JOKERS)
                if side is Side.JACK:
                    out.append(JOKER_NONE)
            elif f == "alibi":
                out.append(ALIBI)
            else:
                out.extend(DET_MOVES[DETECTIVES.index(f)])
        out.sort()
        return out

    # ------------------------------------------------------------------ apply
    def _why_illegal(self, action: Action) -> str:
        tm = self.to_move()
        if tm is ToMove.OVER:
            why = "the game is over"
        elif tm is ToMove.CHANCE:
            why = f"a chance step ({self.phase}) is due"
        elif self.phase == ACT and action.kind not in ("identity", "draw", "throw", "witness", "claim"):
            face = {"joker": "joker", "rotate": "rotate", "exchange": "exchange", "alibi": "alibi"}.get(
                action.kind, action.kind)
            if face not in self.available_faces():
                why = f"no {face} token is available (left: {', '.join(self.available_faces())})"
            elif action.kind == "rotate":
                cell, d = action.args
                if self.rotated >> self.chars[int(cell)] & 1:
                    why = "that tile was already rotated this round"
                else:
                    why = f"the tile's wall already faces {d}"
            elif action == JOKER_NONE:
                why = "only Jack may leave the detectives in place"
            else:
                why = "not allowed now"
        else:
            why = f"{tm.value} must {'answer the witness call' if self.phase == WITNESS else 'act'}"
        return f"illegal action {str(action)!r}: {why} [state: {self}]"

    def _apply(self, a: Action) -> None:
        """Apply a legal action; no checks.  Bots and search call this directly."""
        kind = a.kind
        self._step(a)
        if kind == "identity":
            self.jack = HIDDEN if a.args[0] == "?" else INDEX[a.args[0]]
            self.phase = THROW
        elif kind == "throw":
            self.faces = [TOKENS[t].index(a.args[t]) for t in range(4)]
            self.phase = ACT
        elif kind == "draw":
            card = HIDDEN if a.args[0] == "?" else INDEX[a.args[0]]
            if self.drawer() is Side.JACK:
                self.jcards.append(card)
            else:
                self.icards.append(card)
                self.suspect[card] = False
            self._after_action()
        elif kind == "witness":
            self._witness(a is SEEN)
        elif kind == "claim":
            self._end_round(self._last_seen(), a is CLAIM_YES)
        else:
            self._act(a)

    def _use(self, face: str) -> None:
        assert self.faces is not None
        for t in range(4):
            if not self.used[t] and TOKENS[t][self.faces[t]] == face:
                self.used[t] = True
                return
        raise AssertionError(face)

    def _act(self, a: Action) -> None:
        kind = a.kind
        if kind in DETECTIVES:
            self._use(kind)
            d = DETECTIVES.index(kind)
            self.detectives[d] = (self.detectives[d] + int(a.args[0])) % 12
        elif kind == "joker":
            self._use("joker")
            if a.args[0] != "none":
                d = DETECTIVES.index(str(a.args[0]))
                self.detectives[d] = (self.detectives[d] + 1) % 12
        elif kind == "rotate":
            self._use("rotate")
            cell = int(a.args[0])
            self.walls[cell] = DIRECTIONS.index(str(a.args[1]))
            self.rotated |= 1 << self.chars[cell]
        elif kind == "exchange":
            self._use("exchange")
            x, y = int(a.args[0]), int(a.args[1])
            self.chars[x], self.chars[y] = self.chars[y], self.chars[x]
            self.walls[x], self.walls[y] = self.walls[y], self.walls[x]
        elif kind == "alibi":
            self._use("alibi")
            if self.deck_size() > 0:
                self.phase = DRAW
                return
        self._after_action()

    def _after_action(self) -> None:
        self.phase = WITNESS if all(self.used) else ACT

    def _witness(self, seen: bool) -> None:
        vis = {self.chars[c] for c in self.visible_cells()}
        for c in range(9):
            if self.suspect[c] and (c in vis) != seen:
                self.suspect[c] = False
        self.track.append(Side.INVESTIGATOR if seen else Side.JACK)
        if self.view != "full" and not self.chase and self._claim_matters():
            # Every side's view asks, judged on public facts, so that the two
            # peers of a network game keep the same steps (and hashes).
            self.phase = CLAIM
            return
        total = self.hourglasses()
        if total is None:  # only when the claim cannot matter: the known part decides
            total = self.jack_tokens() + sum(HOURGLASSES[c] for c in self.jcards if c != HIDDEN)
        self._end_round(seen, total >= TO_WIN)

    def _last_seen(self) -> bool:
        return self.track[-1] is Side.INVESTIGATOR

    def _claim_matters(self) -> bool:
        """Whether Jack's secret cards could decide his hourglass goal now.

        Judged from public facts only (round tokens, how many cards Jack
        drew, the investigator's open cards), so every view agrees.
        """
        tokens = self.jack_tokens()
        if not self.jcards or tokens >= TO_WIN:
            return False
        pool = sorted((HOURGLASSES[c] for c in range(9) if c not in self.icards), reverse=True)
        return tokens + sum(pool[:len(self.jcards)]) >= TO_WIN

    def _end_round(self, seen: bool, jack_goal: bool) -> None:
        inv_goal = sum(self.suspect) == 1
        last = self.round == ROUNDS
        win: tuple[Termination, Side] | None = None
        if self.chase:
            if seen:
                win = (Termination.CHASE_SEEN, Side.INVESTIGATOR)
            elif last:
                win = (Termination.CHASE_ESCAPED, Side.JACK)
        elif inv_goal and jack_goal:
            if last:
                win = ((Termination.BOTH_GOALS_SEEN, Side.INVESTIGATOR) if seen
                       else (Termination.BOTH_GOALS_UNSEEN, Side.JACK))
            else:
                self.chase = True
        elif inv_goal:
            win = (Termination.ONE_SUSPECT, Side.INVESTIGATOR)
        elif jack_goal:
            win = (Termination.HOURGLASSES, Side.JACK)
        elif last:
            win = (Termination.TIME_UP, Side.JACK)
        if win is not None:
            self.outcome = Outcome(*win)
            self.phase = OVER
            return
        self.round += 1
        self.rotated = 0
        self.used = [False] * 4
        if self.round & 1:
            self.faces = None
            self.phase = THROW
        else:
            assert self.faces is not None
            self.faces = [1 - f for f in self.faces]
            self.phase = ACT

    # ----------------------------------------------------------------- chance
    # ----------------------------------------------------- observation, hashing
    def observation(self, side: Side) -> PocketState:
        """What ``side`` may know: a state of that view without the generator.

        The investigator's view hides Jack's identity and Jack's drawn cards
        until the game is over; neither view keeps the generator, which would
        predict the deck.
        """
        o = self.clone()
        o.rng = None
        o.view = side.value
        if side is Side.INVESTIGATOR and self.phase != OVER:
            if o.jack is not None:
                o.jack = HIDDEN
            o.jcards = [HIDDEN] * len(o.jcards)
        o._legal = None
        return o

    def public_fields(self) -> list:
        """Everything both sides can see, in a fixed order, as msgpack-ready values."""
        return [
            "pocket", self.round, self.phase, self.chars, self.walls,
            [int(b) for b in self.suspect], self.detectives,
            self.faces, [int(b) for b in self.used], self.rotated,
            [s.value for s in self.track], self.icards, len(self.jcards),
            self.jack is not None, self.chase, self.ply,
            None if self.outcome is None else str(self.outcome),
        ]

    def describe(self) -> dict:
        """The position in plain JSON terms (the referee's answer fields)."""
        jack = None if self.jack is None or self.jack == HIDDEN else IDS[self.jack]
        return {
            "round": self.round,
            "phase": self.phase,
            "board": [[IDS[ch], None if self.wall_of(c) is None else DIRECTIONS[self.wall_of(c)],
                       self.suspect[ch]] for c, ch in enumerate(self.chars)],
            "detectives": dict(zip(DETECTIVES, self.detectives, strict=True)),
            "tokens": self.available_faces(),
            "visible": self.visible(),
            "suspects": self.suspects(),
            "jack": jack,
            "hourglasses": self.hourglasses(),
            "track": [s.value for s in self.track],
            "investigator_cards": [IDS[c] for c in self.icards],
            "jack_cards": [None if c == HIDDEN else IDS[c] for c in self.jcards],
        }

    # -------------------------------------------------------------- text form
    def __str__(self) -> str:
        tiles = "/".join(
            f"{IDS[ch]}:{DIRECTIONS[self.walls[c]] if self.suspect[ch] else DIRECTIONS[self.walls[c]].lower()}"
            for c, ch in enumerate(self.chars))
        if self.faces is None:
            tok = "----"
        else:
            tok = "".join(
                (FACE_LETTER[TOKENS[t][f]].lower() if self.used[t] else FACE_LETTER[TOKENS[t][f]])
                for t, f in enumerate(self.faces))
        rotated = ",".join(IDS[c] for c in range(9) if self.rotated >> c & 1) or "-"
        track = "".join("I" if s is Side.INVESTIGATOR else "J" for s in self.track) or "-"
        icards = ",".join(IDS[c] for c in self.icards) or "-"
        jcards = ",".join("?" if c == HIDDEN else IDS[c] for c in self.jcards) or "-"
        jack = "-" if self.jack is None else ("?" if self.jack == HIDDEN else IDS[self.jack])
        rng = "-" if self.rng is None else f"{self.rng:016x}"
        out = "-" if self.outcome is None else str(self.outcome)
        return (f"pocket view={self.view} round={self.round} phase={self.phase} tiles={tiles} "
                f"detectives={','.join(map(str, self.detectives))} tokens={tok} rotated={rotated} "
                f"track={track} icards={icards} jcards={jcards} jack={jack} rng={rng} "
                f"chase={int(self.chase)} ply={self.ply} outcome={out}")

    @classmethod
    def parse(cls, text: str) -> PocketState:
        """Read a state's text form; the inverse of ``str()``.

        :raises ParseError: on any text that is not a consistent Pocket state.
        """
        try:
            return _parse(text)
        except ParseError:
            raise
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise ParseError(f"pocket: bad state text ({exc}): {text!r}") from None


FIELDS = ("view", "round", "phase", "tiles", "detectives", "tokens", "rotated", "track",
          "icards", "jcards", "jack", "rng", "chase", "ply", "outcome")


def _ids(text: str, allow_hidden: bool = False) -> list[int]:
    if text == "-":
        return []
    out = []
    for part in text.split(","):
        if allow_hidden and part == "?":
            out.append(HIDDEN)
        else:
            out.append(INDEX[part])
    return out


def _parse(text: str) -> PocketState:
    if not isinstance(text, str):
        raise ParseError("pocket: a state is text")
    parts = text.split(" ")
    if len(parts) != len(FIELDS) + 1 or parts[0] != "pocket":
        raise ParseError(f"pocket: expected 'pocket' and {len(FIELDS)} fields: {text!r}")
    kv = {}
    for name, part in zip(FIELDS, parts[1:], strict=True):
        key, sep, value = part.partition("=")
        if key != name or not sep:
            raise ParseError(f"pocket: expected field {name!r}, got {part!r}")
        kv[name] = value
    s = PocketState()
    if kv["view"] not in VIEWS:
        raise ValueError("view")
    s.view = kv["view"]
    s.round = _int(kv["round"], 1, ROUNDS)
    if kv["phase"] not in PHASES:
        raise ValueError("phase")
    s.phase = kv["phase"]
    tiles = kv["tiles"].split("/")
    if len(tiles) != 9:
        raise ValueError("tiles")
    for c, tile in enumerate(tiles):
        cid, wall = tile.split(":")
        s.chars[c] = INDEX[cid]
        if len(wall) != 1 or wall.upper() not in DIRECTIONS:
            raise ValueError("wall")
        s.walls[c] = DIRECTIONS.index(wall.upper())
        s.suspect[INDEX[cid]] = wall.isupper()
    if sorted(s.chars) != list(range(9)):
        raise ValueError("tiles must hold each character once")
    det = [_int(x, 0, 11) for x in kv["detectives"].split(",")]
    if len(det) != 3:
        raise ValueError("detectives")
    s.detectives = det
    tok = kv["tokens"]
    if tok == "----":
        s.faces = None
    else:
        if len(tok) != 4:
            raise ValueError("tokens")
        s.faces, s.used = [], []
        for t, letter in enumerate(tok):
            letters = [FACE_LETTER[f] for f in TOKENS[t]]
            s.faces.append(letters.index(letter.upper()))
            s.used.append(letter.islower())
    s.rotated = 0
    for c in _ids(kv["rotated"]):
        s.rotated |= 1 << c
    if kv["track"] != "-":
        s.track = [{"I": Side.INVESTIGATOR, "J": Side.JACK}[x] for x in kv["track"]]
    s.icards = _ids(kv["icards"])
    s.jcards = _ids(kv["jcards"], allow_hidden=True)
    jack = kv["jack"]
    s.jack = None if jack == "-" else HIDDEN if jack == "?" else INDEX[jack]
    rng = kv["rng"]
    if rng != "-":
        if len(rng) != 16 or rng != rng.lower():
            raise ValueError("rng")
        s.rng = int(rng, 16)
    else:
        s.rng = None
    s.chase = {"0": False, "1": True}[kv["chase"]]
    s.ply = _int(kv["ply"], 0, 10**9)
    s.outcome = None if kv["outcome"] == "-" else Outcome.parse(kv["outcome"])
    _validate(s)
    if str(s) != text:
        raise ParseError(f"pocket: state text is not canonical: {text!r}")
    return s


def _int(text: str, lo: int, hi: int) -> int:
    if not text.isdigit() or (len(text) > 1 and text[0] == "0"):
        raise ValueError(f"not a number: {text!r}")
    v = int(text)
    if not lo <= v <= hi:
        raise ValueError(f"{v} not in {lo}..{hi}")
    return v


def _validate(s: PocketState) -> None:
    """Refuse texts whose fields contradict each other, so play cannot crash later."""
    known = [c for c in (*s.icards, *s.jcards) if c != HIDDEN]
    if s.jack is not None and s.jack != HIDDEN:
        known.append(s.jack)
    if len(set(known)) != len(known):
        raise ValueError("a card is in two places")
    if s.view == "investigator" and s.phase != OVER and (
            (s.jack is not None and s.jack != HIDDEN) or any(c != HIDDEN for c in s.jcards)):
        raise ValueError("the investigator's view cannot hold Jack's secrets")
    if s.view == "full" and (s.jack == HIDDEN or HIDDEN in s.jcards):
        raise ValueError("a full view knows every card")
    if any(s.suspect[c] for c in s.icards):
        raise ValueError("a card the investigator drew is still a suspect")
    if s.jack is not None and s.jack != HIDDEN and not s.suspect[s.jack] and s.phase != OVER:
        raise ValueError("Jack is not among the suspects")
    if not any(s.suspect):
        raise ValueError("no suspect left")
    if len(s.icards) + len(s.jcards) > 8:
        raise ValueError("too many cards drawn")
    expected_track = s.round - 1 + (1 if s.phase in (CLAIM, OVER) else 0)
    if len(s.track) != expected_track:
        raise ValueError("track length does not match the round")
    if (s.phase == IDENTITY) != (s.jack is None):
        raise ValueError("Jack is dealt exactly when the identity step is past")
    if s.phase == IDENTITY and (s.round != 1 or s.faces is not None or s.track or s.icards
                                or s.jcards or s.chase or not all(s.suspect)):
        raise ValueError("the identity step comes first")
    if s.phase in (IDENTITY, THROW):
        if s.faces is not None or s.rotated:
            raise ValueError("no tokens before the throw")
        if s.phase == THROW and s.round % 2 == 0:
            raise ValueError("tokens are thrown in odd rounds only")
    elif s.phase != OVER or s.faces is not None:
        if s.faces is None:
            raise ValueError("tokens missing")
        n = sum(s.used)
        if s.phase == ACT and n == 4:
            raise ValueError("all four actions are played")
        if s.phase in (WITNESS, CLAIM) and n != 4:
            raise ValueError("the witness call follows the fourth action")
        if s.phase == DRAW:
            last = [t for t in range(4) if s.used[t]]
            if not last or not any(TOKENS[t][s.faces[t]] == "alibi" for t in last) or s.deck_size() <= 0:
                raise ValueError("a draw follows an alibi with cards left")
        played = [TOKENS[t][s.faces[t]] for t in range(4) if s.used[t]]
        if bin(s.rotated).count("1") > played.count("rotate"):
            raise ValueError("more tiles are marked rotated than rotations were played")
    if (s.phase == OVER) != (s.outcome is not None):
        raise ValueError("an outcome exactly when the game is over")
    if s.phase == CLAIM and (s.view == "full" or not s.jcards or s.chase):
        raise ValueError("a claim is asked only in a side's view, after Jack drew cards")
    if s.chase and s.phase == OVER and s.outcome is not None and s.outcome.termination not in (
            Termination.CHASE_SEEN, Termination.CHASE_ESCAPED):
        raise ValueError("a chase ends as a chase")


def actions_text(actions: Iterable[Action]) -> list[str]:
    return [str(a) for a in actions]
