"""How far `wgc grid fit` lands from VASSAL modules' own hex grids, map by map.

    .venv/bin/python bench/gridfit_accuracy.py [--mirror /work/.mirror] [--images FOLDER]
        [--table bench/gridfit_modules.json] [--only NAME] [--upscale FACTOR]

For each board listed in the table (a public module's board image and the HexGrid its
buildFile gives it) the image is read from a local snapshot of the module's repository
(``MIRROR/owner+name/repo``, a bare git directory, at the commit listed) or, failing that,
from ``--images``. Each board is fitted in a process of its own, so its time and memory
are its own. ``--upscale 1.6`` first enlarges every board (and its grid) 1.6 times, as a
finer scan of the same map would be: how time and memory grow with the scan.

Printed per map, all in the image's own pixels:
- the fitted grid against the module's: the largest and the root mean square distance
  from each centre of the module's grid on the image to the fitted grid's nearest centre
  (the module's centres are its exact ones, dx * column + x0 ..., before VASSAL rounds),
  and the mean of those offsets, the part that is the same everywhere (a module's
  whole-pixel origin, or its grid placed by eye, shows there);
- the fitted grid against the art's own hexes: every hex measured one by one on the full
  image (matched against the mean hex, to a fraction of a pixel);
- the module's grid against the same measured hexes: how far the module's grid is from
  its own art, whatever the fit does;
- both grids against the art's walls, measured with no template and no fit (``wall_centres``:
  the midpoints of the lines either side of each hex), the median over the hexes: a shift
  that the hexes measured against the mean hex cannot show, since they share it. Where the
  walls are plain lines on plain ground (The Longest Day) this is the art's own answer; on
  textured art (Dreadball's pitches) the lines found are partly texture;
- the numbering `wgc grid fit` gives (columns x rows from the first hex the art draws, where
  that first hex is, how many hexes the image's edge cuts) against the columns and rows the
  table says the art draws (``drawn``, counted on the image);
- the fit's time, and its peak resident memory: the fit's own (counted from just before
  the fit, the decoded image included), then the whole process's (reading and decoding
  the image, and enlarging it, included).
A board marked ``refuse`` (a HexGrid over an image with no hexes drawn) must be refused.
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import subprocess
import sys
import time
from io import BytesIO
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.art.gridfit.fit import GridFit, fit_grid  # noqa: E402
from compiler.art.gridfit.lattice import NoGrid, edge_image  # noqa: E402
from compiler.art.gridfit.phase import lattice_coordinates  # noqa: E402
from compiler.art.gridfit.refine import measure  # noqa: E402
from compiler.art.gridfit.registration import registration  # noqa: E402

Image.MAX_IMAGE_PIXELS = 200_000_000


def module_centres(grid: dict[str, Any], width: int, height: int) -> np.ndarray:
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


def offsets(fit: GridFit, points: np.ndarray) -> np.ndarray:
    """From each point to the fitted grid's nearest centre, as (dx, dy) vectors."""
    lattice = fit.lattice
    s, t = lattice_coordinates(lattice.shape, points[:, 0], points[:, 1], lattice.origin)
    nearest = np.array([lattice.centre(round(a), round(b)) for a, b in zip(s, t, strict=True)])
    result: np.ndarray = nearest - points
    return result


def distances(fit: GridFit, points: np.ndarray) -> np.ndarray:
    """From each point to the fitted grid's nearest centre."""
    result: np.ndarray = np.hypot(*offsets(fit, points).T)
    return result


def module_nearest(grid: dict[str, Any], points: np.ndarray) -> np.ndarray:
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


def measure_hexes(image: Image.Image, fit: GridFit) -> np.ndarray:
    """The hexes as measured one by one on the full image, around the fitted grid's centres."""
    edges = edge_image(np.asarray(image.convert("L"), dtype=np.float32))
    _, centres = measure(edges, fit.lattice, max(2.0, 0.05 * fit.shape.hex_size))
    return centres


def wall_centres(gray: np.ndarray, fit: GridFit, centres: np.ndarray) -> np.ndarray:
    """Each hex centre as its own walls put it, with no template and no fit: the midpoint of
    the two flat walls either side of it (along a column of flat-top hexes, a row of pointy-top
    ones), and across, the midpoint of the two slanted walls a quarter hex either side of the
    centre. A wall is where the line of pixels departs most from its median (dark or light
    lines alike), refined by the centroid of the five pixels about it. NaN where a wall is
    not found. Written for a grid that is not turned, as every module's is."""
    flat = fit.shape.orientation == "flat-top"
    image = gray if flat else gray.T
    points = centres if flat else centres[:, ::-1]
    size = fit.shape.hex_size
    found = np.full((len(points), 2), np.nan)
    for n, (cx, cy) in enumerate(points):
        along = _midpoint(image[:, round(cx) - 3 : round(cx) + 4].mean(axis=1), cy, size / 2)
        half = size / math.sqrt(3) - size / 4 / math.sqrt(3)  # centre to slanted wall, a quarter hex up
        rows = [round(cy + d) for d in (-size / 4, size / 4)]
        across = [_midpoint(image[r - 1 : r + 2, :].mean(axis=0), cx, half) for r in rows]
        found[n] = (np.mean(across), along)
    return found if flat else found[:, ::-1]


