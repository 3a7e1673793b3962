"""Assemble a .vmod: board, counters, charts, help, setups and the build file.

``build_module`` returns the archive's bytes; writing it (atomically) is the
caller's business. The same input always gives the same bytes.
"""

from __future__ import annotations

from compiler.render.board import render_board
from compiler.render.cards import render_card, render_card_back
from compiler.render.chart_content import game_charts
from compiler.render.charts import render_chart
from compiler.render.counters import CounterPainter
from compiler.render.images import png_bytes
from compiler.vassal.archive import zip_bytes
from compiler.vassal.buildfile import VASSAL_VERSION, ModuleParts, build_file, module_name
from compiler.vassal.catalogue import image_name, piece_definitions
from compiler.vassal.decks import DeckPlan, card_back_image, card_image, deck_plans
from compiler.vassal.help import help_page
from compiler.vassal.savefile import save_bytes
from compiler.vassal.setups import SetupWriter
from rules_engine.definitions import ValidGame

BOARD_DPI = 100
CARD_DPI = 150
COUNTER_INCHES = 0.625


def moduledata(definition: ValidGame) -> bytes:
    game = definition.game
    description = game.summary or ""
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">\n'
        "  <version>1.0</version>\n  <extra1/>\n  <extra2/>\n"
        f"  <VassalVersion>{VASSAL_VERSION}</VassalVersion>\n  <dateSaved>0</dateSaved>\n"
        f"  <description>{_xml(description)}</description>\n  <name>{_xml(module_name(definition))}</name>\n"
        "</data>\n"
    ).encode()


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def module_dpi(definition: ValidGame) -> int:
    """The board's resolution in the module: 100 dpi, or 150 for a card game, so that the
    smallest card text is some 10 px high at VASSAL's 100 % zoom."""
    return CARD_DPI if definition.decks else BOARD_DPI


def build_module(definition: ValidGame, dpi: int | None = None) -> bytes:
    dpi = dpi or module_dpi(definition)
    art = render_board(definition, dpi)
    pieces = piece_definitions(definition)
    piece_size = round(COUNTER_INCHES * dpi)
    entries: dict[str, bytes] = {"images/board.png": png_bytes(art.image)}
    painter = CounterPainter(definition)
    for piece in pieces:
        for face in ("front", "back"):
            name = image_name(piece.counter, face)
            if name in piece.images:
                entries["images/" + name] = png_bytes(painter.render(piece.counter, face, piece_size))
    charts = _chart_images(definition, entries)
    first_gpid = max((piece.gpid for piece in pieces), default=0) + 1
    decks = deck_plans(definition, art, pieces, dpi, first_gpid)
    _card_images(definition, decks, entries)
    parts = ModuleParts(definition, art, pieces, piece_size, charts=charts, decks=decks)
    writer = SetupWriter(definition, art, pieces, decks, piece_size)
    for scenario in definition.scenarios:
        file = f"{scenario.id}.vsav"
        entries[file] = save_bytes(writer.commands(scenario), module_name(definition), "1.0")
        parts.setups.append((scenario.name, file))
    entries[parts.help_file] = help_page(definition, charts).encode("utf-8")
    entries["buildFile.xml"] = build_file(parts)
    entries["moduledata"] = moduledata(definition)
    return zip_bytes(entries)


def _card_images(definition: ValidGame, decks: list[DeckPlan], entries: dict[str, bytes]) -> None:
    if not decks or not definition.decks:
        return
    width, height = decks[0].width, decks[0].height
    for deck in definition.decks:
        entries["images/" + card_back_image(deck.id)] = png_bytes(render_card_back(deck, width, height))
        for card in deck.cards:
            entries["images/" + card_image(deck.id, card.id)] = png_bytes(
                render_card(deck, card, width, height)
            )


def _chart_images(definition: ValidGame, entries: dict[str, bytes]) -> list[tuple[str, str]]:
    """Every chart at screen resolution, drawn by the renderer of the printed player aids."""
    charts: list[tuple[str, str]] = []
    for chart in game_charts(definition):
        file = f"chart-{chart.id}.png"
        entries["images/" + file] = png_bytes(render_chart(chart).image)
        charts.append((chart.title, file))
    return charts
