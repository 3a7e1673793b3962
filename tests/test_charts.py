"""Charts, player aids and help pages read as printed: nothing clipped, no data ids."""

from __future__ import annotations

import itertools
import re
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.output.aids import AidSpec, render_aid_pages
from compiler.render.chart_content import game_charts
from compiler.render.charts import SCREEN_DPI, Cell, Chart, Paragraph, Table, render_chart
from compiler.render.names import Names, data_ids, find_ids
from rules_engine.definitions import ValidGame

from .conftest import GAMES, SOURCE_DATA, shipped


@cache
def definition(game: str) -> ValidGame:
    return shipped(game)


def test_find_ids_sees_whole_ids_only() -> None:
    ids = {"mufti-2-8", "arab-revolt", "yenbo"}
    assert find_ids("units: unit: mufti-2-8; count: 5", ids) == ["mufti-2-8"]
    assert find_ids("Yenbo (yenbo)", ids) == ["yenbo"]
    assert find_ids("the Arab Revolt wins ties; see charts.json", ids) == ["charts.json"]
    assert find_ids("the arab-revolt-x side", ids) == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("dpi", [SCREEN_DPI, 200])
def test_every_chart_line_lies_inside_its_image(game: str, dpi: int) -> None:
    for chart in game_charts(definition(game)):
        for width in (7.5, 3.6):
            out = render_chart(chart, width, dpi)
            for text in out.texts:
                left, top, right, bottom = text.bbox
                assert left >= 0 and top >= 0, (chart.id, text.text)
                assert right <= out.image.width and bottom <= out.image.height, (chart.id, width, text.text)


def test_a_table_too_wide_for_its_place_is_set_smaller_to_fit() -> None:
    """A differential CRT of many columns in a half-page box: every heading stays inside
    the image and apart from its neighbours, in type smaller than a table that fits."""
    columns = ("Die", "<=-4", "-3..-1", "0", "+1..+2", "+3..+4", "+5..+6", "+7..+8", "+9..+10", ">=+11")
    rows = tuple(
        tuple(Cell(str(r) if c == 0 else "D1R", centre=True) for c in range(len(columns)))
        for r in range(1, 7)
    )
    wide = Chart("crt", "Combat Results Table", (Table(columns, rows, compact=True),))
    narrow = Chart(
        "crt", "Combat Results Table", (Table(columns[:4], tuple(r[:4] for r in rows), compact=True),)
    )
    out = render_chart(wide, 3.6, 120)
    headings = [t for t in out.texts if t.text in columns]
    assert len(headings) == len(columns)
    for text in out.texts:
        assert text.bbox[2] <= out.image.width, text.text
    ordered = sorted(headings, key=lambda t: t.bbox[0])
    assert all(a.bbox[2] <= b.bbox[0] for a, b in itertools.pairwise(ordered))
    fitting = next(t for t in render_chart(narrow, 3.6, 120).texts if t.text == "0")
    small = next(t for t in ordered if t.text == "0")
    assert small.bbox[3] - small.bbox[1] < fitting.bbox[3] - fitting.bbox[1]


@pytest.mark.parametrize("game", GAMES)
def test_charts_show_no_data_ids(game: str) -> None:
    d = definition(game)
    ids = data_ids(d)
    assert ids
    for chart in game_charts(d):
        words = " ".join([chart.title, *(t.text for t in render_chart(chart).texts)])
        assert not find_ids(words, ids), (chart.id, find_ids(words, ids))


def test_table_results_read_as_sentences() -> None:
    names = Names(definition("jerusalem"))
    result = {"units": [{"unit": "mufti-2-8", "count": 5}], "leaders": ["fawzi-el-kaukji", "emile-ghory"]}
    assert names.result(result) == "5 x Mufti 2-8; leaders: Kaukji, Emile Ghory"  # as the counters print them
    assert names.result({"unit": "haganah-4-6", "count": 10}) == "10 x HGH 4-6"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_core_charts(game: str) -> None:
    ids = [chart.id for chart in game_charts(definition(game))]
    assert ids[0] == "terrain" and "combat" in ids and "sequence" in ids and "stacking" in ids
    tables = definition(game).charts.tables  # type: ignore[union-attr]
    assert set(tables) <= set(ids)


