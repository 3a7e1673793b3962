"""The Java side of `wgc inspect`: slots written back as VASSAL 3.7.26 writes them, the build
file it opens, and the canonical forms its values take.

The expected values below were printed by the real classes (javax.swing.KeyStroke,
VASSAL.tools.version.VersionUtils, VASSAL's BasicCommandEncoder) on Java 17 with VASSAL
3.7.26; tests/test_inspect_vassal.py compares whole modules with the engine's answers.
"""

from __future__ import annotations

import zipfile
from io import BytesIO

import pytest

from compiler.vassal.archive import zip_bytes
from compiler.vassal.inspection.archive import ModuleArchive
from compiler.vassal.inspection.javacodec import color, double_text, modifiers, named_key
from compiler.vassal.inspection.metadata import choose_build_file, minor_version
from compiler.vassal.inspection.reencode import hash_map_order, rewrite


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        (0, 0),
        (1, 65),
        (2, 130),
        (3, 195),
        (8, 520),
        (16, 0),
        (32, 8224),
        (512, 520),
        (1024, 1024),
        (-1, 16367),
    ],
)
def test_key_modifiers_as_awt_keeps_them(given: int, kept: int) -> None:
    assert modifiers(given) == kept


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("70,2", "70,130"),
        ("70,130,", "70,130"),  # String.split drops the empty name
        ("0,0", "0,0"),
        ("57400,0,Fire", "57400,0,Fire"),  # a named key keeps a code of VASSAL's private range
        ("65,0,Hello, World", "57344,0,Hello"),  # the name ends at a comma; 65 is no private code
        ("x,1", ""),
    ],
)
def test_named_keys_written_back(text: str, written: str) -> None:
    assert named_key(text) == written


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("255,0,0,255", "255,0,0"),
        ("1,2,3,4", "1,2,3,4"),
        ("0xFF0000", "255,0,0"),
        ("1,2", "0,0,0"),
        ("300,1,1", "0,0,0"),
    ],
)
def test_colours_written_back(text: str, written: str) -> None:
    assert color(text) == written


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (1.0, "1.0"),
        (0.5, "0.5"),
        (1e7, "1.0E7"),
        (1.5e-5, "1.5E-5"),
        (123456789.0, "1.23456789E8"),
        (0.001, "0.001"),
    ],
)
def test_doubles_as_java_prints_them(value: float, text: str) -> None:
    assert double_text(value) == text


def test_persistent_properties_come_back_in_hash_map_order() -> None:
    """'Aa' and 'BB' have the same String.hashCode: one bucket, insertion order within it."""
    assert hash_map_order(["b", "a"]) == ["a", "b"]
    assert hash_map_order(["a", "BB", "Aa"]) == ["BB", "Aa", "a"]


@pytest.mark.parametrize(
    ("version", "minor"),
    [
        ("3.0b6", (0, 0)),
        ("3.2.17", (3, 2)),
        ("", (0, 0)),
        ("3.5beta", (0, 0)),
        ("3.10", (3, 10)),
        ("3.5.0.1", (0, 0)),
        ("03.6", (0, 0)),
        ("3.6-beta1", (3, 6)),
        ("3..6", (0, 0)),
        ("4", (4, 0)),
    ],
)
def test_versions_read_as_maven_reads_them(version: str, minor: tuple[int, int]) -> None:
    assert minor_version(version) == minor


def _archive(entries: dict[str, bytes]) -> ModuleArchive:
    return ModuleArchive(zipfile.ZipFile(BytesIO(zip_bytes(entries))), [])


OLD_ROOT = b'<?xml version="1.0"?>\n<VASSAL.launch.BasicModule VassalVersion="3.0b6" name="Old"/>\n'
NEW_ROOT = b'<?xml version="1.0"?>\n<VASSAL.build.GameModule VassalVersion="3.7.0" name="New"/>\n'


@pytest.mark.parametrize(
    ("entries", "opened"),
    [
        ({"buildFile": OLD_ROOT}, "buildFile"),  # uckelman/tld-mod
        ({"buildFile.xml": NEW_ROOT}, "buildFile.xml"),  # no version: VASSAL's own, 3.7.26
        ({"buildFile.xml": NEW_ROOT, "buildFile": OLD_ROOT}, "buildFile"),
        ({"buildFile.xml": NEW_ROOT, "moduledata": b""}, "buildFile.xml"),
        ({"savedGame": b"", "buildFile.xml": NEW_ROOT}, None),
        ({"buildFile.xml": NEW_ROOT, "extensiondata": b""}, None),
        ({"buildFile.xml": b"<x/>\n"}, None),  # no module element in its first lines
    ],
)
def test_the_build_file_vassal_opens(entries: dict[str, bytes], opened: str | None) -> None:
    moduledata = "3.7.26" if "moduledata" in entries else None
    assert choose_build_file(_archive(entries), moduledata).build_file == opened


def test_a_version_before_3_5_needs_the_old_build_file() -> None:
    choice = choose_build_file(_archive({"buildFile.xml": NEW_ROOT, "moduledata": b""}), "3.2.17")
    assert choice.build_file is None and "needs buildFile" in choice.refusal
    assert "placeholder" not in choice.refusal


def test_an_unfilled_build_template_version_is_named() -> None:
    """BrentEaston/vsql's dist/ moduledata says ${vassal.version}: VASSAL reads it as 0.0 and
    refuses the module; the refusal says it looks like a template nothing filled in."""
    choice = choose_build_file(_archive({"buildFile.xml": NEW_ROOT, "moduledata": b""}), "${vassal.version}")
    assert choice.build_file is None and "needs buildFile" in choice.refusal
    assert "${vassal.version} looks like the placeholder of a build template" in choice.refusal


@pytest.mark.parametrize(
    ("definition", "gpid", "differs"),
    [
        ("+/null/piece;;;u.png;Unit/null;0;0;7;0", "7", None),
        ("+/null/piece;;;u.png;Unit/null;0;0", "7", "state of trait 'piece;'"),
        ("+/null/piece;;;u.png;Unit/null;0;0;7;0", "8", "state of trait 'piece;'"),
        ("+/Id/piece;;;u.png;Unit/null;0;0;7;0/more", "7", "its encoding"),
        ("+/null/delete;;112,195\tpiece;;;;U/\tnull;0;0;;0", "", "trait 'delete;'"),
        (
            "+/null/nonRect;m,1,1\tpiece;;;;U/\tnull;0;0;;0",
            "",
            "trait 'nonRect;' is written as 'nonRect2;1.0;m,1,1'",
        ),
        ("+/null/immob;g;N\tpiece;;;;U/\tnull;0;0;;0", "", "trait 'immob;' is written as 'immob;g;N;R;'"),
    ],
)
def test_slots_written_back(definition: str, gpid: str, differs: str | None) -> None:
    verdict = rewrite(definition, gpid)
    assert verdict.judged
    if differs is None:
        assert verdict.differs is None
    else:
        assert verdict.differs is not None and verdict.differs.startswith(differs)


def test_what_inspect_cannot_write_back_is_not_judged() -> None:
    """An unknown trait (VASSAL puts an empty Marker there: reported as an error already), a
    font family the JVM decides, a Layer following a property nobody can read."""
    unknown = "+/null/zzz;1\tpiece;;;;U/\tnull;0;0;;0"
    font = "+/null/label;76,130;Change;16;;0,0,0;t;0;c;0;b;c;$pieceName$;Arial;0;0;TextLabel;;false\tpiece;;;;U/\tnull;0;0;;0"
    assert not rewrite(unknown, "").judged
    assert not rewrite(font, "").judged
