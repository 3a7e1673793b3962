"""The VASSAL module of a classic game with units of more than two steps and a CRT read with two
dice (tests/fixtures/classic/cadre): the Face layer has every face, the values and strengths the
automation reads follow it, a step loss walks a unit down and the battle marker rolls and adds the
CRT's dice. The expressions are run with the BeanShell subset inspect uses (VASSAL's semantics)
and compared with the engine; tests/fixtures/automation/cadre.json (battles) and
tests/fixtures/automation/steps/cadre.json (a unit walked down and up its faces) hold them to
real VASSAL."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from compiler.build import BuildOptions, build
from compiler.javatext.sequence import decode
from compiler.pipeline import validate_game
from compiler.render.art import BoardArt
from compiler.vassal.automation.classic import ClassicCrt
from compiler.vassal.automation.differential import steps
from compiler.vassal.automation.markers import marker_automation
from compiler.vassal.catalogue import piece_definitions
from compiler.vassal.inspection import beanshell
from compiler.vassal.values import face_properties
from rules_engine.definitions import ValidGame
from rules_engine.systems import system_for
from rules_engine.systems.classic.tables import Tables
from tests.conftest import ROOT

CADRE = ROOT / "tests" / "fixtures" / "classic" / "cadre"


def run(expression: str, **values: beanshell.Value) -> beanshell.Value:
    def lookup(name: str) -> beanshell.Value:
        if name not in values:
            raise AssertionError(f"the expression reads {name}, which the test does not give")
        return values[name]

    return beanshell.evaluate(beanshell.parse(expression.strip("{}")), lookup)


@pytest.fixture(autouse=True)
def long_expressions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(beanshell, "MAX_TOKENS", 50_000)
    monkeypatch.setattr(beanshell, "MAX_NESTING", 400)


@pytest.fixture(scope="module")
def definition() -> ValidGame:
    report = validate_game(CADRE, run_replays=False)
    assert report.valid is not None
    return report.valid


def _fields(trait_type: str) -> list[str]:
    return decode(trait_type, ";")


def test_the_face_layer_has_every_face_and_steps_back(definition: ValidGame) -> None:
    piece = next(p for p in piece_definitions(definition) if p.counter.id == "north-division")
    layer = next(_fields(t.type) for t in piece.traits if t.prefix == "emb2;")
    images = decode(layer[16], ",")
    assert images == ["north-division-front.png", "north-division-back.png", "north-division-face3.png"]
    assert decode(layer[17], ",") == ["", "+ (damaged)", "+ (damaged: face 3)"]
    assert layer[7] == "Flip back" and layer[29]  # the decrease command and its key
    assert set(images) <= set(piece.images)


def test_the_module_carries_every_faces_image(definition: ValidGame, tmp_path: Path) -> None:
    build([CADRE], ("module",), tmp_path, BuildOptions(run_replays=False))
    with zipfile.ZipFile(tmp_path / "cadre.vmod") as archive:
        names = set(archive.namelist())
    assert {"images/north-division-face3.png", "images/south-division-face3.png"} <= names


def test_the_declared_values_follow_the_face_shown(definition: ValidGame) -> None:
    _, calculated = face_properties(definition.game, definition.counters.counters["north-division"], False)
    strength = next(_fields(t.type)[2] for t in calculated if _fields(t.type)[1] == "strength")
    assert [run(strength, Face_Level=level) for level in (1, 2, 3)] == ["6", "4", "2"]


def test_a_units_strength_in_battle_follows_its_face_as_the_engines(definition: ValidGame) -> None:
    model = ClassicCrt(definition, 63)
    tables: Tables = model.tables
    counter = definition.counters.counters["south-division"]
    expression = model._by_face(counter, "strength")
    faces = counter.faces
    for level, face in enumerate(faces, start=1):
        assert run(expression, Face_Level=level) == tables.number(face, "strength") * model.printed_scale


def test_a_step_loss_walks_down_the_faces_and_the_last_eliminates(definition: ValidGame) -> None:
    plan = marker_automation(definition, BoardArt(Image.new("RGB", (1, 1)), 100, None), 63)
    flip, eliminate = (_fields(t.type) for t in plan.unit_traits[:2])
    values: dict[str, str] = {}
    for extra in plan.counter_values:
        values.update(extra(definition.counters.counters["north-division"]))
    assert values == {"CanFlip": "true", "Steps": "3"}
    condition, eliminated = flip[4], eliminate[4]
    steps = beanshell.wrap(values["Steps"])
    shown = [
        (
            run(condition, CanFlip=True, Face_Level=n, Steps=steps),
            run(eliminated, CanFlip=True, Face_Level=n, Steps=steps),
        )
        for n in (1, 2, 3)
    ]
    assert shown == [(True, False), (True, False), (False, True)]


def _step_loss_help(game: ValidGame) -> str:
    plan = marker_automation(game, BoardArt(Image.new("RGB", (1, 1)), 100, None), 63)
    return next(row.does for row in plan.help if row.keys == "Ctrl+L on a unit")


def test_the_help_tells_of_further_faces_only_where_a_unit_has_them(definition: ValidGame) -> None:
    """Lawrence's Ctrl+Shift+F fires a unit: the help of a game without more_faces must not also
    say it turns a unit back a face."""
    assert "Ctrl+Shift+F" in _step_loss_help(definition) and "further faces" in _step_loss_help(definition)
    for game in ("battle-for-moscow", "lawrence"):
        other = validate_game(ROOT / "source_data" / game, run_replays=False).valid
        assert other is not None
        said = _step_loss_help(other)
        assert "Ctrl+Shift+F" not in said and "further faces" not in said, game


def test_the_battle_marker_rolls_two_dice_and_adds_them(definition: ValidGame) -> None:
    model = ClassicCrt(definition, 63)
    traits = [_fields(t.type) for t in model.marker_traits()]
    dice = [f for f in traits if f[0] == "PROP" and f[1].startswith("Die_")]
    assert [f[1] for f in dice] == ["Die_1", "Die_2"]
    assert all("Random(6)" in f[3] for f in dice)
    total = next(f[2] for f in traits if f[:2] == ["calcProp", "Die"])
    assert run(total, Die_1=3, Die_2=5) == 8


def test_the_marker_reads_the_crt_as_the_engine_for_every_modified_roll(definition: ValidGame) -> None:
    """Each column and every modified roll two dice and the map's modifiers make (0 to 13): the
    row's result, the 12+ row above 12, and A1 below the first row (below_lowest_roll)."""
    model = ClassicCrt(definition, 63)
    cell = next(
        f[2] for f in (_fields(t.type) for t in model.marker_traits()) if f[:2] == ["calcProp", "Cell"]
    )
    crt = model.crt
    for index, column in enumerate(crt.columns):
        for roll in range(0, 14):
            assert run(cell, Col=column, Mod=roll) == crt.result(index, roll), (column, roll)


