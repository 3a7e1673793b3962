"""Combat on a CRT (docs/classic-rules.md, Combat, The combat results table, Terrain in combat).

An attack is checked (who may attack what), assessed (the totals, the column with its
shifts, the die-roll modifier: ``assess``, which the greedy player also asks), then rolled
and its result carried out (results.py), and the attacker may advance (advance.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from rules_engine.core.dice import DiceSource
from rules_engine.core.errors import EngineError, IllegalAction
from rules_engine.core.state import Unit
from rules_engine.definitions import Terrain
from rules_engine.systems.classic import advance, results, strength, turns
from rules_engine.systems.classic.decisions import Decider
from rules_engine.systems.classic.results import Losses
from rules_engine.systems.classic.rolls import hex_effect
from rules_engine.systems.classic.sequence import acts
from rules_engine.systems.classic.state import World

ROLL_PURPOSE = "combat"


@dataclass
class Assessment:
    """An attack worked out before the roll."""

    attack: float
    defense: float
    odds: str | None = None
    differential: int | None = None
    shift: int = 0
    drm: int = 0
    # the column index after shifts, or a result code an end of the table gives without a roll,
    # or None when the attack may not be made (below the table)
    outcome: int | str | None = None


@dataclass
class CombatReport:
    """One combat as it was fought, for replays' expectations and the player's screen."""

    attackers: list[str]
    targets: list[str]
    defenders: list[str]
    assessment: Assessment
    column: str | None = None
    roll: int | None = None
    modified: int | None = None
    result: str = ""
    losses: Losses = field(default_factory=Losses)
    attacker_hits: int | None = None
    defender_hits: int | None = None


# --- who may attack what ---------------------------------------------------------------------


def check(world: World, side: str, attackers: Sequence[Unit], targets: Sequence[str]) -> None:
    """Refuse (IllegalAction citing the combat option) an attack the rules do not allow."""
    tables = world.tables
    rule = tables.rule("combat")
    if not attackers:
        raise IllegalAction(rule, "an attack needs at least one attacking unit")
    if not targets or len(set(targets)) != len(targets):
        raise IllegalAction(rule, "an attack names each hex it attacks once")
    if tables.procedure.targets == "one-hex" and len(targets) > 1:
        raise IllegalAction(rule, "an attack is on one hex")
    if len({u.uid for u in attackers}) != len(attackers):
        raise IllegalAction(rule, "a unit is named twice among the attackers")
    for target in targets:
        _check_target(world, side, target)
    for unit in attackers:
        _check_attacker(world, side, unit, targets)
    problem = _prohibited(world, attackers, targets)
    if problem is not None:
        raise IllegalAction(rule, problem)


def _check_target(world: World, side: str, target: str) -> None:
    rule, name = world.tables.rule("combat"), world.tables.board.name
    here = world.state.units_at(target)
    if not here or here[0].side == side:
        raise IllegalAction(rule, f"{name(target)} holds no enemy unit")
    if target in world.extra.defended:
        raise IllegalAction(rule, f"{name(target)} has already been attacked this phase")


def _check_attacker(world: World, side: str, unit: Unit, targets: Sequence[str]) -> None:
    rule, name = world.tables.rule("combat"), world.tables.board.name
    if not acts(world, unit, side):
        phase = world.phase
        raise IllegalAction(world.tables.phase_rule(phase), f"{unit.uid} may not attack in the {phase.name}")
    if unit.uid in world.state.attacked:
        raise IllegalAction(rule, f"{unit.uid} has already attacked this phase")
    if strength.attack(world, unit, targets) <= 0:
        raise IllegalAction(rule, f"{unit.uid} has no attack strength now")
    neighbours = world.tables.board.neighbours[unit.space or ""]
    for target in targets:
        if target not in neighbours:
            raise IllegalAction(rule, f"{unit.uid} is not next to {name(target)}")


def _prohibited(world: World, attackers: Sequence[Unit], targets: Sequence[str]) -> str | None:
    board = world.tables.board
    for target in targets:
        if any(
            t.combat is not None and t.combat.attack_prohibited for t in strength.hex_terrain(world, target)
        ):
            return f"no attack may be made on {board.name(target)}"
        for unit in attackers:
            for feature in board.side_features(unit.space or "", target):
                combat = feature.terrain.combat
                if combat is not None and combat.attack_prohibited:
                    return f"{unit.uid} may not attack across the {feature.terrain.name.lower()}"
    return None


def _below_the_table(found: Assessment, lowest: str) -> str:
    """Why an attack below the table may not be made, in the words of the table's kind."""
    if found.differential is not None:
        return f"the differential {found.differential:+d} is below {lowest}, the table's lowest column"
    odds = f" {found.odds}" if found.odds else ""
    return f"the odds{odds} are below {lowest}, the table's lowest column"


