"""``run.py autoplay``: a headless network player that plays one game with a bot.

``--identity FILE`` plays as that player identity (made there, with
``--name``, if the file is missing): the seats carry it, the game is rated,
and the final line's ``judged`` is the server's verdict (the player waits
up to 15 s for it after its own result).

It joins through the real protocol, lets the bot choose from its own side's
observation only, and prints one JSON line at the end::

    {"result": "finished", "winner": "jack", "hash": "...", "verified": true, ...}

``--game`` is ``pocket``, ``london`` (``--edition 2006|2016``) or
``newyork``; a joining player takes the room's game.  With ``--create``
the first line is ``{"room": "ABCDE"}`` so that a second player can be
started.  A crashed player comes back by running the same
command with ``--room CODE``: its seat (room token, master secret and
seat key, mode 0600) is kept in a file under ``$MRJACK_NET_STATE``
(default: the user state folder), and it rejoins and catches up from the
room's log.  ``--server tls://HOST:PORT`` connects over TLS: the
certificate is checked against the system store or pinned on first use
(``known_servers.json`` in the same folder), and a changed one is refused.

Test hooks (environment): ``MRJACK_AUTOPLAY_DELAY`` (seconds before each
move), ``MRJACK_RECONNECT`` (``FIRST,CAP``: the reconnect backoff's first
and longest wait, default ``0.5,15``), ``MRJACK_NET_TRACE`` (a file receiving every message as a JSON
line), ``MRJACK_TEST_CHEAT`` (``witness``, ``verdict``, ``claim``, ``deck``,
``card`` or ``hash``: make this player cheat, to test that the other catches it;
the lying session is the tests' own, ``tests/net/cheats.py`` of the source
checkout, so a shipped session never lies).

``--clock`` (with ``--create``) picks the room's clock; ``--claim`` makes
the player claim the win as soon as the opponent's flag falls or its away
countdown ends.  The final line's ``claim`` is ``{"side", "reason"}`` when
the game was decided by a claim (``flag``, ``away``, ``resign``), else ``null``.
If the server goes away (killed, restarted) the player reconnects with
backoff until ``--timeout``.

``--quick`` waits in the quick-match queue of ``--game`` (``--edition``,
``--clock``) instead of ``--create``/``--room``; it needs an identity
(``--identity FILE``, or the one kept in the seat folder, made on first
use) and the server picks the side.  A line ``{"room", "side", "quick",
"rematch_of"}`` comes when the server seats the player.  ``--rematch``
offers a rematch (sides swapped) after the game and plays it if the other
accepts: a final line per game, or ``{"rematch": "declined"|"unavailable"}``.

Exit codes: 0 finished and verified, 1 no connection or timeout, 2 bad
arguments, 3 someone cheated, 4 desync, 5 aborted or unverified, 6 decided
by a claim.
"""

from __future__ import annotations

import json
import os
import secrets
import sys
from pathlib import Path
from typing import Any

from game.bots import make_bot

from .client import NetGame, Seat
from .clock import parse_clock
from .games import rules
from .identity import Identity
from .seats import SeatFolder, state_dir
from .session import Result, Session, bot_rng, jsonable

EXIT = {"finished": 0, "cheat": 3, "desync": 4, "claimed": 6}
#: With ``--identity``, how long the player waits after its result for the server's ``judged``.
JUDGED_WAIT = 15.0


def load_identity(path: str, name: str | None) -> Identity:
    """The identity in ``path``, made there (0600) with ``name`` if the file does not exist.

    :raises ValueError: (``IdentityError``) a file that is not an identity.
    """
    target = Path(path)
    if target.exists():
        me = Identity.load(target)
        if name and me.name != name:
            me.rename(name)
            me.save(target)
        return me
    me = Identity.new(name or "player")
    me.save(target)
    return me


