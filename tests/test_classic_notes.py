"""A designer cites their rulebook everywhere: every record of a classic game's options (a phase,
a movement mode, a ZOC rule, a result, a retreat, a purchase, a place, a terrain's movement or
combat, a victory level ...) may carry ``cite``, ``note`` and ``provenance``, and the game then
validates, builds its model and replays exactly as before."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from compiler.diagnostics import Diagnostic, codes
from compiler.model.terrain import build_terrain
from compiler.new_game import new_game
from compiler.pipeline import validate_game
from tests.conftest import ROOT, SOURCE_DATA, GameCopy

# Where the option records stand in each file: "*" is every item of a list or every value of a
# map. Selectors, cost tables and the results map itself are not records of their own.
RECORDS = {
    "game.json": [
        "sequence_of_play/*",
        "stacking",
        "stacking/rules/*",
        "stacking/rules/*/with/*",
        "rules",
        "rules/movement",
        "rules/movement/modes/*",
        "rules/zoc",
        "rules/turn_effects/*",
        "rules/turn_effects/*/movement",
        "rules/supply",
        "rules/supply/effects",
        "rules/supply/sources/*",
        "rules/reinforcements",
        "rules/reinforcements/at/*",
        "rules/replacements",
        "rules/replacements/buy/*",
        "rules/replacements/buy/*/at/*",
        "rules/control",
    ],
    "charts.json": [
        "combat",
        "combat/results/*",
        "combat/results/*/attacker",
        "combat/results/*/defender",
        "combat/retreat",
        "combat/advance",
        "combat/below_lowest",
        "combat/above_highest",
        "combat/dice/*",
        "combat/strength_colours/*",
    ],
    "terrain.json": ["movement_classes/*", "terrain/*/movement", "terrain/*/combat"],
    "scenarios/*.json": [
        "turns",
        "victory",
        "victory/conditions/*",
        "victory/conditions/*/levels/*",
        "points/*",
        "points/*/schedule/*",
    ],
}
MARKS = {
    "cite": "Designer's Notes 4.2",
    "note": "Written as the designer's rulebook says.",
    "provenance": "reconstructed: a test of the format",
}


def _records(node: Any, path: list[str]) -> Iterator[dict[str, Any]]:
    if not path:
        if isinstance(node, dict):
            yield node
        return
    head, rest = path[0], path[1:]
    if head == "*":
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
        for child in children:
            yield from _records(child, rest)
    elif isinstance(node, dict) and head in node:
        yield from _records(node[head], rest)


def _mark_every_record(game: GameCopy, keys: tuple[str, ...]) -> int:
    """Give every option record the marks of ``keys`` it lacks; how many records were marked."""
    marked = 0
    for pattern, paths in RECORDS.items():
        for file in sorted(game.root.glob(pattern)):
            name = str(file.relative_to(game.root))
            data = game.load(name)
            for path in paths:
                for record in _records(data, path.split("/")):
                    record.update({key: MARKS[key] for key in keys if key not in record})
                    marked += 1
            game.save(name, data)
    return marked


def _games() -> list[str]:
    fixtures = ROOT / "tests" / "fixtures" / "classic"
    return [
        "template",
        "battle-for-moscow",
        "vallon",
        *sorted(p.name for p in fixtures.iterdir() if (p / "game.json").is_file()),
    ]


def _copy(name: str, tmp_path: Path) -> GameCopy:
    target = tmp_path / name
    if name == "template":
        new_game(target, "classic")
    else:
        source = (
            SOURCE_DATA / name
            if (SOURCE_DATA / name).is_dir()
            else ROOT / "tests" / "fixtures" / "classic" / name
        )
        shutil.copytree(source, target)
    return GameCopy(target)


def _besides_provenance(diagnostics: list[Diagnostic]) -> list[str]:
    return [
        f"{d.severity.value} {d.code} {d.file}{d.pointer}: {d.message}"
        for d in diagnostics
        if d.code != codes.PROVENANCE_RECONSTRUCTED
    ]


@pytest.mark.parametrize("name", _games())
def test_every_option_record_may_carry_cite_note_and_provenance(name: str, tmp_path: Path) -> None:
    game = _copy(name, tmp_path)
    first = validate_game(game.root).diagnostics
    assert not [d for d in first if d.is_error]
    marked = _mark_every_record(game, ("note", "provenance"))
    assert marked >= 30, marked
    report = validate_game(game.root)
    assert _besides_provenance(report.diagnostics) == _besides_provenance(first)
    reconstructed = [d for d in report.diagnostics if d.code == codes.PROVENANCE_RECONSTRUCTED]
    assert len(reconstructed) >= marked
    # a cite is what the option's refusals name from then on (docs/classic-rules.md): a replay that
    # expected a refusal by the option's name now sees the cite, and nothing else changes
    _mark_every_record(game, ("cite",))
    cited = _besides_provenance(validate_game(game.root).diagnostics)
    changed = [line for line in cited if line not in _besides_provenance(first)]
    assert all(
        line.startswith(f"error {codes.REPLAY_ILLEGAL_ACTION} replays/") and f": {MARKS['cite']}: " in line
        for line in changed
    ), changed


def test_a_terrains_movement_notes_are_not_situations() -> None:
    """The terrain effects chart and the engine read a movement record's keys as situations
    (enter, cross, along ...): its cite, note and provenance are not among them."""
    chart = build_terrain(
        {"terrain": [{"id": "forest", "name": "Forest", "kind": "hex", "movement": {"enter": 2, **MARKS}}]},
        "terrain.json",
    )
    assert list(chart.terrain["forest"].movement) == ["enter"]
