"""The differential test of the module's automation against the rules engine.

For each system a check takes battles from seeded random games (``capture``), plays each in
the module through a harness driving the real VASSAL engine (``module_answer``), and resolves
it again in the engine with the dice the module rolled (``engine_answer``); ``compare`` lists
the values on which they disagree. The module's answers are kept as fixtures
(tests/fixtures/automation/), so the project's tests compare the engine with them without
VASSAL; bench/automation/differential.py runs the harness.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

TEMPLATE = "template:"

# the check of each system, imported when asked for (each imports its system's engine)
CHECKS = {
    "classic": "compiler.vassal.automation.differential.classic",
    "israel1948": "compiler.vassal.automation.differential.israel1948",
    "jerusalem": "compiler.vassal.automation.differential.jerusalem",
    "raiders": "compiler.vassal.automation.differential.raiders",
}


def check_for(system: str) -> ModuleType:
    """The differential check of ``system`` (KeyError when there is none)."""
    return importlib.import_module(CHECKS[system])


def game_folder(source: str, root: Path, scratch: Path) -> Path:
    """Where the game of a fixture's ``source`` is: a folder under the repository ``root``
    (source_data/israel1948, tests/fixtures/classic/delta), or ``template:<system>``, the
    system's template game, written by ``wgc new`` into ``scratch``."""
    if source.startswith(TEMPLATE):
        from compiler.new_game import new_game

        system = source[len(TEMPLATE) :]
        folder = scratch / f"{system}-template"
        if not folder.exists():
            new_game(folder, system)
        return folder
    return root / source
