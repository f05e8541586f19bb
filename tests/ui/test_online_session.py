"""The online window as two friends use it: chat beside the board, leaving, resuming after a crash.

Two apps in one process on a private reactor (the ``net`` fixture of
``test_online``), real sockets on 127.0.0.1 only.
"""

from __future__ import annotations

import pygame
import pytest
from test_game_scene import click, key_events, send
from test_online import Net, host_and_join, press, two_apps

from game.bots import make_bot
from game.engine.rng import Rng
from game.ui.online.driver import seat_folder
from game.ui.online.panel import CHAT_KEY, clock_text
from game.ui.scenes.game import GameScene
from game.ui.scenes.online_confirm import LeaveScene
from game.ui.scenes.online_reconnect import ReconnectScene
from game.ui.scenes.online_results import OnlineResultsScene
from game.ui.scenes.online_room import RoomScene
from game.ui.scenes.title import TitleScene

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def net(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    yield from two_apps(tmp_path, monkeypatch)


def key(app, k: int, text: str = "") -> None:  # type: ignore[no-untyped-def]
    events = [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0)]
    if text:
        events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
    send(app, *events)


def test_the_chat_panel_keeps_the_rooms_history_and_takes_every_key_while_shown(net: Net) -> None:
    ann, bob = host_and_join(net)
    net.b.stack.top.driver.send_chat("good luck, Ann")
    net.pump(lambda: any(m["text"] == "good luck, Ann" for m in ann.driver.chat))
    panel = ann.driver.panel
    assert panel.unread == 1 and not panel.chat_open
    key(net.a, CHAT_KEY)
    assert panel.chat_open and panel.unread == 0 and panel.field.focused
    states, focus = len(ann.states), ann.focus
    for ch in "h1tw ":              # game hotkeys (Holmes, token 1, Toby, Watson, skip) typed into the chat
        key(net.a, ord(ch), ch)
    assert panel.field.text == "h1tw " and len(ann.states) == states and ann.focus == focus
    key(net.a, pygame.K_RETURN, "\r")
    net.pump(lambda: any(m["text"] == "h1tw" for m in bob.driver.chat))
    assert panel.field.text == ""
    key(net.a, pygame.K_ESCAPE)     # Esc closes the chat, it does not open the menu
    assert not panel.chat_open and net.a.stack.top is ann
    net.pump(frames=2)
    assert [m["from"] for m in ann.driver.chat] == ["Bob", "Ann"]


def test_a_line_sent_while_waiting_reaches_the_joiner_and_keys_typed_then_stay_in_the_chat(net: Net) -> None:
    from test_online import title_to_connect

    a, b = net.a, net.b
    ca = title_to_connect(a)
    press(a, ca.host_button)
    net.pump(lambda: isinstance(a.stack.top, RoomScene) and a.stack.top.driver.room)
    room = a.stack.top
    room.send("anyone there?")
    net.pump(lambda: room.driver.chat)
    room.chat.set("half a sentence")            # Ann is typing when Bob joins
    cb = title_to_connect(b)
    net.pump(lambda: cb.lan.rows)
    press(b, cb.join_found_button)
    from game.ui.scenes.online_lobby import LobbyScene

    net.pump(lambda: isinstance(b.stack.top, LobbyScene) and b.stack.top.rooms)
    lobby = b.stack.top
    send(b, click(lobby.list.row_rect(0).center))
    press(b, lobby.join_button)
    net.pump(lambda: isinstance(a.stack.top, GameScene) and isinstance(b.stack.top, GameScene))
    assert [m["text"] for m in b.stack.top.driver.chat] == ["anyone there?"]   # said before Bob came
    ann = a.stack.top
    assert ann.driver.panel.chat_open and ann.driver.panel.field.text == "half a sentence"


