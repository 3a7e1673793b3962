"""`wgc import`: a module becomes data plus what is kept, and `wgc build` makes it again.

tests/import_modules.py makes a module that shows each conversion; every case module of
tests/inspect_modules.py is imported and built again too, and the rebuilt module must put every
piece where the real VASSAL put the original's (its answers are recorded for inspect's tests).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from compiler.importer import ImportResult, import_module
from compiler.mapgeometry.maps import MapGeometry
from compiler.pipeline import validate_game
from compiler.vassal.extension.module import build_kept_module
from compiler.vassal.inspect import inspect_module
from compiler.vassal.inspection.model import Inspection
from compiler.vassal.inspection.xml import parse
from compiler.vassal.pieces import add_piece, decode_add_piece
from rules_engine.definitions import ValidGame

from .import_modules import showcase
from .inspect_modules import CASES, unit
from .test_inspect_vassal import _disagreements, recorded


@dataclass
class Imported:
    module: Path
    result: ImportResult
    folder: Path
    game: ValidGame
    rebuilt: Path

    def json(self, name: str) -> Any:
        return json.loads((self.folder / name).read_text("utf-8"))


def import_and_build(data: bytes, where: Path, name: str) -> Imported:
    module = where / f"{name}.vmod"
    module.write_bytes(data)
    result = import_module(module, where / name)
    assert result.folder is not None, [d.message for d in result.diagnostics]
    report = validate_game(result.folder)
    assert report.valid is not None, [
        f"{d.file}{d.pointer}: {d.message}" for d in report.diagnostics if d.is_error
    ]
    rebuilt = where / f"{name}-rebuilt.vmod"
    rebuilt.write_bytes(build_kept_module(report.valid))
    return Imported(module, result, result.folder, report.valid, rebuilt)


@pytest.fixture(scope="module")
def shown(tmp_path_factory: pytest.TempPathFactory) -> Imported:
    return import_and_build(showcase(), tmp_path_factory.mktemp("showcase"), "showcase")


# --- what becomes data ----------------------------------------------------------------------------


def test_maps_and_boards_become_data(shown: Imported) -> None:
    maps = {m["id"]: m for m in shown.json("boards.json")["maps"]}
    assert list(maps) == ["battle-map", "areas"]
    battle = maps["battle-map"]
    hexes, reserve = battle["boards"]
    assert hexes["image"] == "images/hexes.png" and hexes["grid"]["kind"] == "hex"
    assert hexes["grid"]["numbering"]["columns"] == {
        "labels": "letters",
        "leading_zeros": 1,
        "offset": 0,
        "descending": False,
    }
    assert reserve["size"] == [200, 150] and reserve["grid"]["numbering"]["separator"] == "-"
    assert battle["layout"] == [
        {"board": "Hexes", "column": 0, "row": 0},
        {"board": "Reserve", "column": 1, "row": 0},
    ]
    assert battle["decks"] == [{"name": "Events", "x": 350, "y": 80, "board": "Hexes"}]
    zoned = maps["areas"]["boards"][0]["grid"]
    assert [z["name"] for z in zoned["zones"]] == ["North", "South", "East"]
    assert (
        zoned["zones"][1]["grid"]["kind"] == "square"
        and zoned["zones"][1]["location"] == "$name$ $gridLocation$"
    )
    assert zoned["zones"][2]["grid"] == "background" and zoned["background"]["kind"] == "hex"
    assert maps["areas"]["boards"][1]["grid"]["regions"] == [
        {"name": "Turn 1", "x": 20, "y": 20},
        {"name": "Turn 2", "x": 60, "y": 20},
    ]


def test_the_data_names_every_point_as_vassal_does(shown: Imported) -> None:
    """The grids as data, laid out as the data says, name each point of each board as inspect's
    reading of the module itself does."""
    from compiler.vassal.inspection.maps import read_maps

    original = read_maps(parse(_entry(shown.module, "buildFile.xml")), _archive(shown.module), Inspection(""))
    boards = shown.game.boards
    assert boards is not None
    for spec, board_map in zip(original, boards.maps, strict=True):
        geometry = MapGeometry(board_map)
        for placed in geometry.placed:
            vassal = next(b for b in spec.boards if b.name == placed.spec.name)
            assert vassal.grid is not None
            for x in range(0, vassal.width, 7):
                for y in range(0, vassal.height, 11):
                    expected = vassal.grid.location_name((x, y), (vassal.width, vassal.height))
                    assert geometry.name_at((x + placed.x, y + placed.y)) == expected, (board_map.id, x, y)


def test_pieces_become_counters_with_faces_values_and_classes(shown: Imported) -> None:
    counters = {c["id"]: c for c in shown.json("counters.json")["counters"]}
    tank = counters["tank"]
    assert tank["name"] == "Tank" and tank["class"] == "unit"
    assert tank["front"] == {"image": "images/tank.png", "attack": 4, "type": "armour"}
    assert tank["back"] == {"image": "images/tank-back.png"}
    assert counters["steps"]["more_faces"] == [{"image": "images/s3.png"}]
    assert counters["note"]["front"] == {
        "image": "images/note.png",
        "remark": "a note that the players read aloud",
    }
    assert "ghost" in counters  # a piece only the setup has: a counter of its own, in no palette
    game = shown.json("game.json")
    values = {v["id"]: v for v in game["counter_values"]}
    assert values["attack"] == {"id": "attack", "name": "Attack", "kind": "number", "min": 2, "max": 4}
    assert values["type"]["choices"] == ["armour", "infantry"]
    assert values["remark"] == {"id": "remark", "name": "Remark", "kind": "text", "max_length": 34}
    assert game["unit_classes"] == [{"id": "unit", "name": "Unit"}]


def test_kept_pieces_link_the_fields_the_data_gives(shown: Imported) -> None:
    pieces = shown.json("vassal/pieces.json")
    tank = pieces["counters"]["tank"]
    assert tank["traits"][0] == "prototype;Unit" and tank["traits"][-1].startswith("piece;")
    assert tank["links"] == {
        "name": 3,
        "faces": 2,
        "class": 0,
        "values": {"1": {"Attack": "attack", "Type": "type"}},
    }
    assert pieces["counters"]["note"]["traits"][0].startswith("globalkey;")  # kept as it is
    assert pieces["counters"]["note"]["links"] == {
        "name": 2,
        "image": 2,
        "values": {"1": {"Remark": "remark"}},
    }


def test_decks_become_cards(shown: Imported) -> None:
    deck = shown.json("cards.json")["decks"][0]
    assert deck["id"] == "events" and deck["name"] == "Events"
    assert deck["cards"] == [
        {
            "id": "ambush",
            "title": "Ambush",
            "image": "images/card-a.png",
            "back_image": "images/card-back.png",
        },
        {
            "id": "bridge",
            "title": "Bridge",
            "image": "images/card-b.png",
            "back_image": "images/card-back.png",
        },
    ]


def test_roster_dice_and_turns_become_game_data(shown: Imported) -> None:
    game = shown.json("game.json")
    assert game["system"] == "none" and game["title"] == "Showcase"
    assert game["sides"] == [{"id": "red", "name": "Red"}, {"id": "blue", "name": "Blue"}]
    assert game["dice"] == [{"id": "2d6", "name": "2d6", "sides": 6, "count": 2}]  # nDice, as data
    assert game["turns"] == {"labels": [1, 2, 3]}
    assert [p["name"] for p in game["sequence_of_play"]] == ["Move", "Fight"]


def test_a_setup_becomes_a_scenario_at_vassal_s_location_names(shown: Imported) -> None:
    scenario = shown.json("scenarios/opening.json")
    pieces = {p["id"]: p for p in scenario["pieces"]}
    assert sorted(pieces) == ["201", "202", "204", "205", "206", "207", "208", "209", "211", "213"]
    assert pieces["201"] == {
        "id": "201",
        "counter": "tank",
        "map": "battle-map",
        "at": "B3",
        "position": [90, 82],
        "face": "front",
    }
    assert pieces["202"]["face"] == "back" and pieces["204"]["face"] == 3 and pieces["204"]["at"] == "North"
    assert (
        pieces["205"]["at"] == "South 0202"
        and pieces["206"]["at"] == "0903"
        and pieces["207"]["at"] == "02-B"
    )
    assert pieces["208"]["card"] == "events/ambush" and pieces["208"]["at"] == "Events"
    assert scenario["layouts"] == [
        {
            "map": "battle-map",
            "boards": [
                {"board": "Hexes", "column": 0, "row": 0},
                {"board": "Reserve", "column": 1, "row": 0},
            ],
        }
    ]
    kept = shown.json("vassal/setups/opening.json")
    assert "GlobalProperty\t;Score;3;Module" in kept["commands"]
    assert {"layout": "battle-map"} in kept["commands"]
    assert {
        "stack": "203",
        "pieces": ["201", "202"],
        "state": ["Battle Map", "90", "82"],
        "layer": "@@-1",
    } in kept["commands"]
    assert any(isinstance(c, str) and c.startswith("+/212/") for c in kept["commands"])  # on no map: kept
    older = kept["pieces"]["205"]["definition"]  # an older definition, shared by id
    assert "definition" not in kept["pieces"]["201"] and "types" not in kept
    shared = shown.json("vassal/definitions.json")
    definitions = shared["definitions"]
    assert list(definitions) == [older] and definitions[older] == "mark;Attack,Type\tpiece;;;tank.png;Tank"
    # A piece's states: its counter's base states, kept once for every setup, and what differs.
    first, second = kept["pieces"]["201"], kept["pieces"]["213"]
    assert second == {"base": first["base"], "changed": {"3": "Areas;60;60;1;0"}} and "changed" not in first
    assert shared["states"][first["base"]] == ["-1", "4,armour", "1", "Battle Map;0;0;1;0"]
    assert all("states" not in piece for piece in kept["pieces"].values())


def test_files_the_game_keeps(shown: Imported) -> None:
    assert (shown.folder / "images/hexes.png").is_file() and (shown.folder / "images/ghost.png").is_file()
    assert (shown.folder / "files/help/rules.html").read_bytes() == b"<html><body>Rules</body></html>"
    assert (shown.folder / "vassal/files/sounds/roll.wav").read_bytes() == b"RIFF....WAVE"
    template = (shown.folder / "vassal/module.xml").read_text("utf-8")
    assert (
        'wgc:counter="tank"' in template and 'wgc:map="battle-map"' in template and "mapName" not in template
    )


def test_the_report_counts_data_and_kept(shown: Imported) -> None:
    tally = shown.result.tally
    assert tally.became_data["counters"] == 5 and tally.became_data["cards"] == 2
    assert tally.became_data["placed pieces"] == 10 and tally.became_data["zones"] == 3
    assert tally.only_kept["traits: globalkey;"] == 1 and tally.only_kept["BeanShell expressions"] == 1
    assert tally.only_kept["components: GlobalProperty"] == 1
    assert 0.3 < tally.share < 0.9


# --- built again ------------------------------------------------------------------------------------


def _entry(module: Path, name: str) -> bytes:
    import zipfile

    with zipfile.ZipFile(module) as archive:
        return archive.read(name)


def _archive(module: Path) -> Any:
    from compiler.vassal.inspection.archive import ModuleArchive

    return ModuleArchive.open(module)


def same_view(original: Inspection, rebuilt: Inspection) -> None:
    """The rebuilt module as inspect reads it: the same slots, findings and setups, each piece
    on the same map at the same location (by id where the save keeps one)."""
    assert rebuilt.piece_slots == original.piece_slots
    assert Counter(f.code for f in rebuilt.findings) == Counter(f.code for f in original.findings)
    assert [s.name for s in rebuilt.setups] == [s.name for s in original.setups]
    for before, after in zip(original.setups, rebuilt.setups, strict=True):
        assert Counter((p.name, p.map, p.location) for p in after.pieces) == Counter(
            (p.name, p.map, p.location) for p in before.pieces
        ), before.name


def test_the_rebuilt_module_reads_as_the_original(shown: Imported) -> None:
    same_view(inspect_module(shown.module), inspect_module(shown.rebuilt))


def test_rebuilt_slots_hold_the_same_pieces(shown: Imported) -> None:
    def slots(module: Path) -> dict[str, list[tuple[str, str]]]:
        root = parse(_entry(module, "buildFile.xml"))
        found = {}
        for element in root.iter("VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot"):
            _, traits = decode_add_piece((element.text or "").strip())
            found[element.get("entryName", "")] = [(t.type, t.state) for t in traits]
        return found

    assert slots(shown.rebuilt) == slots(shown.module)


def test_import_and_build_are_deterministic(shown: Imported, tmp_path: Path) -> None:
    again = import_and_build(shown.module.read_bytes(), tmp_path, "again")
    files = sorted(p.relative_to(shown.folder) for p in shown.folder.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(again.folder) for p in again.folder.rglob("*") if p.is_file())
    assert all((shown.folder / f).read_bytes() == (again.folder / f).read_bytes() for f in files)
    assert again.rebuilt.read_bytes() == shown.rebuilt.read_bytes()


def test_the_data_drives_the_build(shown: Imported, tmp_path: Path) -> None:
    """Changing the data changes the module: a counter's name and face, a piece's place, a die."""
    import shutil

    folder = tmp_path / "edited"
    shutil.copytree(shown.folder, folder)
    shutil.copytree(shown.folder.parent / "schemas", tmp_path / "schemas")

    def edit(name: str, change: Any) -> None:
        data = json.loads((folder / name).read_text("utf-8"))
        change(data)
        (folder / name).write_text(json.dumps(data), "utf-8")

    def rename(data: Any) -> None:
        tank = next(c for c in data["counters"] if c["id"] == "tank")
        tank["name"] = "Heavy Tank"
        tank["back"]["image"] = "images/foot-back.png"

    def move(data: Any) -> None:
        piece = next(p for p in data["pieces"] if p["id"] == "201")
        piece["at"] = "D2"
        del piece["position"]
        data["pieces"] = [p for p in data["pieces"] if p["id"] != "202"]  # taken off its stack
        data["pieces"].append({"counter": "scout", "map": "areas", "at": "Turn 2", "face": "back"})

    def add(data: Any) -> None:
        rename(data)
        images = {"image": "images/foot.png"}, {"image": "images/foot-back.png"}
        data["counters"].append(
            {"id": "scout", "name": "Scout", "kind": "unit", "front": images[0], "back": images[1]}
        )

    edit("counters.json", add)
    edit("scenarios/opening.json", move)
    edit("game.json", lambda data: data["dice"][0].update(sides=8, count=3))
    report = validate_game(folder)
    assert report.valid is not None, [d.message for d in report.diagnostics if d.is_error]
    rebuilt = tmp_path / "edited.vmod"
    rebuilt.write_bytes(build_kept_module(report.valid))
    result = inspect_module(rebuilt)
    opening = next(s for s in result.setups if s.name == "Opening")
    assert {(p.name, p.location) for p in opening.pieces if p.id == "201"} == {("Heavy Tank", "D2")}
    assert not any(p.id == "202" for p in opening.pieces)
    assert [(p.map, p.location) for p in opening.pieces if p.name == "Scout"] == [("Areas", "Turn 2")]
    root = parse(_entry(rebuilt, "buildFile.xml"))
    tank = next(e for e in root.iter("VASSAL.build.widget.PieceSlot") if e.get("entryName") == "Tank")
    _, traits = decode_add_piece(tank.text or "")
    assert traits[-1].type.endswith(";Heavy Tank") and "foot-back.png" in traits[2].type
    button = next(root.iter("VASSAL.build.module.DiceButton"))
    assert (button.get("nSides"), button.get("nDice")) == ("8", "3")
    added = [e for e in root.iter("VASSAL.build.widget.PieceSlot") if e.get("entryName") == "Scout"]
    assert [e.get("gpid") for e in added] == ["100"] and root.get(
        "nextPieceSlotId"
    ) == "101"  # a palette of its own


def folder_files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_ids_survive_renames(shown: Imported, tmp_path: Path) -> None:
    """Names swapped and a card retitled: the build keeps each piece's id on its slot, so the
    import of the rebuilt module gives every counter and card its id again (not one made from
    its new name), and every scenario piece still names the same counter."""
    import shutil

    folder = tmp_path / "renamed"
    shutil.copytree(shown.folder, folder)
    shutil.copytree(shown.folder.parent / "schemas", tmp_path / "schemas")
    counters = json.loads((folder / "counters.json").read_text("utf-8"))
    names = {c["id"]: c["name"] for c in counters["counters"]}
    for counter in counters["counters"]:
        counter["name"] = {"tank": names["foot"], "foot": names["tank"]}.get(counter["id"], counter["name"])
    (folder / "counters.json").write_text(json.dumps(counters), "utf-8")
    cards = json.loads((folder / "cards.json").read_text("utf-8"))
    cards["decks"][0]["cards"][1]["title"] = cards["decks"][0]["cards"][0]["title"]
    (folder / "cards.json").write_text(json.dumps(cards), "utf-8")
    report = validate_game(folder)
    assert report.valid is not None, [d.message for d in report.diagnostics if d.is_error]
    rebuilt = tmp_path / "renamed.vmod"
    rebuilt.write_bytes(build_kept_module(report.valid))
    again = import_module(rebuilt, tmp_path / "again")
    assert again.folder is not None

    def ids(where: Path) -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[tuple[str, str]]]:
        counters = json.loads((where / "counters.json").read_text("utf-8"))["counters"]
        cards = json.loads((where / "cards.json").read_text("utf-8"))["decks"][0]["cards"]
        pieces = json.loads((where / "scenarios/opening.json").read_text("utf-8"))["pieces"]
        return (
            [(c["id"], c["name"]) for c in counters],
            [(c["id"], c["title"]) for c in cards],
            [(p.get("id", ""), p.get("counter") or p.get("card", "")) for p in pieces],
        )

    assert ids(again.folder) == ids(folder)
    assert ("tank", names["foot"]) in ids(again.folder)[0]


def test_a_slot_s_kept_id_does_not_reach_the_folder(shown: Imported) -> None:
    """The id the build keeps on a slot is the data's: the import takes it out of the kept tree."""
    assert "wgcId" in _entry(shown.rebuilt, "buildFile.xml").decode("utf-8")
    assert "wgcId" not in (shown.folder / "vassal/module.xml").read_text("utf-8")


