"""Whatever the source files hold, validation returns diagnostics and never raises."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.diagnostics import codes
from compiler.pipeline import validate_game

from .conftest import SOURCE_DATA
from .mutations import mutated

FILES = [
    "game.json",
    "map.json",
    "terrain.json",
    "counters.json",
    "charts.json",
    "scenarios/onslaught.json",
    "scenarios/ten-days.json",
]
ORIGINALS = {name: json.loads((SOURCE_DATA / "israel1948" / name).read_text()) for name in FILES}


def _fresh_copy(tmp_path: Path, label: str) -> Path:
    target = tmp_path / label
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(SOURCE_DATA / "israel1948", target)
    return target


@st.composite
def broken_game(draw: st.DrawFn) -> dict[str, object]:
    names = draw(st.lists(st.sampled_from(FILES), min_size=1, max_size=2, unique=True))
    return {name: draw(mutated(ORIGINALS[name])) for name in names}


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(changes=broken_game())
def test_mutated_json_never_crashes(tmp_path: Path, changes: dict[str, object]) -> None:
    root = _fresh_copy(tmp_path, "mutated")
    for name, data in changes.items():
        (root / name).write_text(json.dumps(data), encoding="utf-8")
    report = validate_game(root)
    assert all(d.code != codes.INTERNAL_CHECK_FAILED for d in report.diagnostics), [
        d.message for d in report.diagnostics if d.code == codes.INTERNAL_CHECK_FAILED
    ]
    assert all(d.message for d in report.diagnostics)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(name=st.sampled_from(FILES), cut=st.integers(min_value=0, max_value=4000), junk=st.binary(max_size=6))
def test_mangled_bytes_never_crash(tmp_path: Path, name: str, cut: int, junk: bytes) -> None:
    root = _fresh_copy(tmp_path, "bytes")
    raw = (root / name).read_bytes()
    cut = min(cut, len(raw))
    (root / name).write_bytes(raw[:cut] + junk + raw[cut + len(junk) :])
    report = validate_game(root)
    assert all(d.code != codes.INTERNAL_CHECK_FAILED for d in report.diagnostics)


@st.composite
def reshuffled_game(draw: st.DrawFn) -> dict[str, object]:
    from .mutations import reshuffled

    names = draw(st.lists(st.sampled_from(FILES), min_size=1, max_size=3, unique=True))
    return {name: draw(reshuffled(ORIGINALS[name])) for name in names}


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(changes=reshuffled_game())
def test_plausible_edits_reach_the_checks_without_crashing(
    tmp_path: Path, changes: dict[str, object]
) -> None:
    root = _fresh_copy(tmp_path, "reshuffled")
    for name, data in changes.items():
        (root / name).write_text(json.dumps(data), encoding="utf-8")
    report = validate_game(root)
    crashed = [d.message for d in report.diagnostics if d.code == codes.INTERNAL_CHECK_FAILED]
    assert not crashed
