"""SVG read safely: screened by our own parser first, drawn by CairoSVG only if it passes.

An SVG is XML that can reach outside itself (entities, external images and
stylesheets, ``url()`` references to other files or the network) and grow without
bound (a huge canvas, ``<use>`` elements that expand to billions of shapes). Before
CairoSVG sees a file, ``screen_svg`` parses it with lxml (no DTD, no entities, no
network) and refuses any reference that does not point inside the file itself
(``#id``, read as CSS reads it: escapes decoded), any DOCTYPE or ``<?xml-stylesheet?>``,
a declared size past ``limits.SVG_SIDE`` or one cairo cannot draw (under MIN_SIDE, or a
viewBox scaled past MAX_SCALE), and an expanded element count past ``limits.SVG_ELEMENTS``.
CairoSVG then draws with ``unsafe`` off and a fetcher that refuses every URL, so nothing is
ever fetched.

CairoSVG needs the cairo library; it is an optional dependency
(``pip install 'wargame-module-compiler[svg]'``), and a game with SVG art on a
machine without it gets a diagnostic that says so.
"""

from __future__ import annotations

import io
import math
import re
from typing import Any

from lxml import etree
from PIL import Image

from compiler.art import limits
from compiler.diagnostics import codes
from compiler.loading.art_errors import ArtError

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_UNITS_TO_PX = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}
_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(px|pt|pc|mm|cm|in)?\s*")
_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)", re.IGNORECASE)
_CSS_ESCAPE = re.compile(r"\\(?:([0-9a-fA-F]{1,6})\s?|(.))", re.DOTALL)
MIN_SIDE = 0.01  # CSS pixels: drawn at a counter's size, a smaller SVG is scaled past what cairo takes
MAX_SCALE = 1e6  # between the declared size and the viewBox, either way (cairo's matrices)
INSTALL_HINT = (
    "SVG art needs CairoSVG and the cairo library: pip install 'wargame-module-compiler[svg]' "
    "(and the system's libcairo2), or export the art as PNG"
)


def screen_svg(data: bytes) -> tuple[float, float]:
    """The SVG's width and height in CSS pixels (96 per inch); ArtError when it is not a
    self-contained SVG within the limits."""
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise _refused("it has a DOCTYPE or entity declarations", "remove the <!DOCTYPE ...> line")
    root = _parse(data)
    if root.tag != f"{{{SVG_NS}}}svg":
        raise ArtError(codes.ART_UNREADABLE, "the file is XML but not an SVG drawing", "export it as SVG")
    _check_instructions(root)
    ids = _check_elements(root)
    _check_expansion(root, ids)
    return _declared_size(root)


def render_svg(data: bytes, width: int, height: int) -> Image.Image:
    """The screened SVG drawn at ``width`` x ``height`` pixels (RGBA)."""
    screen_svg(data)
    if width <= 0 or height <= 0 or width * height > limits.IMAGE_PIXELS:
        raise ArtError(
            codes.ART_TOO_LARGE,
            f"the SVG would be drawn at {width} x {height} pixels; at most {limits.IMAGE_PIXELS:,}",
        )
    convert = _cairosvg()
    try:
        png = convert(
            bytestring=data, output_width=width, output_height=height, unsafe=False, url_fetcher=_refuse
        )
    except ArtError:
        raise
    except Exception as exc:  # CairoSVG raises whatever its parsers meet
        raise ArtError(codes.ART_UNREADABLE, f"CairoSVG cannot draw the SVG ({exc})"[:300]) from None
    return Image.open(io.BytesIO(png), formats=("PNG",)).convert("RGBA")


def svg_available() -> bool:
    try:
        _cairosvg()
    except ArtError:
        return False
    return True


def _cairosvg() -> Any:
    try:
        import cairosvg.surface
    except (ImportError, OSError) as exc:  # cairocffi raises OSError when libcairo is missing
        raise ArtError(
            codes.ART_SVG_UNAVAILABLE, f"SVG art cannot be drawn here ({exc})"[:300], INSTALL_HINT
        ) from None
    return cairosvg.surface.PNGSurface.convert  # unlike svg2png, it passes url_fetcher on


