"""`wgc slice`: a counter sheet cut into faces, fronts paired with their mirrored backs.

The sheets are tests/art_game's (drawn by make_art.py with a known layout and softened as
a scanner would): each cut face must be the face that was put there, and each back the
back of the same counter.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from compiler.art.slicing import NoSheetGrid, SheetGrid, find_sheet_grid, slice_sheets
from compiler.cli.main import cli

ART_GAME = Path(__file__).resolve().parent / "art_game"
sys.path.insert(0, str(ART_GAME))
import make_art  # noqa: E402

FRONT, BACK = ART_GAME / "art" / "sheet-front.png", ART_GAME / "art" / "sheet-back.png"


def close(a: Image.Image, b: Image.Image) -> bool:
    """The same picture, but for the scanner's softening at the edges."""
    size = (min(a.width, b.width), min(a.height, b.height))
    diff = np.abs(np.asarray(a.crop((0, 0, *size)), float) - np.asarray(b.crop((0, 0, *size)), float))
    return float(diff[2:-2, 2:-2].mean()) < 10.0


def test_the_sheet_grid_is_found_from_its_gutters() -> None:
    grid = find_sheet_grid(Image.open(FRONT))
    assert (grid.columns, grid.rows) == make_art.SHEET_GRID
    assert grid.pitch == pytest.approx(make_art.SHEET_PITCH, abs=1)
    assert grid.origin == pytest.approx(make_art.SHEET_ORIGIN, abs=1.5)
    assert abs(grid.size[0] - make_art.FACE) <= 2


def test_each_front_gets_its_own_back() -> None:
    front, back = Image.open(FRONT), Image.open(BACK)
    faces = slice_sheets(front, back, find_sheet_grid(front), find_sheet_grid(back))
    assert [(f.row, f.column) for f in faces] == [(0, 0), (0, 1), (0, 2), (1, 0)]  # the blanks are skipped
    north = faces[0]
    expected_front = Image.open(ART_GAME / "art" / "north-1-front.png").convert("RGB")
    expected_back = Image.open(ART_GAME / "art" / "north-1-back.png").convert("RGB")
    left, top = 1, 1  # the found face includes a pixel of softened edge
    assert north.back is not None
    assert close(north.front.crop((left, top, left + 100, top + 100)), expected_front)
    assert close(north.back.crop((left, top, left + 100, top + 100)), expected_back)
    tank_back = Image.open(ART_GAME / "art" / "north-tank-back.png").convert("RGB")
    assert not close(north.back.crop((left, top, left + 100, top + 100)), tank_back)
    assert all(f.back is not None and f.back.size == f.front.size for f in faces)


def test_a_short_edge_flip_pairs_rows_instead() -> None:
    front = Image.open(FRONT)
    grid = find_sheet_grid(front)
    flipped = front.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    faces = slice_sheets(front, flipped, grid, find_sheet_grid(flipped), flip="short")
    assert faces[0].back is not None
    assert close(faces[0].back.transpose(Image.Transpose.FLIP_TOP_BOTTOM), faces[0].front)


def test_a_sheet_without_gutters_asks_for_its_grid() -> None:
    with pytest.raises(NoSheetGrid) as caught:
        find_sheet_grid(Image.effect_noise((300, 300), 90).convert("RGB"))
    assert "--grid" in caught.value.hint


def test_the_command_writes_faces_and_a_counters_skeleton(tmp_path: Path) -> None:
    out = tmp_path / "counters"
    done = CliRunner().invoke(
        cli, ["slice", str(FRONT), "--back", str(BACK), "-o", str(out), "--prefix", "unit"]
    )
    assert done.exit_code == 0, done.output
    skeleton = json.loads((out / "counters.json").read_text())
    first = skeleton["counters"][0]
    assert first["id"] == "unit-0101" and first["front"]["image"] == "art/counters/unit-0101-front.png"
    assert (out / "unit-0101-back.png").is_file() and len(skeleton["counters"]) == 4


def test_the_command_takes_a_given_grid_and_refuses_half_a_grid(tmp_path: Path) -> None:
    runner = CliRunner()
    given = ["--grid", "3x2", "--origin", "40,60", "--pitch", "112,112", "--size", "100,100"]
    done = runner.invoke(cli, ["slice", str(FRONT), "-o", str(tmp_path / "a"), *given])
    assert done.exit_code == 0, done.output
    assert Image.open(tmp_path / "a" / "counter-0101-front.png").size == (100, 100)
    half = runner.invoke(cli, ["slice", str(FRONT), "-o", str(tmp_path / "b"), "--grid", "3x2"])
    assert half.exit_code == 2
    (tmp_path / "noise.png").write_bytes(b"not a png")
    broken = runner.invoke(cli, ["slice", str(tmp_path / "noise.png"), "-o", str(tmp_path / "c")])
    assert broken.exit_code == 1 and "Traceback" not in broken.output


def test_a_given_grid_cuts_where_it_says() -> None:
    grid = SheetGrid((40, 60), (112, 112), (100, 100), 3, 2)
    assert grid.box(2, 1) == (264, 172, 364, 272)
