"""What `wgc slice` does: read the sheets, find or take their grids, cut, write the faces and
counters.json (every file atomically), and say what was done."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from compiler.art.files import load_image
from compiler.art.slicing import (
    NoSheetGrid,
    SheetGrid,
    SlicedFace,
    find_sheet_grid,
    given_grid,
    skeleton,
    slice_sheets,
)
from compiler.errors import OutputError
from compiler.loading.art_errors import ArtError
from compiler.new_game import schema_link
from compiler.output.atomic import write_bytes_atomic
from compiler.render.images import png_bytes

Given = tuple[object, object, object, object]


def run_slice(
    front_path: Path,
    back_path: Path | None,
    folder: Path,
    prefix: str,
    given: Given | None,
    flip: str,
    art_path: str,
) -> tuple[str, bool]:
    """(what was done, whether it worked)."""
    try:
        front = load_image(front_path)
        back = load_image(back_path) if back_path is not None else None
        front_grid = _given(given, front) if given is not None else find_sheet_grid(front)
        back_grid = None
        if back is not None:
            back_grid = _given(given, back) if given is not None else find_sheet_grid(back)
            if (back_grid.columns, back_grid.rows) != (front_grid.columns, front_grid.rows):
                return _mismatch(front_grid, back_grid), False
    except ArtError as exc:
        return f"error: {exc.message}" + (f"\n    hint: {exc.hint}" if exc.hint else ""), False
    except NoSheetGrid as exc:
        return f"error: {exc.message}\n    hint: {exc.hint}", False
    faces = slice_sheets(front, back, front_grid, back_grid, flip)
    files = _write_faces(faces, folder, prefix, art_path)
    document = skeleton(faces, files, prefix)
    document["$schema"] = _schema(folder / "counters.json")
    _write(folder / "counters.json", (json.dumps(document, indent=2) + "\n").encode())
    grid = front_grid
    return (
        f"{front_path}: {grid.columns} x {grid.rows} faces of {grid.size[0]} x {grid.size[1]} px, "
        f"{grid.pitch[0]:.1f} x {grid.pitch[1]:.1f} px apart; wrote {len(faces)} counters "
        f"({len(files)} images) and counters.json to {folder}"
    ), True


def _given(given: Given, sheet: Image.Image) -> SheetGrid:
    grid, origin, pitch, size = given
    assert isinstance(grid, tuple) and isinstance(origin, tuple) and isinstance(pitch, tuple)
    assert isinstance(size, tuple)
    return given_grid(grid, origin, pitch, size, sheet)


def _mismatch(front: SheetGrid, back: SheetGrid) -> str:
    return (
        f"error: the front sheet has {front.columns} x {front.rows} faces, the back {back.columns} x "
        f"{back.rows}\n    hint: give the grid (--grid, --origin, --pitch, --size) if one sheet's "
        "gutters do not show"
    )


def _write_faces(
    faces: list[SlicedFace], folder: Path, prefix: str, art_path: str
) -> dict[tuple[int, int, str], str]:
    files: dict[tuple[int, int, str], str] = {}
    for face in faces:
        for side, image in (("front", face.front), ("back", face.back)):
            if image is None:
                continue
            name = f"{prefix}-{face.row + 1:02d}{face.column + 1:02d}-{side}.png"
            _write(folder / name, png_bytes(image))
            files[(face.row, face.column, side)] = f"{art_path.rstrip('/')}/{name}"
    return files


def _schema(path: Path) -> str:
    """counters.json's ``$schema``, with wgc's schemas written where it points (new_game.schema_link)."""
    try:
        return schema_link(path, "counters")
    except OSError as exc:
        raise OutputError(f"cannot write the schemas for {path}: {exc.strerror or exc}") from exc


def _write(path: Path, data: bytes) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, data)
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from exc
