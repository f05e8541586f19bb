"""How to play Mr. Jack in New York: one page per rule, each with a picture.

The pictures are small hex maps drawn with the game's own sprites and
board pieces (:mod:`game.ui.newyork.view`), plus a miniature of the real
Manhattan board at its start position; the geometry of the small maps is
the card games' :class:`~game.ui.hex.rules.Patch`, and the pages every card
game shares (the goal, a round, the witness card) use the pictures of
:mod:`game.ui.hex.rules` with New York's sprites.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ...engine.newyork import NewYork
from .. import theme
from ..hex.board import Highlights, eye
from ..hex.rules import Patch, arrow, picture_goal, picture_round, picture_witness
from ..i18n import _, colon, current_language
from ..rulebook import Page
from . import texts
from .view import (
    HARBOUR,
    LAMP_LIGHT,
    STONE,
    Art,
    Layout,
    NewYorkModel,
    NewYorkView,
    draw_block,
    draw_east,
    draw_liberty,
    draw_pier,
    draw_port,
    draw_subway_mouth,
)

Rect = pygame.Rect
BEACH, RUNNER, LATIMER, GRANT, CALLAHAN, EASTMAN, TUMBLETY, SMITH = range(8)
Cell = tuple[int, int]

_arts: dict[int, Art] = {}
_minis: dict[tuple, pygame.Surface] = {}


def _art(R: float) -> Art:
    key = max(6, round(R))
    art = _arts.get(key)
    if art is None:
        art = _arts[key] = Art(key)
    return art


def draw_patch(surface: pygame.Surface, box: Rect, cols: int, rows: int, *, water: set = frozenset(),
               buildings: set = frozenset(), tokens: dict | None = None, zones: tuple = (),
               pawns: dict | None = None, cleared: set = frozenset(), marks: dict | None = None,
               informant: tuple | None = None, ships: set = frozenset(), ports: set = frozenset(),
               piers: set = frozenset(), island: Cell | None = None, east: set = frozenset(),
               subway_mouths: set = frozenset(), eyes: dict | None = None) -> Patch:
    """A small map: streets everywhere but ``water`` (and the cells drawn as something else).

    ``tokens`` {cell: "lamp"|"subway"|"building"|"park"} (lamps light their neighbours),
    ``zones`` ((cell, cell), ...), ``pawns`` {cell: character}, ``marks`` {cell: colour},
    ``informant`` (cell, talkative?), ``eyes`` {cell: seen?}.
    """
    p = Patch(box, cols, rows)
    tokens = tokens or {}
    pawns = pawns or {}
    marks = marks or {}
    R = p.R
    art = _art(R)
    sea = water | ports | piers | ({island} if island else set())
    lit: set = set()
    for cell, kind in tokens.items():
        if kind == "lamp":
            lit |= {cell, *p.neighbours(*cell)}
    for c in range(cols):
        for r in range(rows):
            pts = p.hexagon(c, r, 0.99)
            if (c, r) in sea:
                pygame.draw.polygon(surface, HARBOUR, pts)
                continue
            pygame.draw.polygon(surface, theme.mix(STONE, LAMP_LIGHT, 0.3) if (c, r) in lit else STONE, pts)
            pygame.draw.polygon(surface, (70, 66, 60), pts, 1)
    for c, r in buildings:
        draw_block(surface, *p.center(c, r), R, _Rnd())
    for c, r in subway_mouths:
        draw_subway_mouth(surface, *p.center(c, r), R)
    for c, r in piers:
        draw_pier(surface, *p.center(c, r), R * 0.97)
    for c, r in ports:
        draw_port(surface, *p.center(c, r), R)
    for c, r in east:
        draw_east(surface, *p.center(c, r), R)
    if island is not None:
        draw_liberty(surface, *p.center(*island), R * 0.85)
    for (c, r), col in marks.items():
        pygame.draw.polygon(surface, col, p.hexagon(c, r, 0.86), max(2, round(R * 0.08)))
    for cell, kind in tokens.items():
        img = art.token(kind, R * 0.82)
        surface.blit(img, img.get_rect(center=tuple(map(round, p.center(*cell)))))
    for a, b in zones:
        pa, pb = p.center(*a), p.center(*b)
        img = art.zone(pa, pb, R)
        surface.blit(img, img.get_rect(center=(round((pa[0] + pb[0]) / 2), round((pa[1] + pb[1]) / 2))))
    for cell in ships:
        img = art.ship(R * 0.8)
        surface.blit(img, img.get_rect(center=tuple(map(round, p.center(*cell)))))
    if informant is not None:
        cell, talk = informant
        x, y = p.center(*cell)
        if cell in pawns:
            x, y = x + R * 0.5, y + R * 0.42
        img = art.informant(R * 0.4, talk)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
    for cell, ch in pawns.items():
        img = art.pawn(ch, R * 0.7, ch not in cleared)
        surface.blit(img, img.get_rect(center=tuple(map(round, p.center(*cell)))))
    for cell, seen in (eyes or {}).items():
        x, y = p.center(*cell)
        eye(surface, (x - R * 0.5, y - R * 0.5), R * 0.22, seen, 1.0)
    if informant is not None and informant[0] in pawns:  # drawn over the pawn's edge
        cell, talk = informant
        x, y = p.center(*cell)
        img = art.informant(R * 0.4, talk)
        surface.blit(img, img.get_rect(center=(round(x + R * 0.5), round(y + R * 0.42))))
    return p


class _Rnd:
    """A fixed 'random' source, so a picture's buildings look the same every frame."""

    def random(self) -> float:
        return 0.3

    def uniform(self, a: float, b: float) -> float:
        return (a + b) / 2

    def choice(self, seq):  # type: ignore[no-untyped-def]
        return seq[0]





