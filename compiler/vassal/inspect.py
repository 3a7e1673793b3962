"""Read any .vmod and check it the way VASSAL will load it.

Checks: the archive opens; moduledata and buildFile.xml parse; every tag is a
class VASSAL has; every image a component or piece names is in the archive;
piece-slot ids are unique and below nextPieceSlotId; every piece definition
decodes into known traits; every predefined setup decodes, starts and ends,
and puts each piece on a board, where its location is computed with the
board's own grid (hex numbering, zones, regions). Never raises for a bad file.
"""

from __future__ import annotations

import io
import struct
import zipfile
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from lxml import etree

from compiler.vassal.grid import VassalHexGrid, location_name
from compiler.vassal.pieces import Trait, decode_add_piece
from compiler.vassal.savefile import BEGIN, END, commands_of, deobfuscate
from compiler.vassal.sequence import decode

TRAIT_PREFIXES = frozenset(
    {
        "AreaOfEffect;",
        "PROP;",
        "attach;",
        "basicName;",
        "border;",
        "button;",
        "calcProp;",
        "clone;",
        "cmt;",
        "delete;",
        "deselect;",
        "emb2;",
        "emb;",
        "footprint;",
        "globalhotkey;",
        "globalkey;",
        "hide;",
        "hideCmd;",
        "immob;",
        "label;",
        "locCommand;",
        "locmsg;",
        "macro;",
        "mark;",
        "markmoved;",
        "mat;",
        "matPiece;",
        "menuSeparator;",
        "nonRect2;",
        "nonRect;",
        "obs;",
        "piece;",
        "pivot;",
        "placemark;",
        "playSound;",
        "propertysheet;",
        "prototype;",
        "replace;",
        "report;",
        "restrict;",
        "return;",
        "rotate;",
        "sendto;",
        "setpieceprop;",
        "setprop;",
        "submenu;",
        "table;",
        "translate;",
    }
)
NON_CLASS_TAGS = {"entry", "option", "setup"}
IMAGE_SUFFIXES = (".png", ".gif", ".jpg", ".jpeg", ".svg")


def known_classes() -> frozenset[str]:
    text = resources.files("compiler.vassal").joinpath("known_classes.txt").read_text("utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


@dataclass
class Finding:
    severity: str
    message: str
    where: str = ""

    def to_json(self) -> dict[str, str]:
        return {"severity": self.severity, "message": self.message, "where": self.where}


@dataclass
class PlacedPiece:
    name: str
    location: str
    x: int
    y: int
    on_board: bool


@dataclass
class SetupSummary:
    name: str
    file: str
    pieces: list[PlacedPiece] = field(default_factory=list)

    def by_location(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for piece in self.pieces:
            found.setdefault(piece.location, []).append(piece.name)
        return dict(sorted(found.items()))


@dataclass
class BoardInfo:
    name: str
    image: str
    width: int
    height: int
    grid: str
    hex_grid: VassalHexGrid | None = None
    zones: list[tuple[str, list[tuple[float, float]]]] = field(default_factory=list)
    regions: list[tuple[str, int, int]] = field(default_factory=list)

    def location(self, x: int, y: int) -> str:
        for name, polygon in self.zones:
            if _inside(x, y, polygon):
                return name
        if self.hex_grid is not None:
            return location_name(self.hex_grid, x, y)
        if self.regions:
            return min(self.regions, key=lambda r: (r[1] - x) ** 2 + (r[2] - y) ** 2)[0]
        return f"{x},{y}"


@dataclass
class Inspection:
    path: str
    name: str = ""
    version: str = ""
    vassal_version: str = ""
    findings: list[Finding] = field(default_factory=list)
    maps: dict[str, list[BoardInfo]] = field(default_factory=dict)
    piece_slots: int = 0
    setups: list[SetupSummary] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)

    def error(self, message: str, where: str = "") -> None:
        self.findings.append(Finding("error", message, where))

    def warn(self, message: str, where: str = "") -> None:
        self.findings.append(Finding("warning", message, where))

    def to_json(self) -> dict[str, Any]:
        return {
            "module": self.path,
            "name": self.name,
            "version": self.version,
            "vassalVersion": self.vassal_version,
            "ok": self.ok,
            "findings": [f.to_json() for f in self.findings],
            "maps": {
                name: [
                    {"board": b.name, "image": b.image, "width": b.width, "height": b.height, "grid": b.grid}
                    for b in boards
                ]
                for name, boards in self.maps.items()
            },
            "pieceSlots": self.piece_slots,
            "setups": [
                {
                    "name": s.name,
                    "file": s.file,
                    "pieces": len(s.pieces),
                    "offBoard": [p.name for p in s.pieces if not p.on_board],
                    "locations": s.by_location(),
                }
                for s in self.setups
            ],
        }


def inspect_module(path: Path) -> Inspection:
    report = Inspection(str(path))
    try:
        archive = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile) as exc:
        report.error(f"not a readable ZIP archive: {exc}")
        return report
    with archive:
        names = set(archive.namelist())
        _module_metadata(archive, names, report)
        root = _build_file(archive, names, report)
        if root is None:
            return report
        _check_tree(root, report)
        _check_images(root, names, report)
        slots = _check_slots(root, names, report)
        _read_maps(root, archive, names, report)
        _check_setups(root, archive, names, slots, report)
    return report


