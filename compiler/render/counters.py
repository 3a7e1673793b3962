"""Draw a counter face from its data, the way its rulebook describes it.

One painter for every game: the face's fields say what is printed (strength
and its colour, movement in a hexagon or octagon, a supply symbol, a no-ZOC
band ...), and a small per-system layout says where (Israel 1948 puts strength
and movement in the lower corners; Jerusalem! prints "strength-movement"; the
Raiders system prints "combat+movement"). The same images go onto the print
sheets and into the VASSAL module.

Lengths are in hundredths of the counter's width ("u"). Two rules hold on every
face: no text is smaller than 5 pt on a 5/8 in counter (``MIN_TEXT_U``), and a
colour code never relies on colour alone: each strength or movement colour has
a shape of its own (``CUES``), and every numeral keeps at least 3:1 contrast with
what lies behind it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from compiler.render.artwork import picture
from compiler.render.colours import NAMED, readable_on, shade
from compiler.render.counter_values import Numeral, ValuePainter
from compiler.render.fonts import DrawnText, Font, RecordingDraw, draw_centered, font
from compiler.render.symbols import draw_symbol, star_points
from rules_engine.definitions import Counter, Face, Nation, ValidGame
from rules_engine.definitions.origin import NOWHERE

SUPERSAMPLE_BELOW = 150  # pixels: smaller counters are drawn at twice the size and reduced
NEUTRAL = "#c8c8c8"
DAMAGE_RED = "#d0202a"
DEFAULT_COUNTER_IN = 0.625
MIN_TEXT_PT = 5.0
MIN_TEXT_U = math.ceil(MIN_TEXT_PT / 72 / DEFAULT_COUNTER_IN * 100 * 10) / 10  # 11.2
SYMBOL_BOX_U = (28.0, 24.0, 72.0, 54.0)  # left, top, right, bottom of a unit's symbol


def counter_layout(system: str) -> str:
    """Where the game's system prints a counter's values (its facts say); "corners" for an unknown one."""
    from rules_engine.core import EngineError
    from rules_engine.systems import system_facts

    try:
        return system_facts(system).counter_layout
    except EngineError:
        return "corners"


@dataclass(frozen=True)
class FaceArt:
    """What the painter needs about one face, resolved from the game's definitions."""

    counter: Counter
    face: Face
    face_name: str
    background: str
    ink: str
    symbol: str
    nation: Nation | None
    side_colour: str | None


