"""The board's furniture: tracks, boxes, Order of Battle, Sequence of Play, card spaces,
the terrain key and charts printed on the map.

Each block knows its size in inches and draws itself at a pixel position, noting
in ``BoardArt`` where its boxes and slots landed (the VASSAL zones and the set-up
positions come from there). Labels go above their boxes, so no label is cut off.
Where the blocks go is decided by ``compiler.render.placement``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from PIL import Image

from compiler.render.art import BoardArt, Rect, TrackBox
from compiler.render.charts import Chart, ChartImage, render_chart
from compiler.render.fonts import RecordingDraw, font, wrap_text
from compiler.render.holdings import SLOT_IN, Holding
from compiler.render.terrain_key import Sample, dashed, draw_sample

INK = "#2b2b2b"
BOX_FILL = "#fbf8f0"
SLOT_FILL = "#ffffff"
LABEL_IN = 0.24  # the band of a block's label, above its boxes
GAP_IN = 0.1
CARD_SPACE_IN = (2.6, 3.6)  # a 2.5 x 3.5 in card with a margin
TRACK_IN = 0.7  # a track box: one counter (5/8 in) and a margin


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

    def variants(self) -> list[Block]:
        shapes = [n for n in (self.per_row, 7, 6, 5, 4, 3) if n <= self.per_row]
        return [replace(self, per_row=n) for n in dict.fromkeys(shapes)]

    def _row_height(self, row: list[str]) -> float:
        height = max(self.box_heights.get(label, SLOT_IN) for label in row)
        if self.reinforcement_heights is not None:
            height += GAP_IN / 2 + max(self.reinforcement_heights.get(label, SLOT_IN) for label in row)
        return height

    def _rows(self) -> list[list[str]]:
        return [self.labels[i : i + self.per_row] for i in range(0, len(self.labels), self.per_row)]

    def size(self) -> tuple[float, float]:
        rows = self._rows()
        width = max(len(self.labels[: self.per_row]) * self.box_width, 1.5)
        return width, LABEL_IN + sum(self._row_height(r) + GAP_IN / 2 for r in rows)

    def draw(self, ink: Ink, x: float, y: float) -> None:
        ink.art.track_names[self.track_id] = self.name
        ink.label(x, y + ink.px(LABEL_IN - 0.06), self.name)
        top = y + ink.px(LABEL_IN)
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
                if self.reinforcement_heights is not None:
                    self._reinforcement_box(ink, rect, label)
            top += ink.px(self._row_height(row) + GAP_IN / 2)

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
        columns = self.columns or max(1, min(self.slots, math.ceil(math.sqrt(self.slots * 1.6))))
        return columns, max(1, math.ceil(self.slots / columns))

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


@dataclass
class OrderOfBattleBlock(Block):
    """A side's Order of Battle: a row per turn of arrival, a slot per arriving counter."""

    box_id: str
    name: str
    turns: list[tuple[str, Holding]]

    def size(self) -> tuple[float, float]:
        widest = max((h.slots * h.slot_width_in() for _, h in self.turns), default=SLOT_IN)
        return 0.95 + widest + GAP_IN, LABEL_IN + sum(h.slot_height_in for _, h in self.turns) + GAP_IN

    def draw(self, ink: Ink, x: float, y: float) -> None:
        width, height = self.size()
        ink.label(x, y + ink.px(LABEL_IN - 0.06), self.name)
        rect = (x, y + ink.px(LABEL_IN), x + ink.px(width), y + ink.px(height))
        ink.box(rect)
        ink.art.boxes[self.box_id] = rect
        ink.art.box_names[self.box_id] = self.name
        top = rect[1] + ink.px(GAP_IN / 2)
        for turn, holding in self.turns:
            ink.draw.role = "furniture-label"
            ink.draw.text(
                (x + ink.px(0.08), top + ink.px(holding.slot_height_in / 2)),
                turn,
                font=font(round(ink.px(0.13))),
                fill=INK,
                anchor="lm",
            )
            slots = []
            for index in range(holding.slots):
                left = x + ink.px(0.95 + index * holding.slot_width_in())
                slot = (
                    left,
                    top,
                    left + ink.px(holding.slot_width_in()),
                    top + ink.px(holding.slot_height_in),
                )
                _slot_outline(ink, slot)
                slots.append(slot)
            ink.art.slots[("oob", self.box_id, turn)] = slots
            ink.art.oob_rows.append(
                (self.name, turn, (x, top, rect[2], top + ink.px(holding.slot_height_in)))
            )
            top += ink.px(holding.slot_height_in)
            ink.draw.line([(x, top), (rect[2], top)], fill="#d8d0bd", width=1)


