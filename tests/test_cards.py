"""Cards laid out as cards: a header with deck, title and number, a strip of icons for what the
card gives, headed sections filling the face, no remark on where the text comes from (the kit's
notes page says that: tests/test_kit_notes.py), and every string at 4.5:1 against what is
behind it."""

from __future__ import annotations

import re
from functools import cache

import pytest

from compiler.render.cards import card_drawing, card_stats
from compiler.render.legibility import TEXT_CONTRAST, measured_contrast
from rules_engine.definitions import Card, Deck, ValidGame

from .conftest import shipped

WIDTH, HEIGHT = 375, 525  # 2.5 x 3.5 in at 150 dpi


@cache
def lawrence() -> ValidGame:
    return shipped("lawrence")


def faces() -> list[tuple[Deck, Card]]:
    return [(deck, card) for deck in lawrence().decks for card in deck.cards]


@pytest.mark.parametrize("index", range(18))
def test_every_card_string_reads_at_4_5_to_1(index: int) -> None:
    deck, card = faces()[index]
    drawing = card_drawing(deck, card, WIDTH, HEIGHT)
    low = [
        (t.role, t.text, round(c, 2))
        for t in drawing.texts
        if (c := measured_contrast(drawing.image, t)) is not None and c < TEXT_CONTRAST
    ]
    assert not low, low


def test_missions_show_their_ops_pounds_and_leadership_as_icons() -> None:
    deck, aqaba = faces()[0]
    stats = {stat.icon: stat.figure for stat in card_stats(aqaba)}
    assert stats == {"ops": "8", "pounds": "6", "leadership": "2", "garrisons": "4"}
    words = {t.text for t in card_drawing(deck, aqaba, WIDTH, HEIGHT).texts if t.role == "card-word"}
    assert {"Ops", "Pounds", "Leadership", "Garrisons"} <= words


def test_an_event_shows_what_it_wins_and_loses() -> None:
    patrol = next(card for _, card in faces() if card.id == "ottoman-patrol")
    assert [(s.icon, s.figure, s.word) for s in card_stats(patrol)] == [
        ("combat", "", "Battle"),
        ("ops", "+1", "Ops if won"),
        ("ops", "-1", "Ops if lost"),
    ]


PROVENANCE_WORDS = re.compile(r"reconstruct|not printed|provenance|rulebook|from the rules", re.IGNORECASE)


@pytest.mark.parametrize("index", range(18))
def test_the_face_is_filled_and_says_nothing_of_provenance(index: int) -> None:
    """A mission's sections run down to the foot (no more two-thirds empty); an event's text is
    set larger than a mission's; and no string on the face, reconstructed or not, remarks on
    where its text comes from, as no published card does."""
    deck, card = faces()[index]
    texts = card_drawing(deck, card, WIDTH, HEIGHT).texts
    body = [t for t in texts if t.role == "card-text"]
    assert body
    remarks = [t.text for t in texts if PROVENANCE_WORDS.search(t.text) or t.role == "card-note"]
    assert not remarks, remarks
    if len(card.sections) > 1:
        assert max(t.bbox[3] for t in body) > HEIGHT * 0.85
    else:
        assert min(t.size for t in body) >= WIDTH * 0.05


def test_every_card_is_checked_and_they_are_reconstructed() -> None:
    """The faces above are every card of the game, and every one's text is reconstructed: the
    cards whose faces once printed the note."""
    assert len(faces()) == 18 and all(card.reconstructed for _, card in faces())
