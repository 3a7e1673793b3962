"""A game's image file as a drawing: read (again) and sized, or a BackEndError saying why not.

The file was read and checked when the game was validated; reading it now checks that it
is still the same bytes (its digest), so a drawing never mixes two versions of the art.
"""

from __future__ import annotations

from PIL import Image

from compiler.art.files import artwork_image
from compiler.errors import BackEndError
from compiler.loading.art_errors import ArtError
from rules_engine.definitions import Origin
from rules_engine.definitions.art import Artwork


def picture(art: Artwork, size: tuple[int, int], origin: Origin, background: str = "#ffffff") -> Image.Image:
    """The artwork at ``size`` (an SVG drawn at it, a raster image resampled), on ``background``
    where it is transparent; RGB."""
    try:
        image = artwork_image(art, size)
    except ArtError as exc:
        raise BackEndError(exc.code, f"image '{art.file}': {exc.message}", origin, hint=exc.hint) from None
    flat = Image.new("RGB", image.size, background)
    flat.paste(image, mask=image.getchannel("A"))
    return flat
