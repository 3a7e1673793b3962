#!/usr/bin/env python3
"""Bootstrap a private environment and run one of the project's two jobs.

    python3 dev.py build   validate every game in source_data/ and write build/: modules,
                           counter sheets, maps and player aids
    python3 dev.py test    ruff (lint and format), mypy and pytest

Only the Python standard library is used here, so the script works on a fresh
machine: it creates `.venv/`, installs the project with its test extra into it
(again whenever pyproject.toml changes), then runs the job inside it.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".installed-from"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")


def _pyproject_digest() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_environment() -> None:
    """Create .venv and install the project unless it is already current."""
    if sys.version_info < (3, 11):  # noqa: UP036 - this script may be run by an older Python
        sys.exit(f"Python 3.11 or newer is needed; this is {sys.version.split()[0]}.")
    if not (BIN / "python").exists():
        print("creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    digest = _pyproject_digest()
    if STAMP.exists() and STAMP.read_text() == digest:
        return
    print("installing the project into .venv ...", flush=True)
    run([str(BIN / "python"), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    run([str(BIN / "python"), "-m", "pip", "install", "--quiet", "-e", ".[test]"])
    STAMP.write_text(digest)


def run(command: list[str]) -> None:
    """Run a command in the repository root; stop with its exit code if it fails."""
    result = subprocess.run(command, cwd=ROOT)
    if result.returncode != 0:
        sys.exit(result.returncode)


def precompile() -> None:
    """Write bytecode for the project once, so that every `wgc` start does not
    compile it again (some machines set PYTHONDONTWRITEBYTECODE)."""
    run([str(BIN / "python"), "-m", "compileall", "-q", "compiler", "rules_engine"])


def job_build() -> None:
    """Modules, print-and-play sheets, maps and player aids for every game, in one run."""
    precompile()
    also = ["--also", "sheets", "--also", "map", "--also", "aids"]
    run([str(BIN / "wgc"), "build", "--output", "build", *also])


def job_test() -> None:
    run([str(BIN / "ruff"), "check", "."])
    run([str(BIN / "ruff"), "format", "--check", "."])
    run([str(BIN / "mypy")])
    run([str(BIN / "python"), "-m", "pytest"])


JOBS = {"build": job_build, "test": job_test}


def main() -> None:
    if len(sys.argv) != 2 or sys.argv[1] not in JOBS:
        sys.exit(f"usage: python3 dev.py {{{'|'.join(JOBS)}}}")
    ensure_environment()
    JOBS[sys.argv[1]]()


if __name__ == "__main__":
    main()
