"""Documentation that must follow the code."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.diagnostics import codes
from compiler.diagnostics.catalogue import markdown

from .conftest import ROOT


def test_diagnostics_page_is_current() -> None:
    assert (ROOT / "docs" / "diagnostics.md").read_text() == markdown()


def test_every_code_constant_is_described() -> None:
    constants = {value for name, value in vars(codes).items() if name.isupper() and isinstance(value, str)}
    assert constants == set(codes.DESCRIPTIONS)


def test_every_code_used_in_the_source_is_registered() -> None:
    used = set()
    for path in (ROOT / "compiler").rglob("*.py"):
        used |= set(re.findall(r"codes\.([A-Z_]+)", path.read_text()))
    assert {getattr(codes, name) for name in used} <= set(codes.DESCRIPTIONS)


def test_readme_gives_the_two_commands_and_ci_runs_the_test_one() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "python3 dev.py build" in readme and "python3 dev.py test" in readme
    assert "python3 dev.py test" in (ROOT / ".ci" / "run").read_text()


def test_the_readme_example_diagnostic_is_what_wgc_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's example is a real run: JORDAN-R's G16 mistyped as G61 in ten-days.json."""
    readme = (ROOT / "README.md").read_text()
    example = re.search(r"```\n(source_data/israel1948/scenarios/ten-days\.json:.*?)```", readme, re.S)
    assert example is not None, "the README lost its example diagnostic"
    game = tmp_path / "source_data" / "israel1948"
    shutil.copytree(ROOT / "source_data" / "israel1948", game)
    scenario = game / "scenarios" / "ten-days.json"
    text = scenario.read_text()
    typo = '{"unit": "jordan-r", "at": "G16", "face": "back"}'
    assert text.count(typo) == 1
    scenario.write_text(text.replace(typo, typo.replace("G16", "G61")))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["validate", "source_data/israel1948", "--no-warnings"])
    assert result.exit_code == 1
    assert result.output == example.group(1)


def test_the_data_model_reinforcement_example_uses_the_real_keys() -> None:
    """docs/data-model.md's reinforcements are the shipped ones, and every key is the schema's."""
    text = (ROOT / "docs" / "data-model.md").read_text()
    block = re.search(r'```json\n"reinforcements": (\[.*?\])\n```', text, re.S)
    assert block is not None, "the data model lost its reinforcement example"
    example = json.loads(block.group(1))
    schema = json.loads((ROOT / "compiler" / "schemas" / "scenario.schema.json").read_text())
    allowed = schema["$defs"]["reinforcement"]["properties"]
    for line in example:
        assert set(line) <= set(allowed) and {"turn", "unit"} <= set(line)
    shipped = [
        r
        for game in ("israel1948", "jerusalem")
        for path in (ROOT / "source_data" / game / "scenarios").glob("*.json")
        for r in json.loads(path.read_text()).get("reinforcements", [])
    ]
    for line in example:  # each is a shipped reinforcement, perhaps without its provenance
        assert any(line.items() <= r.items() for r in shipped), line
    assert "A game is a folder under `source_data/`" not in text
