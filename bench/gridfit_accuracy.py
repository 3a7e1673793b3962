"""How far `wgc grid fit` lands from VASSAL modules' own hex grids, map by map.

    .venv/bin/python bench/gridfit_accuracy.py IMAGES_FOLDER [--table bench/gridfit_modules.json]

For each board listed in the table (a public module's board image and the HexGrid its
buildFile gives it), the image is fitted and every hex centre of the module's grid that
lies on the image is compared with the nearest centre of the fitted grid. Printed per
map: the fitted hex size and column step beside the module's, the largest and the root
mean square distance between the two grids' centres, the fit's own residual, the time.
The module's centres are its grid's exact ones (dx * column + x0 ...), before VASSAL
rounds them to whole pixels.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.art.gridfit.fit import GridFit, fit_grid  # noqa: E402
from compiler.art.gridfit.lattice import NoGrid, edge_image  # noqa: E402
from compiler.art.gridfit.phase import lattice_coordinates  # noqa: E402
from compiler.art.gridfit.refine import measure  # noqa: E402


def module_centres(grid: dict[str, float], width: int, height: int) -> np.ndarray:
    """Every centre of a VASSAL HexGrid on a width x height board (FORMAT.md 6.1, unrounded)."""
    dx, dy, x0, y0 = grid["dx"], grid["dy"], grid["x0"], grid["y0"]
    sideways = bool(grid["sideways"])
    u_extent, v_extent = (height, width) if sideways else (width, height)
    points = []
    for nx in range(math.floor(-x0 / dx) - 1, math.ceil((u_extent - x0) / dx) + 2):
        for ny in range(math.floor(-y0 / dy) - 2, math.ceil((v_extent - y0) / dy) + 2):
            u = dx * nx + x0
            v = dy * ny + y0 + (dy / 2 if nx % 2 else 0.0)
            x, y = (v, u) if sideways else (u, v)
            if 0 <= x < width and 0 <= y < height:
                points.append((x, y))
    return np.array(points)


def distances(fit: GridFit, points: np.ndarray) -> np.ndarray:
    lattice = fit.lattice
    s, t = lattice_coordinates(lattice.shape, points[:, 0], points[:, 1], lattice.origin)
    nearest = np.array([lattice.centre(round(a), round(b)) for a, b in zip(s, t, strict=True)])
    return np.hypot(*(nearest - points).T)


def module_nearest(grid: dict[str, float], points: np.ndarray) -> np.ndarray:
    """The module grid's nearest centre to each point (its raw column, then row, FORMAT.md 6.2)."""
    dx, dy, x0, y0 = grid["dx"], grid["dy"], grid["x0"], grid["y0"]
    u, v = (points[:, 1], points[:, 0]) if grid["sideways"] else (points[:, 0], points[:, 1])
    best = None
    for shift in (-1, 0, 1):
        nx = np.round((u - x0) / dx) + shift
        odd = (nx % 2) != 0
        ny = np.round((v - y0 - np.where(odd, dy / 2, 0.0)) / dy)
        cu, cv = dx * nx + x0, dy * ny + y0 + np.where(odd, dy / 2, 0.0)
        centres = np.column_stack([cv, cu]) if grid["sideways"] else np.column_stack([cu, cv])
        if best is None:
            best = centres
        else:
            closer = np.hypot(*(centres - points).T) < np.hypot(*(best - points).T)
            best[closer] = centres[closer]
    assert best is not None
    return best


def measured_hexes(image: Image.Image, fit: GridFit) -> np.ndarray:
    """The hexes as measured one by one on the full image (the fit's own last step)."""
    edges = edge_image(np.asarray(image.convert("L"), dtype=np.float32))
    _, centres = measure(edges, fit.lattice, max(2.0, 0.05 * fit.shape.hex_size))
    return centres


def row(entry: dict[str, object], folder: Path) -> str:
    image = Image.open(folder / str(entry["image"]))
    grid = entry["grid"]
    assert isinstance(grid, dict)
    start = time.perf_counter()
    try:
        fit = fit_grid(image)
    except NoGrid as exc:
        return f"| {entry['module']} | {image.width}x{image.height} | refused: {exc} | | | | | |"
    seconds = time.perf_counter() - start
    found = distances(fit, module_centres(grid, image.width, image.height))
    hexes = measured_hexes(image, fit)
    against_art = np.hypot(*(module_nearest(grid, hexes) - hexes).T)
    size, across = grid["dy"], grid["dx"]  # VASSAL calls the spacing within a column (row) dy
    shape = fit.shape
    return (
        f"| {entry['module']} | {image.width}x{image.height} | {shape.orientation}, "
        f"{shape.hex_size:.2f} / {shape.across:.2f} (module {size:.2f} / {across:.2f}), "
        f"turned {shape.rotation:+.2f} deg | {found.max():.2f} | {math.sqrt(float(np.mean(found**2))):.2f} "
        f"| {fit.lattice.residual:.2f} ({fit.lattice.hexes} hexes) "
        f"| {against_art.max():.2f} / {math.sqrt(float(np.mean(against_art**2))):.2f} | {seconds:.1f} s |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("images", type=Path)
    parser.add_argument("--table", type=Path, default=ROOT / "bench" / "gridfit_modules.json")
    args = parser.parse_args()
    boards = json.loads(args.table.read_text())["boards"]
    print(
        "| board | pixels | fitted hex size / column step | max px | RMS px | fit residual px "
        "| module grid vs hexes measured, max / RMS px | time |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for entry in boards:
        print(row(entry, args.images), flush=True)


if __name__ == "__main__":
    main()
