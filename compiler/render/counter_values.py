"""A counter's values as figures, with colour codes every player can read and their marks.

Rulebooks code a value by its colour (Israel 1948: a red strength hits on 4-6;
Jerusalem!: yellow attacks, green moves in both phases ...). A colour alone fails
in greyscale and for red-green colour-blind players, and some rulebook colours
have little contrast with their counter (red on blue is 1.2:1). So each colour
code keeps the rulebook's hue and gets a shape of its own, the "cue":

    red, green    the figure on a light disc with a thin ring (a pill for two digits)
    black         the figure on a light square tile with a thin ring
    yellow        the figure on a dark box
    red-octagon   white on a red octagon (the rulebook's own shape)
    other names   the figure straight on the counter in that colour (white, blue ...);
                  a figure that would not stand out from its counter gets the dark box
                  (a light figure) or the light tile (a dark one)

so the classes differ in shape and lightness under every colour-vision
simulation, and every figure has at least 4.5:1 contrast (WCAG AA for text) with
what is behind it. A figure's own colour is the rulebook's hue, darkened where it
must be to read on its plate (the green of a movement allowance on its white disc).

A value may carry a mark (game.json counter_values ``marks``, or a layout's
``flag_marks``): ``parentheses`` around the figure, ``box``, ``circle``,
``hexagon`` around it and ``underline`` under it are drawn as shapes in the
counter's ink; a sign (``+``) stands large beside the figure in its colour; any
other mark (``L``) is a small raised letter beside it in the counter's ink.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

from PIL import ImageDraw

from compiler.presentation.colours import NAMED, shade
from compiler.render.fonts import Font, RecordingDraw, draw_centered, font, text_length
from compiler.render.legibility import contrast
from rules_engine.definitions.layout import PARENTHESES, SHAPE_MARKS

Rect = tuple[float, float, float, float]
Point = tuple[float, float]

DIGIT_COLOURS = {  # the figure's own colour for each colour code (colours.COLOUR_CODES)
    "red": NAMED["red"],
    "black": "#000000",
    "white": "#ffffff",
    "yellow": NAMED["yellow"],
    "green": "#137a2c",  # the book's green, dark enough to read on the white disc (5.2:1)
    "blue": NAMED["blue"],
    "tan": NAMED["tan"],
    "brown": NAMED["brown"],
    "red-octagon": "#ffffff",
}
CUES = {"red": "disc", "green": "disc", "black": "tile", "yellow": "box", "red-octagon": "octagon"}
UNLIMITED = "unlimited"  # a word drawn as an infinity sign (the bundled font has no glyph for it)
LIGHT_PLATE = "#ffffff"
DARK_PLATE = "#1c1c1c"
MIN_CONTRAST = 4.5  # WCAG AA for text
GAP_U = 2.5  # between the figures of a line
TIGHT_U = 0.8  # between a figure and letters joined to it ('R3', a range)
SIGN_BASE_U = 26.0  # a sign's size and place are set for a figure this tall, and scale with it
LETTER_BASE_U = 21.0  # the same for a raised letter
HEXAGON_BASE_U = 21.0


def is_sign(mark: str) -> bool:
    """A mark of signs only ('+', '*'): drawn large beside the figure; letters are drawn small."""
    return not any(c.isalnum() for c in mark)


@dataclass(frozen=True)
class Spot:
    """A point of a counter, from the counter's edges: ``x_edge + x_u * u``, ``y_edge + y_u * u``.
    Offsets are added in u before they are scaled, so a spot moved by some u lands exactly where
    the sum written out would (the same pixels at every size)."""

    x_edge: float
    x_u: float
    y_edge: float
    y_u: float
    u: float

    @property
    def point(self) -> Point:
        return (self.x_edge + self.x_u * self.u, self.y_edge + self.y_u * self.u)

    def moved(self, dy_u: float) -> Spot:
        return Spot(self.x_edge, self.x_u, self.y_edge, self.y_u + dy_u, self.u)


@dataclass(frozen=True)
class Numeral:
    """A coded figure as drawn: its text, colour class, shape cue and where it and its plate are."""

    text: str
    role: str
    colour: str
    cue: str
    bbox: Rect
    plate: Rect | None


@dataclass
class Figure:
    """One value of a line (or the text joining two), measured at one size."""

    text: str
    colour: str | None  # a colour code; None: the counter's ink, no code
    role: str
    chosen: Font
    size_u: float
    plate: str = "none"
    width: float = 0.0
    infinity: bool = False
    shape: str | None = None  # a shape mark drawn around or under it
    beside: str | None = None  # a sign or letters printed beside it


@dataclass
class ValuePainter:
    """Draws figures, lines of figures, plain lines and rings on one face."""

    draw: RecordingDraw
    background: str
    ink: str
    u: float
    numerals: list[Numeral] = field(default_factory=list)

    # --- measuring ---------------------------------------------------------------------------

    def figure(
        self, text: str, colour: str | None, role: str, size_u: float, mark: str | None = None
    ) -> Figure:
        """A figure measured at ``size_u``: its colour's cue, its mark, and its width."""
        if mark == PARENTHESES:
            text = f"({text})"
        infinity = text == UNLIMITED
        shown = "U" if infinity else text  # 'U' stands for the sign in what the painter records
        chosen = font(round(size_u * self.u))
        figure = Figure(shown, colour, role, chosen, size_u, infinity=infinity)
        if mark in SHAPE_MARKS:
            figure.shape = mark
        elif mark is not None and mark != PARENTHESES:
            figure.beside = mark
        fill = self._plain(colour)
        figure.plate = CUES.get(colour or "", "none")
        if figure.plate == "none" and colour is not None and contrast(fill, self.background) < MIN_CONTRAST:
            figure.plate = "box" if contrast(fill, DARK_PLATE) >= contrast(fill, LIGHT_PLATE) else "tile"
        left, top, right, bottom = self.draw.textbbox((0, 0), shown, font=chosen, anchor="mm")
        figure.width = right - left + (self._pad(figure) * 2 if figure.plate != "none" else 0)
        if figure.plate in ("disc", "tile"):
            figure.width = max(figure.width, (bottom - top) + 2 * self._pad(figure))
        if infinity:
            figure.width = 22 * self.u
        return figure

    def line_width(self, figures: list[Figure]) -> float:
        """The width ``line`` gives these figures (without the last one's mark beside it)."""
        rooms = [self._room_taken(f, beside=f is not figures[-1]) for f in figures]
        return sum(rooms) + sum(self._gaps(figures))

    def _gaps(self, figures: list[Figure]) -> list[float]:
        """The space after each figure but the last: 2.5u, and tight beside letters that name
        the figure ('R' before a range), which read as one word with it."""
        return [
            (TIGHT_U if _letters(first) or _letters(second) else GAP_U) * self.u
            for first, second in itertools.pairwise(figures)
        ]

    def _shape_extra(self, figure: Figure) -> float:
        """How far a figure's shape reaches past its figure on each side."""
        if figure.shape == "hexagon":
            return max(0.0, self._hexagon_radius(figure) - figure.width / 2)
        if figure.shape in ("box", "circle"):
            return self._shape_pad(figure) + (self._circle_extra(figure) if figure.shape == "circle" else 0.0)
        return 0.0

    def _room_taken(self, figure: Figure, beside: bool) -> float:
        """The width a figure takes in a line: with its shape, and the mark beside it if ``beside``."""
        width = figure.width + 2 * self._shape_extra(figure)
        if beside and figure.beside is not None:
            width += self._beside_width(figure)
        return width

    # --- lines ---------------------------------------------------------------------------------

    def line(self, figures: list[Figure], centre: Point, anchor: str = "mm", stroke_u: float = 0.5) -> None:
        """Figures side by side: centred on ``centre`` (or starting there, anchor 'lm'), 2.5u
        apart; a shape or a mark beside a figure keeps the next one clear of it (the last one's
        mark overhangs, as a superscript does)."""
        if not figures:
            return
        gaps = [*self._gaps(figures), 0.0]
        rooms = [self._room_taken(f, beside=f is not figures[-1]) for f in figures]
        total = sum(rooms) + sum(gaps)
        x = centre[0] if anchor == "lm" else centre[0] - total / 2
        y = centre[1]
        for figure, room, gap in zip(figures, rooms, gaps, strict=True):
            middle = x + self._shape_extra(figure) + figure.width / 2
            self._draw_figure(figure, (middle, y), stroke_u)
            if figure.beside is not None and figure is not figures[-1]:
                self._draw_beside(figure, (middle, y), middle + figure.width / 2 + self._shape_extra(figure))
            x += room + gap
        last = figures[-1]
        if last.beside is not None:
            self._draw_beside(last, (x - room + last.width / 2, y), x)

    def single(self, figure: Figure, spot: Spot, anchor: str = "mm", stroke_u: float = 0.5) -> None:
        """One figure on ``spot``: its centre, or its left edge for anchor 'lm'."""
        point = spot.point
        if anchor == "lm" and figure.plate == "none" and figure.shape is None and not figure.infinity:
            self._text(figure, point, "lm", stroke_u)
            if figure.beside is not None:
                self._draw_beside(figure, (point[0] + figure.width / 2, point[1]), point[0] + figure.width)
            return
        centre = (point[0] + figure.width / 2, point[1]) if anchor == "lm" else point
        self._draw_figure(figure, centre, stroke_u)
        if figure.beside is not None:
            sign_y = spot.moved(-5 * self._scale(figure, SIGN_BASE_U)).point[1]
            self._draw_beside(figure, centre, centre[0] + figure.width / 2, sign_y)

    def plain(
        self, text: str, centre: Point, size_u: float, room: float, stroke_u: float, ink: str, role: str
    ) -> None:
        """The line as one string in the counter's ink, as large as ``size_u`` and smaller while
        it is wider than ``room`` (never below 12u)."""
        size = size_u * self.u
        while size > 12 * self.u and text_length(self.draw, text, font(round(size))) > room:
            size -= 1
        self.draw.role = role
        stroke = max(1, round(stroke_u * self.u)) if stroke_u else 0
        draw_centered(self.draw, centre, text, font(round(size)), ink, stroke=stroke)

    def ring(self, text: str, centre: Point, radius: float, role: str) -> None:
        """A figure in a ring with sight marks (a targeted strength), kept clear of the cut edge."""
        cx, cy = centre
        width = max(1, round(radius / 7))
        self.draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), outline=self.ink, width=width)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            self.draw.line(
                [(cx + dx * radius * 0.78, cy + dy * radius * 0.78), (cx + dx * radius, cy + dy * radius)],
                fill=self.ink,
                width=width,
            )
        self.draw.role = role
        draw_centered(self.draw, centre, text, font(round(radius * 1.12)), self.ink)

    # --- one figure ------------------------------------------------------------------------------

    def _plain(self, colour: str | None) -> str:
        return DIGIT_COLOURS.get(colour or "", self.ink)

    def _pad(self, figure: Figure) -> float:
        return {"disc": 4.0, "tile": 3.5, "box": 2.5, "octagon": 3.5}.get(figure.plate, 0.0) * self.u

    def _text(self, figure: Figure, point: Point, anchor: str, stroke_u: float) -> None:
        self.draw.role = figure.role
        stroke = max(1, round(stroke_u * self.u)) if stroke_u else 0
        self.draw.text(
            point,
            figure.text,
            font=figure.chosen,
            fill=self._plain(figure.colour),
            anchor=anchor,
            stroke_width=stroke,
            stroke_fill=self._plain(figure.colour),
        )

    def _draw_figure(self, figure: Figure, centre: Point, stroke_u: float) -> None:
        """Draw one figure (its shape, its plate, the figure) centred on ``centre``."""
        u = self.u
        if figure.shape == "hexagon":
            self._hexagon(figure, centre)
        fill = self._plain(figure.colour)
        left, top, right, bottom = self.draw.textbbox(centre, figure.text, font=figure.chosen, anchor="mm")
        if figure.infinity:
            left, right = centre[0] - 9 * u, centre[0] + 9 * u
            top, bottom = centre[1] - 5 * u, centre[1] + 5 * u
        plate = self._plate(figure, (left, top, right, bottom), centre)
        if figure.shape in ("box", "circle", "underline"):
            self._shape(figure, plate or (left, top, right, bottom))
        self.draw.role = figure.role
        if figure.infinity:
            _infinity(self.draw, centre, 18 * u, fill, max(2, round(2.4 * u)))
        else:
            stroke = max(1, round(stroke_u * u)) if stroke_u else 0
            draw_centered(self.draw, centre, figure.text, figure.chosen, fill, stroke=stroke)
        if figure.colour is not None:
            self.numerals.append(
                Numeral(
                    figure.text, figure.role, figure.colour, figure.plate, (left, top, right, bottom), plate
                )
            )

    def _plate(self, figure: Figure, ink: Rect, centre: Point) -> Rect | None:
        if figure.plate == "none":
            return None
        pad = self._pad(figure)
        cx, cy = centre
        half_w = (ink[2] - ink[0]) / 2 + pad
        half_h = (ink[3] - ink[1]) / 2 + pad
        ring = max(1, round(0.9 * self.u))
        if figure.plate == "disc":  # a disc, drawn out into a pill for a figure of two digits
            half_w = max(half_w, half_h)
            rect = (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
            outline = shade(self.background, 0.55)
            self.draw.rounded_rectangle(rect, radius=half_h, fill=LIGHT_PLATE, outline=outline, width=ring)
            return rect
        if figure.plate == "octagon":
            radius = max(half_w, half_h) / math.cos(math.pi / 8)
            points = [
                (
                    cx + radius * math.cos(math.pi / 8 + math.pi / 4 * i),
                    cy + radius * math.sin(math.pi / 8 + math.pi / 4 * i),
                )
                for i in range(8)
            ]
            self.draw.polygon(points, fill=NAMED["red"], outline=LIGHT_PLATE, width=ring)
            return (cx - radius, cy - radius, cx + radius, cy + radius)
        if figure.plate == "tile":  # a light square, drawn out into an oblong for two digits
            half_w = max(half_w, half_h)
            rect = (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
            outline = shade(self.background, 0.55)
            self.draw.rounded_rectangle(rect, radius=self.u, fill=LIGHT_PLATE, outline=outline, width=ring)
            return rect
        rect = (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
        self.draw.rounded_rectangle(rect, radius=2 * self.u, fill=DARK_PLATE)
        return rect

    # --- marks -----------------------------------------------------------------------------------

    def _scale(self, figure: Figure, base: float) -> float:
        return figure.size_u / base

    def _hexagon_radius(self, figure: Figure) -> float:
        return 15 * self._scale(figure, HEXAGON_BASE_U) * self.u

    def _hexagon(self, figure: Figure, centre: Point) -> None:
        k = self._scale(figure, HEXAGON_BASE_U)
        radius = 15 * k * self.u
        points = [
            (centre[0] + radius * math.cos(math.pi / 3 * i), centre[1] + radius * math.sin(math.pi / 3 * i))
            for i in range(6)
        ]
        self.draw.polygon(points, outline=self.ink, width=max(1, round(2 * k * self.u)))

    def _shape_pad(self, figure: Figure) -> float:
        return 2.5 * self._scale(figure, LETTER_BASE_U) * self.u

    def _circle_extra(self, figure: Figure) -> float:
        """A circle is as wide as the figure is tall, when that is more than its width."""
        left, top, right, bottom = self.draw.textbbox((0, 0), figure.text, font=figure.chosen, anchor="mm")
        return max(0.0, ((bottom - top) - (right - left)) / 2)

    def _shape(self, figure: Figure, around: Rect) -> None:
        """A box, a circle or an underline around or under the figure (and its plate)."""
        pad = self._shape_pad(figure)
        width = max(1, round(1.6 * self._scale(figure, LETTER_BASE_U) * self.u))
        left, top, right, bottom = around
        if figure.shape == "underline":
            self.draw.line([(left, bottom + pad), (right, bottom + pad)], fill=self.ink, width=width)
            return
        box = (left - pad, top - pad, right + pad, bottom + pad)
        if figure.shape == "box":
            self.draw.rectangle(box, outline=self.ink, width=width)
            return
        cx, cy = (left + right) / 2, (top + bottom) / 2
        radius = max(right - left, bottom - top) / 2 + pad
        self.draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), outline=self.ink, width=width)

    def _sign_colour(self, figure: Figure) -> str:
        """A sign beside a figure stands on the counter: in the figure's colour where that reads
        there (4.5:1), else in the counter's ink (Israel 1948's '+' beside a red strength on blue)."""
        fill = self._plain(figure.colour)
        return fill if contrast(fill, self.background) >= MIN_CONTRAST else self.ink

    def _beside_width(self, figure: Figure) -> float:
        mark = figure.beside or ""
        if is_sign(mark):
            k = self._scale(figure, SIGN_BASE_U)
            return 6 * k * self.u + text_length(self.draw, mark, font(round(20 * k * self.u))) / 2
        k = self._scale(figure, LETTER_BASE_U)
        return 1 * k * self.u + text_length(self.draw, mark, font(round(12 * k * self.u)))

    def _draw_beside(self, figure: Figure, centre: Point, right: float, sign_y: float | None = None) -> None:
        """A sign large in the figure's colour, its centre 6u right of the figure and 5u up; letters
        small and raised in the counter's ink, 1u right of it."""
        mark = figure.beside or ""
        if is_sign(mark):
            k = self._scale(figure, SIGN_BASE_U)
            self.draw.role = "mark"
            draw_centered(
                self.draw,
                (right + 6 * k * self.u, centre[1] - 5 * k * self.u if sign_y is None else sign_y),
                mark,
                font(round(20 * k * self.u)),
                self._sign_colour(figure),
                stroke=max(1, round(0.8 * k * self.u)),
            )
            return
        k = self._scale(figure, LETTER_BASE_U)
        self.draw.role = "mark"
        self.draw.text(
            (right + 1 * k * self.u, centre[1] - 9 * k * self.u),
            mark,
            font=font(round(12 * k * self.u)),
            fill=self.ink,
            anchor="lm",
        )


def _letters(figure: Figure) -> bool:
    return figure.role == "joiner" and figure.text.isalpha()


def _infinity(draw: ImageDraw.ImageDraw, centre: Point, width: float, colour: str, line: int) -> None:
    """An infinity sign drawn as two loops (the bundled font has no glyph for it)."""
    cx, cy = centre
    loop = width / 2
    height = width * 0.5
    draw.ellipse((cx - loop, cy - height / 2, cx, cy + height / 2), outline=colour, width=line)
    draw.ellipse((cx, cy - height / 2, cx + loop, cy + height / 2), outline=colour, width=line)
