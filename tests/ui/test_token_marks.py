"""Every character token can be told apart without its colour, and its colour survives colour blindness.

Issue item 6: single capitals were ambiguous (London's Smith and Stealthy
both "S", Gull and Goodley both "G"; New York's Callahan and Cloud Runner
both "C"; Pocket's Lane was "N" and Smith "J") and did not follow the
translated names.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import i18n  # noqa: E402
from game.ui.colourblind import KINDS, closest_pair, simulate_colour, simulate_surface  # noqa: E402
from game.ui.marks import marks  # noqa: E402

#: below this CIE76 difference two token colours are too close to tell at a glance
MIN_DELTA_E = 10.0


def games() -> dict[str, tuple[Callable[[int], str], int, Callable[[int], str], list]]:
    """game: (short name, count, mark on the drawn token, characters)."""
    from game.engine.london.data import DATA as LONDON
    from game.engine.newyork.data import DATA as NEWYORK
    from game.engine.pocket.data import DATA as POCKET
    from game.ui import texts
    from game.ui.london import texts as london_texts
    from game.ui.london.view import LOOK as LONDON_LOOK
    from game.ui.newyork import texts as newyork_texts
    from game.ui.newyork.view import LOOK as NEWYORK_LOOK
    from game.ui.pocket import view as board_view

    return {
        "pocket": (texts.short_name, 9, board_view.MARK, list(POCKET.characters)),
        "london": (london_texts.short, 8, LONDON_LOOK.mark, list(LONDON.characters)),
        "newyork": (newyork_texts.short, 8, NEWYORK_LOOK.mark, list(NEWYORK.characters)),
    }


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
@pytest.mark.parametrize("game", ["pocket", "london", "newyork"])
def test_every_pair_of_token_marks_differs_and_follows_the_translated_name(game: str, lang: str) -> None:
    i18n.set_language(lang)
    try:
        short, n, mark, _chars = games()[game]
        drawn = [mark(i) for i in range(n)]
        assert len({m.casefold() for m in drawn}) == n, drawn
        for i, m in enumerate(drawn):
            assert 1 <= len(m) <= 2, m
            assert m[0].casefold() == short(i)[0].casefold(), (m, short(i))
    finally:
        i18n.set_language("en")


def test_the_ambiguous_letters_of_the_issue_are_gone() -> None:
    i18n.set_language("en")
    _s, _n, london, _c = games()["london"]
    _s, _n, newyork, _c = games()["newyork"]
    _s, _n, pocket, _c = games()["pocket"]
    assert (london(2), london(4)) == ("Sm", "St")      # Smith, Stealthy
    assert (london(5), london(6)) == ("Go", "Gu")      # Goodley, Gull
    assert (newyork(1), newyork(4)) == ("CR", "Ca")    # Cloud Runner, Callahan
    assert (pocket(8), pocket(4)) == ("La", "Sm")      # Lane, Smith


def test_names_that_share_two_letters_end_with_their_last_letter() -> None:
    assert marks(["Лестрейд", "Гудли", "Лейн"]) == ["Лд", "Гу", "Лн"]
    assert marks(["Бич", "Бегущая в облаках"]) == ["Би", "БО"]


@pytest.mark.parametrize("game", ["pocket", "london", "newyork"])
def test_the_token_pictures_differ_pairwise_in_grey(game: str) -> None:
    """Drawn without colour (luminance only), no two pawns or tiles look the same."""
    pygame.display.init()
    pygame.font.init()
    i18n.set_language("en")
    if game == "pocket":
        from game.ui.pocket.view import _render_small_emblem

        pictures = [_render_small_emblem(i, 36, False) for i in range(9)]
    else:
        from game.ui.hex.board import render_pawn
        from game.ui.london.view import LOOK as LONDON_LOOK
        from game.ui.newyork.view import LOOK as NEWYORK_LOOK

        look = LONDON_LOOK if game == "london" else NEWYORK_LOOK
        pictures = [render_pawn(look, i, 22, True, 3) for i in range(8)]
    greys = [pygame.transform.grayscale(p) for p in pictures]
    for i, a in enumerate(greys):
        for j in range(i + 1, len(greys)):
            b = greys[j]
            assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA"), (game, i, j)


@pytest.mark.parametrize("kind", [None, *KINDS])
@pytest.mark.parametrize("game", ["pocket", "london", "newyork"])
def test_token_colours_stay_apart_with_protanopia_and_deuteranopia(game: str, kind: str | None) -> None:
    chars = games()[game][3]
    palette = {c.id: tuple(c.rgb) for c in chars}
    d, a, b = closest_pair(palette, kind)
    assert d >= MIN_DELTA_E, f"{game}: {a} and {b} differ by only {d:.1f} ({kind or 'normal vision'})"


def test_the_simulation_keeps_greys_and_merges_red_with_green() -> None:
    """Machado 2009: a grey stays grey; pure red and a matching green look alike to a protanope."""
    for kind in KINDS:
        r, g, b = simulate_colour((128, 128, 128), kind)
        assert max(r, g, b) - min(r, g, b) <= 2
    red, green = simulate_colour((200, 60, 40), "deuteranopia"), simulate_colour((110, 110, 40), "deuteranopia")
    assert sum(abs(x - y) for x, y in zip(red, green, strict=True)) < 60
    surf = pygame.Surface((4, 2))
    surf.fill((200, 30, 30))
    out = simulate_surface(surf, "protanopia")
    assert out.get_size() == (4, 2) and tuple(out.get_at((1, 1)))[:3] == simulate_colour((200, 30, 30), "protanopia")
