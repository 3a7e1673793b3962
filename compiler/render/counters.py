"""Draw a counter face from its data, the way its rulebook describes it.

One painter for every game: the face's presentation fields say what it looks like
(its colours, its symbol, a label, words on a marker, the damaged side's bar), and
the game's counter layout (game.json ``counter_layout``, compiler/render/counter_layout.py)
says which values stand where and how they read. The same images go onto the print
sheets and into the VASSAL module.

Lengths are in hundredths of the counter's width ("u"). Rules that hold on every
face (tests/test_legibility.py checks them on every face of every game): no text is
smaller than 5 pt on a 5/8 in counter (``MIN_TEXT_U``), and a name's capitals stand at
least 5 pt tall (``MIN_CAP_U``); every numeral, name and mark keeps at least 4.5:1
contrast with what lies behind it (WCAG AA for text); a colour code never relies on
colour alone: each colour code has a shape of its own (counter_values.py ``CUES``);
what the rules read from a counter's look (its side, its damaged bar, a band) stays
apart under deuteranopia, protanopia and greyscale, or carries a mark of its own.

Names and a marker's words are set in the condensed face (fonts.name_font), values in
Aileron: the two voices of a printed counter.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from PIL import Image, ImageDraw

from compiler.presentation.colours import keyline_for, readable_on, shade
from compiler.render.artwork import picture
from compiler.render.counter_layout import (
    DRAWN_ORDER,
    SMALL_SYMBOL_BOX_U,
    SYMBOL_BOX_U,
    VALUE_LINES,
    FaceArt,
    LayoutPainter,
    Slot,
    layout_of,
)
from compiler.render.counter_values import Numeral, Spot
from compiler.render.fonts import (
    DrawnText,
    Font,
    RecordingDraw,
    cap_height,
    draw_centered,
    font,
    name_font,
)
from compiler.render.icons import ICONS, draw_icon
from compiler.render.marks import draw_flag
from compiler.render.side_band import SIDE_BAND_U, band_colour, banded_side
from compiler.render.symbols import draw_symbol
from rules_engine.definitions import Counter, CounterLayout, Face, ValidGame
from rules_engine.definitions.counters import face_name as name_of_face
from rules_engine.definitions.counters import face_path
from rules_engine.definitions.origin import NOWHERE

SUPERSAMPLE_BELOW = 150  # pixels: smaller counters are drawn at twice the size and reduced
NEUTRAL = "#c8c8c8"
DAMAGE_RED = "#d0202a"
DEFAULT_COUNTER_IN = 0.625
MIN_TEXT_PT = 5.0
MIN_TEXT_U = math.ceil(MIN_TEXT_PT / 72 / DEFAULT_COUNTER_IN * 100 * 10) / 10  # 11.2
MIN_CAP_PT = 5.0  # a name's capitals, as a reader measures a name's size
MIN_CAP_U = MIN_CAP_PT / 72 / DEFAULT_COUNTER_IN * 100  # 11.1
NAME_U = 14.0  # a name's size (pixels to the em, in u) where it fits
DAMAGED_BAR_U = (56.5, 61.5)  # top and bottom of the damaged side's bar
TOP_LINE = ("top-left", "top-right")  # the corners of the name's line
BESIDE_SYMBOL = ("left",)  # where else a nation's mark may stand
DEFAULT_SYMBOL = {"dummy": "dummy"}  # a piece of no unit class: a dummy shows the hollow star
WORD_U = 15.0  # a marker's word under its icon: secondary (its capitals 5 pt and a little over)
ICON_TOP_U = 8.0  # the top of a marker's icon
ICON_GAP_U = 2.0  # between the icon and the word's capitals
ICON_WORDS_U = ((79.0, 0.0), (70.0, 15.5))  # the centre of the first line and the line step, 1 or 2 lines
# A marker's large figure: 26u high, under its picture (or in the middle when it has none).
MARKER_FIGURE = Slot(("centre", 0), ("bottom", -20), "mm", 26, 0.5, 0.5, 88, (("centre", 0), ("top", 50)), 12)


class CounterPainter:
    """Renders the faces of one game's counters at any size.

    After each ``render`` the painter keeps what it drew, for tests and reports:
    ``last_texts`` (the strings), ``last_drawn`` (their boxes and sizes on the
    drawing canvas of ``last_canvas`` pixels), ``last_numerals`` (colour-coded
    figures with their cue and backing plate) and ``last_marks`` (the nation marks:
    the nation's id and the mark's box, a flag filling the face included).
    """

    def __init__(self, definition: ValidGame) -> None:
        self.definition = definition
        game = definition.game
        self._sides = {s.id: s for s in game.sides}
        self._nations = {n.id: n for n in game.nations}
        self._classes = {c.id: c for c in game.unit_classes}
        # where each counter is written, for a diagnostic about its image (the drawing sees no ids)
        self._origins = {c.name: c.origin for c in definition.counters.counters.values()}
        self._banded = banded_side((s.id for s in game.sides), self._unit_grounds())
        self.last_texts: list[str] = []
        self.last_drawn: list[DrawnText] = []
        self.last_numerals: list[Numeral] = []
        self.last_marks: list[tuple[str, tuple[float, float, float, float]]] = []
        self.last_overflows: list[str] = []
        self.last_canvas = 0
        self.last_offset = 0

    # --- public -----------------------------------------------------------------

    def faces(self, counter: Counter) -> list[tuple[str, Face]]:
        """The faces to print: front, the back (blank if the counter has none), then each of
        more_faces ("face3" ...: a unit of more than two steps)."""
        back = counter.back if counter.back is not None else self.implied_back(counter)
        more = [(name_of_face(index), face) for index, face in enumerate(counter.more_faces, start=2)]
        return [("front", counter.front), ("back", back), *more]

    def layout(self, counter: Counter) -> CounterLayout:
        """Where the counter's values stand (game.json counter_layout, or the default)."""
        return layout_of(self.definition.game, counter)

    def drawn(self, counter: Counter, face_name: str) -> Counter:
        """The counter as the drawing of one face sees it: that face, and the fields a face
        shows (name, kind, side, nation, class, hidden), everything else blanked. ``render``
        draws from this alone, so what it returns is exactly what the drawing reads."""
        face = dict(self.faces(counter))[face_name]
        front, back = (face, None) if face_name == "front" else (Face(blank=True), face)
        return counter._replace(
            more_faces=(),
            id="",
            aliases=(),
            formation=None,
            copies=1,
            optional_rule=None,
            special_rules=(),
            origin=NOWHERE,
            front=front,
            back=back,
        )

    def inputs(self, counter: Counter, face_name: str) -> tuple[object, ...]:
        """Everything ``render`` reads to draw one face (the key of its cached image): the
        counter as drawn, its side, nation, flag and unit class, its layout, and which side
        carries the side band (the whole game's colours decide it)."""
        drawn = self.drawn(counter, face_name)
        face = drawn.front if face_name == "front" else drawn.back
        return (
            self._banded,
            self.layout(counter),
            drawn,
            self._sides.get(drawn.side or ""),
            self._nations.get(drawn.nation or ""),
            self._nations.get(face.flag) if face and face.flag else None,
            self._classes.get(drawn.unit_class or ""),
        )

    def _shown(self, drawn: Counter, face_name: str) -> Face:
        """The face a counter as ``drawn`` shows: its front, or the one in its back's place."""
        if face_name == "front" or drawn.back is None:
            return drawn.front
        return drawn.back

    def implied_back(self, counter: Counter) -> Face:
        """A counter without a printed back gets a blank one; a hidden one a '?' back."""
        if counter.hidden:
            return Face(text="?")
        return Face(blank=True)

    def render(self, counter: Counter, face_name: str, size: int, bleed: int = 0) -> Image.Image:
        """The face as an RGB image of ``size`` pixels plus ``bleed`` on every side."""
        layout = self.layout(counter)
        counter = self.drawn(counter, face_name)
        face = self._shown(counter, face_name)
        if face.image is not None and face.image.mode == "whole":
            return self._picture(face, counter, face_name, size, bleed)
        art = self._art(counter, face, face_name)
        scale = 2 if size < SUPERSAMPLE_BELOW else 1
        full = (size + 2 * bleed) * scale
        image = Image.new("RGB", (full, full), art.background)
        if face.image is not None:  # a background: the name, symbol and values are drawn over it
            image = self._picture(face, counter, face_name, size * scale, bleed * scale)
        self._paint(image, art, layout, bleed * scale, size * scale, full, everything=True)
        if scale == 1:
            return image
        return image.resize((size + 2 * bleed, size + 2 * bleed), Image.Resampling.LANCZOS)

    def draw_layout(self, image: Image.Image, counter: Counter, face_name: str, bleed: int = 0) -> None:
        """Draw the face's name and its layout (values, marks, symbols, band) onto ``image``, a
        square of the counter plus ``bleed`` on every side: a face whose picture is an image
        gets its values as every other face does. The unit's symbol, the background and the
        outline are the picture's."""
        layout = self.layout(counter)
        counter = self.drawn(counter, face_name)
        face = self._shown(counter, face_name)
        art = self._art(counter, face, face_name)
        self._paint(image, art, layout, bleed, image.width - 2 * bleed, image.width, everything=False)

    def _picture(self, face: Face, counter: Counter, face_name: str, size: int, bleed: int) -> Image.Image:
        """The face's image at ``size``, its edge carried on into the bleed (printed beyond the cut)."""
        assert face.image is not None
        origin = self._origins.get(counter.name, NOWHERE).child(*face_path(face_name), "image")
        exact = picture(face.image.art, (size, size), origin)
        if not bleed:
            return exact
        framed = exact.resize((size + 2 * bleed, size + 2 * bleed), Image.Resampling.BILINEAR)
        framed.paste(exact, (bleed, bleed))
        return framed

    # --- resolving colours and symbols ------------------------------------------------

    def _ground(self, counter: Counter, face: Face) -> str:
        """The face's background: its own, else its nation's, else its side's colour."""
        nation = self._nations.get(counter.nation or "")
        side = self._sides.get(counter.side or "")
        return (
            face.background
            or (nation.colour if nation else None)
            or (side.colour if side else None)
            or NEUTRAL
        )

    def _unit_grounds(self) -> dict[str, set[str]]:
        """Each side's unit grounds, over every printed face of its units (hidden and flag
        faces aside: they show no ground of the side's units)."""
        grounds: dict[str, set[str]] = {}
        assert self.definition.counters is not None
        for counter in self.definition.counters.counters.values():
            if not counter.is_unit or counter.side not in self._sides:
                continue
            for _, face in self.faces(counter):
                if not _banded_face(counter, face) or face.image is not None:
                    continue
                grounds.setdefault(counter.side, set()).add(self._ground(counter, face))
        return grounds

    def _art(self, counter: Counter, face: Face, face_name: str) -> FaceArt:
        nation = self._nations.get(counter.nation or "")
        side = self._sides.get(counter.side or "")
        side_colour = side.colour if side else None
        background = self._ground(counter, face)
        ink = (
            face.foreground
            or (side.text_colour if side and side.colour == background else None)
            or readable_on(background)
        )
        unit_class = self._classes.get(counter.unit_class or "")
        default = DEFAULT_SYMBOL.get(counter.kind, "none")
        symbol = face.symbol or (unit_class.symbol if unit_class else default)
        if face.flag is not None:
            nation = self._nations.get(face.flag, nation)
        band = None
        if counter.side == self._banded and _banded_face(counter, face):
            band = band_colour(background, side_colour)
        return FaceArt(counter, face, face_name, background, ink, symbol, nation, side_colour, band)

    # --- painting -----------------------------------------------------------------------

    def _paint(
        self,
        image: Image.Image,
        art: FaceArt,
        layout: CounterLayout,
        offset: int,
        size: int,
        full: int,
        everything: bool,
    ) -> None:
        """Paint the face on ``image``; ``everything`` False leaves out what a picture gives
        (the unit's symbol, a marker's picture, the damaged bar and the outline)."""
        u = size / 100
        box = (offset, offset, offset + size, offset + size)
        draw = RecordingDraw(image)
        self.last_overflows = []
        painter = LayoutPainter(draw, art, layout, box, u)
        face = art.face
        painter.paint_band(full)
        if art.side_band is not None:  # edge to edge through the bleed, as the no-ZOC band
            draw.rectangle((0, 0, full, offset + SIDE_BAND_U * u), fill=art.side_band)
        if not face.blank:
            if face.symbol == "flag" and art.nation is not None:
                flag_box = (box[0] + 18 * u, box[1] + 26 * u, box[2] - 18 * u, box[3] - 26 * u)
                painter.marks.append((art.nation.id, flag_box))
                if everything:
                    draw_flag(draw, art.nation, flag_box, u)
            elif not art.counter.is_unit or face.text == "?":
                self._paint_marker(draw, painter, art, box, u, everything)
            else:
                self._paint_unit(draw, painter, art, box, u, everything)
        if everything:
            if face.damaged:
                _damaged_bar(draw, art.background, box[1], u, full)
            draw.rectangle(box, outline=shade(art.background, 0.6), width=max(1, round(0.8 * u)))
        self.last_overflows += painter.overflows
        self.last_texts = [t.text for t in draw.texts]
        self.last_drawn = list(draw.texts)
        self.last_numerals = list(painter.values.numerals)
        self.last_marks = list(painter.marks)
        self.last_canvas = size
        self.last_offset = offset

    def _paint_unit(
        self,
        draw: RecordingDraw,
        painter: LayoutPainter,
        art: FaceArt,
        box: tuple[float, ...],
        u: float,
        everything: bool,
    ) -> None:
        """Nation marks and the name, the values around the symbol, the symbol (or what the
        layout prints in its place), then the value lines. On a side band the name's line is
        painted as on a counter of the band's colour."""
        top = painter
        if art.side_band is not None:
            top_art = replace(art, background=art.side_band, ink=readable_on(art.side_band))
            top = LayoutPainter(draw, top_art, painter.layout, box, u)
        top.paint_nation_marks(TOP_LINE)
        painter.paint_nation_marks(BESIDE_SYMBOL)
        if painter.layout.entry("top") is None:
            self._unit_name(draw, top, top.art, box, u)
        else:
            top.paint(("top",))
        top.paint(TOP_LINE)
        painter.paint(tuple(at for at in DRAWN_ORDER if at not in TOP_LINE))
        if top is not painter:
            painter.marks += top.marks
            painter.overflows += top.overflows
            painter.values.numerals += top.values.numerals
        if painter.shows("middle"):
            painter.paint(("middle",))
        elif everything:
            small = painter.shows("above-symbol")
            symbol_box = _offset_box(box, SMALL_SYMBOL_BOX_U if small else SYMBOL_BOX_U, u)
            if painter.band_colour is not None and art.symbol != "none":  # the symbol on the counter's colour
                draw.rectangle(symbol_box, fill=art.background)
            draw_symbol(draw, art.symbol, symbol_box, art.ink, None, max(1, round(2.2 * u)))
        painter.paint(VALUE_LINES)

    def _unit_name(
        self, draw: RecordingDraw, painter: LayoutPainter, art: FaceArt, box: tuple[float, ...], u: float
    ) -> None:
        """The name across the top: the full name if it fits at a readable size, else the short
        one; narrower where a corner of the top line holds something."""
        left, top, right, _ = box
        face = art.face
        name_left = left + (24 * u if painter.shows("top-left") else 6 * u)
        name_right = right - (21 * u if painter.shows("top-right") else 4 * u)
        names = (face.label,) if face.label else art.counter.printed_names
        width = name_right - name_left
        name, chosen, fitted = _fit_name(draw, names, width, NAME_U * u, u)
        if not fitted:
            self.last_overflows.append(name)
        draw.role = "name"
        draw.text((name_left, top + 12 * u), name, font=chosen, fill=art.ink, anchor="lm")

    # --- markers and small pictures --------------------------------------------------------

    def _paint_marker(
        self,
        draw: RecordingDraw,
        painter: LayoutPainter,
        art: FaceArt,
        box: tuple[float, ...],
        u: float,
        everything: bool,
    ) -> None:
        """Tokens, markers and gear: a heading, a picture, and either a large figure (a short
        label such as '+1', or what the layout prints in the middle: '3') or words ('OUT OF
        SUPPLY'); what the layout prints elsewhere stands where it says."""
        left, top, right, bottom = box
        face = art.face
        cx = (left + right) / 2
        if face.text == "?":
            draw.role = "hidden"
            draw_centered(
                draw, (cx, (top + bottom) / 2), "?", font(round(52 * u)), art.ink, stroke=max(1, round(u))
            )
            return
        short = face.label if face.label and len(face.label) <= 4 else None
        big = short is not None or painter.shows("middle")
        words = face.text or (face.label if face.label and len(face.label) > 4 else None)
        heading = None if face.text else art.counter.printed_names if words is None else None
        has_symbol = art.symbol != "none"
        painter.paint_nation_marks()
        if has_symbol and words is not None and not big and heading is None:
            self._icon_and_words(draw, painter, art, words, box, u, everything)
            return
        if heading:
            # the heading's line, beside the nation's mark where one stands in the corner
            start = left + (24 * u if painter.shows("top-left") else 4 * u)
            name, chosen, fitted = _fit_name(draw, heading, right - 4 * u - start, NAME_U * u, u)
            if not fitted:
                self.last_overflows.append(name)
            draw.role = "name"
            centre = ((start + right - 4 * u) / 2, top + 12 * u)
            draw.text(centre, name, font=chosen, fill=art.ink, anchor="mm")
        if has_symbol and everything:
            symbol_box = (
                (left + 32 * u, top + 22 * u, right - 32 * u, top + 50 * u)
                if heading or big
                else (left + 30 * u, top + 10 * u, right - 30 * u, top + 48 * u)
            )
            self._marker_symbol(draw, art.symbol, symbol_box, art, u)
        painter.paint(DRAWN_ORDER + VALUE_LINES)
        if not big:
            self._words(draw, words or art.counter.name, art, box, u, has_symbol)
            return
        spot = Spot(cx, 0, bottom, -20, u) if has_symbol else Spot(cx, 0, (top + bottom) / 2, 6, u)
        if short is not None:
            draw.role = "figure"
            draw_centered(
                draw, spot.point, short, font(round(26 * u)), art.ink, stroke=max(1, round(0.5 * u))
            )
            return
        entry = painter.layout.entry("middle")
        if entry is not None:
            painter.paint_entry(entry, MARKER_FIGURE, spot)

    def _icon_and_words(
        self,
        draw: RecordingDraw,
        painter: LayoutPainter,
        art: FaceArt,
        words: str,
        box: tuple[float, ...],
        u: float,
        everything: bool,
    ) -> None:
        """A marker as a published game prints one: its icon large, read at arm's length, and
        its word small beneath (one line, or two where one would not fit at ``WORD_U``)."""
        left, top, right, _ = box
        cx = (left + right) / 2
        width = right - left - 12 * u
        lines, chosen, fitted = _word_lines(draw, words, width, WORD_U * u, u)
        if not fitted:
            self.last_overflows.append(words)
        first, step = ICON_WORDS_U[len(lines) - 1]
        icon_bottom = first - ICON_GAP_U - 0.5 * WORD_U
        height = icon_bottom - ICON_TOP_U
        icon_box = (cx - height / 2 * u, top + ICON_TOP_U * u, cx + height / 2 * u, top + icon_bottom * u)
        if everything:
            self._marker_symbol(draw, art.symbol, icon_box, art, u)
        painter.paint(DRAWN_ORDER + VALUE_LINES)
        draw.role = "words"
        for index, line in enumerate(lines):
            draw_centered(draw, (cx, top + (first + index * step) * u), line, chosen, art.ink)

    def _words(
        self,
        draw: RecordingDraw,
        words: str,
        art: FaceArt,
        box: tuple[float, ...],
        u: float,
        has_symbol: bool,
    ) -> None:
        """A marker's words: one line if it reads at 15u or more, else two or three lines, each as
        large as fits (never below the minimum)."""
        left, top, right, _ = box
        cx = (left + right) / 2
        width = right - left - 16 * u
        lines = [words]
        for wrap in (12, 8):
            if all(fits(draw, line, width, 16 * u, name_font) for line in lines):
                break
            lines = _wrap(words, wrap)
        size = (16 if len(lines) > 1 else 19) * u
        first_y = (top + 66 * u) if has_symbol else (top + 50 * u - (len(lines) - 1) * 8.5 * u)
        step = 17 * u if has_symbol or len(lines) < 3 else 15 * u
        draw.role = "words"
        for index, line in enumerate(lines):
            _, chosen, fitted = _fit_name(draw, (line,), width, size, u)
            if not fitted:
                self.last_overflows.append(line)
            draw_centered(draw, (cx, first_y + index * step), line, chosen, art.ink)

    def _marker_symbol(
        self,
        draw: ImageDraw.ImageDraw,
        name: str,
        box: tuple[float, float, float, float],
        art: FaceArt,
        u: float,
    ) -> None:
        """A marker's picture: one of the marker icons, else a unit-type symbol (an air token's
        aeroplane, a garrison's house)."""
        if name in ICONS:
            draw_icon(draw, name, box, art.ink, art.background)
        else:
            draw_symbol(draw, name, box, art.ink, None, max(1, round(2 * u)))