def _cross(surface: pygame.Surface, c: tuple[float, float], r: float) -> None:
    w = max(2, round(r * 0.25))
    for s in (1, -1):
        pygame.draw.line(surface, theme.BAD, (c[0] - r * 0.5, c[1] - s * r * 0.5), (c[0] + r * 0.5, c[1] + s * r * 0.5),
                         w)


def _half(box: Rect, k: int) -> Rect:
    return Rect(box.x if k == 0 else box.centerx + 6, box.y, box.w // 2 - 6, box.h)


# ------------------------------------------------------------------- pictures
def picture_board(surface: pygame.Surface, box: Rect, t: float) -> None:
    """The real board at its start position, small."""
    key = (box.size, current_language())
    img = _minis.get(key)
    if img is None:
        L = Layout.board_only(Rect(0, 0, *box.size))
        view = NewYorkView()
        view.layout, view.art = L, Art(L.R)
        view._board = view.render_board(L)
        state = NewYork.new(1)
        state.apply("identity beach")  # the picture shows no secret: only the public start position
        model = NewYorkModel.from_view(state)
        img = pygame.Surface(box.size, pygame.SRCALPHA)
        img.blit(view._board_layer(model), L.board.topleft)
        view._draw_informant(img, model, 0.0)
        view._draw_pawns(img, model, Highlights(), 0.0)
        _minis.clear()
        _minis[key] = img
    surface.blit(img, box.topleft)


def picture_sight(surface: pygame.Surface, box: Rect, t: float) -> None:
    draw_patch(surface, box, 7, 4, tokens={(1, 1): "lamp", (5, 1): "park"},
               pawns={(2, 1): LATIMER, (4, 2): SMITH, (4, 3): BEACH, (5, 1): GRANT, (0, 3): EASTMAN},
               eyes={(2, 1): True, (4, 2): True, (4, 3): True, (5, 1): False, (0, 3): False})


def picture_goal_ny(surface: pygame.Surface, box: Rect, t: float) -> None:
    picture_goal(surface, box, t, _art(box.h * 0.12))


def picture_round_ny(surface: pygame.Surface, box: Rect, t: float) -> None:
    picture_round(surface, box, t, _art(box.h * 0.1))


def picture_witness_ny(surface: pygame.Surface, box: Rect, t: float) -> None:
    picture_witness(surface, box, t, _art(box.h * 0.1))


def picture_move(surface: pygame.Surface, box: Rect, t: float) -> None:
    blocked = {(3, 1), (3, 2)}
    p = draw_patch(surface, box, 7, 4, buildings={(3, 1)}, zones=(((3, 2), (3, 3)),), tokens={(2, 0): "lamp"},
                   pawns={(1, 2): CALLAHAN, (4, 1): TUMBLETY})
    pulse = 0.5 + 0.5 * math.sin(t * 4)
    seen = {(1, 2)}
    frontier = {(1, 2)}
    for _step in range(3):
        frontier = {n for c in frontier for n in p.neighbours(*c) if n not in seen and n not in blocked | {(3, 3)}}
        seen |= frontier
    for c in seen - {(1, 2), (4, 1)}:
        pygame.draw.polygon(surface, theme.mix((120, 205, 255), (255, 255, 255), pulse * 0.3), p.hexagon(*c, 0.86), 2)


def picture_subway(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 4, tokens={(1, 1): "subway", (5, 2): "subway"}, subway_mouths={(5, 0)},
                   buildings={(3, 1), (3, 2)}, pawns={(0, 1): BEACH})
    arrow(surface, p.center(0, 1), p.center(1, 1))
    a, b = p.center(1, 1), p.center(5, 2)
    mid = ((a[0] + b[0]) / 2, max(a[1], b[1]) + p.R * 1.2)
    pygame.draw.line(surface, theme.SELECT, a, mid, 3)
    arrow(surface, mid, b)


def picture_ferry(surface: pygame.Surface, box: Rect, t: float) -> None:
    water = {(c, r) for c in range(7) for r in range(4) if c < 4}
    p = draw_patch(surface, box, 7, 4, water=water - {(1, 1)}, piers={(4, 1), (4, 3)}, island=(1, 1),
                   pawns={(5, 1): SMITH}, informant=((1, 1), True))
    for a, b in (((4, 1), (1, 1)), ((1, 1), (4, 3))):
        pa, pb = p.center(*a), p.center(*b)
        ang = math.atan2(pb[1] - pa[1], pb[0] - pa[0])
        sa = (pa[0] + math.cos(ang) * p.R * (1.0 if a != (1, 1) else 1.3), pa[1] + math.sin(ang) * p.R * 0.9)
        sb = (pb[0] - math.cos(ang) * p.R * (1.3 if b == (1, 1) else 0.9), pb[1] - math.sin(ang) * p.R * 0.9)
        arrow(surface, sa, sb, (220, 228, 234))
    arrow(surface, p.center(5, 1), p.center(4, 1))


def picture_beach(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 4, tokens={(1, 1): "subway", (5, 2): "subway"}, pawns={(3, 1): BEACH})
    for c in p.neighbours(1, 1):
        _cross(surface, p.center(*c), p.R * 0.5)
    pygame.draw.polygon(surface, theme.SELECT, p.hexagon(5, 2, 0.9), 3)
    arrow(surface, p.center(3, 1), p.center(4, 2))


def picture_runner(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 3, buildings={(2, 1), (3, 1)}, tokens={(5, 0): "building"},
                   pawns={(1, 1): RUNNER})
    pts = [p.center(c, 1) for c in (1, 2, 3, 4)]
    pygame.draw.lines(surface, theme.SELECT, False, pts[:-1], 3)
    arrow(surface, pts[-2], pts[-1])
    pygame.draw.polygon(surface, theme.SELECT, p.hexagon(4, 1, 0.86), 3)


def picture_latimer(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 4, tokens={(1, 1): "lamp", (5, 2): "lamp"}, pawns={(3, 2): LATIMER})
    for c in p.neighbours(1, 1):
        _cross(surface, p.center(*c), p.R * 0.45)
    pygame.draw.polygon(surface, theme.SELECT, p.hexagon(5, 2, 0.9), 3)


def picture_grant(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 3, tokens={(1, 1): "lamp", (5, 1): "park"}, pawns={(3, 0): GRANT})
    arrow(surface, (p.center(1, 1)[0] + p.R, p.center(1, 1)[1]), (p.center(5, 1)[0] - p.R, p.center(5, 1)[1]))


def picture_callahan(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 4, zones=(((1, 1), (1, 2)),), pawns={(3, 0): CALLAHAN, (6, 1): EASTMAN})
    for c in ((4, 2), (5, 2)):
        pygame.draw.polygon(surface, theme.SELECT, p.hexagon(*c, 0.86), 3)
    a = ((p.center(1, 1)[0] + p.center(1, 2)[0]) / 2 + p.R, (p.center(1, 1)[1] + p.center(1, 2)[1]) / 2)
    b = ((p.center(4, 2)[0] + p.center(5, 2)[0]) / 2 - p.R * 0.6, (p.center(4, 2)[1] + p.center(5, 2)[1]) / 2)
    arrow(surface, a, b)


def picture_eastman(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 4, tokens={(1, 1): "lamp"}, pawns={(1, 2): EASTMAN, (2, 0): GRANT},
                   eyes={(1, 2): True, (2, 0): True})
    x, y = p.center(1, 2)
    k = (t * 0.8) % 1.0
    theme.aa_circle(surface, theme.PARCHMENT, (x, y), p.R * (0.8 + 1.6 * k), 2)
    pts = [p.center(2, 0), p.center(3, 1), p.center(4, 1), p.center(5, 2)]
    pygame.draw.lines(surface, theme.SELECT, False, pts[:-1], 3)
    arrow(surface, pts[-2], pts[-1])


def picture_tumblety(surface: pygame.Surface, box: Rect, t: float) -> None:
    p = draw_patch(surface, box, 7, 3, pawns={(1, 1): TUMBLETY, (2, 1): LATIMER, (5, 1): SMITH})
    a, b = p.center(2, 1), p.center(5, 1)
    arrow(surface, (a[0], a[1] - p.R * 0.6), (b[0], b[1] - p.R * 0.6))
    arrow(surface, (b[0], b[1] + p.R * 0.6), (a[0], a[1] + p.R * 0.6))


def picture_smith(surface: pygame.Surface, box: Rect, t: float) -> None:
    water = {(c, 0) for c in range(7)} | {(0, 1), (6, 1)}
    p = draw_patch(surface, box, 7, 3, water=water - {(1, 0), (5, 0)}, ports={(1, 0), (5, 0)}, ships={(1, 0)},
                   pawns={(3, 2): SMITH})
    arrow(surface, (p.center(1, 0)[0] + p.R * 1.1, p.center(1, 0)[1]), (p.center(5, 0)[0] - p.R * 1.1,
                                                                         p.center(5, 0)[1]))


def picture_informant(surface: pygame.Surface, box: Rect, t: float) -> None:
    left, right = _half(box, 0), _half(box, 1)
    p = draw_patch(surface, left, 4, 3, informant=((2, 1), True), pawns={(0, 1): LATIMER})
    arrow(surface, p.center(0, 1), p.center(1, 1))
    art = _art(p.R)
    cw = round(p.R * 0.9)
    card = art.card(-1, cw, round(cw * 1.4), "alibi")
    x, y = p.center(2, 1)
    surface.blit(card, card.get_rect(center=(round(x), round(y - p.R * 1.3))))
    q = draw_patch(surface, right, 4, 3, informant=((3, 2), False), pawns={(1, 1): LATIMER})
    arrow(surface, (q.center(1, 1)[0] + q.R * 0.6, q.center(1, 1)[1] + q.R * 0.3),
           (q.center(3, 2)[0] - q.R * 0.5, q.center(3, 2)[1]))


def picture_end(surface: pygame.Surface, box: Rect, t: float) -> None:
    left, right = _half(box, 0), _half(box, 1)
    p = draw_patch(surface, left, 4, 3, east={(3, 1)}, ports={(1, 0)}, ships={(1, 0)}, water={(0, 0), (2, 0)},
                   pawns={(2, 1): TUMBLETY, (0, 2): BEACH})
    arrow(surface, p.center(2, 1), p.center(3, 1), theme.JACK_RED)
    arrow(surface, p.center(0, 2), (p.center(1, 0)[0], p.center(1, 0)[1] + p.R * 0.5), theme.JACK_RED)
    q = draw_patch(surface, right, 4, 3, pawns={(1, 1): CALLAHAN, (3, 1): GRANT})
    arrow(surface, q.center(1, 1), q.center(3, 1), theme.INVESTIGATOR_BLUE)


# ---------------------------------------------------------------------- pages
def pages() -> list:
    """The New York rule pages in reading order (texts are looked up when drawn)."""
    def power(c: int) -> Callable[[], str]:
        return lambda: colon(texts.name(c), texts.power_name(c))

    return [
        Page(lambda: _("The goal"), lambda: [
            _("Manhattan, 1889. Jack hides behind one of eight characters in the streets of New York. Only he "
              "knows which one: at the start he secretly draws an alibi card, the one character without an alibi."),
            _("The investigator wins by arresting Jack before the end of round 8. Jack wins by leaving Manhattan "
              "unseen, by a wrong arrest, or when round 8 ends."),
        ], picture_goal_ny),
        Page(lambda: _("Manhattan"), lambda: [
            _("The board is lower Manhattan: streets, blocks of buildings, ferry piers with arrows to Liberty "
              "Island, five ports outlined in red and the East passage, the only road out."),
            _("The investigator sits at the gold edge, Jack at the silver one. Lamps, subway entrances and "
              "buildings are tokens with a park on the back; two investigation zones, two ships and the "
              "informant complete the board."),
        ], picture_board),
        Page(lambda: _("Seen and unseen"), lambda: [
            _("A character is seen if he stands on or next to a lamp, or next to another character, unless one "
              "of the two is in a park."),
            _("A character in a park, or on Liberty Island, is never seen. The informant is not a character."),
        ], picture_sight),
        Page(lambda: _("A round"), lambda: [
            _("Odd rounds: four character cards are turned up. The investigator plays one, Jack two, "
              "the investigator the last."),
            _("Even rounds: the other four cards. Jack plays one, the investigator two, Jack the last. "
              "The eight cards are shuffled after every even round."),
            _("Playing a card moves that character and uses his power, whoever Jack may be."),
        ], picture_round_ny),
        Page(lambda: _("Moving"), lambda: [
            _("A character moves 1 to 3 cells. He may pass other characters and walk through lamps, but he must "
              "move, never ends where he started, and ends on another character's cell only to arrest him."),
            _("Buildings block everybody but Cloud Runner; investigation zones block everybody."),
        ], picture_move),
        Page(lambda: _("The subway"), lambda: [
            _("From a subway entrance, one step takes a character to any other entrance (the printed one too). "
              "An entrance turned into a park is no entrance; one under an investigation zone cannot be used."),
        ], picture_subway),
        Page(lambda: _("Ferries and Liberty Island"), lambda: [
            _("Ferry cells can be walked on and stood on. Their arrows lead to Liberty Island and back, one way "
              "each: every arrow costs one step."),
            _("Nothing is built on the ferries or on the island, and a character on Liberty Island is never seen."),
        ], picture_ferry),
        Page(power(BEACH), lambda: [
            _("Before or after his move, Beach must build a subway entrance on an empty street cell that is not "
              "next to another entrance."),
        ], picture_beach),
        Page(power(RUNNER), lambda: [
            _("Before or after her move, Cloud Runner must put up a building on an empty street cell."),
            _("While she moves, she crosses building cells without spending steps, and ends on a free cell."),
        ], picture_runner),
        Page(power(LATIMER), lambda: [
            _("Before or after his move, Latimer must put up a street lamp on an empty street cell that is not "
              "next to another lamp. It lights its own cell and every street or ferry cell around it."),
        ], picture_latimer),
        Page(power(GRANT), lambda: [
            _("Before or after her move, Grant must turn a lamp, a building or a subway entrance token over: "
              "it becomes a park. A character in a park is never seen."),
            _("An entrance with a character or the informant on it may be turned; one under a zone may not."),
            _("A park is the back of a token, so only tokens turn: the buildings and the subway entrance printed "
              "on the board have no back and never become parks."),
        ], picture_grant),
        Page(power(CALLAHAN), lambda: [
            _("Before or after his move, Callahan must move an investigation zone onto two neighbouring cells "
              "with nobody on them; at least one of the two must be new."),
        ], picture_callahan),
        Page(power(EASTMAN), lambda: [
            _("Eastman moves, or instead his men move another character 1 to 3 cells: one who is seen if "
              "Eastman is seen, unseen if he is unseen."),
            _("No subway and no arrest that way, but the pushed character may meet the informant, or leave "
              "Manhattan if he is Jack."),
        ], picture_eastman),
        Page(power(TUMBLETY), lambda: [
            _("Before or after his move, Tumblety may swap a character next to him with any other character, "
              "once. A swap is not a move: nobody meets the informant or escapes that way."),
        ], picture_tumblety),
        Page(power(SMITH), lambda: [
            _("Before or after his move, Edward Smith must sail one of the two ships to a free port."),
        ], picture_smith),
        Page(lambda: _("The informant"), lambda: [
            _("While the informant is talkative, a character who stops on his cell gets the top alibi card for "
              "the player who played him, who keeps it secret. That character is innocent."),
            _("Then the informant falls silent and that player puts him on a free cell. He talks again at the "
              "start of every round."),
        ], picture_informant),
        Page(lambda: _("The witness call"), lambda: [
            _("After the fourth card Jack says whether his character is seen. If he is, every character out of "
              "sight is innocent; if not, every one in sight is. Their pawns turn to the innocent side."),
            _("The witness card shows the answer during the whole next round."),
        ], picture_witness_ny),
        Page(lambda: _("Escape and arrest"), lambda: [
            _("Escape: in a round after he ended unseen, Jack may leave Manhattan with his own character, by the "
              "East passage or aboard a ship in its port, if no investigation zone closes the way. He wins."),
            _("Arrest: the investigator moves a character onto the suspect's cell. Right: he wins. Wrong: Jack "
              "wins. If nobody is arrested by the end of round 8, Jack wins."),
        ], picture_end),
    ]


__all__ = ["pages", "draw_patch"]
