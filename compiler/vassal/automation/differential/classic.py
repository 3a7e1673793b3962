"""The classic system on a CRT in the differential test: battles from random games, the engine's
answer with the module's die, and the module's answer through a harness.

Positions are taken just before each attack of seeded random games (the units, their faces,
who is out of supply, the turn and the phase, so that the turn effects in force are the
same). The engine fights the attack again from that position (combat.resolve) with the
module's die; the module declares it (the attackers and one defender selected, the Battle
button) and resolves it. The totals, the odds or the differential, the column shifts and
modifiers, where the combat falls, the roll and the result must be the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.vassal.automation.differential.harness import Harness, marker_props, press
from compiler.vassal.automation.differential.israel1948 import restore, snapshot
from compiler.vassal.automation.differential.position import BattlePosition, pick_battles
from compiler.vassal.automation.differential.recording import RecordingDice
from compiler.vassal.automation.keys import RESOLVE
from compiler.vassal.automation.values import identifier
from rules_engine.definitions import ValidGame
from rules_engine.systems.classic import combat, dicepool
from rules_engine.systems.classic.decisions import RandomDecider
from rules_engine.systems.classic.rolls import CrtDice, table_dice

Answer = dict[str, Any]
DECLARED = ("Battle", "Attack", "Defense", "Odds", "Raw", "Shift", "Drm", "NoAttack", "EndResult", "Col")
# differences under this are the engine's floating point, not a disagreement
TOLERANCE = 1e-6


def capture(system: Any, scenarios: Sequence[str], seeds: Sequence[int], wanted: int) -> list[BattlePosition]:
    """The positions before the attacks of random games, ``wanted`` at most, at most PER_GAME from
    one game (picked at random, so they come from all of a game's turns)."""
    return pick_battles(lambda scenario, seed: _battles_of(system, scenario, seed), scenarios, seeds, wanted)


def _battles_of(system: Any, scenario: str, seed: int) -> list[BattlePosition]:
    battles: list[BattlePosition] = []
    before: list[BattlePosition | None] = [None]

    def after(game: Any, label: str) -> None:
        report = game.world.extra.last_combat
        # the module attacks one hex (the selected defenders'): attacks on several are left out
        if (
            label.startswith("attack")
            and before[0] is not None
            and report is not None
            and len(report.targets) == 1
        ):
            kept = before[0]
            kept.attackers, kept.defenders = list(report.attackers), list(report.defenders)
            battles.append(kept)
        before[0] = snapshot(game, [], [], seed)

    system.play_random(scenario, seed, after_action=after)
    return battles


def engine_answer(
    system: Any, position: BattlePosition, rolls: Mapping[str, Mapping[str, list[int]]]
) -> Answer:
    """The engine's totals, column, roll and result for the position's attack, rolling ``rolls``
    (a dice pool's: the totals, each side's dice and hits)."""
    game = restore(system, position)
    world = game.world
    attackers = [game.state.units[uid] for uid in position.attackers]
    target = position.unit(position.defenders[0]).space
    dice = RecordingDice(rolls, system.die_sides)
    if world.tables.crt is None:
        fought = dicepool.resolve(world, position.active_side, attackers, [target], RandomDecider(0), dice)
        return {
            "attack": fought.assessment.attack,
            "defense": fought.assessment.defense,
            "attacker_dice": dice.asked.get("attacker", {}),
            "attacker_hits": fought.attacker_hits,
            "defender_dice": dice.asked.get("defender", {}),
            "defender_hits": fought.defender_hits,
        }
    report = combat.resolve(world, position.active_side, attackers, [target], RandomDecider(0), dice)
    found = report.assessment
    crt = world.tables.crt
    return {
        "attack": found.attack,
        "defense": found.defense,
        "odds": found.odds if found.odds is not None else found.differential,
        "shift": found.shift,
        "drm": found.drm,
        "column": report.column or "",
        "roll": report.roll,
        "result": report.result,
        "differential": crt is not None and crt.kind == "differential-crt",
    }


def module_answer(
    harness: Harness, definition: ValidGame, position: BattlePosition, ids: Mapping[str, str]
) -> Answer:
    """Declare and resolve the battle in the module."""
    harness.command("select", ",".join(ids[uid] for uid in [*position.attackers, position.defenders[0]]))
    harness.command("button", "Battle")
    combat_system = definition.charts.combat
    if combat_system is not None and combat_system.kind == "dice-pool":
        return _pool_answer(harness, definition)
    declared = marker_props(harness, [*DECLARED, "Scale"])
    press(harness, RESOLVE)
    dice = crt_dice(definition)
    each = [f"Die_{n}" for n in range(1, dice.number + 1)] if dice.number > 1 else []
    resolved = marker_props(harness, ["Die", *each, "Mod", "Outcome", "Result"])
    scale = int(declared["Scale"])
    return {
        "declared": declared,
        "attack": int(declared["Attack"]) / scale,
        "defense": int(declared["Defense"]) / scale,
        "odds": declared["Odds"],
        "shift": int(declared["Shift"]),
        "drm": int(declared["Drm"]),
        "column": declared["Col"],
        "no_attack": declared["NoAttack"] == "true",
        "roll": int(resolved["Die"]) if declared["Col"] else None,
        # a CRT read with a sum: each die VASSAL rolled, for the engine to roll the same (a
        # one-die CRT's answer has no such key, as when its fixtures were recorded)
        **({"dice": [int(resolved[name]) for name in each] if declared["Col"] else []} if each else {}),
        "result": resolved["Outcome"],
        "die": dice.die,
        "chat": harness.command("chat"),
    }


def _pool_answer(harness: Harness, definition: ValidGame) -> Answer:
    """A dice pool's battle in the module: the totals, then both sides' dice and hits."""
    combat_system = definition.charts.combat
    dice = [d.die for d in combat_system.dice] if combat_system else []
    names = {die: identifier(die) for die in dice}
    counts = [f"{side}Dice_{n}" for side in ("Atk", "Def") for n in names.values()]
    declared = marker_props(harness, ["Battle", "Attack", "Defense", "Scale", *counts])
    press(harness, RESOLVE)
    rolled = [f"{side}Rolls_{n}" for side in ("Atk", "Def") for n in names.values()]
    fired = marker_props(harness, ["AtkHits", "DefHits", *rolled])
    scale = int(declared["Scale"])
    return {
        "declared": declared,
        "attack": int(declared["Attack"]) / scale,
        "defense": int(declared["Defense"]) / scale,
        "attacker_dice": {die: int(declared[f"AtkDice_{n}"]) for die, n in names.items()},
        "attacker_rolls": {die: _rolls(fired[f"AtkRolls_{n}"]) for die, n in names.items()},
        "attacker_hits": int(fired["AtkHits"]),
        "defender_dice": {die: int(declared[f"DefDice_{n}"]) for die, n in names.items()},
        "defender_rolls": {die: _rolls(fired[f"DefRolls_{n}"]) for die, n in names.items()},
        "defender_hits": int(fired["DefHits"]),
        "chat": harness.command("chat"),
    }


def _rolls(text: str) -> list[int]:
    return [int(value) for value in text.split()]


def rolls_of(answer: Mapping[str, Any]) -> dict[str, dict[str, list[int]]]:
    """The module's dice, as the engine's dice source takes them."""
    if "attacker_rolls" in answer:
        return {"attacker": dict(answer["attacker_rolls"]), "defender": dict(answer["defender_rolls"])}
    roll = answer.get("roll")
    if answer.get("dice"):
        return {"combat": {answer["die"]: list(answer["dice"])}}
    return {"combat": {answer["die"]: [roll] if roll is not None else []}}


def replay_dice(answer: Mapping[str, Any], position: BattlePosition, definition: ValidGame) -> list[int]:
    """A recorded battle's dice in the order the module rolls them (to play it again with
    them): the CRT's roll, or the attacker's pool then the defender's, by the game's order of dice."""
    order = [die.id for die in definition.game.dice]
    return [
        roll
        for rolls in rolls_of(answer).values()
        for die in sorted(rolls, key=lambda d: order.index(d) if d in order else len(order))
        for roll in rolls[die]
    ]


def compare(engine: Mapping[str, Any], module: Mapping[str, Any]) -> list[str]:
    """Every value on which the engine and the module disagree."""
    differences = []
    for name in ("attack", "defense"):
        if not _same_number(engine[name], module[name]):
            differences.append(f"{name}: engine {engine[name]}, module {module[name]}")
    if "attacker_hits" in engine:
        for name in ("attacker_dice", "attacker_hits", "defender_dice", "defender_hits"):
            ours, theirs = _without_zeros(engine[name]), _without_zeros(module[name])
            if ours != theirs:
                differences.append(f"{name}: engine {ours}, module {theirs}")
        return differences
    odds = engine["odds"]
    expected = (
        ("+" if odds >= 0 else "") + str(odds) if isinstance(odds, int) and engine["differential"] else odds
    )
    if expected is not None and str(expected) != str(module["odds"]):
        differences.append(f"odds: engine {expected}, module {module['odds']}")
    for name in ("shift", "drm", "column", "roll", "result"):
        if engine[name] != module[name]:
            differences.append(f"{name}: engine {engine[name]!r}, module {module[name]!r}")
    return differences


def _same_number(ours: Any, theirs: Any) -> bool:
    try:
        return abs(float(ours) - float(theirs)) <= TOLERANCE
    except (TypeError, ValueError):
        return False


def _without_zeros(value: Any) -> Any:
    return {k: v for k, v in value.items() if v} if isinstance(value, Mapping) else value


def crt_dice(definition: ValidGame) -> CrtDice:
    """The dice the CRT rolls (the table's dice, or one of its die, or of the game's first)."""
    combat_system = definition.charts.combat
    table = definition.charts.tables.get(combat_system.table or "") if combat_system else None
    if table is None:
        first = definition.game.dice[0] if definition.game.dice else None
        return CrtDice(1, first.id if first else "d6", first.sides if first else 6)
    return table_dice(table, definition.game.dice)


def global_values(definition: ValidGame, position: BattlePosition) -> dict[str, str]:
    """The module's global properties at the position: whose phase it is."""
    side = definition.game.side(position.active_side)
    return {"ActiveSide": side.name if side else position.active_side}
