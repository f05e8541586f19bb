"""Animations both hex boards share (London, New York): walks, flips, dealt cards, banners, the witness call.

Each function returns a tween tree (see :mod:`game.ui.tween`) that moves a
game's drawn model (duck-typed: ``pawns`` with ``col``/``row``/``lift``/
``scale``/``alpha``/``flip``/``suspect``, the card fields of the strip and
the hands, ``banner*``, ``sight_alpha``, ``visible``...); a game's own
animation module puts them together per action.  :func:`shortest_path`
finds the cells a move passes through, for drawing only.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from ...engine.cards import HIDDEN
from ...engine.hexgrid import cells_of
from .. import texts as common
from .. import theme
from ..i18n import _
from ..tween import Call, Func, Par, Seq, Step, Tween, Wait, ease_in_out, ease_out, linear, stagger
from .board import FlyingCard

Sound = Callable[[str], object]
OVER = "over"


class Timing:
    """Base durations in seconds (divided by the animation speed setting)."""

    step = 0.26
    sewer = 0.5
    lift = 0.2
    slide = 0.7
    flip = 0.5
    deal = 0.5
    beam = 0.55
    banner = 0.3
    hold = 0.8
    dim = 0.9
    whistle = 0.7
    sail = 1.1



# ====================================================================== paths
def shortest_path(start: int, target: int, nbrs: Callable[[int], int]) -> list[int] | None:
    """The positions from ``start`` to ``target`` (both included) by fewest steps, ``None`` if
    there is no way; ``nbrs(c)`` is the mask of positions one step from ``c``.  Ties go to the
    lower position number, so the picture is the same on every screen."""
    prev = {start: -1}
    queue = deque([start])
    while queue:
        c = queue.popleft()
        if c == target:
            break
        for n in cells_of(nbrs(c)):
            if n not in prev:
                prev[n] = c
                queue.append(n)
    if target not in prev:
        return None
    path = []
    c = target
    while c != -1:
        path.append(c)
        c = prev[c]
    path.reverse()
    return path


def along(line: list[tuple[float, float]], t: float) -> tuple[float, float]:
    """The point a fraction ``t`` of the way along a polyline of (col, row) points (by drawn length)."""
    seg = [math.hypot((b[0] - a[0]) * 1.5, (b[1] - a[1]) * 0.866) for a, b in zip(line, line[1:], strict=False)]
    total = sum(seg)
    if total <= 0:
        return line[-1]
    d = max(0.0, min(1.0, t)) * total
    for (a, b), n in zip(zip(line, line[1:], strict=False), seg, strict=True):
        if d <= n and n > 0:
            k = d / n
            return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
        d -= n
    return line[-1]


# ================================================================== helpers
def banner(model: Any, msg: str, colour: theme.Color, hold: float) -> Step:
    def show() -> None:
        model.banner, model.banner_colour = msg, colour
    return Seq(Call(show), Tween(model, "banner_alpha", 0.0, 1.0, Timing.banner, ease_out), Wait(hold),
               Tween(model, "banner_alpha", 1.0, 0.0, Timing.banner, linear))


def walk(model: Any, char: int, path: list[int], snd: Sound, xy: Callable[[int], tuple[float, float]],
         link: Callable[[int, int], str], final: tuple[float, float] | None = None,
         route: Callable[[int, int], list[tuple[float, float]]] | None = None) -> Step:
    """The pawn goes along ``path`` position by position: ``link(a, b)`` says how each step is
    taken: ``"step"`` (a hop to the next cell), ``"sink"`` (down one hole, up another: a
    manhole, a subway) or ``"sail"`` (a ferry crossing, along ``route(a, b)``'s (col, row)
    points when given); ``xy`` gives a position's (col, row)."""
    pawn = model.pawns[char]
    seq = Seq(Call(lambda: setattr(model, "moving", char)))
    for a, b in zip(path, path[1:], strict=False):
        (ac, ar), (bc, br) = xy(a), xy(b)
        how = link(a, b)
        if how == "sail":
            line = route(a, b) if route is not None else [(ac, ar), (bc, br)]

            def sail(t: float, line: list[tuple[float, float]] = line) -> None:
                pawn.col, pawn.row = along(line, t)
                pawn.lift = 0.35 * abs(math.sin(math.pi * t * 3))
            seq.add(Call(lambda: snd("slide")))
            seq.add(Func(sail, Timing.sail, ease_in_out))
        elif how == "step":
            def hop(t: float, ac: float = ac, ar: float = ar, bc: float = bc, br: float = br) -> None:
                pawn.col, pawn.row = ac + (bc - ac) * t, ar + (br - ar) * t
                pawn.lift = math.sin(math.pi * t)
            seq.add(Call(lambda: snd("step")))
            seq.add(Func(hop, Timing.step, ease_in_out))
        else:  # down one hole, up another
            def sink(t: float) -> None:
                pawn.scale = 1 - 0.7 * t
                pawn.alpha = 1 - t

            def jump(bc: float = bc, br: float = br) -> None:
                pawn.col, pawn.row = bc, br

            def rise(t: float) -> None:
                pawn.scale = 0.3 + 0.7 * t
                pawn.alpha = t
            seq.add(Call(lambda: snd("slide")))
            seq.add(Func(sink, Timing.sewer / 2, ease_in_out))
            seq.add(Call(jump))
            seq.add(Func(rise, Timing.sewer / 2, ease_in_out))
    if final is not None:
        seq.add(Call(lambda: (setattr(pawn, "col", final[0]), setattr(pawn, "row", final[1]))))

    def land() -> None:
        pawn.lift = 0.0
        pawn.scale = 1.0
        model.moving = -1
    seq.add(Call(land))
    return seq


