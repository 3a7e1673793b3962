"""`wgc serve`: the games named (or every game in ./source_data) played in the browser."""

from __future__ import annotations

from pathlib import Path

import click

from compiler.cli.games import GAME_DIR, game_folders
from compiler.errors import EXIT_INVALID, EXIT_OK


@click.command("serve", short_help="Play games in the browser, every rule kept by the engine.")
@click.argument("game_dirs", nargs=-1, type=GAME_DIR, metavar="[GAME ...]")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port.")
@click.option(
    "--data",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("wgc-serve-data"),
    show_default=True,
    help="Folder of the server's data (its SQLite database unless --database names another).",
)
@click.option(
    "--database",
    metavar="URL",
    help="sqlite:///FILE or postgresql://USER@HOST/DB (default: SQLite in --data).",
)
def serve_command(game_dirs: tuple[Path, ...], host: str, port: int, data: Path, database: str | None) -> int:
    """Serve GAME folders (every game in ./source_data when none is named) at http://HOST:PORT/.

    Games are kept in the database as replays: a server stopped at any moment, even killed,
    goes on where it was when started again on the same --data or --database.
    """
    import sqlite3  # here, not at the top: every other command loads this module too

    try:
        import uvicorn

        from compiler.serve.app import create_app
        from compiler.serve.engine import Catalogue
        from compiler.serve.games import Games
        from compiler.serve.migrations import StorageVersionError
        from compiler.serve.storage import DatabaseUrlError, open_storage
    except ImportError as exc:
        click.echo(
            f"error: wgc serve needs the serve extra (pip install 'wargame-module-compiler[serve]'): {exc}",
            err=True,
        )
        return EXIT_INVALID
    try:
        storage = open_storage(database, data)
    except (DatabaseUrlError, StorageVersionError, OSError, sqlite3.Error) as exc:
        click.echo(f"error: {exc}", err=True)
        return EXIT_INVALID
    app = create_app(Games(Catalogue(game_folders(game_dirs)), storage))
    click.echo(f"wgc serve: http://{host}:{port}/ (data: {database or data})", err=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024)
    return EXIT_OK
