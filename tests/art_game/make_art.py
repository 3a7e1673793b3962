"""Draw the art of the example game with Pillow: a hex map, counter faces, counter sheets, cards.

Nothing here comes from wgc's renderers or from anyone else's art: this is what a
designer's drawing program would hand over. Run it from the repository root to draw
the files again (``.venv/bin/python tests/art_game/make_art.py``); the tests read the
committed files and the numbers below (where the grid is, how the sheets are laid
out), which is what a designer would measure on their own art.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = Path(__file__).resolve().parent
ART = HERE / "art"

# The map: flat-top hexes, columns A-H, rows 1-6, column A half a hex lower than B.
MAP_DPI = 120
HEX = 90.0  # across the flats, in pixels (0.75 in at 120 dpi)
STEP = HEX * math.sqrt(3) / 2  # between neighbouring columns
FIRST = (72.0, 118.0)  # centre of A1
COLUMNS, ROWS = "ABCDEFGH", 6
MAP_SIZE = (720, 660)
TERRAIN = {"clear": "#e6dfb8", "rough": "#b89b68", "town": "#e6dfb8"}
ROUGH = ("C4", "E4", "F2")
TOWN = "D3"
ROAD = ("A1", "B2", "C2", "D3", "E3", "F4", "G4", "H5")

# Counter faces and sheets: 5/8 in at 160 dpi.
FACE = 100
SHEET_ORIGIN = (40, 60)  # top-left corner of the first face on a sheet
SHEET_PITCH = (112, 112)  # face plus gutter, across and down
SHEET_GRID = (3, 2)  # columns, rows
CARD = (375, 525)  # 2.5 x 3.5 in at 150 dpi


def font(size: int) -> ImageFont.FreeTypeFont:
    loaded = ImageFont.load_default(size=size)
    assert isinstance(loaded, ImageFont.FreeTypeFont)
    return loaded


def centre(hex_id: str) -> tuple[float, float]:
    column, row = COLUMNS.index(hex_id[0]), int(hex_id[1:]) - 1
    x = FIRST[0] + column * STEP
    y = FIRST[1] + row * HEX - (HEX / 2 if column % 2 else 0.0)  # odd columns (B, D ...) sit higher
    return x, y


def corners(x: float, y: float) -> list[tuple[float, float]]:
    r = HEX / math.sqrt(3)
    return [
        (x + r * math.cos(math.radians(60 * i)), y + r * math.sin(math.radians(60 * i))) for i in range(6)
    ]


def hex_ids() -> list[str]:
    return [f"{c}{r}" for c in COLUMNS for r in range(1, ROWS + 1)]


SUPER = 4  # the map is drawn this many times larger, then scaled down: edges fall where they should


def big(x: float, y: float) -> tuple[float, float]:
    """A point of the map in the enlarged drawing (whose pixel centres are integers)."""
    return SUPER * x + (SUPER - 1) / 2, SUPER * y + (SUPER - 1) / 2


def draw_map() -> Image.Image:
    image = Image.new("RGB", (MAP_SIZE[0] * SUPER, MAP_SIZE[1] * SUPER), "#f3efe2")
    draw = ImageDraw.Draw(image)
    noise = random.Random(7)
    k = SUPER
    for hex_id in hex_ids():
        x, y = centre(hex_id)
        terrain = "rough" if hex_id in ROUGH else "clear"
        draw.polygon([big(*p) for p in corners(x, y)], fill=TERRAIN[terrain])
        if terrain == "rough":
            for _ in range(14):
                bx, by = big(x + noise.uniform(-28, 28), y + noise.uniform(-20, 24))
                draw.arc(
                    (bx - 6 * k, by - 4 * k, bx + 6 * k, by + 4 * k), 200, 340, fill="#7a5c2e", width=2 * k
                )
    draw.line([big(*centre(h)) for h in ROAD], fill="#8b2e16", width=5 * k, joint="curve")
    tx, ty = big(*centre(TOWN))
    draw.rectangle((tx - 14 * k, ty - 10 * k, tx + 14 * k, ty + 12 * k), fill="#5b5b5b")
    draw.text((tx, ty + 28 * k), "Crossroads", font=font(13 * k), fill="#222222", anchor="mm")
    for hex_id in hex_ids():
        x, y = centre(hex_id)
        draw.polygon([big(*p) for p in corners(x, y)], outline="#3d3a30", width=2 * k)
        draw.text(big(x, y - HEX * 0.36), hex_id, font=font(12 * k), fill="#3d3a30", anchor="mm")
    draw.text(big(MAP_SIZE[0] - 20, 16), "THE BORDERLANDS", font=font(18 * k), fill="#3d3a30", anchor="rt")
    return image.resize(MAP_SIZE, Image.Resampling.BOX)


def counter_face(label: str, colour: str, value: str, damaged: bool, symbol: str) -> Image.Image:
    """A whole face: side colour, a unit symbol, the values and the name."""
    face = Image.new("RGB", (FACE, FACE), colour)
    draw = ImageDraw.Draw(face)
    draw.rectangle((1, 1, FACE - 2, FACE - 2), outline="#111111", width=2)
    box = (28, 30, 72, 58)
    draw.rectangle(box, fill="#f2f2f2", outline="#111111", width=2)
    if symbol == "infantry":
        draw.line((box[0], box[1], box[2], box[3]), fill="#111111", width=2)
        draw.line((box[0], box[3], box[2], box[1]), fill="#111111", width=2)
    else:
        draw.ellipse((box[0] + 6, box[1] + 6, box[2] - 6, box[3] - 6), outline="#111111", width=2)
    draw.text((FACE / 2, 16), label, font=font(13), fill="#ffffff", anchor="mm")
    draw.text((FACE / 2, 78), value, font=font(20), fill="#ffffff", anchor="mm")
    if damaged:
        draw.rectangle((6, 90, FACE - 7, 94), fill="#c0392b")
    return face


def counter_background(colour: str, pattern: str) -> Image.Image:
    """A background only: the values and name are drawn over it from the game's layout."""
    face = Image.new("RGB", (FACE, FACE), colour)
    draw = ImageDraw.Draw(face)
    for i in range(-FACE, FACE, 10):
        draw.line((i, FACE, i + FACE, 0), fill=pattern, width=3)
    draw.rectangle((1, 1, FACE - 2, FACE - 2), outline="#111111", width=2)
    return face