# --- metadata and build file ------------------------------------------------------------------


def _read(archive: zipfile.ZipFile, name: str) -> bytes:
    with archive.open(name) as stream:
        return stream.read()


def _parse(data: bytes) -> etree._Element:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    return etree.fromstring(data, parser)


def _module_metadata(archive: zipfile.ZipFile, names: set[str], report: Inspection) -> None:
    if "moduledata" not in names:
        report.warn("no moduledata: VASSAL shows no module name and guesses the build file")
        return
    try:
        data = _parse(_read(archive, "moduledata"))
    except (etree.XMLSyntaxError, zipfile.BadZipFile, OSError) as exc:
        report.error(f"moduledata is not XML: {exc}", "moduledata")
        return
    report.vassal_version = (data.findtext("VassalVersion") or "").strip()
    report.name = (data.findtext("name") or "").strip()
    parts = report.vassal_version.split(".")
    if len(parts) >= 2 and parts[0] == "3" and parts[1].isdigit() and int(parts[1]) >= 7:
        report.warn(
            f"VassalVersion {report.vassal_version}: VASSAL 3.6 refuses the module as too new", "moduledata"
        )


def _build_file(archive: zipfile.ZipFile, names: set[str], report: Inspection) -> etree._Element | None:
    name = "buildFile.xml" if "buildFile.xml" in names else "buildFile" if "buildFile" in names else None
    if name is None:
        report.error("no buildFile.xml: VASSAL cannot open the module")
        return None
    try:
        root = _parse(_read(archive, name))
    except (etree.XMLSyntaxError, zipfile.BadZipFile, OSError) as exc:
        report.error(f"{name} is not well-formed XML: {exc}", name)
        return None
    report.version = root.get("version", "")
    if report.name and root.get("name", "") != report.name:
        report.warn(f"the module is named '{root.get('name')}' but moduledata says '{report.name}'")
    report.name = report.name or root.get("name", "")
    return root


def _path(element: etree._Element) -> str:
    parts = []
    current: etree._Element | None = element
    while current is not None:
        label = current.get("name") or current.get("mapName") or current.get("entryName") or ""
        parts.append(str(current.tag).rsplit(".", 1)[-1] + (f"[{label}]" if label else ""))
        current = current.getparent()
    return "/" + "/".join(reversed(parts))


def _check_tree(root: etree._Element, report: Inspection) -> None:
    classes = known_classes()
    if root.tag not in ("VASSAL.build.GameModule", "VASSAL.launch.BasicModule"):
        report.error(f"the root element is {root.tag}, not VASSAL.build.GameModule")
    for element in root.iter(etree.Element):
        if element.tag in NON_CLASS_TAGS:
            continue
        if element.tag not in classes:
            report.error(
                f"unknown component class {element.tag}: VASSAL skips it and everything inside it",
                _path(element),
            )


# --- images and slots -------------------------------------------------------------------------


def _piece_images(traits: list[Trait]) -> list[str]:
    found = []
    for trait in traits:
        fields = decode(trait.type.split(";", 1)[1], ";") if ";" in trait.type else []
        if trait.prefix == "piece;" and len(fields) >= 3:
            found.append(fields[2])
        elif trait.prefix == "emb2;" and len(fields) >= 16:
            found.extend(decode(fields[15], ","))
        elif trait.prefix == "obs;" and len(fields) >= 2:
            found.append(fields[1])
    return [image for image in found if image]


def _image_exists(image: str, names: set[str]) -> bool:
    if image.startswith("/"):
        return True  # a resource inside VASSAL's own jar
    return f"images/{image}" in names or any(f"images/{image}{suffix}" in names for suffix in (".gif",))


