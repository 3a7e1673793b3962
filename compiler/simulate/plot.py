"""A plot of a balance run: for each scenario, each result's share as a bar with its 95% interval.

Drawn with Pillow (no plotting library): one band per scenario, one bar per
result, the share printed beside the bar and the Wilson interval as a whisker.
Bars are told apart by their label, not by colour alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from compiler.render.fonts import font
from compiler.simulate.stats import ScenarioTable

WIDTH = 1000
ROW = 34
LABEL_WIDTH = 300
BAR_LEFT = LABEL_WIDTH + 20
BAR_WIDTH = WIDTH - BAR_LEFT - 120
PALETTE = ("#2f5fa8", "#3f8a3f", "#b5651d", "#7a3f8a", "#8a6d1f", "#3f7a8a", "#8a3f4f")


def plot_tables(tables: Sequence[ScenarioTable], title: str) -> Image.Image:
    """The whole run as one PNG-ready image."""
    height = 70 + sum(50 + ROW * max(1, len(t.shares)) for t in tables) + 30
    image = Image.new("RGB", (WIDTH, height), "white")
    draw = ImageDraw.Draw(image)
    draw.text((20, 20), title, font=font(24), fill="black")
    y = 70
    results = list(dict.fromkeys(s.result for t in tables for s in t.shares))
    colours = {result: PALETTE[i % len(PALETTE)] for i, result in enumerate(results)}
    for table in tables:
        y = _scenario_band(draw, table, y, colours)
    draw.text(
        (20, height - 24), "Bars: share of games; whiskers: 95% Wilson interval.", font=font(14), fill="#444"
    )
    return image


def _scenario_band(draw: ImageDraw.ImageDraw, table: ScenarioTable, y: int, colours: dict[str, str]) -> int:
    heading = (
        f"{table.name}: {table.games} games, policy {table.policy}, "
        f"seeds {table.first_seed}-{table.last_seed}, {table.turns_mean:.1f} turns on average"
    )
    draw.text((20, y), heading, font=font(18), fill="black")
    y += 34
    for index, share in enumerate(table.shares):
        top = y + index * ROW
        draw.text((20, top + 6), share.result, font=font(16), fill="black")
        draw.rectangle((BAR_LEFT, top + 4, BAR_LEFT + BAR_WIDTH, top + ROW - 6), outline="#bbbbbb")
        right = BAR_LEFT + round(share.share * BAR_WIDTH)
        draw.rectangle(
            (BAR_LEFT, top + 4, max(BAR_LEFT, right), top + ROW - 6), fill=PALETTE[index % len(PALETTE)]
        )
        low, high = (BAR_LEFT + round(v * BAR_WIDTH) for v in (share.low, share.high))
        middle = top + ROW // 2 - 1
        draw.line((low, middle, high, middle), fill="black", width=2)
        for x in (low, high):
            draw.line((x, middle - 6, x, middle + 6), fill="black", width=2)
        draw.text((BAR_LEFT + BAR_WIDTH + 10, top + 6), f"{share.share:.1%}", font=font(16), fill="black")
    return y + ROW * max(1, len(table.shares)) + 16
