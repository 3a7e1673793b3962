"""The dice-pool system (Israel 1948) in the differential test: battles from random games, the
engine's answer with the module's dice, and the module's answer through a harness.

Positions are taken just before each attack of seeded random games. The engine resolves the
attack again from that position (``engine_answer``) with the dice the module rolled and a
fixed way of making the players' choices: the first attackers in the attack's order are
halted, extra hits are step losses taken in the same order, nobody goes all in, an
out-of-supply attacker loses its weakest die, no air point is spent. The module's answer
(``module_answer``) is played the same way: the harness marks the same attackers halted and
takes the same step losses before the attacker fires. Both give the dice of each side by
die and the hits each side scores; they must be equal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from compiler.vassal.automation.differential.harness import Harness, marker_props, press
from compiler.vassal.automation.differential.position import BattlePosition, UnitState, pick_battles
from compiler.vassal.automation.differential.recording import RecordingDice
from compiler.vassal.automation.keys import ALL_IN, HALTED, RESOLVE, STEP_LOSS
from compiler.vassal.automation.values import identifier
from rules_engine.core import SeededDice, Unit, UnitStatus
from rules_engine.core.game import steps_left
from rules_engine.definitions import ValidGame
from rules_engine.definitions.counters import face_index, face_name
from rules_engine.systems.israel1948.combat import resolve_attack
from rules_engine.systems.israel1948.decisions import HitTaken

Answer = dict[str, Any]


def snapshot(game: Any, attackers: Sequence[str], defenders: Sequence[str], seed: int) -> BattlePosition:
    state = game.state
    units = [
        UnitState(
            u.uid,
            u.counter.id,
            u.space,
            face_name(u.face_index),
            ("OOS",) if u.out_of_supply else (),
        )
        for u in state.on_map()
    ]
    return BattlePosition(
        game.system.definition.game.id,
        game.scenario.id,
        seed,
        state.turn,
        game.phase.id,
        game.active_side,
        units,
        list(attackers),
        list(defenders),
    )


def capture(system: Any, scenarios: Sequence[str], seeds: Sequence[int], wanted: int) -> list[BattlePosition]:
    """The positions before the attacks of random games, ``wanted`` of them at most, at most
    PER_GAME from one game (picked at random, so they come from all of a game's turns)."""
    return pick_battles(lambda scenario, seed: _battles_of(system, scenario, seed), scenarios, seeds, wanted)


def _battles_of(system: Any, scenario: str, seed: int) -> list[BattlePosition]:
    battles: list[BattlePosition] = []
    before: list[BattlePosition | None] = [None]

    def after(game: Any, label: str) -> None:
        report = game.last_combat
        if label.startswith("attack") and before[0] is not None and report is not None:
            kept = before[0]
            kept.attackers, kept.defenders = list(report.attackers), list(report.defenders)
            battles.append(kept)
        before[0] = snapshot(game, [], [], seed)

    system.play_random(scenario, seed, after_action=after)
    return battles


class FixedDecider:
    """The players' choices made the same way the differential test makes them in the module."""

    def __init__(self, hits_on: Mapping[str, frozenset[int]], all_in: bool) -> None:
        self.weakest_first = sorted(hits_on, key=lambda die: len(hits_on[die]))
        self.going_all_in = all_in

    def halt(self, hits: int, attackers: Sequence[Unit]) -> list[Unit]:
        return list(attackers[:hits])

    def attacker_losses(self, losses: int, attackers: Sequence[Unit]) -> list[Unit]:
        return loss_order(losses, attackers)

    def all_in(self, candidates: Sequence[Unit]) -> list[Unit]:
        return list(candidates) if self.going_all_in else []

    def drop_die(self, counts: dict[str, int]) -> str:
        return next(die for die in self.weakest_first if counts.get(die, 0) > 0)

    def defender_hit(
        self,
        number: int,
        defenders: Sequence[Unit],
        retreats: Callable[[Unit], list[str]],
        must_be_step: bool,
    ) -> HitTaken:
        return HitTaken(defenders[0], False)

    def advance(self, eligible: Sequence[Unit], room: int) -> list[Unit]:
        return list(eligible[:1])

    def air_reroll(self, side: str, rolls: dict[str, list[int]]) -> tuple[str, int] | None:
        return None


def goes_all_in(position: BattlePosition) -> bool:
    """Whether the halted full-strength attackers go all in: in the battles of odd seeds."""
    return position.seed % 2 == 1


def loss_order(losses: int, attackers: Sequence[Unit]) -> list[Unit]:
    """Each extra hit to the first attacker that still has a step, in the attack's order."""
    left = {u.uid: steps_left(u) for u in attackers}
    chosen: list[Unit] = []
    for unit in attackers:
        while left[unit.uid] > 0 and len(chosen) < losses:
            left[unit.uid] -= 1
            chosen.append(unit)
    return chosen


def restore(system: Any, position: BattlePosition) -> Any:
    """A game of the position's scenario with every unit where the position has it."""
    game = system.new_game(position.scenario, SeededDice(0), log=False)
    state = game.state
    placed = {u.uid: u for u in position.units}
    for unit in list(state.units.values()):
        where = placed.get(unit.uid)
        if where is None:
            if unit.on_map or unit.status is UnitStatus.WAITING:
                state.take_off(unit, UnitStatus.REMOVED)
            continue
        state.place(unit, where.space)
        state.set_face(unit, face_index(where.face))
        state.set_out_of_supply(unit, "OOS" in where.marks)
    state.turn_index = state.turn_labels.index(position.turn)
    state.phase_index = state.phase_ids.index(position.phase)
    return game


def engine_answer(
    system: Any, position: BattlePosition, rolls: Mapping[str, Mapping[str, list[int]]]
) -> Answer:
    """The engine's dice and hits for the position's attack, rolling ``rolls`` (by purpose and die)."""
    game = restore(system, position)
    attackers = [game.state.units[uid] for uid in position.attackers]
    target = position.unit(position.defenders[0]).space
    dice = RecordingDice(rolls, system.rules.die_sides)
    decider = FixedDecider(system.rules.hits_on, goes_all_in(position))
    report = resolve_attack(game, attackers, target, decider, dice)
    return {
        "defender_dice": dice.asked.get("defender", {}),
        "defender_hits": report.defender_hits,
        "attacker_dice": dice.asked.get("attacker", {}),
        "attacker_hits": report.attacker_hits,
    }


def module_answer(
    harness: Harness, definition: ValidGame, position: BattlePosition, ids: Mapping[str, str]
) -> Answer:
    """Declare and resolve the battle in the module as ``engine_answer`` does in the engine."""
    dice = [d.die for d in definition.charts.combat.dice] if definition.charts.combat else []
    names = {die: identifier(die) for die in dice}
    harness.command("select", ",".join(ids[uid] for uid in [*position.attackers, position.defenders[0]]))
    harness.command("button", "Battle")
    wanted = ["Battle", *(f"DefDice_{n}" for n in names.values()), *(f"AtkDice_{n}" for n in names.values())]
    declared = marker_props(harness, wanted)
    press(harness, RESOLVE)
    fired = marker_props(harness, ["DefHits", *(f"DefRolls_{n}" for n in names.values())])
    _mark_halts(harness, definition, position, ids, int(fired["DefHits"]))
    before = marker_props(harness, [f"AtkDice_{n}" for n in names.values()])
    press(harness, RESOLVE)
    answered = marker_props(harness, ["AtkHits", *(f"AtkRolls_{n}" for n in names.values())])
    return {
        "declared": declared,
        "defender_dice": {die: int(declared[f"DefDice_{n}"]) for die, n in names.items()},
        "defender_rolls": {die: _rolls(fired[f"DefRolls_{n}"]) for die, n in names.items()},
        "defender_hits": int(fired["DefHits"]),
        "attacker_dice": {die: int(before[f"AtkDice_{n}"]) for die, n in names.items()},
        "attacker_rolls": {die: _rolls(answered[f"AtkRolls_{n}"]) for die, n in names.items()},
        "attacker_hits": int(answered["AtkHits"]),
        "chat": harness.command("chat"),
    }


def _mark_halts(
    harness: Harness, definition: ValidGame, position: BattlePosition, ids: Mapping[str, str], hits: int
) -> None:
    """What the attacker does with the defender's hits: halts, then step losses for the rest."""
    attackers = position.attackers
    halted = attackers[:hits]
    for uid in halted:
        harness.command("key", ids[uid], HALTED)
    losses = _loss_uids(definition, position, hits - len(attackers)) if hits > len(attackers) else []
    for uid in losses:
        harness.command("key", ids[uid], STEP_LOSS)
    if goes_all_in(position):
        for uid in halted:
            if uid not in losses and position.unit(uid).face == "front":
                harness.command("key", ids[uid], ALL_IN)


def _loss_uids(definition: ValidGame, position: BattlePosition, losses: int) -> list[str]:
    chosen: list[str] = []
    for uid in position.attackers:
        unit = position.unit(uid)
        counter = definition.counters.get(unit.counter)
        steps = 2 if counter is not None and counter.two_sided and unit.face == "front" else 1
        chosen += [uid] * min(steps, losses - len(chosen))
    return chosen


def _rolls(text: str) -> list[int]:
    return [int(value) for value in text.split()]


def rolls_of(answer: Mapping[str, Any]) -> dict[str, dict[str, list[int]]]:
    """The module's dice, as the engine's dice source takes them."""
    return {"defender": dict(answer["defender_rolls"]), "attacker": dict(answer["attacker_rolls"])}


def replay_dice(answer: Mapping[str, Any], position: BattlePosition, definition: ValidGame) -> list[int]:
    """A recorded battle's dice in the order the module rolls them (to play it again with
    them): the defender's, then the attacker's, each side's by the game's order of dice."""
    order = [die.id for die in definition.game.dice]
    return [
        roll
        for side in ("defender_rolls", "attacker_rolls")
        for die in sorted(answer[side], key=lambda d: order.index(d) if d in order else len(order))
        for roll in answer[side][die]
    ]


COMPARED = ("defender_dice", "defender_hits", "attacker_dice", "attacker_hits")


def compare(engine: Mapping[str, Any], module: Mapping[str, Any]) -> list[str]:
    """Every value on which the engine and the module disagree (dice counts without zeros)."""
    differences = []
    for name in COMPARED:
        ours, theirs = _without_zeros(engine[name]), _without_zeros(module[name])
        if ours != theirs:
            differences.append(f"{name}: engine {ours}, module {theirs}")
    return differences


def _without_zeros(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: v for k, v in value.items() if v}
    return value


def global_values(definition: ValidGame, position: BattlePosition) -> dict[str, str]:
    """The module's global properties at the position: whose phase it is."""
    side = definition.game.side(position.active_side)
    return {"ActiveSide": side.name if side else position.active_side}
