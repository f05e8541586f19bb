"""The ranked screens driven as a player drives them: the first name, profile, leaderboard, quick match,
the rating change and the rematch on the results.

The server's side is a fake (:class:`FakeLobby`, :class:`FakeGame`) that answers with dicts shaped
exactly as ``net/PROTOCOL.md`` sections 14 and 15 say; the pairing test seats the player in a real
room on a loopback server, as a pairing does (``joined``, then ``start``).
"""

from __future__ import annotations

import json
import os
import stat
import time
from typing import Any

import pygame
import pytest
from scenehelp import click, key, send
from twisted.internet import defer, task

from game.engine.core import Side
from game.ui.online.ranked_shots import SampleGame, finished_record
from game.ui.online.service import Online
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.leaderboard import LeaderboardScene
from game.ui.scenes.online_identity import IdentityScene
from game.ui.scenes.online_lobby import LobbyScene
from game.ui.scenes.online_results import OnlineResultsScene
from game.ui.scenes.profile import ProfileScene
from game.ui.scenes.quick_match import QuickMatchScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.title import TitleScene
from net.client import NetError
from net.identity import FILE_NAME, Identity

pytestmark = pytest.mark.timeout(60)


# ------------------------------------------------------------------ the fake server
def profile_msg(me: Identity, recent: list[dict]) -> dict:
    return {"id": me.public, "name": me.name, "recent": recent, "ratings": [
        {"game": "pocket", "rating": 1648, "rd": 52, "games": 41, "provisional": False, "jack": [12, 20],
         "investigator": [13, 21]},
        {"game": "london", "rating": 1507, "rd": 128, "games": 6, "provisional": True, "jack": [2, 3],
         "investigator": [1, 3]}]}


def recent_game(code: str, opponent: str = "Moriarty", outcome: str = "win") -> dict:
    return {"code": code, "game": "pocket", "edition": None, "side": "jack", "opponent": opponent,
            "opponent_id": b"\x07" * 32, "outcome": outcome, "status": "verified", "termination": "hourglasses",
            "ended": 1_790_000_000, "rated": True}


class Profiles(dict):
    """Every identity's profile: a new player with no games."""

    def __missing__(self, pub: bytes) -> dict:
        return {"id": pub, "name": "?", "ratings": [], "recent": []}


class FakeLobby:
    """A ``LobbyClient`` stand-in: the requests it was sent, and the server's answers."""

    connected = True

    def __init__(self) -> None:
        self.asked: list[tuple] = []
        self.profiles: dict[bytes, dict] = Profiles()
        self.archives: dict[str, dict] = {}
        self.players: list[dict] = []      # the leaderboard's rows, best first
        self.on_disconnect = None

    def list_rooms(self) -> defer.Deferred:
        return defer.succeed([])

    def profile(self, id_pub: bytes, game: str | None = None) -> defer.Deferred:
        self.asked.append(("profile", id_pub))
        return defer.succeed(self.profiles[id_pub])

    def leaderboard(self, game: str, offset: int = 0) -> defer.Deferred:
        self.asked.append(("leaderboard", game, offset))
        rows = [dict(r, rank=offset + i + 1) for i, r in enumerate(self.players[offset:offset + 50])]
        return defer.succeed({"game": game, "offset": offset, "total": len(self.players), "rows": rows,
                              "sides": {"jack": 60, "investigator": 40, "games": 100}})

    def fetch(self, code: str) -> defer.Deferred:
        self.asked.append(("fetch", code))
        if code not in self.archives:
            return defer.fail(NetError("archive/not_found", code))
        return defer.succeed(self.archives[code])

    def close(self) -> None:
        self.connected = False


