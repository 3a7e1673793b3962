"""The component tree: classes VASSAL can build, and the files components name (icons, images,
help pages, HTML charts and the images those show)."""

from __future__ import annotations

import functools
import html
import re
from importlib import resources

from lxml import etree

from compiler.vassal.inspection import limits
from compiler.vassal.inspection.archive import ModuleArchive
from compiler.vassal.inspection.findings import EntryProblem
from compiler.vassal.inspection.model import Inspection
from compiler.vassal.inspection.xml import attributes, element_path

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


def check_classes(root: etree._Element, archive: ModuleArchive, report: Inspection) -> bool:
    """Report tags that name no class VASSAL or the module has (Builder.create fails on them,
    VASSAL reports it and skips the component). True when the module brings its own command
    encoder, whose traits inspect cannot know."""
    known = vassal_classes()
    shipped = {
        name[: -len(".class")].replace("/", ".") for name in archive.names() if name.endswith(".class")
    }
    custom_encoder = any(child.tag in shipped for child in root.iterchildren("*"))
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
    return custom_encoder


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
