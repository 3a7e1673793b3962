"""More small modules for the differential tests, each reproducing something found in public
modules (issue 20) or in hostile ones (issue 19) that `wgc inspect` read differently from
VASSAL 3.7.26; tests/inspect_modules.py adds them to its CASES, and their recordings are in
tests/fixtures/inspect/ like the others.

- old_build_file: a module of VASSAL 3.0 (uckelman/tld-mod): only `buildFile`, no moduledata.
- zone_grids: zones with grids of their own numbered from the zone's bounds (the Ragnarok
  module of jzedwards/vassal-hex-n-counters-template), and a zone without a name (tld).
- no_encoder: the only command encoder is a class the module does not ship, and a map with
  two Game Piece Layers (danj3000/BBVassal).
- old_formats: traits and states as older VASSALs wrote them, beside current ones (the
  re-encodings of tld, Paths of Glory, WMH and Dreadball).
- literals: integer literals BeanShell cannot parse, or parses into another value.
- drawn: SVG boards of absurd sizes.
"""

from __future__ import annotations

from compiler.javatext.sequence import encode
from compiler.vassal.archive import zip_bytes
from compiler.vassal.pieces import Trait, add_piece, basic_piece, marker
from tests.inspect_modules import (
    GRID,
    B,
    board_xml,
    build_file,
    hex_grid,
    map_xml,
    module,
    moduledata,
    palette,
    place_marker,
    png,
    save,
    setup_xml,
    slot,
    square_grid,
    startup_command,
    trigger,
    zone,
)


def old_build_file() -> bytes:
    """Only `buildFile`, its root a VASSAL.launch.BasicModule written by VASSAL 3.0b6, and no
    moduledata: VASSAL reads the first lines of `buildFile`, finds the module, and opens
    `buildFile` (the version it goes by is none, so before 3.5)."""
    body = map_xml("Main", board_xml("B", square_grid(50.0, 50.0, 25, 25, ""), "b.png")) + palette(
        [slot("Unit", 1, [basic_piece("u.png", "Unit", gpid="1")])]
    )
    text = build_file("Old", body).replace(b"VASSAL.build.GameModule", b"VASSAL.launch.BasicModule")
    text = text.replace(b'VassalVersion="3.7.0"', b'VassalVersion="3.0b6"')
    pieces = [add_piece("5", [basic_piece("u.png", "Unit", "Main", 80, 130, "1")])]
    body_setup = text.replace(
        b"</VASSAL.launch.BasicModule>",
        setup_xml("Start", "start.vsav").encode() + b"</VASSAL.launch.BasicModule>",
    )
    files = {"images/b.png": png(200, 200), "images/u.png": png(20, 20), "start.vsav": save("Old", pieces)}
    return zip_bytes({"buildFile": body_setup, **files})


def zone_grids() -> bytes:
    """A zone with its own square grid numbered downwards and to the left (rows and columns
    counted from the zone's own height and width, 240 and 300 px on a 600 x 400 board), a
    zone with its own hex grid numbered downwards, a zone with no name and no grid, and the
    board's own grid outside them; an at-start stack placed by a zone grid's location."""
    descending = 'first="H" sep="-" vDescend="true" hDescend="true" vLeading="1" hLeading="1"'
    grid = (
        f"<{GRID}ZonedGrid>"
        + zone(
            "Endurance",
            "0,100;300,100;300,340;0,340",
            square_grid(30.0, 30.0, 15, 115, descending),
            "$name$ $gridLocation$",
        )
        + zone(
            "Ridge",
            "300,0;600,0;600,150;300,150",
            hex_grid(40.0, 46.0, 320, 23, 'vDescend="true" stagger="false"'),
            "$name$ $gridLocation$",
        )
        + zone("", "300,200;600,200;600,400;300,400")
        + square_grid(100.0, 100.0, 50, 50, 'first="V"')
        + f"</{GRID}ZonedGrid>"
    )
    stack = (
        f'<{B}module.map.SetupStack name="Camp" x="0" y="0" owningBoard="Field" useGridLocation="true" '
        f'location="Endurance 03-05">{slot("Camp", 9, [basic_piece("d.png", "Camp", gpid="9")])}</{B}module.map.SetupStack>'
    )
    land = map_xml("Land", board_xml("Field", grid, "field.png"), stack)
    points = [
        (20, 110),
        (150, 200),
        (280, 330),
        (100, 339),
        (340, 40),
        (500, 120),
        (400, 300),
        (599, 399),
        (50, 50),
        (700, 50),
    ]
    pieces = [
        add_piece(str(70 + i), [basic_piece("d.png", f"Z{i}", "Land", x, y, "")])
        for i, (x, y) in enumerate(points)
    ]
    body = land + palette([]) + setup_xml("Placed", "placed.vsav") + setup_xml("Blank", None)
    files = {
        "images/field.png": png(600, 400),
        "images/d.png": png(10, 10),
        "placed.vsav": save("Zones", pieces),
    }
    return module("ZoneGrids", body, files)


