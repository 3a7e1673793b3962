"""`wgc grid fit` to a tenth of a pixel, and the pieces that keep it small on big maps.

The maps here are drawn from geometry, not with a drawing library: every pixel is the
share of its area (4 x 4 samples) that lies within half a wall's width of a hex wall, so
the hex centres are known exactly in pixel-centre coordinates, at any fraction of a
pixel. A grid whose hex size is a whole number of pixels (as VASSAL module makers draw
them) puts whole rows of pixels at the same place in every hex, which is the hard case
for a fold onto one cell.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from compiler.art.gridfit import fit as fit_module
from compiler.art.gridfit import lattice as lattice_module
from compiler.art.gridfit.fit import fit_grid
from compiler.art.gridfit.lattice import autocorrelation, edge_image
from compiler.art.gridfit.phase import lattice_coordinates
from compiler.cli.main import cli

SUPERSAMPLE = 4
WALL = 2.0  # pixels
DOT = 2.5  # the radius of the dot at each hex's centre, as many wargame maps print


def flat_top_map(
    origin: tuple[float, float], size: float, width: int = 320, height: int = 288
) -> tuple[Image.Image, np.ndarray]:
    """A flat-top hex grid with a hex centred at ``origin`` (pixel-centre coordinates), hexes
    ``size`` px across the flats, each hex filled with its own grey around a centre dot; and
    its centres. (Walls alone would be a honeycomb, whose vertices repeat at half the size.)"""
    across = size * math.sqrt(3) / 2
    k = SUPERSAMPLE
    xs = (np.arange(width * k) + 0.5) / k - 0.5
    ys = (np.arange(height * k) + 0.5) / k - 0.5
    gx, gy = np.meshgrid(xs, ys)
    column = (gx - origin[0]) / across
    distances, fills = [], []
    rng = np.random.default_rng(7)
    shades = rng.integers(150, 230, size=(64, 64))
    for dc in (-1, 0, 1, 2):
        c = np.floor(column) + dc
        low = np.where(c % 2 == 1, size / 2, 0.0)
        r = np.round((gy - origin[1] - low) / size)
        for dr in (-1, 0, 1):
            cx = origin[0] + c * across
            cy = origin[1] + (r + dr) * size + low
            distances.append(np.hypot(gx - cx, gy - cy))
            fills.append(shades[(c.astype(int) % 64), ((r + dr).astype(int) % 64)])
    stacked = np.stack(distances)
    order = np.argsort(stacked, axis=0)[:2]
    nearest = np.take_along_axis(stacked, order[:1], axis=0)[0]
    second = np.take_along_axis(stacked, order[1:2], axis=0)[0]
    wall = (second**2 - nearest**2) / (2 * size) < WALL / 2  # half the gap to the next centre's wall
    fill = np.take_along_axis(np.stack(fills), order[:1], axis=0)[0]
    big = np.where(wall | (nearest < DOT), 20.0, fill)
    small = big.reshape(height, k, width, k).mean(axis=(1, 3))
    centres = [
        (origin[0] + c * across, origin[1] + r * size + (size / 2 if c % 2 else 0.0))
        for c in range(-1, int(width / across) + 2)
        for r in range(-1, int(height / size) + 2)
    ]
    return Image.fromarray(small.astype(np.uint8)), np.array(centres)


def origin_error(image: Image.Image, centres: np.ndarray) -> float:
    """How far the fitted grid's hexes are from the drawn ones, the largest over the image."""
    fit = fit_grid(image)
    inside = centres[
        (centres[:, 0] > 10)
        & (centres[:, 0] < image.width - 10)
        & (centres[:, 1] > 10)
        & (centres[:, 1] < image.height - 10)
    ]
    lattice = fit.lattice
    s, t = lattice_coordinates(lattice.shape, inside[:, 0], inside[:, 1], lattice.origin)
    nearest = np.array([lattice.centre(round(a), round(b)) for a, b in zip(s, t, strict=True)])
    return float(np.hypot(*(nearest - inside).T).max())


@pytest.mark.parametrize("size", [32.0, 29.7])
@pytest.mark.parametrize(
    "origin", [(40.0, 40.0), (40.25, 40.5), (40.5, 40.75), (40.75, 40.25), (40.4, 40.85)]
)
def test_the_grid_is_found_to_a_tenth_of_a_pixel(origin: tuple[float, float], size: float) -> None:
    image, centres = flat_top_map(origin, size)
    assert origin_error(image, centres) < 0.1


def test_edges_worked_out_a_band_at_a_time_are_the_whole_image_edges(monkeypatch: pytest.MonkeyPatch) -> None:
    gray = np.asarray(Image.effect_noise((157, 203), 60), dtype=np.uint8)
    whole = edge_image(gray)
    monkeypatch.setattr(lattice_module, "BAND_ROWS", 17)
    banded = edge_image(gray)
    assert banded.dtype == np.float32
    assert np.array_equal(whole, banded)


def test_the_autocorrelation_is_one_at_no_shift_and_peaks_at_the_pattern_period() -> None:
    period = 16
    stripes = np.tile((np.arange(160) % period < 2).astype(np.float32) * 100, (120, 1))
    ac = autocorrelation(edge_image(stripes), reach=40)
    middle = ac.shape[0] // 2
    assert ac.shape == (2 * (40 + lattice_module.MARGIN) + 1,) * 2
    assert ac[middle, middle] == pytest.approx(1.0)
    row = ac[middle, middle : middle + 40]
    assert int(np.argmax(row[4:])) + 4 in (period, 2 * period)
    assert row[period] > row[period // 2] + 0.5


def test_a_big_scan_is_measured_within_the_working_pixel_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    assert fit_module.work_scale((2000, 1000), 32.0) == 1.0
    assert fit_module.work_scale((2000, 1000), 128.0) == pytest.approx(0.5)
    bounded = fit_module.work_scale((20_000, 15_000), 40.0)
    assert 20_000 * 15_000 * bounded**2 == pytest.approx(fit_module.WORK_PIXELS)
    image, centres = flat_top_map((40.25, 40.5), 32.0)
    monkeypatch.setattr(fit_module, "WORK_PIXELS", 50_000)  # the map is measured at 0.73 of its size
    assert fit_module.work_scale(image.size, 32.0) < 0.75
    assert origin_error(image, centres) < 0.15  # 0.42 when a side rounded to whole pixels was ignored


def test_the_command_says_where_the_first_hex_is_to_a_tenth_of_a_pixel(tmp_path: Path) -> None:
    image, _ = flat_top_map((40.25, 40.5), 32.0)
    image.save(tmp_path / "map.png")
    out = tmp_path / "registration.json"
    done = CliRunner().invoke(cli, ["grid", "fit", str(tmp_path / "map.png"), "-o", str(out)])
    assert done.exit_code == 0, done.output
    said = re.search(r"first hex centred at \((\d+\.\d), (\d+\.\d)\) px", done.output)
    assert said is not None, done.output
    first = json.loads(out.read_text())["image"]["first_hex"]
    assert math.dist((float(said[1]), float(said[2])), first) < 0.08
    assert (
        math.dist(first, (40.25 - 32.0 * math.sqrt(3) / 2, 40.5 - 16.0)) < 0.1
        or min(
            math.dist(
                first, (40.25 + i * 32.0 * math.sqrt(3) / 2, 40.5 + k * 32.0 + (16.0 if i % 2 else 0.0))
            )
            for i in range(-1, 2)
            for k in range(-2, 2)
        )
        < 0.1
    )
