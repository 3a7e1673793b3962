"""Import a module, build it again, and compare the two in the real VASSAL engine.

    .venv/bin/python bench/import_roundtrip.py MODULE.vmod [MODULE.vmod ...] [--work DIR]
        [--harness PATH/harness.sh] [--reports ORIGINAL.json REBUILT.json]

For each module: `wgc import` into DIR/<name>/game (timed: wall and CPU), `wgc build` into
DIR/<name>/out, then, with --harness (a script that runs VASSAL 3.7's harness, as
../shared/vassal/harness/run.sh does, and prints its JSON report), the engine loads the original
and the rebuilt module with every setup started. Printed per module: slots decoded by VASSAL
(original, rebuilt), setups started (and whether their names agree), the share of pieces at the
same map and location name in each setup (pieces of a saved game matched by id, others by
place), and the share of items that became data. With one module, --reports takes two harness
reports already made instead. Not run by the test suite: it needs the engine.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.inspect_vs_vassal import vassal_pieces


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("modules", nargs="+", type=Path)
    parser.add_argument("--work", type=Path, default=Path("build/import-roundtrip"))
    parser.add_argument("--harness", type=Path)
    parser.add_argument("--reports", nargs=2, type=Path)
    parser.add_argument(
        "--reuse-originals", action="store_true", help="keep a harness report of an original made earlier"
    )
    args = parser.parse_args()
    print(
        "| module | import s (CPU) | slots decoded (orig / rebuilt) | setups (orig / rebuilt) "
        "| pieces at the same place | data / kept |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for module in args.modules:
        print(row(module, args), flush=True)


def row(module: Path, args: argparse.Namespace) -> str:
    work = args.work / module.stem
    game, out = work / "game", work / "out"
    for stale in (game, out, work / "rebuilt.json", work / "schemas"):
        subprocess.run(["rm", "-rf", str(stale)], check=True)
    original = work / "original.json"
    if not args.reuse_originals or not original.exists() or original.stat().st_mtime < module.stat().st_mtime:
        original.unlink(missing_ok=True)
    out.mkdir(parents=True)
    wall, cpu, imported = timed_import(module, game, work / "import.json")
    built = subprocess.run(
        [wgc(), "build", str(game), "-o", str(out), "--no-replays"], capture_output=True, text=True
    )
    rebuilt = next(out.glob("*.vmod"), None)
    share = imported["items"]["share_data"]
    data = f"{share:.1%} / {1 - share:.1%}"
    if rebuilt is None:
        return (
            f"| {module.name} | {wall:.1f} ({cpu:.1f}) | build failed: {built.stdout[-200:]} | | | {data} |"
        )
    reports = args.reports or (
        (
            harness(args.harness, module, work / "original.json"),
            harness(args.harness, rebuilt, work / "rebuilt.json"),
        )
        if args.harness
        else None
    )
    if reports is None:
        return f"| {module.name} | {wall:.1f} ({cpu:.1f}) | (no harness) | | | {data} |"
    original, again = (json.loads(Path(r).read_text()) for r in reports)
    same, total = agreement(original, again)
    return (
        f"| {module.name} | {wall:.1f} ({cpu:.1f}) | {slots(original)} / {slots(again)} | "
        f"{setups(original)} / {setups(again)}{'' if names(original) == names(again) else ' (renamed)'} | "
        f"{same}/{total} = {same / max(total, 1):.2%} | {data} |"
    )


def wgc() -> str:
    return str(Path(sys.executable).with_name("wgc"))


def timed_import(module: Path, game: Path, report: Path) -> tuple[float, float, dict[str, Any]]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [wgc(), "import", str(module), "-o", str(game), "--format", "json"], capture_output=True, text=True
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    report.write_text(done.stdout)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, json.loads(done.stdout)


def harness(script: Path, module: Path, report: Path) -> Path:
    if report.exists():
        return report
    subprocess.run(
        [str(script), str(module), "--setup", "all", "--out", str(report)], capture_output=True, check=False
    )
    return report


def slots(report: dict[str, Any]) -> str:
    found = report.get("pieceSlots", {})
    return f"{found.get('okCount', 0)}/{found.get('slotCount', 0)}"


def setups(report: dict[str, Any]) -> str:
    games = report.get("games", [])
    return f"{sum(1 for g in games if g.get('gameStarted'))}/{len(games)}"


def names(report: dict[str, Any]) -> list[str]:
    return sorted(str(g.get("setup") or g.get("vsav")) for g in report.get("games", []))


def agreement(original: dict[str, Any], rebuilt: dict[str, Any]) -> tuple[int, int]:
    """Pieces of each original setup at the same (map, location) in the rebuilt one: matched by
    id where both saved games carry it, the rest counted by place."""
    same = total = 0
    again = {g.get("setup"): g for g in rebuilt.get("games", [])}
    for game in original.get("games", []):
        theirs = vassal_pieces(game)
        total += len(theirs)
        other = again.get(game.get("setup"))
        if other is None:
            continue
        mine = vassal_pieces(other)
        by_id = {p["id"]: (p["map"], p["location"]) for p in mine}
        matched = [p for p in theirs if p["id"] in by_id and game.get("file")]
        same += sum(1 for p in matched if by_id[p["id"]] == (p["map"], p["location"]))
        ids = {p["id"] for p in matched}
        left = Counter((p["map"], p["location"]) for p in theirs if p["id"] not in ids)
        right = Counter((p["map"], p["location"]) for p in mine if p["id"] not in ids)
        same += sum((left & right).values())
    return same, total


if __name__ == "__main__":
    main()
