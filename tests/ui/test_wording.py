"""Wording a fluent reader expects (issue item 10): typography, the rule books' own names, clear buttons."""

from __future__ import annotations

import re

import pytest

from game.ui import i18n


def test_french_puts_a_no_break_space_before_two_part_punctuation() -> None:
    """« Deux points », point-virgule, points d'exclamation et d'interrogation : une espace insécable avant."""
    bad = []
    for msgid, e in i18n.catalogue_ids("fr").items():
        text = e.msgstr.get(0, "") if e.translated else ""
        for m in re.finditer(r"(.)([:;!?])(?=\s|$)", text):
            if m.group(1) not in "\u00a0\u202f" and not m.group(1).isdigit():
                bad.append(f"{msgid!r} -> {text!r}")
    assert not bad, "\n".join(bad)


def test_french_uses_the_typographic_apostrophe() -> None:
    bad = [e.msgstr[0] for e in i18n.catalogue_ids("fr").values()
           if e.translated and re.search(r"\w'\w", e.msgstr[0])]
    assert not bad, bad


def test_a_label_and_its_text_are_joined_as_the_language_writes_it() -> None:
    try:
        i18n.set_language("fr")
        assert i18n.colon("Holmes", "Carte Alibi") == "Holmes\u00a0: Carte Alibi"
        i18n.set_language("ru")
        assert i18n.colon("Холмс", "Карта алиби") == "Холмс: Карта алиби"
    finally:
        i18n.set_language("en")
    assert i18n.colon("Holmes", "Alibi card") == "Holmes: Alibi card"


@pytest.mark.parametrize(("code", "start", "replays"), [("fr", "Commencer", "Revoir une partie"),
                                                        ("ru", "Начать", "Повторы"),
                                                        ("pl", "Rozpocznij", "Powtórki")])
def test_the_start_button_says_start_and_replays_read_naturally(code: str, start: str, replays: str) -> None:
    """Setup's Start is a verb ("Début" read as a noun); the replay's first-step button has its own words."""
    cat = i18n.catalogue_ids(code)
    assert cat["Start"].msgstr[0] == start
    assert cat["Replays"].msgstr[0] == replays
    assert cat["To the first step"].translated


def test_names_follow_the_rule_books() -> None:
    """The Russian Pocket book writes «мисс Скрытность»; the Polish book keeps "Miss Stealthy"."""
    assert i18n.catalogue_ids("ru")["Miss Stealthy"].msgstr[0] == "мисс Скрытность"
    assert i18n.catalogue_ids("pl")["Miss Stealthy"].msgstr[0] == "Miss Stealthy"