def no_encoder() -> bytes:
    """The module's only command encoder is CounterFactory, a class it does not ship: while
    VASSAL builds the module it has no encoder, so every slot "couldn't build piece" and the
    at-start stack of a new game stays empty; it then adds a BasicCommandEncoder, which
    builds the pieces of a saved game. Its map has two Game Piece Layers and a board with
    two grids."""
    layers = f'<{B}module.map.LayeredPieceCollection property="Layer" layerOrder="a,b"/>'
    grids = square_grid(50.0, 50.0, 25, 25, "") + square_grid(40.0, 40.0, 20, 20, "")
    stack = (
        f'<{B}module.map.SetupStack name="Kick" x="60" y="60" owningBoard="Pitch">'
        f"{slot('Ball', 2, [marker({'Layer': 'a'}), basic_piece('ball.png', 'Ball', gpid='2')])}</{B}module.map.SetupStack>"
    )
    pitch = map_xml("Grass Pitch", board_xml("Pitch", grids, "pitch.png"), layers + layers + stack)
    body = pitch + palette(
        [slot("Player", 1, [marker({"Layer": "b"}), basic_piece("p.png", "Player", gpid="1")])]
    )
    setups = setup_xml("Kick-off", "kick.vsav") + setup_xml("Fresh", None)
    text = build_file("NoEncoder", body + setups).replace(
        f"<{B}module.BasicCommandEncoder/>".encode(), b"<CounterFactory/>"
    )
    pieces = [add_piece("7", [basic_piece("p.png", "Player", "Grass Pitch", 100, 100, "1")])]
    files = {"images/pitch.png": png(300, 200), "images/p.png": png(20, 20), "images/ball.png": png(10, 10)}
    return zip_bytes(
        {
            "moduledata": moduledata("NoEncoder"),
            "buildFile.xml": text,
            **files,
            "kick.vsav": save("NoEncoder", pieces),
        }
    )


# Traits as older VASSALs (or hand-written modules) have them, and the same in the current
# format. Each becomes a slot of its own: VASSAL rewrites some and keeps the others.
OLD_FORMATS: list[tuple[str, list[Trait]]] = [
    ("Layer v0", [Trait("emb2;;0;;Flip;2;F;;0;;;114,195;1;false;0;0;a.png,b.png;,;true;;;;false;;0", "1;")]),
    (
        "Layer now",
        [
            Trait(
                "emb2;;0;;Flip;2;F;;0;;;114,195;1;false;0;0;a.png,b.png;,;true;;;;false;;0;1;true;;70,130;;;1.0;;true",
                "1",
            )
        ],
    ),
    (
        "Layer follows global",
        [
            Trait(
                "emb2;;0;;;0;;;0;;;;1;false;0;0;a.png,b.png;,;true;Side;;;true;{Variant+1};1;1;true;;;;;1.0;;true",
                "1",
            )
        ],
    ),
    (
        "Layer follows marker",
        [
            marker({"Level": "3"}),
            Trait(
                "emb2;;0;;;0;;;0;;;;1;false;0;0;a.png,b.png,c.png;,,;true;Steps;;;true;Level;1;1;true;;;;;1.0;;true",
                "3",
            ),
        ],
    ),
    ("Property v1", [Trait("PROP;Model;false,0,100,false;Change:76\\,130:R\\,Change\\:", "x")]),
    (
        "Label v1",
        [
            Trait(
                "label;76,130;Change Label;16;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;TextLabel;",
                "",
            )
        ],
    ),
    (
        "Label hex colour",
        [
            Trait(
                "label;76,130;Change Label;16;;0xFF0000;t;0;c;0;b;c;$pieceName$;Dialog;0;0;TextLabel;;false",
                "",
            )
        ],
    ),
    ("Area v1", [Trait("AreaOfEffect;0,0,0;50;1;false;Scatter;83,130;;true;;Scatter", "false")]),
    ("Button v0", [Trait("button;57,520;-20;-20;40;40;Button", "")]),
    ("Return v1", [Trait("return;Return to Deck;82,130;Cards;Select destination", "")]),
    ("Mask v1", [Trait("obs;77,130;back.png;Mask;P;?;player:;Peek", "null")]),
    ("Shape v1", [Trait("nonRect;m,-2,-8,l,-2,8,l,5,8,c", "")]),
    ("Delete v1", [Trait("delete;;112,195", "")]),
    ("Clone old keys", [Trait("clone;Clone;67,2;", "")]),
    ("Rotate v1", [Trait("rotate;6;93,130;91,130;Rotate CW;Rotate CCW;;;", "0")]),
    ("Rotate free", [Trait("rotate;1;82,130;Rotate;;;;;;;;true", "0")]),
    ("Immobile short", [Trait("immob;g;N", "")]),
    ("Invisible v1", [Trait("hide;73,130;Invisible", "null")]),
    ("Send v1", [Trait("sendto;Send;83,130;Main;;10;10", ";;")]),
    ("Moved v1", [Trait("markmoved;moved.gif;0;0", "false")]),
    ("Trigger v1", [Trait("macro;;;71,130;;;72\\,130;false", "")]),
    ("Report now", [Trait("report;68\\,130;$location$: $newPieceName$ *;;;;false", "-1")]),
]


