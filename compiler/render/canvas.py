"""One painter, two outputs: a drawing kept as pixels and as a list of what was drawn.

Every painter draws through a ``Canvas``, which is Pillow's ``ImageDraw``: each shape and
each string goes to the pixels exactly as Pillow draws it (the VASSAL module, the PNGs).
Given a ``Drawing``, the canvas also keeps the same call as data: the shape's kind and
coordinates in the image's pixels, its colours and widths, a string's font, baseline and
advance. The print back end (``compiler.output.pdf``) plays that list back as PDF paths
and real text, so a chart's words are type in the PDF and a map's lines stay sharp at
any zoom, while the pixels the module ships do not change by a byte.

What is pixels by nature (a map's terrain tints, textures and hill shading; an image the
designer supplied; a counter face, drawn at several times its size and filtered down)
enters the list as a ``Picture``: the pixels at the drawing's resolution, which the print
back ends draw at 300 ppi or more. A drawing placed inside another (a chart on a map, a
card on a sheet) is an ``Inset``, so it stays vector too.

Nothing here imports a PDF library: the module build never pays for one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from PIL import Image, ImageColor, ImageDraw, ImageFont

Colour = tuple[int, int, int]
Box = tuple[float, float, float, float]


class Shape(NamedTuple):
    """One of ImageDraw's shapes as it was asked for: ``kind`` is the method's name
    (line, polygon, rectangle, rounded_rectangle, ellipse, arc, pieslice, chord),
    ``points`` the coordinates flattened, ``extra`` the method's own arguments (a
    line's joint; a rounded rectangle's radius; an arc's start and end angles)."""

    kind: str
    points: tuple[float, ...]
    fill: Colour | None
    outline: Colour | None
    width: float
    extra: tuple[Any, ...] = ()


class Lettering(NamedTuple):
    """One line of text: its font (a TrueType face at a size in pixels), the left end of its
    baseline, its colours, and how long Pillow sets it (the PDF sets it to the same length)."""

    text: str
    font: ImageFont.FreeTypeFont
    x: float
    y: float
    fill: Colour
    stroke: float
    stroke_fill: Colour | None
    advance: float


class Picture(NamedTuple):
    """Pixels placed on the drawing: ``image`` (RGB, or RGBA where it lets what is under it
    show; or an RGB PNG file's bytes, for a large ground kept compressed) fills ``box``, in
    the drawing's pixels."""

    image: Image.Image | bytes
    box: Box


class Inset(NamedTuple):
    """Another drawing placed with its top left corner at (x, y), scaled by ``scale`` (its
    pixels to this drawing's pixels), showing only ``clip`` of it (its own pixels) if given."""

    drawing: Drawing
    x: float
    y: float
    scale: float = 1.0
    clip: Box | None = None


Item = Shape | Lettering | Picture | Inset


class Drawing:
    """What was drawn on an image, in order, in the image's pixels (``size``, at ``dpi``)."""

    def __init__(self, size: tuple[int, int], dpi: float, background: Colour | None = None) -> None:
        self.size = size
        self.dpi = dpi
        self.background = background
        self.items: list[Item] = []

    @property
    def inches(self) -> tuple[float, float]:
        return self.size[0] / self.dpi, self.size[1] / self.dpi

    def picture(self, image: Image.Image | bytes, box: Box | None = None) -> None:
        """Pixels over everything drawn so far; the whole drawing when ``box`` is None (so
        nothing drawn before shows: it is dropped)."""
        if box is None:
            self.items.clear()
            box = (0.0, 0.0, float(self.size[0]), float(self.size[1]))
        self.items.append(Picture(image, box))


def colour_of(ink: Any) -> Colour | None:
    """An ImageDraw ink (a name, #rrggbb, a tuple) as RGB; None for no ink. An alpha is
    dropped, as Pillow drops it drawing on an RGB image."""
    if ink is None:
        return None
    if isinstance(ink, int | float):
        return (int(ink),) * 3
    rgb: tuple[int, ...] = ImageColor.getrgb(ink) if isinstance(ink, str) else tuple(int(v) for v in ink)
    return (rgb[0], rgb[1], rgb[2]) if len(rgb) >= 3 else (rgb[0], rgb[0], rgb[0])


def flat_points(xy: Any) -> tuple[float, ...]:
    """ImageDraw's coordinates in any of its forms, as x0, y0, x1, y1, ..."""
    if len(xy) and isinstance(xy[0], int | float):
        return tuple(float(v) for v in xy)
    return tuple(float(v) for point in xy for v in point)


def _shape(kind: str, xy: Any, fill: Any, outline: Any, width: float, *extra: Any) -> Shape:
    return Shape(kind, flat_points(xy), colour_of(fill), colour_of(outline), float(width), extra)


