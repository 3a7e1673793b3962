"""The board's furniture: tracks, boxes, Order of Battle, Sequence of Play, card spaces,
the terrain key and charts printed on the map.

Each block knows its size in inches and draws itself at a pixel position, noting
in ``BoardArt`` where its boxes and slots landed (the VASSAL zones and the set-up
positions come from there). Labels go above their boxes, so no label is cut off.
Where the blocks go is decided by ``compiler.render.placement``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from PIL import Image, ImageChops

from compiler.presentation.colours import hex_colour, rgb
from compiler.render.art import BoardArt, Rect, TrackBox
from compiler.render.charts import PAPER as CHART_PAPER
from compiler.render.charts import Chart, ChartImage, render_chart
from compiler.render.fonts import Font, RecordingDraw, font, wrap_text
from compiler.render.holdings import COUNTER_IN, SLOT_IN, Holding
from compiler.render.symbols import star_points
from compiler.render.terrain_key import Sample, draw_sample
from rules_engine.definitions import MapScale

if TYPE_CHECKING:
    from compiler.render.counters import CounterPainter
    from compiler.render.schedule import Ghost, TurnNote

TAB_BAND_IN = 0.1  # room over an Order of Battle line for copies tabs and scenario notes

INK = "#2b2b2b"
BOX_FILL = "#fbf8f0"
SLOT_FILL = "#ffffff"
LABEL_IN = 0.24  # the band of a block's label, above its boxes
GAP_IN = 0.1
CARD_SPACE_IN = (2.6, 3.6)  # a 2.5 x 3.5 in card with a margin
TRACK_IN = 0.7  # a track box: one counter (5/8 in) and a margin
OOB_LABEL_IN = 1.15  # an Order of Battle row's turn and where its units enter
KEY_TEXT_IN = 0.12  # a map key's type: 8.6 pt
KEY_LINE_IN = 0.155
KEY_TEXT_AT = 0.66  # where a key line's text starts, right of its sample
NOTE_RED = "#8a1c1c"  # scenario marks on a track: dark enough for 4.5:1 on white
CAPTION_LINE_IN = 0.115
PANEL = "#f8f3e6"  # under a block printed over the map's art
PANEL_PAD_IN = 0.05
SCALE_BAR_IN = 0.42  # the shortest division of a scale bar: room for its label
STRIP_IN = 0.66  # a title strip's height
SIZING_DPI = 100  # charts on a map are sized as set at this resolution, whatever they are drawn at


@dataclass
class Ink:
    """What every block draws with."""

    draw: RecordingDraw
    dpi: float
    art: BoardArt

    def px(self, inches: float) -> float:
        return inches * self.dpi

    def label(self, x: float, y: float, text: str, size_in: float = 0.14) -> None:
        self.draw.role = "furniture-label"
        self.draw.text((x, y), text, font=font(round(self.px(size_in))), fill=INK, anchor="ls")

    def panel(self, rect: Rect) -> None:
        """The paper a block is printed on where it stands over the map's art (sea, land)."""
        pad = self.px(PANEL_PAD_IN)
        self.draw.rectangle(
            (rect[0] - pad, rect[1] - pad, rect[2] + pad, rect[3] + pad),
            fill=PANEL,
            outline="#b5ad9a",
            width=max(1, round(self.px(0.01))),
        )

    def box(self, rect: Rect, fill: str = BOX_FILL, width_in: float = 0.015) -> None:
        self.draw.rectangle(rect, fill=fill, outline=INK, width=max(1, round(self.px(width_in))))


class Block:
    """A piece of furniture: ``size`` in inches, ``draw`` at a top-left pixel position."""

    def size(self) -> tuple[float, float]:
        raise NotImplementedError

    def draw(self, ink: Ink, x: float, y: float) -> None:
        raise NotImplementedError

    def variants(self) -> list[Block]:
        """Other shapes of the same block, tried in turn where this one does not fit."""
        return [self]

    def fallbacks(self) -> list[Block]:
        """Shapes that say less (a key without its figures), tried only where no arrangement of
        the sheet's blocks in their full shapes fits."""
        return []


# --- tracks and boxes ------------------------------------------------------------------------


