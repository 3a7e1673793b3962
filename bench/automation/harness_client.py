"""A client of the VASSAL harness that plays the module's automation (harness/, see README.md).

The harness is our VASSAL 3.7 client (harness/AutomationHarness.java, run by harness/run.sh): started
with ``$WGC_AUTOMATION_HARNESS MODULE.vmod -``, it reads one command per line (fields
separated by TAB) and answers each with a line ``@@WGC {json}``.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

PREFIX = "@@WGC "


class HarnessError(RuntimeError):
    pass


class VassalHarness:
    """One VASSAL process with a module loaded, driven command by command."""

    def __init__(self, module: Path, executable: str | None = None) -> None:
        command = executable or os.environ.get("WGC_AUTOMATION_HARNESS")
        if not command:
            raise HarnessError(
                "set WGC_AUTOMATION_HARNESS to the harness script (see bench/automation/README.md)"
            )
        self.process = subprocess.Popen(
            [command, str(module), "-"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.init = self._answer()

    def _answer(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith(PREFIX):
                answer: dict[str, Any] = json.loads(line[len(PREFIX) :])
                return answer
        raise HarnessError(f"the harness stopped (exit {self.process.wait()})")

    def command(self, name: str, *arguments: str) -> Any:
        assert self.process.stdin is not None
        self.process.stdin.write("\t".join([name, *arguments]) + "\n")
        self.process.stdin.flush()
        answer = self._answer()
        if "error" in answer:
            raise HarnessError(f"{name} {arguments}: {answer['error']}")
        self.problems = answer.get("problems", [])
        return answer.get("result")

    def close(self) -> None:
        if self.process.stdin is not None and self.process.poll() is None:
            self.process.stdin.write("quit\n")
            self.process.stdin.close()
        self.process.wait(timeout=60)
