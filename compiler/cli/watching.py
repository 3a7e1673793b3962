"""`wgc build --watch`: after the first build, rebuild on every save and print what it found."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

import click

from compiler.build import BuildOptions
from compiler.errors import EXIT_OK
from compiler.report.diagnostics_text import format_report, reports_json
from compiler.watch import Rebuild, Rebuilder, watch


def keep_building(
    game_dirs: Sequence[Path], targets: Sequence[str], out: Path, options: BuildOptions, as_json: bool
) -> int:
    """Watch the games until Ctrl-C (then exit 0): each save rebuilds its game."""

    def progress(message: str) -> None:
        click.echo(message, err=as_json)

    def report(done: Rebuild) -> None:
        if as_json:
            click.echo(reports_json(done.result.reports))
        for entry in done.result.games:
            if entry.report.diagnostics and not as_json:
                click.echo(format_report(entry.report, show_warnings=False))
        names = ", ".join(entry.game_id for entry in done.result.games)
        state = "" if done.result.ok else " (not built: see the errors above)"
        click.echo(f"rebuilt {names} in {done.seconds:.2f} s{state}", err=as_json)

    def ready() -> None:
        click.echo(f"watching {len(game_dirs)} game folder(s) for changes; Ctrl-C stops", err=as_json)

    def folder(path: Path, present: bool) -> None:
        if present:
            click.echo(f"{path} is back: watching it again and rebuilding", err=as_json)
        else:
            click.echo(f"{path} was removed: its outputs are from before; waiting for it", err=as_json)

    rebuilder = Rebuilder(game_dirs, targets, out, options, progress)
    try:
        watch(rebuilder, report, threading.Event(), ready, folder)
    except KeyboardInterrupt:
        click.echo("stopped watching", err=as_json)
    return EXIT_OK