@dataclass
class TrackBlock(Block):
    """A track: a labelled row (or rows) of boxes, with a reinforcement box under each turn
    where the map has them."""

    track_id: str
    name: str
    labels: list[str]
    per_row: int
    box_heights: dict[str, float]  # inches, per label (taller where a marker stack is taller)
    reinforcement_heights: dict[str, float] | None = None
    box_width: float = TRACK_IN
    notes: tuple[TurnNote, ...] = ()  # scenario ends and arrivals, printed in the boxes

    def variants(self) -> list[Block]:
        shapes = [self._balanced(n) for n in (self.per_row, 7, 6, 5, 4, 3) if n <= self.per_row]
        return [replace(self, per_row=n) for n in dict.fromkeys(shapes)]

    def _balanced(self, most: int) -> int:
        """Boxes a row for rows of at most ``most``, the rows as even as they go: a track never
        wraps one lone value onto a row of its own (six values in rows of five: two of three)."""
        count = max(1, len(self.labels))
        rows = math.ceil(count / max(1, most))
        return math.ceil(count / rows)

    def _across(self) -> int:
        return self._balanced(self.per_row)

    def _row_height(self, row: list[str]) -> float:
        height = max(self.box_heights.get(label, SLOT_IN) for label in row)
        if self.reinforcement_heights is not None:
            height += GAP_IN / 2 + max(self.reinforcement_heights.get(label, SLOT_IN) for label in row)
        return height

    def _rows(self) -> list[list[str]]:
        across = self._across()
        return [self.labels[i : i + across] for i in range(0, len(self.labels), across)]

    def _captions(self) -> list[str]:
        """The scenarios' caption lines, wrapped to the track's width."""
        width = max(len(self.labels[: self._across()]) * self.box_width, 1.5)
        probe = RecordingDraw(Image.new("RGB", (1, 1)))
        captions = [note.text for note in self.notes if note.kind == "caption"]
        return [line for text in captions for line in wrap_text(probe, text, font(9), width * 100)]

    def size(self) -> tuple[float, float]:
        rows = self._rows()
        width = max(len(self.labels[: self._across()]) * self.box_width, 1.5)
        captions = CAPTION_LINE_IN * len(self._captions())
        return width, LABEL_IN + captions + sum(self._row_height(r) + GAP_IN / 2 for r in rows)

    def draw(self, ink: Ink, x: float, y: float) -> None:
        ink.art.track_names[self.track_id] = self.name
        ink.label(x, y + ink.px(LABEL_IN - 0.06), self.name)
        top = y + ink.px(LABEL_IN)
        ink.draw.role = "track-note"
        for line in self._captions():
            ink.draw.text((x, top), line, font=font(round(ink.px(0.09))), fill=INK, anchor="lt")
            top += ink.px(CAPTION_LINE_IN)
        for row in self._rows():
            height = max(self.box_heights.get(label, SLOT_IN) for label in row)
            for index, label in enumerate(row):
                left = x + ink.px(index * self.box_width)
                rect = (left, top, left + ink.px(self.box_width), top + ink.px(height))
                ink.box(rect, fill="#ffffff")
                ink.draw.role = "track-label"
                ink.draw.text(
                    (rect[0] + ink.px(0.05), rect[1] + ink.px(0.04)),
                    label,
                    font=font(round(ink.px(0.11))),
                    fill=INK,
                    anchor="lt",
                )
                ink.art.track_boxes.append(TrackBox(self.track_id, label, rect))
                ink.art.slots[("track", self.track_id, label)] = [rect]
                self._ends(ink, rect, label)
                if self.reinforcement_heights is not None:
                    self._reinforcement_box(ink, rect, label)
            top += ink.px(self._row_height(row) + GAP_IN / 2)

    def _ends(self, ink: Ink, rect: Rect, label: str) -> None:
        """The scenarios that start and end on this turn, in dark red under the turn's name
        ("starts: 1, 2", "ends: 3"), as a printed track marks them."""
        lines = []
        for kind, word in (("start", "starts"), ("end", "ends")):
            tags = [note.text for note in self.notes if note.label == label and note.kind == kind]
            named = [tag for tag in tags if tag]
            if named:
                lines.append(f"{word}: " + ", ".join(named))
            elif tags:  # the only scenario: no name to give
                lines.append(word)
        ink.draw.role = "track-note"
        for n, line in enumerate(lines):
            ink.draw.text(
                (rect[0] + ink.px(0.05), rect[1] + ink.px(0.17 + n * 0.11)),
                line,
                font=font(round(ink.px(0.09))),
                fill=NOTE_RED,
                anchor="lt",
            )

    def _arrivals(self, label: str, chosen: Font, width: float) -> list[str]:
        """Each scenario's arrivals on this turn, wrapped to the box (``width`` pixels) in the
        font they are drawn in."""
        texts = [note.text for note in self.notes if note.label == label and note.kind == "reinforcements"]
        probe = RecordingDraw(Image.new("RGB", (1, 1)))
        return [line for text in texts for line in wrap_text(probe, text, chosen, width)]

    def _reinforcement_box(self, ink: Ink, above: Rect, label: str) -> None:
        assert self.reinforcement_heights is not None
        height = max(self.reinforcement_heights.get(other, SLOT_IN) for other in self.labels)
        top = max(above[3], above[1] + ink.px(max(self.box_heights.values(), default=SLOT_IN))) + ink.px(
            GAP_IN / 2
        )
        rect = (above[0], top, above[2], top + ink.px(height))
        ink.box(rect, fill="#eef2f7", width_in=0.01)
        ink.draw.role = "track-label"
        ink.draw.text(
            (rect[0] + ink.px(0.04), rect[1] + ink.px(0.03)),
            "Reinf.",
            font=font(round(ink.px(0.09))),
            fill=INK,
            anchor="lt",
        )
        ink.draw.role = "track-note"
        chosen = font(round(ink.px(0.09)))
        for n, line in enumerate(self._arrivals(label, chosen, ink.px(self.box_width - 0.08))):
            ink.draw.text(
                (rect[0] + ink.px(0.04), rect[1] + ink.px(0.15 + n * 0.105)),
                line,
                font=chosen,
                fill=NOTE_RED,
                anchor="lt",
            )
        ink.art.track_boxes.append(TrackBox(self.track_id, label, rect, reinforcement=True))
        ink.art.slots[("reinforcements", self.track_id, label)] = [rect]