def parse_server(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[v6]:PORT`` too) as a pair.

    :raises ValueError: if it is not one.
    """
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--server wants HOST:PORT, got {text!r}")
    return host.strip("[]"), int(port)


def seat_path(host: str, port: int, room: str, side: str) -> Path:
    return SeatFolder(state_dir()).path(host, port, room, side)


def save_seat(seat: Seat) -> Path:
    return SeatFolder(state_dir()).save(seat)


def load_seat(host: str, port: int, room: str, side: str) -> Seat | None:
    return SeatFolder(state_dir()).load(host, port, room, side)


def final_line(result: Result, game: NetGame, bot_seed: int) -> dict[str, Any]:
    s = game.session
    out: dict[str, Any] = {
        "result": result.status, "side": game.role, "room": game.room, "winner": result.winner,
        "termination": result.termination, "hash": result.public_hash, "verified": result.verified,
        "cheat": result.finding, "opponent_cheated": result.opponent_cheated, "summary": result.summary(),
        "ply": result.ply, "bot_seed": bot_seed, "game": game.game, "edition": game.edition,
        "seed": None if s is None else s.tr.layout_seed,
        "log": [] if s is None else s.public_log(),
        "record": None if result.audit is None else result.audit.record,
        "claim": game.claim, "clock": game.clock_text,
        "quick": game.quick, "rematch_of": game.rematch_of,
        "judged": None if game.judged is None else jsonable({k: v for k, v in game.judged.items() if k != "t"}),
    }
    return out


def player_identity(args) -> Any:  # type: ignore[no-untyped-def]
    """The identity a quick match plays as without ``--identity``: the one kept in the seat folder
    (made on first use, named after the bot)."""
    return Identity.load_or_create(state_dir(), getattr(args, "name", None) or f"{args.bot}-bot")


def cheating_session(cheat: str) -> Any:
    """The tests' lying session for ``MRJACK_TEST_CHEAT`` (a test hook), loaded by path from
    the source checkout's ``tests/net/cheats.py``: the shipped package holds no liar.

    :raises ValueError: for an unknown cheat or a checkout without the tests.
    """
    import importlib.util

    path = Path(__file__).resolve().parent.parent / "tests" / "net" / "cheats.py"
    spec = importlib.util.spec_from_file_location("mrjackcheating_sessions", path)
    if spec is None or spec.loader is None or not path.is_file():
        raise ValueError(f"MRJACK_TEST_CHEAT needs the tests of the source checkout ({path})")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.cheating(cheat)


def main(args) -> int:  # type: ignore[no-untyped-def]
    """Play one game as ``args.side`` with ``args.bot``; print the final JSON line."""
    if getattr(args, "state_dir", None):
        os.environ["MRJACK_NET_STATE"] = args.state_dir
    try:
        tls = args.server.strip().lower().startswith("tls://")   # TLS, the certificate checked or pinned
        host, port = parse_server(args.server.strip()[6:] if tls else args.server)
        bot = make_bot(args.bot)
        net_rules = rules(args.game)                       # ValueError: no network play for it
        game_name = net_rules.name
        edition = net_rules.edition(getattr(args, "edition", None))
        clock = getattr(args, "clock", None)
        if clock is not None:
            parse_clock(clock)
        cheat = os.environ.get("MRJACK_TEST_CHEAT") or None
        session_class = Session if cheat is None else cheating_session(cheat)
        quick = bool(getattr(args, "quick", False))
        if not quick and args.side is None:
            raise ValueError("--side is needed with --create and --room")
        identity_file = getattr(args, "identity", None)
        if identity_file is not None:
            identity = load_identity(identity_file, getattr(args, "name", None))
        else:   # a quick match needs an identity: the one kept in the seat folder
            identity = player_identity(args) if quick else None
    except ValueError as exc:
        print(json.dumps({"result": "error", "error": str(exc)}), flush=True)
        return 2
    from twisted.internet import reactor  # here, never at module level

    bot_seed = args.seed if args.seed is not None else secrets.randbits(63)
    delay = float(os.environ.get("MRJACK_AUTOPLAY_DELAY", "0") or 0)
    trace_path = os.environ.get("MRJACK_NET_TRACE")
    exit_code = [1]

    game: NetGame

    def choose(obs):  # type: ignore[no-untyped-def]
        side = obs.to_move().side.value
        action = bot.choose(obs, bot_rng(bot_seed, side, obs.ply))
        if delay <= 0:
            return action
        reactor.callLater(delay, _play_later, action)
        return None

    def _play_later(action) -> None:  # type: ignore[no-untyped-def]
        game.offer(action)   # a move gone stale while the bot thought is chosen again, never a crash

    name = getattr(args, "name", None) or (identity.name if identity is not None else f"{args.bot}-bot")
    game = NetGame(reactor, host, port, name=name, choose=choose, session_class=session_class,
                   reconnect_for=args.timeout, tls=tls, identity=identity)
    backoff = os.environ.get("MRJACK_RECONNECT")
    if backoff:
        first, _, cap = backoff.partition(",")
        game.backoff_first, game.backoff_cap = float(first), float(cap or first)
    if trace_path:
        trace = open(trace_path, "a", buffering=1)  # noqa: SIM115 - lives as long as the process

        def traced(msg: dict) -> None:
            trace.write(json.dumps(jsonable(msg), sort_keys=True) + "\n")
        game.client.trace = traced

    def on_seat(seat: Seat) -> None:
        save_seat(seat)

    def on_room(joined: dict) -> None:
        if args.create and not getattr(on_room, "printed", False):
            on_room.printed = True  # type: ignore[attr-defined]
            print(json.dumps({"room": joined["room"]}), flush=True)
        elif joined.get("quick") or joined.get("rematch_of"):   # a room the server made for us
            print(json.dumps({"room": joined["room"], "side": joined["role"], "quick": bool(joined.get("quick")),
                              "rematch_of": joined.get("rematch_of")}), flush=True)

    def on_result(result: Result) -> None:
        if identity is None or game.judged is not None:
            report(result)
            return
        # a ranked player waits (a little) for the server's verdict, which the final line carries
        timer = reactor.callLater(JUDGED_WAIT, report, result)

        def judged(msg: dict) -> None:
            if timer.active():
                timer.cancel()
                report(result)
        game.on_judged = judged

    def report(result: Result) -> None:
        line = final_line(result, game, bot_seed)
        if result.desync is not None:
            path = state_dir() / f"desync-{game.room}-{game.role}.json"
            line["desync_report"] = str(result.desync.save(path))
        print(json.dumps(line), flush=True)
        exit_code[0] = exit_code[0] if games_played and exit_code[0] else EXIT.get(result.status, 5)
        games_played.append(result.status)
        if game.seat is not None and result.status != "desync":
            seat_path(game.seat.host, game.seat.port, game.seat.room, game.seat.role).unlink(missing_ok=True)
        if getattr(args, "rematch", False) and len(games_played) == 1 and game.role != "spectator":
            game.offer_rematch()      # once: the next result ends the run
            return
        game.close()
        reactor.callLater(0.05, _stop)

    def no_rematch(side: str) -> None:
        print(json.dumps({"rematch": game.rematch, "from": side}), flush=True)
        game.close()
        reactor.callLater(0.05, _stop)

    def _stop() -> None:
        if reactor.running:
            reactor.stop()

    def failed(f) -> None:  # type: ignore[no-untyped-def]
        print(json.dumps({"result": "error", "error": f.getErrorMessage()}), flush=True)
        exit_code[0] = 1
        reactor.callLater(0, _stop)

    def timed_out() -> None:
        if not game.finished or game.rematch in ("offered", "asked"):
            print(json.dumps({"result": "timeout", "error": f"no result in {args.timeout:g} s",
                              "ply": None if game.session is None or game.session.state is None
                              else game.session.state.ply}), flush=True)
            exit_code[0] = 1
            _stop()

    games_played: list[str] = []
    game.on_seat, game.on_room, game.on_result = on_seat, on_room, on_result
    game.on_rematch_declined = no_rematch

    def claim_when_possible() -> None:
        reason = game.claimable()
        if reason is not None and not getattr(claim_when_possible, "sent", False):
            claim_when_possible.sent = True  # type: ignore[attr-defined]
            game.claim_win(reason).addErrback(lambda f: setattr(claim_when_possible, "sent", False))

    if getattr(args, "claim", False):
        from twisted.internet.task import LoopingCall
        claimer = LoopingCall(claim_when_possible)
        claimer.clock = reactor
        reactor.callWhenRunning(claimer.start, 0.25, now=False)

    def start() -> None:
        if quick:
            d = game.quick_match(game_name, edition=edition, clock=clock)
        elif args.create:
            d = game.create(args.side, game_name, edition=edition, clock=clock)
        else:
            seat = load_seat(host, port, args.room, args.side)
            d = game.resume(seat) if seat is not None else game.join(args.room.upper(), args.side)
        d.addErrback(failed)

    reactor.callWhenRunning(start)
    reactor.callLater(args.timeout, timed_out)
    reactor.run()
    sys.stdout.flush()
    return exit_code[0]
