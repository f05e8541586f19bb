"""Fixtures for network tests (the helpers are in ``nethelp.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from nethelp import start_server


@pytest.fixture(scope="module")
def server():
    proc, port, udp = start_server()
    yield {"proc": proc, "port": port, "udp": udp}
    proc.stop()


@pytest.fixture
def state_env(tmp_path: Path) -> dict:
    return {"MRJACK_NET_STATE": str(tmp_path / "state")}
