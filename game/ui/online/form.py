"""Keyboard focus over a screen's fields, choices and buttons, and the look the online screens share.

:class:`Form` moves the focus with Tab/Shift+Tab (and Up/Down outside a
text field), gives clicks to whatever is under the mouse, Enter to the
focused button (a text field submits itself), Left/Right to a focused
choice.  :func:`backdrop`, :func:`heading` and :func:`list_rows` draw the
parts every online screen has.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from .. import theme
from ..games import CLIENT_GAMES, EDITION_LABELS
from ..i18n import N_, _
from ..widgets import Button, Choice, draw_title, ornament
from .fields import TextField

SIDE_OPTIONS = [("investigator", N_("Investigator")), ("jack", N_("Jack")), ("any", N_("Either"))]
#: The clocks a new room offers (the text :func:`net.clock.parse_clock` reads).
#: The clocks a new room offers, as :func:`net.clock.parse_clock` reads them ("5+3": five minutes
#: each, three seconds added after each turn, as chess players write it).
CLOCK_OPTIONS = [("none", N_("None")), ("60s", N_("60 s/move")), ("5+3", "5+3"), ("10+5", "10+5"),
                 ("25+10", "25+10")]



def network_games() -> list[Any]:
    """The rule sets a room can be opened for: this client draws them and the network plays them."""
    from net.games import NETWORK_GAMES

    from ...engine.rulesets import RULESETS
    return [r for r in RULESETS if r.name in CLIENT_GAMES and r.name in NETWORK_GAMES]


#: Short names of the games, for the narrow rows that pick one (the titles elsewhere).
SHORT_NAMES = {"pocket": N_("Pocket"), "london": N_("London"), "newyork": N_("New York")}


def game_title(game: str, edition: str | None = None) -> str:
    """A room's game in the player's words: its short name, and the printing where there are several."""
    from ...engine.rulesets import find_ruleset

    try:
        rs = find_ruleset(game)
        title = _(SHORT_NAMES.get(rs.name, rs.title))
    except ValueError:
        title = game
    return f"{title} · {edition}" if edition else title


class GamePicker:
    """The Game and Edition rows of a screen that opens a room (London has two printings).

    ``game`` and ``edition`` are :class:`~game.ui.widgets.Choice` rows for
    the screen's form; ``edition`` is hidden unless the game has editions.
    ``on_change()`` runs when the rows to show change (lay the screen out again).
    """

    def __init__(self, on_change: Callable[[], Any] | None = None) -> None:
        self.rulesets = {r.name: r for r in network_games()}
        first = next(iter(self.rulesets))
        self.labels = EDITION_LABELS
        self.on_change = on_change
        self.game = Choice(N_("Game"), [(name, SHORT_NAMES.get(name, r.title)) for name, r in self.rulesets.items()],
                           first, lambda _v: self._changed())
        self.edition = Choice(N_("Edition"), [], None)
        self._editions()

    def _editions(self) -> None:
        rs = self.rulesets[self.game.value]
        editions = tuple(getattr(rs, "editions", ()) or ())
        self.edition.options = [(e, self.labels.get(e, e)) for e in editions]
        if self.edition.value not in editions:
            self.edition.value = getattr(rs, "default_edition", None) if editions else None
        self.edition.visible = bool(editions)

    def _changed(self) -> None:
        self._editions()
        if self.on_change is not None:
            self.on_change()

    @property
    def value(self) -> tuple[str, str | None]:
        """``(game, edition)`` to open a room with."""
        return self.game.value, (self.edition.value if self.edition.visible else None)


class Form:
    """An ordered list of focusable widgets (``TextField``, ``Choice``, ``Button``)."""

    def __init__(self, items: Sequence[Any], focus: int = 0) -> None:
        self.items = list(items)
        self.focus = focus
        self._sync()

    @property
    def focused(self) -> Any:
        return self.items[self.focus] if self.items else None

    def set_focus(self, item: Any) -> None:
        if item in self.items:
            self.focus = self.items.index(item)
            self._sync()

    def _usable(self, item: Any) -> bool:
        return getattr(item, "visible", True) and getattr(item, "enabled", True)

    def move(self, d: int) -> None:
        n = len(self.items)
        i = self.focus
        for _step in range(n):
            i = (i + d) % n
            if self._usable(self.items[i]):
                self.focus = i
                break
        self._sync()

    def _sync(self) -> None:
        for i, item in enumerate(self.items):
            if isinstance(item, TextField):
                item.focused = i == self.focus

    def handle_event(self, event: pygame.event.Event) -> bool:
        """``True`` if a widget or the focus took the event."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, item in enumerate(self.items):
                if not getattr(item, "visible", True):
                    continue
                if item.handle_event(event):
                    if not isinstance(item, Button) or item.enabled:
                        self.focus = i
                    self._sync()
                    return True
            for item in self.items:  # a click elsewhere leaves the text fields
                if isinstance(item, TextField):
                    item.focused = False
            return False
        item = self.focused
        if item is None:
            return False
        if isinstance(item, TextField) and item.focused and item.handle_event(event):
            return True
        if isinstance(item, Button) and event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            if item.enabled:
                item.on_click()
            return True
        if event.type != pygame.KEYDOWN:
            # a typed character with no field focused: start typing in the first field
            return False
        k = event.key
        shift = getattr(event, "mod", 0) & pygame.KMOD_SHIFT
        if k == pygame.K_TAB:
            self.move(-1 if shift else 1)
            return True
        if k in (pygame.K_DOWN, pygame.K_UP):
            self.move(1 if k == pygame.K_DOWN else -1)
            return True
        if isinstance(item, Choice) and k in (pygame.K_LEFT, pygame.K_RIGHT):
            item.step(1 if k == pygame.K_RIGHT else -1)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and isinstance(item, Button):
            if item.enabled and item.visible:
                item.on_click()
            return True
        for other in self.items:  # hotkeys of buttons anywhere in the form
            if isinstance(other, Button) and other.hotkey is not None and other.handle_event(event):
                return True
        return False

    def update(self, dt: float) -> None:
        for item in self.items:
            if isinstance(item, TextField):
                item.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for i, item in enumerate(self.items):
            if isinstance(item, TextField):
                item.draw(surface)
            else:
                item.draw(surface, focused=(i == self.focus))


