"""Incremental builds: drawings cached under OUT/.cache are reused only when what they read is
unchanged, the module is byte for byte a clean build's, and damaged or foreign entries are
drawn again rather than trusted."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from compiler.build import BuildOptions, GameBuild, build
from compiler.cache import aside
from compiler.cache.fingerprint import fingerprint
from compiler.cache.store import MAGIC, RenderCache
from compiler.model.counters import build_face
from compiler.pipeline import validate_game
from compiler.render.board import board_inputs
from compiler.vassal.module import build_module
from rules_engine.definitions import Origin

from .conftest import GameCopy

NO_REPLAYS = BuildOptions(run_replays=False)


def _build(game: GameCopy, out: Path, cached: bool = True) -> tuple[GameBuild, bytes]:
    options = BuildOptions(run_replays=False, use_cache=cached)
    result = build([game.root], ("module",), out, options)
    assert result.ok
    return result.games[0], (out / "israel1948.vmod").read_bytes()


def _stronger_yiftach(data: Any) -> None:
    counter = next(c for c in data["counters"] if c["id"] == "yiftach")
    counter["front"]["strength"] = 3


def _entries(out: Path) -> list[Path]:
    return sorted((out / ".cache" / "israel1948" / "module").iterdir())


def test_a_warm_build_and_a_one_counter_change_redraw_only_what_changed(
    israel: GameCopy, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    first, clean = _build(israel, out)
    assert len(first.redrawn) > 100 and "board" in first.redrawn
    again, warm = _build(israel, out)
    assert again.redrawn == [] and warm == clean
    israel.edit("counters.json", _stronger_yiftach)
    changed, incremental = _build(israel, out)
    assert changed.redrawn == ["counter yiftach front", "chart units"]  # the face, and the chart showing it
    _, fresh = _build(israel, tmp_path / "fresh", cached=False)
    assert incremental == fresh != clean
    assert not (tmp_path / "fresh" / ".cache").exists()


def test_the_cache_keeps_only_what_the_last_build_used(israel: GameCopy, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(israel, out)
    before = set(_entries(out))
    folder = out / ".cache" / "israel1948" / "module"
    (folder / ".left-by-a-crash.tmp").write_bytes(b"half")
    (folder / ("0" * 64 + ".entry")).write_bytes(b"an entry no build uses")
    israel.edit("counters.json", _stronger_yiftach)
    _build(israel, out)
    after = set(_entries(out))  # the new yiftach front and the chart showing it replaced the old;
    assert len(after) == len(before) and len(after - before) == 2  # the strays are gone


@pytest.mark.parametrize("damage", ["flipped byte", "truncated", "foreign", "empty", "folder", "fifo"])
def test_a_damaged_or_foreign_entry_is_drawn_again(israel: GameCopy, tmp_path: Path, damage: str) -> None:
    out = tmp_path / "out"
    _, clean = _build(israel, out)
    victim, other = _entries(out)[:2]
    data = victim.read_bytes()
    victim.unlink()
    if damage == "flipped byte":
        victim.write_bytes(data[:-10] + bytes([data[-10] ^ 1]) + data[-9:])
    elif damage == "truncated":
        victim.write_bytes(data[: len(data) // 2])
    elif damage == "foreign":  # a whole, valid entry, but written for another drawing
        victim.write_bytes(other.read_bytes())
    elif damage == "empty":
        victim.write_bytes(b"")
    elif damage == "folder":
        victim.mkdir()
    else:
        os.mkfifo(victim)
    again, rebuilt = _build(israel, out)
    assert len(again.redrawn) == 1
    assert rebuilt == clean
    third, _ = _build(israel, out)  # a folder in an entry's place is cleared, then written
    assert len(third.redrawn) == (1 if damage == "folder" else 0)
    assert victim.is_file() and victim.read_bytes() == data


def test_an_entry_pointing_at_a_device_is_not_read(israel: GameCopy, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _, clean = _build(israel, out)
    victim = _entries(out)[0]
    victim.unlink()
    victim.symlink_to("/dev/zero")
    again, rebuilt = _build(israel, out)
    assert len(again.redrawn) == 1 and rebuilt == clean


def test_an_entry_checks_its_key_and_digest(tmp_path: Path) -> None:
    cache = RenderCache(tmp_path)
    cache.put("k1", b"payload")
    assert cache.get("k1") == b"payload"
    (tmp_path / "k2.entry").write_bytes((tmp_path / "k1.entry").read_bytes())
    (tmp_path / "k3.entry").write_bytes(MAGIC + b"k3\n" + b"0" * 64 + b"\npayload")
    later = RenderCache(tmp_path)  # the next build: it lists the folder afresh
    assert later.get("k1") == b"payload"
    assert later.get("k2") is None and later.rejected == ["k2"]
    assert later.get("k3") is None
    assert RenderCache(None).get("k1") is None


def test_a_build_lists_the_folder_once_and_sees_what_it_wrote(tmp_path: Path) -> None:
    """Entries are looked up in one listing of the folder, made on the first look (a clean
    build asks for a hundred that are not there); what the build itself stores is added."""
    cache = RenderCache(tmp_path / "new")
    assert cache.get("k1") is None and not cache.holds("k1")
    cache.put("k1", b"payload")
    assert cache.holds("k1") and cache.get("k1") == b"payload"


def test_a_board_reads_counters_only_through_what_the_map_shows(israel: GameCopy) -> None:
    """A counter's strength is not on the board; when a reinforcement arrives is (it waits
    in that turn's box, sized for it)."""
    before = validate_game(israel.root, run_replays=False).valid
    israel.edit("counters.json", _stronger_yiftach)
    stronger = validate_game(israel.root, run_replays=False).valid
    assert before is not None and stronger is not None
    assert fingerprint(board_inputs(before)) == fingerprint(board_inputs(stronger))

    def later(data: Any) -> None:
        data["reinforcements"][0]["turn"] = 2

    israel.edit("scenarios/onslaught.json", later)
    delayed = validate_game(israel.root, run_replays=False).valid
    assert delayed is not None
    assert board_inputs(delayed).needs != board_inputs(stronger).needs


