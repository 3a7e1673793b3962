"""`wgc inspect` on hostile and damaged files: every one becomes a finding, none a traceback,
a hang or a memory blow-up (issue 10 items 2, 3, 4, 14)."""

from __future__ import annotations

import os
import struct
import zipfile
import zlib
from io import BytesIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.cli.main import cli
from compiler.vassal.inspect import inspect_module
from compiler.vassal.inspection import limits
from compiler.vassal.inspection.findings import CODES
from compiler.vassal.inspection.model import Inspection
from compiler.vassal.report import format_inspection

from .inspect_modules import CASES, png, without_utf8_flag


def codes(result: Inspection) -> set[str]:
    return set(result.counts)


def rewritten(tmp_path: Path, name: str, change: dict[str, bytes | None], base: str = "hexes") -> Path:
    """A copy of a test module with entries replaced (None: removed) or added."""
    source = zipfile.ZipFile(BytesIO(CASES[base]()))
    target = tmp_path / name
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            if info.filename not in change:
                out.writestr(info, source.read(info))
        for entry, data in change.items():
            if data is not None:
                out.writestr(entry, data)
    return target


def test_the_base_module_is_clean_but_for_its_known_faults(tmp_path: Path) -> None:
    result = inspect_module(rewritten(tmp_path, "same.vmod", {}))
    assert result.ok and codes(result) == {"setup.unknown-map", "setup.on-no-map", "setup.off-board"}


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_devices_and_fifos_are_refused_without_reading(tmp_path: Path) -> None:
    assert codes(inspect_module(Path("/dev/zero"))) == {"module.unreadable"}
    fifo = tmp_path / "pipe.vmod"
    os.mkfifo(fifo)
    result = inspect_module(fifo)  # would block for ever if opened for reading the usual way
    assert codes(result) == {"module.unreadable"} and "regular file" in result.findings[0].message
    assert codes(inspect_module(tmp_path)) == {"module.unreadable"}
    assert codes(inspect_module(tmp_path / "absent.vmod")) == {"module.unreadable"}


def test_inspect_command_on_a_device_is_one_finding() -> None:
    result = CliRunner().invoke(cli, ["inspect", "/dev/zero"])
    assert result.exit_code == 1 and "module.unreadable" in result.output and "Traceback" not in result.output


