"""The card game under Mr. Jack (London) and Mr. Jack in New York.

Both boards share it: eight character cards, four shown a round (the other
four in the even round, all eight reshuffled after it) and taken in the
order of :data:`ORDER`; Jack's identity and the alibi deck; secret alibi
draws (London's Holmes, New York's informant); the witness call and the
verdict on an accusation; the views that hide each side's secrets.

:class:`CardGame` is a mixin for a game state that holds the fields named in
its docstring; a rule set gives it its interned actions as class data.  The
``check_*`` and ``*_field`` helpers serve the states' text forms.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from operator import attrgetter
from typing import Any, ClassVar

from .actions import Action, Vocabulary
from .core import Outcome, Side, Termination, ToMove
from .errors import ParseError
from .hexgrid import cells_of, mask_of, popcount
from .levels import Figure
from .state import GameState

#: Who takes each of the four cards: odd rounds (key 1), then even rounds (key 0).
ORDER = {1: (Side.INVESTIGATOR, Side.JACK, Side.JACK, Side.INVESTIGATOR),
         0: (Side.JACK, Side.INVESTIGATOR, Side.INVESTIGATOR, Side.JACK)}
HIDDEN = -1  # a card or identity this view does not know
ALL_EIGHT = (1 << 8) - 1
VIEWS = ("full", "jack", "investigator")
#: Phases every card game has, by their names in the text form.
IDENTITY, DEAL, PICK, ACT, DRAW, VERDICT, WITNESS, OVER = (
    "identity", "deal", "pick", "act", "draw", "verdict", "witness", "over")
#: Flags of the activation in progress: the move is behind it, the power is.
MOVED, POWERED = 1, 2
BOTH = MOVED | POWERED
ARRESTS = (Termination.ARREST_RIGHT, Termination.ARREST_WRONG)
BY_TEXT = attrgetter("order")  # interned actions sort by their canonical text's rank


@dataclass(frozen=True, slots=True)
class CharacterCard(Figure):
    """A character of the card games as its level file describes it (its card's move and power)."""

    moves: int
    power: str
    timing: str


def card_phases(act: tuple[str, ...], draw: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A game's phases in order and its activation's: the card game's, with the
    game's own after ``act`` (steps of a power) and after ``draw`` (steps of a draw)."""
    activation = (ACT, *act, DRAW, *draw, VERDICT)
    return (IDENTITY, DEAL, PICK, *activation, WITNESS, OVER), activation


def card_specs(ids: tuple[str, ...], per_round: int) -> list[tuple[str, tuple]]:
    """The vocabulary entries of the card game: chance steps, cards, accusations, Jack's answers."""
    specs: list[tuple[str, tuple]] = []
    for cid in (*ids, "?"):
        specs += [("identity", (cid,)), ("draw", (cid,))]
    specs += [("deal", tuple(ids[i] for i in deal)) for deal in combinations(range(len(ids)), per_round)]
    specs += [("play", (cid,)) for cid in ids]
    specs += [("accuse", (cid,)) for cid in ids]
    specs += [("witness", ("seen",)), ("witness", ("unseen",)),
              ("verdict", ("guilty",)), ("verdict", ("innocent",))]
    return specs


class CardActions:
    """The card game's interned actions of one vocabulary."""

    def __init__(self, vocab: Vocabulary, ids: tuple[str, ...], per_round: int) -> None:
        a = vocab.get
        self.ids = ids
        self.index = {c: i for i, c in enumerate(ids)}
        self.identities = tuple(sorted(a("identity", c) for c in ids))
        self.identity_hidden = a("identity", "?")
        self.draws = tuple(a("draw", c) for c in ids)
        self.draw_hidden = a("draw", "?")
        #: deals sorted by text; deal_mask[action] is the dealt characters' bitmask.
        self.deals = tuple(sorted(a("deal", *(ids[i] for i in d)) for d in combinations(range(len(ids)), per_round)))
        self.deal_mask = {x: sum(1 << ids.index(str(c)) for c in x.args) for x in self.deals}
        self.play = tuple(a("play", c) for c in ids)
        self.accuse = tuple(a("accuse", c) for c in ids)
        self.seen, self.unseen = a("witness", "seen"), a("witness", "unseen")
        self.guilty, self.innocent = a("verdict", "guilty"), a("verdict", "innocent")


class CardGame(GameState):
    """Base of the card games' states: the rules, text form and checks London and New York share.

    One mutable state per game, as one side (or the referee) knows it:
    ``view`` is ``"full"`` (every secret; solo play and the referee),
    ``"jack"`` or ``"investigator"`` (what :meth:`observation` gives).  A view
    without a generator (``rng is None``) cannot make chance draws itself:
    they arrive as actions from outside.  :meth:`apply` checks legality
    first and only then mutates, so a refused action changes nothing.  An
    activation is a short run of decisions by the player who took the card
    (``play``, then the move and the power's choices, then the game's own
    steps), each legal on its own.  Chance (Jack's identity, the four cards
    of an odd round, the alibi draws) and Jack's answers (the witness call,
    the verdict on an accusation) are decisions like any other, so a
    networked peer can receive them instead of computing them from secrets
    it must not hold.

    It holds the card game's fields (its ``__slots__``): ``view``, ``round``,
    ``phase``, ``pos`` (cell by character), ``cards`` (mask of this round's
    cards not yet taken), ``played``, ``active``, ``done``, ``suspects``
    (mask), ``witness``, ``icards``, ``jcards`` (secret alibi draws,
    ``HIDDEN`` where its view may not know them), ``jack`` (``None`` before
    the deal, ``HIDDEN`` in the investigator's view), ``rng``, ``ply``,
    ``outcome``.  A game's state adds its board's fields and supplies, as
    class data, its actions (``CARDS``, ``TO``), phases and text fields, and
    as methods its board: :meth:`_reach`, :meth:`occupied`,
    :meth:`visible_mask`, :meth:`_power_options`, :meth:`_escape_options`,
    the text form's board part and the board's checks.  Its action kinds are
    a table ``ON`` of kind -> method, the card game's own kinds included.

    An activation is a move and a power, each marked done (``MOVED``,
    ``POWERED``) once made or passed; :meth:`_pass_impossible` decides, the
    same way in both games, which steps cannot be taken at all.
    """

    __slots__ = ("view", "round", "phase", "pos", "suspects", "witness", "cards", "played", "active", "done",
                 "icards", "jcards", "jack", "rng", "ply", "outcome", "_legal", "_legal_set")
    CHANCE_KINDS = frozenset(("identity", "deal", "draw"))
    game: ClassVar[str]
    CARDS: ClassVar[CardActions]
    #: The move's action by destination cell.
    TO: ClassVar[Any]
    rounds: ClassVar[int]
    PHASES: ClassVar[tuple[str, ...]]
    #: Phases of an activation, and the phases in which the card's player decides.
    ACTIVATION: ClassVar[tuple[str, ...]]
    PLAYER_PHASES: ClassVar[tuple[str, ...]] = (PICK, ACT)
    #: The text form's fields after the game's name, in order.
    FIELDS: ClassVar[tuple[str, ...]]
    #: Flags of ``done`` and their letters in the text form.
    DONE_FLAGS: ClassVar[tuple[tuple[int, str], ...]] = ((MOVED, "m"), (POWERED, "p"))
    INVESTIGATOR_WINS = frozenset({Termination.ARREST_RIGHT})
    #: Characters whose power is used "before or after" the move (their cards' timing).
    BEFORE_OR_AFTER: ClassVar[frozenset[int]]
    #: Characters whose power is part of their move (London's Stealthy).
    POWER_IN_MOVE: ClassVar[frozenset[int]] = frozenset()
    #: Characters whose power may be declined after the move, with ``PASS``.
    OPTIONAL_POWERS: ClassVar[frozenset[int]] = frozenset()
    PASS: ClassVar[Action | None] = None
    #: The refusal of a forbidden escape ending the game.
    ESCAPE_RULE: ClassVar[str]
    ON: ClassVar[dict[str, Any]]
    view: str
    round: int
    phase: str
    cards: int
    played: list[int]
    active: int
    done: int
    suspects: int
    witness: bool
    icards: list[int]
    jcards: list[int]
    jack: int | None
    rng: int | None
    pos: list[int]
    outcome: Outcome | None

    def __init__(self) -> None:
        super().__init__()
        self.view = "full"
        self.round = 1
        self.phase = IDENTITY
        self.suspects = ALL_EIGHT
        self.witness = True                                       # the witness card: True = seen
        self.cards = 0                                            # this round's cards not yet taken
        self.played: list[int] = []                               # this round's cards taken, in order
        self.active = -1                                          # the character being played
        self.done = 0                                             # MOVED | POWERED (| the game's own flags)
        self.icards: list[int] = []                               # the investigator's alibi draws
        self.jcards: list[int] = []                               # Jack's alibi draws
        self.jack: int | None = None                              # None: not dealt yet

    @classmethod
    def new(cls, seed: int) -> Any:
        """The set-up of the rule book; Jack not yet dealt."""
        s = cls()
        s.rng = seed & ((1 << 64) - 1)
        return s

    def clone(self) -> Any:
        c = type(self).__new__(type(self))
        c.view, c.round, c.phase, c.pos = self.view, self.round, self.phase, self.pos[:]
        c.suspects, c.witness, c.cards, c.played = self.suspects, self.witness, self.cards, self.played[:]
        c.active, c.done, c.icards, c.jcards, c.jack = self.active, self.done, self.icards[:], self.jcards[:], self.jack
        c.rng, c.ply, c.outcome = self.rng, self.ply, self.outcome
        c._legal, c._legal_set = self._legal, self._legal_set
        self._copy_board(c)
        return c

    def _copy_board(self, c: Any) -> None:
        """Copy the game's own fields into the clone ``c``."""
        raise NotImplementedError

    # --------------------------------------------------------------- queries
    def to_move(self) -> ToMove:
        ph = self.phase
        if ph in self.PLAYER_PHASES:
            return ToMove(self.actor().value)
        if ph in (WITNESS, VERDICT):
            return ToMove.JACK
        if ph == OVER:
            return ToMove.OVER
        return ToMove.CHANCE

    def actor(self) -> Side:
        """Who takes the next card (phase ``pick``) or plays the current one."""
        n = len(self.played)
        return ORDER[self.round & 1][n if self.phase == PICK else n - 1]

    def visible_mask(self) -> int:
        """Characters (bitmask) the witness would see now."""
        raise NotImplementedError

    def visible(self) -> list[str]:
        """Ids of the visible characters, suspect or not, in character order."""
        vis = self.visible_mask()
        return [self.CARDS.ids[c] for c in range(8) if vis >> c & 1]

    def suspect_ids(self) -> list[str]:
        return [self.CARDS.ids[c] for c in range(8) if self.suspects >> c & 1]

    def jack_known(self) -> bool:
        return self.jack is not None and self.jack != HIDDEN

    def jack_seen(self) -> bool | None:
        """Whether Jack is visible now; ``None`` if this view does not know Jack."""
        if not self.jack_known():
            return None
        return bool(self.visible_mask() >> self.jack & 1)

    def deck_size(self) -> int:
        """Alibi cards left to draw (public: counts only)."""
        return 8 - (0 if self.jack is None else 1) - len(self.icards) - len(self.jcards)

    def candidates(self) -> int:
        """Characters (bitmask) that may be Jack as far as this view knows."""
        if self.jack_known():
            return 1 << self.jack
        known = mask_of(c for c in (*self.icards, *self.jcards) if c != HIDDEN)
        return self.suspects & ~known

    def accused(self) -> int:
        """The character the active one was moved onto (phase ``verdict``)."""
        a, pos = self.active, self.pos
        return next(c for c in range(8) if c != a and pos[c] == pos[a])

    def _may_be_jack(self, c: int) -> bool:
        return bool(self.candidates() >> c & 1)

    # ------------------------------------------------------------ activation
    def occupied(self) -> int:
        raise NotImplementedError

    def _reach(self, a: int) -> tuple[int, ...]:
        """Layers (masks, nearest first) of the own move of character ``a``."""
        raise NotImplementedError

    def _dest_mask(self, a: int, reach: tuple[int, ...]) -> int:
        """Cells (mask) ``a``'s own move through ``reach`` may end on, occupied ones included."""
        m = 0
        for layer in reach:
            m |= layer
        return m

    def _destinations(self, a: int) -> int:
        """Cells (mask) the own move of character ``a`` may end on, occupied ones included."""
        return self._dest_mask(a, self._reach(a))

    def escape_reach(self, c: int) -> bool:
        """Whether character ``c``'s own move could take it out through an open
        exit, were it Jack and the witness card unseen (a threat the bots weigh)."""
        return self._on_board(c) and bool(self._escape_options(c, self._reach(c)))

    def _on_board(self, c: int) -> bool:
        """Whether character ``c`` stands on the board (it has not escaped)."""
        raise NotImplementedError

    def _escape_options(self, a: int, reach: tuple[int, ...]) -> list[Action]:
        """Jack's escapes by ``a``'s own move through ``reach`` (asked only when he may escape)."""
        raise NotImplementedError

    def _power_options(self, a: int) -> list[Action]:
        """The choices of character ``a``'s power now (empty: it cannot be used now)."""
        raise NotImplementedError

    def power_options(self, c: int) -> list[Action]:
        """The choices character ``c``'s power would have now, were it the active one and
        its power still due (bots and tests ask; the legal actions are :meth:`legal_actions`)."""
        return self._power_options(c)

    def _power_possible(self, a: int) -> bool:
        """Whether ``a``'s power has a choice now, judged on public facts only."""
        return bool(self._power_options(a))

    def _can_move(self) -> bool:
        """Whether the active character has a destination (judged on public facts)."""
        a = self.active
        dest = self._destinations(a)
        if dest & ~self.occupied():
            return True
        return self.actor() is Side.INVESTIGATOR and bool(dest)

    def _pass_impossible(self) -> bool:
        """Mark done one step of the activation that cannot be taken at all; ``True`` if one was.

        Judged on public facts only, so every view passes the same steps.  A
        move with no destination is passed at once: a blocked character still
        uses its power.  A power is passed only once the move is behind it:
        the books' powers "before or after" the move («Перед или после своего
        движения», «przed albo po ruchu») may find no choice before the move
        and one after it (Tumblety steps next to someone, Goodley comes where
        someone can come nearer), and must then be offered.
        """
        done = self.done
        if not done & MOVED:
            if self._can_move():
                return False
            self.done = done | MOVED
            return True
        if done & POWERED or self._power_possible(self.active):
            return False
        self.done = done | POWERED
        return True

    # -------------------------------------------------------------- legality
    def _generate(self) -> list[Action]:
        cards = self._card_options()
        if cards is not None:
            return cards
        if self.phase == ACT:
            return sorted(self._act_options(), key=BY_TEXT)
        return self._board_options()

    def _board_options(self) -> list[Action]:
        """Legal actions of the game's own phases (sorted by text)."""
        return []

    def _act_options(self) -> list[Action]:
        a, done = self.active, self.done
        out: list[Action] = []
        if not done & MOVED:
            out += self._move_options()
        if not done & POWERED:
            out += self._power_options(a)
            if done & MOVED and a in self.OPTIONAL_POWERS:
                out.append(self.PASS)  # type: ignore[arg-type]
        return out

    def _move_options(self) -> list[Action]:
        """The active character's own move: to a free cell, onto a character (an
        accusation, the investigator's), or out (an escape, Jack's, after an unseen round)."""
        a = self.active
        reach = self._reach(a)
        dest = self._dest_mask(a, reach)
        out = [self.TO[c] for c in cells_of(dest & ~self.occupied())]
        if self.actor() is Side.INVESTIGATOR:
            pos, accuse = self.pos, self.CARDS.accuse
            out += [accuse[c] for c in range(8) if c != a and dest >> pos[c] & 1]
        elif not self.witness and self._may_be_jack(a):
            out += self._escape_options(a, reach)
        return out

    def _card_options(self) -> list[Action] | None:
        """Legal actions of the card game's own phases; ``None`` in a board phase."""
        ph, k = self.phase, self.CARDS
        if ph == PICK:
            return sorted(k.play[c] for c in range(8) if self.cards >> c & 1)
        if ph == WITNESS:
            if self.jack_known():
                return [k.seen if self.jack_seen() else k.unseen]
            cand, vis = self.candidates(), self.visible_mask()
            return [a for a, ok in ((k.seen, cand & vis), (k.unseen, cand & ~vis)) if ok]
        if ph == VERDICT:
            x = self.accused()
            if self.jack_known():
                return [k.guilty if x == self.jack else k.innocent]
            cand = self.candidates()
            return [a for a, ok in ((k.guilty, cand >> x & 1), (k.innocent, cand & ~(1 << x))) if ok]
        if ph == DEAL:
            return list(k.deals)
        if ph == IDENTITY:
            return [k.identity_hidden] if self.view == "investigator" else list(k.identities)
        if ph == DRAW:
            if self.view not in ("full", self.actor().value):
                return [k.draw_hidden]
            gone = {c for c in (*self.icards, *self.jcards) if c != HIDDEN}
            if self.jack_known():
                gone.add(self.jack)
            else:
                cand = self.candidates()
                if popcount(cand) == 1:  # the last possible Jack is not in the deck
                    gone.add(cand.bit_length() - 1)
            return sorted(k.draws[c] for c in range(8) if c not in gone)
        return None

    def _why_illegal(self, action: Action) -> str:
        why = self._why_card_game(action) or self._why_here(action)
        return f"illegal action {str(action)!r}: {why} [state: {self}]"

    def _why_here(self, action: Action) -> str:
        """Reasons of the game's own phases and powers."""
        raise NotImplementedError

    def _why_card_game(self, action: Action) -> str | None:
        """Why ``action`` is refused, where the reason is common to the card games."""
        tm = self.to_move()
        ph = self.phase
        if tm is ToMove.OVER:
            return "the game is over"
        if tm is ToMove.CHANCE:
            return f"a chance step ({ph}) is due"
        if ph == PICK:
            left = ", ".join(self.CARDS.ids[c] for c in range(8) if self.cards >> c & 1)
            return f"{tm.value} must take one of this round's cards ({left})"
        if ph == WITNESS:
            return "Jack must answer the witness call truthfully"
        if ph == VERDICT:
            return "Jack must answer the accusation truthfully"
        if action.kind == "accuse":
            return "only the investigator accuses, by moving onto a character in reach"
        return None

    # ------------------------------------------------------------------ apply
    def _apply(self, a: Action) -> None:
        """Apply a legal action; no checks.  Bots and search call this directly."""
        self._step(a)
        self.ON[a.kind](self, a)

    def _card(self, cid: str) -> int:
        return HIDDEN if cid == "?" else self.CARDS.index[cid]

    def _on_play(self, a: Action) -> None:
        c = self.CARDS.index[a.args[0]]  # type: ignore[index]
        self.cards &= ~(1 << c)
        self.played.append(c)
        self.active = c
        self.done = POWERED if c in self.POWER_IN_MOVE else 0
        self.phase = ACT  # so that actor() names the card's player while the steps are judged
        self._continue()

    def _on_accuse(self, a: Action) -> None:
        self.pos[self.active] = self.pos[self.CARDS.index[a.args[0]]]  # type: ignore[index]
        self.done |= MOVED
        self.phase = VERDICT

    def _on_verdict(self, a: Action) -> None:
        if a is self.CARDS.guilty:
            if not self.jack_known():
                self.jack = self.accused()
            self._end(Termination.ARREST_RIGHT, Side.INVESTIGATOR)
        else:
            self._end(Termination.ARREST_WRONG, Side.JACK)

    def _on_witness(self, a: Action) -> None:
        self._next_round(a is self.CARDS.seen)

    def _on_deal(self, a: Action) -> None:
        self.cards = self.CARDS.deal_mask[a]
        self.phase = PICK

    def _on_identity(self, a: Action) -> None:
        self.jack = self._card(a.args[0])  # type: ignore[arg-type]
        self.phase = DEAL

    ON = {"play": _on_play, "accuse": _on_accuse, "verdict": _on_verdict, "witness": _on_witness,
          "deal": _on_deal, "identity": _on_identity}

    def _escape(self, x: int) -> None:
        """Character ``x`` left the board: Jack escaped."""
        if not self.jack_known():
            self.jack = x  # the escape shows who Jack is
        self._end(Termination.ESCAPE, Side.JACK)

    def _powered(self) -> None:
        self.done |= POWERED
        self._continue()

    def _move_token(self, tokens: str, pair: str, index: dict[str, int]) -> None:
        """A power that moves one of a pair of tokens (``pair``: ``"OLD>NEW"``, names in ``index``)."""
        old, new = (index[n] for n in pair.split(">"))
        setattr(self, tokens, sorted(new if t == old else t for t in getattr(self, tokens)))
        self._powered()

    def _continue(self) -> None:
        """Go to the activation's next decision, or end it.

        Steps that cannot be taken at all are passed, judged on public facts
        only (so every view takes the same steps): see :meth:`_pass_impossible`
        and the game's own steps in :meth:`_pending_step`.
        """
        while True:
            if self._pending_step():
                return
            if self.done & BOTH == BOTH:
                self._finish()
                return
            if self._pass_impossible():
                continue
            self.phase = ACT
            return

    def _pending_step(self) -> bool:
        """Enter a phase of the game's own that the activation needs now; ``True`` if one was."""
        return False

    def _finish(self) -> None:
        self.active, self.done = -1, 0
        if len(self.played) < 4:
            self.phase = PICK
        elif self.round == self.rounds:
            self._end(Termination.TIME_UP, Side.JACK)
        else:
            self.phase = WITNESS

    def _draw(self, card: int) -> None:
        """A secret alibi draw (``HIDDEN`` in a view that may not see it) goes
        to the player of the current card."""
        (self.jcards if self.actor() is Side.JACK else self.icards).append(card)

    def _end(self, term: Termination, winner: Side) -> None:
        self.outcome = Outcome(term, winner)
        self.phase = OVER

    def _next_round(self, seen: bool) -> None:
        """The witness call: clear the suspects on the other side of Jack's answer,
        turn the witness card and start the next round's cards."""
        vis = self.visible_mask()
        self.suspects &= vis if seen else ~vis
        self.witness = seen
        last = mask_of(self.played)
        self.round += 1
        self.played = []
        if self.round & 1:
            self.cards = 0
            self.phase = DEAL  # all eight cards are shuffled again
        else:
            self.cards = ALL_EIGHT & ~last  # the four cards the odd round did not show
            self.phase = PICK

    # --------------------------------------------------- observation, describe
    def observation(self, side: Side):  # type: ignore[no-untyped-def]
        """What ``side`` may know: a state of that view without the generator.

        The investigator's view hides Jack's identity and Jack's secret alibi
        cards, Jack's view hides the investigator's, until the game is over;
        neither keeps the generator, which would predict the deck.
        """
        o = self.clone()
        o.rng = None
        o.view = side.value
        if self.phase != OVER:
            if side is Side.INVESTIGATOR:
                if o.jack is not None:
                    o.jack = HIDDEN
                o.jcards = [HIDDEN] * len(o.jcards)
            else:
                o.icards = [HIDDEN] * len(o.icards)
        o._legal = None
        return o

    def describe(self) -> dict:
        """The position in plain JSON terms (the referee's answer fields)."""
        ids = self.CARDS.ids

        def card(c: int) -> str | None:
            return None if c == HIDDEN else ids[c]

        return {
            "round": self.round,
            "phase": self.phase,
            **self._describe_board(),
            "visible": self.visible(),
            "suspects": self.suspect_ids(),
            "jack": ids[self.jack] if self.jack_known() else None,  # type: ignore[index]
            "witness": "seen" if self.witness else "unseen",
            "cards": [ids[c] for c in range(8) if self.cards >> c & 1],
            "played": [ids[c] for c in self.played],
            "active": ids[self.active] if self.active >= 0 else None,
            **self._describe_activation(),
            "deck": self.deck_size(),
            "investigator_cards": [card(c) for c in self.icards],
            "jack_cards": [card(c) for c in self.jcards],
        }

    def _describe_board(self) -> dict:
        raise NotImplementedError

    def _describe_activation(self) -> dict:
        return {}

    # -------------------------------------------------------------- text form
    def __str__(self) -> str:
        ids = self.CARDS.ids

        def cards(cs: list[int]) -> str:
            return ",".join("?" if c == HIDDEN else ids[c] for c in cs) or "-"

        def mask_ids(mask: int) -> str:
            return ",".join(ids[c] for c in range(8) if mask >> c & 1) or "-"

        done = "".join(f for bit, f in self.DONE_FLAGS if self.done & bit)
        jack = "-" if self.jack is None else ("?" if self.jack == HIDDEN else ids[self.jack])
        rng = "-" if self.rng is None else f"{self.rng:016x}"
        return (
            f"{self.game} view={self.view} {self._board_text()} "
            f"suspects={mask_ids(self.suspects)} witness={'seen' if self.witness else 'unseen'} "
            f"cards={mask_ids(self.cards)} played={cards(self.played)} "
            f"active={ids[self.active] if self.active >= 0 else '-'} done={done or '-'}{self._activation_text()} "
            f"icards={cards(self.icards)} jcards={cards(self.jcards)} jack={jack} rng={rng} ply={self.ply} "
            f"outcome={'-' if self.outcome is None else self.outcome}")

    def _board_text(self) -> str:
        """The text form's fields from ``round`` to the board's last."""
        raise NotImplementedError

    def _activation_text(self) -> str:
        """The game's own activation fields after ``done`` (with a leading space)."""
        return ""

    @classmethod
    def parse(cls, text: str) -> Any:
        """Read a state's text form; the inverse of ``str()``.

        :raises ParseError: on any text that is not a consistent state of this game.
        """
        try:
            return cls._parse(text)
        except ParseError:
            raise
        except (ValueError, KeyError, IndexError, TypeError, StopIteration) as exc:
            raise ParseError(f"{cls.game}: bad state text ({exc}): {text!r}") from None

    @classmethod
    def _parse(cls, text: str) -> Any:
        g = cls.game
        if not isinstance(text, str):
            raise ParseError(f"{g}: a state is text")
        parts = text.split(" ")
        if len(parts) != len(cls.FIELDS) + 1 or parts[0] != g:
            raise ParseError(f"{g}: expected '{g}' and {len(cls.FIELDS)} fields: {text!r}")
        kv = {}
        for name, part in zip(cls.FIELDS, parts[1:], strict=True):
            key, sep, value = part.partition("=")
            if key != name or not sep:
                raise ParseError(f"{g}: expected field {name!r}, got {part!r}")
            kv[name] = value
        s = cls()
        if kv["view"] not in VIEWS or kv["phase"] not in cls.PHASES:
            raise ValueError("view or phase")
        s.view, s.phase = kv["view"], kv["phase"]
        s.round = int_field(kv["round"], 1, cls.rounds)
        s._parse_board(kv)
        index = cls.CARDS.index
        s.suspects = mask_of(cards_field(kv["suspects"], index))
        s.witness = {"seen": True, "unseen": False}[kv["witness"]]
        s.cards = mask_of(cards_field(kv["cards"], index))
        s.played = cards_field(kv["played"], index)
        s.active = -1 if kv["active"] == "-" else index[kv["active"]]
        done, flags = kv["done"], {f: bit for bit, f in cls.DONE_FLAGS}
        s.done = 0 if done == "-" else sum(flags[f] for f in done)
        s.icards = cards_field(kv["icards"], index, allow_hidden=True)
        s.jcards = cards_field(kv["jcards"], index, allow_hidden=True)
        jack = kv["jack"]
        s.jack = None if jack == "-" else s._card(jack)
        s.rng = rng_field(kv["rng"])
        s.ply = int_field(kv["ply"], 0, 10**9)
        s.outcome = None if kv["outcome"] == "-" else Outcome.parse(kv["outcome"])
        s._validate()
        if str(s) != text:
            raise ParseError(f"{g}: state text is not canonical: {text!r}")
        return s

    def _parse_board(self, kv: dict[str, str]) -> None:
        """Read the game's own fields of the text form (``kv``: field -> text)."""
        raise NotImplementedError

    # ----------------------------------------------------------------- checks
    def _validate(self) -> None:
        """Refuse texts whose fields contradict each other, so play cannot crash later."""
        s = self
        ph, over = s.phase, s.phase == OVER
        term = None if s.outcome is None else s.outcome.termination
        check_outcome(s, self.INVESTIGATOR_WINS)
        self._check_board(term)
        check_round(s, self.rounds, self.ACTIVATION)
        a, done = s.active, s.done
        if ph in self.ACTIVATION or (over and term is not Termination.TIME_UP and s.played and a >= 0):
            if not s.played or a != s.played[-1]:
                raise ValueError("the active character is the last card taken")
        elif a >= 0 or done:
            raise ValueError("no activation in this phase")
        if over and term in (Termination.ESCAPE, *ARRESTS) and a < 0:
            raise ValueError("an arrest or escape ends an activation")
        self._check_activation(a, done)
        if ph == VERDICT and (s.actor() is not Side.INVESTIGATOR or not done & MOVED):
            raise ValueError("the investigator accuses by moving")
        if term is Termination.ESCAPE and (s.actor() is not Side.JACK or s.round == 1 or s.witness):
            raise ValueError(self.ESCAPE_RULE)
        check_secrets(s)
        self._check_draws(term)
        if not over and not s.legal_actions():
            raise ValueError("a state that is not over must offer an action")

    def _check_arrest(self, on: list[int], term: Termination | None) -> None:
        """Characters on the board (cells ``on``) share a cell only in an arrest."""
        arrest = self.phase == VERDICT or term in ARRESTS
        if len(set(on)) != len(on):
            if len(set(on)) != len(on) - 1 or self.active < 0 or self.pos.count(self.pos[self.active]) != 2 \
                    or not arrest:
                raise ValueError("characters share a cell only in an arrest")
        elif arrest:
            raise ValueError("an arrest puts the accuser on the accused")

    def _check_board(self, term: Termination | None) -> None:
        """The board's tokens and the characters on it."""
        raise NotImplementedError

    def _check_activation(self, a: int, done: int) -> None:
        """The game's own steps of the activation."""

    def _check_draws(self, term: Termination | None) -> None:
        """The game's alibi draws and who escaped."""


# ------------------------------------------------------------- text form


def list_field(text: str) -> list[str]:
    """``"-"`` is the empty list; otherwise comma-separated items."""
    return [] if text == "-" else text.split(",")


def cards_field(text: str, index: dict[str, int], allow_hidden: bool = False) -> list[int]:
    return [HIDDEN if allow_hidden and x == "?" else index[x] for x in list_field(text)]


def int_field(text: str, lo: int, hi: int) -> int:
    """A canonical decimal in ``lo..hi``; :raises ValueError: otherwise."""
    if not text.isdigit() or (len(text) > 1 and text[0] == "0"):
        raise ValueError(f"not a number: {text!r}")
    v = int(text)
    if not lo <= v <= hi:
        raise ValueError(f"{v} not in {lo}..{hi}")
    return v


def rng_field(text: str) -> int | None:
    if text == "-":
        return None
    if len(text) != 16 or text != text.lower():
        raise ValueError("rng")
    return int(text, 16)


def check_outcome(s, investigator_wins: frozenset[Termination]) -> None:
    """An outcome exactly when the game is over, with the right winner."""
    if (s.phase == OVER) != (s.outcome is not None):
        raise ValueError("an outcome exactly when the game is over")
    if s.outcome is not None and s.outcome.winner is not (
            Side.INVESTIGATOR if s.outcome.termination in investigator_wins else Side.JACK):
        raise ValueError("that ending has the other winner")


def check_round(s, rounds: int, activation: tuple[str, ...]) -> None:
    """This round's cards, the witness card and the phases of the card game."""
    ph = s.phase
    term = None if s.outcome is None else s.outcome.termination
    if not s.suspects:
        raise ValueError("no suspect left")
    if s.round == 1 and not s.witness:
        raise ValueError("the witness card shows seen in round 1")
    played = mask_of(s.played)
    if len(set(s.played)) != len(s.played) or s.cards & played or popcount(s.cards) + len(s.played) > 4:
        raise ValueError("this round's cards")
    if ph in (IDENTITY, DEAL) and (s.cards or s.played or s.round % 2 == 0):
        raise ValueError("cards are dealt at the start of odd rounds")
    if ph == IDENTITY and (s.round != 1 or s.ply or s.suspects != ALL_EIGHT or s.icards or s.jcards):
        raise ValueError("the identity comes first")
    if ph in (PICK, *activation, WITNESS) and popcount(s.cards) + len(s.played) != 4:
        raise ValueError("four cards a round")
    if ph == PICK and len(s.played) == 4:
        raise ValueError("all four cards are taken")
    if ph == WITNESS and (len(s.played) != 4 or s.round == rounds):
        raise ValueError("the witness call follows the fourth card, rounds 1-7")
    if term is Termination.TIME_UP and (s.round != rounds or len(s.played) != 4):
        raise ValueError("time is up after the last round")


def check_secrets(s) -> None:
    """Jack's identity and the alibi cards: each card in one place, each view
    holding only its own secrets, a possible Jack left, a true verdict."""
    over = s.phase == OVER
    term = None if s.outcome is None else s.outcome.termination
    known = [c for c in (*s.icards, *s.jcards) if c != HIDDEN]
    if s.jack_known():
        known.append(s.jack)
    if len(set(known)) != len(known):
        raise ValueError("a card is in two places")
    if (s.phase == IDENTITY) != (s.jack is None):
        raise ValueError("Jack is dealt exactly when the identity step is past")
    if s.deck_size() < (1 if s.phase == DRAW else 0):
        raise ValueError("too many alibi cards drawn")
    if s.view == "full" and (s.jack == HIDDEN or HIDDEN in s.icards or HIDDEN in s.jcards):
        raise ValueError("a full view knows every card")
    if not over and s.view == "investigator" and (s.jack_known() or any(c != HIDDEN for c in s.jcards)):
        raise ValueError("the investigator's view cannot hold Jack's secrets")
    if not over and s.view == "jack" and any(c != HIDDEN for c in s.icards):
        raise ValueError("Jack's view cannot hold the investigator's cards")
    if s.jack_known() and not s.suspects >> s.jack & 1:
        raise ValueError("Jack is always a suspect")
    if not s.candidates():
        raise ValueError("no suspect left who may be Jack")
    if term in (Termination.ARREST_RIGHT, Termination.ARREST_WRONG) and s.jack_known() and (
            (s.accused() == s.jack) != (term is Termination.ARREST_RIGHT)):
        raise ValueError("the verdict is the truth")
