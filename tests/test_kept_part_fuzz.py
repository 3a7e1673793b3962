"""The kept vassal/ part of an imported game, edited at random (issue 28: a game folder from
someone else is hostile input): `validate` answers with diagnostics, never an exception, and a
folder it accepts builds into a module whose every entry name passes the one entry rule, with
its buildFile.xml, that `wgc inspect` reads as XML, and nothing written outside the build's
own folder.

The edits are what a hand or a hostile sender would make: characters and markup put anywhere in
vassal/module.xml, vassal/moduledata.xml, vassal/pieces.json or a kept setup (entities, doctype,
paths that climb out, quotes, BeanShell), and attribute values replaced by such text, escaped so
the XML stays well-formed and the value reaches the checks behind the parser.
"""

from __future__ import annotations

import io
import re
import shutil
import zipfile
from pathlib import Path
from xml.sax.saxutils import quoteattr

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compiler.diagnostics import codes
from compiler.errors import BackEndError
from compiler.pipeline import validate_game
from compiler.vassal.entries import is_safe_entry_name
from compiler.vassal.extension.module import build_kept_module
from compiler.vassal.inspect import inspect_module

from .hostile_fuzz import HOSTILE_FUZZ, assert_answered, imported_showcase

# What inspect says of a module wgc must never write: XML that VASSAL cannot read, unsafe names.
SAID_BY_INSPECT = ("xml.", "archive.unsafe-name")
KEPT = ("vassal/module.xml", "vassal/moduledata.xml", "vassal/pieces.json", "vassal/setups/opening.json")
HOSTILE = st.sampled_from(
    [
        "../../../../tmp/pwn.vsav",
        "/etc/passwd",
        "C:evil",
        "a\\..\\b",
        "buildFile.xml",
        "moduledata",
        "&isr;",
        "&#0;",
        "&#x1F600;",
        '<!DOCTYPE x [<!ENTITY isr "Israeli">]>',
        '<!ENTITY x SYSTEM "file:///etc/passwd">',
        ' wgc:file="/tmp/pwnbuild.xml"',
        ' file="../x.vsav"',
        '"+(new java.io.File("/tmp/PW")).createNewFile()+"',
        "$PieceName$",
        "{Side != Attacker}",
        "</VASSAL.build.GameModule>",
        "<x/>",
        "]]>",
        '"',
        "'",
        "\\",
        "\t",
        ";",
        "\ud7ff\ue000",
        "",
        "9" * 40,
        "-1",
        "NaN",
    ]
) | st.text(max_size=12)


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = imported_showcase(tmp_path_factory.mktemp("kept"))
    for name in KEPT:
        assert (folder / name).is_file(), name
    return folder


@st.composite
def edited_text(draw: st.DrawFn, text: str) -> str:
    """``text`` with hostile text put in at a few places, or attribute values replaced by it."""
    attributes = list(re.finditer(r'([\w:.]+)="([^"]*)"', text))
    for _ in range(draw(st.integers(1, 3))):
        if attributes and draw(st.booleans()):
            match = draw(st.sampled_from(attributes))
            value = quoteattr(draw(HOSTILE))
            text = text[: match.start(2) - 1] + value + text[match.end(2) + 1 :]
            attributes = list(re.finditer(r'([\w:.]+)="([^"]*)"', text))
        else:
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(HOSTILE) + text[at + draw(st.integers(0, 3)) :]
    return text


@HOSTILE_FUZZ
@given(data=st.data(), name=st.sampled_from(KEPT))
def test_an_edited_kept_part_is_a_diagnostic_or_a_safe_module(
    imported: Path, tmp_path_factory: pytest.TempPathFactory, data: st.DataObject, name: str
) -> None:
    work = tmp_path_factory.mktemp("edit")
    game = work / "game"
    shutil.copytree(imported, game, symlinks=True)
    path = game / name
    path.write_text(data.draw(edited_text(path.read_text("utf-8"))), "utf-8")
    before = sorted(p.name for p in work.iterdir())
    report = validate_game(game, run_replays=False)
    if not assert_answered(report):
        return
    assert report.valid is not None
    try:
        module = build_kept_module(report.valid)
    except BackEndError as exc:  # what the folder cannot express is said, not raised
        assert exc.code == codes.VASSAL_EXTENSION, exc
        return
    with zipfile.ZipFile(io.BytesIO(module)) as archive:
        names = archive.namelist()
    unsafe = [entry for entry in names if not is_safe_entry_name(entry)]
    assert not unsafe
    assert "buildFile.xml" in names or "buildFile" in names
    assert sorted(p.name for p in work.iterdir()) == before
    built = tmp_path_factory.mktemp("built") / "module.vmod"
    built.write_bytes(module)
    refused = [
        f"{f.code}: {f.message}" for f in inspect_module(built).findings if f.code.startswith(SAID_BY_INSPECT)
    ]
    assert not refused
