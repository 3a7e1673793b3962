"""What a game system adds to the common replay runner: its steps, expectations and position keys.

The runner (runner.py) knows what every system shares: ending phases, advancing
to a phase, a position's turn, phase, units and control, and expectations of
turn, phase, control, result and each unit's place, face and status. A system's
adapter (adapters/<system>) contributes tables, keyed by the JSON key a replay
writes, of small functions for the rest: its actions ("move", "attack"), its
expectations ("supply", "combat") and the extra keys of its positions. Adding a
system touches no runner code: only a new adapter and one line in
adapters/__init__.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.core import ScriptedDice, Unit

Json = dict[str, Any]

# (game, the step, the step's JSON pointer, the step's dice)
StepHandler = Callable[[Any, Json, str, ScriptedDice], None]
# (game, the expected value, its pointer)
Expectation = Callable[[Any, Any, str], None]
# (game, the unit, the expected or given value, its pointer)
UnitPart = Callable[[Any, Unit, Any, str], None]
# (game, the position's value, its pointer)
PositionPart = Callable[[Any, Any, str], None]
# (game) -> the purposes whose dice the rules only add up: purpose -> (die id, number of dice)
SummedRolls = Callable[[Any], Mapping[str, tuple[str, int]]]


@dataclass(frozen=True)
class ReplayAdapter:
    """One system's part of the replay format, as tables keyed by the replay's JSON keys."""

    # The action keys of a step and how each is run ("move" -> run a move).
    steps: Mapping[str, StepHandler]
    # A one-line summary of a step with that action key, for `wgc replay --trace`.
    summaries: Mapping[str, Callable[[Json], str]] = field(default_factory=dict)
    # Keys of "expect" beyond the common ones.
    expectations: Mapping[str, Expectation] = field(default_factory=dict)
    # Keys of an expected unit ("units": {"7 ARMOUR": {...}}) beyond at, face and status.
    unit_expectations: Mapping[str, UnitPart] = field(default_factory=dict)
    # Keys of a position beyond turn, phase, first_player, units, control and reinforcements.
    position: Mapping[str, PositionPart] = field(default_factory=dict)
    # Keys of a unit in a position beyond unit, at and face.
    unit_position: Mapping[str, UnitPart] = field(default_factory=dict)
    # The rolls a step's dice may give as their total (a number in place of the dice).
    summed_rolls: SummedRolls | None = None
