"""A classic-style counter sheet on the toy game (tests/fixtures/toy): attack-defense-movement
with marks, a unit size above the symbol, a designation beside it, a range and a supply
symbol in the top corners; the layout tests, the VASSAL tests and a person looking at the
faces use it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from .conftest import ROOT

MARKS = ["parentheses", "box", "circle", "underline", "L", "*"]
DECLARATIONS: list[dict[str, Any]] = [
    {"id": "attack", "name": "Attack Strength", "kind": "number", "min": 0, "max": 30, "marks": MARKS},
    {"id": "defense", "name": "Defense Strength", "kind": "number", "min": 0, "max": 30, "marks": MARKS},
    {"id": "movement", "name": "Movement Allowance", "kind": "number", "min": 0, "max": 20, "marks": MARKS},
    {"id": "range", "name": "Range", "kind": "number", "min": 1, "max": 6},
    {"id": "size", "name": "Unit Size", "kind": "choice", "choices": ["XXX", "XX", "X", "III", "II"]},
    {"id": "movement_class", "name": "Movement Type", "kind": "choice", "choices_from": "movement_classes"},
    {"id": "designation", "name": "Designation", "kind": "text", "max_length": 6},
    {"id": "supply_symbol", "name": "Supply Symbol", "kind": "flag"},
]
LAYOUT: list[dict[str, Any]] = [
    {
        "kinds": ["unit"],
        "print": [
            {"at": "top-left", "text": "{range}"},
            {"at": "top-right", "style": "symbol", "symbol": "disc", "when": "supply_symbol"},
            {"at": "above-symbol", "text": "{size}"},
            {"at": "left", "text": "{designation}"},
            {"at": "bottom", "text": "{attack}-{defense}-{movement}"},
        ],
    }
]
NAMES = [{"kinds": ["unit"], "format": "{name} {attack}-{defense}-{movement}"}]


def _unit(
    counter_id: str, name: str, side: str, unit_class: str, front: dict[str, Any], **more: Any
) -> dict[str, Any]:
    return {
        "id": counter_id,
        "name": name,
        "kind": "unit",
        "side": side,
        "class": unit_class,
        "front": front,
        **more,
    }


COUNTERS = [
    _unit(
        "red-foot",
        "RED FOOT",
        "red",
        "infantry",
        {"attack": 2, "defense": 2, "movement": 1, "size": "III", "movement_class": "foot"},
        count=2,
    ),
    _unit(
        "blue-foot",
        "BLUE FOOT",
        "blue",
        "infantry",
        {"attack": 2, "defense": 2, "movement": 1, "size": "III", "movement_class": "foot"},
        count=2,
    ),
    _unit(
        "21-pz",
        "21 PZ",
        "red",
        "armour",
        {
            "attack": 6,
            "defense": 5,
            "movement": 8,
            "size": "XX",
            "designation": "21",
            "supply_symbol": True,
            "movement_class": "foot",
        },
        back={
            "damaged": True,
            "attack": {"value": 3, "mark": "parentheses"},
            "defense": 3,
            "movement": 8,
            "size": "XX",
            "designation": "21",
            "movement_class": "foot",
        },
    ),
    _unit(
        "guards",
        "GUARDS",
        "blue",
        "infantry",
        {
            "attack": {"value": 4, "mark": "box"},
            "defense": {"value": 4, "mark": "circle"},
            "movement": {"value": 6, "mark": "underline"},
            "size": "III",
            "movement_class": "foot",
        },
    ),
    _unit(
        "heavy-guns",
        "HEAVY GUNS",
        "blue",
        "artillery",
        {
            "attack": {"value": 12, "mark": "*"},
            "defense": 2,
            "movement": {"value": 4, "mark": "L"},
            "range": 3,
            "size": "II",
            "movement_class": "foot",
        },
    ),
]


def classic_game(tmp_path: Path, layout: bool = True) -> Path:
    """The toy game with the classic declarations, counters and (unless told not to) layout."""
    game_dir = tmp_path / "classic-layout"
    shutil.copytree(ROOT / "tests" / "fixtures" / "toy", game_dir)
    game_file = game_dir / "game.json"
    game = json.loads(game_file.read_text(encoding="utf-8"))
    game["counter_values"] = DECLARATIONS
    game["required_values"] = [
        {"kinds": ["unit"], "values": ["attack", "defense", "movement", "movement_class"]}
    ]
    game["unit_classes"] += [
        {"id": "armour", "name": "Armour", "symbol": "armour"},
        {"id": "artillery", "name": "Artillery", "symbol": "artillery"},
    ]
    if layout:
        game["counter_layout"] = LAYOUT
        game["counter_names"] = NAMES
    game_file.write_text(json.dumps(game, indent=2), encoding="utf-8")
    counters_file = game_dir / "counters.json"
    counters = json.loads(counters_file.read_text(encoding="utf-8"))
    counters["counters"] = COUNTERS
    counters_file.write_text(json.dumps(counters, indent=2), encoding="utf-8")
    return game_dir