@dataclass
class BoxBlock(Block):
    """An off-map box: its name above (on two lines if long), and a slot for each stack it may hold."""

    box_id: str
    name: str
    slots: int
    slot_height: float
    columns: int = 0
    slot_width: float = SLOT_IN

    def variants(self) -> list[Block]:
        columns, _ = self._grid()
        return [replace(self, columns=n) for n in range(columns, 0, -1)]

    def _grid(self) -> tuple[int, int]:
        """Columns and rows of slots, the rows as even as they go (six slots: two rows of three)."""
        most = self.columns or max(1, min(self.slots, math.ceil(math.sqrt(self.slots * 1.6))))
        rows = max(1, math.ceil(self.slots / most))
        return max(1, math.ceil(self.slots / rows)), rows

    def _label_lines(self) -> list[str]:
        columns, _ = self._grid()
        width = max(columns * self.slot_width + GAP_IN, 1.7)
        probe = RecordingDraw(Image.new("RGB", (1, 1)))
        return wrap_text(probe, self.name, font(14), width * 100)

    def size(self) -> tuple[float, float]:
        columns, rows = self._grid()
        label = (len(self._label_lines()) - 1) * 0.17
        return max(
            columns * self.slot_width + GAP_IN, 1.7
        ), LABEL_IN + label + rows * self.slot_height + GAP_IN

    def draw(self, ink: Ink, x: float, y: float) -> None:
        width, height = self.size()
        columns, _ = self._grid()
        lines = self._label_lines()
        for n, line in enumerate(lines):
            ink.label(x, y + ink.px(LABEL_IN - 0.06 + n * 0.17), line)
        top = y + ink.px(LABEL_IN + (len(lines) - 1) * 0.17)
        rect = (x, top, x + ink.px(width), y + ink.px(height))
        ink.box(rect)
        ink.art.boxes[self.box_id] = rect
        ink.art.box_names[self.box_id] = self.name
        slots = []
        for index in range(max(1, self.slots)):
            column, row = index % columns, index // columns
            left = rect[0] + ink.px(GAP_IN / 2 + column * self.slot_width)
            slot_top = rect[1] + ink.px(GAP_IN / 2 + row * self.slot_height)
            slot = (left, slot_top, left + ink.px(self.slot_width), slot_top + ink.px(self.slot_height))
            _slot_outline(ink, slot)
            slots.append(slot)
        ink.art.slots[("box", self.box_id, "")] = slots


def _slot_outline(ink: Ink, slot: Rect) -> None:
    inset = ink.px(0.05)
    inner = (
        slot[0] + inset,
        slot[3] - inset - ink.px(0.625),
        slot[0] + inset + ink.px(0.625),
        slot[3] - inset,
    )
    ink.draw.rectangle(inner, outline="#cfc7b4", width=max(1, round(ink.px(0.01))))


@dataclass(frozen=True)
class PrintedRows:
    """What an Order of Battle prints in its rows: each turn's arriving faces (drawn faint in
    the slots they will stand in) and where they enter."""

    units: Mapping[str, tuple[Ghost, ...]]
    notes: Mapping[str, str]
    painter: CounterPainter | None


@dataclass
class OrderOfBattleBlock(Block):
    """A side's Order of Battle: a row per turn of arrival, a slot per arriving counter, each
    slot showing its counter faintly (as a printed chart does) and each row where they enter."""

    box_id: str
    name: str
    turns: list[tuple[str, Holding]]
    printed: PrintedRows = field(default_factory=lambda: PrintedRows({}, {}, None))
    per_line: int = 0  # slots side by side before a row wraps (0: never)

    def variants(self) -> list[Block]:
        widest = max((h.slots for _, h in self.turns), default=1)
        shapes = [0, *(n for n in (8, 6, 5, 4) if n < widest)]
        return [replace(self, per_line=n) for n in shapes]

    def _lines(self, holding: Holding) -> int:
        return math.ceil(holding.slots / self.per_line) if self.per_line else 1

    def _tab_band(self, turn: str) -> float:
        """Room over each line of a row whose counters carry a copies tab or a scenario note, so
        neither covers a counter's name or the figure in its top right corner."""
        units = self.printed.units.get(turn, ())
        return TAB_BAND_IN if any(copies > 1 or only for _, copies, _, only in units) else 0.0

    def _line_height(self, turn: str, holding: Holding) -> float:
        return holding.slot_height_in + self._tab_band(turn)

    def _row_height(self, turn: str, holding: Holding) -> float:
        return max(self._line_height(turn, holding) * self._lines(holding), self._note_height(turn))

    def size(self) -> tuple[float, float]:
        widest = max(
            (min(h.slots, self.per_line or h.slots) * h.slot_width_in() for _, h in self.turns),
            default=SLOT_IN,
        )
        rows = sum(self._row_height(turn, h) for turn, h in self.turns)
        return OOB_LABEL_IN + widest + GAP_IN, LABEL_IN + rows + GAP_IN

    def _note_lines(self, turn: str) -> list[str]:
        note = self.printed.notes.get(turn, "")
        probe = RecordingDraw(Image.new("RGB", (1, 1)))
        return wrap_text(probe, note, font(9), (OOB_LABEL_IN - 0.16) * 100) if note else []

    def _note_height(self, turn: str) -> float:
        return 0.24 + 0.11 * len(self._note_lines(turn))

    def draw(self, ink: Ink, x: float, y: float) -> None:
        width, height = self.size()
        ink.label(x, y + ink.px(LABEL_IN - 0.06), self.name)
        rect = (x, y + ink.px(LABEL_IN), x + ink.px(width), y + ink.px(height))
        ink.box(rect)
        ink.art.boxes[self.box_id] = rect
        ink.art.box_names[self.box_id] = self.name
        top = rect[1] + ink.px(GAP_IN / 2)
        for turn, holding in self.turns:
            row = self._row_height(turn, holding)
            self._row_label(ink, x, top, turn)
            slots = []
            across = self.per_line or holding.slots
            for index in range(holding.slots):
                left = x + ink.px(OOB_LABEL_IN + (index % across) * holding.slot_width_in())
                line = index // across
                upper = top + ink.px(self._tab_band(turn) + line * self._line_height(turn, holding))
                slot = (
                    left,
                    upper,
                    left + ink.px(holding.slot_width_in()),
                    upper + ink.px(holding.slot_height_in),
                )
                _slot_outline(ink, slot)
                self._ghost(ink, slot, turn, index)
                slots.append(slot)
            ink.art.slots[("oob", self.box_id, turn)] = slots
            ink.art.oob_rows.append((self.name, turn, (x, top, rect[2], top + ink.px(row))))
            top += ink.px(row)
            ink.draw.line([(x, top), (rect[2], top)], fill="#d8d0bd", width=1)

    def _row_label(self, ink: Ink, x: float, top: float, turn: str) -> None:
        ink.draw.role = "furniture-label"
        ink.draw.text(
            (x + ink.px(0.08), top + ink.px(0.04)),
            turn,
            font=font(round(ink.px(0.13))),
            fill=INK,
            anchor="lt",
        )
        ink.draw.role = "oob-note"
        for n, line in enumerate(self._note_lines(turn)):
            ink.draw.text(
                (x + ink.px(0.08), top + ink.px(0.23 + n * 0.11)),
                line,
                font=font(round(ink.px(0.09))),
                fill=INK,
                anchor="lt",
            )

    def _ghost(self, ink: Ink, slot: Rect, turn: str, index: int) -> None:
        """The counter that waits in this slot, faint, where the stack will stand (the slot's
        lower left corner), with how many copies arrive when more than one."""
        units = self.printed.units.get(turn, ())
        if index >= len(units) or self.printed.painter is None:
            return
        counter, copies, face, only = units[index]
        size = round(ink.px(COUNTER_IN))
        face_image = self.printed.painter.render(counter, face, size)
        faint = Image.blend(face_image, Image.new("RGB", face_image.size, "#ffffff"), 0.45)
        inset = ink.px(0.05)
        ink.draw.paste(faint, (round(slot[0] + inset), round(slot[3] - inset - size)))
        counter_top = slot[3] - inset - size
        if only:  # another scenario's unit: say which, over the counter's top edge
            ink.draw.role = "oob-note"
            ink.draw.text(
                (slot[0] + inset, counter_top - ink.px(0.02)),
                f"x{copies}, scen. {only} only" if copies > 1 else f"scen. {only} only",
                font=font(round(ink.px(0.095))),
                fill=NOTE_RED,
                anchor="lb",
            )
        elif copies > 1:  # how many arrive: a dark tab over the counter's top right corner
            _copies_tab(ink, slot[0] + inset + size, counter_top, copies)


