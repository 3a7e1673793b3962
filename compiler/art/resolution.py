"""Whether a game's images have pixels enough for the size they print at.

An image printed larger than its pixels allow comes out soft; the warning names the
resolution the image has at that size and the pixels the chosen resolution needs. An
SVG is drawn at whatever size is asked and never runs short.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.diagnostics import Diagnostic, codes, warning
from rules_engine.definitions import Origin
from rules_engine.definitions.art import Artwork

SHORT_BY = 0.9  # an image with less than this share of the pixels printing needs is warned about


def resolution_warning(
    art: Artwork, inches: tuple[float, float], dpi: float, origin: Origin
) -> Diagnostic | None:
    """A warning when ``art`` printed ``inches`` large has fewer pixels than ``dpi`` needs."""
    if art.kind == "svg":
        return None
    needed = (round(inches[0] * dpi), round(inches[1] * dpi))
    if art.width >= SHORT_BY * needed[0] and art.height >= SHORT_BY * needed[1]:
        return None
    has = min(art.width / inches[0], art.height / inches[1])
    size = f"{inches[0]:g} x {inches[1]:g} in"
    return warning(
        codes.ART_LOW_RESOLUTION,
        f"image '{art.file}' is {art.width} x {art.height} px: {has:.0f} dpi at {size}; printing at "
        f"{dpi:g} dpi needs {needed[0]} x {needed[1]} px",
        origin.file,
        origin.pointer,
        hint="export the art at the print resolution (or as SVG), or print at a lower --dpi",
    )


def unique(found: Iterator[Diagnostic | None]) -> list[Diagnostic]:
    """Each warning once (a file named by many counters or cards is warned about at its first use)."""
    seen: set[str] = set()
    kept = []
    for diagnostic in found:
        if diagnostic is None:
            continue
        name = diagnostic.message.split("'")[1] if "'" in diagnostic.message else diagnostic.message
        if name not in seen:
            seen.add(name)
            kept.append(diagnostic)
    return kept
