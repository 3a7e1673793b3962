"""The value line of a counter (strength, movement) with colour codes every player can read.

Rulebooks code a value by its colour (Israel 1948: a red strength hits on 4-6;
Jerusalem!: yellow attacks, green moves in both phases ...). A colour alone fails
in greyscale and for red-green colour-blind players, and some rulebook colours
have little contrast with their counter (red on blue is 1.2:1). So each colour
keeps the rulebook's hue and gets a shape of its own, the "cue":

    red, green    the figure on a light disc with a thin ring (a pill for two digits)
    yellow        the figure on a dark box
    red-octagon   white on a red octagon (the rulebook's own shape)
    black, white  the figure straight on the counter (white in brackets where the
                  rulebook brackets it); a white figure that would not stand out
                  from its counter gets the dark box

so the classes differ in shape and lightness under every colour-vision
simulation, and every figure has at least 3:1 contrast with what is behind it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PIL import ImageDraw

from compiler.render.colours import NAMED, shade
from compiler.render.fonts import Font, RecordingDraw, draw_centered, font
from compiler.render.legibility import contrast
from rules_engine.definitions import Counter, Face

Rect = tuple[float, float, float, float]

DIGIT_COLOURS = {
    "red": NAMED["red"],
    "black": "#000000",
    "white": "#ffffff",
    "yellow": NAMED["yellow"],
    "green": NAMED["green"],
    "red-octagon": "#ffffff",
}
CUES = {"red": "disc", "green": "disc", "yellow": "box", "red-octagon": "octagon"}
LIGHT_PLATE = "#ffffff"
DARK_PLATE = "#1c1c1c"
MIN_CONTRAST = 3.0


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
class _Token:
    text: str
    colour: str | None  # None: the counter's ink, no code
    role: str
    chosen: Font
    plate: str = "none"
    width: float = 0.0
    infinity: bool = False


@dataclass
class ValuePainter:
    """Draws the value line of one face in one of the three layouts."""

    draw: RecordingDraw
    background: str
    ink: str
    u: float
    numerals: list[Numeral] = field(default_factory=list)

    # --- the three layouts ---------------------------------------------------------------

    def corners(self, face: Face, counter: Counter, box: tuple[float, ...]) -> None:
        """Israel 1948: strength (with '+') bottom left, movement bottom right (in a hexagon if
        mechanised)."""
        left, _, right, bottom = box
        u = self.u
        strength = strength_text(face)
        if strength:
            token = self._token(strength, face.strength_colour, "strength", 26)
            self._figure(token, (left + 21 * u, bottom - 20 * u))
            if face.strength_plus:
                plus_x = left + 21 * u + token.width / 2 + 6 * u
                self.draw.role = "plus"
                draw_centered(
                    self.draw,
                    (plus_x, bottom - 25 * u),
                    "+",
                    font(round(20 * u)),
                    self._plain(face.strength_colour),
                    stroke=max(1, round(0.8 * u)),
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
                self.draw.polygon(points, outline=self.ink, width=max(1, round(2 * u)))
            self._figure(self._token(movement_text(face.movement), None, "movement", 21), centre)

    def dashed(self, face: Face, counter: Counter, box: tuple[float, ...]) -> None:
        """Jerusalem!: 'strength-movement' across the bottom, each figure with its colour's cue."""
        left, _, right, bottom = box
        u = self.u
        tokens: list[_Token] = []
        strength = strength_text(face)
        if strength:
            tokens.append(self._token(strength, face.strength_colour or "white", "strength", 21))
        if face.movement is not None:
            if tokens:
                tokens.append(self._token("-", None, "dash", 21))
            movement = self._token(
                movement_text(face.movement), face.movement_colour or "black", "movement", 21
            )
            movement.infinity = face.movement == "unlimited"
            if movement.infinity:
                movement.width = 22 * u
            tokens.append(movement)
        if not tokens:
            return
        gap = 2.5 * u
        total = sum(t.width for t in tokens) + gap * (len(tokens) - 1)
        x = (left + right) / 2 - total / 2
        y = bottom - 17 * u
        for token in tokens:
            self._figure(token, (x + token.width / 2, y))
            x += token.width + gap
        if face.movement_marks and face.movement is not None:
            self.draw.role = "marks"
            self.draw.text(
                (x - gap + 1 * u, y - 9 * u),
                "".join(face.movement_marks),
                font=font(round(12 * u)),
                fill=self.ink,
                anchor="lm",
            )

    def plus(self, face: Face, counter: Counter, box: tuple[float, ...]) -> None:
        """Raiders: 'combat+movement' for elite units, 'combat-movement' for the others; a unit
        without movement (a hostile) shows its combat alone, with '+' when elite; a face-down
        unit shows '?' for the combat it hides."""
        left, _, right, bottom = box
        u = self.u
        combat = strength_text(face)
        movement = movement_text(face.movement) if face.movement is not None else ""
        joiner = "+" if face.elite else "-"
        if combat and movement:
            text = f"{combat}{joiner}{movement}"
        elif combat:
            text = f"{combat}+" if face.elite else combat
        elif movement and counter.hidden:
            text = f"?-{movement}"
        else:
            text = movement
        if not text:
            return
        size = 24 * u
        while size > 12 * u and self.draw.textlength(text, font=font(round(size))) > right - left - 12 * u:
            size -= 1
        self.draw.role = "values"
        draw_centered(
            self.draw,
            ((left + right) / 2, bottom - 17 * u),
            text,
            font(round(size)),
            self.ink,
            stroke=max(1, round(0.4 * u)),
        )

    # --- figures and their cues ----------------------------------------------------------------

    def _plain(self, colour: str | None) -> str:
        return DIGIT_COLOURS.get(colour or "", self.ink)

    def _token(self, text: str, colour: str | None, role: str, size_u: float) -> _Token:
        chosen = font(round(size_u * self.u))
        token = _Token(text, colour, role, chosen)
        fill = self._plain(colour)
        token.plate = CUES.get(colour or "", "none")
        if token.plate == "none" and colour is not None and contrast(fill, self.background) < MIN_CONTRAST:
            token.plate = "box"
        left, top, right, bottom = self.draw.textbbox((0, 0), text, font=chosen, anchor="mm")
        ink_width = right - left
        token.width = ink_width + (self._pad(token) * 2 if token.plate != "none" else 0)
        if token.plate == "disc":
            token.width = max(token.width, (bottom - top) + 2 * self._pad(token))
        return token

    def _pad(self, token: _Token) -> float:
        return {"disc": 4.0, "box": 2.5, "octagon": 3.5}.get(token.plate, 0.0) * self.u

    def _figure(self, token: _Token, centre: tuple[float, float]) -> None:
        """Draw one figure (and its plate) centred on ``centre``."""
        u = self.u
        fill = self._plain(token.colour)
        left, top, right, bottom = self.draw.textbbox(centre, token.text, font=token.chosen, anchor="mm")
        if token.infinity:
            left, right = centre[0] - 9 * u, centre[0] + 9 * u
            top, bottom = centre[1] - 5 * u, centre[1] + 5 * u
        plate = self._plate(token, (left, top, right, bottom), centre)
        self.draw.role = token.role
        if token.infinity:
            _infinity(self.draw, centre, 18 * u, fill, max(2, round(2.4 * u)))
        else:
            draw_centered(self.draw, centre, token.text, token.chosen, fill, stroke=max(1, round(0.5 * u)))
        if token.colour is not None:
            self.numerals.append(
                Numeral(token.text, token.role, token.colour, token.plate, (left, top, right, bottom), plate)
            )

    def _plate(self, token: _Token, ink: Rect, centre: tuple[float, float]) -> Rect | None:
        if token.plate == "none":
            return None
        pad = self._pad(token)
        cx, cy = centre
        half_w = (ink[2] - ink[0]) / 2 + pad
        half_h = (ink[3] - ink[1]) / 2 + pad
        ring = max(1, round(0.9 * self.u))
        if token.plate == "disc":  # a disc, drawn out into a pill for a figure of two digits
            half_w = max(half_w, half_h)
            rect = (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
            outline = shade(self.background, 0.55)
            self.draw.rounded_rectangle(rect, radius=half_h, fill=LIGHT_PLATE, outline=outline, width=ring)
            return rect
        if token.plate == "octagon":
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
        rect = (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
        self.draw.rounded_rectangle(rect, radius=2 * self.u, fill=DARK_PLATE)
        return rect


def _infinity(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], width: float, colour: str, line: int
) -> None:
    """An infinity sign drawn as two loops (the bundled font has no glyph for it)."""
    cx, cy = centre
    loop = width / 2
    height = width * 0.5
    draw.ellipse((cx - loop, cy - height / 2, cx, cy + height / 2), outline=colour, width=line)
    draw.ellipse((cx, cy - height / 2, cx + loop, cy + height / 2), outline=colour, width=line)


def strength_text(face: Face) -> str:
    if face.strength is None or not face.strength_printed:
        return ""
    text = f"{face.strength:g}"
    return f"({text})" if face.strength_parenthesized else text


def movement_text(movement: float | str) -> str:
    if movement == "unlimited":
        return "U"  # drawn as an infinity sign where the layout can; 'U' stands for it in text
    return movement if isinstance(movement, str) else f"{movement:g}"
