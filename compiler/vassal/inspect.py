"""Read any .vmod and check it the way VASSAL 3.7 loads it.

The module is opened safely (compiler/vassal/inspection/archive.py: regular files only, every
entry read within limits), its component tree is checked against the classes VASSAL and the
module provide, every piece slot and prototype is decoded, the files components name are
looked for, and every predefined setup is started the way VASSAL starts it, so that each
piece gets the location name VASSAL gives it (maps.py, grids.py, games.py). Findings follow
the engine: errors for what VASSAL reports or what breaks play, warnings for the rest
(inspection/findings.py). Never raises for a bad file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from lxml import etree

from compiler.mapgeometry.boards import BoardSpec
from compiler.vassal.inspection import limits
from compiler.vassal.inspection.archive import JAVA_METHODS, ModuleArchive
from compiler.vassal.inspection.beanshell import TextMeter
from compiler.vassal.inspection.components import (
    check_classes,
    check_documents,
    check_single_instances,
    component_images,
    image_entry,
)
from compiler.vassal.inspection.encoding import check_reencoding
from compiler.vassal.inspection.findings import EntryProblem
from compiler.vassal.inspection.games import GameState, Item
from compiler.vassal.inspection.images import image_size
from compiler.vassal.inspection.keys import MarkerOrder, marker_point
from compiler.vassal.inspection.maps import MapSpec, read_maps
from compiler.vassal.inspection.metadata import RUNNING_VERSION, choose_build_file
from compiler.vassal.inspection.model import BoardInfo, Inspection, PlacedPiece, SetupSummary
from compiler.vassal.inspection.palette import Palette, read_palette
from compiler.vassal.inspection.properties import (
    MAX_EXPANDED_TRAITS,
    Evaluation,
    Properties,
    Prototypes,
    TooLarge,
    basic_name,
    check_calculated,
)
from compiler.vassal.inspection.saves import SaveProblem, SaveReader, entries_of
from compiler.vassal.inspection.startup import (
    PieceView,
    Reactions,
    StartupCommand,
    reactions_of,
    read_startup_commands,
    run_startup,
)
from compiler.vassal.inspection.traits import PieceKind, type_prefix
from compiler.vassal.inspection.xml import (
    JDK_ATTRIBUTE_LIMIT,
    EntitiesRefused,
    TooManyElements,
    crowded_element,
    element_path,
    parse,
    short_tag,
)
from compiler.vassal.namedkeys import named_key_codes
from compiler.vassal.savefile import BEGIN, END

__all__ = ["Inspection", "inspect_module"]

SETUP_TAG = "VASSAL.build.module.PredefinedSetup"
GLOBAL_PROPERTY_TAG = "VASSAL.build.module.properties.GlobalProperty"
NEW_GAME = "(new game)"
MAX_KEPT_EXPANSIONS = 20_000  # expanded pieces SetupChecks keeps for pieces alike


SetupHook = Callable[[SetupSummary], Any]
Expanded = tuple[list[tuple[str, str]], Properties, str]  # traits, properties, BasicName


def inspect_module(path: Path, on_setup: SetupHook | None = None) -> Inspection:
    """The module checked as VASSAL loads it. Setups are started one at a time and each one's
    game state and commands are let go once it is checked, so memory holds one setup at a time;
    ``on_setup`` (wgc import's) sees each while it is whole, and what it answers is kept as the
    setup's ``kept``."""
    report = Inspection(str(path))
    try:
        archive = ModuleArchive.open(path)
    except EntryProblem as problem:
        report.add(problem.code, problem.message)
        return report
    with archive:
        report.extend(archive.problems)
        _check_entry_flags(archive, report)
        root = _module_tree(archive, report)
        if root is not None:
            _inspect_tree(path, root, archive, report, on_setup)
    return report


def _inspect_tree(
    path: Path, root: etree._Element, archive: ModuleArchive, report: Inspection, on_setup: SetupHook | None
) -> None:
    encoders = check_classes(root, archive, report)
    check_single_instances(root, report)
    custom_traits = encoders.custom
    palette = read_palette(root, report, custom_traits, encoders.missing)
    maps = read_maps(root, archive, report)
    report.maps = {m.name: [_board_info(b) for b in m.boards] for m in maps}
    setups = [s for s in root.iter(SETUP_TAG) if s.get("isMenu") != "true"]
    if not setups and any(m.piles for m in maps):
        setups = [etree.Element(SETUP_TAG, name=NEW_GAME)]  # what File > New Game starts
    prototypes = Prototypes(palette.reader, palette.prototype_texts)
    check_reencoding(palette.slots, prototypes, _module_globals(root), report, named_key_codes(root))
    checks = SetupChecks(prototypes, read_startup_commands(root))
    checks.globals = frozenset(e.get("name", "") for e in root.iter(GLOBAL_PROPERTY_TAG))
    files = [s.get("file") if s.get("useFile") == "true" else None for s in setups]
    names = [name for spec in maps for name in (spec.name, spec.id)]
    with SaveReader(path, archive, entries_of(iter(files), archive), names) as saves:
        for setup in setups:
            summary = _run_setup(setup, maps, saves, palette, report, custom_traits, checks)
            if summary is not None and on_setup is not None:
                summary.kept = on_setup(summary)
            if summary is not None:
                summary.game = summary.commands = None
    shown = check_documents(root, archive, report)
    _check_images(root, archive, palette, shown, report)


def _module_globals(root: etree._Element) -> dict[str, str]:
    """The module's own global properties (not a map's) and their initial values."""
    found: dict[str, str] = {}
    for element in root.iter(GLOBAL_PROPERTY_TAG):
        holder = element.getparent()
        if holder is not None and holder.getparent() is root:
            found.setdefault(element.get("name", ""), element.get("initialValue", ""))
    return found


def _board_info(board: BoardSpec) -> BoardInfo:
    return BoardInfo(board.name, board.image, board.width, board.height, board.grid_kind)


def _check_entry_flags(archive: ModuleArchive, report: Inspection) -> None:
    """Entries Java could never read, whether or not anything names them."""
    for name, info in archive.entries.items():
        if info.flag_bits & 0x1:
            report.add("archive.encrypted", f"entry '{name}' is encrypted; VASSAL cannot read it")
        elif info.compress_type not in JAVA_METHODS:
            report.add(
                "archive.unsupported-method",
                f"entry '{name}' uses compression method {info.compress_type}; Java reads only 0 and 8",
            )


# --- moduledata and buildFile.xml ------------------------------------------------------------------


def _read_xml(archive: ModuleArchive, name: str, report: Inspection) -> etree._Element | None:
    try:
        root = parse(archive.read(name, limits.XML_ENTRY))
    except EntryProblem as problem:
        if problem.code not in ("archive.encrypted", "archive.unsupported-method"):
            report.add(problem.code, problem.message, name)
        return None
    except EntitiesRefused as exc:
        report.add("xml.entities", f"{name}: {exc.msg}", name)
        return None
    except TooManyElements as exc:
        report.add("xml.too-many-elements", f"{name}: {exc.msg}; not read", name)
        return None
    except etree.XMLSyntaxError as exc:
        report.add("xml.malformed", f"{name} is not well-formed XML: {exc}", name)
        return None
    crowded = crowded_element(root)
    if crowded is None:
        return root
    element, count = crowded
    report.add(
        "xml.too-many-attributes",
        f"{name}: element <{short_tag(element.tag)}> has {count:,} attributes, more than the "
        f"{JDK_ATTRIBUTE_LIMIT:,} Java's XML parser accepts: VASSAL cannot load the module",
        element_path(element),
    )
    return None


def _module_tree(archive: ModuleArchive, report: Inspection) -> etree._Element | None:
    """moduledata (optional), then the build file VASSAL opens (metadata.py)."""
    moduledata_version = None
    if archive.has("moduledata"):
        data = _read_xml(archive, "moduledata", report)
        moduledata_version = RUNNING_VERSION
        if data is not None:
            moduledata_version = (data.findtext("VassalVersion", RUNNING_VERSION)).strip()
            report.name = (data.findtext("name") or "").strip()
            report.vassal_version = (data.findtext("VassalVersion") or "").strip()
    choice = choose_build_file(archive, moduledata_version)
    if choice.build_file is None:
        report.add("module.not-a-module", f"VASSAL cannot open the module: {choice.refusal}")
        return None
    root = _read_xml(archive, choice.build_file, report)
    if root is None:
        return None
    report.build_file = choice.build_file
    report.version = root.get("version", "")
    if report.name and root.get("name", "").strip() != report.name:
        report.add(
            "module.name-mismatch",
            f"the module is named '{root.get('name')}' but moduledata says '{report.name}'",
        )
    report.name = report.name or root.get("name", "").strip()
    report.vassal_version = report.vassal_version or root.get("VassalVersion", "")
    return root


# --- setups ----------------------------------------------------------------------------------------


def _run_setup(
    setup: etree._Element,
    maps: list[MapSpec],
    saves: SaveReader,
    palette: Palette,
    report: Inspection,
    custom_traits: bool,
    checks: SetupChecks,
) -> SetupSummary | None:
    use_file = setup.get("useFile") == "true"
    file = setup.get("file") if use_file else None
    summary = SetupSummary(setup.get("name", ""), file)
    where = f"setup '{summary.name}'" + (f" ({file})" if file else "")
    state = GameState(maps, palette.reader, report, where, custom_traits)
    state.unbuildable = palette.unbuildable
    summary.game = state
    if file is not None:
        read = _setup_commands(file, saves, report, where)
        if read is None:
            return None
        commands, summary.empty_stacks = read
        summary.commands = commands
        for command in commands:
            state.apply(command)
    state.start()
    placed = state.placed()
    summary.pieces = [piece for _, piece in placed]
    report.setups.append(summary)
    summary.pieces += checks.run(state, placed, report, where)
    for item in state.items.values():
        if item.kind_of is not None:
            palette.use(item.kind_of, where)
    broken = {m.name for m in maps if any(b.broken for b in m.boards)}
    _report_placement(summary, report, where, broken)
    return summary


class SetupChecks:
    """Checks over the pieces of every started setup (expressions, startup commands), with
    each piece's prototypes expanded as in play; what they learn is shared across setups. What
    a piece's type allows is worked out once per type, so pieces with nothing to check cost
    next to nothing (saves can hold hundreds of thousands)."""

    def __init__(self, prototypes: Prototypes, commands: list[StartupCommand]) -> None:
        self.prototypes = prototypes
        self.commands = commands
        self.seen: set[tuple[str, str, str]] = set()
        self.globals: frozenset[str] = frozenset()  # the module's global property names
        self._kinds: dict[int, tuple[bool, Reactions | None]] = {}
        self._expansions: dict[tuple[int, tuple[str, ...]], Expanded] = {}
        self.meter = TextMeter()  # the text every expression of the module builds, together

    def run(
        self, state: GameState, placed: list[tuple[Item, PlacedPiece]], report: Inspection, where: str
    ) -> list[PlacedPiece]:
        """Expression checks, then the startup commands; the markers these place."""
        views = []
        for item, piece in placed:
            if item.kind_of is None or item.states is None or piece.map is None:
                continue
            calculates, reactions = self._kind(item.kind_of, item.states, report, where)
            if not calculates and reactions is None:
                continue
            traits, properties, name = self._expanded(item.kind_of, item.states)
            evaluation = Evaluation(properties, piece, name, self.meter)
            if calculates:
                check_calculated(piece, evaluation, report, where, self.seen)
            if reactions is not None:
                views.append(PieceView(piece, reactions, evaluation, traits))

        def place(view: PieceView, order: MarkerOrder) -> PieceView | str:
            return self._place(state, view, order)

        markers = run_startup(self.commands, views, place, report, where, self.globals)
        return [view.piece for view in markers]

    def _expanded(self, kind: PieceKind, states: list[str]) -> Expanded:
        """The piece's traits with its prototypes expanded, its properties and its BasicName
        (not TooLarge: _kind expanded it). Neither properties nor the name read the BasicPiece's
        state (the piece's place), so pieces of a kind whose other traits are in the same state
        share one expansion (ccnapoleonics: 59,000 pieces, a few thousand expansions); each
        gets its own copy of the values, which keys may set."""
        last = kind.types[-1] if kind.types else ""
        if not states or type_prefix(last) == "prototype;":
            traits = self.prototypes.expand(kind, states)
            return traits, self.prototypes.properties(traits), basic_name(traits)
        key = (id(kind), tuple(states[:-1]))
        found = self._expansions.get(key)
        if found is None:
            traits = self.prototypes.expand(kind, states)
            if len(self._expansions) >= MAX_KEPT_EXPANSIONS:
                self._expansions.clear()
            found = (traits[:-1], self.prototypes.properties(traits), basic_name(traits))
            self._expansions[key] = found
        inner, properties, name = found
        mine = Properties(dict(properties.values), properties.calculated)
        return [*inner, (last, states[-1])], mine, name

    def _place(self, state: GameState, view: PieceView, order: MarkerOrder) -> PieceView | str:
        """A marker onto the board where VASSAL first puts it, as a piece later commands see."""
        try:
            _, kind, states = self.prototypes.reader.add_piece(order.definition)
        except ValueError:
            return "a marker whose definition does not decode"
        try:
            traits = self.prototypes.expand(kind, states)
        except TooLarge:
            return f"a marker whose prototypes expand to more than {MAX_EXPANDED_TRAITS:,} traits"
        spec = next((m for m in state.maps if m.name == view.piece.map), None)
        layout = (spec.stacking, spec.layered) if spec is not None else (True, True)
        point = marker_point(order, view.traits, traits, (view.piece.x, view.piece.y), layout)
        added = point if isinstance(point, str) else state.add_marker(view.piece, point, kind, states)
        if isinstance(added, str):
            return added
        piece = added[1]
        evaluation = Evaluation(self.prototypes.properties(traits), piece, basic_name(traits), self.meter)
        return PieceView(piece, reactions_of(traits), evaluation, traits)

    def _kind(
        self, kind: PieceKind, states: list[str], report: Inspection, where: str
    ) -> tuple[bool, Reactions | None]:
        """(whether it has Calculated Properties to judge, its reactions to keys if any); a
        piece too large to expand has neither (reported once)."""
        found = self._kinds.get(id(kind))
        if found is None:
            try:
                traits = self.prototypes.expand(kind, states)
            except TooLarge as problem:
                report.add("piece.too-large", f"piece '{kind.basic_name}': {problem}; not judged", where)
                found = self._kinds[id(kind)] = (False, None)
                return found
            calculated = self.prototypes.properties(traits).calculated.values()
            reactions = reactions_of(traits) if self.commands else None
            reacts = reactions is not None and (reactions.effects or reactions.broadcasts)
            found = self._kinds[id(kind)] = (any(c.node for c in calculated), reactions if reacts else None)
        return found


def _setup_commands(
    file: str, saves: SaveReader, report: Inspection, where: str
) -> tuple[list[str], int] | None:
    """The commands of a setup's saved game less its empty stacks (savefile.read_commands),
    and how many those were; None (reported) when it cannot be read."""
    entry = saves.archive.find(file) if file else None
    if entry is None:
        report.add("setup.missing-file", f"the setup file '{file}' is not in the archive", where)
        return None
    read = saves.next_save(entry)
    if isinstance(read, SaveProblem):
        report.add(read.code, read.message, where)
        return None
    commands = read.commands
    if not commands or commands[0] != BEGIN or commands[-1] != END:
        report.add(
            "setup.bad-stream", "the commands do not start with begin_save and end with end_save", where
        )
    return commands, read.empty_stacks


def _report_placement(summary: SetupSummary, report: Inspection, where: str, broken: set[str]) -> None:
    """Pieces on no map, and pieces beside every board of their map (unless a board of that map
    lost its image, which is reported already and is the likelier cause)."""
    on_no_map = [p for p in summary.pieces if p.map is None]
    off_board = [
        p
        for p in summary.pieces
        if p.map is not None and p.map not in broken and not p.on_board and p.location == "offboard"
    ]
    if on_no_map:
        names = ", ".join(sorted({p.name for p in on_no_map})[:5])
        report.add("setup.on-no-map", f"{len(on_no_map)} piece(s) are on no map (e.g. {names})", where)
    if off_board:
        names = ", ".join(sorted({f"{p.name} ({p.map})" for p in off_board})[:5])
        report.add(
            "setup.off-board", f"{len(off_board)} piece(s) lie on no board of their map (e.g. {names})", where
        )


# --- images --------------------------------------------------------------------------------------------


def _check_images(
    root: etree._Element, archive: ModuleArchive, palette: Palette, shown: list[str], report: Inspection
) -> None:
    """Images in use must be in the archive and readable; images that only unused prototypes
    name are warned about. Each missing image is reported once, where it is first named."""
    unused = palette.unused_prototypes()
    used = component_images(root) + palette.images + [(image, "HTML chart") for image in shown]
    for name, named in palette.prototype_images.items():
        if name not in unused:
            used.extend(named)
    missing: dict[str, list[str]] = {}
    checked: set[str] = set()
    for image, where in used:
        entry = image_entry(archive, image)
        if entry is None:
            missing.setdefault(image, []).append(where)
        elif entry and entry not in checked:
            checked.add(entry)
            _verify_image(archive, entry, report, where)
    for image, places in missing.items():
        more = f" (named in {len(places) - 1} more place(s))" if len(places) > 1 else ""
        report.add("image.missing", f"image '{image}' is not in the archive{more}", places[0])
    _report_unused(palette, unused, set(missing), archive, report)


def _report_unused(
    palette: Palette, unused: set[str], missing: set[str], archive: ModuleArchive, report: Inspection
) -> None:
    """One warning per unused prototype that names images the archive lacks."""
    for name in sorted(unused):
        named = palette.prototype_images[name]
        gone = sorted({i for i, _ in named if i not in missing and image_entry(archive, i) is None})
        if gone:
            listed = ", ".join(f"'{image}'" for image in gone)
            report.add(
                "image.missing-unused",
                f"prototype '{name}', which no piece uses, names {listed}",
                named[0][1],
            )


def _verify_image(archive: ModuleArchive, entry: str, report: Inspection, where: str) -> None:
    try:
        head = archive.verify(entry, limits.IMAGE_ENTRY, keep=limits.IMAGE_HEADER)
        readable = image_size(entry, head) is not None
    except EntryProblem as problem:
        report.add(problem.code, problem.message, where)
        return
    if not readable:
        report.add("image.unreadable", f"'{entry}' is not an image VASSAL can read", where)
