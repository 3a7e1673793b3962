"""Hex grid geometry: IDs, neighbours and distances in every offset layout."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.geometry import Axis, GridError, Hex, HexGrid
from rules_engine.geometry.hexgrid import Orientation, Stagger

ISRAEL = HexGrid("flat-top", "first-low", Axis("A", "M"), Axis(1, 18))


def names(grid: HexGrid, hexes: list[Hex]) -> set[str]:
    return {grid.hex_id(h) for h in hexes}


def test_ids_round_trip() -> None:
    hebron = ISRAEL.parse("G13")
    assert hebron == Hex(6, 12)
    assert ISRAEL.hex_id(hebron) == "G13"
    assert ISRAEL.parse("G31") is None and ISRAEL.parse("N1") is None and ISRAEL.parse("g13") is None
    assert ISRAEL.looks_like_id("G31") and not ISRAEL.looks_like_id("Hebron")


def test_neighbours_in_a_first_low_grid() -> None:
    """Column A sits lower than B, so C13 touches D14 (the 2.1 supply example needs it)."""
    assert names(ISRAEL, ISRAEL.neighbours(ISRAEL.parse("C13"))) == {"B13", "B14", "C12", "C14", "D13", "D14"}
    assert names(ISRAEL, ISRAEL.neighbours(ISRAEL.parse("D17"))) == {"C16", "C17", "D16", "D18", "E16", "E17"}
    assert names(ISRAEL, ISRAEL.neighbours(ISRAEL.parse("A1"))) == {"A2", "B1", "B2"}


def test_first_high_and_pointy_layouts() -> None:
    high = HexGrid("flat-top", "first-high", Axis(1, 10, 2), Axis(1, 10, 2))
    assert names(high, high.neighbours(high.parse("0505"))) == {
        "0504",
        "0506",
        "0404",
        "0405",
        "0604",
        "0605",
    }
    pointy = HexGrid("pointy-top", "first-left", Axis(1, 10, 2), Axis(1, 10, 2), "{column}{row}")
    assert names(pointy, pointy.neighbours(pointy.parse("0505"))) == {
        "0405",
        "0605",
        "0404",
        "0504",
        "0406",
        "0506",
    }


def test_directions() -> None:
    g13 = ISRAEL.parse("G13")
    assert ISRAEL.direction(g13, ISRAEL.parse("G12")) == "N"
    assert ISRAEL.direction(g13, ISRAEL.parse("H14")) == "SE"
    assert ISRAEL.direction(g13, ISRAEL.parse("G15")) is None


def test_ambiguous_numbering_is_refused() -> None:
    with pytest.raises(GridError):
        HexGrid("flat-top", "first-low", Axis(1, 30), Axis(1, 30))
    with pytest.raises(GridError):
        HexGrid("flat-top", "first-right", Axis("A", "C"), Axis(1, 3))


@given(st.integers(0, 12), st.integers(0, 17), st.integers(0, 12), st.integers(0, 17))
def test_distance_is_a_metric_matching_neighbours(c1: int, r1: int, c2: int, r2: int) -> None:
    a, b = Hex(c1, r1), Hex(c2, r2)
    assert ISRAEL.distance(a, b) == ISRAEL.distance(b, a)
    assert (ISRAEL.distance(a, b) == 0) == (a == b)
    assert ISRAEL.are_adjacent(a, b) == (b in ISRAEL.neighbours(a))
    assert ISRAEL.from_axial(*ISRAEL.to_axial(a)) == a


def test_equal_grids_share_one_table_of_ids_and_neighbours() -> None:
    """The many small test maps of one shape work out their IDs and neighbours once."""
    same = HexGrid("flat-top", "first-low", Axis("A", "M"), Axis(1, 18))
    labels = ISRAEL.neighbour_labels()
    assert same.neighbour_labels() is labels and len(labels) == 13 * 18
    for position in ISRAEL:
        expected = tuple(ISRAEL.hex_id(h) for h in ISRAEL.neighbours(position))
        assert labels[ISRAEL.hex_id(position)] == expected
    assert labels["C13"] == ("C12", "D13", "D14", "C14", "B14", "B13")
    assert ISRAEL.hex_id(Hex(13, 0)) == "N1"  # off the grid, still named (a line of sight may pass it)


LAYOUTS: list[tuple[Orientation, Stagger]] = [
    ("flat-top", "first-low"),
    ("flat-top", "first-high"),
    ("pointy-top", "first-left"),
    ("pointy-top", "first-right"),
]


@pytest.mark.parametrize(("orientation", "stagger"), LAYOUTS)
@pytest.mark.parametrize(("width", "height"), [(1, 1), (2, 3), (5, 4), (9, 12)])
def test_the_neighbour_table_agrees_with_the_axial_neighbours(
    orientation: Orientation, stagger: Stagger, width: int, height: int
) -> None:
    """The table is built from offsets by column or row parity; each hex's axial neighbours say
    what it must hold."""
    grid = HexGrid(orientation, stagger, Axis(1, width), Axis(1, height), "{column}.{row}")
    table = grid.neighbour_ids()
    assert set(table) == set(grid)
    for position in grid:
        assert table[position] == grid._neighbours_of(position)
