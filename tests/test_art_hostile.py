"""Art files as hostile input (issue 28, "also probe"): odd PNGs and JPEGs, SVGs whose size or
viewBox cairo cannot draw, SVGs that reach outside in ways a plain reading misses, and `wgc
slice` and `wgc grid fit` on all of them. Whatever the file, the answer is an image or an
ArtError (a diagnostic), never another exception; and what validation accepts, the build draws.
A hypothesis fuzz over images and SVG sizes checks the same within a few seconds.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from compiler.art.decode import decode_raster
from compiler.art.files import artwork_image, load_image, read_artwork
from compiler.art.slicing import NoSheetGrid, find_sheet_grid
from compiler.art.svg import render_svg, screen_svg, svg_available
from compiler.cli.main import cli
from compiler.diagnostics import codes
from compiler.loading.art_errors import ArtError

EXAMPLES = int(os.environ.get("WGC_ART_FUZZ_EXAMPLES", "40"))
SHEET = Path(__file__).resolve().parent / "art_game" / "art" / "sheet-front.png"
needs_cairo = pytest.mark.skipif(not svg_available(), reason="CairoSVG and libcairo are not installed")


def saved(image: Image.Image, kind: str = "PNG", **options: object) -> bytes:
    out = io.BytesIO()
    image.save(out, kind, **options)
    return out.getvalue()


def gradient16() -> Image.Image:
    """16-bit grey from black to white, left to right."""
    return Image.fromarray(np.tile(np.linspace(0, 65535, 64).astype(np.uint16), (16, 1)))


def face() -> Image.Image:
    image = Image.new("RGB", (40, 30), "white")
    image.paste((200, 30, 30), (5, 5, 35, 25))
    return image


def palette_with_transparency() -> bytes:
    image = face().convert("P")
    return saved(image, transparency=0)


def animated() -> bytes:
    return saved(face(), save_all=True, append_images=[face().rotate(90)])


def exif_rotated() -> bytes:
    exif = Image.Exif()
    exif[0x0112] = 6  # "turn 90 degrees to view": Java's ImageIO, and so VASSAL, ignores it
    return saved(face(), "JPEG", exif=exif)


ODD_RASTERS: dict[str, Callable[[], bytes]] = {
    "1x1.png": lambda: saved(Image.new("RGB", (1, 1), "red")),
    "100000x1.png": lambda: saved(Image.new("RGB", (100_000, 1), "red")),
    "1x100000.png": lambda: saved(Image.new("RGB", (1, 100_000), "red")),
    "16-bit.png": lambda: saved(gradient16()),
    "16-bit-blank.png": lambda: saved(Image.new("I;16", (60, 60), 40_000)),
    "grey-alpha.png": lambda: saved(face().convert("LA")),
    "1-bit.png": lambda: saved(face().convert("1")),
    "palette-transparency.png": palette_with_transparency,
    "apng.png": animated,
    "gif-named.png": lambda: saved(face(), "GIF"),
    "cmyk.jpg": lambda: saved(face().convert("CMYK"), "JPEG"),
    "grey.jpg": lambda: saved(face().convert("L"), "JPEG"),
    "exif-rotated.jpg": exif_rotated,
    "truncated.png": lambda: saved(face())[:60],
    "truncated.jpg": lambda: saved(face(), "JPEG")[:200],
    "empty.png": lambda: b"",
}


@pytest.fixture
def game(tmp_path: Path) -> Path:
    (tmp_path / "game" / "art").mkdir(parents=True)
    return tmp_path / "game"


@pytest.mark.parametrize("name", sorted(ODD_RASTERS))
def test_an_odd_raster_is_an_image_or_a_diagnostic(game: Path, name: str) -> None:
    path = game / "art" / name
    path.write_bytes(ODD_RASTERS[name]())
    try:
        art = read_artwork(game, f"art/{name}")
    except ArtError as exc:
        assert exc.code in (codes.ART_UNREADABLE, codes.ART_TOO_LARGE), exc.code
        return
    drawn = artwork_image(art)
    assert drawn.size == art.size and drawn.mode == "RGBA"
    assert load_image(path).size == art.size


def test_a_16_bit_grey_png_keeps_its_greys() -> None:
    """Pillow opens it as 16-bit integers and clips them at 255 when converting: every pixel but
    black was drawn white."""
    drawn = decode_raster(saved(gradient16())).convert("RGB")
    row = np.asarray(drawn)[0, :, 0].astype(int)
    assert row[0] == 0 and row[-1] == 255
    assert 100 < row[32] < 155  # the middle is mid-grey
    assert (np.diff(row) >= 0).all()


def test_an_exif_rotation_is_not_applied_as_vassal_does_not(game: Path) -> None:
    (game / "art" / "turned.jpg").write_bytes(exif_rotated())
    assert read_artwork(game, "art/turned.jpg").size == (40, 30)  # as stored


@pytest.mark.parametrize("name", sorted(ODD_RASTERS))
def test_slice_and_grid_fit_answer_any_image(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(ODD_RASTERS[name]())
    runner = CliRunner()
    for args in (["slice", str(path), "-o", str(tmp_path / "faces")], ["grid", "fit", str(path)]):
        done = runner.invoke(cli, args)
        assert done.exception is None or isinstance(done.exception, SystemExit), (args, done.exception)
        assert done.exit_code in (0, 1), done.output


def test_slice_says_a_blank_sheet_is_blank(tmp_path: Path) -> None:
    path = tmp_path / "blank.png"
    path.write_bytes(saved(Image.new("RGB", (300, 200), "white")))
    done = CliRunner().invoke(cli, ["slice", str(path), "-o", str(tmp_path / "faces")])
    assert done.exit_code == 1 and (done.exception is None or isinstance(done.exception, SystemExit))
    assert "blank" in done.output


@pytest.mark.parametrize(
    ("grid", "origin", "pitch", "size", "says"),
    [
        ("0x0", "0,0", "10,10", "10,10", "faces in all"),
        ("101x100", "0,0", "1,1", "1,1", "faces in all"),  # 3000x3000 (9 million) took hours before
        ("2x2", "nan,0", "10,10", "10,10", "finite"),
        ("2x2", "0,0", "inf,10", "10,10", "finite"),
        ("2x2", "0,0", "10,10", "nan,5", "finite"),
        ("2x2", "0,0", "10,10", "0,0", "at least 1 x 1"),  # empty images were written
        ("2x2", "0,0", "10,10", "-5,-5", "at least 1 x 1"),
        ("2x2", "0,0", "0,10", "10,10", "more than 0"),
        ("2x2", "1e9,1e9", "10,10", "10,10", "past the sheet"),  # blank faces were written
        ("2x2", "0,0", "10,10", "1e9,1e9", "past the sheet"),  # Pillow's bomb error before
    ],
)
def test_slice_refuses_a_given_grid_that_cuts_no_whole_faces(
    tmp_path: Path, grid: str, origin: str, pitch: str, size: str, says: str
) -> None:
    out = tmp_path / "faces"
    args = ["slice", str(SHEET), "-o", str(out), "--grid", grid, "--origin", origin, "--pitch", pitch]
    done = CliRunner().invoke(cli, [*args, "--size", size])
    assert done.exit_code == 1, done.output
    assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
    assert says in done.output and not out.exists()


@pytest.mark.parametrize("prefix", ["../outside", "/tmp/x", "a/b", "Upper", ""])
def test_slice_takes_a_prefix_that_is_an_id(tmp_path: Path, prefix: str) -> None:
    out = tmp_path / "deep" / "faces"
    done = CliRunner().invoke(cli, ["slice", str(SHEET), "-o", str(out), "--prefix", prefix])
    assert done.exit_code == 2 and "--prefix" in done.output
    assert not (tmp_path / "deep").exists()


SVG = '<svg xmlns="http://www.w3.org/2000/svg" {size}><rect width="5" height="5" fill="red"/></svg>'
UNDRAWABLE = [
    'width="1e-300" height="1e-300"',
    'width="60" height="60" viewBox="0 0 1e-300 1e-300"',
    'width="60" height="60" viewBox="0 0 1e300 1e300"',
    'width="60" height="60" viewBox="0 0 inf inf"',
    'width="60" height="60" viewBox="0 0 nan 5"',
    'width="60" height="60" viewBox="0 0 -5 -5"',
    'width="1" height="1" viewBox="0 0 0 5mm"',  # the fuzz's first find: CairoSVG reads floats
    'width="0" height="0" viewBox="0 inf 1 1"',
]


@pytest.mark.parametrize("size", UNDRAWABLE)
def test_an_svg_cairo_cannot_draw_is_refused_by_validation(size: str) -> None:
    """Before, each passed validation and stopped the build (cairo: invalid matrix)."""
    with pytest.raises(ArtError) as caught:
        screen_svg(SVG.format(size=size).encode())
    assert caught.value.code == codes.ART_UNREADABLE


@pytest.mark.parametrize(
    "data",
    [
        '<svg xmlns="http://www.w3.org/2000/svg" width="6" height="6">'
        '<rect width="5" height="5" style="fill:u\\72l(http://127.0.0.1:9/f#a)"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" width="6" height="6">'
        "<style>rect { fill: \\75\\72\\6c(file:///etc/passwd) }</style></svg>",
        '<?xml version="1.0"?><?xml-stylesheet href="http://127.0.0.1:9/s.css"?>'
        '<svg xmlns="http://www.w3.org/2000/svg" width="6" height="6"/>',
    ],
    ids=["css-escaped-url", "css-escaped-url-in-style", "xml-stylesheet"],
)
def test_an_svg_reference_hidden_from_a_plain_reading_is_refused(data: str) -> None:
    with pytest.raises(ArtError) as caught:
        screen_svg(data.encode())
    assert caught.value.code == codes.ART_EXTERNAL_REFERENCE


def test_an_svg_of_its_own_references_and_instructions_still_passes() -> None:
    data = (
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="6" height="6">'
        '<?inkscape-note anything?><defs><linearGradient id="g"/></defs>'
        '<rect width="5" height="5" style="fill:url(\\#g)"/></svg>'
    )
    assert screen_svg(data.encode()) == (6.0, 6.0)


# --- fuzz: any image file, any SVG size ---------------------------------------------------------

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
MODES = ["1", "L", "LA", "P", "RGB", "RGBA", "I;16", "CMYK"]


@st.composite
def image_files(draw: st.DrawFn) -> bytes:
    """A small PNG or JPEG of any mode and shape, perhaps with bytes changed or cut short."""
    mode = draw(st.sampled_from(MODES))
    width, height = draw(st.integers(1, 48)), draw(st.integers(1, 48))
    seed = draw(st.integers(0, 2**16))
    noise = np.random.default_rng(seed).integers(0, 256, (height, width, 3), dtype=np.uint8)
    image = Image.fromarray(noise).convert(mode if mode not in ("I;16",) else "L")
    if mode == "I;16":
        image = Image.fromarray(np.asarray(image).astype(np.uint16) * 257)
    jpeg = mode in ("L", "RGB", "CMYK") and draw(st.booleans())
    data = bytearray(
        saved(image, "JPEG") if jpeg else saved(image.convert("RGB") if mode == "CMYK" else image)
    )
    for where, value in draw(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255)), max_size=3)):
        data[int(where * (len(data) - 1))] = value
    cut = draw(st.floats(0.1, 1.0)) if draw(st.booleans()) else 1.0
    return bytes(data[: max(1, int(cut * len(data)))])


@FUZZ
@given(data=image_files())
def test_any_image_file_is_an_image_or_a_diagnostic(
    tmp_path_factory: pytest.TempPathFactory, data: bytes
) -> None:
    game = tmp_path_factory.mktemp("fuzz")
    (game / "art").mkdir()
    (game / "art" / "face.png").write_bytes(data)
    try:
        art = read_artwork(game, "art/face.png")
        drawn = artwork_image(art)
        assert drawn.size == art.size
        sheet = load_image(game / "art" / "face.png")
    except ArtError:
        return
    with contextlib.suppress(NoSheetGrid):
        find_sheet_grid(sheet)


SIDES = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True).map(lambda n: f"{n:g}"),
    st.sampled_from(["0", "-1", "1e-300", "0.001", "1", "60", "1e300", "5mm", "1in", "100%", "x"]),
)


@needs_cairo
@FUZZ
@given(width=SIDES, height=SIDES, view=st.none() | st.lists(SIDES, min_size=4, max_size=4))
def test_an_svg_that_validation_accepts_is_drawn(width: str, height: str, view: list[str] | None) -> None:
    size = f'width="{width}" height="{height}"' + (f' viewBox="{" ".join(view)}"' if view else "")
    data = SVG.format(size=size).encode()
    try:
        declared = screen_svg(data)
    except ArtError:
        return
    drawn = render_svg(data, max(1, min(200, round(declared[0]))), max(1, min(200, round(declared[1]))))
    assert drawn.mode == "RGBA"


def test_slice_holds_a_large_sheet_in_bounded_memory(tmp_path: Path) -> None:
    """A 20-million-pixel sheet: the whole of it in 32-bit integers took 700 MB (3.1 GB and 23 s
    at the 80-million-pixel limit, bench/art_hostile.py); a band at a time, the image and a mask."""
    from .bounded import run_wgc

    sheet = tmp_path / "sheet.png"
    Image.new("RGB", (5000, 4000), "white").save(sheet)
    outcome = run_wgc(["slice", str(sheet), "-o", str(tmp_path / "faces")], tmp_path, timeout=120)
    assert outcome.exit_code == 1 and "blank" in outcome.stdout + outcome.stderr
    assert outcome.peak_mb is not None and outcome.peak_mb < 330, outcome.peak_mb