# --- the odds ------------------------------------------------------------------------------


def assess(world: World, attackers: Sequence[Unit], targets: Sequence[str]) -> Assessment:
    """The totals, shifts and modifier of an attack, and where it falls on the table."""
    tables = world.tables
    defenders = [u for t in targets for u in world.state.units_at(t)]
    attack = sum(strength.attack(world, u, targets) for u in attackers)
    defense = sum(strength.defense(world, u) for u in defenders)
    side = defenders[0].side if defenders else ""
    shift, drm = _terrain_modifiers(world, side, targets)
    across_shift, across_drm = _hexside_modifiers(world, attackers, targets)
    turn_shift, turn_drm = turns.combat_modifiers(world, attackers)
    found = Assessment(
        attack, defense, shift=shift + across_shift + turn_shift, drm=drm + across_drm + turn_drm
    )
    crt = tables.crt
    if crt is None:
        return found
    if crt.kind == "differential-crt":
        found.differential = crt.rounded(attack - defense)
    else:
        ratio = crt.odds_ratio(attack, defense)
        found.odds = None if ratio is None else f"{ratio[0]}-{ratio[1]}"
    procedure = tables.procedure
    column = crt.column(attack, defense)
    found.outcome = crt.shifted(
        column,
        found.shift,
        procedure.below_lowest,
        procedure.above_highest,
        ends_first=procedure.table_ends == "before-shifts",
    )
    return found


def odds_text(world: World, attackers: Sequence[Unit], targets: Sequence[str]) -> str:
    """An attack as a player weighs it before choosing it: the totals, the odds or the differential,
    and the column it is read on after shifts (or the result an end of the table gives)."""
    found = assess(world, attackers, targets)
    crt = world.tables.crt
    if crt is None:  # a dice pool: the totals are the dice each side rolls
        return f"{math.floor(found.attack + 1e-9)} dice against {math.floor(found.defense + 1e-9)}"
    totals = f"{found.attack:g} to {found.defense:g}"
    ratio = f"differential {found.differential:+d}" if found.differential is not None else found.odds or ""
    text = f"{totals}, {ratio}" if ratio else totals
    if found.outcome is None:
        return f"{text}, below the table"
    if isinstance(found.outcome, str):
        return f"{text}: {found.outcome} without a roll"
    column = crt.label(found.outcome)
    text += f", column {column}" if found.shift or column != ratio else ""
    return text + (f", die {found.drm:+d}" if found.drm else "")


def _terrain_modifiers(world: World, side: str, targets: Sequence[str]) -> tuple[int, int]:
    """The defender's terrain: of several hexes attacked, the one with the lowest shift."""
    return min(hex_effect(strength.hex_terrain(world, t), side) for t in targets)


def _hexside_modifiers(world: World, attackers: Sequence[Unit], targets: Sequence[str]) -> tuple[int, int]:
    """Hexsides between the attackers and the hexes attacked: each kind counts once, when every
    attacker attacks across it (or any, as the terrain says)."""
    board = world.tables.board
    across: dict[str, list[bool]] = {}
    kinds: dict[str, Terrain] = {}
    for unit in attackers:
        seen: set[str] = set()
        for target in targets:
            for feature in board.side_features(unit.space or "", target):
                if feature.terrain.combat is not None:
                    seen.add(feature.terrain.id)
                    kinds[feature.terrain.id] = feature.terrain
        for kind in kinds:
            across.setdefault(kind, []).append(kind in seen)
    shift = drm = 0
    for kind_id, flags in across.items():
        combat = kinds[kind_id].combat
        assert combat is not None
        counts = all(flags) and len(flags) == len(attackers)
        if combat.applies == "any-attacker-across":
            counts = any(flags)
        if counts:
            shift += combat.column_shift
            drm += combat.drm or 0
    return shift, drm


# --- fighting ------------------------------------------------------------------------------


