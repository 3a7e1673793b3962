"""Dice-pool combat (docs/classic-rules.md, Dice-pool combat): strengths become dice, dice hits.

Each attacker rolls a die of the pool per point of attack; the defenders roll their defense
(and the dice their hex's terrain adds) at the same moment. Each hit is a step loss its side
shares out; then the attacker may advance into an emptied hex.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from rules_engine.core.dice import DiceSource
from rules_engine.core.errors import EngineError
from rules_engine.core.state import Unit
from rules_engine.systems.classic import combat, results, strength
from rules_engine.systems.classic.combat import Assessment, CombatReport
from rules_engine.systems.classic.decisions import Decider
from rules_engine.systems.classic.results import Losses
from rules_engine.systems.classic.state import World


def resolve(
    world: World,
    side: str,
    attackers: Sequence[Unit],
    targets: Sequence[str],
    decider: Decider,
    dice: DiceSource,
) -> CombatReport:
    combat.check(world, side, attackers, targets)
    system = world.tables.combat
    if system is None or not system.dice:
        raise EngineError("dice-pool combat needs the dice of charts.json's combat")
    hits_on = {d.die: frozenset(d.hits_on) for d in system.dice}
    die = system.dice[0].die
    defenders = [u for t in targets for u in world.state.units_at(t)]
    attack = sum(strength.attack(world, u, targets) for u in attackers)
    defense = sum(strength.defense(world, u) for u in defenders)
    report = CombatReport(
        [u.uid for u in attackers], list(targets), [u.uid for u in defenders], Assessment(attack, defense)
    )
    world.state.attacked.update(u.uid for u in attackers)
    world.extra.defended.update(targets)
    rolled = dice.roll("attacker", {die: math.floor(attack + 1e-9)})
    report.attacker_hits = _hits(rolled, hits_on)
    report.defender_hits = 0
    if world.tables.procedure.defender_fires:
        counts = {die: math.floor(defense + 1e-9)}
        for kind in strength.hex_terrain(world, targets[0]):
            for extra, number in (kind.combat.defender_dice if kind.combat else {}).items():
                counts[extra] = counts.get(extra, 0) + number
        report.defender_hits = _hits(dice.roll("defender", counts), hits_on)
    report.result = f"{report.attacker_hits} hit(s) on the defender, {report.defender_hits} on the attacker"
    world.state.note("combat", report.result)
    losses = Losses()
    results.take_steps(world, "defender", report.attacker_hits, defenders, decider, losses)
    results.take_steps(world, "attacker", report.defender_hits, attackers, decider, losses)
    report.losses = losses
    combat.follow_up(world, report, attackers, targets, decider)
    return report


def _hits(rolled: Mapping[str, list[int]], hits_on: Mapping[str, frozenset[int]]) -> int:
    return sum(1 for die, values in rolled.items() for value in values if value in hits_on.get(die, ()))
