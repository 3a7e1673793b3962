"""Where the hex centres are: the image folded onto one lattice cell, matched to hex walls.

Every pixel's edge strength is added into a bin of the unit cell by its position in
lattice coordinates, so the mean cell shows what all hexes share (their outlines)
sharply and what differs from hex to hex (terrain, names) as a blur. That mean cell,
matched against the walls of a hex centred at the cell's corner, says where the
centres lie; the mean cell is also the template each hex is matched with later.
"""

from __future__ import annotations

import math

import numpy as np

from compiler.art.gridfit.lattice import Array, NoGrid, Vector
from compiler.art.gridfit.shape import HexAxes

BINS = 96
ROWS_AT_A_TIME = 256
SPREAD_PX = 0.8  # pixels: a Gaussian's deviation; 0.5 left some grids 1 px off, 0.7 to 1.0 do not
WALL_PX = 2.0  # the narrowest wall template, pixels
# How far the best wall match must stand above the others (a z-score): random noise reached
# 3.6 (a third of noise images passed the 2.5 this once was), the faintest real board of
# bench/gridfit_modules.json 3.9 (Dreadball's Coliseum), wgc's own scanned boards 4.2 and more.
MIN_CLARITY = 3.75
FOLD_PIXELS = 4_000_000  # a larger image is folded from every n-th pixel of every n-th row


def lattice_coordinates(shape: HexAxes, xs: Array, ys: Array, origin: Vector) -> tuple[Array, Array]:
    """(s, t) with point = origin + s * step + t * axis."""
    (sx, sy), (ax, ay) = shape.step, shape.axis
    det = sx * ay - sy * ax
    dx, dy = xs - origin[0], ys - origin[1]
    return (dx * ay - dy * ax) / det, (sx * dy - sy * dx) / det


