"""The image's edges, their autocorrelation, and a lattice basis refined on its peaks.

Whatever a map draws in every hex (outlines, colour edges between hexes, centre dots,
hex numbers) repeats with the lattice of hex centres, so the autocorrelation of its
edges has peaks at the lattice vectors. ``search`` finds which hex grid they form;
``refine_basis`` then fits the basis through the peaks at every lattice point in reach.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
from numpy.typing import NDArray

Array = NDArray[Any]
Vector = tuple[float, float]

EDGE_CAP_PERCENTILE = 90


class NoGrid(Exception):
    """The image has no regular hex grid; the message says what was missing."""


BAND_ROWS = 512  # the edges are worked out this many rows at a time


def edge_image(gray: Array) -> Array:
    """Gradient magnitude of the lightly smoothed image (hex outlines and colour edges), capped
    at a high percentile: a faint grid counts as much as the loud art drawn over it. Worked
    out a band of rows at a time (with two rows either side, so every row comes out as if
    the whole image had been smoothed at once): besides the float32 result, memory holds
    one band's working copies, not five of the whole image."""
    height, width = gray.shape
    magnitude = np.empty((height, width), dtype=np.float32)
    for top in range(0, height, BAND_ROWS):
        bottom = min(height, top + BAND_ROWS)
        low, high = max(0, top - 2), min(height, bottom + 2)
        band = _gradient(np.asarray(gray[low:high], dtype=np.float32))
        magnitude[top:bottom] = band[top - low : bottom - low]
    sample = magnitude[:: max(1, height // 256), :: max(1, width // 256)]
    cap = float(np.percentile(sample, EDGE_CAP_PERCENTILE)) or float(magnitude.max()) or 1.0
    np.minimum(magnitude, cap, out=magnitude)
    return magnitude


def _gradient(gray: Array) -> Array:
    smooth = _smooth(gray)
    gx = np.zeros_like(smooth)
    gy = np.zeros_like(smooth)
    gx[:, 1:-1] = smooth[:, 2:] - smooth[:, :-2]
    gy[1:-1, :] = smooth[2:, :] - smooth[:-2, :]
    magnitude: Array = np.hypot(gx, gy)
    return magnitude


def _smooth(image: Array) -> Array:
    out = image.copy()
    out[1:-1, :] = (image[:-2, :] + 2 * image[1:-1, :] + image[2:, :]) / 4
    result = out.copy()
    result[:, 1:-1] = (out[:, :-2] + 2 * out[:, 1:-1] + out[:, 2:]) / 4
    return result


def autocorrelation(edges: Array, reach: int) -> Array:
    """Autocorrelation of the edges (mean removed, tapered at the borders), normalised by the
    overlap at each shift, for shifts up to ``reach + MARGIN`` pixels each way; the middle
    index of the result is the zero shift. In float32, and the taper's own autocorrelation
    (the overlap) from two 1-D ones, since the taper is a product of a row and a column:
    a 1,600 px image so needs some 150 MB at the most, not 500."""
    h, w = edges.shape
    taper_h, taper_w = _taper(h), _taper(w)
    signal = (edges - edges.mean()).astype(np.float32) * taper_h[:, None].astype(np.float32)
    signal *= taper_w[None, :].astype(np.float32)
    power = np.abs(np.fft.rfft2(signal, s=(2 * h, 2 * w))) ** 2
    del signal
    raw = np.fft.irfft2(power, s=(2 * h, 2 * w))
    del power
    radius = min(reach + MARGIN, h - 1, w - 1)
    ac = _wrapped(_wrapped(raw, radius, 0), radius, 1)
    del raw
    overlap = np.outer(_lags(taper_h, radius), _lags(taper_w, radius))
    normalised: Array = ac / np.maximum(overlap, overlap.max() * 0.05)
    result: Array = normalised / normalised[radius, radius]
    return result


MARGIN = 8  # shifts kept past the reach: the peak finders look a few pixels around a point


def _wrapped(values: Array, radius: int, axis: int) -> Array:
    """Shifts -radius..radius along ``axis`` of an FFT's circular correlation (shift 0 at index 0,
    negative shifts wrapped round to the end)."""
    n = values.shape[axis]
    picked: Array = np.take(values, np.arange(-radius, radius + 1) % n, axis=axis)
    return picked


def _lags(taper: Array, radius: int) -> Array:
    """The taper's autocorrelation at shifts -radius..radius."""
    full = np.correlate(taper, taper, "full")  # shift 0 at index len - 1
    middle = len(taper) - 1
    lags: Array = full[middle - radius : middle + radius + 1]
    return lags


def _taper(n: int) -> Array:
    edge = max(2, n // 10)
    ramp = 0.5 - 0.5 * np.cos(np.linspace(0, math.pi, edge))
    window = np.ones(n)
    window[:edge] = ramp
    window[n - edge :] = ramp[::-1]
    return window


def _subpixel(ac: Array, y: int, x: int) -> Vector:
    """The peak at (x, y) refined by a parabola through its neighbours, as a shift from zero."""
    h, w = (s // 2 for s in ac.shape)

    def offset(minus: float, centre: float, plus: float) -> float:
        bend = minus - 2 * centre + plus
        return 0.0 if bend >= 0 else 0.5 * (minus - plus) / bend

    fx = offset(ac[y, x - 1], ac[y, x], ac[y, x + 1])
    fy = offset(ac[y - 1, x], ac[y, x], ac[y + 1, x])
    return x + fx - w, y + fy - h


def refine_basis(ac: Array, a: Vector, b: Vector, reach: int) -> tuple[Vector, Vector]:
    """The basis fitted through the autocorrelation's peaks at the lattice points within reach:
    a far peak pins a vector down many times more finely than the nearest one does. The
    reach grows by doubling, so each prediction is close enough to find its own peak."""
    shortest = max(1.0, min(math.hypot(*a), math.hypot(*b)))
    span = 2
    while True:
        radius = min(reach - 3, span * shortest * 1.05)
        fitted = _fit_peaks(ac, a, b, span, radius)
        if fitted is not None:
            a, b = fitted
        if radius >= reach - 3:
            return a, b
        span *= 2


def _fit_peaks(ac: Array, a: Vector, b: Vector, span: int, radius: float) -> tuple[Vector, Vector] | None:
    rows, targets, weights = [], [], []
    for n, m in itertools.product(range(-span, span + 1), repeat=2):
        point = (n * a[0] + m * b[0], n * a[1] + m * b[1])
        if (n, m) == (0, 0) or math.hypot(*point) > radius or point[1] < 0:
            continue
        found = _local_peak(ac, point)
        if found is not None:
            rows.append((n, m))
            targets.append(found[0])
            weights.append(found[1])
    if len(rows) < 4:
        return None
    w = np.sqrt(np.clip(np.array(weights), 1e-6, None))[:, None]
    solution, *_ = np.linalg.lstsq(np.array(rows, dtype=float) * w, np.array(targets) * w, rcond=None)
    return (float(solution[0][0]), float(solution[0][1])), (float(solution[1][0]), float(solution[1][1]))


def _local_peak(ac: Array, point: Vector) -> tuple[Vector, float] | None:
    """The autocorrelation's maximum within 2 pixels of a shift, refined below a pixel."""
    h, w = (s // 2 for s in ac.shape)
    x, y = round(point[0]) + w, round(point[1]) + h
    if not (3 <= x < ac.shape[1] - 3 and 3 <= y < ac.shape[0] - 3):
        return None
    window = ac[y - 2 : y + 3, x - 2 : x + 3]
    dy, dx = np.unravel_index(int(np.argmax(window)), window.shape)
    py, px = y - 2 + int(dy), x - 2 + int(dx)
    height = float(ac[py, px])
    if height <= 0 or abs(int(dx) - 2) == 2 or abs(int(dy) - 2) == 2:
        return None  # no peak here, or it lies on the window's edge
    return _subpixel(ac, py, px), height
