"""How a printed colour reads: contrast ratios and colour-vision-deficiency simulation.

A colour code on a counter only works if every player can read it. Contrast is
WCAG 2's ratio of relative luminances (3:1 is the floor for large text); the
simulations are Machado, Oliveira and Fernandes (2009) at full severity, applied
in linear RGB, which is what the accessibility tools of browsers use. The
painter picks its cues with these, and the tests check the rendered images
with the same functions.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import replace
from typing import cast

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageStat

from compiler.presentation.colours import rgb, shade
from compiler.render.fonts import DrawnText, typeface_font

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

# Machado et al. 2009, severity 1.0 (their table of matrices, last row).
PROTANOPIA: Matrix = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA: Matrix = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)


def _to_linear(channel: float) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _to_srgb(value: float) -> int:
    value = min(1.0, max(0.0, value))
    encoded = value * 12.92 if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055
    return round(encoded * 255)


_LINEAR = [_to_linear(n) for n in range(256)]


def relative_luminance(colour: str | tuple[int, ...]) -> float:
    """WCAG relative luminance of an sRGB colour (a name, '#rrggbb' or an RGB tuple)."""
    r, g, b = rgb(colour) if isinstance(colour, str) else colour[:3]
    return 0.2126 * _LINEAR[r] + 0.7152 * _LINEAR[g] + 0.0722 * _LINEAR[b]


def contrast(first: str | tuple[int, ...], second: str | tuple[int, ...]) -> float:
    """WCAG contrast ratio, 1 (none) to 21 (black on white)."""
    a, b = relative_luminance(first), relative_luminance(second)
    light, dark = max(a, b), min(a, b)
    return (light + 0.05) / (dark + 0.05)


TEXT_CONTRAST = 4.5  # WCAG AA for text: every numeral and name on maps, keys and aids
APART = 20.0  # ΔE (CIE76) at which two printed colours read as different at a glance


def _lab_f(t: float) -> float:
    return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116


def lab(colour: str | tuple[int, ...]) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = rgb(colour) if isinstance(colour, str) else colour[:3]
    red, green, blue = _LINEAR[r], _LINEAR[g], _LINEAR[b]
    x = (0.4124 * red + 0.3576 * green + 0.1805 * blue) / 0.95047
    y = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    z = (0.0193 * red + 0.1192 * green + 0.9505 * blue) / 1.08883
    fx, fy, fz = _lab_f(x), _lab_f(y), _lab_f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(first: str | tuple[int, ...], second: str | tuple[int, ...]) -> float:
    """CIE76 colour difference: the distance in CIELAB (about 2.3 is just noticeable; 20 and
    more reads as another colour)."""
    a, b = lab(first), lab(second)
    return math.dist(a, b)


def seen(colour: str | tuple[int, ...], vision: str) -> tuple[int, int, int]:
    """A colour as a player with ``vision`` sees it ('normal', 'deuteranopia', 'protanopia',
    or 'greyscale' for a greyscale print)."""
    if vision == "greyscale":
        return greyscale_colour(colour)
    if vision == "normal":
        r, g, b = rgb(colour) if isinstance(colour, str) else colour[:3]
        return r, g, b
    return simulate_colour(colour, {"deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}[vision])


@functools.cache
def ink_for(background: str, preferred: str = "#2b2b2b", minimum: float = TEXT_CONTRAST) -> str:
    """``preferred`` if it reads on ``background`` at ``minimum`` contrast; else the same ink
    darkened or lightened, step by step, until it does (a faded hex ID stays faded where it can
    and turns darker only where the ground asks for it); where neither way reaches ``minimum``,
    whichever reads best."""
    if contrast(preferred, background) >= minimum:
        return preferred
    candidates = [shade(preferred, 1 - step / 20) for step in range(1, 21)]
    candidates += [shade(preferred, 1 + step / 20) for step in range(1, 21)]
    enough = [c for c in candidates if contrast(c, background) >= minimum]
    if enough:
        return min(enough, key=lambda c: contrast(c, background))
    return max(candidates, key=lambda c: contrast(c, background))


def simulate_colour(colour: str | tuple[int, ...], matrix: Matrix) -> tuple[int, int, int]:
    """How a colour looks to a dichromat, by a Machado matrix."""
    r, g, b = rgb(colour) if isinstance(colour, str) else colour[:3]
    linear = (_LINEAR[r], _LINEAR[g], _LINEAR[b])
    out = [sum(row[i] * linear[i] for i in range(3)) for row in matrix]
    return _to_srgb(out[0]), _to_srgb(out[1]), _to_srgb(out[2])


def greyscale_colour(colour: str | tuple[int, ...]) -> tuple[int, int, int]:
    """The colour printed in greyscale: its luminance as a grey."""
    grey = _to_srgb(relative_luminance(colour))
    return grey, grey, grey


def _mapped(
    image: Image.Image, convert: Callable[[tuple[int, int, int]], tuple[int, int, int]]
) -> Image.Image:
    """Apply a per-colour function to an image through a cache of its distinct colours."""
    source = image.convert("RGB")
    pixels = cast("list[tuple[int, int, int]]", list(source.get_flattened_data()))
    table = {colour: convert(colour) for colour in set(pixels)}
    out = Image.new("RGB", source.size)
    out.putdata([table[pixel] for pixel in pixels])
    return out


def simulate(image: Image.Image, vision: str) -> Image.Image:
    """The image as seen with 'deuteranopia' or 'protanopia', or printed in 'greyscale'."""
    if vision == "greyscale":
        return _mapped(image, greyscale_colour)
    matrix = {"deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}[vision]
    return _mapped(image, lambda colour: simulate_colour(colour, matrix))


VISIONS = ("normal", "deuteranopia", "protanopia", "greyscale")


def text_masks(
    size: tuple[int, int], drawn: DrawnText, ring: int, against_halo: bool = False
) -> tuple[Image.Image, Image.Image]:
    """Two masks for a drawn string: its glyph cores (the inside of its strokes) and a ring of
    ``ring`` pixels just outside its outline, where its background shows. ``against_halo``: for a
    text on a halo (a map's names), the halo itself, which is what the eye reads it against."""
    glyphs = Image.new("L", size, 0)
    draw = ImageDraw.Draw(glyphs)
    chosen = typeface_font(drawn.typeface, drawn.size)
    draw.text(drawn.xy, drawn.text, font=chosen, fill=255, anchor=drawn.anchor)
    core = glyphs.point(lambda v: 255 if v > 200 else 0).filter(ImageFilter.MinFilter(3))
    if core.getbbox() is None:  # strokes thinner than three pixels: their fully inked pixels
        core = glyphs.point(lambda v: 255 if v > 200 else 0)
    outline = Image.new("L", size, 0)
    ImageDraw.Draw(outline).text(
        drawn.xy,
        drawn.text,
        font=chosen,
        fill=255,
        anchor=drawn.anchor,
        stroke_width=drawn.stroke,
        stroke_fill=255,
    )
    if against_halo and drawn.halo:  # the letters are read against the stroke around them
        bare = glyphs.point(lambda v: 255 if v > 0 else 0)
        inner = outline.point(lambda v: 255 if v > 200 else 0)
        halo = ImageChops.subtract(inner, bare)
        if halo.getbbox() is not None:
            return core, halo
    near = outline.filter(ImageFilter.MaxFilter(3))
    far = near.filter(ImageFilter.MaxFilter(2 * ring + 1))
    return core, ImageChops.subtract(far, near)


def _median(image: Image.Image, mask: Image.Image) -> tuple[int, int, int] | None:
    stat = ImageStat.Stat(image.convert("RGB"), mask)
    if not stat.count or stat.count[0] == 0:
        return None
    red, green, blue = (round(v) for v in stat.median[:3])
    return red, green, blue


def _around(image: Image.Image, drawn: DrawnText, ring: int) -> tuple[Image.Image, DrawnText]:
    """The part of a large image a string and its ring lie in, and the string moved into it:
    masks the size of a whole map for each of its names would cost seconds each."""
    pad = drawn.stroke + ring + 6
    left, top, right, bottom = drawn.bbox
    box = (
        max(0, math.floor(left) - pad),
        max(0, math.floor(top) - pad),
        min(image.width, math.ceil(right) + pad),
        min(image.height, math.ceil(bottom) + pad),
    )
    if box == (0, 0, image.width, image.height):
        return image, drawn
    moved = replace(drawn, xy=(drawn.xy[0] - box[0], drawn.xy[1] - box[1]))
    return image.crop(box), moved


def measured_colours(
    image: Image.Image, drawn: DrawnText, ring: int = 3, against_halo: bool = False
) -> tuple[tuple[int, int, int], tuple[int, int, int]] | None:
    """The colour of a drawn string's glyphs and of what lies just around them, read from the
    image (medians over the masks of ``text_masks``); None where the glyphs are too thin."""
    image, drawn = _around(image, drawn, ring)
    core, around = text_masks(image.size, drawn, ring, against_halo)
    ink, behind = _median(image, core), _median(image, around)
    if ink is None or behind is None:
        return None
    return ink, behind


def measured_contrast(
    image: Image.Image, drawn: DrawnText, ring: int = 3, against_halo: bool = False
) -> float | None:
    """The contrast between a drawn string and its background, as printed."""
    colours = measured_colours(image, drawn, ring, against_halo)
    return None if colours is None else contrast(*colours)
