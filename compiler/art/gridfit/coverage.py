"""Which hexes of a fitted lattice the art really draws, and which of them the image's edge cuts.

A lattice goes on for ever; the art draws it only where the map is. Margins, a title band,
a box of charts hold lattice points too, and numbering the grid from the first of those puts
every piece a column or half a row off the art. Each pixel is given to the hex it lies in
(the nearest lattice point) and to one of its six sectors (one per wall), and compared with
the mean cell (``phase.fold``), what every drawn hex shares: a hex the art draws correlates
with it all round, a blank margin or a title does not, and the notch between two hexes at
the map's edge only on its inner side. A hex that the image's edge cuts is judged on the
part the image holds, and said to be cut.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from compiler.art.gridfit.lattice import Array
from compiler.art.gridfit.phase import BINS, fold, lattice_coordinates
from compiler.art.gridfit.refine import TEMPLATE_SPREAD, Lattice

DRAWN_SHARE = 0.5  # a sector is drawn when it matches the mean cell this share as well as the fit's hexes do
MIN_PART = 0.25  # of a hex: a smaller sliver at the image's edge is not judged
WHOLE = 0.97  # of a hex: less than this on the image is a hex the edge cuts
SECTORS = 6  # a hex is judged a wall at a time: each sector holds one wall and the hex's inside next to it
BAND_PIXELS = 400_000  # pixels measured at a time: some 40 MB of working arrays
COVERAGE_PIXELS = 6_000_000  # a larger image is measured in blocks of pixels summed
BLOCK_HEX = 24  # pixels: hexes are never measured smaller than this
# A drawn hex with at most FRINGE_NEIGHBOURS drawn neighbours (one at the map's edge) whose
# second weakest sector matches less than FRINGE_SHARE as well as the fit's hexes do is a
# margin's decoration, not a hex. On bench/gridfit_modules.json's boards the glowing or
# hazard-striped band round Dreadball's pitches passed as hexes at 0.51 to 0.63 (a row of
# them above the pitch, a column at its end); the faintest real edge hex, the tip of the
# Tesla Dome's pitch, scored 0.67.
FRINGE_SHARE = 0.65
FRINGE_NEIGHBOURS = 3

Hex = tuple[int, int]


@dataclass(frozen=True)
class Coverage:
    """The lattice's hexes (step, axis indexes) the art draws, and how much of each is on the image."""

    drawn: frozenset[Hex]
    parts: dict[Hex, float]  # the share of each drawn hex the image holds

    def cut(self, hex_: Hex) -> bool:
        return self.parts.get(hex_, 0.0) < WHOLE


@dataclass
class _Sums:
    """Per hex sector: pixels, and the sums a correlation of edges with the mean cell needs."""

    size: int
    n: Array
    e: Array
    c: Array
    ee: Array
    cc: Array
    ec: Array

    @classmethod
    def empty(cls, size: int) -> _Sums:
        return cls(size, *(np.zeros(size) for _ in range(6)))

    def add(self, index: Array, edges: Array, cell: Array) -> None:
        for total, weights in (
            (self.n, None),
            (self.e, edges),
            (self.c, cell),
            (self.ee, edges * edges),
            (self.cc, cell * cell),
            (self.ec, edges * cell),
        ):
            total += np.bincount(index, weights=weights, minlength=self.size)

    def correlation(self) -> Array:
        """How well each sector's edges follow the mean cell (Pearson's r): a blank or a
        textured margin, a title, does not; roads and names crossing a hex lower it, which the
        miss a whole hex is allowed and the holes filled make up for."""
        n = np.maximum(self.n, 1.0)
        cov = self.ec - self.e * self.c / n
        spread = np.sqrt(np.maximum(self.ee - self.e**2 / n, 0.0) * np.maximum(self.cc - self.c**2 / n, 0.0))
        result: Array = np.where(spread > 1e-12, cov / np.maximum(spread, 1e-12), 0.0)
        return result


@dataclass(frozen=True)
class _Sectors:
    """Each hex sector's match with the mean cell and how much of it the image holds, by linear index
    (``index`` of a hex, then SECTORS in a row)."""

    strength: Array  # (hexes, SECTORS)
    parts: Array  # (hexes, SECTORS): the share of each sector on the image
    low: Hex  # the (step, axis) indexes of the first entry
    k_count: int

    def index(self, ik: Hex) -> int:
        return (ik[0] - self.low[0]) * self.k_count + (ik[1] - self.low[1])

    def hex_of(self, n: int) -> Hex:
        return n // self.k_count + self.low[0], n % self.k_count + self.low[1]