class FakeGame(SampleGame):
    """A ``NetGame`` stand-in whose server answers only when the test says (the Deferreds it handed out)."""

    def __init__(self, reactor: Any, role: str = "investigator") -> None:
        super().__init__(reactor, role)
        self.calls: list[tuple] = []
        self.answers: list[defer.Deferred] = []

    def _pending(self, *call: Any) -> defer.Deferred:
        self.calls.append(call)
        d: defer.Deferred = defer.Deferred()
        self.answers.append(d)
        return d

    def quick_match(self, game: str, edition: str | None = None, clock: str | None = None) -> defer.Deferred:
        return self._pending("quick_match", game, edition, clock)

    def cancel_quick_match(self) -> defer.Deferred:
        return self._pending("cancel_quick_match")

    def offer_rematch(self) -> None:
        self.calls.append(("offer_rematch",))
        self.rematch = "offered"

    def decline_rematch(self) -> None:
        self.calls.append(("decline_rematch",))
        self.rematch = "declined"


@pytest.fixture
def ranked(game_app):  # type: ignore[no-untyped-def]
    """The lobby of a (fake) server, its ``Online`` holding a fake lobby connection."""
    app = game_app
    app.reactor = task.Clock()
    app.settings.player_name = "Ann"
    online = Online(app, lan_port=0, discovery_port=0, broadcast=False)
    online.lobby, online.server = FakeLobby(), ("127.0.0.1", 7341)
    games: list[FakeGame] = []

    def new_game(host: str | None = None, port: int | None = None) -> FakeGame:
        games.append(FakeGame(app.reactor))
        return games[-1]
    online.new_game = new_game   # type: ignore[method-assign]
    online.games = games         # type: ignore[attr-defined]
    app.start(TitleScene(app))
    lobby = LobbyScene(app, online, "Baker Street")
    app.stack.push(lobby)
    app.tick(1 / 60)
    return app, online, lobby


def press(app, button) -> None:  # type: ignore[no-untyped-def]
    app.stack.top._layout(app.size)
    app.tick(1 / 60)
    assert button.visible and button.enabled, button.label
    send(app, click(button.rect.center))


def with_identity(online: Online, name: str = "Ann") -> Identity:
    me = online.make_identity(name)
    online.lobby.profiles[me.public] = profile_msg(me, [recent_game("G0001"), recent_game("G0002", "Watson",
                                                                                          "loss")])
    return me


def open_from_lobby(app, lobby, button, kind):  # type: ignore[no-untyped-def]
    """Press ``button`` of the lobby; the screen of ``kind`` opens (the player has an identity)."""
    press(app, button)
    scene = app.stack.top
    assert isinstance(scene, kind), scene
    return scene


def open_profile(app, online, lobby) -> ProfileScene:  # type: ignore[no-untyped-def]
    return open_from_lobby(app, lobby, lobby.profile_button, ProfileScene)


# ------------------------------------------------------------------ identity
def test_first_ranked_use_asks_for_a_name_then_makes_the_identity_file(ranked, tmp_path) -> None:  # type: ignore[no-untyped-def]
    app, online, lobby = ranked
    assert online.player_identity() is None
    press(app, lobby.profile_button)
    ask = app.stack.top
    assert isinstance(ask, IdentityScene) and ask.name.text == "Ann"     # prefilled from the settings
    ask.name.set("")
    press(app, ask.create_button)
    assert app.stack.top is ask and ask.toast.message == "Please type a name."
    ask.name.set("Ann Hudson")
    send(app, key(pygame.K_RETURN))                                     # Enter in the field creates
    path = tmp_path / "netstate" / FILE_NAME
    assert path.exists() and stat.S_IMODE(os.stat(path).st_mode) == 0o600
    me = Identity.load(path)
    assert me.name == "Ann Hudson" and online.identity.public == me.public
    assert app.settings.player_name == "Ann Hudson" and online.name == "Ann Hudson"
    assert isinstance(app.stack.top, ProfileScene)
    app.stack.pop()
    press(app, lobby.profile_button)                                    # asked once only
    assert isinstance(app.stack.top, ProfileScene)


def test_new_games_are_signed_by_the_identity_once_it_exists(game_app) -> None:  # type: ignore[no-untyped-def]
    game_app.reactor = task.Clock()
    online = Online(game_app, lan_port=0, discovery_port=0, broadcast=False)
    online.server = ("127.0.0.1", 7341)
    assert online.player_identity() is None
    me = online.make_identity("Ann")
    fresh = Online(game_app, lan_port=0, discovery_port=0, broadcast=False)    # a later visit finds it on disk
    assert fresh.player_identity().public == me.public


