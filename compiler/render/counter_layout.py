"""Where a counter's values stand and how they read: game.json ``counter_layout``, drawn.

A layout is a list of entries, each at a position ("slot") of the counter. The slots,
in hundredths of the counter's width (u) from its edges:

    top           the name's line (an entry there takes the name's place)
    top-left      a corner of the name's line (the nation's mark, a small value, a symbol)
    top-right
    left, right   beside the symbol (Jerusalem!'s range, its targeted strength in a ring)
    above-symbol  between the name and the symbol (a unit size: XX); the symbol is drawn smaller
    middle        the symbol's place on a unit (a leader's x2: the symbol is left out);
                  a marker's large figure
    band          across the middle, edge to edge (Jerusalem!'s no-ZOC band)
    bottom-left   the lower corners (Israel 1948's strength and movement)
    bottom-right
    bottom        the value line ("4-6", "4-4-6")

A game that declares no layout for a counter gets ``default_layouts``: every number
the face gives, joined by '-', on the bottom line (a marker: as its large figure).
``LayoutPainter`` draws a layout onto any image, so a face drawn from a picture gets
its values the same way (``CounterPainter.draw_layout``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from compiler.presentation.colours import NAMED, keyline_for, readable_on
from compiler.render.counter_values import Figure, Spot, ValuePainter
from compiler.render.fonts import RecordingDraw, cap_height, name_font, text_length
from compiler.render.marks import draw_corner_symbol, draw_flag
from rules_engine.definitions import Counter, CounterLayout, Face, GameInfo, LayoutEntry, Nation, Origin
from rules_engine.definitions.layout import PARENTHESES, SHAPE_MARKS, Piece, first_filled

UNIT_KINDS = ("unit", "leader", "dummy")
MARKER_KINDS = ("gear", "token", "marker")
MIN_FIGURE_U = 11.2  # 5 pt on a 5/8 in counter: no figure is made smaller to fit
SIZE_MARK_PT = 6.0  # a unit size (XX, III) above the symbol: its capitals stand 6 pt tall
SIZE_MARK_CAP_U = SIZE_MARK_PT / 72 / 0.625 * 100  # 13.3, on a 5/8 in counter


@dataclass(frozen=True)
class FaceArt:
    """What the painter needs about one face, resolved from the game's definitions."""

    counter: Counter
    face: Face
    face_name: str
    background: str
    ink: str
    symbol: str
    nation: Nation | None
    side_colour: str | None
    side_band: str | None = None  # the side band's colour, on a side told apart by it


@dataclass(frozen=True)
class Slot:
    """A position: where its text stands (an edge and an offset in u, for x and y), its anchor
    ('mm' centred, 'lm' from the left), the figures' height and stroke, the plain line's stroke,
    the width a line may take, and the centre and radius of a ring or symbol there."""

    x: tuple[str, float]
    y: tuple[str, float]
    anchor: str
    size: float
    stroke: float
    plain_stroke: float
    room: float
    badge: tuple[tuple[str, float], tuple[str, float]]
    radius: float


def _slot(
    x: tuple[str, float],
    y: tuple[str, float],
    size: float,
    room: float,
    *,
    anchor: str = "mm",
    stroke: float = 0.5,
    plain_stroke: float = 0.4,
    badge: tuple[tuple[str, float], tuple[str, float]] | None = None,
    radius: float = 10.0,
) -> Slot:
    return Slot(x, y, anchor, size, stroke, plain_stroke, room, badge or (x, y), radius)


