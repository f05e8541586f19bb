"""Win-rate intervals for self-play and arena reports."""

from __future__ import annotations

import math


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` out of ``n`` (95% by default).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def gain_z(a: tuple[int, int], b: tuple[int, int]) -> float:
    """How far ``a``'s win share (wins, games) stands above ``b``'s, in pooled standard errors:
    the two-proportion z that says whether a gain is more than noise.

    >>> round(gain_z((273, 400), (245, 400)), 2)
    2.07
    """
    (wa, na), (wb, nb) = a, b
    pooled = (wa + wb) / (na + nb)
    se = math.sqrt(pooled * (1 - pooled) * (1 / na + 1 / nb))
    return (wa / na - wb / nb) / se if se else 0.0
