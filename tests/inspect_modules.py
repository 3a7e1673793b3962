"""Small VASSAL modules that each show one thing `wgc inspect` must read as VASSAL does.

tests/test_inspect_vassal.py inspects them and compares with what the real VASSAL 3.7.26
engine answered for the very same bytes (recorded in tests/fixtures/inspect/*.json by
tests/fixtures/inspect/record.py). Every module is built deterministically, so a recorded
answer stays valid until a case here changes; then record again.
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from collections.abc import Callable
from io import BytesIO

from compiler.javatext.sequence import encode
from compiler.vassal.archive import zip_bytes
from compiler.vassal.pieces import Trait, add_piece, basic_piece, delete, layer, marker, named_key, report
from compiler.vassal.savefile import save_bytes

MODULE_VERSION = "1.0"
B = "VASSAL.build."
GRID = B + "module.map.boardPicker.board."


def png(width: int, height: int, shade: int = 200) -> bytes:
    """A plain grey PNG of the given size (deterministic bytes)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + bytes([shade]) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def moduledata(name: str) -> bytes:
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        f'<data version="1"><version>{MODULE_VERSION}</version><extra1/><extra2/>'
        f"<VassalVersion>3.7.0</VassalVersion><dateSaved>0</dateSaved><name>{name}</name>"
        "<description/></data>\n"
    ).encode()


def build_file(name: str, body: str, next_gpid: int = 100) -> bytes:
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        f'<{B}GameModule name="{name}" version="{MODULE_VERSION}" VassalVersion="3.7.0" '
        f'description="" nextPieceSlotId="{next_gpid}">'
        f"<{B}module.BasicCommandEncoder/><{B}module.Documentation/><{B}module.GlobalOptions/>"
        f"<{B}module.Chatter/><{B}module.KeyNamer/>{body}</{B}GameModule>\n"
    ).encode()


def map_xml(
    name: str, boards: str, extra: str = "", edge: tuple[int, int] = (0, 0), default: str = ""
) -> str:
    setup = f"<setup>{default}</setup>" if default else ""
    return (
        f'<{B}module.Map mapName="{name}" edgeWidth="{edge[0]}" edgeHeight="{edge[1]}" allowMultiple="false">'
        f"<{B}module.map.BoardPicker>{boards}{setup}</{B}module.map.BoardPicker>{extra}</{B}module.Map>"
    )


def board_xml(
    name: str, grid: str = "", image: str = "", size: tuple[int, int] | None = None, rev: bool = False
) -> str:
    attributes = f'name="{name}" image="{image}" reversible="{str(rev).lower()}"'
    if size is not None:
        attributes += f' width="{size[0]}" height="{size[1]}"'
    return f"<{B}module.map.boardPicker.Board {attributes}>{grid}</{B}module.map.boardPicker.Board>"


def hex_grid(dx: float, dy: float, x0: int, y0: int, numbering: str, sideways: bool = False) -> str:
    return (
        f'<{GRID}HexGrid dx="{dx}" dy="{dy}" x0="{x0}" y0="{y0}" sideways="{str(sideways).lower()}">'
        f"<{GRID}mapgrid.HexGridNumbering {numbering}/></{GRID}HexGrid>"
    )


def square_grid(dx: float, dy: float, x0: int, y0: int, numbering: str) -> str:
    return (
        f'<{GRID}SquareGrid dx="{dx}" dy="{dy}" x0="{x0}" y0="{y0}">'
        f"<{GRID}mapgrid.SquareGridNumbering {numbering}/></{GRID}SquareGrid>"
    )


def region_grid(regions: list[tuple[str, int, int]]) -> str:
    inner = "".join(f'<{GRID}Region name="{n}" originx="{x}" originy="{y}"/>' for n, x, y in regions)
    return f"<{GRID}RegionGrid>{inner}</{GRID}RegionGrid>"