def _midpoint(profile: np.ndarray, centre: float, apart: float) -> float:
    """The midpoint of the two lines nearest centre - apart and centre + apart on a profile."""
    lines = []
    for target in (centre - apart, centre + apart):
        low, high = round(target) - 4, round(target) + 5
        if low < 2 or high > len(profile) - 2:
            return math.nan
        window = np.abs(profile[low - 2 : high + 2] - np.median(profile[low - 2 : high + 2]))
        peak = int(np.argmax(window[2:-2])) + 2
        weights = window[peak - 2 : peak + 3]
        if weights.max() < 8 or weights.sum() <= 0:
            return math.nan
        lines.append(low - 2 + peak + float((weights * np.arange(-2, 3)).sum() / weights.sum()))
    return (lines[0] + lines[1]) / 2


def median_offset(found: np.ndarray, reference: np.ndarray) -> str:
    """The median of found - reference, per axis, over the hexes whose walls were found."""
    ok = ~np.isnan(found).any(axis=1)
    if ok.sum() < 10:
        return "too few walls found"
    dx, dy = np.median(found[ok] - reference[ok], axis=0)
    return f"{dx:+.2f}, {dy:+.2f} ({int(ok.sum())} hexes)"


def read_image(entry: dict[str, Any], mirror: Path | None, images: Path | None) -> Image.Image:
    """The board image: from the repository's snapshot at the listed commit, else the folder."""
    if mirror is not None:
        git_dir = mirror / str(entry["repo"]).replace("/", "+") / "repo"
        if git_dir.is_dir():
            shown = subprocess.run(
                ["git", "--git-dir", str(git_dir), "show", f"{entry['commit']}:{entry['path']}"],
                capture_output=True,
                check=False,
            )
            if shown.returncode == 0:
                return Image.open(BytesIO(shown.stdout))
    if images is not None and (images / str(entry["image"])).is_file():
        return Image.open(images / str(entry["image"]))
    where = f"{entry['module']} ({entry['board']})"
    raise SystemExit(f"{where}: no image; fetch {entry['repo']} or give --images")


def peak_mb() -> float:
    """The process's peak resident memory (MB), the image's decoding included."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux gives KiB


def reset_peak() -> None:
    """Start counting the peak afresh (Linux: writing 5 to clear_refs resets VmHWM)."""
    Path("/proc/self/clear_refs").write_text("5")


def peak_since_reset_mb() -> float:
    """The peak resident memory (MB) since ``reset_peak``: the decoded image, held all along,
    and what the fit itself takes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def stats(values: np.ndarray) -> str:
    return f"{values.max():.2f} / {math.sqrt(float(np.mean(values**2))):.2f}"


def upscaled(image: Image.Image, grid: dict[str, Any], factor: float) -> tuple[Image.Image, dict[str, Any]]:
    """The board enlarged ``factor`` times (a finer scan of the same map) and its grid to match
    (a pixel centre p goes to (p + 0.5) * factor - 0.5)."""
    size = (round(image.width * factor), round(image.height * factor))
    bigger = image.convert("RGB").resize(size, Image.Resampling.BICUBIC)
    moved = {"x0": (grid["x0"] + 0.5) * factor - 0.5, "y0": (grid["y0"] + 0.5) * factor - 0.5}
    return bigger, grid | moved | {"dx": grid["dx"] * factor, "dy": grid["dy"] * factor}


