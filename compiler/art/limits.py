"""How large an image a game may name, so that no file can take all memory or time.

A PNG of a few kilobytes can claim to be 100,000 pixels square (a decompression
bomb); an SVG can ask for a canvas of any size, or nest ``<use>`` references so
that a short file expands to billions of shapes. Each limit below stops such a
file with a diagnostic before it is decoded. The values are far above what real
art needs: a 34 x 22 in map scanned at 300 dpi is 67 million pixels.
"""

from __future__ import annotations

MiB = 1 << 20

IMAGE_BYTES = 64 * MiB  # a PNG or JPEG file
IMAGE_PIXELS = 80_000_000  # width x height of a PNG or JPEG (and of a drawn SVG)
SVG_BYTES = 8 * MiB  # an SVG file
SVG_SIDE = 20_000  # an SVG's declared width or height, in CSS pixels
SVG_ELEMENTS = 100_000  # an SVG's elements once every <use> is expanded
SVG_DEPTH = 100  # how deeply an SVG's elements nest
IMPORT_PIXELS = 400_000_000  # all the images `wgc import` decodes from one module (five maps)

DESCRIPTIONS = {
    "image file": (f"{IMAGE_BYTES // MiB} MB", "a PNG or JPEG a game names"),
    "image pixels": (f"{IMAGE_PIXELS:,}", "width x height of a PNG or JPEG, checked before decoding"),
    "SVG file": (f"{SVG_BYTES // MiB} MB", "an SVG a game names"),
    "SVG side": (f"{SVG_SIDE:,} px", "an SVG's declared width or height"),
    "SVG elements": (f"{SVG_ELEMENTS:,}", "an SVG's elements with every <use> expanded"),
    "SVG nesting": (str(SVG_DEPTH), "how deeply an SVG's elements nest"),
}
