"""`wgc inspect` against the real VASSAL 3.7.26 engine, on modules these tests make.

Each case of tests/inspect_modules.py shows one thing VASSAL does its own way (deck-held
pieces, zones with their own grids, square grids, several boards, boards with a size but no
image, Place Marker gpids, names without the UTF-8 flag, HTML charts, setups without a file,
...). What the engine answered for the same bytes is recorded in tests/fixtures/inspect/ (see
record.py there); the engine itself is not needed here. For every case: each piece gets the
location name VASSAL gives it, each problem VASSAL reports is found, nothing fails that VASSAL
loads quietly, and every error inspect adds is one VASSAL only shows later (an image of a face
it has not drawn yet, a help file it opens on demand).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from compiler.vassal.inspect import inspect_module
from compiler.vassal.inspection import model
from compiler.vassal.inspection.model import Inspection, SetupSummary

from .inspect_modules import CASES

FIXTURES = Path(__file__).parent / "fixtures" / "inspect"
# What VASSAL logs, and the finding that reports the same fault.
PROBLEM_CODES = [
    (re.compile(r"Source: (.+?) Error: Image not found"), "image.missing"),
    (re.compile(r"Source: (.+?) Error: Error reading image"), "image.unreadable"),
    (re.compile(r"Source: (.+?) Error: GamePiece - couldn't build piece"), "piece.undecodable"),
    (re.compile(r"No more than one \[(.+?)\] allowed"), "component.not-unique"),
    (re.compile(r"Error: (.+?): Attempting to build Game Piece"), "piece.undecodable"),
    (re.compile(r"Source: Expression=(\{.+?\}), Error="), "piece.expression-error"),
    (re.compile(r"Failed to load (.+?) \|"), "help.missing"),
    (re.compile(r"failed to load class (\S+)"), "component.unknown-class"),
    (re.compile(r"Unknown type (\S+)"), "piece.unknown-trait"),
    (re.compile(r"Source: (\{.+?\}) Error: Expression evaluation error"), "piece.expression-error"),
    (
        re.compile(r"Bad location name (\S+)|Source: (\S+) Error: .*setup_stack_position_error"),
        "setup.unknown-location",
    ),
]
# Errors VASSAL has no occasion to report while it loads a module and starts its setups (an
# expression fails when something reads its property).
SHOWN_LATER = {"image.missing", "help.missing", "piece.expression-error"}


def recorded(case: str) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads((FIXTURES / f"{case}.json").read_text())
    return answer


@pytest.fixture(scope="module")
def inspected(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Inspection]:
    """Every case inspected, every finding listed (not only the first of each code)."""
    folder = tmp_path_factory.mktemp("vassal-cases")
    results = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(model, "SHOWN_PER_CODE", 10**6)
        for case, build in CASES.items():
            module = folder / f"{case}.vmod"
            module.write_bytes(build())
            results[case] = inspect_module(module)
    return results


def test_every_case_has_a_recording() -> None:
    assert sorted(p.stem for p in FIXTURES.glob("*.json")) == sorted(CASES)
    assert all(recorded(case)["vassalVersion"] == "3.7.26" and recorded(case)["built"] for case in CASES)


def _disagreements(game: dict[str, Any], setup: SetupSummary) -> tuple[list[str], list[str]]:
    """(pieces VASSAL has that inspect places elsewhere or lacks, pieces only inspect has).
    Pieces of a saved game keep their ids; pieces a new game or a startup command makes get
    fresh ones, so those are compared by where they are."""
    theirs = {p["id"]: (p["map"], p["location"]) for p in game["pieces"]} if game["file"] else {}
    ours = {p.id: (p.map, p.location) for p in setup.pieces if p.id in theirs}
    wrong = [
        f"{pid}: VASSAL {theirs[pid]}, inspect {where}" for pid, where in ours.items() if where != theirs[pid]
    ]
    mine = Counter((p.map, p.location) for p in setup.pieces if p.id not in ours)
    want = Counter((p["map"], p["location"]) for p in game["pieces"] if p["id"] not in ours)
    return wrong + [f"{key}: VASSAL {n}, inspect {mine[key]}" for key, n in (want - mine).items()], [
        f"{key}: only inspect ({n})" for key, n in (mine - want).items()
    ]


@pytest.mark.parametrize("case", sorted(CASES))
def test_locations_are_vassals(inspected: dict[str, Inspection], case: str) -> None:
    """Every piece gets VASSAL's location, the markers startup commands place included."""
    result = inspected[case]
    setups = {s.name: s for s in result.setups}
    for game in recorded(case)["games"]:
        assert game["setup"] in setups, f"{case}: inspect did not start setup {game['setup']!r}"
        setup = setups[game["setup"]]
        missing, extra = _disagreements(game, setup)
        assert extra == [], (case, game["setup"])
        assert missing == [], (case, game["setup"])


