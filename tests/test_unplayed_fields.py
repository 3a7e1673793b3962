"""A field the game's system does not play is an error, never silently ignored
(compiler/checks/unplayed.py; rules_engine/core/facts.py PLAYED_FIELDS and each system's
``plays``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from compiler.checks.unplayed import FINDERS
from compiler.diagnostics import codes
from compiler.new_game import new_game
from compiler.pipeline import validate_game
from rules_engine.core.facts import PLAYED_FIELDS
from rules_engine.systems import SYSTEMS, system_facts
from tests.conftest import GameCopy, assert_reported


def test_every_field_has_a_finder_and_every_system_names_only_known_fields() -> None:
    assert set(FINDERS) == set(PLAYED_FIELDS)
    for name in SYSTEMS:
        assert system_facts(name).plays <= set(PLAYED_FIELDS), name
    # every field is played by some system with rules (else no game could give it)
    played = set().union(*(system_facts(n).plays for n in SYSTEMS if n != "none"))
    assert played == set(PLAYED_FIELDS) - {"next-higher-columns"}


def _first_unit(counters: Any) -> int:
    return next(i for i, c in enumerate(counters["counters"]) if c["kind"] == "unit")


def _more_faces(counters: Any) -> str:
    index = _first_unit(counters)
    counters["counters"][index]["more_faces"] = [{"blank": True}]
    return f"/counters/{index}/more_faces"


def _hidden(counters: Any) -> str:
    index = _first_unit(counters)
    counters["counters"][index]["hidden"] = True
    return f"/counters/{index}/hidden"


def _crt_dice(charts: Any) -> str:
    index = next(i for i, t in enumerate(charts["tables"]) if t["kind"] == "crt")
    die = charts["tables"][index].get("die", "d6")
    charts["tables"][index]["dice"] = f"1{die}"
    return f"/tables/{index}/dice"


def _strength_colours(charts: Any) -> str:
    charts["combat"]["strength_colours"] = [{"colour": "red", "can_attack": True, "can_first_fire": True}]
    return "/combat/strength_colours"


def _next_higher(charts: Any) -> str:
    charts["combat"]["missing_columns"] = "next-higher"
    return "/combat/missing_columns"


CASES: list[tuple[str, str, Callable[[Any], str]]] = [
    ("israel1948", "counters.json", _more_faces),
    ("raiders", "counters.json", _more_faces),
    ("jerusalem", "counters.json", _more_faces),
    ("israel1948", "counters.json", _hidden),
    ("classic", "counters.json", _hidden),
    ("jerusalem", "charts.json", _crt_dice),
    ("classic", "charts.json", _strength_colours),
    ("jerusalem", "charts.json", _next_higher),
    ("classic", "charts.json", _next_higher),
]


@pytest.mark.parametrize(("system", "file", "edit"), CASES, ids=lambda c: getattr(c, "__name__", c))
def test_a_field_the_system_does_not_play_is_an_error(
    tmp_path: Path, system: str, file: str, edit: Callable[[Any], str]
) -> None:
    folder = tmp_path / "game"
    new_game(folder, system)
    copy = GameCopy(folder)
    data = copy.load(file)
    pointer = edit(data)
    copy.save(file, data)
    report = validate_game(folder)
    assert_reported(report, codes.SYSTEM_UNPLAYED_FIELD, file, pointer)
    assert report.valid is None


def test_a_game_without_rules_keeps_every_field_for_its_module(tmp_path: Path) -> None:
    """An imported game (system "none") plays no rule: its pieces' many faces and masks are the
    module's, so nothing is refused."""
    folder = tmp_path / "game"
    new_game(folder, "none")
    copy = GameCopy(folder)
    counters = copy.load("counters.json")
    counters["counters"][0]["more_faces"] = [{"label": "3"}]
    counters["counters"][0]["hidden"] = True
    copy.save("counters.json", counters)
    report = validate_game(folder)
    assert not [d for d in report.diagnostics if d.code == codes.SYSTEM_UNPLAYED_FIELD]
