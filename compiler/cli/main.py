"""The `wgc` command: a thin layer over the pipeline.

The renderers and the VASSAL back end are imported inside the commands that use
them, so that `wgc validate` does not pay for loading them.

Exit codes: 0 success (warnings allowed), 1 invalid data or a failed check,
2 usage error (click's own). Nothing a user feeds in produces a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from compiler.cli.games import GAME_DIR, game_folders
from compiler.output import write_bytes_atomic, write_text_atomic
from compiler.pipeline import GameReport, validate_game
from compiler.render.units import PAPER_INCHES, LengthError, parse_length
from compiler.report.diagnostics_text import format_report, reports_json
from compiler.report.summary import format_summary, summarize

F = TypeVar("F", bound=Callable[..., Any])


def output_option(help_text: str) -> Callable[[F], F]:
    """-o/--output, a folder that defaults to ./build."""
    return click.option(
        "-o",
        "--output",
        type=click.Path(file_okay=False, path_type=Path),
        default=Path("build"),
        show_default=True,
        help=help_text,
    )


OUTPUT_PER_GAME = output_option("Folder for the outputs (one sub-folder per game).")
FORMAT = click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Output for people or for tools.",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="wargame-module-compiler")
def cli() -> None:
    """Validate declarative wargame data and compile it into VASSAL modules."""


@cli.command()
@click.argument("game_dirs", nargs=-1, type=GAME_DIR)
@FORMAT
@click.option(
    "--warnings/--no-warnings",
    default=True,
    show_default=True,
    help="Show warnings as well as errors (text output).",
)
@click.option(
    "-v", "--verbose", is_flag=True, help="List every reconstructed value instead of a count per file."
)
def validate(game_dirs: tuple[Path, ...], output_format: str, warnings: bool, verbose: bool) -> None:
    """Check games against the schemas and the cross-checks.

    With no GAME_DIR, every game under ./source_data is checked. Every problem
    is reported at once, by file, line and column.
    """
    reports = [validate_game(path) for path in game_folders(game_dirs)]
    if output_format == "json":
        click.echo(reports_json(reports))
    else:
        colour = sys.stdout.isatty()
        for report in reports:
            click.echo(format_report(report, warnings, colour, verbose))
    sys.exit(0 if all(r.ok for r in reports) else 1)


@cli.command()
@click.argument("game_dir", type=GAME_DIR)
@FORMAT
def info(game_dir: Path, output_format: str) -> None:
    """Summarise a game: map, counters, scenarios, charts and provenance."""
    report = validate_game(game_dir)
    summary = summarize(report)
    if output_format == "json":
        click.echo(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        click.echo(format_summary(summary))
    sys.exit(0 if report.ok else 1)


@cli.command()
@click.argument("game_dirs", nargs=-1, type=GAME_DIR)
@output_option("Folder for the outputs.")
@FORMAT
def build(game_dirs: tuple[Path, ...], output: Path, output_format: str) -> None:
    """Validate games and compile each valid one into OUTPUT/<game>.vmod.

    Also writes OUTPUT/<game>/summary.json and diagnostics.json. A game with
    errors builds nothing and keeps its previous outputs; every file is
    replaced atomically, so a failed build never leaves half a module.
    """
    from compiler.vassal.module import build_module

    folders = game_folders(game_dirs)
    reports = []
    for folder in folders:
        _progress(output_format, f"{folder.name}: validating ...")
        report = validate_game(folder)
        reports.append(report)
        if output_format == "text":
            click.echo(format_report(report, show_warnings=False))
        if not report.ok:
            _progress(output_format, f"{report.name}: not built because of the errors above")
            continue
        _progress(output_format, f"{report.name}: compiling the VASSAL module ...")
        module = output / f"{report.name}.vmod"
        write_bytes_atomic(module, build_module(report.definition))
        _write_outputs(report, output / report.name)
        _progress(output_format, f"{report.name}: wrote {module}")
    if output_format == "json":
        click.echo(reports_json(reports))
    sys.exit(0 if all(r.ok for r in reports) else 1)


def _progress(output_format: str, message: str) -> None:
    """Progress lines for people; JSON output stays machine-readable on stdout."""
    click.echo(message, err=output_format == "json")


@cli.command("inspect")
@click.argument("module", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@FORMAT
def inspect_command(module: Path, output_format: str) -> None:
    """Check any .vmod the way VASSAL loads it, and summarise it.

    Reports unknown component classes, missing images, duplicate piece ids,
    pieces and setups that do not decode, and pieces that land off the board;
    lists maps, boards, grids, piece slots and each setup's pieces by location.
    """
    from compiler.vassal.inspect import inspect_module
    from compiler.vassal.report import format_inspection

    result = inspect_module(module)
    if output_format == "json":
        click.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        click.echo(format_inspection(result))
    sys.exit(0 if result.ok else 1)


@cli.command()
@click.argument("game_dir", type=GAME_DIR)
@click.argument("replay_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--trace", is_flag=True, help="Print every step and the events it caused.")
def replay(game_dir: Path, replay_file: Path, trace: bool) -> None:
    """Run a replay against a game's rules: exit 0 when every expectation holds.

    REPLAY_FILE may lie anywhere; a game's own replays/ are also run by `wgc validate`.
    """
    from compiler.cli.replay import run_replay_command

    sys.exit(run_replay_command(game_dir, replay_file, trace))


@cli.command()
@click.argument("game_dir", type=GAME_DIR)
@click.argument("scenario", required=False)
@click.option(
    "--seed", type=int, help="Seed of the dice (a random one if left out); it is written in the replay."
)
@click.option(
    "--save", "save_path", type=click.Path(dir_okay=False, path_type=Path), help="Replay file to write."
)
@click.option(
    "--resume", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="Go on with a saved game."
)
def play(
    game_dir: Path, scenario: str | None, seed: int | None, save_path: Path | None, resume: Path | None
) -> None:
    """Play SCENARIO at the terminal; the game is saved as a replay (default: SCENARIO-play.json)."""
    from compiler.play import run_play_command

    sys.exit(run_play_command(game_dir, scenario, seed, save_path, resume))


def _valid_reports(game_dirs: tuple[Path, ...]) -> list[GameReport]:
    """Validate each game; print the errors of the invalid ones (they are skipped)."""
    reports = [validate_game(path) for path in game_folders(game_dirs)]
    for report in reports:
        if not report.ok:
            click.echo(format_report(report, show_warnings=False), err=True)
            click.echo(f"{report.name}: not rendered because of the errors above", err=True)
    return reports


def _length(text: str, name: str) -> float:
    try:
        return parse_length(text)
    except LengthError as exc:
        raise click.BadParameter(str(exc), param_hint=name) from exc


PAPER = click.option(
    "--paper",
    type=click.Choice(sorted(PAPER_INCHES)),
    default="letter",
    show_default=True,
    help="Paper size.",
)


@cli.command()
@click.argument("game_dirs", nargs=-1, type=GAME_DIR)
@OUTPUT_PER_GAME
@PAPER
@click.option(
    "--size", default="5/8in", show_default=True, help="Counter size: 1/2in, 5/8in, 3/4in, 16mm ..."
)
@click.option(
    "--dpi", type=click.IntRange(72, 1200), default=300, show_default=True, help="Print resolution."
)
@click.option("--bleed", default="0in", show_default=True, help="Artwork beyond each cut line, e.g. 1/16in.")
@click.option("--cut-lines/--no-cut-lines", default=True, show_default=True, help="Draw thin cutting lines.")
def sheets(
    game_dirs: tuple[Path, ...], output: Path, paper: str, size: str, dpi: int, bleed: str, cut_lines: bool
) -> None:
    """Print-and-play counter sheets: a PDF with fronts and mirrored backs, and a PNG per page.

    Print the PDF duplex, flipping on the long edge: every back lands behind
    its front. The cross-hairs at the top corners show whether the printer
    kept the two sides aligned.
    """
    from compiler.output.printables import write_sheets
    from compiler.render.sheets import SheetSpec

    spec = SheetSpec(
        paper=paper,
        counter=_length(size, "--size"),
        dpi=dpi,
        bleed=_length(bleed, "--bleed"),
        cut_lines=cut_lines,
    )
    reports = _valid_reports(game_dirs)
    valid = [r for r in reports if r.ok]
    try:
        # One game's pages are encoded while the next one is rendered.
        done = write_sheets([(r.definition, output / r.name / "sheets") for r in valid], spec)
        for report, written in zip(valid, done, strict=True):
            click.echo(f"{report.name}: wrote {len(written)} files to {output / report.name / 'sheets'}")
    except ValueError as exc:
        raise click.UsageError(str(exc)) from exc
    sys.exit(0 if all(r.ok for r in reports) else 1)


@cli.command("map")
@click.argument("game_dir", type=GAME_DIR)
@OUTPUT_PER_GAME
@click.option("--dpi", type=click.IntRange(50, 600), default=150, show_default=True, help="Resolution.")
@PAPER
def map_command(game_dir: Path, output: Path, dpi: int, paper: str) -> None:
    """Render the board: one PNG, and a PDF tiled over pages with overlaps and tile labels."""
    from compiler.output.printables import write_map

    reports = _valid_reports((game_dir,))
    report = reports[0]
    if report.ok:
        written = write_map(report.definition, output / report.name / "map", dpi, paper)
        click.echo(f"{report.name}: wrote {', '.join(str(p) for p in written)}")
    sys.exit(0 if report.ok else 1)


def _write_outputs(report: GameReport, folder: Path) -> None:
    write_text_atomic(folder / "summary.json", json.dumps(summarize(report), indent=2, sort_keys=True) + "\n")
    write_text_atomic(folder / "diagnostics.json", reports_json([report]) + "\n")


def main() -> None:
    cli(prog_name="wgc")
