"""Sprite-drawing helpers the hex boards share: hexagons, paved cells, and the supersampled canvases
every token and printed board is drawn on before it is scaled down once.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from .. import theme


def hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The corners of a flat-topped hexagon of radius ``r`` around (cx, cy)."""
    return [(cx + r * math.cos(math.pi / 3 * k), cy + r * math.sin(math.pi / 3 * k)) for k in range(6)]


SS = 3  # sprites are drawn three times larger and scaled down once, for smooth edges


def token_canvas(r: int, extent: float, shadow: tuple[float, float, int]) -> tuple[pygame.Surface, int, float]:
    """A square canvas for a round token of radius ``r`` drawn :data:`SS` times larger, ``extent`` radii
    wide, with a disc's shadow under it (``shadow``: its offset in radii and its alpha): the canvas, the large
    radius and the centre."""
    R = r * SS
    size = int(R * extent)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    dx, dy, alpha = shadow
    pygame.draw.circle(surf, (0, 0, 0, alpha), (c + R * dx, c + R * dy), R)
    return surf, R, c


def board_canvas(L: Any, ss: int = 2) -> tuple[pygame.Surface, float, int]:
    """A canvas for a printed board ``ss`` times the size of ``L.board`` (scaled down once drawn): the canvas,
    the hex radius on it and ``ss``."""
    bw, bh = L.board.size
    return pygame.Surface((bw * ss, bh * ss)), L.R * ss, ss


def finish(surf: pygame.Surface) -> pygame.Surface:
    """A sprite drawn :data:`SS` times larger, scaled down to its size."""
    return pygame.transform.smoothscale(surf, (surf.get_width() // SS, surf.get_height() // SS))


def cobbles(S: pygame.Surface, c: tuple[float, float], R: float, rnd: Any, ground: theme.Color,
            stone: theme.Color, edge: theme.Color) -> None:
    """A paved hex cell of radius ``R`` at ``c``: rows of setts in shades of ``stone`` on ``ground``."""
    cx, cy = c
    pts = hexagon(cx, cy, R * 1.01)
    pygame.draw.polygon(S, ground, pts)
    clip = pygame.Rect(cx - R, cy - R, 2 * R, 2 * R)
    tile = pygame.Surface(clip.size, pygame.SRCALPHA)
    st = R * 0.2
    y = 0.0
    k = 0
    while y < clip.h:
        x = -(k % 2) * st * 0.5
        while x < clip.w:
            w = st * rnd.uniform(0.8, 1.2)
            col = theme.shade(stone, rnd.uniform(0.72, 1.06))
            pygame.draw.rect(tile, col, (x + 1, y + 1, w - 2, st - 2), border_radius=int(st * 0.3))
            x += w
        y += st
        k += 1
    mask = pygame.Surface(clip.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), hexagon(R, R, R * 0.97))
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    S.blit(tile, clip)
    pygame.draw.polygon(S, edge, pts, max(1, int(R * 0.045)))
