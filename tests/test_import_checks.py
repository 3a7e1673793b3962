"""An imported game as a designer edits it: each mistake in boards.json, a scenario's pieces or
the kept vassal/ folder is a diagnostic at its place; the command; and the 'none' system."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.diagnostics import codes
from compiler.importer import import_module
from compiler.pipeline import GameReport, validate_game
from compiler.vassal.extension.module import build_kept_module

from .conftest import assert_reported
from .import_modules import showcase
from .inspect_modules import CASES


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("checks")
    module = folder / "showcase.vmod"
    module.write_bytes(showcase())
    result = import_module(module, folder / "games" / "showcase")
    assert result.folder is not None
    return result.folder


def edited(imported: Path, tmp_path: Path, name: str, change: Callable[[Any], object]) -> GameReport:
    folder = tmp_path / "games" / "showcase"
    shutil.copytree(imported, folder)
    shutil.copytree(imported.parent.parent / "games" / "schemas", tmp_path / "games" / "schemas")
    data = json.loads((folder / name).read_text("utf-8"))
    change(data)
    (folder / name).write_text(json.dumps(data, indent=1), "utf-8")
    return validate_game(folder)


def _piece(data: Any, piece_id: str) -> Any:
    return next(p for p in data["pieces"] if p["id"] == piece_id)


def test_the_import_validates_clean(imported: Path) -> None:
    report = validate_game(imported)
    assert report.ok and not report.diagnostics, [d.message for d in report.diagnostics]


def test_boards_json_mistakes(imported: Path, tmp_path: Path) -> None:
    def twice(data: Any) -> None:
        data["maps"].append(dict(data["maps"][0]))
        data["maps"][0]["layout"][0]["board"] = "Ghost"

    report = edited(imported, tmp_path, "boards.json", twice)
    assert_reported(report, codes.BOARDS_DUPLICATE, "boards.json", "/maps")
    assert_reported(report, codes.BOARDS_UNKNOWN_BOARD, "boards.json", "/maps/0/layout/0/board")


@pytest.mark.parametrize(
    ("change", "code", "pointer"),
    [
        (
            lambda d: _piece(d, "201").update(at="Z99", position=None) or _piece(d, "201").pop("position"),
            codes.PIECE_UNKNOWN_LOCATION,
            "at",
        ),
        (lambda d: _piece(d, "201").update(at="C3"), codes.PIECE_POSITION_ELSEWHERE, "position"),
        (lambda d: _piece(d, "201").update(face=4), codes.PIECE_UNKNOWN_FACE, "face"),
        (lambda d: _piece(d, "201").update(counter="nobody"), codes.REF_UNKNOWN_COUNTER, "counter"),
        (lambda d: _piece(d, "208").update(card="events/nothing"), codes.REF_UNKNOWN_CARD, "card"),
        (lambda d: _piece(d, "201").update(map="elsewhere"), codes.BOARDS_UNKNOWN_MAP, "map"),
    ],
)
def test_scenario_piece_mistakes(
    imported: Path, tmp_path: Path, change: Callable[[Any], object], code: str, pointer: str
) -> None:
    report = edited(imported, tmp_path, "scenarios/opening.json", change)
    data = json.loads((imported / "scenarios/opening.json").read_text("utf-8"))
    index = next(
        i
        for i, p in enumerate(data["pieces"])
        if p["id"] in ("201", "208") and (p["id"] == "208") == (code == codes.REF_UNKNOWN_CARD)
    )
    assert_reported(report, code, "scenarios/opening.json", f"/pieces/{index}/{pointer}")


def test_kept_tree_references_the_data_lacks(imported: Path, tmp_path: Path) -> None:
    def drop(data: Any) -> None:
        data["counters"] = [c for c in data["counters"] if c["id"] != "note"]

    report = edited(imported, tmp_path, "counters.json", drop)
    found = [d for d in report.diagnostics if d.code == codes.VASSAL_UNKNOWN_REFERENCE]
    assert len(found) == 1 and not found[0].is_error and "counter 'note'" in found[0].message
    assert_reported(report, codes.REF_UNKNOWN_COUNTER, "scenarios/opening.json", None)  # its piece there


def test_a_damaged_kept_file_is_a_diagnostic(imported: Path, tmp_path: Path) -> None:
    report = edited(imported, tmp_path, "vassal/pieces.json", lambda d: d.update(format=7))
    assert_reported(report, codes.VASSAL_EXTENSION, "vassal/pieces.json", None, located=False)
    (tmp_path / "games/showcase/vassal/module.xml").write_text("<unclosed", "utf-8")
    (tmp_path / "games/showcase/vassal/pieces.json").write_bytes(
        (imported / "vassal/pieces.json").read_bytes()
    )
    report = validate_game(tmp_path / "games" / "showcase")
    assert any(d.code == codes.VASSAL_EXTENSION and d.is_error for d in report.diagnostics)


def test_the_command(imported: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    module = tmp_path / "showcase.vmod"
    module.write_bytes(showcase())
    result = runner.invoke(cli, ["import", str(module), "-o", str(tmp_path / "game"), "--format", "json"])
    answer = json.loads(result.output)
    assert result.exit_code == 0  # inspect only warns (a piece on no map): listed, not an error
    assert [d["code"] for d in answer["diagnostics"]] == ["import.module-finding"]
    assert answer["folder"] == str(tmp_path / "game") and answer["data"]["counters"] == 5
    assert 0 < answer["items"]["share_data"] < 1 and answer["kept"]["traits: globalkey;"] == 1
    again = runner.invoke(cli, ["import", str(module), "-o", str(tmp_path / "game")])
    assert again.exit_code == 2 and "not empty" in again.output
    text = runner.invoke(cli, ["import", str(module), "-o", str(tmp_path / "other")])
    assert "became data:" in text.output and "kept verbatim" in text.output and "% data" in text.output
    built = runner.invoke(cli, ["build", str(tmp_path / "game"), "-o", str(tmp_path / "out")])
    assert built.exit_code == 0 and (tmp_path / "out" / "showcase.vmod").is_file()


def test_an_import_that_wrote_the_folder_exits_0_with_the_module_s_errors(tmp_path: Path) -> None:
    """The module's own errors (here an image it lacks) are listed, and the import exits 0:
    the folder is written and builds; 1 is kept for an import that wrote nothing."""
    module = tmp_path / "zones.vmod"
    module.write_bytes(CASES["zones"]())
    result = CliRunner().invoke(cli, ["import", str(module), "-o", str(tmp_path / "game")])
    assert "error [import.module-finding]" in result.output
    assert result.exit_code == 0 and (tmp_path / "game" / "game.json").is_file()


def test_a_game_without_a_rules_engine_says_so(imported: Path) -> None:
    runner = CliRunner()
    played = runner.invoke(cli, ["play", str(imported), "opening"])
    assert played.exit_code == 1 and "no rules engine" in played.output
    simulated = runner.invoke(cli, ["simulate", str(imported), "--games", "2"])
    assert simulated.exit_code != 0 and "no rules engine" in simulated.output


def _rebuilt(folder: Path) -> bytes:
    report = validate_game(folder)
    assert report.valid is not None, [d.message for d in report.diagnostics if d.is_error]
    return build_kept_module(report.valid)


def test_setups_written_whole_as_wgc_did_before_build_alike(imported: Path, tmp_path: Path) -> None:
    """A folder imported before pieces shared their definitions and base states (each piece's
    states whole, an older definition by index into the setup's own types) builds the same
    module."""
    folder = tmp_path / "games" / "showcase"
    shutil.copytree(imported, folder)
    shutil.copytree(imported.parent.parent / "games" / "schemas", tmp_path / "games" / "schemas")
    shared = json.loads((folder / "vassal/definitions.json").read_text("utf-8"))
    for path in (folder / "vassal/setups").glob("*.json"):
        setup = json.loads(path.read_text("utf-8"))
        types: list[str] = []
        for key, piece in setup["pieces"].items():
            states = list(shared["states"][piece["base"]])
            for position, value in piece.get("changed", {}).items():
                states[int(position)] = value
            whole: dict[str, Any] = {"states": states}
            if "definition" in piece:
                whole["type"] = len(types)
                types.append(shared["definitions"][piece["definition"]])
            setup["pieces"][key] = whole
        setup["types"] = types
        path.write_text(json.dumps(setup), "utf-8")
    (folder / "vassal/definitions.json").unlink()
    assert _rebuilt(folder) == _rebuilt(imported)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["pieces"]["201"].update(base="s0"),
            "base states 's0' are not in vassal/definitions.json",
        ),
        (lambda d: d["pieces"]["213"]["changed"].update({"99": "x"}), "'99' is not a position"),
        (lambda d: d["pieces"]["205"].update(definition="d0"), "definition 'd0' is not in"),
        (lambda d: d["pieces"]["201"].pop("base"), "a piece needs its states"),
    ],
)
def test_a_damaged_shared_piece_is_a_diagnostic(
    imported: Path, tmp_path: Path, change: Callable[[Any], object], message: str
) -> None:
    report = edited(imported, tmp_path, "vassal/setups/opening.json", change)
    found = [d for d in report.diagnostics if d.code == codes.VASSAL_EXTENSION]
    assert len(found) == 1 and found[0].is_error and message in found[0].message, found
    assert found[0].file.startswith("vassal/setups/opening.json/pieces/")


def test_the_module_s_own_art_is_one_line_per_code(imported: Path, tmp_path: Path) -> None:
    """Backs of another size than their fronts are the module's choice: an imported game lists
    them as one warning that counts them, not one per counter."""

    def backs_of_another_size(data: Any) -> None:
        for counter in data["counters"]:
            if "back" in counter:
                counter["back"]["image"] = "images/hexes.png"

    report = edited(imported, tmp_path, "counters.json", backs_of_another_size)
    differ = [d for d in report.diagnostics if d.code == codes.ART_SIZES_DIFFER]
    assert len(differ) == 1 and not differ[0].is_error
    assert differ[0].message.startswith("3 finding(s) on the imported module's own art, first: ")


def test_a_position_given_to_a_piece_still_in_a_deck_is_a_warning(imported: Path, tmp_path: Path) -> None:
    """The card stays at the deck's location, so it stays in the deck, where VASSAL puts it at the
    deck's point: the new position would be written, ignored and lost on the next import."""
    report = edited(
        imported, tmp_path, "scenarios/opening.json", lambda d: _piece(d, "208").update(position=[100, 100])
    )
    found = [d for d in report.diagnostics if d.code == codes.PIECE_IN_A_DECK]
    assert len(found) == 1 and found[0].pointer.endswith("/position") and not found[0].is_error
    assert "deck's point [350, 80]" in found[0].message
    unchanged = validate_game(imported)
    assert not any(d.code == codes.PIECE_IN_A_DECK for d in unchanged.diagnostics)