def _copies_tab(ink: Ink, right: float, counter_top: float, copies: int) -> None:
    """'x3' on a dark tab standing on the counter's top edge, right-aligned with it: above the
    counter, never over its name or the figure printed in its corner."""
    left, top = right - ink.px(0.27), counter_top - ink.px(0.17)
    ink.draw.rounded_rectangle((left, top, right, top + ink.px(0.15)), radius=ink.px(0.04), fill=INK)
    ink.draw.role = "oob-note"
    ink.draw.text(
        (left + ink.px(0.135), top + ink.px(0.075)),
        f"x{copies}",
        font=font(round(ink.px(0.1))),
        fill="#ffffff",
        anchor="mm",
    )


SEQUENCE_CELL_IN = 2.3  # a phase's cell: its name, the marker's slot and what happens in it
SEQUENCE_SLOT_IN = 0.72  # the slot the 1st/2nd marker stands in (a 5/8 in counter)
SEQUENCE_NAME_IN, SEQUENCE_NAME_LINE_IN = 0.1, 0.12
SEQUENCE_TEXT_IN, SEQUENCE_TEXT_LINE_IN = 0.09, 0.105


@dataclass(frozen=True)
class SequencePhase:
    """A phase the Sequence of Play box prints: its name and the summary the data gives of it."""

    id: str
    name: str
    summary: str = ""


