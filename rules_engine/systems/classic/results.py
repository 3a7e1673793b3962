"""Combat results (docs/classic-rules.md, Results): what a result code does to each side.

The defender's part first (eliminated, step losses), then an exchange's price for the
attacker, then the attacker's part, then the retreats of each side's survivors. Which unit
takes which step loss is the owner's choice (the decider's); the rules check it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from rules_engine.core.errors import IllegalAction
from rules_engine.core.state import Unit
from rules_engine.definitions import Counter as CounterDefinition
from rules_engine.definitions import Face, ResultMeaning, SideResult
from rules_engine.systems.classic import changes, retreat
from rules_engine.systems.classic.changes import steps_left
from rules_engine.systems.classic.decisions import Decider, Path, Worth
from rules_engine.systems.classic.state import World
from rules_engine.systems.classic.values import face_number


@dataclass
class Losses:
    """What a combat did to the units in it, for the report and replays' expectations."""

    eliminated: list[str] = field(default_factory=list)
    step_losses: list[str] = field(default_factory=list)
    retreated: dict[str, Path] = field(default_factory=dict)
    advanced: dict[str, Path] = field(default_factory=dict)


def step_worth(
    counter: CounterDefinition, face_index: int, had: int, nth: int, value_id: str | None
) -> float:
    """What the ``nth`` step lost in a combat by a unit of ``counter`` (showing face ``face_index``
    and with ``had`` steps before it) takes off its printed value: a step down to the next face
    the difference of the two faces, an elimination the whole face it then shows."""
    if nth > had:
        return 0.0
    shown = face_number(face_at(counter, face_index + nth - 1), value_id)
    if nth == had:
        return shown
    return shown - face_number(face_at(counter, face_index + nth), value_id)


def face_at(counter: CounterDefinition, index: int) -> Face:
    """The face a unit of ``counter`` shows at ``index`` (core Unit.face for a face not yet shown)."""
    if index >= 2 and index - 2 < len(counter.more_faces):
        return counter.more_faces[index - 2]
    if index >= 1 and counter.back is not None:
        return counter.back
    return counter.front


def apply(
    world: World,
    meaning: ResultMeaning,
    attackers: Sequence[Unit],
    defenders: Sequence[Unit],
    decider: Decider,
) -> Losses:
    """Carry out ``meaning`` on the units of a combat."""
    losses = Losses()
    defender_part = meaning.defender
    if meaning.exchange and defender_part.nothing:
        defender_part = SideResult(eliminated=True)
    before = {u.uid: (u.face_index, steps_left(u)) for u in defenders}
    _side(world, "defender", defender_part, defenders, decider, losses)
    if meaning.exchange:
        _exchange(world, meaning.exchange, attackers, _lost(world, defenders, before), decider, losses)
    _side(world, "attacker", meaning.attacker, attackers, decider, losses)
    _retreats(world, "defender", defender_part, defenders, decider, losses)
    _retreats(world, "attacker", meaning.attacker, attackers, decider, losses)
    return losses


def _retreats(
    world: World, role: str, part: SideResult, units: Sequence[Unit], decider: Decider, losses: Losses
) -> None:
    """Every surviving unit of the side retreats as far as the result says."""
    if not part.retreat:
        return
    for unit in [u for u in units if u.on_map]:
        went = retreat.retreat(world, unit, part.retreat, role, decider)
        if went.path is not None:
            losses.retreated[unit.uid] = went.path
        losses.step_losses.extend([unit.uid] * went.steps_lost)
        if eliminated(unit):
            losses.eliminated.append(unit.uid)


def eliminated(unit: Unit) -> bool:
    """Whether a unit has gone from the map (a function, so that a check after a change is not
    taken for the same check as before it)."""
    return not unit.on_map


def _side(
    world: World, role: str, part: SideResult, units: Sequence[Unit], decider: Decider, losses: Losses
) -> None:
    alive = [u for u in units if u.on_map]
    if part.eliminated:
        for unit in alive:
            changes.eliminate(world, unit)
            losses.eliminated.append(unit.uid)
    elif part.steps:
        take_steps(world, role, part.steps, alive, decider, losses)


