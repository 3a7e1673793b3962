"""The component tree: classes VASSAL can build, and the files components name (icons, images,
help pages, HTML charts and the images those show)."""

from __future__ import annotations

import functools
import html
import re
from collections import Counter
from dataclasses import dataclass
from importlib import resources

from lxml import etree

from compiler.vassal.inspection import limits
from compiler.vassal.inspection.archive import ModuleArchive
from compiler.vassal.inspection.findings import EntryProblem
from compiler.vassal.inspection.model import Inspection
from compiler.vassal.inspection.xml import attributes, element_path, short_tag

# The command encoders VASSAL has that build pieces (BasicCommandEncoder and its subclass).
ENCODER_CLASSES = frozenset(["VASSAL.build.module.BasicCommandEncoder", "VASSAL.script.BshCommandEncoder"])
# Child elements that their parent reads itself instead of building them as components.
OWN_CHILDREN = {
    "VASSAL.build.module.PlayerRoster": "entry",
    "VASSAL.build.module.GlobalOptions": "option",
    "VASSAL.build.module.map.BoardPicker": "setup",
}
IMAGE_SUFFIXES = (".png", ".gif", ".jpg", ".jpeg", ".svg", ".bmp", ".tif", ".tiff")
IMAGE_ATTRIBUTE = re.compile(r"(?i).*(icon|image|iconname|filename)$")
IMG_SOURCE = re.compile(r"""<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))""", re.IGNORECASE)
# Images inside VASSAL's own jar (resources/images), which any module may name.
VASSAL_IMAGES = frozenset(
    [
        "notes.gif",
        "Splash.gif",
        "globe_selected.gif",
        "mm-gamefolder-open.png",
        "mm-extension-inactive.png",
        "status.gif",
        "connect.gif",
        "Undo16.gif",
        "counter.gif",
        "StepForward16.gif",
        "zoomIn.gif",
        "Help16.gif",
        "zoomOut.png",
        "Edit16.gif",
        "mm-extension-active.png",
        "zoomOut.gif",
        "mm-file.png",
        "zoomIn.png",
        "recenter.gif",
        "postMessage.gif",
        "VASSAL-256x256.png",
        "moved.gif",
        "chess_clock.png",
        "Splash.png",
        "playerAway.gif",
        "chart.gif",
        "SaveAs16.gif",
        "zoom.png",
        "getMessages.gif",
        "mm-gamefolder-closed.png",
        "thread.gif",
        "playerLooking.gif",
        "map.gif",
        "mm-module.png",
        "unmoved.gif",
        "disconnect.gif",
        "keyCommand.gif",
        "overview.gif",
        "camera.gif",
        "globe_unselected.gif",
        "black.jpg",
        "lockedRoom.gif",
        "die.gif",
        "inventory.gif",
        "Save16.gif",
    ]
)