@dataclass
class SequenceBlock(Block):
    """The Sequence of Play box, as a published game's prints it: a cell for each phase the
    1st/2nd marker can mark, with the marker's slot and what happens in the phase (the data's
    summary) beside it (four bare rectangles told a player nothing)."""

    box_id: str
    name: str
    phases: list[SequencePhase]

    def _cell_lines(self, phase: SequencePhase) -> tuple[list[str], list[str]]:
        """The phase's name and its summary, wrapped: the name across the cell, the summary
        beside the marker's slot."""
        probe = RecordingDraw(Image.new("RGB", (1, 1)))
        name = wrap_text(
            probe, phase.name, font(round(SEQUENCE_NAME_IN * 100)), (SEQUENCE_CELL_IN - 0.1) * 100
        )
        beside = (SEQUENCE_CELL_IN - SEQUENCE_SLOT_IN - 0.15) * 100
        summary = (
            wrap_text(probe, phase.summary, font(round(SEQUENCE_TEXT_IN * 100)), beside)
            if phase.summary
            else []
        )
        return name, summary

    def _cell_height(self, phase: SequencePhase) -> float:
        name, summary = self._cell_lines(phase)
        body = max(SEQUENCE_SLOT_IN, len(summary) * SEQUENCE_TEXT_LINE_IN)
        return 0.06 + len(name) * SEQUENCE_NAME_LINE_IN + body + 0.05

    def _row_heights(self) -> list[float]:
        rows = [self.phases[i : i + 2] for i in range(0, len(self.phases), 2)]
        return [max(self._cell_height(phase) for phase in row) for row in rows]

    def size(self) -> tuple[float, float]:
        rows = sum(height + 0.05 for height in self._row_heights())
        return 2 * (SEQUENCE_CELL_IN + 0.05) + GAP_IN, LABEL_IN + rows + GAP_IN

    def draw(self, ink: Ink, x: float, y: float) -> None:
        width, height = self.size()
        ink.label(x, y + ink.px(LABEL_IN - 0.06), self.name)
        rect = (x, y + ink.px(LABEL_IN), x + ink.px(width), y + ink.px(height))
        ink.box(rect)
        ink.art.boxes[self.box_id] = rect
        ink.art.box_names[self.box_id] = self.name
        top = rect[1] + ink.px(GAP_IN / 2)
        for row, row_height in enumerate(self._row_heights()):
            for column, phase in enumerate(self.phases[2 * row : 2 * row + 2]):
                left = rect[0] + ink.px(GAP_IN / 2 + column * (SEQUENCE_CELL_IN + 0.05))
                cell = (left, top, left + ink.px(SEQUENCE_CELL_IN), top + ink.px(row_height))
                self._cell(ink, cell, phase)
            top += ink.px(row_height + 0.05)

    def _cell(self, ink: Ink, cell: Rect, phase: SequencePhase) -> None:
        ink.box(cell, fill="#ffffff", width_in=0.01)
        name, summary = self._cell_lines(phase)
        ink.draw.role = "furniture-label"
        for n, line in enumerate(name):
            ink.draw.text(
                (cell[0] + ink.px(0.05), cell[1] + ink.px(0.04 + n * SEQUENCE_NAME_LINE_IN)),
                line,
                font=font(round(ink.px(SEQUENCE_NAME_IN))),
                fill=INK,
                anchor="lt",
            )
        body = cell[1] + ink.px(0.06 + len(name) * SEQUENCE_NAME_LINE_IN)
        slot = (
            cell[0] + ink.px(0.05),
            body,
            cell[0] + ink.px(0.05 + SEQUENCE_SLOT_IN),
            body + ink.px(SEQUENCE_SLOT_IN),
        )
        ink.draw.rectangle(slot, outline="#cfc7b4", width=max(1, round(ink.px(0.01))))
        ink.draw.role = "note"
        for n, line in enumerate(summary):
            ink.draw.text(
                (slot[2] + ink.px(0.08), body + ink.px(n * SEQUENCE_TEXT_LINE_IN)),
                line,
                font=font(round(ink.px(SEQUENCE_TEXT_IN))),
                fill=INK,
                anchor="lt",
            )
        ink.art.slots[("box", self.box_id, phase.id)] = [slot]
        ink.art.zones.append((f"{self.name}: {phase.name}", cell))


@dataclass(frozen=True)
class DeckPlace:
    """What the map prints where a deck is kept: its name, its backs' colour, how many cards."""

    id: str
    name: str
    colour: str
    cards: int


@dataclass
class DeckBlock(Block):
    """A card-sized place for a deck, where the VASSAL module keeps it, printed as a published
    map's draw pile is: a card's outline in the deck's colour, its ornament, name and count (an
    empty dashed frame read as unfinished)."""

    deck: DeckPlace

    def size(self) -> tuple[float, float]:
        return CARD_SPACE_IN[0], LABEL_IN + CARD_SPACE_IN[1]

    def draw(self, ink: Ink, x: float, y: float) -> None:
        deck = self.deck
        ink.label(x, y + ink.px(LABEL_IN - 0.06), deck.name)
        rect = (
            x,
            y + ink.px(LABEL_IN),
            x + ink.px(CARD_SPACE_IN[0]),
            y + ink.px(LABEL_IN + CARD_SPACE_IN[1]),
        )
        ink.draw.rectangle(rect, fill=BOX_FILL)
        card = (
            rect[0] + ink.px(0.05),
            rect[1] + ink.px(0.05),
            rect[2] - ink.px(0.05),
            rect[3] - ink.px(0.05),
        )
        ink.draw.rounded_rectangle(
            card,
            radius=ink.px(0.12),
            fill=mix(deck.colour, BOX_FILL, 0.16),
            outline=deck.colour,
            width=max(1, round(ink.px(0.025))),
        )
        inset = ink.px(0.12)
        inner = (card[0] + inset, card[1] + inset, card[2] - inset, card[3] - inset)
        ink.draw.rounded_rectangle(
            inner, radius=ink.px(0.06), outline=deck.colour, width=max(1, round(ink.px(0.01)))
        )
        middle = (card[0] + card[2]) / 2
        centre_y = (card[1] + card[3]) / 2
        ink.draw.polygon(
            star_points(middle, centre_y - ink.px(0.55), ink.px(0.3), ink.px(0.13), 8),
            outline=deck.colour,
            width=max(1, round(ink.px(0.02))),
        )
        ink.draw.role = "furniture-label"
        ink.draw.text(
            (middle, centre_y + ink.px(0.05)),
            deck.name,
            font=font(round(ink.px(0.16))),
            fill=INK,
            anchor="mm",
        )
        ink.draw.text(
            (middle, centre_y + ink.px(0.3)),
            f"{deck.cards} card" if deck.cards == 1 else f"{deck.cards} cards",
            font=font(round(ink.px(0.12))),
            fill=INK,
            anchor="mm",
        )
        ink.art.deck_areas[deck.id] = rect
        ink.art.deck_names[deck.id] = deck.name


def mix(colour: str, ground: str, share: float) -> str:
    """``share`` of ``colour`` over ``ground``: a tint that keeps black text at 4.5:1."""
    a, b = rgb(colour), rgb(ground)
    red, green, blue = (round(p * share + q * (1 - share)) for p, q in zip(a, b, strict=True))
    return hex_colour((red, green, blue))


# --- the terrain key and charts -----------------------------------------------------------------


