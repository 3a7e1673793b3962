"""Designer friction from issue 10: schemas for games kept anywhere, one count of
reconstructed values, and an install without deprecation warnings."""

from __future__ import annotations

import fnmatch
import json
import shutil
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.diagnostics import codes
from compiler.pipeline import validate_game
from compiler.report.summary import format_summary, summarize
from compiler.schema import schema_names

from .conftest import GAMES, ROOT, SOURCE_DATA

PACKAGED = ROOT / "compiler" / "schemas"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_schemas_command_writes_every_packaged_schema(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["schemas", "-o", str(tmp_path / "schemas")])
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in (tmp_path / "schemas").iterdir())
    assert written == schema_names() and len(written) >= 9
    for name in written:
        assert (tmp_path / "schemas" / name).read_bytes() == (PACKAGED / name).read_bytes()
        assert json.loads((PACKAGED / name).read_text())["$id"].endswith("/" + name)


def test_schemas_command_reports_an_unwritable_folder(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    result = CliRunner().invoke(cli, ["schemas", "-o", str(tmp_path / "file" / "schemas")])
    assert result.exit_code == 1
    assert "cannot write to" in result.output and "Traceback" not in result.output


def test_a_game_outside_source_data_validates_against_written_schemas(tmp_path: Path) -> None:
    """The layout docs/editors.md recommends: schemas next to the games, $schema relative."""
    CliRunner().invoke(cli, ["schemas", "-o", str(tmp_path / "schemas")])
    game = tmp_path / "my-game"
    shutil.copytree(SOURCE_DATA / "israel1948", game)
    for path in game.rglob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        depth = len(path.relative_to(game).parts)
        name = Path(data["$schema"]).name
        data["$schema"] = "../" * depth + "schemas/" + name
        path.write_text(json.dumps(data), encoding="utf-8")
        assert (path.parent / data["$schema"]).resolve() == (tmp_path / "schemas" / name).resolve()
    assert validate_game(game).ok


def test_schemas_are_package_data() -> None:
    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]["compiler.schemas"]
    for name in schema_names():
        assert any(fnmatch.fnmatch(name, pattern) for pattern in patterns), name


@pytest.mark.parametrize("game", GAMES)
def test_validate_and_info_count_the_same_reconstructed_records(game: str) -> None:
    report = validate_game(SOURCE_DATA / game)
    warnings = sum(1 for d in report.diagnostics if d.code == codes.PROVENANCE_RECONSTRUCTED)
    provenance = summarize(report)["provenance"]
    assert provenance["reconstructed_records"] == warnings
    assert provenance["reconstructed"] >= warnings
    text = format_summary(summarize(report))
    assert f"{warnings} records are marked reconstructed" in text
    assert f"covering {provenance['reconstructed']} values" in text


def test_license_is_an_spdx_expression_the_build_backend_accepts() -> None:
    """A TOML table here makes setuptools print deprecation warnings at every install."""
    assert isinstance(PYPROJECT["project"]["license"], str)
    assert "setuptools>=77" in PYPROJECT["build-system"]["requires"]
