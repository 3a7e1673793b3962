"""PostgreSQL storage (``--database postgresql://...``), for a site that outgrows one process:
the same SQL as SQLite's, through psycopg, one connection per thread. Several server
processes may share one database; the primary key (game, step index) lets one of two
racing actions append its step, and an advisory lock keeps two servers starting at once
from migrating twice."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from compiler.serve.storage import DatabaseUrlError, Db, SqlStorage

# any number, the same in every wgc: the lock migrations take
MIGRATION_LOCK = 330033


class _Placeholders:
    """A psycopg connection that reads the ``?`` placeholders the storage writes."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self.connection.execute(sql.replace("?", "%s"), params)


class PostgresStorage(SqlStorage):
    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise DatabaseUrlError(
                f"{url}: PostgreSQL needs psycopg (pip install 'wargame-module-compiler[postgres]')"
            ) from None
        self.url = url
        self._psycopg = psycopg
        self.taken_errors = (psycopg.errors.UniqueViolation,)
        try:
            super().__init__()
        except psycopg.OperationalError as exc:
            raise DatabaseUrlError(f"{url}: cannot connect: {exc}") from None

    def _connection(self) -> Any:
        connection = getattr(self._local, "connection", None)
        if connection is None or connection.closed:
            connection = self._psycopg.connect(self.url, autocommit=True)
            self._local.connection = connection
        return connection

    @contextmanager
    def _transaction(self) -> Iterator[Db]:
        connection = self._connection()
        with connection.transaction():
            yield _Placeholders(connection)

    def _lock_for_migration(self, db: Db) -> None:
        db.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
