"""`wgc simulate`: a balance run, printed as tables and, with -o, written with a plot."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import click

from compiler.errors import EXIT_INVALID, EXIT_OK, DataError
from compiler.output.atomic import write_bytes_atomic, write_text_atomic
from compiler.output.folders import prepare_folder, writing
from compiler.pipeline import validate_game
from compiler.report.diagnostics_text import not_valid_message
from compiler.simulate import ScenarioTable, simulate
from compiler.simulate.report import format_tables, tables_json


def run_simulation(
    game_dir: Path,
    *,
    scenarios: tuple[str, ...],
    games: int,
    policy: str,
    seed: int,
    jobs: int,
    scheduler: str | None,
    options: frozenset[str],
    as_json: bool,
    output: Path | None,
) -> int:
    report = validate_game(game_dir, run_replays=False)
    game = report.valid
    if game is None:
        raise DataError(not_valid_message(report, "no game is played"))
    if output is not None:
        prepare_folder(output)  # before the games are played, not after
    total = games * (len(scenarios) or len(game.scenarios))
    with _progress(total) as update:
        tables = simulate(
            game,
            scenarios=scenarios,
            games=games,
            policy=policy,
            seed=seed,
            jobs=jobs,
            scheduler=scheduler,
            options=options,
            progress=update,
        )
    click.echo(tables_json(tables) if as_json else format_tables(tables))
    if output is not None:
        _write(output, game.game.id, game.game.title, tables)
    return EXIT_OK if tables else EXIT_INVALID


@contextlib.contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None]]:
    """A bar on a terminal; nothing when the output is piped or captured, where click would
    print a lone label line that says nothing."""
    if not sys.stderr.isatty():
        yield lambda done: None
        return
    label = f"playing {total} games"
    with click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True) as bar:
        yield bar.update


def _write(output: Path, game_id: str, title: str, tables: list[ScenarioTable]) -> None:
    from compiler.render.images import png_bytes
    from compiler.simulate.plot import plot_tables

    with writing(output):
        write_text_atomic(output / f"{game_id}-balance.json", tables_json(tables) + "\n")
        write_text_atomic(output / f"{game_id}-balance.txt", format_tables(tables))
        write_bytes_atomic(
            output / f"{game_id}-balance.png", png_bytes(plot_tables(tables, f"{title}: balance run"))
        )
    click.echo(f"wrote {output / game_id}-balance.json, .txt and .png", err=True)
