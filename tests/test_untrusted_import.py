"""`wgc import` of a module from anyone (issue 28, defects 3 and 4): it never reports success on
a folder `build` then refuses.

- A build file that declares its own entities is legal XML that VASSAL expands: import expands
  them too (the roster keeps its sides), within Java's bounds; an external entity, a loop or a
  billion laughs is refused with the reason.
- Every limit `build` applies to the folder, `import` applies first, with the same numbers.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.diagnostics import codes
from compiler.importer import ImportResult, import_module
from compiler.pipeline import validate_game
from compiler.vassal.extension.module import build_kept_module
from compiler.vassal.inspect import inspect_module

from .bounded import run_wgc
from .import_modules import showcase
from .inspect_modules import raw_zip

DOCTYPE = b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'


def entries_of(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def with_entities(declarations: bytes, change: dict[bytes, bytes]) -> bytes:
    """The showcase module whose build file declares ``declarations`` and uses them."""
    entries = entries_of(showcase())
    text = entries["buildFile.xml"]
    assert text.startswith(DOCTYPE)
    text = DOCTYPE + b"<!DOCTYPE x [" + declarations + b"]>\n" + text[len(DOCTYPE) :]
    for old, new in change.items():
        assert text.count(old) == 1
        text = text.replace(old, new)
    entries["buildFile.xml"] = text
    return raw_zip(entries)


def imported(tmp_path: Path, data: bytes) -> ImportResult:
    module = tmp_path / "entities.vmod"
    module.write_bytes(data)
    return import_module(module, tmp_path / "game")


def test_internal_entities_are_expanded_and_the_roster_survives(tmp_path: Path) -> None:
    """The issue's reproduction: `<!ENTITY isr "Israeli">` used as `&isr;` in the roster."""
    data = with_entities(
        b'<!ENTITY isr "Israeli"><!ENTITY side "&isr; side">',
        {b"<entry>Red</entry>": b"<entry>&isr;</entry>", b'buttonText="Retire"': b'buttonText="&side;"'},
    )
    result = imported(tmp_path, data)
    assert result.ok, [d.message for d in result.diagnostics]
    game = tmp_path / "game"
    sides = json.loads((game / "game.json").read_text())["sides"]
    assert [s["name"] for s in sides] == ["Israeli", "Blue"]
    template = (game / "vassal/module.xml").read_bytes()
    assert b"&isr;" not in template and b"&side;" not in template and b'buttonText="Israeli side"' in template
    report = validate_game(game)
    assert report.valid is not None, [d.message for d in report.diagnostics if d.is_error]
    rebuilt = tmp_path / "rebuilt.vmod"
    rebuilt.write_bytes(build_kept_module(report.valid))
    assert inspect_module(rebuilt).ok
    result = CliRunner().invoke(cli, ["build", str(game), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output


def test_inspect_reads_the_expanded_text(tmp_path: Path) -> None:
    data = with_entities(b'<!ENTITY isr "Israeli">', {b"<entry>Red</entry>": b"<entry>&isr;</entry>"})
    module = tmp_path / "m.vmod"
    module.write_bytes(data)
    found = inspect_module(module)
    assert found.ok and not any(f.code.startswith("xml.") for f in found.findings)


BILLION_LAUGHS = b'<!ENTITY a "xxxxxxxxxx">' + b"".join(
    b'<!ENTITY a%d "%s">' % (n + 1, (b"&a%d;" % n if n else b"&a;") * 10) for n in range(9)
)


@pytest.mark.parametrize(
    ("declarations", "use", "reason"),
    [
        (b'<!ENTITY ext SYSTEM "file:///etc/passwd">', b"&ext;", "is external"),
        (b'<!ENTITY ext PUBLIC "-//x//y" "http://127.0.0.1:9/x">', b"&ext;", "is external"),
        (b'<!ENTITY % ext SYSTEM "file:///etc/passwd">', b"", "is external"),
        (b'<!ENTITY a "&b;"><!ENTITY b "&a;">', b"&a;", "loop"),
        (BILLION_LAUGHS, b"&a9;", "amplification"),
        (b'<!ENTITY isr "Israeli">', b"<x>&isr;</x>" * 70_000, "more than the 64,000"),
        (b'<!ENTITY isr "Israeli">', b"&isr;" * 70_000, "amplification"),
    ],
)
def test_entities_vassal_would_not_expand_refuse_the_module_with_the_reason(
    tmp_path: Path, declarations: bytes, use: bytes, reason: str
) -> None:
    data = with_entities(declarations, {b"<entry>Red</entry>": b"<entry>" + use + b"</entry>"})
    result = imported(tmp_path, data)
    diagnostics = result.diagnostics
    text = " ".join(d.message for d in diagnostics)
    assert result.folder is None and any(d.code == codes.IMPORT_NOT_A_MODULE for d in diagnostics)
    assert "xml.entities" in text and reason in text, text
    assert "root:" not in text  # nothing of /etc/passwd is read
    assert not (tmp_path / "game").exists()


# --- defect 4: import applies build's limits first ------------------------------------------------


def test_a_module_of_more_files_than_a_folder_keeps_is_refused_before_any_is_copied(tmp_path: Path) -> None:
    """The issue's reproduction at the real numbers: 100,000 small entries besides the tree."""
    from compiler.loading import limits

    entries = entries_of(showcase())
    entries.update({f"data/{n}.txt": b"x" for n in range(limits.MAX_FILES + 1)})
    module = tmp_path / "many.vmod"
    module.write_bytes(raw_zip(entries))
    outcome = run_wgc(["import", str(module), "-o", str(tmp_path / "game")], tmp_path, timeout=60)
    assert outcome.exit_code == 1, outcome.stderr[-2000:]
    assert "import.too-large" in outcome.stdout and "at most 100,000" in outcome.stdout
    assert not (tmp_path / "game").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".wgc-import")] == []