def coverage(edges: Array, lattice: Lattice, measured: Array) -> Coverage:
    """The hexes the art draws, judged against ``measured`` (the indexes of hexes the fit
    matched and kept, which are drawn). Each hex is cut into six sectors, one per wall, and
    each sector the image holds (but one, of a whole hex) must match the mean cell at least
    DRAWN_SHARE as well as the same sector of the fit's hexes does: a lattice point
    in the notch between two drawn hexes at the map's edge has drawn walls on one side only,
    and is not a hex of the map. Faint hexes at the edge are dropped (``_fringe_dropped``),
    then holes are filled (``_holes_filled``)."""
    found = sectors_of(edges, lattice)
    places = [found.index((int(a), int(b))) for a, b in measured]
    known = found.strength[[n for n in places if 0 <= n < len(found.strength)]]
    reference = np.median(known, axis=0) if len(known) else found.strength.max(axis=0)
    judged = found.parts >= 0.5
    # each judged sector's match as a share of the fit's hexes' (unjudged sectors count as matching)
    ratios = np.where(judged, found.strength / np.maximum(reference[None, :], 1e-9), np.inf)
    missed = (ratios < DRAWN_SHARE).sum(axis=1)
    counted = judged.sum(axis=1)
    whole = found.parts.sum(axis=1) / SECTORS
    # one sector of a whole hex may miss (a wall a road, a river or a town covers); a notch
    # misses three
    drawn = (counted >= 2) & (missed <= (counted >= SECTORS - 1)) & (whole >= MIN_PART)
    parts = {found.hex_of(int(n)): float(min(1.0, whole[n])) for n in np.flatnonzero(whole >= MIN_PART)}
    hexes = {found.hex_of(int(n)): parts[found.hex_of(int(n))] for n in np.flatnonzero(drawn)}
    second_weakest = np.sort(ratios, axis=1)[:, 1]
    faint = {found.hex_of(int(n)) for n in np.flatnonzero(drawn & (second_weakest < FRINGE_SHARE))}
    around = _neighbours(lattice)
    hexes = _holes_filled(_fringe_dropped(hexes, faint, around), parts, around)
    return Coverage(frozenset(hexes), hexes)


def _fringe_dropped(hexes: dict[Hex, float], faint: set[Hex], around: tuple[Hex, ...]) -> dict[Hex, float]:
    """The drawn hexes less the faint ones at the edge of what is drawn, judged once (never
    peeled again from the new edge): a decorated band along the map's zigzag edge matches
    the walls it touches, and passes the notch test where its stripes or glow fall on the
    other walls; a real hex at the edge matches well all round."""

    def at_edge(ik: Hex) -> bool:
        return sum((ik[0] + di, ik[1] + dk) in hexes for di, dk in around) <= FRINGE_NEIGHBOURS

    return {ik: part for ik, part in hexes.items() if not (ik in faint and at_edge(ik))}


