"""Translations: every message the code shows is translated into every language.

The extraction is the test itself: it parses every module under ``game/``
for ``_("...")`` and ``N_("...")`` calls with a literal message, then checks
each catalogue.  A message added to the code without translations fails
here with the list of what is missing, ready to paste into the ``.po``.
"""

from __future__ import annotations

import os
import re
import string
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.ui import i18n  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def messages() -> dict[str, list[str]]:
    found = i18n.extract([GAME])
    assert len(found) > 50, "the extraction found suspiciously few messages"
    return found


def placeholders(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def test_the_four_languages_are_offered() -> None:
    assert i18n.LANGUAGES == {"en": "English", "ru": "Русский", "pl": "Polski", "fr": "Français"}


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_in_the_code_is_translated(code: str, messages: dict[str, list[str]]) -> None:
    catalogue = i18n.catalogue_ids(code)
    missing = [m for m in messages if m not in catalogue or not catalogue[m].translated]
    report = "\n".join(f"#: {messages[m][0]}\nmsgid {m!r}\nmsgstr \"\"\n" for m in missing)
    assert not missing, f"{len(missing)} message(s) missing from {i18n.po_path(code)}:\n{report}"


def test_no_message_is_formatted_before_it_is_translated() -> None:
    problems = [f"{path}:{line}: {problem}: {text}"
                for path in sorted(GAME.rglob("*.py"))
                for text, line, problem in i18n.extract_file(path) if problem]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_the_placeholders(code: str) -> None:
    bad = [f"{msgid!r} -> {e.msgstr.get(0)!r}" for msgid, e in i18n.catalogue_ids(code).items()
           if e.translated and placeholders(msgid) != placeholders(e.msgstr[0])]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_are_real_not_copies(code: str) -> None:
    """Names may stay as they are (Holmes is Holmes in Polish), whole sentences may not."""
    cat = i18n.catalogue_ids(code)
    copies = [m for m, e in cat.items() if e.translated and e.msgstr[0] == m and len(m.split()) > 3]
    assert not copies, copies


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translation_can_be_drawn_with_the_bundled_font(code: str) -> None:
    import pygame

    pygame.font.init()
    font = pygame.font.Font(str(ROOT / "assets" / "fonts" / "DejaVuSans.ttf"), 16)
    chars = {ch for e in i18n.catalogue_ids(code).values() if e.translated for ch in e.msgstr[0]}
    missing = sorted(ch for ch in chars if font.metrics(ch)[0] is None)
    assert not missing, f"glyphs missing from the font: {missing}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_catalogue_header_declares_utf8_and_plural_forms(code: str) -> None:
    header = next(e for e in i18n.parse_po(i18n.po_path(code).read_text("utf-8")) if e.msgid == "")
    assert "charset=UTF-8" in header.msgstr[0]
    assert re.search(r"Plural-Forms: nplurals=\d;", header.msgstr[0])


def test_set_language_switches_every_later_lookup() -> None:
    assert i18n.set_language("ru") == "ru" and i18n.current_language() == "ru"
    assert i18n._("Settings") == "Настройки"
    i18n.set_language("pl")
    assert i18n._("Settings") == "Ustawienia"
    i18n.set_language("fr")
    assert i18n._("Settings") == "Paramètres"
    i18n.set_language("en")
    assert i18n._("Settings") == "Settings"


def test_rule_book_terms_are_used() -> None:
    """Spot checks against the rule books (seeds 000, 003, 004) and the Polish London rules (002)."""
    i18n.set_language("ru")
    assert i18n._("Investigator") == "Следователь" and i18n._("Witness call") == "Опрос свидетелей"
    assert i18n._("Miss Stealthy") == "мисс Скрытность" and i18n._("John Pizer") == "Джон Пайзер"
    i18n.set_language("fr")
    assert i18n._("Investigator") == "Enquêteur" and i18n._("Witness call") == "Appel à témoin"
    assert i18n._("Exchange") == "Échange"
    i18n.set_language("pl")
    assert i18n._("Investigator") == "Detektyw" and i18n._("Witness call") == "Wezwanie świadka"


def test_unknown_language_falls_back_to_english() -> None:
    assert i18n.set_language("xx") == "en"
    assert i18n.set_language(None) == "en"
    assert i18n._("Settings") == "Settings"


def test_untranslated_message_shows_in_english() -> None:
    i18n.set_language("ru")
    assert i18n._("No such message in any catalogue") == "No such message in any catalogue"


def test_default_language_reads_the_environment() -> None:
    assert i18n.default_language({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert i18n.default_language({"LANGUAGE": "de:pl", "LANG": "ru_RU"}) == "pl"
    assert i18n.default_language({"LANG": "C"}) == "en"
    assert i18n.default_language({}) == "en"


# ------------------------------------------------------------- the .po reader
PO = r'''
# a comment
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

#: somewhere.py
msgid "Hello"
msgstr "Привет"

msgid ""
"Two "
"lines"
msgstr "Две "
"строки"

msgid "Say \"hi\"\n"
msgstr "Скажи «привет»\n"

#, fuzzy
msgid "Fuzzy"
msgstr "Нечёткое"

msgid "Empty"
msgstr ""

msgctxt "menu"
msgid "Open"
msgstr "Открыть (меню)"

msgid "Open"
msgstr "Открыть"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} карта"
msgstr[1] "{n} карты"
msgstr[2] "{n} карт"

#~ msgid "Old"
#~ msgstr "Старое"
'''


def test_po_files_compile_to_a_working_gnu_catalogue() -> None:
    import gettext
    import io

    t = gettext.GNUTranslations(io.BytesIO(i18n.compile_po(PO)))
    assert t.gettext("Hello") == "Привет"
    assert t.gettext("Two lines") == "Две строки"
    assert t.gettext('Say "hi"\n') == "Скажи «привет»\n"
    assert t.gettext("Fuzzy") == "Fuzzy", "fuzzy entries are left out"
    assert t.gettext("Empty") == "Empty", "empty translations are left out"
    assert t.gettext("Open") == "Открыть"
    assert t.pgettext("menu", "Open") == "Открыть (меню)"
    assert [t.ngettext("{n} card", "{n} cards", n) for n in (1, 3, 5, 21)] == \
        ["{n} карта", "{n} карты", "{n} карт", "{n} карта"]
    assert "Old" not in {e.msgid for e in i18n.parse_po(PO)}


@pytest.mark.parametrize("bad", ['msgid "a"\nmsgstr b', 'nonsense "x"', '"orphan"', 'msgstr[x] "a"'])
def test_bad_po_syntax_is_reported_with_the_line(bad: str) -> None:
    with pytest.raises(ValueError, match="line"):
        i18n.parse_po(bad)


def test_a_broken_catalogue_falls_back_to_english(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    bad = tmp_path / "xx" / "LC_MESSAGES"
    bad.mkdir(parents=True)
    (bad / "mrjack.po").write_text('msgid "a"\nmsgstr nope\n')
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setitem(i18n.LANGUAGES, "xx", "Broken")
    monkeypatch.setattr(i18n, "_cache", {})
    assert i18n.set_language("xx") == "xx"
    assert i18n._("Settings") == "Settings"
    assert i18n.last_error and "line" in i18n.last_error


def test_extraction_finds_literals_and_flags_formatted_calls(tmp_path: Path) -> None:
    src = tmp_path / "m.py"
    src.write_text('x = _("Plain")\ny = N_("Marked")\nz = _(f"bad {x}")\nw = _("a %s" % x)\n'
                   'v = _("{n} ok").format(n=1)\nu = _("{n}".format(n=1))\n'
                   't = ngettext("{n} card", "{n} cards", 2)\ns = ngettext(x, "{n} cards", 2)\n')
    found = list(i18n.extract_file(src))
    assert sorted(m for m, _line, p in found if p is None) == ["Marked", "Plain", "{n} card", "{n} ok"]
    assert len([p for _m, _line, p in found if p]) == 4
