"""Where furniture goes: the free-space grid's answers, and the packer's."""

from __future__ import annotations

from compiler.render.furniture import BoxBlock
from compiler.render.placement import FreeSpace, inner_space, place_free


def test_find_scans_from_the_corner_asked_for() -> None:
    free = FreeSpace(4.0, 3.0, step=0.1)
    free.take((1.0, 0.0, 3.0, 3.0))  # a wall down the middle: free at the left and the right
    assert free.find((0.5, 0.5), "top-left", 0.0) == (0.0, 0.0)
    assert free.find((0.5, 0.5), "top-right", 0.0) == (3.5, 0.0)
    left, top = free.find((0.5, 0.5), "bottom-left", 0.0) or (-1.0, -1.0)
    assert (round(left, 6), round(top, 6)) == (0.0, 2.5)
    assert free.find((1.5, 0.5), "top-left", 0.0) is None  # wider than either side
    assert not free.is_free((0.9, 0.0, 1.1, 0.5)) and free.is_free((0.0, 0.0, 0.9, 0.5))


def test_snug_packs_against_what_is_taken() -> None:
    """A block goes where it touches most: in a corner, not in the open middle."""
    free = FreeSpace(4.0, 4.0, step=0.1)
    found = free.snug_score((1.0, 1.0), 0.0)
    assert found is not None
    share, (left, top) = found
    assert (left, top) == (0.0, 0.0) and share > 0.4  # two sides on the sheet's edge
    free.take((0.0, 0.0, 4.0, 2.0))
    _, (left, top) = free.snug_score((1.0, 1.0), 0.0) or (0.0, (-1.0, -1.0))
    assert (round(left, 6), round(top, 6)) == (0.0, 2.0)


def test_the_inner_space_leaves_the_edge_strip() -> None:
    free = FreeSpace(4.0, 3.0, step=0.1)
    free.take((0.0, 0.0, 0.5, 0.5))
    inner = inner_space(free, 0.2)
    assert inner.taken.shape == (26, 36)
    assert inner.taken[0, 0] and not inner.taken[10, 10]


def test_place_free_places_every_block_apart() -> None:
    """Three boxes on a small sheet: each in one of its shapes, none overlapping another."""
    free = FreeSpace(4.0, 4.0, step=0.05)
    blocks = [
        BoxBlock("a", "A", 4, 0.75, columns=4),
        BoxBlock("b", "B", 4, 0.75, columns=4),
        BoxBlock("c", "C", 2, 0.75, columns=2),
    ]
    placed, missing = place_free(free, [(b, "snug") for b in blocks], 0.1)
    assert missing == [] and len(placed) == 3
    rects = [(x, y, x + s.size()[0], y + s.size()[1]) for s, x, y in placed]
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
