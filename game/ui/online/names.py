"""Players' names as this window can draw them.

The bundled DejaVu fonts cover Latin, Greek and Cyrillic, not Chinese or
Japanese, and the serif (the room's names) lacks many symbols such as the
umbrella ☂.  A name one of the name fonts cannot draw
is refused when the player types it, with a message saying which
characters; a name that comes from the server (another client's) shows
each character the fonts lack as ``?`` rather than as an empty box.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from .. import theme

#: The styles names are drawn in (the lists, the room, the board's panel).
NAME_STYLES = ("sans", "sans-bold", "serif-bold")
_PROBE = "\U0010fffd"      # a private-use code point no font has: its picture is the "missing" box


@lru_cache(maxsize=4096)
def drawable(ch: str) -> bool:
    """Whether every font style names are drawn in has a glyph for ``ch``."""
    if ch.isascii():
        return True
    for style in NAME_STYLES:
        f = theme.font(16, style)
        missing = pygame.image.tobytes(f.render(_PROBE, True, (255, 255, 255)), "RGBA")
        if pygame.image.tobytes(f.render(ch, True, (255, 255, 255)), "RGBA") == missing:
            return False
    return True


def undrawable(name: str) -> str:
    """The characters of ``name`` this window cannot draw, each once, in order."""
    out: list[str] = []
    for ch in name:
        if not drawable(ch) and ch not in out:
            out.append(ch)
    return "".join(out)


def shown_name(name: str | None) -> str | None:
    """``name`` with each character the fonts lack as ``?``."""
    if name is None:
        return None
    return "".join(ch if drawable(ch) else "?" for ch in name)
