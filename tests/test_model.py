"""The model builders on data the schema lets through in unusual shapes."""

from __future__ import annotations

from compiler.pipeline import validate_game

from .conftest import GameCopy


def test_a_die_roll_written_as_a_float_builds(israel: GameCopy) -> None:
    """JSON Schema counts 2.0 as an integer; the builder must take it as one (found by fuzzing)."""

    def float_roll(data: dict[str, list[dict[str, list[dict[str, object]]]]]) -> None:
        data["tables"][0]["rows"][0]["roll"] = 2.0

    israel.edit("charts.json", float_roll)
    report = validate_game(israel.root, run_replays=False)
    assert not [d for d in report.diagnostics if d.code == "internal.check-failed"]
    assert report.definition.charts is not None
    assert report.definition.charts.tables["uncertain-peace"].rows[0].roll == (2, 2, False)
