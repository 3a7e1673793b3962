"""What the real VASSAL engine makes of the text of the data in wgc's expressions (issue 28).

    WGC_AUTOMATION_HARNESS=/path/to/run.sh .venv/bin/python bench/vassal_literals.py [--record]

Builds the classic template with hostile names (tests/test_expression_injection.py: a side
named `Isr"+(new java.io.File("/tmp/PW")).createNewFile()+"`, names holding `"'\\$Side${}()+`),
loads its scenario in VASSAL 3.7.26 through the automation harness (bench/automation/README.md)
and asks it, for each value of VALUES and each side's name:

- ``alone``: the value of ``{(literal)}``, as BeanShell reads the literal `literal()` writes;
- ``concatenated``: the value of ``{"<" + literal + ">"}``;
- ``count``: ``Count`` of the units whose Side is the literal, its filter nested as
  `expressions.matching` nests it (after VASSAL's ``$...$`` substitution and ``unescape``),
  against the units the single-level property match ``{Side==literal}`` accepts;
- for a unit of each side, the filter the module's automation writes with ``$SideNo$`` (the
  text VASSAL evaluates once it has put the unit's number in, and the units it accepts);
- after a battle is declared (select, Battle), the battle marker's ``AttackerNo`` and the
  defenders its filter ``{Wgc=="unit" && SideNo!=$AttackerNo$}`` accepts.

It prints each answer and whether /tmp/PW came into being (it must not). With --record the
answers go to tests/fixtures/vassal/literals.json, which tests/test_expression_injection.py
checks without VASSAL. Not run by the test suite (it needs VASSAL).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench" / "automation"))

from harness_client import VassalHarness  # noqa: E402

from compiler.pipeline import validate_game  # noqa: E402
from compiler.vassal.automation.expressions import matching  # noqa: E402
from compiler.vassal.literals import literal  # noqa: E402
from compiler.vassal.module import build_module  # noqa: E402
from tests.test_expression_injection import FIXTURE, MARKS, PAYLOAD, hostile_game  # noqa: E402

VALUES = [
    PAYLOAD,
    MARKS,
    '"',
    "\\",
    "$",
    "$Side$",
    "{}",
    "()+'",
    "\\u0022",
    "\\042",
    "Négev – Ḥaifa 😀",
    "tab\there\nnew line",
    "007",
]
SIDE_FILTER = '{Wgc=="unit" && SideNo==$SideNo$}'
DEFENDERS = '{Wgc=="unit" && SideNo!=$AttackerNo$}'
PROOF = Path("/tmp/PW")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--record", action="store_true", help=f"write the answers to {FIXTURE}")
    args = parser.parse_args()
    if PROOF.exists():
        print(f"{PROOF} exists already: remove it first, so that the run can tell", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="wgc-literals-") as scratch:
        recorded = _run(Path(scratch))
    recorded["payload_ran"] = PROOF.exists()
    print(f"{PROOF} created: {recorded['payload_ran']}")
    if args.record:
        FIXTURE.parent.mkdir(parents=True, exist_ok=True)
        FIXTURE.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n", "utf-8")
        print(f"recorded {FIXTURE.relative_to(ROOT)}")
    wrong = sum(
        answer != case["expected"][where]
        for case in recorded["values"]
        for where, answer in case["answers"].items()
    )
    wrong += sum(not check["agrees"] for check in recorded["filters"])
    print(f"{wrong} answer(s) differ from what wgc means")
    return 1 if wrong or recorded["payload_ran"] else 0


def _run(scratch: Path) -> dict[str, Any]:
    folder = hostile_game(scratch, "classic")
    report = validate_game(folder, run_replays=False)
    assert report.valid is not None, "the hostile game does not validate"
    module = scratch / "hostile.vmod"
    module.write_bytes(build_module(report.valid, fork_board=False))
    with zipfile.ZipFile(io.BytesIO(module.read_bytes())) as archive:
        save_name = next(n for n in archive.namelist() if n.endswith(".vsav"))
        save = scratch / save_name
        save.write_bytes(archive.read(save_name))
    sides = [side.name for side in report.valid.game.sides]
    harness = VassalHarness(module)
    try:
        assert harness.command("load", str(save)), "the scenario did not start"
        units = harness.command("props", '{Wgc=="unit"}', "Side,SideNo")
        values = [_value(harness, value) for value in [*VALUES, *sides]]
        filters = [_side_filter(harness, units, side) for side in sides]
        filters.append(_battle(harness, units, sides))
    finally:
        harness.close()
    engine = (harness.init.get("result") or {}).get("vassal")
    return {"vassal": engine, "values": values, "filters": filters}


def _value(harness: VassalHarness, value: str) -> dict[str, Any]:
    written = literal(value)
    alone = harness.command("eval", "-", "{(" + written + ")}")
    joined = harness.command("eval", "-", '{"<" + ' + written + ' + ">"}')
    nested = harness.command("eval", "-", "{Count(" + matching(['Wgc=="unit"', f"Side=={written}"]) + ")}")
    single = harness.command("props", '{Wgc=="unit" && Side==' + written + "}", "Side")
    answers = {"alone": alone.get("value"), "concatenated": joined.get("value"), "count": nested.get("value")}
    expected = {"alone": value, "concatenated": f"<{value}>", "count": str(len(single))}
    for where, answer in answers.items():
        mark = "ok " if answer == expected[where] else "DIFFERS"
        print(f"{mark} {where:12} {value[:40]!r}: {answer!r}")
    return {"value": value, "literal": written, "answers": answers, "expected": expected}


def _side_filter(harness: VassalHarness, units: list[dict[str, Any]], side: str) -> dict[str, Any]:
    own = [u["id"] for u in units if u["props"]["Side"] == side]
    number = next(u["props"]["SideNo"] for u in units if u["props"]["Side"] == side)
    answer = harness.command("match", own[0], SIDE_FILTER)
    agrees = answer["evaluated"] == SIDE_FILTER.replace("$SideNo$", number) and sorted(
        answer["accepted"]
    ) == sorted(own)
    print(
        f"{'ok ' if agrees else 'DIFFERS'} {SIDE_FILTER} from a unit of {side[:30]!r}: {answer['evaluated']}"
    )
    return {"filter": SIDE_FILTER, "side": side, "answer": answer, "units": own, "agrees": agrees}


def _battle(harness: VassalHarness, units: list[dict[str, Any]], sides: list[str]) -> dict[str, Any]:
    """One battle declared with a unit of each side selected: the marker's AttackerNo is the
    phasing side's number, and its defenders' filter accepts the other side's units."""
    chosen = [next(u["id"] for u in units if u["props"]["Side"] == side) for side in sides[:2]]
    harness.command("select", ",".join(chosen))
    harness.command("button", "Battle")
    markers = harness.command("props", '{Wgc=="battle"}', "AttackerNo,Attacker")
    marker = markers[0] if markers else None
    answer = harness.command("match", marker["id"], DEFENDERS) if marker else {}
    attacker = marker["props"]["Attacker"] if marker else None
    expected = sorted(u["id"] for u in units if u["props"]["Side"] != attacker)
    agrees = bool(marker) and attacker in sides and sorted(answer.get("accepted", [])) == expected
    print(f"{'ok ' if agrees else 'DIFFERS'} {DEFENDERS} from the battle marker: {answer.get('evaluated')}")
    return {"filter": DEFENDERS, "marker": marker, "answer": answer, "units": expected, "agrees": agrees}


if __name__ == "__main__":
    sys.exit(main())
