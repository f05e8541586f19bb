"""New York moves as animations: walks with subway hops and ferry crossings, tokens built and turned
into parks, zones and ships moved, Eastman's push, Tumblety's swap, the informant speaking and moving.

:func:`~game.ui.newyork.paths.walk_path` (shared with the view's preview) finds the cells a
move passes through.

:func:`build` moves a :class:`~game.ui.newyork.view.NewYorkModel` from the
viewer's observation before an action to the one after it (the card game's
steps come from :func:`game.ui.hex.anim.card_builder`).
"""

from __future__ import annotations

import math

from ...engine.actions import Action
from ...engine.newyork.board import ADJ, EXITS, INDEX, LIBERTY
from ...engine.newyork.state import HIDDEN, NewYorkState
from .. import theme
from ..hex.anim import Sound, Timing, banner, card_builder, deal, slide, swap, walk, witness
from ..i18n import _
from ..tween import Call, Func, Par, Seq, Step, Tween, Wait, ease_in_out, ease_out, linear
from . import texts
from .paths import walk_path
from .view import CELL_XY, EAST, NewYorkModel, TokenVis, ferry_route, position_xy

IDS = texts.IDS
RUNNER, EASTMAN, TUMBLETY = IDS.index("runner"), IDS.index("eastman"), IDS.index("tumblety")
STOCK = {"building": 0, "subway": 1, "lamp": 2}


# ====================================================================== paths
def link(a: int, b: int) -> str:
    """How one step of a walk is taken: by ferry, on foot, or by subway."""
    if a == LIBERTY or b == LIBERTY:
        return "sail"
    return "step" if ADJ[a] >> b & 1 else "sink"


def _walk(model: NewYorkModel, char: int, path: list[int], snd: Sound) -> Step:
    return walk(model, char, path, snd, position_xy, link, route=ferry_route)


# ==================================================================== build
def _body(model: NewYorkModel, before: NewYorkState, action: Action, after: NewYorkState, snd: Sound) -> Step:
    """New York's powers, the escape, the informant and the witness call."""
    kind, args = action.kind, action.args
    act = before.active
    if kind == "escape":
        return _escape(model, before, act, INDEX[str(args[0])], snd)
    if kind in ("subway", "building", "lamp"):
        return _build(model, kind, INDEX[str(args[0])], snd)
    if kind == "park":
        return _park(model, INDEX[str(args[0])], snd)
    if kind == "zone":
        old, new = (tuple(INDEX[n] for n in p.split("+")) for p in str(args[0]).split(">"))
        return _zone(model, old, new, snd)  # type: ignore[arg-type]
    if kind == "ship":
        p, q = (INDEX[n] for n in str(args[0]).split(">"))
        ship = next((s for s in model.ships if (round(s.col), round(s.row)) == CELL_XY[p]), None)
        if ship is None:
            return Wait(0.1)
        return slide(ship, CELL_XY[q], snd)
    if kind == "move":
        x, goal = IDS.index(str(args[0])), INDEX[str(args[1])]
        order = Seq(Call(lambda: (snd("witness"), setattr(model, "targets", (x,)))),
                    Tween(model, "push_t", 0.0, 1.0, Timing.whistle, linear),
                    Call(lambda: (setattr(model, "push_t", 0.0), setattr(model, "targets", ()))))
        if EXITS >> goal & 1:
            return Seq(order, _escape(model, before, x, goal, snd, pushed=True))
        return Seq(order, _walk(model, x, walk_path(before, x, goal, pushed=True), snd))
    if kind == "swap":
        x, y = (IDS.index(str(v)) for v in args)
        spell = Seq(Call(lambda: (snd("witness"), setattr(model, "targets", (x, y)))),
                    Tween(model, "hypnosis_t", 0.0, 1.0, Timing.whistle, linear),
                    Call(lambda: (setattr(model, "hypnosis_t", 0.0), setattr(model, "targets", ()))))
        return Seq(spell, swap(model, x, y, snd))
    if kind == "draw":
        return _informant_speaks(model, before, after, snd)
    if kind == "informant":
        inf = model.informant
        return slide(inf, CELL_XY[INDEX[str(args[0])]], snd)
    if kind == "witness":
        seen = args[0] == "seen"
        return witness(model, before, after, seen, snd, texts.witness_claim(seen),
                       _informant_wakes(model, snd) if not before.talk and after.phase != "over" else None)
    return Wait(0.1)


def _escape(model: NewYorkModel, before: NewYorkState, char: int, goal: int, snd: Sound,
            pushed: bool = False) -> Step:
    """Walk to the exit, then away: along the East passage road, or aboard the ship, which sails."""
    pawn = model.pawns[char]
    seq = Seq(_walk(model, char, walk_path(before, char, goal, pushed=pushed), snd))
    if goal == EAST:
        col, row = CELL_XY[goal]

        def away(t: float) -> None:
            pawn.col = col + 1.2 * t
            pawn.alpha = 1 - t
        seq.add(Func(away, 0.6, ease_in_out))
        return seq
    ship = next((s for s in model.ships if (round(s.col), round(s.row)) == CELL_XY[goal]), None)
    seq.add(Tween(pawn, "alpha", 1.0, 0.0, 0.35, linear))
    if ship is not None:
        c0, r0 = ship.col, ship.row
        out = -1.0 if r0 < 8 else 1.0  # out to sea: up the Hudson or down the East River

        def sail(t: float) -> None:
            ship.row = r0 + out * 2.2 * t
            ship.col = c0 + 0.6 * t
            ship.lift = 0.3 * math.sin(math.pi * t)
            ship.alpha = 1 - t
        seq.add(Call(lambda: snd("slide")))
        seq.add(Func(sail, Timing.sail, ease_in_out))
    return seq