def _refuse(url: str, resource_type: str) -> bytes:
    raise ArtError(codes.ART_EXTERNAL_REFERENCE, f"the SVG refers to {url[:80]!r}, outside the file")


def _parse(data: bytes) -> Any:
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, remove_comments=True
    )
    try:
        return etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise ArtError(codes.ART_UNREADABLE, f"the SVG is not well-formed XML ({exc})"[:300]) from None


def _refused(why: str, hint: str) -> ArtError:
    return ArtError(codes.ART_EXTERNAL_REFERENCE, f"the SVG is refused: {why}", hint)


def _check_elements(root: Any) -> dict[str, Any]:
    """Every element within the nesting limit, with references only inside the file; the ids."""
    ids: dict[str, Any] = {}
    stack: list[tuple[Any, int]] = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > limits.SVG_DEPTH:
            raise ArtError(codes.ART_TOO_LARGE, f"the SVG nests deeper than {limits.SVG_DEPTH} elements")
        if not isinstance(element.tag, str):
            continue  # an instruction (_check_instructions judges them)
        _check_references(element)
        if element.get("id"):
            ids[element.get("id")] = element
        stack.extend((child, depth + 1) for child in element)
    return ids


def _check_references(element: Any) -> None:
    for name, value in element.attrib.items():
        if name in ("href", XLINK_HREF) and not value.strip().startswith("#"):
            raise _refused(
                f"<{etree.QName(element).localname}> links to {value[:80]!r}",
                "embed the drawing itself; an SVG may only refer to its own elements (#id)",
            )
        _check_urls(value)
    if etree.QName(element).localname == "style" and element.text:
        if "@import" in element.text:
            raise _refused("its stylesheet imports another", "put the styles in the file itself")
        _check_urls(element.text)


def _check_instructions(root: Any) -> None:
    """An ``<?xml-stylesheet href=...?>`` instruction reads another file: refused. CairoSVG
    ignores it, but a browser or an editor the designer opens the file in does not."""
    before = []
    sibling = root.getprevious()
    while sibling is not None:
        before.append(sibling)
        sibling = sibling.getprevious()
    for instruction in [*before, *root.iter(etree.ProcessingInstruction)]:
        if isinstance(instruction, etree._ProcessingInstruction) and instruction.target == "xml-stylesheet":
            raise _refused(
                "it names a stylesheet (<?xml-stylesheet ...?>)",
                "put the styles in the file itself: an SVG may only refer to its own elements (#id)",
            )


def _check_urls(text: str) -> None:
    """Every url(...) of a style, read as CSS reads it: escapes (u\\72l) decoded first."""
    if "\\" in text:
        text = _CSS_ESCAPE.sub(_css_unescape, text)
    for target in _URL.findall(text):
        if not target.strip().startswith("#"):
            raise _refused(f"it refers to url({target[:80]})", "refer only to the file's own elements (#id)")


def _css_unescape(match: re.Match[str]) -> str:
    if match.group(1) is None:
        return match.group(2)
    code = int(match.group(1), 16)
    return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else "\ufffd"