def _check_images(root: etree._Element, names: set[str], report: Inspection) -> None:
    for element in root.iter(etree.Element):
        for attribute in ("image", "icon", "fileName", "buttonIcon", "iconName"):
            value = element.get(attribute)
            if not value or not value.lower().endswith(IMAGE_SUFFIXES):
                continue
            if element.tag.endswith("HelpFile") or element.tag.endswith("HtmlChart"):
                continue
            if not _image_exists(value, names):
                report.error(f"image '{value}' is not in the archive", _path(element))
        if element.tag.endswith("HelpFile") and element.get("fileType") == "archive":
            file = element.get("fileName", "")
            if file and file not in names:
                report.error(f"help file '{file}' is not in the archive", _path(element))


def _check_slots(root: etree._Element, names: set[str], report: Inspection) -> dict[str, list[Trait]]:
    """Piece definitions by gpid; reports undecodable ones, unknown traits, missing images, id clashes."""
    slots: dict[str, list[Trait]] = {}
    highest = 0
    for element in root.iter(etree.Element):
        is_slot = element.tag.endswith(".PieceSlot") or element.tag.endswith(".CardSlot")
        is_prototype = element.tag.endswith(".PrototypeDefinition")
        if not (is_slot or is_prototype):
            continue
        text = (element.text or "").strip()
        try:
            _, traits = decode_add_piece(text)
        except ValueError as exc:
            report.error(f"the piece definition does not decode: {exc}", _path(element))
            continue
        unknown = [t.prefix for t in traits if t.prefix not in TRAIT_PREFIXES]
        if unknown:
            report.warn(
                f"unknown trait type(s) {', '.join(unknown)}: VASSAL replaces them with empty markers",
                _path(element),
            )
        for image in _piece_images(traits):
            if not _image_exists(image, names):
                report.error(f"piece image '{image}' is not in the archive", _path(element))
        if not is_slot:
            continue
        report.piece_slots += 1
        gpid = element.get("gpid", "")
        if not gpid.isdigit():
            report.warn(
                f"piece slot has no numeric gpid ('{gpid}'); VASSAL's editor renumbers it", _path(element)
            )
        elif gpid in slots:
            report.error(f"gpid {gpid} is used by two piece slots", _path(element))
        else:
            slots[gpid] = traits
            highest = max(highest, int(gpid))
    next_id = root.get("nextPieceSlotId", "0")
    if next_id.isdigit() and slots and int(next_id) <= highest:
        report.error(f"nextPieceSlotId {next_id} is not above the highest gpid {highest}")
    return slots


# --- maps, boards, grids -------------------------------------------------------------------------


def _png_size(data: bytes) -> tuple[int, int]:
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    try:
        from PIL import Image

        with Image.open(io.BytesIO(data)) as image:
            return image.size
    except Exception:
        return 0, 0


def _read_maps(root: etree._Element, archive: zipfile.ZipFile, names: set[str], report: Inspection) -> None:
    for game_map in root.iter(etree.Element):
        if game_map.tag not in (
            "VASSAL.build.module.Map",
            "VASSAL.build.module.PrivateMap",
            "VASSAL.build.module.PlayerHand",
        ):
            continue
        map_name = game_map.get("mapName", "")
        boards = []
        for board in game_map.iter("VASSAL.build.module.map.boardPicker.Board"):
            image = board.get("image", "")
            width = height = 0
            if image and f"images/{image}" in names:
                width, height = _png_size(_read(archive, f"images/{image}"))
            info = BoardInfo(board.get("name", ""), image, width, height, "none")
            _read_grid(board, info)
            boards.append(info)
        if not boards:
            report.error(f"map '{map_name}' has no board", _path(game_map))
        report.maps[map_name] = boards


def _read_grid(board: etree._Element, info: BoardInfo) -> None:
    prefix = "VASSAL.build.module.map.boardPicker.board."
    for element in board.iter(etree.Element):
        tag = str(element.tag)
        if tag == prefix + "HexGrid":
            numbering = element.find(prefix + "mapgrid.HexGridNumbering")
            info.hex_grid = _hex_grid(element, numbering)
            info.grid = "hex"
        elif tag == prefix + "mapgrid.Zone":
            info.zones.append((element.get("name", ""), _polygon(element.get("path", ""))))
        elif tag == prefix + "Region":
            info.regions.append(
                (element.get("name", ""), _int(element.get("originx")), _int(element.get("originy")))
            )
            info.grid = "regions"
        elif tag == prefix + "SquareGrid":
            info.grid = "square"
    if info.zones and info.grid != "none":
        info.grid += " + zones"
    elif info.zones:
        info.grid = "zones"


def _int(value: str | None, default: int = 0) -> int:
    try:
        return int(value) if value is not None else default
    except ValueError:
        return default


def _float(value: str | None, default: float) -> float:
    try:
        return float(value) if value is not None else default
    except ValueError:
        return default


