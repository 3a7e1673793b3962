"""``fit_grid``: the hex grid of a map image, or NoGrid saying why there is none.

1. The image, scaled to at most ``COARSE_SIDE`` pixels, gives its edges and their
   autocorrelation; the lattice of hex centres is the basis whose points are all
   strong peaks (``lattice``), and it must be a hex grid (``shape``).
2. At a scale where a hex is about ``WORK_HEX`` pixels (never enlarged), the image folded
   onto one cell says where the centres are (``phase``).
3. Every hex is matched against the mean cell and one lattice is fitted through all of
   them, three times with a narrower search each time (``refine``).
Positions are converted between scales by pixel centres, so nothing drifts by half a
pixel of the small image.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from PIL import Image

from compiler.art.gridfit.lattice import (
    Array,
    NoGrid,
    Vector,
    autocorrelation,
    edge_image,
    refine_basis,
)
from compiler.art.gridfit.phase import centre_offset, fold, lattice_coordinates, symmetry_offset
from compiler.art.gridfit.refine import Lattice, fit, measure
from compiler.art.gridfit.search import search
from compiler.art.gridfit.shape import HexAxes, hex_axes

COARSE_SIDE = 1600
WORK_HEX = 64.0
MAX_RESIDUAL = 0.08  # of a hex: past this the hexes do not lie on one regular grid


@dataclass(frozen=True)
class GridFit:
    """The grid found on an image, in its own pixels."""

    lattice: Lattice
    width: int
    height: int
    clarity: float  # how clearly hex walls stand out in the folded image (a z-score)

    @property
    def shape(self) -> HexAxes:
        return self.lattice.shape


def fit_grid(image: Image.Image) -> GridFit:
    gray = image.convert("L")
    coarse_scale = min(1.0, COARSE_SIDE / max(gray.size))
    coarse = _scaled(gray, coarse_scale)
    edges = edge_image(coarse)
    if float(edges.std()) < 1e-6:
        raise NoGrid("the image is blank")
    reach = int(min(edges.shape) / 3)
    if reach < 20:
        raise NoGrid("the image is too small to hold a grid")
    ac = autocorrelation(edges)
    found = search(ac, reach)
    shape = hex_axes(*refine_basis(ac, found.step, found.axis, reach))
    work = min(1.0, WORK_HEX * coarse_scale / shape.hex_size)
    working = edge_image(_scaled(gray, work))
    shape = _scale_shape(shape, work / coarse_scale)
    offset, clarity = centre_offset(fold(working, shape), shape)
    lattice = Lattice(shape, offset)
    for share, most in ((0.3, 600), (0.12, 1500), (0.05, 4000)):
        indexes, centres = measure(working, lattice, max(2.0, share * shape.hex_size), most)
        lattice = fit(indexes, centres, lattice.shape)
    lattice, clarity = _recentred(lattice, working)
    lattice = _symmetric(lattice, working)
    if lattice.residual > MAX_RESIDUAL * lattice.shape.hex_size:
        raise NoGrid(
            f"the hexes do not lie on one regular grid: they stray {lattice.residual:.1f} px "
            f"from the best one (hexes {lattice.shape.hex_size:.0f} px across)"
        )
    return GridFit(_full_size(lattice, work), gray.width, gray.height, clarity)


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


SYMMETRY_AGREES = 1.0  # pixels: a symmetry centre farther than this from the walls' is not trusted


def _symmetric(lattice: Lattice, edges: Array) -> Lattice:
    """The origin moved to the point the hexes are symmetric about (``phase.symmetry_offset``),
    when that lies within a pixel of where the walls put it: names and symbols in a corner of
    every hex pull the walls' answer a little, but a pattern with other symmetries (every
    hex alike but for its number) can pull the symmetry's answer further."""
    dx, dy = symmetry_offset(fold(edges, lattice.shape, lattice.origin), lattice.shape)
    if math.hypot(dx, dy) > SYMMETRY_AGREES:
        return lattice
    origin = (lattice.origin[0] + dx, lattice.origin[1] + dy)
    return Lattice(lattice.shape, origin, lattice.residual, lattice.hexes)


def _scaled(gray: Image.Image, scale: float) -> Array:
    if scale < 1.0:
        size = (max(1, round(gray.width * scale)), max(1, round(gray.height * scale)))
        gray = gray.resize(size, Image.Resampling.BOX)
    return np.asarray(gray, dtype=np.float32)


def _scale_shape(shape: HexAxes, factor: float) -> HexAxes:
    axis = (shape.axis[0] * factor, shape.axis[1] * factor)
    step = (shape.step[0] * factor, shape.step[1] * factor)
    return HexAxes(shape.orientation, axis, step)


def _full_size(lattice: Lattice, scale: float) -> Lattice:
    """The lattice at full resolution: vectors divided by the scale, points by pixel centres."""

    def point(p: Vector) -> Vector:
        return (p[0] + 0.5) / scale - 0.5, (p[1] + 0.5) / scale - 0.5

    return Lattice(
        _scale_shape(lattice.shape, 1 / scale), point(lattice.origin), lattice.residual / scale, lattice.hexes
    )
