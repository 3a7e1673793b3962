"""Input pushed past each limit of docs/diagnostics.md: a short diagnostic, never a hang,
a flood of lines or a blow-up of memory. The worst cases run in a child process capped
in time and address space (tests/bounded.py), so a regression fails instead of hanging."""

from __future__ import annotations

import json
import os
import random
import string
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.diagnostics import closest, codes, error, warning
from compiler.diagnostics.repeats import MAX_PER_CODE, cap_repeats
from compiler.diagnostics.text import printable, shorten
from compiler.loading import limits
from compiler.loading.files import SourceFileError, read_bounded
from compiler.loading.limits import JSON_FILES_PER_FOLDER
from compiler.loading.positions import PositionFinder, scan_positions
from compiler.pipeline import validate_game

from .bounded import run_wgc
from .conftest import SOURCE_DATA, GameCopy, copy_game

ISRAEL = SOURCE_DATA / "israel1948"
TEN_DAYS = "scenarios/ten-days.json"


def _random_word(length: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(string.ascii_lowercase) for _ in range(length))


def _peak_bytes(work: object) -> int:
    tracemalloc.start()
    try:
        assert callable(work)
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# Typo hints (issue 10, item 1) -------------------------------------------------------


def test_typo_hint_work_does_not_grow_with_the_word() -> None:
    word = _random_word(600)
    pool = [f"{column}{row}" for column in "ABCDEFGH" for row in range(1, 30)] + ["yiftach", "harel"]
    peak = _peak_bytes(lambda: closest(word, pool))
    assert peak < 2_000_000, f"{peak} bytes traced for one hint"


def test_typo_hints_still_find_swaps_case_and_near_words() -> None:
    assert closest("G31", ["G13", "G12", "H31"]) == "G13"
    assert closest("hebron", ["Hebron", "Haifa"]) == "Hebron"
    assert closest("israelli", ["israeli", "arab"]) == "israeli"
    assert closest("zzzz", ["israeli", "arab"]) is None
    assert closest("a" * 200, ["a" * 200]) is None  # past the length cap no word is compared


def test_an_unknown_2000_character_key_is_reported_briefly_and_quickly(tmp_path: Path) -> None:
    game = copy_game("israel1948", tmp_path)
    key = _random_word(2000)
    game.edit("counters.json", lambda data: data.__setitem__(key, 1))
    outcome = run_wgc(["validate", str(game.root)], tmp_path)
    assert outcome.exit_code == 1, outcome.stderr[-2000:]
    assert "[schema.unknown-property]" in outcome.stdout
    assert f"{key[:60]}… (2000 characters)" in outcome.stdout
    assert max(len(line) for line in outcome.stdout.splitlines()) < 400
    assert outcome.peak_mb is not None and outcome.peak_mb < 300


def test_every_message_and_hint_is_bounded() -> None:
    long = "x" * 50_000
    made = error(codes.REF_UNKNOWN_SPACE, f"no hex '{long}'", "f.json", hint=f"did you mean '{long}'?")
    assert len(made.message) < 200 and "(50002 characters)" in made.message  # the run includes the quote
    assert made.hint is not None and len(made.hint) < 200
    spaced = warning(codes.SCHEMA_INVALID, "word " * 5000)
    assert len(spaced.message) < 1100 and spaced.message.endswith("(25000 characters)")
    assert shorten("short") == "short"


# Files without a size (item 2) --------------------------------------------------------


def test_read_bounded_reads_up_to_the_limit_and_refuses_more(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b"x" * 100)
    assert read_bounded(path, 100) == b"x" * 100
    with pytest.raises(SourceFileError) as refused:
        read_bounded(path, 99)
    assert refused.value.code == codes.FILE_TOO_LARGE
    with pytest.raises(SourceFileError) as missing:
        read_bounded(tmp_path / "nope.json", 100)
    assert missing.value.code == codes.FILE_MISSING
    with pytest.raises(SourceFileError) as folder:
        read_bounded(tmp_path, 100)
    assert folder.value.code == codes.FILE_NOT_A_FILE


@pytest.mark.parametrize("kind", ["dev-zero", "fifo"])
def test_validate_refuses_a_game_file_without_a_size(tmp_path: Path, kind: str) -> None:
    game = copy_game("israel1948", tmp_path)
    charts = game.root / "charts.json"
    charts.unlink()
    if kind == "fifo":
        os.mkfifo(charts)
    else:
        charts.symlink_to("/dev/zero")
    outcome = run_wgc(["validate", str(game.root)], tmp_path, timeout=30)
    assert outcome.exit_code == 1, "timed out" if outcome.exit_code is None else outcome.stderr[-2000:]
    # a link to /dev/zero leads out of the game folder: refused before it is opened
    code = "file.not-a-file" if kind == "fifo" else "file.outside-game"
    assert f"charts.json: error [{code}]" in outcome.stdout
    assert "Traceback" not in outcome.stderr


