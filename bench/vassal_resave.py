"""What VASSAL writes when it saves our modules again: every palette slot must come back unchanged.

    VASSAL_JAR=... VASSAL_CP=... WGC_AUTOMATION_HARNESS=bench/automation/harness/run.sh \
    .venv/bin/python bench/vassal_resave.py [GAME ...] [--module FILE.vmod ...] [--record]

Builds each game of source_data (or the games named, or takes the modules given), opens each
in the real VASSAL engine through the automation harness (bench/automation/harness) and asks
it for the build file as VASSAL saves it (the harness's ``resave``). Prints, per module, how
many palette and deck slots VASSAL writes back unchanged, and whether the inspect re-encoder
(compiler/vassal/inspection/reencode.py) wrote each one as VASSAL did. With --record, each
module's build file and VASSAL's re-save (gzipped) and the codes VASSAL gave the named
commands go to tests/fixtures/vassal/resave/, which
tests/test_vassal_resave.py holds the re-encoder to without VASSAL. The fixtures kept there
were recorded with --module from modules built before the writers numbered named commands
as VASSAL does (main at 6d1363f), so that they hold VASSAL's rewriting of what differs, and
cadre's from tests/fixtures/classic/cadre built with them numbered (units of three steps).
Not run by the tests (it needs VASSAL).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench" / "automation"))

from harness_client import VassalHarness  # noqa: E402
from lxml import etree  # noqa: E402

from compiler.pipeline import validate_game  # noqa: E402
from compiler.vassal.inspection.reencode import rewrite  # noqa: E402
from compiler.vassal.inspection.xml import parse  # noqa: E402
from compiler.vassal.module import build_module  # noqa: E402
from compiler.vassal.namedkeys import named_key_codes  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "vassal" / "resave"
SLOT_TAGS = ("VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot")


def slots(root: etree._Element) -> list[etree._Element]:
    """The palette and deck slots of a build file, in document order."""
    return list(root.iter(*SLOT_TAGS))


def compare(ours: bytes, theirs: bytes) -> tuple[int, int, int]:
    """(slots, slots VASSAL writes back unchanged, slots the re-encoder writes as VASSAL does)."""
    mine, saved = slots(parse(ours)), slots(parse(theirs))
    if len(mine) != len(saved):
        raise RuntimeError(f"VASSAL wrote {len(saved)} slots, the module has {len(mine)}")
    codes = named_key_codes(parse(ours))
    unchanged = predicted = 0
    for slot, written in zip(mine, saved, strict=True):
        definition, text = (slot.text or "").strip(), (written.text or "").strip()
        unchanged += definition == text
        predicted += rewrite(definition, slot.get("gpid", ""), None, codes).text == text
    return len(mine), unchanged, predicted


def resave(module: Path, folder: Path) -> tuple[bytes, dict[str, int]]:
    """The module's build file as VASSAL saves it, and the code VASSAL gave each named command
    as it loaded the module; fails on any problem VASSAL reports."""
    harness = VassalHarness(module)
    try:
        target = folder / f"{module.stem}.resaved.xml"
        harness.command("resave", str(target))
        codes: dict[str, int] = harness.command("namedkeys")
        problems = harness.command("problems")
    finally:
        harness.close()
    if problems:
        raise RuntimeError(f"{module.name}: VASSAL reported {problems}")
    return target.read_bytes(), codes


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", nargs="*", help="game folders (default: every game in source_data)")
    parser.add_argument(
        "--module", type=Path, action="append", default=[], help="a built module to take as is"
    )
    parser.add_argument(
        "--record", action="store_true", help="write the fixtures of tests/test_vassal_resave.py"
    )
    args = parser.parse_args()
    games = [Path(g) for g in args.games] or ([] if args.module else sorted((ROOT / "source_data").iterdir()))
    failed = False
    with tempfile.TemporaryDirectory(prefix="wgc-resave-") as scratch:
        folder = Path(scratch)
        modules = list(args.module)
        for game in games:
            definition = validate_game(game, run_replays=False).valid
            if definition is None:
                print(f"{game}: the game has errors", file=sys.stderr)
                return 1
            module = folder / f"{definition.game.id}.vmod"
            module.write_bytes(build_module(definition, fork_board=False))
            modules.append(module)
        for module in modules:
            ours = zipfile.ZipFile(module).read("buildFile.xml")
            theirs, vassal_codes = resave(module, folder)
            numbered = named_key_codes(parse(ours)) == vassal_codes
            failed |= not numbered
            count, unchanged, predicted = compare(ours, theirs)
            # the re-encoder must say what VASSAL writes; our own builds must come back unchanged
            failed |= predicted != count or (module not in args.module and unchanged != count)
            print(
                f"{module.stem}: {count} slots, VASSAL writes {unchanged} back unchanged;"
                f" the re-encoder writes {predicted} as VASSAL does; named commands"
                f" {'numbered' if numbered else 'NOT numbered'} as VASSAL numbers them"
            )
            if args.record:
                FIXTURES.mkdir(parents=True, exist_ok=True)
                (FIXTURES / f"{module.stem}.ours.xml.gz").write_bytes(gzip.compress(ours, mtime=0))
                (FIXTURES / f"{module.stem}.vassal.xml.gz").write_bytes(gzip.compress(theirs, mtime=0))
                codes_text = json.dumps(vassal_codes, indent=0, sort_keys=True) + "\n"
                (FIXTURES / f"{module.stem}.namedkeys.json").write_text(codes_text, encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