@dataclass
class SequenceBlock(Block):
    """The Sequence of Play box: a cell for each phase the 1st/2nd marker can mark."""

    box_id: str
    name: str
    phases: list[tuple[str, str]]  # (phase id, phase name)

    def size(self) -> tuple[float, float]:
        return 2 * 1.45 + GAP_IN, LABEL_IN + math.ceil(len(self.phases) / 2) * (SLOT_IN + 0.28) + GAP_IN

    def draw(self, ink: Ink, x: float, y: float) -> None:
        width, height = self.size()
        ink.label(x, y + ink.px(LABEL_IN - 0.06), self.name)
        rect = (x, y + ink.px(LABEL_IN), x + ink.px(width), y + ink.px(height))
        ink.box(rect)
        ink.art.boxes[self.box_id] = rect
        ink.art.box_names[self.box_id] = self.name
        for index, (phase_id, name) in enumerate(self.phases):
            column, row = index % 2, index // 2
            left = rect[0] + ink.px(GAP_IN / 2 + column * 1.45)
            top = rect[1] + ink.px(GAP_IN / 2 + row * (SLOT_IN + 0.28))
            cell = (left, top, left + ink.px(1.4), top + ink.px(SLOT_IN + 0.24))
            ink.box(cell, fill="#ffffff", width_in=0.01)
            ink.draw.role = "furniture-label"
            short = name.replace(" Movement Phase", "").replace(" Phase", "")
            lines = wrap_text(ink.draw, short, font(round(ink.px(0.1))), ink.px(1.3))
            for n, line in enumerate(lines[:2]):
                ink.draw.text(
                    (cell[0] + ink.px(0.05), cell[1] + ink.px(0.03 + n * 0.12)),
                    line,
                    font=font(round(ink.px(0.1))),
                    fill=INK,
                    anchor="lt",
                )
            slot = (cell[0] + ink.px(0.7), cell[1] + ink.px(0.02), cell[2], cell[3])
            ink.art.slots[("box", self.box_id, phase_id)] = [slot]
            ink.art.zones.append((f"{self.name}: {name}", cell))


@dataclass
class DeckBlock(Block):
    """A card-sized place for a deck, where the VASSAL module keeps it."""

    deck_id: str
    name: str

    def size(self) -> tuple[float, float]:
        return CARD_SPACE_IN[0], LABEL_IN + CARD_SPACE_IN[1]

    def draw(self, ink: Ink, x: float, y: float) -> None:
        ink.label(x, y + ink.px(LABEL_IN - 0.06), self.name)
        rect = (
            x,
            y + ink.px(LABEL_IN),
            x + ink.px(CARD_SPACE_IN[0]),
            y + ink.px(LABEL_IN + CARD_SPACE_IN[1]),
        )
        ink.draw.rectangle(rect, fill=BOX_FILL)
        corners = [(rect[0], rect[1]), (rect[2], rect[1]), (rect[2], rect[3]), (rect[0], rect[3])]
        for a, b in zip(corners, [*corners[1:], corners[0]], strict=True):
            dashed(ink.draw, a, b, INK, max(1, round(ink.px(0.015))), ink.px(0.1))
        ink.art.deck_areas[self.deck_id] = rect
        ink.art.deck_names[self.deck_id] = self.name


# --- the terrain key and charts -----------------------------------------------------------------