@dataclass
class LegendBlock(Block):
    """The terrain key: a sample, the name and the key figures of each line of the terrain chart,
    in one column or two (each ``width_in`` wide), set in ``KEY_TEXT_IN`` type (8.6 pt)."""

    entries: list[tuple[Sample, str, str]]
    width_in: float = 3.0
    title: str = "Terrain Key"
    columns: int = 1
    brief: bool = False  # names only: the figures are on the Terrain Effects Chart

    def variants(self) -> list[Block]:
        """One column or two, narrower and narrower; last, the names alone (where the sheet has
        no room for the figures, which the player aid's Terrain Effects Chart prints)."""
        widths = list(dict.fromkeys(w for w in (self.width_in, 2.6, 2.2, 1.9) if w <= self.width_in))
        return [replace(self, width_in=w, columns=c) for c in (1, 2) for w in widths]

    def fallbacks(self) -> list[Block]:
        return [replace(self, width_in=w, columns=c, brief=True) for c in (1, 2) for w in (2.0, 1.7)]

    def _lines(self, ink_px: float) -> list[list[str]]:
        probe = RecordingDraw(Image.new("RGB", (1, 1)))
        chosen = font(round(ink_px * KEY_TEXT_IN))
        width = ink_px * (self.width_in - KEY_TEXT_AT)
        return [wrap_text(probe, self._text(entry), chosen, width) for entry in self.entries]

    def _text(self, entry: tuple[Sample, str, str]) -> str:
        """An entry's line: its name and figures; in a brief key the name alone, but for what a
        number printed in a hex means."""
        sample, name, figures = entry
        if self.brief:
            figures = figures.split("; ")[0] if sample.kind == "number" else ""
        return f"{name}: {figures}" if figures else name

    def _row(self, index: int, lines: list[str]) -> float:
        """An entry's height: its lines, and room for its sample (a mark needs less than a hex)."""
        small = self.entries[index][0].kind in ("mark", "point", "line", "supply", "border")
        return max(0.25 if small else 0.36, KEY_LINE_IN * len(lines) + 0.08)

    def _heights(self) -> list[float]:
        return [self._row(index, lines) for index, lines in enumerate(self._lines(100))]

    def _split(self) -> list[list[int]]:
        """The entries of each column, in order, the columns about equally tall."""
        heights = self._heights()
        if self.columns == 1:
            return [list(range(len(heights)))]
        half, total, first = sum(heights) / 2, 0.0, 0
        while first < len(heights) and total + heights[first] / 2 <= half:
            total += heights[first]
            first += 1
        return [list(range(first)), list(range(first, len(heights)))]

    def size(self) -> tuple[float, float]:
        heights = self._heights()
        tallest = max(sum(heights[i] for i in column) for column in self._split())
        return self.width_in * self.columns, LABEL_IN + 0.1 + tallest

    def draw(self, ink: Ink, x: float, y: float) -> None:
        width, height = self.size()
        ink.label(x, y + ink.px(LABEL_IN - 0.06), self.title, 0.15)
        rect = (x, y + ink.px(LABEL_IN), x + ink.px(width), y + ink.px(height))
        ink.box(rect, fill="#fffdf7")
        ink.art.furniture["legend"] = rect
        lines = self._lines(ink.dpi)
        for number, column in enumerate(self._split()):
            left, top = x + ink.px(number * self.width_in), rect[1] + ink.px(0.05)
            halves = self._sample_halves(column, [self._row(i, lines[i]) for i in column])
            for index, half in zip(column, halves, strict=True):
                top = self._entry(ink, left, top, index, lines[index], half)

    def _sample_halves(self, column: list[int], rows: list[float]) -> list[float]:
        """Each sample's half height: 0.15 in, less only where two marks in a row of short
        entries would meet (Lawrence's Holy City over its Critical City); a line takes no room."""
        thin = [self.entries[i][0].kind in ("line", "border") for i in column]
        halves = [0.15] * len(column)
        for n in range(len(column) - 1):
            room = (rows[n] + rows[n + 1]) / 2 - 0.03
            ours, theirs = (0.03 if thin[n] else halves[n]), (0.03 if thin[n + 1] else halves[n + 1])
            if ours + theirs > room:  # each mark keeps half the room (a line needs none)
                halves[n] = halves[n] if thin[n] else min(halves[n], room / 2)
                halves[n + 1] = halves[n + 1] if thin[n + 1] else min(halves[n + 1], room / 2)
        return halves

    def _entry(self, ink: Ink, x: float, top: float, index: int, lines: list[str], half: float) -> float:
        sample = self.entries[index][0]
        row = self._row(index, lines)
        middle = top + ink.px(row / 2)
        draw_sample(
            ink.draw,
            sample,
            (x + ink.px(0.06), middle - ink.px(half), x + ink.px(KEY_TEXT_AT - 0.08), middle + ink.px(half)),
        )
        ink.draw.role = "legend"
        chosen = font(round(ink.px(KEY_TEXT_IN)))
        first = middle - ink.px(KEY_LINE_IN * len(lines) / 2)
        for n, line in enumerate(lines):
            ink.draw.text(
                (x + ink.px(KEY_TEXT_AT), first + ink.px(n * KEY_LINE_IN)),
                line,
                font=chosen,
                fill=INK,
                anchor="lt",
            )
        return top + ink.px(row)


