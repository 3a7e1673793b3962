"""Hill shading: the relief a map's hill levels make, lit from the north-west.

Published maps shade their hills so the ground reads at a glance; here the
heights are the map's own (a hex's level, or a rough or hilly terrain), set out
on a coarse grid, smoothed, and lit from the north-west: slopes facing the
light are brightened a little and slopes facing away darkened a little. The
hex tints stay what the key shows (the light changes them by a few percent), so
which hex is which level is never in doubt.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageChops, ImageDraw, ImageFilter

Point = tuple[float, float]
COARSE_DPI = 20  # the height field's resolution: relief is smooth, and this keeps it cheap
STRENGTH = 1.6  # how much a slope lights or darkens (per unit of the smoothed height's gradient)
STRIP_ROWS = 512  # rows lit at a time: the light's RGB copies are made for a strip, not the sheet


def hill_shading(
    image: Image.Image,
    shapes: Sequence[tuple[Sequence[Point], float]],
    dpi: float,
    mask: Image.Image | None = None,
) -> Image.Image:
    """``image`` lit by the relief of ``shapes`` (polygons in pixels, each with its height in
    levels); only where ``mask`` is white, if given. The image is lit in place, and returned."""
    if not any(height for _, height in shapes):
        return image
    scale = COARSE_DPI / dpi
    small = (max(2, round(image.width * scale)), max(2, round(image.height * scale)))
    heights = Image.new("L", small, 0)
    draw = ImageDraw.Draw(heights)
    for points, height in shapes:
        if height:
            draw.polygon([(x * scale, y * scale) for x, y in points], fill=min(255, round(60 * height)))
    heights = heights.filter(ImageFilter.GaussianBlur(COARSE_DPI * 0.18))
    lit = heights.copy()  # each point's neighbour towards the light (north-west)
    lit.paste(heights.crop((0, 0, small[0] - 1, small[1] - 1)), (1, 1))
    light = ImageChops.subtract(heights, lit, scale=1 / STRENGTH, offset=128)
    light = light.filter(ImageFilter.GaussianBlur(1)).resize(image.size, Image.Resampling.BICUBIC)
    for top in range(0, image.height, STRIP_ROWS):  # a strip at a time: a 300 ppi sheet is large
        box = (0, top, image.width, min(image.height, top + STRIP_ROWS))
        image.paste(_lit(image.crop(box), light.crop(box), None if mask is None else mask.crop(box)), box)
    return image


def _lit(image: Image.Image, light: Image.Image, mask: Image.Image | None) -> Image.Image:
    """A piece of the image screened where it faces the light and multiplied where it faces away."""
    brighter = light.point(lambda v: max(0, v - 128) * 2)  # facing the light
    darker = light.point(lambda v: 255 - max(0, 128 - v) * 2)  # facing away
    lifted = ImageChops.screen(image, Image.merge("RGB", (brighter,) * 3))
    shaded = ImageChops.multiply(lifted, Image.merge("RGB", (darker,) * 3))
    if mask is None:
        return shaded
    return Image.composite(shaded, image, mask)
