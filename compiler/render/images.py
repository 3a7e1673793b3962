"""Images as PNG bytes: the same pixels always give the same bytes, and encoding runs in parallel.

Pillow's PNG encoder holds the GIL while it compresses into memory, so a thread
pool of encoders runs one at a time. This small encoder does the compressing in
zlib, which releases the GIL: pages encode on the second core while the first
draws. Rows are stored unfiltered (PNG filter type 0) and fed to zlib a strip at
a time, so a page as large as 1200 dpi tabloid never needs a second full copy of
its pixels. Flat artwork compresses about as well this way as with Pillow's
adaptive filters (a few per cent either way) and as fast.

The file holds only IHDR, pHYs (the print resolution, where one is given), IDAT and
IEND: no time, no text, nothing that varies.
"""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
COLOUR_TYPES = {"L": (0, 1), "RGB": (2, 3), "RGBA": (6, 4)}  # mode -> (PNG colour type, bytes per pixel)
STRIP_BYTES = 1 << 21  # pixels handed to zlib at a time: 2 MB, whatever the page size
IDAT_BYTES = 1 << 20  # compressed data per IDAT chunk


def png_bytes(image: Image.Image, compression: int = 6, dpi: float | None = None) -> bytes:
    """The image as PNG; the same pixels always give the same bytes. With ``dpi`` the file says
    its resolution (a pHYs chunk), so an image program or a print shop opens a page at its
    printed size."""
    if image.mode not in COLOUR_TYPES:
        image = image.convert("RGBA" if "A" in image.getbands() else "RGB")
    colour_type, depth = COLOUR_TYPES[image.mode]
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    out = io.BytesIO()
    out.write(SIGNATURE)
    _chunk(out, b"IHDR", header)
    if dpi is not None:
        per_metre = round(dpi / 0.0254)
        _chunk(out, b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))
    compressed = bytearray()
    packer = zlib.compressobj(compression)
    stride = width * depth
    rows_per_strip = max(1, STRIP_BYTES // max(1, stride))
    for top in range(0, height, rows_per_strip):
        bottom = min(height, top + rows_per_strip)
        pixels = image.crop((0, top, width, bottom)).tobytes()
        compressed += packer.compress(_unfiltered_rows(pixels, stride))
        while len(compressed) >= IDAT_BYTES:
            _chunk(out, b"IDAT", compressed[:IDAT_BYTES])
            del compressed[:IDAT_BYTES]
    compressed += packer.flush()
    for start in range(0, len(compressed), IDAT_BYTES):
        _chunk(out, b"IDAT", compressed[start : start + IDAT_BYTES])
    _chunk(out, b"IEND", b"")
    return out.getvalue()


def _unfiltered_rows(pixels: bytes, stride: int) -> bytes:
    """Each row preceded by its filter type, 0 (none)."""
    view = memoryview(pixels)
    return b"".join(b"\x00" + view[start : start + stride] for start in range(0, len(pixels), stride))


def _chunk(out: io.BytesIO, kind: bytes, body: bytes | bytearray) -> None:
    out.write(struct.pack(">I", len(body)))
    out.write(kind)
    out.write(body)
    out.write(struct.pack(">I", zlib.crc32(body, zlib.crc32(kind))))


def png_dpi(png: bytes) -> float | None:
    """The resolution a PNG's pHYs chunk gives, in pixels to the inch; None without one."""
    position = len(SIGNATURE)
    while position + 8 <= len(png):
        length, kind = struct.unpack(">I4s", png[position : position + 8])
        if kind == b"pHYs":
            x, _, unit = struct.unpack(">IIB", png[position + 8 : position + 17])
            return x * 0.0254 if unit == 1 else None
        if kind == b"IDAT":
            return None
        position += 12 + length
    return None


def pixel_bytes(image: Image.Image) -> int:
    """The memory Pillow holds for the image's pixels: it stores RGB as four bytes a pixel."""
    bands = len(image.getbands())
    return image.width * image.height * (4 if bands > 1 else 1)