def zone(name: str, path: str, grid: str = "", location_format: str = "$name$", parent: bool = False) -> str:
    return (
        f'<{GRID}mapgrid.Zone name="{name}" path="{path}" locationFormat="{location_format}" '
        f'useParentGrid="{str(parent).lower()}">{grid}</{GRID}mapgrid.Zone>'
    )


def slot(name: str, gpid: int, traits: list[Trait]) -> str:
    return f'<{B}widget.PieceSlot entryName="{name}" gpid="{gpid}">{_xml(add_piece("null", traits))}</{B}widget.PieceSlot>'


def card_slot(name: str, gpid: int, traits: list[Trait]) -> str:
    return f'<{B}widget.CardSlot entryName="{name}" gpid="{gpid}">{_xml(add_piece("null", traits))}</{B}widget.CardSlot>'


def palette(slots: list[str]) -> str:
    return (
        f'<{B}module.PieceWindow name="Pieces"><{B}widget.ListWidget entryName="All">'
        f"{''.join(slots)}</{B}widget.ListWidget></{B}module.PieceWindow>"
    )


def setup_xml(name: str, file: str | None) -> str:
    use = f'useFile="true" file="{file}"' if file else 'useFile="false" file=""'
    return f'<{B}module.PredefinedSetup name="{name}" {use} isMenu="false"/>'


def save(name: str, commands: list[str]) -> bytes:
    return save_bytes(["SETUP_STACK\t", *commands], name, MODULE_VERSION)


def deck_command(piece_id: str, deck_name: str, map_name: str, x: int, y: int, cards: list[str]) -> str:
    deck_type = "deck;true;0,0,0;40;40;Always;Always;true;true;true;;;;" + deck_name
    state = encode([map_name, str(x), str(y), "false", encode(cards, ",")], ";")
    return "+/" + encode([piece_id, deck_type, state], "/")


def stack_command(piece_id: str, map_name: str, x: int, y: int, ids: list[str]) -> str:
    return "+/" + encode([piece_id, "stack", encode([map_name, str(x), str(y), *ids, "@@-1"], ";")], "/")


def boards_command(map_id: str, boards: list[tuple[str, int, int]]) -> str:
    return encode([map_id + "BoardPicker", *[str(v) for board in boards for v in board]], "\t")


def unit(
    name: str, image: str, map_name: str = "null", x: int = 0, y: int = 0, gpid: str = ""
) -> list[Trait]:
    return [marker({"Kind": "unit"}), basic_piece(image, name, map_name, x, y, gpid)]


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def raw_zip(entries: dict[str, bytes]) -> bytes:
    """An archive with the entries under exactly the names given, safe or not (zip_bytes refuses
    an unsafe name: a hostile module needs them)."""
    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(entries):
            archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), entries[name])
    return buffer.getvalue()


def module(name: str, body: str, files: dict[str, bytes]) -> bytes:
    return zip_bytes({"moduledata": moduledata(name), "buildFile.xml": build_file(name, body), **files})


# --- the cases ----------------------------------------------------------------------------------