def test_leaving_asks_first_and_closing_the_window_resigns_after_the_question(net: Net) -> None:
    ann, bob = host_and_join(net)
    send(net.b, pygame.event.Event(pygame.QUIT))
    ask = net.b.stack.top
    assert isinstance(ask, LeaveScene) and net.b.running and ask.then == "quit"
    key(net.b, pygame.K_ESCAPE)                 # Stay
    assert net.b.stack.top is bob and net.b.running
    send(net.b, pygame.event.Event(pygame.QUIT))
    press(net.b, net.b.stack.top.leave_button)
    assert not net.b.running
    net.pump(lambda: isinstance(net.a.stack.top, OnlineResultsScene))
    r = net.a.stack.top.result
    assert (r.status, r.winner, r.termination) == ("claimed", "investigator", "resign")
    assert not seat_folder().all() or all(s.role != "jack" for s in seat_folder().all())


def test_a_crashed_window_resumes_its_game_from_the_title_with_the_board_as_it_was(net: Net, tmp_path,
                                                                                  monkeypatch) -> None:
    ann, bob = host_and_join(net)
    net.pump(lambda: ann.my_turn() and ann.anim is None)
    side = ann.state.to_move().side
    key_events(net.a, ann, make_bot("random").choose(ann.state.observation(side), Rng(3)))   # Ann moves
    net.pump(lambda: len(bob.states) == len(ann.states) and bob.anim is None and ann.anim is None)
    seats = [s for s in seat_folder().all() if s.role == "jack"]
    assert len(seats) == 1 and seats[0].opponent == "Ann" and seats[0].name == "Bob"
    before = list(bob.record.actions)
    # Bob's program dies: no goodbye, the connection just drops
    bob.driver.game.client.protocol.transport.abortConnection()
    bob.driver.closed = True
    bob.driver.game._closing = True
    net.apps.remove(net.b)
    net.pump(lambda: isinstance(net.a.stack.top, ReconnectScene))
    assert not net.a.stack.top.ours            # Ann sees Bob away, not her own connection lost
    # started again (on Bob's own machine: his user folder holds his seat only), the title offers the game
    home = tmp_path / "bob-home"
    (home / "seats").mkdir(parents=True)
    path = seat_folder().path(seats[0].host, seats[0].port, seats[0].room, "jack")
    (home / "seats" / path.name).write_bytes(path.read_bytes())
    monkeypatch.setenv("MRJACK_HOME", str(home))
    again = net.add_app(tmp_path / "b2", "Bob")
    title = again.stack.top
    assert isinstance(title, TitleScene) and title.resume_online_button.visible
    assert title.resume_online_button.label().startswith("Resume your game against Ann")
    title._layout(again.size)
    send(again, click(title.resume_online_button.rect.center))
    net.pump(lambda: isinstance(again.stack.top, GameScene), limit=20)
    scene = again.stack.top
    net.pump(lambda: len(scene.record.actions) >= len(before) and not isinstance(net.a.stack.top, ReconnectScene))
    assert scene.record.actions[:len(before)] == before and scene.driver.role == "jack"


def test_clocks_read_as_a_player_reads_them():
    assert [clock_text(t) for t in (None, 3.25, 9.99, 9, 65, 600, 3725)] == ["", "0:03.2", "0:09.9", "0:09", "1:05",
                                                                            "10:00", "1:02:05"]


def test_a_name_the_fonts_cannot_draw_is_refused_and_others_names_show_what_can_be_drawn(net: Net) -> None:
    from test_online import title_to_connect

    from game.ui.online.names import shown_name, undrawable

    assert undrawable("Ann Жанна Łucja Zoë Ωμέγα") == ""      # Latin, Cyrillic, Polish, Greek: drawn
    assert undrawable("傘の人 傘 ☂") == "傘の人☂" and shown_name("Li 李") == "Li ?"  # (the serif has no ☂)
    ca = title_to_connect(net.a)
    ca.name.set("李雷")
    press(net.a, ca.host_button)
    assert "cannot draw (李雷)" in ca.toast.message and not ca.online.hosting