Setter = Callable[[int, str], Font]  # a size in pixels and the text -> the font to set it in


def _sans(size: int, text: str) -> Font:
    return font(size)


def fits(draw: ImageDraw.ImageDraw, text: str, width: float, size: float, face: Setter = _sans) -> bool:
    left, _, right, _ = draw.textbbox((0, 0), text, font=face(round(size), text))
    return right - left <= width


def readable_fit(
    draw: ImageDraw.ImageDraw,
    names: tuple[str, ...],
    width: float,
    size: float,
    minimum: float,
    face: Setter = _sans,
) -> tuple[str, Font, bool]:
    """The first of ``names`` that fits ``width`` at ``minimum`` or larger, in the largest such
    font not above ``size``, and True; the last name at the minimum and False if none fits."""
    floor = math.ceil(minimum)
    for name in names:
        chosen = round(size)
        while chosen >= floor:
            if fits(draw, name, width, chosen, face):
                return name, face(chosen, name), True
            chosen -= 1
    return names[-1], face(floor, names[-1]), False


def _fit_name(
    draw: ImageDraw.ImageDraw, names: tuple[str, ...], width: float, size: float, u: float
) -> tuple[str, Font, bool]:
    """A name or words in the condensed face, as large as fits up to ``size``, never below
    ``name_minimum``; the first of ``names`` (a full name, then a short one) that fits."""
    minimum = max(name_minimum(u, name) for name in names)
    return readable_fit(draw, names, width, max(size, minimum), minimum, name_font)


