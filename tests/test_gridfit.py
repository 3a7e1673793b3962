"""`wgc grid fit`: the hex grid of a map image, checked against maps whose grid is known.

The known grids are the example's map (drawn by tests/art_game/make_art.py) and wgc's own
board for that game, drawn without the image and then "scanned": turned by under a
degree, blurred and saved as JPEG. Images with no hex grid must be refused. The
measurements on public VASSAL modules are bench/gridfit_accuracy.py's (docs/art.md).
"""

from __future__ import annotations

import io
import json
import math
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image, ImageDraw, ImageFilter

from compiler.art.gridfit.fit import GridFit, fit_grid
from compiler.art.gridfit.lattice import NoGrid
from compiler.art.gridfit.phase import lattice_coordinates
from compiler.art.gridfit.registration import registration
from compiler.cli.main import cli
from compiler.pipeline import validate_game
from compiler.render.board import render_board

ART_GAME = Path(__file__).resolve().parent / "art_game"
sys.path.insert(0, str(ART_GAME))
import make_art  # noqa: E402

MAP = ART_GAME / "art" / "map.png"


def errors(fit: GridFit, truth: np.ndarray) -> np.ndarray:
    """Distance from each known centre to the fitted grid's nearest centre."""
    lattice = fit.lattice
    s, t = lattice_coordinates(lattice.shape, truth[:, 0], truth[:, 1], lattice.origin)
    nearest = np.array([lattice.centre(round(a), round(b)) for a, b in zip(s, t, strict=True)])
    return np.hypot(*(nearest - truth).T)


def turned_points(points: np.ndarray, size: tuple[int, int], degrees: float) -> np.ndarray:
    cx, cy = size[0] / 2 - 0.5, size[1] / 2 - 0.5  # Pillow turns about the image's middle
    t = math.radians(degrees)
    x, y = points[:, 0] - cx, points[:, 1] - cy
    return np.column_stack([cx + x * math.cos(t) + y * math.sin(t), cy - x * math.sin(t) + y * math.cos(t)])


def scanned(image: Image.Image, degrees: float) -> Image.Image:
    turned = image.convert("RGB").rotate(degrees, resample=Image.Resampling.BICUBIC, fillcolor="white")
    out = io.BytesIO()
    turned.filter(ImageFilter.GaussianBlur(1.0)).save(out, "JPEG", quality=60)
    return Image.open(io.BytesIO(out.getvalue()))


def test_the_example_map_grid_is_found_within_a_pixel() -> None:
    fit = fit_grid(Image.open(MAP))
    truth = np.array([make_art.centre(h) for h in make_art.hex_ids()])
    assert fit.shape.orientation == "flat-top"
    assert errors(fit, truth).max() < 0.75
    assert fit.shape.hex_size == pytest.approx(make_art.HEX, abs=0.3)
    found = registration(fit, "art/map.png")
    assert found["grid"]["stagger"] == "first-low"
    assert (found["grid"]["columns"]["to"], found["grid"]["rows"]["to"]) == (8, 6)
    assert math.dist(found["image"]["first_hex"], make_art.FIRST) < 0.75
    assert found["fit"]["residual_px"] < 0.3


