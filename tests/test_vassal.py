"""The VASSAL back end: encodings round-trip, modules build and inspect clean, setups put
every piece where its scenario says."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from compiler.cli.main import cli
from compiler.javatext.sequence import EncodingError, decode, encode
from compiler.pipeline import validate_game
from compiler.render.board import render_board
from compiler.vassal.automation import AUTOMATION_GPIDS
from compiler.vassal.grid import location_name, vassal_grid
from compiler.vassal.inspect import Inspection, inspect_module
from compiler.vassal.inspection.reencode import rewrite
from compiler.vassal.inspection.xml import parse
from compiler.vassal.module import build_module
from compiler.vassal.namedkeys import named_key_codes
from compiler.vassal.pieces import add_piece, basic_piece, decode_add_piece, key, layer, marker
from compiler.vassal.savefile import command_stream, commands_of, deobfuscate, obfuscate
from compiler.vassal.setups import placed_units
from rules_engine.definitions import ValidGame

from .conftest import GAMES, SOURCE_DATA, shipped, valid_game

CLASSIC = Path(__file__).parent / "fixtures" / "classic"
DELIMITERS = ["\t", ";", ",", "/", "|", ":", "\x1b"]
TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)


def token_lists() -> st.SearchStrategy[list[str]]:
    return st.lists(TEXT, min_size=1, max_size=6).filter(
        lambda tokens: not any(t.endswith("\\") for t in tokens[:-1])
    )


@given(tokens=token_lists(), delimiter=st.sampled_from(DELIMITERS))
def test_sequence_encoding_round_trips(tokens: list[str], delimiter: str) -> None:
    assert decode(encode(tokens, delimiter), delimiter) == tokens


def test_sequence_encoding_matches_vassal_examples() -> None:
    assert encode(["null", "piece;;;a.png;1/7 Cav", "x"], "/") == "null/piece;;;a.png;1\\/7 Cav/x"
    assert encode(["'quoted'", "\\start", ""], ";") == "''quoted'';'\\start';"
    assert decode("a;", ";") == ["a", ""]
    with pytest.raises(EncodingError):
        encode(["ends with \\", "next"], ";")


@given(
    # VASSAL reads a TAB in a basic piece's name as a trait separator (test_inspect_decoding).
    name=TEXT.filter(lambda t: not t.endswith("\\") and "\t" not in t),
    image=st.sampled_from(["a.png", "units/b.png", ""]),
    level=st.integers(1, 2),
)
def test_pieces_round_trip(name: str, image: str, level: int) -> None:
    traits = [
        layer(["f.png", "b.png"], ["", "+ (damaged)"], "Flip", key("F"), "Face", level),
        marker({"Side": name, "Nation": "x"}),
        basic_piece(image, name, "Main Map", 10, 20, "7"),
    ]
    piece_id, decoded = decode_add_piece(add_piece("1001", traits))
    assert piece_id == "1001" and decoded == traits


def test_piece_chains_must_agree() -> None:
    with pytest.raises(ValueError, match="no state"):
        decode_add_piece("+/null/mark;A\tpiece;;;;x/v")


@given(text=TEXT)
def test_obfuscation_round_trips(text: str) -> None:
    assert obfuscate(text).startswith(b"!VCSK")
    assert deobfuscate(obfuscate(text)) == text
    assert deobfuscate(text.encode()) == text


def test_command_stream_shape() -> None:
    stream = command_stream(["+/1/piece;;;a.png;A/Main Map;1;2;3;0", "SETUP_STACK\t"])
    assert commands_of(stream) == [
        "begin_save",
        "+/1/piece;;;a.png;A/Main Map;1;2;3;0",
        "SETUP_STACK\t",
        "end_save",
    ]


# --- whole modules ----------------------------------------------------------------------------------


def definition(game: str) -> ValidGame:
    return shipped(game)


@pytest.fixture(scope="module")
def modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("modules")
    built = {}
    for game in GAMES:
        path = folder / f"{game}.vmod"
        path.write_bytes(build_module(definition(game)))
        built[game] = path
    return built


@pytest.mark.parametrize("game", GAMES)
def test_module_inspects_clean(modules: dict[str, Path], game: str) -> None:
    result = inspect_module(modules[game])
    assert result.ok, [f.message for f in result.findings]
    assert result.findings == []
    assert result.vassal_version == "3.6.0"
    d = definition(game)
    cards = sum(card.copies for deck in d.decks or () for card in deck.cards)
    in_piles = sum(
        d.counters.counters[c].copies
        for box in d.board.boxes
        if box.draw == "random"  # type: ignore[union-attr]
        for c in box.counters
    )
    # the markers the automation places (a battle's, its result's) wait in a hidden palette
    placed = AUTOMATION_GPIDS if d.charts.combat is not None else 0  # type: ignore[union-attr]
    assert result.piece_slots == len(d.counters.counters) + cards + in_piles + placed  # type: ignore[union-attr]
    assert [s.name for s in result.setups] == [s.name for s in d.scenarios]


@pytest.mark.parametrize("game", GAMES)
def test_vassal_saves_every_slot_back_unchanged(modules: dict[str, Path], game: str) -> None:
    """Each palette and deck slot, as the inspect re-encoder (held to VASSAL 3.7.26 by
    test_vassal_resave.py) says VASSAL writes it when it saves the module: unchanged, every
    trait judged (named commands carry VASSAL's codes, calculated integers no braces)."""
    root = parse(zipfile.ZipFile(modules[game]).read("buildFile.xml"))
    codes = named_key_codes(root)
    slots = list(root.iter("VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot"))
    assert slots
    changed = [
        (slot.get("entryName"), verdict.differs if verdict.judged else "not judged")
        for slot in slots
        for verdict in [rewrite((slot.text or "").strip(), slot.get("gpid", ""), None, codes)]
        if not verdict.judged or verdict.differs is not None
    ]
    assert changed == []


@pytest.mark.parametrize("game", GAMES)
def test_every_setup_line_lands_on_its_space(modules: dict[str, Path], game: str) -> None:
    """Each placement of each scenario: the unit (damaged where the set-up says so) is at
    the location VASSAL's grid computes for its space: the data's hex ID or space name."""
    d = definition(game)
    result = inspect_module(modules[game])
    for scenario, setup in zip(d.scenarios, result.setups, strict=True):
        placed = setup.by_location()
        assert not [p.name for p in setup.pieces if not p.on_board]
        for unit in placed_units(d, scenario):
            assert placed.get(unit.location, []).count(unit.name) >= unit.copies, (
                scenario.id,
                unit,
                placed.get(unit.location),
            )


def test_a_unit_set_up_on_a_further_face_is_named_for_it(tmp_path: Path) -> None:
    """Cadre sets a unit up on its third face: VASSAL names the piece for that face (as
    bench/vassal_setups.py saw in VASSAL 3.7.26), and every other placement stands as set up."""
    d = valid_game(validate_game(CLASSIC / "cadre", run_replays=False))
    module = tmp_path / "cadre.vmod"
    module.write_bytes(build_module(d))
    (scenario,), (setup,) = d.scenarios, inspect_module(module).setups
    placed = setup.by_location()
    expected = placed_units(d, scenario)
    assert ("SOUTH DIV (damaged: face 3)", "0703") in [(u.name, u.location) for u in expected]
    assert [u for u in expected if placed.get(u.location, []).count(u.name) < u.copies] == []


def test_ten_days_named_facts(modules: dict[str, Path]) -> None:
    setup = next(s for s in inspect_module(modules["israel1948"]).setups if s.name == "Ten Days")
    placed = setup.by_location()
    assert "7 ARMOUR 2-5" in placed["H5"]  # named as the game names it (counter_names)
    assert "IRGUN 1-3 (damaged)" in placed["G12"]  # with its damaged side's values
    assert sorted(placed["H11"]) == ["JERUSALEM 1-3 (damaged)", "ODED 1-3"]
    assert placed["I2"].count("KIBBUTZ 2-1") == 2
    assert sorted(placed["D12"]) == ["EGYPT 2/1 1-3 (damaged)", "EGYPT TANK 1-5"]
    assert "TURN" in placed["Turn 1"]


def test_reinforcements_wait_on_the_turn_track(modules: dict[str, Path]) -> None:
    setup = next(s for s in inspect_module(modules["israel1948"]).setups if s.name == "Onslaught")
    placed = setup.by_location()
    assert sorted(placed["Turn 1 reinforcements"]) == [
        "7 ARMOUR 2-5",
        "EGT. SAUDI 1-3",
        "IRAQ 2 2-3",
        "SYRIA 2 2-3",
    ]
    assert sorted(placed["Turn 2 reinforcements"]) == [
        "8 ARMOUR 1-5",
        "EGT. SUDAN 1-3",
        "IRAQ 3 2-3",
        "SYRIA 3 2-3",
    ]
    assert placed["Air Points 1"] == ["ARAB AIR"]


@pytest.mark.parametrize("game", [g for g in GAMES if definition(g).board and definition(g).board.grid])  # type: ignore[union-attr]
def test_vassal_names_every_hex_with_its_data_id(game: str) -> None:
    art = render_board(definition(game), 100)
    assert art.layout is not None
    grid = vassal_grid(art.layout)
    wrong = {
        space_id: location_name(grid, x, y)
        for space_id, (x, y) in art.space_centres.items()
        if location_name(grid, x, y) != space_id
    }
    assert wrong == {}


def test_setups_are_obfuscated_saves(modules: dict[str, Path]) -> None:
    with zipfile.ZipFile(modules["israel1948"]) as archive:
        inner = zipfile.ZipFile(io.BytesIO(archive.read("onslaught.vsav")))
        assert inner.read("savedGame").startswith(b"!VCSK")
        assert b"<VassalVersion>3.6.0</VassalVersion>" in archive.read("moduledata")
        assert b'VassalVersion="3.6.0"' in archive.read("buildFile.xml")


def test_build_is_reproducible_and_atomic(tmp_path: Path) -> None:
    runner = CliRunner()
    game = str(SOURCE_DATA / "israel1948")
    assert runner.invoke(cli, ["build", game, "-o", str(tmp_path / "a")]).exit_code == 0
    assert runner.invoke(cli, ["build", game, "-o", str(tmp_path / "b")]).exit_code == 0
    first = (tmp_path / "a" / "israel1948.vmod").read_bytes()
    assert first == (tmp_path / "b" / "israel1948.vmod").read_bytes()
    broken = tmp_path / "israel1948"
    import shutil

    shutil.copytree(SOURCE_DATA / "israel1948", broken)
    (broken / "counters.json").write_text("{")
    assert runner.invoke(cli, ["build", str(broken), "-o", str(tmp_path / "a")]).exit_code == 1
    assert (tmp_path / "a" / "israel1948.vmod").read_bytes() == first


# --- inspecting broken modules ----------------------------------------------------------------------


def _rewrite(source: Path, target: Path, change: dict[str, bytes | None]) -> Path:
    with zipfile.ZipFile(source) as archive, zipfile.ZipFile(target, "w") as out:
        for name in archive.namelist():
            if name in change:
                if change[name] is not None:
                    out.writestr(name, change[name])  # type: ignore[arg-type]
            else:
                out.writestr(name, archive.read(name))
    return target


def _findings(result: Inspection) -> str:
    return " | ".join(f.message for f in result.findings)


def test_inspect_reports_broken_modules(modules: dict[str, Path], tmp_path: Path) -> None:
    source = modules["israel1948"]
    build = zipfile.ZipFile(source).read("buildFile.xml")
    missing_image = inspect_module(_rewrite(source, tmp_path / "a.vmod", {"images/7-armour-front.png": None}))
    assert not missing_image.ok and "7-armour-front.png" in _findings(missing_image)
    unknown = build.replace(b"VASSAL.build.module.map.Scroller", b"VASSAL.build.module.map.Scroler")
    result = inspect_module(_rewrite(source, tmp_path / "b.vmod", {"buildFile.xml": unknown}))
    assert not result.ok and "Scroler" in _findings(result)
    duplicate = build.replace(b'gpid="2"', b'gpid="1"')
    assert "gpid 1" in _findings(
        inspect_module(_rewrite(source, tmp_path / "c.vmod", {"buildFile.xml": duplicate}))
    )
    broken_setup = inspect_module(_rewrite(source, tmp_path / "d.vmod", {"onslaught.vsav": b"not a zip"}))
    assert not broken_setup.ok and "Onslaught" in broken_setup.findings[0].where
    (tmp_path / "e.vmod").write_bytes(b"garbage")
    assert not inspect_module(tmp_path / "e.vmod").ok
    not_xml = inspect_module(_rewrite(source, tmp_path / "f.vmod", {"buildFile.xml": b"<oops"}))
    assert not not_xml.ok


def test_inspect_command(modules: dict[str, Path]) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["inspect", str(modules["israel1948"])])
    assert result.exit_code == 0, result.output
    assert "H5: 7 ARMOUR" in result.output or "7 ARMOUR" in result.output
    as_json = runner.invoke(cli, ["inspect", "--format", "json", str(modules["israel1948"])])
    import json

    payload = json.loads(as_json.output)
    # 56 counters and the battle and result markers of the automation's hidden palette
    assert payload["ok"] is True and payload["pieceSlots"] == 56 + AUTOMATION_GPIDS


