"""`wgc grid fit` numbers the grid from the first hex the art draws (issue 30, item 4).

A board drawn with a margin, a title band above it, or cut through its edge hexes: the lattice
goes on into the margin, and numbering from the lattice points there put every piece a column
and half a row off the art. The boards are drawn by tests/hex_boards.py, which knows every
hex's centre; so does wgc's own board of every hex game in source_data (drawn with its
margins, title, terrain key and tables round the hexes). Public modules' boards, which
cannot be kept here, are measured by bench/gridfit_accuracy.py (docs/art.md).
"""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from compiler.art.gridfit import cli as gridfit_cli
from compiler.art.gridfit.fit import fit_grid
from compiler.art.gridfit.lattice import NoGrid
from compiler.art.gridfit.registration import numbered, registration
from compiler.cli.main import cli
from compiler.pipeline import validate_game
from compiler.render.board import render_board
from rules_engine.geometry import Hex

from .conftest import HEX_GAMES, SOURCE_DATA
from .hex_boards import Board, draw_board

LAYOUTS = {
    "a margin and a title band": {"margin": (60, 140, 60, 60)},
    "a wide margin all round": {"margin": (150, 200, 150, 150)},
    "no margin": {"margin": (0, 0, 0, 0), "title": None},
    "cut through its edge hexes": {"margin": (0, 0, 0, 0), "title": None, "cut": (20, 15, 25, 10)},
}


# Mostly sea drawn as a repeating wave pattern round a narrow strip of hexes: the fit takes
# the waves for a square grid (as it did before numbering changed; docs/art.md)
REFUSED = {"israel1948"}


def _registered(board: Board) -> dict[str, object]:
    return registration(fit_grid(board.image), "art/map.png")


@pytest.mark.parametrize("flat", [True, False], ids=["flat-top", "pointy-top"])
@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_the_grid_is_numbered_from_the_first_hex_the_art_draws(layout: str, flat: bool) -> None:
    board = draw_board(flat=flat, **LAYOUTS[layout])  # type: ignore[arg-type]
    found = _registered(board)
    grid, image = found["grid"], found["image"]
    assert isinstance(grid, dict) and isinstance(image, dict)
    assert (grid["columns"]["to"], grid["rows"]["to"]) == (10, 8)
    assert math.dist(image["first_hex"], board.centres[(1, 1)]) < 1.0
    second = board.centres[(2, 1)] if flat else board.centres[(1, 2)]
    lower = second[1] > board.centres[(1, 1)][1] if flat else second[0] > board.centres[(1, 1)][0]
    expected = (
        ("first-high" if lower else "first-low") if flat else ("first-left" if lower else "first-right")
    )
    assert grid["stagger"] == expected


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_every_hex_drawn_is_numbered_and_nothing_else(layout: str) -> None:
    board = draw_board(**LAYOUTS[layout])  # type: ignore[arg-type]
    fit = fit_grid(board.image)
    centres = [fit.lattice.centre(*ik) for ik in numbered(fit)]
    truth = list(board.centres.values())
    assert len(centres) == len(truth) == 80
    assert all(min(math.dist(c, t) for t in truth) < 1.5 for c in centres)


def test_hexes_the_image_edge_cuts_are_counted_and_whole_ones_are_not() -> None:
    cut = _registered(draw_board(**LAYOUTS["cut through its edge hexes"]))["fit"]  # type: ignore[arg-type]
    whole = _registered(draw_board(**LAYOUTS["no margin"]))["fit"]  # type: ignore[arg-type]
    assert isinstance(cut, dict) and isinstance(whole, dict)
    # the first and last columns, and the hexes at the top and bottom ends of the others
    assert cut["cut_hexes"] == 24 and 0.55 < cut["least_part_drawn"] < 0.7
    assert "cut_hexes" not in whole  # the notches between edge hexes are not hexes
    assert cut["hexes_numbered"] == whole["hexes_numbered"] == 80


def test_the_command_warns_of_hexes_the_edge_cuts(tmp_path: Path) -> None:
    draw_board(**LAYOUTS["cut through its edge hexes"]).image.save(tmp_path / "map.png")  # type: ignore[arg-type]
    done = CliRunner().invoke(cli, ["grid", "fit", str(tmp_path / "map.png")])
    assert done.exit_code == 0, done.output
    assert "10 columns x 8 rows of the hexes the art draws" in done.output
    assert "warning: the image's edge cuts 24 of the hexes numbered" in done.output
    draw_board().image.save(tmp_path / "margin.png")
    quiet = CliRunner().invoke(cli, ["grid", "fit", str(tmp_path / "margin.png"), "--format", "json"])
    assert json.loads(quiet.output)["grid"]["columns"]["to"] == 10 and "warning" not in quiet.output


@pytest.mark.parametrize("game", HEX_GAMES)
def test_wgc_own_board_of_every_hex_game_is_numbered_as_the_game_numbers_it(game: str) -> None:
    """The board wgc draws puts the hexes inside margins, under a title band and beside the
    terrain key and tables: the fitted grid must count the game's columns and rows and put
    hex 1 of column 1 on the game's first hex."""
    definition = validate_game(SOURCE_DATA / game, run_replays=False).valid
    assert definition is not None and definition.board.grid is not None
    art = render_board(definition, 100)
    if game in REFUSED:
        with pytest.raises(NoGrid):
            fit_grid(art.image)
        return
    found = registration(fit_grid(art.image), "art/map.png")
    grid = definition.board.grid
    assert (found["grid"]["columns"]["to"], found["grid"]["rows"]["to"]) == (
        grid.columns.size,
        grid.rows.size,
    )
    assert found["grid"]["stagger"] == grid.stagger
    first = art.space_centres[grid.hex_id(Hex(0, 0))]
    assert math.dist(found["image"]["first_hex"], first) < 1.0
    assert "cut_hexes" not in found["fit"]


def test_the_command_warns_when_the_walls_are_too_faint_to_tell_the_margin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dreadball's Coliseum (dark red walls on dark grey, clarity 3.9) was numbered with a row
    of its margin: a fit that faint says the numbering needs checking."""
    draw_board().image.save(tmp_path / "map.png")
    clear = CliRunner().invoke(cli, ["grid", "fit", str(tmp_path / "map.png")])
    assert clear.exit_code == 0 and "faintly" not in clear.output
    fitted = fit_grid(Image.open(tmp_path / "map.png"))
    monkeypatch.setattr(gridfit_cli, "fit_grid", lambda image: dataclasses.replace(fitted, clarity=3.9))
    faint = CliRunner().invoke(cli, ["grid", "fit", str(tmp_path / "map.png")])
    assert faint.exit_code == 0, faint.output
    assert "warning: the hex walls stand out faintly from the art (clarity 3.9" in faint.output
    assert "check that hex 0101 is the art's first" in faint.output