def test_fingerprints_tell_values_apart_and_ignore_origins() -> None:
    assert fingerprint(1) != fingerprint(1.0) != fingerprint("1") != fingerprint(True)
    assert fingerprint(("a", "bc")) != fingerprint(("ab", "c"))
    assert fingerprint({"a": 1, "b": 2}) != fingerprint({"b": 2, "a": 1})  # painters draw in order
    assert fingerprint(Origin("counters.json", "/counters/1")) == fingerprint(Origin("other.json"))
    assert fingerprint({1, 2, 3}) == fingerprint({3, 2, 1})
    with pytest.raises(TypeError, match="cannot fingerprint"):
        fingerprint(object())


def test_a_face_fingerprint_follows_its_values_and_marks() -> None:
    """A face keeps its values in mappings: a changed value, or the same number with another
    mark, must give another key (the drawing differs), the same face the same key."""
    plain = build_face({"strength": 2, "movement": 5})
    assert fingerprint(plain) == fingerprint(build_face({"strength": 2, "movement": 5}))
    assert fingerprint(plain) != fingerprint(build_face({"strength": 3, "movement": 5}))
    assert fingerprint(plain) != fingerprint(build_face({"strength": 2, "movement": 5, "zoc": True}))
    marked = build_face({"strength": {"value": 2, "mark": "parentheses"}, "movement": 5})
    assert marked.values == plain.values and fingerprint(marked) != fingerprint(plain)
    boxed = build_face({"strength": {"value": 2, "mark": "box"}, "movement": 5})
    assert fingerprint(boxed) != fingerprint(marked)


def test_work_done_in_a_forked_copy_comes_back_or_says_it_failed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(aside.threading, "active_count", lambda: 1)  # whatever pytest runs
    done = aside.fork_call(lambda: b"drawn elsewhere" * 10_000)  # more than a pipe holds
    assert done is not None and done() == b"drawn elsewhere" * 10_000

    def fails() -> bytes:
        raise RuntimeError("broken in the copy")

    failed = aside.fork_call(fails)
    assert failed is not None and failed() is None
    monkeypatch.setattr(aside.threading, "active_count", lambda: 2)
    assert aside.fork_call(lambda: b"x") is None  # never forks a process running threads


def test_a_board_drawn_in_a_forked_copy_gives_the_same_module(
    israel: GameCopy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(aside.threading, "active_count", lambda: 1)
    game = validate_game(israel.root, run_replays=False).valid
    assert game is not None
    forks: list[int] = []
    real_fork = os.fork

    def counted_fork() -> int:
        forks.append(1)
        return real_fork()

    monkeypatch.setattr(aside.os, "fork", counted_fork)
    cache = RenderCache(tmp_path / "cache")
    elsewhere = build_module(game, cache=cache)
    assert forks == [1] and "board" in cache.redrawn
    assert build_module(game, fork_board=False) == elsewhere
    warm = RenderCache(tmp_path / "cache")
    assert build_module(game, cache=warm) == elsewhere and forks == [1]  # cached: nothing to fork
    assert warm.redrawn == []


def test_sheet_pages_come_from_the_cache_and_a_changed_counter_redraws_its_page(
    israel: GameCopy, tmp_path: Path
) -> None:
    from compiler.render.sheets import SheetSpec

    options = BuildOptions(run_replays=False, sheet_spec=SheetSpec(dpi=100))
    out, fresh = tmp_path / "out", tmp_path / "fresh"

    def files(folder: Path) -> dict[str, bytes]:
        sheets = folder / "israel1948" / "sheets"
        return {p.name: p.read_bytes() for p in sorted(sheets.iterdir())}

    first = build([israel.root], ("sheets",), out, options).games[0]
    assert first.redrawn == ["Israel 1948 - counters: sheet 1 front", "Israel 1948 - counters: sheet 1 back"]
    clean = files(out)
    assert build([israel.root], ("sheets",), out, options).games[0].redrawn == []
    assert files(out) == clean
    israel.edit("counters.json", _stronger_yiftach)
    changed = build([israel.root], ("sheets",), out, options).games[0]
    assert changed.redrawn == ["Israel 1948 - counters: sheet 1 front"]  # the backs did not change
    no_cache = BuildOptions(run_replays=False, sheet_spec=SheetSpec(dpi=100), use_cache=False)
    assert build([israel.root], ("sheets",), fresh, no_cache).ok
    assert files(out) == files(fresh) != clean


def test_the_build_says_how_many_drawings_it_took_from_the_cache(israel: GameCopy, tmp_path: Path) -> None:
    """A clean build took nothing from the cache, though it stored the sheets' PDF there too; a
    warm one took both pages and the PDF."""
    from compiler.render.sheets import SheetSpec

    options = BuildOptions(run_replays=False, sheet_spec=SheetSpec(dpi=100))
    out = tmp_path / "out"

    def notes() -> list[str]:
        said: list[str] = []
        assert build([israel.root], ("sheets",), out, options, progress=said.append).ok
        return [line for line in said if "took" in line]

    assert len(clean := notes()) == 1 and "(drew 2 images, took 0 from" in clean[0], clean
    assert len(warm := notes()) == 1 and "(drew 0 images, took 3 from" in warm[0], warm
