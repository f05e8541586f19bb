"""The command line: help lists every subcommand; self-play and the text game run."""

import subprocess
import sys
from io import StringIO
from pathlib import Path

from game.selfplay import report, selfplay
from game.textplay import main as text_main

ROOT = Path(__file__).resolve().parents[1]


def run(*args, **kw):
    return subprocess.run([sys.executable, "run.py", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, **kw)


def test_help_lists_every_subcommand():
    out = run("--help").stdout
    for cmd in ("play", "text", "referee", "selfplay", "playthrough", "screenshots"):
        assert cmd in out


def test_selfplay_prints_win_rates_with_intervals():
    proc = run("selfplay", "--game", "pocket", "--games", "20", "--seed", "3", "--jack", "random",
               "--investigator", "greedy")
    assert proc.returncode == 0, proc.stderr
    assert "95% CI" in proc.stdout and "jack" in proc.stdout and "investigator" in proc.stdout


def test_selfplay_unknown_bot_is_a_clear_error():
    proc = run("selfplay", "--games", "2", "--jack", "nobody")
    assert proc.returncode == 2 and "unknown bot" in proc.stderr


def test_selfplay_is_reproducible():
    a = selfplay("pocket", 30, 7, "greedy", "random")
    b = selfplay("pocket", 30, 7, "greedy", "random")
    assert a == b and sum(a["wins"].values()) == 30
    assert "wins" in report(a)


def test_text_game_plays_to_the_end_with_typed_actions():
    """A scripted player always types the first legal action it is shown."""

    class Typist(StringIO):
        def __init__(self):
            super().__init__()
            self.out = StringIO()
            self.calls = 0

        def readline(self):
            self.calls += 1
            if self.calls > 400:  # a game never needs this many; stop instead of hanging
                return "quit\n"
            text = self.out.getvalue()
            legal = text.rsplit("legal: ", 1)[1].split("\n", 1)[0].split(", ")
            return legal[0] + "\n"

    typist = Typist()
    assert text_main("investigator", "random", 5, stdin=typist, stdout=typist.out) == 0
    assert "Game over:" in typist.out.getvalue()