def hexes() -> bytes:
    """A hex map with an edge buffer and a side map with a square grid and no image; pieces
    alone, stacked, in the edge, on no map, on an unknown map, on a stack without a map."""
    main = map_xml(
        "Main",
        board_xml(
            "Hex",
            hex_grid(60.0, 52.0, 30, 26, 'hType="A" hOff="0" vOff="1" vLeading="0" stagger="true"'),
            "hex.png",
        ),
        edge=(20, 30),
    )
    side = map_xml(
        "Side",
        board_xml(
            "Plain",
            square_grid(40.0, 25.0, 20, 12, 'first="H" sep="-" vType="A" vDescend="true"'),
            size=(200, 100),
        ),
    )
    slots = [
        slot("Tank", 1, unit("Tank", "tank.png", gpid="1")),
        slot("Foot", 2, unit("Foot", "foot.png", gpid="2")),
    ]
    pieces = [
        add_piece("11", unit("Tank", "tank.png", "Main", 50, 56, "1")),
        add_piece("12", unit("Foot", "foot.png", "Main", 200, 160, "2")),
        add_piece("13", unit("Tank", "tank.png", "Main", 0, 0, "1")),
        add_piece("14", unit("Foot", "foot.png", "Main", 0, 0, "2")),
        stack_command("15", "Main", 321, 244, ["13", "14"]),
        add_piece("16", unit("Foot", "foot.png", "Main", 5, 5, "2")),
        add_piece("17", unit("Foot", "foot.png", "null", 0, 0, "2")),
        add_piece("18", unit("Tank", "tank.png", "Main", 90, 90, "1")),
        stack_command("19", "null", 0, 0, ["18"]),
        add_piece("20", unit("Tank", "tank.png", "Side", 61, 40, "1")),
        add_piece("21", unit("Tank", "tank.png", "Side", 250, 40, "1")),
        add_piece("22", unit("Foot", "foot.png", "Map0", 430, 300, "77")),
        add_piece("23", unit("Foot", "foot.png", "Atlantis", 10, 10, "2")),
    ]
    body = main + side + palette(slots) + setup_xml("Start", "start.vsav")
    files = {
        "images/hex.png": png(400, 300),
        "images/tank.png": png(20, 20),
        "images/foot.png": png(20, 20, 90),
    }
    return module("Hexes", body, {**files, "start.vsav": save("Hexes", pieces)})


def decks() -> bytes:
    """Decks named by their piles, cards held in a deck (their own map 'null'), a piece that
    merely stands on a deck's point, and the same piles dealt by a new game."""
    cards = [
        card_slot(f"Card {n}", 10 + n, unit(f"Card {n}", "card.png", gpid=str(10 + n))) for n in range(3)
    ]
    piles = (
        f'<{B}module.map.DrawPile name="Draw" x="100" y="100" owningBoard="">{"".join(cards)}</{B}module.map.DrawPile>'
        f'<{B}module.map.DrawPile name="Discard" x="300" y="100" owningBoard="Table"/>'
        f'<{B}module.map.SetupStack name="Tokens" x="50" y="300" owningBoard="Table">'
        f"{slot('Token', 20, unit('Token', 'card.png', gpid='20'))}</{B}module.map.SetupStack>"
    )
    table = map_xml(
        "Cards", board_xml("Table", square_grid(100.0, 100.0, 50, 50, ""), "table.png"), piles, edge=(10, 10)
    )
    pieces = [
        add_piece("31", unit("Card 0", "card.png", "null", 0, 0, "10")),
        add_piece("32", unit("Card 1", "card.png", "null", 0, 0, "11")),
        deck_command("33", "Draw", "Cards", 110, 110, ["31", "32"]),
        add_piece("34", unit("Card 2", "card.png", "Cards", 310, 110, "12")),
        add_piece("35", unit("Token", "card.png", "Cards", 420, 260, "20")),
    ]
    body = table + palette([]) + setup_xml("Dealt", "dealt.vsav") + setup_xml("Fresh", None)
    files = {"images/table.png": png(500, 400), "images/card.png": png(30, 40)}
    return module("Decks", body, {**files, "dealt.vsav": save("Decks", pieces)})


