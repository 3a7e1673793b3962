"""Where to cut, as a print shop marks it: crop marks in the margins, never a line across a
printed face. On every game's counter and card sheets, both sides of every sheet: each piece's
cell (its face and its bleed) holds exactly the face's own pixels, so no mark, note or title
is drawn over it; every crop mark is drawn; and turned on the long edge, the back's marks lie
on the front's within 1 px at 300 ppi."""

from __future__ import annotations

from functools import cache

import pytest
from PIL import Image, ImageChops

from compiler.presentation.colours import rgb
from compiler.render.sheets import (
    CROP_GREY,
    SheetPages,
    SheetSpec,
    crop_marks,
    cut_note_top,
    render_card_sheets,
    render_counter_sheets,
)

from .conftest import GAMES, shipped

KINDS = ("counters", "cards")


@cache
def sheets(game: str, kind: str) -> SheetPages | None:
    spec = SheetSpec(dpi=300)
    if kind == "counters":
        return render_counter_sheets(shipped(game), spec)
    return render_card_sheets(shipped(game), spec)


def _cases() -> list[tuple[str, str]]:
    return [(game, kind) for game in GAMES for kind in KINDS]


def _mark_pixels(page: Image.Image, start: tuple[int, int], end: tuple[int, int]) -> int:
    """How many pixels along a mark are the crop marks' grey."""
    (x1, y1), (x2, y2) = start, end
    points = [(x1, y) for y in range(y1, y2 + 1)] if x1 == x2 else [(x, y1) for x in range(x1, x2 + 1)]
    grey = rgb(CROP_GREY)
    return sum(page.getpixel(point)[:3] == grey for point in points)  # type: ignore[index]


@pytest.mark.parametrize(("game", "kind"), _cases())
def test_no_mark_crosses_a_piece_and_every_mark_is_drawn(game: str, kind: str) -> None:
    pages = sheets(game, kind)
    if pages is None:
        assert kind == "cards" and not shipped(game).decks
        return
    grid, checked = pages.grid, 0
    for sheet in range(pages.sheets):
        used = [p for p in pages.placements if p.sheet == sheet]
        for side in ("front", "back"):
            page = pages.page(sheet, side)
            place = grid.front if side == "front" else grid.back
            for placement in used:
                face = pages._faces.get(placement.item, side).image
                x, y = place(placement.column, placement.row)
                drawn = page.crop((x, y, x + face.width, y + face.height))
                assert ImageChops.difference(drawn, face).getbbox() is None, (
                    game,
                    kind,
                    sheet + 1,
                    side,
                    placement.item.key,
                )
                checked += 1
            marks = crop_marks(pages.spec, grid, used, side)
            assert len(marks) >= 4 * (grid.columns + 1)
            for start, end in marks:
                assert _mark_pixels(page, start, end) >= abs(end[0] - start[0]) + abs(end[1] - start[1])
            bottom = max(end[1] for _, end in marks)
            assert bottom < cut_note_top(pages.spec, grid, used) < page.height - 0.2 * 300
    assert checked == 2 * len(pages.placements)


@pytest.mark.parametrize(("game", "kind"), _cases())
def test_the_backs_marks_lie_on_the_fronts_within_a_pixel(game: str, kind: str) -> None:
    """Mirrored across the page (a flip on the long edge), each mark of a back page lands
    within 1 px of one of its front's, and each piece's cell exactly on its front's."""
    pages = sheets(game, kind)
    if pages is None:
        return
    grid, width = pages.grid, pages.spec.page_px[0]
    for sheet in range(pages.sheets):
        used = [p for p in pages.placements if p.sheet == sheet]
        fronts = crop_marks(pages.spec, grid, used, "front")
        backs = crop_marks(pages.spec, grid, used, "back")
        assert len(fronts) == len(backs)
        for (x1, y1), (x2, y2) in backs:
            mirrored = sorted((width - x1, width - x2))
            assert any(
                abs(mirrored[0] - min(a[0], b[0])) <= 1
                and abs(mirrored[1] - max(a[0], b[0])) <= 1
                and (a[1], b[1]) == (y1, y2)
                for a, b in fronts
            ), ((x1, y1), (x2, y2))
        for placement in used:
            fx, fy = grid.front(placement.column, placement.row)
            bx, by = grid.back(placement.column, placement.row)
            assert (width - bx - grid.cell_width, by) == (fx, fy)
