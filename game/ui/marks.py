"""The two-letter marks on character tokens, taken from the names in the current language.

A single capital was ambiguous (London's Smith and Stealthy were both "S",
New York's Callahan and Cloud Runner both "C") and did not follow the
translated names.  A mark is the name's first two letters ("Sm", "St"), or
the initials of a name of several words ("CR"); names that would still
share a mark end it with their last letter instead ("Лд" and "Лн" for
Лестрейд and Лейн).  Marks are unique within a game in every language, so a
token can be told apart without its colour.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def _first(name: str) -> str:
    words = [w for w in name.replace("-", " ").split() if len(w) >= 3] or name.split() or ["?"]
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    w = words[0]
    return w[0].upper() + w[1:2].lower()


def marks(names: Sequence[str]) -> list[str]:
    """The mark of each of ``names`` (one game's characters), all different, case ignored."""
    first = [_first(n) for n in names]
    out = list(first)
    for m in first:
        twins = [j for j, o in enumerate(first) if o.casefold() == m.casefold()]
        if len(twins) > 1:
            for j in twins:
                word = names[j].split()[-1]
                out[j] = word[0].upper() + word[-1].lower()
    for i, m in enumerate(out):  # a last resort no name of ours needs: the position in the list
        if [o.casefold() for o in out].count(m.casefold()) > 1:
            out[i] = f"{m[0]}{i + 1}"
    return out


def mark_function(short: Callable[[int], str], count: int) -> Callable[[int], str]:
    """``mark(i)``: character ``i``'s mark, from ``short`` names looked up when called (language changes)."""
    def mark(i: int) -> str:
        return marks([short(c) for c in range(count)])[i]

    return mark