def zones() -> bytes:
    """A zoned board: a zone named after its own region grid, one with its own hex grid and a
    format, one with no grid, one using the board's square grid, points on zone edges, and
    at-start stacks placed by grid location (one location that does not exist)."""
    numbering = 'hType="N" hOff="1" vOff="1" stagger="false"'
    grid = (
        f"<{GRID}ZonedGrid>"
        + zone(
            "Forest",
            "0,0;200,0;200,200;0,200",
            region_grid([("Oak", 50, 50), ("Pine", 150, 150)]),
            "$gridLocation$",
        )
        + zone(
            "Hills",
            "200,0;400,0;400,200;200,200",
            hex_grid(40.0, 46.0, 220, 23, numbering),
            "$name$ $gridLocation$",
        )
        + zone("Lake", "0,200;200,400;0,400")
        + zone(
            "Plain", "200,200;400,200;400,400;200,400", location_format="$name$:$gridLocation$", parent=True
        )
        + square_grid(50.0, 50.0, 25, 25, 'first="V" sep="." hType="A" hOff="0"')
        + f"</{GRID}ZonedGrid>"
    )
    stacks = "".join(
        f'<{B}module.map.SetupStack name="{name}" x="5" y="5" owningBoard="Zoned" useGridLocation="true" '
        f'location="{where}">{slot(name, 40 + n, unit(name, "dot.png", gpid=str(40 + n)))}</{B}module.map.SetupStack>'
        for n, (name, where) in enumerate(
            [("At Pine", "Pine"), ("At Hill", "Hills 0203"), ("Lost", "Nowhere")]
        )
    )
    land = map_xml("Land", board_xml("Zoned", grid, "land.png"), stacks)
    points = [
        (50, 52),
        (149, 150),
        (260, 70),
        (40, 380),
        (300, 300),
        (500, 300),
        (200, 100),
        (100, 300),
        (199, 199),
    ]
    pieces = [
        add_piece(str(50 + i), unit(f"P{i}", "dot.png", "Land", x, y, "")) for i, (x, y) in enumerate(points)
    ]
    body = land + palette([]) + setup_xml("Placed", "placed.vsav") + setup_xml("Blank", None)
    files = {"images/land.png": png(600, 400), "images/dot.png": png(10, 10)}
    return module("Zones", body, {**files, "placed.vsav": save("Zones", pieces)})


def boards() -> bytes:
    """A map of several boards laid out by its default setup or by a save (a reversed board,
    boards of a size but no image, a gap between boards), a map whose board has no grid, and
    a board whose image is missing."""
    front = map_xml(
        "Front",
        board_xml("North", square_grid(50.0, 50.0, 25, 25, 'hType="A" hOff="0"'), "north.png")
        + board_xml("South", hex_grid(40.0, 46.0, 20, 23, 'hOff="0" vOff="0"'), size=(300, 150))
        + board_xml("East", region_grid([("Port", 40, 60), ("Fort", 150, 300)]), "east.png", rev=True),
        default="FrontBoardPicker\tNorth\t0\t0\tSouth\t0\t1",
    )
    single = map_xml("Single", board_xml("Blank"))
    lost = map_xml("Lost", board_xml("Missing", image="lost.png"))
    layout = boards_command("Map0", [("East/rev", 0, 0), ("North", 1, 0), ("South", 1, 1), ("Ghost", 2, 0)])
    spots = [(30, 60), (190, 300), (230, 20), (470, 180), (250, 360), (150, 380)]
    pieces = [layout] + [
        add_piece(str(60 + i), unit(f"F{i}", "dot.png", "Front", x, y)) for i, (x, y) in enumerate(spots)
    ]
    pieces += [
        add_piece("70", unit("S", "dot.png", "Single", 250, 250)),
        add_piece("71", unit("L", "dot.png", "Lost", 5, 5)),
    ]
    body = (
        front
        + single
        + lost
        + palette([])
        + setup_xml("Custom", "custom.vsav")
        + setup_xml("Default layout", None)
    )
    files = {
        "images/north.png": png(300, 200),
        "images/east.png": png(200, 350),
        "images/dot.png": png(10, 10),
    }
    return module("Boards", body, {**files, "custom.vsav": save("Boards", pieces)})