def test_jerusalem_has_the_arab_leader_abilities_table() -> None:
    chart = next(c for c in game_charts(definition("jerusalem")) if c.id == "leaders")
    assert chart.title == "Arab Leader Abilities"
    table = chart.blocks[0]
    assert isinstance(table, Table)
    assert [row[0].text for row in table.rows][:2] == ["Haj Amin", "Abdul Khader Husseini"]
    assert {row[1].text for row in table.rows} == {"x1", "x2", "x3", "x1/2"}


def test_long_words_and_many_columns_still_fit() -> None:
    chart = Chart(
        "t",
        "A title long enough to need two lines when the chart is set at a narrow width",
        (
            Paragraph("word " * 80),
            Table(
                ("A", "B", "C"),
                tuple((Cell("x" * 12), Cell("y " * 30), Cell(str(n), centre=True)) for n in range(5)),
            ),
        ),
    )
    out = render_chart(chart, 3.0, 150)
    assert all(t.bbox[2] <= out.image.width for t in out.texts)
    assert len([t for t in out.texts if t.role == "title"]) >= 2


def test_terrain_chart_costs_read_in_words() -> None:
    chart = game_charts(definition("jerusalem"))[0]
    texts = " ".join(t.text for t in render_chart(chart, 7.5, 200).texts)
    assert "1/2 MP" in texts and "Mechanized 4 MP" in texts
    assert re.search(r"\b0\.5\b", texts) is None


@pytest.mark.parametrize("game", GAMES)
def test_aid_pages_are_letter_pages_holding_every_chart(game: str) -> None:
    """Letter pages, and no more of them than the charts need (the Unit Identification Chart and
    Jerusalem!'s two scenario set-ups take pages of their own), then the kit's notes: one page,
    two for Jerusalem!'s many reconstructions (tests/test_kit_notes.py), none for Vallon."""
    pages = render_aid_pages(definition(game), AidSpec(dpi=100))
    notes = {"jerusalem": 2, "vallon": 0}.get(game, 1)
    assert pages and all(page.size == (850, 1100) for page in pages)
    limits = {
        "israel1948": 6,
        "jerusalem": 10,
        "lawrence": 6,
        "battle-for-moscow": 5,
        "vallon": 6,
        "napoleon-at-waterloo": 3,
    }
    assert len(pages) <= limits[game] + notes


def test_aid_pages_are_finished_one_at_a_time_the_others_held_packed() -> None:
    """Jerusalem!'s aids run to many pages: while they are written, at most the page being
    written and the last laid out are pixels (25 MB each at 300 ppi); the rest wait packed."""
    import gc

    from PIL import Image

    from compiler.output.aids import aid_pages

    def pages_alive(size: tuple[int, int]) -> int:
        gc.collect()
        return sum(1 for o in gc.get_objects() if isinstance(o, Image.Image) and o.size == size)

    seen = 0
    for page in aid_pages(definition("jerusalem"), AidSpec(dpi=100)):
        seen += 1
        assert pages_alive(page.image.size) <= 2, seen
        del page
    assert seen >= 6


def test_aids_command_writes_pdf_and_pages(tmp_path: Path) -> None:
    runner = CliRunner()
    game = str(SOURCE_DATA / "lawrence")
    for out in ("a", "b"):
        result = runner.invoke(cli, ["aids", game, "-o", str(tmp_path / out), "--dpi", "100"])
        assert result.exit_code == 0, result.output
    files = sorted(p.name for p in (tmp_path / "a" / "lawrence" / "aids").iterdir())
    assert files[0] == "aids-page1.png" and "aids.pdf" in files
    for name in files:
        assert (tmp_path / "a" / "lawrence" / "aids" / name).read_bytes() == (
            tmp_path / "b" / "lawrence" / "aids" / name
        ).read_bytes()


# --- help pages ---------------------------------------------------------------------------------


def help_text(game: str) -> str:
    from compiler.vassal.help import help_page

    return re.sub(
        r"<[^>]+>", " ", help_page(definition(game), [("Terrain Effects Chart", "chart-terrain.png")])
    )


@pytest.mark.parametrize("game", GAMES)
def test_help_pages_use_display_names(game: str) -> None:
    text = help_text(game)
    hits = find_ids(text, data_ids(definition(game)))
    assert not hits, hits