SLOTS: dict[str, Slot] = {
    "top": _slot(("centre", 0), ("top", 12), 14, 88, stroke=0, plain_stroke=0),
    "top-left": _slot(
        ("left", 11),
        ("top", 12),
        14,
        18,
        stroke=0,
        plain_stroke=0,
        badge=(("left", 11.5), ("top", 12)),
        radius=6.5,
    ),
    "top-right": _slot(
        ("right", -11),
        ("top", 12),
        14,
        18,
        stroke=0,
        plain_stroke=0,
        badge=(("right", -11.5), ("top", 12)),
        radius=6.5,
    ),
    "left": _slot(
        ("left", 6),
        ("top", 29),
        13,
        22,
        anchor="lm",
        stroke=0,
        plain_stroke=0,
        badge=(("left", 16), ("top", 34)),
        radius=10.5,
    ),
    "right": _slot(
        ("right", -16),
        ("top", 29),
        13,
        22,
        stroke=0,
        plain_stroke=0,
        badge=(("right", -16), ("top", 34)),
        radius=10.5,
    ),
    "above-symbol": _slot(("centre", 0), ("top", 28.5), SIZE_MARK_CAP_U, 60, stroke=0, plain_stroke=0),
    "middle": _slot(("centre", 0), ("top", 50), 22, 88, stroke=0.6, plain_stroke=0.6, radius=12),
    "bottom-left": _slot(("left", 21), ("bottom", -20), 21, 38),
    "bottom-right": _slot(("right", -22), ("bottom", -20), 21, 38),
    "bottom": _slot(("centre", 0), ("bottom", -17), 21, 88),
}
# The order entries are drawn in (the band and nation marks come first, with the name).
DRAWN_ORDER = ("top-left", "top-right", "left", "right", "above-symbol")
VALUE_LINES = ("bottom-left", "bottom-right", "bottom")
SYMBOL_BOX_U = (28.0, 24.0, 72.0, 54.0)  # left, top, right, bottom of a unit's symbol
SMALL_SYMBOL_BOX_U = (34.0, 37.5, 66.0, 55.5)  # the same under a unit size, clear of the damaged bar
BAND_U = (38.0, 62.0)  # top and bottom of a band
BAND_KEYLINE_U = 1.2
# where a nation's mark stands (x from the left edge, or the right for top-right; y from the
# top): a top corner of the name's line, or left of the symbol (Battle for Moscow's "SU", K)
NATION_MARK_U = {
    "top-left": (5.5, 6.0, 20.5, 17.0),
    "top-right": (-20.5, 6.0, -5.5, 17.0),
    "left": (6.0, 40.0, 21.0, 51.0),
}


def default_layouts(game: GameInfo) -> tuple[CounterLayout, CounterLayout]:
    """Without a layout: a unit prints every number its face gives, in the order game.json
    declares them, joined by '-' on the bottom line; a marker prints them as its large figure."""
    numbers = "-".join(f"{{{v.id}?}}" for v in game.counter_values if v.kind == "number")
    origin = Origin("game.json").child("counter_layout")
    unit = LayoutEntry("bottom", "figures", origin, texts=(numbers,))
    marker = LayoutEntry("middle", "plain", origin, texts=(numbers,))
    return (
        CounterLayout(origin, kinds=UNIT_KINDS, entries=(unit,) if numbers else ()),
        CounterLayout(origin, kinds=MARKER_KINDS, entries=(marker,) if numbers else ()),
    )


def layout_of(game: GameInfo, counter: Counter) -> CounterLayout:
    """The counter's layout: the first of game.json's that selects it, else the default."""
    chosen = game.layout_for(counter.kind, counter.unit_class, counter.side)
    if chosen is not None:
        return chosen
    unit, marker = default_layouts(game)
    return unit if counter.kind in UNIT_KINDS else marker