@pytest.mark.parametrize("source", ["/dev/zero", "/dev/urandom", "fifo"])
def test_replay_refuses_a_file_without_a_size(tmp_path: Path, source: str) -> None:
    path = Path(source)
    if source == "fifo":
        path = tmp_path / "replay.json"
        os.mkfifo(path)
    outcome = run_wgc(["replay", str(ISRAEL), str(path)], tmp_path, timeout=30)
    assert outcome.exit_code == 1, "timed out" if outcome.exit_code is None else outcome.stderr[-2000:]
    assert "[file.not-a-file]" in outcome.stderr
    assert "Traceback" not in outcome.stderr


# Over-limit lists and repeated diagnostics (item 7) -----------------------------------


def test_a_list_over_its_limit_is_reported_once_and_not_read_past_it(israel: GameCopy) -> None:
    def grow(data: dict[str, list[dict[str, object]]]) -> None:
        first = data["counters"][0]
        data["counters"] = [dict(first, id=f"c{i}") for i in range(10500)]
        for counter in data["counters"][10000:]:
            del counter["kind"]  # broken, but past the limit: never looked at

    israel.edit("counters.json", grow)
    report = validate_game(israel.root)
    in_counters = [d for d in report.diagnostics if d.file == "counters.json"]
    sizes = [d for d in in_counters if d.code == codes.SCHEMA_SIZE and d.pointer == "/counters"]
    assert len(sizes) == 1 and "at most 10000 items (it has 10500" in sizes[0].message
    assert not [d for d in in_counters if d.pointer.startswith("/counters/")]


def test_repeats_of_one_code_past_twenty_are_counted_in_one_diagnostic() -> None:
    many = [
        error(codes.REF_UNKNOWN_SPACE, f"no hex 'Z{i}'", "s.json", f"/p/{i}").located(i + 1, 3)
        for i in range(25)
    ]
    marks = [warning(codes.PROVENANCE_RECONSTRUCTED, "r", "s.json", f"/m/{i}") for i in range(30)]
    other = [error(codes.REF_UNKNOWN_SPACE, "no hex 'Q'", "t.json", "/q")]
    capped = cap_repeats([*many, *marks, *other])
    assert capped[:MAX_PER_CODE] == many[:MAX_PER_CODE]
    count = capped[MAX_PER_CODE]
    assert count.code == codes.LIMIT_MORE_DIAGNOSTICS and count.is_error
    assert "5 more [ref.unknown-space]" in count.message
    assert (count.file, count.pointer, count.line) == ("s.json", "/p/20", 21)
    assert capped[MAX_PER_CODE + 1 :] == [*marks, *other]  # provenance marks are counted, not cut


def test_validate_lists_twenty_unknown_spaces_and_counts_the_rest(israel: GameCopy) -> None:
    def misplace(data: dict[str, list[dict[str, list[dict[str, str]]]]]) -> None:
        placements = [p for setup in data["setup"] for p in setup["placements"]]
        for placement in placements[:30]:
            placement["at"] = "Z99"

    israel.edit(TEN_DAYS, misplace)
    report = validate_game(israel.root)
    unknown = [d for d in report.diagnostics if d.code == codes.REF_UNKNOWN_SPACE]
    counts = [d for d in report.diagnostics if d.code == codes.LIMIT_MORE_DIAGNOSTICS]
    assert len(unknown) == MAX_PER_CODE
    assert len(counts) == 1 and counts[0].message.startswith("10 more [ref.unknown-space]")
    keys = [d.sort_key() for d in report.diagnostics]
    assert keys == sorted(keys)


