"""Taking a seat in a room: create, join or watch, then show the room screen when the server says so."""

from __future__ import annotations

from typing import Any

from ..i18n import _
from .driver import NetDriver
from .errors import net_error_text


def open_room(scene: Any, online: Any, how: str, *, side: str = "any", private: bool = False, code: str = "",
              host: str | None = None, port: int | None = None, game: str = "pocket",
              edition: str | None = None, clock: str | None = None) -> NetDriver:
    """Take a seat (``how``: ``create``, ``join`` or ``spectate``) and show the room when it is ours.

    ``scene`` is the screen asking (its ``busy`` and ``toast`` say what happens); ``game``,
    ``edition`` and ``clock`` are the new room's (a joined room has its own).
    """
    app = scene.app
    net_game = online.new_game(host, port)
    driver = NetDriver(app, net_game, online)
    driver.how = how
    if how == "create":
        d = net_game.create(side, game, private, edition, clock)
    elif how == "join":
        d = net_game.join(code, None if side == "any" else side)
    else:
        d = net_game.spectate(code)

    def ok(joined: dict) -> None:
        scene.busy = ""
        if hasattr(scene, "_sync"):
            scene._sync()
        if app.stack.top is scene:
            app.stack.push(app.stack.make("online_room", app, driver, online))
        else:  # the player went away meanwhile
            driver.leave()

    def failed(f: Any) -> None:
        scene.busy = ""
        if hasattr(scene, "_sync"):
            scene._sync()
        driver.close()
        scene.toast.show(_("Could not enter the room: {reason}").format(reason=net_error_text(f)), "error", 4.5)
    d.addCallbacks(ok, failed)
    return driver
