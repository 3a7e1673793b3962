"""Fonts: two typefaces inside the package, so output is the same on every machine.

Pillow ships one font (Aileron Regular) usable at any size: values, figures and most
text. A heavier look is made with a stroke of the text's own colour, which stays
deterministic. Names and a marker's words are set in Fjalla One, a condensed face
bundled in ``typefaces/`` (SIL Open Font License; see its README): a second voice
for the name, and narrow capitals that stand tall where a name is long.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from compiler.render.canvas import Canvas, Drawing

Font = ImageFont.FreeTypeFont


NAMES_TYPEFACE = Path(__file__).parent / "typefaces" / "FjallaOne-Regular.ttf"
SANS, NAMES = "sans", "names"  # the typefaces a DrawnText may name
_TYPEFACE_OF: dict[Font, str] = {}


@functools.cache
def font(size: int) -> Font:
    """Aileron Regular (Pillow's own font) at ``size`` pixels to the em."""
    loaded = ImageFont.load_default(size=max(4, size))
    assert isinstance(loaded, ImageFont.FreeTypeFont)
    _TYPEFACE_OF[loaded] = SANS
    return loaded


@functools.cache
def _names_font(size: int) -> Font:
    loaded = ImageFont.truetype(str(NAMES_TYPEFACE), size=max(4, size))
    _TYPEFACE_OF[loaded] = NAMES
    return loaded


def name_font(size: int, text: str = "") -> Font:
    """The face for names and words (Fjalla One) at ``size`` pixels to the em; Aileron where
    ``text`` has a character the condensed face lacks, so no name prints a box."""
    if not text.isascii() and _missing_in(_names_font(20), text):
        return font(size)
    return _names_font(size)


def typeface_font(typeface: str, size: int) -> Font:
    """A face by the name ``typeface_of`` gives it (legibility checks redraw what was drawn)."""
    return _names_font(size) if typeface == NAMES else font(size)


def typeface_of(chosen: Font) -> str:
    return _TYPEFACE_OF.get(chosen, SANS)


def cap_height(chosen: Font) -> float:
    """How tall the face's capitals stand, in pixels (what a reader sees as the text's size)."""
    _, top, _, bottom = chosen.getbbox("H", anchor="ls")
    return float(bottom - top)


def fitted_font(
    draw: ImageDraw.ImageDraw, text: str, max_width: float, size: int, min_size: int = 5, stroke: int = 0
) -> Font:
    """The largest font not above ``size`` in which ``text`` fits ``max_width``."""
    while size > min_size:
        chosen = font(size)
        left, _, right, _ = draw.textbbox((0, 0), text, font=chosen, stroke_width=stroke)
        if right - left <= max_width:
            return chosen
        size -= 1
    return font(min_size)


def draw_centered(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    text: str,
    chosen: Font,
    fill: str,
    stroke: int = 0,
    stroke_fill: str | None = None,
) -> None:
    """Text centred on a point (by its ink box, so digits sit where they look centred)."""
    draw.text(
        centre,
        text,
        font=chosen,
        fill=fill,
        anchor="mm",
        stroke_width=stroke,
        stroke_fill=stroke_fill if stroke_fill is not None else fill,
    )


@dataclass(frozen=True)
class DrawnText:
    """One string as drawn: where its ink box landed, how big and in which colour.

    Tests read these to check sizes, collisions and clipping on every image the
    renderers make; ``role`` says what the string is ('hex-id', 'place', 'title' ...).
    """

    text: str
    bbox: tuple[float, float, float, float]
    size: int
    fill: str
    stroke: int
    role: str
    xy: tuple[float, float] = (0.0, 0.0)
    anchor: str | None = None
    stroke_fill: str | None = None  # a halo's colour, where it differs from the text's
    typeface: str = SANS  # SANS or NAMES: which face drew it (``typeface_font``)

    @property
    def halo(self) -> bool:
        """Whether the text stands on a halo of another colour (not a stroke that thickens it)."""
        return self.stroke > 0 and self.stroke_fill is not None and self.stroke_fill != self.fill


class RecordingDraw(Canvas):
    """A canvas that remembers the strings it draws (``texts``); set ``role`` before drawing
    to tag what follows."""

    def __init__(self, image: Image.Image, drawing: Drawing | None = None) -> None:
        super().__init__(image, drawing)
        self.texts: list[DrawnText] = []
        self.role = ""

    def text(self, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        chosen = kwargs.get("font")
        stroke = int(kwargs.get("stroke_width", 0) or 0)
        if isinstance(chosen, ImageFont.FreeTypeFont) and str(text):
            bbox = self.textbbox(xy, str(text), font=chosen, anchor=kwargs.get("anchor"), stroke_width=stroke)
            fill = kwargs.get("fill")
            anchor = kwargs.get("anchor")
            halo = kwargs.get("stroke_fill")
            left, top, right, bottom = bbox
            self.texts.append(
                DrawnText(
                    str(text),
                    (left, top, right, bottom),
                    int(chosen.size),
                    str(fill),
                    stroke,
                    self.role,
                    (float(xy[0]), float(xy[1])),
                    anchor,
                    None if halo is None else str(halo),
                    typeface_of(chosen),
                )
            )
        super().text(xy, text, *args, **kwargs)


_LENGTHS: dict[tuple[Font, str, str], float] = {}
_LENGTHS_KEPT = 100_000


def text_length(draw: ImageDraw.ImageDraw, text: str, chosen: Font) -> float:
    """``draw.textlength``, remembered: wrapping measures the same words again and again
    (every card of a deck, every size tried while fitting a card's body)."""
    key = (chosen, text, draw.fontmode)
    found = _LENGTHS.get(key)
    if found is None:
        if len(_LENGTHS) >= _LENGTHS_KEPT:
            _LENGTHS.clear()
        found = _LENGTHS[key] = draw.textlength(text, font=chosen)
    return found


def wrap_text(draw: ImageDraw.ImageDraw, text: str, chosen: Font, width: float) -> list[str]:
    """Greedy word wrap: a line takes words while it fits ``width`` (a longer word gets a line
    of its own). Paragraphs split at newlines."""
    if "\n" in text:
        return [line for part in text.split("\n") for line in (wrap_text(draw, part, chosen, width) or [""])]
    if chosen.layout_engine != ImageFont.Layout.BASIC:
        return wrap_text_measuring_lines(draw, text, chosen, width)
    # Without shaping a string's length is the sum of its glyphs' advances and the kerning of
    # each pair, so "line word" measures length(line) + kern(last letter, space) + length(" word").
    # Measuring words instead of whole candidate lines gives the same lines, several times faster.
    space = text_length(draw, " ", chosen)
    kerning: dict[str, float] = {}
    lines, line, length = [], "", 0.0
    for word in text.split():
        if not line:
            line, length = word, text_length(draw, word, chosen)
            continue
        last = line[-1]
        if last not in kerning:
            kerning[last] = text_length(draw, last + " ", chosen) - text_length(draw, last, chosen) - space
        candidate = length + kerning[last] + text_length(draw, " " + word, chosen)
        if candidate > width:
            lines.append(line)
            line, length = word, text_length(draw, word, chosen)
        else:
            line, length = f"{line} {word}", candidate
    if line:
        lines.append(line)
    return lines


def wrap_text_measuring_lines(draw: ImageDraw.ImageDraw, text: str, chosen: Font, width: float) -> list[str]:
    """The same wrap, measuring every candidate line whole (for shaping layout engines)."""
    lines, line = [], ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if line and draw.textlength(candidate, font=chosen) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


@functools.cache
def _notdef_signature(chosen: Font) -> tuple[tuple[int, int], bytes]:
    """How a font draws a character it has no glyph for (its .notdef box)."""
    mask = chosen.getmask("\uffff")
    return mask.size, bytes(mask)


def _missing_in(chosen: Font, text: str) -> list[str]:
    missing: list[str] = []
    for character in dict.fromkeys(text):
        if character.isspace() or character.isascii():
            continue
        mask = chosen.getmask(character)
        if (mask.size, bytes(mask)) == _notdef_signature(chosen):
            missing.append(character)
    return missing


def missing_glyphs(text: str) -> list[str]:
    """The distinct characters of ``text`` (other than spaces) the font would draw as its empty
    box (Aileron's: a name the condensed face cannot set is set in Aileron)."""
    return _missing_in(font(20), text)