def slide(token: Any, dst: tuple[float, float], snd: Sound) -> Step:
    """A token (``col``, ``row``, ``lift``) lifted and carried to ``dst``."""
    c0, r0 = token.col, token.row

    def move(t: float) -> None:
        token.col = c0 + (dst[0] - c0) * t
        token.row = r0 + (dst[1] - r0) * t
        token.lift = math.sin(math.pi * t)

    def land() -> None:
        token.col, token.row = float(dst[0]), float(dst[1])
        token.lift = 0.0
    return Seq(Call(lambda: snd("slide")), Func(move, Timing.slide, ease_in_out), Call(land))



def flip(model: Any, c: int, snd: Sound) -> Step:
    """Character ``c``'s pawn turns over (suspect to innocent)."""
    pawn = model.pawns[c]

    def done() -> None:
        pawn.suspect = not pawn.suspect
        pawn.flip = 0.0
    return Seq(Call(lambda: snd("flip")), Tween(pawn, "flip", 0.0, 0.999, Timing.flip, ease_in_out), Call(done))


def deal(model: Any, card: int, src: tuple[str, int], dst: tuple[str, int], face_up: bool,
         land: Callable[[], None], snd: Sound, kind: str = "alibi") -> Step:
    """A card flies from slot ``src`` to ``dst`` (turning face up on the way if ``face_up``); ``land`` on arrival."""
    fc = FlyingCard(card=card, src=src, dst=dst, kind=kind, face_up=face_up)

    def start() -> None:
        model.flying.append(fc)
        if src[0] == "alibideck":
            model.deck = max(0, model.deck - 1)
        snd("deal")

    def finish() -> None:
        if fc in model.flying:
            model.flying.remove(fc)
        land()
    steps = Seq(Call(start), Tween(fc, "t", 0.0, 1.0, Timing.deal, ease_in_out))
    if face_up:
        steps.add(Tween(fc, "turn", 0.0, 1.0, Timing.flip * 0.6, ease_in_out))
    steps.add(Call(finish))
    return steps



def swap(model: Any, a: int, b: int, snd: Sound) -> Step:
    """Pawns ``a`` and ``b`` change places along two bowed paths."""
    pa, pb = model.pawns[a], model.pawns[b]
    a0, b0 = (pa.col, pa.row), (pb.col, pb.row)
    dc, dr = b0[0] - a0[0], b0[1] - a0[1]
    d = math.hypot(dc * 1.5, dr * 0.87) or 1.0
    nc, nr = -dr * 0.87 / d / 1.5, dc * 1.5 / d / 0.87

    def move(t: float) -> None:
        bow = math.sin(math.pi * t) * 0.8
        pa.col, pa.row = a0[0] + dc * t + nc * bow, a0[1] + dr * t + nr * bow
        pb.col, pb.row = b0[0] - dc * t - nc * bow, b0[1] - dr * t - nr * bow
        pa.lift = pb.lift = math.sin(math.pi * t)

    def land() -> None:
        pa.col, pa.row = b0
        pb.col, pb.row = a0
        pa.lift = pb.lift = 0.0
    return Seq(Call(lambda: snd("slide")), Func(move, Timing.slide * 1.2, ease_in_out), Call(land))



