"""Colour-vision deficiency simulation, to check that the palettes stay tellable apart.

The matrices are Machado, Oliveira and Fernandes (2009), "A Physiologically-based
Model for Simulation of Color Vision Deficiency", severity 1.0, applied to
linear RGB.  :func:`simulate_surface` turns a rendered screen into what a
viewer with protanopia or deuteranopia sees (``python -m game.ui.colourblind
IN.png OUT_DIR`` writes both); :func:`palette_report` gives the closest pair
of a palette under each simulation, by the CIE76 colour difference.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import pygame

Color = tuple[int, int, int]

MACHADO_2009: dict[str, np.ndarray] = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
}
KINDS = tuple(MACHADO_2009)


def _to_linear(c: np.ndarray) -> np.ndarray:
    c = c / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _to_srgb(c: np.ndarray) -> np.ndarray:
    c = np.clip(c, 0.0, 1.0)
    c = np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055)
    return np.round(c * 255.0)


def simulate_array(rgb: np.ndarray, kind: str) -> np.ndarray:
    """``rgb`` (any shape ending in 3, 0-255) as seen with ``kind``."""
    m = MACHADO_2009[kind]
    return _to_srgb(_to_linear(rgb.astype(np.float64)) @ m.T)


def simulate_colour(c: Color, kind: str) -> Color:
    r, g, b = simulate_array(np.array(c, dtype=np.float64), kind)
    return int(r), int(g), int(b)


def simulate_surface(surface: pygame.Surface, kind: str) -> pygame.Surface:
    """A copy of ``surface`` as seen with ``kind`` (``protanopia`` or ``deuteranopia``)."""
    pixels = pygame.surfarray.array3d(surface)
    out = pygame.Surface(surface.get_size())
    pygame.surfarray.blit_array(out, simulate_array(pixels, kind).astype(np.uint8))
    return out


def lab(c: Color) -> np.ndarray:
    """CIE L*a*b* (D65) of an sRGB colour."""
    lin = _to_linear(np.array(c, dtype=np.float64))
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]) @ lin
    xyz = xyz / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def delta_e(a: Color, b: Color) -> float:
    """The CIE76 difference of two colours (about 2.3 is just noticeable; tokens want far more)."""
    return float(np.linalg.norm(lab(a) - lab(b)))


def closest_pair(palette: Mapping[str, Color], kind: str | None = None) -> tuple[float, str, str]:
    """The two names of ``palette`` whose colours (seen with ``kind``, or normally) are nearest."""
    names = sorted(palette)
    seen = {n: palette[n] if kind is None else simulate_colour(palette[n], kind) for n in names}
    best = (float("inf"), "", "")
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            best = min(best, (delta_e(seen[a], seen[b]), a, b))
    return best


def palette_report(palette: Mapping[str, Color]) -> dict[str, tuple[float, str, str]]:
    return {kind: closest_pair(palette, kind) for kind in (None, *KINDS)}  # type: ignore[misc]


def main(argv: Sequence[str]) -> int:
    """``IN.png OUT_DIR``: write ``<name>-protanopia.png`` and ``<name>-deuteranopia.png``."""
    if len(argv) != 2:
        print("usage: python -m game.ui.colourblind IN.png OUT_DIR", file=sys.stderr)
        return 2
    src, out = Path(argv[0]), Path(argv[1])
    out.mkdir(parents=True, exist_ok=True)
    image = pygame.image.load(str(src))
    for kind in KINDS:
        path = out / f"{src.stem}-{kind}.png"
        pygame.image.save(simulate_surface(image, kind), str(path))
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
