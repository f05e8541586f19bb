"""Back into an online game after the window was closed or the program died.

Every online seat is kept in the user folder (:func:`~game.ui.online.driver.seat_folder`);
the title and the online menu offer "Resume your game against NAME (round N)"
for the latest.  Resuming rejoins with the seat's token, replays the room's
log (the board comes back as it was) and goes on.
"""

from __future__ import annotations

from typing import Any

from net.client import NetGame, Seat

from ..i18n import _
from .driver import NetDriver, seat_folder


def latest_seat(app: Any = None) -> Seat | None:
    """The most recently played seat kept on disk, if any."""
    seats = [s for s in seat_folder(app).all() if s.role in ("jack", "investigator")]
    return seats[0] if seats else None


def resume_label(seat: Seat) -> str:
    name = seat.opponent or _("your opponent")
    if seat.round:
        return _("Resume your game against {name} (round {n})").format(name=name, n=seat.round)
    return _("Resume your game against {name}").format(name=name)


def resume_seat(scene: Any, seat: Seat, online: Any = None) -> NetDriver:
    """Rejoin ``seat`` from ``scene`` (its ``toast`` tells a failure); the room screen, then the
    board, follow.  A seat the server no longer knows is forgotten."""
    from .errors import net_error_text
    from .service import Online

    app = scene.app
    own = online is None
    if online is None:
        online = Online(app)
    game = NetGame(app.reactor, seat.host, seat.port, name=seat.name or online.name)
    driver = NetDriver(app, game, online)
    driver.how = "resume"

    def ok(joined: dict) -> None:
        if app.stack.top is scene:
            app.stack.push(app.stack.make("online_room", app, driver, online))
        else:
            driver.close()

    def failed(f: Any) -> None:
        code = getattr(f.value, "code", "")
        if code in ("room/not_found", "room/bad_token"):
            seat_folder(app).forget(seat)
            text = _("That game is over or no longer on the server.")
        else:
            text = _("Could not resume the game: {reason}").format(reason=net_error_text(f))
        driver.close()
        if own:
            online.close()
        scene.toast.show(text, "error", 4.5)
        if hasattr(scene, "refresh"):
            scene.refresh()
    game.resume(seat).addCallbacks(ok, failed)
    return driver