def deal_round(model: Any, after: Any, snd: Sound) -> Step:
    """An odd round's four character cards are dealt into the strip."""
    cards = sorted(c for c in range(8) if after.cards >> c & 1)
    model.row = []
    seq = Seq()
    if after.round == 1:
        seq.add(banner(model, _("Round {n}").format(n=1), theme.BRASS_LIGHT, 0.4))
    steps = []
    for k, c in enumerate(cards):
        def land(k: int = k, c: int = c) -> None:
            while len(model.row) <= k:
                model.row.append(-1)
            model.row[k] = c
            model.row_alpha[k] = 1.0
        steps.append(deal(model, c, ("chardeck", 0), ("row", k), True, land, snd, "character"))
    seq.add(stagger(steps, 0.12))
    seq.add(Call(lambda: setattr(model, "row", cards)))
    return seq



def witness(model: Any, before: Any, after: Any, seen: bool, snd: Sound, claim: str,
            extra: Step | None = None) -> Step:
    """The witness call: Jack's ``claim``, the cleared pawns flip, the witness card turns, ``extra``
    (a game's end-of-round step), then the next round's cards."""
    cleared = [c for c in range(8) if before.suspects >> c & 1 and not after.suspects >> c & 1]
    colour = theme.INVESTIGATOR_BLUE if seen else theme.JACK_RED

    def show() -> None:
        model.visible = before.visible_mask()
        snd("witness")
    seq = Seq(
        banner(model, _("Witness call"), theme.BRASS_LIGHT, 0.35),
        Call(show),
        Tween(model, "sight_alpha", 0.0, 1.0, 0.35, ease_out),
        banner(model, claim, colour, Timing.hold),
    )
    if cleared:
        seq.add(stagger([flip(model, c, snd) for c in cleared], 0.12))
    seq.add(Tween(model, "sight_alpha", 1.0, 0.0, 0.3, linear))
    # the witness card shows the claim for the whole next round
    if model.witness != seen:
        def turn() -> None:
            model.witness = seen
            model.witness_flip = 0.0
        seq.add(Seq(Call(lambda: snd("flip")), Tween(model, "witness_flip", 0.0, 0.999, Timing.flip, ease_in_out),
                    Call(turn)))
    if extra is not None:
        seq.add(extra)
    if after.phase == OVER:
        return seq
    # the round ends: the cards are put away; even rounds show the other four
    fades = [Tween(model.row_alpha, k, 1.0, 0.0, 0.3, linear) for k in range(len(model.row))]
    seq.add(Par(*fades))

    def next_round() -> None:
        model.round, model.phase = after.round, after.phase
        model.played = []
        model.active = -1
        model.card_lift = [0.0] * 8
        model.row = []
        model.row_alpha = [1.0] * 4
    seq.add(Call(next_round))
    if after.round % 2 == 0:
        cards = sorted(c for c in range(8) if after.cards >> c & 1)
        steps = []
        for k, c in enumerate(cards):
            def land(k: int = k, c: int = c) -> None:
                while len(model.row) <= k:
                    model.row.append(-1)
                model.row[k] = c
            steps.append(deal(model, c, ("chardeck", 0), ("row", k), True, land, snd, "character"))
        seq.add(Par(banner(model, _("Round {n}").format(n=after.round), theme.BRASS_LIGHT, 0.45),
                    Seq(Wait(0.15), stagger(steps, 0.1))))
        seq.add(Call(lambda: setattr(model, "row", cards)))
    else:
        seq.add(banner(model, _("Round {n}").format(n=after.round), theme.BRASS_LIGHT, 0.45))
    return seq



def game_over(model: Any, after: Any, snd: Sound) -> Step:
    """The end: every secret shows and the winner's banner."""
    won = after.outcome.winner.value  # type: ignore[union-attr]
    colour = theme.JACK_RED if won == "jack" else theme.INVESTIGATOR_BLUE

    def over() -> None:
        model.outcome = str(after.outcome)
        model.winner = won
        model.phase = OVER
        model.jack = after.jack  # the secrets are out
        model.jcards, model.icards = list(after.jcards), list(after.icards)
        snd("win")
    return Seq(Call(over), banner(model, common.winner_title(after.outcome.winner), colour, 1.2))  # type: ignore[union-attr]


