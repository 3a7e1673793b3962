"""Assemble a .vmod: board, counters, charts, help, setups and the build file.

``build_module`` returns the archive's bytes; writing it (atomically) is the
caller's business. The same input always gives the same bytes.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from compiler.cache.drawings import Drawings, board_aside
from compiler.cache.store import RenderCache
from compiler.presentation.limits import MODULE_CARD_DPI, MODULE_DPI
from compiler.render.board import board_inputs, render_board
from compiler.render.chart_content import game_charts
from compiler.render.counters import CounterPainter
from compiler.steps import StepTimer, ignore_step, timed
from compiler.vassal.archive import zip_bytes
from compiler.vassal.automation import AUTOMATION_GPIDS, automation_plan
from compiler.vassal.buildfile import VASSAL_VERSION, ModuleParts, build_file, module_name
from compiler.vassal.catalogue import PieceDefinition, image_name, piece_definitions
from compiler.vassal.decks import DeckPlan, card_back_image, card_image, deck_plans
from compiler.vassal.help import help_page
from compiler.vassal.namedkeys import renumber
from compiler.vassal.savefile import save_bytes
from compiler.vassal.setups import SetupWriter
from rules_engine.definitions import ValidGame

BOARD_DPI = MODULE_DPI
CARD_DPI = MODULE_CARD_DPI
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
    smallest card text is some 10 px high at VASSAL's 100 % zoom; a board image keeps its
    own resolution, and the pieces and cards are sized to it."""
    if definition.board.image is not None:
        from compiler.mapgeometry.registration import image_dpi

        return round(image_dpi(definition.board) or BOARD_DPI)
    return CARD_DPI if definition.decks else BOARD_DPI


def build_module(
    definition: ValidGame,
    dpi: int | None = None,
    on_step: StepTimer = ignore_step,
    cache: RenderCache | None = None,
    fork_board: bool = True,
    unplaced: list[str] | None = None,
) -> bytes:
    """The module's bytes. Drawings come from ``cache`` where their inputs are unchanged
    (the bytes are the same either way); each part's time goes to ``on_step``. Unless
    ``fork_board`` is False, a forked copy draws the board while this process draws the rest.
    Map furniture that found no room on the board is added to ``unplaced``."""
    dpi = dpi or module_dpi(definition)
    cache = cache or RenderCache(None)
    inputs = board_inputs(definition)
    aside = board_aside(cache, inputs, dpi) if fork_board else None  # before any thread starts
    try:
        with ThreadPoolExecutor(max_workers=2, thread_name_prefix="png") as pool:
            drawings = Drawings(cache, pool)
            images: dict[str, Future[bytes]] = {}
            with timed(on_step, "module: pieces"):
                pieces = piece_definitions(definition)
                piece_size = round(COUNTER_INCHES * dpi)
                _piece_images(definition, pieces, piece_size, drawings, images)
            with timed(on_step, "module: charts"):
                charts = _chart_images(definition, drawings, images)
            with timed(on_step, "module: board"):  # drawn meanwhile by the forked copy, if any
                art, images["images/board.png"] = drawings.board(inputs, dpi, aside)
                aside = None
                if unplaced is not None:
                    unplaced.extend(art.unplaced)
            with timed(on_step, "module: cards"):
                first_gpid = max((piece.gpid for piece in pieces), default=0) + 1
                decks = deck_plans(definition, art, pieces, dpi, first_gpid)
                _card_images(definition, decks, drawings, images)
            with timed(on_step, "module: automation"):
                gpid = max([first_gpid - 1] + [e.gpid for deck in decks for e in deck.entries]) + 1
                plan = automation_plan(definition, art, gpid, piece_size, _card_size(decks))
                # the same gpids and images, with the automation's traits
                pieces = piece_definitions(definition, plan)
                decks = deck_plans(definition, art, pieces, dpi, first_gpid, plan)
                for name, data in plan.images.items():
                    images["images/" + name] = _done(data)
            parts = ModuleParts(
                definition, art, pieces, piece_size, charts=charts, decks=decks, automation=plan
            )
            parts.automation_gpids = list(range(gpid, gpid + AUTOMATION_GPIDS))
            entries = _texts(definition, parts, on_step)
            with timed(on_step, "module: encode"):  # waiting for the images still being encoded
                entries.update((name, image.result()) for name, image in images.items())
    finally:
        if aside is not None:
            aside()  # a failure above: still wait for the copy, so it leaves no zombie
    with timed(on_step, "module: archive"):
        return zip_bytes(entries)


