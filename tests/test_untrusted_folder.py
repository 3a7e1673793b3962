"""A game folder from someone else is hostile input (issue 28, defects 1 and 2).

Every file `validate` and `build` read goes through one reader (compiler/loading/folder.py):
whatever kind of file it is (data, art, the kept vassal/ part, the module's help and other
files, at any depth), a link that leads out of the game folder, or a link to a folder outside,
is an error and is never read. And every entry name `build` writes passes the one rule
`import` and `inspect` apply (compiler/vassal/entries.py).
"""

from __future__ import annotations

import io
import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.diagnostics import codes
from compiler.importer import import_module
from compiler.loading.files import SourceFileError
from compiler.pipeline import validate_game
from compiler.vassal.archive import zip_bytes
from compiler.vassal.extension.module import build_kept_module
from compiler.vassal.inspect import inspect_module

from .hostile_fuzz import imported_showcase
from .import_modules import showcase
from .inspect_modules import raw_zip
from .test_art_game import ART_GAME

SECRET = b"SECRET-LINE-that-must-never-leave-its-folder"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The showcase module imported once; each test works on a copy."""
    return imported_showcase(tmp_path_factory.mktemp("imported"))


def copy_of(source: Path, tmp_path: Path) -> Path:
    game = tmp_path / "game"
    shutil.copytree(source, game, symlinks=True)
    return game


def link_out(game: Path, name: str, tmp_path: Path) -> Path:
    """``name`` (a file or a folder of ``game``) moved outside the game folder, with a link in
    its place; the outside copy holds SECRET as well, so a leak shows in any output."""
    target = tmp_path / "elsewhere" / name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(game / name, target)
    if target.is_dir():
        (target / "id_rsa").write_bytes(SECRET)
    os.symlink(target, game / name)
    return target


def built(game: Path, tmp_path: Path) -> tuple[int, str, Path]:
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", str(game), "-o", str(out), "--no-replays"])
    return result.exit_code, result.output, out


def assert_nothing_leaks(out: Path) -> None:
    for path in out.rglob("*") if out.exists() else ():
        if path.is_file() and path.suffix == ".vmod":
            with zipfile.ZipFile(path) as archive:
                for name in archive.namelist():
                    assert SECRET not in archive.read(name), name
        elif path.is_file():
            assert SECRET not in path.read_bytes(), path


DATA_FILES = [
    ("game.json", "file.outside-game"),
    ("map.json", "file.outside-game"),
    ("terrain.json", "file.outside-game"),
    ("counters.json", "file.outside-game"),
    ("charts.json", "file.outside-game"),
    ("cards.json", "file.outside-game"),
    ("scenarios/first-clash.json", "file.outside-game"),
    ("replays/movement-on-the-art.json", "file.outside-game"),
    ("scenarios", "file.outside-game"),
    ("replays", "file.outside-game"),
    ("art/map.png", codes.ART_OUTSIDE_GAME),
    ("art/north-1-front.png", codes.ART_OUTSIDE_GAME),
    ("art/card-back.png", codes.ART_OUTSIDE_GAME),
    ("art/control-north.svg", codes.ART_OUTSIDE_GAME),
    ("art", codes.ART_OUTSIDE_GAME),
]


@pytest.mark.parametrize(("name", "code"), DATA_FILES)
def test_a_data_or_art_file_linked_from_outside_is_refused(tmp_path: Path, name: str, code: str) -> None:
    game = copy_of(ART_GAME, tmp_path)
    link_out(game, name, tmp_path)
    report = validate_game(game)
    found = [d for d in report.diagnostics if d.code == code]
    assert found and not report.ok, [(d.code, d.file, d.message) for d in report.diagnostics]
    assert all("outside the game folder" in d.message for d in found)
    status, output, out = built(game, tmp_path)
    assert status == 1 and "Traceback" not in output
    assert_nothing_leaks(out)


KEPT_FILES = [
    "vassal/module.xml",
    "vassal/moduledata.xml",
    "vassal/pieces.json",
    "vassal/setups/opening.json",
    "vassal/files/sounds/roll.wav",
    "files/help/rules.html",
    "images/note.png",  # an image no data names: a kept file of the module
    "images/tank.png",  # an image the data names as art
    "vassal",
    "vassal/setups",
    "vassal/files",
    "vassal/files/sounds",
    "files",
    "files/help",
    "images",
]


@pytest.mark.parametrize("name", KEPT_FILES)
def test_a_kept_file_or_folder_linked_from_outside_is_refused(
    imported: Path, tmp_path: Path, name: str
) -> None:
    """The two reproductions of the issue (vassal/moduledata.xml a link to a file elsewhere,
    vassal/ a link to a folder holding files/id_rsa) and every other kind of kept file."""
    game = copy_of(imported, tmp_path)
    link_out(game, name, tmp_path)
    report = validate_game(game)
    outside = {codes.VASSAL_EXTENSION, codes.ART_OUTSIDE_GAME, "file.outside-game"}
    errors = [d for d in report.diagnostics if d.is_error and d.code in outside]
    assert any("outside the game folder" in d.message for d in errors), report.diagnostics
    status, output, out = built(game, tmp_path)
    assert status == 1 and "Traceback" not in output
    assert_nothing_leaks(out)


def test_a_link_deep_inside_the_kept_files_is_refused(imported: Path, tmp_path: Path) -> None:
    game = copy_of(imported, tmp_path)
    (tmp_path / "id_rsa").write_bytes(SECRET)
    deep = game / "vassal/files/a/b/c"
    deep.mkdir(parents=True)
    os.symlink(tmp_path / "id_rsa", deep / "key.txt")
    report = validate_game(game)
    assert [d.file for d in report.diagnostics if d.code == codes.VASSAL_EXTENSION] == ["vassal/files"]
    assert "'vassal/files/a/b/c/key.txt' leads outside the game folder" in report.diagnostics[0].message


def test_links_that_stay_inside_the_game_folder_are_followed(imported: Path, tmp_path: Path) -> None:
    """A folder may share one file under two names: a link inside it is no escape."""
    game = copy_of(imported, tmp_path)
    os.symlink("../../files/help/rules.html", game / "vassal/files/rules-again.html")
    shutil.move(game / "vassal/files/sounds", game / "sounds")
    os.symlink("../../sounds", game / "vassal/files/sounds")
    os.symlink(".", game / "vassal/files/loop")  # a folder that contains itself: walked once
    report = validate_game(game)
    assert report.valid is not None, [d.message for d in report.diagnostics if d.is_error]
    entries = {f.entry for f in report.valid.kept.files}
    assert {"rules-again.html", "sounds/roll.wav", "help/rules.html"} <= entries
    assert not any(e.startswith("loop/loop") for e in entries)


@pytest.mark.parametrize(
    "name", ["../x.json", "/etc/passwd", "a/../../x", "a//b", "./a", "a\\b", "", "a/\0b"]
)
def test_the_reader_refuses_names_that_are_no_relative_path(tmp_path: Path, name: str) -> None:
    from compiler.loading.folder import GameFolder

    with pytest.raises(SourceFileError) as caught:
        GameFolder(tmp_path).read(name, 100)
    assert caught.value.code == codes.FILE_OUTSIDE_GAME


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_the_reader_refuses_a_fifo_and_a_device_inside_the_folder(tmp_path: Path) -> None:
    from compiler.loading.folder import GameFolder

    os.mkfifo(tmp_path / "pipe.json")
    with pytest.raises(SourceFileError) as caught:
        GameFolder(tmp_path).read("pipe.json", 100)
    assert caught.value.code == codes.FILE_NOT_A_FILE
    (tmp_path / "files").mkdir()
    os.mkfifo(tmp_path / "files/pipe")
    with pytest.raises(SourceFileError) as caught:
        GameFolder(tmp_path).walk("files", 100)
    assert caught.value.code == codes.FILE_NOT_A_FILE


# --- entry names ------------------------------------------------------------------------------


def edit_template(game: Path, old: str, new: str) -> None:
    path = game / "vassal/module.xml"
    text = path.read_text("utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), "utf-8")


ROOT_TAG = '<VASSAL.build.GameModule xmlns:wgc="https://wgc.invalid/vassal"'


@pytest.mark.parametrize(
    ("old", "new", "attribute"),
    [
        ('file="opening.vsav"', 'file="../../../../tmp/pwn.vsav"', "file"),
        ('file="opening.vsav"', 'file="/tmp/pwn.vsav"', "file"),
        ('file="opening.vsav"', 'file="C:evil.vsav"', "file"),
        ('file="opening.vsav"', 'file="a\\..\\..\\evil.vsav"', "file"),
        ('file="opening.vsav"', 'file="moduledata"', "file"),
        ('file="opening.vsav"', 'file="buildFile.xml"', "file"),
        (ROOT_TAG, ROOT_TAG + ' wgc:file="/tmp/pwnbuild.xml"', "wgc:file"),
        (ROOT_TAG, ROOT_TAG + ' wgc:file="images/tank.png"', "wgc:file"),
    ],
)
def test_build_never_writes_an_unsafe_entry_name(
    imported: Path, tmp_path: Path, old: str, new: str, attribute: str
) -> None:
    """The issue's reproduction: a PredefinedSetup's file and the root's wgc:file are entry
    names; a bad one is a vassal.extension error naming the file and the attribute."""
    game = copy_of(imported, tmp_path)
    edit_template(game, old, new)
    report = validate_game(game)
    found = [d for d in report.diagnostics if d.code == codes.VASSAL_EXTENSION]
    assert len(found) == 1 and found[0].file == "vassal/module.xml", report.diagnostics
    assert f"attribute {attribute}=" in found[0].message
    status, output, out = built(game, tmp_path)
    assert status == 1 and "vassal.extension" in output
    assert not list(out.glob("*.vmod"))
    assert not (tmp_path / "tmp").exists()


def test_the_old_build_file_name_is_kept(imported: Path, tmp_path: Path) -> None:
    game = copy_of(imported, tmp_path)
    edit_template(game, ROOT_TAG, ROOT_TAG + ' wgc:file="buildFile"')
    report = validate_game(game)
    assert report.valid is not None
    with zipfile.ZipFile(io.BytesIO(build_kept_module(report.valid))) as archive:
        assert "buildFile" in archive.namelist() and "buildFile.xml" not in archive.namelist()


def test_a_kept_file_whose_name_is_no_entry_name_is_refused(imported: Path, tmp_path: Path) -> None:
    game = copy_of(imported, tmp_path)
    (game / "vassal/files/back\\slash.txt").write_bytes(b"x")
    report = validate_game(game)
    found = [d for d in report.diagnostics if d.code == codes.VASSAL_EXTENSION]
    assert found and "backslash" in found[0].message and found[0].file == "vassal/files/back\\slash.txt"


UNSAFE = ["../../x", "/etc/x", "C:x", "a\\b", "a//b", "./a", "a/../b", "", "a\nb", "x" * 1001]


@pytest.mark.parametrize("name", UNSAFE)
def test_one_rule_for_inspect_import_and_build(tmp_path: Path, name: str) -> None:
    """inspect reports the name, import does not copy it, and the archive writer refuses it."""
    from compiler.vassal.entries import entry_name_problem

    assert entry_name_problem(name) is not None
    entries = {n: d for n, d in zipfile_entries(showcase()).items()}
    entries[name] = b"x"
    module = tmp_path / "m.vmod"
    module.write_bytes(raw_zip(entries))
    if name:  # a ZIP cannot hold an empty name that Python writes back
        assert any(f.code == "archive.unsafe-name" for f in inspect_module(module).findings)
        result = import_module(module, tmp_path / "game")
        assert any(
            d.code == codes.IMPORT_FILE_SKIPPED and "not safe" in d.message for d in result.diagnostics
        )
    with pytest.raises(ValueError, match="archive entry"):
        zip_bytes({name: b"x"})


def test_a_folder_entry_is_a_safe_name(tmp_path: Path) -> None:
    entries = zipfile_entries(showcase())
    entries["images/"] = b""
    module = tmp_path / "m.vmod"
    module.write_bytes(raw_zip(entries))
    assert not any(f.code == "archive.unsafe-name" for f in inspect_module(module).findings)


def test_a_module_whose_setup_file_is_unsafe_imports_into_a_folder_that_builds(tmp_path: Path) -> None:
    """import does not carry the bad name into the kept tree: the folder it writes builds."""
    from compiler.vassal.entries import entry_name_problem

    entries = zipfile_entries(showcase())
    entries["../opening.vsav"] = entries.pop("opening.vsav")
    entries["buildFile.xml"] = entries["buildFile.xml"].replace(
        b'file="opening.vsav"', b'file="../opening.vsav"'
    )
    module = tmp_path / "m.vmod"
    module.write_bytes(raw_zip(entries))
    result = import_module(module, tmp_path / "game")
    assert result.folder is not None
    report = validate_game(result.folder)
    assert report.valid is not None, [d.message for d in report.diagnostics if d.is_error]
    with zipfile.ZipFile(io.BytesIO(build_kept_module(report.valid))) as archive:
        assert all(entry_name_problem(n) is None for n in archive.namelist())


def zipfile_entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


# --- the kept moduledata ----------------------------------------------------------------------

MODULEDATA_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
MODULEDATA_BODY = '<data version="1"><VassalVersion>3.7.0</VassalVersion><name>Showcase</name>'


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (MODULEDATA_HEAD + MODULEDATA_BODY, "not well-formed"),
        (
            MODULEDATA_HEAD
            + '<!DOCTYPE data [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
            + MODULEDATA_BODY
            + "<description>&x;</description></data>",
            "external",
        ),
        (
            MODULEDATA_HEAD
            + '<!DOCTYPE data [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
            + '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">'
            + '<!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">]>'
            + MODULEDATA_BODY
            + "<description>&f;</description></data>",
            "entities refused",
        ),
    ],
    ids=["cut-short", "external-entity", "expansions"],
)
def test_a_kept_moduledata_inspect_would_refuse_is_refused(
    imported: Path, tmp_path: Path, text: str, said: str
) -> None:
    """build copied vassal/moduledata.xml unread: a hand-edited one that is not XML, or declares
    an external entity, went into a module `wgc inspect` refuses (xml.malformed, xml.entities)."""
    game = copy_of(imported, tmp_path)
    (game / "vassal/moduledata.xml").write_text(text, "utf-8")
    report = validate_game(game)
    found = [d for d in report.diagnostics if d.code == codes.VASSAL_EXTENSION]
    assert [d.file for d in found] == ["vassal/moduledata.xml"], report.diagnostics
    assert said in found[0].message
    status, output, out = built(game, tmp_path)
    assert status == 1 and "vassal/moduledata.xml" in output
    assert not list(out.glob("*.vmod"))


def test_a_kept_moduledata_of_its_own_entities_builds(imported: Path, tmp_path: Path) -> None:
    game = copy_of(imported, tmp_path)
    (game / "vassal/moduledata.xml").write_text(
        MODULEDATA_HEAD
        + '<!DOCTYPE data [<!ENTITY isr "Israeli">]>'
        + MODULEDATA_BODY
        + "<description>&isr; front</description></data>",
        "utf-8",
    )
    status, output, out = built(game, tmp_path)
    assert status == 0, output
    (module,) = out.glob("*.vmod")
    assert not [f for f in inspect_module(module).findings if f.code.startswith("xml.")]


# --- an art image path of any kind (issue 28, also probe) -------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize(
    ("image", "code"),
    [
        ("/etc/passwd", codes.SCHEMA_PATTERN),
        ("/dev/zero", codes.SCHEMA_PATTERN),
        ("../../../../etc/passwd", codes.SCHEMA_PATTERN),
        ("art/../../x.png", codes.ART_OUTSIDE_GAME),
        ("file:///etc/passwd", codes.SCHEMA_PATTERN),
        ("http://127.0.0.1/x.png", codes.ART_OUTSIDE_GAME),
        ("C:\\x.png", codes.SCHEMA_PATTERN),
        ("art/\0.png", codes.ART_OUTSIDE_GAME),
        ("art/zero.png", codes.ART_OUTSIDE_GAME),  # a link to /dev/zero
        ("art/pipe.png", codes.ART_UNREADABLE),  # a FIFO: opened, it would wait for ever
        ("art/folder.png", codes.ART_UNREADABLE),
        ("~/x.png", codes.ART_MISSING),
    ],
)
def test_an_art_path_that_is_no_image_file_of_the_folder_is_refused(
    tmp_path: Path, image: str, code: str
) -> None:
    game = copy_of(ART_GAME, tmp_path)
    os.mkfifo(game / "art/pipe.png")
    os.symlink("/dev/zero", game / "art/zero.png")
    (game / "art/folder.png").mkdir()
    cards = game / "cards.json"
    text = cards.read_text("utf-8")
    assert text.count('"art/card-storm.png"') == 1
    cards.write_text(text.replace('"art/card-storm.png"', json.dumps(image)), "utf-8")
    report = validate_game(game, run_replays=False)
    found = [(d.code, d.pointer) for d in report.diagnostics if d.is_error]
    assert found == [(code, "/decks/0/cards/2/image")], report.diagnostics
