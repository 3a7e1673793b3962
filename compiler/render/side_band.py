"""The side band: a unit's name line printed on a band, on the units of one side, where the
two sides' colours would merge in greyscale or for a colour-blind player.

A player tells the sides apart at arm's length by the counter's colour; the flag in its corner
is too small for that. Where some unit ground of one side comes within ΔE 20 (``APART``) of a
ground of the other, as a greyscale print or a dichromat (Machado 2009) sees them, the first
side that game.json declares gets the band on every unit: banded or not is a shape, and reads
whatever the colours do. A game whose sides already differ (Lawrence's light green against
dark red) is left as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from compiler.render.legibility import APART, delta_e, lab, seen

SIDE_BAND_U = 20.0  # the band runs from the top edge (through the bleed) to here: the name's line
DARK, LIGHT = "#1c1c1c", "#f4f4f4"
MERGING_VISIONS = ("normal", "deuteranopia", "protanopia", "greyscale")
BAND_LIGHTNESS = 25.0  # L* between the band and the ground, at the least, where the band takes a tone


def sides_merge(grounds: Mapping[str, Iterable[str]], vision: str) -> bool:
    """Whether a unit ground of one side comes within ``APART`` of one of the other, as a
    player with ``vision`` sees them (exactly two sides)."""
    first, second = (list(colours) for colours in grounds.values())
    return any(delta_e(seen(a, vision), seen(b, vision)) < APART for a in first for b in second)


def banded_side(order: Iterable[str], grounds: Mapping[str, Iterable[str]]) -> str | None:
    """The side whose units carry the band: the first declared, where the two sides' grounds
    merge for some player; None where they never do (or the game has not two sides)."""
    present = [side for side in order if side in grounds]
    if len(present) != 2 or len(grounds) != 2:
        return None
    if not any(sides_merge(grounds, vision) for vision in MERGING_VISIONS):
        return None
    return present[0]


def band_colour(ground: str, side_colour: str | None) -> str:
    """The band on ``ground``: the side's own colour where its lightness stands apart from the
    ground (Jerusalem!'s blue over the white of Israeli artillery), else near-black, or
    near-white on a ground too dark for black to show."""
    lightness = lab(seen(ground, "greyscale"))[0]
    if side_colour is not None and abs(lab(seen(side_colour, "greyscale"))[0] - lightness) >= BAND_LIGHTNESS:
        return side_colour
    return DARK if lightness - lab(DARK)[0] >= BAND_LIGHTNESS else LIGHT
