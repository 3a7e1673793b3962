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
        w = math.ceil((size[0] + 2 * margin) / self.step)
        h = math.ceil((size[1] + 2 * margin) / self.step)
        sums = self._table()
        best: tuple[int, int, int] | None = None
        for top in range(0, self.rows - h + 1, stride):
            above, below = sums[top], sums[top + h]
            for left in range(0, self.columns - w + 1, stride):
                if below[left + w] - above[left + w] - below[left] + above[left]:
                    continue
                touching = self._ring(sums, left, top, w, h)
                if best is None or touching > best[0]:
                    best = (touching, left, top)
        if best is None:
            return None
        share = best[0] / (2 * (w + h) + 4)
        return share, (best[1] * self.step + margin, best[2] * self.step + margin)

    def _ring(self, sums: list[list[int]], left: int, top: int, w: int, h: int) -> int:
        """Taken cells in the one-cell ring around a rectangle; the sheet's edge counts as taken."""
        outer_left, outer_top = max(0, left - 1), max(0, top - 1)
        outer_right, outer_bottom = min(self.columns, left + w + 1), min(self.rows, top + h + 1)
        taken = (
            sums[outer_bottom][outer_right]
            - sums[outer_top][outer_right]
            - sums[outer_bottom][outer_left]
            + sums[outer_top][outer_left]
        )
        edge = (w if top == 0 else 0) + (w if top + h == self.rows else 0)
        edge += (h if left == 0 else 0) + (h if left + w == self.columns else 0)
        return taken + edge

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


def inner_space(free: FreeSpace, edge: float) -> FreeSpace:
    """The free space less a strip ``edge`` inches wide along the sheet's edge."""
    skip = round(edge / free.step)
    width, height = free.columns * free.step, free.rows * free.step
    inner = FreeSpace(width - 2 * edge, height - 2 * edge, free.step)
    inner.taken = [row[skip : skip + inner.columns] for row in free.taken[skip : skip + inner.rows]]
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
