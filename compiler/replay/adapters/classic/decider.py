"""The choices of a classic combat read from a replay's attack step, checked against the rules.

A choice the rules leave to no one may be left out of the step: losses that only one set of
units can take, the only retreat path. A choice the step gives and the combat never asks for
(an advance where no hex was left empty, a retreat for a unit the result leaves in place,
more losses than the result costs) is refused by the rule that would have asked for it, as
any choice the rules forbid: a replay says "no advance here" with an `illegal` step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from compiler.diagnostics import codes
from compiler.loading.positions import join_pointer
from compiler.replay.names import named_space, named_unit
from compiler.replay.problems import ReplayProblem
from rules_engine.core import Unit
from rules_engine.core.errors import IllegalAction
from rules_engine.systems.classic import ClassicGame
from rules_engine.systems.classic.decisions import Path, PathsOf, Steps, Worth


class ScriptedDecider:
    """Answers from one attack step; ``pointer`` is the step's place in the file."""

    def __init__(self, game: ClassicGame, step: dict[str, Any], pointer: str) -> None:
        self.game = game
        self.step = step
        self.pointer = pointer
        self.taken = {"defender_losses": 0, "attacker_losses": 0}
        self.retreated: set[str] = set()
        self.advanced = 0

    def _units(self, key: str, count: int | None) -> list[Unit]:
        given = self.step.get(key, [])
        start = self.taken[key]
        end = len(given) if count is None else start + count
        if end > len(given):
            raise ReplayProblem(
                codes.REPLAY_BAD_STEP,
                f"{self.pointer}/{key}",
                f"the combat asks for {end} step loss(es) in '{key}', the step names {len(given)}",
            )
        self.taken[key] = end
        return [named_unit(self.game, given[i], f"{self.pointer}/{key}/{i}") for i in range(start, end)]

    def losses(self, role: str, count: int, units: Sequence[Unit], steps: Steps) -> list[Unit]:
        key = f"{role}_losses"
        if key in self.step:
            return self._units(key, count)
        if sum(steps(u) for u in units) == count or len(units) == 1:
            return [u for u in units for _ in range(steps(u))][:count]
        names = ", ".join(u.uid for u in units)
        raise ReplayProblem(
            codes.REPLAY_BAD_STEP,
            self.pointer,
            f"the step must say who takes {count} step loss(es) ('{key}': {names})",
        )

    def exchange(self, units: Sequence[Unit], needed: float, worth: Worth, steps: Steps) -> list[Unit]:
        if "attacker_losses" in self.step:
            return self._units("attacker_losses", None)
        if len(units) == 1:
            unit, chosen, total = units[0], [], 0.0
            for nth in range(1, steps(unit) + 1):
                if total >= needed:
                    break
                chosen.append(unit)
                total += worth(unit, nth)
            return chosen
        names = ", ".join(u.uid for u in units)
        raise ReplayProblem(
            codes.REPLAY_BAD_STEP,
            self.pointer,
            f"the step must say which attackers pay the exchange ('attacker_losses': {names})",
        )

    def _given_path(self, key: str, unit: Unit) -> tuple[str, tuple[str, ...]] | None:
        for name, path in self.step.get(key, {}).items():
            where = join_pointer(f"{self.pointer}/{key}", name)
            if named_unit(self.game, name, where) is unit:
                return where, tuple(named_space(self.game, s, f"{where}/{i}") for i, s in enumerate(path))
        return None

    def retreat(self, role: str, unit: Unit, paths: Sequence[Path]) -> Path:
        given = self._given_path("retreats", unit)
        if given is not None:
            self.retreated.add(unit.uid)
            return given[1]
        if len(paths) == 1:
            return paths[0]
        shown = "; ".join(" ".join(p) for p in paths[:6])
        raise ReplayProblem(
            codes.REPLAY_BAD_STEP,
            self.pointer,
            f"the step must say where {unit.uid} retreats ('retreats': {shown})",
        )

    def advance(self, units: Sequence[Unit], paths: PathsOf) -> tuple[Unit, Path] | None:
        entries = list(self.step.get("advance", {}).items())
        if self.advanced == 0:
            self._within_the_limit(len(entries))
        if self.advanced >= len(entries):
            return None
        name, path = entries[self.advanced]
        where = join_pointer(f"{self.pointer}/advance", name)
        self.advanced += 1
        unit = named_unit(self.game, name, where)
        return unit, tuple(named_space(self.game, s, f"{where}/{i}") for i, s in enumerate(path))

    def _within_the_limit(self, named: int) -> None:
        """More advances named than the option lets happen are refused by the advance rule (the
        engine, which asks only as many as may advance, would leave the rest unread)."""
        rules = self.game.tables.procedure.advance
        if rules is not None and rules.units is not None and named > rules.units:
            raise IllegalAction(
                self.game.tables.rule("advance"),
                f"{rules.units} unit(s) at most may advance after a combat; the step names {named}",
            )

    def refused_choice(self) -> IllegalAction | None:
        """The first choice the step gives that the combat never asked for, refused by the rule
        that asks for it: losses by combat, retreats by retreat, advances by advance."""
        rule = self.game.tables.rule
        for key, used in self.taken.items():
            given = len(self.step.get(key, []))
            if given > used:
                return IllegalAction(
                    rule("combat"),
                    f"the result takes {used} step loss(es) in '{key}'; the step names {given}",
                )
        for name in self.step.get("retreats", {}):
            if self.game.unit(name).uid not in self.retreated:
                return IllegalAction(rule("retreat"), f"{name} does not retreat after this combat")
        given = len(self.step.get("advance", {}))
        if given > self.advanced:
            why = (
                "no attacked hex was left empty to advance into"
                if self.advanced == 0
                else f"the combat let {self.advanced} of the {given} advances named happen"
            )
            return IllegalAction(rule("advance"), why)
        return None
