"""The options of the classic rules system: game.json's ``rules`` and charts.json's combat procedure.

Every option is documented for designers in docs/classic-rules.md; the schema is in
compiler/schemas (game.schema.json's ``rules``, charts.schema.json's combat kinds).
Absent options take the defaults written here, so a record built in Python for a test
needs only the fields it is about.
"""

from collections.abc import Mapping
from typing import NamedTuple

from rules_engine.definitions.frozen import read_only
from rules_engine.definitions.origin import NOWHERE, Origin

Value = int | float | str | bool
NO_VALUES: Mapping[str, Value] = read_only({})


class UnitSelector(NamedTuple):
    """Which units an option takes in: every part given must hold (docs: Unit selectors)."""

    side: str | None = None
    classes: tuple[str, ...] = ()
    not_classes: tuple[str, ...] = ()
    counters: tuple[str, ...] = ()
    values: Mapping[str, Value] = NO_VALUES


class PlaceSpec(NamedTuple):
    """Hexes where something may be (docs: Places): every part given must hold."""

    places: tuple[str, ...] = ()
    features: tuple[str, ...] = ()
    region: str | None = None
    edge: str | None = None
    supply_sources: bool = False
    entries: bool = False
    controlled: bool = False
    in_supply: bool = False
    not_in_enemy_zoc: bool = False
    side: str | None = None
    origin: Origin = NOWHERE


class MovementMode(NamedTuple):
    """A way of moving along roads or railways only, such as rail movement."""

    id: str
    name: str
    along: tuple[str, ...]
    hexes: int | None = None
    start_on_line: bool = False
    enemy_zoc: str = "prohibited"
    cite: str | None = None
    origin: Origin = NOWHERE
    summary: str | None = None  # the designer's words, printed on the player aid


class MovementRules(NamedTuple):
    allowance: str
    classes: Mapping[str, str] = read_only({})
    one_hex_minimum: bool = False
    modes: tuple[MovementMode, ...] = ()
    cite: str | None = None
    origin: Origin = NOWHERE
    summary: str | None = None  # the designer's words, printed on the player aid


class ZocRules(NamedTuple):
    """What an enemy zone of control does to movement: kind none, stop, locking or exit-cost."""

    kind: str = "stop"
    zoc_to_zoc: bool = True
    exit_cost: float = 0.0
    enter_cost: float = 0.0
    exerted_by: UnitSelector | None = None
    not_into: tuple[str, ...] = ()
    negated_by_friendly_units: bool = False
    cite: str | None = None
    origin: Origin = NOWHERE
    summary: str | None = None  # the designer's words, printed on the player aid


class TurnEffect(NamedTuple):
    """An effect in force on some turns (mud, snow): movement, strengths, shifts."""

    id: str
    name: str
    turns: tuple[str, ...]
    units: UnitSelector | None = None
    phases: tuple[str, ...] = ()
    phase_kinds: tuple[str, ...] = ()
    movement_hexes: int | None = None
    movement_allowance: float | None = None
    movement_multiply: float | None = None
    except_modes: tuple[str, ...] = ()
    attack: float | None = None
    defense: float | None = None
    column_shift: int = 0
    drm: int = 0
    cite: str | None = None
    origin: Origin = NOWHERE
    summary: str | None = None
    # where except_modes stands (under the effect's movement)
    modes_origin: Origin = NOWHERE


class SupplyEffects(NamedTuple):
    """What being out of supply does to a unit: multipliers, attrition."""

    attack: float = 1.0
    defense: float = 1.0
    movement: float = 1.0
    eliminated_after: int | None = None
    step_loss: bool = False


class SupplyRules(NamedTuple):
    sources: tuple[PlaceSpec, ...] = ()
    range: int | None = None
    enemy_zoc: str = "blocks"
    negated_by_friendly_units: bool = False
    effects: SupplyEffects = SupplyEffects()
    cite: str | None = None
    origin: Origin = NOWHERE
    summary: str | None = None  # the designer's words, printed on the player aid


