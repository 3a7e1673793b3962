"""Hostile modules for `wgc inspect` (issue 19, items 12-16): each is small on disk and aims at
one place where inspect's work could grow without bound or a number could break Python.

tests/test_inspect_hostile.py inspects them (within limits of time and memory), and
bench/inspect_hostile.py measures the time and peak memory each takes.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass

from compiler.javatext.sequence import encode
from compiler.vassal.pieces import Trait, add_piece, basic_piece, marker, named_key
from tests.inspect_modules import (
    B,
    _xml,
    board_xml,
    map_xml,
    module,
    palette,
    place_marker,
    png,
    raw_zip,
    save,
    setup_xml,
    slot,
    square_grid,
    startup_command,
    trigger,
)


def calculated(name: str, expression: str) -> Trait:
    """A Calculated Property (calcProp;) named ``name`` computing ``expression``."""
    return Trait("calcProp;" + encode([name, expression, ""], ";"), "")


def _at_start(traits: list[Trait], extra: str = "", body: str = "") -> bytes:
    """A module whose one map starts a game with the piece ``traits`` in an at-start stack."""
    stack = (
        f'<{B}module.map.SetupStack name="Start" x="50" y="50" owningBoard="Field">'
        f"{slot('Piece', 1, traits)}</{B}module.map.SetupStack>"
    )
    field = map_xml("Land", board_xml("Field", size=(200, 200)), stack + extra)
    return module("Hostile", field + palette([]) + setup_xml("Begin", None) + body, {})


def calculated_graph(references: int, levels: int, literal: str = "1") -> bytes:
    """Calculated Properties C0 ... C<levels>: each reads the next ``references`` times, the last
    is ``literal``. Evaluated afresh at every reference, C0 costs references**levels."""
    expressions = {f"C{n}": "{" + " + ".join([f"C{n + 1}"] * references) + "}" for n in range(levels)}
    expressions[f"C{levels}"] = "{" + literal + "}"
    return calculated_piece(expressions)


def calculated_piece(expressions: dict[str, str], values: dict[str, str] | None = None) -> bytes:
    """A module starting a game with one piece: a Calculated Property per entry of
    ``expressions`` (name -> expression) and a Marker with ``values``."""
    traits = [calculated(name, text) for name, text in expressions.items()]
    traits.append(marker(values or {"Marked": "1"}))
    return _at_start([*traits, basic_piece("", "Piece", gpid="1")])


def long_literal(digits: int = 5000) -> bytes:
    """A Calculated Property holding an integer literal of ``digits`` digits (BeanShell cannot
    parse it: VASSAL reports an expression error), and a Trigger Action run by a startup
    command whose condition compares with the same literal (it throws, so it does not hold,
    and the marker it would have placed is not placed)."""
    number = "1" * digits
    fire = trigger(named_key("GO"), "{Count < " + number + "}", [named_key("PLANT")])
    flag = add_piece("null", [basic_piece("", "Flag", gpid="2")])
    plant = place_marker("", named_key("PLANT"), flag, "2")
    traits = [calculated("Big", "{" + number + "}"), fire, plant, marker({"Count": "3"})]
    target = "MODULE|true|MAP|Land||||0|0||false|||EQUALS||"
    command = startup_command("Go", named_key("GO"), target, "")
    return _at_start([*traits, basic_piece("", "Piece", gpid="1")], body=command)


def prototype_graph(count: int, uses: int) -> bytes:
    """Prototypes P0 ... P<count-1>, each using the next ``uses`` times (and holding a marker);
    a piece uses P0. Expanded in full, the piece has uses**count traits."""
    return prototype_module([[n + 1] * uses if n + 1 < count else [] for n in range(count)], [0])


def prototype_module(graph: list[list[int]], used: list[int], expression: str = "{M0 + 1}") -> bytes:
    """Prototypes P0 ... P<n-1>: P<i> uses the prototypes ``graph[i]`` lists, in order, then
    holds a Marker M<i> = i; the piece uses the prototypes ``used`` lists and has a Calculated
    Property Sum computing ``expression`` (which reads the markers it gets)."""
    definitions = []
    for n, inner in enumerate(graph):
        traits = [
            *[Trait(f"prototype;P{i}", "") for i in inner],
            marker({f"M{n}": str(n)}),
            basic_piece("", ""),
        ]
        definitions.append(
            f'<{B}module.PrototypeDefinition name="P{n}">{_xml(add_piece("null", traits))}'
            f"</{B}module.PrototypeDefinition>"
        )
    prototypes = f"<{B}module.PrototypesContainer>{''.join(definitions)}</{B}module.PrototypesContainer>"
    uses = [Trait(f"prototype;P{i}", "") for i in used]
    piece = [calculated("Sum", expression), *uses, basic_piece("", "Piece", gpid="1")]
    return _at_start(piece, body=prototypes)


def many_attributes(count: int, icon: str = "") -> bytes:
    """One component with ``count`` attributes (about 5 bytes each, compressed far less); the
    last one names the image ``icon`` when it is given."""
    names = [f'a{n}="{n}"' for n in range(count - 1 if icon else count)]
    attributes = " ".join([*names, f'icon="{icon}"'] if icon else names)
    return _at_start([basic_piece("", "Piece", gpid="1")], body=f"<{B}module.NotesWindow {attributes}/>")


def svg_board(root_attributes: str) -> bytes:
    """A map whose board image is an SVG drawing whose root element has ``root_attributes``,
    with a square grid numbered from the board's right and bottom edges (so a piece's location
    name tells the board's size) and a piece at (5, 5)."""
    drawing = (
        f'<svg xmlns="http://www.w3.org/2000/svg" {root_attributes}><rect width="10" height="10"/></svg>'
    )
    grid = square_grid(1_000_000.0, 1_000_000.0, 0, 0, 'sep="/" hDescend="true" vDescend="true"')
    field = map_xml("Land", board_xml("Field", grid, image="board.svg"))
    piece = add_piece("7", [basic_piece("dot.png", "Dot", "Land", 5, 5, "")])
    files = {"images/board.svg": drawing.encode(), "images/dot.png": png(10, 10)}
    files["placed.vsav"] = save("Drawn", [piece])
    return module("Drawn", field + palette([]) + setup_xml("Placed", "placed.vsav"), files)


