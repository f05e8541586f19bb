"""Online play through the screens: two apps in one process, a lobby hosted by one of them.

Real sockets on 127.0.0.1 only (LAN discovery by unicast to a free port),
one private twisted reactor iterated by hand between the apps' frames, no
thread.  Moves go through the game scene's input path (keys, as a player
types them); the opponent's moves arrive from the network and animate.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pygame
import pytest
from conftest import make_app
from test_game_scene import click, key_events, send
from twisted.internet.selectreactor import SelectReactor

from game.bots import make_bot
from game.engine.core import Side
from game.engine.pocket.state import HIDDEN
from game.engine.rng import Rng
from game.ui.online.ranked_shots import SampleGame
from game.ui.scenes.game import GameScene
from game.ui.scenes.online_confirm import LeaveScene
from game.ui.scenes.online_connect import ConnectScene
from game.ui.scenes.online_lobby import LobbyScene
from game.ui.scenes.online_reconnect import ReconnectScene
from game.ui.scenes.online_results import OnlineResultsScene, verdict
from game.ui.scenes.online_room import RoomScene
from game.ui.scenes.title import TitleScene

pytestmark = pytest.mark.timeout(60)
DT = 0.05


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def net(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    yield from two_apps(tmp_path, monkeypatch)


def two_apps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Two apps sharing one private reactor; hosted lobbies listen on free ports, discovery on loopback."""
    monkeypatch.setenv("MRJACK_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MRJACK_LAN_PORT", "0")
    monkeypatch.setenv("MRJACK_DISCOVERY_PORT", str(free_udp_port()))
    monkeypatch.setenv("MRJACK_LAN_BROADCAST", "0")
    from game.ui import i18n

    i18n.set_language("en")
    reactor = SelectReactor()
    apps = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        app = make_app(tmp_path / name)
        app.reactor = reactor
        app.settings.player_name = {"a": "Ann", "b": "Bob"}[name]
        app.start(TitleScene(app))
        apps.append(app)
    pygame.event.clear()
    net = Net(reactor, apps)
    yield net
    for app in net.apps:
        app.stack.clear()   # closes the online screens: connections, hosted lobbies
    net.pump(frames=10)
    for call in reactor.getDelayedCalls():
        if call.active():
            call.cancel()
    reactor.disconnectAll()
    for port in list(reactor.getReaders()) + list(reactor.getWriters()):
        if hasattr(port, "stopListening"):
            port.stopListening()
    pygame.event.clear()


class Net:
    def __init__(self, reactor: SelectReactor, apps: list) -> None:
        self.reactor = reactor
        self.apps = apps
        self.a, self.b = apps

    def add_app(self, path: Path, name: str):  # type: ignore[no-untyped-def]
        path.mkdir()
        app = make_app(path)
        app.reactor = self.reactor
        app.settings.player_name = name
        app.start(TitleScene(app))
        self.apps.append(app)
        return app

    def pump(self, until=None, frames: int = 1, limit: float = 20.0) -> None:  # type: ignore[no-untyped-def]
        """Network, then a frame of each app; until ``until()`` (or ``frames`` frames)."""
        deadline = time.monotonic() + limit
        while True:
            self.reactor.iterate(0.002)
            for app in self.apps:
                app.tick(DT)
            if until is None:
                frames -= 1
                if frames <= 0:
                    return
            elif until():
                return
            assert time.monotonic() < deadline, "the network did not answer in time"


def press(app, button) -> None:  # type: ignore[no-untyped-def]
    app.stack.top._layout(app.size)
    assert button.visible and button.enabled
    send(app, click(button.rect.center))


def title_to_connect(app) -> ConnectScene:  # type: ignore[no-untyped-def]
    title = app.stack.top
    assert isinstance(title, TitleScene)
    title._layout(app.size)
    online = next(b for b in title.menu.buttons if b.label == "Play online")
    send(app, click(online.rect.center))
    scene = app.stack.top
    assert isinstance(scene, ConnectScene)
    return scene


