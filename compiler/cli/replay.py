"""`wgc replay`: run one replay file against a game and print what happened."""

from __future__ import annotations

from pathlib import Path

import click

from compiler.diagnostics import Diagnostic
from compiler.diagnostics.text import printable
from compiler.loading import SourceDocument, read_json
from compiler.pipeline import validate_game
from compiler.replay import ReplayOutcome, run_replay
from compiler.report.diagnostics_text import format_diagnostic, not_valid_message
from compiler.schema import validate_document


def run_replay_command(game_dir: Path, replay_file: Path, trace: bool) -> int:
    """Print the outcome; return the exit code (0 passed, 1 failed or unusable)."""
    report = validate_game(game_dir, run_replays=False)
    game = report.valid
    if game is None:
        click.echo(f"error: {not_valid_message(report, 'no replay is run')}", err=True)
        return 1
    name = str(replay_file)
    document, problems = read_json(replay_file, name)
    if document is not None:
        problems = [*problems, *validate_document(document, "replay", game.game.system)]
    errors = [p for p in problems if p.is_error]
    if document is None or errors:
        for problem in errors:
            click.echo(format_diagnostic(_locate_in(problem, document), Path()), err=True)
        return 1
    outcome = run_replay(report.sources, game, document)
    if trace:
        _print_trace(outcome)
    if outcome.problem is not None:
        click.echo(format_diagnostic(_locate_in(outcome.problem, document), Path()), err=True)
        click.echo(printable(f"FAILED {outcome.name}"), err=True)
        return 1
    click.echo(printable(f"passed {outcome.name}: {len(outcome.steps)} step(s)"))
    return 0


def _locate_in(problem: Diagnostic, document: SourceDocument | None) -> Diagnostic:
    if document is None or problem.line is not None:
        return problem
    where = document.position(problem.pointer)
    return problem.located(*where) if where is not None else problem


def _print_trace(outcome: ReplayOutcome) -> None:
    for event in outcome.start_events:
        click.echo(printable(f"  {event}"))
    for step in outcome.steps:
        click.echo(printable(f"{step.pointer}: {step.summary}"))
        for event in step.events:
            click.echo(printable(f"  {event}"))
