"""The module's files in the game folder: images in images/, help and charts in files/, anything
else (custom classes, sounds, data) in vassal/files/, each at the path it has in the archive.

Entries are copied a chunk at a time through inspect's archive reader, so its limits hold (each
entry, and everything inflated from the module). A name that would land outside its folder (an
absolute path, '..', a backslash: compiler/vassal/entries.py) is not written, and said so.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from lxml import etree

from compiler.art import limits as art_limits
from compiler.art.decode import declared_pixels
from compiler.art.files import read_artwork
from compiler.diagnostics import Diagnostic, codes, warning
from compiler.loading import limits as folder_limits
from compiler.loading.art_errors import ArtError
from compiler.vassal.entries import entry_name_problem
from compiler.vassal.extension.format import FILES
from compiler.vassal.inspection import limits
from compiler.vassal.inspection.archive import ModuleArchive
from compiler.vassal.inspection.findings import EntryProblem
from rules_engine.definitions.art import Artwork

IMAGES = "images/"
DOCUMENTS = "files"
DOCUMENT_SUFFIXES = (".html", ".htm", ".pdf", ".txt", ".css", ".rtf")
ART_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".svg")


class FileCopier:
    """Copies the archive's entries into the staging folder and answers which images the data
    may name (an image that wgc's art reader accepts)."""

    def __init__(self, archive: ModuleArchive, staging: Path, diagnostics: list[Diagnostic]) -> None:
        self.archive = archive
        self.staging = staging
        self.diagnostics = diagnostics
        self.written: dict[str, str] = {}  # archive entry -> path in the game folder
        self.sizes: dict[str, int] = {}  # path in the game folder -> bytes written
        self.tried: set[str] = set()  # entries copied or refused: each is tried once
        self._art: dict[str, Artwork | None] = {}
        self.pixels_left = art_limits.IMPORT_PIXELS  # what may still be decoded (art/limits.py)
        self.past_budget: list[str] = []  # images kept as files, not read as art, past it

    def copy_images(self) -> None:
        """Every image, each read as art at once (decoding releases the interpreter's lock, so
        this runs well beside inspect); none when they are more than a game folder may keep (the
        driver then refuses the module)."""
        images = sorted(n for n in self.archive.names() if n.startswith(IMAGES) and not n.endswith("/"))
        if len(images) > folder_limits.MAX_FILES:
            return
        for name in images:
            self.copy(name, name)
        for name in list(self.written):
            self.art(name.removeprefix(IMAGES))
        if self.past_budget:
            self.diagnostics.append(
                warning(
                    codes.IMPORT_PIXEL_BUDGET,
                    f"{len(self.past_budget)} image(s) past the {art_limits.IMPORT_PIXELS:,} pixels an "
                    f"import decodes (the first: '{self.past_budget[0][:100]}') are kept as the module's "
                    "files, not read as art",
                    "",
                    "a module's images are rarely this large; scale them down to make them the game's art",
                )
            )

    def copy_all(self, root: etree._Element, consumed: Iterable[str]) -> None:
        skip = set(consumed)
        documents = named_documents(root)
        for name in sorted(self.archive.names()):
            if name.endswith("/") or name in skip:
                continue
            self.copy(name, _destination(name, documents))

    def copy(self, name: str, target: str) -> None:
        if name in self.tried:
            return
        self.tried.add(name)
        unsafe = entry_name_problem(name)
        if unsafe is not None:
            self._skip(name, f"its name is not safe to write ({unsafe})")
            return
        path = self.staging / target
        size = 0
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as out:
                for chunk in self.archive.chunks(name, limits.IMAGE_ENTRY):
                    out.write(chunk)
                    size += len(chunk)
        except EntryProblem as problem:
            path.unlink(missing_ok=True)
            self._skip(name, problem.message)
            return
        except OSError as exc:
            self._skip(name, f"it cannot be written here ({exc.strerror or exc})")
            return
        self.written[name] = target
        self.sizes[target] = size

    def _skip(self, name: str, why: str) -> None:
        self.diagnostics.append(
            warning(codes.IMPORT_FILE_SKIPPED, f"'{name[:200]}' is not copied: {why}", "", "")
        )

    def art(self, image: str) -> Artwork | None:
        """The image VASSAL calls ``image`` (in images/) as game art, if wgc can read it as such."""
        if image in self._art:
            return self._art[image]
        entry = IMAGES + image
        found: Artwork | None = None
        if self.written.get(entry) == entry and image.lower().endswith(ART_SUFFIXES):
            pixels = 0 if image.lower().endswith(".svg") else declared_pixels(self.staging / entry)
            if pixels > self.pixels_left:
                self.past_budget.append(entry)
            else:
                self.pixels_left -= pixels
                try:
                    found = read_artwork(self.staging, entry)
                except ArtError:
                    found = None
        self._art[image] = found
        return found

    def art_name(self, image: str) -> str | None:
        """The game's name for a VASSAL image ('images/' + name) when the data may name it."""
        return IMAGES + image if image and self.art(image) is not None else None


def _destination(name: str, documents: set[str]) -> str:
    if name.startswith(IMAGES):
        return name
    if name in documents or name.lower().endswith(DOCUMENT_SUFFIXES) or name.startswith("help/"):
        return f"{DOCUMENTS}/{name}"
    return f"{FILES}/{name}"


def named_documents(root: etree._Element) -> set[str]:
    """Archive entries that help and chart components name."""
    found = set()
    for element in root.iter(etree.Element):
        tag = str(element.tag)
        if tag.endswith(("HelpFile", "HtmlChart", "BrowserHelpFile")):
            found.add(element.get("fileName", "") or element.get("startingPage", ""))
        elif tag.endswith("BrowserPDFFile"):
            found.add(element.get("pdfFile", ""))
    found.discard("")
    return found


def copy_images(module: Path, staging: Path) -> FileCopier | None:
    """A copier with the module's images copied out and read as art, from an archive handle of
    its own (None when the module cannot be opened: inspect says why)."""
    try:
        archive = ModuleArchive.open(module)
    except EntryProblem:
        return None
    copier = FileCopier(archive, staging, [])
    copier.copy_images()
    return copier
