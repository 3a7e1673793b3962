"""PDF through ReportLab: drawings as vector paths and real text, pixels at their own resolution.

A page is a ``Drawing`` (``compiler.render.canvas``) played back as PDF: each shape a
path, each string text in the embedded typeface (so it can be searched, copied and prints
sharp at any size), each Picture an image, whose PNG rows the PDF holds as they are (Flate
with PNG predictors), and a drawing placed many times (a map's tiles) a form written once.

The bytes are the same for the same pages: ReportLab's invariant mode fixes the creation
date and the document id, subset font names are numbered in order, images are named by a
hash of their pixels, and nothing reads the clock. ReportLab is imported here only, by
the print back ends: the module build never loads it.
"""

from __future__ import annotations

import hashlib
import io
import struct
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, BinaryIO, ClassVar

from PIL import Image, ImageFont
from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from compiler.render.canvas import (
    Colour,
    Drawing,
    Inset,
    Item,
    Lettering,
    Picture,
    Shape,
    arc_extent,
    ellipse_point,
)
from compiler.render.images import png_bytes

rl_config.useA85 = 0  # binary streams: ASCII85 would make every image a quarter larger
POINTS = 72.0
RECENT_IMAGES = 256  # images remembered by identity (each held, so its id is not reused)
FORM_ITEMS = 64  # a drawing placed in another with at least this many items is written as a form


@dataclass(frozen=True)
class PageBoxes:
    """Where a print shop trims the page and how far its art bleeds, in inches from the page's
    top left corner (left, top, right, bottom)."""

    trim: tuple[float, float, float, float]
    bleed: tuple[float, float, float, float]


class PdfDocument:
    """A PDF written page by page into ``stream`` when closed."""

    def __init__(self, stream: BinaryIO, title: str) -> None:
        self.canvas = Canvas(stream, invariant=1, pageCompression=1, pdfVersion=(1, 4))
        self.canvas.setTitle(title)
        self.canvas.setCreator("wgc")
        self.canvas.setProducer("wgc (ReportLab)")
        self.fonts = _Fonts()
        self.images = _Images(self.canvas)
        self.forms: weakref.WeakKeyDictionary[Drawing, str] = weakref.WeakKeyDictionary()

    def add_drawing_page(
        self,
        drawing: Drawing,
        page_in: tuple[float, float] | None = None,
        at_in: tuple[float, float] = (0.0, 0.0),
        boxes: PageBoxes | None = None,
    ) -> None:
        """A page ``page_in`` inches (the drawing's own size if None) with the drawing's top left
        corner ``at_in`` inches from the page's."""
        width_in, height_in = page_in or drawing.inches
        height = height_in * POINTS
        self.canvas.setPageSize((width_in * POINTS, height))
        if boxes is not None:
            self.canvas.setTrimBox(_points_box(boxes.trim, height))
            self.canvas.setBleedBox(_points_box(boxes.bleed, height))
        self.canvas.saveState()
        scale = POINTS / drawing.dpi
        self.canvas.transform(scale, 0, 0, -scale, at_in[0] * POINTS, height - at_in[1] * POINTS)
        _Player(self.canvas, self.fonts, self.images, self.forms).play(drawing)
        self.canvas.restoreState()
        self.canvas.showPage()
        if boxes is not None:
            self.canvas.setTrimBox(None)
            self.canvas.setBleedBox(None)

    def close(self) -> None:
        self.canvas.save()


def pdf_of_drawings(drawings: Iterable[Drawing], title: str) -> bytes:
    """A PDF of drawings, a page each, each page its drawing's size."""
    out = io.BytesIO()
    document = PdfDocument(out, title)
    for drawing in drawings:
        document.add_drawing_page(drawing)
    document.close()
    return out.getvalue()


def _points_box(box: tuple[float, float, float, float], page_height: float) -> tuple[float, ...]:
    left, top, right, bottom = box
    return (left * POINTS, page_height - bottom * POINTS, right * POINTS, page_height - top * POINTS)


# --- playing a drawing -------------------------------------------------------------------------


