"""A combat system of a kind the game's rules system cannot play is refused by the validator,
at charts.json's line, instead of by the engine later (a traceback in `wgc play`, exit 2 in
`wgc simulate`, or a fault reported at a replay's line 1)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.diagnostics import codes
from compiler.new_game import new_game
from compiler.pipeline import validate_game
from tests.conftest import assert_reported

ODDS_CRT = {"kind": "odds-crt", "table": "crt"}
CRT = {
    "id": "crt",
    "name": "Combat Results Table",
    "kind": "crt",
    "die": "red",
    "columns": ["1-1", "2-1"],
    "rows": [{"roll": "1-6", "results": ["NE", "DE"]}],
}
REPLAY = {
    "$schema": "../../schemas/replay.schema.json",
    "name": "first turn",
    "scenario": "first-clash",
    "steps": [{"end_phase": True}],
}


def _odds_crt_israel_game(tmp_path: Path) -> Path:
    game = tmp_path / "odd-game"
    new_game(game, "israel1948")
    charts = json.loads((game / "charts.json").read_text(encoding="utf-8"))
    charts["combat"] = ODDS_CRT
    charts["tables"] = [CRT]
    (game / "charts.json").write_text(json.dumps(charts, indent=2), encoding="utf-8")
    (game / "replays").mkdir()
    (game / "replays" / "first-turn.json").write_text(json.dumps(REPLAY, indent=2), encoding="utf-8")
    return game


def test_an_odds_crt_under_israel1948_is_an_error_at_charts_json(tmp_path: Path) -> None:
    report = validate_game(_odds_crt_israel_game(tmp_path))
    assert_reported(
        report,
        codes.COMBAT_UNPLAYABLE_KIND,
        "charts.json",
        "/combat/kind",
        "the israel1948 system plays: dice-pool",
    )
    found = next(d for d in report.diagnostics if d.code == codes.COMBAT_UNPLAYABLE_KIND)
    assert found.line is not None and found.line > 1
    # the replay is not run (the data has errors), so nothing is blamed on its first line
    assert not [d for d in report.diagnostics if d.file.startswith("replays/")]


def test_play_and_simulate_refuse_the_game_with_the_diagnostic(tmp_path: Path) -> None:
    game = _odds_crt_israel_game(tmp_path)
    runner = CliRunner()
    simulated = runner.invoke(cli, ["simulate", str(game), "--games", "2"])
    assert simulated.exit_code == 1
    assert "combat.unplayable-kind" in simulated.output
    played = runner.invoke(cli, ["play", str(game), "first-clash", "--seed", "1"], input="quit\n")
    assert played.exception is None or isinstance(played.exception, SystemExit)
    assert played.exit_code == 1
    assert "Traceback" not in played.output


def test_every_shipped_combat_kind_is_one_its_system_plays() -> None:
    for name in ("israel1948", "jerusalem", "lawrence"):
        report = validate_game(
            Path(__file__).resolve().parent.parent / "source_data" / name, run_replays=False
        )
        assert not [d for d in report.diagnostics if d.code == codes.COMBAT_UNPLAYABLE_KIND]
