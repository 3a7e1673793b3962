"""Our modules in the real VASSAL engine: they load without a problem and every set-up puts each
unit on its hex.

    VASSAL_JAR=... VASSAL_CP=... WGC_AUTOMATION_HARNESS=bench/automation/harness/run.sh \
    .venv/bin/python bench/vassal_setups.py [GAME ...]

Builds each game of source_data (or the games named), opens the module in VASSAL through the
automation harness (bench/automation/harness), loads each of its predefined set-ups and lists
the pieces VASSAL has on its maps with the location names VASSAL's own grid gives them. Prints,
per game, the problems VASSAL reported (loading the module and each set-up) and how many of the
scenarios' placements stand where the data puts them (compiler.vassal.setups.placed_units, which
tests/test_vassal.py holds inspect's reading of the same set-ups to); exit 1 on any problem or
misplaced unit. Not run by the tests (it needs VASSAL).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import zipfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench" / "automation"))

from harness_client import VassalHarness  # noqa: E402

from compiler.pipeline import validate_game  # noqa: E402
from compiler.vassal.module import build_module  # noqa: E402
from compiler.vassal.setups import placed_units  # noqa: E402
from rules_engine.definitions import Scenario, ValidGame  # noqa: E402


def shown_name(piece: dict[str, Any]) -> str:
    """The piece's name, or under a mask (a hidden unit shows "?" to the harness, which plays
    no side) the name of the piece beneath it."""
    if piece["props"].get("ObscuredToOthers") == "true" and piece["props"].get("BasicName"):
        return str(piece["props"]["BasicName"])
    return str(piece["name"])


def misplaced(definition: ValidGame, scenario: Scenario, pieces: list[dict[str, Any]]) -> list[str]:
    """The placements whose units VASSAL does not show on their space (name, where, copies)."""
    standing = Counter((shown_name(piece), piece["location"]) for piece in pieces)
    wrong = []
    for unit in placed_units(definition, scenario):
        found = standing[(unit.name, unit.location)]
        if found < unit.copies:
            elsewhere = sorted({str(p["location"]) for p in pieces if shown_name(p) == unit.name})
            wrong.append(f"{unit.name} x{unit.copies} at {unit.location}: {found} there, also at {elsewhere}")
    return wrong


def check_game(game: Path, folder: Path) -> bool:
    """Build, load and check one game; prints its line and every fault, True when clean."""
    definition = validate_game(game, run_replays=False).valid
    if definition is None:
        print(f"{game}: the game has errors", file=sys.stderr)
        return False
    module = folder / f"{definition.game.id}.vmod"
    module.write_bytes(build_module(definition, fork_board=False))
    setups = folder / definition.game.id
    setups.mkdir()
    archive = zipfile.ZipFile(module)
    harness = VassalHarness(module)
    reported: list[list[str]] = [harness.init.get("problems", [])]
    faults = [f"loading the module: {p}" for p in reported[0]]
    placements = on_hex = pieces_seen = 0
    try:
        for scenario in definition.scenarios:
            saved = setups / f"{scenario.id}.vsav"
            saved.write_bytes(archive.read(saved.name))
            if not harness.command("load", str(saved)):
                faults.append(f"{scenario.id}: VASSAL started no game")
            reported.append(harness.problems)
            pieces: list[dict[str, Any]] = harness.command("props", "", "BasicName,ObscuredToOthers")
            reported.append(harness.problems)
            faults += [f"{scenario.id}: {p}" for p in reported[-2] + reported[-1]]
            pieces_seen += len(pieces)
            nowhere = [f"{p['name']} ({p['id']})" for p in pieces if not p["location"]]
            faults += [f"{scenario.id}: {n} stands on no location" for n in nowhere]
            wrong = misplaced(definition, scenario, pieces)
            faults += [f"{scenario.id}: {w}" for w in wrong]
            placements += len(scenario.placements)
            on_hex += len(scenario.placements) - len(wrong)
        # and any VASSAL reported after its command answered (``problems`` lists them all again)
        told = Counter(problem for answer in reported for problem in answer)
        faults += [f"later: {p}" for p in (Counter(harness.command("problems")) - told).elements()]
    finally:
        harness.close()
    print(
        f"{definition.game.id}: {len(definition.scenarios)} set-ups, {pieces_seen} pieces on the maps,"
        f" {on_hex} of {placements} placements on their space, {len(faults)} problems"
    )
    for fault in faults:
        print(f"  {fault}")
    return not faults


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", nargs="*", help="game folders (default: every game in source_data)")
    args = parser.parse_args()
    games = [Path(g) for g in args.games] or sorted(p for p in (ROOT / "source_data").iterdir() if p.is_dir())
    with tempfile.TemporaryDirectory(prefix="wgc-setups-") as scratch:
        clean = [check_game(game, Path(scratch)) for game in games]
    return 0 if all(clean) else 1


if __name__ == "__main__":
    sys.exit(main())
