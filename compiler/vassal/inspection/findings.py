"""What `wgc inspect` reports: findings with a stable code each.

The severity follows the real engine: an error is something VASSAL 3.7 itself reports when it
loads the module, starts a setup or draws a piece, or something that breaks play (a piece whose
image is missing shows nothing when flipped to); a warning is a fault VASSAL passes over in
silence; info is something VASSAL does differently from how the module reads, without any fault
(a slot it rewrites on save, what startup commands do that inspect does not emulate). A module VASSAL loads
without complaint therefore never fails `wgc inspect`.
"""

from __future__ import annotations

from dataclasses import dataclass

ERROR, WARNING, INFO = "error", "warning", "info"

CODES: dict[str, tuple[str, str]] = {
    "module.unreadable": (
        ERROR,
        "The file cannot be opened as a module: not a regular file, too large, or not a ZIP.",
    ),
    "module.not-a-module": (
        ERROR,
        "VASSAL would not open the archive as a module: a saved game or an extension, no build file, "
        "or not the build file its VASSAL version calls for.",
    ),
    "module.name-mismatch": (WARNING, "moduledata and buildFile.xml give the module different names."),
    "xml.malformed": (ERROR, "buildFile.xml or moduledata is not well-formed XML."),
    "xml.too-many-elements": (
        ERROR,
        "buildFile.xml or moduledata holds more than 250,000 elements: wgc does not read it (the work "
        "over a module's tree grows with them; real modules hold some tens of thousands).",
    ),
    "xml.entities": (
        ERROR,
        "The XML declares entities that are not expanded: an external one (it would read a file or "
        "the network), one that refers to itself, more expansions than Java's 64,000, or more text "
        "than the entry may hold. A document's own entities within these bounds are expanded, as "
        "VASSAL expands them.",
    ),
    "xml.too-many-attributes": (
        ERROR,
        "An element has more than 10,000 attributes, the limit of Java's XML parser: VASSAL cannot "
        "load the module.",
    ),
    "archive.too-large": (
        ERROR,
        "An entry inflates beyond what inspect reads (a zip bomb, or a limit below).",
    ),
    "archive.damaged": (
        ERROR,
        "An entry cannot be read back: bad compressed data, CRC mismatch, truncation.",
    ),
    "archive.encrypted": (ERROR, "An entry is encrypted; VASSAL cannot read it."),
    "archive.unsupported-method": (ERROR, "An entry uses a compression method VASSAL (Java) cannot read."),
    "archive.bad-name": (ERROR, "An entry name is not UTF-8; Java, and so VASSAL, refuses to open the ZIP."),
    "archive.unsafe-name": (
        ERROR,
        "An entry name is not safe to unpack: absolute, a drive, '..', '.', an empty part, a "
        "backslash or a control character (the one rule import and build apply too).",
    ),
    "archive.duplicate-name": (WARNING, "Two entries have the same name; VASSAL sees only one."),
    "component.unknown-class": (ERROR, "A component class that neither VASSAL nor the module provides."),
    "component.not-unique": (
        WARNING,
        "A component that may appear once in its parent appears more often, or a board or zone has "
        "more than one grid; VASSAL warns when it loads the module.",
    ),
    "component.bad-attribute": (
        ERROR,
        "An attribute VASSAL reads as a number is not one; the module fails to load.",
    ),
    "image.missing": (ERROR, "An image that a component or a piece in use names is not in the archive."),
    "image.missing-unused": (
        WARNING,
        "A prototype no piece uses names images that are not in the archive.",
    ),
    "image.unreadable": (ERROR, "An image is not a PNG, GIF, JPEG, BMP, TIFF or SVG that VASSAL can draw."),
    "image.oversized": (
        WARNING,
        "An SVG board declares a width or height too large for a float; VASSAL makes it the int "
        "limit, 2,147,483,647 px.",
    ),
    "help.missing": (ERROR, "A help file, or an image that a help page or HTML chart shows, is missing."),
    "piece.undecodable": (ERROR, "A piece definition does not decode (its type and state chains disagree)."),
    "piece.unknown-trait": (
        ERROR,
        "A trait VASSAL does not know; it reports it and puts an empty marker there.",
    ),
    "piece.expression-error": (
        ERROR,
        "A Calculated Property's expression throws for a piece on a map; VASSAL reports it when read.",
    ),
    "piece.too-large": (
        WARNING,
        "A piece's prototypes expand to more traits than inspect follows (they may use one another "
        "many times over); VASSAL builds every one. inspect does not judge the piece.",
    ),
    "piece.not-basic": (ERROR, "The innermost part of a piece is not a basic piece, stack or deck."),
    "slot.gpid-duplicate": (WARNING, "Two palette slots share a gpid; the Game Refresher confuses them."),
    "slot.gpid-missing": (WARNING, "A palette slot has no numeric gpid; VASSAL's editor renumbers it."),
    "slot.reencoded": (
        INFO,
        "A slot's trait is in an older format; VASSAL re-encodes it differently and rewrites it on save.",
    ),
    "slot.next-gpid": (WARNING, "nextPieceSlotId is not above the highest gpid; the editor may reuse ids."),
    "map.no-board": (WARNING, "A map has no board."),
    "setup.missing-file": (ERROR, "A predefined setup's file is not in the archive."),
    "setup.unreadable": (ERROR, "A setup's saved game cannot be read: not a ZIP, no savedGame, damaged."),
    "setup.bad-stream": (
        WARNING,
        "A saved game's commands do not start with begin_save and end with end_save.",
    ),
    "setup.unknown-map": (
        WARNING,
        "A piece names a map the module lacks; VASSAL silently puts it on no map.",
    ),
    "setup.unknown-stack-map": (ERROR, "A stack or deck names a map the module lacks; VASSAL reports it."),
    "setup.unknown-board": (
        WARNING,
        "A saved game or default setup chooses a board its map lacks; VASSAL leaves it out.",
    ),
    "setup.on-no-map": (WARNING, "Pieces of a setup are on no map; VASSAL loads them but nobody sees them."),
    "setup.off-board": (
        WARNING,
        "Pieces lie on their map but on none of its boards (VASSAL names them 'offboard').",
    ),
    "setup.unknown-location": (
        ERROR,
        "An at-start stack names a grid location its board does not have; VASSAL reports it.",
    ),
    "setup.startup-commands": (
        INFO,
        "Startup global key commands do what inspect does not emulate (not run, or keys sent on); "
        "its pieces may differ from VASSAL's.",
    ),
    "setup.too-deep": (
        ERROR,
        "A saved game's commands nest so deep that following them costs 8x its length.",
    ),
}


@dataclass(frozen=True)
class Finding:
    """One thing wrong with a module: ``where`` names the component, entry or setup."""

    code: str
    message: str
    where: str = ""

    @property
    def severity(self) -> str:
        return CODES[self.code][0]

    def to_json(self) -> dict[str, str]:
        return {"severity": self.severity, "code": self.code, "message": self.message, "where": self.where}


class EntryProblem(Exception):
    """An archive entry that cannot be read; carries the finding to report."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