def _check_expansion(root: Any, ids: dict[str, Any]) -> None:
    """Count the elements CairoSVG would draw with every <use> replaced by what it names."""
    elements = [e for e in root.iter() if isinstance(e.tag, str)]  # kept alive: ids stay unique
    number = {id(e): n for n, e in enumerate(elements)}
    children = [[number[id(c)] for c in e if isinstance(c.tag, str)] for e in elements]
    targets = [_use_target(e, ids, number) for e in elements]
    sizes: dict[int, int] = {}

    def size(n: int, chain: int) -> int:
        if chain > limits.SVG_DEPTH:
            raise ArtError(codes.ART_TOO_LARGE, "the SVG's <use> elements refer to each other too deeply")
        if n in sizes:
            if sizes[n] < 0:
                raise ArtError(codes.ART_UNREADABLE, "the SVG's <use> elements refer to each other in a loop")
            return sizes[n]
        sizes[n] = -1
        total = 1 + sum(size(child, chain + 1) for child in children[n])
        target = targets[n]
        if target is not None:
            total += size(target, chain + 1)
        if total > limits.SVG_ELEMENTS:
            raise ArtError(
                codes.ART_TOO_LARGE,
                f"the SVG expands to more than {limits.SVG_ELEMENTS:,} elements",
                "simplify the drawing, or export it as PNG",
            )
        sizes[n] = total
        return total

    size(0, 0)


def _use_target(element: Any, ids: dict[str, Any], number: dict[int, int]) -> int | None:
    if etree.QName(element).localname != "use":
        return None
    target = ids.get((element.get("href") or element.get(XLINK_HREF) or "").strip().lstrip("#"))
    return None if target is None else number.get(id(target))


def _declared_size(root: Any) -> tuple[float, float]:
    view = _view_box(root.get("viewBox"))
    width = _length(root.get("width")) or (view[0] if view else None)
    height = _length(root.get("height")) or (view[1] if view else None)
    if width is None or height is None:
        raise ArtError(
            codes.ART_UNREADABLE,
            "the SVG states no size: it has neither width and height nor a viewBox",
            'give the <svg> element width="..." and height="..." (e.g. in mm or in)',
        )
    if not (0 < width <= limits.SVG_SIDE and 0 < height <= limits.SVG_SIDE):
        raise ArtError(
            codes.ART_TOO_LARGE,
            f"the SVG declares {width:g} x {height:g} px; at most {limits.SVG_SIDE:,} a side",
            "state the drawing's real size in width and height",
        )
    if width < MIN_SIDE or height < MIN_SIDE:
        raise ArtError(
            codes.ART_UNREADABLE,
            f"the SVG declares {width:g} x {height:g} px; at least {MIN_SIDE:g} a side",
            "state the drawing's real size in width and height",
        )
    if view is not None:
        _check_view_box(view, width, height)
    return width, height


def _check_view_box(view: tuple[float, float], width: float, height: float) -> None:
    """A viewBox that cannot be drawn (a side of 0, negative or not a number, or one scaled past
    MAX_SCALE to the declared size) is refused here, not by cairo at build time."""
    ratios = [
        size / side if side > 0 and math.isfinite(side) else 0.0
        for size, side in zip((width, height), view, strict=True)
    ]
    if not all(1 / MAX_SCALE <= ratio <= MAX_SCALE for ratio in ratios):
        raise ArtError(
            codes.ART_UNREADABLE,
            f"the SVG's viewBox is {view[0]:g} x {view[1]:g} for a drawing of {width:g} x {height:g} px",
            "give the viewBox the drawing's own width and height (positive numbers)",
        )


def _length(text: str | None) -> float | None:
    if not text:
        return None
    match = _LENGTH.fullmatch(text)
    if match is None:
        return None  # a percentage or nonsense: fall back to the viewBox
    return float(match.group(1)) * _UNITS_TO_PX[match.group(2) or ""]


def _view_box(text: str | None) -> tuple[float, float] | None:
    """The viewBox's width and height; ArtError for a viewBox that is not four numbers (CairoSVG
    stops on it when drawing)."""
    if text is None or not text.strip():
        return None
    parts = re.split(r"[\s,]+", text.strip())
    try:
        numbers = [float(p) for p in parts]
    except ValueError:
        numbers = []
    if len(numbers) != 4 or not all(math.isfinite(n) for n in numbers):
        raise ArtError(
            codes.ART_UNREADABLE,
            f"the SVG's viewBox '{text[:60]}' is not four finite numbers",
            'give it as viewBox="0 0 WIDTH HEIGHT"',
        )
    return numbers[2], numbers[3]
