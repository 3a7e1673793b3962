"""Hostile modules for `wgc inspect` (issue 19, items 12-16): each is small on disk and aims at
one place where inspect's work could grow without bound or a number could break Python.

tests/test_inspect_hostile.py inspects them (within limits of time and memory), and
bench/inspect_hostile.py measures the time and peak memory each takes.
"""

from __future__ import annotations

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
