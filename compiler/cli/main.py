"""The `wgc` command: a thin layer over the pipeline and the build driver.

Each command calls one library function and formats its answer; commands
return their exit code. `WgcGroup.invoke` is the one place that turns a
command's result or a `WgcError` into the process's exit code (0 success,
warnings allowed; 1 invalid data, a failed check or an output that cannot be
written; 2 usage error, click's own included). The renderers and the VASSAL
back end are imported inside the commands that use them, so that
`wgc validate` does not pay for loading them.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from compiler.cli.games import GAME_DIR, game_folders
from compiler.diagnostics.text import json_text
from compiler.errors import EXIT_INVALID, EXIT_OK, WgcError
from compiler.pipeline import validate_game
from compiler.presentation.units import PAPER_INCHES, LengthError, parse_length
from compiler.report.diagnostics_text import format_report, reports_json
from rules_engine.systems import SYSTEM_SUMMARIES

F = TypeVar("F", bound=Callable[..., Any])


class WgcGroup(click.Group):
    """Turns a command's returned exit code, or a WgcError it raises, into the process's exit."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            result = super().invoke(ctx)
        except WgcError as exc:
            click.echo(exc.render(), err=True)
            ctx.exit(exc.exit_code)
        if isinstance(result, int) and result != EXIT_OK:
            ctx.exit(result)
        return result


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


OUTPUT_PER_GAME = output_option("Folder for the outputs (one sub-folder per game, named by its id).")
FORMAT = click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Output for people or for tools.",
)
NO_REPLAYS = click.option(
    "--no-replays",
    is_flag=True,
    help="Skip the game's replays (while iterating on values the replays pin down).",
)


@click.group(cls=WgcGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="wargame-module-compiler")
def cli() -> None:
    """Validate declarative wargame data, replay it through its rules engine, and compile it
    into VASSAL modules, print-and-play sheets and maps."""


