"""Cut a scanned counter sheet into face images, and pair each front with its back.

A counter sheet is a grid of faces on a plain ground: the ground shows in the gutters
between them and around them. ``find_sheet_grid`` reads, row by row and column by
column, how much of the sheet differs from the ground; the faces are the runs where
much does, and a regular grid (origin, pitch, face size, rows and columns) is fitted
through their starts. A sheet without gutters needs its grid given (``SheetGrid``).

The back sheet is printed mirrored, so that a back lies behind its front once the
sheet is turned over: flipped on its long edge (the default) the back of the face in
column c is in column (columns - 1 - c) of the back sheet, in the same row; flipped
on its short edge, in row (rows - 1 - r) of the same column. Each sheet's grid is
found on its own, since a scan is never placed twice at the same spot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray
from PIL import Image

Array = NDArray[Any]
GROUND_DIFFERENCE = 40  # a pixel this far from the ground colour (summed over R, G, B) is art
BLANK_SHARE = 0.02  # a cell with less art than this share of its pixels holds no face
MAX_FACES = 10_000  # faces of one sheet (real sheets: some hundreds)


class NoSheetGrid(Exception):
    """No grid of faces could be found; ``hint`` says what to give instead."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint or "give the grid: --grid COLUMNSxROWS --origin X,Y --pitch DX,DY --size W,H"


@dataclass(frozen=True)
class SheetGrid:
    """Faces ``size`` pixels large, the first one's top-left corner at ``origin``, ``pitch``
    apart (a face and a gutter), in ``columns`` x ``rows``."""

    origin: tuple[float, float]
    pitch: tuple[float, float]
    size: tuple[int, int]
    columns: int
    rows: int

    def box(self, column: int, row: int) -> tuple[int, int, int, int]:
        left = round(self.origin[0] + column * self.pitch[0])
        top = round(self.origin[1] + row * self.pitch[1])
        return left, top, left + self.size[0], top + self.size[1]


@dataclass(frozen=True)
class SlicedFace:
    row: int
    column: int
    front: Image.Image
    back: Image.Image | None


def find_sheet_grid(image: Image.Image) -> SheetGrid:
    """The grid of faces on a sheet with gutters; NoSheetGrid when none shows.

    Along each axis, the lines of pixels that hold any art form runs: a run for each row (or
    column) of faces, with the gutters between them empty, and shorter runs for a title or a
    caption, which are dropped. Rows are found first; columns then only among the rows of
    faces, so a title that spans the gutters above them does not join the columns; the rows
    are found again among the columns of faces, for a caption at the side."""
    art = _art_mask(image)
    rows = _runs(art.mean(axis=1))
    if not rows:
        raise NoSheetGrid("the sheet is blank: nothing on it differs from its ground")
    columns = _runs(_within(art, rows, axis=0).mean(axis=0))
    rows = _runs(_within(art, columns, axis=1).mean(axis=1))
    if len(columns) * len(rows) < 2:
        raise NoSheetGrid("no rows and columns of faces stand out from the sheet's ground")
    x0, dx, width = _regular(columns, image.width)
    y0, dy, height = _regular(rows, image.height)
    return SheetGrid((x0, y0), (dx, dy), (width, height), len(columns), len(rows))


def given_grid(
    grid: tuple[float, float],
    origin: tuple[float, float],
    pitch: tuple[float, float],
    size: tuple[float, float],
    image: Image.Image,
) -> SheetGrid:
    """The grid a user gives (``--grid``, ``--origin``, ``--pitch``, ``--size``), if it cuts
    whole faces from ``image``; NoSheetGrid saying which number is wrong. Unchecked, a face of
    0 or NaN pixels, or one off the sheet, is cut into an empty image or stops Pillow, and a
    grid of millions of faces runs for hours."""
    if not all(math.isfinite(n) for n in (*grid, *origin, *pitch, *size)):
        raise NoSheetGrid("the grid's numbers must be finite", GIVEN_HINT)
    columns, rows = int(grid[0]), int(grid[1])
    if columns < 1 or rows < 1 or columns * rows > MAX_FACES:
        raise NoSheetGrid(
            f"--grid gives {columns} x {rows} faces; 1 to {MAX_FACES:,} faces in all", GIVEN_HINT
        )
    if min(size) < 1 or min(pitch) <= 0:
        raise NoSheetGrid("a face (--size) is at least 1 x 1 px, and --pitch is more than 0", GIVEN_HINT)
    found = SheetGrid(origin, pitch, (round(size[0]), round(size[1])), columns, rows)
    left, top, _, _ = found.box(0, 0)
    _, _, right, bottom = found.box(columns - 1, rows - 1)
    if left < 0 or top < 0 or right > image.width or bottom > image.height:
        raise NoSheetGrid(
            f"the grid's faces run from ({left}, {top}) to ({right}, {bottom}) px, past the sheet's "
            f"{image.width} x {image.height} px",
            GIVEN_HINT,
        )
    return found


GIVEN_HINT = (
    "give --grid COLUMNSxROWS, --origin X,Y (the first face's top-left corner), --pitch DX,DY "
    "and --size W,H in the sheet's pixels, every face inside the sheet"
)


