"""`wgc sheets` draws and writes page by page: its memory holds a few pages whatever the
number of counters (issue 10, item 6: 20,042 counters once took 7.4 GB)."""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path

from pypdf import PdfReader

from compiler.pipeline import validate_game
from compiler.render.images import pixel_bytes
from compiler.render.sheets import FACES_KEPT_BYTES, SheetSpec, render_counter_sheets

from .bounded import run_wgc
from .conftest import GameCopy

PHYSICAL = 20_042


def _many_counters(game: GameCopy) -> int:
    """Israel 1948 with its counter mix filled up to 2,000 entries (the schema's limit) and
    20,042 physical counters; the stated count of counters goes, the rest stays."""
    data = game.load("counters.json")
    base = next(c for c in data["counters"] if c["id"] == "yiftach")
    shipped = sum(c.get("count", 1) for c in data["counters"])
    extra = 2000 - len(data["counters"])
    eleven = PHYSICAL - shipped - 10 * extra  # this many get 11 copies, the rest 10
    for i in range(extra):
        data["counters"].append(
            {**base, "id": f"gen-{i:04d}", "name": f"GEN {i}", "count": 11 if i < eleven else 10}
        )
    game.save("counters.json", data)
    manifest = game.load("game.json")
    manifest["stated_counts"] = [s for s in manifest["stated_counts"] if s["what"] != "counters"]
    game.save("game.json", manifest)
    return sum(c.get("count", 1) for c in data["counters"])


def test_twenty_thousand_counters_print_in_bounded_memory(israel: GameCopy, tmp_path: Path) -> None:
    assert _many_counters(israel) == PHYSICAL
    out = tmp_path / "out"
    args = ["sheets", str(israel.root), "-o", str(out), "--dpi", "100", "--no-bleed", "--no-replays"]
    outcome = run_wgc(args, tmp_path, timeout=240, memory_mb=1500)
    assert outcome.exit_code == 0, outcome.stderr[-2000:]
    sheets = out / "israel1948" / "sheets"
    pages = sorted(sheets.glob("counters-sheet*-*.png"))
    assert len(pages) == 2 * 112  # 180 counters a sheet (12 x 15, no bleed), the groups starting new rows
    assert outcome.peak_mb is not None and outcome.peak_mb < 200, outcome.peak_mb
    pdf = (sheets / "counters.pdf").read_bytes()
    assert len(PdfReader(io.BytesIO(pdf)).pages) == len(pages) and pdf.rstrip().endswith(b"%%EOF")


def test_pages_are_drawn_one_at_a_time_and_faces_are_let_go(israel: GameCopy) -> None:
    _many_counters(israel)
    game = validate_game(israel.root, run_replays=False).valid
    assert game is not None
    pages = render_counter_sheets(game, SheetSpec(dpi=72))
    for index, (sheet, side, page) in enumerate(itertools.islice(pages.pages(), 6)):
        assert (sheet, side) == (index // 2, ("front", "back")[index % 2])
        assert page.size == pages.spec.page_px
        kept = pages._faces  # the recent faces: bounded, however many counters there are
        assert kept.size <= max(FACES_KEPT_BYTES, max(pixel_bytes(face.image) for face in kept.kept.values()))
    assert pages.sheets > 100


def test_the_generated_game_is_valid(israel: GameCopy) -> None:
    """The generated game is a real one: it validates without errors."""
    _many_counters(israel)
    report = validate_game(israel.root, run_replays=False)
    assert report.ok, [d.message for d in report.diagnostics if d.severity == "error"][:3]
    assert json.loads((israel.root / "counters.json").read_text())["counters"][-1]["id"] == "gen-1943"