class CounterPainter:
    """Renders the faces of one game's counters at any size.

    After each ``render`` the painter keeps what it drew, for tests and reports:
    ``last_texts`` (the strings), ``last_drawn`` (their boxes and sizes on the
    drawing canvas of ``last_canvas`` pixels) and ``last_numerals`` (strength and
    movement figures with their colour cue and backing plate).
    """

    def __init__(self, definition: ValidGame) -> None:
        self.definition = definition
        game = definition.game
        self.layout = counter_layout(game.system)
        self._sides = {s.id: s for s in game.sides}
        self._nations = {n.id: n for n in game.nations}
        self._classes = {c.id: c for c in game.unit_classes}
        # where each counter is written, for a diagnostic about its image (the drawing sees no ids)
        self._origins = {c.name: c.origin for c in definition.counters.counters.values()}
        self.last_texts: list[str] = []
        self.last_drawn: list[DrawnText] = []
        self.last_numerals: list[Numeral] = []
        self.last_overflows: list[str] = []
        self.last_canvas = 0
        self.last_offset = 0

    # --- public -----------------------------------------------------------------

    def faces(self, counter: Counter) -> list[tuple[str, Face]]:
        """The faces to print: front, and the back (blank if the counter has none)."""
        back = counter.back if counter.back is not None else self.implied_back(counter)
        return [("front", counter.front), ("back", back)]

    def drawn(self, counter: Counter, face_name: str) -> Counter:
        """The counter as the drawing of one face sees it: that face, and the fields a face
        shows (name, kind, side, nation, class, hidden), everything else blanked. ``render``
        draws from this alone, so what it returns is exactly what the drawing reads."""
        face = dict(self.faces(counter))[face_name]
        front, back = (face, None) if face_name == "front" else (Face(blank=True), face)
        return counter._replace(
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
        counter as drawn, its side, nation, flag and unit class, and the layout."""
        drawn = self.drawn(counter, face_name)
        face = drawn.front if face_name == "front" else drawn.back
        return (
            self.layout,
            drawn,
            self._sides.get(drawn.side or ""),
            self._nations.get(drawn.nation or ""),
            self._nations.get(face.flag) if face and face.flag else None,
            self._classes.get(drawn.unit_class or ""),
        )

    def implied_back(self, counter: Counter) -> Face:
        """A counter without a printed back gets a blank one; a hidden one a '?' back."""
        if counter.hidden:
            return Face(text="?")
        return Face(blank=True)

    def render(self, counter: Counter, face_name: str, size: int, bleed: int = 0) -> Image.Image:
        """The face as an RGB image of ``size`` pixels plus ``bleed`` on every side."""
        counter = self.drawn(counter, face_name)
        face = dict(self.faces(counter))[face_name]
        if face.image is not None and face.image.mode == "whole":
            return self._picture(face, counter, face_name, size, bleed)
        art = self._art(counter, face, face_name)
        scale = 2 if size < SUPERSAMPLE_BELOW else 1
        full = (size + 2 * bleed) * scale
        image = Image.new("RGB", (full, full), art.background)
        if face.image is not None:  # a background: the name and values are drawn over it
            image = self._picture(face, counter, face_name, size * scale, bleed * scale)
        draw = RecordingDraw(image)
        self.last_overflows = []
        values = ValuePainter(draw, art.background, art.ink, size * scale / 100)
        self._paint(draw, values, art, bleed * scale, size * scale, full)
        self.last_texts = [t.text for t in draw.texts]
        self.last_drawn = list(draw.texts)
        self.last_numerals = list(values.numerals)
        self.last_canvas = size * scale
        self.last_offset = bleed * scale
        if scale == 1:
            return image
        return image.resize((size + 2 * bleed, size + 2 * bleed), Image.Resampling.LANCZOS)

    def _picture(self, face: Face, counter: Counter, face_name: str, size: int, bleed: int) -> Image.Image:
        """The face's image at ``size``, its edge carried on into the bleed (printed beyond the cut)."""
        assert face.image is not None
        origin = self._origins.get(counter.name, NOWHERE).child(face_name, "image")
        exact = picture(face.image.art, (size, size), origin)
        if not bleed:
            return exact
        framed = exact.resize((size + 2 * bleed, size + 2 * bleed), Image.Resampling.BILINEAR)
        framed.paste(exact, (bleed, bleed))
        return framed

    # --- resolving colours and symbols ------------------------------------------------

    def _art(self, counter: Counter, face: Face, face_name: str) -> FaceArt:
        nation = self._nations.get(counter.nation or "")
        side = self._sides.get(counter.side or "")
        side_colour = side.colour if side else None
        background = face.background or (nation.colour if nation else None) or side_colour or NEUTRAL
        ink = (
            face.foreground
            or (side.text_colour if side and side.colour == background else None)
            or readable_on(background)
        )
        unit_class = self._classes.get(counter.unit_class or "")
        symbol = face.symbol or (unit_class.symbol if unit_class else "none")
        if face.flag is not None:
            nation = self._nations.get(face.flag, nation)
        return FaceArt(counter, face, face_name, background, ink, symbol, nation, side_colour)

    # --- painting -----------------------------------------------------------------------

    def _paint(
        self, draw: RecordingDraw, values: ValuePainter, art: FaceArt, offset: int, size: int, full: int
    ) -> None:
        u = size / 100
        box = (offset, offset, offset + size, offset + size)
        face = art.face
        if face.no_zoc_band:  # printed edge to edge: through the bleed as well
            band = NAMED[face.no_zoc_band]
            draw.rectangle((0, box[1] + 38 * u, full, box[1] + 62 * u), fill=band)
        if not face.blank:
            if face.symbol == "flag" and art.nation is not None:
                flag_box = (box[0] + 18 * u, box[1] + 26 * u, box[2] - 18 * u, box[3] - 26 * u)
                draw_flag(draw, art.nation, flag_box, u)
            elif not art.counter.is_unit or face.text == "?":
                self._paint_marker(draw, art, box, u)
            else:
                self._paint_unit(draw, values, art, box, u)
        if face.damaged:
            # A red bar through the counter between its symbol and its values, clear of both.
            draw.rectangle((box[0], box[1] + 56.5 * u, box[2], box[1] + 61.5 * u), fill=DAMAGE_RED)
        draw.rectangle(box, outline=shade(art.background, 0.6), width=max(1, round(0.8 * u)))

    def _paint_unit(
        self, draw: RecordingDraw, values: ValuePainter, art: FaceArt, box: tuple[float, ...], u: float
    ) -> None:
        left, top, right, _ = box
        face = art.face
        self._unit_name(draw, art, box, u)
        if face.supply_symbol:
            self._supply_symbol(draw, (right - 11.5 * u, top + 12 * u), 6.5 * u, art)
        if face.capacity is not None:
            draw.role = "capacity"
            draw_centered(
                draw, (right - 11 * u, top + 12 * u), str(face.capacity), font(round(14 * u)), art.ink
            )
        if face.range is not None:
            draw.role = "range"
            draw.text(
                (left + 6 * u, top + 29 * u),
                f"({face.range})",
                font=font(round(13 * u)),
                fill=art.ink,
                anchor="lm",
            )
        if face.targeted_strength is not None:
            self._target(draw, (right - 16 * u, top + 34 * u), 10.5 * u, str(face.targeted_strength), art)
        symbol_box = _offset_box(box, SYMBOL_BOX_U, u)
        if art.counter.kind in ("leader", "dummy") and face.multiplier:
            self._multiplier(draw, art, box, u)
        else:
            if face.no_zoc_band and art.symbol != "none":  # the symbol on the counter's colour
                draw.rectangle(symbol_box, fill=art.background)
            draw_symbol(draw, art.symbol, symbol_box, art.ink, None, max(1, round(2.2 * u)))
        if face.value is not None:
            draw.role = "value"
            draw_centered(
                draw,
                ((left + right) / 2, top + 40 * u),
                str(face.value),
                font(round(22 * u)),
                art.ink,
                stroke=max(1, round(0.5 * u)),
            )
        {"corners": values.corners, "dash": values.dashed, "plus": values.plus}[self.layout](
            art.face, art.counter, box
        )

    def _unit_name(self, draw: RecordingDraw, art: FaceArt, box: tuple[float, ...], u: float) -> None:
        """The name across the top: the full name if it fits at a readable size, else the short one."""
        left, top, right, _ = box
        face = art.face
        name_left = left + 6 * u
        if self.layout == "corners" and art.nation is not None and art.nation.mark_colours:
            draw_flag(draw, art.nation, (left + 5 * u, top + 6 * u, left + 21 * u, top + 17 * u), u)
            name_left = left + 24 * u
        name_right = right - (21 * u if (face.supply_symbol or face.capacity is not None) else 5 * u)
        names = (face.label,) if face.label else art.counter.printed_names
        name, chosen, fitted = readable_fit(draw, names, name_right - name_left, 14 * u, MIN_TEXT_U * u)
        if not fitted:
            self.last_overflows.append(name)
        draw.role = "name"
        draw.text((name_left, top + 12 * u), name, font=chosen, fill=art.ink, anchor="lm")

    def _multiplier(self, draw: RecordingDraw, art: FaceArt, box: tuple[float, ...], u: float) -> None:
        """A leader's 'x2' sits on the no-ZOC band, in the ink that reads on the band."""
        left, top, right, _ = box
        face = art.face
        band = NAMED.get(face.no_zoc_band or "", art.background)
        draw.role = "multiplier"
        draw_centered(
            draw,
            ((left + right) / 2, top + 50 * u),
            face.multiplier or "",
            font(round(22 * u)),
            readable_on(band),
            stroke=max(1, round(0.6 * u)),
        )

    # --- markers and small pictures --------------------------------------------------------

    def _paint_marker(self, draw: RecordingDraw, art: FaceArt, box: tuple[float, ...], u: float) -> None:
        """Tokens, markers and gear: a heading, a picture, and either a big value ('+1', '3')
        or words ('OUT OF SUPPLY')."""
        left, top, right, bottom = box
        face = art.face
        cx = (left + right) / 2
        if face.text == "?":
            draw.role = "hidden"
            draw_centered(
                draw, (cx, (top + bottom) / 2), "?", font(round(52 * u)), art.ink, stroke=max(1, round(u))
            )
            return
        big = _big_value(face)
        words = face.text or (face.label if face.label and len(face.label) > 4 else None)
        heading = None if face.text else art.counter.printed_names if words is None else None
        has_symbol = art.symbol != "none"
        if heading:
            name, chosen, fitted = readable_fit(draw, heading, right - left - 10 * u, 13 * u, MIN_TEXT_U * u)
            if not fitted:
                self.last_overflows.append(name)
            draw.role = "name"
            draw.text((cx, top + 12 * u), name, font=chosen, fill=art.ink, anchor="mm")
        if has_symbol:
            symbol_box = (
                (left + 32 * u, top + 22 * u, right - 32 * u, top + 50 * u)
                if heading or big
                else (left + 30 * u, top + 10 * u, right - 30 * u, top + 48 * u)
            )
            self._marker_symbol(draw, art.symbol, symbol_box, art, u)
        if big is not None:
            y = bottom - 20 * u if has_symbol else (top + bottom) / 2 + 6 * u
            draw.role = "value"
            draw_centered(draw, (cx, y), big, font(round(26 * u)), art.ink, stroke=max(1, round(0.5 * u)))
            return
        self._words(draw, words or art.counter.name, art, box, u, has_symbol)

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
        width = right - left - 10 * u
        lines = [words]
        for wrap in (12, 8):
            if all(fits(draw, line, width, 15 * u) for line in lines):
                break
            lines = _wrap(words, wrap)
        size = (15 if len(lines) > 1 else 18) * u
        first_y = (top + 66 * u) if has_symbol else (top + 50 * u - (len(lines) - 1) * 8.5 * u)
        step = 17 * u if has_symbol or len(lines) < 3 else 15 * u
        draw.role = "words"
        for index, line in enumerate(lines):
            _, chosen, fitted = readable_fit(draw, (line,), width, size, MIN_TEXT_U * u)
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
        left, top, right, bottom = box
        cx, cy = (left + right) / 2, (top + bottom) / 2
        r = min(right - left, bottom - top) / 2
        width = max(1, round(2.5 * u))
        if name == "out-of-supply":
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=art.ink, width=width)
            draw.line([(cx - r * 0.7, cy + r * 0.7), (cx + r * 0.7, cy - r * 0.7)], fill=art.ink, width=width)
        elif name == "control":
            draw.polygon(star_points(cx, cy, r, r * 0.42), fill=art.ink)
        elif name == "arrow":
            draw.line([(left, cy), (right - r * 0.5, cy)], fill=art.ink, width=width * 2)
            draw.polygon(
                [(right, cy), (right - r * 0.7, cy - r * 0.6), (right - r * 0.7, cy + r * 0.6)], fill=art.ink
            )
        elif name == "road":
            draw.line([(left, cy), (right, cy)], fill=art.ink, width=width * 2)
            draw.polygon(
                [(right, cy), (right - r * 0.5, cy - r * 0.45), (right - r * 0.5, cy + r * 0.45)],
                fill=art.ink,
            )
        elif name == "turn":
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=art.ink, width=width)
            draw.line([(cx, cy), (cx, cy - r * 0.75)], fill=art.ink, width=width)
            draw.line([(cx, cy), (cx + r * 0.55, cy)], fill=art.ink, width=width)
        else:
            draw_symbol(draw, name, box, art.ink, None, max(1, round(2 * u)))

    def _supply_symbol(
        self, draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, art: FaceArt
    ) -> None:
        """The supply symbol: a circle half white, half in the side's colour (as on the map)."""
        cx, cy = centre
        bounds = (cx - radius, cy - radius, cx + radius, cy + radius)
        draw.pieslice(bounds, 90, 270, fill=NAMED["white"])
        draw.pieslice(bounds, 270, 90, fill=shade(art.side_colour or art.background, 0.75))
        draw.ellipse(bounds, outline=NAMED["white"], width=max(1, round(radius / 5)))

    def _target(
        self, draw: RecordingDraw, centre: tuple[float, float], radius: float, text: str, art: FaceArt
    ) -> None:
        """The targeted (defensive) strength in a ring with sight marks, kept clear of the cut edge."""
        cx, cy = centre
        width = max(1, round(radius / 7))
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), outline=art.ink, width=width)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            draw.line(
                [(cx + dx * radius * 0.78, cy + dy * radius * 0.78), (cx + dx * radius, cy + dy * radius)],
                fill=art.ink,
                width=width,
            )
        draw.role = "targeted"
        draw_centered(draw, centre, text, font(round(radius * 1.12)), art.ink)


