"""The look of the client: palette, bundled fonts, and small cached drawing helpers.

Fonts load from ``assets/fonts`` (DejaVu, with Cyrillic, Polish and French
glyphs) so the game looks the same everywhere.  Rendered text and the
expensive soft shapes (glows, vignettes, gradients) are cached by their
arguments: a frame only blits.
"""

from __future__ import annotations

import contextlib
import functools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field as dc_field
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]
FONT_DIR = ROOT / "assets" / "fonts"
FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif.ttf",
    "serif-bold": "DejaVuSerif-Bold.ttf",
}

Color = tuple[int, int, int]

# ------------------------------------------------------------------ palette
# Night-time London: soot, fog, wet cobbles, brick, brass and gas light.
NIGHT = (14, 16, 22)
NIGHT_2 = (24, 27, 36)
FOG = (58, 66, 82)
INK = (10, 11, 14)
PANEL = (28, 30, 38)
PANEL_EDGE = (84, 72, 52)
PANEL_HI = (40, 43, 54)
PARCHMENT = (236, 224, 196)
TEXT = (232, 226, 212)
TEXT_DIM = (160, 154, 142)
TEXT_FAINT = (112, 108, 100)
BRASS = (201, 162, 84)
BRASS_DARK = (128, 98, 46)
BRASS_LIGHT = (240, 210, 140)
GASLIGHT = (255, 196, 104)
LAMP_GLOW = (255, 170, 70)
COBBLE = (124, 114, 100)
COBBLE_DARK = (62, 57, 52)
COBBLE_LIGHT = (150, 140, 124)
PAVEMENT = (70, 67, 64)
BRICK = (118, 52, 40)
BRICK_DARK = (78, 32, 26)
BRICK_LIGHT = (146, 72, 54)
MORTAR = (52, 36, 32)
ROOF = (36, 40, 52)
ROOF_LIGHT = (66, 72, 86)
WINDOW_LIT = (250, 200, 110)
WINDOW_DARK = (36, 38, 46)
BARRICADE_RED = (186, 44, 38)
BARRICADE_WHITE = (232, 228, 220)
JACK_RED = (196, 48, 52)
JACK_RED_DARK = (112, 22, 28)
INVESTIGATOR_BLUE = (86, 140, 214)
INVESTIGATOR_DARK = (30, 56, 96)
GOOD = (118, 190, 110)
WARN = (236, 170, 70)
BAD = (226, 88, 80)
HIGHLIGHT = (255, 214, 102)
SELECT = (120, 220, 255)
SIGHT = (255, 236, 150)

DETECTIVE_COLOURS: dict[str, Color] = {
    "holmes": (150, 62, 48),    # Inverness cape red-brown
    "watson": (52, 104, 74),    # army green
    "toby": (196, 150, 88),     # the dog's tan coat
}
SIDE_COLOURS = {"jack": JACK_RED, "investigator": INVESTIGATOR_BLUE}


def luminance(c: Color) -> float:
    return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255.0


def contrast_text(c: Color) -> Color:
    """Black or white, whichever reads better on ``c``."""
    return INK if luminance(c) > 0.55 else (248, 244, 236)


def mix(a: Color, b: Color, t: float) -> Color:
    t = max(0.0, min(1.0, t))
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def shade(c: Color, k: float) -> Color:
    """Darker (``k`` < 1) or lighter (``k`` > 1) version of ``c``."""
    if k <= 1:
        return mix((0, 0, 0), c, k)
    return mix(c, (255, 255, 255), k - 1)


# -------------------------------------------------------------------- fonts
_fonts: dict[tuple[str, int], pygame.font.Font] = {}


def font(size: int, style: str = "sans") -> pygame.font.Font:
    """The bundled font ``style`` (sans, sans-bold, serif, serif-bold) at ``size`` px."""
    size = max(6, int(size))
    key = (style, size)
    f = _fonts.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = pygame.font.Font(str(FONT_DIR / FONT_FILES[style]), size)
        _fonts[key] = f
    return f


_text_cache: dict[tuple, pygame.Surface] = {}


