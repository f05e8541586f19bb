"""A player's identity: made once, kept 0600, exported and imported, signing seat keys."""

from __future__ import annotations

import json
import stat

import pytest

from net.identity import FILE_NAME, Identity, IdentityError, clean_name, verify_seat
from net.keys import SeatKey


def test_identity_is_made_on_first_use_and_kept(tmp_path):
    me = Identity.load_or_create(tmp_path, "Ann")
    path = tmp_path / FILE_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = Identity.load_or_create(tmp_path, "someone else")
    assert again.public == me.public and again.name == "Ann"


def test_identity_signs_its_seat_keys_and_nobody_elses(tmp_path):
    me, other = Identity.new("Ann"), Identity.new("Ann")
    seat = SeatKey.new()
    sig = me.sign_seat(seat.public)
    assert verify_seat(me.public, sig, seat.public)
    assert not verify_seat(other.public, sig, seat.public)   # same name, different key
    assert not verify_seat(me.public, sig, SeatKey.new().public)
    assert not verify_seat(me.public, b"x" * 64, seat.public)
    assert not verify_seat("not bytes", sig, seat.public)
    assert me.owner_fields(seat.public) == {"id": me.public, "id_sig": sig}


def test_identity_export_and_import_move_the_player(tmp_path):
    home, laptop = tmp_path / "home", tmp_path / "laptop"
    me = Identity.load_or_create(home, "Ann")
    exported = me.export(tmp_path / "ann.mrjack-id")
    assert stat.S_IMODE(exported.stat().st_mode) == 0o600
    old = Identity.load_or_create(laptop, "Laptop")
    moved = Identity.import_from(exported, laptop)
    assert moved.public == me.public
    assert Identity.load_or_create(laptop).public == me.public
    # the laptop's own identity is kept aside, not lost
    assert Identity.load(laptop / f"identity-{old.fingerprint}.json").public == old.public


@pytest.mark.parametrize("content", ["not json", json.dumps([1]), json.dumps({"format": "other"}),
                                     json.dumps({"format": "mrjack-identity/1", "name": "A", "key": "zz"})])
def test_importing_a_bad_file_changes_nothing(tmp_path, content):
    me = Identity.load_or_create(tmp_path / "home", "Ann")
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    with pytest.raises(IdentityError):
        Identity.import_from(bad, tmp_path / "home")
    assert Identity.load_or_create(tmp_path / "home").public == me.public


def test_a_damaged_identity_is_put_aside_not_overwritten(tmp_path):
    (tmp_path / FILE_NAME).write_text("{broken")
    me = Identity.load_or_create(tmp_path, "Ann")
    assert (tmp_path / (FILE_NAME + ".damaged")).read_text() == "{broken"
    assert Identity.load(tmp_path / FILE_NAME).public == me.public


def test_names_are_cleaned_like_the_lobby_does():
    assert clean_name("A\u202eB\u200b") == "AB"
    assert clean_name("x" * 40) == "x" * 24
    assert clean_name("") == "player"