def control_svg(text: str, colour: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="0.625in" height="0.625in" viewBox="0 0 100 100">\n'
        f'  <rect x="0" y="0" width="100" height="100" fill="{colour}"/>\n'
        '  <circle cx="50" cy="50" r="34" fill="none" stroke="#ffffff" stroke-width="6"/>\n'
        '  <path d="M50 24 L58 44 L80 44 L62 57 L69 78 L50 65 L31 78 L38 57 L20 44 L42 44 Z" fill="#ffffff"/>\n'
        f"  <!-- {text} -->\n"
        "</svg>\n"
    )


FACES = {
    # counter id: (front, back) as (label, colour, values, damaged, symbol)
    "north-1": (
        ("1 NORTH", "#2f5fa8", "2-3", False, "infantry"),
        ("1 NORTH", "#2f5fa8", "1-3", True, "infantry"),
    ),
    "north-tank": (("TANK", "#2f5fa8", "1-5", False, "armour"), ("TANK", "#2f5fa8", "1-5", True, "armour")),
}
BACKGROUNDS = {"south": ("#3f8a3f", "#4f9a4f"), "south-damaged": ("#3f8a3f", "#7a3030")}


def sheet(faces: list[Image.Image], mirrored: bool) -> Image.Image:
    """Faces in rows on a sheet, as a printed counter sheet: the back sheet mirrored left to right,
    so a back lies behind its front when the sheet is turned over."""
    columns, rows = SHEET_GRID
    width = SHEET_ORIGIN[0] * 2 + SHEET_PITCH[0] * (columns - 1) + FACE
    height = SHEET_ORIGIN[1] + SHEET_PITCH[1] * (rows - 1) + FACE + 40
    page = Image.new("RGB", (width, height), "#fbfaf5")
    for index, face in enumerate(faces):
        row, column = divmod(index, columns)
        if mirrored:
            column = columns - 1 - column
        page.paste(face, (SHEET_ORIGIN[0] + column * SHEET_PITCH[0], SHEET_ORIGIN[1] + row * SHEET_PITCH[1]))
    draw = ImageDraw.Draw(page)
    draw.text((width / 2, 24), "ART OF THE BORDER - COUNTERS", font=font(14), fill="#333333", anchor="mm")
    return page.filter(ImageFilter.GaussianBlur(0.6))  # as a scanner would soften it


def card(title: str, text: str, colour: str) -> Image.Image:
    image = Image.new("RGB", CARD, "#fffdf4")
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((8, 8, CARD[0] - 9, CARD[1] - 9), radius=18, outline=colour, width=6)
    draw.rectangle((24, 24, CARD[0] - 25, 90), fill=colour)
    draw.text((CARD[0] / 2, 57), title, font=font(26), fill="#ffffff", anchor="mm")
    draw.multiline_text((36, 130), text, font=font(20), fill="#222222", spacing=8)
    return image


def card_back() -> Image.Image:
    image = Image.new("RGB", CARD, "#20324f")
    draw = ImageDraw.Draw(image)
    for i in range(0, CARD[0] + CARD[1], 24):
        draw.line((i, 0, i - CARD[1], CARD[1]), fill="#2c4468", width=8)
    draw.rounded_rectangle((30, 180, CARD[0] - 31, 345), radius=20, fill="#f0c419")
    draw.text(
        (CARD[0] / 2, 262), "BORDER\nEVENTS", font=font(34), fill="#20324f", anchor="mm", align="center"
    )
    return image


CARDS = {
    "ambush": ("AMBUSH", "An enemy unit next to\nrough ground is\nsurprised.", "#8b2e16"),
    "supply-convoy": ("CONVOY", "A road hex is\nsupplied this turn.", "#2f5fa8"),
    "storm": ("STORM", "No unit moves\nmore than two hexes.", "#3f8a3f"),
}


def main() -> None:
    ART.mkdir(exist_ok=True)
    board = draw_map()
    board.save(ART / "map.png", optimize=True)
    board.save(ART / "map.jpg", quality=88)
    fronts, backs = [], []
    for counter_id, (front, back) in FACES.items():
        front_image, back_image = counter_face(*front), counter_face(*back)
        front_image.save(ART / f"{counter_id}-front.png")
        back_image.save(ART / f"{counter_id}-back.png")
        fronts.append(front_image)
        backs.append(back_image)
    for name, (colour, pattern) in BACKGROUNDS.items():
        counter_background(colour, pattern).save(ART / f"{name}.png")
    for name, colour in (("control-north", "#2f5fa8"), ("control-south", "#3f8a3f")):
        (ART / f"{name}.svg").write_text(control_svg(name, colour))
    for colour, pattern in BACKGROUNDS.values():
        fronts.append(counter_background(colour, pattern))
        backs.append(counter_background(pattern, colour))
    sheet(fronts, mirrored=False).save(ART / "sheet-front.png")
    sheet(backs, mirrored=True).save(ART / "sheet-back.png")
    for card_id, (title, text, colour) in CARDS.items():
        card(title, text, colour).save(ART / f"card-{card_id}.png")
    card_back().save(ART / "card-back.png")


if __name__ == "__main__":
    main()
