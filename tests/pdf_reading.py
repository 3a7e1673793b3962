"""What a PDF's pages paint, read from their content streams as a viewer reads them.

A page's operators are walked with the graphics state's matrix (``q``, ``Q``, ``cm``), into
every form XObject it shows (``Do``, with the form's own matrix): each text shown, each
path painted, and each image with the resolution it prints at (its pixels over the inches
its placement covers). The tests use it to tell a vector page from a picture of one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
PATH_PAINTING = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*"}
TEXT_SHOWING = {"Tj", "TJ", "'", '"'}


@dataclass
class PlacedImage:
    width_px: int
    height_px: int
    width_in: float
    height_in: float
    left_in: float = 0.0  # where its first pixel column starts, from the page's left edge
    top_in: float = 0.0  # where its top row lies, from the page's foot (PDF's y runs up)

    @property
    def ppi(self) -> float:
        """The coarser of its two resolutions as placed."""
        return min(self.width_px / self.width_in, self.height_px / self.height_in)


@dataclass
class PagePaint:
    texts: int = 0
    paths: int = 0
    images: list[PlacedImage] = field(default_factory=list)


def _times(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF's row-vector convention: the new CTM is m x CTM)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u)


def page_paint(reader: PdfReader, number: int) -> PagePaint:
    page = reader.pages[number]
    paint = PagePaint()
    _walk(page.get_contents(), reader, page["/Resources"], IDENTITY, paint, depth=0)
    return paint


def _walk(
    contents: Any, reader: PdfReader, resources: Any, start: Matrix, paint: PagePaint, depth: int
) -> None:
    if contents is None or depth > 8:
        return
    stream = contents if isinstance(contents, ContentStream) else ContentStream(contents, reader)
    ctm, stack = start, []
    xobjects = resources.get("/XObject", {}) if resources is not None else {}
    for operands, operator in stream.operations:
        op = operator.decode("latin-1") if isinstance(operator, bytes) else str(operator)
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop() if stack else start
        elif op == "cm":
            ctm = _times(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif op in PATH_PAINTING:
            paint.paths += 1
        elif op in TEXT_SHOWING:
            paint.texts += 1
        elif op == "Do":
            xobject = xobjects[operands[0]].get_object()
            if xobject["/Subtype"] == "/Image":
                a, b, c, d, e, f = ctm
                paint.images.append(
                    PlacedImage(
                        int(xobject["/Width"]),
                        int(xobject["/Height"]),
                        math.hypot(a, b) / 72,
                        math.hypot(c, d) / 72,
                        min(e, e + a) / 72,
                        max(f, f + d) / 72,
                    )
                )
            elif xobject["/Subtype"] == "/Form":
                matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
                inner = _times(matrix, ctm)  # type: ignore[arg-type]
                _walk(xobject, reader, xobject.get("/Resources"), inner, paint, depth + 1)


def pdf_pages(path: Path) -> tuple[PdfReader, list[PagePaint]]:
    reader = PdfReader(path)
    return reader, [page_paint(reader, n) for n in range(len(reader.pages))]


def box_inches(box: Any) -> tuple[float, float, float, float]:
    return tuple(float(v) / 72 for v in (box.left, box.bottom, box.right, box.top))  # type: ignore[return-value]
