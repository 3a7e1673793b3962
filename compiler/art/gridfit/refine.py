"""Each hex measured on its own, then one lattice fitted through all of them.

The mean cell (``phase.fold``) is the template: around each predicted centre the
image's edges are matched against it (a cross-correlation, refined to a fraction of
a pixel), and a least-squares fit of ``centre = origin + i * step + k * axis`` through
every measured hex gives the lattice, with the hexes that disagree most left out.
The root mean square of what remains is the fit's residual.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from compiler.art.gridfit.lattice import Array, NoGrid, Vector
from compiler.art.gridfit.phase import BINS, fold, lattice_coordinates
from compiler.art.gridfit.shape import HexAxes

BATCH = 64  # hexes matched in one stack of FFTs
MIN_HEXES = 12
TEMPLATE_SPREAD = (
    0.3  # pixels: the cell each hex is matched against is kept sharper (0.8 blurred real maps' matches)
)


@dataclass(frozen=True)
class Lattice:
    shape: HexAxes
    origin: Vector  # a hex centre
    residual: float = math.inf  # RMS distance of the measured hexes from the lattice, pixels
    hexes: int = 0  # hexes measured and kept

    def centre(self, i: float, k: float) -> Vector:
        (sx, sy), (ax, ay) = self.shape.step, self.shape.axis
        return self.origin[0] + i * sx + k * ax, self.origin[1] + i * sy + k * ay


def measure(edges: Array, lattice: Lattice, reach: float, most: int = 4000) -> tuple[Array, Array]:
    """(indexes (n x 2), measured centres (n x 2)) of the hexes inside the grid: a lattice point
    whose window matches the template poorly has no hex drawn (a margin, a title), and a hex
    on the grid's border is left out too (its outer walls have no neighbour, which pulls its
    match inward by a fraction of a pixel)."""
    half = max(4, math.ceil(0.65 * lattice.shape.hex_size))
    indexes, predicted = _hexes_inside(edges.shape, lattice, half + math.ceil(reach) + 1)
    if len(indexes) > most:  # an even spread of ``most`` hexes pins a lattice down as well
        chosen = np.linspace(0, len(indexes) - 1, most).round().astype(int)
        indexes, predicted = indexes[chosen], predicted[chosen]
    cell = fold(edges, lattice.shape, lattice.origin, TEMPLATE_SPREAD)
    templates = Templates.drawn(cell, lattice, half, reach)
    found, strengths = [], []
    for start in range(0, len(indexes), BATCH):
        centres, strength = _match(edges, templates, predicted[start : start + BATCH], half, reach)
        found.append(centres)
        strengths.append(strength)
    if not found:
        return np.empty((0, 2)), np.empty((0, 2))
    centres, strength = np.concatenate(found), np.concatenate(strengths)
    drawn = strength >= 0.5 * float(np.median(strength))
    inner = _inner(indexes, drawn)
    keep = inner if inner.sum() >= MIN_HEXES else drawn
    return indexes[keep], centres[keep]


NEIGHBOURS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1))  # in (step, axis) indexes


def _inner(indexes: Array, drawn: Array) -> Array:
    """The drawn hexes all six of whose neighbours are drawn."""
    present = {(int(i), int(k)) for (i, k), ok in zip(indexes, drawn, strict=True) if ok}
    return np.array(
        [
            ok and all((int(i) + di, int(k) + dk) in present for di, dk in NEIGHBOURS)
            for (i, k), ok in zip(indexes, drawn, strict=True)
        ],
        dtype=bool,
    )


def _hexes_inside(size: tuple[int, ...], lattice: Lattice, margin: int) -> tuple[Array, Array]:
    height, width = size
    corners_x = np.array([0.0, width, 0.0, width])
    corners_y = np.array([0.0, 0.0, height, height])
    s, t = lattice_coordinates(lattice.shape, corners_x, corners_y, lattice.origin)
    i_range = np.arange(math.floor(s.min()) - 1, math.ceil(s.max()) + 2)
    k_range = np.arange(math.floor(t.min()) - 1, math.ceil(t.max()) + 2)
    ii, kk = (grid.ravel().astype(float) for grid in np.meshgrid(i_range, k_range))
    xs = lattice.origin[0] + ii * lattice.shape.step[0] + kk * lattice.shape.axis[0]
    ys = lattice.origin[1] + ii * lattice.shape.step[1] + kk * lattice.shape.axis[1]
    inside = (xs >= margin) & (xs < width - margin) & (ys >= margin) & (ys < height - margin)
    return np.stack([ii[inside], kk[inside]], axis=1), np.stack([xs[inside], ys[inside]], axis=1)


PHASES = 8  # templates per pixel each way: a hex's centre is matched from 1/16 px of its own


@dataclass(frozen=True)
class Templates:
    """The mean cell drawn as (2 half + 1)-pixel square windows with a hex centre near the middle
    pixel, shifted by every ``PHASES``-th of a pixel each way, as spectra ready to match. A hex
    is matched against the window whose shift is nearest its predicted centre's fraction of a
    pixel, so the match's peak lies near zero, where a parabola through it is least biased."""

    spectra: Array  # (PHASES, PHASES, padded, padded // 2 + 1): [y phase, x phase]
    energy: Array  # (PHASES, PHASES): each window's sum of squares
    padded: int

    @staticmethod
    def drawn(cell: Array, lattice: Lattice, half: int, reach: float) -> Templates:
        padded = _fast_length(2 * half + 1 + 2 * math.ceil(reach) + 2)
        offsets = np.arange(-half, half + 1, dtype=float)
        shifts = LEVELS[:, None, None, None]
        xs = lattice.origin[0] + offsets[None, None, None, :] - shifts.transpose(1, 0, 2, 3)
        ys = lattice.origin[1] + offsets[None, None, :, None] - shifts
        windows = _sample_cell(cell, lattice, *np.broadcast_arrays(xs, ys))
        windows = windows - windows.mean(axis=(2, 3), keepdims=True)
        spectra = np.conj(np.fft.rfft2(windows, s=(padded, padded)))
        return Templates(spectra, (windows**2).sum(axis=(2, 3)), padded)


