"""``run.py screenshots DIR``: render the key scenes to PNG files, at two window sizes.

Runs without a screen (SDL's dummy video driver unless a display is set
up), with in-memory saves, silent sound and default settings, so it never
touches the player's files.  Each scene is set up through the same calls a
player's clicks make, then drawn once.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

SIZES = ((1280, 800), (800, 600))
SEED = 20240611


def _prepare_env() -> None:
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def make_app(size: tuple[int, int]) -> Any:
    """An App with throw-away services (nothing is written to the user's folders)."""
    from .app import App, MemorySaves, SilentSound

    try:
        from .settings import Settings

        settings = Settings(width=size[0], height=size[1], language="en")
    except Exception:  # noqa: BLE001
        from .app import FallbackSettings

        settings = FallbackSettings(width=size[0], height=size[1])
    tmp = Path(tempfile.mkdtemp(prefix="mrjack-shots-")) / "settings.json"
    app = App(size, False, settings=settings, saves=MemorySaves(), sound=SilentSound(), settings_path=tmp)
    from net.seats import SeatFolder

    app.seats = SeatFolder(tmp.parent / "seats")   # the online pictures' seats, thrown away too
    return app


# ------------------------------------------------------------ driving a game
def settle(scene: Any, limit: int = 4000) -> None:
    """Run the scene until it waits for a human (animations skipped)."""
    for _ in range(limit):
        if scene.anim is not None:
            scene.skip_animation()
            continue
        if scene.my_turn() or scene.finished or scene.handover_pending is not None:
            return
        scene.wait_for_bot()
        before = (len(scene.states), scene.cursor.get(scene.viewer) if scene.viewer else None)
        scene.update(1.0)
        if scene.anim is None and (len(scene.states), scene.cursor.get(scene.viewer)
                                   if scene.viewer else None) == before and scene.state.is_over():
            return


def human_plays(scene: Any, rng_seed: int = 1) -> None:
    """Let the greedy bot choose the human's move (for setting up pictures)."""
    from ..bots import make_bot
    from ..engine.rng import Rng

    bot = make_bot("greedy")
    side = scene.state.to_move().side
    action = bot.choose(scene.state.observation(side), Rng(rng_seed + len(scene.states)))
    scene.commit(action)


def play_until(scene: Any, stop: Callable[[Any], bool], limit: int = 300) -> bool:
    """Alternate human (bot-chosen) moves and settling until ``stop(scene)``."""
    for _ in range(limit):
        settle(scene)
        if stop(scene):
            return True
        if scene.state.is_over() or scene.finished:
            return stop(scene)
        if scene.my_turn():
            human_plays(scene)
    return False


def play_to_witness_call(scene: Any) -> None:
    """Play (animations skipped) until the witness call of round 2 or later is the newest step shown."""
    for _ in range(3000):
        if scene.anim is not None:
            scene.skip_animation()
            continue
        st = scene.state
        if st.phase == "witness" and st.round >= 2 and scene.cursor[scene.viewer] == len(scene.states) - 1:
            return
        if scene.my_turn():
            human_plays(scene)
        else:
            scene.wait_for_bot()
            scene.update(1.0)


def run_anim_until(scene: Any, stop: Callable[[Any], bool], dt: float = 1 / 60, limit: int = 2000) -> None:
    for _ in range(limit):
        if stop(scene):
            return
        scene.update(dt)


# ---------------------------------------------------------------- shooting
def shoot(app: Any, path: Path) -> Path:
    import pygame

    surf = pygame.Surface(app.size)
    app.draw(surf)
    pygame.image.save(surf, str(path))
    return path


def scenes_for(app: Any) -> list[tuple[str, Callable[[], None]]]:
    """(name, set-up function) for every picture; each set-up leaves the stack ready to draw."""
    from ..engine.pocket.state import TOKENS
    from .scenes.game import GameScene
    from .scenes.pause import PauseScene
    from .scenes.rules import RulesScene
    from .scenes.settings import SettingsScene
    from .scenes.setup import SetupScene
    from .scenes.title import TitleScene

    def title() -> None:
        app.stack.clear(TitleScene(app))

    def setup() -> None:
        app.stack.clear(TitleScene(app))
        app.stack.push(SetupScene(app))

    def new_game(human: str = "investigator", mode: str = "solo") -> Any:
        scene = GameScene.new(app, SEED, mode=mode, human=human, bot=None if mode == "hotseat" else "greedy")
        app.stack.clear(TitleScene(app))
        app.stack.push(scene)
        return scene

    def board() -> None:
        scene = new_game("jack")
        play_until(scene, lambda s: s.state.round >= 3 and s.my_turn() and s.state.step >= 1)

    def choosing() -> None:
        scene = new_game("investigator")

        def rotate_ready(s: Any) -> bool:
            if not (s.my_turn() and s.state.round >= 2):
                return False
            faces = [TOKENS[t][s.state.faces[t]] for t in range(4) if not s.state.used[t]]
            return "rotate" in faces
        play_until(scene, rotate_ready)
        p = scene.picker
        t = next(t for t in p.playable_tokens() if p.face_at(t) == "rotate")
        p.select_token(t)
        cell = sorted(p.cell_targets())[len(p.cell_targets()) // 2]
        p.pick_cell(cell)

    def choosing_walk() -> None:
        scene = new_game("investigator")

        def walk_ready(s: Any) -> bool:
            if not s.my_turn():
                return False
            faces = [TOKENS[t][s.state.faces[t]] for t in range(4) if not s.state.used[t]]
            return any(f in ("holmes", "watson", "toby") for f in faces)
        play_until(scene, walk_ready)
        p = scene.picker
        t = next(t for t in p.playable_tokens() if p.face_at(t) in ("holmes", "watson", "toby"))
        p.select_token(t)

    def preview() -> None:
        """A detective's walk chosen, not confirmed, and L held: the lines of sight as if it were made."""
        choosing_walk()
        scene = app.stack.top
        p = scene.picker
        targets = p.position_targets()
        p.pick_position(max(targets, key=lambda pos: len(targets[pos])))
        if p.pending is None and p.detective_targets():
            p.pick_detective(sorted(p.detective_targets())[0])
        scene.show_sight = True

    def witness() -> None:
        scene = new_game("investigator")
        play_to_witness_call(scene)
        # the witness call plays until the beams are out and Jack has spoken
        run_anim_until(scene, lambda s: s.anim is not None and s.model.sight_t >= 1.0
                       and s.model.banner_alpha >= 1.0)

    def handover() -> None:
        scene = new_game("both", "hotseat")
        scene.update(0.1)
        settle(scene)

    def pause() -> None:
        scene = new_game("investigator")
        play_until(scene, lambda s: s.my_turn() and s.state.round >= 2)
        app.stack.push(PauseScene(app, scene))

    def results() -> None:
        scene = new_game("investigator")
        play_until(scene, lambda s: s.finished, limit=400)
        if not scene.finished:
            settle(scene)
            scene.update(1.0)

    def rules() -> None:
        app.stack.clear(TitleScene(app))
        app.stack.push(RulesScene(app))

    def settings() -> None:
        app.stack.clear(TitleScene(app))
        app.stack.push(SettingsScene(app))

    def about() -> None:
        from .scenes.about import AboutScene

        app.stack.clear(TitleScene(app))
        app.stack.push(RulesScene(app))
        app.stack.push(AboutScene(app))

    return ([
        ("title", title), ("setup", setup), ("board", board), ("choose-rotation", choosing),
        ("choose-walk", choosing_walk), ("preview", preview), ("witness", witness), ("handover", handover),
        ("pause", pause), ("results", results), ("rules", rules), ("settings", settings), ("about", about),
    ] + london_scenes(app) + newyork_scenes(app) + online_scenes(app) + ranked_scenes(app) + keeping_scenes(app)
            + advice_scenes(app))


def advice_scenes(app: Any) -> list[tuple[str, Callable[[], None]]]:
    """The hint in solo play, and the analysis of a finished game (its curve, and while it runs).

    Both are computed here with small fixed search budgets, so the pictures are the same on every run;
    the hint is handed to the scene's own hint helper and the analysis is kept in the record, exactly
    as the worker thread would hand them over.
    """
    from concurrent.futures import Future

    from ..bots.analysis import analyse
    from ..bots.hint import hint
    from ..engine.core import Side
    from .scenes.analysis import AnalysisScene
    from .scenes.game import GameScene
    from .scenes.title import TitleScene

    def hinted() -> None:
        scene = GameScene.new(app, SEED, mode="solo", human="investigator", bot="greedy")
        app.stack.clear(TitleScene(app))
        app.stack.push(scene)
        play_until(scene, lambda s: s.my_turn() and s.state.round >= 2)
        done: Future = Future()
        done.set_result(hint(scene.state.clone(), scene.record.seed, level="hard:iterations=300"))
        scene.hints.pending = (len(scene.states) - 1, done)
        scene.hints.update()

    def finished() -> Any:
        scene = GameScene.new(app, SEED, mode="solo", human="investigator", bot="greedy")
        app.stack.clear(TitleScene(app))
        app.stack.push(scene)
        play_until(scene, lambda s: s.finished, limit=400)
        record = scene.record
        record.meta["analysis"] = analyse(record, Side.INVESTIGATOR, "hard:iterations=60").to_dict()
        app.stack.clear(TitleScene(app))
        return record

    def analysis() -> None:
        app.stack.push(AnalysisScene(app, finished()))

    def analysing() -> None:
        scene = AnalysisScene(app, finished())
        scene.analysis, scene.done, scene.total = None, 5, 14   # (as the worker reports it, half way)
        app.stack.push(scene)

    return [("hint", hinted), ("analysis", analysis), ("analysis-running", analysing)]


def keeping_scenes(app: Any) -> list[tuple[str, Callable[[], None]]]:
    """Unfinished games kept and given up, and the end of a game as the investigator sees it."""
    from ..engine.record import GameRecord
    from ..saves import SaveStore
    from .scenes.confirm import ConfirmScene
    from .scenes.game import GameScene
    from .scenes.pause import PauseScene
    from .scenes.saves import SavesScene
    from .scenes.setup import SetupScene
    from .scenes.title import TitleScene

    def store() -> SaveStore:
        folder = Path(tempfile.mkdtemp(prefix="mrjack-shots-saves-"))
        return SaveStore(folder)

    def kept_game(game: str, seed: int, human: str, mode: str = "solo", plies: int = 12) -> GameRecord:
        scene = GameScene.new(app, seed, mode=mode, human=human, bot=None if mode == "hotseat" else "greedy",
                              game=game)
        app.stack.clear(TitleScene(app))
        app.stack.push(scene)
        play_until(scene, lambda s: len(s.record.actions) >= plies)
        return scene.record

    def saves_list() -> None:
        saves = store()
        saves.autosave(kept_game("london", SEED, "investigator"))
        saves.autosave(kept_game("newyork", SEED + 1, "jack"))
        saves.autosave(kept_game("pocket", SEED + 2, "both", "hotseat"))
        app.saves = saves
        app.stack.clear(TitleScene(app))
        app.stack.push(SavesScene(app))

    def replace_question() -> None:
        saves = store()
        saves.autosave(kept_game("london", SEED, "investigator"))
        app.saves = saves
        app.stack.clear(TitleScene(app))
        setup = SetupScene(app)
        setup.game.set("london")
        setup._sync()
        app.stack.push(setup)
        setup.start()

    def abandon_question() -> None:
        scene = GameScene.new(app, SEED, mode="solo", human="investigator", bot="greedy", game="london")
        app.stack.clear(TitleScene(app))
        app.stack.push(scene)
        settle(scene)
        pause = PauseScene(app, scene)
        app.stack.push(pause)
        pause.abandon()
        assert isinstance(app.stack.top, ConfirmScene)

    def end_investigator() -> None:
        scene = GameScene.new(app, SEED, mode="solo", human="investigator", bot="greedy")
        app.stack.clear(TitleScene(app))
        app.stack.push(scene)
        play_until(scene, lambda s: s.finished, limit=400)
        app.stack.clear(TitleScene(app))  # back from the results to the board as it ended
        app.stack.push(scene)

    def handover_moves() -> None:
        from .scenes.handover import HandoverScene

        scene = GameScene.new(app, SEED, mode="hotseat", human="both", bot=None)
        app.stack.clear(TitleScene(app))
        app.stack.push(scene)
        for _ in range(60):
            settle(scene)
            top = app.stack.top
            if isinstance(top, HandoverScene):
                if top.moves > 0:
                    return
                top.show()
                continue
            human_plays(scene)

    def sound_effects() -> None:
        from .scenes.settings import EffectsScene, SettingsScene

        app.stack.clear(TitleScene(app))
        app.stack.push(SettingsScene(app))
        app.stack.push(EffectsScene(app))

    return [("saves-list", saves_list), ("saves-replace", replace_question), ("saves-abandon", abandon_question),
            ("end-investigator", end_investigator), ("handover-moves", handover_moves),
            ("settings-effects", sound_effects)]


def online_scenes(app: Any) -> list[tuple[str, Callable[[], None]]]:
    """The online screens, from real games on loopback (see :mod:`game.ui.online.shots`)."""
    from .online.shots import scenes_for as online_shots

    return online_shots(app)


def ranked_scenes(app: Any) -> list[tuple[str, Callable[[], None]]]:
    """The ranked screens (profile, leaderboard, quick match, rated results) from a sample server's answers."""
    from .online.ranked_shots import scenes_for as ranked_shots

    return ranked_shots(app)


def light_scenes(prefix: str, new_game: Callable[..., Any], card_on_offer: Callable[..., int | None], seed: int,
                 cards: tuple[int, ...], pick_cell: Callable[[Any, int], Any]) -> list[tuple[str, Callable[[], Any]]]:
    """A hex game's light pictures: a move's targets in light and dark, L's lit cells, L's preview of a move."""

    def move_light() -> Any:
        """A character card taken: its reachable cells, each with a sun (in light) or a moon (dark)."""
        scene = new_game("investigator", seed)
        play_until(scene, lambda s: card_on_offer(s, cards) is not None)
        p = scene.picker
        p.pick_card(card_on_offer(scene, cards))
        if p.current_mode() != "move":
            p.switch_mode()
        return scene

    def sight() -> None:
        scene = new_game("investigator", seed)
        settle(scene)
        scene.show_sight = True

    def preview() -> None:
        scene = move_light()
        p = scene.picker
        cells = sorted(c for c in p.cell_targets() if c not in p.state.pos)
        pick_cell(p, cells[len(cells) // 2])
        if not p.done:
            pick_cell(p, sorted(p.cell_targets())[0])
        scene.show_sight = True

    return [(f"{prefix}-move-light", move_light), (f"{prefix}-sight", sight), (f"{prefix}-preview", preview)]


class CardGameShots:
    """What the London and New York pictures set up alike: a solo game, a card on offer, the setup,
    the board, the witness call under way, the end and a rules page."""

    def __init__(self, app: Any, game: str, seed: int, card_stage: str) -> None:
        self.app, self.game, self.seed, self.card_stage = app, game, seed, card_stage

    def new_game(self, human: str = "investigator", seed: int | None = None, edition: str | None = None) -> Any:
        from .scenes.game import GameScene
        from .scenes.title import TitleScene

        scene = GameScene.new(self.app, self.seed if seed is None else seed, mode="solo", human=human, bot="greedy",
                              game=self.game, edition=edition)
        self.app.stack.clear(TitleScene(self.app))
        self.app.stack.push(scene)
        return scene

    def card_on_offer(self, scene: Any, ids: tuple[int, ...]) -> int | None:
        if not scene.my_turn() or scene.picker.stage != self.card_stage:
            return None
        return next((c for c in ids if c in scene.picker.playable_cards()), None)

    def setup(self) -> None:
        from .scenes.setup import SetupScene
        from .scenes.title import TitleScene

        self.app.stack.clear(TitleScene(self.app))
        shot = SetupScene(self.app)
        self.app.stack.push(shot)
        shot.game.set(self.game)
        shot._sync()

    def board(self) -> None:
        settle(self.new_game("investigator"))

    def witness(self) -> None:
        """The witness call of round 2 or later, its sight lines and banner fully shown."""
        scene = self.new_game("investigator", self.seed + 5)
        play_to_witness_call(scene)
        run_anim_until(scene, lambda s: s.anim is not None and s.model.sight_alpha >= 1.0
                       and s.model.banner_alpha >= 1.0 and "“" in s.model.banner)

    def results(self, human: str) -> None:
        scene = self.new_game(human, self.seed + 6)
        play_until(scene, lambda s: s.finished, limit=400)
        if not scene.finished:
            settle(scene)
            scene.update(1.0)

    def rules(self, page: int) -> None:
        from .scenes.rules import RulesScene
        from .scenes.title import TitleScene

        self.app.stack.clear(TitleScene(self.app))
        self.app.stack.push(RulesScene(self.app, game=self.game, page=page))


LONDON_SEED = 20240612


def london_scenes(app: Any) -> list[tuple[str, Callable[[], None]]]:
    """The Mr. Jack (London) pictures: the board, a choice, Watson's beam, a power, the witness call, the end."""
    from ..engine.london.board import BEAM, cells_of
    from .london.picker import CARD, DIRECTION

    shots = CardGameShots(app, "london", LONDON_SEED, CARD)
    new_game, card_on_offer = shots.new_game, shots.card_on_offer

    def choosing() -> None:
        scene = new_game("jack", LONDON_SEED + 1)
        play_until(scene, lambda s: s.state.round >= 2 and card_on_offer(s, (4, 0, 3, 2)) is not None)
        c = card_on_offer(scene, (4, 0, 3, 2))
        scene.picker.pick_card(c)

    def beam() -> None:
        scene = new_game("investigator", LONDON_SEED + 2)
        play_until(scene, lambda s: card_on_offer(s, (1,)) is not None)
        p = scene.picker
        p.pick_card(1)
        p.pick_pos(sorted(p.cell_targets() - set(scene.state.pos))[len(p.cell_targets()) // 3])
        scene.confirm()
        settle(scene)
        p = scene.picker
        if p is not None and p.stage == DIRECTION:
            st = p.state
            w = st.pos[1]
            best = max(p.directions(), key=lambda d: sum(1 for c in cells_of(BEAM[w][d]) if c in st.pos))
            p.pick_direction(best)
            scene.confirm()
            settle(scene)
        scene.show_sight = True

    def power() -> None:
        scene = new_game("investigator", LONDON_SEED + 3)
        play_until(scene, lambda s: card_on_offer(s, (2, 7, 3)) is not None)
        p = scene.picker
        p.pick_card(card_on_offer(scene, (2, 7, 3)))
        if p.current_mode() != "power":
            p.switch_mode()
        first = sorted(p.cell_targets())[0]
        p.pick_pos(first)

    def whistle() -> None:
        scene = new_game("jack", LONDON_SEED + 4)
        play_until(scene, lambda s: card_on_offer(s, (5, 6)) is not None)
        p = scene.picker
        c = card_on_offer(scene, (5, 6))
        p.pick_card(c)
        if p.current_mode() != "power":
            p.switch_mode()
        targets = sorted(p.pawn_targets())
        p.pick_pawn(targets[len(targets) // 2])
        if p.stage != "confirm":
            p.pick_pos(sorted(p.cell_targets())[0])
        scene.confirm()
        # the animation half way
        run_anim_until(scene, lambda s: s.anim is not None and 0.45 < s.model.whistle_t < 0.7, limit=400)

    return [
        ("london-setup", shots.setup), ("london-board", shots.board), ("london-choose", choosing),
        ("london-beam", beam), ("london-power", power), ("london-whistle", whistle), ("london-witness", shots.witness),
        ("london-results", lambda: shots.results("investigator")), ("london-rules", lambda: shots.rules(3)),
    ] + light_scenes("london", new_game, card_on_offer, LONDON_SEED + 7, (3, 7, 2, 5), lambda p, c: p.pick_pos(c))


NEWYORK_SEED = 20240613


def newyork_scenes(app: Any) -> list[tuple[str, Callable[[], None]]]:
    """The Mr. Jack in New York pictures: the board, a choice, a power, the informant, the witness call, the end."""
    from .newyork.picker import CARD
    from .newyork.texts import IDS

    shots = CardGameShots(app, "newyork", NEWYORK_SEED, CARD)
    new_game, card_on_offer = shots.new_game, shots.card_on_offer

    def choosing() -> None:
        scene = new_game("jack", NEWYORK_SEED + 1)
        play_until(scene, lambda s: s.state.round >= 2 and card_on_offer(s, (1, 0, 2, 7)) is not None)
        scene.picker.pick_card(card_on_offer(scene, (1, 0, 2, 7)))

    def power() -> None:
        scene = new_game("investigator", NEWYORK_SEED + 2)
        play_until(scene, lambda s: card_on_offer(s, (4, 7, 6)) is not None)
        p = scene.picker
        p.pick_card(card_on_offer(scene, (4, 7, 6)))
        if p.current_mode() != "power":
            p.switch_mode()
        first = sorted(p.targets())[0]
        p.pick(first)

    def informant() -> None:
        from ..engine.newyork.board import NAMES

        scene = new_game("investigator", NEWYORK_SEED + 3)

        def meeting(s: Any) -> tuple[int, str] | None:
            """A card on offer whose move reaches the talkative informant."""
            if not s.my_turn() or s.picker.stage != CARD:
                return None
            st = s.picker.state
            if not st.talk:
                return None
            for c in s.picker.playable_cards():
                child = st.child(f"play {IDS[c]}")
                goal = f"to {NAMES[st.informant]}"
                if any(str(a) == goal for a in child.legal_actions()):
                    return c, goal
            return None
        for _ in range(400):
            settle(scene)
            if scene.finished:
                return
            meet = meeting(scene)
            if meet is not None:
                p = scene.picker
                p.pick_card(meet[0])
                p.pick_cell(scene.state.informant)
                scene.confirm()
                break
            if scene.my_turn():
                human_plays(scene)
        run_anim_until(scene, lambda s: s.anim is not None and s.model.informant.speak >= 1.0 and bool(s.model.flying)
                       and s.model.flying[0].t > 0.6, limit=2000)

    def push() -> None:
        scene = new_game("jack", NEWYORK_SEED + 4)
        eastman = IDS.index("eastman")

        def ready(s: Any) -> bool:
            if card_on_offer(s, (eastman,)) is None:
                return False
            return any(a.kind == "move" for a in s.picker.state.child(f"play {IDS[eastman]}").legal_actions())
        play_until(scene, ready)
        p = scene.picker
        p.pick_card(eastman)
        if p.current_mode() != "power":
            p.switch_mode()
        p.pick_pawn(sorted(p.pawn_targets())[0])
        p.pick_cell(sorted(p.cell_targets())[-1])
        scene.confirm()
        # Eastman gives his order: rings around him, then the pawn goes
        run_anim_until(scene, lambda s: s.anim is not None and 0.5 < s.model.push_t < 0.7, limit=2000)

    return [
        ("newyork-setup", shots.setup), ("newyork-board", shots.board), ("newyork-choose", choosing),
        ("newyork-power", power), ("newyork-informant", informant), ("newyork-push", push),
        ("newyork-witness", shots.witness), ("newyork-results", lambda: shots.results("jack")),
        ("newyork-rules", lambda: shots.rules(1)),
    ] + light_scenes("newyork", new_game, card_on_offer, NEWYORK_SEED + 7, (2, 4, 5, 6), lambda p, c: p.pick_cell(c))


#: pictures also written as seen with protanopia and deuteranopia (see :mod:`colourblind`)
COLOURBLIND = ("board", "london-board", "newyork-board")


def main(directory: str, languages: Sequence[str] = ("en",), only: Sequence[str] = ()) -> int:
    """Write ``<scene>-<W>x<H>.png`` for every key scene into ``directory``; returns 0 on success.

    Another language than English adds ``-<lang>`` to the names; ``only`` keeps the scenes
    whose names start with one of its entries.  The pictures named in :data:`COLOURBLIND`
    are also written as ``...-protanopia.png`` and ``...-deuteranopia.png``.
    """
    _prepare_env()
    import pygame

    from . import i18n
    from .colourblind import KINDS, simulate_surface

    unknown = [lang for lang in languages if lang not in i18n.LANGUAGES]
    if unknown:
        print(f"error: unknown language {unknown[0]!r}; known: {', '.join(i18n.LANGUAGES)}", file=sys.stderr)
        return 2
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    failed = 0
    for lang in languages:
        for size in SIZES:
            app = make_app(size)
            app.settings.language = lang
            i18n.set_language(lang)
            suffix = "" if lang == "en" else f"-{lang}"
            for name, setup in scenes_for(app):
                if only and not any(name.startswith(o) for o in only):
                    continue
                try:
                    setup()
                    path = shoot(app, out / f"{name}-{size[0]}x{size[1]}{suffix}.png")
                    written.append(path)
                    if name in COLOURBLIND:
                        image = pygame.image.load(str(path))
                        for kind in KINDS:
                            sim = path.with_name(f"{path.stem}-{kind}.png")
                            pygame.image.save(simulate_surface(image, kind), str(sim))
                            written.append(sim)
                except Exception as exc:  # noqa: BLE001 - report and go on with the next picture
                    failed += 1
                    print(f"screenshot {name} at {size[0]}x{size[1]} ({lang}) failed: {exc!r}", file=sys.stderr)
            app.stack.clear()
    for path in written:
        print(path)
    pygame.display.quit()
    i18n.set_language("en")
    return 1 if failed else 0
