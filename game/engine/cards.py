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

from itertools import combinations

from .actions import Action, Vocabulary
from .core import Outcome, Side, Termination, ToMove
from .hexgrid import mask_of, popcount
from .state import GameState

#: Who takes each of the four cards: odd rounds (key 1), then even rounds (key 0).
ORDER = {1: (Side.INVESTIGATOR, Side.JACK, Side.JACK, Side.INVESTIGATOR),
         0: (Side.JACK, Side.INVESTIGATOR, Side.INVESTIGATOR, Side.JACK)}
HIDDEN = -1  # a card or identity this view does not know
ALL_EIGHT = (1 << 8) - 1
VIEWS = ("full", "jack", "investigator")
#: Phases every card game has, by their names in the text form.
IDENTITY, DEAL, PICK, DRAW, VERDICT, WITNESS, OVER = (
    "identity", "deal", "pick", "draw", "verdict", "witness", "over")
#: Flags of the activation in progress: the move is behind it, the power is.
MOVED, POWERED = 1, 2


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
    """Mixin: the card game's queries, chance steps and views.

    The state holds ``view``, ``round``, ``phase``, ``cards`` (mask of this
    round's cards not yet taken), ``played``, ``active``, ``suspects``
    (mask), ``witness``, ``icards``, ``jcards`` (secret alibi draws, ``HIDDEN``
    where its view may not know them), ``jack`` (``None`` before the deal,
    ``HIDDEN`` in the investigator's view), ``rng``, ``pos`` (a list by
    character), ``outcome`` and ``_legal``; it defines ``visible_mask()`` and
    ``clone()``.  ``CARDS`` is the rule set's :class:`CardActions`.

    An activation is a move and a power, each marked done (``MOVED``,
    ``POWERED``) once made or passed.  The rule set answers three questions
    about it: :meth:`_destinations` (where the active character's own move
    may end), :meth:`_power_options` (the power's choices now) and
    :meth:`occupied`; :meth:`_pass_impossible` then decides, the same way in
    both games, which steps cannot be taken at all.
    """

    __slots__ = ()
    CHANCE_KINDS = frozenset(("identity", "deal", "draw"))
    CARDS: CardActions
    #: Characters whose power is used "before or after" the move (their cards' timing).
    BEFORE_OR_AFTER: frozenset[int]
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

    def actor(self) -> Side:
        """Who takes the next card (phase ``pick``) or plays the current one."""
        n = len(self.played)
        return ORDER[self.round & 1][n if self.phase == PICK else n - 1]

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

    def _destinations(self, a: int) -> int:
        """Cells (mask) the own move of character ``a`` may end on, occupied ones included."""
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
