"""Turning engine actions into animations and plain-word log lines.

:func:`build` takes the viewer's observation before and after one action
and returns a tween tree (see :mod:`game.ui.tween`) that moves a
:class:`~game.ui.pocket.view.BoardModel` from the first picture to the
second: detectives walk clockwise, tiles turn, flip and slide, tokens are
thrown and flipped, cards are dealt, the witness call draws the lines of
sight, and the round token travels to its winner.  When the tree ends the
caller snaps the model to the "after" observation, so a skipped or cut
animation can never leave a wrong picture.

:func:`describe` gives the log lines for the same step.  Both see only the
viewer's observations: what the investigator's screen shows can never
carry Jack's identity or hidden cards.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ...engine.actions import Action
from ...engine.pocket.board import sight
from ...engine.pocket.data import DATA
from ...engine.pocket.state import CROSSROADS, DETECTIVES, HIDDEN, OVER, TOKENS, PocketState
from .. import texts, theme
from ..i18n import _
from ..tween import (
    Call,
    Func,
    Par,
    Seq,
    Step,
    Tween,
    Wait,
    ease_in_out,
    ease_out,
    ease_out_bounce,
    linear,
    stagger,
)
from .view import BoardModel, FlyingCard, TokenVis

HOURGLASSES = tuple(c.hourglasses for c in DATA.characters)
Sound = Callable[[str], object]


def actor_of(before: PocketState, action: Action) -> str | None:
    """The side that took ``action`` ("jack"/"investigator"), ``None`` for chance."""
    side = before.to_move().side
    if action.kind in ("identity", "throw", "draw"):
        return None
    return None if side is None else side.value


def used_token(before: PocketState, after: PocketState) -> int | None:
    """The token that ``before -> after`` turned to its played side, if any.

    Tokens are played only within a round (the witness call, which ends it,
    plays none), so comparing the two ``used`` lists is enough.
    """
    if before.faces is None or after.faces is None or before.round != after.round:
        return None
    for t in range(4):
        if not before.used[t] and after.used[t]:
            return t
    return None


def faces_text(obs: PocketState) -> str:
    if obs.faces is None:
        return ""
    return ", ".join(texts.face_name(TOKENS[t][obs.faces[t]]) for t in range(4))


# ====================================================================== words


def describe(before: PocketState, action: Action, after: PocketState) -> list[str]:
    """Plain-word log lines for ``action``, as the viewer of these observations sees it."""
    kind, args = action.kind, action.args
    who = actor_of(before, action)
    side = texts.side_name(who) if who else ""
    out: list[str] = []
    if kind == "identity":
        if after.jack is not None and after.jack != HIDDEN and after.view != "investigator":
            out.append(_("Jack draws his identity card: you are {name}. Keep it secret!").format(
                name=texts.character_name(after.jack)))
        else:
            out.append(_("Jack draws his identity card in secret."))
    elif kind == "throw":
        out.append(_("Round {n}: the investigator throws the action tokens: {faces}.").format(
            n=after.round, faces=faces_text(after)))
    elif kind in DETECTIVES:
        out.append(_("{side} moved {detective} {steps}.").format(
            side=side, detective=texts.detective_name(kind), steps=texts.steps_text(int(args[0]))))
    elif kind == "joker":
        if args[0] == "none":
            out.append(_("{side} played the joker and left the detectives where they are.").format(side=side))
        else:
            out.append(_("{side} played the joker: {detective} moves 1 step.").format(
                side=side, detective=texts.detective_name(str(args[0]))))
    elif kind == "rotate":
        cell = int(args[0])
        ch = before.chars[cell]
        out.append(_("{side} turned {name}'s tile: the wall now faces {direction}.").format(
            side=side, name=texts.short_name(ch), direction=texts.direction_name(str(args[1]))))
    elif kind == "exchange":
        a, b = int(args[0]), int(args[1])
        out.append(_("{side} swapped the tiles of {a} and {b}.").format(
            side=side, a=texts.short_name(before.chars[a]), b=texts.short_name(before.chars[b])))
    elif kind == "alibi":
        out.append(_("{side} played the alibi token.").format(side=side))
        if after.phase != "draw":
            out.append(_("The alibi deck is empty: no card is drawn."))
    elif kind == "draw":
        drawer = before.drawer().value
        if drawer == "investigator":
            card = after.icards[-1]
            if before.suspect[card]:
                out.append(_("The investigator draws {name}'s alibi: {name} is innocent.").format(
                    name=texts.short_name(card)))
            else:
                out.append(_("The investigator draws {name}'s alibi ({name} was already cleared).").format(
                    name=texts.short_name(card)))
        else:
            card = after.jcards[-1]
            if card == HIDDEN:
                out.append(_("Jack draws an alibi card in secret."))
            else:
                out.append(_("Jack draws {name}'s alibi in secret: {hourglasses}.").format(
                    name=texts.short_name(card), hourglasses=texts.hourglass_count(HOURGLASSES[card])))
    elif kind == "witness":
        seen = args[0] == "seen"
        cleared = [c for c in range(9) if before.suspect[c] and not after.suspect[c]]
        if cleared:
            out.append(_("{claim} {names} cleared.").format(claim=texts.witness_claim(seen),
                                                              names=texts.names_list(cleared)) if len(cleared) > 1
                       else _("{claim} {name} is cleared.").format(claim=texts.witness_claim(seen),
                                                                   name=texts.short_name(cleared[0])))
        else:
            out.append(_("{claim} Nobody new is cleared.").format(claim=texts.witness_claim(seen)))
        if seen:
            out.append(_("The investigator takes the token of round {n}.").format(n=before.round))
        else:
            out.append(_("Jack takes the token of round {n}: one hourglass.").format(n=before.round))
        out += _round_end_lines(before, after)
    elif kind == "claim":
        if args[0] == "yes":
            out.append(_("Jack shows his cards: he has six hourglasses."))
        else:
            out.append(_("Jack: fewer than six hourglasses."))
        out += _round_end_lines(before, after)
    return out


def _round_end_lines(before: PocketState, after: PocketState) -> list[str]:
    out = []
    if after.phase == OVER and after.outcome is not None:
        out.append(texts.termination_text(after.outcome.termination))
        if after.jack is not None and after.jack != HIDDEN:
            out.append(_("Jack was {name}.").format(name=texts.character_name(after.jack)))
    elif after.chase and not before.chase:
        out.append(_("One suspect is left, but Jack has his hourglasses: the chase is on!"))
    if after.round > before.round and after.phase != OVER and after.round % 2 == 0:
        out.append(_("Round {n}: Jack flips the action tokens: {faces}.").format(
            n=after.round, faces=faces_text(after)))
    return out


# ================================================================== animation


class Timing:
    """Base durations in seconds (divided by the animation speed setting)."""

    lift = 0.22
    step = 0.30
    turn = 0.55
    slide = 0.70
    flip = 0.50
    deal = 0.55
    throw = 0.65
    beam = 0.80
    hold = 0.75
    banner = 0.30
    travel = 0.75


def _banner(model: BoardModel, msg: str, colour: theme.Color, hold: float) -> Step:
    return Seq(
        Call(lambda: _set_banner(model, msg, colour)),
        Tween(model, "banner_alpha", 0.0, 1.0, Timing.banner, ease_out),
        Wait(hold),
        Tween(model, "banner_alpha", 1.0, 0.0, Timing.banner, linear),
    )


def _set_banner(model: BoardModel, msg: str, colour: theme.Color) -> None:
    model.banner, model.banner_colour = msg, colour


def _token_play(model: BoardModel, t: int | None, body: Step, sound: Sound) -> Step:
    """Lift the played token, run ``body``, then lay the token down as played."""
    if t is None or model.tokens is None:
        return body
    tok = model.tokens[t]
    return Seq(
        Call(lambda: sound("click")),
        Tween(tok, "lift", 0.0, 1.0, Timing.lift, ease_out),
        body,
        Par(Tween(tok, "lift", 1.0, 0.0, Timing.lift, ease_in_out),
            Tween(tok, "used", 0.0, 1.0, Timing.lift, linear)),
    )


def _walk(model: BoardModel, d: int, steps: int, sound: Sound) -> Step:
    start = model.detectives[d]
    seq = Seq()
    for i in range(steps):
        seq.add(Call(lambda: sound("step")))
        seq.add(Tween(model.detectives, d, start + i, start + i + 1, Timing.step, ease_in_out))
    seq.add(Call(lambda: model.detectives.__setitem__(d, float(round(start + steps) % 12))))
    return seq


def _flip_tile(model: BoardModel, cell: int, sound: Sound) -> Step:
    tv = model.tiles[cell]

    def done() -> None:
        tv.suspect = not tv.suspect
        tv.flip = 0.0
        tv.cross = tv.char in CROSSROADS and not tv.suspect
    return Seq(Call(lambda: sound("flip")), Tween(tv, "flip", 0.0, 0.999, Timing.flip, ease_in_out), Call(done))


def _deal(model: BoardModel, card: int, dst: tuple[str, int], face_up: bool, land: Callable[[], None],
          sound: Sound) -> Step:
    fc = FlyingCard(card=card, src=("deck", 0), dst=dst, face_up=face_up)

    def start() -> None:
        model.flying.append(fc)
        model.deck = max(0, model.deck - 1)
        sound("deal")

    def finish() -> None:
        if fc in model.flying:
            model.flying.remove(fc)
        land()
    steps = Seq(Call(start), Tween(fc, "t", 0.0, 1.0, Timing.deal, ease_in_out))
    if face_up:
        steps.add(Tween(fc, "turn", 0.0, 1.0, Timing.flip * 0.7, ease_in_out))
    steps.add(Call(finish))
    return steps


def build(model: BoardModel, before: PocketState, action: Action, after: PocketState,
          sound: Sound | None = None) -> Step:
    """The animation of ``action`` on ``model`` (which shows ``before``).

    ``before`` and ``after`` are the viewer's observations.  The tree only
    mutates ``model``; the caller snaps it to ``after`` when it ends.
    """
    snd: Sound = sound or (lambda name: None)
    kind, args = action.kind, action.args
    t = used_token(before, after)
    if kind == "identity":
        known = after.jack is not None and after.jack != HIDDEN

        def land() -> None:
            model.jack = after.jack
        body: Step = _deal(model, after.jack if known else HIDDEN, ("identity", 0), known, land, snd)
        if known:
            body = Seq(body, _banner(model, _("You are {name}").format(name=texts.character_name(after.jack)),
                                     theme.JACK_RED, 1.0))
        return body
    if kind == "throw":
        return _throw(model, before, after, snd)
    if kind in DETECTIVES:
        return _token_play(model, t, _walk(model, DETECTIVES.index(kind), int(args[0]), snd), snd)
    if kind == "joker":
        if args[0] == "none":
            body = _banner(model, _("The detectives stay where they are"), theme.PARCHMENT, 0.5)
        else:
            body = _walk(model, DETECTIVES.index(str(args[0])), 1, snd)
        return _token_play(model, t, body, snd)
    if kind == "rotate":
        cell = int(args[0])
        tv = model.tiles[cell]
        old = round(tv.wall) % 4
        new = "NESW".index(str(args[1]))
        delta = (new - old) % 4
        if delta == 3:
            delta = -1
        body = Seq(
            Call(lambda: snd("turn")),
            Tween(tv, "lift", 0.0, 1.0, Timing.lift, ease_out),
            Tween(tv, "wall", float(old), float(old + delta), Timing.turn * (1.3 if delta == 2 else 1.0),
                  ease_in_out),
            Tween(tv, "lift", 1.0, 0.0, Timing.lift, ease_in_out),
            Call(lambda: setattr(tv, "wall", float(new))),
            Call(lambda: setattr(model, "rotated", model.rotated | 1 << tv.char)),
        )
        return _token_play(model, t, body, snd)
    if kind == "exchange":
        return _token_play(model, t, _exchange(model, int(args[0]), int(args[1]), snd), snd)
    if kind == "alibi":
        return _token_play(model, t, Wait(0.15), snd)
    if kind == "draw":
        return _draw(model, before, after, snd)
    if kind == "witness":
        return _witness(model, before, after, args[0] == "seen", snd)
    if kind == "claim":
        msg = _("Jack has six hourglasses!") if args[0] == "yes" else _("Jack: fewer than six hourglasses")
        return Seq(_banner(model, msg, theme.JACK_RED, 0.8), _round_transition(model, before, after, snd))
    return Wait(0.1)


def _throw(model: BoardModel, before: PocketState, after: PocketState, snd: Sound) -> Step:
    assert after.faces is not None
    faces = list(after.faces)
    toks = [TokenVis(face=f, fly=0.0, spin=0.0, alpha=0.0) for f in faces]

    def place() -> None:
        model.tokens = toks
        snd("throw")
    throws = [Par(Tween(tok, "fly", 0.0, 1.0, Timing.throw, ease_out_bounce),
                  Tween(tok, "spin", 0.0, 3.0, Timing.throw * 0.8, ease_out),
                  Tween(tok, "alpha", 0.0, 1.0, Timing.throw * 0.3, linear)) for tok in toks]
    seq = Seq()
    if after.round == 1:
        seq.add(_banner(model, _("Round {n}").format(n=1), theme.BRASS_LIGHT, 0.5))
    seq.add(Call(place))
    seq.add(stagger(throws, 0.09))
    seq.add(Call(lambda: [setattr(tok, "spin", 0.0) for tok in toks]))
    return seq


def _exchange(model: BoardModel, a: int, b: int, snd: Sound) -> Step:
    ta, tb = model.tiles[a], model.tiles[b]
    ra, ca = divmod(a, 3)
    rb, cb = divmod(b, 3)
    dr, dc = rb - ra, cb - ca
    dist = math.hypot(dr, dc) or 1.0
    nr, nc = -dc / dist, dr / dist  # perpendicular, so the tiles pass side by side
    bow = 0.3

    def move(p: float) -> None:
        side = math.sin(math.pi * p) * bow
        ta.dr, ta.dc = dr * p + nr * side, dc * p + nc * side
        tb.dr, tb.dc = -dr * p - nr * side, -dc * p - nc * side
        ta.lift = tb.lift = math.sin(math.pi * p)

    def land() -> None:
        for tv in (ta, tb):
            tv.dr = tv.dc = tv.lift = 0.0
        model.tiles[a], model.tiles[b] = tb, ta
    return Seq(Call(lambda: snd("slide")), Func(move, Timing.slide, ease_in_out), Call(land))


def _draw(model: BoardModel, before: PocketState, after: PocketState, snd: Sound) -> Step:
    drawer = before.drawer().value
    seq = Seq()
    if drawer == "investigator":
        card = after.icards[-1]
        slot = ("investigator", len(model.icards))

        def land() -> None:
            model.icards.append(card)
        seq.add(_deal(model, card, slot, True, land, snd))
        if before.suspect[card]:
            seq.add(_flip_tile(model, model.cell_of(card), snd))
    else:
        card = after.jcards[-1]
        slot = ("jack", len(model.jcards))

        def land_j() -> None:
            model.jcards.append(card)
        seq.add(_deal(model, card, slot, card != HIDDEN, land_j, snd))
    return seq


def _witness(model: BoardModel, before: PocketState, after: PocketState, seen: bool, snd: Sound) -> Step:
    walls = [before.wall_of(c) for c in range(9)]
    lines = [(p, sight(walls, p)) for p in before.detectives]
    cleared = [c for c in range(9) if before.suspect[c] and not after.suspect[c]]
    winner = "investigator" if seen else "jack"
    r = before.round - 1

    def show() -> None:
        model.sight = lines
        model.sight_t = 0.0
        model.sight_alpha = 1.0
        snd("witness")

    def travel(p: float) -> None:
        model.track_fly = (r, winner, p)

    def land() -> None:
        model.track_fly = None
        model.track.append(winner)
    colour = theme.INVESTIGATOR_BLUE if seen else theme.JACK_RED
    seq = Seq(
        _banner(model, _("Witness call"), theme.BRASS_LIGHT, 0.35),
        Call(show),
        Tween(model, "sight_t", 0.0, 1.0, Timing.beam, ease_out),
        _banner(model, texts.witness_claim(seen), colour, Timing.hold),
    )
    if cleared:
        seq.add(stagger([_flip_tile(model, model.cell_of(c), snd) for c in cleared], 0.14))
    seq.add(Par(Tween(model, "sight_alpha", 1.0, 0.0, Timing.travel, linear),
                Seq(Func(travel, Timing.travel, ease_in_out), Call(land))))
    seq.add(_round_transition(model, before, after, snd))
    return seq


def _round_transition(model: BoardModel, before: PocketState, after: PocketState, snd: Sound) -> Step:
    if after.phase == "claim":
        return Wait(0.1)
    if after.phase == OVER and after.outcome is not None:
        won = after.outcome.winner.value
        colour = theme.JACK_RED if won == "jack" else theme.INVESTIGATOR_BLUE

        def over() -> None:
            model.outcome = str(after.outcome)
            model.phase = OVER
            model.jack, model.jcards = after.jack, list(after.jcards)  # the secrets are out
            snd("win")
        return Seq(Call(over), _banner(model, texts.winner_title(after.outcome.winner), colour, 1.2))
    if after.round == before.round:
        return Wait(0.05)

    def next_round() -> None:
        model.round, model.phase, model.rotated, model.chase = after.round, after.phase, 0, after.chase
    seq = Seq(Call(next_round))
    if after.chase and not before.chase:
        seq.add(_banner(model, _("The chase is on!"), theme.JACK_RED, 0.8))
    toks = model.tokens
    if after.round % 2 == 0 and toks is not None and after.faces is not None:
        flips = []
        for tok in toks:
            def swap(tok: TokenVis = tok) -> None:
                tok.face = 1 - tok.face
                tok.flip = 0.0
                tok.used = 0.0
            flips.append(Seq(Tween(tok, "flip", 0.0, 0.999, Timing.flip, ease_in_out), Call(swap)))
        seq.add(Par(_banner(model, _("Round {n}").format(n=after.round), theme.BRASS_LIGHT, 0.45),
                    Seq(Wait(0.2), Call(lambda: snd("flip")), stagger(flips, 0.08))))
    else:
        fades = [Tween(tok, "alpha", 1.0, 0.0, 0.35, linear) for tok in (toks or [])]
        seq.add(Par(*fades))
        seq.add(Call(lambda: setattr(model, "tokens", None)))
        seq.add(_banner(model, _("Round {n}").format(n=after.round), theme.BRASS_LIGHT, 0.45))
    return seq


def lead_in(model: BoardModel, before: PocketState, action: Action) -> Step | None:
    """A short pause with the token lit before another player's move, so it can be followed."""
    return Wait(0.25) if action.kind not in ("identity", "throw", "draw", "witness", "claim") else None

