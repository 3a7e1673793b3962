"""The games in source_data/ validate clean and summarise sensibly."""

from __future__ import annotations

import pytest

from compiler.diagnostics import codes
from compiler.pipeline import validate_game
from compiler.report.summary import summarize

from .conftest import GAMES, SOURCE_DATA


@pytest.mark.parametrize("game", GAMES)
def test_shipped_game_has_no_errors(game: str) -> None:
    report = validate_game(SOURCE_DATA / game)
    errors = [d for d in report.diagnostics if d.is_error]
    assert errors == []


@pytest.mark.parametrize("game", GAMES)
def test_only_reconstruction_warnings(game: str) -> None:
    """Any other warning in a shipped game is a data problem to fix."""
    report = validate_game(SOURCE_DATA / game)
    others = [d for d in report.diagnostics if d.code != codes.PROVENANCE_RECONSTRUCTED]
    assert others == []


def test_israel_counts_match_the_rulebook() -> None:
    summary = summarize(validate_game(SOURCE_DATA / "israel1948"))
    assert summary["counters"]["physical"] == 88
    assert summary["map"]["by_feature"]["town"] == 15
    assert summary["map"]["by_feature"]["city"] == 3
    assert summary["map"]["supply_sources"] == {"arab": 7, "israeli": 2}
    lengths = {s["id"]: s["turns"] for s in summary["scenarios"]}
    assert lengths == {"onslaught": 3, "ten-days": 2, "end-game": 6}


def test_israel_places_named_by_the_rulebook() -> None:
    board = validate_game(SOURCE_DATA / "israel1948").definition.board
    assert board is not None
    hebron = board.resolve("Hebron")
    assert hebron is not None and hebron.id == "G13"
    assert hebron.terrain == "rough" and "town" in hebron.features
    gaza = board.resolve("Gaza")
    assert gaza is not None and gaza.id == "C13"
    marsh = board.spaces["I16"]
    assert marsh.terrain == "marsh" and "partly-sea" in marsh.features
    assert board.resolve("Tiberius") == board.resolve("Tiberias")
    iraq = [s for s in board.supply_sources if s.label == "IRAQ"]
    assert len(iraq) == 1 and iraq[0].at in board.region("jordan").spaces  # type: ignore[union-attr]


def test_supply_example_geometry() -> None:
    """The hexes of the 2.1 supply example stand in the relations the example states."""
    board = validate_game(SOURCE_DATA / "israel1948").definition.board
    assert board is not None
    road_hexes = {h for road in board.roads for h in road.path}
    assert {"A15", "A17", "B15", "D14", "C13"} <= road_hexes
    assert board.are_adjacent("C16", "D16")  # EGYPT TANK next to EGYPT M/1
    assert board.are_adjacent("C13", "D14")  # E. GAZA ALA next to EGYPT 2/2
    assert "C16" not in road_hexes  # M/1 is next to a road, not on it
    assert any(board.are_adjacent("C16", h) for h in road_hexes)
    assert any(board.are_adjacent("D17", h) for h in road_hexes)  # the KIBBUTZ beside the road
