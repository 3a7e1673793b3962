"""Import a module, build it again, and compare the two in the real VASSAL engine.

    .venv/bin/python bench/import_roundtrip.py MODULE.vmod [MODULE.vmod ...] [--work DIR]
        [--harness PATH/harness.sh] [--reports ORIGINAL.json REBUILT.json] [--reuse-originals]
        [--from-work]

For each module: `wgc import` into DIR/<name>/game (timed: wall and CPU), `wgc build` into
DIR/<name>/out, then, with --harness (a script that runs VASSAL 3.7's harness, as
../shared/vassal/harness/run.sh does, and prints its JSON report), the engine loads the original
and the rebuilt module with every setup started. Printed per module: slots decoded by VASSAL
(original, rebuilt), setups started (and whether their names agree), the problems VASSAL
reported, the share of pieces at the same map and location name in each setup (pieces of a
saved game matched by id, others by place), the pieces identical as VASSAL shows them (name,
map, point and location), and the share of items that became data. With one module,
--reports takes two harness reports already made instead; --from-work prints the rows again
from what a run left in DIR (the import's report and times, both harness reports). Not run by
the test suite: it needs the engine.
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
    parser.add_argument(
        "--from-work",
        action="store_true",
        help="the rows again from an earlier run's --work",
    )
    args = parser.parse_args()
    print(
        "| module | import s (CPU) | slots decoded (orig / rebuilt) | setups (orig / rebuilt) "
        "| problems (orig / rebuilt) | pieces at the same place | pieces identical | data / kept |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for module in args.modules:
        print(table_row(args.work / module.stem, module) if args.from_work else row(module, args), flush=True)


def row(module: Path, args: argparse.Namespace) -> str:
    """Import, build and (with a harness) load both modules; the row from what that leaves in work."""
    work = args.work / module.stem
    game, out = work / "game", work / "out"
    for stale in (game, out, work / "schemas"):
        subprocess.run(["rm", "-rf", str(stale)], check=True)
    for name in ("rebuilt.json", "timing.json", "build-failed.txt"):
        (work / name).unlink(missing_ok=True)
    original = work / "original.json"
    if not args.reuse_originals or not original.exists() or original.stat().st_mtime < module.stat().st_mtime:
        original.unlink(missing_ok=True)
    out.mkdir(parents=True)
    wall, cpu = timed_import(module, game, work / "import.json")
    (work / "timing.json").write_text(json.dumps({"wall": wall, "cpu": cpu}))
    built = subprocess.run(
        [wgc(), "build", str(game), "-o", str(out), "--no-replays"], capture_output=True, text=True
    )
    rebuilt = next(out.glob("*.vmod"), None)
    if rebuilt is None:
        (work / "build-failed.txt").write_text(built.stdout[-200:])
    elif args.reports:
        for made, name in zip(args.reports, ("original.json", "rebuilt.json"), strict=True):
            (work / name).write_bytes(made.read_bytes())
    elif args.harness:
        harness(args.harness, module, work / "original.json")
        harness(args.harness, rebuilt, work / "rebuilt.json")
    return table_row(work, module)


def table_row(work: Path, module: Path) -> str:
    """A module's row from its work folder: import.json, timing.json and the two harness reports."""
    timing = json.loads((work / "timing.json").read_text())
    share = json.loads((work / "import.json").read_text())["items"]["share_data"]
    head = f"| {module.name} | {timing['wall']:.1f} ({timing['cpu']:.1f}) |"
    data = f"{share:.1%} / {1 - share:.1%}"
    failed = work / "build-failed.txt"
    if failed.exists():
        return f"{head} build failed: {failed.read_text()} | | | | | {data} |"
    if not (work / "rebuilt.json").exists():
        return f"{head} (no harness) | | | | | {data} |"
    original, again = (json.loads((work / name).read_text()) for name in ("original.json", "rebuilt.json"))
    same, total = agreement(original, again)
    alike = identical(original, again)
    return (
        f"{head} {slots(original)} / {slots(again)} | "
        f"{setups(original)} / {setups(again)}{'' if names(original) == names(again) else ' (renamed)'} | "
        f"{original.get('problemCount')} / {again.get('problemCount')} | "
        f"{f'{same}/{total} = {same / total:.2%}' if total else 'no pieces'} | {alike}/{total} | {data} |"
    )


def wgc() -> str:
    return str(Path(sys.executable).with_name("wgc"))


def timed_import(module: Path, game: Path, report: Path) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [wgc(), "import", str(module), "-o", str(game), "--format", "json"], capture_output=True, text=True
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    report.write_text(done.stdout)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


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


def identical(original: dict[str, Any], rebuilt: dict[str, Any]) -> int:
    """Pieces of each original setup the rebuilt one has with the same name, map, point and
    location (the same pieces, in the same places, as VASSAL shows them)."""
    found = 0
    again = {g.get("setup"): g for g in rebuilt.get("games", [])}
    for game in original.get("games", []):
        other = again.get(game.get("setup"))
        if other is None:
            continue
        seen = (Counter(_look(p) for p in vassal_pieces(g)) for g in (game, other))
        found += sum((next(seen) & next(seen)).values())
    return found


def _look(piece: dict[str, Any]) -> tuple[Any, ...]:
    return (piece.get("name"), piece["map"], piece.get("x"), piece.get("y"), piece["location"])


if __name__ == "__main__":
    main()
