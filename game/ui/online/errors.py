"""A player's words for why a connection or a request to the server failed."""

from __future__ import annotations

from typing import Any

from ..i18n import _


def net_error_text(failure: Any) -> str:
    """A player's words for why a connection or a request failed."""
    from twisted.internet import error as terr

    from net.client import NetError

    exc = getattr(failure, "value", failure)
    if isinstance(exc, NetError):
        return {
            "room/not_found": _("There is no room with that code."),
            "room/full": _("That room is full."),
            "room/side_taken": _("That side is taken: choose the other side, or Either."),
            "server/no_rooms": _("The server has no room for another game."),
            "server/full": _("The server is full."),
            "net/disconnected": _("The connection was lost."),
            "net/not_connected": _("Not connected."),
            "hello/version": (_("Your game is older than the server's: please update it.") if "please update"
                              in exc.detail else _("The server speaks another version of the game.")),
            "game/unknown": _("The server does not offer that game."),
            "tls/fingerprint_changed": _("The server's certificate is not the one it had before: someone may be "
                                         "in between. Not connected."),
            "tls/bad_certificate": _("The server sent no usable certificate."),
            "server/storage": _("The server could not save; try again in a moment."),
            "claim/refused": exc.detail or _("It is too early to claim."),
            "clock/bad": exc.detail or _("The server does not offer that clock."),
            "id/bad": _("The server refused your player key's signature."),
            "id/required": _("Quick match needs your player identity."),
            "archive/not_found": _("The server's archive has no game with that code."),
            "queue/already": _("You are already waiting in the queue."),
            "rematch/unavailable": _("The rematch is no longer possible: the other player left."),
        }.get(exc.code, exc.code)
    if isinstance(exc, terr.ConnectionRefusedError):
        return _("Nobody is listening there.")
    if isinstance(exc, (terr.DNSLookupError,)):
        return _("That address is unknown.")
    if isinstance(exc, (terr.TimeoutError, terr.TCPTimedOutError)):
        return _("The server does not answer.")
    text = str(exc) if exc is not None else ""
    return text[:120] or _("The connection failed.")