class ReinforcementRules(NamedTuple):
    at: tuple[PlaceSpec, ...] = ()
    cite: str | None = None
    origin: Origin = NOWHERE
    summary: str | None = None  # the designer's words, printed on the player aid


class Purchase(NamedTuple):
    """What replacement points buy: a step back ("step") or an eliminated unit ("eliminated")."""

    what: str
    cost: int = 1
    units: UnitSelector | None = None
    in_supply: bool = False
    # the face an eliminated unit comes back on, by its name ("front", "back", "face3": the first
    # of more_faces); a unit with fewer faces comes back on its last
    face: str = "back"
    at: tuple[PlaceSpec, ...] = ()
    origin: Origin = NOWHERE
    summary: str | None = None  # the designer's words, printed on the player aid


class ReplacementRules(NamedTuple):
    track: str = "replacements"
    buy: tuple[Purchase, ...] = ()
    unused: str = "lost"
    # each unit gets at most one purchase a phase (one brought back is not also given its step)
    one_per_unit: bool = False
    cite: str | None = None
    origin: Origin = NOWHERE
    summary: str | None = None  # the designer's words, printed on the player aid


class ControlRules(NamedTuple):
    features: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    by: str = "last-to-enter"
    cite: str | None = None
    origin: Origin = NOWHERE
    summary: str | None = None  # the designer's words, printed on the player aid


class ClassicRules(NamedTuple):
    """game.json's ``rules``: the options of the classic system outside combat."""

    movement: MovementRules | None = None
    zoc: ZocRules | None = None
    reinforcements: ReinforcementRules | None = None
    replacements: ReplacementRules | None = None
    supply: SupplyRules | None = None
    control: ControlRules | None = None
    turn_effects: tuple[TurnEffect, ...] = ()
    origin: Origin = NOWHERE


# --- combat (charts.json) --------------------------------------------------------------


class SideResult(NamedTuple):
    """What a combat result does to one side: eliminated, step losses, a retreat of N hexes."""

    eliminated: bool = False
    steps: int = 0
    retreat: int = 0

    @property
    def nothing(self) -> bool:
        return not self.eliminated and not self.steps and not self.retreat


class ResultMeaning(NamedTuple):
    """One result code of the CRT and what it does (docs: Results)."""

    code: str
    attacker: SideResult = SideResult()
    defender: SideResult = SideResult()
    exchange: str | None = None  # "steps" or "strength"
    summary: str | None = None
    origin: Origin = NOWHERE


class RetreatRules(NamedTuple):
    chosen_by: str = "owner"
    enemy_zoc: str = "prohibited"
    negated_by_friendly_units: bool = False
    blocked: str = "eliminated"
    cite: str | None = None
    origin: Origin = NOWHERE


class AdvanceRules(NamedTuple):
    units: int | None = 1  # None: every attacker may advance
    hexes: int = 1
    ignore_zoc: bool = False
    cite: str | None = None
    origin: Origin = NOWHERE


class TableEnd(NamedTuple):
    """What happens beyond an end of the CRT: "no-attack", "lowest", "highest" or a "result"."""

    rule: str
    result: str | None = None


class CombatProcedure(NamedTuple):
    """How a classic combat phase runs: which values count, the table's ends, the results."""

    attack: str | None = None
    defense: str | None = None
    below_lowest: TableEnd = TableEnd("no-attack")
    above_highest: TableEnd = TableEnd("highest")
    # "after-shifts": a combat beyond an end stands one column past it and the shifts move it from
    # there; "before-shifts": it is brought to the end first (its column, or its result)
    table_ends: str = "after-shifts"
    # a modified roll below the CRT's first row or above its last: read on that row ("lowest-row",
    # "highest-row") or a result; None where the data says nothing (the validator then checks that
    # no roll gets there)
    below_lowest_roll: TableEnd | None = None
    above_highest_roll: TableEnd | None = None
    attacks: str = "voluntary"
    targets: str = "one-hex"
    results: Mapping[str, ResultMeaning] = read_only({})
    retreat: RetreatRules = RetreatRules()
    advance: AdvanceRules | None = None
    defender_fires: bool = True
    cite: str | None = None
    origin: Origin = NOWHERE
