"""A small raster PDF writer: one full-page image per page, lossless and reproducible.

Pillow's PDF writer stores RGB pages as JPEG (blurring thin cut lines), takes
the title from the output file name (a temporary name, with atomic writes) and
stamps the current time. This writer keeps pixels exact (FlateDecode), writes
no dates or random IDs, and so gives the same bytes for the same pages.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Sequence
from typing import BinaryIO

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
    out = io.BytesIO()
    writer = PdfWriter(out, dpi, title)
    for png in pngs:
        writer.add_png(png)
    writer.close()
    return out.getvalue()


def pdf_bytes(pages: Sequence[Image.Image], dpi: float, title: str, compression: int = 6) -> bytes:
    """A PDF whose pages are ``pages`` (RGB images), printed at ``dpi``."""
    out = io.BytesIO()
    writer = PdfWriter(out, dpi, title)
    for page in pages:
        writer.add(_from_image(page, compression))
    writer.close()
    return out.getvalue()


class PdfWriter:
    """Writes a PDF page by page into ``stream``, so a document of any length needs memory for
    one page only. Objects 1 and 2 (catalog and page tree) come last in the file, once the
    pages are known; the cross-reference table finds them wherever they are."""

    CATALOG, PAGES = 1, 2

    def __init__(self, stream: BinaryIO, dpi: float, title: str) -> None:
        self.stream, self.dpi, self.title = stream, dpi, title
        self.offsets: dict[int, int] = {}
        self.kids: list[int] = []
        self.position = 0
        self._write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")

    def _write(self, data: bytes) -> None:
        self.stream.write(data)
        self.position += len(data)

    def _object(self, body: bytes, number: int | None = None) -> int:
        number = number or max(self.offsets, default=self.PAGES) + 1
        self.offsets[number] = self.position
        self._write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
        return number

    def add_png(self, png: bytes) -> None:
        self.add(_from_png(png))

    def add(self, page: _Page) -> None:
        width_pt, height_pt = page.width * 72 / self.dpi, page.height * 72 / self.dpi
        decode = (
            (
                b" /DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns %d >>"
                % page.predictor_columns
            )
            if page.predictor_columns
            else b""
        )
        image = self._object(
            b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB "
            b"/BitsPerComponent 8 /Filter /FlateDecode%s /Length %d >>\nstream\n"
            % (page.width, page.height, decode, len(page.data))
            + page.data
            + b"\nendstream"
        )
        drawing = b"q %.4f 0 0 %.4f 0 0 cm /Im0 Do Q" % (width_pt, height_pt)
        content = self._object(b"<< /Length %d >>\nstream\n" % len(drawing) + drawing + b"\nendstream")
        self.kids.append(
            self._object(
                b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %.4f %.4f] "
                b"/Resources << /XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>"
                % (self.PAGES, width_pt, height_pt, image, content)
            )
        )

    def close(self) -> None:
        """The page tree, catalog, information, cross-reference table and trailer."""
        kids = b" ".join(b"%d 0 R" % k for k in self.kids)
        self._object(b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % len(self.kids), self.PAGES)
        self._object(b"<< /Type /Catalog /Pages %d 0 R >>" % self.PAGES, self.CATALOG)
        title = _escape(self.title).encode("latin-1", "replace")
        info = self._object(b"<< /Title (" + title + b") /Producer (wgc) >>")
        count = max(self.offsets) + 1
        xref = self.position
        table = b"".join(b"%010d 00000 n \n" % self.offsets[n] for n in range(1, count))
        self._write(b"xref\n0 %d\n0000000000 65535 f \n" % count + table)
        self._write(
            b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
            % (count, self.CATALOG, info, xref)
        )
