"""wgc serve's PostgreSQL storage against a real PostgreSQL server (Debian's postgresql), which
the test starts in a temporary folder on a socket of its own and stops when it ends.

Where PostgreSQL is not installed the test is skipped, except in CI, where it fails (.ci/run
installs it). As root, the server runs as the postgres user the package creates.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from compiler.serve.app import create_app
from compiler.serve.engine import Catalogue
from compiler.serve.games import Games
from compiler.serve.migrations import LATEST
from compiler.serve.storage import Pending, open_storage
from tests.conftest import SOURCE_DATA
from tests.serve_process import free_port

BINARIES = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name))
if not BINARIES:
    if os.environ.get("CI"):
        raise RuntimeError("the PostgreSQL test needs Debian's postgresql: .ci/run installs it")
    pytest.skip("postgresql is not installed", allow_module_level=True)
BIN = Path(BINARIES[-1])


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    folder = Path(tempfile.mkdtemp(prefix="wgc-pg-"))
    folder.chmod(0o755)
    data, sockets = folder / "data", folder / "sockets"
    data.mkdir()
    sockets.mkdir()
    user: dict[str, Any] = {}
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        owner = pwd.getpwnam("postgres")
        for path in (data, sockets):
            os.chown(path, owner.pw_uid, owner.pw_gid)
        user = {"user": owner.pw_uid, "group": owner.pw_gid}
    port = free_port()
    run = {"check": True, "capture_output": True, "cwd": folder, **user}
    subprocess.run([BIN / "initdb", "-D", data, "-A", "trust", "-U", "wgc", "--no-sync"], **run)
    options = f"-k {sockets} -p {port} -c listen_addresses='' -c fsync=off"
    subprocess.run([BIN / "pg_ctl", "-D", data, "-o", options, "-w", "-l", data / "log", "start"], **run)
    try:
        yield f"postgresql://wgc@/postgres?host={sockets}&port={port}"
    finally:
        subprocess.run(
            [BIN / "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"], **{**run, "check": False}
        )
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def url(postgres_url: str) -> str:
    """The database emptied of what an earlier test left."""
    import psycopg

    with psycopg.connect(postgres_url, autocommit=True) as connection:
        for table in ("undone", "pending", "seats", "steps", "games", "schema_version"):
            connection.execute(f"DROP TABLE IF EXISTS {table}")
    return postgres_url


def test_postgres_is_migrated_once_and_takes_a_step_once(url: str, tmp_path: Path) -> None:
    storage = open_storage(url, tmp_path)
    assert storage.schema_version() == LATEST
    assert open_storage(url, tmp_path).schema_version() == LATEST  # opened again: nothing runs twice
    storage.create_game("g", "battle-for-moscow", "operation-typhoon", 1, {"x": 1}, {"*": "t"})
    assert storage.set_pending("g", Pending(0, {"end_phase": True}, [[0]]))
    loaded = storage.load("g")
    assert loaded is not None and loaded.pending == Pending(0, {"end_phase": True}, [[0]])
    assert loaded.setup_dice == {"x": 1} and loaded.seats == {"*": "t"}
    assert storage.append_step("g", 0, {"end_phase": True})
    assert not storage.append_step("g", 0, {"end_phase": True})
    loaded = storage.load("g")
    assert loaded is not None and loaded.steps == [{"end_phase": True}] and loaded.pending is None
    assert storage.list_games() == [("g", "battle-for-moscow", "operation-typhoon", 1)]


def test_postgres_racing_appends_from_two_connections(url: str, tmp_path: Path) -> None:
    storages = [open_storage(url, tmp_path), open_storage(url, tmp_path)]
    storages[0].create_game("g", "battle-for-moscow", "operation-typhoon", 1, {}, {"*": "t"})
    for index in range(20):
        results: list[bool] = []
        start = threading.Barrier(2)

        threads = [threading.Thread(target=_append, args=(s, index, start, results)) for s in storages]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(results) == [False, True]
    loaded = storages[1].load("g")
    assert loaded is not None and len(loaded.steps) == 20


def test_a_game_played_on_postgres_through_two_servers(url: str, tmp_path: Path) -> None:
    catalogue = Catalogue([SOURCE_DATA / "battle-for-moscow"])
    first = TestClient(create_app(Games(catalogue, open_storage(url, tmp_path))))
    second = TestClient(create_app(Games(catalogue, open_storage(url, tmp_path))))
    game = first.post(
        "/api/games", json={"game": "battle-for-moscow", "scenario": "operation-typhoon", "seed": 3}
    ).json()
    token = game["seats"]["*"]
    where = f"/api/games/{game['id']}/actions?token={token}"
    assert first.post(where, json={"steps": 0, "action": {"end_phase": True}}).status_code == 200
    refused = second.post(where, json={"steps": 1, "action": {"move": "VI", "path": ["0101"]}})
    assert refused.status_code == 422 and refused.json()["rule"] == "How to Play"
    moved = second.post(where, json={"steps": 1, "action": {"move": "LVI", "path": ["0102"]}})
    assert moved.status_code == 200
    view = first.get(f"/api/games/{game['id']}?token={token}").json()
    assert view["steps"] == 2
    assert next(u for u in view["units"] if u["id"] == "LVI")["at"] == "0102"


def _append(storage: Any, index: int, start: threading.Barrier, results: list[bool]) -> None:
    start.wait()
    results.append(storage.append_step("g", index, {"end_phase": True}))