def _build(model: NewYorkModel, kind: str, cell: int, snd: Sound) -> Step:
    """A token is put down on ``cell``: it drops in from above."""
    tok = TokenVis(kind, *CELL_XY[cell], lift=1.0, alpha=0.0, scale=1.5)

    def start() -> None:
        model.tokens.append(tok)
        model.stock[STOCK[kind]] = max(0, model.stock[STOCK[kind]] - 1)
        snd("deal")

    def drop(t: float) -> None:
        tok.alpha = min(1.0, t * 2)
        tok.scale = 1.5 - 0.5 * t
        tok.lift = 1 - t

    def land() -> None:
        tok.alpha, tok.scale, tok.lift = 1.0, 1.0, 0.0
        snd("step")
    return Seq(Call(start), Func(drop, Timing.slide, ease_out), Call(land), Wait(0.15))


def _park(model: NewYorkModel, cell: int, snd: Sound) -> Step:
    """A token turns over: its park side comes up."""
    tok = model.token_at(cell)
    if tok is None:
        return Wait(0.1)

    def done() -> None:
        tok.kind = "park"
        tok.turn = 0.0
    return Seq(Call(lambda: snd("flip")), Tween(tok, "lift", 0.0, 1.0, Timing.lift, ease_out),
               Tween(tok, "turn", 0.0, 0.999, Timing.flip, ease_in_out), Call(done),
               Tween(tok, "lift", 1.0, 0.0, Timing.lift, ease_in_out))


def _zone(model: NewYorkModel, old: tuple[int, int], new: tuple[int, int], snd: Sound) -> Step:
    """An investigation zone is picked up and put down on its new place (turning half way if it must)."""
    pa = tuple(sorted((CELL_XY[old[0]], CELL_XY[old[1]])))
    zone = next((z for z in model.zones if tuple(sorted((z.a, z.b))) == pa), None)
    if zone is None:
        return Wait(0.1)
    a0, a1 = CELL_XY[old[0]], CELL_XY[old[1]]
    b0, b1 = CELL_XY[new[0]], CELL_XY[new[1]]
    m0 = ((a0[0] + a1[0]) / 2, (a0[1] + a1[1]) / 2)
    m1 = ((b0[0] + b1[0]) / 2, (b0[1] + b1[1]) / 2)
    d0 = ((a1[0] - a0[0]) / 2, (a1[1] - a0[1]) / 2)
    d1 = ((b1[0] - b0[0]) / 2, (b1[1] - b0[1]) / 2)

    def move(t: float) -> None:
        mx, my = m0[0] + (m1[0] - m0[0]) * t, m0[1] + (m1[1] - m0[1]) * t
        dx, dy = d0 if t < 0.5 else d1
        zone.a, zone.b = (mx - dx, my - dy), (mx + dx, my + dy)
        zone.lift = math.sin(math.pi * t)

    def land() -> None:
        zone.a, zone.b, zone.lift = b0, b1, 0.0
    return Seq(Call(lambda: snd("slide")), Func(move, Timing.slide * 1.2, ease_in_out), Call(land))


def _informant_speaks(model: NewYorkModel, before: NewYorkState, after: NewYorkState, snd: Sound) -> Step:
    """The talkative informant whispers: an alibi card goes to the player who met him; he falls silent."""
    inf = model.informant
    drawer = before.actor().value
    card = (after.icards if drawer == "investigator" else after.jcards)[-1]
    hand = model.icards if drawer == "investigator" else model.jcards

    def land_card() -> None:
        hand.append(card)
    return Seq(Call(lambda: snd("witness")), Tween(inf, "speak", 0.0, 1.0, 0.3, ease_out),
               deal(model, card, ("alibideck", 0), (drawer, len(hand)), card != HIDDEN, land_card, snd),
               Par(Tween(inf, "speak", 1.0, 0.0, 0.3, linear), _turn_informant(model, snd)))


def _turn_informant(model: NewYorkModel, snd: Sound) -> Step:
    inf = model.informant

    def done() -> None:
        inf.talk = not inf.talk
        inf.turn = 0.0
    return Seq(Call(lambda: snd("flip")), Tween(inf, "turn", 0.0, 0.999, Timing.flip, ease_in_out), Call(done))


def _informant_wakes(model: NewYorkModel, snd: Sound) -> Step:
    """At the start of a round the informant turns talkative again."""
    return Par(banner(model, _("The informant is ready to talk"), theme.BRASS_LIGHT, 0.3),
               Seq(Wait(0.15), _turn_informant(model, snd)))


__all__ = ["build", "link", "walk_path"]


#: the animation of an action (see :func:`game.ui.hex.anim.card_builder`)
build = card_builder(texts, INDEX, walk_path, _walk, _body)
