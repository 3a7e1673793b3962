"""Draw the game board from the map data: one renderer for the printed map and VASSAL.

A hex board is drawn hex by hex with the same HexLayout the VASSAL grid is
derived from (``board_hex``); a point-to-point board places each space at its
printed position over its geography (``board_p2p``). Both get their furniture:
tracks, boxes, the Order of Battle, card spaces, charts the book prints on the
map and a terrain key drawn from the terrain chart (``furniture``), placed where
they cover no play area (``placement``). ``BoardArt`` keeps where everything was
drawn, so the VASSAL back end can put zones, regions and slots exactly over it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from compiler.presentation.colours import shade
from compiler.render.art import BoardArt
from compiler.render.cards import deck_colour
from compiler.render.chart_content import game_charts, key_figures
from compiler.render.charts import Chart
from compiler.render.furniture import (
    TRACK_IN,
    Block,
    BoxBlock,
    CartoucheBlock,
    ChartBlock,
    DeckBlock,
    DeckPlace,
    LegendBlock,
    OrderOfBattleBlock,
    PrintedRows,
    SequenceBlock,
    SequencePhase,
    TrackBlock,
    fitted_width,
)
from compiler.render.holdings import SLOT_IN, Holding, Key, holdings
from compiler.render.names import Names
from compiler.render.schedule import (
    PrintedUnits,
    TurnNote,
    printed_units,
    turn_notes,
)
from compiler.render.terrain_key import LineLook, Sample, area_colour, level_colour, style_of, terrain_pattern
from rules_engine.definitions import (
    Charts,
    CounterMix,
    GameInfo,
    MapDefinition,
    Origin,
    TerrainChart,
    Track,
    ValidGame,
)

DECK_IN = (2.6, 3.6)  # the space a deck of cards takes on the board (a 2.5 x 3.5 in card and a margin)
CHARTS_ON_MAP = ("crt", "leaders")  # charts a hex map's band carries when the game has them


class BoardInputs(NamedTuple):
    """Everything the board painters read, and nothing else: the key of a cached board is
    the hash of these. Counters and scenarios reach the board only as the room each off-map
    place needs and the charts printed on it, so a changed counter value redraws no board."""

    game: GameInfo
    board: MapDefinition
    terrain: TerrainChart
    needs: Mapping[Key, Holding]  # how much each off-map place holds, over every scenario
    charts: tuple[Chart, ...]  # the charts the map carries
    decks: tuple[DeckPlace, ...]  # each deck's space on the map
    turn_notes: tuple[TurnNote, ...] = ()  # scenario ends and arrivals on the turn track
    units: tuple[PrintedUnits, ...] = ()  # what each Order of Battle row shows and where it enters

    def view(self) -> ValidGame:
        """A game made of these parts alone: enough for display names and for drawing the faces
        the Orders of Battle print (a face's drawing reads the game's sides, nations and classes)."""
        empty = Origin("")
        return ValidGame(
            self.game, self.board, self.terrain, CounterMix({}, empty), Charts(None, {}, empty), (), ()
        )

    def names(self) -> Names:
        """Display names from these parts alone (the terrain key needs sides and movement classes)."""
        return Names(self.view())


def board_inputs(definition: ValidGame) -> BoardInputs:
    board = definition.board
    charts = {chart.id: chart for chart in game_charts(definition)}
    # A CRT and a leader table go on the map of a game with Order of Battle boxes (the book
    # prints them there, 1.3); other games keep them on the player aid.
    book_prints = any(box.kind == "order-of-battle" for box in board.boxes)
    on_map = tuple(charts[c] for c in CHARTS_ON_MAP if c in charts and book_prints)
    decks = tuple(DeckPlace(deck.id, deck.name, deck_colour(deck), deck.size) for deck in definition.decks)
    return BoardInputs(
        definition.game,
        board,
        definition.terrain,
        holdings(definition),
        on_map,
        decks,
        turn_notes(definition),
        printed_units(definition),
    )


def render_board(definition: ValidGame, dpi: float = 100, record: bool = False) -> BoardArt:
    return paint_board(board_inputs(definition), dpi, record)


def paint_board(inputs: BoardInputs, dpi: float, record: bool = False) -> BoardArt:
    """The board at ``dpi``; a board image is drawn at its own resolution instead. With
    ``record`` the art keeps its drawing (``BoardArt.drawing``): the ground (tints, textures,
    relief; a board image) as pixels, everything drawn over it as shapes and text."""
    if inputs.board.image is not None:
        from compiler.render.board_image import ImagePainter

        return ImagePainter(inputs, record).paint()
    if inputs.board.grid is not None:
        from compiler.render.board_hex import HexPainter

        return HexPainter(inputs, dpi, record).paint()
    from compiler.render.board_p2p import PointToPointPainter

    return PointToPointPainter(inputs, dpi, record).paint()


class Furnisher:
    """The furniture of a board, as blocks, from its data."""

    def __init__(self, inputs: BoardInputs) -> None:
        self.inputs = inputs
        self.game = inputs.game
        self.board = inputs.board
        self.needs = inputs.needs
        self.names = inputs.names()

    def track_labels(self, track: Track) -> list[str]:
        if track.kind == "turns":
            return list(self.game.turn_labels)
        first = track.first if track.first is not None else 0
        last = track.last if track.last is not None else first + 9
        return [str(n) for n in range(first, last + 1)]

    def tracks(self, per_row: int = 30) -> list[Block]:
        blocks: list[Block] = []
        for track in self.board.tracks:
            labels = self.track_labels(track)
            heights = {label: self._height(("track", track.id, label)) for label in labels}
            reinforcements = (
                {label: self._height(("reinforcements", track.id, label)) for label in labels}
                if track.reinforcement_boxes
                else None
            )
            widths = [self._holding(("track", track.id, label)).slot_width_in(TRACK_IN) for label in labels]
            if track.reinforcement_boxes:
                widths += [
                    self._holding(("reinforcements", track.id, label)).slot_width_in(TRACK_IN)
                    for label in labels
                ]
            notes = self.inputs.turn_notes if track.kind == "turns" else ()
            blocks.append(
                TrackBlock(
                    track.id,
                    track.name,
                    labels,
                    min(per_row, len(labels)),
                    heights,
                    reinforcements,
                    max(widths),
                    notes=notes,
                )
            )
        return blocks

    def _holding(self, key: tuple[str, str, str]) -> Holding:
        return self.needs.get(key, Holding(1, 1))

    def _height(self, key: tuple[str, str, str]) -> float:
        return self._holding(key).slot_height_in

    def boxes(self) -> list[Block]:
        """Order of Battle boxes a row per turn; the Sequence of Play a cell per marked phase;
        other boxes a slot per stack they may hold (one, a face-down pile, for a random bin)."""
        blocks: list[Block] = []
        game = self.game
        for box in self.board.boxes:
            if box.kind == "order-of-battle":
                turns = [
                    (label, self.needs[("oob", box.id, label)])
                    for label in (game.turn_labels)
                    if ("oob", box.id, label) in self.needs
                ]
                if turns:
                    blocks.append(OrderOfBattleBlock(box.id, box.name, turns, self._printed(box.id)))
                    continue
            if box.id == "sequence-of-play" and game is not None:
                phases = [
                    SequencePhase(p.id, p.name, p.summary or "")
                    for p in game.phases
                    if p.order == "player-choice"
                ]
                if phases:
                    blocks.append(SequenceBlock(box.id, box.name, phases))
                    continue
            need = self._holding(("box", box.id, ""))
            if box.draw == "random":  # one face-down pile
                blocks.append(BoxBlock(box.id, box.name, 1, SLOT_IN))
            else:
                blocks.append(
                    BoxBlock(
                        box.id,
                        box.name,
                        max(1, need.slots),
                        need.slot_height_in,
                        slot_width=need.slot_width_in(),
                    )
                )
        return blocks

    def _printed(self, box_id: str) -> PrintedRows:
        """What each row of an Order of Battle prints: its units' faces and where they enter."""
        rows = {units.key[2]: units for units in self.inputs.units if units.key[1] == box_id}
        if not rows:
            return PrintedRows({}, {}, None)
        from compiler.render.counters import CounterPainter

        return PrintedRows(
            {turn: row.units for turn, row in rows.items()},
            {turn: row.note for turn, row in rows.items()},
            CounterPainter(self.inputs.view()),
        )

    def decks(self) -> list[Block]:
        return [DeckBlock(deck) for deck in self.inputs.decks]

    def charts(self, dpi: float, body_pt: float = 9.0) -> list[Block]:
        widths = {"crt": 3.4, "scenarios": 6.4}
        return [
            ChartBlock(chart, fitted_width(chart, widths.get(chart.id, 7.0), body_pt), dpi, body_pt)
            for chart in self.inputs.charts
        ]

    def cartouche(self) -> CartoucheBlock:
        game, board = self.game, self.board
        credits = f"{game.title}: map drawn by wgc from the game's data (map.json, terrain.json)."
        return CartoucheBlock(
            game.title, game.subtitle or "", board.name or "", board.scale, board.hex_size, credits
        )

    def legend(self, width_in: float = 3.0) -> LegendBlock:
        """The terrain key: every terrain of the chart a player meets on the map (not the hexes
        under the charts), the hill levels with their contour, and the map's marks."""
        entries: list[tuple[Sample, str, str]] = []
        terrain = self.inputs.terrain.terrain
        hex_map = self.board.grid is not None
        for item in terrain.values():
            if item.off_map:
                continue
            figures = key_figures(item, self.names, movement=hex_map)
            if item.printed_number is not None:
                reminder = f"the white {item.printed_number}: how many units use its defence"
                figures = f"{reminder}; {figures}" if figures else reminder
            entries.append((style_of(item, terrain), item.name, figures))
        if not hex_map and any(t.stop for t in terrain.values()):
            entries.append(
                (Sample("mark", "#b3261e", "stop"), "Stop (red ring)", "a force entering must stop")
            )
        self._levels(entries)
        if self.board.supply_sources:
            entries.append((Sample("supply", "#2f5fa8"), "Supply source", "half in the side's colour"))
        if any(r.kind == "country" for r in self.board.regions):
            entries.append((Sample("border", "#c0392b"), "International border", "no effect on movement"))
        return LegendBlock(entries, width_in)

    def _levels(self, entries: list[tuple[Sample, str, str]]) -> None:
        """Each hill level's tint (in the clear terrain's texture), after the clear line, and the
        contour line drawn where the level changes."""
        terrain = self.inputs.terrain.terrain
        levels = sorted({s.level for s in self.board.spaces.values() if s.level})
        if not levels:
            return
        clear = terrain.get("clear")
        base = area_colour(clear, "clear") or "#e9e3c4"
        pattern = terrain_pattern(clear, "clear")
        for level in levels:
            mark = " (black triangle)" if level >= 2 else ""
            colour = level_colour(base, level)
            sample = Sample("area", colour, f"hill-{level}", level=level, pattern=pattern)
            entries.insert(level, (sample, f"Hill {level}{mark}", "a level higher: uphill costs more"))
        contour = LineLook(shade(level_colour(base, 1), 0.55), 0.022)
        entries.insert(
            len(levels) + 1,
            (Sample("line", contour.colour, "contour", look=contour), "Contour", "where the level changes"),
        )