# --- every hostile reproduction so far, as one list ------------------------------------------------
# tests/test_hostile_bounded.py runs each in a child process capped in CPU time and memory, so a
# fixed defect that comes back fails instead of passing slowly; bench/inspect_hostile.py prints
# the time and memory each takes.


@dataclass(frozen=True)
class HostileCase:
    """A module made to cost much (``build``), what `wgc COMMAND` must answer (its exit code and
    the codes its output names), and the peak memory it may take."""

    name: str
    build: Callable[[], bytes]
    command: str = "inspect"
    exit_code: int = 0
    codes: tuple[str, ...] = ()
    memory_mb: int = 300


def many_elements(count: int) -> bytes:
    """``count`` empty elements inside one component (issue 28: a million took 40 s)."""
    body = f"<{B}module.NotesWindow>" + "<x/>" * count + f"</{B}module.NotesWindow>"
    return _at_start([basic_piece("", "Piece", gpid="1")], body=body)


def with_entities(declarations: str, body: str) -> bytes:
    """A module whose buildFile.xml declares ``declarations`` in its DTD and holds ``body``."""
    data = _at_start([basic_piece("", "Piece", gpid="1")], body=body)
    entries = _entries(data)
    tree = entries["buildFile.xml"]
    head, rest = tree.split(b"\n", 1)
    entries["buildFile.xml"] = head + b"\n<!DOCTYPE x [" + declarations.encode() + b"]>\n" + rest
    return raw_zip(entries)


LAUGHS = '<!ENTITY a "xxxxxxxxxx">' + "".join(
    f'<!ENTITY a{n + 1} "{(f"&a{n};" if n else "&a;") * 10}">' for n in range(9)
)


