"""Whatever the source files hold, validation returns diagnostics and never raises.

Every shipped game is mutated: random edits, mangled bytes, plausible swaps of
values, and the edits a hostile user would try (tests/mutations.py). The example
counts are small so the normal suite stays fast; raise ``max_examples`` locally to
search longer.
"""

from __future__ import annotations

import json
import shutil
import tracemalloc
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.cli.main import cli
from compiler.diagnostics import codes
from compiler.pipeline import validate_game

from .conftest import GAMES, SOURCE_DATA
from .mutations import hostile, mutated, reshuffled

FILES = {
    game: sorted(str(p.relative_to(SOURCE_DATA / game)) for p in (SOURCE_DATA / game).rglob("*.json"))
    for game in GAMES
}
ORIGINALS = {
    (game, name): json.loads((SOURCE_DATA / game / name).read_text(encoding="utf-8"))
    for game, names in FILES.items()
    for name in names
}
# The most memory one hostile `wgc validate` may take, as tracemalloc counts it. The
# shipped games take 1.5 to 4 MB and 120 hostile edits at most 12 MB; before issue 10,
# one long key or name took gigabytes.
PEAK_BOUND_MB = 64
FUZZ = settings(
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)


def _fresh_copy(tmp_path: Path, game: str, label: str) -> Path:
    target = tmp_path / label
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(SOURCE_DATA / game, target)
    return target


def _write(root: Path, changes: dict[str, object]) -> None:
    for name, data in changes.items():
        (root / name).write_text(json.dumps(data), encoding="utf-8")


EDITS = {"mutated": mutated, "reshuffled": reshuffled, "hostile": hostile}


@st.composite
def broken_game(draw: st.DrawFn, kind: str = "mutated", most: int = 2) -> tuple[str, dict[str, object]]:
    game = draw(st.sampled_from(GAMES))
    names = draw(st.lists(st.sampled_from(FILES[game]), min_size=1, max_size=most, unique=True))
    return game, {name: draw(EDITS[kind](ORIGINALS[(game, name)])) for name in names}


def _assert_no_check_crashed(root: Path) -> None:
    report = validate_game(root)
    crashed = [d.message for d in report.diagnostics if d.code == codes.INTERNAL_CHECK_FAILED]
    assert not crashed
    assert all(d.message for d in report.diagnostics)


@settings(FUZZ, max_examples=60)
@given(changes=broken_game())
def test_mutated_json_never_crashes(tmp_path: Path, changes: tuple[str, dict[str, object]]) -> None:
    game, files = changes
    root = _fresh_copy(tmp_path, game, "mutated")
    _write(root, files)
    _assert_no_check_crashed(root)


@settings(FUZZ, max_examples=40)
@given(
    game=st.sampled_from(GAMES),
    pick=st.integers(min_value=0, max_value=10_000),
    cut=st.integers(min_value=0, max_value=4000),
    junk=st.binary(max_size=6),
)
def test_mangled_bytes_never_crash(tmp_path: Path, game: str, pick: int, cut: int, junk: bytes) -> None:
    root = _fresh_copy(tmp_path, game, "bytes")
    name = FILES[game][pick % len(FILES[game])]
    raw = (root / name).read_bytes()
    cut = min(cut, len(raw))
    (root / name).write_bytes(raw[:cut] + junk + raw[cut + len(junk) :])
    _assert_no_check_crashed(root)


@settings(FUZZ, max_examples=80)
@given(changes=broken_game("reshuffled", most=3))
def test_plausible_edits_reach_the_checks_without_crashing(
    tmp_path: Path, changes: tuple[str, dict[str, object]]
) -> None:
    game, files = changes
    root = _fresh_copy(tmp_path, game, "reshuffled")
    _write(root, files)
    _assert_no_check_crashed(root)


@settings(FUZZ, max_examples=25)
@given(changes=broken_game("hostile"))
def test_hostile_edits_give_documented_exit_codes_in_bounded_memory(
    tmp_path: Path, changes: tuple[str, dict[str, object]]
) -> None:
    game, files = changes
    root = _fresh_copy(tmp_path, game, "hostile")
    _write(root, files)
    tracemalloc.start()
    try:
        result = CliRunner().invoke(cli, ["validate", str(root), "--format", "json"])
        peak_mb = tracemalloc.get_traced_memory()[1] / (1024 * 1024)
    finally:
        tracemalloc.stop()
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 1)
    payload = json.loads(result.stdout)
    assert payload["ok"] == (result.exit_code == 0)
    found = payload["games"][0]["diagnostics"]
    assert not [d for d in found if d["code"] == codes.INTERNAL_CHECK_FAILED]
    assert all(d["message"] and len(d["message"]) <= 1100 for d in found)
    assert peak_mb < PEAK_BOUND_MB, f"{peak_mb:.0f} MB for {sorted(files)}"
