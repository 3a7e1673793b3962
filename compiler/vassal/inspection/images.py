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


_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$")


def _svg_size(head: bytes) -> tuple[int, int] | None:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, recover=True)
    try:
        root = etree.fromstring(head, parser)
    except etree.XMLSyntaxError:
        return None
    if root is None or not str(root.tag).endswith("svg"):
        return None
    width, height = _svg_length(root.get("width")), _svg_length(root.get("height"))
    if width is None or height is None:
        box = (root.get("viewBox") or "").replace(",", " ").split()
        if len(box) != 4:
            return None
        try:
            width, height = float(box[2]), float(box[3])
        except ValueError:
            return None
    return round(width), round(height)


def _svg_length(value: str | None) -> float | None:
    match = _LENGTH.match(value or "")
    return float(match.group(1)) if match else None
