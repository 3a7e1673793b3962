"""`wgc import` on hostile and damaged modules: inspect's findings as diagnostics, never a
traceback; nothing written outside the new game folder; and a folder it writes validates."""

from __future__ import annotations

import os
import zipfile
from io import BytesIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from compiler.cli.main import cli
from compiler.diagnostics import codes
from compiler.errors import BackEndError
from compiler.importer import import_module
from compiler.pipeline import validate_game
from compiler.vassal.archive import zip_bytes
from compiler.vassal.extension.module import build_kept_module
from compiler.vassal.inspection import limits
from compiler.vassal.savefile import deobfuscate, obfuscate

from .import_modules import showcase
from .inspect_modules import CASES, raw_zip
from .test_inspect_archive import MUTATION_TEXT, corrupt_data, set_flags

SOURCES = {**CASES, "showcase": showcase}


def rewritten(tmp_path: Path, change: dict[str, bytes | None]) -> Path:
    entries = {name: data for name, data in _entries(showcase()).items() if name not in change}
    entries.update({name: data for name, data in change.items() if data is not None})
    path = tmp_path / "changed.vmod"
    path.write_bytes(raw_zip(entries))
    return path


def _entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def imported_codes(module: Path, folder: Path) -> tuple[set[str], str]:
    result = import_module(module, folder)
    return {d.code for d in result.diagnostics}, " ".join(d.message for d in result.diagnostics)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_what_is_no_module_imports_nothing(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.vmod"
    os.mkfifo(fifo)
    for module in (Path("/dev/zero"), fifo, tmp_path, tmp_path / "absent.vmod"):
        found, text = imported_codes(module, tmp_path / "game")
        assert codes.IMPORT_NOT_A_MODULE in found and "module.unreadable" in text
        assert not (tmp_path / "game").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.vmod"]  # no scratch folder left


def test_an_entry_past_inspect_s_limits_is_a_finding_and_not_copied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "IMAGE_ENTRY", 2000)
    module = rewritten(tmp_path, {"images/huge.png": bytes(5000)})
    found, text = imported_codes(module, tmp_path / "game")
    assert codes.IMPORT_FILE_SKIPPED in found and text.count("inflates beyond 2,000 bytes") == 1
    assert not (tmp_path / "game/images/huge.png").exists()
    assert validate_game(tmp_path / "game").ok


def test_names_that_lead_outside_are_never_written(tmp_path: Path) -> None:
    (tmp_path / "inside").mkdir()
    module = rewritten(tmp_path, {"../../escape.txt": b"x", "/etc/evil": b"y", "a\\..\\..\\z": b"z"})
    found, text = imported_codes(module, tmp_path / "inside/game")
    assert codes.IMPORT_FILE_SKIPPED in found and "archive.unsafe-name" in text
    written = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    assert all(p.startswith(("inside/game/", "inside/schemas/")) or p == "changed.vmod" for p in written)


def test_damaged_entries_are_findings_and_the_rest_imports(tmp_path: Path) -> None:
    encrypted = set_flags(rewritten(tmp_path, {}), "images/tank.png", 0x1)
    found, text = imported_codes(encrypted, tmp_path / "a")
    assert codes.IMPORT_MODULE_FINDING in found and "archive.encrypted" in text
    assert validate_game(tmp_path / "a").ok
    corrupt = corrupt_data(rewritten(tmp_path, {}), "opening.vsav")
    found, text = imported_codes(corrupt, tmp_path / "b")
    assert codes.IMPORT_MODULE_FINDING in found
    assert "setup.unreadable" in text and not (tmp_path / "b/scenarios").exists()
    report = validate_game(tmp_path / "b")
    assert report.ok  # the setup is kept as the module had it: its element stays in the tree
    assert b'name="Opening"' in (tmp_path / "b/vassal/module.xml").read_bytes()


def test_the_command_on_a_device_is_a_diagnostic() -> None:
    result = CliRunner().invoke(cli, ["import", "/dev/zero", "-o", "/nonexistent/never"])
    assert (
        result.exit_code == 1 and "import.not-a-module" in result.output and "Traceback" not in result.output
    )


def _check(module: Path, folder: Path) -> None:
    """The import never raises; what it writes validates without a crashed check, and builds."""
    result = import_module(module, folder)
    if result.folder is None:
        assert any(d.code == codes.IMPORT_NOT_A_MODULE for d in result.diagnostics)
        return
    report = validate_game(folder)
    assert not any(d.code == codes.INTERNAL_CHECK_FAILED for d in report.diagnostics)
    assert report.valid is not None, [
        f"{d.file}{d.pointer}: {d.message}" for d in report.diagnostics if d.is_error
    ]
    try:
        build_kept_module(report.valid)
    except BackEndError as exc:  # what the data cannot express is said, not raised
        assert exc.code == codes.VASSAL_EXTENSION


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    case=st.sampled_from(sorted(SOURCES)),
    edits=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255)), min_size=1, max_size=8),
    cut=st.floats(0.05, 1.0),
)
def test_mangled_archives_import_without_exceptions(
    tmp_path_factory: pytest.TempPathFactory, case: str, edits: list[tuple[float, int]], cut: float
) -> None:
    folder = tmp_path_factory.mktemp("mangled")
    data = bytearray(SOURCES[case]())
    for where, value in edits:
        data[int(where * (len(data) - 1))] = value
    path = folder / "mangled.vmod"
    path.write_bytes(bytes(data[: max(1, int(cut * len(data)))]))
    _check(path, folder / "game")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    case=st.sampled_from(sorted(SOURCES)), where=st.floats(0, 1), text=MUTATION_TEXT, drop=st.integers(0, 4)
)
@example(case="drawn", where=0.4453125, text="", drop=2)  # "+/91/piece" loses its id: "+//piece"
@example(case="drawn", where=0.4453125, text="9" * 70, drop=0)  # an id longer than the schema holds
def test_mangled_entries_import_without_exceptions(
    tmp_path_factory: pytest.TempPathFactory, case: str, where: float, text: str, drop: int
) -> None:
    """Valid ZIPs whose buildFile.xml or saved game has characters changed."""
    folder = tmp_path_factory.mktemp("edited")
    entries = _entries(SOURCES[case]())
    target = next((n for n in sorted(entries) if n.endswith(".vsav")), "buildFile.xml")
    if target.endswith(".vsav"):
        content = deobfuscate(zipfile.ZipFile(BytesIO(entries[target])).read("savedGame"))
    else:
        content = entries[target].decode()
    at = int(where * len(content))
    content = content[:at] + text + content[at + drop :]
    if target.endswith(".vsav"):
        entries[target] = zip_bytes({"savedGame": obfuscate(content)})
    else:
        entries[target] = content.encode()
    path = folder / "edited.vmod"
    path.write_bytes(zip_bytes(entries))
    _check(path, folder / "game")