@dataclass
class ChartBlock(Block):
    """A chart the book prints on the map (a CRT, a leader table), by the chart renderer."""

    chart: Chart
    width_in: float
    dpi: float
    body_pt: float = 9.0
    _rendered: ChartImage | None = None

    def variants(self) -> list[Block]:
        """Narrower (and so taller) where the chart has room to wrap: tables of words, not a CRT."""
        if self.chart.id == "crt":
            return [self]
        return [self, replace(self, width_in=round(self.width_in * 0.8, 2), _rendered=None)]

    def _image(self, record: bool = False) -> ChartImage:
        if self._rendered is None or (record and self._rendered.drawing is None):
            self._rendered = render_chart(self.chart, self.width_in, self.dpi, self.body_pt, record)
        return self._rendered

    def size(self) -> tuple[float, float]:
        """The chart's size, never less than at ``SIZING_DPI``: type set in whole pixels runs a
        little longer at a coarse resolution, and sizing every resolution alike gives the
        module's board and the printed map one arrangement."""
        image = self._image().image
        own = (image.width / self.dpi, image.height / self.dpi)
        if self.dpi == SIZING_DPI:
            return own
        coarse = _chart_size(self.chart, self.width_in, self.body_pt)
        return max(own[0], coarse[0]), max(own[1], coarse[1])

    def draw(self, ink: Ink, x: float, y: float) -> None:
        record = ink.draw.drawing is not None
        rendered = (
            self._image(record)
            if ink.dpi == self.dpi
            else render_chart(self.chart, self.width_in, ink.dpi, self.body_pt, record)
        )
        ink.draw.place(rendered.drawing, rendered.image, (round(x), round(y)))
        ink.draw.rectangle((x, y, x + rendered.image.width, y + rendered.image.height), outline=INK, width=1)
        for text in rendered.texts:
            left, top, right, bottom = text.bbox
            moved = (left + round(x), top + round(y), right + round(x), bottom + round(y))
            ink.draw.texts.append(
                replace(text, bbox=moved, xy=(text.xy[0] + round(x), text.xy[1] + round(y)))
            )
        ink.art.furniture[f"chart:{self.chart.id}"] = (
            x,
            y,
            x + rendered.image.width,
            y + rendered.image.height,
        )


@functools.cache
def fitted_width(chart: Chart, width_in: float, body_pt: float = 9.0) -> float:
    """The width (inches, at most ``width_in``) a chart's frame needs: a CRT's table set at its
    natural width no longer sits in a frame a third wider than it, as an unfinished chart does."""
    image = render_chart(chart, width_in, SIZING_DPI, body_pt).image
    ink = ImageChops.difference(image, Image.new("RGB", image.size, CHART_PAPER)).getbbox()
    if ink is None:
        return width_in
    pad = ink[0]  # the chart's left margin, kept on the right as well
    return min(width_in, math.ceil((ink[2] + pad) / SIZING_DPI * 20) / 20)


@functools.cache
def _chart_size(chart: Chart, width_in: float, body_pt: float) -> tuple[float, float]:
    image = render_chart(chart, width_in, SIZING_DPI, body_pt).image
    return image.width / SIZING_DPI, image.height / SIZING_DPI


