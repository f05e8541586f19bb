"""The end of an online game: the usual results, plus what the check of the other side found.

"Both sides verified: fair game" when the audit passed; "Your opponent
cheated: ..." with the first broken promise; for a desync the two views
went apart, and Save report writes both sides' texts and the log to the
user data folder.  A game that stopped before its end (the other left, the
connection could not come back) shows why instead of a winner.
"""

from __future__ import annotations

from typing import Any

import pygame
from twisted.internet import defer

from .. import theme
from ..i18n import N_, _
from ..online import form as look
from ..scene import register
from ..widgets import Button, Menu, draw_title, ornament
from .results import ResultsScene

RANKED_H = 84   # the room the server's verdict and the rematch line take (at scale 1)


def verdict(result: Any, role: str | None, game: str = "pocket") -> tuple[str, str, theme.Color]:
    """``(headline, detail, colour)`` of a :class:`net.session.Result` for the player of ``role``.

    ``game`` names the rule set: only Pocket throws tokens, so only its check speaks of throws.
    """
    if result is None:
        return _("Not verified"), "", theme.WARN
    status = result.status
    finding = result.finding or {}
    if status == "finished" and result.verified:
        if game == "pocket":
            checked = _("Every witness answer, card and throw was checked.")
        else:
            checked = _("Every witness answer and every card was checked.")
        return _("Both sides verified: fair game"), checked, theme.GOOD
    if status == "cheat":
        detail = result.reason or str(finding)
        side = finding.get("side")
        if side == "relay":
            return _("The server changed a message"), detail, theme.BAD
        if role == "spectator":
            who = _("Jack") if side == "jack" else _("The investigator")
            return _("{side} cheated").format(side=who), detail, theme.BAD
        if result.opponent_cheated:
            return _("Your opponent cheated: {finding}").format(finding=detail), "", theme.BAD
        return _("The check found a fault on your side"), detail, theme.BAD
    if status == "desync":
        return (_("The two games went out of step (desync)"),
                _("Save the report and send it to the developers, please."), theme.WARN)
    if status == "violation":
        return _("The game was stopped: a message broke the rules"), result.reason, theme.BAD
    if status == "resigned":
        loser = "jack" if result.winner == "investigator" else "investigator"
        if loser == role:
            return _("You resigned"), _("Stopping a game without proof counts as a resignation."), theme.WARN
        who = _("Jack") if loser == "jack" else _("The investigator")
        return (_("{side} resigned").format(side=who),
                _("They stopped the game without proof: that counts as a resignation, and your secrets stayed "
                  "closed."), theme.GOOD if role != "spectator" else theme.WARN)
    if status == "unverified":
        return _("Not verified: the other side did not open its keys"), result.reason, theme.WARN
    if status == "claimed":
        why = _("The game was not played to its end, so its cards were not checked.")
        if role == result.winner:
            return _("You won by claim"), why, theme.GOOD
        if role in ("jack", "investigator"):
            return _("You lost by claim"), why, theme.BAD
        who = _("Jack") if result.winner == "jack" else _("The investigator")
        return _("{side} won by claim").format(side=who), why, theme.WARN
    return _("The game was stopped"), result.reason, theme.WARN


def claim_text(result: Any, role: str | None) -> str:
    """Why a claimed game was given to its winner, said to the player of ``role``."""
    loser = "investigator" if result.winner == "jack" else "jack"
    how = result.termination
    if loser == role:
        text = {"flag": _("Your time ran out."), "away": _("You did not come back in time."),
                "resign": _("You left the game.")}.get(how, "")
    elif loser == "jack":
        text = {"flag": _("Jack's time ran out."), "away": _("Jack did not come back in time."),
                "resign": _("Jack left the game.")}.get(how, "")
    else:
        text = {"flag": _("The investigator's time ran out."),
                "away": _("The investigator did not come back in time."),
                "resign": _("The investigator left the game.")}.get(how, "")
    return text or result.reason


