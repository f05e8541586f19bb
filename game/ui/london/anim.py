"""London moves as animations: pawns walk their paths, lamps are carried and go out, tokens slide.

:func:`~game.ui.london.paths.walk_path` (shared with the view's preview) finds the cells a
move passes through.

:func:`build` moves a :class:`~game.ui.london.view.LondonModel` from the
viewer's observation before an action to the one after it; the card
game's steps come from :func:`game.ui.hex.anim.card_builder`.
"""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.london.actions import split_pair
from ...engine.london.board import ADJ, EXITS, INDEX, OFF_BOARD
from ...engine.london.state import HIDDEN, LondonState
from .. import theme
from ..hex.anim import Sound, Timing, banner, card_builder, deal, slide, swap, walk, witness
from ..i18n import _
from ..tween import Call, Par, Seq, Step, Tween, Wait, ease_in_out, linear
from . import texts
from .paths import walk_path
from .view import LondonModel, TokenVis, position_xy

IDS = texts.IDS


# ====================================================================== paths
def _link(a: int, b: int) -> str:
    """A step to the next cell or an exit; anything else goes down a manhole."""
    if a >= OFF_BOARD or b >= OFF_BOARD or ADJ[a] >> b & 1:
        return "step"
    return "sink"


def _walk(model: LondonModel, char: int, path: list[int], snd: Sound) -> Step:
    return walk(model, char, path, snd, position_xy, _link)


def _token_at(tokens: list[TokenVis], cell: int | tuple[int, int]) -> TokenVis | None:
    xy = cell if isinstance(cell, tuple) else position_xy(cell)
    for t in tokens:
        if round(t.col) == xy[0] and round(t.row) == xy[1]:
            return t
    return None


# ==================================================================== build
def _body(model: LondonModel, before: LondonState, action: Action, after: LondonState, snd: Sound) -> Step:
    """London's powers, the escape and the witness call."""
    kind, args = action.kind, action.args
    act = before.active
    if kind == "escape":
        e = EXITS.index(str(args[0]))
        step = _walk(model, act, walk_path(before, act, OFF_BOARD + e), snd)
        pawn = model.pawns[act]
        return Seq(step, Tween(pawn, "alpha", 1.0, 0.0, 0.4, linear))
    if kind == "lantern":
        new = float(after.lantern)
        old = model.lantern % 6
        delta = (new - old + 3) % 6 - 3
        if delta == -3:
            delta = 3

        def done() -> None:
            model.lantern = new
        return Seq(Call(lambda: snd("turn")), Tween(model, "lantern", old, old + delta,
                                                      Timing.beam * (0.6 + 0.25 * abs(delta)), ease_in_out),
                   Call(done))
    if kind == "lamp":
        x, y = (INDEX[n] for n in split_pair(str(args[0])))
        tok = _token_at(model.lamps, x)
        if tok is None:
            return Wait(0.1)
        return slide(tok, position_xy(y), snd)
    if kind == "cover":
        x, y = (INDEX[n] for n in split_pair(str(args[0])))
        tok = _token_at(model.covers, x)
        if tok is None:
            return Wait(0.1)
        return slide(tok, position_xy(y), snd)
    if kind == "cordon":
        a, b = (EXITS.index(n) for n in split_pair(str(args[0])))
        tok = _token_at(model.cordons, OFF_BOARD + a)
        if tok is None:
            return Wait(0.1)
        return slide(tok, position_xy(OFF_BOARD + b), snd)
    if kind == "whistle":
        x = IDS.index(str(args[0]))
        ring = Seq(Call(lambda: snd("witness")), Tween(model, "whistle_t", 0.0, 1.0, Timing.whistle, linear),
                   Call(lambda: setattr(model, "whistle_t", 0.0)))
        return Seq(ring, _walk(model, x, walk_path(before, x, INDEX[str(args[1])]), snd))
    if kind == "swap":
        x = IDS.index(str(args[0]))
        return swap(model, 6, x, snd)
    if kind == "draw":
        drawer = before.actor().value
        cards = after.icards if drawer == "investigator" else after.jcards
        card = cards[-1]
        hand = model.icards if drawer == "investigator" else model.jcards
        slot = (drawer, len(hand))

        def land_card() -> None:
            hand.append(card)
        return deal(model, card, ("alibideck", 0), slot, card != HIDDEN, land_card, snd)
    if kind == "witness":
        seen = args[0] == "seen"
        return witness(model, before, after, seen, snd, texts.witness_claim(seen), _lamp_out(model, before))
    return Wait(0.1)



def _lamp_out(model: LondonModel, before: LondonState) -> Step | None:
    """The numbered gas lamp of the round that ends goes out."""
    if before.round > 4:
        return None
    gone = before.lamps[before.round - 1]
    tok = _token_at(model.lamps, gone) if gone >= 0 else None
    if tok is None:
        return None

    def out() -> None:
        if tok in model.lamps:
            model.lamps.remove(tok)
    return Par(banner(model, _("Gas lamp {n} goes out").format(n=before.round), theme.GASLIGHT, 0.3),
               Seq(Wait(0.2), Tween(tok, "lit", 1.0, 0.0, Timing.dim, ease_in_out), Call(out)))


#: the animation of an action (see :func:`game.ui.hex.anim.card_builder`)
build = card_builder(texts, INDEX, walk_path, _walk, _body)
