"""The module's automation against the rules engine, battle by battle, in the real VASSAL engine.

    WGC_AUTOMATION_HARNESS=bench/automation/harness/run.sh VASSAL_JAR=... VASSAL_CP=... \
    .venv/bin/python bench/automation/differential.py source_data/israel1948 [--battles 50] [--record]

Takes battles from seeded random games (the positions just before each attack), loads each
position in the module, declares and resolves the battle through the harness, then resolves
it in the rules engine with the dice the module rolled, and prints every disagreement and
the counts. With --record the module's answers go to tests/fixtures/automation/<game>.json,
which tests/test_automation_differential.py compares with the engine without VASSAL.
With --replay the battles are the fixture's, played with the dice it recorded: the module
must answer as it did when the fixture was recorded (the harness and the module unchanged).
Not run by the test suite (it needs VASSAL); see README.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness_client import VassalHarness  # noqa: E402

from compiler.pipeline import validate_game  # noqa: E402
from compiler.vassal.automation.differential import TEMPLATE, check_for, game_folder  # noqa: E402
from compiler.vassal.automation.differential.position import BattlePosition, position_save  # noqa: E402
from compiler.vassal.buildfile import module_name  # noqa: E402
from compiler.vassal.module import build_module, setup_writer  # noqa: E402
from rules_engine.systems import system_for  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "automation"


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "game", help="a game folder of the repository (source_data/israel1948), or template:<system>"
    )
    parser.add_argument("--battles", type=int, default=50)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument(
        "--record", action="store_true", help="write the module's answers as the test fixture"
    )
    parser.add_argument("--only", type=int, action="append", help="play only battle N (1-based; repeatable)")
    parser.add_argument("--verbose", action="store_true", help="print every battle's answers")
    parser.add_argument(
        "--replay",
        action="store_true",
        help="play the fixture's battles with its dice; the module must answer as it did when recorded",
    )
    return parser.parse_args()


def main() -> int:
    args = parse_arguments()
    scratch = Path(tempfile.mkdtemp(prefix="wgc-differential-game-"))
    folder = game_folder(args.game, ROOT, scratch)
    report = validate_game(folder, run_replays=False)
    definition = report.valid
    if definition is None:
        print(f"{args.game}: the game has errors", file=sys.stderr)
        return 1
    source = args.game if args.game.startswith(TEMPLATE) else str(folder.resolve().relative_to(ROOT))
    check = check_for(definition.game.system)
    system = system_for(definition)
    started = time.perf_counter()
    scenarios = [s.id for s in definition.scenarios]
    recorded = recorded_battles(definition) if args.replay else []
    if recorded:
        positions = [BattlePosition.from_json(battle["position"]) for battle in recorded]
        print(f"{definition.game.id}: {len(positions)} battles from its fixture")
    else:
        positions = check.capture(
            system, scenarios, range(args.first_seed, args.first_seed + 10_000), args.battles
        )
        print(
            f"{definition.game.id}: {len(positions)} battles from random games"
            f" ({time.perf_counter() - started:.1f} s)"
        )
    numbered = list(enumerate(positions, start=1))
    if args.only:
        beyond = [n for n in args.only if not 1 <= n <= len(numbered)]
        if beyond:
            print(
                f"--only {beyond}: there are battles 1 to {len(numbered)}"
                f"{' (in the fixture)' if recorded else ''}",
                file=sys.stderr,
            )
            return 2
        numbered = [numbered[n - 1] for n in args.only]
    # a recorded battle is played with the dice it rolled then
    dice = {n: check.replay_dice(recorded[n - 1]["module"], p, definition) for n, p in numbered if recorded}
    results = play(definition, check, system, numbered, dice)
    for result in results if recorded else []:
        result["differences"] += replay_differences(recorded[result["number"] - 1]["module"], result)
    if args.verbose:
        for result in results:
            print(json.dumps({k: result[k] for k in ("position", "module", "engine", "rolled")}, indent=1))
    agreed = sum(1 for result in results if not result["differences"])
    for result in results:
        for difference in result["differences"]:
            print(f"  battle {result['number']} (seed {result['position']['seed']}): {difference}")
    print(
        f"{definition.game.id}: {len(results)} battles compared, {agreed} agree"
        f" ({time.perf_counter() - started:.0f} s)"
    )
    if args.record:
        record(definition, source, results)
    return 0 if agreed == len(results) else 1


def record(definition: Any, source: str, results: list[dict[str, Any]]) -> None:
    """Write the module's answers as the test fixture, unless a battle failed in the module."""
    failed = [r["number"] for r in results if not r["module"]]
    if failed:
        print(f"not recorded: battles {failed} failed in the module", file=sys.stderr)
        return
    FIXTURES.mkdir(parents=True, exist_ok=True)
    kept = [{"position": r["position"], "module": r["module"]} for r in results]
    fixture = {
        "game": definition.game.id,
        "source": source,
        "system": definition.game.system,
        "battles": kept,
    }
    (FIXTURES / f"{definition.game.id}.json").write_text(fixture_text(fixture))