LEVELS = (np.arange(PHASES) - (PHASES - 1) / 2) / PHASES  # the shifts, -0.44 ... +0.44 px


def _match(
    edges: Array, templates: Templates, centres: Array, half: int, reach: float
) -> tuple[Array, Array]:
    """Each window's measured centre, and how well it matches the template (a correlation)."""
    rounded = np.round(centres).astype(int)
    phase = np.clip(np.floor((centres - rounded + 0.5) * PHASES).astype(int), 0, PHASES - 1)
    patches = np.stack([edges[y - half : y + half + 1, x - half : x + half + 1] for x, y in rounded])
    patches = patches - patches.mean(axis=(1, 2), keepdims=True)
    padded = templates.padded
    spectra = templates.spectra[phase[:, 1], phase[:, 0]]
    corr = np.fft.irfft2(np.fft.rfft2(patches, s=(padded, padded)) * spectra, s=(padded, padded))
    corr = np.fft.fftshift(corr, axes=(1, 2))
    energy = templates.energy[phase[:, 1], phase[:, 0]]
    norms = np.sqrt((patches**2).sum(axis=(1, 2)) * energy) + 1e-12
    strength = corr[:, padded // 2, padded // 2] / norms
    peaks = np.array([_peak(corr[n], padded // 2, reach) for n in range(len(centres))])
    return peaks + rounded + LEVELS[phase], strength


def _fast_length(n: int) -> int:
    """The smallest length from n up whose only factors are 2, 3 and 5 (a fast FFT)."""
    while True:
        rest = n
        for factor in (2, 3, 5):
            while rest % factor == 0:
                rest //= factor
        if rest == 1:
            return n
        n += 1


def _sample_cell(cell: Array, lattice: Lattice, xs: Array, ys: Array) -> Array:
    s, t = lattice_coordinates(lattice.shape, xs, ys, lattice.origin)
    fs, ft = (s % 1.0) * BINS - 0.5, (t % 1.0) * BINS - 0.5
    s0, t0 = np.floor(fs).astype(int), np.floor(ft).astype(int)
    ws, wt = fs - s0, ft - t0

    def at(ti: Array, si: Array) -> Array:
        values: Array = cell[ti % BINS, si % BINS]
        return values

    top = at(t0, s0) * (1 - ws) + at(t0, s0 + 1) * ws
    bottom = at(t0 + 1, s0) * (1 - ws) + at(t0 + 1, s0 + 1) * ws
    result: Array = top * (1 - wt) + bottom * wt
    return result


def _peak(corr: Array, zero: int, reach: float) -> tuple[float, float]:
    r = max(1, math.ceil(reach))
    window = corr[zero - r : zero + r + 1, zero - r : zero + r + 1]
    y, x = np.unravel_index(int(np.argmax(window)), window.shape)
    row, column = int(y) + zero - r, int(x) + zero - r

    def parabola(minus: float, centre: float, plus: float) -> float:
        bend = minus - 2 * centre + plus
        return 0.0 if bend >= 0 else max(-0.5, min(0.5, 0.5 * (minus - plus) / bend))

    dx = parabola(corr[row, column - 1], corr[row, column], corr[row, column + 1])
    dy = parabola(corr[row - 1, column], corr[row, column], corr[row + 1, column])
    return column - zero + dx, row - zero + dy


def fit(indexes: Array, centres: Array, shape: HexAxes) -> Lattice:
    """The lattice through the measured centres, dropping those far off it (twice)."""
    keep = np.ones(len(indexes), dtype=bool)
    design = np.column_stack([np.ones(len(indexes)), indexes[:, 0], indexes[:, 1]])
    for _ in range(3):
        if keep.sum() < MIN_HEXES:
            raise NoGrid(f"only {int(keep.sum())} hexes could be measured; at least {MIN_HEXES} are needed")
        solution, *_ = np.linalg.lstsq(design[keep], centres[keep], rcond=None)
        errors = np.hypot(*(design @ solution - centres).T)
        bound = max(1.0, 3.0 * float(np.median(errors[keep])) * 1.4826)
        keep = errors <= bound
    origin, step, axis = (tuple(map(float, row)) for row in solution)
    kept = errors[keep]
    refined = HexAxes(shape.orientation, (axis[0], axis[1]), (step[0], step[1]))
    rms = float(np.sqrt(np.mean(kept**2))) if len(kept) else math.inf
    return Lattice(refined, (origin[0], origin[1]), rms, int(keep.sum()))
