"""The shape the design promises, checked on the source: what core code may name and import.

- rules_engine never imports compiler;
- no module of rules_engine imports, directly or through others, a module that imports it back;
- core code names no side, phase kind or game: those come from the data or the system's class;
- compiler/replay reaches a game system only through its adapters;
- the cross-checks know no counter value by name: game.json declares them.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from rules_engine.definitions import Face

from .conftest import ROOT

GAME_WORDS = re.compile(r"""["'](israeli|arab|jewish|arab-revolt|ottoman|israel1948|jerusalem|raiders)["']""")


def _modules(package: str) -> dict[str, Path]:
    root = ROOT / package
    found = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _imports(path: Path, module: str) -> set[str]:
    """Modules imported at run time (imports under `if TYPE_CHECKING:` do not count)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(child) for child in ast.walk(node))
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_rules_engine_never_imports_compiler() -> None:
    for name, path in _modules("rules_engine").items():
        assert not any(i.startswith("compiler") for i in _imports(path, name)), name


def test_rules_engine_has_no_import_cycle() -> None:
    modules = _modules("rules_engine")
    graph = {
        name: {i for i in _imports(path, name) if i in modules and i != name and not name.startswith(i + ".")}
        for name, path in modules.items()
    }
    # package __init__ files re-export their children; an edge into a package's own children is not a cycle
    for start in graph:
        stack, seen = [(start, (start,))], set()
        while stack:
            node, trail = stack.pop()
            for child in graph[node]:
                if child == start and not child.startswith(node + ".") and not node.startswith(child + "."):
                    raise AssertionError("import cycle: " + " -> ".join((*trail, child)))
                if child not in seen:
                    seen.add(child)
                    stack.append((child, (*trail, child)))


def test_core_code_names_no_side_or_game() -> None:
    for path in (ROOT / "rules_engine" / "core").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not GAME_WORDS.search(text), f"{path.name} names {GAME_WORDS.search(text)}"


def test_the_replay_runner_reaches_systems_only_through_adapters() -> None:
    packages = {n for n in _modules("rules_engine") if n.startswith("rules_engine.systems.")}
    for name, path in _modules("compiler").items():
        if not name.startswith("compiler.replay") or name.startswith("compiler.replay.adapters"):
            continue
        # the registry (rules_engine.systems itself) is allowed; a system's own package is not
        systems = {i for i in _imports(path, name) if i.startswith("rules_engine.systems.") and i in packages}
        assert not systems, f"{name} imports {sorted(systems)}"


def test_no_function_is_over_sixty_lines() -> None:
    """Small functions with names that say what they do: none over 60 lines, anywhere in the tool."""
    long = []
    for package in ("compiler", "rules_engine", "bench"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno is not None:
                    length = node.end_lineno - node.lineno + 1
                    if length > 60:
                        long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({length} lines)")
    assert long == []


def _shipped_value_ids() -> set[str]:
    """Every counter value the shipped games and the templates declare (strength, movement_class ...)."""
    ids: set[str] = set()
    for path in [
        *(ROOT / "source_data").glob("*/game.json"),
        *(ROOT / "compiler" / "templates").glob("*/game.json"),
    ]:
        text = path.read_text(encoding="utf-8").replace('"{id}"', '"x"').replace('"{title}"', '"x"')
        ids.update(value["id"] for value in json.loads(text).get("counter_values", ()))
    return ids


FACES = {"face", "front", "back"}
# The only attributes that read a counter value off a face: the Face properties that read the seed
# systems' values by their old names. Any other attribute of a variable called front or back (an
# image's `front.size`) is presentation, whatever ids a game declares.
FACE_VALUE_READS = frozenset(name for name, member in vars(Face).items() if isinstance(member, property))


def _format_words() -> set[str]:
    """Every key the data format itself defines (the schemas' property names: `attack` and `defense`
    of charts.json's combat, a layout entry's `size`): a check names them to point at a line, so a
    value id that is also one of them says nothing when it appears as a string."""
    words: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            properties = node.get("properties")
            if isinstance(properties, dict):
                words.update(properties)
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    for path in (ROOT / "compiler" / "schemas").glob("*.schema.json"):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return words


def _value_by_name(node: ast.AST, strings: set[str], reads: set[str]) -> str | None:
    """What a node says, when it names a counter value: one of ``strings``, or a read off a face
    of one of ``reads``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in strings:
        return f"the string {node.value!r}"
    if isinstance(node, ast.Attribute) and node.attr in reads:
        owner = ast.unparse(node.value)
        return f"{owner}.{node.attr}" if owner.split(".")[-1] in FACES else None
    if isinstance(node, ast.Call) and ast.unparse(node.func) == "getattr" and node.args:
        return ast.unparse(node) if ast.unparse(node.args[0]).split(".")[-1] in FACES else None
    return None


def test_no_check_knows_a_counter_value_by_name() -> None:
    """The cross-checks read counter values only through game.json's declarations: no list of
    face fields per system (the old `face_values`), no value id as a string, and no value read
    off a face by name (`face.strength_colour`, `counter.front.movement`, `getattr(face, name)`)."""
    declared = _shipped_value_ids()
    assert {"strength", "strength_colour", "movement", "movement_class", "supply_symbol"} <= declared
    strings = declared - _format_words()
    # the words the seed systems read stay checked: none of them is a key of the format
    assert {"strength", "strength_colour", "movement_class", "supply_symbol"} <= strings
    reads = declared & FACE_VALUE_READS
    assert {"strength", "movement", "movement_class"} <= reads
    found = []
    for path in (ROOT / "compiler" / "checks").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        if re.search(r"\bface_values\b", source):
            found.append(f"{path.name}: face_values")
        for node in ast.walk(ast.parse(source)):
            what = _value_by_name(node, strings, reads)
            if what is not None:
                found.append(f"{path.name}:{getattr(node, 'lineno', 0)} {what}")
    assert found == []


def test_a_value_id_never_collides_with_a_presentation_word() -> None:
    """A game may declare a value `size`: an image's `front.size` and a layout's `"size"` key are not
    reads of it, while `face.strength` stays one."""
    declared = {"size", "strength", "attack"}
    strings, reads = declared - _format_words(), declared & FACE_VALUE_READS

    def said(source: str) -> str | None:
        expression = ast.parse(source).body[0]
        assert isinstance(expression, ast.Expr)
        return _value_by_name(expression.value, strings, reads)

    assert said("front.size") is None
    assert said("'size'") is None and said("'attack'") is None
    assert said("face.strength") == "face.strength"
    assert said("'strength'") == "the string 'strength'"


def test_the_value_ids_the_docs_recommend_are_never_flagged() -> None:
    """docs/data-model.md suggests value ids such as attack, defense and size: a game that declares
    them must not make the checks, the renderer or the module writer look as if they read a value by
    name (they are keys of the format, and size an image's attribute)."""
    declared = _shipped_value_ids() | {"attack", "defense", "size", "range", "steps"}
    strings, reads = declared - _format_words(), declared & FACE_VALUE_READS
    found = []
    for folder in ("checks", "render", "vassal"):
        for path in (ROOT / "compiler" / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                what = _value_by_name(node, strings, reads)
                if what is not None:
                    found.append(f"{folder}/{path.name}:{getattr(node, 'lineno', 0)} {what}")
    assert found == []
