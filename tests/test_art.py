"""Image files a game names: read inside the game folder only, within limits, never a traceback.

Each hostile file below (a decompression bomb, a file cut short, a disguised format,
SVGs that reach outside themselves or expand without end, paths that leave the game
folder) must come back as an ArtError with a diagnostic code, not as an exception
from Pillow, lxml or CairoSVG, and not after decoding gigabytes.
"""

from __future__ import annotations

import io
import os
import struct
import sys
import zlib
from pathlib import Path

import pytest
from PIL import Image

from compiler.art import limits
from compiler.art.files import artwork_image, load_image, read_artwork
from compiler.art.svg import screen_svg
from compiler.diagnostics import codes
from compiler.loading.art_errors import ArtError
from compiler.loading.art_reader import ArtReader


def png_bytes(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def with_size(png: bytes, width: int, height: int) -> bytes:
    """The PNG with its header claiming another size (and a valid CRC): a bomb's header."""
    start = 8  # after the signature: length, "IHDR", 13 bytes of data, CRC
    data = bytearray(png[start + 8 : start + 8 + 13])
    data[0:8] = struct.pack(">II", width, height)
    crc = struct.pack(">I", zlib.crc32(b"IHDR" + bytes(data)) & 0xFFFFFFFF)
    return png[: start + 8] + bytes(data) + crc + png[start + 8 + 13 + 4 :]


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    (folder / "art").mkdir(parents=True)
    return folder


def error_of(root: Path, name: str) -> ArtError:
    with pytest.raises(ArtError) as caught:
        read_artwork(root, name)
    return caught.value


def test_a_png_is_read_with_its_size_and_digest(game: Path) -> None:
    (game / "art" / "face.png").write_bytes(png_bytes(Image.new("RGB", (40, 30), "red")))
    art = read_artwork(game, "art/face.png")
    assert (art.kind, art.width, art.height, len(art.digest)) == ("png", 40, 30, 64)
    assert artwork_image(art, (20, 15)).size == (20, 15)


def test_a_jpeg_named_png_is_read_as_jpeg(game: Path) -> None:
    out = io.BytesIO()
    Image.new("RGB", (16, 16), "blue").save(out, "JPEG")
    (game / "art" / "face.png").write_bytes(out.getvalue())
    assert read_artwork(game, "art/face.png").kind == "jpeg"


def test_a_decompression_bomb_is_refused_before_it_is_decoded(game: Path) -> None:
    bomb = with_size(png_bytes(Image.new("1", (8, 8))), 100_000, 100_000)
    (game / "art" / "bomb.png").write_bytes(bomb)
    found = error_of(game, "art/bomb.png")
    assert found.code == codes.ART_TOO_LARGE
    assert "100000 x 100000" in found.message or "pixels" in found.message


def test_an_image_just_over_the_pixel_limit_is_refused(game: Path) -> None:
    side = int(limits.IMAGE_PIXELS**0.5) + 10
    (game / "art" / "big.png").write_bytes(with_size(png_bytes(Image.new("1", (8, 8))), side, side))
    assert error_of(game, "art/big.png").code == codes.ART_TOO_LARGE


def test_a_png_cut_short_is_damaged(game: Path) -> None:
    whole = png_bytes(Image.effect_noise((200, 200), 40).convert("RGB"))
    (game / "art" / "cut.png").write_bytes(whole[: len(whole) // 2])
    found = error_of(game, "art/cut.png")
    assert found.code == codes.ART_UNREADABLE and "cut short" in found.message


def test_a_jpeg_cut_short_is_damaged(game: Path) -> None:
    out = io.BytesIO()
    Image.effect_noise((300, 300), 60).convert("RGB").save(out, "JPEG", quality=95)
    (game / "art" / "cut.jpg").write_bytes(out.getvalue()[: len(out.getvalue()) // 3])
    assert error_of(game, "art/cut.jpg").code == codes.ART_UNREADABLE


def test_text_named_png_is_not_an_image(game: Path) -> None:
    (game / "art" / "notes.png").write_text("not an image")
    assert error_of(game, "art/notes.png").code == codes.ART_UNREADABLE


def test_a_gif_is_not_read(game: Path) -> None:
    out = io.BytesIO()
    Image.new("P", (4, 4)).save(out, "GIF")
    (game / "art" / "old.png").write_bytes(out.getvalue())
    assert error_of(game, "art/old.png").code == codes.ART_UNREADABLE


@pytest.mark.parametrize(
    "name", ["../outside.png", "/etc/passwd.png", "art/../../outside.png", "art\\face.png"]
)
def test_paths_outside_the_game_are_refused(game: Path, name: str) -> None:
    (game.parent / "outside.png").write_bytes(png_bytes(Image.new("RGB", (4, 4))))
    assert error_of(game, name).code == codes.ART_OUTSIDE_GAME


def test_a_link_out_of_the_game_is_refused(game: Path) -> None:
    (game.parent / "outside.png").write_bytes(png_bytes(Image.new("RGB", (4, 4))))
    (game / "art" / "link.png").symlink_to(game.parent / "outside.png")
    assert error_of(game, "art/link.png").code == codes.ART_OUTSIDE_GAME


def test_a_missing_file_and_a_folder_and_a_fifo(game: Path) -> None:
    assert error_of(game, "art/none.png").code == codes.ART_MISSING
    (game / "art" / "dir.png").mkdir()
    assert error_of(game, "art/dir.png").code == codes.ART_UNREADABLE
    if hasattr(os, "mkfifo"):
        os.mkfifo(game / "art" / "pipe.png")
        assert error_of(game, "art/pipe.png").code == codes.ART_UNREADABLE  # and it did not wait


def test_a_file_past_the_byte_limit_is_not_read_whole(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "IMAGE_BYTES", 1000)
    (game / "art" / "large.png").write_bytes(png_bytes(Image.effect_noise((100, 100), 50).convert("RGB")))
    assert error_of(game, "art/large.png").code == codes.ART_TOO_LARGE


def test_the_reader_reads_each_file_once(game: Path) -> None:
    (game / "art" / "face.png").write_bytes(png_bytes(Image.new("RGB", (4, 4))))
    reader = ArtReader(game)
    first = reader.read("art/face.png")
    (game / "art" / "face.png").unlink()
    assert reader.read("art/face.png") is first


SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" {size}>{body}</svg>'


def svg(
    body: str = '<rect width="10" height="10" fill="red"/>', size: str = 'width="1in" height="0.5in"'
) -> bytes:
    return SVG.format(size=size, body=body).encode()


def test_an_svg_states_its_size_in_css_pixels() -> None:
    assert screen_svg(svg()) == (96.0, 48.0)
    assert screen_svg(svg(size='viewBox="0 0 200 100"')) == (200.0, 100.0)


@pytest.mark.parametrize(
    "body",
    [
        '<image href="file:///etc/passwd" width="10" height="10"/>',
        '<image xlink:href="https://example.invalid/x.png" width="10" height="10"/>',
        '<image href="other.png" width="10" height="10"/>',
        '<image href="data:image/png;base64,AAAA" width="10" height="10"/>',
        '<rect width="10" height="10" fill="url(https://example.invalid/p.svg#g)"/>',
        '<rect width="10" height="10" style="fill: url(other.svg#g)"/>',
        "<style>@import url(https://example.invalid/a.css);</style>",
        "<style>rect { fill: url(file:///etc/x) }</style>",
        '<use href="other.svg#shape"/>',
    ],
)
def test_an_svg_that_reaches_outside_itself_is_refused(body: str) -> None:
    with pytest.raises(ArtError) as caught:
        screen_svg(svg(body))
    assert caught.value.code == codes.ART_EXTERNAL_REFERENCE


def test_an_svg_with_entities_is_refused() -> None:
    laughs = (
        b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>'
        b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&b;</text></svg>'
    )
    with pytest.raises(ArtError) as caught:
        screen_svg(laughs)
    assert caught.value.code == codes.ART_EXTERNAL_REFERENCE


def test_an_svg_of_absurd_size_is_refused() -> None:
    with pytest.raises(ArtError) as caught:
        screen_svg(svg(size='width="1000000" height="10"'))
    assert caught.value.code == codes.ART_TOO_LARGE


def test_an_svg_whose_uses_multiply_is_refused() -> None:
    levels = ['<g id="l0"><rect width="1" height="1"/></g>']
    for level in range(1, 8):
        uses = "".join(f'<use href="#l{level - 1}"/>' for _ in range(10))
        levels.append(f'<g id="l{level}">{uses}</g>')
    with pytest.raises(ArtError) as caught:
        screen_svg(svg("<defs>" + "".join(levels) + "</defs>"))
    assert caught.value.code == codes.ART_TOO_LARGE


def test_an_svg_whose_uses_loop_is_refused() -> None:
    body = '<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'
    with pytest.raises(ArtError):
        screen_svg(svg(body))


def test_an_svg_nested_too_deep_is_refused() -> None:
    body = "<g>" * (limits.SVG_DEPTH + 5) + "</g>" * (limits.SVG_DEPTH + 5)
    with pytest.raises(ArtError) as caught:
        screen_svg(svg(body))
    assert caught.value.code == codes.ART_TOO_LARGE


def test_broken_xml_and_other_xml_are_not_svg() -> None:
    for data in (b"<svg", b'<html xmlns="http://www.w3.org/1999/xhtml"/>'):
        with pytest.raises(ArtError) as caught:
            screen_svg(data)
        assert caught.value.code == codes.ART_UNREADABLE


def test_an_svg_is_drawn_at_the_size_asked(game: Path) -> None:
    (game / "art" / "face.svg").write_bytes(svg())
    art = read_artwork(game, "art/face.svg")
    assert (art.kind, art.size) == ("svg", (96, 48))
    drawn = artwork_image(art, (200, 100))
    assert drawn.size == (200, 100)
    assert drawn.getpixel((5, 5))[:3] == (255, 0, 0)  # the rect, scaled


def test_without_cairosvg_an_svg_is_a_clear_diagnostic(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg now raises ImportError
    (game / "art" / "face.svg").write_bytes(svg())
    art = read_artwork(game, "art/face.svg")  # screening needs no cairo
    with pytest.raises(ArtError) as caught:
        artwork_image(art)
    assert caught.value.code == codes.ART_SVG_UNAVAILABLE
    assert "pip install" in (caught.value.hint or "")


def test_a_file_changed_after_validation_is_not_drawn(game: Path) -> None:
    (game / "art" / "face.png").write_bytes(png_bytes(Image.new("RGB", (4, 4), "red")))
    art = read_artwork(game, "art/face.png")
    (game / "art" / "face.png").write_bytes(png_bytes(Image.new("RGB", (4, 4), "blue")))
    with pytest.raises(ArtError) as caught:
        artwork_image(art)
    assert "changed" in caught.value.message


def test_load_image_flattens_transparency_on_white(tmp_path: Path) -> None:
    path = tmp_path / "sheet.png"
    Image.new("RGBA", (4, 4), (0, 0, 0, 0)).save(path)
    image = load_image(path)
    assert image.mode == "RGB" and image.getpixel((0, 0)) == (255, 255, 255)