# ------------------------------------------------------------------ profile
def test_profile_shows_the_fingerprint_ratings_and_recent_games(ranked, drawn) -> None:  # type: ignore[no-untyped-def]
    app, online, lobby = ranked
    me = with_identity(online)
    scene = open_profile(app, online, lobby)
    app.tick(1 / 60)
    assert online.lobby.asked[-1] == ("profile", me.public)
    text = " | ".join(drawn)
    assert f"Key fingerprint: {me.fingerprint}" in text
    assert "1648 ± 52" in text and "1507 ± 128 ?" in text and "60%" in text and "62%" in text
    assert "unrated" in text                                           # New York: no rated game yet
    assert "Moriarty" in text and "Watson" in text
    assert "As Jack against Moriarty: won, six hourglasses (Pocket, " in text and "Rated." in text
    assert scene.recent.selected == 0 and scene.watch_button.enabled


def test_twenty_recent_games_scroll_with_page_down_and_each_can_be_chosen(ranked, drawn) -> None:  # type: ignore[no-untyped-def]
    app, online, lobby = ranked
    me = with_identity(online)
    online.lobby.profiles[me.public]["recent"] = [recent_game(f"G{i:04d}", f"Player {i}") for i in range(20)]
    scene = open_profile(app, online, lobby)
    app.tick(1 / 60)
    n = len(scene.recent.rows)
    assert 3 <= n < 20 and scene.recent.rows[0][2] == "Player 0"
    for _ in range(19):
        send(app, key(pygame.K_PAGEDOWN))
    app.draw(pygame.Surface(app.size))
    assert scene.chosen == 19 and scene.recent.rows[-1][2] == "Player 19" and scene._selected()["code"] == "G0019"
    assert f"Games {21 - n}–20 of 20" in drawn


def test_rename_keeps_the_key_and_changes_the_name(ranked, tmp_path) -> None:  # type: ignore[no-untyped-def]
    app, online, lobby = ranked
    me = with_identity(online)
    scene = open_profile(app, online, lobby)
    scene.name.set("Mrs Hudson")
    press(app, scene.rename_button)
    again = Identity.load(tmp_path / "netstate" / FILE_NAME)
    assert again.name == "Mrs Hudson" and again.public == me.public and online.name == "Mrs Hudson"


def test_export_then_import_round_trip_asks_before_replacing(ranked, tmp_path) -> None:  # type: ignore[no-untyped-def]
    app, online, lobby = ranked
    ann = with_identity(online)
    scene = open_profile(app, online, lobby)
    exported = tmp_path / "usb" / "ann.json"
    scene.export_path.set(str(exported))
    press(app, scene.export_button)
    assert Identity.load(exported).public == ann.public and "Exported to" in scene.toast.message
    assert stat.S_IMODE(os.stat(exported).st_mode) == 0o600
    bob = Identity.new("Bob")
    bob.export(tmp_path / "bob.json")
    online.lobby.profiles[bob.public] = profile_msg(bob, [])
    scene.import_path.set(str(tmp_path / "bob.json"))
    press(app, scene.import_button)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and bob.fingerprint in ask.message and ann.fingerprint in ask.message
    send(app, key(pygame.K_ESCAPE))                                     # Keep mine: nothing changes
    assert app.stack.top is scene and online.identity.public == ann.public
    press(app, scene.import_button)
    ask = app.stack.top
    ask._layout(app.size)
    send(app, click(ask.menu.buttons[0].rect.center))                   # Replace
    assert online.identity.public == bob.public and online.name == "Bob" and scene.name.text == "Bob"
    assert (tmp_path / "netstate" / f"identity-{ann.fingerprint}.json").exists()   # Ann's key kept aside
    assert online.lobby.asked[-1] == ("profile", bob.public)
    scene.import_path.set(str(exported))                                 # and back again
    press(app, scene.import_button)
    app.stack.top._layout(app.size)
    send(app, click(app.stack.top.menu.buttons[0].rect.center))
    assert online.identity.public == ann.public
    assert Identity.load(tmp_path / "netstate" / FILE_NAME).public == ann.public


