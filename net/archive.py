"""The archive: judged games (kept forever), players and their Glicko-2 ratings, in SQL.

:class:`ArchiveTables` is the part of :class:`net.store.SqliteStore` behind
ranked play (schema version 4): it records a :class:`~net.judge.Judgement`
and the rating change it brings in one transaction, and answers the
``profile``, ``leaderboard`` and ``fetch`` requests.  ``rating_of`` and
``recent_sides`` are the two lookups matchmaking uses.
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import TYPE_CHECKING, Any

from . import ratings as gl
from .store_error import StoreError

if TYPE_CHECKING:
    from .judge import Judgement

#: Leaderboard rows per page; recent games on a profile.
PAGE, RECENT = 50, 20
_SIDE_COLS = {"jack": ("jack_wins", "jack_games"), "investigator": ("inv_wins", "inv_games")}


class ArchiveTables:
    """Mixed into the SQLite store (it brings ``db``, ``path`` and ``_write``)."""

    db: sqlite3.Connection
    path: str

    def _write(self, statements: list[tuple[str, tuple]]) -> None: ...   # (the store's)

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        try:
            return list(self.db.execute(sql, args))
        except sqlite3.Error as exc:
            raise StoreError(f"could not read {self.path}: {exc}") from None

    # ------------------------------------------------------------ ratings
    def _rating_row(self, ident: bytes, game: str) -> tuple[gl.Rating, float] | None:
        rows = self._read("SELECT rating, rd, vol, last FROM ratings WHERE id = ? AND game = ?", (ident, game))
        if not rows:
            return None
        rating, rd, vol, last = rows[0]
        return gl.Rating(rating, rd, vol), last

    def current_rating(self, ident: bytes, game: str, now: float | None = None) -> gl.Rating:
        """The player's rating in ``game`` now: a new player's 1500/350/0.06, or the last one with
        its deviation grown for every whole period without a game."""
        row = self._rating_row(ident, game)
        if row is None:
            return gl.Rating()
        rating, last = row
        return gl.idle(rating, gl.periods_between(last, time.time() if now is None else now))

    def rating_of(self, id_pub: bytes, game: str) -> tuple[float, float]:
        """``(rating, rd)`` of a player in ``game`` (matchmaking's lookup)."""
        r = self.current_rating(id_pub, game)
        return r.rating, r.rd

    def recent_sides(self, id_pub: bytes, game: str, limit: int = 10) -> list[str]:
        """The sides the player took in its latest judged games of ``game``, newest first."""
        rows = self._read("SELECT CASE WHEN jack_id = ? THEN 'jack' ELSE 'investigator' END FROM games "
                          "WHERE game = ? AND (jack_id = ? OR inv_id = ?) ORDER BY ended DESC LIMIT ?",
                          (id_pub, game, id_pub, id_pub, limit))
        return [r[0] for r in rows]

    # ------------------------------------------------------------ writing
    def archived(self, code: str) -> bool:
        return bool(self._read("SELECT 1 FROM games WHERE code = ?", (code.upper(),)))

    def record_game(self, j: Judgement, now: float | None = None) -> None:
        """Write ``j`` (and, if it is rated, both players' new ratings; ``j.ratings`` is filled in)."""
        now = time.time() if now is None else now
        statements: list[tuple[str, tuple]] = []
        for side in ("jack", "investigator"):
            ident = j.ids.get(side)
            if ident is not None:
                statements.append(("INSERT INTO players (id, name, first, last) VALUES (?, ?, ?, ?) ON CONFLICT (id) "
                                   "DO UPDATE SET name = excluded.name, last = excluded.last",
                                   (ident, j.players.get(side) or "player", now, now)))
        board: dict[str, list[int]] = self.__dict__.setdefault("_board", {})
        stats = board.get(j.game)
        if stats is not None and self.archived(j.code):   # (a game judged again: counted afresh when next asked)
            del board[j.game]
            stats = None
        new_players = 0
        if j.rated:
            if stats is not None:
                new_players = sum(self._rating_row(j.ids[s], j.game) is None for s in ("jack", "investigator"))
            statements.extend(self._rate(j, now))
        statements.append((
            "INSERT OR REPLACE INTO games (code, game, edition, game_id, status, winner, termination, rated, "
            "verified, finding, ply, clock, record, players, jack_id, inv_id, ratings, ended) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (j.code, j.game, j.edition, j.game_id, j.status, j.winner, j.termination, int(j.rated), int(j.verified),
             _dumps(j.finding), j.ply, _dumps(j.clock), _dumps(j.record), json.dumps(j.players),
             j.ids.get("jack"), j.ids.get("investigator"), _dumps(j.ratings), j.ended)))
        self._write(statements)
        if stats is not None and j.rated:   # written: the leaderboard's counts follow without a scan
            stats[0] += new_players
            stats[1] += j.winner == "jack"
            stats[2] += j.winner == "investigator"
            stats[3] += 1

    def _rate(self, j: Judgement, now: float) -> list[tuple[str, tuple]]:
        jack, inv = j.ids["jack"], j.ids["investigator"]
        assert jack is not None and inv is not None
        before = {"jack": self.current_rating(jack, j.game, now), "investigator": self.current_rating(inv, j.game, now)}
        score = 1.0 if j.winner == "jack" else 0.0 if j.winner == "investigator" else 0.5
        after = dict(zip(("jack", "investigator"), gl.game(before["jack"], before["investigator"], score),
                         strict=True))
        j.ratings = {s: {"before": round(before[s].rating), "after": round(after[s].rating), "rd": round(after[s].rd)}
                     for s in after}
        out = []
        for side, ident in (("jack", jack), ("investigator", inv)):
            wins, games = _SIDE_COLS[side]
            won = int(j.winner == side)
            r = after[side]
            out.append((f"INSERT INTO ratings (id, game, rating, rd, vol, games, {wins}, {games}, last) "
                        f"VALUES (?, ?, ?, ?, ?, 1, ?, 1, ?) ON CONFLICT (id, game) DO UPDATE SET "
                        f"rating = excluded.rating, rd = excluded.rd, vol = excluded.vol, games = games + 1, "
                        f"{wins} = {wins} + excluded.{wins}, {games} = {games} + 1, last = excluded.last",
                        (ident, j.game, r.rating, r.rd, r.vol, won, now)))
        return out

    # ------------------------------------------------------------ reading
    def profile(self, id_pub: bytes, game: str | None = None, now: float | None = None) -> dict:
        """The ``profile`` message's body for a player (an unknown one has no ratings or games)."""
        now = time.time() if now is None else now
        named = self._read("SELECT name FROM players WHERE id = ?", (id_pub,))
        where, args = ("AND game = ?", (game,)) if game else ("", ())
        ratings = []
        for g, rating, rd, vol, n, jw, jg, iw, ig, last in self._read(
                f"SELECT game, rating, rd, vol, games, jack_wins, jack_games, inv_wins, inv_games, last FROM ratings "
                f"WHERE id = ? {where} ORDER BY game", (id_pub, *args)):
            r = gl.idle(gl.Rating(rating, rd, vol), gl.periods_between(last, now))
            ratings.append({"game": g, "rating": round(r.rating), "rd": round(r.rd), "games": n,
                            "provisional": r.provisional, "jack": [jw, jg], "investigator": [iw, ig]})
        recent = []
        for (code, g, edition, status, winner, termination, rated, players, jack_id, inv_id, ended) in self._read(
                f"SELECT code, game, edition, status, winner, termination, rated, players, jack_id, inv_id, ended "
                f"FROM games WHERE (jack_id = ? OR inv_id = ?) {where} ORDER BY ended DESC LIMIT ?",
                (id_pub, id_pub, *args, RECENT)):
            side = "jack" if jack_id == id_pub else "investigator"
            opp = "investigator" if side == "jack" else "jack"
            names = json.loads(players)
            opp_id = inv_id if side == "jack" else jack_id
            item: dict[str, Any] = {"code": code, "game": g, "side": side, "opponent": names.get(opp) or "player",
                                    "opponent_id": None if opp_id is None else bytes(opp_id),
                                    "outcome": "none" if winner is None else "win" if winner == side else "loss",
                                    "status": status, "termination": termination, "ended": int(ended),
                                    "rated": bool(rated)}
            if edition is not None:
                item["edition"] = edition
            recent.append(item)
        return {"id": id_pub, "name": named[0][0] if named else "", "ratings": ratings, "recent": recent}

    def leaderboard(self, game: str, offset: int = 0, now: float | None = None) -> dict:
        """One page of ``game``'s rated players by rating, and both sides' wins over its rated games.

        The counts are kept in memory once read (every rated game recorded here updates them), and the
        page is cut from the ratings' index alone before the rows and names are joined: a request costs
        about the same with a million games in the archive, so a client asking again and again cannot
        stall the server.  (A rating row exists only once its player has a rated game: ``_rate`` makes it.)
        """
        now = time.time() if now is None else now
        total, jack, inv, played = self._board_stats(game)
        rows = []
        if offset < total:
            for n, (ident, name, rating, rd, vol, games, jw, jg, iw, ig, last) in enumerate(self._read(
                    "SELECT r.id, coalesce(p.name, 'player'), r.rating, rd, vol, games, jack_wins, jack_games, "
                    "inv_wins, inv_games, r.last FROM (SELECT id, rating FROM ratings WHERE game = ? "
                    "ORDER BY rating DESC, id LIMIT ? OFFSET ?) page JOIN ratings r ON r.id = page.id AND "
                    "r.game = ? LEFT JOIN players p ON p.id = r.id ORDER BY r.rating DESC, r.id",
                    (game, PAGE, offset, game)), start=offset + 1):
                r = gl.idle(gl.Rating(rating, rd, vol), gl.periods_between(last, now))
                rows.append({"rank": n, "id": bytes(ident), "name": name, "rating": round(r.rating),
                             "rd": round(r.rd), "games": games, "jack": [jw, jg], "investigator": [iw, ig]})
        return {"game": game, "offset": offset, "total": total, "rows": rows,
                "sides": {"jack": jack, "investigator": inv, "games": played}}

    def _board_stats(self, game: str) -> list[int]:
        """``[rated players, Jack's wins, the investigator's wins, rated games]`` of ``game``."""
        board: dict[str, list[int]] = self.__dict__.setdefault("_board", {})
        if game not in board:
            total = self._read("SELECT count(*) FROM ratings WHERE game = ?", (game,))[0][0]
            jack, inv, played = self._read(
                "SELECT coalesce(sum(winner = 'jack'), 0), coalesce(sum(winner = 'investigator'), 0), count(*) "
                "FROM games WHERE game = ? AND rated = 1", (game,))[0]
            board[game] = [total, jack, inv, played]
        return board[game]

    def fetch_game(self, code: str) -> dict | None:
        """The ``archive`` message's body for a judged game, or ``None``."""
        rows = self._read("SELECT code, game, edition, status, winner, termination, ended, players, jack_id, inv_id, "
                          "record FROM games WHERE code = ?", (code.upper(),))
        if not rows:
            return None
        code, game, edition, status, winner, termination, ended, players, jack_id, inv_id, record = rows[0]
        out = {"code": code, "game": game, "players": json.loads(players),
               "ids": {"jack": None if jack_id is None else bytes(jack_id),
                       "investigator": None if inv_id is None else bytes(inv_id)},
               "status": status, "winner": winner, "termination": termination, "ended": int(ended),
               "record": None if record is None else json.loads(record)}
        if edition is not None:
            out["edition"] = edition
        return out


def _dumps(value: Any) -> str | None:
    return None if value is None else json.dumps(value, sort_keys=True)
