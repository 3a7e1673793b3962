"""Cards drawn from their data, laid out as published cards are: a header band with the deck,
the title and the number; a strip of icons for what the card gives (a mission's Ops, Pounds,
Leadership and Garrisons; an event's Ops won or lost, Pounds, Leadership, a battle); the
card's sections under headings; and at the foot a keep tag. A card carries no remark on
where its text comes from (a reconstructed card says so on the kit's notes page,
``compiler.render.kit_notes``), as a published card carries none. A card that names an
``image`` shows it instead, at the card's size; a deck's ``back_image`` (or a card's own) is
its back.

Lengths are in hundredths of the card's width ("u"), so a card reads the same at any size.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from compiler.presentation.colours import readable_on, shade
from compiler.render.artwork import picture
from compiler.render.canvas import Canvas, Drawing, colour_of
from compiler.render.fonts import DrawnText, RecordingDraw, draw_centered, fitted_font, font
from compiler.render.fonts import wrap_text as _wrap
from compiler.render.symbols import star_points
from rules_engine.definitions import Card, Deck
from rules_engine.definitions.art import Artwork

CARD_INCHES = (2.5, 3.5)
DEFAULT_COLOURS = {"mission": "#7a4b1f", "operations": "#2d4f6b"}
CARD_PAPER = "#fbf7ee"
BODY_INK = "#222222"
HEADER_U = 19.0
STRIP_U = 17.0
MAX_BODY_U, MIN_BODY_U = 5.4, 2.6
# A mission's figures the strip shows, from its sections' values (the first of each kind).
MISSION_STATS = (
    ("ops", "Ops"),
    ("pounds", "Pounds"),
    ("leadership", "Leadership"),
    ("garrisons", "Garrisons"),
)


def deck_colour(deck: Deck) -> str:
    return deck.colour or DEFAULT_COLOURS.get(deck.kind or "", "#555555")


def card_inputs(deck: Deck, card: Card) -> tuple[object, ...]:
    """Everything ``render_card`` reads (the key of its cached image): the card, its deck's
    colour and kind."""
    return (deck_colour(deck), deck.kind, card)


def back_inputs(deck: Deck, card: Card | None = None) -> tuple[object, ...]:
    """Everything ``render_card_back`` reads."""
    return (deck_colour(deck), deck.back or deck.name, back_image(deck, card))


def back_image(deck: Deck, card: Card | None) -> Artwork | None:
    """The image a card's back shows: its own, else its deck's, else none (a drawn back)."""
    own = card.back_image if card is not None else None
    return own or deck.back_image


@dataclass
class CardDrawing:
    image: Image.Image
    texts: list[DrawnText] = field(default_factory=list)
    drawing: Drawing | None = None  # with ``record``: what was drawn, for a vector PDF


def render_card(deck: Deck, card: Card, width: int, height: int) -> Image.Image:
    return card_drawing(deck, card, width, height).image


def card_drawing(deck: Deck, card: Card, width: int, height: int, record: bool = False) -> CardDrawing:
    """A card's face and every string drawn on it (the tests read their sizes and contrast);
    with ``record`` its drawing too (a card that is an image is its pixels)."""
    if card.image is not None:
        return CardDrawing(picture(card.image, (width, height), card.origin.child("image")))
    return _CardFace(deck, card, width, height, record).draw()


class Stat:
    """One figure of the strip: an icon, the figure and a word under it."""

    def __init__(self, icon: str, figure: str, word: str) -> None:
        self.icon, self.figure, self.word = icon, figure, word


class _CardFace:
    def __init__(self, deck: Deck, card: Card, width: int, height: int, record: bool = False) -> None:
        self.deck, self.card = deck, card
        self.width, self.height = width, height
        self.u = width / 100
        self.colour = deck_colour(deck)
        self.image = Image.new("RGB", (width, height), CARD_PAPER)
        self.drawing = (
            Drawing(self.image.size, width / CARD_INCHES[0], colour_of(CARD_PAPER)) if record else None
        )
        self.draw_ = RecordingDraw(self.image, self.drawing)
        self.stats = card_stats(card)

    def draw(self) -> CardDrawing:
        self._header()
        top = HEADER_U + 2
        if self.stats:
            self._strip(top)
            top += STRIP_U + 1
        self._sections(top, self._foot_top())
        self._foot()
        u = self.u
        self.draw_.rectangle(
            (0, 0, self.width - 1, self.height - 1),
            outline=shade(self.colour, 0.7),
            width=max(1, round(0.8 * u)),
        )
        return CardDrawing(self.image, self.draw_.texts, self.drawing)

    def _header(self) -> None:
        """The deck's colour across the top: the deck's kind small, the title large, the number
        in a disc."""
        u, draw = self.u, self.draw_
        draw.rectangle((0, 0, self.width, HEADER_U * u), fill=self.colour)
        ink = readable_on(self.colour)
        draw.role = "card-kind"
        kind = (self.deck.kind or self.deck.name).upper()
        draw.text((4 * u, 4.5 * u), kind, font=font(round(3.6 * u)), fill=ink, anchor="lm")
        draw.role = "card-title"
        title = fitted_font(draw, self.card.title, 76 * u, round(8 * u))
        draw.text((4 * u, 12.5 * u), self.card.title, font=title, fill=ink, anchor="lm")
        if self.card.number is not None:
            cx, cy, r = 91 * u, 9.5 * u, 6 * u
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=CARD_PAPER, outline=shade(self.colour, 0.7))
            draw.role = "card-number"
            draw.text((cx, cy), str(self.card.number), font=font(round(6 * u)), fill=self.colour, anchor="mm")

    def _strip(self, top: float) -> None:
        """The card's figures side by side, each an icon, its figure and a word."""
        u, draw = self.u, self.draw_
        draw.rectangle((3 * u, top * u, 97 * u, (top + STRIP_U) * u), fill=shade(self.colour, 1.88))
        column = 94 / len(self.stats)
        for index, stat in enumerate(self.stats):
            cx = (3 + column * (index + 0.5)) * u
            ICONS[stat.icon](draw, (cx - 5.5 * u, (top + 6.5) * u), 4.6 * u, self.colour)
            draw.role = "card-figure"
            draw.text(
                (cx + 1.5 * u, (top + 6.5) * u),
                stat.figure,
                font=font(round(6.4 * u)),
                fill=BODY_INK,
                anchor="lm",
            )
            draw.role = "card-word"
            chosen = font(round(3.2 * u))
            lines = _wrap(draw, stat.word, chosen, column * u - 1.5 * u)[:2]
            for n, line in enumerate(lines):
                y = (top + 13.6 + (n - (len(lines) - 1) / 2) * 3.4) * u
                draw.text((cx, y), line, font=chosen, fill=BODY_INK, anchor="mm")

    def _foot_top(self) -> float:
        return 100 * self.height / self.width - 2 - (8 if self.card.keep else 0)

    def _sections(self, top: float, bottom: float) -> None:
        """Each section under its heading (a small-capital word and a rule), in the largest type
        that fits; a single section (an event) stands centred in the room."""
        u, draw = self.u, self.draw_
        size = fitted_body(draw, self.card, (bottom - top) * u, 92 * u, u)
        height = _sections_height(draw, self.card, size * u, 92 * u)
        y = (top + ((bottom - top) - height / u) / 2 if len(self.card.sections) == 1 else top) * u
        body, heading = font(round(size * u)), font(round(size * 0.9 * u))
        for section in self.card.sections:
            draw.role = "card-heading"
            draw.text(
                (4 * u, y), section.heading.upper(), font=heading, fill=shade(self.colour, 0.8), anchor="lt"
            )
            end = draw.textlength(section.heading.upper(), font=heading) + 6 * u
            rule_y = y + size * 0.5 * u
            draw.line(
                [(end, rule_y), (96 * u, rule_y)], fill=shade(self.colour, 1.5), width=max(1, round(0.3 * u))
            )
            y += size * 1.3 * u
            draw.role = "card-text"
            for line in _wrap(draw, section.text, body, 92 * u):
                draw.text((4 * u, y), line, font=body, fill=BODY_INK, anchor="lt")
                y += size * 1.22 * u
            y += size * 0.55 * u

    def _foot(self) -> None:
        u, draw = self.u, self.draw_
        bottom = self.height
        if self.card.keep:
            y = bottom - 6 * u
            draw.rounded_rectangle((22 * u, y - 3.4 * u, 78 * u, y + 3.4 * u), radius=3 * u, fill=self.colour)
            draw.role = "card-keep"
            ink = readable_on(self.colour)
            draw.text((50 * u, y), "KEEP THIS CARD", font=font(round(4.2 * u)), fill=ink, anchor="mm")


