"""TLS on loopback: a whole game over tls://, the fingerprint pinned on first use, a changed one refused."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from nethelp import Proc

from net.tls import PinStore, server_options


def tls_server(data: Path) -> tuple[Proc, int, str]:
    proc = Proc(["-m", "net.server", "--host", "127.0.0.1", "--port", "0", "--discovery-port", "-1", "--quiet",
                 "--tls", "--data-dir", str(data)])
    first = proc.json_line(timeout=20)
    return proc, first["listening"]["port"], first["tls"]["fingerprint"]


def player(port: int, side: str, state: Path, **kw) -> Proc:  # type: ignore[no-untyped-def]
    args = ["run.py", "autoplay", "--server", f"tls://127.0.0.1:{port}", "--side", side, "--bot", "random",
            "--seed", "3", "--timeout", "60"]
    args += ["--create"] if kw.get("create") else ["--room", kw["room"]]
    return Proc(args, {"MRJACK_NET_STATE": str(state)})


@pytest.fixture
def server(tmp_path):  # type: ignore[no-untyped-def]
    proc, port, fp = tls_server(tmp_path / "server")
    yield port, fp, tmp_path
    proc.stop()


def test_a_game_over_tls_verifies_and_pins_the_servers_fingerprint(server):
    port, fp, tmp = server
    a = player(port, "jack", tmp / "a", create=True)
    room = a.json_line()["room"]
    b = player(port, "investigator", tmp / "b", room=room)
    la, lb = a.json_line(timeout=60), b.json_line(timeout=60)
    assert la["result"] == lb["result"] == "finished" and la["verified"] and lb["verified"], (la, lb)
    for who in ("a", "b"):
        pins = tmp / who / "known_servers.json"
        assert json.loads(pins.read_text()) == {f"127.0.0.1:{port}": fp}
        assert stat.S_IMODE(pins.stat().st_mode) == 0o600
    key = tmp / "server" / "tls-key.pem"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600


def test_a_changed_fingerprint_is_refused_loudly(server):
    port, fp, tmp = server
    PinStore(tmp / "c" / "known_servers.json").pin(f"127.0.0.1:{port}", "AB:CD")
    c = player(port, "jack", tmp / "c", create=True)
    line = c.json_line(timeout=30)
    assert line["result"] == "error" and "tls/fingerprint_changed" in line["error"] and "changed" in line["error"]
    assert c.wait(10) == 1


def test_the_server_keeps_its_certificate_and_refuses_half_a_pair(tmp_path):
    _, fp1 = server_options(tmp_path)
    _, fp2 = server_options(tmp_path)
    assert fp1 == fp2 and len(fp1.split(":")) == 32
    with pytest.raises(ValueError):
        server_options(tmp_path, cert=str(tmp_path / "tls-cert.pem"))
    with pytest.raises(ValueError):
        server_options(tmp_path, cert=str(tmp_path / "nope.pem"), key=str(tmp_path / "nope.key"))
