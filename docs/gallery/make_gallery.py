#!/usr/bin/env python3
"""Regenerate the README gallery: PNG previews of what wgc makes, from source_data.

    .venv/bin/python docs/gallery/make_gallery.py

Writes docs/gallery/*.png: a row of counters per game, a crop of each map, a
player-aid page, three of Lawrence's cards, and a VASSAL board with a scenario loaded. The board is drawn
the way VASSAL draws it from the module itself: the module's board image, then
every piece of the predefined set-up at its saved position, from the module's
images, with VASSAL's offsets for closed stacks (3 px right, 4 px up) and piles
(2 px); masked pieces show their mask image and face-down piles their top's
back. Images are cropped and reduced to 256 colours, so each stays small.
"""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from compiler.javatext.sequence import decode  # noqa: E402
from compiler.output.aids import AidSpec, render_aid_pages  # noqa: E402
from compiler.pipeline import validate_game  # noqa: E402
from compiler.render.board import render_board  # noqa: E402
from compiler.render.counters import CounterPainter  # noqa: E402
from compiler.vassal.module import build_module  # noqa: E402
from compiler.vassal.pieces import Trait, decode_add_piece  # noqa: E402
from compiler.vassal.savefile import ESC, deobfuscate  # noqa: E402
from rules_engine.definitions import ValidGame  # noqa: E402

OUT = ROOT / "docs" / "gallery"
GAMES = ("israel1948", "jerusalem", "lawrence")
COUNTERS = {
    "israel1948": [
        "yiftach",
        "7-armour",
        "sams-foxes",
        "kibbutz",
        "iraq-1-armoured-car",
        "jordan-1",
        "egypt-tank",
    ],
    "jerusalem": [
        "haganah-4-6",
        "jewish-garrison-12-0",
        "flamethrower",
        "jerusalem-convoy",
        "davidka",
        "mufti-2-8",
        "legion-truck-1-24-3",
        "abdul-khader",
    ],
    "lawrence": ["lawrence", "bedouin-2", "armored-car", "oef-inf-3", "asien-korps", "garrison-2"],
}
MARKERS = [  # (game, counter ids): markers by their icons, a dummy, unit sizes and names in words
    ("jerusalem", ["stop", "bomb", "no-entry", "first-second", "date", "arab-dummy-leader"]),
    ("lawrence", ["demolition", "leadership", "pounds"]),
    ("israel1948", ["air-israeli", "out-of-supply"]),
    ("vallon", ["ostland-replacements", "ost-21-id"]),
    ("battle-for-moscow", ["24th-army", "xxiv-panzer-corps"]),
]
MAP_CROPS = {  # left, top, right, bottom in inches of the printed map
    "israel1948": (4.3, 5.2, 10.3, 9.2),
    "jerusalem": (24.5, 8.0, 30.5, 12.0),
    "lawrence": (3.0, 1.6, 9.0, 5.6),
    "vallon": (2.0, 1.0, 9.6, 5.8),
}
VASSAL_VIEW = ("lawrence", "Aqaba!", (0.0, 4.4, 6.0, 8.4))  # game, set-up, crop in inches
CARDS = ("lawrence", ["aqaba", "ottoman-patrol", "allenby"])  # a mission and two events
MAP_DPI = 150
COUNTER_PX = 94  # 5/8 in at 150 dpi


def save(image: Image.Image, name: str) -> Path:
    """A small PNG: 256 colours, no dithering (flat counter colours stay flat)."""
    path = OUT / name
    small = image.convert("RGB").quantize(colors=256, dither=Image.Dither.NONE)
    small.save(path, optimize=True)
    print(f"{path.relative_to(ROOT)}: {image.width}x{image.height}, {path.stat().st_size // 1024} KB")
    return path


def counter_row(definition: ValidGame, ids: list[str]) -> Image.Image:
    """Each chosen counter's front, and its back where it has one, side by side."""
    painter = CounterPainter(definition)
    faces = []
    assert definition.counters is not None
    for counter_id in ids:
        counter = definition.counters.get(counter_id)
        assert counter is not None, counter_id
        faces += [
            painter.render(counter, name, COUNTER_PX)
            for name, face in painter.faces(counter)
            if not face.blank
        ]
    gap = 8
    row = Image.new("RGB", (len(faces) * (COUNTER_PX + gap) + gap, COUNTER_PX + 2 * gap), "#ffffff")
    for index, face in enumerate(faces):
        row.paste(face, (gap + index * (COUNTER_PX + gap), gap))
    return row


def marker_rows() -> Image.Image:
    """MARKERS, a row per game, one below the other."""
    rows = [counter_row(shipped(game), ids) for game, ids in MARKERS]
    sheet = Image.new("RGB", (max(r.width for r in rows), sum(r.height for r in rows)), "#ffffff")
    top = 0
    for row in rows:
        sheet.paste(row, (0, top))
        top += row.height
    return sheet


def card_row(definition: ValidGame, ids: list[str]) -> Image.Image:
    """The chosen cards' faces at 150 dpi, side by side."""
    from compiler.render.cards import render_card

    width, height, gap = 375, 525, 12
    chosen = [(deck, card) for deck in definition.decks for card in deck.cards if card.id in ids]
    row = Image.new("RGB", (len(chosen) * (width + gap) + gap, height + 2 * gap), "#ffffff")
    for index, (deck, card) in enumerate(chosen):
        row.paste(render_card(deck, card, width, height), (gap + index * (width + gap), gap))
    return row


