"""The layers hold: the import-linter contracts of ``pyproject.toml`` run with the tests.

An upward import (the engine reaching for the client, a bot for the network,
one game's client folder for another's) fails here, not in review.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _contracts() -> list[dict]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]


def test_import_contracts_are_kept():
    """``lint-imports``, in a fresh interpreter: what the tests imported before cannot sway the graph."""
    code = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_cache=True))"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_every_game_client_folder_is_in_the_independence_contract():
    """A fourth game's client folder is held apart from the others as soon as it is registered."""
    from game.ui.games import GAMES

    folders = [c["modules"] for c in _contracts() if c["type"] == "independence" and "game.ui.pocket" in c["modules"]]
    assert len(folders) == 1
    assert sorted(folders[0]) == sorted(f"game.ui.{name}" for name in GAMES)


def test_the_scenes_are_held_apart_from_one_another():
    """Every scene module is under the contract that keeps scenes from importing each other."""
    assert any(c["type"] == "independence" and c["modules"] == ["game.ui.scenes.*"] for c in _contracts())


def test_the_layer_contracts_name_the_layers():
    forbidden = {c["source_modules"][0]: set(c["forbidden_modules"]) for c in _contracts() if c["type"] == "forbidden"}
    assert forbidden == {
        "game.engine": {"game.ui", "net", "game.bots"},
        "game.bots": {"game.ui", "net"},
        "net": {"game.ui"},
    }



def test_no_module_of_the_game_or_the_network_imports_itself_round_a_circle():
    """No circles at run time (a type hint may name its owner under ``if TYPE_CHECKING``): an
    ``acyclic_siblings`` contract over ``game`` and ``net``, run by :func:`test_import_contracts_are_kept`."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    assert config["exclude_type_checking_imports"] is True
    [acyclic] = [c for c in _contracts() if c["type"] == "acyclic_siblings"]
    assert sorted(acyclic["ancestors"]) == ["game", "net"]
    assert all("_shots ->" in i or ".shots ->" in i for i in acyclic.get("ignore_imports", []))