def name_minimum(u: float, text: str) -> float:
    """The smallest size (pixels to the em) a name or word is set in: 5 pt, and capitals at
    least ``MIN_CAP_U`` tall in the face that sets it."""
    probe = name_font(100, text)
    return max(MIN_TEXT_U * u, MIN_CAP_U * u * 100 / cap_height(probe))


def _banded_face(counter: Counter, face: Face) -> bool:
    """A unit's face that shows its side's ground: not blank, not a hidden '?' or a flag."""
    return counter.is_unit and not face.blank and face.text != "?" and face.symbol != "flag"


def _damaged_bar(draw: ImageDraw.ImageDraw, background: str, top: float, u: float, full: float) -> None:
    """The damaged side's red bar across the counter and through the bleed, between its symbol
    and its values; a keyline above and below it in white or black, whichever stands out from
    the counter, so it shows in greyscale and to a red-green colour-blind player on any ground."""
    keyline = keyline_for(background)
    upper, lower = (top + edge * u for edge in DAMAGED_BAR_U)
    line = 1.5 * u
    draw.rectangle((0, upper - line, full, lower + line), fill=keyline)
    draw.rectangle((0, upper, full, lower), fill=DAMAGE_RED)


def _offset_box(
    box: tuple[float, ...], parts: tuple[float, float, float, float], u: float
) -> tuple[float, float, float, float]:
    left, top = box[0], box[1]
    return (left + parts[0] * u, top + parts[1] * u, left + parts[2] * u, top + parts[3] * u)


def _word_lines(
    draw: ImageDraw.ImageDraw, words: str, width: float, size: float, u: float
) -> tuple[list[str], Font, bool]:
    """A marker's words under its icon: one line at ``size`` if it fits, else two lines as even
    as the words allow, as large as fits up to ``size`` (never below ``name_minimum``)."""
    options: list[list[str]] = [[words]]
    split = words.split()
    if len(split) > 1:
        cuts = [[" ".join(split[:i]), " ".join(split[i:])] for i in range(1, len(split))]
        cuts.sort(key=lambda lines: abs(len(lines[0]) - len(lines[1])))
        options += cuts
    minimum = name_minimum(u, words)
    for lines in options:  # each way of setting them at the full size first
        if all(fits(draw, line, width, size, name_font) for line in lines):
            return lines, name_font(round(size), words), True
    best = options[1] if len(options) > 1 else options[0]
    _, chosen, fitted = readable_fit(draw, (max(best, key=len),), width, size, minimum, name_font)
    return best, chosen, fitted


def _wrap(text: str, width: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        lines.append(line)
    return lines[:3]
