"""A small chart: the player's chance to win, decision by decision, with the costly moves marked."""

from __future__ import annotations

import pygame

from ..bots.analysis import Analysis
from . import theme
from .i18n import _


def draw_win_curve(surface: pygame.Surface, rect: pygame.Rect, analysis: Analysis, scale: float,
                   colour: theme.Color = theme.BRASS_LIGHT) -> list[tuple[int, tuple[int, int]]]:
    """Draw the curve of ``analysis`` in ``rect``; the marked mistakes' plies and their points.

    The y axis is the chance to win (0-100%, with a dashed even line); each
    decision is one step along x.  The chance after a mistake (the played
    move's value) hangs below the curve as a red drop.
    """
    theme.rounded_panel(surface, rect, radius=max(4, round(8 * scale)), alpha=200)
    small = max(9, round(12 * scale))
    pad_l, pad_r = theme.font(small).size("100%")[0] + round(14 * scale), round(14 * scale)   # (labels inside)
    pad_t, pad_b = round(14 * scale), round(24 * scale)
    plot = pygame.Rect(rect.x + pad_l, rect.y + pad_t, max(10, rect.w - pad_l - pad_r),
                       max(10, rect.h - pad_t - pad_b))
    for pct in (0, 50, 100):
        y = plot.bottom - plot.h * pct / 100
        theme.blit_text(surface, f"{pct}%", small, theme.TEXT_FAINT, (plot.x - round(6 * scale), y), "midright")
        if pct == 50:
            for x in range(plot.x, plot.right, max(4, round(10 * scale))):
                pygame.draw.line(surface, theme.FOG, (x, y), (min(plot.right, x + round(5 * scale)), y))
        else:
            pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, y), (plot.right, y))
    decisions = analysis.decisions
    if not decisions:
        theme.blit_text(surface, _("No decisions to analyse."), small, theme.TEXT_DIM, plot.center, "center")
        return []
    n = len(decisions)

    def at(i: int, chance: float) -> tuple[int, int]:
        x = plot.x + (plot.w * i / (n - 1) if n > 1 else plot.w / 2)
        return round(x), round(plot.bottom - plot.h * max(0.0, min(1.0, chance)))

    points = [at(i, d.chance_best) for i, d in enumerate(decisions)]
    # rounds along the bottom
    last_round = None
    for i, d in enumerate(decisions):
        if d.round != last_round:
            last_round = d.round
            x = points[i][0]
            pygame.draw.line(surface, theme.PANEL_EDGE, (x, plot.bottom), (x, plot.bottom + round(4 * scale)))
            theme.blit_text(surface, str(d.round), small, theme.TEXT_FAINT, (x, plot.bottom + round(5 * scale)),
                            "midtop")
    if len(points) > 1:
        pygame.draw.aalines(surface, colour, False, points)
        pygame.draw.lines(surface, colour, False, points, max(1, round(2 * scale)))
    marked = {d.ply for d in analysis.mistakes()}
    out = []
    r = max(3, round(4 * scale))
    for i, d in enumerate(decisions):
        p = points[i]
        if d.ply in marked:
            drop = at(i, d.chance_played)
            pygame.draw.line(surface, theme.BAD, p, drop, max(1, round(2 * scale)))
            theme.aa_circle(surface, theme.BAD, drop, r)
            theme.aa_circle(surface, theme.BAD, p, r)
            out.append((d.ply, p))
        else:
            theme.aa_circle(surface, colour, p, max(2, r - 1))
    return out


__all__ = ["draw_win_curve"]
