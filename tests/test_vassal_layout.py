"""Every stack of every set-up stays inside the box it waits in, as VASSAL draws it."""

from __future__ import annotations

from functools import cache

import pytest

from compiler.javatext.sequence import decode
from compiler.render.art import BoardArt, Rect
from compiler.render.board import render_board
from compiler.vassal.catalogue import piece_definitions
from compiler.vassal.decks import deck_plans
from compiler.vassal.module import COUNTER_INCHES, module_dpi
from compiler.vassal.setups import SetupWriter
from rules_engine.definitions import ValidGame

from .conftest import GAMES, shipped

STACK_STEP = (3, 4)  # StackMetrics unexSepX, unexSepY: each piece of a closed stack, right and up
DECK_STEP = 2  # a Deck draws each of its top pieces 2 px right and up


@cache
def definition(game: str) -> ValidGame:
    return shipped(game)


def places(art: BoardArt) -> list[Rect]:
    rects = [box.rect for box in art.track_boxes] + [rect for _, _, rect in art.oob_rows]
    rects += [rect for _, rect in art.zones] + list(art.boxes.values()) + list(art.deck_areas.values())
    return rects


def stacks_of(commands: list[str]) -> list[tuple[int, int, int, bool]]:
    """(x, y, pieces drawn, is a deck) for every stack and deck of a set-up."""
    found = []
    for command in commands:
        if not command.startswith("+/"):
            continue
        fields = decode(command[2:], "/")
        if fields[1] == "stack":
            state = decode(fields[2], ";")
            found.append((int(state[1]), int(state[2]), len(state) - 4, False))
        elif fields[1].startswith("deck;"):
            state = decode(fields[2], ";")
            ids = decode(state[4], ",") if len(state) > 4 and state[4] else []
            shown = int(decode(fields[1].removeprefix("deck;"), ";")[20])  # maxStack
            found.append((int(state[1]), int(state[2]), min(len(ids), shown), True))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_stacks_stay_inside_their_boxes(game: str) -> None:
    d = definition(game)
    dpi = module_dpi(d)
    art = render_board(d, dpi)
    pieces = piece_definitions(d)
    decks = deck_plans(d, art, pieces, dpi, max(p.gpid for p in pieces) + 1)
    size = round(COUNTER_INCHES * dpi)
    writer = SetupWriter(d, art, pieces, decks, size)
    checked = 0
    for scenario in d.scenarios:
        for x, y, count, deck in stacks_of(writer.commands(scenario)):
            holders = [r for r in places(art) if r[0] <= x <= r[2] and r[1] <= y <= r[3]]
            if not holders or count < 1:
                continue  # on a hex or space
            box = min(holders, key=lambda r: (r[2] - r[0]) * (r[3] - r[1]))
            dx, dy = (DECK_STEP, DECK_STEP) if deck else STACK_STEP
            width = (
                max(p.width for p in decks) if deck and art.deck_areas and _in_deck_area(art, x, y) else size
            )
            height = (
                max(p.height for p in decks) if deck and art.deck_areas and _in_deck_area(art, x, y) else size
            )
            extent = (
                x - width / 2,
                y - height / 2 - dy * (count - 1),
                x + width / 2 + dx * (count - 1),
                y + height / 2,
            )
            assert box[0] <= extent[0] and box[1] <= extent[1], (scenario.id, x, y, count, box, extent)
            assert extent[2] <= box[2] and extent[3] <= box[3], (scenario.id, x, y, count, box, extent)
            checked += 1
    assert checked >= len(d.scenarios)


def _in_deck_area(art: BoardArt, x: int, y: int) -> bool:
    return any(r[0] <= x <= r[2] and r[1] <= y <= r[3] for r in art.deck_areas.values())


def test_jerusalem_reinforcements_wait_on_their_orders_of_battle() -> None:
    d = definition("jerusalem")
    art = render_board(d, module_dpi(d))
    assert module_dpi(d) == 100 and module_dpi(definition("lawrence")) == 150
    keys = {key for key in art.slots if key[0] == "oob"}
    sides = {key[1] for key in keys}
    assert sides == {"jewish-order-of-battle", "arab-order-of-battle"}
    assert len(art.slots[("oob", "arab-order-of-battle", "May III")]) == 9


def test_card_text_reads_in_vassal() -> None:
    """At the module's resolution the smallest card body text is at least 9 px high."""
    from compiler.render.cards import CARD_INCHES, body_size

    d = definition("lawrence")
    width, height = round(CARD_INCHES[0] * module_dpi(d)), round(CARD_INCHES[1] * module_dpi(d))
    sizes = [body_size(card, width, height) * width / 100 for deck in d.decks or () for card in deck.cards]
    assert sizes and min(sizes) >= 9.0, min(sizes)
    assert all(card.reconstructed for deck in d.decks or () for card in deck.cards)
