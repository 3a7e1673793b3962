"""Cards drawn from their data: a title band, numbered sections, and a plain back.

Mission and operations cards print the sections the data gives (situation,
objective ... or the event) in the designers' own words. A card that names an
``image`` shows it instead, at the card's size; a deck's ``back_image`` (or a card's
own) is its back.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from compiler.render.artwork import picture
from compiler.render.colours import readable_on, shade
from compiler.render.fonts import draw_centered, fitted_font, font
from compiler.render.fonts import wrap_text as _wrap
from rules_engine.definitions import Card, Deck
from rules_engine.definitions.art import Artwork

CARD_INCHES = (2.5, 3.5)
DEFAULT_COLOURS = {"mission": "#7a4b1f", "operations": "#2d4f6b"}


def deck_colour(deck: Deck) -> str:
    return deck.colour or DEFAULT_COLOURS.get(deck.kind or "", "#555555")


def card_inputs(deck: Deck, card: Card) -> tuple[object, ...]:
    """Everything ``render_card`` reads (the key of its cached image): the card and its deck's colour."""
    return (deck_colour(deck), card)


def back_inputs(deck: Deck, card: Card | None = None) -> tuple[object, ...]:
    """Everything ``render_card_back`` reads."""
    return (deck_colour(deck), deck.back or deck.name, back_image(deck, card))


def back_image(deck: Deck, card: Card | None) -> Artwork | None:
    """The image a card's back shows: its own, else its deck's, else none (a drawn back)."""
    own = card.back_image if card is not None else None
    return own or deck.back_image


def render_card(deck: Deck, card: Card, width: int, height: int) -> Image.Image:
    if card.image is not None:
        return picture(card.image, (width, height), card.origin.child("image"))
    colour = deck_colour(deck)
    image = Image.new("RGB", (width, height), "#fbf7ee")
    draw = ImageDraw.Draw(image)
    u = width / 100
    band = round(16 * u)
    draw.rectangle((0, 0, width, band), fill=colour)
    ink = readable_on(colour)
    title = card.title
    draw.text(
        (4 * u, band / 2),
        title,
        font=fitted_font(draw, title, width - 22 * u, round(8 * u)),
        fill=ink,
        anchor="lm",
    )
    if card.number is not None:
        draw.text((width - 4 * u, band / 2), str(card.number), font=font(round(6 * u)), fill=ink, anchor="rm")
    size = body_size(card, width, height)
    top = band + 4 * u
    body, heading = font(round(size * u)), font(round(size * 1.1 * u))
    y = top
    for section in card.sections:
        draw.text((4 * u, y), section.heading.upper(), font=heading, fill=shade(colour, 0.8), anchor="lt")
        y += size * 1.35 * u
        for line in _wrap(draw, section.text, body, width - 8 * u):
            draw.text((4 * u, y), line, font=body, fill="#222222", anchor="lt")
            y += size * 1.22 * u
        y += size * 0.5 * u
    if card.keep:
        y = height - (10 if card.reconstructed else 5) * u
        draw.text((width / 2, y), "KEEP THIS CARD", font=font(round(4.5 * u)), fill=colour, anchor="mm")
    if card.reconstructed:
        note = "Text reconstructed from the rules (card not printed)"
        chosen = fitted_font(draw, note, width - 8 * u, round(3.6 * u))
        draw.text((width / 2, height - 4 * u), note, font=chosen, fill="#6b6457", anchor="mm")
    draw.rectangle((0, 0, width - 1, height - 1), outline=shade(colour, 0.7), width=max(1, round(0.8 * u)))
    return image


def render_card_back(deck: Deck, width: int, height: int, card: Card | None = None) -> Image.Image:
    art = back_image(deck, card)
    if art is not None:
        where = card.origin if card is not None and card.back_image is not None else deck.origin
        return picture(art, (width, height), where.child("back_image"))
    colour = deck_colour(deck)
    image = Image.new("RGB", (width, height), colour)
    draw = ImageDraw.Draw(image)
    u = width / 100
    inset = 6 * u
    draw.rectangle(
        (inset, inset, width - inset, height - inset), outline=shade(colour, 1.5), width=max(1, round(u))
    )
    text = (deck.back or deck.name).upper()
    chosen = fitted_font(draw, text, width - 20 * u, round(12 * u))
    draw_centered(draw, (width / 2, height / 2), text, chosen, readable_on(colour))
    return image


def body_size(card: Card, width: int, height: int) -> float:
    """The body text size (hundredths of the card's width): the largest, up to 4.8, at which
    the sections fit between the title band and the footer."""
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    u = width / 100
    footer = (10 if card.keep else 5) + (5 if card.reconstructed else 0)
    room = height - footer * u - (round(16 * u) + 4 * u)
    size = 4.8
    while size > 2.6 and _layout_height(draw, card, size * u, width - 8 * u) > room:
        size -= 0.2
    return size


def _layout_height(draw: ImageDraw.ImageDraw, card: Card, size: float, width: float) -> float:
    """How tall the sections are at a body text size (headings 10 % larger)."""
    body = font(round(size))
    total = 0.0
    for section in card.sections:
        total += size * 1.35 + len(_wrap(draw, section.text, body, width)) * size * 1.22 + size * 0.5
    return total