# ==================================================================== build
def frame(model: Any, before: Any, action: Any, after: Any, snd: Sound, own: bool, body: Step,
          actor: str | None) -> Step:
    """One action's animation: a beat before the other side's move, ``body``, and the end if it came."""
    seq = Seq()
    if not own and actor is not None and action.kind != "witness":
        seq.add(Wait(0.2))
    seq.add(body)
    if after.phase == OVER and before.phase != OVER and after.outcome is not None:
        seq.add(game_over(model, after, snd))
    return seq


def card_step(model: Any, before: Any, action: Any, after: Any, snd: Sound, name: Callable[[int], str],
              ids: tuple[str, ...]) -> Step | None:
    """The card game's own steps (Jack's identity, a deal, a card played, the verdict); ``None`` for others.

    ``name`` gives a character's full name, ``ids`` the character ids in card order.
    """
    kind, args = action.kind, action.args
    if kind == "identity":
        known = after.jack_known()

        def land() -> None:
            model.jack = after.jack
        step: Step = deal(model, after.jack if known else HIDDEN, ("alibideck", 0), ("identity", 0), known,
                          land, snd)
        if known:
            step = Seq(step, banner(model, _("You are {name}").format(name=name(after.jack)), theme.JACK_RED, 1.0))
        return step
    if kind == "deal":
        return deal_round(model, after, snd)
    if kind == "play":
        c = ids.index(str(args[0]))

        def activate() -> None:
            model.active = c
            snd("click")
        return Seq(Call(activate), Tween(model.card_lift, c, 0.0, 1.0, Timing.lift, ease_out), Wait(0.1))
    if kind == "verdict":
        guilty = args[0] == "guilty"
        msg = _("Guilty! It was Jack.") if guilty else _("Innocent! Wrong arrest.")
        return banner(model, msg, theme.INVESTIGATOR_BLUE if guilty else theme.JACK_RED, 0.8)
    return None


Builder = Callable[..., Step]


def card_builder(texts: Any, index: Mapping[str, int], walk_path: Callable[..., list[int]],
                 walk_along: Callable[..., Step], body: Callable[..., Step]) -> Builder:
    """A card game's ``build(model, before, action, after, sound=None, own=False)``: the tween tree that moves
    ``model`` (a view's drawn model, showing the viewer's observation ``before``) to ``after``.

    The caller snaps the model to ``after`` when it ends, so a skipped animation leaves the same picture;
    only observations are used, so nothing a side may not see is drawn.  The card game's own steps, a walk
    to a cell and an accusation are built here; everything else by the game's ``body(model, before, action,
    after, snd)``.  ``texts`` is the game's words module (``IDS``, ``name``, ``short``, ``actor_of``),
    ``index`` its cells by name, ``walk_path(before, char, cell)`` the cells a walk passes and
    ``walk_along(model, char, path, snd)`` the walk itself.
    """
    def walk_to(model: Any, before: Any, char: int, cell: int, snd: Sound) -> Step:
        return walk_along(model, char, walk_path(before, char, cell), snd)

    def build(model: Any, before: Any, action: Any, after: Any, sound: Sound | None = None,
              own: bool = False) -> Step:
        return build_card(model, before, action, after, sound, own, texts, index, walk_to, body)
    return build


def build_card(model: Any, before: Any, action: Any, after: Any, sound: Sound | None, own: bool, texts: Any,
               index: Mapping[str, int], walk_to: Callable[..., Step], body: Callable[..., Step]) -> Step:
    """The animation of ``action`` on ``model`` (which shows ``before``), from the viewer's observations only:
    the card game's own steps, a walk to a cell and an accusation, else the game's ``body(model, before,
    action, after, snd)``; framed by :func:`frame`.

    ``texts`` is the game's words module (``IDS``, ``name``, ``short``, ``actor_of``), ``index`` its cells by
    name, ``walk_to(model, before, char, cell, snd)`` walks a character to a cell along its path.
    """
    snd: Sound = sound or (lambda name: None)
    kind, args = action.kind, action.args
    act = before.active
    step = card_step(model, before, action, after, snd, texts.name, texts.IDS)
    if step is None and kind == "to":
        step = walk_to(model, before, act, index[str(args[0])], snd)
    elif step is None and kind == "accuse":
        x = texts.IDS.index(str(args[0]))
        step = Seq(walk_to(model, before, act, before.pos[x], snd),
                   banner(model, _("{accuser} accuses {name}!").format(
                       accuser=common.side_name("investigator"), name=texts.short(x)), theme.INVESTIGATOR_BLUE, 0.7))
    elif step is None:
        step = body(model, before, action, after, snd)
    return frame(model, before, action, after, snd, own, step, texts.actor_of(before, action))