# --- inspect's cases, against what the real VASSAL answered for the originals ----------------------


@pytest.fixture(scope="module")
def cases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Imported]:
    folder = tmp_path_factory.mktemp("import-cases")
    return {case: import_and_build(build(), folder, case) for case, build in CASES.items()}


@pytest.mark.parametrize("case", list(CASES))
def test_each_inspect_case_round_trips(cases: dict[str, Imported], case: str) -> None:
    imported = cases[case]
    rebuilt = inspect_module(imported.rebuilt)
    same_view(inspect_module(imported.module), rebuilt)
    answer = recorded(case)
    for game, setup in zip(answer["games"], rebuilt.setups, strict=True):
        assert game["setup"] == setup.name
        missing, extra = _disagreements(game, setup)
        assert missing == [] and extra == [], (case, setup.name)


@pytest.mark.parametrize("case", ["showcase", *CASES])
def test_the_import_of_the_build_is_the_same_folder(
    shown: Imported, cases: dict[str, Imported], case: str, tmp_path: Path
) -> None:
    """import . build is the identity on the folder, byte for byte: a piece's saved state keeps
    the map and point it was saved with wherever the data still puts it there (in its stack or
    deck, or at that point), and a board's size is the data's, written and read back alike."""
    imported = shown if case == "showcase" else cases[case]
    again = import_module(imported.rebuilt, tmp_path / "again")
    assert again.folder is not None
    first, second = folder_files(imported.folder), folder_files(again.folder)
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []


