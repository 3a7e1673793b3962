"""Build card decks from cards.json."""

from __future__ import annotations

from compiler.model.reading import Json, text
from rules_engine.definitions import Card, CardSection, Deck, Origin


def build_decks(data: Json, file: str) -> tuple[Deck, ...]:
    root = Origin(file)
    return tuple(_deck(deck, root.child("decks", i)) for i, deck in enumerate(data["decks"]))


def _deck(data: Json, origin: Origin) -> Deck:
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
    )


def _text_reconstructed(provenance: object) -> bool:
    """A card whose whole provenance, or that of its sections, is a reconstruction."""
    if isinstance(provenance, str):
        return True
    return isinstance(provenance, dict) and "sections" in provenance
