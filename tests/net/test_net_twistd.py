"""``twistd -n mrjack``: the plugin is found, serves, stops gracefully on SIGTERM, refuses a bad database."""

from __future__ import annotations

import queue
import re
import signal
from pathlib import Path

import pytest
from nethelp import Proc, RawClient

pytestmark = pytest.mark.timeout(60)
TWISTD = ["-c", "from twisted.scripts.twistd import run; run()", "-n", "--pidfile=", "--logfile=-"]


def test_the_plugin_is_found_by_twistd():
    from twisted.application.service import IServiceMaker
    from twisted.plugin import getPlugins

    makers = {p.tapname: p for p in getPlugins(IServiceMaker)}
    assert "mrjack" in makers and "--db" in str(makers["mrjack"].options())


def listening_port(proc: Proc, timeout: float = 30) -> int:
    while True:
        try:
            line = proc.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError("twistd did not start: " + "".join(proc.err)[-2000:]) from None
        if line is None:
            raise AssertionError("twistd ended: " + "".join(proc.err)[-2000:])
        m = re.search(r"lobby listening on [0-9.]+:(\d+)", line)
        if m:
            return int(m.group(1))


def test_twistd_mrjack_serves_keeps_rooms_and_says_restarting_on_sigterm(tmp_path: Path):
    db = tmp_path / "rooms.db"
    proc = Proc([*TWISTD, "mrjack", "--host", "127.0.0.1", "--port", "0", "--discovery-port", "-1",
                 "--db", str(db)])
    try:
        port = listening_port(proc)
        raw = RawClient(port)
        assert raw.hello("ann")["t"] == "welcome"
        raw.send({"t": "create", "game": "pocket", "side": "jack", "rid": 1})
        assert raw.recv()["t"] == "joined"
        proc.popen.send_signal(signal.SIGTERM)
        said = raw.recv_until_closed()
        assert any(m.get("t") == "restarting" for m in said)
        assert proc.wait(20) in (0, -signal.SIGTERM)   # (twistd ends by the signal it stopped for)
    finally:
        proc.stop()
    from net.store import SqliteStore

    assert [r.game for r in SqliteStore(str(db)).load()] == ["pocket"]   # the room waits for the restart


def test_twistd_mrjack_refuses_a_corrupt_database_with_a_clear_message(tmp_path: Path):
    db = tmp_path / "rooms.db"
    db.write_bytes(b"not a database" * 100)
    proc = Proc([*TWISTD, "mrjack", "--port", "0", "--discovery-port", "-1", "--db", str(db)])
    assert proc.wait(30) != 0
    proc.lines.put(None)
    out = "".join(proc.err) + "".join(line for line in iter(proc.lines.get, None) if line)
    assert "mrjack: cannot use the database" in out and "Traceback" not in out


def test_twistd_mrjack_serves_tls_and_logs_its_fingerprint(tmp_path: Path):
    import socket
    import ssl

    proc = Proc([*TWISTD, "mrjack", "--host", "127.0.0.1", "--port", "0", "--no-discovery", "--tls",
                 "--data-dir", str(tmp_path / "server")])
    try:
        port, fingerprint = None, None
        while port is None:
            line = proc.lines.get(timeout=30)
            if line is None:
                raise AssertionError("twistd ended: " + "".join(proc.err)[-2000:])
            fingerprint = fingerprint or (re.search(r"fingerprint \(SHA-256\): ([0-9A-F:]+)", line) or [None, None])[1]
            m = re.search(r"lobby listening on [0-9.]+:(\d+)", line)
            port = int(m.group(1)) if m else None
        assert fingerprint is not None and len(fingerprint) == 95   # 32 bytes as AA:BB:...
        context = ssl.create_default_context()
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE   # a pin, not a CA, vouches for it
        with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
            with context.wrap_socket(raw) as tls:
                der = tls.getpeercert(binary_form=True)
        import hashlib

        seen = ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest())
        assert seen == fingerprint       # what players pin is what the server shows
    finally:
        proc.stop()
