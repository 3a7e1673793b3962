"""Replays edited at random never crash the runner: every engine refusal, odd unit name or
impossible position ends as a diagnostic with exit 0 or 1, for every system.

A replay is a designer's file like any other: its steps reach deep into the rules
engines (unit names, paths, dice, choices), so an edit that keeps the schema's
shape but not the game's sense is exactly what a typo produces.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.cli.main import cli
from compiler.diagnostics import codes

from .conftest import GAMES, SOURCE_DATA
from .mutations import mutated, reshuffled

REPLAYS = {game: sorted((SOURCE_DATA / game / "replays").glob("*.json")) for game in GAMES}
PICKS = [(game, path) for game, paths in REPLAYS.items() for path in paths]
FUZZ = settings(
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)


@st.composite
def edited_replay(draw: st.DrawFn) -> tuple[str, dict[str, object]]:
    game, path = draw(st.sampled_from(PICKS))
    document = json.loads(path.read_text(encoding="utf-8"))
    how = draw(st.sampled_from(["reshuffled", "reshuffled", "mutated"]))
    edit = reshuffled(document, 3) if how == "reshuffled" else mutated(document, 2)
    return game, draw(edit)


@settings(FUZZ, max_examples=60)
@given(case=edited_replay())
def test_an_edited_replay_ends_in_a_diagnostic_not_a_traceback(
    tmp_path: Path, case: tuple[str, object]
) -> None:
    game, replay = case
    file = tmp_path / "edited.json"
    file.write_text(json.dumps(replay, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", str(SOURCE_DATA / game), str(file)])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1), result.output
    assert codes.INTERNAL_CHECK_FAILED not in result.output
    assert "Traceback" not in result.output