def _art_mask(image: Image.Image) -> Array:
    """True where the sheet differs from its ground (the commonest colour along its border).
    Worked out a band of rows at a time, in 16 bits: the whole sheet as an array of 32-bit
    integers took 3 GB and 23 s for a sheet at the pixel limit (80 million pixels)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    width, height = rgb.size

    def strip(box: tuple[int, int, int, int]) -> Array:
        return np.asarray(rgb.crop(box)).reshape(-1, 3)

    border = np.concatenate(
        [
            strip((0, 0, width, 1)),
            strip((0, height - 1, width, height)),
            strip((0, 0, 1, height)),
            strip((width - 1, 0, width, height)),
        ]
    )
    colours, counts = np.unique(border // 8, axis=0, return_counts=True)
    ground = colours[int(np.argmax(counts))].astype(np.int16) * 8 + 4
    # each channel's distance from the ground, looked up rather than worked out per pixel
    distance = np.abs(np.arange(256, dtype=np.int16)[:, None] - ground[None, :]).astype(np.uint16)
    mask: Array = np.empty((height, width), dtype=bool)
    for top in range(0, height, MASK_ROWS):
        band = np.asarray(rgb.crop((0, top, width, min(height, top + MASK_ROWS))))
        total = distance[band[..., 0], 0] + distance[band[..., 1], 1] + distance[band[..., 2], 2]
        mask[top : top + MASK_ROWS] = total > GROUND_DIFFERENCE
    return mask


MASK_ROWS = 256  # rows of a sheet compared with its ground at a time


def _within(art: Array, runs: list[tuple[int, int]], axis: int) -> Array:
    """The mask limited to the rows (axis 0) or columns (axis 1) the runs cover."""
    keep = np.zeros(art.shape[axis], dtype=bool)
    for start, length in runs:
        keep[start : start + length] = True
    limited: Array = art[keep] if axis == 0 else art[:, keep]
    return limited


def _runs(profile: Array) -> list[tuple[int, int]]:
    """(start, length) of the stretches of lines holding art; stretches less than half as
    long as the longest are text or marks, not faces."""
    if profile.size == 0 or not np.isfinite(profile).all() or float(profile.max()) <= 0:
        return []
    busy = profile > 0.02 * float(profile.max())
    runs, start = [], None
    for index, flag in enumerate([*busy.tolist(), False]):
        if flag and start is None:
            start = index
        elif not flag and start is not None:
            runs.append((start, index - start))
            start = None
    longest = max(length for _, length in runs)
    return [run for run in runs if run[1] >= 0.5 * longest]


def _regular(runs: list[tuple[int, int]], extent: int) -> tuple[float, float, int]:
    """(first start, pitch, face length) of runs that must be evenly spaced and alike."""
    starts = np.array([start for start, _ in runs], dtype=float)
    length = int(np.median([length for _, length in runs]))
    if len(runs) == 1:
        return float(starts[0]), float(extent), length
    index = np.arange(len(runs), dtype=float)
    pitch, first = np.polyfit(index, starts, 1)
    uneven = np.abs(first + pitch * index - starts).max() > max(2.0, 0.05 * pitch)
    if uneven or any(abs(run_length - length) > max(3, 0.08 * length) for _, run_length in runs):
        raise NoSheetGrid("the faces are not evenly spaced and alike (do some touch?)")
    return float(first), float(pitch), length


def slice_sheets(
    front: Image.Image,
    back: Image.Image | None,
    front_grid: SheetGrid,
    back_grid: SheetGrid | None,
    flip: str = "long",
) -> list[SlicedFace]:
    """Every face on the front sheet that holds art, with its back if a back sheet is given."""
    faces = []
    art = _art_mask(front)
    for row in range(front_grid.rows):
        for column in range(front_grid.columns):
            left, top, right, bottom = front_grid.box(column, row)
            if float(art[max(0, top) : bottom, max(0, left) : right].mean()) < BLANK_SHARE:
                continue  # no face here: the ground shows through
            face = front.crop((left, top, right, bottom)).convert("RGB")
            back_face = None
            if back is not None and back_grid is not None:
                back_column = back_grid.columns - 1 - column if flip == "long" else column
                back_row = back_grid.rows - 1 - row if flip == "short" else row
                box = back_grid.box(back_column, back_row)
                back_face = back.crop(
                    (box[0], box[1], box[0] + front_grid.size[0], box[1] + front_grid.size[1])
                )
                back_face = back_face.convert("RGB")
            faces.append(SlicedFace(row, column, face, back_face))
    return faces


def skeleton(faces: list[SlicedFace], files: dict[tuple[int, int, str], str], prefix: str) -> dict[str, Any]:
    """A counters.json naming each face's images, for the designer to fill in (side, class, values)."""
    counters = []
    for face in faces:
        label = f"{face.row + 1:02d}{face.column + 1:02d}"
        counter: dict[str, Any] = {
            "id": f"{prefix}-{label}",
            "name": f"{prefix.upper()} {label}",
            "kind": "unit",
            "side": "SIDE",
            "front": {"image": files[(face.row, face.column, "front")]},
        }
        if face.back is not None:
            counter["back"] = {"image": files[(face.row, face.column, "back")]}
        counters.append(counter)
    return {"$schema": "counters.schema.json", "counters": counters}
