"""`wgc grid fit` and `wgc slice`: the tools that turn a scanned map and counter sheets into data.

Each command reads its images through compiler/art (the same limits as a game's art),
calls one library function and prints what it found; what it writes is written
atomically.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import click

from compiler.errors import EXIT_INVALID, EXIT_OK, DataError, OutputError

IMAGE = click.Path(exists=True, dir_okay=False, path_type=Path)
PREFIX = re.compile(r"[a-z0-9]+([-_.][a-z0-9]+)*")  # an id of common.schema.json: a file's name too


@click.group("grid", short_help="Find the hex grid of a map image.")
def grid_group() -> None:
    """Hex grids on images: `wgc grid fit MAP.png` finds one and writes its registration."""


@grid_group.command("fit", short_help="Find the hex grid of a map image and write its registration.")
@click.argument("image_path", metavar="MAP", type=IMAGE)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the registration (JSON) here.",
)
@click.option(
    "--straighten",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the map turned straight here (PNG), and register the grid on that image.",
)
@click.option("--name", help="The image's path as map.json names it (default: the file's name).")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="A summary and the JSON, or the JSON alone.",
)
def grid_fit(
    image_path: Path, output: Path | None, straighten: Path | None, name: str | None, output_format: str
) -> int:
    """Find the hex grid on MAP (orientation, hex size, column step, the first hex's centre)
    and print map.json's "image" registration and a "grid" to go with it.

    The residual says how far the measured hexes lie from the fitted grid, in pixels. A map
    scanned at a slant cannot be registered as it is (VASSAL's grids are not turned):
    --straighten writes it turned straight and registers the grid on that copy.
    """
    from compiler.art.gridfit.cli import run_fit

    found, summary = run_fit(image_path, straighten, name)
    if found is None:
        click.echo(f"error: {image_path}: {summary}", err=True)
        return EXIT_INVALID
    text = json.dumps(found, indent=2) + "\n"
    if output is not None:
        _write(output, text.encode())
    if output_format == "json":
        click.echo(text, nl=False)
    else:
        click.echo(summary)
        click.echo(text, nl=False)
    return EXIT_OK


def _write(path: Path, data: bytes) -> None:
    from compiler.output.atomic import write_bytes_atomic

    try:
        write_bytes_atomic(path, data)
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from exc


def data_error(message: str, hint: str | None = None) -> DataError:
    return DataError(message, hint=hint)


def _pair(text: str | None, name: str, cast: type = float) -> tuple[float, float] | None:
    if text is None:
        return None
    parts = text.replace("x", ",").split(",")
    try:
        a, b = (cast(part) for part in parts)
    except ValueError:
        raise click.BadParameter(f"'{text}' is not two numbers such as 40,60", param_hint=name) from None
    return a, b


@click.command("slice", short_help="Cut a scanned counter sheet into face images and a counters.json.")
@click.argument("front", type=IMAGE)
@click.option("--back", type=IMAGE, help="The back sheet (printed mirrored): each front gets its back.")
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("counters"),
    show_default=True,
    help="Folder for the face images and counters.json.",
)
@click.option("--prefix", default="counter", show_default=True, help="Start of each counter's id and file.")
@click.option("--grid", "grid_text", help="COLUMNSxROWS, with --origin, --pitch and --size: a grid given.")
@click.option("--origin", help="X,Y: the top-left corner of the first face, in pixels.")
@click.option("--pitch", help="DX,DY: from one face to the next (face and gutter), in pixels.")
@click.option("--size", "size_text", help="W,H: a face, in pixels.")
@click.option(
    "--flip",
    type=click.Choice(["long", "short"]),
    default="long",
    show_default=True,
    help="How the sheet turns over: on its long edge (backs mirrored left to right) or short edge.",
)
@click.option("--art-path", default="art/counters", show_default=True, help="The folder's path in the game.")
def slice_command(
    front: Path,
    back: Path | None,
    output: Path,
    prefix: str,
    grid_text: str | None,
    origin: str | None,
    pitch: str | None,
    size_text: str | None,
    flip: str,
    art_path: str,
) -> int:
    """Cut FRONT (a scanned or exported counter sheet) into one image per face, find or take
    its grid, pair each face with its back on --back, and write counters.json naming them.

    Without --grid the grid is found from the gutters between faces; give it (all four of
    --grid, --origin, --pitch, --size) for a sheet whose faces touch.
    """
    from compiler.art.slicing_cli import run_slice

    if not PREFIX.fullmatch(prefix) or len(prefix) > 40:
        raise click.BadParameter(
            f"'{prefix[:60]}' is not an id: lower-case letters and digits, words joined by '-', '_' "
            "or '.' (it starts each counter's id and file name)",
            param_hint="--prefix",
        )
    given = (
        _pair(grid_text, "--grid", int),
        _pair(origin, "--origin"),
        _pair(pitch, "--pitch"),
        _pair(size_text, "--size"),
    )
    if any(part is not None for part in given) and any(part is None for part in given):
        raise click.UsageError("a grid is given with all four of --grid, --origin, --pitch and --size")
    summary, ok = run_slice(
        front, back, output, prefix, given if given[0] is not None else None, flip, art_path
    )
    click.echo(summary, err=not ok)
    return EXIT_OK if ok else EXIT_INVALID
