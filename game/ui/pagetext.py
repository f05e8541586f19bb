"""The text of a game's rule pages, kept as a plain file beside its pictures (``game/ui/<game>/rules.txt``).

A page is a header line ``== <title> -> <picture>`` followed by its
paragraphs, one a line; ``== power of <character id> -> <picture>`` titles
the page with that character's name and power.  Lines starting with ``#``
and blank lines are passed over.  Every title and paragraph is an English
message of the translations: :func:`game.ui.i18n.extract` finds them here
as it finds ``_()`` calls in the code, so a page cannot go untranslated.

Keeping the words out of the code leaves each game's ``rules.py`` with only
what is its own: the pictures.  No pygame here: the extraction reads it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

HEADER = re.compile(r"==\s*(.+?)\s*->\s*(\w+)\s*$")
POWER = "power of "


@dataclass
class PageText:
    """One page as written: a title (or the character whose power it is), a picture's name, paragraphs."""

    title: str
    picture: str
    line: int
    power: str | None = None
    paragraphs: list[tuple[str, int]] = field(default_factory=list)  # (message, line)


def parse(text: str, where: str = "rules") -> list[PageText]:
    """The pages of a rules text, in reading order.

    :raises ValueError: on a paragraph before the first header, a header without a picture, or a page
        without paragraphs (the line says where).
    """
    pages: list[PageText] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("=="):
            m = HEADER.fullmatch(line)
            if m is None:
                raise ValueError(f"{where}:{number}: a page header reads '== <title> -> <picture>', not {line!r}")
            title, picture = m.groups()
            power = title[len(POWER):].strip() if title.startswith(POWER) else None
            if pages and not pages[-1].paragraphs:
                raise ValueError(f"{where}:{pages[-1].line}: the page {pages[-1].title!r} has no paragraph")
            pages.append(PageText(title, picture, number, power))
        elif not pages:
            raise ValueError(f"{where}:{number}: a paragraph before the first page header")
        else:
            pages[-1].paragraphs.append((line, number))
    if pages and not pages[-1].paragraphs:
        raise ValueError(f"{where}:{pages[-1].line}: the page {pages[-1].title!r} has no paragraph")
    return pages


def messages(path: Path) -> list[tuple[str, int]]:
    """``(message, line)`` for every translatable title and paragraph of a rules text."""
    out: list[tuple[str, int]] = []
    for page in parse(path.read_text("utf-8"), str(path)):
        if page.power is None:
            out.append((page.title, page.line))
        out += page.paragraphs
    return out