def test_a_replay_of_100000_broken_steps_prints_a_few_lines(tmp_path: Path) -> None:
    replay = {
        "$schema": "../../../compiler/schemas/replay.schema.json",
        "name": "flood",
        "scenario": "ten-days",
        "steps": [{"bogus": 1}] * 100_000,
    }
    path = tmp_path / "flood.json"
    path.write_text(json.dumps(replay), encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", str(ISRAEL), str(path)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) < 100, len(lines)
    assert "at most 2000 items (it has 100000" in result.output
    assert "[limit.more-diagnostics]" in result.output


# A 15 MB name (item 8) ----------------------------------------------------------------


def test_positions_of_a_long_string_take_little_memory() -> None:
    text = '{"name": "' + "N" * 4_000_000 + '", "k\\"' + "\\n" * 500_000 + '": 1, "last": [1, {"x": 2}]}'
    peak = _peak_bytes(lambda: scan_positions(text))
    assert peak < 40_000_000, f"{peak} bytes traced to index three values"
    finder = PositionFinder(text)
    assert finder.find("/last/1/x") == scan_positions(text).find("/last/1/x")


def test_a_15_mb_name_is_validated_in_little_memory(tmp_path: Path) -> None:
    game = copy_game("israel1948", tmp_path)
    game.edit("counters.json", lambda data: data["counters"][0].update(name="N" * (15 * 1024 * 1024)))
    outcome = run_wgc(["validate", str(game.root)], tmp_path)
    assert outcome.exit_code == 1, outcome.stderr[-2000:]
    assert "at /counters/0/name: 'name': must have at most 120 characters" in outcome.stdout
    assert outcome.peak_mb is not None and outcome.peak_mb < 300, outcome.peak_mb


# Terminal escapes (item 13) -----------------------------------------------------------

EVIL = "\u001b[2J\u0007\u009b31m\u202eevil"


def test_control_characters_from_the_data_never_reach_the_terminal(israel: GameCopy) -> None:
    israel.edit("counters.json", lambda data: data["counters"][0].update(nation=EVIL))
    israel.edit("game.json", lambda data: data.update(title="Israel\u001b]0;owned\u0007 1948"))
    runner = CliRunner()
    for command in (["validate", str(israel.root)], ["info", str(israel.root)]):
        output = runner.invoke(cli, command).output
        assert not any(ch in output for ch in "\u001b\u0007\u009b\u202e"), command
    text = runner.invoke(cli, ["validate", str(israel.root)]).output
    assert "\\x1b[2J\\x07\\x9b31m\\u202eevil" in text


def test_json_output_keeps_the_exact_strings_and_escapes_them(israel: GameCopy) -> None:
    israel.edit("counters.json", lambda data: data["counters"][0].update(nation=EVIL))
    output = CliRunner().invoke(cli, ["validate", str(israel.root), "--format", "json"]).output
    assert not any(ch in output for ch in "\u001b\u0007\u009b\u202e")
    messages = [d["message"] for g in json.loads(output)["games"] for d in g["diagnostics"]]
    assert any(EVIL in message for message in messages)


def test_printable_escapes_only_control_characters() -> None:
    assert printable("Ḥaifa → G13 \u05d9\u05e8\u05d5\u05e9\u05dc\u05d9\u05dd") == (
        "Ḥaifa → G13 \u05d9\u05e8\u05d5\u05e9\u05dc\u05d9\u05dd"
    )
    assert printable("a\nb\tc\u0085d\u2066e") == "a\\x0ab\\x09c\\x85d\\u2066e"


# A game as a whole -------------------------------------------------------------------


def test_a_folder_of_too_many_files_is_refused_without_reading_them(israel: GameCopy) -> None:
    replays = israel.root / "replays"
    for index in range(JSON_FILES_PER_FOLDER + 1):
        (replays / f"extra-{index:04}.json").write_text("not json", encoding="utf-8")
    report = validate_game(israel.root)
    too_many = [d for d in report.diagnostics if d.code == codes.FILE_TOO_LARGE]
    assert [d.file for d in too_many] == ["replays"]
    assert not [d for d in report.diagnostics if d.code == codes.JSON_SYNTAX]


def test_files_past_the_size_of_a_whole_game_are_not_read(
    israel: GameCopy, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "GAME_JSON_CHARACTERS", 100_000)
    report = validate_game(israel.root)
    refused = [d for d in report.diagnostics if d.code == codes.FILE_TOO_LARGE]
    assert refused and all("not read" in d.message for d in refused)
    read = sum(len(d.text) for documents in report.sources.documents.values() for d in documents)
    largest = max(len(d.text) for documents in report.sources.documents.values() for d in documents)
    assert read <= 100_000 + largest  # reading stops with the file that passes the limit


def test_a_folder_keeps_what_inspect_reads_of_a_module() -> None:
    """The kept XML and a kept file may be as large as inspect reads of a module's XML and of
    an image: a folder import wrote from a module that inspect read is one that build reads.
    The numbers are written twice (loading/ may not import the VASSAL back end), so they are
    held equal here."""
    from compiler.vassal.inspection import limits as module_limits

    assert limits.TEMPLATE_BYTES == module_limits.XML_ENTRY
    assert limits.MAX_FILE_BYTES == module_limits.IMAGE_ENTRY