WALKS = ROOT / "tests" / "fixtures" / "automation" / "steps"


@pytest.mark.parametrize("path", sorted(WALKS.glob("*.json")), ids=lambda p: p.stem)
def test_the_engine_walks_a_unit_down_and_up_its_faces_as_vassal_did(path: Path) -> None:
    """bench/automation/steps.py walked each unit of more than two steps in VASSAL 3.7.26 (step
    losses to the last face, steps back to the front, down until eliminated): the engine's walk is
    the module's, stop by stop."""
    recorded = json.loads(path.read_text(encoding="utf-8"))
    report = validate_game(ROOT / recorded["source"], run_replays=False)
    assert report.valid is not None
    system = system_for(report.valid)
    assert set(recorded["walks"]) == {c.id for c in steps.walked_counters(report.valid)}
    for counter_id, module in recorded["walks"].items():
        assert steps.compare(steps.engine_walk(system, counter_id), module) == [], counter_id
        faces = 2 + len(report.valid.counters.counters[counter_id].more_faces)
        # every face is reached, the front again after the steps back, and the walk ends off the map
        assert {stop.get("face") for stop in module} == {None, *range(1, faces + 1)}
        assert module[-1].get("gone") and [s.get("face") for s in module].count(1) == 1
        # the comparison sees a module that answered otherwise
        changed = [dict(stop) for stop in module]
        changed[1] = {**changed[1], "face": 1}
        assert steps.compare(steps.engine_walk(system, counter_id), changed)
