"""The hex lattice that best explains the autocorrelation's peaks, by a search over hex grids.

A hex grid is known but for a few numbers: flat-top or pointy-top, its size across the
flats, how wide its columns are against that (a scan may stretch them a little) and how
far it is turned (a scan is rarely straight). Each such grid is scored by how much the
autocorrelation stands out (above its own blurred self) at the grid's lattice points;
among the grids that score nearly best, the finest is taken, since every coarser grid
made of its points (twice the size, or turned 30 degrees and sqrt(3) times as large)
scores as well.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from compiler.art.gridfit.lattice import Array, NoGrid
from compiler.art.gridfit.shape import HexAxes

STRETCH = np.arange(0.86, 1.145, 0.01)  # column step over a regular hex's
TURN = np.radians(np.arange(-3.0, 3.01, 0.5))
SIZE_STEP = 1.012  # sizes tried grow by this factor
NEAR_BEST = 0.75
INDEXES = [(n, m) for n, m in itertools.product(range(-2, 3), repeat=2) if (n, m) != (0, 0)]


def search(ac: Array, reach: int) -> HexAxes:
    """The finest hex grid whose lattice points are all peaks of the autocorrelation."""
    prominent = _high_pass(ac, reach)
    best: list[tuple[float, float, HexAxes]] = []
    for orientation in ("flat-top", "pointy-top"):
        for size in _sizes(reach):
            scores = _scores(prominent, reach, orientation, size)
            index = int(np.argmax(scores))
            stretch, turn = np.unravel_index(index, scores.shape)
            shape = _shape(orientation, size, float(STRETCH[stretch]), float(TURN[turn]))
            best.append((float(scores[stretch, turn]), _area(shape), shape))
    top = max((score for score, _, _ in best), default=0.0)
    if not top > 0.0:
        raise NoGrid("nothing in the image repeats like a hex grid")
    score, _, shape = min((item for item in best if item[0] >= NEAR_BEST * top), key=lambda item: item[1])
    if _between(prominent, reach, shape) >= HALF_ROW_SHARE * score:
        raise NoGrid(
            "the pattern repeats half a hex along its columns as well: a square grid or lines, not hexes"
        )
    return shape


HALF_ROW_SHARE = 0.6


def _between(prominent: Array, reach: int, shape: HexAxes) -> float:
    """Mean prominence half a hex along the columns from the lattice points: where a hex grid
    has hex walls' ends only, and a square grid or ruled lines has peaks as strong."""
    values = []
    for n, m in INDEXES:
        x = n * shape.step[0] + (m + 0.5) * shape.axis[0]
        y = n * shape.step[1] + (m + 0.5) * shape.axis[1]
        values.append(_bilinear(prominent, np.array([x + reach]), np.array([y + reach]))[0])
    return float(np.mean(values))


def _sizes(reach: int) -> list[float]:
    sizes, size = [], 10.0
    while size <= reach / 2.5:
        sizes.append(size)
        size *= SIZE_STEP
    return sizes


def _shape(orientation: str, size: float, stretch: float, turn: float) -> HexAxes:
    across = stretch * size * math.sqrt(3) / 2
    c, s = math.cos(turn), math.sin(turn)
    if orientation == "flat-top":
        axis, step = (0.0, size), (across, -size / 2)
    else:
        axis, step = (size, 0.0), (-size / 2, across)

    def turned(v: tuple[float, float]) -> tuple[float, float]:
        return v[0] * c - v[1] * s, v[0] * s + v[1] * c

    return HexAxes(orientation, turned(axis), turned(step))


def _area(shape: HexAxes) -> float:
    return abs(shape.axis[0] * shape.step[1] - shape.axis[1] * shape.step[0])


def _scores(prominent: Array, reach: int, orientation: str, size: float) -> Array:
    """Mean prominence at the lattice points, for every stretch and turn at this size."""
    across = STRETCH[:, None, None] * size * math.sqrt(3) / 2
    n = np.array([i for i, _ in INDEXES], dtype=float)[None, None, :]
    m = np.array([k for _, k in INDEXES], dtype=float)[None, None, :]
    if orientation == "flat-top":  # step (across, -size/2), axis (0, size)
        x, y = n * across, -n * size / 2 + m * size
    else:  # step (-size/2, across), axis (size, 0)
        x, y = -n * size / 2 + m * size, n * across
    c, s = np.cos(TURN)[None, :, None], np.sin(TURN)[None, :, None]
    px, py = x * c - y * s, x * s + y * c
    px, py = np.broadcast_arrays(px, py)
    values = _bilinear(prominent, px + reach, py + reach)
    result: Array = values.mean(axis=2)
    return result


def _bilinear(image: Array, x: Array, y: Array) -> Array:
    x = np.clip(x, 0, image.shape[1] - 1.001)
    y = np.clip(y, 0, image.shape[0] - 1.001)
    x0, y0 = np.floor(x).astype(int), np.floor(y).astype(int)
    fx, fy = x - x0, y - y0
    top = image[y0, x0] * (1 - fx) + image[y0, x0 + 1] * fx
    bottom = image[y0 + 1, x0] * (1 - fx) + image[y0 + 1, x0 + 1] * fx
    result: Array = top * (1 - fy) + bottom * fy
    return result


def _high_pass(ac: Array, reach: int) -> Array:
    """The autocorrelation within reach, less its blurred self: peaks stand out, slopes do not."""
    h, w = (size // 2 for size in ac.shape)
    window = ac[h - reach : h + reach + 1, w - reach : w + reach + 1]
    blurred = _blur(window, 4)
    result: Array = window - blurred
    return result


def _blur(image: Array, radius: int) -> Array:
    kernel = np.exp(-0.5 * (np.arange(-3 * radius, 3 * radius + 1) / radius) ** 2)
    kernel /= kernel.sum()
    rows = np.apply_along_axis(lambda r: np.convolve(r, kernel, mode="same"), 1, image)
    result: Array = np.apply_along_axis(lambda c: np.convolve(c, kernel, mode="same"), 0, rows)
    return result
