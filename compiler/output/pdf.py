"""A small raster PDF writer: one full-page image per page, lossless and reproducible.

Pillow's PDF writer stores RGB pages as JPEG (blurring thin cut lines), takes
the title from the output file name (a temporary name, with atomic writes) and
stamps the current time. This writer keeps pixels exact (FlateDecode), writes
no dates or random IDs, and so gives the same bytes for the same pages.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence

from PIL import Image


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


class _Page:
    """One page's image data, already compressed, and how to decode it."""

    def __init__(self, width: int, height: int, data: bytes, predictor_columns: int | None) -> None:
        self.width, self.height, self.data = width, height, data
        self.predictor_columns = predictor_columns


def _from_image(image: Image.Image, compression: int) -> _Page:
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return _Page(rgb.width, rgb.height, zlib.compress(rgb.tobytes(), compression), None)


def _from_png(png: bytes) -> _Page:
    """Reuse a PNG's compressed data: PDF's Flate filter with PNG predictors reads it as is,
    so each page is compressed once for both the PNG file and the PDF."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, idat = 8, bytearray()
    width = height = 0
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position : position + 8])
        body = png[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if (depth, colour, interlace) != (8, 2, 0):
                raise ValueError("only 8-bit RGB, non-interlaced PNGs can be embedded")
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    return _Page(width, height, bytes(idat), width)


def pdf_from_pngs(pngs: Sequence[bytes], dpi: float, title: str) -> bytes:
    """A PDF of pages given as RGB PNG files (as png_bytes writes them)."""
    return _assemble([_from_png(png) for png in pngs], dpi, title)


def pdf_bytes(pages: Sequence[Image.Image], dpi: float, title: str, compression: int = 6) -> bytes:
    """A PDF whose pages are ``pages`` (RGB images), printed at ``dpi``."""
    return _assemble([_from_image(page, compression) for page in pages], dpi, title)


def _assemble(pages: Sequence[_Page], dpi: float, title: str) -> bytes:
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in once the page tree's number is known
    pages_ref = add(b"")
    kids = []
    for page in pages:
        width_pt, height_pt = page.width * 72 / dpi, page.height * 72 / dpi
        decode = (
            (
                b" /DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns %d >>"
                % page.predictor_columns
            )
            if page.predictor_columns
            else b""
        )
        image = add(
            b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB "
            b"/BitsPerComponent 8 /Filter /FlateDecode%s /Length %d >>\nstream\n"
            % (page.width, page.height, decode, len(page.data))
            + page.data
            + b"\nendstream"
        )
        drawing = b"q %.4f 0 0 %.4f 0 0 cm /Im0 Do Q" % (width_pt, height_pt)
        content = add(b"<< /Length %d >>\nstream\n" % len(drawing) + drawing + b"\nendstream")
        kids.append(
            add(
                b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %.4f %.4f] "
                b"/Resources << /XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>"
                % (pages_ref, width_pt, height_pt, image, content)
            )
        )
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % pages_ref
    objects[pages_ref - 1] = (
        b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids) + b"] /Count %d >>" % len(kids)
    )
    info = add(b"<< /Title (" + _escape(title).encode("latin-1", "replace") + b") /Producer (wgc) >>")
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        catalog,
        info,
        xref,
    )
    return bytes(out)
