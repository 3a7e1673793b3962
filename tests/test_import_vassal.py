"""The showcase module and its rebuild as the real VASSAL 3.7.26 engine loaded them.

tests/fixtures/imported/record.py imported the module of tests/import_modules.py, built it again
and loaded both in VASSAL with every setup started; the answers are recorded with the rebuilt
module's SHA-256. Here: the rebuild still has those bytes (so the answers speak for it); VASSAL
built both, decoded every slot of both and reported the same problems; each setup put every
piece of the rebuild on the same map at the same location as the original's; and inspect reads
the rebuild as VASSAL did.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from compiler.vassal.inspect import inspect_module

from .fixtures.imported.record import HERE, rebuilt_module
from .test_inspect_vassal import _disagreements


def recording() -> dict[str, Any]:
    found: dict[str, Any] = json.loads((HERE / "showcase.json").read_text("utf-8"))
    return found


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return rebuilt_module(tmp_path_factory.mktemp("showcase"))[1]


def test_the_recording_is_of_this_rebuild(rebuilt: Path) -> None:
    assert hashlib.sha256(rebuilt.read_bytes()).hexdigest() == recording()["rebuilt_sha256"], (
        "the rebuilt showcase changed: record VASSAL's answers again (tests/fixtures/imported/record.py)"
    )


def test_vassal_loads_the_rebuild_as_the_original() -> None:
    original, again = recording()["original"], recording()["rebuilt"]
    assert original["vassalVersion"] == again["vassalVersion"] == "3.7.26"
    assert original["built"] and again["built"]
    assert (
        again["slots"]["ok"]
        == again["slots"]["count"]
        == original["slots"]["count"]
        == original["slots"]["ok"]
    )
    assert Counter(p["message"] for p in again["problems"]) == Counter(
        p["message"] for p in original["problems"]
    )
    assert [g["setup"] for g in again["games"]] == [g["setup"] for g in original["games"]]
    for before, after in zip(original["games"], again["games"], strict=True):
        places = {p["id"]: (p["name"], p["map"], p["location"]) for p in after["pieces"]}
        if before["file"]:
            assert places == {p["id"]: (p["name"], p["map"], p["location"]) for p in before["pieces"]}
        else:  # a new game gives its pieces new ids: compare where they are
            assert Counter(places.values()) == Counter(
                (p["name"], p["map"], p["location"]) for p in before["pieces"]
            )


def test_inspect_reads_the_rebuild_as_vassal_did(rebuilt: Path) -> None:
    result = inspect_module(rebuilt)
    for game, setup in zip(recording()["rebuilt"]["games"], result.setups, strict=True):
        missing, extra = _disagreements(game, setup)
        assert missing == [] and extra == [], setup.name
