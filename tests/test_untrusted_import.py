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
