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


def sign_test(up: int, down: int) -> float:
    """The exact two-sided sign test on paired results: the chance of a split of ``up + down``
    differing deals at least this uneven if either side were as likely to take each.

    Two levels played on the same deals mostly agree; only the deals they decide
    differently tell them apart, and there each is a coin toss if they are equal.

    >>> round(sign_test(55, 54), 3), round(sign_test(30, 12), 4)
    (1.0, 0.0079)
    """
    n, k = up + down, min(up, down)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def paired_gain_z(up: int, down: int, n: int) -> float:
    """The gain of ``up - down`` deals in ``n`` played by two levels, in its paired standard error
    (the deals both won or both lost add no noise).

    >>> round(paired_gain_z(30, 12, 400), 2)
    2.8
    """
    if n == 0:
        return 0.0
    d = (up - down) / n
    var = ((up + down) / n - d * d) / n
    return d / math.sqrt(var) if var > 0 else 0.0