def _hex_grid(grid: etree._Element, numbering: etree._Element | None) -> VassalHexGrid:
    dy = _float(grid.get("dy"), 64.0)
    dx = _float(grid.get("dx"), dy * 3**0.5 / 2)
    n = numbering if numbering is not None else etree.Element("none")
    return VassalHexGrid(
        dx=dx,
        dy=dy,
        x0=_int(grid.get("x0")),
        y0=_int(grid.get("y0"), 32),
        sideways=grid.get("sideways") == "true",
        stagger=n.get("stagger", "true") == "true",
        h_type=n.get("hType", "N")[:1],
        h_off=_int(n.get("hOff"), 1),
        h_leading=_int(n.get("hLeading"), 1),
        v_type=n.get("vType", "N")[:1],
        v_off=_int(n.get("vOff"), 1),
        v_leading=_int(n.get("vLeading"), 1),
        first=n.get("first", "H")[:1],
    )


def _polygon(path: str) -> list[tuple[float, float]]:
    points = []
    for pair in path.split(";"):
        if "," in pair:
            x, y = pair.split(",", 1)
            points.append((_float(x, 0), _float(y, 0)))
    return points


def _inside(x: float, y: float, polygon: list[tuple[float, float]]) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


# --- setups --------------------------------------------------------------------------------------------


def _piece_name(traits: list[Trait]) -> str:
    """The name VASSAL shows: the BasicPiece's name as active layers change it."""
    base = traits[-1]
    fields = decode(base.type.split(";", 1)[1], ";") if ";" in base.type else []
    name = fields[3] if len(fields) > 3 else ""
    for trait in traits:
        if trait.prefix != "emb2;":
            continue
        fields = decode(trait.type.split(";", 1)[1], ";")
        level = _int(trait.state, 1)
        level_names = decode(fields[16], ",") if len(fields) > 16 else []
        if 0 < level <= len(level_names):
            shown = level_names[level - 1]
            if shown.startswith("+"):
                name = name + shown[1:]
            elif shown.endswith("+"):
                name = shown[:-1] + name
            elif shown:
                name = shown
    return name


def _check_setups(
    root: etree._Element,
    archive: zipfile.ZipFile,
    names: set[str],
    slots: dict[str, list[Trait]],
    report: Inspection,
) -> None:
    for setup in root.iter("VASSAL.build.module.PredefinedSetup"):
        if setup.get("useFile") != "true" or setup.get("isMenu") == "true":
            continue
        file = setup.get("file", "")
        summary = SetupSummary(setup.get("name", ""), file)
        report.setups.append(summary)
        where = f"setup '{summary.name}' ({file})"
        if file not in names:
            report.error("the setup file is not in the archive", where)
            continue
        try:
            inner = zipfile.ZipFile(io.BytesIO(_read(archive, file)))
            stream = deobfuscate(_read(inner, "savedGame"))
        except (zipfile.BadZipFile, KeyError, ValueError, UnicodeDecodeError, OSError) as exc:
            report.error(f"the setup cannot be read: {exc}", where)
            continue
        _check_commands(commands_of(stream), summary, slots, report, where)


def _check_commands(
    commands: list[str], summary: SetupSummary, slots: dict[str, list[Trait]], report: Inspection, where: str
) -> None:
    if not commands or commands[0] != BEGIN or commands[-1] != END:
        report.error("the command stream must start with begin_save and end with end_save", where)
    for command in commands:
        if not command.startswith("+/"):
            continue
        try:
            piece_id, traits = decode_add_piece(command)
        except ValueError as exc:
            if "/stack/" in command:
                continue
            report.error(f"a piece does not decode: {exc}", where)
            continue
        if traits[-1].prefix != "piece;":
            continue  # stacks and decks
        state = decode(traits[-1].state, ";")
        map_name, x, y = (
            state[0],
            _int(state[1] if len(state) > 1 else "0"),
            _int(state[2] if len(state) > 2 else "0"),
        )
        gpid = state[3] if len(state) > 3 else ""
        name = _piece_name(traits)
        if gpid and gpid not in slots:
            report.warn(f"piece {name} ({piece_id}) has gpid {gpid}, which no palette slot has", where)
        boards = report.maps.get(map_name)
        if not boards:
            report.error(f"piece {name} ({piece_id}) is on map '{map_name}', which the module lacks", where)
            summary.pieces.append(PlacedPiece(name, "(no map)", x, y, False))
            continue
        board = boards[0]
        on_board = 0 <= x < board.width and 0 <= y < board.height if board.width else True
        if not on_board:
            report.error(f"piece {name} ({piece_id}) at {x},{y} lies off the board", where)
        summary.pieces.append(PlacedPiece(name, board.location(x, y), x, y, on_board))
