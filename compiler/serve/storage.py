"""Where games are kept: one interface (``Storage``), SQLite now, PostgreSQL to come behind it.

A game is its scenario, its seed, the dice its set-up rolled and the append-only list
of its replay steps, so the stored game is always a replay that ``wgc replay`` runs.
Nothing about a game lives in a server process: every request reads the database,
so a server killed at any moment loses nothing, and two requests racing for the same
step are settled by the database (the primary key (game, step index)): one is
appended, the other finds the step taken. A step a player takes back (undo, where the
rules of the server allow it) is moved to the ``undone`` table, so nothing played is lost.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlparse

from compiler.serve.migrations import pending_migrations

Json = dict[str, Any]


@dataclass
class Pending:
    """An action waiting on a player's answer: the step count it was asked at, the action's
    replay step, and the answers given so far (one list of indexes per question)."""

    at_step: int
    action: Json
    answers: list[list[int]] = field(default_factory=list)


@dataclass
class StoredGame:
    id: str
    game: str
    scenario: str
    seed: int
    setup_dice: Json
    steps: list[Json]
    seats: dict[str, str]  # side (or "*" for hot-seat) -> token
    pending: Pending | None = None


class Storage(Protocol):
    """What the server asks of a database; every method is one transaction."""

    def schema_version(self) -> int: ...

    def create_game(
        self, game_id: str, game: str, scenario: str, seed: int, setup_dice: Json, seats: dict[str, str]
    ) -> None: ...

    def load(self, game_id: str) -> StoredGame | None: ...

    def list_games(self) -> list[tuple[str, str, str, int]]:
        """(id, game, scenario, number of steps) of every game, newest first."""
        ...

    def append_step(self, game_id: str, index: int, step: Json) -> bool:
        """Append ``step`` as step ``index``; False when that index is taken (another action won)
        or is not the next one. Clears the game's pending question."""
        ...

    def take_back(self, game_id: str, index: int, step: Json) -> bool:
        """Take back the last step (``index``, which must read ``step``) into the undone steps;
        False when the game has moved on meanwhile. Clears the game's pending question."""
        ...

    def set_pending(self, game_id: str, pending: Pending) -> bool:
        """Keep the question an action waits on; False when the game moved on meanwhile."""
        ...

    def clear_pending(self, game_id: str) -> None: ...

    def close(self) -> None: ...


class Db(Protocol):
    """One open transaction: statements with ``?`` placeholders, rows as tuples."""

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any: ...