def markers() -> bytes:
    """Prototypes in use and unused, a layer image that is missing, a Place Marker that
    creates a piece with a gpid no slot has, an unknown trait, a preference component and
    a component class VASSAL does not have."""
    flip = layer(["face.png", "back-missing.png"], ["", "+ (back)"], "Flip", "70,130", "Side")
    made = add_piece("null", [basic_piece("face.png", "Made", gpid="99")])
    place = Trait("placemark;" + encode(["Make", "77,130", made, "null", "0", "0"], ";"), "")
    prototypes = (
        f"<{B}module.PrototypesContainer>"
        f'<{B}module.PrototypeDefinition name="Unit">{_xml(add_piece("null", [flip, place, basic_piece("", "")]))}'
        f"</{B}module.PrototypeDefinition>"
        f'<{B}module.PrototypeDefinition name="Old">{_xml(add_piece("null", [basic_piece("gone.png", "")]))}'
        f"</{B}module.PrototypeDefinition></{B}module.PrototypesContainer>"
    )
    used = [Trait("prototype;Unit", ""), basic_piece("face.png", "Leader", gpid="1")]
    odd = [Trait("zzz;whatever", ""), basic_piece("face.png", "Odd", gpid="2")]
    extras = (
        f'<{B}module.PieceWindow name="Pieces">{slot("Leader", 1, used)}{slot("Odd", 2, odd)}</{B}module.PieceWindow>'
        f'<VASSAL.preferences.BooleanPreference name="Fast" tab="Game" default="true"/>'
        f'<{B}module.NoSuchThing name="x"/>'
    )
    pieces = [
        add_piece("81", [marker({"Kind": "x"}), basic_piece("face.png", "Made", "Table", 40, 40, "99")])
    ]
    body = (
        prototypes + map_xml("Table", board_xml("T", square_grid(50.0, 50.0, 25, 25, ""), "t.png")) + extras
    )
    files = {"images/face.png": png(20, 20), "images/t.png": png(200, 200)}
    return module(
        "Markers", body + setup_xml("One", "one.vsav"), {**files, "one.vsav": save("Markers", pieces)}
    )


def names() -> bytes:
    """Entry names as some ZIP tools write them: UTF-8 without the UTF-8 flag, and an NFD name
    that a piece asks for in NFC (VASSAL finds both)."""
    slots = [
        slot("Otto", 1, unit("Otto", "Otto von Lüneburg(b).png", gpid="1")),
        slot("Ö", 2, unit("Ö", "Öl.png", gpid="2")),
    ]
    body = map_xml("Main", board_xml("B", image="b.png")) + palette(slots)
    files = {
        "images/b.png": png(100, 100),
        "images/Otto von Lüneburg(b).png": png(20, 20),
        "images/O\u0308l.png": png(20, 20),
    }
    return without_utf8_flag(module("Names", body, files))


def charts() -> bytes:
    """An HTML chart showing one image that exists and one that does not, one in a subfolder
    (which VASSAL leaves to the HTML viewer), and a help file that is missing."""
    page = '<html><body><img src="there.png"><img src="missing.png" width="10"<br><img src="sub/x.png"></body></html>'
    body = (
        map_xml("Main", board_xml("B", image="b.png"))
        + f'<{B}module.ChartWindow name="Charts"><{B}widget.HtmlChart chartName="Help" fileName="help.html"/>'
        f"</{B}module.ChartWindow>"
    )
    files = {"images/b.png": png(100, 100), "images/there.png": png(10, 10), "help.html": page.encode()}
    return module("Charts", body, files)


def place_marker(
    command: str,
    key_stroke: str,
    made: str,
    gpid: str,
    old: bool = False,
    offsets: tuple[str, str] = ("0", "0"),
    afterburner: str = "",
) -> Trait:
    """Place Marker (placemark;) creating the piece ``made`` (an AddPiece text) at the offsets
    (x, then y upwards); ``old``: as VASSAL wrote it before its last three fields existed."""
    fields = [command, key_stroke, made, "null", *offsets, "false", afterburner, "", gpid, "0", "false"]
    return Trait("placemark;" + encode(fields if old else [*fields, "false", "", "1"], ";"), "")