def kept_files(folder: Path) -> int:
    return sum(
        1 for part in ("images", "files", "vassal/files") for p in (folder / part).rglob("*") if p.is_file()
    )


def test_import_and_build_refuse_at_the_same_number_of_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One constant: at the limit both work, one under it both refuse."""
    from compiler.loading import limits

    module = tmp_path / "showcase.vmod"
    module.write_bytes(showcase())
    first = import_module(module, tmp_path / "a")
    assert first.folder is not None
    count = kept_files(first.folder)
    monkeypatch.setattr(limits, "MAX_FILES", count)
    assert import_module(module, tmp_path / "b").ok and validate_game(tmp_path / "b").ok
    monkeypatch.setattr(limits, "MAX_FILES", count - 1)
    refused = import_module(module, tmp_path / "c")
    assert refused.folder is None and [d.code for d in refused.diagnostics if d.is_error] == [
        codes.IMPORT_TOO_LARGE
    ]
    assert not validate_game(first.folder).ok  # what import refuses, build refuses


def test_import_and_validate_refuse_the_same_json_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from compiler.loading import limits

    module = tmp_path / "showcase.vmod"
    module.write_bytes(showcase())
    first = import_module(module, tmp_path / "a")
    assert first.folder is not None
    size, largest = max((p.stat().st_size, p.name) for p in first.folder.glob("*.json"))
    monkeypatch.setattr(limits, "JSON_FILE_BYTES", size - 1)
    refused = import_module(module, tmp_path / "b")
    assert refused.folder is None
    assert any(d.code == codes.IMPORT_TOO_LARGE and largest in d.message for d in refused.diagnostics)
    report = validate_game(first.folder)
    assert any(d.code == codes.FILE_TOO_LARGE and d.file == largest for d in report.diagnostics)


def test_setups_past_the_limit_stay_the_module_s_own_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module of more setups than scenarios/ may hold imports the first ones as scenarios and
    keeps the rest as they were: the folder validates and builds."""
    from compiler.loading import limits

    entries = entries_of(showcase())
    tree = entries["buildFile.xml"]
    start = tree.index(b"<VASSAL.build.module.PredefinedSetup")
    end = tree.index(b"/>", start) + 2
    setup = tree[start:end]
    extra = setup.replace(b'file="opening.vsav"', b'file="second.vsav"').replace(
        b'name="Opening"', b'name="Second"'
    )
    entries["buildFile.xml"] = tree[:end] + extra + tree[end:]
    entries["second.vsav"] = entries["opening.vsav"]
    module = tmp_path / "two.vmod"
    module.write_bytes(raw_zip(entries))
    monkeypatch.setattr(limits, "MAX_SETUPS", 1)
    result = import_module(module, tmp_path / "game")
    assert result.ok and result.folder is not None
    assert [p.name for p in (result.folder / "scenarios").iterdir()] == ["opening.json"]
    assert (result.folder / "vassal/files/second.vsav").exists()
    report = validate_game(result.folder)
    assert report.valid is not None
    with zipfile.ZipFile(io.BytesIO(build_kept_module(report.valid))) as archive:
        assert {"opening.vsav", "second.vsav"} <= set(archive.namelist())
