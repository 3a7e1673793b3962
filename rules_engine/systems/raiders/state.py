"""What a Raiders mission holds beyond the core's positions: decks, boxes, gear, the operating force.

The core's GameState knows where each counter on the map is; a Raiders game
also keeps the operations decks (draw, reserve, discard, the cards in hand),
which box each counter off the map waits in, which unit carries each item of
gear, the operation in progress and the marks a mission leaves (RR breaks,
the appeal made, leader attempts). It is plain data; game.py changes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

# Where a counter off the map is, besides the boxes of map.json.
SET_ASIDE = "set-aside"  # an Armored Train picked away from the railroad (29.0)
LOST = "lost"  # out for the rest of the mission: a fallen leader, gear lost with its carrier (18.4, 20.1)


@dataclass
class Operation:
    """The operation in progress (11.0): its force and what it has done so far."""

    force: list[str] = field(default_factory=list)
    start: str | None = None
    recruited: bool = False
    scouted: bool = False
    rallied: bool = False
    moved: bool = False
    # The card drawn this operation and whether its event is done (or ignored, 30.2).
    card: str | None = None
    card_done: bool = False
    guides_used: bool = False
    # 24.0: supplies spent this operation for a forced march or maximum firepower.
    forced_march: bool = False
    firepower: bool = False
    # Card effects that wait for the battle's outcome ("win: gain 1 Op").
    pending: list[Mapping[str, Any]] = field(default_factory=list)
    # Hostiles brought by this operation's card, and the garrison fought in the objective segment.
    garrison_fought: bool = False
    demolished: list[str] = field(default_factory=list)


@dataclass
class BattleReport:
    """What the last battle did, for replays' expectations and the player's screen."""

    space: str
    raiders: list[str]
    hostiles: list[str]
    edge: str
    edge_rolls: tuple[int, int]
    edge_bonus: tuple[int, int]
    rounds: int = 0
    shots: list[tuple[str, str, int, bool]] = field(default_factory=list)  # firer, target, roll, hit
    raider_losses: list[str] = field(default_factory=list)
    hostile_losses: list[str] = field(default_factory=list)
    outcome: str = "draw"  # "win", "lose" or "draw", from the raiders' side
    ops_change: int = 0
    escapes: dict[str, str] = field(default_factory=dict)
    garrison: str | None = None


class BattleView(NamedTuple):
    """What a player deciding in a battle sees: everyone's combat value and the battle so far."""

    values: Mapping[str, int]
    report: BattleReport
    raiders_first: bool


@dataclass
class MissionState:
    """Decks, boxes and the marks of one mission."""

    draw: list[str] = field(default_factory=list)
    reserve: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    where: dict[str, str] = field(default_factory=dict)  # uid -> box (or SET_ASIDE, LOST) when off the map
    carrier: dict[str, str] = field(default_factory=dict)  # gear uid -> the unit carrying it
    revealed: set[str] = field(default_factory=set)  # garrison markers face up
    rr_breaks: set[str] = field(default_factory=set)  # rail spaces broken (35.1)
    appeal_made: bool = False
    leader_attempts: int = 1  # 34.3: one a mission, one more per battle won
    battles_won: int = 0
    ends_after_operation: bool = False
    set_up: bool = True  # the set-up's random part is done (new_game clears it until the set-up begins)
    operation: Operation = field(default_factory=Operation)
    last_battle: BattleReport | None = None
    garrisons_destroyed: set[str] = field(default_factory=set)  # spaces whose garrison was eliminated

    @property
    def ops(self) -> int:
        """11.0: the Ops left are the cards left in the draw deck."""
        return len(self.draw)
