"""A module that shows each thing `wgc import` turns into data, made the same way every time.

One map of two boards (a hex board image with letters for columns, a square-gridded area with
no image) laid out side by side by the board picker; a zoned board of areas (one with its own
grid under a location format, one numbered by the board's background hex grid) and a region
board on a second map; counters that flip (two faces, three faces), carry Marker values and
share a prototype; a deck of cards with their backs; dice, a turn tracker with phases, a player
roster; a setup whose save stacks pieces, deals cards, chooses boards, keeps a global property,
holds a piece older than its slot, one no slot defines and one on no map; custom files.
"""

from __future__ import annotations

from compiler.javatext.sequence import encode
from compiler.vassal.pieces import Trait, add_piece, basic_piece, layer, marker, mask, prototype
from tests.inspect_modules import (
    GRID,
    B,
    _xml,
    board_xml,
    boards_command,
    card_slot,
    deck_command,
    hex_grid,
    map_xml,
    module,
    png,
    region_grid,
    save,
    setup_xml,
    slot,
    square_grid,
    stack_command,
    zone,
)

FLIP = "70,130"
KEEP_TRAIT = Trait("globalkey;" + encode(["Tell", "84,130", "85,130", "{Attack > 2}"], ";"), "")


def flipper(
    name: str,
    images: list[str],
    values: dict[str, str],
    gpid: str,
    where: tuple[str, int, int] = ("null", 0, 0),
    level: int = 1,
) -> list[Trait]:
    """A unit: the shared prototype, Marker values, a Layer of its faces and a BasicPiece."""
    faces = layer(images, [""] * len(images), "Flip", FLIP, "Face", level)
    return [
        prototype("Unit"),
        marker(values),
        faces,
        basic_piece("", name, where[0], where[1], where[2], gpid),
    ]


def card(title: str, image: str, gpid: str, where: tuple[str, int, int] = ("null", 0, 0)) -> list[Trait]:
    hidden = mask("card-back.png", "Flip", "70,130", "side:", None)
    return [hidden, basic_piece(image, title, where[0], where[1], where[2], gpid)]


def showcase() -> bytes:
    hexes = hex_grid(60.0, 52.0, 30, 26, 'hType="A" hOff="0" vOff="1" vLeading="0" sep="" stagger="true"')
    area = square_grid(50.0, 50.0, 25, 25, 'first="H" sep="-" vType="A" hOff="1" vOff="0"')
    main = map_xml(
        "Battle Map",
        board_xml("Hexes", hexes, "hexes.png") + board_xml("Reserve", area, size=(200, 150)),
        _deck_pile(),
        default="Battle MapBoardPicker\tHexes\t0\t0\tReserve\t1\t0",
    )
    zoned = (
        f"<{GRID}ZonedGrid>"
        + zone("North", "0,0;300,0;300,100;0,100")
        + zone(
            "South",
            "0,100;300,100;300,200;0,200",
            square_grid(50.0, 50.0, 25, 125, 'hOff="1" vOff="1"'),
            "$name$ $gridLocation$",
        )
        + zone("East", "300,0;400,0;400,200;300,200", location_format="$gridLocation$", parent=True)
        + hex_grid(40.0, 46.0, 20, 23, 'hOff="1" vOff="1"')
        + f"</{GRID}ZonedGrid>"
    )
    areas = map_xml(
        "Areas",
        board_xml("Regions", zoned, "areas.png")
        + board_xml("Track", region_grid([("Turn 1", 20, 20), ("Turn 2", 60, 20)]), "track.png"),
        default="AreasBoardPicker\tRegions\t0\t0\tTrack\t0\t1",
    )
    slots = [
        slot(
            "Tank", 1, flipper("Tank", ["tank.png", "tank-back.png"], {"Attack": "4", "Type": "armour"}, "1")
        ),
        slot(
            "Foot",
            2,
            flipper("Foot", ["foot.png", "foot-back.png"], {"Attack": "2", "Type": "infantry"}, "2"),
        ),
        slot(
            "Steps",
            3,
            flipper("Steps", ["s1.png", "s2.png", "s3.png"], {"Attack": "3", "Type": "armour"}, "3"),
        ),
        slot(
            "Note",
            4,
            [
                KEEP_TRAIT,
                marker({"Remark": "a note that the players read aloud"}),
                basic_piece("note.png", "Note", gpid="4"),
            ],
        ),
    ]
    body = (
        _prototypes()
        + main
        + areas
        + f'<{B}module.PieceWindow name="Pieces"><{B}widget.ListWidget entryName="All">{"".join(slots)}</{B}widget.ListWidget></{B}module.PieceWindow>'
        + f'<{B}module.PlayerRoster buttonText="Retire"><entry>Red</entry><entry>Blue</entry></{B}module.PlayerRoster>'
        + f'<{B}module.DiceButton name="2d6" nDice="2" nSides="6" text="Roll" reportFormat="$result$"/>'
        + f'<{B}module.turn.TurnTracker name="Turn"><{B}module.turn.ListTurnLevel property="Turn" list="1,2,3">'
        + f'<{B}module.turn.ListTurnLevel property="Phase" list="Move,Fight"/></{B}module.turn.ListTurnLevel></{B}module.turn.TurnTracker>'
        + f'<{B}module.properties.GlobalProperties><{B}module.properties.GlobalProperty name="Score" initialValue="0"/></{B}module.properties.GlobalProperties>'
        + setup_xml("Opening", "opening.vsav")
        + setup_xml("Blank", None)
    )
    files = {
        "images/hexes.png": png(400, 300),
        "images/areas.png": png(400, 200),
        "images/track.png": png(100, 40),
        "images/ghost.png": png(20, 20, 10),
        **{
            f"images/{n}.png": png(20, 20, 40 + 20 * i)
            for i, n in enumerate(["tank", "tank-back", "foot", "foot-back", "s1", "s2", "s3", "note"])
        },
        **{
            f"images/{n}.png": png(25, 35, 120 + 10 * i)
            for i, n in enumerate(["card-a", "card-b", "card-back"])
        },
        "sounds/roll.wav": b"RIFF....WAVE",
        "help/rules.html": b"<html><body>Rules</body></html>",
    }
    return module("Showcase", body, {**files, "opening.vsav": save("Showcase", _opening())})