def test_lawrence_decks_and_bins(modules: dict[str, Path]) -> None:
    """Both decks lie face down in their places; the hostiles bin holds every OEF unit and the
    garrison box the garrisons the mission did not place; the rest wait in the recruit box."""
    setup = next(s for s in inspect_module(modules["lawrence"]).setups if s.name == "Aqaba!")
    placed = setup.by_location()
    assert len(placed["Mission Cards"]) == 4 and len(placed["Operations Cards"]) == 14
    assert len(placed["Ottoman Expeditionary Forces (OEF) Box"]) == 11
    assert len(placed["Ottoman Garrison Box"]) == 6 - 4
    assert "Lawrence" in placed["Yenbo"] and "Lawrence" not in placed["Recruit Box"]
    assert sum(name.startswith("Arab Bedouin ") for name in placed["Recruit Box"]) == 6  # "Arab Bedouin 2-3"


@pytest.mark.parametrize("id_format, separator", [("{column}.{row}", "."), ("{column}-{row}", "-")])
def test_separated_hex_ids_are_vassal_names_too(tmp_path: Path, id_format: str, separator: str) -> None:
    """VASSAL's numbering has a separator (``sep``); IDs such as B.2 name their hexes in VASSAL too."""
    import json
    import shutil

    game = tmp_path / "toy"
    shutil.copytree(Path(__file__).parent / "fixtures" / "toy", game)
    data = json.loads((game / "map.json").read_text())
    data["grid"]["hex_id"] = id_format
    data["hexes"][0]["id"] = f"B{separator}2"
    (game / "map.json").write_text(json.dumps(data))
    toy = ValidGame.from_definition(validate_game(game, run_replays=False).definition)  # no toy engine here
    assert toy is not None
    art = render_board(toy, 100)
    assert art.layout is not None
    grid = vassal_grid(art.layout)
    assert grid.numbering_attributes()["sep"] == separator
    names = {space_id: location_name(grid, x, y) for space_id, (x, y) in art.space_centres.items()}
    assert names and all(name == space_id for space_id, name in names.items())
    assert all(separator in name for name in names.values())