def draw_flag(
    draw: ImageDraw.ImageDraw, nation: Nation, box: tuple[float, float, float, float], u: float
) -> None:
    """A nation's mark: its stripes, and its emblem where it has one (the Ottoman crescent and star)."""
    left, top, right, bottom = box
    colours = nation.mark_colours
    count = len(colours)
    for index, colour in enumerate(colours):
        if nation.mark_stripes == "vertical":
            step = (right - left) / count
            draw.rectangle((left + index * step, top, left + (index + 1) * step, bottom), fill=colour)
        else:
            step = (bottom - top) / count
            draw.rectangle((left, top + index * step, right, top + (index + 1) * step), fill=colour)
    if nation.mark_emblem == "crescent-star":
        _crescent_and_star(draw, box, colours[0] if colours else NAMED["red"])
    draw.rectangle(box, outline=NAMED["black"], width=max(1, round(0.6 * u)))


def _crescent_and_star(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], field: str) -> None:
    """A white crescent opening to the fly with a five-pointed star beside it."""
    left, top, right, bottom = box
    height = bottom - top
    cx, cy = left + (right - left) * 0.42, (top + bottom) / 2
    outer = height * 0.3
    inner = outer * 0.8
    draw.ellipse((cx - outer, cy - outer, cx + outer, cy + outer), fill=NAMED["white"])
    shift = outer * 0.32
    draw.ellipse((cx - inner + shift, cy - inner, cx + inner + shift, cy + inner), fill=field)
    star_x = cx + outer * 0.95
    draw.polygon(star_points(star_x, cy, height * 0.13, height * 0.055), fill=NAMED["white"])