def test_an_empty_stack_last_in_its_list_imports_as_the_build_does(tmp_path: Path) -> None:
    """An empty stack last in a nested list of a save (inspect leaves it in the stream, as in
    ccnapoleonics' saves) is dropped as inspect drops the others: the build writes every command
    in one list, where inspect cuts it, so the import of the build is the same folder."""
    from compiler.javatext.sequence import encode
    from compiler.vassal.savefile import ESC

    from .inspect_modules import (
        board_xml,
        map_xml,
        module,
        palette,
        png,
        save,
        setup_xml,
        slot,
        square_grid,
        stack_command,
        unit,
    )

    nested = encode(
        [
            add_piece("11", unit("Tank", "tank.png", "Main", 50, 50, "1")),
            stack_command("12", "Main", 0, 0, []),
        ],
        ESC,
    )
    body = map_xml("Main", board_xml("Plain", square_grid(50.0, 50.0, 25, 25, ""), "plain.png"))
    body += palette([slot("Tank", 1, unit("Tank", "tank.png", gpid="1"))]) + setup_xml("Start", "start.vsav")
    files = {
        "images/plain.png": png(200, 200),
        "images/tank.png": png(20, 20),
        "start.vsav": save("Nested", [nested]),
    }
    imported = import_and_build(module("Nested", body, files), tmp_path, "nested")
    kept = imported.json("vassal/setups/start.json")["commands"]
    assert not [c for c in kept if isinstance(c, dict) and "stack" in c] and [
        c for c in kept if isinstance(c, dict) and "piece" in c
    ] == [{"piece": "11"}]
    again = import_module(imported.rebuilt, tmp_path / "again")
    assert again.folder is not None and folder_files(again.folder) == folder_files(imported.folder)