def test_export_asks_before_overwriting_another_key_or_another_file(ranked, tmp_path) -> None:  # type: ignore[no-untyped-def]
    app, online, lobby = ranked
    ann = with_identity(online)
    scene = open_profile(app, online, lobby)
    bob_file = tmp_path / "bob.json"
    Identity.new("Bob").export(bob_file)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    for target in (bob_file, notes):
        scene.export_path.set(str(target))
        press(app, scene.export_button)
        ask = app.stack.top
        assert isinstance(ask, ConfirmScene) and str(target) in ask.message
        send(app, key(pygame.K_ESCAPE))                                 # Keep the file
        assert app.stack.top is scene
    assert Identity.load(bob_file).name == "Bob" and notes.read_text() == "my notes"
    press(app, scene.export_button)                                     # the notes, this time replaced
    app.stack.top._layout(app.size)
    send(app, click(app.stack.top.menu.buttons[0].rect.center))
    assert Identity.load(notes).public == ann.public
    press(app, scene.export_button)                                     # the same key again: no question
    assert app.stack.top is scene and "Exported to" in scene.toast.message


@pytest.mark.parametrize(("content", "message"), [
    (None, "Not imported: There is no file there."),
    ("{not json", "Not imported: That file cannot be read."),
    (json.dumps({"format": "a saved game"}), "Not imported: That file is not a Mr. Jack identity."),
    (json.dumps({"format": "mrjack-identity/1", "name": "X", "key": "zz"}), "Not imported: That identity file is "
                                                                              "damaged."),
])
def test_a_bad_identity_file_is_refused_with_its_reason_and_changes_nothing(ranked, tmp_path, content,  # type: ignore[no-untyped-def]
                                                                             message) -> None:
    app, online, lobby = ranked
    ann = with_identity(online)
    scene = open_profile(app, online, lobby)
    bad = tmp_path / "bad.json"
    if content is not None:
        bad.write_text(content)
    scene.import_path.set(str(bad))
    press(app, scene.import_button)
    assert app.stack.top is scene and scene.toast.message == message
    assert online.identity.public == ann.public
    assert Identity.load(tmp_path / "netstate" / FILE_NAME).public == ann.public


def test_watch_replay_fetches_the_archive_and_opens_it_in_the_replay_viewer(ranked) -> None:  # type: ignore[no-untyped-def]
    app, online, lobby = ranked
    with_identity(online)
    record, final = finished_record("pocket", 5)
    online.lobby.archives["G0001"] = {
        "code": "G0001", "game": "pocket", "edition": None, "players": {"jack": "Ann", "investigator": "Moriarty"},
        "ids": {"jack": b"\x01" * 32, "investigator": b"\x02" * 32}, "status": "verified",
        "winner": final.outcome.winner.value, "termination": final.outcome.termination.value, "ended": 1_790_000_000,
        "record": {"game": "pocket", "seed": record.seed, "actions": record.actions, "meta": {}}}
    scene = open_profile(app, online, lobby)
    press(app, scene.watch_button)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and online.lobby.asked[-1] == ("fetch", "G0001")
    assert replay.record.actions == record.actions and replay.states[-1].is_over()
    app.stack.pop()
    send(app, key(pygame.K_PAGEDOWN))                                   # the second game: not in the archive
    assert scene.recent.selected == 1
    press(app, scene.watch_button)
    assert app.stack.top is scene
    assert scene.toast.message == "The game could not be fetched: The server's archive has no game with that code."


