"""Balance runs: the statistics, the same table however the games are spread, and the command."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.pipeline import validate_game
from compiler.simulate import cluster, simulate, wilson_interval

from .conftest import SOURCE_DATA, valid_game
from .hostile_server import DASK_GREETING, HostileServer, dask_greeting

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


# --- the scheduler's address and what answers there (issue 19, items 7 and 8) -------------------

SILENT, TIMEOUT = b"", 1.0


@pytest.mark.parametrize(
    "address", ["foo://bar", "not a url", "localhost", "tcp://host:99999", "tcp://:8786"]
)
def test_an_address_that_is_not_one_is_a_usage_error(address: str) -> None:
    result = CliRunner().invoke(cli, ["simulate", str(ISRAEL), "--games", "2", "--scheduler", address])
    assert result.exit_code == 2, result.output
    assert "--scheduler" in result.output and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def _simulate_at(address: str, tmp_path: Path) -> tuple[subprocess.CompletedProcess[str], float, int]:
    """`wgc simulate --scheduler address` in a process of its own (with the greeting's time-out
    cut to TIMEOUT seconds); its result, its time and its peak memory in MB. The peak is the
    process's own high-water mark (VmHWM, which starts afresh at exec) where Linux has it:
    ru_maxrss is carried over from the test process that started it, so a large test run
    would be counted against the command."""
    script = (
        "import resource, sys\n"
        "from compiler.simulate import cluster\n"
        f"cluster.CONNECT_SECONDS = {TIMEOUT}\n"
        "from compiler.cli.main import cli\n"
        "try:\n"
        f"    cli(['simulate', {str(ISRAEL)!r}, '--games', '2', '--scheduler', {address!r}], prog_name='wgc')\n"
        "finally:\n"
        "    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "    try:\n"
        "        status = open('/proc/self/status').read().split('VmHWM:')[1]\n"
        "        peak = int(status.split()[0])\n"
        "    except (OSError, IndexError, ValueError):\n"
        "        pass\n"
        "    print('peak', peak, file=sys.stderr)\n"
    )
    start = time.monotonic()
    try:
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=tmp_path
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"wgc simulate --scheduler {address} still waits after 60 s")
    peak_kb = int(done.stderr.rsplit("peak", 1)[1])
    return done, time.monotonic() - start, peak_kb // 1024


@pytest.mark.parametrize(
    "greeting",
    [
        b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n",
        bytes(range(256)) * 4,
        struct.pack("=Q", 2**30),
        dask_greeting(b"{}"),
        SILENT,
    ],
    ids=["http", "garbage", "announces-1-GiB", "not-msgpack", "silent"],
)
def test_a_server_that_is_not_dask_is_refused_in_bounded_time_and_memory(
    greeting: bytes, tmp_path: Path
) -> None:
    with HostileServer(greeting) as server:
        done, seconds, peak_mb = _simulate_at(server.address, tmp_path)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert f"error: the server at {server.address}" in done.stderr, done.stderr
    assert "hint:" in done.stderr
    assert seconds < 30 and peak_mb < 400, (seconds, peak_mb)


def test_a_dask_greeting_passes_the_probe() -> None:
    with HostileServer(DASK_GREETING) as server:
        cluster.probe_scheduler(cluster.parse_scheduler(server.address), seconds=TIMEOUT)


def test_an_output_folder_that_cannot_be_made_stops_the_run_before_any_game(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    result = CliRunner().invoke(
        cli, ["simulate", str(ISRAEL), "--games", "2", "-o", str(blocker / "balance")], catch_exceptions=True
    )
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "error: cannot write" in result.output and "games" not in result.output


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