def test_a_stack_that_names_no_layer_is_built_without_one(tmp_path: Path) -> None:
    """A stack of a save from before VASSAL 3.5 names no layer ("+/id/stack/map;x;y;ids", as in
    ForThePeople's and wu_vassal_mod's saves): the build writes it back without one (it wrote
    "@@-1", which the next import kept), so the import of the build is the same folder."""
    from compiler.javatext.sequence import encode

    from .inspect_modules import board_xml, map_xml, module, palette, png, save, setup_xml, slot, square_grid

    stack = "+/" + encode(["12", "stack", encode(["Main", "75", "75", "11"], ";")], "/")
    body = map_xml("Main", board_xml("Plain", square_grid(50.0, 50.0, 25, 25, ""), "plain.png"))
    body += palette([slot("Tank", 1, unit("Tank", "tank.png", gpid="1"))]) + setup_xml("Start", "start.vsav")
    files = {
        "images/plain.png": png(200, 200),
        "images/tank.png": png(20, 20),
        "start.vsav": save("Old", [add_piece("11", unit("Tank", "tank.png", "Main", 75, 75, "1")), stack]),
    }
    imported = import_and_build(module("Old", body, files), tmp_path, "old")
    kept = imported.json("vassal/setups/start.json")["commands"]
    assert [c for c in kept if isinstance(c, dict) and "stack" in c and "layer" not in c]
    again = import_module(imported.rebuilt, tmp_path / "again")
    assert again.folder is not None and folder_files(again.folder) == folder_files(imported.folder)


def test_the_import_s_json_is_json_dumps_laid_out() -> None:
    """The files import writes read back as the data, each scalar as json.dumps writes it."""
    from compiler.importer.jsontext import dumps

    data = {
        "text": 'a "quoted" \\ é\n\x01 ☃',
        "numbers": [0, -7, 2**70, 1.5, 1e300, True, False, None],
        "nested": [{"id": f"piece-{n}", "at": [n, n * 2], "face": n % 2 == 0} for n in range(60)],
        "long": "x" * 200,
    }
    text = dumps(data)
    assert json.loads(text) == data
    assert '"text": ' + json.dumps(data["text"], ensure_ascii=False) in text
    assert "[0, -7, 1180591620717411303424, 1.5, 1e+300, true, false, null]" in text
    assert '    {"id": "piece-3", "at": [3, 6], "face": false},' in text.splitlines()
    assert all(len(line) <= 120 for line in text.splitlines() if "x" * 200 not in line)