def fits(draw: ImageDraw.ImageDraw, text: str, width: float, size: float) -> bool:
    left, _, right, _ = draw.textbbox((0, 0), text, font=font(round(size)))
    return right - left <= width


def readable_fit(
    draw: ImageDraw.ImageDraw, names: tuple[str, ...], width: float, size: float, minimum: float
) -> tuple[str, Font, bool]:
    """The first of ``names`` that fits ``width`` at ``minimum`` or larger, in the largest such
    font not above ``size``, and True; the last name at the minimum and False if none fits."""
    floor = math.ceil(minimum)
    for name in names:
        chosen = round(size)
        while chosen >= floor:
            if fits(draw, name, width, chosen):
                return name, font(chosen), True
            chosen -= 1
    return names[-1], font(floor), False


def _offset_box(
    box: tuple[float, ...], parts: tuple[float, float, float, float], u: float
) -> tuple[float, float, float, float]:
    left, top = box[0], box[1]
    return (left + parts[0] * u, top + parts[1] * u, left + parts[2] * u, top + parts[3] * u)


def _big_value(face: Face) -> str | None:
    """The large figure of a marker or gear face: a short label ('+1'), a value, or a
    strength with its elite '+'."""
    if face.label and len(face.label) <= 4:
        return face.label
    if face.strength is not None and face.strength_printed:
        return f"{face.strength:g}" + ("+" if face.elite else "")
    if face.value is not None:
        return str(face.value)
    return None


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