class _Player:
    """Plays a drawing's items onto the canvas, whose user space is the drawing's pixels with
    y running down (as Pillow's). Pillow puts a shape's coordinates on pixel centres and fills
    a box's last row and column too; the paths here follow that, so the vector and the
    raster forms of a drawing line up within a fraction of a pixel."""

    def __init__(
        self, canvas: Canvas, fonts: _Fonts, images: _Images, forms: weakref.WeakKeyDictionary[Drawing, str]
    ) -> None:
        self.canvas, self.fonts, self.images = canvas, fonts, images
        self.forms = forms  # large drawings placed in others, each written once (a map under its tiles)

    def play(self, drawing: Drawing) -> None:
        if drawing.background is not None:
            self._fill(drawing.background)
            self.canvas.rect(0, 0, drawing.size[0], drawing.size[1], stroke=0, fill=1)
        for item in drawing.items:
            self.item(item)

    def item(self, item: Item) -> None:
        if isinstance(item, Shape):
            SHAPES[item.kind](self, item)
        elif isinstance(item, Lettering):
            self._lettering(item)
        elif isinstance(item, Picture):
            left, top, right, bottom = item.box
            self.canvas.saveState()
            self.canvas.transform(1, 0, 0, -1, left, bottom)
            self.images.draw(item.image, 0.0, 0.0, right - left, bottom - top)
            self.canvas.restoreState()
        elif isinstance(item, Inset):
            self._inset(item)

    def _inset(self, inset: Inset) -> None:
        canvas = self.canvas
        canvas.saveState()
        canvas.transform(inset.scale, 0, 0, inset.scale, inset.x, inset.y)
        if inset.clip is not None:
            left, top, right, bottom = inset.clip
            path = canvas.beginPath()
            path.rect(left, top, right - left, bottom - top)
            canvas.clipPath(path, stroke=0, fill=0)
        if len(inset.drawing.items) < FORM_ITEMS:
            self.play(inset.drawing)
        else:
            canvas.doForm(self._form(inset.drawing))
        canvas.restoreState()

    def _form(self, drawing: Drawing) -> str:
        """The drawing as a form XObject, written once in the document however often it is
        placed: a map tiled over twenty pages is in the file once."""
        name = self.forms.get(drawing)
        if name is None:
            name = self.forms[drawing] = f"wgcform{len(self.forms)}"
            self.canvas.beginForm(name, 0, 0, drawing.size[0], drawing.size[1])
            self.play(drawing)
            self.canvas.endForm()
        return name

    # --- colours and strokes ---

    def _fill(self, colour: Colour) -> None:
        self.canvas.setFillColorRGB(colour[0] / 255, colour[1] / 255, colour[2] / 255)

    def _stroke(self, colour: Colour, width: float, join: int = 0, cap: int = 0) -> None:
        self.canvas.setStrokeColorRGB(colour[0] / 255, colour[1] / 255, colour[2] / 255)
        self.canvas.setLineWidth(max(width, 1.0))
        self.canvas.setLineJoin(join)
        self.canvas.setLineCap(cap)
        self.canvas.setMiterLimit(3)

    def _paint(self, path: Any, fill: Colour | None, outline: Colour | None, width: float) -> None:
        if fill is not None:
            self._fill(fill)
        if outline is not None:
            self._stroke(outline, width)
        self.canvas.drawPath(path, stroke=int(outline is not None), fill=int(fill is not None))

    # --- shapes ---

    def line(self, shape: Shape) -> None:
        points = _pairs(shape.points)
        if len(points) < 2 or shape.outline is None:
            return
        path = self.canvas.beginPath()
        path.moveTo(points[0][0] + 0.5, points[0][1] + 0.5)
        for x, y in points[1:]:
            path.lineTo(x + 0.5, y + 0.5)
        curved = shape.extra[:1] == ("curve",)
        self._stroke(shape.outline, shape.width or 1, join=1 if curved else 0)
        self.canvas.drawPath(path, stroke=1, fill=0)

    def polygon(self, shape: Shape) -> None:
        points = _pairs(shape.points)
        if len(points) < 2:
            return
        path = self.canvas.beginPath()
        path.moveTo(points[0][0] + 0.5, points[0][1] + 0.5)
        for x, y in points[1:]:
            path.lineTo(x + 0.5, y + 0.5)
        path.close()
        if shape.fill is not None:
            self._fill(shape.fill)
            self.canvas.drawPath(path, stroke=0, fill=1)
        if shape.outline is None or shape.outline == shape.fill or shape.width == 0:
            return
        if shape.width <= 1:
            self._stroke(shape.outline, 1)
            self.canvas.drawPath(path, stroke=1, fill=0)
            return
        self.canvas.saveState()  # Pillow keeps a wide outline inside the polygon
        self.canvas.clipPath(path, stroke=0, fill=0)
        self._stroke(shape.outline, 2 * shape.width)
        self.canvas.drawPath(path, stroke=1, fill=0)
        self.canvas.restoreState()

    def rectangle(self, shape: Shape) -> None:
        x0, y0, x1, y1 = _box(shape.points)
        if shape.fill is not None:
            self._fill(shape.fill)
            self.canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
        if shape.outline is not None and shape.outline != shape.fill and shape.width > 0:
            half = shape.width / 2
            self._stroke(shape.outline, shape.width)
            self.canvas.rect(x0 + half, y0 + half, x1 - x0 - 2 * half, y1 - y0 - 2 * half, stroke=1, fill=0)

    def rounded_rectangle(self, shape: Shape) -> None:
        x0, y0, x1, y1 = _box(shape.points)
        radius, corners = shape.extra[0], shape.extra[1]
        radius = min(float(radius), (x1 - x0) / 2, (y1 - y0) / 2)
        for inset, fill, outline in self._layers(shape):
            path = _rounded_path(
                self.canvas, (x0 + inset, y0 + inset, x1 - inset, y1 - inset), radius - inset, corners
            )
            self._paint(path, fill, outline, shape.width)

    def ellipse(self, shape: Shape) -> None:
        x0, y0, x1, y1 = _box(shape.points)
        for inset, fill, outline in self._layers(shape):
            path = self.canvas.beginPath()
            path.ellipse(x0 + inset, y0 + inset, x1 - x0 - 2 * inset, y1 - y0 - 2 * inset)
            self._paint(path, fill, outline, shape.width)

    def arc(self, shape: Shape) -> None:
        if shape.outline is None:
            return
        x0, y0, x1, y1 = _box(shape.points)
        half = max(shape.width, 1) / 2
        start, end = shape.extra[0], shape.extra[1]
        path = self.canvas.beginPath()
        path.arc(x0 + half, y0 + half, x1 - half, y1 - half, start, arc_extent(start, end))
        self._stroke(shape.outline, shape.width or 1)
        self.canvas.drawPath(path, stroke=1, fill=0)

    def pieslice(self, shape: Shape) -> None:
        self._wedge(shape, through_centre=True)

    def chord(self, shape: Shape) -> None:
        self._wedge(shape, through_centre=False)

    def _wedge(self, shape: Shape, through_centre: bool) -> None:
        x0, y0, x1, y1 = _box(shape.points)
        start, end = shape.extra[0], shape.extra[1]
        for inset, fill, outline in self._layers(shape):
            box = (x0 + inset, y0 + inset, x1 - inset, y1 - inset)
            path = self.canvas.beginPath()
            if through_centre:
                path.moveTo((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            else:
                path.moveTo(*ellipse_point(box, start))
            path.arcTo(*box, start, arc_extent(start, end))
            path.close()
            self._paint(path, fill, outline, shape.width)

    def _layers(self, shape: Shape) -> list[tuple[float, Colour | None, Colour | None]]:
        """A closed shape's fill, then its outline inset by half its width (Pillow draws an
        outline inside the shape's box)."""
        layers: list[tuple[float, Colour | None, Colour | None]] = []
        if shape.fill is not None:
            layers.append((0.0, shape.fill, None))
        if shape.outline is not None and shape.outline != shape.fill and shape.width > 0:
            layers.append((shape.width / 2, None, shape.outline))
        return layers

    # --- text ---

    def _lettering(self, text: Lettering) -> None:
        canvas = self.canvas
        name = self.fonts.name(text.font)
        size = float(text.font.size)
        natural = pdfmetrics.stringWidth(text.text, name, size)
        canvas.saveState()
        canvas.transform(1, 0, 0, -1, text.x, text.y)
        passes: list[tuple[Colour, float]] = []
        if text.stroke > 0:
            passes.append((text.stroke_fill or text.fill, text.stroke))
        if not passes or passes[0][0] != text.fill:
            passes.append((text.fill, 0.0))
        for colour, stroke in passes:
            canvas.saveState()  # each pass in its own state: the text render mode outlives BT/ET
            lettering = canvas.beginText(0, 0)
            lettering.setFont(name, size)
            if natural > 0 and text.advance > 0:
                lettering.setHorizScale(100 * text.advance / natural)
            self._fill(colour)
            if stroke:
                self._stroke(colour, 2 * stroke, join=1, cap=1)
                lettering.setTextRenderMode(2)
            lettering.textOut(text.text)
            canvas.drawText(lettering)
            canvas.restoreState()
        canvas.restoreState()


SHAPES = {
    "line": _Player.line,
    "polygon": _Player.polygon,
    "rectangle": _Player.rectangle,
    "rounded_rectangle": _Player.rounded_rectangle,
    "ellipse": _Player.ellipse,
    "arc": _Player.arc,
    "pieslice": _Player.pieslice,
    "chord": _Player.chord,
}


def _pairs(points: tuple[float, ...]) -> list[tuple[float, float]]:
    return [(points[i], points[i + 1]) for i in range(0, len(points) - 1, 2)]


def _box(points: tuple[float, ...]) -> tuple[float, float, float, float]:
    """A box as Pillow fills it: from the first pixel's edge to past the last pixel."""
    x0, y0, x1, y1 = points[:4]
    return min(x0, x1), min(y0, y1), max(x0, x1) + 1, max(y0, y1) + 1


def _rounded_path(canvas: Canvas, box: tuple[float, float, float, float], radius: float, corners: Any) -> Any:
    """A rectangle with quarter-circle corners where ``corners`` (top left, top right, bottom
    right, bottom left) says so, all four when None."""
    x0, y0, x1, y1 = box
    radius = max(0.0, radius)
    rounded = tuple(corners) if corners is not None else (True, True, True, True)
    r = [radius if on else 0.0 for on in rounded]
    path = canvas.beginPath()
    path.moveTo(x0 + r[0], y0)
    path.lineTo(x1 - r[1], y0)
    if r[1]:
        path.arcTo(x1 - 2 * r[1], y0, x1, y0 + 2 * r[1], 270, 90)
    path.lineTo(x1, y1 - r[2])
    if r[2]:
        path.arcTo(x1 - 2 * r[2], y1 - 2 * r[2], x1, y1, 0, 90)
    path.lineTo(x0 + r[3], y1)
    if r[3]:
        path.arcTo(x0, y1 - 2 * r[3], x0 + 2 * r[3], y1, 90, 90)
    path.lineTo(x0, y0 + r[0])
    if r[0]:
        path.arcTo(x0, y0, x0 + 2 * r[0], y0 + 2 * r[0], 180, 90)
    path.close()
    return path


# --- fonts -----------------------------------------------------------------------------------


class _Fonts:
    """Each TrueType face the drawings use, registered with ReportLab once under a stable name
    (its family and style), embedded as subsets."""

    registered: ClassVar[dict[tuple[str, str], str]] = {}

    def name(self, chosen: ImageFont.FreeTypeFont) -> str:
        family, style = chosen.getname()
        key = (family or "face", style or "regular")
        found = self.registered.get(key)
        if found is None:
            found = "wgc-" + "".join(c for c in f"{key[0]}-{key[1]}" if c.isalnum() or c == "-")
            pdfmetrics.registerFont(TTFont(found, io.BytesIO(_font_bytes(chosen))))
            self.registered[key] = found
        return found


def _font_bytes(chosen: ImageFont.FreeTypeFont) -> bytes:
    data = getattr(chosen, "font_bytes", None)
    if isinstance(data, bytes) and data:
        return data
    with open(str(chosen.path), "rb") as file:
        return file.read()


# --- images ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _PngData:
    width: int
    height: int
    colours: int  # 1 grey, 3 RGB
    idat: bytes


def _png_image(png: bytes) -> _PngData:
    """A PNG's size and compressed rows (8-bit grey or RGB, not interlaced)."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, idat = 8, bytearray()
    width = height = colours = 0
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position : position + 8])
        body = png[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (0, 2) or interlace:
                raise ValueError("only 8-bit grey or RGB, non-interlaced PNGs can be embedded")
            colours = 1 if colour == 0 else 3
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    return _PngData(width, height, colours, bytes(idat))


class _FlateImage(pdfdoc.PDFImageXObject):  # type: ignore[misc]
    """An image XObject holding a PNG's rows as they are: FlateDecode with the PNG predictors."""

    def __init__(self, name: str, data: _PngData, smask: Any = None) -> None:
        self.name = name
        self.data = data
        self.smask = smask
        self.width, self.height = data.width, data.height

    def format(self, document: Any) -> Any:
        stream = pdfdoc.PDFStream(content=self.data.idat)
        entries = stream.dictionary
        entries["Type"] = pdfdoc.PDFName("XObject")
        entries["Subtype"] = pdfdoc.PDFName("Image")
        entries["Width"] = self.data.width
        entries["Height"] = self.data.height
        entries["BitsPerComponent"] = 8
        entries["ColorSpace"] = pdfdoc.PDFName("DeviceGray" if self.data.colours == 1 else "DeviceRGB")
        entries["Filter"] = pdfdoc.PDFName(
            "FlateDecode"
        )  # a name: with an array, DecodeParms must be one too
        entries["DecodeParms"] = pdfdoc.PDFDictionary(
            {"Predictor": 15, "Colors": self.data.colours, "BitsPerComponent": 8, "Columns": self.data.width}
        )
        entries["Length"] = len(self.data.idat)
        if self.smask is not None:
            entries["SMask"] = self.smask
        return stream.format(document)


class _Images:
    """Images embedded once each (named by a hash of their data), drawn as often as placed."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.recent: dict[int, tuple[Image.Image, str]] = {}  # a face placed again: not encoded again

    def draw(
        self, image: Image.Image | bytes | _PngData, x: float, y: float, width: float, height: float
    ) -> None:
        """The image over the rectangle (x, y, width, height) of the current user space, its
        first row at the top (y + height)."""
        name = self._embedded(image)
        canvas = self.canvas
        canvas.saveState()
        canvas.transform(width, 0, 0, height, x, y)
        canvas._code.append(f"/{canvas._doc.getXObjectName(name)} Do")
        canvas.restoreState()
        canvas._formsinuse.append(name)
        canvas._currentPageHasImages = 1

    def _embedded(self, image: Image.Image | bytes | _PngData) -> str:
        if isinstance(image, _PngData):
            return self._register(image)
        if isinstance(image, bytes):
            return self._register(_png_image(image))
        seen = self.recent.get(id(image))
        if seen is not None and seen[0] is image:
            return seen[1]
        name = self._encoded(image)
        if len(self.recent) >= RECENT_IMAGES:
            self.recent.pop(next(iter(self.recent)))
        self.recent[id(image)] = (image, name)
        return name

    def _encoded(self, image: Image.Image) -> str:
        if image.mode == "RGBA" or (image.mode in ("LA", "PA")) or "transparency" in image.info:
            rgba = image.convert("RGBA")
            alpha = _png_image(png_bytes(rgba.getchannel("A")))
            mask = self._register(alpha)
            return self._register(_png_image(png_bytes(rgba.convert("RGB"))), smask=mask)
        grey = image.mode in ("L", "1")
        return self._register(_png_image(png_bytes(image.convert("L" if grey else "RGB"))))

    def _register(self, data: _PngData, smask: str | None = None) -> str:
        digest = hashlib.sha256(data.idat)
        digest.update(b"%d %d %d %s" % (data.width, data.height, data.colours, (smask or "").encode()))
        name = "wgc" + digest.hexdigest()[:24]
        document = self.canvas._doc
        reference = document.getXObjectName(name)
        if reference not in document.idToObject:
            mask = pdfdoc.PDFObjectReference(document.getXObjectName(smask)) if smask else None
            obj = _FlateImage(name, data, mask)
            document.Reference(obj, reference)
        return name