def fitted_body(draw: ImageDraw.ImageDraw, card: Card, room: float, width: float, u: float) -> float:
    """The body type (in u): the largest, up to ``MAX_BODY_U`` (an event's few lines may grow
    larger), at which the sections fit ``room`` pixels."""
    size = MAX_BODY_U + (1.0 if len(card.sections) == 1 else 0.0)
    while size > MIN_BODY_U and _sections_height(draw, card, size * u, width) > room:
        size -= 0.2
    return size


def body_size(card: Card, width: int, height: int) -> float:
    """The body type of a card drawn ``width`` x ``height`` pixels, in hundredths of its width."""
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    u = width / 100
    top = HEADER_U + 2 + (STRIP_U + 1 if card_stats(card) else 0)
    bottom = 100 * height / width - 2 - (8 if card.keep else 0)
    return fitted_body(draw, card, (bottom - top) * u, 92 * u, u)


def _sections_height(draw: ImageDraw.ImageDraw, card: Card, size: float, width: float) -> float:
    """How tall the sections are at a body size in pixels (headings a little smaller)."""
    body = font(round(size))
    total = 0.0
    for section in card.sections:
        total += size * 1.3 + len(_wrap(draw, section.text, body, width)) * size * 1.22 + size * 0.55
    return total - size * 0.55