@functools.cache
def vassal_classes() -> frozenset[str]:
    text = resources.files("compiler.vassal").joinpath("known_classes.txt").read_text("utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


@dataclass(frozen=True)
class Encoders:
    """The module's command encoders, which build every piece (GameModule.decode asks each).
    ``custom``: the module brings a class of its own among them, whose traits inspect cannot
    know; ``missing``: why none is there while the module is built (VASSAL adds a
    BasicCommandEncoder only after building every component, so every palette slot and
    at-start stack "couldn't build piece"; pieces of saved games, decoded later, are built),
    None when one is."""

    custom: bool
    missing: str | None


def check_classes(root: etree._Element, archive: ModuleArchive, report: Inspection) -> Encoders:
    """Report tags that name no class VASSAL or the module has (Builder.create fails on them,
    VASSAL reports it and skips the component), and find the command encoders."""
    known = vassal_classes()
    shipped = {
        name[: -len(".class")].replace("/", ".") for name in archive.names() if name.endswith(".class")
    }
    children = [str(child.tag) for child in root.iterchildren("*")]
    custom_encoder = any(tag in shipped for tag in children)
    encoders = Encoders(custom_encoder, None)
    if not custom_encoder and not any(tag in ENCODER_CLASSES for tag in children):
        lost = [tag for tag in children if tag not in known]
        encoders = Encoders(False, _no_encoder(lost))
    for element in root.iter(etree.Element):
        parent = element.getparent()
        if parent is not None and OWN_CHILDREN.get(str(parent.tag)) == element.tag:
            continue
        if element.tag not in known and element.tag not in shipped:
            report.add(
                "component.unknown-class",
                f"no class {element.tag} in VASSAL or the module: VASSAL reports it and skips the component",
                element_path(element),
            )
    return encoders


def _no_encoder(lost: list[str]) -> str:
    if lost:
        names = ", ".join(lost[:3])
        return f"the module has no command encoder VASSAL can load (not in VASSAL or the module: {names})"
    return "the module has no command encoder (no BasicCommandEncoder)"


M = "VASSAL.build.module."
# Components that may appear once in their parent (Buildable.isUnique), by their editor names
# (getConfigureTypeName, else the class's simple name).
UNIQUE = {
    M + "KeyNamer": "KeyNamer",
    M + "Chatter": "Chatter",
    M + "GlobalOptions": "Global Options",
    M + "Documentation": "Help Menu",
    M + "gamepieceimage.ColorManager": "Named Colors",
    M + "gamepieceimage.GamePieceLayoutsContainer": "Game Piece Layouts",
    M + "gamepieceimage.GamePieceImageDefinitions": "Game Piece Image Definitions",
    M + "gamepieceimage.FontManager": "Font Styles",
    M + "ChessClockControl": "Chess Clock Control",
    M + "PlayerRoster": "Definition of Player Sides",
    M + "map.StackExpander": "StackExpander",
    M + "map.Zoomer": "Zoom capability",
    M + "map.KeyBufferer": "KeyBufferer",
    M + "map.HighlightLastMoved": "Last Move Highlighter",
    M + "map.ImageSaver": "Image Capture Tool",
    M + "map.boardPicker.board.mapgrid.ZonedGridHighlighter": "Zone Highlighters",
    M + "map.ForwardToKeyBuffer": "ForwardToKeyBuffer",
    M + "map.PieceMover": "PieceMover",
    M + "map.MapCenterer": "MapCenterer",
    M + "map.ForwardToChatter": "ForwardToChatter",
    M + "map.BoardPicker": "Map Boards",
    M + "map.LayeredPieceCollection": "Game Piece Layers",
    M + "map.MenuDisplayer": "MenuDisplayer",
    M + "map.Scroller": "Scroller",
    M + "map.SelectionHighlighters": "Additional Selection Highlighters",
    M + "map.StackMetrics": "Stacking options",
    M + "properties.GlobalTranslatableMessages": "Global Translatable Messages",
    M + "properties.GlobalProperties": "Global Properties",
    M + "PrototypesContainer": "Game Piece Prototype Definitions",
    "VASSAL.script.ScriptContainer": "Scripting",
    "VASSAL.i18n.Language": "Translations",
}
GRID_CLASSES = ("HexGrid", "SquareGrid", "RegionGrid", "ZonedGrid")
# The editor names of the components that hold them, and the attribute naming each.
PARENTS = {
    "VASSAL.build.GameModule": ("Module", "name"),
    "VASSAL.launch.BasicModule": ("Module", "name"),
    M + "Map": ("Map Window", "mapName"),
    M + "PrivateMap": ("Private Window", "mapName"),
    M + "PlayerHand": ("Player Hand", "mapName"),
    M + "map.boardPicker.board.ZonedGrid": ("Multi-zoned Grid", ""),
    M + "gamepieceimage.GamePieceImageDefinitions": ("Game Piece Image Definitions", ""),
    M + "map.boardPicker.Board": ("Board", "name"),
    M + "map.boardPicker.board.mapgrid.Zone": ("Zone", "name"),
}


def check_single_instances(root: etree._Element, report: Inspection) -> None:
    """What GameModule's validity checkers log when the module is loaded: a component that may
    appear once in its parent appearing more often (RecursiveSingleChildInstance), a board or
    zone with more than one grid (their SingleChildInstance). (Its MandatoryComponent checks
    never fire: GameModule.build adds a Help Menu and Global Options where they lack.)"""
    for parent in root.iter(*PARENTS):
        kind, attribute = PARENTS[str(parent.tag)]
        name = (parent.get(attribute) if attribute else "") or kind
        counts = Counter(str(child.tag) for child in parent.iterchildren("*"))
        repeated = [UNIQUE[tag] for tag, n in counts.items() if n > 1 and tag in UNIQUE]
        if (
            kind in ("Board", "Zone")
            and sum(n for tag, n in counts.items() if short_tag(tag) in GRID_CLASSES) > 1
        ):
            repeated.append("MapGrid")
        for child in repeated:
            report.add(
                "component.not-unique",
                f"No more than one [{child}] allowed in {name} [{kind}]",
                element_path(parent),
            )


def image_entry(archive: ModuleArchive, image: str) -> str | None:
    """The archive entry VASSAL loads for an image name, '' for one of VASSAL's own images,
    None when it finds none."""
    if image.startswith("/"):
        return "" if image.removeprefix("/images/") in VASSAL_IMAGES else None
    found = archive.find("images/" + image)
    if found is None and (image in VASSAL_IMAGES or image + ".gif" in VASSAL_IMAGES):
        return ""
    return found


def component_images(root: etree._Element) -> list[tuple[str, str]]:
    """(image, where) for every attribute of a component that names an image file."""
    found = []
    for element in root.iter(etree.Element):
        if element.tag.endswith(("HelpFile", "HtmlChart", "BrowserPDFFile")):
            continue
        for name, text in attributes(element):
            if text and IMAGE_ATTRIBUTE.match(name) and text.lower().endswith(IMAGE_SUFFIXES):
                found.append((text, element_path(element)))
    return found


def check_documents(root: etree._Element, archive: ModuleArchive, report: Inspection) -> list[str]:
    """Help files, PDF files and HTML charts that are missing, and the images an HTML chart shows
    (VASSAL loads a chart's <img> files from images/ when it builds the chart and logs each
    one it cannot find). Returns the images found, which count as used."""
    shown = []
    for element in root.iter(etree.Element):
        tag, where = str(element.tag), element_path(element)
        file = element.get("pdfFile") if tag.endswith("BrowserPDFFile") else element.get("fileName")
        archived = tag.endswith(("HtmlChart", "BrowserPDFFile")) or (
            tag.endswith("HelpFile") and element.get("fileType") == "archive"
        )
        if not file or not archived:
            continue
        if not archive.has(file):
            report.add("help.missing", f"'{file}' is not in the archive", where)
        elif tag.endswith("HtmlChart"):
            shown.extend(_chart_images(file, archive, report, where))
    return shown


def _chart_images(file: str, archive: ModuleArchive, report: Inspection, where: str) -> list[str]:
    try:
        text = archive.read(file, limits.HTML_ENTRY).decode("utf-8", errors="replace")
    except EntryProblem as problem:
        report.add(problem.code, problem.message, where)
        return []
    found = []
    for match in IMG_SOURCE.finditer(text):
        source = html.unescape(next(g for g in match.groups() if g is not None))
        if not source.strip() or "/" in source:
            continue  # VASSAL leaves these to the HTML viewer
        if image_entry(archive, source) is None:
            report.add("help.missing", f"'{file}' shows image '{source}', which is not in images/", where)
        else:
            found.append(source)
    return found