@dataclass
class LegendBlock(Block):
    """The terrain key: a sample, the name and the key figures of each line of the terrain chart."""

    entries: list[tuple[Sample, str, str]]
    width_in: float = 3.0
    title: str = "Terrain Key"

    def variants(self) -> list[Block]:
        return [replace(self, width_in=w) for w in (self.width_in, 2.4, 2.0, 1.7, 1.4) if w <= self.width_in]

    def _lines(self, ink_px: float) -> list[list[str]]:
        probe = RecordingDraw(Image.new("RGB", (1, 1)))
        chosen = font(round(ink_px * 0.1))
        return [
            wrap_text(
                probe, f"{name}: {figures}" if figures else name, chosen, ink_px * (self.width_in - 0.7)
            )
            for _, name, figures in self.entries
        ]

    def size(self) -> tuple[float, float]:
        lines = self._lines(100)
        return self.width_in, LABEL_IN + 0.1 + sum(max(0.26, 0.14 * len(entry) + 0.07) for entry in lines)

    def draw(self, ink: Ink, x: float, y: float) -> None:
        width, height = self.size()
        ink.label(x, y + ink.px(LABEL_IN - 0.06), self.title, 0.15)
        rect = (x, y + ink.px(LABEL_IN), x + ink.px(width), y + ink.px(height))
        ink.box(rect, fill="#fffdf7")
        ink.art.furniture["legend"] = rect
        top = rect[1] + ink.px(0.05)
        chosen = font(round(ink.px(0.1)))
        for (sample, _, _), lines in zip(self.entries, self._lines(ink.dpi), strict=True):
            row = max(0.26, 0.14 * len(lines) + 0.07)
            draw_sample(
                ink.draw,
                sample,
                (
                    x + ink.px(0.08),
                    top + ink.px(row / 2 - 0.1),
                    x + ink.px(0.55),
                    top + ink.px(row / 2 + 0.1),
                ),
            )
            ink.draw.role = "legend"
            for n, line in enumerate(lines):
                ink.draw.text(
                    (x + ink.px(0.65), top + ink.px(0.05 + n * 0.14)),
                    line,
                    font=chosen,
                    fill=INK,
                    anchor="lt",
                )
            top += ink.px(row)


@dataclass
class ChartBlock(Block):
    """A chart the book prints on the map (a CRT, a leader table), by the chart renderer."""

    chart: Chart
    width_in: float
    dpi: float
    _rendered: ChartImage | None = None

    def _image(self) -> ChartImage:
        if self._rendered is None:
            self._rendered = render_chart(self.chart, self.width_in, self.dpi)
        return self._rendered

    def size(self) -> tuple[float, float]:
        image = self._image().image
        return image.width / self.dpi, image.height / self.dpi

    def draw(self, ink: Ink, x: float, y: float) -> None:
        rendered = self._image() if ink.dpi == self.dpi else render_chart(self.chart, self.width_in, ink.dpi)
        ink.art.image.paste(rendered.image, (round(x), round(y)))
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


@dataclass
class TitleBlock(Block):
    title: str
    subtitle: str = ""

    def size(self) -> tuple[float, float]:
        return max(0.16 * len(self.title), 0.09 * len(self.subtitle)) + 0.2, 0.62 if self.subtitle else 0.4

    def draw(self, ink: Ink, x: float, y: float) -> None:
        ink.draw.role = "title"
        ink.draw.text((x, y + ink.px(0.3)), self.title, font=font(round(ink.px(0.28))), fill=INK, anchor="ls")
        if self.subtitle:
            ink.draw.text(
                (x, y + ink.px(0.52)), self.subtitle, font=font(round(ink.px(0.15))), fill=INK, anchor="ls"
            )
        ink.art.furniture["title"] = (x, y, x + ink.px(self.size()[0]), y + ink.px(self.size()[1]))


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
        "TitleBlock": "the title",
    }.get(type(block).__name__, "a block")
    name = getattr(block, "name", None)
    return f"{words} '{name}'" if isinstance(name, str) and name else words