class SqlStorage:
    """The storage in SQL both databases read; a dialect gives its connections and transactions."""

    # the error a database raises when a key is taken (two actions racing for one step)
    taken_errors: tuple[type[Exception], ...] = ()

    def __init__(self) -> None:
        self._local = threading.local()
        self._migrate()

    def _transaction(self) -> AbstractContextManager[Db]:
        raise NotImplementedError

    def _reading(self) -> AbstractContextManager[Db]:
        """A transaction that only reads (SQLite's lets writers go on)."""
        return self._transaction()

    def _close_connection(self, connection: Any) -> None:
        connection.close()

    def _lock_for_migration(self, db: Db) -> None:
        """Keep two servers starting at once from running the same migration twice."""

    def _migrate(self) -> None:
        with self._transaction() as db:
            self._lock_for_migration(db)
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, applied TEXT)")
            row = db.execute("SELECT MAX(version) FROM schema_version").fetchone()
            for version, _what, statements in pending_migrations(row[0] or 0):
                for statement in statements:
                    db.execute(statement)
                db.execute("INSERT INTO schema_version VALUES (?, ?)", (version, _now()))

    def schema_version(self) -> int:
        with self._reading() as db:
            row = db.execute("SELECT MAX(version) FROM schema_version").fetchone()
        return int(row[0] or 0)

    def create_game(
        self, game_id: str, game: str, scenario: str, seed: int, setup_dice: Json, seats: dict[str, str]
    ) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, game, scenario, seed, json.dumps(setup_dice), _now()),
            )
            for side, token in seats.items():
                db.execute("INSERT INTO seats VALUES (?, ?, ?)", (game_id, side, token))

    def load(self, game_id: str) -> StoredGame | None:
        with self._reading() as db:  # one snapshot for the game, its steps and its question
            row = db.execute(
                "SELECT game, scenario, seed, setup_dice FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                return None
            found = db.execute("SELECT step FROM steps WHERE game_id = ? ORDER BY idx", (game_id,))
            steps = [json.loads(s) for (s,) in found.fetchall()]
            seats = dict(db.execute("SELECT side, token FROM seats WHERE game_id = ?", (game_id,)).fetchall())
            waiting = db.execute(
                "SELECT at_step, action, answers FROM pending WHERE game_id = ?", (game_id,)
            ).fetchone()
        pending = None
        if waiting is not None and waiting[0] == len(steps):
            pending = Pending(waiting[0], json.loads(waiting[1]), json.loads(waiting[2]))
        return StoredGame(game_id, row[0], row[1], int(row[2]), json.loads(row[3]), steps, seats, pending)

    def list_games(self) -> list[tuple[str, str, str, int]]:
        with self._reading() as db:
            rows = db.execute(
                "SELECT g.id, g.game, g.scenario, (SELECT COUNT(*) FROM steps s WHERE s.game_id = g.id) "
                "FROM games g ORDER BY g.created DESC, g.id"
            ).fetchall()
        return [(r[0], r[1], r[2], int(r[3])) for r in rows]

    def append_step(self, game_id: str, index: int, step: Json) -> bool:
        try:
            with self._transaction() as db:
                (count,) = db.execute("SELECT COUNT(*) FROM steps WHERE game_id = ?", (game_id,)).fetchone()
                if count != index:
                    return False
                db.execute("INSERT INTO steps VALUES (?, ?, ?)", (game_id, index, json.dumps(step)))
                db.execute("DELETE FROM pending WHERE game_id = ?", (game_id,))
        except self.taken_errors:
            return False  # another process appended this step first
        return True

    def take_back(self, game_id: str, index: int, step: Json) -> bool:
        with self._transaction() as db:
            (count,) = db.execute("SELECT COUNT(*) FROM steps WHERE game_id = ?", (game_id,)).fetchone()
            if count != index + 1:
                return False
            (kept,) = db.execute(
                "SELECT step FROM steps WHERE game_id = ? AND idx = ?", (game_id, index)
            ).fetchone()
            if json.loads(kept) != step:
                return False
            db.execute("INSERT INTO undone VALUES (?, ?, ?, ?)", (game_id, index, kept, _now()))
            db.execute("DELETE FROM steps WHERE game_id = ? AND idx = ?", (game_id, index))
            db.execute("DELETE FROM pending WHERE game_id = ?", (game_id,))
        return True

    def set_pending(self, game_id: str, pending: Pending) -> bool:
        try:
            with self._transaction() as db:
                (count,) = db.execute("SELECT COUNT(*) FROM steps WHERE game_id = ?", (game_id,)).fetchone()
                if count != pending.at_step:
                    return False
                db.execute("DELETE FROM pending WHERE game_id = ?", (game_id,))
                db.execute(
                    "INSERT INTO pending VALUES (?, ?, ?, ?)",
                    (game_id, pending.at_step, json.dumps(pending.action), json.dumps(pending.answers)),
                )
        except self.taken_errors:
            return False
        return True

    def clear_pending(self, game_id: str) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM pending WHERE game_id = ?", (game_id,))

    def close(self) -> None:
        connection = getattr(self._local, "connection", None)
        if connection is not None:
            self._close_connection(connection)
            self._local.connection = None


class SqliteStorage(SqlStorage):
    """The embedded default: one file, opened per thread, in WAL mode so readers never wait."""

    taken_errors = (sqlite3.IntegrityError,)

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        super().__init__()

    def _connection(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is None:
            connection = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            connection.execute("PRAGMA journal_mode=WAL")
            # a commit survives the server process dying at any moment (what a server must
            # survive); only a power cut may lose the last commits, never the database
            connection.execute("PRAGMA synchronous=NORMAL")
            connection.execute("PRAGMA foreign_keys=ON")
            self._local.connection = connection
        return connection

    @contextmanager
    def _transaction(self) -> Iterator[Db]:
        yield from self._within("BEGIN IMMEDIATE")  # writers queue here: a count, then an insert

    @contextmanager
    def _reading(self) -> Iterator[Db]:
        yield from self._within("BEGIN")  # WAL: a reader sees a snapshot and waits for no writer

    def _within(self, begin: str) -> Iterator[Db]:
        connection = self._connection()
        connection.execute(begin)
        try:
            yield connection
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")


class DatabaseUrlError(ValueError):
    """--database names a database this wgc cannot open."""


def open_storage(url: str | None, data: Path) -> Storage:
    """The storage ``--database`` names; SQLite in ``data``/wgc-serve.sqlite3 when it names none."""
    if url is None:
        return SqliteStorage(data / "wgc-serve.sqlite3")
    parsed = urlparse(url)
    if parsed.scheme == "sqlite":
        # sqlite:///relative/or/absolute path, as SQLAlchemy writes it
        path = url.removeprefix("sqlite://").removeprefix("/")
        if not path:
            raise DatabaseUrlError(f"{url} names no file: write sqlite:///path/to/games.sqlite3")
        return SqliteStorage(Path(path))  # sqlite:///games.db is relative, sqlite:////srv/games.db absolute
    if parsed.scheme in ("postgresql", "postgres"):
        from compiler.serve.postgres import PostgresStorage

        return PostgresStorage(url)
    raise DatabaseUrlError(
        f"{url}: --database takes sqlite:///FILE or postgresql://USER@HOST/DB "
        "(or nothing, for SQLite in --data)"
    )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")
