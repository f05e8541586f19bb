"""London's and New York's rule pages are read from their ``rules.txt``: the words beside the pictures.

The words are messages of the translations like any ``_()`` call: the
extraction finds them, and a text that names a missing picture or
character, or is not written as pages, is refused with its line.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.ui import i18n, pagetext  # noqa: E402
from game.ui.i18n import colon  # noqa: E402
from game.ui.london import rules as london_rules  # noqa: E402
from game.ui.london import texts as london_texts  # noqa: E402
from game.ui.newyork import rules as newyork_rules  # noqa: E402
from game.ui.newyork import texts as newyork_texts  # noqa: E402
from game.ui.rulebook import read_pages  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("rules, texts, count", [(london_rules, london_texts, 16),
                                                (newyork_rules, newyork_texts, 18)])
def test_a_card_games_pages_come_from_its_rules_text_with_their_pictures(rules, texts, count: int) -> None:
    pages = rules.pages()
    assert len(pages) == count
    assert [p.title() for p in pages[:2]][0] == "The goal" and pages[-1].title() == "Escape and arrest"
    assert all(callable(p.picture) and p.paragraphs() for p in pages)
    powers = [p.title() for p in pages if p.title() not in {"The goal", "A round", "The witness call"}]
    for c in range(8):  # every character's power has its page, titled with its name
        assert colon(texts.name(c), texts.power_name(c)) in powers


def test_the_pages_words_are_translated_when_drawn() -> None:
    page = london_rules.pages()[0]
    english = page.paragraphs()
    i18n.set_language("fr")
    assert page.paragraphs() != english and len(page.paragraphs()) == len(english)


def test_the_extraction_finds_every_title_and_paragraph_of_the_rules_texts() -> None:
    found = i18n.extract([ROOT / "game"])
    for game in ("london", "newyork"):
        path = ROOT / "game" / "ui" / game / "rules.txt"
        for message, line in pagetext.messages(path):
            assert f"{path}:{line}" in found[message]
    assert "power of holmes" not in found, "a power's title is the character's words, not a message"


@pytest.mark.parametrize("text, problem", [
    ("A paragraph with no page.\n", "before the first page header"),
    ("== The goal\nText.\n", "a page header reads"),
    ("== The goal -> picture_goal\n\n== A round -> picture_round\nText.\n", "has no paragraph"),
    ("# only a comment\n== The goal -> picture_goal\n", "has no paragraph"),
])
def test_a_rules_text_that_is_not_pages_is_refused_with_its_line(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        pagetext.parse(text, "test.txt")


def test_a_rules_text_naming_a_missing_picture_or_character_is_refused(tmp_path: Path) -> None:
    def picture_goal(surface, box, t) -> None:  # type: ignore[no-untyped-def]
        pass

    path = tmp_path / "rules.txt"
    path.write_text("== The goal -> picture_nowhere\nText.\n", "utf-8")
    with pytest.raises(ValueError, match="rules.txt:1: no picture 'picture_nowhere'"):
        read_pages(path, {"picture_goal": picture_goal}, london_texts)
    path.write_text("== The goal -> picture_goal\nText.\n\n== power of moriarty -> picture_goal\nText.\n", "utf-8")
    with pytest.raises(ValueError, match="rules.txt:4: no character 'moriarty'"):
        read_pages(path, {"picture_goal": picture_goal}, london_texts)
    path.write_text("== The goal -> pages\nText.\n", "utf-8")
    with pytest.raises(ValueError, match="no picture 'pages'"):
        read_pages(path, {"pages": picture_goal}, london_texts)