def text(s: str, size: int, color: Color = TEXT, style: str = "sans",
         shadow: bool = False) -> pygame.Surface:
    """A cached antialiased rendering of ``s`` (with an optional soft drop shadow)."""
    key = (s, int(size), color, style, shadow)
    surf = _text_cache.get(key)
    if surf is not None:
        return surf
    f = font(size, style)
    main = f.render(s, True, color)
    if shadow:
        off = max(1, int(size) // 14)
        sh = f.render(s, True, (0, 0, 0))
        sh.set_alpha(170)
        surf = pygame.Surface((main.get_width() + off, main.get_height() + off), pygame.SRCALPHA)
        surf.blit(sh, (off, off))
        surf.blit(main, (0, 0))
    else:
        surf = main
    if len(_text_cache) > 4000:
        _text_cache.clear()
    _text_cache[key] = surf
    return surf


# ------------------------------------------------------- text records (tests)
@dataclass
class TextRecord:
    """What was drawn while recording: texts with their rectangles, the fits asked, and the boxes."""

    drawn: list[tuple[pygame.Surface, str, int, pygame.Rect]] = dc_field(default_factory=list)
    fits: list[tuple[str, int, int, int, str]] = dc_field(default_factory=list)  # text, wanted, width, got, style
    boxes: list[tuple[pygame.Surface, pygame.Rect, int]] = dc_field(default_factory=list)  # ..., texts before


_record: TextRecord | None = None


@contextlib.contextmanager
def recording_text() -> Iterator[TextRecord]:
    """Record every text drawn with :func:`blit_text`, every :func:`fit_size` and every panel or button box.

    Tests use it to find text scaled below a readable size or crossing its box.
    """
    global _record
    previous, _record = _record, TextRecord()
    try:
        yield _record
    finally:
        _record = previous


def note_box(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Tell a recording that ``rect`` on ``surface`` is a framed box (a panel, a button)."""
    if _record is not None:
        _record.boxes.append((surface, pygame.Rect(rect), len(_record.drawn)))


def note_backdrop(surface: pygame.Surface) -> None:
    """Tell a recording that everything drawn so far on ``surface`` is now a dimmed backdrop.

    A modal dialog's texts lie over the scene below on purpose, so the boxes
    of that scene no longer count as borders they may cross.
    """
    if _record is not None:
        _record.boxes = [b for b in _record.boxes if b[0] is not surface]


def blit_text(surface: pygame.Surface, s: str, size: int, color: Color, pos: tuple[float, float],
              anchor: str = "topleft", style: str = "sans", shadow: bool = False,
              alpha: int = 255) -> pygame.Rect:
    """Draw ``s`` with its ``anchor`` point (a pygame.Rect attribute name) at ``pos``."""
    img = text(s, size, color, style, shadow)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if _record is not None:
        _record.drawn.append((surface, s, max(6, int(size)), rect))
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    surface.blit(img, rect)
    return rect


def fit_size(s: str, size: int, max_width: int, style: str = "sans", min_size: int = 8) -> int:
    """The largest font size up to ``size`` at which ``s`` fits in ``max_width`` pixels."""
    wanted = size = int(size)
    while size > min_size and font(size, style).size(s)[0] > max_width:
        size -= 1
    if _record is not None:
        _record.fits.append((s, wanted, int(max_width), size, style))
    return size


#: the font size (px) under which a label wraps instead of shrinking ...
READABLE = 10
#: ... and the least size any text is drawn at (one long word in a narrow button)
SMALLEST = 9


def fit_lines(s: str, size: int, max_width: int, style: str = "sans", max_lines: int = 2,
              min_size: int = READABLE) -> tuple[int, list[str]]:
    """A size and the lines to draw ``s`` in ``max_width``: one line shrunk down to ``min_size``,
    else up to ``max_lines`` wrapped lines (the largest size at which they fit)."""
    size = max(int(size), min_size)
    for sz in range(size, min_size - 1, -1):
        if font(sz, style).size(s)[0] <= max_width:
            return sz, [s]
    for sz in range(size, min_size - 1, -1):
        lines = wrap(s, sz, max_width, style)
        if len(lines) <= max_lines and all(font(sz, style).size(li)[0] <= max_width for li in lines):
            return sz, lines
    return min_size, wrap(s, min_size, max_width, style) if max_lines > 1 else [s]


def blit_lines(surface: pygame.Surface, lines: list[str], size: int, color: Color, center: tuple[float, float],
               style: str = "sans") -> None:
    """Lines centred as a block on ``center``."""
    lh = font(size, style).get_linesize()
    top = center[1] - lh * len(lines) / 2
    for i, li in enumerate(lines):
        blit_text(surface, li, size, color, (center[0], top + lh * (i + 0.5)), "center", style)


def wrap(s: str, size: int, max_width: int, style: str = "sans") -> list[str]:
    """Split ``s`` into lines that fit ``max_width`` at ``size`` (words kept whole)."""
    f = font(size, style)
    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = w if not line else f"{line} {w}"
            if f.size(trial)[0] <= max_width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines


# ------------------------------------------------------------ soft shapes
@functools.lru_cache(maxsize=64)
def glow(radius: int, color: Color, strength: float = 1.0) -> pygame.Surface:
    """A radial light falloff for additive blending (``BLEND_RGB_ADD``)."""
    radius = max(2, int(radius))
    size = radius * 2
    surf = pygame.Surface((size, size))
    surf.fill((0, 0, 0))
    steps = max(8, radius // 2)
    for i in range(steps, 0, -1):
        r = radius * i / steps
        k = (1 - i / steps) ** 2 * strength
        pygame.draw.circle(surf, mix((0, 0, 0), color, min(1.0, k)), (radius, radius), r)
    return surf


@functools.lru_cache(maxsize=16)
def vignette(size: tuple[int, int], strength: int = 170) -> pygame.Surface:
    """A dark frame fading towards the middle, to blit over a background."""
    w, h = size
    small = pygame.Surface((64, 40), pygame.SRCALPHA)
    for y in range(40):
        for x in range(64):
            dx = (x + 0.5) / 64 - 0.5
            dy = (y + 0.5) / 40 - 0.5
            d = math.hypot(dx * 1.1, dy * 1.25) / 0.62
            a = max(0.0, min(1.0, (d - 0.45) / 0.6)) ** 1.6
            small.set_at((x, y), (0, 0, 0, int(a * strength)))
    return pygame.transform.smoothscale(small, (max(1, w), max(1, h)))


def vertical_gradient(size: tuple[int, int], top: Color, bottom: Color) -> pygame.Surface:
    w, h = size
    strip = pygame.Surface((1, 64))
    for y in range(64):
        strip.set_at((0, y), mix(top, bottom, y / 63))
    return pygame.transform.smoothscale(strip, (max(1, w), max(1, h)))


@functools.lru_cache(maxsize=32)
def night_backdrop(size: tuple[int, int], seed: int = 7) -> pygame.Surface:
    """The window background: a foggy night sky over dim roofs, with a vignette."""
    import random

    w, h = size
    surf = vertical_gradient(size, (20, 24, 34), (10, 11, 15))
    rnd = random.Random(seed)
    # drifting fog banks
    fog = pygame.Surface((max(1, w // 4), max(1, h // 4)), pygame.SRCALPHA)
    for _ in range(26):
        x = rnd.uniform(0, fog.get_width())
        y = rnd.uniform(fog.get_height() * 0.25, fog.get_height())
        r = rnd.uniform(fog.get_height() * 0.08, fog.get_height() * 0.28)
        pygame.draw.circle(fog, (70, 80, 100, rnd.randint(8, 20)), (x, y), r)
    fog = pygame.transform.gaussian_blur(fog, 6)
    surf.blit(pygame.transform.smoothscale(fog, (w, h)), (0, 0))
    # a few distant lamps
    for _ in range(10):
        x, y = rnd.uniform(0, w), rnd.uniform(h * 0.55, h)
        g = glow(int(min(w, h) * rnd.uniform(0.05, 0.11)), (60, 42, 18))
        surf.blit(g, g.get_rect(center=(x, y)), special_flags=pygame.BLEND_RGB_ADD)
    surf.blit(vignette(size, 200), (0, 0))
    return surf.convert() if pygame.display.get_surface() else surf


def rounded_panel(surface: pygame.Surface, rect: pygame.Rect, fill: Color = PANEL,
                  edge: Color = PANEL_EDGE, radius: int = 10, width: int = 2,
                  alpha: int = 236) -> None:
    """A dark panel with a brass edge and a faint inner highlight."""
    r = pygame.Rect(rect)
    if r.w <= 0 or r.h <= 0:
        return
    note_box(surface, r)
    panel = _panel_surface(r.size, fill, edge, radius, width, alpha)
    surface.blit(panel, r.topleft)


@functools.lru_cache(maxsize=128)
def _panel_surface(size: tuple[int, int], fill: Color, edge: Color, radius: int, width: int,
                   alpha: int) -> pygame.Surface:
    w, h = size
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (*fill, alpha), (0, 0, w, h), border_radius=radius)
    if width:
        pygame.draw.rect(s, (*edge, 255), (0, 0, w, h), width, border_radius=radius)
        pygame.draw.rect(s, (*shade(edge, 0.5), 160), (width, width, w - 2 * width, h - 2 * width), 1,
                         border_radius=max(0, radius - width))
    return s


def aa_circle(surface: pygame.Surface, color, center, radius: float, width: int = 0) -> None:
    """A filled (``width`` 0) or outlined antialiased circle."""
    if radius <= 0:
        return
    if width == 0:
        pygame.draw.aacircle(surface, color, center, radius)
    else:
        pygame.draw.aacircle(surface, color, center, radius, width)


def hourglass(surface: pygame.Surface, center: tuple[float, float], size: float, color: Color,
              sand: Color = GASLIGHT) -> None:
    """A small hourglass icon ``size`` pixels tall."""
    cx, cy = center
    h = size / 2
    w = size * 0.34
    pygame.draw.line(surface, color, (cx - w - 1, cy - h), (cx + w + 1, cy - h), max(1, int(size / 9)))
    pygame.draw.line(surface, color, (cx - w - 1, cy + h), (cx + w + 1, cy + h), max(1, int(size / 9)))
    top = [(cx - w, cy - h + 1), (cx + w, cy - h + 1), (cx + 1, cy), (cx - 1, cy)]
    bot = [(cx - 1, cy), (cx + 1, cy), (cx + w, cy + h - 1), (cx - w, cy + h - 1)]
    pygame.draw.polygon(surface, shade(color, 0.45), top)
    pygame.draw.polygon(surface, shade(color, 0.45), bot)
    pygame.draw.polygon(surface, sand, [(cx - w * 0.55, cy - h * 0.45), (cx + w * 0.55, cy - h * 0.45),
                                        (cx, cy)])
    pygame.draw.polygon(surface, sand, [(cx, cy + h * 0.35), (cx + w * 0.7, cy + h - 2),
                                        (cx - w * 0.7, cy + h - 2)])
    pygame.draw.aalines(surface, color, True, top)
    pygame.draw.aalines(surface, color, True, bot)


def magnifier(surface: pygame.Surface, center: tuple[float, float], size: float, color: Color) -> None:
    """A magnifying-glass icon (the investigator's mark) ``size`` pixels across."""
    cx, cy = center
    r = size * 0.3
    ox, oy = cx - size * 0.1, cy - size * 0.1
    w = max(2, int(size / 8))
    pygame.draw.line(surface, color, (ox + r * 0.7, oy + r * 0.7), (cx + size * 0.42, cy + size * 0.42),
                     w + 1)
    aa_circle(surface, color, (ox, oy), r + w / 2)
    aa_circle(surface, mix(color, (200, 230, 255), 0.35), (ox, oy), r - w / 2)
    aa_circle(surface, (255, 255, 255), (ox - r * 0.3, oy - r * 0.3), max(1.0, r * 0.22))


def side_colour(side: str) -> Color:
    return SIDE_COLOURS.get(side, TEXT)


def clear_caches() -> None:
    """Forget cached surfaces (after a display mode change)."""
    _text_cache.clear()
    glow.cache_clear()
    vignette.cache_clear()
    night_backdrop.cache_clear()
    _panel_surface.cache_clear()
    city_night.cache_clear()


@functools.lru_cache(maxsize=8)
def city_night(size: tuple[int, int], seed: int = 3) -> pygame.Surface:
    """Menu background: fog, a pale moon and a row of Whitechapel roofs with lit windows."""
    import random

    w, h = size
    surf = vertical_gradient(size, (26, 30, 44), (12, 12, 18))
    rnd = random.Random(seed)
    # moon behind the fog, right of the widest title line (the room screen's address at 800x600)
    mx, my, mr = int(w * 0.85), int(h * 0.14), max(10, int(min(w, h) * 0.07))
    g = glow(mr * 5, (60, 62, 70))
    surf.blit(g, g.get_rect(center=(mx, my)), special_flags=pygame.BLEND_RGB_ADD)
    pygame.draw.circle(surf, (214, 212, 196), (mx, my), mr)
    pygame.draw.circle(surf, (190, 188, 172), (mx + mr * 0.3, my - mr * 0.2), mr * 0.22)
    pygame.draw.circle(surf, (196, 194, 178), (mx - mr * 0.35, my + mr * 0.3), mr * 0.15)
    # two rows of roofs: far (pale) and near (dark)
    for row, (base_y, col, hmin, hmax) in enumerate(((0.62, (34, 38, 52), 0.1, 0.22),
                                                    (0.74, (16, 17, 23), 0.12, 0.3))):
        x = -rnd.randint(0, 40)
        while x < w:
            bw = int(w * rnd.uniform(0.05, 0.11))
            bh = int(h * rnd.uniform(hmin, hmax))
            top = int(h * base_y) - bh
            pygame.draw.rect(surf, col, (x, top, bw, h - top))
            if rnd.random() < 0.5:  # gabled roof
                pygame.draw.polygon(surf, col, [(x, top), (x + bw // 2, top - int(bw * 0.35)), (x + bw, top)])
            for _ in range(rnd.randint(1, 3)):  # chimneys with pots
                cx = x + rnd.randint(2, max(3, bw - 12))
                ch = int(h * 0.03)
                pygame.draw.rect(surf, col, (cx, top - ch, max(6, bw // 9), ch))
            if row == 1:  # lit windows
                for wy in range(top + 14, int(h * 0.86), 26):
                    for wx in range(x + 8, x + bw - 12, 20):
                        if rnd.random() < 0.15:
                            lit = mix(WINDOW_LIT, (255, 236, 190), rnd.random() * 0.4)
                            pygame.draw.rect(surf, lit, (wx, wy, 8, 11))
                            gl = glow(14, (60, 40, 12))
                            surf.blit(gl, gl.get_rect(center=(wx + 4, wy + 5)), special_flags=pygame.BLEND_RGB_ADD)
            x += bw + rnd.randint(0, 6)
    # fog over the street
    fog = pygame.Surface((max(1, w // 6), max(1, h // 6)), pygame.SRCALPHA)
    for _ in range(40):
        fx, fy = rnd.uniform(0, fog.get_width()), rnd.uniform(fog.get_height() * 0.45, fog.get_height())
        pygame.draw.circle(fog, (90, 100, 120, rnd.randint(10, 26)), (fx, fy),
                           rnd.uniform(fog.get_height() * 0.08, fog.get_height() * 0.25))
    fog = pygame.transform.gaussian_blur(fog, 6)
    surf.blit(pygame.transform.smoothscale(fog, (w, h)), (0, 0))
    # gas lamps on the street
    for lx in (0.12, 0.5, 0.88):
        x, y = int(w * lx), int(h * 0.9)
        gl = glow(int(min(w, h) * 0.2), (120, 80, 30))
        surf.blit(gl, gl.get_rect(center=(x, y - int(h * 0.12))), special_flags=pygame.BLEND_RGB_ADD)
        pygame.draw.line(surf, (10, 10, 12), (x, y), (x, y - int(h * 0.12)), max(3, w // 300))
        pygame.draw.circle(surf, (255, 214, 140), (x, y - int(h * 0.125)), max(4, w // 200))
    surf.blit(vignette(size, 210), (0, 0))
    return surf.convert() if pygame.display.get_surface() else surf
