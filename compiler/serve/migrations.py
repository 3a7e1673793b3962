"""The database's schema as numbered steps: a store is brought up to the newest by running, in
order, the steps its ``schema_version`` table has not recorded yet.

A step is never edited once released; a change of schema is a new step at the end, so a
database written by any older wgc opens in a newer one. The statements are plain SQL that
SQLite and PostgreSQL both read (no AUTOINCREMENT, no SERIAL: ids are given by the server).
"""

from __future__ import annotations

from collections.abc import Sequence

# (version, what it does, its statements)
MIGRATIONS: Sequence[tuple[int, str, Sequence[str]]] = (
    (
        1,
        "games, their replay steps, their seats and the question an action waits on",
        (
            """CREATE TABLE games (
                id TEXT PRIMARY KEY,
                game TEXT NOT NULL,
                scenario TEXT NOT NULL,
                seed BIGINT NOT NULL,
                setup_dice TEXT NOT NULL,
                created TEXT NOT NULL
            )""",
            """CREATE TABLE steps (
                game_id TEXT NOT NULL REFERENCES games(id),
                idx INTEGER NOT NULL,
                step TEXT NOT NULL,
                PRIMARY KEY (game_id, idx)
            )""",
            """CREATE TABLE seats (
                game_id TEXT NOT NULL REFERENCES games(id),
                side TEXT NOT NULL,
                token TEXT NOT NULL UNIQUE,
                PRIMARY KEY (game_id, side)
            )""",
            """CREATE TABLE pending (
                game_id TEXT PRIMARY KEY REFERENCES games(id),
                at_step INTEGER NOT NULL,
                action TEXT NOT NULL,
                answers TEXT NOT NULL
            )""",
        ),
    ),
    (
        2,
        "the steps players took back (undo), kept so that nothing played is lost",
        (
            """CREATE TABLE undone (
                game_id TEXT NOT NULL REFERENCES games(id),
                idx INTEGER NOT NULL,
                step TEXT NOT NULL,
                undone TEXT NOT NULL
            )""",
        ),
    ),
)

LATEST = MIGRATIONS[-1][0]


def pending_migrations(current: int) -> list[tuple[int, str, Sequence[str]]]:
    """The steps a database at version ``current`` has still to run, in order."""
    versions = [m[0] for m in MIGRATIONS]
    if versions != sorted(set(versions)) or versions[0] != 1:
        raise RuntimeError(f"the migrations are not numbered 1, 2, 3 ...: {versions}")
    if current > LATEST:
        raise StorageVersionError(
            f"the database is at schema version {current}, newer than this wgc knows ({LATEST}): "
            "run a newer wgc on it"
        )
    return [m for m in MIGRATIONS if m[0] > current]


class StorageVersionError(Exception):
    """The database was written by a newer wgc than this one."""
