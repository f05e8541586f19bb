"""Pictures of the online screens for ``run.py screenshots``, from real games on loopback.

One :class:`Tour` per window size walks the screens in order, each
picture's set-up continuing from the last: the connect screen finding a
friend's LAN lobby, that lobby's rooms, a hosted room with chat, the board
against a headless opponent (with clocks), its chat tab, the opponent's
away countdown run out (Claim the win), "Leave the game?", the
reconnecting overlay after the connection is cut, the verified results,
and a desync against an opponent whose engine sends a wrong hash.

Everything runs on a private reactor iterated here, on 127.0.0.1 with
free ports (LAN discovery by unicast), and stops with the connect screen.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from typing import Any

from ...bots import make_bot
from ...engine.rng import Rng

DT = 1 / 30


def _free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Tour:
    """The shared state of one size's online pictures (see the module docstring)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.reactor: Any = None
        self.online: Any = None
        self.connect: Any = None
        self.friend: Any = None
        self.clients: list[Any] = []
        self.games: list[Any] = []
        self.bot = make_bot("random")   # Ann plays loosely, so the game lasts a few rounds
        self.rng = Rng(5)

    # ------------------------------------------------------------ helpers
    def pump(self, until: Callable[[], Any] | None = None, seconds: float = 0.0, limit: float = 20.0,
             tick: bool = True) -> None:
        """Run the network (and the app's frames) until ``until()`` or for ``seconds`` of wall time."""
        end = time.monotonic() + (seconds if until is None else limit)
        while time.monotonic() < end:
            self.reactor.iterate(0.002)
            if tick:
                self.app.tick(DT)
            if until is not None and until():
                return
        if until is not None:
            raise RuntimeError("the network did not answer in time")

    def _client(self, name: str, port: int) -> Any:
        from net.client import LobbyClient

        c = LobbyClient(self.reactor, name)
        self.clients.append(c)
        box: dict = {}
        c.connect("127.0.0.1", port).addCallback(lambda w: box.setdefault("ok", w))
        self.pump(lambda: "ok" in box, tick=False)
        return c

    def _call(self, d: Any) -> Any:
        box: dict = {}
        d.addBoth(lambda r: box.setdefault("r", r))
        self.pump(lambda: "r" in box, tick=False)
        return box["r"]

    def close(self) -> None:
        for c in self.clients:
            c.close()
        for g in self.games:
            g.close()
        if self.friend is not None:
            self.friend.stopService()
            self.friend = None

    # ------------------------------------------------------------- stages
    def connect_screen(self) -> None:
        """Title > Play online, with a friend's lobby on this machine answering the LAN search."""
        from twisted.internet.selectreactor import SelectReactor

        from net.lobby import Lobby
        from net.server import RelayFactory, RelayService

        from ..scenes.online_connect import ConnectScene
        from ..scenes.title import TitleScene
        from .service import Online

        self.reactor = SelectReactor()
        self.app.reactor = self.reactor
        udp = _free_udp_port()
        s = self.app.settings
        s.player_name, s.server_address = "Ann", "mrjack.example.org:7341"
        self.online = Online(self.app, lan_port=0, discovery_port=0, broadcast=False)
        self.online.closers = [self.close]
        lobby = Lobby(self.reactor, server_name="Holmes's lobby")
        self.friend = RelayService(self.reactor, "127.0.0.1", 0, RelayFactory(self.reactor, lobby),
                                   discovery_port=udp)
        self.friend.startService()
        self.online.discovery_port = udp
        port = self.friend.address[1]
        # rooms in the friend's lobby: two waiting (Pocket, London), one playing with a spectator
        watson = self._client("Watson", port)
        self._call(watson.create_room("pocket", "jack"))
        a, b, c = self._client("Lestrade", port), self._client("Gregson", port), self._client("Hudson", port)
        code = self._call(a.create_room("pocket", "investigator"))["room"]
        self._call(b.join_room(code))
        self._call(c.spectate(code))
        self._call(self._client("Adler", port).create_room("pocket", "any", private=True))
        self._call(self._client("Moriarty", port).create_room("london", "investigator", edition="2016"))
        self.connect = ConnectScene(self.app, self.online)
        self.app.stack.clear(TitleScene(self.app))
        self.app.stack.push(self.connect)
        self.pump(lambda: self.connect.lan.rows)
        self.pump(seconds=0.2)

    def lobby_screen(self) -> None:
        from ..scenes.online_lobby import LobbyScene

        self.connect.open_found()
        self.pump(lambda: isinstance(self.app.stack.top, LobbyScene) and self.app.stack.top.rooms)
        self.app.stack.top.list.selected = 0
        self.app.stack.top._sync()
        self.pump(seconds=0.1)

    def room_screen(self) -> None:
        """Back, host a LAN game; a watcher drops in and the two chat."""
        from ..scenes.online_room import RoomScene

        self.app.stack.pop()  # the lobby
        self.connect.clock.value = "10+5"
        self.connect.host()
        self.pump(lambda: isinstance(self.app.stack.top, RoomScene) and self.app.stack.top.driver.room)
        room = self.app.stack.top
        self.room = room
        watcher = self._client("Mycroft", self.online.hosted.address[1])
        self._call(watcher.spectate(room.driver.room))
        room.driver.send_chat("Anyone up for a game tonight?")
        self.pump(seconds=0.05, tick=False)
        watcher.chat("I'll watch. Good luck, both of you!")
        self.pump(lambda: len(room.driver.chat) >= 2)
        room.chat.set("Bob said he")
        room.form.set_focus(room.chat)

    def _opponent(self, cheat: str | None = None) -> Any:
        """A headless Jack who plays with a bot."""
        from net.autoplay import cheating_session
        from net.client import NetGame
        from net.session import Session

        bot, rng = make_bot("greedy"), Rng(9)
        game = NetGame(self.reactor, "127.0.0.1", self.online.hosted.address[1], name="Bob",
                       choose=lambda obs: bot.choose(obs, rng),
                       session_class=Session if cheat is None else cheating_session(cheat))
        self.games.append(game)
        return game

    def _my_move(self, scene: Any) -> None:
        side = scene.state.to_move().side
        scene.commit(self.bot.choose(scene.state.observation(side), self.rng))

    def _play(self, scene: Any, stop: Callable[[], bool], limit: float = 30.0) -> None:
        end = time.monotonic() + limit
        while not stop():
            if time.monotonic() > end:
                raise RuntimeError("the online game did not get there in time")
            self.reactor.iterate(0.001)
            if scene.anim is not None:
                scene.skip_animation()
            self.app.tick(DT)
            if stop():
                return
            if self.app.stack.top is scene and scene.my_turn():
                self._my_move(scene)

    def _start_game(self, cheat: str | None = None) -> Any:
        """A new hosted room (unless the room screen's is still open) and Bob joining it as Jack."""
        from ..scenes.game import GameScene
        from ..scenes.online_room import RoomScene
        from .rooms import open_room

        if not isinstance(self.app.stack.top, RoomScene):
            while self.app.stack.top is not self.connect:
                self.app.stack.pop()
            open_room(self.connect, self.online, "create", side="investigator", host="127.0.0.1",
                      port=self.online.hosted.address[1], clock="10+5")
            self.pump(lambda: isinstance(self.app.stack.top, RoomScene) and self.app.stack.top.driver.room)
        self._opponent(cheat).join(self.app.stack.top.driver.room)
        self.pump(lambda: isinstance(self.app.stack.top, GameScene))
        return self.app.stack.top

    def game_screen(self) -> None:
        """Bob joins as Jack; the board in round 2 or later, Ann to play."""
        for _try in range(4):
            scene = self._start_game()
            scene.driver.panel.show_log()     # (the room's half-typed line opened the chat tab)
            scene.driver.panel.field.set("")
            self._play(scene, lambda s=scene: s.state.is_over() or (s.state.round >= 2 and s.my_turn()
                                                                     and s.anim is None))
            if not scene.state.is_over():
                break
        self.scene = scene
        self.games[-1].client.chat("Well played so far!")
        self.pump(lambda: "Well played" in scene.toast.message, tick=True)
        for _frame in range(6):  # let the chat line fade in
            self.app.tick(DT)

    def chat_screen(self) -> None:
        """F2: the room's chat beside the board, a line being typed."""
        scene = self.scene
        self.games[-1].client.chat("Careful, the lamps are out in the east.")
        self.pump(lambda: any("lamps" in m["text"] for m in scene.driver.chat))
        scene.driver.panel.show_chat()
        scene.driver.panel.field.set("Thanks, I saw")
        for _frame in range(3):
            self.app.tick(DT)

    def away_screen(self) -> None:
        """Bob's program vanishes; the server's countdown has run out (set so, not waited for)."""
        from ..scenes.online_reconnect import ReconnectScene

        scene = self.scene
        scene.driver.panel.show_log()
        self.games[-1].close()
        self.pump(lambda: isinstance(self.app.stack.top, ReconnectScene) and scene.driver.game.away_left("jack")
                  is not None, limit=10)
        game = scene.driver.game
        game._away["jack"] = game.reactor.seconds() - 1
        self.app.tick(DT)

    def leave_screen(self) -> None:
        """Bob is back; Ann opens the menu and chooses to leave: asked first."""
        from ..scenes.online_confirm import LeaveScene
        from ..scenes.online_reconnect import ReconnectScene

        scene = self.scene
        bob = self.games[-1]
        bob._closing = False
        bob._rejoin()
        self.pump(lambda: not isinstance(self.app.stack.top, ReconnectScene) and scene.driver.game.away_left("jack")
                  is None)
        self.app.stack.push(LeaveScene(self.app, scene.driver))
        self.app.tick(DT)

    def reconnect_screen(self) -> None:
        from ..scenes.online_reconnect import ReconnectScene

        scene = self.scene
        self.app.stack.pop()    # "Stay"
        scene.driver.game.client.protocol.transport.abortConnection()
        self.reactor.iterate(0.01)
        self.pump(lambda: isinstance(self.app.stack.top, ReconnectScene), tick=False)
        # let a few seconds of the countdown pass on the screen's clock
        scene.driver.lost_at -= 3.2
        self.app.tick(DT)

    def results_screen(self) -> None:
        from ..scenes.online_results import OnlineResultsScene
        from .driver import NetDriver

        scene = self.scene
        self.pump(lambda: scene.driver.lost_at is None)
        self._play(scene, lambda: isinstance(self.app.stack.top, OnlineResultsScene))
        assert isinstance(scene.driver, NetDriver)
        self.pump(seconds=0.1)

    def desync_screen(self) -> None:
        """A new room; this Jack's engine sends a wrong hash on its third move: both stop."""
        from ..scenes.online_results import OnlineResultsScene

        scene = self._start_game(cheat="hash")
        self._play(scene, lambda: isinstance(self.app.stack.top, OnlineResultsScene))
        self.pump(seconds=0.1)


def scenes_for(app: Any) -> list[tuple[str, Callable[[], None]]]:
    """The online pictures, in the order they must be taken."""
    tour = Tour(app)
    return [
        ("online-connect", tour.connect_screen), ("online-lobby", tour.lobby_screen),
        ("online-room", tour.room_screen), ("online-game", tour.game_screen),
        ("online-chat", tour.chat_screen), ("online-away", tour.away_screen), ("online-leave", tour.leave_screen),
        ("online-reconnecting", tour.reconnect_screen), ("online-results", tour.results_screen),
        ("online-desync", tour.desync_screen),
    ]
