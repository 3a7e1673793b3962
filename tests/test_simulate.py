"""Balance runs: the statistics, the same table however the games are spread, and the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.pipeline import validate_game
from compiler.simulate import simulate, wilson_interval

from .conftest import SOURCE_DATA, valid_game

ISRAEL = SOURCE_DATA / "israel1948"


def test_wilson_interval_matches_the_textbook() -> None:
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and round(high, 4) == 0.1611
    assert wilson_interval(0, 0) == (0.0, 1.0)


def _run(jobs: int = 1, scheduler: str | None = None, policy: str = "random") -> list[dict[str, object]]:
    game = valid_game(validate_game(ISRAEL, run_replays=False))
    tables = simulate(
        ISRAEL,
        game,
        scenarios=("onslaught",),
        games=12,
        policy=policy,
        seed=7,
        jobs=jobs,
        scheduler=scheduler,
    )
    return [t.to_json() for t in tables]


def test_the_table_counts_every_game_and_names_its_seeds() -> None:
    (table,) = _run()
    assert table["seeds"] == [7, 18] and table["games"] == 12
    results = table["results"]
    assert isinstance(results, list) and sum(r["count"] for r in results) == 12
    for row in results:
        low, high = row["ci95"]
        assert low <= row["share"] <= high


def test_the_same_seeds_give_the_same_table_with_any_number_of_jobs() -> None:
    assert _run(jobs=1) == _run(jobs=2)


def test_a_scripted_policy_plays_too() -> None:
    (table,) = _run(policy="aggressive")
    assert table["policy"] == "aggressive" and table["games"] == 12


def test_a_dask_cluster_gives_the_same_table_as_local_play() -> None:
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        assert _run(scheduler=cluster.scheduler_address) == _run(jobs=1)


def test_the_command_prints_json_and_writes_a_plot(tmp_path: Path) -> None:
    runner = CliRunner()
    arguments = ["simulate", str(ISRAEL), "--scenario", "onslaught", "--games", "6", "--format", "json"]
    result = runner.invoke(cli, [*arguments, "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (table,) = json.loads(result.stdout)
    assert table["scenario"] == "onslaught" and table["games"] == 6
    png = tmp_path / "israel1948-balance.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert json.loads((tmp_path / "israel1948-balance.json").read_text())[0]["games"] == 6


@pytest.mark.parametrize(
    "extra",
    [["--policy", "cautious"], ["--scenario", "nowhere"], ["--option", "fog-of-war"], ["--games", "0"]],
)
def test_what_cannot_be_played_is_a_usage_error(extra: list[str]) -> None:
    result = CliRunner().invoke(cli, ["simulate", str(ISRAEL), "--games", "2", *extra])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_every_result_of_the_scenario_is_listed_even_one_no_game_reached() -> None:
    (table,) = _run()
    results = table["results"]
    assert isinstance(results, list)
    listed = [row["result"] for row in results]
    assert set(listed) >= {
        "Arab Major Victory",
        "Israeli Major Victory",
        "Israeli Victory",
        "Draw",
        "Arab Victory",
    }
    for row in results:
        if row["count"] == 0:
            assert row["share"] == 0 and row["ci95"][0] == 0 and row["ci95"][1] > 0


@pytest.mark.parametrize(
    ("game", "scenario", "order"),
    [
        (
            "israel1948",
            "onslaught",
            ["Israeli Major Victory", "Israeli Victory", "Draw", "Arab Victory", "Arab Major Victory"],
        ),
        ("jerusalem", "standard-game", ["Jewish victory", "Arab victory"]),
        ("lawrence", "aqaba", ["Mission won", "Mission lost"]),
    ],
)
def test_results_run_from_one_sides_best_to_the_others(game: str, scenario: str, order: list[str]) -> None:
    from compiler.simulate.runner import result_levels

    definition = valid_game(validate_game(SOURCE_DATA / game, run_replays=False))
    (found,) = [s for s in definition.scenarios if s.id == scenario]
    assert result_levels(found) == order


def test_the_printed_table_is_in_victory_order_with_no_bare_progress_line() -> None:
    result = CliRunner().invoke(cli, ["simulate", str(ISRAEL), "--scenario", "onslaught", "--games", "3"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Onslaught (onslaught): 3 games"), "no lone 'playing' line first"
    rows = [line.split("  ")[1].strip() for line in result.output.splitlines()[2:7]]
    assert rows == ["Israeli Major Victory", "Israeli Victory", "Draw", "Arab Victory", "Arab Major Victory"]
