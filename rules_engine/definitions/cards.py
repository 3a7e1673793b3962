"""Card decks."""

from collections.abc import Mapping
from typing import Any, NamedTuple

from rules_engine.definitions.art import Artwork
from rules_engine.definitions.origin import Origin


class CardSection(NamedTuple):
    heading: str
    text: str
    values: Mapping[str, int]


class Card(NamedTuple):
    id: str
    title: str
    number: int | None
    copies: int
    sections: tuple[CardSection, ...]
    effects: tuple[Mapping[str, Any], ...]
    keep: bool
    origin: Origin
    reconstructed: bool = False  # its text is written from the rules, not printed in the book
    image: Artwork | None = None  # presentation only: the face is this image
    back_image: Artwork | None = None  # this card's own back, in place of the deck's


class Deck(NamedTuple):
    id: str
    name: str
    kind: str | None
    back: str | None
    colour: str | None
    cards: tuple[Card, ...]
    summary: str | None
    origin: Origin
    back_image: Artwork | None = None  # presentation only: every card's back

    @property
    def size(self) -> int:
        return sum(card.copies for card in self.cards)