def take_steps(
    world: World, role: str, count: int, units: Sequence[Unit], decider: Decider, losses: Losses
) -> None:
    """``count`` step losses shared out among ``units`` as the owner chooses (all they have, if fewer)."""
    alive = [u for u in units if u.on_map]
    count = min(count, sum(steps_left(u) for u in alive))
    if count <= 0:
        return
    chosen = decider.losses(role, count, alive, steps_left)
    _check_steps(world, chosen, alive, count)
    _apply_steps(world, chosen, losses)


def _check_steps(world: World, chosen: Sequence[Unit], alive: Sequence[Unit], count: int | None) -> None:
    rule = world.tables.rule("combat")
    if count is not None and len(chosen) != count:
        raise IllegalAction(rule, f"{count} step loss(es) are to be taken, not {len(chosen)}")
    for unit, times in Counter(chosen).items():
        if unit not in alive:
            raise IllegalAction(rule, f"{unit.uid} is not a unit of this combat that can lose a step")
        if times > steps_left(unit):
            raise IllegalAction(rule, f"{unit.uid} has only {steps_left(unit)} step(s) to lose")


def _apply_steps(world: World, chosen: Sequence[Unit], losses: Losses) -> None:
    for unit in chosen:
        if eliminated(unit):
            continue
        changes.step_loss(world, unit)
        losses.step_losses.append(unit.uid)
        if eliminated(unit):
            losses.eliminated.append(unit.uid)


def _lost(world: World, defenders: Sequence[Unit], before: dict[str, tuple[int, int]]) -> tuple[int, float]:
    """The steps and the printed defense the defenders lost in this combat."""
    value_id = world.tables.procedure.defense
    steps, value = 0, 0.0
    for unit in defenders:
        shown, had = before[unit.uid]
        lost = had - (steps_left(unit) if unit.on_map else 0)
        steps += lost
        value += sum(step_worth(unit.counter, shown, had, nth, value_id) for nth in range(1, lost + 1))
    return steps, value


def _exchange(
    world: World,
    measure: str,
    attackers: Sequence[Unit],
    lost: tuple[int, float],
    decider: Decider,
    losses: Losses,
) -> None:
    """The attacker pays for an exchange: as many steps, or as much printed attack, as the defender lost."""
    lost_steps, lost_value = lost
    alive = [u for u in attackers if u.on_map]
    if measure == "steps":
        take_steps(world, "attacker", lost_steps, alive, decider, losses)
        return
    if lost_value <= 0 or not alive:
        return
    value_id = world.tables.procedure.attack
    before = {u.uid: (u.face_index, steps_left(u)) for u in alive}

    def worth(unit: Unit, nth: int) -> float:
        shown, had = before[unit.uid]
        return step_worth(unit.counter, shown, had, nth, value_id)

    chosen = decider.exchange(alive, lost_value, worth, steps_left)
    _check_steps(world, chosen, alive, None)
    _check_exchange(world, chosen, alive, lost_value, worth)
    _apply_steps(world, chosen, losses)


def _check_exchange(
    world: World, chosen: Sequence[Unit], alive: Sequence[Unit], needed: float, worth: Worth
) -> None:
    """The losses pay for the exchange (or are all the attackers have). The attacker loses at
    least as much as the price, naming losses one by one until they pay it: no loss may be
    named once the ones before it have paid (the last one may pay more than was left)."""
    rule = world.tables.rule("combat")
    taken: Counter[str] = Counter()
    total = 0.0
    for unit in chosen:
        if total >= needed:
            raise IllegalAction(
                rule,
                f"the exchange costs {needed:g} strength, and the losses named before {unit.uid} "
                f"already pay {total:g}",
            )
        taken[unit.uid] += 1
        total += worth(unit, taken[unit.uid])
    everything = sum(steps_left(u) for u in alive)
    if total < needed and len(chosen) < everything:
        raise IllegalAction(
            rule, f"the exchange costs {needed:g} strength; the losses named are worth {total:g}"
        )
