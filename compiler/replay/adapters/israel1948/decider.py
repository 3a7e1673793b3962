"""Combat choices read from a replay step, checked against what the rules allow.

When the engine asks for a choice the step does not give, the replay is
incomplete unless the rules leave only one answer (a lone eligible unit must
advance; hits that equal the attackers halt them all).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from compiler.diagnostics import codes
from compiler.replay.names import named_space, named_unit
from compiler.replay.problems import ReplayProblem
from rules_engine.core import Unit
from rules_engine.systems.israel1948 import Game, HitTaken


class ScriptedDecider:
    """Answers from one attack step; ``pointer`` is the step's place in the file."""

    def __init__(self, game: Game, step: dict[str, Any], pointer: str) -> None:
        self.game = game
        self.step = step
        self.pointer = pointer
        self.hit_number = 0

    def _units(self, key: str) -> list[Unit]:
        return [
            named_unit(self.game, reference, f"{self.pointer}/{key}/{index}")
            for index, reference in enumerate(self.step.get(key, ()))
        ]

    def _missing(self, key: str, what: str, options: Sequence[Unit]) -> ReplayProblem:
        names = ", ".join(u.uid for u in options)
        return ReplayProblem(
            codes.REPLAY_BAD_STEP,
            self.pointer,
            f"the step must say {what} ('{key}'; choose from {names})",
        )

    def halt(self, hits: int, attackers: Sequence[Unit]) -> list[Unit]:
        if "halt" not in self.step:
            if hits == len(attackers):
                return list(attackers)
            raise self._missing("halt", f"which {hits} attacker(s) the defender's hits halt", attackers)
        return self._units("halt")

    def attacker_losses(self, losses: int, attackers: Sequence[Unit]) -> list[Unit]:
        if "attacker_losses" not in self.step:
            if len(attackers) == 1:
                return [attackers[0]] * losses
            raise self._missing("attacker_losses", f"who takes the {losses} extra hit(s)", attackers)
        return self._units("attacker_losses")

    def all_in(self, candidates: Sequence[Unit]) -> list[Unit]:
        return self._units("all_in")

    def drop_die(self, counts: dict[str, int]) -> str:
        colours = [colour for colour, count in counts.items() if count]
        if "drop_die" in self.step:
            return str(self.step["drop_die"])
        if len(colours) == 1:
            return colours[0]
        raise ReplayProblem(
            codes.REPLAY_BAD_STEP,
            self.pointer,
            "an attacker is out of supply: the step must say which die it loses "
            f"('drop_die': {' or '.join(colours)})",
        )

    def defender_hit(
        self,
        number: int,
        defenders: Sequence[Unit],
        retreats: Callable[[Unit], list[str]],
        must_be_step: bool,
    ) -> HitTaken:
        given = self.step.get("hits", [])
        if number > len(given):
            raise ReplayProblem(
                codes.REPLAY_BAD_STEP,
                self.pointer + "/hits",
                f"the attacker scored at least {number} hit(s) "
                f"but the step says how only {len(given)} are taken",
                hint='add one entry per hit: {"unit": ..., "take": "step"} or "retreat" with "to"',
            )
        self.hit_number = number
        entry = given[number - 1]
        where = f"{self.pointer}/hits/{number - 1}"
        unit = named_unit(self.game, entry["unit"], where + "/unit")
        to = named_space(self.game, entry["to"], where + "/to") if "to" in entry else None
        return HitTaken(unit, entry["take"] == "retreat", to)

    def advance(self, eligible: Sequence[Unit], room: int) -> list[Unit]:
        if "advance" not in self.step:
            if len(eligible) == 1:
                return [eligible[0]]
            raise self._missing("advance", "who advances into the vacated hex", eligible)
        return self._units("advance")

    def air_reroll(self, side: str, rolls: dict[str, list[int]]) -> tuple[str, int] | None:
        role = "defender" if side == self.game.inactive_side else "attacker"
        choice = self.step.get("air", {}).get(role)
        if choice is None:
            return None
        return str(choice["die"]), int(choice["number"]) - 1

    def unused_choices(self) -> str | None:
        """A choice the step gives that the combat never asked for: the replay and the rules disagree."""
        given = len(self.step.get("hits", []))
        if given > self.hit_number:
            return f"the step says how {given} hit(s) are taken, but the defender took only {self.hit_number}"
        return None