def test_an_entry_that_inflates_beyond_its_limit_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bomb stops at the limit; one that lies about its size is read only as far as it
    claims (zipfile stops there) and then fails its CRC."""
    monkeypatch.setattr(limits, "XML_ENTRY", 1 << 20)
    monkeypatch.setattr(limits, "SAVE_ENTRY", 1 << 20)
    zeros = bytes(4 << 20)
    honest = inspect_module(rewritten(tmp_path, "a.vmod", {"buildFile.xml": zeros}))
    assert codes(honest) == {"archive.too-large"} and "declares" in honest.findings[0].message
    lying = lie_about_size(rewritten(tmp_path, "b.vmod", {"buildFile.xml": zeros}), "buildFile.xml")
    result = inspect_module(lying)
    assert codes(result) == {"archive.damaged"} and "CRC" in result.findings[0].message
    save = inspect_module(rewritten(tmp_path, "c.vmod", {"start.vsav": zeros}))
    assert "archive.too-large" in codes(save) and not save.ok


def test_the_whole_module_has_a_reading_budget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "TOTAL_READ", 1000)
    result = inspect_module(rewritten(tmp_path, "a.vmod", {}))
    assert "archive.too-large" in codes(result) and "module inflates" in result.findings[0].message


def test_a_huge_central_directory_is_refused_before_it_is_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "CENTRAL_DIRECTORY", 100)
    assert codes(inspect_module(rewritten(tmp_path, "a.vmod", {}))) == {"module.unreadable"}


def test_damaged_entries_are_findings(tmp_path: Path) -> None:
    encrypted = set_flags(rewritten(tmp_path, "a.vmod", {}), "buildFile.xml", 0x1)
    assert "archive.encrypted" in codes(inspect_module(encrypted))
    method = set_method(rewritten(tmp_path, "b.vmod", {}), "images/tank.png", 99)
    result = inspect_module(method)
    assert "archive.unsupported-method" in codes(result) and not result.ok
    corrupt = corrupt_data(rewritten(tmp_path, "c.vmod", {}), "buildFile.xml")
    assert codes(inspect_module(corrupt)) == {"archive.damaged"}
    save = corrupt_data(rewritten(tmp_path, "d.vmod", {}), "start.vsav")
    assert "setup.unreadable" in codes(inspect_module(save))
    truncated = tmp_path / "e.vmod"
    truncated.write_bytes((tmp_path / "a.vmod").read_bytes()[:-30])
    assert codes(inspect_module(truncated)) == {"module.unreadable"}


def test_entry_names_outside_the_folder_are_reported(tmp_path: Path) -> None:
    result = inspect_module(
        rewritten(tmp_path, "a.vmod", {"../../x": b"x", "/etc/y": b"y", "a\\..\\..\\z": b"z"})
    )
    assert result.counts["archive.unsafe-name"] == 3 and not result.ok


def test_names_are_utf8_with_or_without_the_flag(tmp_path: Path) -> None:
    good = tmp_path / "names.vmod"
    good.write_bytes(CASES["names"]())
    assert inspect_module(good).ok
    raw = rewritten(tmp_path, "bad.vmod", {"images/caf\u00e9.png": png(4, 4)})
    data = without_utf8_flag(raw.read_bytes()).replace("caf\u00e9".encode(), b"caf\xe9\x20")  # not UTF-8
    bad = tmp_path / "bad2.vmod"
    bad.write_bytes(data)
    assert codes(inspect_module(bad)) == {"archive.bad-name"}


def test_a_board_image_that_is_not_an_image_is_reported(tmp_path: Path) -> None:
    result = inspect_module(rewritten(tmp_path, "a.vmod", {"images/hex.png": b"this is not a PNG"}))
    assert "image.unreadable" in codes(result) and not result.ok
    assert result.maps["Main"][0].width == 0


def test_a_saved_game_nested_thousands_deep_is_refused(tmp_path: Path) -> None:
    from compiler.vassal.archive import zip_bytes
    from compiler.vassal.savefile import obfuscate

    stream = "x"
    for _ in range(3000):
        stream = "a\x1b" + stream.replace("\x1b", "\\\x1b")
    save = zip_bytes(
        {"savedGame": obfuscate("begin_save\x1b" + stream.replace("\x1b", "\\\x1b") + "\x1bend_save")}
    )
    result = inspect_module(rewritten(tmp_path, "a.vmod", {"start.vsav": save}))
    assert "setup.too-deep" in codes(result)


# --- ZIP surgery ----------------------------------------------------------------------------------


def _headers(data: bytes, entry: str) -> tuple[int, int]:
    """Offsets of the local header and the central directory record of ``entry``."""
    with zipfile.ZipFile(BytesIO(data)) as archive:
        info = archive.getinfo(entry)
        start = archive.start_dir
    position = start
    while data[position : position + 4] == b"PK\x01\x02":
        name_length, extra, comment = struct.unpack("<HHH", data[position + 28 : position + 34])
        if data[position + 46 : position + 46 + name_length] == entry.encode():
            return info.header_offset, position
        position += 46 + name_length + extra + comment
    raise KeyError(entry)


def _patch(path: Path, entry: str, local: int, central: int, fmt: str, value: int) -> Path:
    data = bytearray(path.read_bytes())
    local_header, record = _headers(bytes(data), entry)
    data[local_header + local : local_header + local + struct.calcsize(fmt)] = struct.pack(fmt, value)
    data[record + central : record + central + struct.calcsize(fmt)] = struct.pack(fmt, value)
    path.write_bytes(bytes(data))
    return path


def lie_about_size(path: Path, entry: str) -> Path:
    """Claim 100 bytes uncompressed where the entry inflates to much more."""
    return _patch(path, entry, 22, 24, "<I", 100)


def set_flags(path: Path, entry: str, flags: int) -> Path:
    return _patch(path, entry, 6, 8, "<H", flags)


def set_method(path: Path, entry: str, method: int) -> Path:
    return _patch(path, entry, 8, 10, "<H", method)


def corrupt_data(path: Path, entry: str) -> Path:
    """Flip a byte in the middle of the entry's compressed data."""
    data = bytearray(path.read_bytes())
    local_header, _ = _headers(bytes(data), entry)
    name_length, extra = struct.unpack("<HH", data[local_header + 26 : local_header + 30])
    size = struct.unpack("<I", data[local_header + 18 : local_header + 22])[0]
    middle = local_header + 30 + name_length + extra + size // 2
    data[middle] ^= 0x55
    path.write_bytes(bytes(data))
    return path


