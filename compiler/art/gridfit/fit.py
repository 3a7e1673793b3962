"""``fit_grid``: the hex grid of a map image, or NoGrid saying why there is none.

1. The image, scaled to at most ``COARSE_SIDE`` pixels, gives its edges and their
   autocorrelation; the lattice of hex centres is the basis whose points are all
   strong peaks (``lattice``), and it must be a hex grid (``shape``).
2. At a scale where a hex is about ``WORK_HEX`` pixels (never enlarged), the image folded
   onto one cell says where the centres are (``phase``).
3. Every hex is matched against the mean cell and one lattice is fitted through all of
   them, three times with a narrower search each time (``refine``).
4. Which of the lattice's hexes the art draws (``coverage``): the grid is numbered from those.
Positions are converted between scales by pixel centres, so nothing drifts by half a
pixel of the small image.
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass

import numpy as np
from PIL import Image

from compiler.art.gridfit.coverage import Coverage, coverage
from compiler.art.gridfit.lattice import (
    Array,
    NoGrid,
    Vector,
    autocorrelation,
    edge_image,
    refine_basis,
)
from compiler.art.gridfit.phase import (
    MIN_CLARITY,
    centre_offset,
    fold,
    lattice_coordinates,
    symmetry_offset,
    wall_match,
)
from compiler.art.gridfit.refine import Lattice, fit, measure
from compiler.art.gridfit.search import search
from compiler.art.gridfit.shape import HexAxes, hex_axes

COARSE_SIDE = 1600
WORK_HEX = 64.0
WORK_PIXELS = 24_000_000  # the measuring scale's pixels at most: about 120 MB of edges
MAX_RESIDUAL = 0.08  # of a hex: past this the hexes do not lie on one regular grid


@dataclass(frozen=True)
class GridFit:
    """The grid found on an image, in its own pixels."""

    lattice: Lattice
    width: int
    height: int
    clarity: float  # how clearly hex walls stand out in the folded image (a z-score)
    drawn: Coverage  # the lattice's hexes the art draws

    @property
    def shape(self) -> HexAxes:
        return self.lattice.shape


def fit_grid(image: Image.Image) -> GridFit:
    gray = image.convert("L")
    coarse_scale = min(1.0, COARSE_SIDE / max(gray.size))
    coarse, coarse_scales = _scaled(gray, coarse_scale)
    edges = edge_image(coarse)
    if float(edges.std()) < 1e-6:
        raise NoGrid("the image is blank")
    reach = int(min(edges.shape) / 3)
    if reach < 20:
        raise NoGrid("the image is too small to hold a grid")
    ac = autocorrelation(edges, reach)
    found = search(ac, reach)
    shape = hex_axes(*refine_basis(ac, found.step, found.axis, reach))
    work = work_scale(gray.size, shape.hex_size / coarse_scale)
    work_image, scales = _scaled(gray, work)
    working = edge_image(work_image)
    del work_image
    shape = _scale_shape(shape, scales[0] / coarse_scales[0], scales[1] / coarse_scales[1])
    shape, offset, clarity = _clearest(shape, working)
    lattice = Lattice(shape, offset)
    for share, most in ((0.3, 600), (0.12, 1500), (0.05, 4000)):
        indexes, centres = measure(working, lattice, max(2.0, share * shape.hex_size), most)
        lattice = fit(indexes, centres, lattice.shape)
    lattice, clarity = _recentred(lattice, working)
    lattice = _symmetric(lattice, working)
    drawn = coverage(working, lattice, indexes)
    if lattice.residual > MAX_RESIDUAL * lattice.shape.hex_size:
        raise NoGrid(
            f"the hexes do not lie on one regular grid: they stray {lattice.residual:.1f} px "
            f"from the best one (hexes {lattice.shape.hex_size:.0f} px across)"
        )
    return GridFit(_full_size(lattice, scales), gray.width, gray.height, clarity, drawn)


COARSER_CLARITY = 1.5  # a coarser grid of the same points whose walls stand out this much more clearly
COARSER_AT_LEAST = 4.5  # ... and this clearly at least (noise's coarser grids reached 3.5)


def _clearest(shape: HexAxes, edges: Array) -> tuple[HexAxes, Vector, float]:
    """The grid the search found, or a coarser one made of its points when the coarser one's
    folded cell shows hex walls far more clearly: the (shape, where its centres are, clarity).

    The search takes the finest grid among those that score nearly best, since every coarser
    grid of its points scores as well. But thick walls of pointy-top hexes repeat at half a hex
    along the rows too, and the grid of half the size (every wall's middle a "centre") scored
    nearly best on such a board; folded onto its cell the walls blur (a clarity of 3 where the
    real grid's is 6), so the coarser grid is the board's."""
    offset, clarity = wall_match(fold(edges, shape), shape)
    for coarser in _coarser(shape):
        found, how_clear = wall_match(fold(edges, coarser), coarser)
        if how_clear > max(COARSER_CLARITY * clarity, COARSER_AT_LEAST):
            shape, offset, clarity = coarser, found, how_clear
    if clarity < MIN_CLARITY:
        raise NoGrid("the repeating pattern has no hex outlines (nothing like hex walls repeats)")
    return shape, offset, clarity


def _coarser(shape: HexAxes) -> list[HexAxes]:
    """The hex grids of the shape's points twice as large, and sqrt(3) times as large turned 30 degrees."""
    (ax, ay), (sx, sy) = shape.axis, shape.step
    grids = [HexAxes(shape.orientation, (2 * ax, 2 * ay), (2 * sx, 2 * sy))]
    sign = 1.0 if ax * sx + ay * sy < 0 else -1.0  # the third vector of the shortest three
    long = (ax - sign * sx, ay - sign * sy)
    other = (2 * sx + sign * ax, 2 * sy + sign * ay)
    with contextlib.suppress(NoGrid):
        grids.append(hex_axes(long, other))
    return grids


def work_scale(size: tuple[int, int], hex_size: float) -> float:
    """The scale the hexes are measured at: a hex about WORK_HEX pixels (never enlarged), and
    never more than WORK_PIXELS in all, so a big scan of many small hexes is measured at a
    bounded cost (edges in float32 and the image in 8 bits: 5 bytes a working pixel)."""
    width, height = size
    return min(1.0, WORK_HEX / hex_size, math.sqrt(WORK_PIXELS / (width * height)))


def _recentred(lattice: Lattice, edges: Array) -> tuple[Lattice, float]:
    """The lattice moved onto the hex walls once more: matching each hex against the mean of
    all of them keeps whatever offset the first guess had; the walls themselves do not."""
    shape = lattice.shape
    offset, clarity = centre_offset(fold(edges, shape, lattice.origin), shape)
    s, t = lattice_coordinates(shape, np.array([offset[0]]), np.array([offset[1]]), (0.0, 0.0))
    ds, dt = (float(value[0]) - round(float(value[0])) for value in (s, t))
    origin = (
        lattice.origin[0] + ds * shape.step[0] + dt * shape.axis[0],
        lattice.origin[1] + ds * shape.step[1] + dt * shape.axis[1],
    )
    return Lattice(shape, origin, lattice.residual, lattice.hexes), clarity


SYMMETRY_AGREES = 0.35  # pixels: a symmetry centre farther than this from the walls' is not trusted


def _symmetric(lattice: Lattice, edges: Array) -> Lattice:
    """The origin moved to the point the hexes are symmetric about (``phase.symmetry_offset``),
    when that lies within SYMMETRY_AGREES of where the walls put it. On clean hex walls the
    symmetry is the finer answer (within 0.06 px where the walls are within 0.13 px,
    tests/test_gridfit_subpixel.py); but a number printed at the top of every hex pulls it,
    the more so on a blurred scan (half a pixel on wgc's Jerusalem board blurred 1.2 px),
    and the walls are not pulled that way."""
    dx, dy = symmetry_offset(fold(edges, lattice.shape, lattice.origin), lattice.shape)
    if math.hypot(dx, dy) > SYMMETRY_AGREES:
        return lattice
    origin = (lattice.origin[0] + dx, lattice.origin[1] + dy)
    return Lattice(lattice.shape, origin, lattice.residual, lattice.hexes)


def _scaled(gray: Image.Image, scale: float) -> tuple[Array, Vector]:
    """The image reduced to about ``scale`` of its size, and the scale it really has along x
    and y: a side rounded to whole pixels, taken as exactly ``scale``, put the far edge of a
    3,675 px map 0.5 px off at 0.44 of its size, over a pixel at full size."""
    if scale < 1.0:
        size = (max(1, round(gray.width * scale)), max(1, round(gray.height * scale)))
        reduced = gray.resize(size, Image.Resampling.BOX)
        return np.asarray(reduced), (size[0] / gray.width, size[1] / gray.height)
    return np.asarray(gray), (1.0, 1.0)  # 8 bits a pixel: the edges are worked out a band at a time


def _scale_shape(shape: HexAxes, fx: float, fy: float) -> HexAxes:
    axis = (shape.axis[0] * fx, shape.axis[1] * fy)
    step = (shape.step[0] * fx, shape.step[1] * fy)
    return HexAxes(shape.orientation, axis, step)


def _full_size(lattice: Lattice, scales: Vector) -> Lattice:
    """The lattice at full resolution: vectors divided by the scales, points by pixel centres."""
    sx, sy = scales
    origin = (lattice.origin[0] + 0.5) / sx - 0.5, (lattice.origin[1] + 0.5) / sy - 0.5
    residual = lattice.residual / math.sqrt(sx * sy)
    return Lattice(_scale_shape(lattice.shape, 1 / sx, 1 / sy), origin, residual, lattice.hexes)
