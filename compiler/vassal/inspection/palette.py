"""Piece slots and prototypes: each definition decodes as VASSAL builds it, gpids are unique,
and which prototypes (and so which of their images) any piece really uses."""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from compiler.javatext.numbers import parse_int
from compiler.vassal.inspection.encoding import Slot
from compiler.vassal.inspection.model import Inspection
from compiler.vassal.inspection.properties import shorten
from compiler.vassal.inspection.traits import PieceKind, PieceReader
from compiler.vassal.inspection.xml import element_path

SLOT_TAGS = ("VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot")
PROTOTYPE_TAG = "VASSAL.build.module.PrototypeDefinition"


@dataclass
class Palette:
    """What the module's pieces need: images by where they are named, and prototypes."""

    reader: PieceReader = field(default_factory=PieceReader)
    images: list[tuple[str, str]] = field(default_factory=list)  # (image, where) of pieces in use
    prototype_images: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    prototype_uses: dict[str, set[str]] = field(default_factory=dict)  # prototype -> prototypes it uses
    prototype_texts: dict[str, str] = field(default_factory=dict)  # prototype -> its definition
    used_prototypes: set[str] = field(default_factory=set)
    dynamic_prototypes: bool = False
    slots: list[Slot] = field(default_factory=list)  # checked for re-encoding once prototypes are known
    unbuildable: bool = False  # no command encoder while the module is built: no slot builds
    _seen: set[int] = field(default_factory=set)

    def use(self, kind: PieceKind, where: str) -> None:
        """Note what a piece in play (a slot, a setup's piece, a marker) needs, once per kind."""
        if id(kind) in self._seen:
            return
        self._seen.add(id(kind))
        self.images.extend((image, where) for image in kind.images)
        for name in kind.prototypes:
            self._note_prototype(name)
        for definition in kind.markers:
            marker = self._marker(definition)
            if marker is not None:
                self.use(marker, where)

    def _marker(self, definition: str) -> PieceKind | None:
        try:
            return self.reader.add_piece(definition)[1]
        except ValueError:
            return None

    def _note_prototype(self, name: str) -> None:
        if "$" in name or "{" in name:
            self.dynamic_prototypes = True  # computed at run time: any prototype may be used
        self.used_prototypes.add(name)

    def unused_prototypes(self) -> set[str]:
        if self.dynamic_prototypes:
            return set()
        reached, pending = set(), list(self.used_prototypes)
        while pending:
            name = pending.pop()
            if name in reached:
                continue
            reached.add(name)
            pending.extend(self.prototype_uses.get(name, ()))
        return set(self.prototype_images) - reached


def read_palette(
    root: etree._Element, report: Inspection, custom_traits: bool, unbuildable: str | None = None
) -> Palette:
    """Every slot and prototype decoded as VASSAL builds it; ``unbuildable``: why no slot's
    piece can be built (no command encoder while the module is built)."""
    palette = Palette(unbuildable=unbuildable is not None)
    gpids: dict[int, str] = {}
    for element in root.iter(*SLOT_TAGS, PROTOTYPE_TAG):
        where = element_path(element)
        definition = slot_text(element)
        if unbuildable is not None and element.tag != PROTOTYPE_TAG:
            report.piece_slots += 1
            report.add(
                "piece.undecodable",
                f"VASSAL couldn't build piece {shorten(definition)}: {unbuildable}",
                where,
            )
            continue
        try:
            _, kind, states = palette.reader.add_piece(definition)
        except ValueError as exc:
            report.add("piece.undecodable", f"the piece definition does not decode: {exc}", where)
            continue
        kind.check(report, "the piece", where, custom_traits)
        if element.tag == PROTOTYPE_TAG:
            name = element.get("name", "")
            palette.prototype_texts.setdefault(name, (element.text or "").strip())
            palette.prototype_images[name] = [(image, where) for image in kind.images]
            palette.prototype_uses[name] = set(kind.prototypes)
            for definition in kind.markers:
                marker = palette._marker(definition)
                palette.prototype_uses[name] |= set(marker.prototypes) if marker else set()
            continue
        report.piece_slots += 1
        palette.slots.append(Slot(definition, element.get("gpid", ""), where, kind, states))
        palette.use(kind, where)
        _check_gpid(element, gpids, report, where)
    highest = max(gpids, default=0)
    next_id = parse_int(root.get("nextPieceSlotId", ""))
    if gpids and next_id is not None and next_id <= highest:
        report.add("slot.next-gpid", f"nextPieceSlotId {next_id} is not above the highest gpid {highest}")
    return palette


def slot_text(element: etree._Element) -> str:
    """Builder.getText: the element's own text nodes (not its CDATA sections), joined and
    trimmed as Java trims (every character up to the space)."""
    parts = [element.text or ""] + [child.tail or "" for child in element]
    return "".join(parts).strip("".join(chr(c) for c in range(33)))


def _check_gpid(element: etree._Element, gpids: dict[int, str], report: Inspection, where: str) -> None:
    gpid = element.get("gpid", "")
    number = parse_int(gpid)
    if number is None or number < 0:
        report.add("slot.gpid-missing", f"piece slot has no numeric gpid ('{gpid[:40]}')", where)
    elif number in gpids:
        also = gpids[number]
        report.add("slot.gpid-duplicate", f"gpid {gpid} is used by two piece slots (also {also})", where)
    else:
        gpids[number] = where
