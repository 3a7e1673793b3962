"""The automation harness kept in the repository (bench/automation/harness/), without VASSAL.

The harness itself only runs inside a VASSAL 3.7 engine (the benches of bench/automation/ use it
and record what it answers); these tests hold what can be checked without one: the README
documents every command the harness serves, run.sh says what it needs before it compiles or
starts anything, and the Python client speaks the harness's line protocol.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench" / "automation"
HARNESS = BENCH / "harness"


def harness_client() -> ModuleType:
    """bench/automation/harness_client.py, which the benches import from their own folder."""
    spec = importlib.util.spec_from_file_location("harness_client", BENCH / "harness_client.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_documents_every_command_the_harness_serves() -> None:
    served = re.findall(r'case "([a-z]+)":', (HARNESS / "AutomationHarness.java").read_text(encoding="utf-8"))
    documented = re.findall(r"^\| `([a-z]+)` \|", (BENCH / "README.md").read_text(encoding="utf-8"), re.M)
    assert len(served) > 10
    assert sorted(documented) == sorted(served)


def test_the_harness_is_our_code_built_on_vassals_public_classes() -> None:
    """No VASSAL source is kept: the harness's classes are in the default package and only
    import VASSAL's."""
    sources = sorted(HARNESS.glob("*.java"))
    assert [p.name for p in sources][:1] == ["AutomationHarness.java"]
    for source in sources:
        text = source.read_text(encoding="utf-8")
        assert not re.search(r"^\s*package\s", text, re.M), source.name
        assert "Rodney Kinney" not in text and "GNU Library General Public" not in text, source.name


def test_run_sh_names_the_engine_it_needs_before_compiling_anything(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("VASSAL_JAR", "VASSAL_CP")}
    env["WGC_HARNESS_CLASSES"] = str(tmp_path / "classes")
    run = subprocess.run(
        ["bash", str(HARNESS / "run.sh"), "game.vmod", "-"],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert run.returncode != 0
    assert "set VASSAL_JAR to a VASSAL 3.7 Vengine.jar (see bench/automation/README.md)" in run.stderr
    assert not (tmp_path / "classes").exists()


FAKE_HARNESS = """\
import json, sys
print("VASSAL's own output goes to standard error", file=sys.stderr)
print("noise before the first answer")
print("@@WGC " + json.dumps({"result": {"module": sys.argv[1], "version": "1", "vassal": "3.7.26"}}), flush=True)
for line in sys.stdin:
    fields = line.rstrip("\\n").split("\\t")
    if fields[0] == "quit":
        print("@@WGC " + json.dumps({"result": None, "problems": []}), flush=True)
        break
    if fields[0] == "echo":
        print("@@WGC " + json.dumps({"result": fields[1:], "problems": ["a warning"]}), flush=True)
    else:
        print("@@WGC " + json.dumps({"error": "unknown command '" + fields[0] + "'"}), flush=True)
"""


@pytest.fixture
def fake_harness(tmp_path: Path) -> Path:
    """A stand-in speaking the harness's protocol (one answer line per command)."""
    script = tmp_path / "fake-harness"
    script.write_text(f"#!{sys.executable}\n{FAKE_HARNESS}", encoding="utf-8")
    script.chmod(0o755)
    return script


def test_the_client_reads_one_answer_per_command_and_keeps_its_problems(fake_harness: Path) -> None:
    client = harness_client()
    harness = client.VassalHarness(Path("game.vmod"), str(fake_harness))
    try:
        assert harness.init["result"]["module"] == "game.vmod"
        assert harness.command("echo", "a b", "$x$") == ["a b", "$x$"]
        assert harness.problems == ["a warning"]
        with pytest.raises(client.HarnessError, match="unknown command 'nonsense'"):
            harness.command("nonsense")
    finally:
        harness.close()
    assert harness.process.returncode == 0


def test_the_client_says_what_to_set_without_a_harness(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WGC_AUTOMATION_HARNESS", raising=False)
    client = harness_client()
    with pytest.raises(client.HarnessError, match="set WGC_AUTOMATION_HARNESS"):
        client.VassalHarness(Path("game.vmod"))
