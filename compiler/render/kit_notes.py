"""The kit's notes page: where the game's facts come from, and every value the rules do not
print, reconstructed, with its reason. A published game keeps such notes off its components
(a card carries its text, never a remark about where the text came from), so the kit says it
here once, on a page of its own after the player aids, for every game that has any.

The reconstructions are grouped by the part of the game that holds them, and each distinct
reason is printed once with the number of values it covers, so a reason the data repeats for
forty counters is one line."""

from __future__ import annotations

from collections import Counter as Tally

from compiler.render.charts import Cell, Chart, Paragraph, Table
from rules_engine.definitions import ValidGame
from rules_engine.definitions.provenance import Reconstruction

TITLE = "Notes on this kit: sources and reconstructions"
PARTS = {  # each part's heading, in the order a player meets them in the kit
    "cards": "Cards",
    "counters": "Counters",
    "map": "Map",
    "boards": "Map boards",
    "terrain": "Terrain",
    "charts": "Charts and tables",
    "scenario": "Scenarios",
    "game": "Game, sides and turns",
}


def kit_notes_chart(definition: ValidGame) -> Chart | None:
    """The notes page's content, or None for a game that cites nothing and reconstructs
    nothing (an original design)."""
    provenance = definition.provenance
    if not provenance.any:
        return None
    blocks: list[Table | Paragraph] = [Paragraph(sources_text(definition))]
    cards = cards_text(definition)
    if cards:
        blocks.append(Paragraph(cards))
    if provenance.reconstructed:
        blocks.append(_reconstructions_table(provenance.reconstructed))
    return Chart("kit-notes", TITLE, tuple(blocks))


def sources_text(definition: ValidGame) -> str:
    game, provenance = definition.game, definition.provenance
    title = game.title + (f": {game.subtitle}" if game.subtitle else "")
    text = f"Source: the published rules of {title}."
    if provenance.cited:
        text += (
            f" {provenance.cited} records of the game's data cite the section of the rules they come from."
        )
    if provenance.reconstructed:
        text += (
            f" {len(provenance.reconstructed)} values the rules do not print are reconstructed so that"
            " every fact the rules state stays true; the table below gives each reason."
        )
    return text


def cards_text(definition: ValidGame) -> str:
    """What the card faces no longer say: whose text is written from the rules."""
    parts = []
    for deck in definition.decks:
        written = [card for card in deck.cards if card.reconstructed]
        if written:
            every = len(written) == len(deck.cards)
            count = f"all {len(written)}" if every else f"{len(written)} of {len(deck.cards)}"
            parts.append(
                f"{deck.name}: the text of {count} cards is reconstructed from the rules (card not printed)"
            )
    return "; ".join(parts) + "." if parts else ""


def _reconstructions_table(found: tuple[Reconstruction, ...]) -> Table:
    tally = Tally(found)
    rows: list[tuple[Cell, ...]] = []
    groups: list[tuple[int, str]] = []
    for part in sorted({r.part for r in found}, key=lambda p: list(PARTS).index(p) if p in PARTS else 99):
        groups.append((len(rows), PARTS.get(part, part)))
        for entry in dict.fromkeys(r for r in found if r.part == part):
            what = _sentence(entry.reason)
            if entry.field:
                what = f"{entry.field.replace('_', ' ').capitalize()}: {what}"
            rows.append((Cell(what), Cell(str(tally[entry]), centre=True)))
    return Table(("What is reconstructed, and why", "Values"), tuple(rows), tuple(groups), weights=(12, 1))


def _sentence(reason: str) -> str:
    reason = reason.strip()
    return (reason[:1].upper() + reason[1:]).rstrip(".") + "."
