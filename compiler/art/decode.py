"""PNG and JPEG decoded within limits: a bomb, a truncated file or a disguised format is an
ArtError, never a traceback or a gigabyte of memory.

Pillow's own guards are set here explicitly rather than trusted as defaults: its
decompression-bomb limit (``Image.MAX_IMAGE_PIXELS``; a warning past it, an error past
twice it) is set to ``limits.IMAGE_PIXELS`` and its warning is turned into an error;
a truncated file is an error (``LOAD_TRUNCATED_IMAGES`` off); PNG text chunks are
bounded. Only the PNG and JPEG decoders are ever asked to open a file. The size in
the header is checked before any pixel is decoded.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path

from PIL import Image, ImageFile, PngImagePlugin

from compiler.art import limits
from compiler.diagnostics import codes
from compiler.loading.art_errors import ArtError

Image.MAX_IMAGE_PIXELS = limits.IMAGE_PIXELS
ImageFile.LOAD_TRUNCATED_IMAGES = False
PngImagePlugin.MAX_TEXT_CHUNK = 1 << 20
PngImagePlugin.MAX_TEXT_MEMORY = 8 << 20

RASTER_FORMATS = ("PNG", "JPEG")
_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
_JPEG_MAGIC = b"\xff\xd8\xff"


def raster_kind(data: bytes) -> str | None:
    """'png' or 'jpeg' from the file's first bytes, None for anything else."""
    if data.startswith(_PNG_MAGIC):
        return "png"
    if data.startswith(_JPEG_MAGIC):
        return "jpeg"
    return None


def declared_pixels(path: Path) -> int:
    """Width x height as the PNG or JPEG file's header states them (nothing decoded); 0 when
    the header cannot be read (decoding then says why)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path, formats=RASTER_FORMATS) as image:
                width, height = image.size
    except Exception:  # Pillow raises many kinds for a damaged header
        return 0
    return max(0, width) * max(0, height)


def decode_raster(data: bytes) -> Image.Image:
    """The image, fully decoded (in its own mode); ArtError for anything that is not a
    whole PNG or JPEG within the limits."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(io.BytesIO(data), formats=RASTER_FORMATS)
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
            raise _bomb(str(exc)) from None
        except Exception as exc:  # Pillow raises many kinds for a damaged header
            raise ArtError(
                codes.ART_UNREADABLE,
                f"not a PNG or JPEG image Pillow can read ({_reason(exc)})",
                "save it again as PNG or JPEG",
            ) from None
        width, height = image.size
        if width * height > limits.IMAGE_PIXELS or width <= 0 or height <= 0:
            raise _bomb(f"it claims {width} x {height} pixels")
        try:
            image.load()
        except Exception as exc:
            raise ArtError(
                codes.ART_UNREADABLE,
                f"the image data is damaged or cut short ({_reason(exc)})",
                "export the image again; a download or copy may have stopped early",
            ) from None
    return _eight_bit(image)


def _eight_bit(image: Image.Image) -> Image.Image:
    """A 16-bit greyscale PNG as 8-bit grey. Pillow opens it in a mode of integers (I;16, I)
    that its conversions to L, RGB or RGBA clip at 255 instead of scaling, which draws nearly
    every pixel white. 16-bit colour PNGs Pillow already reads as 8-bit."""
    if image.mode not in ("I", "I;16", "I;16B", "I;16L", "I;16N"):
        return image
    import numpy as np

    pixels = np.asarray(image).astype(np.uint32)
    return Image.fromarray((pixels >> 8).astype(np.uint8))


def _bomb(detail: str) -> ArtError:
    return ArtError(
        codes.ART_TOO_LARGE,
        f"the image is too large to decode safely: {detail}; at most {limits.IMAGE_PIXELS:,} pixels",
        "scale the image down; a map scanned at 300 dpi is rarely more than 70 million pixels",
    )


def _reason(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text[:200]
