"""The command line behind ``run.py``: one entry point, one subcommand per tool."""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="run.py",
        description="Mr. Jack: play (the default), or run one of the tools below.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="open the game window (what plain 'run.py' does)")
    play.add_argument("--size", default=None, help="window size, e.g. 1280x800")
    play.add_argument("--fullscreen", action="store_true", help="start in full screen")

    text = sub.add_parser("text", help="play Pocket in the terminal against a bot")
    text.add_argument("--side", choices=("jack", "investigator"), default="investigator",
                      help="the side you play (default: investigator)")
    text.add_argument("--bot", default=None, help="the bot you play against (default: normal, as in the window)")
    text.add_argument("--seed", type=int, default=None, help="game seed (default: random)")

    sub.add_parser("referee", help="answer JSON lines on stdin with the game state (see README)")

    sp = sub.add_parser("selfplay", help="bots against each other; win rates with 95%% intervals")
    sp.add_argument("--game", default="pocket")
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--jack", default="greedy", help="bot for Jack")
    sp.add_argument("--investigator", default="greedy", help="bot for the investigator")

    pt = sub.add_parser("playthrough", help="write the golden playthrough files to tests/golden/")
    pt.add_argument("--out", default=None, help="folder (default: tests/golden)")

    ar = sub.add_parser("arena", help="bot against bot over many games: win rates and decision times")
    ar.add_argument("--game", default="pocket")
    ar.add_argument("--jack", required=True, help="bot (level) for Jack")
    ar.add_argument("--investigator", required=True, help="bot (level) for the investigator")
    ar.add_argument("--games", type=int, default=100)
    ar.add_argument("--seed", type=int, default=1)
    ar.add_argument("--jobs", type=int, default=1, help="worker processes")
    ar.add_argument("--record", default=None,
                    help="JSON-lines file of finished games: kept as they end, and games already "
                         "there for the same pairing are not played again")

    sv = sub.add_parser("server", help="run the lobby and relay server for network play")
    sv.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    sv.add_argument("--port", type=int, default=7341, help="TCP port (default 7341)")
    sv.add_argument("--no-discovery", action="store_true", help="do not answer LAN discovery (UDP 7342)")
    sv.add_argument("--quiet", action="store_true", help="log warnings and errors only")
    sv.add_argument("--per-address", type=int, default=16,
                    help="connections one address may hold; a quarter of it (at least 1) open rooms")
    from net.serveropts import add_tls_arguments

    add_tls_arguments(sv)
    from net.store import add_store_options
    add_store_options(sv)

    ap = sub.add_parser("autoplay", help="a headless network player: joins a server and plays with a bot")
    ap.add_argument("--server", required=True, help="HOST:PORT of the lobby server, tls://HOST:PORT over TLS")
    ap.add_argument("--game", default="pocket", help="pocket, london or newyork (a joining player takes the room's)")
    ap.add_argument("--edition", default=None, help="London's printing for --create: 2006 (default) or 2016")
    ap.add_argument("--side", choices=("jack", "investigator"), default=None,
                    help="the side to play with --create or --room (a quick match's side is the server's)")
    ap.add_argument("--clock", default=None,
                    help="for --create and --quick: none, seconds per move ('60s') or minutes+increment ('10+5'), "
                         "optionally '/SECONDS' before a vanished player's game may be claimed")
    ap.add_argument("--claim", action="store_true",
                    help="claim the win when the opponent's flag falls or its away countdown ends")
    ap.add_argument("--bot", default="greedy")
    grp = ap.add_mutually_exclusive_group(required=True)
    grp.add_argument("--create", action="store_true", help="create a room and print its code")
    grp.add_argument("--room", help="join the room with this code")
    grp.add_argument("--quick", action="store_true",
                     help="wait in the quick-match queue of --game (--edition, --clock) for an opponent")
    ap.add_argument("--rematch", action="store_true",
                    help="after the game, offer a rematch (sides swapped), play it if accepted; a line per game")
    ap.add_argument("--seed", type=int, default=None, help="seed for the bot's own choices")
    ap.add_argument("--timeout", type=float, default=300.0, help="give up after this many seconds")
    ap.add_argument("--state-dir", default=None,
                    help="folder for the seat file used to rejoin after a crash (default: user state folder)")
    ap.add_argument("--identity", default=None, metavar="FILE",
                    help="play as the player identity in FILE (made there if missing): a rated game")
    ap.add_argument("--name", default=None, help="the player's name (a new identity's too)")

    from net.rankedcli import add_arguments as add_ranked
    add_ranked(sub)

    shots = sub.add_parser("screenshots", help="render the key scenes to PNG files")
    shots.add_argument("dir", help="folder for the PNG files")
    shots.add_argument("--lang", default="en", help="language code, or 'all' for en, ru, pl and fr (default en)")
    shots.add_argument("--only", nargs="*", default=[], metavar="NAME",
                       help="only the scenes whose names start with one of these")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    cmd = args.command or "play"
    if cmd == "referee":
        from .referee import main as referee_main

        return referee_main()
    if cmd == "selfplay":
        from .selfplay import report, selfplay

        if args.games <= 0:
            print("--games must be positive", file=sys.stderr)
            return 2
        try:
            print(report(selfplay(args.game, args.games, args.seed, args.jack, args.investigator)))
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        return 0
    if cmd == "text":
        from .textplay import DEFAULT_BOT
        from .textplay import main as text_main

        return text_main(args.side, args.bot or DEFAULT_BOT, args.seed)
    if cmd == "playthrough":
        from .playthrough import write_all

        for path in write_all(args.out):
            print(path)
        return 0
    if cmd == "arena":
        from .arena import main as arena_main

        return arena_main(args)
    if cmd == "server":
        from net.server import main as server_main

        return server_main(args)
    if cmd == "autoplay":
        from net.autoplay import main as autoplay_main

        return autoplay_main(args)
    if cmd == "fetch":
        from net.rankedcli import fetch_main

        return fetch_main(args)
    if cmd == "identity":
        from net.rankedcli import identity_main

        return identity_main(args)
    if cmd == "screenshots":
        from .ui.screenshots import main as shots_main

        langs = ("en", "ru", "pl", "fr") if args.lang == "all" else (args.lang,)
        return shots_main(args.dir, langs, args.only)
    from .ui.app import main as app_main

    size = getattr(args, "size", None)
    return app_main(size=size, fullscreen=getattr(args, "fullscreen", False))