def host_and_join(net: Net) -> tuple[GameScene, GameScene]:
    """Ann hosts a LAN game (investigator); Bob finds it, opens its lobby and joins: both boards open."""
    a, b = net.a, net.b
    ca = title_to_connect(a)
    press(a, ca.host_button)
    net.pump(lambda: isinstance(a.stack.top, RoomScene) and a.stack.top.driver.room)
    room = a.stack.top
    assert room.driver.role == "investigator" and room.driver.players["investigator"] == "Ann"
    cb = title_to_connect(b)
    net.pump(lambda: cb.lan.rows)
    assert cb.online.found[0]["rooms"] == 1
    press(b, cb.join_found_button)        # the first LAN game is selected: open its lobby
    net.pump(lambda: isinstance(b.stack.top, LobbyScene) and b.stack.top.rooms)
    lobby = b.stack.top
    assert lobby.rooms[0]["code"] == room.driver.room and lobby.rooms[0]["open"] == ["jack"]
    send(b, click(lobby.list.row_rect(0).center))
    press(b, lobby.join_button)
    net.pump(lambda: isinstance(a.stack.top, GameScene) and isinstance(b.stack.top, GameScene))
    return a.stack.top, b.stack.top


def no_secrets_beyond_view(scene: GameScene) -> None:
    """The scene never holds a full state; the investigator's (and a spectator's) never holds Jack's cards;
    in London and New York, Jack's (and a spectator's) never holds the investigator's secret draws."""
    view = "investigator" if scene.driver.role == "spectator" else scene.driver.role
    for st in scene.states:
        assert st.view == view and st.rng is None
        if st.is_over():
            continue    # an arrest or an escape shows who Jack is
        if st.view == "investigator":
            assert st.jack in (None, HIDDEN) and all(c == HIDDEN for c in st.jcards)
        if scene.record.game != "pocket" and scene.driver.role != "investigator":
            assert all(c == HIDDEN for c in st.icards)


def play_to_the_end(net: Net, scenes: tuple[GameScene, GameScene], rng: Rng, during=None) -> None:  # type: ignore[no-untyped-def]
    """Each app's player types a legal move (chosen from its own view) whenever its turn comes."""
    bot = make_bot("random")
    moves = {"a": 0, "b": 0}

    def finished() -> bool:
        return all(isinstance(app.stack.top, OnlineResultsScene) for app in (net.a, net.b))
    deadline = time.monotonic() + 150   # (a bound on a hang, far above a busy machine's time)
    while not finished():
        net.pump(frames=1)
        for name, app, scene in (("a", net.a, scenes[0]), ("b", net.b, scenes[1])):
            if app.stack.top is scene and scene.my_turn():
                no_secrets_beyond_view(scene)
                side = scene.state.to_move().side
                action = bot.choose(scene.state.observation(side), rng)
                before = len(scene.states)
                key_events(app, scene, action)
                assert scene.picker is None and len(scene.states) == before  # sent, not applied yet
                moves[name] += 1
        if during is not None:
            during(moves)
        assert time.monotonic() < deadline, "the game did not end in time"
    assert moves["a"] >= 2 and moves["b"] >= 2


def test_a_hosted_lan_game_is_found_joined_played_and_verified_on_both_sides(net: Net) -> None:
    scenes = host_and_join(net)
    ann, bob = scenes
    assert ann.driver.role == "investigator" and bob.driver.role == "jack"
    assert ann.viewer is Side.INVESTIGATOR and bob.viewer is Side.JACK
    assert ann.bot is None and bob.bot is None
    assert bob.record.actions[0].startswith("identity ") and bob.record.actions[0] != "identity ?"
    assert ann.record.actions[0] == "identity ?"  # Jack's card never reaches the investigator's screen
    play_to_the_end(net, scenes, Rng(7))
    results = [app.stack.top for app in (net.a, net.b)]
    ra, rb = (r.driver.result for r in results)
    assert ra.status == rb.status == "finished" and ra.verified and rb.verified
    assert ra.public_hash == rb.public_hash and ra.winner == rb.winner
    assert verdict(ra, "investigator")[0] == "Both sides verified: fair game"
    # both screens played every step: the opponent's moves were animated there, not skipped
    assert ann.record.actions[-1] == bob.record.actions[-1]
    assert len(ann.states) == len(bob.states) == ann.state.ply + 1
    assert ann.states[-1].public_hash() == bob.states[-1].public_hash() == ra.public_hash
    # the check opened every card: the investigator's results show the full game, and it is a replay now
    full = results[0].record
    assert results[0].full and full.replay().winner().value == ra.winner  # (claims are not steps there)
    assert results[0].final.jack >= 0 and results[0].final.jack == results[1].final.jack
    assert any(s.meta.get("mode") == "online" for s in net.a.saves.saved)
    for app in (net.a, net.b):
        app.tick(DT)   # the results screen draws


