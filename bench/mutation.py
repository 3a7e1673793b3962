#!/usr/bin/env python3
"""Mutation testing of a rules-engine system with mutmut: do its replays and rule tests notice a broken rule?

mutmut makes many small one-place changes to the system's code (a `<` for a `<=`, a 2 for
a 3, a condition dropped) and runs the tests that reach each changed function; a change no
test notices "survives". Each system is run on its own, in `build/mutation/<system>/`
(mutmut's copy and its results are kept there, so a second run only tries what changed),
with the tests that pin its rules: the game's replays one by one
(`bench/mutation_replays.py`) and its rule tests. docs/mutation.md gives the scores and
says why each surviving mutant is equivalent; survivors it does not name are printed as
"unexplained". Not in CI's time: a system takes from minutes to an hour on a shared core.

    .venv/bin/pip install -e '.[mutation]'
    nice -n 10 .venv/bin/python bench/mutation.py jerusalem [--children 2] [--fresh] [--show]
    nice -n 10 .venv/bin/python bench/mutation.py jerusalem --again  # after adding replays or tests
    .venv/bin/python bench/mutation.py jerusalem --report      # the last run's figures only
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "mutation"
DOC = ROOT / "docs" / "mutation.md"
# the test files (and their hashes) the last run of a system was made with
MANIFEST = "tests-run.json"
# a mutant's tests failed, ran out of time (it loops), crashed, or hung and was stopped by hand
DETECTED = ("killed", "timeout", "segfault", "suspicious")
# mutant name patterns of the modules asked for with --only (none: the whole system)
ONLY: tuple[str, ...] = ()
# what a system's run copies beside the mutated rules_engine (tests/ is copied by mutmut itself)
LINKED = ("compiler", "rules_engine", "source_data", "tests", "bench")


@dataclass(frozen=True)
class Target:
    """One run: the code mutated, the modules left alone, the games replayed and the rule tests."""

    code: str
    skip: tuple[str, ...]
    games: str
    tests: tuple[str, ...]
    # a test module's data files beside the replays (glob patterns): a change to one counts as a
    # change to the module, so --again runs the survivors it reaches
    data: tuple[tuple[str, str], ...] = ()


# Random play, policies, the deciders that ask a person or a die and the terminal display
# are not rules: no replay pins them (tests/test_random_*.py and tests/test_play.py do).
NOT_RULES = ("random_play.py", "policies.py", "policy.py", "decisions.py", "chooser.py", "display.py")
TARGETS = {
    "israel1948": Target(
        "rules_engine/systems/israel1948",
        NOT_RULES,
        "israel1948",
        ("tests/test_rules_israel.py", "tests/test_campaign.py"),
    ),
    "jerusalem": Target(
        "rules_engine/systems/jerusalem",
        NOT_RULES,
        "jerusalem",
        ("tests/test_rules_jerusalem.py", "tests/test_jerusalem_data.py"),
    ),
    "raiders": Target("rules_engine/systems/raiders", NOT_RULES, "lawrence", ("tests/test_raiders.py",)),
    # the classic system: The Road to Vallon's, Battle for Moscow's and Napoleon at Waterloo's replays,
    # and the template's and test games' replays (tests/fixtures/classic), which
    # tests/test_classic_replays.py validates
    "classic": Target(
        "rules_engine/systems/classic",
        NOT_RULES,
        "vallon battle-for-moscow napoleon-at-waterloo",
        (
            "tests/test_classic_crt.py",
            "tests/test_classic_replays.py",
            "tests/test_classic_checks.py",
            "tests/test_classic_random.py",
            "tests/test_combat_kind.py",
        ),
        (
            ("tests/test_classic_replays.py", "tests/fixtures/classic/*/**/*.json"),
            ("tests/test_classic_replays.py", "compiler/templates/classic/**/*.json"),
        ),
    ),
    "core": Target(
        "rules_engine/core",
        ("random_play.py", "policies.py", "recording.py"),
        "israel1948 jerusalem lawrence vallon battle-for-moscow napoleon-at-waterloo",
        ("tests/test_engine_core.py", "tests/test_core_additions.py", "tests/test_core_phase_order.py"),
    ),
}
# Tests left out: one that plays every replay of a game at once (the replays one by one do that
# finer), and whole games played through the terminal's chooser, seconds each, which reach every
# function and so would run for every surviving mutant (tests/test_play.py covers that way of playing).
LEFT_OUT = (
    "tests/test_rules_jerusalem.py::test_every_shipped_replay_passes",
    "tests/test_rules_jerusalem.py::test_a_game_plays_through_the_chooser_decider",
    "tests/test_rules_jerusalem.py::test_a_played_game_is_written_as_a_replay_that_runs_again",
)
# how a game is played at the terminal and written down as a replay, for every system
PLAY_TESTS = ("tests/test_play.py",)
# Lines (and the statements they begin) that are not rules: the event log's text, a refusal's
# wording (the condition that refuses is mutated on its own line), what an action or a position
# says to a player, and work done only for a listener.
NOT_RULE_LINES = (
    r"\.note\(",
    r"(raise|return) (IllegalAction|EngineError)\(",
    r"def (describe|situation|__str__|__repr__)\(",
    r"^\s*if [\w.]*logging:",
)


def _mutmut_config(target: Target) -> str:
    """The [tool.mutmut] table for one run (mutmut reads it from the working folder's pyproject)."""
    selection = ["bench/mutation_replays.py", *target.tests, *PLAY_TESTS]
    deselect = [f"--deselect={t}" for t in LEFT_OUT]
    return "\n".join(
        [
            "[tool.mutmut]",
            'source_paths = ["rules_engine"]',
            f'only_mutate = ["{target.code}/*"]',
            f"do_not_mutate = {json.dumps([f'{target.code}/{name}' for name in target.skip])}",
            f"do_not_mutate_patterns = {json.dumps(NOT_RULE_LINES)}",
            'also_copy = ["compiler", "source_data", "bench"]',
            f"pytest_add_cli_args_test_selection = {json.dumps(selection)}",
            f"pytest_add_cli_args = {json.dumps(['-p', 'no:cacheprovider', *deselect])}",
            "use_git_change_detection = false",
            # a mutant that loops for ever is stopped after 4 times its tests' usual time (mutmut: 15)
            "timeout_multiplier = 4.0",
            "",
        ]
    )


def prepare(system: str, fresh: bool) -> Path:
    """build/mutation/<system>/: links to the sources and a pyproject naming what to mutate."""
    work = WORK / system
    if fresh and work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    for name in LINKED:
        link = work / name
        if not link.exists():
            link.symlink_to(ROOT / name, target_is_directory=True)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    pyproject = re.sub(r"(?ms)^\[tool\.mutmut\].*?(?=^\[|\Z)", "", pyproject)
    (work / "pyproject.toml").write_text(pyproject + "\n" + _mutmut_config(TARGETS[system]), encoding="utf-8")
    return work


def run(system: str, work: Path, children: int, names: Sequence[str] = ()) -> int:
    """mutmut over the system; mutants whose function did not change keep their last result,
    except those named, which are run again."""
    environment = dict(os.environ, WGC_MUTATION_GAMES=TARGETS[system].games, WGC_CACHE_DIR="")
    command = [sys.executable, "-m", "mutmut", "run", "--max-children", str(children), *names]
    return subprocess.run(command, cwd=work, env=environment).returncode


def test_files(system: str, root: Path = ROOT) -> dict[str, str]:
    """Every file whose text decides a test's verdict in this system's run, with its hash."""
    target = TARGETS[system]
    replays = [
        p
        for game in target.games.split()
        for p in sorted((root / "source_data" / game / "replays").glob("*.json"))
    ]
    paths = [
        *(p.relative_to(root).as_posix() for p in replays),
        *target.tests,
        *PLAY_TESTS,
        "tests/conftest.py",
    ]
    hashes = {}
    for path in paths:
        if not (root / path).is_file():
            continue
        digest = hashlib.sha256((root / path).read_bytes())
        for module, pattern in target.data:
            for data in sorted(root.glob(pattern)) if module == path else ():
                digest.update(data.relative_to(root).as_posix().encode() + b"\0" + data.read_bytes())
        hashes[path] = digest.hexdigest()
    return hashes


def _test_file(test_id: str) -> str:
    """The file a test id's verdict is read from: a replay for each replay test, else its module."""
    replay = re.fullmatch(r"bench/mutation_replays\.py::test_replay\[(\w+)/(.+)\]", test_id)
    return f"source_data/{replay[1]}/replays/{replay[2]}" if replay else test_id.split("::")[0]


def again(system: str, work: Path, children: int) -> int:
    """After tests were added or changed: every mutant not killed whose function a new or changed
    test reaches is run again, and every mutant of a function changed since (first, which tests
    reach which function is found anew)."""
    manifest = work / MANIFEST
    before = json.loads(manifest.read_text(encoding="utf-8")) if manifest.exists() else {}
    changed = {p for p, digest in test_files(system).items() if before.get(p) != digest}
    first = sorted(n for n, s in statuses(work).items() if s == "killed")[:1]  # one quick to run
    (work / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    if not first or run(system, work, children, first) != 0:  # mutants made anew, tests' reach found anew
        return 0 if not first else 1
    stats = json.loads((work / "mutants" / "mutmut-stats.json").read_text(encoding="utf-8"))
    reach = stats["tests_by_mangled_function_name"]
    found = statuses(work)  # the mutants of a function changed since the last run are "not checked"
    waiting = sorted(n for n, s in found.items() if s not in DETECTED)
    chosen = [
        n
        for n in waiting
        if found[n] == "not checked"
        or any(_test_file(t) in changed for t in reach.get(n.rpartition("__mutmut_")[0], ()))
    ]
    print(f"{len(chosen)} of {len(waiting)} not killed are new or reached by {len(changed)} changed files")
    return run(system, work, children, chosen) if chosen else 0


def statuses(work: Path) -> dict[str, str]:
    """Every mutant's status (of the modules asked for with --only), read from mutmut's result files."""
    from mutmut.stats import status_by_exit_code

    found: dict[str, str] = {}
    for meta in sorted((work / "mutants").rglob("*.py.meta")):
        data = json.loads(meta.read_text(encoding="utf-8"))
        for name, code in data["exit_code_by_key"].items():
            if not ONLY or any(fnmatch.fnmatchcase(name, pattern) for pattern in ONLY):
                found[name] = status_by_exit_code[code]
    return found


def explained() -> set[str]:
    """What docs/mutation.md lists as equivalent, in backquotes: a mutant, or a function (every
    mutant of it that survives)."""
    if not DOC.exists():
        return set()
    return set(re.findall(r"`(rules_engine\.[\w.]+)`", DOC.read_text(encoding="utf-8")))


def function_of(mutant: str) -> str:
    return mutant.rpartition("__mutmut_")[0]


def _changed_lines(work: Path, mutant: str) -> list[str]:
    """The lines the mutant takes away (-) and puts in (+), read with mutmut's own diff."""
    path = Path(*function_of(mutant).split(".")[:-1]).with_suffix(".py")
    old = Path.cwd()
    os.chdir(work)  # mutmut reads its configuration from the working folder as it is imported
    try:
        from mutmut.__main__ import get_diff_for_mutant

        diff = get_diff_for_mutant(mutant, path=path)
    finally:
        os.chdir(old)
    return [line for line in diff.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")]


def report(system: str, work: Path, show: bool) -> None:
    """Killed / total, the survivors the docs explain, and the ones they do not (by function)."""
    found = statuses(work)
    counts = Counter(found.values())
    detected = sum(counts[status] for status in DETECTED)
    survivors = sorted(n for n, s in found.items() if s not in DETECTED)
    listed = explained()
    unexplained = [n for n in survivors if n not in listed and function_of(n) not in listed]
    print(
        f"\n{system}: {detected} of {len(found)} mutants killed ({100 * detected / max(1, len(found)):.1f}%)"
    )
    print("  " + ", ".join(f"{status} {count}" for status, count in sorted(counts.items())))
    listed_count = len(survivors) - len(unexplained)
    print(f"  not killed: {len(survivors)}, listed as equivalent in docs/mutation.md: {listed_count}")
    for function, names in itertools.groupby(unexplained, key=function_of):
        names = list(names)
        print(f"  unexplained: {function} ({len(names)})")
        for name in names if show else ():
            print(f"    {name.rpartition('__')[2]} [{found[name]}]")
            for line in _changed_lines(work, name):
                print(f"      {line.strip()[:150]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("system", choices=sorted(TARGETS))
    parser.add_argument("--children", type=int, default=1, help="mutants run at once (default 1)")
    parser.add_argument("--fresh", action="store_true", help="forget the last run's results")
    parser.add_argument("--report", action="store_true", help="only print the last run's figures")
    parser.add_argument("--show", action="store_true", help="print the diff of each unexplained survivor")
    parser.add_argument(
        "--again", action="store_true", help="after adding tests: run the mutants not killed they reach"
    )
    parser.add_argument("--only", default="", help="some modules only, e.g. combat,strength (a shorter run)")
    arguments = parser.parse_args()
    work = prepare(arguments.system, arguments.fresh)
    package = TARGETS[arguments.system].code.replace("/", ".")
    global ONLY
    ONLY = tuple(f"{package}.{module}.*" for module in arguments.only.split(",") if module)
    if not arguments.report:
        tested = test_files(arguments.system)  # what this run tests with, kept once it has finished
        if arguments.again:
            code = again(arguments.system, work, arguments.children)
        else:
            code = run(arguments.system, work, arguments.children, ONLY)
        if code != 0:
            sys.exit(f"mutmut stopped with exit code {code}")
        (work / MANIFEST).write_text(json.dumps(tested, indent=1), encoding="utf-8")
    report(arguments.system, work, arguments.show)


if __name__ == "__main__":
    main()
