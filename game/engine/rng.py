"""A tiny seeded generator whose whole state is one integer.

The engine never touches :mod:`random`: a result must not depend on the
Python version, the platform or the process.  SplitMix64 is small, fast in
pure Python, and its state fits in the canonical text form of a game.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def next_u64(state: int) -> tuple[int, int]:
    """Return ``(new_state, output)``; both are 64-bit unsigned integers.

    >>> next_u64(0)
    (11400714819323198485, 16294208416658607535)
    """
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(value: int, n: int) -> int:
    """Map a 64-bit ``value`` to ``0 <= k < n`` (multiply-shift, no modulo)."""
    return (value * n) >> 64


class Rng:
    """A mutable SplitMix64 stream for code outside the game state (bots, tools)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def u64(self) -> int:
        self.state, out = next_u64(self.state)
        return out

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        return below(self.u64(), n)

    def choice(self, items):  # type: ignore[no-untyped-def]
        """One element of the non-empty sequence ``items``."""
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """An independent stream seeded from this one."""
        return Rng(self.u64())