# --- what the strip shows --------------------------------------------------------------------------


def card_stats(card: Card) -> list[Stat]:
    """A mission's figures (its first Ops, Pounds, Leadership and Garrisons values), or what an
    event does (Ops won or lost, Pounds, Leadership, a battle), in the order the card states them."""
    values: dict[str, int] = {}
    for section in card.sections:
        for key, value in section.values.items():
            values.setdefault(key, value)
    stats = [Stat(key, str(values[key]), word) for key, word in MISSION_STATS if key in values]
    return stats or list(_effect_stats(card.effects))[:4]


_WHEN = {"win": "if won", "lose": "if lost", "with-lawrence": "with Lawrence"}


def _effect_stats(effects: Sequence[Mapping[str, Any]], condition: str = "") -> Iterator[Stat]:
    for effect in effects:
        when = _WHEN.get(str(effect.get("when", "")), condition)
        kind, track = effect.get("do"), effect.get("track")
        amount = effect.get("amount")
        signed = f"{amount:+d}" if isinstance(amount, int) else ""
        if kind == "ops" and signed:
            yield Stat("ops", signed, f"Ops {when}".strip())
        elif kind == "points" and track == "pounds" and signed:
            yield Stat("pounds", signed, f"Pounds {when}".strip())
        elif kind == "level" and track == "leadership" and signed:
            yield Stat("leadership", signed, f"Leadership {when}".strip())
        elif kind == "combat":
            yield Stat("combat", "", f"Battle {when}".strip())
        yield from _effect_stats(effect.get("otherwise", ()), "if it fails")
        yield from _effect_stats(effect.get("then", ()), when)


# --- icons ---------------------------------------------------------------------------------------

Point = tuple[float, float]


def _ops(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str) -> None:
    """Ops: a small stack of cards."""
    x, y = centre
    for shift in (-0.35, 0.0, 0.35):
        left, top = x - r * 0.55 + shift * r, y - r * 0.8 + shift * r * 0.5
        draw.rounded_rectangle(
            (left, top, left + r * 1.0, top + r * 1.35),
            radius=r * 0.15,
            fill=CARD_PAPER,
            outline=colour,
            width=max(1, round(r / 5)),
        )


def _pounds(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str) -> None:
    """Pounds: a gold sovereign with a pound sign (drawn: the bundled font has no £)."""
    x, y = centre
    draw.ellipse((x - r, y - r, x + r, y + r), fill="#d9a521", outline="#6b4d0c", width=max(1, round(r / 6)))
    ink, width = "#3b2a05", max(1, round(r / 5))
    draw.arc((x - r * 0.25, y - r * 0.65, x + r * 0.45, y + r * 0.05), 180, 360, fill=ink, width=width)
    draw.line([(x - r * 0.25, y - r * 0.3), (x - r * 0.25, y + r * 0.45)], fill=ink, width=width)
    draw.line([(x - r * 0.5, y + r * 0.05), (x + r * 0.1, y + r * 0.05)], fill=ink, width=width)
    draw.line([(x - r * 0.5, y + r * 0.5), (x + r * 0.5, y + r * 0.5)], fill=ink, width=width)


