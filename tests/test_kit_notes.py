"""The kit's notes page: provenance lives there, never on a component. Every game whose data
cites the rules or reconstructs a value gets the page, after its player aids and on a page of
its own; it names the source and gives every reason the data states for a reconstructed value
(read here from the JSON files, not through the model), and says which cards' text is
reconstructed, which the card faces no longer print. A game with neither (an original design)
gets none. Its type is at least 5 pt and 4.5:1."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from compiler.output.aids import AidPage, aid_pages
from compiler.render.canvas import Drawing, Inset, Lettering
from compiler.render.charts import render_chart
from compiler.render.kit_notes import TITLE, kit_notes_chart
from compiler.render.legibility import TEXT_CONTRAST, measured_contrast

from .conftest import GAMES, SOURCE_DATA, shipped

DPI = 300


@cache
def pages(game: str) -> list[AidPage]:
    return list(aid_pages(shipped(game)))


def letterings(
    drawing: Drawing, clip: tuple[float, float, float, float] | None = None
) -> Iterator[Lettering]:
    """Every line of text a drawing shows, insets included (an inset clipped to part of a
    chart, as a chart cut across pages is, shows only the lines inside its clip)."""
    for item in drawing.items:
        if isinstance(item, Lettering):
            if clip is None or clip[1] <= item.y <= clip[3]:
                yield item
        elif isinstance(item, Inset):
            yield from letterings(item.drawing, item.clip)


def page_text(page: AidPage) -> str:
    return " ".join(line.text for line in letterings(page.drawing))


def stated_reasons(game: str) -> set[str]:
    """Every reason a provenance mark of the game's files gives (replays left out)."""
    folder = SOURCE_DATA / game
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            mark = value.get("provenance")
            if isinstance(mark, str):
                found.add(mark)
            elif isinstance(mark, dict):
                found.update(str(reason) for reason in mark.values())
            for key, child in value.items():
                if key != "provenance":
                    walk(child)
        elif isinstance(value, list):
            for child in value:
                walk(child)

    for path in [*folder.glob("*.json"), *(folder / "scenarios").glob("*.json")]:
        walk(json.loads(path.read_text(encoding="utf-8")))
    return {reason.removeprefix("reconstructed: ") for reason in found}


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().rstrip(".").lower()


def notes_pages(game: str) -> list[AidPage]:
    every = pages(game)
    first = next((i for i, page in enumerate(every) if TITLE in page_text(page)), None)
    return [] if first is None else every[first:]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_that_cites_or_reconstructs_has_a_notes_page_after_its_aids(game: str) -> None:
    definition = shipped(game)
    notes = notes_pages(game)
    reasons = stated_reasons(game)
    if not reasons and not definition.provenance.cited:
        assert notes == [] and kit_notes_chart(definition) is None
        return
    assert notes, game
    first = notes[0]
    insets = [item for item in first.drawing.items if isinstance(item, Inset)]
    assert TITLE in " ".join(line.text for line in letterings(insets[0].drawing)), "not on a page of its own"
    assert len(notes) <= 2, f"{game}: the notes run to {len(notes)} pages"
    text = _plain(" ".join(page_text(page) for page in notes))
    assert _plain(f"Source: the published rules of {definition.game.title}") in text
    missing = [reason for reason in reasons if _plain(reason)[1:] not in text]
    assert not missing, missing[:3]


@pytest.mark.parametrize("game", GAMES)
def test_the_notes_say_whose_card_text_is_reconstructed(game: str) -> None:
    definition = shipped(game)
    text = _plain(" ".join(page_text(page) for page in notes_pages(game)))
    for deck in definition.decks:
        written = sum(card.reconstructed for card in deck.cards)
        said = _plain(f"{deck.name}: the text of all {written} cards is reconstructed from the rules")
        assert (said in text) == (written == len(deck.cards) > 0), deck.name
    if game == "lawrence":
        assert sum(card.reconstructed for deck in definition.decks for card in deck.cards) == 18


@pytest.mark.parametrize("game", GAMES)
def test_the_notes_read_at_5_pt_and_4_5_to_1(game: str) -> None:
    chart = kit_notes_chart(shipped(game))
    if chart is None:
        return
    for page in notes_pages(game):
        smallest = min(line.font.size for line in letterings(page.drawing))
        assert smallest * 72 / DPI >= 5, smallest
    for body_pt in (9.0, 6.0):
        drawn = render_chart(chart, 7.5, DPI, body_pt)
        low = [
            (t.text, round(c, 2))
            for t in drawn.texts
            if (c := measured_contrast(drawn.image, t)) is not None and c < TEXT_CONTRAST
        ]
        assert not low, low[:3]
