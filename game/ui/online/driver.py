"""The game scene's link to a networked game: the other side's steps in, the player's moves out.

A :class:`NetDriver` wraps one :class:`net.client.NetGame` (a seat, or a
spectator) from the room to the results.  It keeps every state of the
game **in this player's view** (``NetGame``'s session never holds more),
one per step, with the step as this view saw it: Jack sees his identity
card and his own draws, the investigator sees ``identity ?``/``draw ?``
(and, in London and New York, his own secret draws by name, where Jack
sees ``draw ?``).  Every game with network play (:mod:`net.games`) and a
board in this client goes through it the same way.

The game scene (:mod:`game.ui.scenes.game`) takes a driver in place of
its bot and its chance generator; the seam is four calls:

- ``driver.states()`` gives the states so far (the scene starts from them);
- ``driver.hold(scene)`` is asked every frame once the screen has caught
  up: it appends the steps that arrived and says whether the scene must
  wait (``True``: the other side, chance, the audit) or may let the player
  choose (``False``: a move of ours is due, or the game is over and
  checked);
- ``driver.play(action)`` sends the player's move (it comes back through
  ``hold``, animated like any other step);
- ``driver.results_scene(record, state, snapshot)`` is the end screen,
  with the outcome of the check.

It also pushes the reconnecting overlay when a connection drops (ours,
or the opponent's with the server's countdown and the claim), keeps the
seat in the user folder so that a restarted client can resume the game
(:mod:`net.seats`), and holds the room's chat for the side panel
(:class:`~game.ui.online.panel.OnlinePanel`).  Leaving a game being played
resigns it (the window asks first).
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

from twisted.logger import Logger

from net.seats import SeatFolder

from ...engine.errors import IllegalActionError
from ...engine.record import GameRecord
from ..i18n import _
from .names import shown_name
from .panel import OnlinePanel

HIDDEN = -1   # a card this view does not know (the same in every rule set)

OPPONENT_GRACE = 2.0    # seconds the other side may be away before the overlay says so
CLOSE_AFTER = 1.0       # seconds after the result before our connection closes


def _chain(obj: Any, attr: str, extra: Any) -> None:
    """Call ``extra`` after whatever callback ``obj.attr`` already holds."""
    first = getattr(obj, attr)

    def both(*args: Any) -> None:
        if first is not None:
            first(*args)
        extra(*args)
    setattr(obj, attr, both)


class NetDriver:
    """One networked game for the screens (see the module docstring).

    Build it around a fresh :class:`NetGame`, then call its ``create``,
    ``join`` or ``spectate``.  ``online`` is the screens' context
    (:class:`~game.ui.online.service.Online`), closed with them.
    """

    log = Logger()

    def __init__(self, app: Any, game: Any, online: Any = None) -> None:
        self.app = app
        self.game = game
        self.online = online
        self.reactor = game.reactor
        self.initial: Any = None
        self.steps: list[tuple[str, Any]] = []
        self.result: Any = None
        self.full_record: GameRecord | None = None
        self.full_final: Any = None
        self.players: dict[str, str | None] = {"jack": None, "investigator": None}
        self.joined: dict | None = None
        self.started = False
        self.chat: list[dict] = []
        self._chat_shown = 0
        self.lost_at: float | None = None          # our connection is down since then
        self.away: dict[str, float] = {}           # the other side's connection is down since then
        self.scene: Any = None
        self.closed = False
        self._told_checking = False
        self.report_path: Path | None = None
        self._chat_n = 0
        self.how = "create"                        # or "join", "spectate", "quick": how the room was entered
        self.generation = 0                        # +1 with each rematch: the game after the results
        self._finished_room: str | None = None    # the room and session whose result is held
        self._finished_session: Any = None
        self.seats = seat_folder(app)
        self.panel = OnlinePanel(self)
        from . import autoplay

        wait = autoplay.delay()
        self.autoplayer = autoplay.AutoPlayer(wait) if wait is not None else None
        if online is not None and hasattr(online, "drivers"):
            online.drivers.append(self)
        game.on_update = self._on_update
        game.on_result = self._on_result
        game.on_room = self._on_room
        game.on_seat = self._on_seat
        c = game.client
        _chain(c, "on_start", self._on_start)
        _chain(c, "on_presence", self._on_presence)
        _chain(c, "on_disconnect", self._on_disconnect)
        _chain(c, "on_synced", self._on_synced)
        c.on_chat = self._on_chat

    # ------------------------------------------------------------ queries
    @property
    def role(self) -> str | None:
        return self.game.role

    @property
    def room(self) -> str | None:
        return self.game.room

    @property
    def spectator(self) -> bool:
        return self.game.role == "spectator"

    @property
    def game_name(self) -> str:
        """The rule set of the room (``pocket``, ``london``, ``newyork``)."""
        return self.game.game

    @property
    def edition(self) -> str | None:
        """London's printing (``None`` for a game with one)."""
        return self.game.edition

    def _meta(self, **meta: Any) -> dict:
        if self.edition is not None:
            meta["edition"] = self.edition
        return meta

    @property
    def opponent(self) -> str | None:
        """The other side's name (``None`` for a spectator or before it is known)."""
        role = self.game.role
        if role not in ("jack", "investigator"):
            return None
        return "investigator" if role == "jack" else "jack"

    @property
    def ready(self) -> bool:
        """Whether the game has its first state (the scene can be made)."""
        return self.initial is not None

    @property
    def connected(self) -> bool:
        return self.lost_at is None

    def reconnect_left(self) -> float:
        """Seconds left before the game gives up reconnecting (0 when connected)."""
        if self.lost_at is None:
            return 0.0
        return max(0.0, self.game.reconnect_for - (self.reactor.seconds() - self.lost_at))

    def opponent_away_for(self) -> float | None:
        """How long the other player's connection has been down, or ``None``."""
        side = self.opponent
        if side is None or side not in self.away:
            return None
        return self.reactor.seconds() - self.away[side]

    def states(self) -> list[Any]:
        """Every state so far in this view, the first one included (clones: the scene keeps them)."""
        assert self.initial is not None
        return [self.initial.clone()] + [s.clone() for _a, s in self.steps]

    def actions(self) -> list[str]:
        return [a for a, _s in self.steps]

    def record(self) -> GameRecord:
        """This view's game as a record for the scene (not replayable: hidden cards stay ``?``)."""
        s = self.game.session
        seed = s.tr.layout_seed if s is not None and s.tr.layout_seed is not None else 0
        human = self.role if self.role in ("jack", "investigator") else "none"
        meta = self._meta(mode="watch" if self.spectator else "solo", human=human, bot=None, online=True,
                          room=self.room, players=dict(self.players))
        return GameRecord(self.game_name, int(seed), self.actions(), meta)

    def scene_for(self) -> Any:
        """A game scene for this game (call once :attr:`ready`)."""
        resume = self.spectator and len(self.steps) > 12  # a late spectator starts at the present
        self._chat_shown = len(self.chat)  # the room's chat was read there
        scene = self.app.stack.make("game", self.app, self.record(), resume=resume, driver=self)
        self.scene = scene
        return scene

    # ------------------------------------------------------------- events
    def _on_room(self, joined: dict) -> None:
        if self.result is not None and joined.get("room") != self._finished_room:
            self._next_game()          # a rematch: the same connection, a new room
        self.joined = joined
        self.players.update({k: shown_name(v) for k, v in (joined.get("players") or {}).items()})
        if joined.get("started"):
            self.started = True

    def _on_start(self, msg: dict) -> None:
        self.started = True
        self.players.update({k: shown_name(v) for k, v in (msg.get("players") or {}).items()})

    def _on_update(self, session: Any) -> None:
        if self.result is not None and session is not self._finished_session:
            self._next_game()
        st = session.state
        if st is None:
            return
        if self.initial is None:
            self.initial = st.clone() if st.ply == 0 else session.rules.new_state(
                session.tr.setup_seed(), session.edition).observation(session.view)
        steps = session.tr.steps
        while len(self.steps) < st.ply:
            i = len(self.steps)
            prev = self.steps[-1][1] if self.steps else self.initial
            if i >= len(steps):
                break
            public = steps[i].action
            if i + 1 == st.ply:
                after = st.clone()
            else:  # several steps at once (never in practice): replay the public ones
                try:
                    after = prev.child(public)
                except Exception:  # noqa: BLE001
                    after = st.clone()
            self.steps.append((self._as_seen(public, prev, after), after))

    def _as_seen(self, public: str, prev: Any, after: Any) -> str:
        """The step as this view knows it: the player's own secret cards by name."""
        if not public.endswith(" ?") or self.role not in ("jack", "investigator"):
            return public
        ids = self.game.session.rules.ids
        kind = public.split(" ", 1)[0]
        if kind == "identity" and after.jack is not None and after.jack != HIDDEN:
            return f"identity {ids[after.jack]}"
        if kind == "draw":
            for hand in ("jcards", "icards"):   # whoever drew it: a name only where this view has it
                got, had = getattr(after, hand, []), getattr(prev, hand, [])
                if len(got) > len(had) and got[-1] != HIDDEN:
                    return f"draw {ids[got[-1]]}"
        return public

    def _on_seat(self, seat: Any) -> None:
        """Keep the seat on disk: a client started again offers to resume this game."""
        if not seat.name:
            seat.name = self.game.client.name
        try:
            self.seats.save(seat)
        except OSError as exc:
            self.log.warn("the seat could not be kept: {why}", why=str(exc))

    def _forget_seat(self) -> None:
        if self.game.seat is not None:
            with contextlib.suppress(OSError):
                self.seats.forget(self.game.seat)

    def _on_chat(self, msg: dict) -> None:
        n = msg.get("n")
        if n is not None:
            if n <= self._chat_n:
                return        # the history again, after a rejoin
            self._chat_n = n
        self.chat.append({"from": shown_name(msg["from"]), "role": msg["role"], "text": msg["text"]})
        del self.chat[:-200]
        self._chat_shown = min(self._chat_shown, len(self.chat))

    def _on_presence(self, msg: dict) -> None:
        side = msg["side"]
        if side == self.role:
            return
        if msg.get("present"):
            self.away.pop(side, None)
        else:
            self.away.setdefault(side, self.reactor.seconds())

    def _on_disconnect(self, reason: Any) -> None:
        if self.closed or self.game.finished:
            return
        if self.lost_at is None:
            self.lost_at = self.reactor.seconds()
        self._overlay()

    def _on_synced(self, msg: dict) -> None:
        self.lost_at = None

    def _next_game(self) -> None:
        """Forget the finished game: the rematch starts from its own first state (the chat goes on)."""
        self.generation += 1
        self.initial, self.steps, self.result = None, [], None
        self.full_record = self.full_final = None
        self.players = {"jack": None, "investigator": None}
        self.joined, self.started, self.scene = None, False, None
        self.away, self.lost_at, self._told_checking, self.report_path = {}, None, False, None
        self._finished_room = self._finished_session = None

    def _on_result(self, result: Any) -> None:
        self.result = result
        self._finished_room, self._finished_session = self.room, self.game.session
        if self.lost_at is None or result.status != "aborted":
            self._forget_seat()          # (a server that did not come back may still; keep the seat then)
        self.lost_at = None
        self._full_game()
        if result.status == "finished" and self.full_record is not None and not self.spectator:
            self._keep_replay()
        if self.spectator:
            self.reactor.callLater(CLOSE_AFTER, self._close_connection)
        # a player's connection stays open on the results: the rematch is offered through it; the
        # results screen closes it when it goes

    def _close_connection(self) -> None:
        with contextlib.suppress(Exception):
            self.game.close()

    def _full_game(self) -> None:
        """With both keys open, the audit knows every card: rebuild the whole game for the results."""
        r = self.result
        s = self.game.session
        audit = getattr(r, "audit", None)
        if audit is None or not audit.record or s is None or s.tr.setup_seed() is None:
            return
        meta = self._meta(mode="online", human=self.role if not self.spectator else "none", bot=None,
                          room=self.room, players=dict(self.players))
        record = GameRecord(self.game_name, int(s.tr.setup_seed()), list(audit.record), meta)
        try:
            final = record.replay()
        except Exception:  # noqa: BLE001 - a record that does not replay is only not shown
            return
        self.full_record, self.full_final = record, final

    def _keep_replay(self) -> None:
        """File the checked game among the replays."""
        saves = getattr(self.app, "saves", None)
        if saves is None or not hasattr(saves, "save") or self.full_record is None:
            return
        from .. import texts

        final = self.full_final
        outcome = getattr(final, "outcome", None)
        winner = texts.winner_title(outcome.winner) if outcome is not None else ""
        name = f"{time.strftime('%Y-%m-%d %H:%M:%S')} {_('Online')} {winner}"
        with contextlib.suppress(Exception):
            saves.save(self.full_record, name)

    # ------------------------------------------------------ the scene's seam
    def hold(self, scene: Any) -> bool:
        """Bring ``scene`` up to date; ``True`` while it must wait (see the module docstring)."""
        self.scene = scene
        self._feed(scene)
        self._show_chat(scene)
        v = scene.viewer
        if v is not None and scene.cursor[v] < len(scene.states) - 1:
            return True  # the new steps play first
        over = scene.state.is_over()
        if self.result is not None:
            if over:
                return False  # the scene's own ending: a short pause, then the results
            if not scene.finished:
                scene._to_results()  # stopped before the end: say why
            return True
        if over:
            if not self._told_checking:
                self._told_checking = True
                scene.toast.show(_("Checking every answer and card…"), "info", 3.0)
            return True
        away = self.opponent_away_for()
        if away is not None and away >= OPPONENT_GRACE:
            self._overlay()
        s = self.game.session
        due = s is not None and self.game.live and s.needs_decision()
        if due and self.autoplayer is not None:
            self.autoplayer.tick(scene)  # a test hook: MRJACK_TEST_AUTOPLAY
        return not due

    def _feed(self, scene: Any) -> None:
        have = len(scene.states) - 1
        for text, state in self.steps[have:]:
            scene.states.append(state.clone())
            scene.record.actions.append(text)

    def _show_chat(self, scene: Any) -> None:
        if self.panel.chat_open:
            self._chat_shown = len(self.chat)
        if self._chat_shown < len(self.chat):
            line = self.chat[-1]
            self._chat_shown = len(self.chat)
            scene.toast.show(f"{line['from']}: {line['text']}", "info", 5.0)

    def play(self, action: Any) -> None:
        """The player's move; it comes back through :meth:`hold` when the server has relayed it."""
        try:
            self.game.play(action)
        except (ValueError, IllegalActionError) as exc:
            self.log.warn("move refused: {why}", why=str(exc))
            if self.scene is not None:
                self.scene.toast.show(_("That move cannot be sent now."), "error")

    def send_chat(self, text: str) -> None:
        text = " ".join(text.split())[:300]
        if text and self.game.client.connected:
            self.game.client.chat(text)

    def results_scene(self, record: Any, state: Any, snapshot: Any) -> Any:
        return self.app.stack.make("online_results", self.app, self, record, state, snapshot)

    def _overlay(self) -> None:
        """Show the reconnecting overlay (once) over whatever is on top."""
        if self.closed or self.result is not None:
            return
        ReconnectScene = self.app.stack.kind("online_reconnect")

        stack = self.app.stack
        if any(isinstance(s, ReconnectScene) and s.driver is self for s in stack):
            return
        if self.scene is None and not any(getattr(s, "driver", None) is self for s in stack):
            return  # none of this game's screens is showing
        stack.push(ReconnectScene(self.app, self))

    def claim(self, reason: str) -> None:
        """Claim the win (``flag`` or ``away``); the results follow when the server agrees."""
        def refused(f: Any) -> None:
            from .errors import net_error_text

            if self.scene is not None:
                self.scene.toast.show(_("The claim was refused: {reason}").format(reason=net_error_text(f)),
                                      "error", 4.0)
        self.game.claim_win(reason).addErrback(refused)

    # -------------------------------------------------------------- leave
    @property
    def resigns(self) -> bool:
        """Whether leaving now gives the game to the opponent (a seat in a game being played)."""
        return (self.role in ("jack", "investigator") and self.started and not self.game.finished
                and self.result is None)

    def ask_leave(self, then: str = "title") -> bool:
        """Ask before leaving a game being played (leaving resigns it); ``then`` is ``title`` or
        ``quit``.  Returns ``True`` if the question was put (else leave at once)."""
        if not self.resigns:
            return False
        LeaveScene = self.app.stack.kind("online_confirm")

        if not isinstance(self.app.stack.top, LeaveScene):
            self.app.stack.push(LeaveScene(self.app, self, then))
        return True

    def leave(self) -> None:
        """Give up the seat (resigning a started game: the other side wins) and close the connection."""
        if self.closed:
            return
        self.closed = True
        c = self.game.client
        self._forget_seat()
        if c.connected and not self.game.finished:
            d = self.game.resign() if self.started else c.leave()
            d.addBoth(lambda _: self._close_connection())
            self.reactor.callLater(2.0, self._close_connection)
        else:
            self._close_connection()

    def close(self) -> None:
        """Close the connection, keeping the seat (used when the app quits)."""
        self.closed = True
        self._close_connection()

    # ------------------------------------------------------------- report
    def save_report(self) -> Path | None:
        """Write the desync report to the user data folder; returns its path."""
        r = self.result
        if r is None or getattr(r, "desync", None) is None:
            return None
        from ...saves import data_dir

        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = data_dir() / "desync" / f"desync-{self.room or 'room'}-{self.role or 'peer'}-{stamp}.json"
        self.report_path = r.desync.save(path)
        return self.report_path


def seat_folder(app: Any = None) -> SeatFolder:
    """The window's seats: ``app.seats`` if the app has its own (screenshots use a throw-away
    folder), else ``seats/`` in the user data folder (``$MRJACK_HOME``)."""
    own = getattr(app, "seats", None)
    if isinstance(own, SeatFolder):
        return own
    from ...saves import data_dir

    return SeatFolder(data_dir() / "seats")