def sectors_of(edges: Array, lattice: Lattice) -> _Sectors:
    """Every hex sector of the lattice that meets the image, measured a band of rows at a time.
    A large image is measured in blocks of pixels summed (``_blocks``), never by every n-th
    pixel: ``fold`` may take every n-th pixel, since a mean over thousands of hexes does not
    mind, but one hex's walls a pixel wide would be missed by every other row and column (the
    hexes of every other column then looked undrawn)."""
    shape = lattice.shape
    factor = max(1, min(math.isqrt(edges.size // COVERAGE_PIXELS), int(shape.hex_size // BLOCK_HEX)))
    blocks = _blocks(edges, factor)
    height, width = edges.shape
    corners_s, corners_t = lattice_coordinates(
        shape, np.array([0.0, width, 0.0, width]), np.array([0.0, 0.0, height, height]), lattice.origin
    )
    i_low, k_low = math.floor(corners_s.min()) - 1, math.floor(corners_t.min()) - 1
    i_count = math.ceil(corners_s.max()) + 2 - i_low
    k_count = math.ceil(corners_t.max()) + 2 - k_low
    cell = fold(edges, shape, lattice.origin, TEMPLATE_SPREAD)
    sums = _Sums.empty(i_count * k_count * SECTORS)
    first_wall = math.atan2(shape.axis[1], shape.axis[0])  # a wall's middle lies along each axis
    xs = np.arange(blocks.shape[1], dtype=float) * factor + (factor - 1) / 2  # each block's middle
    band = max(1, BAND_PIXELS // blocks.shape[1])
    for top in range(0, blocks.shape[0], band):
        gx, gy = np.meshgrid(
            xs, np.arange(top, min(blocks.shape[0], top + band), dtype=float) * factor + (factor - 1) / 2
        )
        s, t = lattice_coordinates(shape, gx, gy, lattice.origin)
        i, k = _nearest(lattice, gx, gy, s, t)
        cx, cy = lattice.centre(0, 0)
        dx = gx - (cx + i * shape.step[0] + k * shape.axis[0])
        dy = gy - (cy + i * shape.step[1] + k * shape.axis[1])
        turn = (np.arctan2(dy, dx) - first_wall + math.pi / SECTORS) % (2 * math.pi)
        sector = np.minimum((turn / (2 * math.pi / SECTORS)).astype(np.int64), SECTORS - 1)
        index = (((i - i_low) * k_count + (k - k_low)) * SECTORS + sector).ravel()
        t_bins = np.floor((t % 1.0) * BINS).astype(np.int64) % BINS
        s_bins = np.floor((s % 1.0) * BINS).astype(np.int64) % BINS
        values = blocks[top : top + gx.shape[0]].ravel()
        inside = (index >= 0) & (index < sums.size)  # always, by the margins of the index range
        sums.add(index[inside], values[inside], cell[t_bins, s_bins].ravel()[inside])
    area = abs(shape.step[0] * shape.axis[1] - shape.step[1] * shape.axis[0]) / factor**2
    return _Sectors(
        sums.correlation().reshape(-1, SECTORS),
        sums.n.reshape(-1, SECTORS) / (area / SECTORS),
        (i_low, k_low),
        k_count,
    )


def _blocks(edges: Array, factor: int) -> Array:
    """The edges summed over ``factor`` x ``factor`` blocks (a partial block at the far edges
    is left out): a thin wall counts in full wherever it falls in a block. Kept in float32,
    and the edges not copied (a view is split into blocks as it is): on The Longest Day's
    27 Mpx a copy and a float64 result cost 100 MB more at the peak."""
    if factor == 1:
        return edges
    height, width = (side // factor * factor for side in edges.shape)
    trimmed = edges[:height, :width].astype(np.float32, copy=False)
    summed: Array = trimmed.reshape(height // factor, factor, width // factor, factor).sum(
        axis=(1, 3), dtype=np.float32
    )
    return summed


def _neighbours(lattice: Lattice) -> tuple[Hex, ...]:
    """The six neighbours' index offsets: the next column is half a hex down or up the axis."""
    (sx, sy), (ax, ay) = lattice.shape.step, lattice.shape.axis
    down = (sx * ax + sy * ay) > 0  # the next column sits half a hex further along the axis
    return (
        ((0, 1), (0, -1), (1, 0), (-1, 0), (1, -1), (-1, 1))
        if down
        else ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1))
    )


FILLED_BY = 5  # a hex not judged drawn with this many drawn neighbours is a hex of the map


def _holes_filled(
    hexes: dict[Hex, float], parts: dict[Hex, float], around: tuple[Hex, ...]
) -> dict[Hex, float]:
    """The drawn hexes with the holes among them filled: a hex whose own walls a line, a name or
    a logo crosses (a dashed boundary through its centre) matches the mean cell poorly, but a
    hex surrounded by the map is part of it. A notch at the map's edge has three drawn
    neighbours at most, so it stays out."""
    found = dict(hexes)
    while True:
        holes = {
            ik: part
            for ik, part in parts.items()
            if ik not in found and sum((ik[0] + di, ik[1] + dk) in found for di, dk in around) >= FILLED_BY
        }
        if not holes:
            return found
        found.update(holes)


def _nearest(lattice: Lattice, xs: Array, ys: Array, s: Array, t: Array) -> tuple[Array, Array]:
    """The (step, axis) indexes of the lattice point nearest each pixel: a hex lattice's two
    shortest vectors make a cell whose nearest point is one of its four corners."""
    (sx, sy), (ax, ay) = lattice.shape.step, lattice.shape.axis
    base_s, base_t = np.floor(s).astype(np.int64), np.floor(t).astype(np.int64)
    best = np.full(xs.shape, np.inf)
    best_s, best_t = base_s.copy(), base_t.copy()
    for ds in (0, 1):
        for dt in (0, 1):
            cs, ct = base_s + ds, base_t + dt
            cx = lattice.origin[0] + cs * sx + ct * ax
            cy = lattice.origin[1] + cs * sy + ct * ay
            distance = (xs - cx) ** 2 + (ys - cy) ** 2
            closer = distance < best
            best = np.where(closer, distance, best)
            best_s, best_t = np.where(closer, cs, best_s), np.where(closer, ct, best_t)
    return best_s, best_t