def test_jerusalem_set_up_gives_garrison_values() -> None:
    text = help_text("jerusalem")
    assert "Garrison 6-0" in text and "Garrison 12-0" in text
    assert re.search(r"Garrison\s+</td>", text) is None


def test_lawrence_scenarios_in_campaign_order_and_stacking_once() -> None:
    from compiler.vassal.help import scenarios_in_order

    d = definition("lawrence")
    assert d.game is not None and d.game.campaign is not None
    assert [s.id for s in scenarios_in_order(d)] == list(d.game.campaign.scenarios)
    text = help_text("lawrence")
    assert text.count("At most 2 units") == 1
    assert "Yenbo (yenbo)" not in text


def test_readme_gallery_images_exist_and_are_small() -> None:
    """The README shows the gallery make_gallery.py writes; each image is a few hundred KB at most."""
    root = SOURCE_DATA.parent
    readme = (root / "README.md").read_text()
    images = re.findall(r"\]\((docs/gallery/[\w.-]+\.png)\)", readme)
    assert len(images) >= 8
    script = (root / "docs" / "gallery" / "make_gallery.py").read_text()
    for image in images:
        path = root / image
        assert path.exists(), image
        assert path.stat().st_size < 300_000, image
        stem = path.name.split("-")[0]
        assert f'"{stem}-' in script or f'f"{stem}-' in script, image


def test_a_table_cut_across_pages_repeats_its_header() -> None:
    """A player reading the second page of a long table must still see its column names; and
    no page ends with a header whose rows all went to the next page."""
    from compiler.output.aids import _cuts, _Pages

    spec = AidSpec(dpi=100)
    rows = tuple((Cell(f"row {n}"), Cell("some words " * (1 + n % 3))) for n in range(90))
    chart = render_chart(
        Chart("t", "A long table", (Paragraph("words " * 40), Table(("Name", "Effect"), rows))), 7.5, 100
    )
    (head,) = chart.heads
    header = chart.image.crop((0, head.top, chart.image.width, head.bottom))
    pages = _Pages(spec, (850, 1100), "aid")
    pages.place(chart)
    finished = [page.image for page in pages.finish()]
    assert len(finished) >= 2
    for page in finished[1:]:
        found = [
            y
            for y in range(page.height - header.height)
            if page.crop((pages.margin, y, pages.margin + header.width, y + header.height)).tobytes()
            == header.tobytes()
        ]
        assert found, "a continued page lacks the table's header"
    assert head.bottom in chart.breaks and head.bottom not in _cuts(chart)


@pytest.mark.parametrize("game", GAMES)
def test_the_aids_have_a_unit_identification_chart_of_real_counters(game: str) -> None:
    """Jerusalem! 1.2.1 cites a Unit Identification Chart: every counter, as the sheets print it."""
    from compiler.render.charts import Faces

    d = definition(game)
    chart = next(c for c in game_charts(d) if c.id == "units")
    items = [item for block in chart.blocks if isinstance(block, Faces) for item in block.items]
    assert len(items) == len(d.counters.counters)
    rendered = render_chart(chart, 7.5, 100)
    captions = {t.text for t in rendered.texts if t.role == "caption"}
    assert any("x" in c for c in captions)
    first = rendered.image.crop((10, 60, 60, 110))  # the first counter's picture, not paper
    assert len(first.getcolors(1 << 16) or []) > 10


def test_jerusalem_aids_print_each_scenarios_set_up() -> None:
    from compiler.render.charts import Table

    charts = {c.id: c for c in game_charts(definition("jerusalem"))}
    assert {"set-up-standard-game", "set-up-latrun-and-the-burma-road"} <= set(charts)
    tables = [block for block in charts["set-up-standard-game"].blocks if isinstance(block, Table)]
    text = " ".join(cell.text for table in tables for row in table.rows for cell in row)
    assert "Jewish HQ" in text and "Shaltiel" in text  # the name his counter prints


def test_the_terrain_chart_shows_each_terrain_large_enough_to_see_its_texture() -> None:
    chart = next(c for c in game_charts(definition("israel1948")) if c.id == "terrain")
    table = chart.blocks[0]
    assert getattr(table, "sample_pt", 0) >= 20