def resolve(
    world: World,
    side: str,
    attackers: Sequence[Unit],
    targets: Sequence[str],
    decider: Decider,
    dice: DiceSource,
) -> CombatReport:
    """Fight one attack on a CRT, from the check to the advance."""
    check(world, side, attackers, targets)
    tables = world.tables
    crt = tables.crt
    if crt is None:
        raise EngineError("the classic system needs the CRT that charts.json's combat names")
    found = assess(world, attackers, targets)
    if found.outcome is None:
        raise IllegalAction(tables.rule("combat"), _below_the_table(found, crt.label(0)))
    defenders = [u for t in targets for u in world.state.units_at(t)]
    report = CombatReport([u.uid for u in attackers], list(targets), [u.uid for u in defenders], found)
    _mark(world, attackers, targets)
    if isinstance(found.outcome, str):
        report.result = found.outcome
    else:
        report.column = crt.label(found.outcome)
        rolled = crt.dice
        report.roll = sum(dice.roll(ROLL_PURPOSE, {rolled.die: rolled.number})[rolled.die])
        report.modified = report.roll + found.drm
        report.result = crt.result(found.outcome, report.modified)
    _carry_out(world, report, attackers, defenders, targets, decider)
    return report


def _mark(world: World, attackers: Sequence[Unit], targets: Sequence[str]) -> None:
    world.state.attacked.update(u.uid for u in attackers)
    world.extra.defended.update(targets)


def _carry_out(
    world: World,
    report: CombatReport,
    attackers: Sequence[Unit],
    defenders: Sequence[Unit],
    targets: Sequence[str],
    decider: Decider,
) -> None:
    meaning = world.tables.procedure.results.get(report.result)
    if meaning is None:
        raise EngineError(f"the result '{report.result}' has no meaning in charts.json's combat.results")
    if world.state.logging:
        where = " ".join(world.tables.board.name(t) for t in targets)
        world.state.note(
            "combat", f"attack on {where}: {report.column or 'no roll'}, roll {report.roll}: {report.result}"
        )
    report.losses = results.apply(world, meaning, attackers, defenders, decider)
    follow_up(world, report, attackers, targets, decider)


def follow_up(
    world: World, report: CombatReport, attackers: Sequence[Unit], targets: Sequence[str], decider: Decider
) -> None:
    """The attacker's advance into hexes the combat emptied."""
    vacated = [t for t in targets if not world.state.units_at(t)]
    stayed = [u for u in attackers if u.on_map and u.uid not in report.losses.retreated]
    if vacated and stayed:
        report.losses.advanced = advance.advance(world, stayed, vacated, decider)


# --- below the table -------------------------------------------------------------------------


def possible(world: World, side: str, attackers: Sequence[Unit], targets: Sequence[str]) -> bool:
    """Whether this attack may be made now (its check passes and it is not below the table)."""
    try:
        check(world, side, attackers, targets)
    except IllegalAction:
        return False
    if world.tables.crt is None:
        return True
    return assess(world, attackers, targets).outcome is not None


# --- mandatory combat ------------------------------------------------------------------------


def obligation(world: World, side: str) -> str | None:
    """Under mandatory combat, why the phase may not end yet (None when it may): a unit next to the
    enemy that has not attacked, or an enemy hex next to the side's units not attacked, while some
    legal attack would change that."""
    if world.tables.procedure.attacks != "mandatory":
        return None
    state, board = world.state, world.tables.board
    able = [u for u in state.units_of(side) if acts(world, u, side) and strength.printed_attack(world, u) > 0]
    fresh = able_attackers(world, side)
    for target in enemy_hexes_near(world, side, able):
        near = [u for u in fresh if target in board.neighbours[u.space or ""]]
        if near and possible(world, side, near, [target]):
            unit = near[0]
            return f"{unit.uid} is next to the enemy in {board.name(target)}, which must be attacked"
    return None


def enemy_hexes_near(world: World, side: str, units: Sequence[Unit]) -> list[str]:
    """The enemy-held hexes next to ``units`` not yet attacked this phase, in the units' order."""
    neighbours = world.tables.board.neighbours
    enemy, defended = world.enemy_held(side), world.extra.defended
    found: dict[str, None] = {}
    for unit in units:
        for there in neighbours[unit.space or ""]:
            if there in enemy and there not in defended:
                found[there] = None
    return list(found)


def able_attackers(world: World, side: str) -> list[Unit]:
    """``side``'s units that may still attack in this phase (before asking what they attack)."""
    state, tables = world.state, world.tables
    attacked, chosen = state.attacked, world.phase.units
    printed = tables.printed_numbers(tables.procedure.attack)
    return [
        u
        for u in state.units_of(side)
        if u.uid not in attacked
        and (chosen is None or acts(world, u, side))
        and printed[u.counter.id][u.face_index] > 0  # by the face shown
    ]