def _prototypes() -> str:
    unit = add_piece(
        "null",
        [
            Trait("report;" + encode(["70,130", "$PieceName$ flips", "", "", "", "false"], ";"), "-1"),
            basic_piece("", ""),
        ],
    )
    return (
        f"<{B}module.PrototypesContainer>"
        f'<{B}module.PrototypeDefinition name="Unit">{_xml(unit)}</{B}module.PrototypeDefinition>'
        f"</{B}module.PrototypesContainer>"
    )


def _deck_pile() -> str:
    cards = [
        card_slot("Ambush", 10, card("Ambush", "card-a.png", "10")),
        card_slot("Bridge", 11, card("Bridge", "card-b.png", "11")),
    ]
    return (
        f'<{B}module.map.DrawPile name="Events" x="350" y="80" owningBoard="Hexes" faceDown="Always">'
        f"{''.join(cards)}</{B}module.map.DrawPile>"
    )


def _expanded(traits: list[Trait]) -> list[Trait]:
    """A piece as a saved game holds it: its prototype replaced by the prototype's traits."""
    flips = Trait("report;" + encode(["70,130", "$PieceName$ flips", "", "", "", "false"], ";"), "-1")
    return [flips if t.type == "prototype;Unit" else t for t in traits]


def _opening() -> list[str]:
    tank = _expanded(
        flipper(
            "Tank",
            ["tank.png", "tank-back.png"],
            {"Attack": "4", "Type": "armour"},
            "1",
            ("Battle Map", 0, 0),
        )
    )
    foot = _expanded(
        flipper(
            "Foot",
            ["foot.png", "foot-back.png"],
            {"Attack": "2", "Type": "infantry"},
            "2",
            ("Battle Map", 0, 0),
            2,
        )
    )
    steps = _expanded(
        flipper(
            "Steps",
            ["s1.png", "s2.png", "s3.png"],
            {"Attack": "3", "Type": "armour"},
            "3",
            ("Areas", 150, 50),
            3,
        )
    )
    older = [
        marker({"Attack": "4", "Type": "armour"}),
        basic_piece("tank.png", "Tank", "Areas", 80, 150, "1"),
    ]
    lost = [basic_piece("ghost.png", "Ghost", "Battle Map", 500, 50, "77")]
    return [
        boards_command("Battle Map", [("Hexes", 0, 0), ("Reserve", 1, 0)]),
        "GlobalProperty\t;Score;3;Module",
        add_piece("201", tank),
        add_piece("202", foot),
        stack_command("203", "Battle Map", 90, 82, ["201", "202"]),
        add_piece("204", steps),
        add_piece("205", older),
        add_piece(
            "206",
            _expanded(
                flipper(
                    "Foot",
                    ["foot.png", "foot-back.png"],
                    {"Attack": "2", "Type": "infantry"},
                    "2",
                    ("Areas", 350, 100),
                )
            ),
        ),
        add_piece(
            "207",
            [
                KEEP_TRAIT,
                marker({"Remark": "a note that the players read aloud"}),
                basic_piece("note.png", "Note", "Battle Map", 475, 75, "4"),
            ],
        ),
        add_piece("208", card("Ambush", "card-a.png", "10", ("Battle Map", 350, 80))),
        add_piece("209", card("Bridge", "card-b.png", "11", ("Battle Map", 350, 80))),
        deck_command("210", "Events", "Battle Map", 350, 80, ["208", "209"]),
        add_piece("211", lost),
        add_piece(
            "212",
            _expanded(
                flipper(
                    "Tank",
                    ["tank.png", "tank-back.png"],
                    {"Attack": "4", "Type": "armour"},
                    "1",
                    ("null", 0, 0),
                )
            ),
        ),
        add_piece(
            "213",
            _expanded(
                flipper(
                    "Tank",
                    ["tank.png", "tank-back.png"],
                    {"Attack": "4", "Type": "armour"},
                    "1",
                    ("Areas", 60, 60),
                )
            ),
        ),
    ]
