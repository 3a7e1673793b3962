"""Every hostile module of issues 10, 19 and 28 (tests/inspect_hostile.py: HOSTILE), run by `wgc`
in a child process capped in CPU time and address space, so that a fixed defect that comes back
fails here instead of passing slowly.

Why the Calculated Properties probe came back unnoticed (issue 28): the test written for it
counted how often each property was computed, in the test's own process, on properties whose
values never grow (a literal that throws gives "" to every reader; the bench's integers wrap).
Computed once each, 150 properties joining the next 150 times over 5 levels still build 150**4
characters of text: the count held while the time and memory went into the size of the values,
and nothing bounded the run. Here each case runs under a CPU-time and memory cap, with values
that grow (strings) as well as ones that do not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .bounded import run_wgc
from .inspect_hostile import HOSTILE, HostileCase

CPU_SECONDS = 20  # each case needs under 2 s of CPU on this machine; a regression needs minutes
WALL_SECONDS = 180  # only so that a hung child cannot hang the suite


@pytest.mark.parametrize("case", HOSTILE, ids=[case.name for case in HOSTILE])
def test_a_hostile_module_is_answered_within_its_bounds(tmp_path: Path, case: HostileCase) -> None:
    module = tmp_path / "hostile.vmod"
    module.write_bytes(case.build())
    args = [case.command, str(module)] + (["-o", str(tmp_path / "game")] if case.command == "import" else [])
    outcome = run_wgc(args, tmp_path, timeout=WALL_SECONDS, memory_mb=1500, cpu_seconds=CPU_SECONDS)
    assert outcome.exit_code is not None, f"still running after {WALL_SECONDS} s"
    assert outcome.exit_code >= 0, f"killed (signal {-outcome.exit_code}): past {CPU_SECONDS} s of CPU?"
    assert outcome.exit_code == case.exit_code, outcome.stdout[-2000:] + outcome.stderr[-2000:]
    assert "Traceback" not in outcome.stderr
    for code in case.codes:
        assert code in outcome.stdout, outcome.stdout[-2000:]
    assert outcome.peak_mb is not None and outcome.peak_mb < case.memory_mb, outcome.peak_mb


# A game file of millions of empty objects (12 MB; issue 28, a replay of a million steps): the depth
# check walked every parsed value and the placing of its diagnostics stepped over every step.
EMPTY_OBJECTS = 4_000_000
GAME_FILE_CPU_SECONDS = 8  # 2.6 s of CPU and 660 MB on this machine; 13.3 s and 1.06 GB before
GAME_FILE_MEMORY_MB = 900


def test_a_game_file_of_millions_of_empty_objects_is_answered_within_its_bounds(tmp_path: Path) -> None:
    game = tmp_path / "game"
    outcome = run_wgc(["new", str(game)], tmp_path, timeout=WALL_SECONDS)
    assert outcome.exit_code == 0, outcome.stderr
    replay = game / "replays" / "steps.json"
    replay.write_text('{"steps": [' + ",".join(["{}"] * EMPTY_OBJECTS) + "]}", encoding="utf-8")
    outcome = run_wgc(
        ["validate", str(game)],
        tmp_path,
        timeout=WALL_SECONDS,
        memory_mb=1500,
        cpu_seconds=GAME_FILE_CPU_SECONDS,
    )
    assert outcome.exit_code is not None, f"still running after {WALL_SECONDS} s"
    assert outcome.exit_code >= 0, (
        f"killed (signal {-outcome.exit_code}): past {GAME_FILE_CPU_SECONDS} s of CPU?"
    )
    assert outcome.exit_code == 1 and "Traceback" not in outcome.stderr
    assert "schema.size" in outcome.stdout and "replays/steps.json" in outcome.stdout
    assert outcome.peak_mb is not None and outcome.peak_mb < GAME_FILE_MEMORY_MB, outcome.peak_mb
