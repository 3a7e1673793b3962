"""Build card decks from cards.json; a card's or a deck's images are read through ``art``."""

from __future__ import annotations

from compiler.diagnostics import Diagnostic
from compiler.model.artwork import ArtSource, artwork
from compiler.model.reading import Json, text
from rules_engine.definitions import Card, CardSection, Deck, Origin
from rules_engine.definitions.art import Artwork


def build_decks(
    data: Json, file: str, art: ArtSource | None = None, problems: list[Diagnostic] | None = None
) -> tuple[Deck, ...]:
    root = Origin(file)
    found = problems if problems is not None else []
    return tuple(_deck(deck, root.child("decks", i), art, found) for i, deck in enumerate(data["decks"]))


def _image(
    data: Json, key: str, origin: Origin, art: ArtSource | None, problems: list[Diagnostic]
) -> Artwork | None:
    name = data.get(key)
    if name is None or art is None:
        return None
    return artwork(name, origin.child(key), art, problems)


def _deck(data: Json, origin: Origin, art: ArtSource | None, problems: list[Diagnostic]) -> Deck:
    cards = tuple(
        Card(
            id=card["id"],
            title=card["title"],
            number=card.get("number"),
            copies=int(card.get("count", 1)),
            sections=tuple(
                CardSection(s["heading"], s["text"], dict(s.get("values", {})))
                for s in card.get("sections", ())
            ),
            effects=tuple(card.get("effects", ())),
            keep=bool(card.get("keep", False)),
            origin=origin.child("cards", i),
            reconstructed=_text_reconstructed(card.get("provenance")),
            image=_image(card, "image", origin.child("cards", i), art, problems),
            back_image=_image(card, "back_image", origin.child("cards", i), art, problems),
        )
        for i, card in enumerate(data["cards"])
    )
    return Deck(
        data["id"],
        data["name"],
        text(data, "kind"),
        text(data, "back"),
        text(data, "colour"),
        cards,
        text(data, "summary"),
        origin,
        _image(data, "back_image", origin, art, problems),
    )


def _text_reconstructed(provenance: object) -> bool:
    """A card whose whole provenance, or that of its sections, is a reconstruction."""
    if isinstance(provenance, str):
        return True
    return isinstance(provenance, dict) and "sections" in provenance