def startup_command(name: str, key_stroke: str, target: str, filter_expression: str) -> str:
    return (
        f'<{B}module.StartupGlobalKeyCommand name="{name}" hotkey="{key_stroke}" '
        'hotkeyOrKeyCommand="sendKeyCommand" whenToApply="startOfGameOnly" buttonText="" buttonHotkey="" '
        'icon="" tooltip="" canDisable="false" propertyGate="" deckCount="-1" reportFormat="" reportSingle="true" '
        f'singleMap="true" suppressSounds="false" filter="{_xml(filter_expression).replace(chr(34), "&quot;")}" '
        f'target="{target}"/>'
    )


def trigger(key_stroke: str, condition: str, actions: list[str]) -> Trait:
    """Trigger Action (macro;) on ``key_stroke`` that fires ``actions`` when ``condition`` holds."""
    fields = [
        *["", "", key_stroke, condition, "", encode(actions, ","), "false", "", ""],
        *["counted", "", "", "1", "false", "", "1", "1"],
    ]
    return Trait("macro;" + encode(fields, ";"), "")


def dynamic_property(name: str, value: str, key_stroke: str, new_value: str) -> Trait:
    """Dynamic Property (PROP;) holding ``value`` that ``key_stroke`` sets to ``new_value``."""
    command = encode(["", key_stroke, encode(["P", new_value], ",")], ":")
    return Trait("PROP;" + encode([name, "false,0,100,false", encode([command], ","), ""], ";"), value)


def startup() -> bytes:
    """A startup global key command whose key makes posts place flags (VASSAL runs it for every
    setup it starts, and so does inspect), and a Calculated Property that throws for a post
    whose location has no parenthesis (read by the command's filter, so VASSAL reports it), but
    not for a post elsewhere or on no map. The same key sets a Dynamic Property from a Marker
    (Start) that only some posts have, and a Trigger Action outside it then reads it: it sees
    the new value (inner traits first), so posts with a Start place a pennant 100 pixels east
    (an offset, a marker that neither stacks nor snaps: in Camp); the pennant's afterburner key is not
    followed, and inspect says so."""
    paren = Trait('calcProp;Paren;{LocationName.indexOf("(")};', "")
    short = Trait("calcProp;Short;{LocationName.substring(0, Paren-1)};", "")
    flag = add_piece("null", [basic_piece("flag.png", "Flag", gpid="90")])
    pennant = add_piece("null", [Trait("immob;g;N;R;", ""), basic_piece("flag.png", "Pennant", gpid="91")])
    plant = place_marker("", named_key("PLANT"), pennant, "91", offsets=("100", "0"), afterburner="WAVE")
    raise_if_started = trigger(named_key("INIT"), "{Raised != 0}", [named_key("PLANT")])
    raised = dynamic_property("Raised", "0", named_key("INIT"), '{(Start != "") ? Start : 0}')
    post = [short, paren, place_marker("", named_key("INIT"), flag, "90"), raise_if_started, raised, plant]
    post.append(marker({"Post": "Y"}))
    prototypes = (
        f'<{B}module.PrototypesContainer><{B}module.PrototypeDefinition name="Post">'
        f"{_xml(add_piece('null', [*post, basic_piece('', '')]))}</{B}module.PrototypeDefinition>"
        f"</{B}module.PrototypesContainer>"
    )
    stacks = "".join(
        f'<{B}module.map.SetupStack name="{name}" x="{x}" y="50" owningBoard="Ground">'
        f"{slot('Post', gpid, [*start, Trait('prototype;Post', ''), basic_piece('post.png', 'Post', gpid=str(gpid))])}"
        f"</{B}module.map.SetupStack>"
        for name, x, gpid, start in [("West", 50, 1, [marker({"Start": "1"})]), ("East", 150, 2, [])]
    )
    regions = region_grid([("Fort (Hill)", 50, 50), ("Camp", 150, 50)])
    land = map_xml("Land", board_xml("Ground", regions, "g.png"), stacks)
    target = "MODULE|true|MAP|Land||||0|0||true|Post|Y|EQUALS||"
    command = startup_command("Raise flags", named_key("INIT"), target, '{Short != "zzz"}')
    pieces = [
        add_piece(
            "101", [marker({"Start": "2"}), *post, basic_piece("post.png", "Post", "Land", 50, 50, "2")]
        ),
        add_piece("102", [*post, basic_piece("post.png", "Post", "null", 0, 0, "2")]),
    ]
    body = (
        prototypes
        + land
        + command
        + palette([])
        + setup_xml("Saved", "saved.vsav")
        + setup_xml("Fresh", None)
    )
    files = {
        "images/g.png": png(200, 100),
        "images/post.png": png(20, 20),
        "images/flag.png": png(10, 10, 60),
    }
    return module("Startup", body, {**files, "saved.vsav": save("Startup", pieces)})