@pytest.fixture
def drawn_board(tmp_path: Path) -> Path:
    """The example game without its image: wgc draws the board itself."""
    target = tmp_path / "drawn"
    shutil.copytree(ART_GAME, target, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    data = json.loads((target / "map.json").read_text())
    del data["image"]
    (target / "map.json").write_text(json.dumps(data))
    return target


@pytest.mark.parametrize("orientation", ["flat-top", "pointy-top"])
def test_wgc_own_board_scanned_turned_blurred_and_jpeg_is_found_within_a_pixel(
    drawn_board: Path, orientation: str
) -> None:
    if orientation == "pointy-top":
        data = json.loads((drawn_board / "map.json").read_text())
        data["grid"].update(orientation="pointy-top", stagger="first-right")
        data["roads"] = []  # the road's hexes are not neighbours in the other orientation
        (drawn_board / "map.json").write_text(json.dumps(data))
    report = validate_game(drawn_board, run_replays=False)
    definition = report.valid
    assert definition is not None, [d.message for d in report.diagnostics if d.is_error]
    art = render_board(definition, 100)
    centres = np.array([art.space_centres[s] for s, space in definition.board.spaces.items() if space.hex])
    image = scanned(art.image, 0.7)
    fit = fit_grid(image)
    assert fit.shape.orientation == orientation
    assert fit.shape.rotation == pytest.approx(-0.7, abs=0.1)
    assert errors(fit, turned_points(centres, image.size, 0.7)).max() < 1.0


def square_grid() -> Image.Image:
    image = Image.new("RGB", (600, 600), "white")
    draw = ImageDraw.Draw(image)
    for i in range(0, 600, 50):
        draw.line((i, 0, i, 600), fill="black", width=2)
        draw.line((0, i, 600, i), fill="black", width=2)
    return image


@pytest.mark.parametrize(
    "image",
    [
        Image.new("RGB", (500, 400), "white"),
        Image.effect_noise((500, 400), 80).convert("RGB"),
        square_grid(),
        Image.open(ART_GAME / "art" / "card-back.png"),
        Image.open(ART_GAME / "art" / "sheet-front.png"),
    ],
    ids=["blank", "noise", "square-grid", "stripes", "counter-sheet"],
)
def test_an_image_without_a_hex_grid_is_refused(image: Image.Image) -> None:
    with pytest.raises(NoGrid):
        fit_grid(image)


@pytest.mark.parametrize("seed", range(12))
def test_random_noise_is_refused(seed: int) -> None:
    """Seeded noise of three sizes (Pillow's own noise follows the C library's rand(), so which
    image a test got depended on the tests before it; a third of them passed as hex grids)."""
    size = ((300, 300), (500, 400), (800, 600))[seed % 3]
    pixels = np.random.default_rng(seed).normal(128, 80, size[::-1]).clip(0, 255).astype(np.uint8)
    with pytest.raises(NoGrid):
        fit_grid(Image.fromarray(pixels).convert("RGB"))


def test_a_point_to_point_map_is_refused() -> None:
    lawrence = validate_game(
        Path(__file__).resolve().parent.parent / "source_data" / "lawrence", run_replays=False
    )
    assert lawrence.valid is not None
    with pytest.raises(NoGrid):
        fit_grid(render_board(lawrence.valid, 40).image)


def test_the_command_prints_the_registration_and_refuses_what_has_no_grid(tmp_path: Path) -> None:
    runner = CliRunner()
    done = runner.invoke(cli, ["grid", "fit", str(MAP), "--format", "json", "--name", "art/map.png"])
    assert done.exit_code == 0, done.output
    found = json.loads(done.output)
    assert found["image"]["file"] == "art/map.png" and found["grid"]["orientation"] == "flat-top"
    Image.effect_noise((300, 300), 80).convert("RGB").save(tmp_path / "noise.png")
    refused = runner.invoke(cli, ["grid", "fit", str(tmp_path / "noise.png")])
    assert refused.exit_code == 1 and "no regular hex grid" in refused.output
    (tmp_path / "bomb.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 40)
    broken = runner.invoke(cli, ["grid", "fit", str(tmp_path / "bomb.png")])
    assert broken.exit_code == 1 and "Traceback" not in broken.output


def test_a_slanted_scan_is_straightened_and_registered(tmp_path: Path) -> None:
    slanted = Image.open(MAP).convert("RGB").rotate(0.8, resample=Image.Resampling.BICUBIC, fillcolor="white")
    slanted.save(tmp_path / "slanted.png")
    runner = CliRunner()
    warned = runner.invoke(cli, ["grid", "fit", str(tmp_path / "slanted.png")])
    assert warned.exit_code == 0 and "--straighten" in warned.output
    straight = tmp_path / "straight.png"
    out = tmp_path / "registration.json"
    done = runner.invoke(
        cli, ["grid", "fit", str(tmp_path / "slanted.png"), "--straighten", str(straight), "-o", str(out)]
    )
    assert done.exit_code == 0, done.output
    found = json.loads(out.read_text())
    assert abs(found["fit"]["turned_degrees"]) < 0.05 and found["image"]["file"] == "straight.png"
    assert Image.open(straight).size == slanted.size