def test_the_surgery_helpers_damage_what_they_say(tmp_path: Path) -> None:
    path = corrupt_data(rewritten(tmp_path, "a.vmod", {}), "buildFile.xml")
    with zipfile.ZipFile(path) as archive, pytest.raises((zipfile.BadZipFile, zlib.error)):
        archive.read("buildFile.xml")


# --- fuzz -------------------------------------------------------------------------------------------

MUTATION_TEXT = st.lists(
    st.sampled_from(
        ["\t", "\\", "'", ";", "/", ",", "\x1b", "<", "&", "0", "-", "$", "{", "null", "+/", "a"]
    ),
    max_size=6,
).map("".join)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    case=st.sampled_from(sorted(CASES)),
    edits=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255)), min_size=1, max_size=8),
    cut=st.floats(0.05, 1.0),
)
def test_mangled_archives_give_findings_not_exceptions(
    tmp_path: Path, case: str, edits: list[tuple[float, int]], cut: float
) -> None:
    data = bytearray(CASES[case]())
    for where, value in edits:
        data[int(where * (len(data) - 1))] = value
    path = tmp_path / "mangled.vmod"
    path.write_bytes(bytes(data[: max(1, int(cut * len(data)))]))
    result = inspect_module(path)
    assert all(code in CODES for code in result.counts)
    format_inspection(result)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=st.sampled_from(sorted(CASES)), where=st.floats(0, 1), text=MUTATION_TEXT, drop=st.integers(0, 4))
def test_mangled_entries_give_findings_not_exceptions(
    tmp_path: Path, case: str, where: float, text: str, drop: int
) -> None:
    """Valid ZIPs whose buildFile.xml or saved game has characters changed."""
    from compiler.vassal.archive import zip_bytes
    from compiler.vassal.savefile import deobfuscate, obfuscate

    source = zipfile.ZipFile(BytesIO(CASES[case]()))
    entries = {name: source.read(name) for name in source.namelist()}
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
    path = tmp_path / "edited.vmod"
    path.write_bytes(zip_bytes(entries))
    result = inspect_module(path)
    assert all(code in CODES for code in result.counts)
    format_inspection(result)


def test_classes_the_module_ships_are_loadable(tmp_path: Path) -> None:
    """VASSAL loads component classes from the module itself (ForThePeople's FTPChatter, ...),
    and its preferences are components too."""
    from .inspect_modules import B, board_xml, map_xml, module

    body = (
        map_xml("Main", board_xml("B", image="b.png"))
        + '<ftp.FTPChatter/><ftp.Missing/><VASSAL.preferences.StringPreference name="x" tab="y"/>'
        + f"<{B}module.PlayerRoster><entry>Red</entry></{B}module.PlayerRoster>"
    )
    data = module("Own", body, {"images/b.png": png(10, 10), "ftp/FTPChatter.class": b"\xca\xfe\xba\xbe"})
    path = tmp_path / "own.vmod"
    path.write_bytes(data)
    result = inspect_module(path)
    assert [f.message for f in result.findings if f.code == "component.unknown-class"] == [
        "no class ftp.Missing in VASSAL or the module: VASSAL reports it and skips the component"
    ]