def formats() -> bytes:
    """Traits in older formats that VASSAL re-encodes differently (a Place Marker and a Global
    Key Command written before their last fields existed, a Delete with a field too many) beside
    slots in the current format, which VASSAL writes back as they are."""
    made = add_piece("null", [basic_piece("dot.png", "Made", gpid="9")])
    old_target = "COUNTER|false|MAP|||||0|0||false|||EQUALS"
    old_gkc = ["Tell", "84,130", "85,130", "", "false", "1", "false", "true", "", "", "-1", old_target]
    traits = {
        "Old marker": place_marker("Make", "77,130", made, "9", old=True),
        "New marker": place_marker("Make", "77,130", made, "9"),
        "Old command": Trait("globalkey;" + encode(old_gkc, ";"), ""),
        "Long delete": Trait("delete;Delete;68,130;;extra", ""),
    }
    slots = [
        slot(name, n, [trait, basic_piece("dot.png", name, gpid=str(n))])
        for n, (name, trait) in enumerate(traits.items(), start=1)
    ]
    plain = [
        delete("Delete", "68,130"),
        report(["68,130"], "$PieceName$ goes"),
        basic_piece("dot.png", "Plain", gpid="5"),
    ]
    body = map_xml("Main", board_xml("B", image="b.png")) + palette([*slots, slot("Plain", 5, plain)])
    files = {"images/b.png": png(100, 100), "images/dot.png": png(10, 10)}
    return module("Formats", body, files)


def without_utf8_flag(data: bytes) -> bytes:
    """The same ZIP with the UTF-8 flag cleared on every entry (the names stay UTF-8 bytes)."""
    buffer = bytearray(data)
    with zipfile.ZipFile(BytesIO(data)) as archive:
        infos = archive.infolist()
        directory = archive.start_dir
    for info in infos:
        offset = info.header_offset + 6
        buffer[offset : offset + 2] = struct.pack("<H", info.flag_bits & ~0x800)
    position = directory
    while buffer[position : position + 4] == b"PK\x01\x02":
        flags = struct.unpack("<H", buffer[position + 8 : position + 10])[0]
        buffer[position + 8 : position + 10] = struct.pack("<H", flags & ~0x800)
        name, extra, comment = struct.unpack("<HHH", buffer[position + 28 : position + 34])
        position += 46 + name + extra + comment
    return bytes(buffer)


CASES: dict[str, Callable[[], bytes]] = {
    "hexes": hexes,
    "decks": decks,
    "zones": zones,
    "boards": boards,
    "markers": markers,
    "names": names,
    "charts": charts,
    "startup": startup,
    "formats": formats,
}

# Cases from modules found in the wild and from hostile ones (tests/inspect_modules_found.py).
from tests.inspect_modules_found import FOUND  # noqa: E402

CASES.update(FOUND)