def _leadership(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str) -> None:
    """Leadership: a star."""
    x, y = centre
    draw.polygon(star_points(x, y, r * 1.05, r * 0.45), fill=colour, outline=shade(colour, 0.6))


def _garrisons(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str) -> None:
    """Garrisons: a blockhouse with a flag."""
    x, y = centre
    draw.rectangle((x - r * 0.8, y - r * 0.2, x + r * 0.8, y + r * 0.9), fill=shade(colour, 0.8))
    for i in range(3):
        left = x - r * 0.8 + i * r * 0.6
        draw.rectangle((left, y - r * 0.45, left + r * 0.35, y - r * 0.2), fill=shade(colour, 0.8))
    draw.line([(x, y - r * 0.45), (x, y - r * 1.1)], fill=BODY_INK, width=max(1, round(r / 6)))
    draw.polygon([(x, y - r * 1.1), (x + r * 0.6, y - r * 0.9), (x, y - r * 0.7)], fill="#b3261e")


def _combat(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str) -> None:
    """A battle: two crossed sabres."""
    x, y = centre
    width = max(2, round(r / 4))
    for sign in (1, -1):
        draw.line(
            [(x - sign * r * 0.85, y + r * 0.85), (x + sign * r * 0.85, y - r * 0.85)],
            fill=BODY_INK,
            width=width,
        )
        gx, gy = x - sign * r * 0.5, y + r * 0.5
        draw.line(
            [(gx - r * 0.25, gy - sign * r * 0.25 * -1), (gx + r * 0.25, gy + sign * r * 0.25 * -1)],
            fill=BODY_INK,
            width=width,
        )
    draw.arc((x - r, y - r, x + r, y + r), 200, 340, fill=colour, width=max(1, round(r / 8)))


ICONS: dict[str, Callable[[ImageDraw.ImageDraw, Point, float, str], None]] = {
    "ops": _ops,
    "pounds": _pounds,
    "leadership": _leadership,
    "garrisons": _garrisons,
    "combat": _combat,
}


# --- backs -----------------------------------------------------------------------------------------


def render_card_back(deck: Deck, width: int, height: int, card: Card | None = None) -> Image.Image:
    return card_back_drawing(deck, width, height, card).image


def card_back_drawing(
    deck: Deck, width: int, height: int, card: Card | None = None, record: bool = False
) -> CardDrawing:
    """A card's back: its image, or the deck's colour with a star and the deck's name."""
    art = back_image(deck, card)
    if art is not None:
        where = card.origin if card is not None and card.back_image is not None else deck.origin
        return CardDrawing(picture(art, (width, height), where.child("back_image")))
    colour = deck_colour(deck)
    image = Image.new("RGB", (width, height), colour)
    drawing = Drawing(image.size, width / CARD_INCHES[0], colour_of(colour)) if record else None
    draw = Canvas(image, drawing)
    u = width / 100
    for inset, line in ((5 * u, max(1, round(u))), (7.5 * u, max(1, round(0.4 * u)))):
        draw.rectangle((inset, inset, width - inset, height - inset), outline=shade(colour, 1.5), width=line)
    _back_star(draw, (width / 2, height / 2 - 18 * u), 12 * u, shade(colour, 1.5))
    text = (deck.back or deck.name).upper()
    chosen = fitted_font(draw, text, width - 20 * u, round(12 * u))
    draw_centered(draw, (width / 2, height / 2 + 6 * u), text, chosen, readable_on(colour))
    return CardDrawing(image, [], drawing)


def _back_star(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str) -> None:
    """An eight-pointed star: the backs' ornament."""
    x, y = centre
    points = [
        (
            x + (r if i % 2 == 0 else r * 0.45) * math.cos(math.pi / 8 * i),
            y + (r if i % 2 == 0 else r * 0.45) * math.sin(math.pi / 8 * i),
        )
        for i in range(16)
    ]
    draw.polygon(points, outline=colour, width=max(1, round(r / 10)))
