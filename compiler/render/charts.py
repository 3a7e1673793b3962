"""Charts as images: the terrain effects chart and every table, for VASSAL's chart windows.

Text comes from the data (names, numbers and the designers' own summaries);
nothing is copied from a rulebook.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from compiler.render.fonts import font
from rules_engine.definitions import GameDefinition, Table, Terrain

INK = "#222222"
HEADER = "#e2dccb"
RULE = "#9a9383"


def table_image(
    title: str, header: Sequence[str], rows: Sequence[Sequence[str]], note: str | None = None, size: int = 15
) -> Image.Image:
    """A ruled table with a title, header row and wrapped cells."""
    body, bold = font(size), font(size + 1)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    columns = len(header)
    widths = [0] * columns
    for row in [header, *rows]:
        for index, cell in enumerate(row):
            for line in _wrap(str(cell), 38):
                widths[index] = max(widths[index], int(probe.textlength(line, font=body)) + 16)
    row_heights = [
        max(len(_wrap(str(cell), 38)) for cell in row) * (size + 5) + 10 for row in [header, *rows]
    ]
    width = max(sum(widths) + 20, int(probe.textlength(title, font=font(size + 5))) + 20)
    note_lines = _wrap(note, 110) if note else []
    height = 50 + sum(row_heights) + len(note_lines) * (size + 4) + 20
    image = Image.new("RGB", (width, height), "#fbf8f0")
    draw = ImageDraw.Draw(image)
    draw.text((10, 12), title, font=font(size + 5), fill=INK)
    y = 46
    for row_index, row in enumerate([header, *rows]):
        x = 10
        if row_index == 0:
            draw.rectangle((10, y, 10 + sum(widths), y + row_heights[0]), fill=HEADER)
        for index, cell in enumerate(row):
            for line_number, line in enumerate(_wrap(str(cell), 38)):
                draw.text(
                    (x + 8, y + 5 + line_number * (size + 5)),
                    line,
                    font=bold if row_index == 0 else body,
                    fill=INK,
                )
            x += widths[index]
        y += row_heights[row_index]
        draw.line([(10, y), (10 + sum(widths), y)], fill=RULE)
    for line_number, line in enumerate(note_lines):
        draw.text((10, y + 8 + line_number * (size + 4)), line, font=body, fill=INK)
    return image


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            if line and len(line) + 1 + len(word) > width:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}".strip()
        lines.append(line)
    return lines or [""]


SITUATIONS = {
    "enter": "to enter",
    "cross": "to cross",
    "at-bridge": "at a bridge",
    "along": "along the road",
    "uphill": "uphill",
    "downhill": "downhill",
    "level": "same level",
    "along-uphill": "road uphill",
    "along-downhill": "road downhill",
    "off-road": "off the road",
}
WORDS = {
    "all": "the whole allowance",
    "impassable": "impassable",
    "prohibited": "prohibited",
    "none": "no effect",
}


def _cost(cost: float | str) -> str:
    return f"{cost:g} MP" if isinstance(cost, (int, float)) else WORDS.get(cost, cost)


def _cost_text(terrain: Terrain) -> str:
    parts = []
    for situation, table in terrain.movement.items():
        if set(table) == {"*"}:
            costs = _cost(table["*"])
        else:
            costs = ", ".join(f"{cls} {_cost(cost)}" for cls, cost in table.items())
        parts.append(f"{SITUATIONS.get(situation, situation)}: {costs}")
    return "; ".join(parts) or "-"


def _combat_text(terrain: Terrain) -> str:
    combat = terrain.combat
    if combat is None:
        return "-"
    parts = []
    if combat.defender_dice:
        parts.append("defender +" + ", +".join(f"{n} {colour}" for colour, n in combat.defender_dice.items()))
    if combat.attacker_plus_die:
        parts.append("'+' attackers gain a die")
    if combat.cancels_plus_die:
        parts.append("no '+' die")
    if combat.attack_prohibited:
        parts.append("no attack across")
    if combat.drm is not None:
        parts.append(f"DRM {combat.drm:+d}")
    for situation, drm in combat.drm_variants.items():
        parts.append(f"{situation} {drm:+d}")
    if combat.max_units:
        parts.append(f"for {combat.max_units} units")
    return "; ".join(parts) or "-"


def terrain_chart(definition: GameDefinition) -> Image.Image | None:
    chart = definition.terrain
    if chart is None:
        return None
    rows = [[t.name, t.kind, _cost_text(t), _combat_text(t), t.summary or ""] for t in chart.terrain.values()]
    title = (definition.game.title if definition.game else "") + " - Terrain Effects Chart"
    return table_image(title, ["Terrain", "Kind", "Movement", "Combat", "Notes"], rows)


def table_chart(table: Table, game_title: str) -> Image.Image:
    title = f"{game_title} - {table.name}" + (" (reconstructed)" if table.reconstructed else "")
    if table.kind == "crt":
        rows = [[str(row.roll), *[cell or "-" for cell in row.results]] for row in table.rows]
        return table_image(title, ["Die", *table.columns], rows, table.summary)
    if table.kind == "lookup":
        rows = [[row.item or "", _result_text(row.result)] for row in table.rows]
        return table_image(title, ["Item", "Value"], rows, table.summary)
    rows = [[str(row.roll) if row.roll else "", _result_text(row.result)] for row in table.rows]
    return table_image(title, ["Roll", "Result"], rows, table.summary)


def _result_text(result: object) -> str:
    if isinstance(result, dict):
        return "; ".join(f"{key}: {_result_text(value)}" for key, value in result.items())
    if isinstance(result, list):
        return ", ".join(_result_text(item) for item in result)
    return "" if result is None else str(result)
