"""The classic system's modules form layers with no import circle: values and tables at the
bottom, the game's state above them, each rule module above that, the dispatch on top.

Every import between the package's modules (type-checking imports too) must go down the
list below; a new module takes its place in it.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

PACKAGE = "rules_engine.systems.classic"
FOLDER = ROOT / "rules_engine" / "systems" / "classic"

# Lowest first: a module may import only modules before it.
LAYERS = (
    "values",
    "facts",
    "rolls",
    "crt",
    "tables",
    "state",
    "selectors",
    "places",
    "turns",
    "zoc",
    "control",
    "changes",
    "supply",
    "movement",
    "sequence",
    "strength",
    "decisions",
    "retreat",
    "results",
    "advance",
    "combat",
    "dicepool",
    "reinforcements",
    "pool",
    "replacements",
    "victory",
    "actions",
    "game",
    "chooser",
    "random_play",
    "policies",
    "system",
    "__init__",
)
# The rule modules: each imports nothing above the state but rule modules below it.
BOTTOM = ("values", "facts", "rolls", "crt", "tables", "state")


def _imports(path: Path) -> set[str]:
    """The package's modules that ``path`` imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == PACKAGE:
                found.update(alias.name for alias in node.names)
            elif node.module.startswith(PACKAGE + "."):
                found.add(node.module.removeprefix(PACKAGE + ".").split(".")[0])
        elif isinstance(node, ast.Import):
            found.update(
                a.name.removeprefix(PACKAGE + ".").split(".")[0]
                for a in node.names
                if a.name.startswith(PACKAGE + ".")
            )
    return found


def test_every_module_has_its_layer() -> None:
    modules = {p.stem for p in FOLDER.glob("*.py")}
    assert modules == set(LAYERS)


def test_each_module_imports_only_modules_below_it() -> None:
    for module in LAYERS:
        position = LAYERS.index(module)
        for imported in _imports(FOLDER / f"{module}.py"):
            if module == "__init__" and imported in LAYERS:
                continue  # the package's lazy exports name every module, imported on first use
            assert imported in LAYERS, f"{module} imports {imported}, which has no layer"
            assert LAYERS.index(imported) < position, f"{module} imports {imported}, which is above it"


def test_the_import_graph_has_no_cycle() -> None:
    graph = {m: _imports(FOLDER / f"{m}.py") - {"__init__"} for m in LAYERS if m != "__init__"}
    visiting: set[str] = set()
    done: set[str] = set()

    def visit(module: str, trail: tuple[str, ...]) -> None:
        assert module not in visiting, "import circle: " + " -> ".join((*trail, module))
        if module in done:
            return
        visiting.add(module)
        for imported in graph.get(module, ()):
            visit(imported, (*trail, module))
        visiting.discard(module)
        done.add(module)

    for module in graph:
        visit(module, ())


def test_the_state_and_below_import_no_rule_module() -> None:
    for module in BOTTOM:
        assert _imports(FOLDER / f"{module}.py") <= set(BOTTOM), module
