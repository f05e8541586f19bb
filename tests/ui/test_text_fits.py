"""Every text fits its box and stays readable, on every screen, in every language, at 800x600 and 1280x800.

Issue item 9: a Russian button at 8 px, London's power hint cut off, "Rounds"
on top of the round circles, the New game footer struck through by the panel
border, the game choice in three font sizes.  :func:`theme.recording_text`
collects every text drawn with its rectangle and size, every fit asked and
every framed box (panels, buttons, choice segments); a text fails when it is
drawn under :data:`theme.SMALLEST` px, leaves the window, still overflows the
width it was fitted to, or lies across the border of a box drawn under it.
Each scene is set up once per window size (as the screenshots do) and drawn
in the four languages.
"""

from __future__ import annotations

import pygame
import pytest

from game.ui import i18n, theme

SIZES = ((800, 600), (1280, 800))
LANGS = tuple(i18n.LANGUAGES)


def problems(surface: pygame.Surface, rec: theme.TextRecord) -> list[str]:
    """What is wrong with the texts drawn on ``surface``."""
    out = []
    screen = surface.get_rect()
    fits: dict[str, list[tuple[int, int, str]]] = {}
    for text, _wanted, width, got, style in rec.fits:
        fits.setdefault(text, []).append((width, got, style))
    boxes = [(n, box) for s, box, n in rec.boxes if s is surface]
    for i, (s, text, size, rect) in enumerate(rec.drawn):
        if s is not surface or not any(ch.isalnum() for ch in text):
            continue  # icons ("◉", "≡") and texts drawn into cached sprites
        if size < theme.SMALLEST:
            out.append(f"{text!r} drawn at {size} px")
        if not screen.contains(rect):
            out.append(f"{text!r} leaves the window at {tuple(rect)}")
        for width, got, style in fits.get(text, []):
            if got == size and theme.font(size, style).size(text)[0] > width:
                out.append(f"{text!r} is wider than its {width} px at {size} px")
                break
        for n, box in boxes:
            if n <= i and rect.colliderect(box) and not box.contains(rect):
                cut = rect.clip(box)
                if cut.w * cut.h > 0.15 * rect.w * rect.h or box.collidepoint(rect.center):
                    out.append(f"{text!r} at {tuple(rect)} crosses the border of {tuple(box)}")
                    break
    return out


def draw_recorded(app, lang: str) -> tuple[pygame.Surface, theme.TextRecord]:  # type: ignore[no-untyped-def]
    i18n.set_language(lang)
    surface = pygame.Surface(app.size)
    with theme.recording_text() as rec:
        app.draw(surface)
    return surface, rec


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_in_every_language_keeps_its_text_readable_and_inside(tmp_path, monkeypatch, size) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.rules import GAME_TABS, RulesScene
    from game.ui.scenes.title import TitleScene
    from game.ui.screenshots import make_app, scenes_for

    monkeypatch.setenv("MRJACK_HOME", str(tmp_path))
    app = make_app(size)
    found: list[str] = []
    try:
        for name, setup in scenes_for(app):
            if name.startswith("online"):
                continue  # loopback games: the online tests draw those screens
            i18n.set_language("en")
            setup()
            for lang in LANGS:
                found += [f"{name} {lang} {size}: {p}" for p in problems(*draw_recorded(app, lang))]
        for game, _title in GAME_TABS:  # every rules page
            i18n.set_language("en")
            app.stack.clear(TitleScene(app))
            rules = RulesScene(app, game=game)
            app.stack.push(rules)
            for page in range(len(rules.pages)):
                rules.go(page)
                for lang in LANGS:
                    found += [f"rules {game} {page} {lang} {size}: {p}" for p in problems(*draw_recorded(app, lang))]
    finally:
        i18n.set_language("en")
        app.stack.clear()
    assert not found, "\n".join(sorted(set(found)))


def test_the_recording_catches_a_small_or_crossing_text() -> None:
    """The checks above can fail: a text at 7 px across a panel's border is reported twice."""
    pygame.font.init()
    surface = pygame.Surface((200, 100))
    with theme.recording_text() as rec:
        theme.rounded_panel(surface, pygame.Rect(10, 10, 100, 40))
        theme.blit_text(surface, "Start here", 7, theme.TEXT, (60, 48), "center")
        theme.blit_text(surface, "Fine", 12, theme.TEXT, (20, 20))
    found = problems(surface, rec)
    assert len(found) == 2 and "7 px" in found[0] and "crosses" in found[1]


@pytest.mark.parametrize("lang", LANGS)
def test_london_power_hint_is_shown_whole_at_800x600(game_app_small, lang: str) -> None:  # type: ignore[no-untyped-def]
    from game.ui.london.texts import power_help
    from game.ui.screenshots import scenes_for

    app = game_app_small
    dict(scenes_for(app))["london-move-light"]()
    scene = app.stack.top
    _surface, rec = draw_recorded(app, lang)
    drawn = " ".join(t for _s, t, _n, _r in rec.drawn)
    hint = power_help(scene.picker.state.active)
    assert hint.split()[-1] in drawn and hint.split()[0] in drawn, (hint, drawn)


@pytest.mark.parametrize("game", ["london", "newyork"])
def test_the_rounds_caption_stays_clear_of_the_round_circles(game_app_small, game: str) -> None:  # type: ignore[no-untyped-def]
    from game.ui.screenshots import scenes_for

    app = game_app_small
    for lang in LANGS:
        dict(scenes_for(app))[f"{game}-board"]()
        _surface, rec = draw_recorded(app, lang)
        L = app.stack.top.view.layout
        caption = next(r for _s, t, _n, r in rec.drawn if t == i18n._("Rounds"))
        for cx, cy in L.track_centers:
            ring = pygame.Rect(0, 0, L.track_r * 2.4, L.track_r * 2.4)
            ring.center = (round(cx), round(cy))
            assert not caption.colliderect(ring), (lang, tuple(caption), tuple(ring))


def test_the_game_choice_draws_its_three_names_in_one_size(game_app_small) -> None:  # type: ignore[no-untyped-def]
    from game.ui.screenshots import scenes_for

    app = game_app_small
    for lang in LANGS:
        dict(scenes_for(app))["setup"]()
        setup = app.stack.top
        _surface, rec = draw_recorded(app, lang)
        segs = setup.game.segment_rects()
        sizes = {n for _s, t, n, r in rec.drawn for seg in segs if seg.contains(r) and t.strip()}
        assert len(sizes) == 1, (lang, sizes)