def reason_text(result: Any, role: str | None) -> str:
    """Why a game stopped, in the player's words where the reason is a known one (else as the peer said it)."""
    if result is None:
        return ""
    reason = (result.reason or "").strip()

    def side_name(side: str) -> str:
        if side == role:
            return _("You")
        return {"jack": _("Jack"), "investigator": _("The investigator")}.get(side, side)
    first = reason.split(" ", 1)[0]
    if result.status == "claimed":
        return claim_text(result, role)
    if result.status == "desync" and result.ply is not None:
        return _("After step {ply}, the two views of the game no longer matched.").format(ply=result.ply)
    if reason.endswith(" left the game") and first in ("jack", "investigator"):
        return _("{side} left the game.").format(side=side_name(first))
    if reason.endswith("opened its keys and resigned") and first in ("jack", "investigator"):
        return _("{side} resigned.").format(side=side_name(first))
    if reason.startswith("could not reconnect") or reason.startswith("the server did not come back"):
        return _("The connection could not be restored in time.")
    if reason.startswith("the seat is gone"):
        return _("The seat was given up.")
    if reason.startswith("the server no longer has this game"):
        return _("The server no longer has this game (it was restarted without keeping its rooms).")
    if reason.startswith("the other side did not open its keys"):
        return _("The other side did not open its keys in time.")
    if " stopped the game without proof" in reason and first in ("jack", "investigator"):
        return _("{side} stopped the game without proof: a resignation.").format(side=side_name(first))
    if " stopped the game: " in reason and first in ("jack", "investigator"):
        return _("{side} stopped the game: {why}").format(side=side_name(first), why=reason.split(": ", 1)[1])
    return reason


