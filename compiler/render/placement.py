"""Where furniture goes: packed into the band under a hex map, or into the free parts of a
point-to-point map, never over anything a player moves on.

``pack_band`` puts blocks left to right, each as high as it can go (a skyline
packing). ``FreeSpace`` keeps a coarse grid of what is taken on a map (spaces,
routes, names, earlier blocks) with a summed-area table, so finding the first free
place for a block, scanning from the corner it prefers, or the snuggest, is cheap.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from compiler.render.furniture import Block

Placed = tuple[Block, float, float]  # a block and its top-left corner, inches


def placing_step(width_in: float, height_in: float) -> float:
    """The grid furniture is placed on: 0.05 in on a sheet up to tabloid, 0.1 in on a larger one
    (fine enough there, and a quarter of the cells to search)."""
    return 0.05 if width_in * height_in <= 11 * 17 + 1 else 0.1


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
    """A grid over a sheet (``step`` inches a cell) of what is taken, as a boolean array: every
    question about all the places a block could go is answered at once from its summed-area
    table (numpy), which matters when a sheet's blocks are tried in many orders."""

    def __init__(self, width: float, height: float, step: float = 0.05) -> None:
        self.step = step
        self.columns = math.ceil(width / step)
        self.rows = math.ceil(height / step)
        self.taken = np.zeros((self.rows, self.columns), dtype=bool)
        self._sums: NDArray[np.int32] | None = None

    def take(self, rect: Rect, margin: float = 0.0) -> None:
        left, top, right, bottom = self._cells(rect, margin)
        if left < right and top < bottom:
            self.taken[top:bottom, left:right] = True
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
        return not self.taken[top:bottom, left:right].any()

    def find(self, size: tuple[float, float], order: str, margin: float) -> tuple[float, float] | None:
        """The first free top-left corner for a block of ``size`` (plus ``margin`` all round),
        scanning rows from the bottom ('bottom-left', 'bottom-right') or top ('top-left',
        'top-right'), and in each row from the left or the right."""
        free = self._free_corners(size, margin)
        if free is None:
            return None
        rows = free.any(axis=1)
        if not rows.any():
            return None
        row = int(np.flatnonzero(rows)[-1 if order.startswith("bottom") else 0])
        columns = np.flatnonzero(free[row])
        column = int(columns[-1 if order.endswith("right") else 0])
        return column * self.step + margin, row * self.step + margin

    def snug(self, size: tuple[float, float], margin: float, stride: int = 0) -> tuple[float, float] | None:
        """The free top-left corner for a block of ``size`` (plus ``margin``) that touches the
        most of what is already taken around it (and the sheet's edge): blocks packed against
        each other and the play area leave the free space in one piece for the blocks to come.
        Corners are tried every ``stride`` cells; ties go to the top, then the left."""
        found = self.snug_score(size, margin, stride)
        return None if found is None else found[1]

    def snug_score(
        self, size: tuple[float, float], margin: float, stride: int = 0
    ) -> tuple[float, tuple[float, float]] | None:
        """``snug``'s corner with the share of the block's outline that touches what is taken;
        corners every ``stride`` cells (by default every 0.1 in)."""
        stride = stride or max(1, round(0.1 / self.step))
        free = self._free_corners(size, margin)
        if free is None:
            return None
        w, h = self._extent(size, margin)
        touching = self._rings(w, h)
        mask = np.zeros_like(free)
        mask[::stride, ::stride] = True
        score = np.where(free & mask, touching, -1)
        best = int(np.argmax(score))  # the first of the best, row by row: the top, then the left
        top, left = divmod(best, score.shape[1])
        if score[top, left] < 0:
            return None
        share = float(score[top, left]) / (2 * (w + h) + 4)
        return share, (left * self.step + margin, top * self.step + margin)

    def _extent(self, size: tuple[float, float], margin: float) -> tuple[int, int]:
        return math.ceil((size[0] + 2 * margin) / self.step), math.ceil((size[1] + 2 * margin) / self.step)

    def _free_corners(self, size: tuple[float, float], margin: float) -> NDArray[np.bool_] | None:
        """For every top-left cell a block (with its margin) could start at, whether all its cells
        are free: an array of the rows and columns it can start in."""
        w, h = self._extent(size, margin)
        if w > self.columns or h > self.rows:
            return None
        sums = self._table()
        window = sums[h:, w:] - sums[:-h, w:] - sums[h:, :-w] + sums[:-h, :-w]
        return np.asarray(window == 0)

    def _rings(self, w: int, h: int) -> NDArray[np.int32]:
        """For every corner a w x h block may start at, the taken cells in the one-cell ring
        around it, the sheet's edge counting as taken."""
        padded = np.pad(self.taken, 1, constant_values=True).astype(np.int32)
        sums = np.zeros((padded.shape[0] + 1, padded.shape[1] + 1), dtype=np.int32)
        sums[1:, 1:] = padded.cumsum(0).cumsum(1)
        outer = (
            sums[h + 2 :, w + 2 :]
            - sums[: -(h + 2), w + 2 :]
            - sums[h + 2 :, : -(w + 2)]
            + sums[: -(h + 2), : -(w + 2)]
        )
        rows, columns = self.rows - h + 1, self.columns - w + 1
        return np.asarray(outer[:rows, :columns])

    def _cells(self, rect: Rect, margin: float) -> tuple[int, int, int, int]:
        left, top, right, bottom = rect
        return (
            max(0, math.floor((left - margin) / self.step)),
            max(0, math.floor((top - margin) / self.step)),
            min(self.columns, math.ceil((right + margin) / self.step)),
            min(self.rows, math.ceil((bottom + margin) / self.step)),
        )

    def _table(self) -> NDArray[np.int32]:
        """The summed-area table: ``sums[r][c]`` counts the taken cells above row r, left of column c."""
        if self._sums is None:
            sums = np.zeros((self.rows + 1, self.columns + 1), dtype=np.int32)
            sums[1:, 1:] = self.taken.astype(np.int32).cumsum(0).cumsum(1)
            self._sums = sums
        return self._sums