def _texts(definition: ValidGame, parts: ModuleParts, on_step: StepTimer) -> dict[str, bytes]:
    """The saved set-ups, the help page, the build file and the module's description."""
    entries: dict[str, bytes] = {}
    parts.setups = [(scenario.name, f"{scenario.id}.vsav") for scenario in definition.scenarios]
    with timed(on_step, "module: buildfile"):
        entries[parts.help_file] = help_page(definition, parts.charts, parts.automation.help).encode("utf-8")
        entries["buildFile.xml"] = build_file(parts)
        entries["moduledata"] = moduledata(definition)
    with timed(on_step, "module: setups"):
        writer = SetupWriter(
            definition, parts.art, parts.pieces, parts.decks, parts.piece_size, parts.automation
        )
        for scenario, (_, file) in zip(definition.scenarios, parts.setups, strict=True):
            # the pieces' named commands with the codes VASSAL gives them (as in the build file)
            commands = [renumber(command, parts.named_keys) for command in writer.commands(scenario)]
            entries[file] = save_bytes(commands, module_name(definition), "1.0")
    return entries


Images = dict[str, Future[bytes]]


def _done(data: bytes) -> Future[bytes]:
    """Bytes already made, where the images are futures."""
    future: Future[bytes] = Future()
    future.set_result(data)
    return future


def _piece_images(
    definition: ValidGame, pieces: list[PieceDefinition], size: int, drawings: Drawings, images: Images
) -> None:
    painter = CounterPainter(definition)
    for piece in pieces:
        for face, _ in painter.faces(piece.counter):
            name = image_name(piece.counter, face)
            if name in piece.images:
                images["images/" + name] = drawings.counter(painter, piece.counter, face, size)


def _card_images(definition: ValidGame, decks: list[DeckPlan], drawings: Drawings, images: Images) -> None:
    if not decks or not definition.decks:
        return
    width, height = decks[0].width, decks[0].height
    for deck in definition.decks:
        images["images/" + card_back_image(deck.id)] = drawings.card_back(deck, width, height)
        for card in deck.cards:
            if card.back_image is not None:
                name = "images/" + card_back_image(deck.id, card.id)
                images[name] = drawings.card_back(deck, width, height, card)
            images["images/" + card_image(deck.id, card.id)] = drawings.card(deck, card, width, height)


def _chart_images(definition: ValidGame, drawings: Drawings, images: Images) -> list[tuple[str, str]]:
    """Every chart at screen resolution, drawn by the renderer of the printed player aids."""
    charts: list[tuple[str, str]] = []
    for chart in game_charts(definition):
        file = f"chart-{chart.id}.png"
        images["images/" + file] = drawings.chart(chart)
        charts.append((chart.title, file))
    return charts


def setup_writer(definition: ValidGame, dpi: int | None = None) -> SetupWriter:
    """The writer of the module's saved games, for positions other than the scenarios' (the
    automation's differential test): the same board, pieces, decks and automation as
    ``build_module`` lays out, without drawing a picture of any piece."""
    dpi = dpi or module_dpi(definition)
    art = render_board(definition, dpi)
    pieces = piece_definitions(definition)
    piece_size = round(COUNTER_INCHES * dpi)
    first_gpid = max((piece.gpid for piece in pieces), default=0) + 1
    decks = deck_plans(definition, art, pieces, dpi, first_gpid)
    gpid = max([first_gpid - 1] + [e.gpid for deck in decks for e in deck.entries]) + 1
    plan = automation_plan(definition, art, gpid, piece_size, _card_size(decks))
    pieces = piece_definitions(definition, plan)
    decks = deck_plans(definition, art, pieces, dpi, first_gpid, plan)
    return SetupWriter(definition, art, pieces, decks, piece_size, plan)


def _card_size(decks: list[DeckPlan]) -> tuple[int, int]:
    """The size of the game's cards (card decks come first among the piles), or none."""
    cards = next((deck for deck in decks if deck.height > deck.width), None)
    return (cards.width, cards.height) if cards is not None else (0, 0)
