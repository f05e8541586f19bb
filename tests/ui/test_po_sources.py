"""The ``#:`` lines of the catalogues say where each message is used, and refreshing them from the code
(``python -m game.ui.i18n --refresh-sources``) changes nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ui import i18n

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]

SAMPLE = '''msgid ""
msgstr ""
"Language: ru\\n"

#: game/ui/scenes/rules.py
msgid "Witness call"
msgstr "Опрос свидетелей"

# a translator's note
#, fuzzy
msgid "Round {n}"
msgstr "Раунд {n}"

#: game/ui/old.py
msgid "Gone from the code"
msgstr "Нет в коде"
'''
FOUND = {"Witness call": ["game/ui/pocket/rules.py:12", "game/ui/hex/game.py:3", "game/ui/pocket/rules.py:40"],
         "Round {n}": ["game/ui/hex/anim.py:9"]}


def test_a_stale_source_line_is_rewritten_from_where_the_code_uses_the_message() -> None:
    new = i18n.refresh_sources(SAMPLE, FOUND)
    assert "#: game/ui/hex/game.py game/ui/pocket/rules.py\nmsgid \"Witness call\"" in new
    assert "game/ui/scenes/rules.py" not in new
    assert "#: game/ui/old.py\nmsgid \"Gone from the code\"" in new, "a message the code lost keeps its line"
    assert "#: game/ui/hex/anim.py" not in new, "no line is added unless asked"
    assert i18n.refresh_sources(new, FOUND) == new


def test_a_missing_source_line_is_added_before_the_msgid_when_asked() -> None:
    new = i18n.refresh_sources(SAMPLE, FOUND, add=True)
    assert "# a translator's note\n#, fuzzy\n#: game/ui/hex/anim.py\nmsgid \"Round {n}\"" in new


def test_refreshing_changes_no_translation_flag_or_comment() -> None:
    new = i18n.refresh_sources(SAMPLE, FOUND, add=True)
    assert [ln for ln in new.splitlines() if not ln.startswith("#:")] == \
        [ln for ln in SAMPLE.splitlines() if not ln.startswith("#:")]
    assert i18n.compile_po(new) == i18n.compile_po(SAMPLE)


@pytest.fixture(scope="module")
def used_in() -> dict[str, set[str]]:
    """The files (relative to the repository) that use each message."""
    return {m: {str(Path(p.rsplit(":", 1)[0]).relative_to(ROOT)) for p in places}
            for m, places in i18n.extract([ROOT / "game"]).items()}


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_source_line_names_only_files_that_use_the_message(code: str, used_in: dict[str, set[str]]) -> None:
    """A ``#:`` line may leave a file out, but never names one the message has left."""
    path = i18n.po_path(code)
    lines = path.read_text("utf-8").splitlines()
    stale = []
    for entry in i18n.parse_po(path.read_text("utf-8")):
        k = entry.line - 2
        while k >= 0 and lines[k].startswith("#") and not lines[k].startswith("#:"):
            k -= 1
        if entry.msgid and entry.msgid in used_in and k >= 0 and lines[k].startswith("#:"):
            gone = set(lines[k][2:].split()) - used_in[entry.msgid]
            if gone:
                stale.append(f"{entry.msgid!r}: {sorted(gone)}")
    assert not stale, f"{path}: run python -m game.ui.i18n --refresh-sources\n" + "\n".join(stale)
