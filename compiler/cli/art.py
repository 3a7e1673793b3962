"""`wgc grid fit` and `wgc slice`: the tools that turn a scanned map and counter sheets into data.

Each command reads its images through compiler/art (the same limits as a game's art),
calls one library function and prints what it found; what it writes is written
atomically.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from compiler.errors import EXIT_INVALID, EXIT_OK, DataError, OutputError

IMAGE = click.Path(exists=True, dir_okay=False, path_type=Path)


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