class Canvas(ImageDraw.ImageDraw):
    """An ImageDraw that also keeps what it draws in ``drawing``, when it is given one. A
    shape Pillow draws by way of another (a rounded rectangle of full radius is an ellipse,
    a curved line's joints are pie slices) is kept once, as it was asked for."""

    def __init__(self, image: Image.Image, drawing: Drawing | None = None) -> None:
        super().__init__(image)
        self.target = image  # what paste and place reach (ImageDraw keeps only the core image)
        self.drawing = drawing
        self._inside = 0

    def _keep(self, item: Item) -> None:
        if self.drawing is not None and self._inside == 1:
            self.drawing.items.append(item)

    def _through(
        self,
        draw: Callable[[], object],
        kind: str,
        xy: Any,
        fill: Any,
        outline: Any,
        width: float,
        *extra: Any,
    ) -> None:
        """``draw`` the shape in pixels, and keep it, unless Pillow drew it on the way to another."""
        self._inside += 1
        try:
            if self.drawing is not None and self._inside == 1:
                self.drawing.items.append(_shape(kind, xy, fill, outline, width, *extra))
            draw()
        finally:
            self._inside -= 1

    def line(self, xy: Any, fill: Any = None, width: int = 0, joint: str | None = None) -> None:
        self._through(
            lambda: ImageDraw.ImageDraw.line(self, xy, fill, width, joint),
            "line",
            xy,
            None,
            fill,
            width,
            joint,
        )

    def polygon(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        if width > 1 and outline is not None and self.target.mode in ("RGB", "RGBA", "L"):
            self._through(
                lambda: self._wide_polygon(xy, fill, outline, width), "polygon", xy, fill, outline, width
            )
        else:
            draw = ImageDraw.ImageDraw.polygon
            self._through(lambda: draw(self, xy, fill, outline, width), "polygon", xy, fill, outline, width)

    def _wide_polygon(self, xy: Any, fill: Any, outline: Any, width: int) -> None:
        """A polygon with a wide outline, the same pixels as ImageDraw's, which keeps the outline
        inside by a mask the size of the whole image: on a 300 ppi map, one for each hex. Here
        the outline is drawn on the piece of the image round the polygon (moved by whole pixels,
        so every pixel falls the same), and the piece put back."""
        points = flat_points(xy)
        xs, ys = points[0::2], points[1::2]
        reach = width + 2
        left = max(0, math.floor(min(xs)) - reach)
        top = max(0, math.floor(min(ys)) - reach)
        right = min(self.target.width, math.ceil(max(xs)) + reach + 1)
        bottom = min(self.target.height, math.ceil(max(ys)) + reach + 1)
        if right <= left or bottom <= top:
            return
        if fill is not None:
            ImageDraw.ImageDraw.polygon(self, xy, fill)
        piece = self.target.crop((left, top, right, bottom))
        moved = [(x - left, y - top) for x, y in zip(xs, ys, strict=True)]
        ImageDraw.Draw(piece).polygon(moved, None, outline, width)
        self.target.paste(piece, (left, top))

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self._through(
            lambda: ImageDraw.ImageDraw.rectangle(self, xy, fill, outline, width),
            "rectangle",
            xy,
            fill,
            outline,
            width,
        )

    def rounded_rectangle(
        self,
        xy: Any,
        radius: float = 0,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
        *,
        corners: tuple[bool, bool, bool, bool] | None = None,
    ) -> None:
        rounded = ImageDraw.ImageDraw.rounded_rectangle
        self._through(
            lambda: rounded(self, xy, radius, fill, outline, width, corners=corners),
            "rounded_rectangle",
            xy,
            fill,
            outline,
            width,
            radius,
            corners,
        )

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self._through(
            lambda: ImageDraw.ImageDraw.ellipse(self, xy, fill, outline, width),
            "ellipse",
            xy,
            fill,
            outline,
            width,
        )

    def arc(self, xy: Any, start: float, end: float, fill: Any = None, width: int = 1) -> None:
        self._through(
            lambda: ImageDraw.ImageDraw.arc(self, xy, start, end, fill, width),
            "arc",
            xy,
            None,
            fill,
            width,
            start,
            end,
        )

    def pieslice(
        self, xy: Any, start: float, end: float, fill: Any = None, outline: Any = None, width: int = 1
    ) -> None:
        self._wedge(ImageDraw.ImageDraw.pieslice, xy, start, end, fill, outline, width)

    def chord(
        self, xy: Any, start: float, end: float, fill: Any = None, outline: Any = None, width: int = 1
    ) -> None:
        self._wedge(ImageDraw.ImageDraw.chord, xy, start, end, fill, outline, width)

    def _wedge(
        self,
        method: Callable[..., object],
        xy: Any,
        start: float,
        end: float,
        fill: Any,
        outline: Any,
        width: int,
    ) -> None:
        """A pie slice or a chord (``method``, ImageDraw's own): both are kept by the method's name."""
        self._through(
            lambda: method(self, xy, start, end, fill, outline, width),
            method.__name__,
            xy,
            fill,
            outline,
            width,
            start,
            end,
        )

    def text(self, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        self._inside += 1
        try:
            if self.drawing is not None and self._inside == 1:
                self._keep_text(xy, text, *args, **kwargs)
            super().text(xy, text, *args, **kwargs)
        finally:
            self._inside -= 1

    def _keep_text(
        self,
        xy: Any,
        text: Any,
        fill: Any = None,
        font: Any = None,
        anchor: str | None = None,
        *args: Any,
        stroke_width: float = 0,
        stroke_fill: Any = None,
        **kwargs: Any,
    ) -> None:
        """The string as a Lettering: Pillow places text by its anchor; the PDF sets it from
        its baseline's left end, found by comparing the ink box at ``anchor`` with the ink box
        at 'ls' (left, baseline) of the same string."""
        fill = kwargs.pop("fill", fill)
        font = kwargs.pop("font", font)
        anchor = kwargs.pop("anchor", anchor)
        string = str(text)
        if not string or not isinstance(font, ImageFont.FreeTypeFont):
            return
        if "\n" in string:
            raise ValueError("a canvas keeps single lines of text; draw each line by itself")
        at = anchor or "la"
        left, top, _, _ = font.getbbox(string, anchor=at)
        base_left, base_top, _, _ = font.getbbox(string, anchor="ls")
        x = float(xy[0]) + left - base_left
        y = float(xy[1]) + top - base_top
        colour = colour_of(fill) or (0, 0, 0)
        halo = colour_of(stroke_fill) if stroke_fill is not None else None
        advance = float(font.getlength(string))
        self._keep(Lettering(string, font, x, y, colour, float(stroke_width or 0), halo, advance))

    def paste(self, image: Image.Image, xy: tuple[int, int], mask: Image.Image | None = None) -> None:
        """Pixels pasted onto the image (``Image.paste``), kept as a Picture of what they
        leave there: the image itself, or with ``mask`` an RGBA image the mask makes clear."""
        self.target.paste(image, xy, mask)
        if self.drawing is None:
            return
        kept = image.copy()
        if mask is not None:
            kept = kept.convert("RGBA")
            kept.putalpha(mask if mask.mode == "L" else mask.convert("L"))
        x, y = float(xy[0]), float(xy[1])
        self.drawing.items.append(Picture(kept, (x, y, x + image.width, y + image.height)))

    def place(self, drawing: Drawing | None, image: Image.Image, xy: tuple[int, int]) -> None:
        """A drawing of its own (a chart) pasted at ``xy``: its pixels onto the image, and the
        drawing itself into this one's list, so it prints as vector too."""
        self.target.paste(image, xy)
        if self.drawing is None:
            return
        x, y = float(xy[0]), float(xy[1])
        if drawing is None:
            self.drawing.items.append(Picture(image.copy(), (x, y, x + image.width, y + image.height)))
        else:
            self.drawing.items.append(Inset(drawing, x, y))


def arc_extent(start: float, end: float) -> float:
    """How far ImageDraw's arc from ``start`` to ``end`` runs, clockwise, in degrees."""
    if end - start >= 360:
        return 360.0
    return (end - start) % 360 or (360.0 if end != start else 0.0)


def ellipse_point(box: Sequence[float], angle: float) -> tuple[float, float]:
    """The point at ``angle`` (degrees, clockwise from 3 o'clock) on the ellipse in ``box``."""
    x0, y0, x1, y1 = box
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    return cx + rx * math.cos(math.radians(angle)), cy + ry * math.sin(math.radians(angle))


def keeper(drawing: Drawing) -> Canvas:
    """A canvas that only keeps what is drawn, in ``drawing`` (its own pixels are one, and
    thrown away): for what a page's PDF shows that its pixels got another way."""
    return Canvas(Image.new("RGB", (1, 1)), drawing)


def grounded(image: Image.Image, dpi: float) -> Drawing:
    """A drawing whose first item is ``image`` as it stands (kept as PNG bytes, so a large
    board's ground costs its compressed size): what is drawn next goes over it as shapes."""
    from compiler.render.images import png_bytes

    drawing = Drawing(image.size, dpi)
    drawing.picture(png_bytes(image.convert("RGB") if image.mode != "RGB" else image))
    return drawing