# ------------------------------------------------------------------- looks
def scale(size: tuple[int, int]) -> float:
    return min(size[0] / 1280, size[1] / 800)


def two_panels(size: tuple[int, int], top: float, left_share: float) -> tuple[pygame.Rect, pygame.Rect]:
    """The left and right panels of an online screen: from ``top`` (a share of the height) to 84% of
    it, the left one taking ``left_share`` of the width between the margins."""
    w, h = size
    margin = max(16, int(w * 0.05))
    gap = max(12, int(w * 0.025))
    y, bottom = int(h * top), int(h * 0.84)
    left_w = int((w - 2 * margin - gap) * left_share)
    return (pygame.Rect(margin, y, left_w, bottom - y),
            pygame.Rect(margin + left_w + gap, y, w - 2 * margin - gap - left_w, bottom - y))


def backdrop(surface: pygame.Surface) -> None:
    surface.blit(theme.city_night(surface.get_size()), (0, 0))


def heading(surface: pygame.Surface, title: str, subtitle: str = "") -> int:
    """The screen's title (and a line under it); returns the y below them."""
    w, h = surface.get_size()
    s = scale((w, h))
    draw_title(surface, title, max(26, int(54 * s)), (w // 2, int(h * 0.085)))
    y = int(h * 0.085) + max(20, int(40 * s))
    ornament(surface, (w // 2, y), int(min(w * 0.35, 380 * s)))
    if subtitle:
        size = max(11, int(16 * s))
        theme.blit_text(surface, subtitle, theme.fit_size(subtitle, size, int(w * 0.9), "serif"), theme.TEXT_DIM,
                        (w // 2, y + int(12 * s)), "midtop", "serif")
        y += int(12 * s) + theme.font(size).get_linesize()
    return y


def panel(surface: pygame.Surface, rect: pygame.Rect, title: str = "") -> pygame.Rect:
    """A dark panel with an optional caption; returns the inner area below the caption."""
    s = scale(surface.get_size())
    theme.rounded_panel(surface, rect, fill=(16, 17, 23), alpha=250, radius=max(8, int(14 * s)))
    pad = max(10, int(18 * s))
    inner = rect.inflate(-2 * pad, -2 * pad)
    if title:
        size = max(13, int(21 * s))
        theme.blit_text(surface, title, theme.fit_size(title, size, inner.w, "serif-bold"), theme.BRASS_LIGHT,
                        inner.topleft, "topleft", "serif-bold")
        top = inner.y + theme.font(size, "serif-bold").get_linesize() + int(6 * s)
        inner = pygame.Rect(inner.x, top, inner.w, inner.bottom - top)
    return inner


def caption(surface: pygame.Surface, text: str, pos: tuple[int, int], width: int) -> int:
    """A small caption over a field; returns the y under it."""
    s = scale(surface.get_size())
    size = max(10, int(14 * s))
    theme.blit_text(surface, text, theme.fit_size(text, size, width, "sans-bold"), theme.TEXT_DIM, pos,
                    "topleft", "sans-bold")
    return pos[1] + theme.font(size, "sans-bold").get_linesize() + max(2, int(3 * s))


def wrapped(surface: pygame.Surface, text: str, size: int, color: theme.Color, pos: tuple[int, int],
            width: int, max_lines: int = 4, anchor: str = "topleft", style: str = "sans") -> int:
    """``text`` wrapped to ``width``; returns the y under it."""
    x, y = pos
    lh = theme.font(size, style).get_linesize()
    for line in theme.wrap(text, size, width, style)[:max_lines]:
        theme.blit_text(surface, line, size, color, (x, y), anchor, style)
        y += lh
    return y


def ellipsize(text: str, size: int, width: int, style: str = "sans") -> str:
    """``text``, cut with an ellipsis if it is wider than ``width`` at ``size``."""
    f = theme.font(size, style)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


class RowList:
    """Clickable rows (LAN games, rooms): ``rows`` of cells, one selected, with hover.

    ``stacked`` rows (a narrow window) put the first two cells on one line and
    the rest, joined by dots, on a second line under the second cell, so that
    no column is cut to a few letters; ``row_h`` is then the two lines' height.
    """

    def __init__(self, on_pick: Callable[[int], Any] | None = None,
                 on_activate: Callable[[int], Any] | None = None) -> None:
        self.rows: list[list[str]] = []
        self.colours: list[theme.Color | None] = []
        self.selected: int | None = None
        self.on_pick = on_pick
        self.on_activate = on_activate
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 32
        self.columns: list[float] = [0.0]
        self.header: list[str] = []
        self.stacked = False
        self._last_click = (-1, -1000)
        self.clock = 0.0

    def set_rows(self, rows: list[list[str]], colours: list[theme.Color | None] | None = None) -> None:
        self.rows = rows
        self.colours = colours or [None] * len(rows)
        if self.selected is not None and self.selected >= len(rows):
            self.selected = None

    @property
    def header_h(self) -> int:
        if not self.header:
            return 0
        return int(self.row_h * 0.6) if self.stacked else self.row_h

    def text_size(self) -> int:
        """The rows' text size: a stacked row's two lines share its height."""
        line_h = int(self.row_h * 0.52) if self.stacked else self.row_h
        return max(10, int(line_h * 0.44 * (1.25 if self.stacked else 1.0)))

    def row_rect(self, i: int) -> pygame.Rect:
        top = self.rect.y + self.header_h
        return pygame.Rect(self.rect.x, top + i * self.row_h, self.rect.w, self.row_h - 2)

    def visible_rows(self) -> int:
        return max(0, (self.rect.h - self.header_h) // self.row_h)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or not self.rect.collidepoint(event.pos):
            return False
        for i in range(min(len(self.rows), self.visible_rows())):
            if self.row_rect(i).collidepoint(event.pos):
                double = self._last_click[0] == i and self.clock - self._last_click[1] < 0.4
                self._last_click = (i, self.clock)
                self.selected = i
                if self.on_pick is not None:
                    self.on_pick(i)
                if double and self.on_activate is not None:
                    self.on_activate(i)
                return True
        return True

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface: pygame.Surface, empty: str = "") -> None:
        r = self.rect
        size = self.text_size()
        x_at = [r.x + 10 + int(c * (r.w - 20)) for c in self.columns]
        hh = self.header_h
        if self.header:
            for x, text in zip(x_at, self.header, strict=False):
                theme.blit_text(surface, text, max(9, size - 2), theme.TEXT_FAINT, (x, r.y + hh // 2),
                                "midleft", "sans-bold")
            pygame.draw.line(surface, theme.PANEL_EDGE, (r.x, r.y + hh - 3), (r.right, r.y + hh - 3))
        if not self.rows and empty:
            top = r.y + hh + self.row_h // 2
            wrapped(surface, empty, size, theme.TEXT_DIM, (r.x + 10, top), r.w - 20)
            return
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        for i in range(min(len(self.rows), self.visible_rows())):
            rr = self.row_rect(i)
            chosen = i == self.selected
            if chosen or rr.collidepoint(mouse):
                fill = theme.mix(theme.PANEL_HI, theme.BRASS_DARK, 0.55 if chosen else 0.25)
                pygame.draw.rect(surface, fill, rr, border_radius=6)
                if chosen:
                    pygame.draw.rect(surface, theme.BRASS, rr, 1, border_radius=6)
            col = self.colours[i] if i < len(self.colours) and self.colours[i] else theme.TEXT
            cells = self.rows[i]
            if self.stacked and len(cells) > 2:
                cells = cells[:2]
                rest = " · ".join(c for c in self.rows[i][2:] if c)
                x, right = x_at[min(1, len(x_at) - 1)], r.right - 8
                fs = theme.fit_size(rest, size - 2, right - x, "sans", min_size=max(8, size - 5))
                theme.blit_text(surface, ellipsize(rest, fs, right - x, "sans"), fs,
                                theme.TEXT_FAINT if not chosen else theme.TEXT_DIM,
                                (x, rr.y + int(rr.h * 0.72)), "midleft", "sans")
            for j, (x, text) in enumerate(zip(x_at, cells, strict=False)):
                right = x_at[j + 1] - 8 if j + 1 < len(x_at) else r.right - 8
                style = "sans-bold" if j == 0 else "sans"
                fs = theme.fit_size(text, size, right - x, style, min_size=max(8, size - 4))
                text = ellipsize(text, fs, right - x, style)
                cy = rr.y + int(rr.h * 0.3) if self.stacked and j else rr.centery
                theme.blit_text(surface, text, fs,
                                col if j == 0 else theme.TEXT_DIM if not chosen else theme.PARCHMENT,
                                (x, cy), "midleft", style)


def dialog(surface: pygame.Surface, box: pygame.Rect) -> tuple[int, int, float]:
    """A dialog over a dimmed screen (the game stays visible beneath); returns ``(w, h, scale)``."""
    size = surface.get_size()
    s = scale(size)
    dim = pygame.Surface(size, pygame.SRCALPHA)
    dim.fill((6, 6, 10, 185))
    surface.blit(dim, (0, 0))
    theme.rounded_panel(surface, box, radius=int(16 * s), alpha=252)
    return size[0], size[1], s
