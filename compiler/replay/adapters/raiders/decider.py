"""The player's choices inside a Raiders action, read from the replay step that takes it.

A step gives the raider line for each round of a battle (``lines``, or one
``line`` kept for every round), the hostile each raider hit eliminates, in
order (``targets``), where an escaping leader goes (``escape``), which
Garrisons are revealed (``reveal``) and the port an appeal's units go to
(``port``). A choice the rules leave to no one (a lone raider, a lone hostile
left, a single escape route) may be left out; a choice given and never asked
for fails the replay, since then the replay and the rules disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from compiler.diagnostics import codes
from compiler.replay.names import named_space, named_unit
from compiler.replay.problems import ReplayProblem
from rules_engine.core import Unit
from rules_engine.systems.raiders import Game
from rules_engine.systems.raiders.state import BattleView


class ScriptedDecider:
    """Answers from one step; ``pointer`` is the step's place in the file."""

    def __init__(self, game: Game, step: dict[str, Any], pointer: str) -> None:
        self.game = game
        self.step = step
        self.pointer = pointer
        self.lines_asked = 0
        self.targets_taken = 0
        self.reveals_taken = 0
        self.escapes_taken: set[str] = set()
        self.port_taken = False

    def _problem(self, key: str, message: str, hint: str | None = None) -> ReplayProblem:
        return ReplayProblem(codes.REPLAY_BAD_STEP, f"{self.pointer}/{key}", message, hint)

    def line(
        self, round_number: int, raiders: Sequence[Unit], hostiles: Sequence[Unit], battle: BattleView
    ) -> list[Unit]:
        lines = self.step.get("lines")
        names: list[str]
        if lines:
            names = lines[min(self.lines_asked, len(lines) - 1)]
        elif "line" in self.step:
            names = self.step["line"]
        else:
            raise self._problem(
                "line",
                f"the battle needs the raider line for round {round_number}",
                hint="give 'line': [" + ", ".join(f'"{u.uid}"' for u in raiders) + "] in firing order",
            )
        self.lines_asked += 1
        given = [named_unit(self.game, n, f"{self.pointer}/line") for n in names]
        ordered = [u for u in given if u in raiders]
        missing = [u.uid for u in raiders if u not in ordered]
        if missing:
            raise self._problem("line", f"the raider line leaves out {', '.join(missing)}")
        return ordered

    def target(self, firer: Unit, hostiles: Sequence[Unit], battle: BattleView) -> Unit:
        targets = self.step.get("targets", [])
        if self.targets_taken >= len(targets):
            names = ", ".join(u.uid for u in hostiles)
            raise self._problem(
                "targets",
                f"{firer.uid} scores hit {self.targets_taken + 1}: say which hostile it eliminates ({names})",
            )
        where = f"{self.pointer}/targets/{self.targets_taken}"
        self.targets_taken += 1
        return named_unit(self.game, targets[self.targets_taken - 1], where)

    def escape(self, leader: Unit, options: Sequence[str]) -> str:
        given = self.step.get("escape", {})
        entry = next(
            (v for k, v in given.items() if named_unit(self.game, k, self.pointer).uid == leader.uid), None
        )
        if entry is None:
            names = ", ".join(self.game.space_name(s) for s in options)
            raise self._problem("escape", f"say where {leader.uid} escapes to ({names})")
        self.escapes_taken.add(leader.uid)
        return named_space(self.game, entry, f"{self.pointer}/escape")

    def reveal(self, count: int, options: Sequence[str]) -> list[str]:
        given = self.step.get("reveal", [])[self.reveals_taken : self.reveals_taken + count]
        if len(given) < count:
            names = ", ".join(self.game.space_name(s) for s in options)
            raise self._problem("reveal", f"say which {count} Garrison(s) are revealed ({names})")
        self.reveals_taken += count
        return [named_space(self.game, s, f"{self.pointer}/reveal") for s in given]

    def port(self, options: Sequence[str]) -> str:
        if "port" not in self.step:
            names = ", ".join(self.game.space_name(s) for s in options)
            raise self._problem("port", f"say which port the units go to ({names})")
        self.port_taken = True
        return named_space(self.game, self.step["port"], f"{self.pointer}/port")

    def unused_choices(self) -> str | None:
        """A choice the step gives that the action never asked for."""
        if len(self.step.get("targets", [])) > self.targets_taken:
            given = len(self.step["targets"])
            return f"the step names {given} target(s), but the raiders hit {self.targets_taken}"
        if len(self.step.get("reveal", [])) > self.reveals_taken:
            return "the step names Garrisons to reveal that no rule revealed"
        if "port" in self.step and not self.port_taken:
            return "the step names a port that no rule asked for"
        if len(self.step.get("escape", {})) > len(self.escapes_taken):
            return "the step says where a leader escapes, but no leader needed to choose"
        if len(self.step.get("lines", [])) > self.lines_asked:
            given = len(self.step["lines"])
            return f"the step gives {given} raider lines, but {self.lines_asked} were asked for"
        return None
