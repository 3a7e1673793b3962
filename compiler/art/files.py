"""Read the image files a game names: inside the game folder only, bounded, checked, hashed.

``ArtReader.read`` is the one way in: the name must end in .png, .jpg, .jpeg or .svg and
is read through the game folder's one reader (``loading/folder.py``: a relative path that,
links followed, stays inside the folder; regular files only, never past the limit); the
file is then fully decoded or screened (``decode``, ``svg``) and hashed. ``reader.ArtReader``
reads each file once per validation however often the data names it.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from PIL import Image

from compiler.art import limits
from compiler.art.decode import decode_raster, raster_kind
from compiler.art.svg import render_svg, screen_svg
from compiler.diagnostics import codes
from compiler.loading.art_errors import ArtError
from compiler.loading.files import SourceFileError, read_bounded
from compiler.loading.folder import GameFolder
from rules_engine.definitions.art import Artwork

SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")


def read_artwork(root: Path, name: str) -> Artwork:
    """The image ``name`` (relative to the game folder ``root``); ArtError if it cannot be used."""
    _check_suffix(name)
    svg = name.lower().endswith(".svg")
    data = _game_bytes(GameFolder(root), name, limits.SVG_BYTES if svg else limits.IMAGE_BYTES)
    digest = hashlib.sha256(data).hexdigest()
    if svg:
        width, height = screen_svg(data)
        return Artwork(name, "svg", round(width), round(height), digest, str(root))
    kind = raster_kind(data)
    if kind is None:
        raise ArtError(
            codes.ART_UNREADABLE,
            "the file is not a PNG or JPEG image",
            "save the art as PNG, JPEG or SVG",
        )
    image = decode_raster(data)
    return Artwork(name, kind, image.width, image.height, digest, str(root))


def artwork_image(art: Artwork, size: tuple[int, int] | None = None) -> Image.Image:
    """The artwork's pixels (RGBA), at ``size`` if given (an SVG is drawn at that size, a raster
    image resampled); ArtError if the file changed or went since it was validated. The file is
    read again through the game folder's reader, so it is still checked to lie inside."""
    limit = limits.SVG_BYTES if art.kind == "svg" else limits.IMAGE_BYTES
    data = _game_bytes(GameFolder(Path(art.root)), art.file, limit)
    if hashlib.sha256(data).hexdigest() != art.digest:
        raise ArtError(
            codes.ART_UNREADABLE,
            f"{art.file} changed while it was being built",
            "build again: the game is validated with the file as it is now",
        )
    if art.kind == "svg":
        return render_svg(data, *(size or art.size))
    image = decode_raster(data).convert("RGBA")
    if size is not None and image.size != size:
        image = image.resize(size, Image.Resampling.LANCZOS)
    return image


def _check_suffix(name: str) -> None:
    if not name.lower().endswith(SUFFIXES):
        raise ArtError(
            codes.ART_UNREADABLE,
            f"'{name[:200]}' is not a .png, .jpg, .jpeg or .svg file",
            "export the art as PNG, JPEG or SVG",
        )


def _game_bytes(folder: GameFolder, name: str, limit: int) -> bytes:
    try:
        return folder.read(name, limit)
    except SourceFileError as exc:
        if exc.code == codes.FILE_OUTSIDE_GAME:
            hint = "name the file relative to the game folder, with / between folders (art/map.png)"
            if "leads outside" in exc.message:
                hint = "copy the image into the game folder: a game carries its own art"
            raise ArtError(codes.ART_OUTSIDE_GAME, exc.message, hint) from None
        raise _art_error(exc) from None


def _bytes(path: Path, limit: int) -> bytes:
    try:
        return read_bounded(path, limit)
    except SourceFileError as exc:
        raise _art_error(exc) from None


def _art_error(exc: SourceFileError) -> ArtError:
    code = codes.ART_MISSING if exc.code == codes.FILE_MISSING else codes.ART_UNREADABLE
    if exc.code == codes.FILE_TOO_LARGE:
        code = codes.ART_TOO_LARGE
    hint = "check the name and its folder" if code == codes.ART_MISSING else exc.hint
    if exc.code == codes.FILE_NOT_A_FILE:
        hint = "name an image file; folders, devices, pipes and sockets are never read"
    return ArtError(code, exc.message, hint)


def load_image(path: Path) -> Image.Image:
    """Any image file a command is pointed at (a scan, a sheet), read and decoded within the
    same limits as a game's art; an SVG is drawn at its declared size. RGB."""
    svg = path.suffix.lower() == ".svg"
    data = _bytes(path, limits.SVG_BYTES if svg else limits.IMAGE_BYTES)
    if svg:
        width, height = screen_svg(data)
        image = render_svg(data, max(1, round(width)), max(1, round(height)))
    else:
        if raster_kind(data) is None:
            raise ArtError(codes.ART_UNREADABLE, "the file is not a PNG, JPEG or SVG image")
        image = decode_raster(data)
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        flat = Image.new("RGB", image.size, "white")
        flat.paste(image.convert("RGBA"), mask=image.convert("RGBA").getchannel("A"))
        return flat
    return image if image.mode == "RGB" else image.convert("RGB")  # a sheet at the limit: 240 MB a copy