def fold(edges: Array, shape: HexAxes, origin: Vector = (0.0, 0.0), spread: float = SPREAD_PX) -> Array:
    """The mean edge strength over the image, by position in the lattice cell (BINS x BINS);
    a band of rows at a time, so memory stays a few times the image's own. Each pixel counts
    for the bins within about SPREAD_PX of it (``_blurred``): when the hex size is a whole
    number of pixels, the pixels fall on a few places in the cell only, and a plain
    histogram's empty and half-filled bins moved the centres found by up to half a pixel."""
    height, width = edges.shape
    total = np.zeros(BINS * BINS)
    count = np.zeros(BINS * BINS)
    stride = max(1, math.isqrt(height * width // FOLD_PIXELS))  # every pixel of a small image
    xs = np.arange(0, width, stride, dtype=float)
    for top in range(0, height, ROWS_AT_A_TIME * stride):
        rows = np.arange(top, min(height, top + ROWS_AT_A_TIME * stride), stride, dtype=float)
        gx, gy = np.meshgrid(xs, rows)
        s, t = lattice_coordinates(shape, gx, gy, origin)
        si = np.floor((s % 1.0) * BINS).astype(np.int64) % BINS
        ti = np.floor((t % 1.0) * BINS).astype(np.int64) % BINS
        index = (ti * BINS + si).ravel()
        values = edges[top : top + len(rows) * stride : stride, ::stride]
        total += np.bincount(index, weights=values.ravel(), minlength=BINS * BINS)
        count += np.bincount(index, minlength=BINS * BINS)
    kernel = _spread(shape, spread)
    mean: Array = _blurred(total, kernel) / np.maximum(_blurred(count, kernel), 1e-9)
    return mean


def _spread(shape: HexAxes, spread: float) -> Array:
    """A Gaussian of SPREAD_PX pixels along each lattice vector, over the cell's bins, as a spectrum."""
    bins = np.minimum(np.arange(BINS), BINS - np.arange(BINS))
    sigma_s = spread * BINS / math.hypot(*shape.step)
    sigma_t = spread * BINS / math.hypot(*shape.axis)
    kernel = np.outer(np.exp(-0.5 * (bins / sigma_t) ** 2), np.exp(-0.5 * (bins / sigma_s) ** 2))
    spectrum: Array = np.fft.rfft2(kernel / kernel.sum())
    return spectrum


def _blurred(values: Array, spread: Array) -> Array:
    """The bins blurred round the cell (a normalised convolution: a pixel whose lattice happens
    to fall on the pixel grid leaves whole rows of bins empty, and the mean of blurred sums over
    blurred counts fills them without moving anything)."""
    result: Array = np.fft.irfft2(np.fft.rfft2(values.reshape(BINS, BINS)) * spread, s=(BINS, BINS))
    return result


def wall_distance(shape: HexAxes, xs: Array, ys: Array) -> Array:
    """Distance from each point to the nearest wall of the hexes centred on the lattice points."""
    s, t = lattice_coordinates(shape, xs, ys, (0.0, 0.0))
    base_s, base_t = np.floor(s), np.floor(t)
    distances = []
    for ds in (-1, 0, 1, 2):
        for dt in (-1, 0, 1, 2):
            cs, ct = base_s + ds, base_t + dt
            cx = cs * shape.step[0] + ct * shape.axis[0]
            cy = cs * shape.step[1] + ct * shape.axis[1]
            distances.append((xs - cx) ** 2 + (ys - cy) ** 2)
    stacked = np.sort(np.stack(distances), axis=0)
    nearest, second = stacked[0], stacked[1]
    spacing = min(shape.hex_size, math.hypot(*shape.step))
    result: Array = (second - nearest) / (2 * spacing)
    return result


def wall_template(shape: HexAxes, width: float) -> Array:
    """Hex walls drawn ``width`` pixels wide in the BINS x BINS cell (a centre at bin (0, 0))."""
    fs = (np.arange(BINS) + 0.5) / BINS
    s, t = np.meshgrid(fs, fs)
    xs = s * shape.step[0] + t * shape.axis[0]
    ys = s * shape.step[1] + t * shape.axis[1]
    template: Array = np.exp(-0.5 * (wall_distance(shape, xs, ys) / width) ** 2)
    return template


def centre_offset(mean_cell: Array, shape: HexAxes) -> tuple[Vector, float]:
    """``wall_match``, refused (NoGrid) when the walls do not stand out MIN_CLARITY clearly."""
    found, clarity = wall_match(mean_cell, shape)
    if clarity < MIN_CLARITY:
        raise NoGrid("the repeating pattern has no hex outlines (nothing like hex walls repeats)")
    return found, clarity


def wall_match(mean_cell: Array, shape: HexAxes) -> tuple[Vector, float]:
    """Where in the cell the hex centres lie, as a point, and how clearly (a z-score). The walls
    are matched as 2 px wide at least: a drawn line's edges are two ridges, one each side of
    it, and a narrower template fits either ridge about as well, which left the centres
    found up to 0.6 px off on clean walls 2 px wide."""
    template = wall_template(shape, max(WALL_PX, shape.hex_size * 0.03))
    cell = mean_cell - mean_cell.mean()
    wall = template - template.mean()
    corr = np.real(np.fft.ifft2(np.fft.fft2(cell) * np.conj(np.fft.fft2(wall))))
    t_index, s_index = np.unravel_index(int(np.argmax(corr)), corr.shape)
    spread = float(corr.std()) or 1.0
    clarity = float((corr[t_index, s_index] - corr.mean()) / spread)
    ds = _wrapped_parabola(corr[t_index, :], int(s_index))
    dt = _wrapped_parabola(corr[:, s_index], int(t_index))
    s = (s_index + ds) / BINS
    t = (t_index + dt) / BINS
    x = s * shape.step[0] + t * shape.axis[0]
    y = s * shape.step[1] + t * shape.axis[1]
    return (float(x), float(y)), clarity


def _wrapped_parabola(values: Array, i: int) -> float:
    n = len(values)
    minus, centre, plus = values[(i - 1) % n], values[i], values[(i + 1) % n]
    bend = minus - 2 * centre + plus
    return 0.0 if bend >= 0 else float(0.5 * (minus - plus) / bend)


def symmetry_offset(mean_cell: Array, shape: HexAxes) -> Vector:
    """How far the point about which the mean cell is most nearly symmetric lies from the cell's
    corner (a point; the cell folded with a hex centre at its corner). A hex and its walls look
    the same turned half a turn about its centre; names and symbols in one corner of every hex
    do not, and do not pull the answer the way matching walls alone can."""
    spectrum = np.fft.fft2(mean_cell - mean_cell.mean())
    doubled = np.fft.fftshift(np.real(np.fft.ifft2(spectrum * spectrum)))  # peaks at twice the centre
    middle = BINS // 2
    window = doubled[middle - 4 : middle + 5, middle - 4 : middle + 5]
    t_found, s_found = np.unravel_index(int(np.argmax(window)), window.shape)
    t_index, s_index = int(t_found) + middle - 4, int(s_found) + middle - 4
    # bin i holds the cell from i/BINS to (i+1)/BINS: two bins' middles add up to one bin more
    ds = s_index - middle + 1 + _wrapped_parabola(doubled[t_index, :], s_index)
    dt = t_index - middle + 1 + _wrapped_parabola(doubled[:, s_index], t_index)
    s, t = ds / 2 / BINS, dt / 2 / BINS
    return (
        float(s * shape.step[0] + t * shape.axis[0]),
        float(s * shape.step[1] + t * shape.axis[1]),
    )