def test_the_connect_screen_remembers_the_address_and_the_room_has_chat(net: Net, tmp_path: Path) -> None:
    from game.ui.settings import load_settings

    a, b = net.a, net.b
    ca = title_to_connect(a)
    press(a, ca.host_button)
    net.pump(lambda: isinstance(a.stack.top, RoomScene) and a.stack.top.driver.room)
    room = a.stack.top
    port = ca.online.hosted.address[1]
    # Ann says hello in her room (the chat comes back from the server)
    send(a, *[pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "hello"],
         pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    net.pump(lambda: room.driver.chat)
    assert room.driver.chat[-1] == {"from": "Ann", "role": "investigator", "text": "hello"}
    # Bob types the address by hand and connects: it is kept in his settings
    cb = title_to_connect(b)
    send(b, click(cb.address.rect.center), pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u,
                                                              mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    send(b, *[pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in f"127.0.0.1:{port}"])
    press(b, cb.connect_button)
    net.pump(lambda: isinstance(b.stack.top, LobbyScene) and b.stack.top.rooms)
    assert load_settings(b.settings_path).server_address == f"127.0.0.1:{port}"
    assert load_settings(b.settings_path).player_name == "Bob"
    b.stack.pop()
    assert isinstance(b.stack.top, ConnectScene)
    assert ConnectScene(b).address.text == f"127.0.0.1:{port}"
    # joining by code: Bob's room shows both players, then the board opens
    lobby_b = LobbyScene(b, cb.online)
    cb.online.connect("127.0.0.1", port)
    b.stack.push(lobby_b)
    send(b, click(lobby_b.code.rect.center), *[pygame.event.Event(pygame.TEXTINPUT, text=ch)
                                               for ch in room.driver.room.lower()])
    assert lobby_b.code.text == room.driver.room
    press(b, lobby_b.code_button)        # Bob's side is the investigator's, which Ann has: refused, clearly
    net.pump(lambda: b.stack.top.toast.message)
    assert "That side is taken" in b.stack.top.toast.message and isinstance(b.stack.top, LobbyScene)
    lobby_b.side.value = "jack"          # the side chosen is the side taken
    press(b, lobby_b.code_button)
    net.pump(lambda: isinstance(b.stack.top, RoomScene))
    net.pump(lambda: b.stack.top.driver.players == {"jack": "Bob", "investigator": "Ann"}
             if isinstance(b.stack.top, RoomScene) else True)
    net.pump(lambda: isinstance(a.stack.top, GameScene) and isinstance(b.stack.top, GameScene))


def test_a_dropped_connection_shows_the_countdown_and_the_game_resumes(net: Net) -> None:
    scenes = host_and_join(net)
    ann, bob = scenes
    seen: dict[str, float] = {}

    def drop(moves: dict) -> None:
        if "dropped" in seen or moves["b"] < 1:   # early: a random game may be short
            return
        seen["dropped"] = 1
        bob.driver.game.client.protocol.transport.abortConnection()
        net.pump(lambda: isinstance(net.b.stack.top, ReconnectScene), limit=5)
        overlay = net.b.stack.top
        assert overlay.ours and 0 < bob.driver.reconnect_left() <= bob.driver.game.reconnect_for == 600
        net.b.tick(DT)  # the countdown draws over the board
        net.pump(lambda: net.b.stack.top is bob, limit=10)   # back: the overlay went away by itself
        seen["back"] = 1
    play_to_the_end(net, scenes, Rng(11), during=drop)
    assert seen == {"dropped": 1, "back": 1}
    ra, rb = ann.driver.result, bob.driver.result
    assert ra.verified and rb.verified and ra.public_hash == rb.public_hash


def test_results_say_what_the_check_found_and_a_desync_report_is_saved(game_app, tmp_path: Path) -> None:
    from net.session import DesyncReport, Result

    assert verdict(Result("cheat", "investigator", finding={"side": "jack"}, reason="jack lied"),
                   "investigator")[0] == "Your opponent cheated: jack lied"
    report = DesyncReport("pocket", 5, "0" * 32, 12, 30, "jack", {"jack": "a", "investigator": "b"},
                          {"jack": "x", "investigator": "y"}, None, [])

    class Driver:
        role, room, online, full_record, full_final, report_path = "jack", "ABCDE", None, None, None, None
        result = Result("desync", "jack", desync=report, reason="hash mismatch with investigator at ply 12")
        how, generation, players, opponent = "join", 0, {}, "investigator"
        game = SampleGame(None, "jack")     # (a desync is never judged; a rematch could still be offered)

        def close(self) -> None:
            self.game.close()

        def save_report(self):  # type: ignore[no-untyped-def]
            from game.ui.online.driver import NetDriver

            return NetDriver.save_report(self)  # type: ignore[arg-type]

    from game.engine.pocket.state import PocketState
    from game.engine.record import GameRecord

    record = GameRecord("pocket", 5, [], {"mode": "solo", "human": "jack"})
    scene = OnlineResultsScene(game_app, Driver(), record, PocketState.new(5).observation(Side.JACK))
    game_app.start(scene)
    game_app.tick(DT)
    save = next(b for b in scene.menu.buttons if b.label == "Save report")
    press(game_app, save)
    saved = list((tmp_path / "desync").glob("desync-ABCDE-jack-*.json"))
    assert len(saved) == 1 and '"ply": 12' in saved[0].read_text()


def test_a_spectator_watches_and_a_player_who_leaves_ends_the_game_for_the_others(net: Net, tmp_path: Path) -> None:
    from game.ui.scenes.pause import PauseScene

    cy = net.add_app(tmp_path / "c", "Cy")
    ann, bob = host_and_join(net)
    cc = title_to_connect(cy)
    net.pump(lambda: cc.lan.rows)
    press(cy, cc.join_found_button)
    net.pump(lambda: isinstance(cy.stack.top, LobbyScene) and cy.stack.top.rooms)
    lobby = cy.stack.top
    assert lobby.rooms[0]["status"] == "playing"
    send(cy, click(lobby.list.row_rect(0).center))
    assert not lobby.join_button.enabled
    press(cy, lobby.watch_button)
    net.pump(lambda: isinstance(cy.stack.top, GameScene))
    watch = cy.stack.top
    assert watch.mode == "watch" and watch.viewer is Side.INVESTIGATOR and not watch.humans
    rng, bot = Rng(3), make_bot("random")
    moves = 0
    while moves < 4:   # a few moves each; the spectator's screen follows
        net.pump()
        for app, scene in ((net.a, ann), (net.b, bob)):
            if app.stack.top is scene and scene.my_turn():
                side = scene.state.to_move().side
                key_events(app, scene, bot.choose(scene.state.observation(side), rng))
                moves += 1
        no_secrets_beyond_view(watch)
    net.pump(lambda: len(watch.states) == len(ann.states) and watch.cursor[Side.INVESTIGATOR] == len(watch.states) - 1)
    # Bob opens the menu and leaves: the game ends for Ann and for the spectator, and says why
    net.pump(lambda: bob.anim is None)
    send(net.b, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    pause = net.b.stack.top
    assert isinstance(pause, PauseScene)
    leave = next(b for b in pause.menu.buttons if b.label == "Leave the game")
    press(net.b, leave)
    ask = net.b.stack.top
    assert isinstance(ask, LeaveScene)              # leaving resigns: asked first
    press(net.b, ask.stay_button)
    assert net.b.stack.top is pause
    press(net.b, leave)
    press(net.b, net.b.stack.top.leave_button)
    assert isinstance(net.b.stack.top, TitleScene)
    net.pump(lambda: isinstance(net.a.stack.top, OnlineResultsScene) and isinstance(cy.stack.top, OnlineResultsScene))
    for app in (net.a, cy):
        results = app.stack.top
        assert not results.over and results.result.status == "claimed" and results.result.winner == "investigator"
        app.tick(DT)
    from game.ui.scenes.online_results import reason_text

    assert reason_text(net.a.stack.top.result, "investigator") == "Jack left the game."
    assert verdict(net.a.stack.top.result, "investigator")[0] == "You won by claim"


# ------------------------------------------------------------------ London
def london_turn(app, scene: GameScene, rng: Rng) -> list[str]:  # type: ignore[no-untyped-def]
    """One decision group typed as keys (card, mode, targets, Enter), chosen from the picker's own view."""
    from test_london_scene import choose_with_keys, pick

    from game.ui.london.picker import CONFIRM

    p = scene.picker
    chain = []
    for _ in range(3):
        action = pick(p.state, rng)
        chain.append(str(action))
        choose_with_keys(app, scene, action)
        if p.stage == CONFIRM:
            break
    assert p.stage == CONFIRM, (chain, p.prompt())
    send(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    return chain


def test_a_hosted_london_game_is_joined_in_the_lobby_played_through_the_screens_and_verified(
        net: Net, tmp_path: Path) -> None:
    """Ann picks London (2016) and hosts; Bob sees it in the lobby as London and joins; Cy watches;
    both play to the check."""
    a, b = net.a, net.b
    cy = net.add_app(tmp_path / "c", "Cy")
    ca = title_to_connect(a)
    ca._layout(a.size)
    send(a, click(ca.picker.game.segment_rects()[[v for v, _l in ca.picker.game.options].index("london")].center))
    assert ca.picker.value == ("london", "2006") and ca.picker.edition.visible
    ca._layout(a.size)
    send(a, click(ca.picker.edition.segment_rects()[1].center))
    assert ca.picker.value == ("london", "2016")
    press(a, ca.host_button)
    net.pump(lambda: isinstance(a.stack.top, RoomScene) and a.stack.top.driver.room)
    room = a.stack.top
    assert room.driver.game_name == "london" and room.driver.edition == "2016"
    cb = title_to_connect(b)
    net.pump(lambda: cb.lan.rows)
    press(b, cb.join_found_button)
    net.pump(lambda: isinstance(b.stack.top, LobbyScene) and b.stack.top.rooms)
    lobby = b.stack.top
    assert lobby.rooms[0]["game"] == "london" and lobby.rooms[0]["edition"] == "2016"
    assert lobby.list.rows[0][1] == "London · 2016"
    send(b, click(lobby.list.row_rect(0).center))
    press(b, lobby.join_button)
    net.pump(lambda: isinstance(a.stack.top, GameScene) and isinstance(b.stack.top, GameScene))
    ann, bob = a.stack.top, b.stack.top
    cc = title_to_connect(cy)
    net.pump(lambda: cc.lan.rows)
    press(cy, cc.join_found_button)
    net.pump(lambda: isinstance(cy.stack.top, LobbyScene) and cy.stack.top.rooms)
    send(cy, click(cy.stack.top.list.row_rect(0).center))
    press(cy, cy.stack.top.watch_button)
    net.pump(lambda: isinstance(cy.stack.top, GameScene))
    watch = cy.stack.top
    assert watch.mode == "watch" and watch.record.game == "london" and watch.viewer is Side.INVESTIGATOR
    assert ann.record.game == bob.record.game == "london" and ann.record.meta["edition"] == "2016"
    assert ann.state.edition == bob.state.edition == "2016"
    assert ann.viewer is Side.INVESTIGATOR and bob.viewer is Side.JACK
    rng = Rng(21)
    turns = {"a": 0, "b": 0}
    deadline = time.monotonic() + 150   # (a bound on a hang, far above a busy machine's time)
    while not all(isinstance(app.stack.top, OnlineResultsScene) for app in (a, b, cy)):
        net.pump(frames=1)
        if cy.stack.top is watch:
            no_secrets_beyond_view(watch)
        for name, app, scene in (("a", a, ann), ("b", b, bob)):
            if app.stack.top is scene and scene.my_turn():
                no_secrets_beyond_view(scene)
                before = len(scene.states)
                london_turn(app, scene, rng)
                assert scene.picker is None and len(scene.states) == before   # sent, not applied yet
                turns[name] += 1
        assert time.monotonic() < deadline, "the game did not end in time"
    assert turns["a"] >= 2 and turns["b"] >= 2
    assert bob.record.actions[0].startswith("identity ") and bob.record.actions[0] != "identity ?"
    assert ann.record.actions[0] == "identity ?" and ann.record.actions[1].startswith("deal ")
    for mine, theirs in ((ann, bob), (bob, ann)):   # each side's own Holmes draws by name, the other's as "?"
        side = mine.viewer.value
        for i, (x, y) in enumerate(zip(mine.record.actions, theirs.record.actions, strict=True)):
            if x.startswith("draw "):
                drawer = mine.states[i].actor().value
                assert (x == "draw ?") == (drawer != side) and (y == "draw ?") == (drawer == side), (i, x, y)
    assert all(x == "draw ?" for x in watch.record.actions if x.startswith("draw"))   # no one's secret draws
    results = [app.stack.top for app in (a, b)]
    ra, rb = (r.driver.result for r in results)
    assert ra.status == rb.status == "finished" and ra.verified and rb.verified, (ra.reason, rb.reason)
    rc = cy.stack.top.driver.result
    assert rc.status == "finished" and rc.verified and rc.public_hash == ra.public_hash
    assert ra.public_hash == rb.public_hash == ann.states[-1].public_hash() and ra.winner == rb.winner
    full = results[0].record
    assert results[0].full and full.game == "london" and full.meta["edition"] == "2016"
    final = full.replay()
    assert final.winner().value == ra.winner and final.jack >= 0 and final.jack == results[1].final.jack
    assert any(s.meta.get("mode") == "online" and s.game == "london" for s in a.saves.saved)
    for app in (a, b):
        app.tick(DT)   # the results screen draws


def test_a_new_york_game_plays_itself_through_the_screens_with_the_autoplay_hook(
        net: Net, monkeypatch: pytest.MonkeyPatch) -> None:
    """``MRJACK_TEST_AUTOPLAY``: both windows make their own moves; New York from the host screen to the check."""
    monkeypatch.setenv("MRJACK_TEST_AUTOPLAY", "0")
    a, b = net.a, net.b
    ca = title_to_connect(a)
    ca._layout(a.size)
    send(a, click(ca.picker.game.segment_rects()[[v for v, _l in ca.picker.game.options].index("newyork")].center))
    assert ca.picker.value == ("newyork", None) and not ca.picker.edition.visible
    press(a, ca.host_button)
    net.pump(lambda: isinstance(a.stack.top, RoomScene) and a.stack.top.driver.room)
    cb = title_to_connect(b)
    net.pump(lambda: cb.lan.rows)
    press(b, cb.join_found_button)
    net.pump(lambda: isinstance(b.stack.top, LobbyScene) and b.stack.top.rooms)
    lobby = b.stack.top
    assert lobby.rooms[0]["game"] == "newyork" and lobby.list.rows[0][1] == "New York"
    send(b, click(lobby.list.row_rect(0).center))
    press(b, lobby.join_button)
    net.pump(lambda: isinstance(a.stack.top, GameScene) and isinstance(b.stack.top, GameScene))
    ann, bob = a.stack.top, b.stack.top
    assert ann.record.game == bob.record.game == "newyork" and "edition" not in ann.record.meta

    def check() -> bool:
        for scene in (ann, bob):
            if scene.anim is not None:
                scene.skip_animation()
        return all(isinstance(app.stack.top, OnlineResultsScene) for app in (a, b))
    net.pump(check, limit=40)
    ra, rb = (app.stack.top.driver.result for app in (a, b))
    assert ra.status == rb.status == "finished" and ra.verified and rb.verified, (ra.reason, rb.reason)
    assert ra.public_hash == rb.public_hash and ra.winner == rb.winner
    assert a.stack.top.full and a.stack.top.record.replay().winner().value == ra.winner


def test_a_private_room_hands_its_players_a_watch_code_that_lets_a_spectator_in(net: Net, tmp_path: Path) -> None:
    a, b = net.a, net.b
    ca = title_to_connect(a)
    press(a, ca.host_button)
    net.pump(lambda: isinstance(a.stack.top, RoomScene) and a.stack.top.driver.room)
    port = ca.online.hosted.address[1]
    # Bob opens a private room in Ann's lobby: the room screen gives him both codes
    cb = title_to_connect(b)
    lobby_b = LobbyScene(b, cb.online)
    cb.online.connect("127.0.0.1", port)
    b.stack.push(lobby_b)
    lobby_b.visibility.value = True
    press(b, lobby_b.create_button)
    net.pump(lambda: isinstance(b.stack.top, RoomScene) and b.stack.top.driver.room)
    room = b.stack.top
    watch = room.driver.game.watch
    assert watch and len(watch) == 10 and watch != room.driver.room
    hint = room.share_hint()
    assert room.driver.room in hint[0] and hint[1] == f"Spectators use the watch code {watch}."
    # Carl types the watch code in the lobby and presses Watch: he watches, he does not sit
    c = net.add_app(tmp_path / "c", "Carl")
    cc = title_to_connect(c)
    lobby_c = LobbyScene(c, cc.online)
    cc.online.connect("127.0.0.1", port)
    c.stack.push(lobby_c)
    send(c, click(lobby_c.code.rect.center), *[pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in watch])
    press(c, lobby_c.code_watch_button)
    net.pump(lambda: isinstance(c.stack.top, RoomScene) and c.stack.top.driver.room)
    assert c.stack.top.driver.spectator and c.stack.top.share_hint() == []