def test_an_archive_whose_record_does_not_replay_is_not_opened(ranked) -> None:  # type: ignore[no-untyped-def]
    app, online, lobby = ranked
    with_identity(online)
    online.lobby.archives["G0001"] = {"code": "G0001", "game": "pocket", "record": {"game": "pocket", "seed": 3,
                                                                                     "actions": ["fly away"]}}
    scene = open_profile(app, online, lobby)
    press(app, scene.watch_button)
    assert app.stack.top is scene and "does not replay" in scene.toast.message


# ------------------------------------------------------------------ leaderboard
def board_rows(me: Identity, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        pub = me.public if i == 3 else bytes([i + 1]) * 32
        name = me.name if i == 3 else ("Watson" if i in (1, 2) else f"Player {i}")
        rows.append({"id": pub, "name": name, "rating": 1900 - 5 * i, "rd": 50, "games": 20,
                     "jack": [6, 10], "investigator": [5, 10]})
    return rows


def test_leaderboard_pages_tabs_twin_names_and_the_own_row(ranked, drawn) -> None:  # type: ignore[no-untyped-def]
    app, online, lobby = ranked
    me = with_identity(online)
    online.lobby.players = board_rows(me, 70)
    press(app, lobby.leaderboard_button)
    board = app.stack.top
    assert isinstance(board, LeaderboardScene) and online.lobby.asked[-1] == ("leaderboard", "pocket", 0)
    app.tick(1 / 60)
    per = board.per_page
    assert 5 <= per < 70 and len(board.list.rows) == per
    assert board.list.selected == 3 and board.list.rows[3][1] == "Ann (you)"
    assert board.list.rows[1][1] == "Watson · 02020202" and board.list.rows[2][1] == "Watson · 03030303"
    assert board.list.rows[0][4:] == ["60%", "50%"]
    text = " | ".join(drawn)
    assert "Jack won 60% and the investigator 40% of 100 rated games" in text and f"Ranks 1–{per} of 70" in text
    assert not board.prev_button.enabled
    press(app, board.next_button)
    assert online.lobby.asked[-1] == ("leaderboard", "pocket", per) and board.list.rows[0][0] == str(per + 1)
    assert board.list.selected is None
    send(app, key(pygame.K_PAGEUP))
    assert online.lobby.asked[-1] == ("leaderboard", "pocket", 0)
    board.form.set_focus(board.tabs)
    send(app, key(pygame.K_RIGHT))                                      # the London tab
    assert online.lobby.asked[-1] == ("leaderboard", "london", 0)


def test_a_late_leaderboard_answer_for_another_tab_is_dropped(ranked) -> None:  # type: ignore[no-untyped-def]
    app, online, lobby = ranked
    with_identity(online)
    board = LeaderboardScene(app, online)
    board.asked = ("london", 0)
    board._loaded(("pocket", 0), {"game": "pocket", "offset": 0, "total": 1, "rows": [], "sides": {}})
    assert board.board is None


# ------------------------------------------------------------------ quick match
def open_quick_match(app, online, lobby) -> QuickMatchScene:  # type: ignore[no-untyped-def]
    with_identity(online)
    return open_from_lobby(app, lobby, lobby.quick_button, QuickMatchScene)


def test_quick_match_waits_with_the_queue_count_then_cancel_leaves_the_queue(ranked, drawn) -> None:  # type: ignore[no-untyped-def]
    app, online, lobby = ranked
    scene = open_quick_match(app, online, lobby)
    scene.picker.game.set("london")
    scene.clock.set("5+3")
    press(app, scene.find_button)
    game = online.games[-1]
    assert game.calls == [("quick_match", "london", scene.picker.edition.value, "5+3")]
    assert scene.waiting and not scene.queued
    game.queued = {"game": "london", "edition": scene.picker.edition.value, "clock": "5+3", "waiting": 3}
    game.answers[-1].callback(game.queued)
    for _ in range(90):
        app.tick(1 / 30)
    drawn.clear()
    app.draw(pygame.Surface(app.size))
    text = " | ".join(drawn)
    assert "Looking for an opponent…" in text and "3 players wait for this game" in text
    assert "Waiting for 0:03" in text
    send(app, key(pygame.K_ESCAPE))                                     # Cancel
    assert game.calls[-1] == ("cancel_quick_match",) and scene.cancelling
    game.answers[-1].callback({})
    assert not scene.waiting and scene.toast.message == "You left the queue." and not game.client.connected
    assert app.stack.top is scene


def test_a_bot_game_while_waiting_is_interrupted_by_the_pairing_with_a_prompt(ranked) -> None:  # type: ignore[no-untyped-def]
    from game.engine.rulesets import find_ruleset

    app, online, lobby = ranked
    scene = open_quick_match(app, online, lobby)
    press(app, scene.find_button)
    game = online.games[-1]
    assert not scene.bot_button.enabled                                 # not before the server has our place
    game.answers[-1].callback({"game": "pocket", "edition": None, "clock": "10+5", "waiting": 1})
    press(app, scene.bot_button)
    bot_game = app.stack.top
    assert isinstance(bot_game, GameScene) and bot_game.driver is None and scene.waiting
    assert ("cancel_quick_match",) not in game.calls                   # the queue keeps the place
    app.reactor.advance(1.0)
    assert app.stack.top is bot_game                                    # nothing yet
    driver = scene.driver
    game.role = "investigator"
    driver._on_room({"room": "QM001", "players": {"jack": "Bob", "investigator": "Ann"}, "started": True})
    driver.initial = find_ruleset("pocket").new(3).observation(Side.INVESTIGATOR)
    app.reactor.advance(0.5)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and "Bob is ready" in ask.message
    send(app, key(pygame.K_RETURN))                                     # "Play the rated game"
    app.tick(1 / 60)
    top = app.stack.top
    assert isinstance(top, GameScene) and top.driver is driver and bot_game not in list(app.stack)


def test_quick_match_refused_by_the_server_says_why(ranked) -> None:  # type: ignore[no-untyped-def]
    app, online, lobby = ranked
    scene = open_quick_match(app, online, lobby)
    press(app, scene.find_button)
    online.games[-1].answers[-1].errback(NetError("queue/already"))
    assert not scene.waiting
    assert scene.toast.message == "Could not join the queue: You are already waiting in the queue."


# ------------------------------------------------------------------ results: rating, rematch
def rated_results(app, judged: dict | None, role: str = "investigator") -> tuple[OnlineResultsScene, FakeGame]:  # type: ignore[no-untyped-def]
    from game.ui.online.driver import NetDriver
    from net.session import Result

    app.reactor = task.Clock()
    app.start(TitleScene(app))
    record, final = finished_record("pocket", 5)
    game = FakeGame(app.reactor, role)
    game.judged = judged
    driver = NetDriver(app, game)
    driver.how = "join"
    driver.result = Result("finished", role, winner=final.outcome.winner.value,
                           termination=final.outcome.termination.value, verified=True)
    driver.full_record, driver.full_final = record, final
    driver.players = {"jack": "Bob", "investigator": "Ann"}
    scene = OnlineResultsScene(app, driver, record, final)
    app.stack.push(scene)
    app.tick(1 / 60)
    return scene, game


def judged_msg(status: str = "verified", before: int = 1532, after: int = 1548, rated: bool = True) -> dict:
    return {"room": "K7Q2M", "status": status, "winner": "investigator", "termination": "one-suspect",
            "rated": rated, "verified": status == "verified",
            "ratings": {"investigator": {"before": before, "after": after, "rd": 61},
                        "jack": {"before": 1600, "after": 1584, "rd": 70}} if rated else None}


def test_results_show_the_rating_change_and_the_servers_verdict(game_app, drawn) -> None:  # type: ignore[no-untyped-def]
    scene, game = rated_results(game_app, None)
    game_app.draw(pygame.Surface(game_app.size))
    assert "Waiting for the server's verdict…" in drawn
    game.judged = judged_msg()
    drawn.clear()
    game_app.draw(pygame.Surface(game_app.size))
    assert "Verified by the server · Rating 1532 → 1548 (+16)" in drawn
    assert "This game counts for the ratings." in drawn
    game.judged = judged_msg("cheat", 1532, 1510) | {"finding": {"side": "investigator"}}
    drawn.clear()
    game_app.draw(pygame.Surface(game_app.size))
    assert "The server proved a cheat · Rating 1532 → 1510 (-22)" in drawn
    assert "The server found a fault on your side: the game counts as your loss." in drawn


def test_a_rematch_offer_from_the_other_player_is_accepted(game_app, drawn) -> None:  # type: ignore[no-untyped-def]
    scene, game = rated_results(game_app, judged_msg())
    assert scene.rematch_button.visible and not scene.accept_button.visible
    game.rematch = "asked"
    game.on_rematch_offer("jack")
    game_app.tick(1 / 60)
    assert scene.toast.message == "Bob offers a rematch"
    assert scene.accept_button.visible and scene.decline_button.visible and not scene.rematch_button.visible
    drawn.clear()
    game_app.draw(pygame.Surface(game_app.size))
    assert "Bob offers a rematch (sides swapped)" in drawn
    press(game_app, scene.accept_button)
    assert game.calls == [("offer_rematch",)]
    drawn.clear()
    game_app.draw(pygame.Surface(game_app.size))
    assert "Waiting for Bob to accept the rematch…" in drawn and not scene.rematch_button.enabled


def test_a_rematch_offer_is_declined_with_the_keyboard(game_app, drawn) -> None:  # type: ignore[no-untyped-def]
    scene, game = rated_results(game_app, judged_msg())
    game.rematch = "asked"
    game_app.tick(1 / 60)
    send(game_app, key(pygame.K_n))
    assert game.calls == [("decline_rematch",)]
    game_app.draw(pygame.Surface(game_app.size))
    assert "You declined the rematch." in drawn and not scene.rematch_button.enabled


def test_our_offer_declined_by_the_other_player_says_so(game_app, drawn) -> None:  # type: ignore[no-untyped-def]
    scene, game = rated_results(game_app, judged_msg())
    press(game_app, scene.rematch_button)
    assert game.calls == [("offer_rematch",)]
    game.on_rematch_declined("jack")
    game_app.tick(1 / 60)
    game_app.draw(pygame.Surface(game_app.size))
    assert "Bob declined the rematch." in drawn and not scene.rematch_button.enabled


def test_an_unavailable_rematch_says_the_other_player_left(game_app) -> None:  # type: ignore[no-untyped-def]
    scene, game = rated_results(game_app, judged_msg())

    def gone() -> None:
        raise NetError("rematch/unavailable")
    game.offer_rematch = gone        # type: ignore[method-assign]
    press(game_app, scene.rematch_button)
    assert "the other player left" in scene.toast.message and not scene.rematch_button.enabled


def test_the_rematchs_game_replaces_the_results_and_keeps_the_connection(game_app) -> None:  # type: ignore[no-untyped-def]
    """Both accepted: the server seats the player in a new room (``joined``) and its first state comes."""
    from game.engine.rulesets import find_ruleset

    scene, game = rated_results(game_app, judged_msg())
    driver = scene.driver
    game.room = "NEW01"
    game.role = "jack"                                                  # the sides swapped
    driver._on_room({"room": "NEW01", "players": {"jack": "Ann", "investigator": "Bob"}, "started": True})
    assert driver.result is None and driver.generation == 1 and driver.players["investigator"] == "Bob"
    driver.initial = find_ruleset("pocket").new(3).observation(Side.JACK)
    game_app.tick(1 / 60)
    top = game_app.stack.top
    assert isinstance(top, GameScene) and top.driver is driver and game.client.connected


def test_a_spectator_is_offered_no_rematch(game_app) -> None:  # type: ignore[no-untyped-def]
    scene, game = rated_results(game_app, judged_msg(), role="spectator")
    assert not scene.seated and not scene.rematch_button.visible
    scene.title()
    assert not game.client.connected                                    # leaving the results closes the seat


# ------------------------------------------------------------------ a real pairing on loopback
class PairedNetGame:
    """Builds ``NetGame``s whose ``quick_match`` is answered as the server pairs: the player is seated in a
    room (``joined``) that an opponent then joins (``start``)."""

    def __init__(self, reactor: Any, port: int) -> None:
        self.reactor, self.port = reactor, port
        self.games: list[Any] = []

    def __call__(self, host: str | None = None, port: int | None = None) -> Any:
        from net.client import NetGame

        class Queued(NetGame):  # type: ignore[misc]
            def quick_match(inner, game: str, edition: str | None = None, clock: str | None = None):  # type: ignore[no-untyped-def]  # noqa: N805
                inner.queued = {"game": game, "edition": edition, "clock": clock, "waiting": 1}
                return inner.create("investigator", game, False, edition, clock).addCallback(lambda _j: inner.queued)

        g = Queued(self.reactor, "127.0.0.1", self.port, name="Ann")
        self.games.append(g)
        return g


def test_a_pairing_opens_the_online_game(game_app) -> None:  # type: ignore[no-untyped-def]
    from twisted.internet.selectreactor import SelectReactor

    from game.bots import make_bot
    from game.engine.rng import Rng
    from net.client import NetGame
    from net.lobby import Lobby
    from net.server import RelayFactory, RelayService

    reactor = SelectReactor()
    app = game_app
    app.reactor = reactor
    service = RelayService(reactor, "127.0.0.1", 0, RelayFactory(reactor, Lobby(reactor)))
    service.startService()
    bob: Any = None
    try:
        online = Online(app, lan_port=0, discovery_port=0, broadcast=False)
        online.server = ("127.0.0.1", service.address[1])
        online.lobby = FakeLobby()
        online.make_identity("Ann")
        online.new_game = PairedNetGame(reactor, service.address[1])   # type: ignore[method-assign]
        app.start(TitleScene(app))
        scene = QuickMatchScene(app, online)
        app.stack.push(scene)
        press(app, scene.find_button)

        def pump(until) -> None:  # type: ignore[no-untyped-def]
            deadline = time.monotonic() + 20
            while not until():
                reactor.iterate(0.002)
                app.tick(0.05)
                assert time.monotonic() < deadline, "the network did not answer in time"
        pump(lambda: scene.queued and scene.driver.room)
        assert app.stack.top is scene
        bot, rng = make_bot("random"), Rng(3)
        bob = NetGame(reactor, "127.0.0.1", service.address[1], name="Bob", choose=lambda o: bot.choose(o, rng))
        bob.join(scene.driver.room)
        pump(lambda: isinstance(app.stack.top, GameScene))
        game = app.stack.top
        assert game.driver.role == "investigator" and game.driver.players["jack"] == "Bob"
        assert game.driver.how == "quick"
    finally:
        app.stack.clear()
        if bob is not None:
            bob.close()
        service.stopService()
        for _ in range(20):
            reactor.iterate(0.002)
        for call in reactor.getDelayedCalls():
            if call.active():
                call.cancel()


def test_words_of_a_recent_game_and_a_rating() -> None:
    from game.ui.online.ranked import date_text, ending_word, rating_change, rating_text, win_rate

    noon = time.mktime((2026, 9, 21, 12, 0, 0, 0, 0, -1))
    assert date_text(noon - 3600, now=noon) == "11:00"                          # today: the time
    assert date_text(noon - 86400 * 30, now=noon) == "22.08"                   # this year: day and month
    assert date_text(noon - 86400 * 400, now=noon).startswith("2025-")          # before: the whole date
    assert win_rate([2, 3]) == "67%" and win_rate([0, 0]) == "–"
    assert rating_text({"rating": 1507, "rd": 128, "provisional": True}) == "1507 ± 128 ?"
    assert ending_word("hourglasses", "cheat") == "cheat proven" and ending_word("flag") == "time ran out"
    assert rating_change({"ratings": {"jack": {"before": 1600, "after": 1584, "rd": 70}}}, "jack") == \
        ("Rating 1600 → 1584 (-16)", -16)
    assert rating_change({"ratings": None, "rated": False}, "jack") is None
