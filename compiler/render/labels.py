"""Labels that collide with nothing: each is tried at a few spots (and sizes) and drawn at
the first where its box meets no label, symbol (or, for big faded names, road) already
on the map."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from compiler.render.fonts import Font, RecordingDraw, font

Rect = tuple[float, float, float, float]
Point = tuple[float, float]


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass
class LabelPlacer:
    taken: list[Rect] = field(default_factory=list)
    symbols: list[Rect] = field(default_factory=list)
    segments: list[tuple[Point, Point, float]] = field(default_factory=list)
    obstacles: list[Rect] = field(default_factory=list)
    supply_labels: list[tuple[Point, str]] = field(default_factory=list)
    exits: list[tuple[Point, str]] = field(default_factory=list)

    def avoid(self, rect: Rect, symbol: bool = False) -> None:
        (self.symbols if symbol else self.obstacles).append(rect)

    def avoid_segment(self, a: Point, b: Point, half_width: float) -> None:
        self.segments.append((a, b, half_width))

    def is_free(self, rect: Rect, strict: bool = False, features: bool = True) -> bool:
        """Free of labels and symbols; ``strict`` also keeps clear of roads and lines (and, with
        ``features``, of every feature's surroundings)."""
        if any(overlaps(rect, other) for other in self.taken) or any(overlaps(rect, s) for s in self.symbols):
            return False
        if not strict:
            return True
        if features and any(overlaps(rect, other) for other in self.obstacles):
            return False
        return not any(_segment_meets(rect, a, b, w) for a, b, w in self.segments)

    def place(
        self,
        draw: RecordingDraw,
        text: str,
        spots: list[Point],
        chosen: Font,
        role: str,
        fill: str,
        halo_colour: str,
        dpi: float,
        halo: int = 0,
        strict: bool = False,
    ) -> None:
        """Draw ``text`` centred on the first free spot, at its size or a little smaller;
        ``strict``: clear of roads, railways and streams too."""
        halo = halo or max(1, round(dpi / 60))
        for size in (chosen.size, round(chosen.size * 0.85)):
            candidate = font(int(size))
            for spot in spots:
                box = draw.textbbox(spot, text, font=candidate, anchor="mm", stroke_width=halo)
                if self.is_free(box, strict=strict, features=False):
                    self._draw(draw, spot, text, candidate, role, fill, halo_colour, halo)
                    return
        self._draw(draw, spots[0], text, chosen, role, fill, halo_colour, halo)

    def _draw(
        self,
        draw: RecordingDraw,
        spot: Point,
        text: str,
        chosen: Font,
        role: str,
        fill: str,
        halo_colour: str,
        halo: int,
    ) -> None:
        draw.role = role
        draw.text(spot, text, font=chosen, fill=fill, anchor="mm", stroke_width=halo, stroke_fill=halo_colour)
        self.taken.append(draw.texts[-1].bbox)

    def place_region(
        self,
        draw: RecordingDraw,
        name: str,
        spots: list[Point],
        dpi: float,
        colour: str,
        halo: str | None = None,
    ) -> None:
        """A big name: one line or two, 0.2 in high or smaller, in the first spot clear of every
        label, symbol, feature and road; on a thin ``halo`` if given."""
        variants = [[name]]
        words = name.split()
        if len(words) > 1:
            half = math.ceil(len(words) / 2)
            variants.append([" ".join(words[:half]), " ".join(words[half:])])
        for size_in in (0.2, 0.17, 0.14, 0.12):
            chosen = font(round(size_in * dpi))
            for lines in variants:
                for x, y in spots:
                    boxes = self._line_boxes(draw, lines, chosen, (x, y), _halo_width(chosen) if halo else 0)
                    if all(self.is_free(box, strict=True) for box in boxes):
                        self._draw_lines(draw, lines, chosen, (x, y), colour, halo)
                        return
        self._draw_lines(draw, [name], font(round(0.12 * dpi)), spots[0], colour, halo)

    def place_lines(
        self,
        draw: RecordingDraw,
        lines: list[str],
        spots: list[Point],
        chosen: Font,
        role: str,
        colours: tuple[str, str],
        halo: int,
    ) -> bool:
        """A name on two lines (ink, halo ``colours``) at the first spot where every line is
        free; False (nothing drawn) where none is."""
        lead = 1.1 + 2 * halo / chosen.size  # the halos of two lines kept apart
        for spot in spots:
            boxes = self._line_boxes(draw, lines, chosen, spot, halo, lead)
            if all(self.is_free(box, strict=True, features=False) for box in boxes):
                self._draw_lines(draw, lines, chosen, spot, *colours, role=role, stroke=halo, lead=lead)
                return True
        return False

    def _line_boxes(
        self,
        draw: RecordingDraw,
        lines: list[str],
        chosen: Font,
        centre: Point,
        stroke: int = 0,
        lead: float = 1.05,
    ) -> list[Rect]:
        step = chosen.size * lead
        first = centre[1] - step * (len(lines) - 1) / 2
        return [
            draw.textbbox((centre[0], first + i * step), line, font=chosen, anchor="mm", stroke_width=stroke)
            for i, line in enumerate(lines)
        ]

    def _draw_lines(
        self,
        draw: RecordingDraw,
        lines: list[str],
        chosen: Font,
        centre: Point,
        colour: str,
        halo: str | None,
        role: str = "region",
        stroke: int | None = None,
        lead: float = 1.05,
    ) -> None:
        step = chosen.size * lead
        first = centre[1] - step * (len(lines) - 1) / 2
        draw.role = role
        stroke = stroke if stroke is not None else _halo_width(chosen) if halo else 0
        for i, line in enumerate(lines):
            draw.text(
                (centre[0], first + i * step),
                line,
                font=chosen,
                fill=colour,
                anchor="mm",
                stroke_width=stroke,
                stroke_fill=halo if halo else colour,
            )
            self.taken.append(draw.texts[-1].bbox)


def _halo_width(chosen: Font) -> int:
    return max(1, round(chosen.size / 14))


def _segment_meets(rect: Rect, a: Point, b: Point, half_width: float) -> bool:
    left, top, right, bottom = (
        rect[0] - half_width,
        rect[1] - half_width,
        rect[2] + half_width,
        rect[3] + half_width,
    )
    length = math.dist(a, b)
    steps = max(1, int(length / 2))
    for i in range(steps + 1):
        t = i / steps
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        if left <= x <= right and top <= y <= bottom:
            return True
    return False
