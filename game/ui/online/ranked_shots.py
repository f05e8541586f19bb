"""Pictures of the ranked screens for ``run.py screenshots``, from a sample server's answers.

The lobby with its Quick match, Leaderboard and Profile buttons, the first
ranked step (the player's name), the profile, the leaderboard, quick
match (choosing, then waiting in the queue), and the results of a rated
game with its rating change and the other player's rematch offer.  The
answers are shaped exactly as the server's messages (``net/PROTOCOL.md``
sections 14 and 15); no socket is opened, so these pictures are also
checked by the text-fit test in every language.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from twisted.internet import defer, task

from net.identity import Identity

from ...engine.record import GameRecord

NOW = 1_790_000_000          # the sample's "now" (the dates of the recent games count back from it)


def _key(n: int) -> bytes:
    return bytes([n]) * 32


def sample_profile(me: Identity) -> dict:
    """A player with a rating in each game (London's still provisional) and a few recent games."""
    ratings = [
        {"game": "pocket", "rating": 1648, "rd": 52, "games": 41, "provisional": False, "jack": [12, 20],
         "investigator": [13, 21]},
        {"game": "london", "rating": 1507, "rd": 128, "games": 6, "provisional": True, "jack": [2, 3],
         "investigator": [1, 3]},
        {"game": "newyork", "rating": 1571, "rd": 88, "games": 14, "provisional": False, "jack": [5, 7],
         "investigator": [3, 7]},
    ]
    games = [("pocket", None, "jack", "Moriarty", "win", "verified", "hourglasses"),
             ("london", "2016", "investigator", "Irene Adler", "loss", "verified", "escape"),
             ("pocket", None, "investigator", "Watson", "win", "verified", "one-suspect"),
             ("newyork", None, "jack", "Lestrade", "loss", "claimed", "flag"),
             ("pocket", None, "jack", "Watson", "win", "cheat", "hourglasses"),
             ("london", "2006", "investigator", "Gregson", "none", "aborted", "abort")]
    recent = [{"code": f"G{i:04d}", "game": g, "edition": e, "side": side, "opponent": who,
               "opponent_id": _key(40 + i), "outcome": out, "status": status, "termination": term,
               "ended": NOW - 3600 * 20 * i, "rated": status in ("verified", "cheat")}
              for i, (g, e, side, who, out, status, term) in enumerate(games)]
    return {"id": me.public, "name": me.name, "ratings": ratings, "recent": recent}


def sample_leaderboard(game: str, offset: int, me: Identity) -> dict:
    """134 rated players; two are called Watson, and the player is fifth."""
    total = 134
    names = ["Moriarty", "Irene Adler", "Mycroft", "Watson", me.name, "Watson", "Lestrade", "Gregson", "Hudson",
             "Wiggins", "Hopkins", "Bradstreet", "Jones", "Baynes", "Morstan", "Stamford"]
    rows = []
    for i in range(offset, min(total, offset + 50)):
        pub = me.public if i == 4 else _key(i % 250 + 1)
        games = 90 - i // 2
        rows.append({"rank": i + 1, "id": pub, "name": names[i] if i < len(names) else f"Player {i + 1}",
                     "rating": 1912 - 6 * i, "rd": 45 + i % 40, "games": games,
                     "jack": [games // 3 + i % 5, games // 2], "investigator": [games // 4, games - games // 2]})
    return {"game": game, "offset": offset, "total": total, "rows": rows,
            "sides": {"jack": 2231, "investigator": 1984, "games": 4215}}


class SampleLobby:
    """A ``LobbyClient`` stand-in answering from the samples above."""

    connected = True

    def __init__(self, me: Identity) -> None:
        self.me = me
        self.on_disconnect: Callable[[Any], None] | None = None

    def list_rooms(self) -> defer.Deferred:
        return defer.succeed([
            {"code": "K7Q2M", "game": "pocket", "edition": None, "host": "Watson", "status": "waiting",
             "open": ["investigator"], "spectators": 0},
            {"code": "B4X9T", "game": "london", "edition": "2016", "host": "Moriarty", "status": "playing",
             "open": [], "spectators": 2}])

    def profile(self, id_pub: bytes, game: str | None = None) -> defer.Deferred:
        return defer.succeed(sample_profile(self.me))

    def leaderboard(self, game: str, offset: int = 0) -> defer.Deferred:
        return defer.succeed(sample_leaderboard(game, offset, self.me))

    def close(self) -> None:
        self.connected = False


class SampleClient:
    """The connection of a :class:`SampleGame` (the callbacks a driver chains onto)."""

    connected = True

    def __init__(self) -> None:
        self.on_start = self.on_presence = self.on_disconnect = self.on_synced = self.on_chat = None


class SampleGame:
    """A ``NetGame`` stand-in: a seat that waits in the queue, then sees a rated result."""

    def __init__(self, reactor: Any, role: str = "investigator") -> None:
        self.reactor = reactor
        self.client = SampleClient()
        self.role, self.room, self.game, self.edition = role, "K7Q2M", "pocket", None
        self.session = self.seat = None
        self.live, self.finished, self.players = False, False, {}
        self.on_update = self.on_result = self.on_room = self.on_seat = None
        self.queued: dict | None = None
        self.judged: dict | None = None
        self.rematch: str | None = None
        self.on_queued = self.on_judged = self.on_rematch_offer = self.on_rematch_declined = None
        self.absent: set[str] = set()
        self.clock: dict | None = None

    def clock_left(self, side: str) -> float | None:
        return None

    def away_left(self, side: str) -> float | None:
        return None

    def flag(self) -> str | None:
        return None

    def claimable(self) -> str | None:
        return None

    def quick_match(self, game: str, edition: str | None = None, clock: str | None = None) -> defer.Deferred:
        self.queued = {"game": game, "edition": edition, "clock": clock, "waiting": 7}
        return defer.succeed(self.queued)

    def cancel_quick_match(self) -> defer.Deferred:
        self.queued = None
        return defer.succeed({})

    def offer_rematch(self) -> None:
        self.rematch = "offered"

    def decline_rematch(self) -> None:
        self.rematch = "declined"

    def close(self) -> None:
        self.client.connected = False


def finished_record(game: str = "pocket", seed: int = 11) -> tuple[GameRecord, Any]:
    """A whole game between two bots, and its last state."""
    from ...bots import make_bot
    from ...engine.core import Side
    from ...engine.rng import Rng
    from ...engine.rulesets import find_ruleset
    from ...match import play_game

    state = find_ruleset(game).new(seed)
    bot = make_bot("greedy")
    actions = play_game(state, {Side.JACK: bot, Side.INVESTIGATOR: bot}, Rng(seed))
    meta = {"mode": "online", "human": "investigator", "players": {"jack": "Moriarty", "investigator": "Ann"}}
    return GameRecord(game, seed, actions, meta), state


class Tour:
    """One window size's ranked pictures (see the module docstring)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.online: Any = None

    def _open(self) -> Any:
        from ..scenes.online_lobby import LobbyScene
        from ..scenes.title import TitleScene
        from .service import Online

        app = self.app
        app.reactor = task.Clock()
        app.settings.player_name = "Ann"
        me = Identity.new("Ann")
        online = Online(app, lan_port=0, discovery_port=0, broadcast=False)
        online.new_game = lambda host=None, port=None: SampleGame(app.reactor)   # type: ignore[method-assign]
        online.lobby, online.server, online.identity, online.name = SampleLobby(me), ("mrjack.example.org", 7341), \
            me, me.name
        self.online = online
        app.stack.clear(TitleScene(app))
        lobby = LobbyScene(app, online, "Baker Street")
        app.stack.push(lobby)
        return lobby

    def _tick(self, frames: int = 3) -> None:
        for _frame in range(frames):
            self.app.tick(1 / 30)

    def lobby(self) -> None:
        self._open()
        self._tick()

    def _over_lobby(self, screen: str) -> Any:
        """The lobby, and the screen registered as ``screen`` opened from it."""
        self._open()
        if screen == "online_identity":
            self.online.identity = None          # (the first ranked step: no key yet)
        scene = self.app.stack.make(screen, self.app, self.online)
        self.app.stack.push(scene)
        return scene

    def identity(self) -> None:
        self._over_lobby("online_identity")
        self._tick()

    def profile(self) -> None:
        self._over_lobby("profile")
        self._tick()

    def import_question(self) -> None:
        """Import from a file holding another player's key: asked before the identity is replaced."""
        scene = self._over_lobby("profile")
        folder = Path(tempfile.mkdtemp(prefix="mrjack-shots-identity-"))
        self.online.identity_folder = folder            # (nothing is written where the player's key lives)
        Identity.new("Sherlock").export(folder / "sherlock.json")
        scene.import_path.set(str(folder / "sherlock.json"))
        scene.import_file()
        scene.import_path.set("~/sherlock.json")        # (the picture shows a short path)
        self._tick()

    def leaderboard(self) -> None:
        self._over_lobby("leaderboard")
        self._tick()

    def quick_match(self) -> None:
        self._over_lobby("quick_match").picker.game.set("london")
        self._tick()

    def waiting(self) -> None:
        scene = self.app.stack.top
        scene.find()
        self._tick(20)
        scene.waited = 83.0

    def results(self) -> None:
        from net.session import Result

        from ..scenes.online_results import OnlineResultsScene
        from .driver import NetDriver

        self._open()
        record, final = finished_record()
        game = SampleGame(self.app.reactor)
        driver = NetDriver(self.app, game)
        winner = final.outcome.winner.value
        driver.result = Result("finished", "investigator", winner=winner, termination=final.outcome.termination.value,
                               verified=True)
        driver.full_record, driver.full_final = record, final
        driver.players = {"jack": "Moriarty", "investigator": "Ann"}
        delta = 16 if winner == "investigator" else -14
        game.judged = {"room": "K7Q2M", "status": "verified", "winner": winner,
                       "termination": final.outcome.termination.value, "rated": True, "verified": True,
                       "ratings": {"investigator": {"before": 1532, "after": 1532 + delta, "rd": 61},
                                   "jack": {"before": 1588, "after": 1588 - delta, "rd": 70}}}
        game.rematch = "asked"
        self.app.stack.replace(OnlineResultsScene(self.app, driver, record, final))
        self._tick()


def scenes_for(app: Any) -> list[tuple[str, Callable[[], None]]]:
    """The ranked pictures, in the order they must be taken."""
    tour = Tour(app)
    return [("ranked-lobby", tour.lobby), ("ranked-identity", tour.identity), ("ranked-profile", tour.profile),
            ("ranked-import", tour.import_question),
            ("ranked-leaderboard", tour.leaderboard), ("ranked-quick-match", tour.quick_match),
            ("ranked-waiting", tour.waiting), ("ranked-results", tour.results)]
