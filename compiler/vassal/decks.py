"""Decks and draw piles: card decks, and boxes whose pieces are drawn at random.

Lawrence's mission and operations decks become face-down, shuffled piles of
cards (each card carries a Mask so it can lie face down); a box with
``"draw": "random"`` (the hostiles bin) becomes a shuffled pile of its
counters. Saved setups write each pile's contents explicitly as a Deck piece,
less the copies the scenario has already put on the map.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.javatext.sequence import encode
from compiler.render.art import BoardArt
from compiler.render.cards import CARD_INCHES
from compiler.vassal.automation.plan import Automation
from compiler.vassal.catalogue import PieceDefinition
from compiler.vassal.pieces import Trait, basic_piece, key, marker, mask
from rules_engine.definitions import ValidGame


@dataclass(frozen=True)
class PileEntry:
    """One card or counter copy in a pile: its slot name, slot id and traits."""

    name: str
    gpid: int
    traits: tuple[Trait, ...]
    counter: str | None = None


@dataclass
class DeckPlan:
    """A pile on the map: where it sits and what it holds at the start."""

    name: str
    x: int
    y: int
    width: int
    height: int
    entries: list[PileEntry]
    face_down: bool
    shuffle: bool
    draw_face_up: bool = False
    max_stack: int = 5  # VASSAL draws each of these 2 px higher: kept inside the pile's place


def card_image(deck_id: str, card_id: str) -> str:
    return f"card-{deck_id}-{card_id}.png"


def card_back_image(deck_id: str, card_id: str | None = None) -> str:
    """The deck's back, or a card's own back (a card that names its own back image)."""
    return f"card-{deck_id}-back.png" if card_id is None else f"card-{deck_id}-{card_id}-back.png"


def deck_plans(
    definition: ValidGame,
    art: BoardArt,
    pieces: list[PieceDefinition],
    dpi: int,
    first_gpid: int,
    plan: Automation | None = None,
) -> list[DeckPlan]:
    """Every deck and bin; with ``plan``, each card carries the automation's traits (outside its
    Mask, so a face-down card hears them)."""
    plans: list[DeckPlan] = []
    gpid = first_gpid
    width, height = round(CARD_INCHES[0] * dpi), round(CARD_INCHES[1] * dpi)
    for deck in definition.decks or ():
        rect = art.deck_areas.get(deck.id)
        if rect is None:
            continue
        entries: list[PileEntry] = []
        for card in deck.cards:
            traits: tuple[Trait, ...] = (
                *(plan.traits_of_card(deck, card) if plan is not None else ()),
                mask(
                    card_back_image(deck.id, card.id if card.back_image is not None else None),
                    "Flip card",
                    key("F"),
                    "player:",
                    None,
                    mask_name=deck.name,
                ),
                marker({"Deck": deck.name, "Card": card.id}),
                basic_piece(card_image(deck.id, card.id), card.title, gpid=str(gpid)),
            )
            for _ in range(card.copies):
                entries.append(PileEntry(card.title, gpid, _with_gpid_basic(traits, gpid)))
                gpid += 1
        left, _, right, bottom = rect
        x, y = round((left + right) / 2), round(bottom - (right - left - width) / 2 - height / 2)
        plans.append(
            DeckPlan(deck.name, x, y, width, height, entries, face_down=True, shuffle=True, max_stack=4)
        )
    plans += _bins(definition, art, pieces, dpi, gpid)
    return plans


def _bins(
    definition: ValidGame, art: BoardArt, pieces: list[PieceDefinition], dpi: int, gpid: int
) -> list[DeckPlan]:
    """A face-down, shuffled pile per box drawn at random, on the box's slot. Hidden counters
    (garrisons) come out face down; the others (OEF units) face up."""
    plans = []
    by_counter = {piece.counter.id: piece for piece in pieces}
    size = round(0.625 * dpi)
    for box in definition.board.boxes:
        slots = art.slots.get(("box", box.id, ""))
        if box.draw != "random" or not slots:
            continue
        entries = []
        for counter_id in box.counters:
            piece = by_counter.get(counter_id)
            if piece is None:
                continue
            for _ in range(piece.counter.copies):  # a slot per copy: slot ids are unique
                traits = tuple(_with_gpid(trait, gpid) for trait in piece.traits)
                entries.append(PileEntry(piece.name, gpid, traits, counter_id))
                gpid += 1
        hidden = all(by_counter[c].counter.hidden for c in box.counters if c in by_counter)
        left, _, right, bottom = slots[0]
        margin = (right - left - size) / 2
        x, y = round(left + margin + size / 2), round(bottom - margin - size / 2)
        plans.append(DeckPlan(box.name, x, y, size, size, entries, True, True, draw_face_up=not hidden))
    return plans


def _with_gpid_basic(traits: tuple[Trait, ...], gpid: int) -> tuple[Trait, ...]:
    """The same card as another slot: its BasicPiece names this slot's id."""
    return (*traits[:-1], _with_gpid(traits[-1], gpid))


def _with_gpid(trait: Trait, gpid: int) -> Trait:
    if trait.prefix != "piece;":
        return trait
    return Trait(trait.type, encode(["null", "0", "0", str(gpid), "0"], ";"))


def deck_type(plan: DeckPlan) -> str:
    """The type of a Deck piece in a saved game, matching the DrawPile the module declares
    (field order of VASSAL's Deck.getType)."""
    fields = [
        "true",
        "0,0,0",
        str(plan.width),
        str(plan.height),
        "Always" if plan.face_down else "Never",
        "Always" if plan.shuffle else "Never",
        "false",
        "false",
        "false",
        "",
        "",
        "",
        plan.name,
        "$playerSide$ shuffles $deckName$",
        "",
        "",
        "true" if plan.draw_face_up else "false",
        "false",
        "",
        "",
        str(plan.max_stack),
        "",
        "false",
        "",
        "false",
        "",
        "$BasicName$",
        "",
        "false",
        "",
        "Shuffle",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "false",
        "",
    ]
    return "deck;" + encode(fields, ";")


def deck_state(map_name: str, plan: DeckPlan, piece_ids: list[str]) -> str:
    return encode(
        [map_name, str(plan.x), str(plan.y), "true" if plan.face_down else "false", encode(piece_ids, ",")],
        ";",
    )