def inflating(megabytes: int) -> bytes:
    """A module whose buildFile.xml inflates to ``megabytes`` MB (a zip bomb of a few kB)."""
    entries = _entries(_at_start([basic_piece("", "Piece", gpid="1")]))
    entries["buildFile.xml"] += b" " * (megabytes << 20)
    return raw_zip(entries)


def many_entries(count: int) -> bytes:
    """A module of ``count`` small entries besides its tree (issue 28: 100,000 imported in 46 s
    into a folder build then refused)."""
    entries = _entries(_at_start([basic_piece("", "Piece", gpid="1")]))
    entries.update({f"data/{n}.txt": b"x" for n in range(count)})
    return raw_zip(entries)


def blank_images(count: int, side: int) -> bytes:
    """``count`` blank PNGs of ``side`` x ``side`` pixels (issue 28: ten of 79 M pixels, a 0.9 MB
    module, took 27 s to import)."""
    entries = _entries(_at_start([basic_piece("", "Piece", gpid="1")]))
    image = png(side, side)
    entries.update({f"images/blank{n}.png": image for n in range(count)})
    return raw_zip(entries)


def _entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


HOSTILE: list[HostileCase] = [
    HostileCase(
        "19/12: a literal of 5000 digits",
        lambda: long_literal(5000),
        exit_code=1,
        codes=("piece.expression-error",),
    ),
    HostileCase("19/13: 2 refs x 19 levels", lambda: calculated_graph(2, 19)),
    HostileCase("19/13: 20 refs x 6 levels", lambda: calculated_graph(20, 6)),
    HostileCase("19/13: 150 refs x 5 levels", lambda: calculated_graph(150, 5)),
    HostileCase("28: 150 refs x 5 levels of text", lambda: calculated_graph(150, 5, '"a"')),
    HostileCase("28: 20 refs x 6 levels of text", lambda: calculated_graph(20, 6, '"abcdefghij"')),
    HostileCase(
        "19/14: 60 prototypes, each using the next twice",
        lambda: prototype_graph(60, 2),
        codes=("piece.too-large",),
    ),
    HostileCase(
        "19/15: 200,000 attributes on one element",
        lambda: many_attributes(200_000),
        exit_code=1,
        codes=("xml.too-many-attributes",),
    ),
    HostileCase(
        "19/16: an SVG board 400 digits wide",
        lambda: svg_board('width="' + "9" * 400 + '" height="10"'),
        codes=("image.oversized",),
    ),
    HostileCase(
        "28: a million empty elements",
        lambda: many_elements(1_000_000),
        exit_code=1,
        codes=("xml.too-many-elements",),
    ),
    HostileCase(
        "28: 16 million empty elements (64 MiB of XML)",
        lambda: many_elements(16_000_000),
        exit_code=1,
        codes=("xml.too-many-elements",),
    ),
    HostileCase(
        "28: 16 million empty elements, imported",
        lambda: many_elements(16_000_000),
        command="import",
        exit_code=1,
        codes=("xml.too-many-elements",),
    ),
    HostileCase(
        "28: a billion laughs",
        lambda: with_entities(LAUGHS, "<x>&a9;</x>"),
        exit_code=1,
        codes=("xml.entities",),
    ),
    HostileCase(
        "28: 70,000 entity expansions",
        lambda: with_entities('<!ENTITY e "x">', "<x>&e;</x>" * 70_000),
        exit_code=1,
        codes=("xml.entities",),
    ),
    HostileCase(
        "10: a tree that inflates to 200 MB",
        lambda: inflating(200),
        exit_code=1,
        codes=("archive.too-large",),
    ),
    HostileCase(
        "28: 100,001 small entries",
        lambda: many_entries(100_001),
        command="import",
        exit_code=1,
        codes=("import.too-large",),
    ),
    HostileCase(
        "28: ten blank PNGs of 79 M pixels",
        lambda: blank_images(10, 8900),
        command="import",
        codes=("import.pixel-budget",),
        memory_mb=500,
    ),
]
