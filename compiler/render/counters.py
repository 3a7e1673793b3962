"""Draw a counter face from its data, the way its rulebook describes it.

One painter for every game: the face's fields say what is printed (strength
and its colour, movement in a hexagon or octagon, a supply symbol, a no-ZOC
band ...), and a small per-system layout says where (Israel 1948 puts strength
and movement in the lower corners; Jerusalem! prints "strength-movement"; the
Raiders system prints "combat+movement"). The same images go onto the print
sheets and into the VASSAL module.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from compiler.render.colours import NAMED, outline_for, readable_on, shade
from compiler.render.fonts import Font, draw_centered, fitted_font, font
from compiler.render.symbols import draw_symbol, star_points
from rules_engine.definitions import Counter, Face, GameDefinition, Nation

SUPERSAMPLE_BELOW = 150  # pixels: smaller counters are drawn at twice the size and reduced
NEUTRAL = "#c8c8c8"
DAMAGE_RED = "#d0202a"

LAYOUTS = {"israel1948": "corners", "jerusalem": "dash", "raiders": "plus"}


class _RecordingDraw(ImageDraw.ImageDraw):
    """ImageDraw that remembers the strings it draws, so tests can see what a face says."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.texts: list[str] = []

    def text(self, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        self.texts.append(str(text))
        super().text(xy, text, *args, **kwargs)


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
    """Renders the faces of one game's counters at any size."""

    def __init__(self, definition: GameDefinition) -> None:
        self.definition = definition
        game = definition.game
        self.layout = LAYOUTS.get(game.system, "corners") if game else "corners"
        self._sides = {s.id: s for s in game.sides} if game else {}
        self._nations = {n.id: n for n in game.nations} if game else {}
        self._classes = {c.id: c for c in game.unit_classes} if game else {}
        self.last_texts: list[str] = []

    # --- public -----------------------------------------------------------------

    def faces(self, counter: Counter) -> list[tuple[str, Face]]:
        """The faces to print: front, and the back (blank if the counter has none)."""
        back = counter.back if counter.back is not None else self.implied_back(counter)
        return [("front", counter.front), ("back", back)]

    def implied_back(self, counter: Counter) -> Face:
        """A counter without a printed back gets a blank one; a hidden one a '?' back."""
        if counter.hidden:
            return Face(text="?")
        return Face(blank=True)

    def render(self, counter: Counter, face_name: str, size: int, bleed: int = 0) -> Image.Image:
        """The face as an RGB image of ``size`` pixels plus ``bleed`` on every side."""
        face = dict(self.faces(counter))[face_name]
        art = self._art(counter, face, face_name)
        scale = 2 if size < SUPERSAMPLE_BELOW else 1
        full = (size + 2 * bleed) * scale
        image = Image.new("RGB", (full, full), art.background)
        draw = _RecordingDraw(image)
        offset = bleed * scale
        self._paint(draw, art, offset, size * scale)
        self.last_texts = draw.texts
        if scale == 1:
            return image
        return image.resize((size + 2 * bleed, size + 2 * bleed), Image.Resampling.LANCZOS)

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
        return FaceArt(counter, face, face_name, background, ink, symbol, nation, side_colour)

    # --- painting -----------------------------------------------------------------------

    def _paint(self, draw: ImageDraw.ImageDraw, art: FaceArt, offset: int, size: int) -> None:
        u = size / 100
        box = (offset, offset, offset + size, offset + size)
        face = art.face
        if face.no_zoc_band:
            band = NAMED[face.no_zoc_band]
            draw.rectangle((box[0], box[1] + 38 * u, box[2], box[1] + 62 * u), fill=band)
        if not face.blank:
            if face.symbol == "flag" and art.nation is not None:
                self._flag(
                    draw, art.nation, (box[0] + 18 * u, box[1] + 26 * u, box[2] - 18 * u, box[3] - 26 * u), u
                )
            elif not art.counter.is_unit or face.text == "?":
                self._paint_marker(draw, art, box, u)
            else:
                self._paint_unit(draw, art, box, u)
        if face.damaged:
            # Across the symbol, clear of the name above and the values below.
            width = max(2, round(5 * u))
            draw.line(
                [(box[0] + 4 * u, box[1] + 60 * u), (box[2] - 4 * u, box[1] + 22 * u)],
                fill=DAMAGE_RED,
                width=width,
            )
        draw.rectangle(box, outline=shade(art.background, 0.6), width=max(1, round(0.8 * u)))

    def _paint_unit(self, draw: ImageDraw.ImageDraw, art: FaceArt, box: tuple[float, ...], u: float) -> None:
        left, top, right, _ = box
        face = art.face
        name = face.label or art.counter.name
        name_left = left + 6 * u
        if self.layout == "corners" and art.nation is not None and art.nation.mark_colours:
            self._flag(draw, art.nation, (left + 5 * u, top + 6 * u, left + 21 * u, top + 17 * u), u)
            name_left = left + 24 * u
        name_right = right - (20 * u if (face.supply_symbol or face.capacity is not None) else 5 * u)
        chosen = fitted_font(draw, name, name_right - name_left, round(14 * u))
        draw.text((name_left, top + 12 * u), name, font=chosen, fill=art.ink, anchor="lm")
        if face.supply_symbol:
            self._supply_symbol(draw, (right - 10 * u, top + 12 * u), 6.5 * u, art)
        if face.capacity is not None:
            draw_centered(
                draw, (right - 10 * u, top + 12 * u), str(face.capacity), font(round(13 * u)), art.ink
            )
        if face.range is not None:
            draw.text(
                (left + 6 * u, top + 27 * u),
                f"({face.range})",
                font=font(round(11 * u)),
                fill=art.ink,
                anchor="lm",
            )
        if face.targeted_strength is not None:
            self._target(draw, (right - 12 * u, top + 31 * u), 9 * u, str(face.targeted_strength), art)
        symbol_box = (left + 28 * u, top + 24 * u, right - 28 * u, top + 54 * u)
        if art.counter.kind in ("leader", "dummy") and face.multiplier:
            draw_centered(
                draw,
                ((left + right) / 2, top + 40 * u),
                face.multiplier,
                font(round(24 * u)),
                art.ink,
                stroke=max(1, round(0.6 * u)),
            )
        else:
            if face.no_zoc_band:  # the symbol stands on the counter's colour, the band on each side
                draw.rectangle(symbol_box, fill=art.background)
            draw_symbol(draw, art.symbol, symbol_box, art.ink, None, max(1, round(2.2 * u)))
        if face.value is not None:
            draw_centered(
                draw,
                ((left + right) / 2, top + 40 * u),
                str(face.value),
                font(round(22 * u)),
                art.ink,
                stroke=max(1, round(0.5 * u)),
            )
        {"corners": self._values_in_corners, "dash": self._values_dashed, "plus": self._values_plus}[
            self.layout
        ](draw, art, box, u)

    # --- the value lines of each layout --------------------------------------------------

    def _strength_text(self, face: Face) -> str:
        if face.strength is None or not face.strength_printed:
            return ""
        text = f"{face.strength:g}"
        return f"({text})" if face.strength_parenthesized else text

    def _number(
        self,
        draw: ImageDraw.ImageDraw,
        at: tuple[float, float],
        text: str,
        colour: str | None,
        chosen: Font,
        art: FaceArt,
        u: float,
    ) -> None:
        fill = NAMED.get(colour or "", art.ink)
        stroke = max(1, round(1.1 * u))
        draw_centered(draw, at, text, chosen, fill, stroke=stroke, stroke_fill=outline_for(fill))

    def _values_in_corners(
        self, draw: ImageDraw.ImageDraw, art: FaceArt, box: tuple[float, ...], u: float
    ) -> None:
        """Israel 1948: strength (with '+') bottom left, movement bottom right (in a hexagon if
        mechanised)."""
        left, _, right, bottom = box
        face = art.face
        digits = font(round(26 * u))
        strength = self._strength_text(face)
        if strength:
            self._number(
                draw, (left + 22 * u, bottom - 20 * u), strength, face.strength_colour, digits, art, u
            )
            if face.strength_plus:
                self._number(
                    draw,
                    (left + 40 * u, bottom - 24 * u),
                    "+",
                    face.strength_colour,
                    font(round(20 * u)),
                    art,
                    u,
                )
        if face.movement is not None:
            centre = (right - 22 * u, bottom - 20 * u)
            if face.movement_hexagon:
                radius = 15 * u
                points = [
                    (
                        centre[0] + radius * math.cos(math.pi / 3 * i),
                        centre[1] + radius * math.sin(math.pi / 3 * i),
                    )
                    for i in range(6)
                ]
                draw.polygon(points, outline=art.ink, width=max(1, round(2 * u)))
            draw_centered(draw, centre, _movement_text(face.movement), font(round(21 * u)), art.ink)

    def _values_dashed(
        self, draw: ImageDraw.ImageDraw, art: FaceArt, box: tuple[float, ...], u: float
    ) -> None:
        """Jerusalem!: 'strength-movement' across the bottom, each number in its colour."""
        left, _, right, bottom = box
        face = art.face
        digits = font(round(21 * u))
        y = bottom - 17 * u
        cx = (left + right) / 2
        strength = self._strength_text(face)
        if art.counter.kind in ("leader", "dummy") and face.multiplier and not strength:
            strength = ""
        movement = _movement_text(face.movement) if face.movement is not None else ""
        if strength:
            self._number(draw, (cx - 20 * u, y), strength, face.strength_colour or "white", digits, art, u)
        if strength and movement:
            draw_centered(draw, (cx, y), "-", digits, art.ink)
        if movement:
            mx = cx + 20 * u if strength else cx
            if face.movement_colour == "red-octagon":
                radius = 13 * u
                points = [
                    (
                        mx + radius * math.cos(math.pi / 8 + math.pi / 4 * i),
                        y + radius * math.sin(math.pi / 8 + math.pi / 4 * i),
                    )
                    for i in range(8)
                ]
                draw.polygon(points, fill=NAMED["red"])
                draw_centered(draw, (mx, y), movement, digits, NAMED["white"])
            else:
                self._number(draw, (mx, y), movement, face.movement_colour or "black", digits, art, u)
            if face.movement_marks:
                draw.text(
                    (mx + 13 * u, y - 9 * u),
                    "".join(face.movement_marks),
                    font=font(round(11 * u)),
                    fill=art.ink,
                    anchor="lm",
                )

    def _values_plus(self, draw: ImageDraw.ImageDraw, art: FaceArt, box: tuple[float, ...], u: float) -> None:
        """Raiders: 'combat+movement' for elite units, 'combat-movement' for the others; a unit
        without movement (a hostile) shows its combat alone, with '+' when elite."""
        left, _, right, bottom = box
        face = art.face
        combat = self._strength_text(face)
        movement = _movement_text(face.movement) if face.movement is not None else ""
        joiner = "+" if face.elite else "-"
        if combat and movement:
            text = f"{combat}{joiner}{movement}"
        elif combat:
            text = f"{combat}+" if face.elite else combat
        else:
            text = movement
        if text:
            chosen = fitted_font(draw, text, right - left - 12 * u, round(24 * u))
            draw_centered(
                draw,
                ((left + right) / 2, bottom - 17 * u),
                text,
                chosen,
                art.ink,
                stroke=max(1, round(0.4 * u)),
            )

    # --- markers and small pictures --------------------------------------------------------

    def _paint_marker(
        self, draw: ImageDraw.ImageDraw, art: FaceArt, box: tuple[float, ...], u: float
    ) -> None:
        """Tokens, markers and gear: a heading, a picture, and either a big value ('+1', '3')
        or words ('OUT OF SUPPLY')."""
        left, top, right, bottom = box
        face = art.face
        cx = (left + right) / 2
        if face.text == "?":
            draw_centered(
                draw, (cx, (top + bottom) / 2), "?", font(round(52 * u)), art.ink, stroke=max(1, round(u))
            )
            return
        big = _big_value(face)
        words = face.text or (face.label if face.label and len(face.label) > 4 else None)
        heading = None if face.text else art.counter.name if words is None else None
        has_symbol = art.symbol != "none"
        if heading:
            chosen = fitted_font(draw, heading, right - left - 10 * u, round(13 * u))
            draw.text((cx, top + 12 * u), heading, font=chosen, fill=art.ink, anchor="mm")
        if has_symbol:
            symbol_box = (
                (left + 32 * u, top + 22 * u, right - 32 * u, top + 50 * u)
                if heading or big
                else (left + 30 * u, top + 10 * u, right - 30 * u, top + 48 * u)
            )
            self._marker_symbol(draw, art.symbol, symbol_box, art, u)
        if big is not None:
            y = bottom - 20 * u if has_symbol else (top + bottom) / 2 + 6 * u
            draw_centered(draw, (cx, y), big, font(round(26 * u)), art.ink, stroke=max(1, round(0.5 * u)))
            return
        lines = _wrap(words or art.counter.name, 12)
        size = round((15 if len(lines) > 1 else 18) * u)
        first_y = (top + 66 * u) if has_symbol else (top + 50 * u - (len(lines) - 1) * 9 * u)
        for index, line in enumerate(lines):
            chosen = fitted_font(draw, line, right - left - 10 * u, size)
            draw_centered(draw, (cx, first_y + index * 17 * u), line, chosen, art.ink)

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
            draw.line([(left, bottom), (right, top)], fill=art.ink, width=width * 2)
        elif name == "turn":
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=art.ink, width=width)
            draw.line([(cx, cy), (cx, cy - r * 0.75)], fill=art.ink, width=width)
            draw.line([(cx, cy), (cx + r * 0.55, cy)], fill=art.ink, width=width)
        else:
            draw_symbol(draw, name, box, art.ink, None, max(1, round(2 * u)))

    def _flag(
        self, draw: ImageDraw.ImageDraw, nation: Nation, box: tuple[float, float, float, float], u: float
    ) -> None:
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
        draw.rectangle(box, outline=NAMED["black"], width=max(1, round(0.6 * u)))

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
        self, draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, text: str, art: FaceArt
    ) -> None:
        cx, cy = centre
        width = max(1, round(radius / 6))
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), outline=art.ink, width=width)
        draw.line([(cx - radius * 1.2, cy), (cx - radius * 0.85, cy)], fill=art.ink, width=width)
        draw.line([(cx + radius * 0.85, cy), (cx + radius * 1.2, cy)], fill=art.ink, width=width)
        draw_centered(draw, centre, text, font(round(radius * 1.1)), art.ink)


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


def _movement_text(movement: float | str) -> str:
    if movement == "unlimited":
        return "U"  # unlimited; the bundled font has no infinity sign
    return movement if isinstance(movement, str) else f"{movement:g}"


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
