"""A battle taken from a seeded random game, as both the engine and the module can set it up.

A ``BattlePosition`` holds what was on the map just before the attack (each unit by its
engine id, counter, space, face and the marks the module shows for it), whose phase it
was, and who attacked whom. It is written to a fixture as JSON, turned into a saved game
for the module (``position_save``), and rebuilt in the engine by each system's check.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from compiler.vassal.savefile import save_bytes
from compiler.vassal.setups import PositionPiece, SetupWriter


@dataclass(frozen=True)
class UnitState:
    """One unit on the map: engine id, counter, space, face ("front", "back", "face3" ...) and
    module marks."""

    uid: str
    counter: str
    space: str
    face: str = "front"
    marks: tuple[str, ...] = ()


@dataclass
class BattlePosition:
    """The map before one attack of a seeded random game, and the attack."""

    game: str
    scenario: str
    seed: int
    turn: str
    phase: str
    active_side: str
    units: list[UnitState]
    attackers: list[str]
    defenders: list[str]
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BattlePosition:
        units = [
            UnitState(u["uid"], u["counter"], u["space"], u["face"], tuple(u["marks"])) for u in data["units"]
        ]
        return cls(
            data["game"],
            data["scenario"],
            int(data["seed"]),
            str(data["turn"]),
            data["phase"],
            data["active_side"],
            units,
            list(data["attackers"]),
            list(data["defenders"]),
            dict(data.get("extra", {})),
        )

    def unit(self, uid: str) -> UnitState:
        return next(u for u in self.units if u.uid == uid)


def position_save(
    writer: SetupWriter, position: BattlePosition, values: dict[str, str], module_name: str
) -> tuple[bytes, dict[str, str]]:
    """The position as a saved game of the module, and each unit's piece id in it (by engine id)."""
    pieces = [PositionPiece(u.counter, u.space, u.face, frozenset(u.marks)) for u in position.units]
    commands, ids = writer.position(pieces, values, position.turn, position.phase)
    return save_bytes(commands, module_name, "1.0"), dict(
        zip((u.uid for u in position.units), ids, strict=True)
    )


PER_GAME = 2  # battles taken from one random game at most


def pick_battles(
    battles_of: Callable[[str, int], list[BattlePosition]],
    scenarios: Sequence[str],
    seeds: Sequence[int],
    wanted: int,
) -> list[BattlePosition]:
    """``wanted`` battles at most from the random games of ``seeds`` and ``scenarios``, at most
    PER_GAME from one game, picked at random from its battles so that they come from all of a
    game's turns rather than its first attacks."""
    found: list[BattlePosition] = []
    for seed in seeds:
        for scenario in scenarios:
            if len(found) >= wanted:
                return found
            battles = battles_of(scenario, seed)
            picked = random.Random(seed).sample(battles, min(PER_GAME, len(battles)))
            found += picked[: wanted - len(found)]
    return found