@register("online_results")
class OnlineResultsScene(ResultsScene):
    """``driver`` holds the result; ``record``/``final`` are the full game when the check opened it."""

    def __init__(self, app: Any, driver: Any, record: Any, final: Any, snapshot: pygame.Surface | None = None) -> None:
        full = driver.full_record is not None and driver.full_final is not None
        super().__init__(app, driver.full_record if full else record, driver.full_final if full else final, snapshot)
        self.driver = driver
        self.result = driver.result
        self.full = full
        role = driver.role
        self.human = None
        if role in ("jack", "investigator"):
            from ...engine.core import Side

            self.human = Side(role)
        buttons = []
        if full:
            buttons.append(Button(N_("Replay"), self.replay, kind="primary"))
        if self.result is not None and getattr(self.result, "desync", None) is not None:
            buttons.append(Button(N_("Save report"), self.save_report, kind="primary"))
        self.seated = role in ("jack", "investigator") and driver.how != "spectate"
        self.rematch_button = Button(N_("Rematch (sides swapped)"), self.offer_rematch)
        self.rematch_button.visible = self.seated
        buttons.append(self.rematch_button)
        buttons += [Button(N_("Play online"), self.again), Button(N_("Title screen"), self.title)]
        self.menu = Menu(buttons)
        self.accept_button = Button(N_("Accept"), self.offer_rematch, kind="primary")
        self.decline_button = Button(N_("Decline"), self.decline_rematch)
        self.accept_button.visible = self.decline_button.visible = False
        self.generation = driver.generation
        self.declined_by: str | None = None     # the side that said no to the rematch
        self.unavailable = ""                   # why a rematch cannot be had
        if self.seated:
            game = driver.game
            game.on_rematch_offer = self._offered
            game.on_rematch_declined = self._declined

    @property
    def over(self) -> bool:
        return self.final is not None and self.final.is_over() and self.final.outcome is not None

    # -------------------------------------------------------------- rematch
    @property
    def rematch_state(self) -> str | None:
        """``None`` (nothing yet), ``offered`` (by us), ``asked`` (by the other player) or ``declined``."""
        if self.declined_by is not None or self.unavailable:
            return "declined"
        return self.driver.game.rematch if self.seated else None

    def _opponent_name(self) -> str:
        side = self.driver.opponent
        return (self.driver.players.get(side) if side else None) or _("Your opponent")

    def _offered(self, side: str) -> None:
        self.app.play("click")
        self.toast.show(_("{name} offers a rematch").format(name=self._opponent_name()), "info", 4.0)

    def _declined(self, side: str) -> None:
        self.declined_by = side

    def offer_rematch(self) -> None:
        """Offer a rematch with the sides swapped, or accept the other player's offer."""
        if not self.seated or self.rematch_state in ("offered", "declined"):
            return
        self.app.play("click")
        defer.maybeDeferred(self.driver.game.offer_rematch).addErrback(self._rematch_failed)

    def decline_rematch(self) -> None:
        if self.rematch_state != "asked":
            return
        self.app.play("click")
        self.declined_by = self.driver.role
        defer.maybeDeferred(self.driver.game.decline_rematch).addErrback(self._rematch_failed)

    def _rematch_failed(self, failure: Any) -> None:
        from ..online.errors import net_error_text

        self.unavailable = net_error_text(failure)
        self.toast.show(_("No rematch: {reason}").format(reason=self.unavailable), "error", 4.5)

    def rematch_line(self) -> tuple[str, theme.Color]:
        """What the rematch stands at, in words (``""`` before anyone asked)."""
        state, name = self.rematch_state, self._opponent_name()
        if self.unavailable:
            return _("No rematch: {reason}").format(reason=self.unavailable), theme.WARN
        if state == "declined":
            if self.declined_by == self.driver.role:
                return _("You declined the rematch."), theme.TEXT_DIM
            return _("{name} declined the rematch.").format(name=name), theme.WARN
        if state == "offered":
            return _("Waiting for {name} to accept the rematch…").format(name=name), theme.PARCHMENT
        if state == "asked":
            return _("{name} offers a rematch (sides swapped)").format(name=name), theme.BRASS_LIGHT
        return "", theme.TEXT

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.seated:
            state = self.rematch_state
            self.rematch_button.enabled = state in (None, "asked") and self.driver.game.client.connected
            self.rematch_button.visible = state != "asked"
            self.accept_button.visible = self.decline_button.visible = state == "asked"
        d = self.driver
        if d.generation != self.generation and d.ready:       # the rematch has begun
            self.app.stack.replace(d.scene_for())

    def on_exit(self) -> None:
        if self.driver.generation == self.generation:      # (a rematch keeps the connection)
            self.driver.close()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._layout(self.app.size)
        for b in (self.accept_button, self.decline_button):
            if b.visible and b.handle_event(event):
                return None
        if self.accept_button.visible and event.type == pygame.KEYDOWN and event.key in (pygame.K_y, pygame.K_n):
            (self.offer_rematch if event.key == pygame.K_y else self.decline_rematch)()
            return None
        return super().handle_event(event)

    # -------------------------------------------------------------- actions
    def save_report(self) -> None:
        self.app.play("click")
        try:
            path = self.driver.save_report()
        except OSError as exc:
            self.toast.show(_("The report could not be saved: {reason}").format(reason=exc.strerror or exc),
                            "error", 4.5)
            return
        if path is not None:
            self.toast.show(_("Report saved: {path}").format(path=str(path)), "good", 6.0)

    def again(self) -> None:
        self.app.play("click")
        self.app.stack.clear(self.app.stack.make("title", self.app))
        self.app.stack.push(self.app.stack.make("online_connect", self.app))

    # ----------------------------------------------------------------- draw
    def _geometry(self, size: tuple[int, int]) -> tuple[pygame.Rect, float]:
        """Taller than the local results (room for the check's verdict); smaller when the game stopped."""
        w, h = size
        s = min(w / 1280, h / 800)
        tall = (720 if self.over else 520) + (RANKED_H if self.seated else 0)
        panel = pygame.Rect(0, 0, min(w - 40, int(900 * s)), min(h - 20, int(tall * s)))
        panel.center = (w // 2, h // 2)
        return panel, s

    def _layout(self, size: tuple[int, int]) -> None:
        panel, s = self._geometry(size)
        shown: list[Button] = []
        for b in self.menu.buttons:     # an offer from the other player: Accept and Decline in the rematch's place
            if b is self.rematch_button and self.accept_button.visible:
                shown += [self.accept_button, self.decline_button]
            elif b.visible:
                shown.append(b)
        n = len(shown)
        gap = int(14 * s)
        bw = min(max(130, int(190 * s)), (panel.w - 40 - (n - 1) * gap) // n)
        bh = max(34, int(46 * s))
        total = n * bw + (n - 1) * gap
        y = panel.bottom - bh - int(24 * s)
        for i, b in enumerate(shown):
            b.rect = pygame.Rect(panel.centerx - total // 2 + i * (bw + gap), y, bw, bh)

    def _draw_ranked(self, surface: pygame.Surface, panel: pygame.Rect, y: int, s: float) -> None:
        """The server's verdict and the rating change, then the rematch line, from ``y`` down."""
        from ..online.ranked import judged_text, rating_change

        judged = self.driver.game.judged
        head, detail = judged_text(judged, self.driver.role)
        change = rating_change(judged, self.driver.role)
        size = max(11, int(17 * s))
        width = int(panel.w * 0.9)
        line = head if change is None else f"{head} · {change[0]}"
        col = theme.TEXT if change is None else theme.GOOD if change[1] > 0 else theme.BAD if change[1] < 0 \
            else theme.PARCHMENT
        theme.blit_text(surface, line, theme.fit_size(line, size, width, "sans-bold"), col, (panel.centerx, y),
                        "midtop", "sans-bold")
        y += theme.font(size, "sans-bold").get_linesize()
        if detail:
            small = max(10, int(14 * s))
            theme.blit_text(surface, detail, theme.fit_size(detail, small, width), theme.TEXT_DIM,
                            (panel.centerx, y), "midtop")
            y += theme.font(small).get_linesize()
        text, col = self.rematch_line()
        if text:
            size = max(11, int(16 * s))
            theme.blit_text(surface, text, theme.fit_size(text, size, width, "sans-bold"), col,
                            (panel.centerx, y + int(6 * s)), "midtop", "sans-bold")
        for b in (self.accept_button, self.decline_button):
            if b.visible:
                b.draw(surface)

    def _verdict_box(self, surface: pygame.Surface, panel: pygame.Rect, y: int, s: float) -> None:
        head, detail, col = verdict(self.result, self.driver.role, getattr(self.record, "game", "pocket"))
        size = max(12, int(19 * s))
        width = int(panel.w * 0.86)
        lines = theme.wrap(head, size, width - int(60 * s), "sans-bold")[:2]
        small = max(10, int(14 * s))
        dlines = theme.wrap(detail, small, width - int(60 * s))[:2] if detail else []
        lh, slh = theme.font(size, "sans-bold").get_linesize(), theme.font(small).get_linesize()
        box = pygame.Rect(0, y, width, len(lines) * lh + len(dlines) * slh + int(16 * s))
        box.centerx = panel.centerx
        theme.rounded_panel(surface, box, fill=theme.mix(theme.PANEL, col, 0.12), edge=col, radius=int(10 * s),
                            alpha=240)
        # a tick or a cross
        cx, cy, r = box.x + int(26 * s), box.centery, max(7, int(11 * s))
        theme.aa_circle(surface, col, (cx, cy), r, 2)
        if col == theme.GOOD:
            pygame.draw.lines(surface, col, False, [(cx - r * 0.5, cy), (cx - r * 0.1, cy + r * 0.45),
                                                   (cx + r * 0.55, cy - r * 0.4)], max(2, int(3 * s)))
        else:
            pygame.draw.line(surface, col, (cx, cy - r * 0.5), (cx, cy + r * 0.15), max(2, int(3 * s)))
            theme.aa_circle(surface, col, (cx, cy + r * 0.45), max(1.5, r * 0.12))
        ty = box.y + int(8 * s)
        for line in lines:
            theme.blit_text(surface, line, size, col, (cx + r + int(14 * s), ty), "topleft", "sans-bold")
            ty += lh
        for line in dlines:
            theme.blit_text(surface, line, small, theme.TEXT_DIM, (cx + r + int(14 * s), ty), "topleft")
            ty += slh

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        panel, s = self._geometry(size)
        if self.over:
            super().draw(surface)
            # the check's verdict, between the figures and the buttons (and the server's, for a player)
            y = self.menu.buttons[0].rect.y - int(74 * s) - (int(RANKED_H * s) if self.seated else 0)
            self._verdict_box(surface, panel, y, s)
            if self.seated:
                self._draw_ranked(surface, panel, self.menu.buttons[0].rect.y - int(RANKED_H * s) - int(8 * s), s)
            self.menu.draw(surface)
            self.toast.draw(surface, (size[0] // 2, int(size[1] * 0.95)), max(12, int(16 * s)), int(size[0] * 0.7))
            return
        # stopped before the end: why, and the check's verdict
        self._layout(size)
        w, h = size
        surface.blit(self.backdrop(size), (0, 0))
        theme.rounded_panel(surface, panel, radius=int(18 * s), alpha=245)
        r = self.result
        title, colour = _("Game stopped"), theme.WARN
        if r is not None and r.status == "claimed" and r.winner in ("jack", "investigator"):
            from ...engine.core import Side
            from .. import texts

            title, colour = texts.winner_title(Side(r.winner)), theme.side_colour(r.winner)   # decided by a claim
        draw_title(surface, title, max(28, int(56 * s)), (w // 2, panel.y + int(60 * s)), colour)
        ornament(surface, (w // 2, panel.y + int(110 * s)), int(panel.w * 0.6))
        r = self.result
        y = panel.y + int(134 * s)
        if self.final is not None and getattr(self.final, "round", None):
            line = _("Round {n} of 8").format(n=self.final.round)
            theme.blit_text(surface, line, max(12, int(17 * s)), theme.TEXT_DIM, (w // 2, y), "midtop", "serif")
            y += int(34 * s)
        y = look.wrapped(surface, reason_text(r, self.driver.role), max(13, int(20 * s)), theme.TEXT, (w // 2, y),
                         int(panel.w * 0.8), 3, anchor="midtop", style="serif")
        desync = getattr(r, "desync", None)
        if desync is not None:  # the two hashes, side by side
            y += int(14 * s)
            fs = max(10, int(14 * s))
            for side, digest in sorted(desync.hashes.items()):
                who = _("Your view") if side == self.driver.role else (_("Jack's view") if side == "jack"
                                                                       else _("Investigator's view"))
                theme.blit_text(surface, who, fs, theme.TEXT_DIM, (w // 2 - int(10 * s), y), "topright")
                theme.blit_text(surface, digest, fs, theme.PARCHMENT, (w // 2 + int(10 * s), y), "topleft")
                y += theme.font(fs).get_linesize()
        verdict_y = self.menu.buttons[0].rect.y - int(86 * s) - (int(RANKED_H * s) if self.seated else 0)
        if self.seated:
            self._draw_ranked(surface, panel, self.menu.buttons[0].rect.y - int(RANKED_H * s) - int(8 * s), s)
        if self.driver.report_path is not None:
            look.wrapped(surface, _("Saved to {path}").format(path=str(self.driver.report_path)), max(10, int(12 * s)),
                         theme.TEXT_FAINT, (w // 2, verdict_y - int(36 * s)), int(panel.w * 0.9), 2, anchor="midtop")
        self._verdict_box(surface, panel, max(y + int(16 * s), verdict_y), s)
        self.menu.draw(surface)
        self.toast.draw(surface, (w // 2, int(h * 0.95)), max(12, int(16 * s)), int(w * 0.7))
