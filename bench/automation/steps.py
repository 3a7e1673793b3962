"""Units of more than two steps walked down and up their faces in the real VASSAL engine.

    WGC_AUTOMATION_HARNESS=/path/to/run.sh \
    .venv/bin/python bench/automation/steps.py tests/fixtures/classic/cadre [--record]

Builds the game's module, puts one unit of each counter with more_faces on the map (a saved
game of the module), and in VASSAL, through the harness, sends each the walk's keys (step losses
with Ctrl+L, a step back with Ctrl+Shift+F: compiler/vassal/automation/differential/steps.py),
reading after each the level of its Face layer and the declared values it reports. Prints every
stop where the engine's walk differs; with --record writes VASSAL's walks to
tests/fixtures/automation/steps/<game>.json, which tests/test_classic_module.py compares with the
engine without VASSAL. Not run by the test suite (it needs VASSAL); see README.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness_client import HarnessError, VassalHarness  # noqa: E402

from compiler.pipeline import validate_game  # noqa: E402
from compiler.vassal.automation.differential import steps  # noqa: E402
from compiler.vassal.automation.differential.position import BattlePosition, UnitState, position_save  # noqa: E402
from compiler.vassal.buildfile import module_name  # noqa: E402
from compiler.vassal.module import build_module, setup_writer  # noqa: E402
from rules_engine.systems import system_for  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "automation" / "steps"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a game folder of the repository")
    parser.add_argument("--record", action="store_true")
    args = parser.parse_args()
    folder = Path(args.game).resolve()
    definition = validate_game(folder, run_replays=False).valid
    if definition is None:
        print(f"{args.game}: the game has errors", file=sys.stderr)
        return 1
    counters = steps.walked_counters(definition)
    if not counters:
        print(f"{args.game}: no unit has more than two faces", file=sys.stderr)
        return 1
    system = system_for(definition)
    walks = module_walks(definition, counters)
    differences = []
    for counter in counters:
        found = steps.compare(steps.engine_walk(system, counter.id), walks[counter.id])
        differences += [f"{counter.id}: {d}" for d in found]
        print(f"{counter.id}: {len(walks[counter.id])} stops, {'agree' if not found else 'DIFFER'}")
    for difference in differences:
        print("  " + difference)
    if args.record:
        FIXTURES.mkdir(parents=True, exist_ok=True)
        fixture = {
            "game": definition.game.id,
            "source": folder.relative_to(ROOT).as_posix(),
            "walks": walks,
        }
        path = FIXTURES / f"{definition.game.id}.json"
        path.write_text(json.dumps(fixture, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"recorded {path.relative_to(ROOT)}")
    return 1 if differences else 0


def module_walks(definition: Any, counters: list[Any]) -> dict[str, list[steps.Stop]]:
    """Each counter's walk in the module: one unit of each alone in its own hex."""
    spaces = sorted(definition.board.spaces)
    units = [UnitState(f"walk-{c.id}", c.id, spaces[2 * index]) for index, c in enumerate(counters)]
    game = definition.game
    first = (game.turn_labels[0], game.phases[0].id, game.sides[0].id)
    position = BattlePosition(game.id, definition.scenarios[0].id, 0, *first, units, [], [])
    walks: dict[str, list[steps.Stop]] = {}
    with tempfile.TemporaryDirectory(prefix="wgc-steps-") as scratch:
        module = Path(scratch) / f"{game.id}.vmod"
        module.write_bytes(build_module(definition, fork_board=False))
        save, ids = position_save(setup_writer(definition), position, {}, module_name(definition))
        path = Path(scratch) / "walk.vsav"
        path.write_bytes(save)
        harness = VassalHarness(module)
        try:
            harness.command("load", str(path))
            for counter, unit in zip(counters, units, strict=True):
                walks[counter.id] = _walk(harness, definition, counter, ids[unit.uid], unit.space)
            if harness.problems:
                print(f"VASSAL reported: {harness.problems}", file=sys.stderr)
        finally:
            harness.close()
    return walks


def _walk(harness: VassalHarness, definition: Any, counter: Any, piece: str, start: str) -> list[steps.Stop]:
    names = ["Face_Level", *(v.id for v in definition.game.counter_values)]
    stops: list[steps.Stop] = []
    for name in steps.walk(counter):
        harness.command("key", piece, steps.KEYS[name])
        try:
            found = harness.command("piece", piece, ",".join(names))
        except HarnessError:
            found = None  # deleted: eliminated where the map keeps no eliminated units
        if found is None or found["location"] != start:
            stops.append({"key": name, "gone": True})
            continue
        props = found["props"]
        values = {k: v for k, v in props.items() if k != "Face_Level" and v not in (None, "")}
        stops.append({"key": name, "face": int(props["Face_Level"]), "values": values})
    return stops


if __name__ == "__main__":
    sys.exit(main())
