"""The size of an image as VASSAL reads it, from the first bytes of its entry.

VASSAL (Java's ImageIO and Batik) draws PNG, GIF, JPEG, BMP and TIFF images and SVG
drawings; anything else, or a file whose content is none of these whatever its name says,
fails to load ("Image not found" or an ImageIOException), and a board made of it is 0x0.
"""

from __future__ import annotations

import io
import re
import struct

from lxml import etree

from compiler.javatext.numbers import java_float, java_round_to_int

JAVA_FORMATS = {"PNG", "GIF", "JPEG", "BMP", "TIFF"}
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def image_size(name: str, head: bytes) -> tuple[int, int] | None:
    """(width, height), or None when VASSAL could not read the image."""
    if name.lower().endswith(".svg"):
        return _svg_size(head)
    if head.startswith(PNG_SIGNATURE) and head[12:16] == b"IHDR" and len(head) >= 24:
        width, height = struct.unpack(">II", head[16:24])
        return int(width), int(height)
    return _pillow_size(head)


def _pillow_size(head: bytes) -> tuple[int, int] | None:
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(head)) as image:
            if image.format not in JAVA_FORMATS:
                return None
            return int(image.size[0]), int(image.size[1])
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, struct.error, EOFError):
        return None


_LENGTH = re.compile(r"\s*([+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)\s*(px)?\s*$")


class _Unreadable(Exception):
    """An SVG size VASSAL's Batik refuses: the image does not load ("Error reading image")."""


def _svg_size(head: bytes) -> tuple[int, int] | None:
    """SVGImageUtils.getImageSize: width and height (in px or without a unit), else the
    viewBox's, else square; (int) (w + 0.5f), so a width too large for a float becomes the
    int limit. A viewBox that is not four numbers makes the image unreadable."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, recover=True)
    try:
        root = etree.fromstring(head, parser)
    except etree.XMLSyntaxError:
        return None
    if root is None or not str(root.tag).endswith("svg"):
        return None
    try:
        width, height = _svg_length(root.get("width")), _svg_length(root.get("height"))
        box = _view_box(root.get("viewBox"))
    except _Unreadable:
        return None
    if width < 0 or height < 0:
        if box is not None:
            width, height = (box[0] if width < 0 else width), (box[1] if height < 0 else height)
        elif not root.get("viewBox", "").strip():
            width = height = max(width, height, 0.0)  # one given: square; none: 0x0
    return java_round_to_int(width), java_round_to_int(height)


def _svg_length(value: str | None) -> float:
    """A width or height in user units; -1 when absent, or in a unit not read here (the
    viewBox then decides, as it does for VASSAL when there is none)."""
    if value is None or not value.strip():
        return -1.0
    match = _LENGTH.match(value)
    number = java_float(match.group(1)) if match else None
    return -1.0 if number is None else number


def _view_box(value: str | None) -> tuple[float, float] | None:
    """(width, height) of a viewBox; None when there is none or it is empty (0 wide or high)."""
    if value is None or not value.strip():
        return None
    numbers = [java_float(part) for part in value.replace(",", " ").split()]
    if len(numbers) != 4 or any(n is None for n in numbers):
        raise _Unreadable(value)  # 'nan' or 'inf' is no number for Batik; 400 digits are infinity
    width, height = numbers[2] or 0.0, numbers[3] or 0.0
    if width < 0 or height < 0:
        raise _Unreadable(value)
    return (width, height) if width and height else None