@dataclass
class CartoucheBlock(Block):
    """The map's title panel, as published maps frame it: the title, the subtitle and the map's
    name, a north arrow, a scale bar from the map's data, and a line of credits."""

    title: str
    subtitle: str = ""
    map_name: str = ""
    scale: MapScale | None = None
    hex_in: float | None = None  # a hex's width across the flats, for a scale given per hex
    credits: str = ""
    width_in: float = 3.6
    strip: bool = False  # one band: the title, then the lesser lines, the scale and the arrow beside it

    def variants(self) -> list[Block]:
        return [replace(self, width_in=w) for w in (self.width_in, 3.0, 2.6, 2.3) if w <= self.width_in]

    def fallbacks(self) -> list[Block]:
        """A strip along a margin too narrow for the panel (a map whose hexes fill its sheet)."""
        return [replace(self, strip=True)]

    def _lines(self) -> list[tuple[str, float]]:
        """The panel's text lines and their sizes (inches), wrapped to its width."""
        probe = RecordingDraw(Image.new("RGB", (1, 1)))
        text_in = self.width_in - 0.95
        lines: list[tuple[str, float]] = []
        for text, size in ((self.title, 0.27), (self.subtitle, 0.13), (self.map_name, 0.11)):
            if text:
                lines += [
                    (line, size) for line in wrap_text(probe, text, font(round(size * 100)), text_in * 100)
                ]
        return lines

    def _credit_lines(self) -> list[str]:
        probe = RecordingDraw(Image.new("RGB", (1, 1)))
        return wrap_text(probe, self.credits, font(9), (self.width_in - 0.2) * 100) if self.credits else []

    def size(self) -> tuple[float, float]:
        if self.strip:
            return sum(self._strip_widths()), STRIP_IN
        text = sum(size * 1.25 for _, size in self._lines())
        scale = 0.42 if self.scale is not None else 0.0
        return self.width_in, 0.16 + max(text, 0.8) + scale + 0.125 * len(self._credit_lines()) + 0.1

    def _strip_lines(self) -> list[tuple[str, float]]:
        lines = [(self.subtitle, 0.13), (self.map_name, 0.11), (self.credits, 0.09)]
        return [(text, size) for text, size in lines if text]

    def _strip_widths(self) -> tuple[float, float, float, float]:
        """A strip's parts across, inches: the title, the lesser lines, the scale bar, the arrow."""
        probe = RecordingDraw(Image.new("RGB", (1, 1)))
        title = probe.textlength(self.title, font=font(30)) / 100 + 0.4
        lesser = max(
            (probe.textlength(t, font=font(round(s * 100))) / 100 for t, s in self._strip_lines()), default=0
        )
        scale = 0.0
        if self.scale is not None:
            step_in, _ = _scale_step(self._per_inch())
            scale = 2 * step_in + 1.4
        return title, lesser + 0.3, scale, 0.6

    def _per_inch(self) -> float:
        assert self.scale is not None
        return self.scale.value / (self.hex_in or 1.0) if self.scale.per == "hex" else self.scale.value

    def _frame(self, ink: Ink, rect: Rect) -> None:
        ink.draw.rectangle(rect, fill="#fffaf0", outline=INK, width=max(2, round(ink.px(0.03))))
        inset = ink.px(0.05)
        ink.draw.rectangle(
            (rect[0] + inset, rect[1] + inset, rect[2] - inset, rect[3] - inset),
            outline=INK,
            width=max(1, round(ink.px(0.01))),
        )

    def _draw_strip(self, ink: Ink, x: float, y: float) -> None:
        width, height = self.size()
        rect = (x, y, x + ink.px(width), y + ink.px(height))
        self._frame(ink, rect)
        title, lesser, scale, _ = self._strip_widths()
        ink.draw.role = "title"
        middle = y + ink.px(height / 2)
        ink.draw.text(
            (x + ink.px(0.2), middle), self.title, font=font(round(ink.px(0.3))), fill=INK, anchor="lm"
        )
        lines = self._strip_lines()
        top = middle - ink.px(sum(s * 1.25 for _, s in lines) / 2)
        for text, size in lines:
            ink.draw.role = "credits" if size < 0.1 else "title"
            ink.draw.text(
                (x + ink.px(title), top), text, font=font(round(ink.px(size))), fill=INK, anchor="lt"
            )
            top += ink.px(size * 1.25)
        if self.scale is not None:
            self._scale_bar(ink, x + ink.px(title + lesser), middle - ink.px(0.1), room=scale - 1.39)
        _north_arrow(ink, (rect[2] - ink.px(0.32), middle + ink.px(0.1)), ink.px(0.18))
        ink.art.furniture["title"] = rect

    def draw(self, ink: Ink, x: float, y: float) -> None:
        if self.strip:
            self._draw_strip(ink, x, y)
            return
        width, height = self.size()
        rect = (x, y, x + ink.px(width), y + ink.px(height))
        self._frame(ink, rect)
        ink.draw.role = "title"
        top = y + ink.px(0.12)
        for line, size in self._lines():
            ink.draw.text(
                (x + ink.px(0.15), top), line, font=font(round(ink.px(size))), fill=INK, anchor="lt"
            )
            top += ink.px(size * 1.25)
        _north_arrow(ink, (rect[2] - ink.px(0.45), y + ink.px(0.55)), ink.px(0.34))
        top = max(top, y + ink.px(0.96))
        if self.scale is not None:
            self._scale_bar(ink, x + ink.px(0.15), top + ink.px(0.05))
            top += ink.px(0.42)
        ink.draw.role = "credits"
        for line in self._credit_lines():
            ink.draw.text(
                (x + ink.px(0.15), top), line, font=font(round(ink.px(0.09))), fill=INK, anchor="lt"
            )
            top += ink.px(0.125)
        ink.art.furniture["title"] = rect

    def _scale_bar(self, ink: Ink, x: float, y: float, room: float | None = None) -> None:
        """Alternate black and white bars, a round distance each, labelled at each division."""
        assert self.scale is not None
        per_in = self._per_inch()
        note = f"one hex: {self.scale.value:g} {self.scale.unit}" if self.scale.per == "hex" else ""
        if room is None:
            room = self.width_in - 0.45 - (0.95 if note else 0.0)
        step_in, label = _scale_step(per_in)
        bars = max(1, min(4, math.floor(room / step_in)))
        ink.draw.role = "scale"
        for index in range(bars):
            left = x + ink.px(index * step_in)
            fill = INK if index % 2 == 0 else "#ffffff"
            ink.draw.rectangle((left, y, left + ink.px(step_in), y + ink.px(0.07)), fill=fill, outline=INK)
        chosen = font(round(ink.px(0.1)))
        for index in range(bars + 1):
            text = f"{label * index:g}" + (f" {self.scale.unit}" if index == bars else "")
            ink.draw.text(
                (x + ink.px(index * step_in), y + ink.px(0.1)), text, font=chosen, fill=INK, anchor="mt"
            )
        if note:
            ink.draw.text((x + ink.px(bars * step_in + 0.4), y), note, font=chosen, fill=INK, anchor="lt")


def _scale_step(per_in: float) -> tuple[float, float]:
    """The shortest round distance (1, 2 or 5 times a power of ten) whose bar is at least
    ``SCALE_BAR_IN`` long, so its labels never meet: its length in inches and the distance."""
    power = 10 ** math.floor(math.log10(per_in * SCALE_BAR_IN))
    step = next(m * power for m in (1, 2, 5, 10, 20) if m * power / per_in >= SCALE_BAR_IN)
    return step / per_in, step


def _north_arrow(ink: Ink, centre: tuple[float, float], size: float) -> None:
    """A compass needle pointing north with an N above it."""
    x, y = centre
    half = size * 0.28
    ink.draw.polygon([(x, y - size), (x + half, y + size * 0.55), (x, y + size * 0.3)], fill=INK)
    ink.draw.polygon(
        [(x, y - size), (x - half, y + size * 0.55), (x, y + size * 0.3)], fill="#ffffff", outline=INK
    )
    ink.draw.role = "compass"
    ink.draw.text((x, y - size - ink.px(0.02)), "N", font=font(round(ink.px(0.15))), fill=INK, anchor="mb")


def describe_block(block: Block) -> str:
    """A block as a designer would name it in a warning: "the track 'Pounds'", "the terrain key"."""
    words = {
        "TrackBlock": "the track",
        "BoxBlock": "the box",
        "OrderOfBattleBlock": "the order of battle",
        "SequenceBlock": "the sequence of play",
        "DeckBlock": "the card space",
        "LegendBlock": "the terrain key",
        "ChartBlock": "the chart",
        "CartoucheBlock": "the title cartouche",
    }.get(type(block).__name__, "a block")
    name = getattr(block, "name", None)
    return f"{words} '{name}'" if isinstance(name, str) and name else words