def fixture_text(fixture: dict[str, Any]) -> str:
    """The fixture as JSON with one battle a line: small, and a change shows as that battle's line."""
    head = {key: value for key, value in fixture.items() if key != "battles"}
    lines = [json.dumps(battle, sort_keys=True, separators=(",", ":")) for battle in fixture["battles"]]
    opening = json.dumps(head, sort_keys=True)[:-1] + ', "battles": [\n'
    return opening + ",\n".join(lines) + "\n]}\n"


def recorded_battles(definition: Any) -> list[dict[str, Any]]:
    """The battles of the game's fixture (tests/fixtures/automation/<game>.json)."""
    fixture = json.loads((FIXTURES / f"{definition.game.id}.json").read_text(encoding="utf-8"))
    battles: list[dict[str, Any]] = fixture["battles"]
    return battles


def replay_differences(recorded: dict[str, Any], result: dict[str, Any]) -> list[str]:
    """Where the module answered a fixture's battle otherwise than when it was recorded, and any
    recorded die it did not roll."""
    module = result["module"]
    if not module:
        return []
    differences = [
        f"recorded {key}: {recorded.get(key)!r}, now {module.get(key)!r}"
        for key in sorted(set(recorded) | set(module))
        if recorded.get(key) != module.get(key)
    ]
    if result["unused_dice"]:
        differences.append(f"recorded dice not rolled: {result['unused_dice']}")
    return differences


def _rolled(harness: VassalHarness) -> dict[str, Any]:
    """The dice VASSAL rolled in the battle, in order (each as [value, sides]; a deck's draws
    left out), and the given dice it did not roll."""
    rolls = harness.command("rolls")
    dice = [[roll["value"], roll["sides"]] for roll in rolls["rolls"] if not roll["deck"]]
    return {"rolled": dice, "unused_dice": rolls["unused"]}


def play(
    definition: Any,
    check: Any,
    system: Any,
    positions: list[tuple[int, BattlePosition]],
    dice: dict[int, list[int]],
) -> list[dict[str, Any]]:
    """Each battle in the module (one VASSAL for all, its dice seeded by the battle's number, so a
    battle plays the same again with --only, or the given ``dice`` by battle number), then in the
    engine with the module's dice."""
    writer = setup_writer(definition)
    results = []
    with tempfile.TemporaryDirectory(prefix="wgc-differential-") as folder:
        module = Path(folder) / f"{definition.game.id}.vmod"
        module.write_bytes(build_module(definition, fork_board=False))
        harness = VassalHarness(module)
        try:
            for number, position in positions:
                save, ids = position_save(
                    writer, position, check.global_values(definition, position), module_name(definition)
                )
                path = Path(folder) / f"battle-{number}.vsav"
                path.write_bytes(save)
                harness.command("load", str(path))
                harness.command("seed", str(number))
                if number in dice:
                    harness.command("dice", ",".join(str(roll) for roll in dice[number]))
                started = time.perf_counter()
                try:
                    answer = check.module_answer(harness, definition, position, ids)
                    answer["problems"] = harness.command("problems")
                    engine = check.engine_answer(system, position, check.rolls_of(answer))
                    differences = check.compare(engine, answer)
                except Exception as error:  # a battle that fails is reported, and the next one played
                    answer, engine, differences = {}, {}, [f"failed: {type(error).__name__}: {error}"]
                print(f"  battle {number}: {time.perf_counter() - started:.0f} s", flush=True)
                results.append(
                    {
                        "number": number,
                        "position": position.to_json(),
                        "module": answer,
                        "engine": engine,
                        "differences": differences,
                        **_rolled(harness),
                    }
                )
        finally:
            harness.close()
    return results


if __name__ == "__main__":
    sys.exit(main())
