"""Where furniture goes: packed into the band under a hex map, or into the free parts of a
point-to-point map, never over anything a player moves on.

``pack_band`` puts blocks left to right, each as high as it can go (a skyline
packing). ``FreeSpace`` keeps a coarse grid of what is taken on a map (spaces,
routes, names, earlier blocks) with a summed-area table, so finding the first free
place for a block, scanning from the corner it prefers, is cheap.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence

from compiler.render.furniture import Block

Placed = tuple[Block, float, float]  # a block and its top-left corner, inches
Rect = tuple[float, float, float, float]


def pack_band(blocks: Sequence[Block], width: float, gap: float) -> list[Placed]:
    """Each block at the highest free place (then the leftmost) under the blocks before it."""
    placed: list[Placed] = []
    taken: list[Rect] = []
    for block in blocks:
        w, h = block.size()
        candidates = sorted({0.0, *(r[2] + gap for r in taken)})
        best: tuple[float, float] | None = None
        for x in candidates:
            if x + w > width + 1e-6 and x > 0:
                continue
            y = max((r[3] + gap for r in taken if r[0] < x + w and x < r[2]), default=0.0)
            if best is None or (y, x) < (best[1], best[0]):
                best = (x, y)
        assert best is not None
        placed.append((block, *best))
        taken.append((best[0], best[1], best[0] + w, best[1] + h))
    return placed


class FreeSpace:
    """A grid over a sheet (``step`` inches a cell) of what is taken."""

    def __init__(self, width: float, height: float, step: float = 0.05) -> None:
        self.step = step
        self.columns = math.ceil(width / step)
        self.rows = math.ceil(height / step)
        self.taken = [[0] * self.columns for _ in range(self.rows)]
        self._sums: list[list[int]] | None = None

    def take(self, rect: Rect, margin: float = 0.0) -> None:
        left, top, right, bottom = self._cells(rect, margin)
        for row in range(top, bottom):
            line = self.taken[row]
            for column in range(left, right):
                line[column] = 1
        self._sums = None

    def take_segment(self, a: tuple[float, float], b: tuple[float, float], half_width: float) -> None:
        """A route or line: every cell within ``half_width`` of it."""
        length = math.dist(a, b)
        steps = max(1, int(length / (self.step / 2)))
        for i in range(steps + 1):
            t = i / steps
            x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
            self.take((x, y, x, y), half_width)

    def is_free(self, rect: Rect) -> bool:
        left, top, right, bottom = self._cells(rect, 0.0)
        if left < 0 or top < 0 or right > self.columns or bottom > self.rows:
            return False
        sums = self._table()
        return sums[bottom][right] - sums[top][right] - sums[bottom][left] + sums[top][left] == 0

    def find(self, size: tuple[float, float], order: str, margin: float) -> tuple[float, float] | None:
        """The first free top-left corner for a block of ``size`` (plus ``margin`` all round),
        scanning rows from the bottom ('bottom-left', 'bottom-right') or top ('top-left', 'top-right').

        Answers what ``is_free`` would for each corner in turn, but works out the cells a
        column covers once per call and the band of rows once per row, not per corner."""
        w, h = size[0] + 2 * margin, size[1] + 2 * margin
        columns = [(x, *self._span(x, x + w, self.columns)) for x in self._columns(order, w)]
        sums = self._table()
        for y in self._rows(order, h):
            top, bottom = self._span(y, y + h, self.rows)
            above, below = sums[top], sums[bottom]
            for x, left, right in columns:
                # Taken cells in the band's columns [left, right): the summed-area difference.
                if below[right] - above[right] - below[left] + above[left] == 0:
                    return x + margin, y + margin
        return None

    def _span(self, start: float, end: float, limit: int) -> tuple[int, int]:
        """The cells from ``start`` to ``end`` (inches) cover, as ``_cells`` counts them."""
        return max(0, math.floor(start / self.step)), min(limit, math.ceil(end / self.step))

    def _rows(self, order: str, h: float) -> Iterable[float]:
        count = int((self.rows * self.step - h) / self.step) + 1
        ys = [i * self.step for i in range(max(0, count))]
        return reversed(ys) if order.startswith("bottom") else ys

    def _columns(self, order: str, w: float) -> Iterable[float]:
        count = int((self.columns * self.step - w) / self.step) + 1
        xs = [i * self.step for i in range(max(0, count))]
        return reversed(xs) if order.endswith("right") else xs

    def _cells(self, rect: Rect, margin: float) -> tuple[int, int, int, int]:
        left, top, right, bottom = rect
        return (
            max(0, math.floor((left - margin) / self.step)),
            max(0, math.floor((top - margin) / self.step)),
            min(self.columns, math.ceil((right + margin) / self.step)),
            min(self.rows, math.ceil((bottom + margin) / self.step)),
        )

    def _table(self) -> list[list[int]]:
        if self._sums is None:
            sums = [[0] * (self.columns + 1)]
            for row in range(self.rows):
                # each row's running sums along the row, added to the row of sums above
                along = itertools.accumulate(self.taken[row], initial=0)
                sums.append([above + here for above, here in zip(sums[-1], along, strict=True)])
            self._sums = sums
        return self._sums
