"""Which packages the everyday commands load (issue 32): counted in a fresh interpreter, so the
answer is deterministic, never a timing.

`wgc validate`, `wgc info` and `wgc replay` read a game's data and, for a replay, its own
system's engine. They must load nothing of the VASSAL back end, the renderers, the art tools,
the importer or another system's engine, nor lxml, Pillow or jsonschema (a valid game explains
no failure): each of these costs every run time, and a check that pulled one in (as the boards
check once pulled in the VASSAL inspector through its geometry) is a layering mistake.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

GAME = ROOT / "source_data" / "israel1948"
REPLAY = GAME / "replays" / "combat-example.json"

# Packages none of the three commands may load for a game that names no image and keeps no
# VASSAL part; a name matches itself and everything below it.
NEVER = (
    "compiler.vassal",
    "compiler.render",
    "compiler.art",
    "compiler.importer",
    "compiler.output",
    "compiler.build",
    "compiler.simulate",
    "compiler.play",
    "compiler.serve",
    "compiler.mapgeometry.maps",
    "compiler.mapgeometry.grids",
    "rules_engine.systems.classic",
    "rules_engine.systems.jerusalem",
    "rules_engine.systems.raiders",
    "lxml",
    "PIL",
    "jsonschema",
    "numpy",
    "starlette",
    "uvicorn",
    "websockets",
    "psycopg",
    # What only a rare case or another command needs (each a few milliseconds of every run):
    "rules_engine.definitions.kept",  # an imported game's vassal/ part
    "sqlite3",  # wgc serve's database
    "fractions",  # a float multipleOf that overflows
    "decimal",
)
ENGINE = "rules_engine.systems.israel1948.game"
CORE = "rules_engine.core.game"

SCRIPT = """
import json, sys
from compiler.cli.main import cli
try:
    cli.main(args=sys.argv[1:], prog_name="wgc", standalone_mode=False)
finally:
    sys.stdout.flush()
    sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


def loaded(*arguments: str, cache: Path) -> list[str]:
    """The modules a whole `wgc` process of ``arguments`` has loaded when it ends."""
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, *arguments],
        cwd=ROOT,
        env={"WGC_CACHE_DIR": str(cache), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )
    line = next((x for x in result.stderr.splitlines() if x.startswith("MODULES ")), None)
    assert line is not None, result.stderr
    modules: list[str] = json.loads(line.removeprefix("MODULES "))
    return modules


def forbidden(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == name or m.startswith(name + ".") for name in NEVER)]


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache of the test's own in which the game's replays have been played once."""
    folder = tmp_path_factory.mktemp("cache")
    folder.chmod(0o700)
    assert ENGINE in loaded("validate", str(GAME), cache=folder)  # the first run plays them
    return folder


def test_validate_loads_no_back_end_and_no_engine(cache: Path) -> None:
    modules = loaded("validate", str(GAME), cache=cache)
    assert forbidden(modules) == []
    assert ENGINE not in modules and CORE not in modules  # the replays' outcomes are kept
    assert "rules_engine.systems.israel1948.facts" in modules  # what the checks ask of the system


def test_info_loads_no_back_end_and_no_engine(cache: Path) -> None:
    modules = loaded("info", str(GAME), cache=cache)
    assert forbidden(modules) == []
    assert ENGINE not in modules and CORE not in modules


def test_replay_loads_its_own_engine_and_no_back_end(cache: Path) -> None:
    modules = loaded("replay", str(GAME), str(REPLAY), cache=cache)
    assert forbidden(modules) == []
    assert ENGINE in modules


def test_inspect_of_a_module_of_few_saves_starts_no_worker_machinery(tmp_path: Path) -> None:
    """The read-ahead worker (compiler/vassal/inspection/saves.py) is for modules of many large
    saves; its modules (multiprocessing, concurrent.futures: some 20 ms) are loaded only when it
    starts, so inspecting a module of one small setup (as most are) does not pay for them."""
    from .inspect_modules import decks

    path = tmp_path / "decks.vmod"
    path.write_bytes(decks())
    modules = loaded("inspect", str(path), cache=tmp_path)
    assert "compiler.vassal.inspection.saves" in modules  # its setup was read
    assert [m for m in modules if m.split(".")[0] in ("multiprocessing", "concurrent")] == []
