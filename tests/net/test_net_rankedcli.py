"""``run.py identity`` and the replay file ``run.py fetch`` writes (net/rankedcli.py)."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from game.cli import main
from game.saves import SaveStore
from net.fairplay import new_master
from net.framing import packb
from net.judge import RoomRecord, judge
from net.rankedcli import record_of, write_replay
from net.session import LocalPair, Session


def run(capsys, *argv: str) -> tuple[int, dict]:  # type: ignore[no-untyped-def]
    code = main(list(argv))
    return code, json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_identity_is_made_renamed_exported_and_imported_on_another_computer(tmp_path: Path, monkeypatch, capsys):
    monkeypatch.setenv("MRJACK_NET_STATE", str(tmp_path / "home"))
    code, me = run(capsys, "identity", "--name", "Ann")
    assert code == 0 and me["name"] == "Ann" and len(me["public"]) == 64
    assert stat.S_IMODE(Path(me["file"]).stat().st_mode) == 0o600
    assert run(capsys, "identity")[1]["public"] == me["public"]           # the same key every time
    out = tmp_path / "ann-id.json"
    assert run(capsys, "identity", "--export", str(out))[0] == 0 and stat.S_IMODE(out.stat().st_mode) == 0o600
    monkeypatch.setenv("MRJACK_NET_STATE", str(tmp_path / "other-computer"))
    code, there = run(capsys, "identity", "--import", str(out))
    assert code == 0 and there["public"] == me["public"] and there["name"] == "Ann"
    (tmp_path / "junk.json").write_text("{}")
    code, bad = run(capsys, "identity", "--import", str(tmp_path / "junk.json"))
    assert code == 2 and "not a Mr. Jack identity" in bad["error"]
    assert run(capsys, "identity")[1]["public"] == me["public"]           # a bad import changed nothing


@pytest.fixture(scope="module")
def archive() -> dict:
    gid = "9" * 32
    p = LocalPair(Session("jack", gid, new_master(), game="london"), Session("investigator", gid, new_master(),
                                                                           game="london"))
    p.run(lambda s: s.observation().legal_actions()[0])
    j = judge(RoomRecord("LONDN", "london", None, gid, {}, [packb(m) for m in p.log]), final=True)
    return {"code": "LONDN", "game": "london", "edition": "2006", "players": {"jack": "Ann", "investigator": "Bob"},
            "ids": {"jack": None, "investigator": None}, "status": j.status, "winner": j.winner,
            "termination": j.termination, "ended": 1_800_000_000, "record": j.record}


def test_a_fetched_game_goes_into_the_replays_list_and_opens_at_its_judged_end(tmp_path: Path, monkeypatch,
                                                                                archive: dict):
    monkeypatch.setenv("MRJACK_HOME", str(tmp_path))
    path = write_replay(archive, None)
    [info] = [i for i in SaveStore().list() if i.ok and i.over]     # what the Replays list shows
    assert info.path == path and info.game == "london" and "Ann - Bob" in info.name
    final = SaveStore().load(path).replay()
    assert final.winner().value == archive["winner"] and final.outcome.termination.value == archive["termination"]


def test_a_game_without_a_full_record_says_so_instead_of_writing_a_file(tmp_path: Path, archive: dict):
    with pytest.raises(ValueError, match="not audited"):
        write_replay({**archive, "status": "unverified", "record": None}, str(tmp_path / "x.json"))
    assert not (tmp_path / "x.json").exists()
    damaged = {**archive, "record": {**archive["record"], "actions": ["accuse nobody"]}}
    with pytest.raises(ValueError):
        record_of(damaged)
