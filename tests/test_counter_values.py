"""Counter values a game declares: the model a face builds into, and the example docs/data-model.md gives.

The broken copies (tests/test_broken_copies.py) give each diagnostic its place; here
the shapes: a face's presentation keys stay fields, its values go to ``values`` with
marks apart, the seed systems read them by their old names, and the classic-style
example of the docs validates as written.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any, cast

import pytest

from compiler.model.counters import build_face
from compiler.pipeline import validate_game
from compiler.replay import adapters as replay_adapters
from rules_engine import systems
from rules_engine.definitions import Face

from .conftest import ROOT, shipped


def test_a_face_keeps_presentation_in_fields_and_values_apart() -> None:
    face = build_face(
        {
            "label": "HGH",
            "damaged": True,
            "attack": {"value": 3, "mark": "parentheses"},
            "defense": 4,
            "size": "XX",
            "supply_symbol": False,
            "cite": "3.1",
            "provenance": "reconstructed: not printed",
        }
    )
    assert (face.label, face.damaged, face.blank) == ("HGH", True, False)
    assert dict(face.values) == {"attack": 3, "defense": 4, "size": "XX", "supply_symbol": False}
    assert dict(face.marks) == {"attack": "parentheses"}
    with pytest.raises(TypeError):
        cast(Any, face.values)["attack"] = 5


def test_the_seed_systems_read_their_values_by_their_old_names() -> None:
    face = build_face(
        {"strength": 2, "strength_colour": "red", "movement": {"value": 8, "mark": "L"}, "zoc": False}
    )
    assert (face.strength, face.strength_colour, face.movement, face.movement_marks) == (2, "red", 8, ("L",))
    assert face.zoc is False and face.supply_symbol is False and face.range is None
    blank = Face(blank=True)
    assert blank.strength is None and blank.movement_marks == () and blank.strength_printed is True
    assert build_face({"strength": 2, "strength_printed": False}).strength_printed is False


def test_the_shipped_games_declare_what_their_faces_print() -> None:
    jerusalem = shipped("jerusalem").game
    movement = jerusalem.counter_value("movement")
    assert movement is not None and movement.marks == ("L", "j") and movement.words == ("J", "unlimited")
    shaltiel = shipped("jerusalem").counters.get("david-shaltiel")
    assert shaltiel is not None and shaltiel.front.movement_marks == ("j",) and shaltiel.front.movement == 8
    for name in ("israel1948", "jerusalem", "lawrence"):
        game = shipped(name)
        declared = {v.id for v in game.game.counter_values}
        for counter in game.counters.counters.values():
            for face in (counter.front, counter.back):
                assert face is None or set(face.values) <= declared, (name, counter.id)


def _docs_example() -> tuple[dict[str, Any], dict[str, Any]]:
    """The declarations and the counter that docs/data-model.md's "Counter values" shows."""
    text = (ROOT / "docs" / "data-model.md").read_text(encoding="utf-8")
    section = text.split("\n## Counter values\n", 1)[1].split("\n## ", 1)[0]
    declarations, counter = re.findall(r"```json\n(.*?)```", section, re.S)[:2]
    return json.loads("{" + declarations + "}"), json.loads(counter)


def test_the_classic_example_of_the_docs_validates_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The toy game (tests/fixtures/toy) takes the docs' declarations; its units print them, and
    the docs' counter joins the mix with only its side and class made the toy's own."""
    monkeypatch.setitem(systems.SYSTEMS, "toy", "tests.toy_system")
    monkeypatch.setitem(replay_adapters.ADAPTERS, "toy", "tests.toy_system")
    game_dir = tmp_path / "toy"
    shutil.copytree(ROOT / "tests" / "fixtures" / "toy", game_dir)
    declarations, example = _docs_example()
    _edit(game_dir / "game.json", lambda d: _declare(d, declarations))
    _edit(
        game_dir / "terrain.json",
        lambda d: d["movement_classes"].append({"id": "tracked", "name": "Tracked"}),
    )
    _edit(game_dir / "counters.json", lambda d: _classic_units(d, example))
    report = validate_game(game_dir, run_replays=False)
    assert [str(d) for d in report.diagnostics if d.is_error] == []
    assert report.valid is not None
    panzer = report.valid.counters.get(example["id"])
    assert panzer is not None and panzer.back is not None
    assert dict(panzer.back.values) == {
        "attack": 3,
        "defense": 3,
        "movement": 8,
        "size": "XX",
        "movement_class": "tracked",
    }
    assert dict(panzer.back.marks) == {"attack": "parentheses"}
    assert panzer.front.values["designation"] == "21"


def _edit(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def _declare(game: dict[str, Any], declarations: dict[str, Any]) -> None:
    game.update(declarations)
    game["unit_classes"] += [
        {"id": "armour", "name": "Armour", "symbol": "armour"},
        {"id": "artillery", "name": "Artillery", "symbol": "artillery"},
    ]


def _classic_units(counters: dict[str, Any], example: dict[str, Any]) -> None:
    for counter in counters["counters"]:
        counter["front"] = {"attack": 2, "defense": 2, "movement": 1, "size": "III", "movement_class": "foot"}
    counters["counters"].append(dict(example, side="red", count=1))
