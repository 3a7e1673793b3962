"""The bleed of print sheets: each face's ground carried past its cut line, on by default,
`wgc sheets --no-bleed` to turn it off, and backs that still land behind their fronts."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from PIL import Image

from compiler.cli import main as cli_main
from compiler.presentation.colours import NAMED, keyline_for, rgb
from compiler.presentation.units import to_pixels
from compiler.render.counters import CounterPainter
from compiler.render.sheets import (
    CROP_GAP_IN,
    CROP_LENGTH_IN,
    PRINT_BLEED_IN,
    SheetPages,
    SheetSpec,
    grid_for,
    render_counter_sheets,
)
from rules_engine.definitions import Counter, ValidGame

from .conftest import GAMES, shipped

HALF_MM_IN = 0.5 / 25.4
CUT_GREY = rgb("#9a9a9a")


@cache
def sheets(game: str, bleed: float = PRINT_BLEED_IN) -> SheetPages:
    return render_counter_sheets(shipped(game), SheetSpec(dpi=300, bleed=bleed))


def _ground(definition: ValidGame, counter: Counter, face: str) -> set[tuple[int, int, int]]:
    """The colours a face may carry into its bleed: its background, and a bar or band printed
    edge to edge with its keylines."""
    painter = CounterPainter(definition)
    art = painter._art(counter, dict(painter.faces(counter))[face], face)
    colours = {rgb(art.background)}
    if art.face.damaged:
        colours |= {rgb("#d0202a"), rgb(keyline_for(art.background))}
    if art.face.no_zoc_band:
        colours |= {rgb(NAMED[art.face.no_zoc_band]), rgb(keyline_for(NAMED[art.face.no_zoc_band]))}
    if art.side_band:
        colours.add(rgb(art.side_band))
    return colours


def _near(pixel: tuple[int, ...], colours: set[tuple[int, int, int]]) -> bool:
    return any(sum(abs(a - b) for a, b in zip(pixel[:3], c, strict=True)) <= 40 for c in colours)


def test_print_sheets_have_a_bleed_by_default() -> None:
    spec = SheetSpec()
    assert spec.bleed == PRINT_BLEED_IN == 1 / 16
    assert spec.cell_px == spec.counter_px + 2 * 19  # 1/16 in at 300 dpi on each side


def test_no_bleed_turns_it_off_and_bleed_sets_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`wgc sheets` asks for the bleed unless --no-bleed is given; --bleed sets its width."""
    asked: list[SheetSpec] = []

    def capture(game_dirs: Any, targets: Any, output: Any, output_format: Any, **options: Any) -> int:
        asked.append(options["sheet_spec"])
        return 0

    monkeypatch.setattr(cli_main, "_run_build", capture)
    runner = CliRunner()
    game = "source_data/israel1948"
    for extra in ([], ["--no-bleed"], ["--bleed", "1/8in"], ["--bleed", "1/8in", "--no-bleed"]):
        result = runner.invoke(cli_main.cli, ["sheets", game, "-o", str(tmp_path), *extra])
        assert result.exit_code == 0, result.output
    assert [spec.bleed for spec in asked] == [PRINT_BLEED_IN, 0.0, 0.125, 0.0]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("side", ["front", "back"])
def test_the_ground_runs_on_past_every_cut_line(game: str, side: str) -> None:
    """Between a piece's cut line and its cell's edge lies only what the face prints at its
    edge: its background, or a bar or band carried edge to edge; never the white of the paper
    (on the back pages too, where the pieces are mirrored)."""
    pages = sheets(game)
    definition = shipped(game)
    spec, grid = pages.spec, pages.grid
    bleed, size = spec.bleed_px, spec.counter_px
    page = pages.page(0, side)
    place = grid.front if side == "front" else grid.back
    checked = 0
    for placement in pages.placements:
        if placement.sheet != 0:
            continue
        x, y = place(placement.column, placement.row)
        ground = _ground(definition, *placement.item.thing.shown(side))
        strips = [(x + i, y + j) for i in range(1, bleed - 1) for j in range(bleed + 3, bleed + size - 3)]
        strips += [
            (x + bleed + size + 1 + i, y + j)
            for i in range(bleed - 2)
            for j in range(bleed + 3, bleed + size - 3)
        ]
        strips += [(x + i, y + j) for i in range(bleed + 3, bleed + size - 3) for j in range(1, bleed - 1)]
        stray = {page.getpixel(point) for point in strips[::7]}
        stray = {pixel for pixel in stray if not _near(pixel, ground)}  # type: ignore[arg-type]
        assert not stray, (placement.item.key, side, sorted(stray)[:3])  # type: ignore[type-var]
        checked += 1
    assert checked > 20


def _cut_columns(page: Image.Image, y: int) -> list[int]:
    return [x for x in range(page.width) if page.getpixel((x, y))[:3] == CUT_GREY]  # type: ignore[index]


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("size", [0.5, 0.625, 16 / 25.4, 0.75])
@pytest.mark.parametrize("bleed", [PRINT_BLEED_IN, 0.0])
def test_backs_line_up_within_half_a_millimetre(paper: str, size: float, bleed: float) -> None:
    """Turned on the long edge, every back's cell and cut lines lie over its front's, within
    half a millimetre, whatever the paper, counter size and bleed."""
    spec = SheetSpec(paper=paper, counter=size, dpi=300, bleed=bleed)
    grid = grid_for(spec)
    width = spec.page_px[0]
    tolerance = to_pixels(HALF_MM_IN, spec.dpi)
    for column in range(grid.columns):
        for row in (0, grid.rows - 1):
            fx, fy = grid.front(column, row)
            bx, by = grid.back(column, row)
            assert abs((fx + grid.cell_width / 2) - (width - (bx + grid.cell_width / 2))) <= tolerance
            assert fy == by


def test_cut_lines_on_the_back_page_lie_over_the_fronts() -> None:
    pages = sheets("israel1948")
    front, back = pages.page(0, "front"), pages.page(0, "back")
    y = pages.grid.top - to_pixels(CROP_GAP_IN + CROP_LENGTH_IN / 2, 300)  # the crop marks above the pieces
    tolerance = to_pixels(HALF_MM_IN, 300)
    fronts = _cut_columns(front, y)
    mirrored = sorted(front.width - 1 - x for x in _cut_columns(back, y))
    assert len(fronts) == len(mirrored) > 10
    assert all(abs(a - b) <= tolerance for a, b in zip(fronts, mirrored, strict=True))