@cli.command(short_help="Check games: schemas, cross-checks and replays.")
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
def validate(game_dirs: tuple[Path, ...], output_format: str, warnings: bool, verbose: bool) -> int:
    """Check games against the schemas, the cross-checks and their replays.

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
    return EXIT_OK if all(r.ok for r in reports) else EXIT_INVALID


@cli.command(short_help="Summarise a game and how much of it is reconstructed.")
@click.argument("game_dir", type=GAME_DIR)
@FORMAT
def info(game_dir: Path, output_format: str) -> int:
    """Summarise a game: map, counters, scenarios, charts and provenance."""
    from compiler.report.summary import format_summary, summarize

    report = validate_game(game_dir)
    summary = summarize(report)
    if output_format == "json":
        click.echo(json_text(json.dumps(summary, indent=2, ensure_ascii=False)))
    else:
        click.echo(format_summary(summary))
    return EXIT_OK if report.ok else EXIT_INVALID


def _run_build(
    game_dirs: tuple[Path, ...],
    targets: tuple[str, ...],
    output: Path,
    output_format: str,
    **options: Any,
) -> int:
    """Build the targets; print reports as text (errors only) or as one JSON document."""
    from compiler.build import BuildOptions, build

    def progress(message: str) -> None:
        # JSON output stays machine-readable on stdout; progress goes to stderr.
        click.echo(message, err=output_format == "json")

    result = build(game_folders(game_dirs), targets, output, BuildOptions(**options), progress=progress)
    if output_format == "json":
        click.echo(reports_json(result.reports))
    else:
        for report in result.reports:
            if report.diagnostics:
                click.echo(format_report(report, show_warnings=False))
    return EXIT_OK if result.ok else EXIT_INVALID


@cli.command(short_help="Build each valid game into a VASSAL module (.vmod).")
@click.argument("game_dirs", nargs=-1, type=GAME_DIR)
@output_option("Folder for the outputs.")
@FORMAT
@NO_REPLAYS
@click.option(
    "--also",
    "also",
    multiple=True,
    type=click.Choice(["sheets", "map", "aids"]),
    help="Write these outputs too (repeatable), as `wgc sheets`, `wgc map` and `wgc aids` would.",
)
@click.option(
    "--watch", is_flag=True, help="Then rebuild a game each time one of its files is saved (Ctrl-C ends)."
)
def build(
    game_dirs: tuple[Path, ...],
    output: Path,
    output_format: str,
    no_replays: bool,
    also: tuple[str, ...],
    watch: bool,
) -> int:
    """Validate games and compile each valid one into OUTPUT/<game id>.vmod.

    Also writes OUTPUT/<game id>/summary.json and diagnostics.json. A game with
    errors builds nothing and keeps its previous outputs; every file is
    replaced atomically, so a failed build never leaves half a module. Drawings
    are kept in OUTPUT/.cache, so a rebuild redraws only what changed.
    """
    targets = ("module", *dict.fromkeys(also))
    code = _run_build(game_dirs, targets, output, output_format, run_replays=not no_replays)
    if not watch:
        return code
    from compiler.build import BuildOptions
    from compiler.cli.watching import keep_building

    options = BuildOptions(run_replays=not no_replays)
    return keep_building(game_folders(game_dirs), targets, output, options, output_format == "json")


@cli.command("inspect", short_help="Check any .vmod the way VASSAL loads it.")
@click.argument("module", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@FORMAT
def inspect_command(module: Path, output_format: str) -> int:
    """Check any .vmod the way VASSAL 3.7 loads it, and summarise it.

    The first line gives the VASSAL version the module says saved it (its moduledata),
    which is the oldest VASSAL that opens it; the checks themselves follow VASSAL 3.7.

    Errors are what VASSAL itself reports (unknown component classes and traits,
    missing images and help files, damaged archive entries, setups that cannot be
    read) or what breaks play; the rest are warnings. Lists maps, boards, grids,
    piece slots and, for each setup, where VASSAL puts each piece (JSON lists all).
    Limits on what is read: docs/diagnostics.md.
    """
    from compiler.vassal.inspect import inspect_module
    from compiler.vassal.report import format_inspection

    result = inspect_module(module)
    if output_format == "json":
        click.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        click.echo(format_inspection(result))
    return EXIT_OK if result.ok else EXIT_INVALID


@cli.command("import", short_help="Turn any VASSAL module into a game folder that builds it again.")
@click.argument("module", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "-o", "--output", "output", required=True, type=click.Path(path_type=Path), help="The new game folder."
)
@FORMAT
def import_command(module: Path, output: Path, output_format: str) -> int:
    """Import MODULE (a .vmod) into the new game folder OUTPUT.

    Maps and their boards become boards.json (images with their grids), pieces counters.json
    and cards.json, predefined setups scenarios with each piece at the location VASSAL names,
    the roster, dice and turn tracker game.json; what the data model cannot say (Global Key
    Commands, expressions, custom classes ...) is kept verbatim in OUTPUT/vassal/, and
    `wgc build OUTPUT` writes the module again. The module is read as `wgc inspect` reads it,
    within the same limits; its findings are listed. See docs/import.md.
    """
    from compiler.importer import import_module
    from compiler.importer.report import format_import, import_json

    result = import_module(module, output)
    if output_format == "json":
        click.echo(json.dumps(import_json(result), indent=2, ensure_ascii=False))
    else:
        click.echo(format_import(result))
    # The module's own findings (errors included) do not fail an import that wrote the folder:
    # VASSAL loads such a module too, and the folder builds it again.
    return EXIT_OK if result.folder is not None else EXIT_INVALID


@cli.command(short_help="Run one replay through the game's rules engine.")
@click.argument("game_dir", type=GAME_DIR)
@click.argument("replay_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--trace", is_flag=True, help="Print every step and the events it caused.")
def replay(game_dir: Path, replay_file: Path, trace: bool) -> int:
    """Run a replay against a game's rules: exit 0 when every expectation holds.

    REPLAY_FILE may lie anywhere; a game's own replays/ are also run by `wgc validate`.
    """
    from compiler.cli.replay import run_replay_command

    return run_replay_command(game_dir, replay_file, trace)


@cli.command()
@click.argument("game_dir", type=GAME_DIR)
@click.argument("scenario", required=False, metavar="SCENARIO")
@click.option(
    "--seed", type=int, help="Seed of the dice (a random one if left out); it is written in the replay."
)
@click.option(
    "--save", "save_path", type=click.Path(dir_okay=False, path_type=Path), help="Replay file to write."
)
@click.option(
    "--resume",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Go on with a saved game (FILE is left as it is: the game goes to --save or FILE-2.json).",
)
def play(
    game_dir: Path, scenario: str | None, seed: int | None, save_path: Path | None, resume: Path | None
) -> int:
    """Play a scenario at the terminal, saved as a replay.

    SCENARIO is the id of one of the game's scenarios (left out, wgc lists them); with
    --resume FILE it is left out. One screen per decision: the situation, the legal choices
    by number; words narrow the list; help, undo, save [FILE] and quit. The game is written
    to --save (default: SCENARIO-play.json) and goes on with --resume FILE. A resumed file
    is rewritten only when --save names it; else the game goes on in a new file here
    (FILE-2.json, FILE-3.json ...).
    """
    from compiler.play import run_play_command

    if resume is not None and save_path is None:
        save_path = resumed_save_path(resume)
    return run_play_command(game_dir, scenario, seed, save_path, resume)


def resumed_save_path(resume: Path) -> Path:
    """Where a resumed game is saved when --save is not given: never the resumed file (a
    curated replay would lose its name, notes and expectations), but the first of
    STEM-2.json, STEM-3.json ... in the current folder that does not exist yet."""
    stem = re.sub(r"-\d+$", "", resume.stem) or "game"
    number = 2
    while (candidate := Path(f"{stem}-{number}.json")).exists():
        number += 1
    return candidate


@cli.command()
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="Folder to write the schemas into.",
)
def schemas(output: Path) -> int:
    """Write the JSON Schemas, so an editor checks games kept anywhere.

    Point each file's "$schema" at them by a relative path (docs/editors.md).
    """
    from compiler.errors import OutputError
    from compiler.schema.export import write_schemas

    try:
        written = write_schemas(output)
    except OSError as exc:
        raise OutputError(f"cannot write to {output}: {exc.strerror or exc}") from exc
    click.echo(f"wrote {len(written)} schemas to {output}")
    return EXIT_OK


def _length(name: str, low: float, high: float) -> Callable[[click.Context, click.Parameter, str], float]:
    """A click callback reading a length such as 5/8in or 16mm, within [low, high] inches."""

    def convert(ctx: click.Context, param: click.Parameter, text: str) -> float:
        try:
            inches = parse_length(text)
        except LengthError as exc:
            raise click.BadParameter(str(exc), param_hint=name) from exc
        if not low <= inches <= high:
            raise click.BadParameter(
                f"'{text}' is outside {low:g}in to {high:g}in (write it as 5/8in, 0.625in, 16mm or 1.6cm)",
                param_hint=name,
            )
        return inches

    return convert


PAPER = click.option(
    "--paper",
    type=click.Choice(sorted(PAPER_INCHES)),
    default="letter",
    show_default=True,
    help="Paper size.",
)


@cli.command(short_help="Print-and-play counter and card sheets (PDF, PNG).")
@click.argument("game_dirs", nargs=-1, type=GAME_DIR)
@OUTPUT_PER_GAME
@PAPER
@click.option(
    "--size",
    default="5/8in",
    show_default=True,
    callback=_length("--size", 0.25, 3.0),
    help="Counter size: 1/2in, 5/8in, 3/4in, 16mm ...",
)
@click.option(
    "--dpi", type=click.IntRange(72, 1200), default=300, show_default=True, help="Print resolution."
)
@click.option(
    "--bleed",
    default="1/16in",
    show_default=True,
    callback=_length("--bleed", 0.0, 0.25),
    help="Each face's background carried on beyond its cut line, e.g. 1/8in.",
)
@click.option("--no-bleed", is_flag=True, help="No bleed: pieces edge to edge, as on screen.")
@click.option("--cut-lines/--no-cut-lines", default=True, show_default=True, help="Draw thin cutting lines.")
@NO_REPLAYS
def sheets(
    game_dirs: tuple[Path, ...],
    output: Path,
    paper: str,
    size: float,
    dpi: int,
    bleed: float,
    no_bleed: bool,
    cut_lines: bool,
    no_replays: bool,
) -> int:
    """Print-and-play counter sheets: a PDF with fronts and mirrored backs, and a PNG per page.

    Print the PDF duplex, flipping on the long edge: every back lands behind
    its front. The cross-hairs at the top corners show whether the printer
    kept the two sides aligned. Each face's background runs 1/16 in past its
    cut line (--bleed), so a cut a little off shows no white; --no-bleed sets
    the pieces edge to edge.
    """
    from compiler.render.sheets import SheetSpec, grid_for

    spec = SheetSpec(
        paper=paper, counter=size, dpi=dpi, bleed=0.0 if no_bleed else bleed, cut_lines=cut_lines
    )
    try:
        grid_for(spec)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--size") from exc
    return _run_build(game_dirs, ("sheets",), output, "text", sheet_spec=spec, run_replays=not no_replays)


@cli.command(short_help="Player aids: every chart and table, ready to print.")
@click.argument("game_dirs", nargs=-1, type=GAME_DIR)
@OUTPUT_PER_GAME
@click.option("--dpi", type=click.IntRange(72, 600), default=300, show_default=True, help="Resolution.")
@PAPER
@NO_REPLAYS
def aids(game_dirs: tuple[Path, ...], output: Path, dpi: int, paper: str, no_replays: bool) -> int:
    """Player aids: every chart and table of the game on printable pages (PDF, and a PNG per page)."""
    return _run_build(
        game_dirs, ("aids",), output, "text", aid_dpi=dpi, aid_paper=paper, run_replays=not no_replays
    )


@cli.command("map", short_help="The map as a PNG, a PDF tiled over pages and a print shop's sheet.")
@click.argument("game_dir", type=GAME_DIR)
@OUTPUT_PER_GAME
@click.option("--dpi", type=click.IntRange(50, 600), default=150, show_default=True, help="Resolution.")
@PAPER
@click.option(
    "--one-sheet", is_flag=True, hidden=True, help="Kept for old scripts: map-sheet.pdf is always written."
)
@NO_REPLAYS
def map_command(game_dir: Path, output: Path, dpi: int, paper: str, one_sheet: bool, no_replays: bool) -> int:
    """Render the board: one PNG; a PDF tiled over pages with overlaps and tile labels; and
    map-sheet.pdf, the map on the smallest stock sheet that holds it (Letter, Tabloid, A3, A2,
    22 x 34 in) with bleed and crop marks, for a print shop. Both PDFs are vector: lines and
    type over the map's ground at 300 ppi.

    A board that is an image (map.json's image) prints at the image's own resolution.
    """
    return _run_build(
        (game_dir,),
        ("map",),
        output,
        "text",
        map_dpi=dpi,
        map_paper=paper,
        map_one_sheet=True,
        run_replays=not no_replays,
    )


def _scheduler(text: str | None) -> str | None:
    """--scheduler read before anything is played: an address that is none is a usage error."""
    from compiler.simulate.cluster import parse_scheduler

    if text is None:
        return None
    try:
        return str(parse_scheduler(text))
    except WgcError as exc:
        raise click.BadParameter(f"{exc.message} ({exc.hint})", param_hint="--scheduler") from exc


@cli.command(short_help="Balance runs: many seeded games, results per scenario.")
@click.argument("game_dir", type=GAME_DIR)
@click.option("--scenario", "scenarios", multiple=True, help="A scenario id (repeatable); all by default.")
@click.option(
    "--games", type=click.IntRange(1, 10_000_000), default=100, show_default=True, help="Games per scenario."
)
@click.option(
    "--policy", default="random", show_default=True, help="Who plays: random, or a policy of the system."
)
@click.option("--seed", type=click.IntRange(0), default=0, show_default=True, help="The first game's seed.")
@click.option(
    "--jobs", type=click.IntRange(1, 512), default=1, show_default=True, help="Local worker processes."
)
@click.option(
    "--scheduler",
    default=None,
    callback=lambda ctx, param, text: _scheduler(text),
    help="A Dask scheduler (tcp://host:8786) to play the games on.",
)
@click.option("--option", "options", multiple=True, help="An optional rule to switch on (repeatable).")
@FORMAT
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Also write the tables (JSON, text) and a plot (PNG) into this folder.",
)
def simulate(
    game_dir: Path,
    scenarios: tuple[str, ...],
    games: int,
    policy: str,
    seed: int,
    jobs: int,
    scheduler: str | None,
    options: tuple[str, ...],
    output_format: str,
    output: Path | None,
) -> int:
    """Play many seeded games through the rules engine and print the results per scenario.

    Each scenario's table gives every result's share with a 95% (Wilson) confidence
    interval, the games' length and the seeds played. The same seeds give the same
    table on any machine, with any --jobs, and on a Dask cluster (--scheduler).
    """
    from compiler.cli.simulate import run_simulation

    return run_simulation(
        game_dir,
        scenarios=scenarios,
        games=games,
        policy=policy,
        seed=seed,
        jobs=jobs,
        scheduler=scheduler,
        options=frozenset(options),
        as_json=output_format == "json",
        output=output,
    )


@cli.command(
    "new",
    short_help="Start a game that validates and builds.",
    epilog="\b\nSystems (--system):\n"
    + "\n".join(f"  {name:<11} {line}" for name, line in sorted(SYSTEM_SUMMARIES.items())),
)
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--system",
    default=None,
    help="The rules system of the template (classic by default; each is listed below).",
)
@click.option(
    "--from",
    "source",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    help="Copy this game instead of a template.",
)
def new(game_dir: Path, system: str | None, source: Path | None) -> int:
    """Write a new game into GAME_DIR from a system's template (or --from another game), with
    the JSON Schemas beside it in GAME_DIR/../schemas (a schema file already there is kept),
    then validate it. Its id is the folder's name spelt in a-z, 0-9 and '-'."""
    from compiler.new_game import new_game

    if system is not None and source is not None:
        raise click.UsageError("give --system or --from, not both")
    made = new_game(game_dir, system, source)
    schemas = game_dir.parent / "schemas"
    written = f" and {len(made.schemas)} schemas in {schemas}" if made.schemas else ""
    click.echo(f"wrote {game_dir} ({len(made.files)} files){written}")
    if made.kept:
        names = ", ".join(path.name for path in made.kept)
        click.echo(
            f"kept {len(made.kept)} schema file(s) of your own in {schemas}, which differ from wgc's: {names}"
            f"\n    (`wgc schemas -o {schemas}` replaces them with wgc's)"
        )
    report = validate_game(game_dir)
    click.echo(format_report(report, show_warnings=False))
    return EXIT_OK if report.ok else EXIT_INVALID


def _add_art_commands() -> None:
    from compiler.cli.art import grid_group, slice_command

    cli.add_command(grid_group)
    cli.add_command(slice_command)


_add_art_commands()


def main() -> None:
    cli(prog_name="wgc")
