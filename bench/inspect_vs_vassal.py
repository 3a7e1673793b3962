"""Compare `wgc inspect` with the real VASSAL engine on modules nobody here wrote.

    .venv/bin/python bench/inspect_vs_vassal.py MODULE.vmod HARNESS.json [MODULE.vmod HARNESS.json ...]

HARNESS.json is what ../shared/vassal/harness/run.sh wrote for the same module (with
--setup all --render; a report that also has a "(new game)" entry is compared too). For each
module this prints the time inspect takes, its findings by code, how many pieces of each
setup get the location name VASSAL gives them, and each problem VASSAL logged with whether
inspect found it. Not run by the test suite: it needs the engine's reports and the modules,
which are not in the repository (see tests/test_inspect_vassal.py for the recorded small cases).
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from compiler.vassal.inspect import inspect_module
from compiler.vassal.inspection import model
from compiler.vassal.inspection.model import Inspection, SetupSummary

model.SHOWN_PER_CODE = 10**9  # every finding listed, so that each slot can be compared

NOISE = ("auto-closed dialog", "No Translation:")  # harness dialogs and VASSAL's i18n chatter
QUOTED = re.compile(
    r"Source: Expression=(\{.+?\}), Error=|Source: (.+?) Error:|Failed to load (.+?) \|"
    r"|'images/(.+?)' not found|failed to load class (\S+)|No more than one \[(.+?)\] allowed"
    r"|Error: (.+?): Attempting to build"
)


def vassal_pieces(game: dict[str, Any]) -> list[dict[str, Any]]:
    """Every piece of a harness game: on a map (inside stacks and decks too) or on no map."""
    found = []
    for map_name, entries in game.get("maps", {}).items():
        for entry in entries["entries"]:
            for piece in entry.get("pieces", [entry]):
                found.append({**piece, "map": map_name})
    for piece in game.get("offMapPieces", []):
        found.append({**piece, "map": None, "location": "(on no map)"})
    return found


def agreement(game: dict[str, Any], setup: SetupSummary) -> tuple[int, int, list[str]]:
    """(pieces whose map and location agree, pieces VASSAL has, a few disagreements). Pieces
    of a saved game are matched by id; those a new game or a startup command makes get fresh
    ids in VASSAL, so they are compared by where they are."""
    theirs = vassal_pieces(game)
    known = {p["id"] for p in theirs} if game.get("file") else set()
    ours = {p.id: (p.map, p.location) for p in setup.pieces if p.id in known}
    wrong = [
        f"{p['name']} ({p['id']}): VASSAL {(p['map'], p['location'])}, inspect {ours[p['id']]}"
        for p in theirs
        if p["id"] in ours and ours[p["id"]] != (p["map"], p["location"])
    ]
    mine = Counter((p.map, p.location) for p in setup.pieces if p.id not in ours)
    want = Counter((piece["map"], piece["location"]) for piece in theirs if piece["id"] not in ours)
    same = len(ours) - len(wrong) + sum((mine & want).values())
    wrong += [f"{k}: VASSAL {want[k]}, inspect {mine.get(k, 0)}" for k in (want - mine)]
    wrong += [f"{k}: VASSAL {want.get(k, 0)}, inspect {mine[k]}" for k in (mine - want)]
    return same, len(theirs), wrong[:5]


def problems(report: dict[str, Any]) -> list[str]:
    found = [p["message"] for p in report["build"].get("problems", [])]
    for slot in report.get("pieceSlots", {}).get("slots", []):
        found.extend(p["message"] for p in slot.get("problems", []))
    for game in report.get("games", []):
        found.extend(p["message"] for p in game.get("problems", []))
    return sorted({m for m in found if not any(n in m for n in NOISE)})


def found_by_inspect(message: str, result: Inspection) -> bool:
    """Whether a finding names what VASSAL's message names (the first 300 characters of it:
    inspect quotes long piece definitions shortened)."""
    if "Invalid saveFile format" in message:
        return any(f.code == "setup.unreadable" for f in result.findings)
    match = QUOTED.search(message)
    subject = (next((g for g in match.groups() if g), "") if match else message).strip()[:300]
    return any(subject and subject in f.message for f in result.findings)


def compare(module: Path, harness: Path) -> None:
    report = json.loads(harness.read_text())
    start = time.perf_counter()
    result = inspect_module(module)
    elapsed = time.perf_counter() - start
    print(f"== {module.name}: {elapsed:.2f} s, exit {'0' if result.ok else '1'}")
    for code, count in sorted(result.counts.items()):
        print(f"   {count:5d} {code}")
    total_same = total = 0
    by_name = {s.name: s for s in result.setups}
    for game in report.get("games", []):
        name = game.get("setup") or ""
        setup = by_name.get(name) or (by_name.get(_blank_setup(result)) if name == "(new game)" else None)
        if setup is None:
            print(f"   setup {name!r}: not started by inspect")
            continue
        same, count, wrong = agreement(game, setup)
        total_same, total = total_same + same, total + count
        extra = count - len(setup.pieces)
        startup = any(
            f.code == "setup.startup-commands" and f"'{setup.name}'" in f.where for f in result.findings
        )
        note = f" (VASSAL has {extra} piece(s) more" + (
            "; inspect says startup commands change the board)" if startup else ")"
        )
        print(f"   setup {name!r}: {same}/{count} locations agree" + (note if extra else ""))
        for line in wrong:
            print(f"      {line}")
    if total:
        print(f"   locations: {100 * total_same / total:.2f}% of {total} pieces agree")
    print(slot_agreement(report, result))
    for message in problems(report):
        mark = "found" if found_by_inspect(message, result) else "MISSED"
        print(f"   VASSAL: [{mark}] {message[:160]}")


def slot_agreement(report: dict[str, Any], result: Inspection) -> str:
    """Slots VASSAL writes back differently, against inspect's slot.reencoded findings. Compared
    by the slot's own name (the harness names a SetupStack by its computed description, inspect
    by its name attribute); past 20 findings of a code inspect lists only how many there are."""
    slots = report.get("pieceSlots", {}).get("slots", [])
    rewritten = Counter(s["path"].rsplit("/", 1)[-1] for s in slots if not s.get("roundTripIdentical", True))
    listed = Counter(f.where.rsplit("/", 1)[-1] for f in result.findings if f.code == "slot.reencoded")
    agree = sum((listed & rewritten).values())
    undecodable = sum(1 for f in result.findings if f.code == "piece.undecodable" and "Slot" in f.where)
    decoded = sum(1 for s in slots if "decodeError" not in s and "exception" not in s)
    return (
        f"   slots decoded: VASSAL {decoded} of {len(slots)}, inspect {result.piece_slots - undecodable} "
        f"of {result.piece_slots}\n"
        f"   slots VASSAL re-encodes differently: {sum(rewritten.values())}, inspect reports "
        f"{result.counts.get('slot.reencoded', 0)} ({agree} of them by the same slot name)"
    )


def _blank_setup(result: Inspection) -> str:
    return next((s.name for s in result.setups if s.file is None), "")


def main(arguments: list[str]) -> None:
    if len(arguments) < 2 or len(arguments) % 2:
        sys.exit(__doc__)
    for module, harness in zip(arguments[::2], arguments[1::2], strict=True):
        compare(Path(module), Path(harness))


if __name__ == "__main__":
    main(sys.argv[1:])