class LayoutPainter:
    """Draws one layout on one face: ``box`` is the counter's square on the canvas (the
    bleed lies around it), ``u`` a hundredth of its width."""

    def __init__(
        self, draw: RecordingDraw, art: FaceArt, layout: CounterLayout, box: tuple[float, ...], u: float
    ) -> None:
        self.draw, self.art, self.layout, self.box, self.u = draw, art, layout, box, u
        self.values = ValuePainter(draw, art.background, art.ink, u)
        self.band_colour = self._band_colour()
        self.marks: list[tuple[str, tuple[float, float, float, float]]] = []  # nation marks drawn
        self.overflows: list[str] = []  # what did not fit its place at its size

    # --- what the face shows ---------------------------------------------------------------------

    def pieces(self, entry: LayoutEntry) -> tuple[Piece, ...] | None:
        return first_filled(entry.texts, self.art.face.values, self.art.counter.name)

    def shows(self, at: str) -> bool:
        """Whether the entry at ``at`` prints something on this face."""
        entry = self.layout.entry(at)
        if entry is None:
            return False
        face = self.art.face
        if entry.style == "symbol":
            return entry.when is None or face.values.get(entry.when) is True
        if entry.style == "band":
            return self.band_colour is not None
        if entry.style == "nation-mark":
            return self.art.nation is not None and bool(self.art.nation.mark_colours)
        return bool(self.pieces(entry))

    def _band_colour(self) -> str | None:
        entry = self.layout.entry("band")
        if entry is None or entry.colour is None:
            return None
        named = self.art.face.values.get(entry.colour)
        return NAMED.get(named) if isinstance(named, str) else None

    def spot(self, edges: tuple[tuple[str, float], tuple[str, float]]) -> Spot:
        left, top, right, bottom = self.box[:4]
        (x_edge, x_u), (y_edge, y_u) = edges
        x0 = {"left": left, "right": right}.get(x_edge, (left + right) / 2)
        return Spot(x0, x_u, top if y_edge == "top" else bottom, y_u, self.u)

    # --- drawing ---------------------------------------------------------------------------------

    def paint_band(self, full: float) -> None:
        """The band, printed edge to edge: through the bleed as well, with a keyline along each
        edge so a light band stays apart from a light counter (yellow on tan) in greyscale."""
        if self.band_colour is not None:
            top = self.box[1]
            upper, lower = top + BAND_U[0] * self.u, top + BAND_U[1] * self.u
            line = max(1.0, BAND_KEYLINE_U * self.u)
            self.draw.rectangle((0, upper - line, full, lower + line), fill=keyline_for(self.band_colour))
            self.draw.rectangle((0, upper, full, lower), fill=self.band_colour)

    def paint_nation_marks(self, places: tuple[str, ...] = tuple(NATION_MARK_U)) -> None:
        for at in places:
            x0, y0, x1, y1 = NATION_MARK_U[at]
            entry = self.layout.entry(at)
            if entry is not None and entry.style == "nation-mark" and self.shows(at) and self.art.nation:
                left, top, right, _ = self.box[:4]
                u = self.u
                x = right if at == "top-right" else left
                box = (x + x0 * u, top + y0 * u, x + x1 * u, top + y1 * u)
                draw_flag(self.draw, self.art.nation, box, u, keyline_for(self.art.background))
                self.marks.append((self.art.nation.id, box))

    def paint(self, positions: tuple[str, ...]) -> None:
        """The entries at ``positions``, in that order (nation marks and bands apart)."""
        for at in positions:
            entry = self.layout.entry(at)
            if entry is not None and entry.style not in ("nation-mark", "band"):
                self.paint_entry(entry, SLOTS[at])

    def paint_entry(self, entry: LayoutEntry, slot: Slot, spot: Spot | None = None) -> None:
        """One entry in its slot (``spot``: somewhere else than the slot's own point)."""
        spot = spot or self.spot((slot.x, slot.y))
        if entry.style == "symbol":
            if self.shows(entry.at):
                self._symbol(entry, slot)
            return
        pieces = self.pieces(entry)
        if not pieces:
            return
        size = entry.size or slot.size
        if entry.at == "above-symbol" and entry.style in ("figures", "plain"):
            self._size_mark(self._plain_text(pieces), self._role(pieces), spot, max(size, SIZE_MARK_CAP_U))
        elif entry.style == "ring":
            centre = self.spot(slot.badge).point
            self.values.ring(self._plain_text(pieces), centre, slot.radius * self.u, self._role(pieces))
        elif entry.style == "plain":
            room = (self.box[2] - self.box[0]) - (100 - slot.room) * self.u
            ink = self._ink(entry.at)
            self.values.plain(
                self._plain_text(pieces), spot.point, size, room, slot.plain_stroke, ink, "values"
            )
        else:
            self._figures(pieces, entry, slot, spot, size)

    def _size_mark(self, text: str, role: str, spot: Spot, cap_u: float) -> None:
        """A unit's size (XX, III) as a published counter prints it above the symbol: capitals
        ``cap_u`` tall (never under 6 pt) in the condensed face, so XXXX stays narrow; never made
        smaller: one too wide for its place is reported (``overflows``)."""
        probe = name_font(100, text)
        em = cap_u * self.u * 100 / cap_height(probe)
        chosen = name_font(math.ceil(em), text)
        if text_length(self.draw, text, chosen) > SLOTS["above-symbol"].room * self.u:
            self.overflows.append(text)
        self.draw.role = role
        self.draw.text(spot.point, text, font=chosen, fill=self.art.ink, anchor="mm")

    def _ink(self, at: str) -> str:
        """Text on the band takes the ink that reads on the band."""
        if at == "middle" and self.band_colour is not None:
            return readable_on(self.band_colour)
        return self.art.ink

    def _figures(
        self, pieces: tuple[Piece, ...], entry: LayoutEntry, slot: Slot, spot: Spot, size: float
    ) -> None:
        values = self.values
        values.ink = self._ink(entry.at)
        room = (self.box[2] - self.box[0]) - (100 - slot.room) * self.u
        figures = self._measure(pieces, size)
        while size > MIN_FIGURE_U and values.line_width(figures) > room:
            size = max(MIN_FIGURE_U, size - 1)
            figures = self._measure(pieces, size)
        if len(figures) == 1 and entry.at != "bottom":
            values.single(figures[0], spot, slot.anchor, slot.stroke)
        else:
            values.line(figures, spot.point, slot.anchor, slot.stroke)
        values.ink = self.art.ink

    def _measure(self, pieces: tuple[Piece, ...], size: float) -> list[Figure]:
        found = []
        for piece in pieces:
            if piece.value is None:
                found.append(self.values.figure(piece.text, None, "joiner", size))
            else:
                colour, mark = self.colour_of(piece.value), self.mark_of(piece.value)
                found.append(self.values.figure(piece.text, colour, piece.value, size, mark))
        return found

    def colour_of(self, value_id: str) -> str | None:
        """The colour code of a value on this face: the choice its style names, or its default."""
        style = self.layout.values.get(value_id)
        if style is None or style.colour is None:
            return None
        chosen = self.art.face.values.get(style.colour)
        return chosen if isinstance(chosen, str) else style.colour_default

    def mark_of(self, value_id: str) -> str | None:
        """The face's own mark, else the first flag's of the style the face gives true, else the
        style's own mark."""
        face = self.art.face
        own = face.marks.get(value_id)
        if own is not None:
            return own
        style = self.layout.values.get(value_id)
        if style is None:
            return None
        for flag, mark in style.flag_marks:
            if face.values.get(flag) is True:
                return mark
        return style.mark

    def _plain_text(self, pieces: tuple[Piece, ...]) -> str:
        """The pieces as one string; a mark as text: (4), 4L, 4+."""
        parts = []
        for piece in pieces:
            mark = self.mark_of(piece.value) if piece.value is not None else None
            if mark == PARENTHESES:
                parts.append(f"({piece.text})")
            elif mark is not None and mark not in SHAPE_MARKS:
                parts.append(piece.text + mark)
            else:
                parts.append(piece.text)
        return "".join(parts)

    def _role(self, pieces: tuple[Piece, ...]) -> str:
        return next((p.value for p in pieces if p.value is not None), "values")

    def _symbol(self, entry: LayoutEntry, slot: Slot) -> None:
        centre = self.spot(slot.badge).point
        side_colour = self.art.side_colour or self.art.background
        draw_corner_symbol(
            self.draw, entry.symbol or "disc", centre, slot.radius * self.u, self.art.ink, side_colour
        )