def map_crop(definition: ValidGame, box: tuple[float, float, float, float]) -> Image.Image:
    art = render_board(definition, MAP_DPI)
    return art.image.crop(tuple(round(v * MAP_DPI) for v in box))  # type: ignore[arg-type]


# --- a set-up as VASSAL draws it -----------------------------------------------------------------


def _image_of(traits: list[Trait], in_face_down_pile: bool) -> str:
    """The image VASSAL shows for a piece: its mask where masked (or in a face-down pile),
    else its layer's current image, else its basic image."""
    for trait in traits:
        if trait.prefix == "obs;":
            owner = decode(trait.state, ";")[0]
            if owner != "null" or in_face_down_pile:
                return decode(trait.type.removeprefix("obs;"), ";")[1]
        if trait.prefix == "emb2;":
            level = int(trait.state or "1")
            images = decode(decode(trait.type.removeprefix("emb2;"), ";")[15], ",")
            if 1 <= level <= len(images):
                return images[level - 1]
    return decode(traits[-1].type.removeprefix("piece;"), ";")[2]


def vassal_view(game: str, setup: str) -> Image.Image:
    """The main map after loading a predefined set-up, from the built module alone."""
    definition = shipped(game)
    archive = zipfile.ZipFile(io.BytesIO(build_module(definition)))
    scenario = next(s for s in definition.scenarios if s.name == setup)
    saved = zipfile.ZipFile(io.BytesIO(archive.read(f"{scenario.id}.vsav")))
    commands = decode(deobfuscate(saved.read("savedGame")), ESC)
    board = Image.open(io.BytesIO(archive.read("images/board.png"))).convert("RGB")
    pieces: dict[str, list[Trait]] = {}
    for command in commands:
        if command.startswith("+/") and "/stack/" not in command and "/deck;" not in command:
            piece_id, traits = decode_add_piece(command)
            pieces[piece_id] = traits
    for command in commands:
        if not command.startswith("+/"):
            continue
        fields = decode(command[2:], "/")
        if fields[1] == "stack":
            state = decode(fields[2], ";")
            _draw_stack(
                board,
                archive,
                [pieces[i] for i in state[3:-1]],
                (int(state[1]), int(state[2])),
                (3, 4),
                False,
            )
        elif fields[1].startswith("deck;"):
            state = decode(fields[2], ";")
            ids = decode(state[4], ",") if len(state) > 4 and state[4] else []
            shown = int(decode(fields[1].removeprefix("deck;"), ";")[20])
            face_down = state[3] == "true"
            _draw_stack(
                board,
                archive,
                [pieces[i] for i in ids][-shown:],
                (int(state[1]), int(state[2])),
                (2, 2),
                face_down,
            )
    return board


def _draw_stack(
    board: Image.Image,
    archive: zipfile.ZipFile,
    stack: list[list[Trait]],
    at: tuple[int, int],
    step: tuple[int, int],
    face_down: bool,
) -> None:
    for index, traits in enumerate(stack):
        image = Image.open(io.BytesIO(archive.read("images/" + _image_of(traits, face_down)))).convert("RGB")
        x = at[0] - image.width // 2 + index * step[0]
        y = at[1] - image.height // 2 - index * step[1]
        board.paste(image, (x, y))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        definition = shipped(game)
        save(counter_row(definition, COUNTERS[game]), f"counters-{game}.png")
        save(map_crop(definition, MAP_CROPS[game]), f"map-{game}.png")
    save(map_crop(shipped("vallon"), MAP_CROPS["vallon"]), "map-vallon.png")
    save(marker_rows(), "counters-markers.png")
    jerusalem = shipped("jerusalem")
    page = render_aid_pages(jerusalem, AidSpec(dpi=100))[2]  # the Unit Identification Chart
    save(page.crop((0, 0, page.width, page.height * 2 // 3)), "aid-jerusalem.png")
    game, cards = CARDS
    save(card_row(shipped(game), cards), f"cards-{game}.png")
    game, setup, crop = VASSAL_VIEW
    view = vassal_view(game, setup)
    dpi = 150  # the module's board resolution for a card game
    left, top, right, bottom = (round(v * dpi) for v in crop)
    save(view.crop((left, top, right, bottom)), f"vassal-{game}.png")
    balance_run()


def shipped(game: str) -> ValidGame:
    valid = validate_game(ROOT / "source_data" / game, run_replays=False).valid
    assert valid is not None, f"{game} does not validate"
    return valid


def balance_run() -> None:
    """The README's balance example: 2,000 random Onslaught games, the table and its plot."""
    from compiler.simulate import simulate
    from compiler.simulate.plot import plot_tables
    from compiler.simulate.report import format_tables

    folder = ROOT / "source_data" / "israel1948"
    tables = simulate(folder, shipped("israel1948"), scenarios=("onslaught",), games=2000, jobs=2)
    save(plot_tables(tables, "Israel 1948: balance run"), "balance-israel1948.png")
    (OUT / "balance-israel1948.txt").write_text(format_tables(tables), encoding="utf-8")


if __name__ == "__main__":
    main()
