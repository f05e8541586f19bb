"""``run.py fetch`` (a judged game from a server's archive, as a replay file) and ``run.py identity``.

``fetch`` writes the archive's full game as a :class:`~game.engine.record.GameRecord`
file: to ``FILE``, or without it among the saves, where the window's
Replays list shows it.  ``identity`` shows, renames, exports or imports the
player identity the window and ``autoplay`` use (``net/identity.py``).
Each prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from .identity import FILE_NAME, Identity, IdentityError, identity_dir

#: Exit codes of ``fetch``: 0 written, 1 no connection, 2 bad arguments, 3 no such game,
#: 4 the game has no full record (not audited: unverified, aborted before the end...), 5 cannot write.
NOT_FOUND, NO_RECORD, CANNOT_WRITE = 3, 4, 5


def add_arguments(sub: Any) -> None:
    """The ``fetch`` and ``identity`` sub-commands of ``run.py``."""
    fe = sub.add_parser("fetch", help="download a judged game from a server's archive as a replay file")
    fe.add_argument("--server", default="127.0.0.1:7341", help="HOST:PORT of the lobby server, tls://HOST:PORT")
    fe.add_argument("--timeout", type=float, default=20.0)
    fe.add_argument("code", help="the room code of the game")
    fe.add_argument("file", nargs="?", default=None,
                    help="where to write it (default: among the saves, in the window's Replays list)")
    ide = sub.add_parser("identity", help="your player identity for online play: show, rename, export, import")
    grp = ide.add_mutually_exclusive_group()
    grp.add_argument("--show", action="store_true", help="print the name, fingerprint and public key (default)")
    grp.add_argument("--name", help="set the display name")
    grp.add_argument("--export", metavar="FILE", help="copy the identity to FILE (to take it to another computer)")
    grp.add_argument("--import", dest="import_", metavar="FILE", help="use the identity in FILE on this computer")


def record_of(archive: dict) -> Any:
    """The archive message's record as a checked ``GameRecord`` with the game's facts in ``meta``.

    :raises ValueError: no record, or one that does not replay.
    """
    from game.engine.record import GameRecord

    raw = archive.get("record")
    if raw is None:
        raise ValueError(f"game {archive['code']} was not audited ({archive['status']}): no full record to replay")
    meta = dict(raw.get("meta") or {})
    meta.update(room=archive["code"], players=archive["players"], status=archive["status"],
                winner=archive["winner"], termination=archive["termination"], ended=archive["ended"])
    if archive.get("edition") is not None:
        meta["edition"] = archive["edition"]
    return GameRecord.from_json(json.dumps({**raw, "meta": meta}))


def write_replay(archive: dict, file: str | None) -> Path:
    """Write the archive's game to ``file`` (or among the saves); returns the path.

    :raises ValueError: no record / it does not replay; ``OSError``: cannot write.
    """
    from game.saves import SaveStore, write_atomic

    record = record_of(archive)
    players = archive["players"]
    name = (f"{time.strftime('%Y-%m-%d %H:%M', time.localtime(archive['ended']))} {archive['code']} "
            f"{players.get('jack') or '?'} - {players.get('investigator') or '?'}")
    if file is None:
        return SaveStore().save(record, name)
    record.meta["name"] = name
    path = Path(file)
    write_atomic(path, record.to_json())
    return path


def fetch_main(args: argparse.Namespace) -> int:
    from .autoplay import parse_server
    from .client import LobbyClient, NetError

    try:
        tls = args.server.strip().lower().startswith("tls://")
        host, port = parse_server(args.server.strip()[6:] if tls else args.server)
    except ValueError as exc:
        print(json.dumps({"result": "error", "error": str(exc)}), flush=True)
        return 2
    from twisted.internet import reactor

    outcome: dict[str, Any] = {"code": 1, "line": {"result": "timeout", "error": f"no answer in {args.timeout:g} s"}}
    client = LobbyClient(reactor, "fetch")

    def got(msg: dict) -> None:
        try:
            path = write_replay(msg, args.file)
            outcome.update(code=0, line={"result": "ok", "file": str(path), "game": msg["game"],
                                         "status": msg["status"], "winner": msg["winner"],
                                         "actions": len(msg["record"]["actions"])})
        except ValueError as exc:
            outcome.update(code=NO_RECORD, line={"result": "no_record", "error": str(exc)})
        except OSError as exc:
            outcome.update(code=CANNOT_WRITE, line={"result": "error", "error": f"cannot write: {exc}"})

    def failed(f: Any) -> None:
        if f.check(NetError) and f.value.code == "archive/not_found":
            outcome.update(code=NOT_FOUND, line={"result": "not_found", "error": f"no judged game {args.code}"})
        else:
            outcome.update(code=1, line={"result": "error", "error": f.getErrorMessage()})

    def stop(_: Any = None) -> None:
        client.close()
        if reactor.running:
            reactor.stop()

    def start() -> None:
        d = client.connect(host, port, tls=tls)
        d.addCallback(lambda _: client.fetch(args.code.upper()))
        d.addCallbacks(got, failed)
        d.addBoth(lambda _: reactor.callLater(0, stop))

    reactor.callWhenRunning(start)
    reactor.callLater(args.timeout, stop)
    reactor.run()
    print(json.dumps(outcome["line"]), flush=True)
    return int(outcome["code"])


def identity_main(args: argparse.Namespace) -> int:
    folder = identity_dir()
    try:
        if args.import_:
            me = Identity.import_from(Path(args.import_), folder)
        else:
            me = Identity.load_or_create(folder, args.name or "player")
            if args.name:
                me.rename(args.name, folder)
            if args.export:
                me.export(Path(args.export))
    except (IdentityError, OSError) as exc:
        print(json.dumps({"result": "error", "error": str(exc)}), flush=True)
        return 2
    line = {"name": me.name, "fingerprint": me.fingerprint, "public": me.public.hex(),
            "file": str(folder / FILE_NAME)}
    if args.export:
        line["exported"] = args.export
    print(json.dumps(line), flush=True)
    return 0