def old_formats() -> bytes:
    """Slots VASSAL rewrites (old formats, old states, a Layer following a global property, a
    BasicPiece state without gpid, persistent properties out of HashMap order, a gpid that is
    not the slot's) beside slots it keeps as they are."""
    slots = [
        slot(name, 10 + n, [*traits, basic_piece("u.png", name, gpid=str(10 + n))])
        for n, (name, traits) in enumerate(OLD_FORMATS)
    ]
    plain_states = {
        "State v1": "null;0;0",
        "Props out of order": "null;0;0;50;2;b;1;a;2",
        "Props in order": "null;0;0;51;2;a;2;b;1",
        "Other gpid": "null;0;0;99;0",
        "Plain now": "null;0;0;53;0",
    }
    for n, (name, state) in enumerate(plain_states.items(), start=50):
        slots.append(slot(name, n, [Trait("piece;;;u.png;" + name, state)]))
    variant = f'<{B}module.properties.GlobalProperties><{B}module.properties.GlobalProperty name="Variant" initialValue="1" isNumeric="true" min="0" max="1" wrap="false" description=""/></{B}module.properties.GlobalProperties>'
    body = map_xml("Main", board_xml("B", image="b.png")) + variant + palette(slots)
    files = {"images/b.png": png(100, 100), "images/u.png": png(10, 10), "images/a.png": png(10, 10)}
    return module("OldFormats", body, {**files, "images/back.png": png(10, 10)})


def _calculated(name: str, expression: str) -> Trait:
    return Trait("calcProp;" + encode([name, expression, ""], ";"), "")


def literals() -> bytes:
    """Integer literals as BeanShell's parser reads them: one of 30 digits fails the
    expression (a Calculated Property, and a Trigger Action's condition run at startup,
    which then does not hold); 4294967296 wraps to 0 (so 1 / 4294967296 divides by zero);
    11111111111 wraps to a negative number. The startup command's filter reads all three
    properties, so VASSAL evaluates (and reports) them."""
    big = "1" * 30
    traits = [
        _calculated("Big", "{" + big + "}"),
        _calculated("Wrap", "{1 / 4294967296}"),
        _calculated("Neg", '{(11111111111 < 0) ? "ab".substring(5) : "fine"}'),
        _calculated("Fine", "{2147483647 + 1}"),
        trigger("71,130", "{Count < " + big + "}", ["80,130"]),
        place_marker("", "80,130", add_piece("null", [basic_piece("f.png", "Flag", gpid="8")]), "8"),
        marker({"Count": "3"}),
    ]
    stack = (
        f'<{B}module.map.SetupStack name="Post" x="50" y="50" owningBoard="Ground">'
        f"{slot('Post', 1, [*traits, basic_piece('p.png', 'Post', gpid='1')])}</{B}module.map.SetupStack>"
    )
    land = map_xml("Land", board_xml("Ground", image="g.png"), stack)
    target = "MODULE|true|MAP|Land||||0|0||false|||EQUALS||"
    command = startup_command(
        "Go", "71,130", target, '{Big != "x" && Wrap != "x" && Neg != "x" && Fine != "x"}'
    )
    files = {"images/g.png": png(200, 100), "images/p.png": png(20, 20), "images/f.png": png(10, 10)}
    return module("Literals", land + command + palette([]) + setup_xml("Fresh", None), files)


def drawn() -> bytes:
    """Boards drawn as SVG: a width of 400 digits (VASSAL: the int limit), a viewBox of 400
    digits (the same), a viewBox of 'nan inf' (VASSAL cannot read the image); a grid numbered
    from the right and bottom edges names each piece after the board's size."""
    descending = 'sep="/" hDescend="true" vDescend="true"'
    drawings = {
        "wide": 'width="' + "9" * 400 + '" height="10"',
        "boxed": 'viewBox="0 0 ' + "9" * 400 + ' 10"',
        "broken": 'viewBox="0 0 nan inf"',
    }
    maps, files, pieces = "", {}, []
    for n, (name, attributes) in enumerate(drawings.items()):
        grid = square_grid(1_000_000.0, 1_000_000.0, 0, 0, descending)
        maps += map_xml(name, board_xml(name, grid, image=f"{name}.svg"))
        drawing = f'<svg xmlns="http://www.w3.org/2000/svg" {attributes}><rect width="10" height="10"/></svg>'
        files[f"images/{name}.svg"] = drawing.encode()
        pieces.append(add_piece(str(90 + n), [basic_piece("d.png", f"D{n}", name, 5, 5, "")]))
    files["images/d.png"] = png(10, 10)
    return module(
        "Drawn",
        maps + palette([]) + setup_xml("Placed", "placed.vsav"),
        {**files, "placed.vsav": save("Drawn", pieces)},
    )


FOUND = {
    "old_build_file": old_build_file,
    "zone_grids": zone_grids,
    "no_encoder": no_encoder,
    "old_formats": old_formats,
    "literals": literals,
    "drawn": drawn,
}
