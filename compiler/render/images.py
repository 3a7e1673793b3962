"""Images as bytes: PNG without timestamps or other varying chunks, so builds repeat byte for byte."""

from __future__ import annotations

import io

from PIL import Image


def png_bytes(image: Image.Image, compression: int = 6) -> bytes:
    """The image as PNG; the same pixels always give the same bytes."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=compression)
    return buffer.getvalue()