def measure_one(
    entry: dict[str, Any], mirror: Path | None, images: Path | None, factor: float
) -> dict[str, Any]:
    """Fit one board and compare; run in a process of its own (``--one``)."""
    image = read_image(entry, mirror, images)
    image.load()
    grid = entry["grid"]
    if factor != 1.0:
        image, grid = upscaled(image, grid, factor)
    result: dict[str, Any] = {"size": f"{image.width}x{image.height}"}
    reset_peak()
    start = time.perf_counter()
    try:
        fit = fit_grid(image)
    except NoGrid as exc:
        result.update(refused=str(exc), seconds=time.perf_counter() - start)
        result.update(fit_mb=peak_since_reset_mb(), peak_mb=peak_mb())
        return result
    result.update(seconds=time.perf_counter() - start, fit_mb=peak_since_reset_mb(), peak_mb=peak_mb())
    shape = fit.shape
    result["shape"] = (
        f"{shape.orientation}, {shape.hex_size:.2f} / {shape.across:.2f} "
        f"(module {grid['dy']:.2f} / {grid['dx']:.2f}), turned {shape.rotation:+.2f} deg"
    )
    apart = offsets(fit, module_centres(grid, image.width, image.height))
    mean_x, mean_y = apart.mean(axis=0)
    result["vs_module"] = f"{stats(np.hypot(*apart.T))} | {mean_x:+.2f}, {mean_y:+.2f}"
    hexes = measure_hexes(image, fit)
    result["vs_art"] = stats(distances(fit, hexes))
    result["module_vs_art"] = stats(np.hypot(*(module_nearest(grid, hexes) - hexes).T))
    walls = wall_centres(np.asarray(image.convert("L"), dtype=np.float32), fit, hexes)
    from_fit = median_offset(walls, hexes + offsets(fit, hexes))
    result["walls"] = f"{from_fit} | {median_offset(walls, module_nearest(grid, hexes))}"
    result["residual"] = f"{fit.lattice.residual:.2f} ({fit.lattice.hexes} hexes)"
    result["numbered"] = numbering(fit, entry)
    return result


def numbering(fit: GridFit, entry: dict[str, Any]) -> str:
    """The grid `wgc grid fit` numbers, and whether it is the one the art draws."""
    found = registration(fit, str(entry["image"]))
    columns, rows = found["grid"]["columns"]["to"], found["grid"]["rows"]["to"]
    x, y = found["image"]["first_hex"]
    drawn = entry.get("drawn")
    verdict = (
        ""
        if drawn is None
        else (
            "as drawn"
            if (columns, rows) == (drawn["columns"], drawn["rows"])
            else f"DRAWN {drawn['columns']} x {drawn['rows']}"
        )
    )
    cut = found["fit"].get("cut_hexes", 0)
    return (
        f"{columns} x {rows}, {verdict}; first hex ({x:.0f}, {y:.0f}); {cut} cut; clarity {fit.clarity:.1f}"
    )


def row(entry: dict[str, Any], found: dict[str, Any]) -> str:
    name = f"| {entry['module']} | {entry['board']} | {found['size']} "
    cost = f"| {found['seconds']:.1f} s | {found['fit_mb']:.0f} MB ({found['peak_mb']:.0f} MB) |"
    if "refused" in found:
        verdict = "refused, as it should be" if entry.get("refuse") else "REFUSED"
        return name + f"| {verdict}: {found['refused']} | | | | | | | | | " + cost
    if entry.get("refuse"):
        return name + "| NOT REFUSED | | | | | | | | | " + cost
    return (
        name + f"| {found['shape']} | {found['vs_module']} | {found['walls']} | {found['vs_art']} "
        f"| {found['module_vs_art']} "
        f"| {found['residual']} | {found['numbered']} " + cost
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--images", type=Path)
    parser.add_argument("--table", type=Path, default=ROOT / "bench" / "gridfit_modules.json")
    parser.add_argument("--only", help="boards whose module or board name holds this text")
    parser.add_argument("--upscale", type=float, default=1.0, help="enlarge each board first (a finer scan)")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    boards = json.loads(args.table.read_text())["boards"]
    if args.one is not None:
        print(json.dumps(measure_one(boards[args.one], args.mirror, args.images, args.upscale)))
        return
    print(
        "| module | board | pixels | fitted hex size / column step | vs module grid, max / RMS px "
        "| of which the same everywhere (x, y) px | the art's walls - fit, median (x, y) px "
        "| the art's walls - module grid, median (x, y) px | vs the art's hexes, max / RMS px "
        "| module grid vs the art's hexes, max / RMS px | fit residual px "
        "| numbered: columns x rows, against the art's; first hex px; edge hexes cut | time "
        "| peak memory: fit (process) |"
    )
    print("| --- " * 14 + "|")
    for index, entry in enumerate(boards):
        if args.only and args.only.lower() not in f"{entry['module']} {entry['board']}".lower():
            continue
        command = [sys.executable, __file__, "--one", str(index), "--table", str(args.table)]
        command += ["--upscale", str(args.upscale)]
        command += ["--mirror", str(args.mirror)] + (["--images", str(args.images)] if args.images else [])
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            print(f"| {entry['module']} | {entry['board']} | failed: {done.stderr.strip()[-300:]} |")
            continue
        print(row(entry, json.loads(done.stdout)), flush=True)


if __name__ == "__main__":
    main()
