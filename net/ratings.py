"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"), one per player and game.

(The paper prints 1464.06 / 151.52 / 0.05999 from rounded intermediate
values; unrounded, the same steps give 1464.05 / 151.517 / 0.059996.)

Each rated game is its own rating period for both players: each is updated
against the other's rating *before* the game.  A player who did not play
for a while gets less certain: before an update (and when a rating is
shown) the deviation grows by one step of :func:`idle` per whole
:data:`PERIOD` since the last game, never beyond :data:`RD_MAX`.

No I/O, no clocks: the store keeps the numbers, the lobby says when.

>>> r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
>>> round(r.rating, 1), round(r.rd, 2), round(r.vol, 6)
(1464.1, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

#: The Glicko-2 scale factor (400 / ln 10).
SCALE = 173.7178
#: A new player: 1500, deviation 350, volatility 0.06 (the paper's suggestion).
START, RD_MAX, VOL_START = 1500.0, 350.0, 0.06
#: The deviation never falls below this: a rating always moves a little after a game.
RD_MIN = 30.0
#: How far a rating may go (a guard against a runaway, never reached in play).
RATING_MIN, RATING_MAX = 100.0, 3500.0
#: The system constant (the paper suggests 0.3-1.2; smaller means steadier volatility).
TAU = 0.5
EPSILON = 1e-6
#: One rating period of inactivity: the deviation grows once per whole period without a game.
PERIOD = 86400.0
#: Above this deviation a rating is provisional (shown, flagged as not yet settled).
PROVISIONAL_RD = 110.0


@dataclass(frozen=True)
class Rating:
    rating: float = START
    rd: float = RD_MAX
    vol: float = VOL_START

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expect(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _bounded(rating: float, rd: float, vol: float) -> Rating:
    return Rating(min(RATING_MAX, max(RATING_MIN, rating)), min(RD_MAX, max(RD_MIN, rd)), vol)


def idle(r: Rating, periods: int = 1) -> Rating:
    """``r`` after ``periods`` rating periods without a game: only the deviation grows (step 6)."""
    if periods <= 0:
        return r
    phi = r.rd / SCALE
    return _bounded(r.rating, SCALE * math.sqrt(phi * phi + periods * r.vol * r.vol), r.vol)


def periods_between(last: float, now: float) -> int:
    """Whole :data:`PERIOD` s from ``last`` to ``now`` (0 if the clock went back)."""
    return max(0, int((now - last) // PERIOD))


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)
    phi2 = phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi2 + v:
        big_b = math.log(delta * delta - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0 and k < 1000:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    for _ in range(200):
        if abs(big_b - big_a) <= EPSILON:
            break
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2.0
        big_b, fb = c, fc
    return math.exp(big_a / 2.0)


def update(r: Rating, results: Iterable[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``r`` after one rating period with ``results``: (opponent's rating before, score 1/0.5/0).

    With no results this is :func:`idle` for one period.
    """
    games = list(results)
    if not games:
        return idle(r)
    mu, phi = (r.rating - START) / SCALE, r.rd / SCALE
    v_inv, total = 0.0, 0.0
    for opp, score in games:
        mu_j, phi_j = (opp.rating - START) / SCALE, opp.rd / SCALE
        g, e = _g(phi_j), _expect(mu, mu_j, phi_j)
        v_inv += g * g * e * (1.0 - e)
        total += g * (score - e)
    v = 1.0 / v_inv
    delta = v * total
    sigma = _volatility(phi, r.vol, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    return _bounded(SCALE * mu_new + START, SCALE * phi_new, sigma)


def game(a: Rating, b: Rating, score_a: float) -> tuple[Rating, Rating]:
    """Both players after one game between them (``score_a``: 1 a won, 0 b won, 0.5 a draw)."""
    return update(a, [(b, score_a)]), update(b, [(a, 1.0 - score_a)])