def inner_space(free: FreeSpace, edge: float) -> FreeSpace:
    """The free space less a strip ``edge`` inches wide along the sheet's edge."""
    skip = round(edge / free.step)
    width, height = free.columns * free.step, free.rows * free.step
    inner = FreeSpace(width - 2 * edge, height - 2 * edge, free.step)
    inner.taken = free.taken[skip : skip + inner.rows, skip : skip + inner.columns].copy()
    inner.rows, inner.columns = inner.taken.shape
    return inner


def place_free(
    free: FreeSpace, blocks: Sequence[tuple[Block, str]], edge: float
) -> tuple[list[Placed], list[Block]]:
    """Each block at the first free place scanning from its corner ('top-left' ...), or ('snug')
    where it touches most of what is taken around it, never over what ``free`` marks taken
    (play, names, earlier blocks) nor within ``edge`` inches of the sheet's edge. A block takes
    the first of its shapes that fits; where some block then finds no place, the 'snug' blocks
    are tried again in other orders (every order of the four largest first) and in the shape that
    fits most snugly, and the arrangement that places the most is kept. Returns where each went
    (the shape placed and its top-left corner, inches) and the blocks that found no place."""
    fixed = [item for item in blocks if item[1] != "snug"]
    loose = sorted((item for item in blocks if item[1] == "snug"), key=lambda item: -_reach(item[0]))
    tallest = sorted(loose, key=lambda item: -item[0].size()[1])
    widest = sorted(loose, key=lambda item: -item[0].size()[0])
    # The largest blocks decide the arrangement: each order of the first four is tried, packed
    # snugly, then filling the sheet from its foot.
    orders = [[*head, *loose[4:]] for head in itertools.permutations(loose[:4])]
    tries = [(order, "first") for order in orders]
    tries += [(order, "bottom") for order in orders]
    tries += [(loose, "best"), (tallest, "best"), (widest, "best"), (tallest, "first"), (widest, "first")]
    best: tuple[list[Placed], list[Block]] | None = None
    for spare in (False, True):  # the blocks' full shapes first; their brief ones only if need be
        for order, shapes in tries:
            found = _place_all(free, [*fixed, *order], edge, shapes, spare)
            if best is None or len(found[1]) < len(best[1]):
                best = found
            if not best[1]:
                return best
    assert best is not None
    return best


def _reach(block: Block) -> float:
    """How long a block's longer side is in its most compact shape: what it cannot help taking,
    and so how early it must be placed."""
    return min(max(shape.size()) for shape in block.variants())


def _area(block: Block) -> float:
    width, height = block.size()
    return width * height


def _place_all(
    free: FreeSpace, blocks: Sequence[tuple[Block, str]], edge: float, shapes: str, spare: bool = False
) -> tuple[list[Placed], list[Block]]:
    inner = inner_space(free, edge)
    placed: list[Placed] = []
    missing: list[Block] = []
    for block, order in blocks:
        if order == "snug" and shapes == "best":
            chosen = _snuggest(inner, block, spare)
        elif order == "snug" and shapes == "bottom":
            chosen = _first_fit(inner, block, "bottom-left", spare)
        else:
            chosen = _first_fit(inner, block, order, spare)
        if chosen is None:
            missing.append(block)
            continue
        shape, (x, y) = chosen
        size = shape.size()
        inner.take((x, y, x + size[0], y + size[1]), 0.06)
        placed.append((shape, x + edge, y + edge))
    return placed, missing


def _shapes(block: Block, spare: bool) -> list[Block]:
    return [*block.variants(), *(block.fallbacks() if spare else [])]


def _first_fit(
    inner: FreeSpace, block: Block, order: str, spare: bool = False
) -> tuple[Block, tuple[float, float]] | None:
    """A 'snug' block's first shape that fits; a block with a corner, the shape whose place lies
    nearest that corner's edge (a track that fits the sheet's foot in two rows goes there,
    not higher up in one)."""
    best: tuple[float, Block, tuple[float, float]] | None = None
    for shape in _shapes(block, spare):
        size = shape.size()
        spot = inner.snug(size, 0.06) if order == "snug" else inner.find(size, order, 0.06)
        if spot is None:
            continue
        if order == "snug":
            return shape, spot
        depth = -(spot[1] + size[1]) if order.startswith("bottom") else spot[1]
        if best is None or depth < best[0] - 1e-9:
            best = (depth, shape, spot)
    return None if best is None else (best[1], best[2])


def _snuggest(
    inner: FreeSpace, block: Block, spare: bool = False
) -> tuple[Block, tuple[float, float]] | None:
    """The shape of ``block`` whose snuggest place touches the largest share of its outline."""
    best: tuple[float, Block, tuple[float, float]] | None = None
    for shape in _shapes(block, spare):
        found = inner.snug_score(shape.size(), 0.06)
        if found is not None and (best is None or found[0] > best[0]):
            best = (found[0], shape, found[1])
    return None if best is None else (best[1], best[2])