@pytest.mark.parametrize("case", sorted(CASES))
def test_rewritten_slots_are_vassals(inspected: dict[str, Inspection], case: str) -> None:
    """A slot is reported as re-encoded exactly when VASSAL rewrites it, unless it has an
    error there already (a trait VASSAL does not know, which it replaces)."""
    result = inspected[case]
    rewritten = set(recorded(case)["slots"]["rewritten"])
    reencoded = {f.where for f in result.findings if f.code == "slot.reencoded"}
    at_fault = {f.where for f in result.findings if f.severity == "error"}
    assert reencoded <= rewritten, (case, reencoded - rewritten)
    assert rewritten - at_fault == reencoded - at_fault, (case, rewritten - reencoded - at_fault)


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_vassal_problem_is_found(inspected: dict[str, Inspection], case: str) -> None:
    result = inspected[case]
    for problem in recorded(case)["problems"]:
        code, subject = _expected_finding(problem["message"])
        matching = [f for f in result.findings if f.code == code and subject in f.message]
        assert matching, (
            f"{case}: VASSAL reported {problem['message'][:120]!r}; inspect has no {code} for {subject!r}"
        )


def _expected_finding(message: str) -> tuple[str, str]:
    for pattern, code in PROBLEM_CODES:
        match = pattern.search(message)
        if match:
            return code, next(g for g in match.groups() if g).rstrip(";")
    raise AssertionError(f"a VASSAL problem the test does not know: {message[:200]}")


@pytest.mark.parametrize("case", sorted(CASES))
def test_errors_follow_vassal(inspected: dict[str, Inspection], case: str) -> None:
    """A module VASSAL loads quietly passes; every error is a fault VASSAL reports or shows later."""
    result = inspected[case]
    reported = {_expected_finding(p["message"])[0] for p in recorded(case)["problems"]}
    errors = {f.code for f in result.findings if f.severity == "error"}
    if not recorded(case)["problems"]:
        assert errors <= SHOWN_LATER, (case, errors)
    assert errors <= reported | SHOWN_LATER, (case, errors - reported)


def test_the_cases_show_what_they_claim(inspected: dict[str, Inspection]) -> None:
    """The phenomena are really in the recordings (a case that lost its point would still pass)."""
    games = {(case, g["setup"]): g for case in CASES for g in recorded(case)["games"]}
    locations = {
        case: {p["location"] for g in recorded(case)["games"] for p in g["pieces"]} for case in CASES
    }
    assert {"Draw", "Discard"} <= locations["decks"]
    assert {"Oak", "Pine", "Lake", "Hills 0202"} <= locations["zones"]
    assert {"Port", "Fort", "offboard"} <= locations["boards"]
    assert {"A1", "02-E", "(on no map)", "offboard"} <= locations["hexes"]
    assert not games[("decks", "Fresh")]["file"] and not games[("zones", "Blank")]["file"]
    assert inspected["names"].ok and not recorded("names")["problems"]
    assert recorded("markers")["slots"]["ok"] == 1 and recorded("markers")["slots"]["count"] == 2
    made = Counter(
        (p["name"], p["location"])
        for g in recorded("startup")["games"]
        for p in g["pieces"]
        if p["name"] in ("Flag", "Pennant")
    )  # placed by the startup command: a pennant only where a post has a Start, 100 pixels east
    assert made == {("Flag", "Fort (Hill)"): 2, ("Flag", "Camp"): 1, ("Pennant", "Camp"): 2}
    assert "Post" in recorded("startup")["problems"][0]["message"]
    assert len(recorded("formats")["slots"]["rewritten"]) == 3
    assert recorded("formats")["slots"]["count"] == 5
    startup = {
        f.where: f.message for c in CASES for f in inspected[c].findings if f.code == "setup.startup-commands"
    }
    assert set(startup) == {"setup 'Saved' (saved.vsav)", "setup 'Fresh'"}
    assert "placed 2 marker(s)" in startup["setup 'Saved' (saved.vsav)"]
    assert "not followed: the new marker receives WAVE" in startup["setup 'Fresh'"]


def test_the_found_cases_show_what_they_claim(inspected: dict[str, Inspection]) -> None:
    """The cases of issues 19 and 20 really hold their phenomena (tests/inspect_modules_found.py)."""
    pieces = {
        (case, g["setup"]): {p["name"]: p["location"] for p in g["pieces"]}
        for case in CASES
        for g in recorded(case)["games"]
    }
    assert pieces[("old_build_file", "Start")] == {"Unit": "0203"}  # buildFile only, and opened
    zones = pieces[("zone_grids", "Placed")]
    assert zones["Z0"] == "Endurance 11-09"  # counted from the zone's 300 x 240, not the board's 600 x 400
    assert zones["Z6"] == zones["Z7"] == "" and zones["Z9"] == "offboard" and zones["Z8"] == "0101"
    assert pieces[("zone_grids", "Blank")] == {"Camp": "Endurance 03-05"}
    assert recorded("no_encoder")["slots"] == {"count": 2, "ok": 0, "rewritten": []}
    assert pieces[("no_encoder", "Fresh")] == {} and pieces[("no_encoder", "Kick-off")] == {"Player": "0303"}
    assert (
        len(recorded("old_formats")["slots"]["rewritten"]) == 24
        and recorded("old_formats")["slots"]["count"] == 27
    )
    assert len(recorded("literals")["problems"]) == 4 and pieces[("literals", "Fresh")] == {
        "Post": "offboard"
    }
    assert pieces[("drawn", "Placed")] == {"D0": "2148/01", "D1": "2148/01", "D2": "offboard"}
    assert inspected["old_build_file"].vassal_version == "3.0b6" and inspected["old_build_file"].ok
