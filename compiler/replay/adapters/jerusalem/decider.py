"""The players' choices read from a Jerusalem! replay step, checked by the engine like any other.

A step answers every question its action raises: ``first_fire`` (one shot or
a list, in the order the engine asks), ``protect``, ``abandon``, ``shell``
(artillery fire at units on the move, each with the hex it happens in), and
``choices`` for any other question, each naming its option by a word of it
("Hulda", "re-mobilize"). A question the step does not answer is the
defender holding fire, or, when the rules give no default, an error naming
the options; an answer the engine never asked for fails the step too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from compiler.diagnostics import codes
from compiler.replay.names import named_space, named_unit
from compiler.replay.problems import ReplayProblem
from rules_engine.core import Unit
from rules_engine.systems.jerusalem import Fire, FireOptions, Game

Json = dict[str, Any]


def _as_list(value: Any) -> list[Json]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


class ScriptedDecider:
    """Answers from one step; ``pointer`` is the step's place in the file."""

    def __init__(self, game: Game, step: Json, pointer: str) -> None:
        self.game = game
        self.step = step
        self.pointer = pointer
        self.shots = _as_list(step.get("first_fire"))
        self.shells = _as_list(step.get("shell"))
        self.choices = list(step.get("choices", ()))
        self.used_shots = self.used_shells = self.used_choices = 0
        self.protect_asked = self.abandon_asked = False

    def _units(self, names: Sequence[str], where: str) -> tuple[Unit, ...]:
        return tuple(named_unit(self.game, name, f"{where}/{i}") for i, name in enumerate(names))

    def _fire(self, entry: Json, where: str) -> Fire:
        return Fire(
            self._units(entry.get("units", ()), where + "/units"),
            self._units(entry.get("targets", ()), where + "/targets"),
            self._units(entry.get("support", ()), where + "/support"),
        )

    def first_fire(self, side: str, options: FireOptions, legal: Callable[[Fire], str | None]) -> Fire | None:
        if self.used_shots >= len(self.shots):
            return None
        where = (
            self.pointer
            + "/first_fire"
            + (f"/{self.used_shots}" if isinstance(self.step["first_fire"], list) else "")
        )
        entry = self.shots[self.used_shots]
        self.used_shots += 1
        if entry.get("hold"):
            return None
        return self._fire(entry, where)

    def protect(self, side: str, space: str, units: Sequence[Unit], limit: int) -> list[Unit]:
        self.protect_asked = True
        if "protect" not in self.step:
            names = ", ".join(u.uid for u in units)
            raise ReplayProblem(
                codes.REPLAY_BAD_STEP,
                self.pointer,
                f"the step must say which {limit} units {self.game.board.name(space)} protects "
                f"('protect'; of {names})",
            )
        return list(self._units(self.step["protect"], self.pointer + "/protect"))

    def abandon(self, leader: Unit, destinations: Sequence[str]) -> str | None:
        self.abandon_asked = True
        if "abandon" not in self.step:
            return None
        return named_space(self.game, self.step["abandon"], self.pointer + "/abandon")

    def shell(self, side: str, options: FireOptions, legal: Callable[[Fire], str | None]) -> Fire | None:
        if self.used_shells >= len(self.shells):
            return None
        entry = self.shells[self.used_shells]
        where = (
            f"{self.pointer}/shell/{self.used_shells}"
            if isinstance(self.step["shell"], list)
            else self.pointer + "/shell"
        )
        space = named_space(self.game, entry["at"], where + "/at")
        if not options.targets or options.targets[0].space != space:
            return None
        self.used_shells += 1
        return Fire(
            self._units(entry.get("guns", ()), where + "/guns"),
            self._units(entry.get("targets", ()), where + "/targets"),
        )

    def choose(self, side: str, question: str, options: Sequence[str]) -> int:
        if len(options) == 1:
            return 0  # a choice the rules leave to no one
        if self.used_choices >= len(self.choices):
            raise ReplayProblem(
                codes.REPLAY_BAD_STEP,
                self.pointer,
                f"the step must answer '{question}' ('choices'; one of: {'; '.join(options)})",
            )
        wanted = str(self.choices[self.used_choices]).casefold()
        where = f"{self.pointer}/choices/{self.used_choices}"
        self.used_choices += 1
        exact = [i for i, option in enumerate(options) if wanted == option.casefold()]
        found = exact or [i for i, option in enumerate(options) if wanted in option.casefold()]
        if len(found) != 1:
            raise ReplayProblem(
                codes.REPLAY_BAD_STEP,
                where,
                f"'{wanted}' must name exactly one answer to '{question}' (options: {'; '.join(options)})",
            )
        return found[0]

    def unused(self) -> str | None:
        """An answer the engine never asked for: the replay and the rules disagree."""
        if self.used_shots < len(self.shots):
            return "first_fire: the step gives a shot of defensive first fire the engine never asked for"
        if self.used_shells < len(self.shells):
            return "shell: the units never came within reach of that shelling, or no gun could fire"
        if self.used_choices < len(self.choices):
            asked = self.used_choices
            return f"choices: the step answers {len(self.choices)} question(s), the engine asked {asked}"
        if "protect" in self.step and not self.protect_asked:
            return "protect: no fort, monastery or cathedral asked which units it protects"
        if "abandon" in self.step and not self.abandon_asked:
            return "abandon: no leader was offered the chance to abandon his units"
        return None
