"""The Raiders system (Lawrence of Arabia) in the differential test: battles from random games.

A battle is taken where the engine resolves it (the raiders game's ``battle_watcher``, told
of each battle as it starts), with the hostiles a Garrison brought.
The module declares it and rolls the tactical edge; then every unit that fires in it fires
once. The engine works out the edge with the module's two dice (``tactical_edge``) and every
unit's combat value (``fighting_values``); the bonuses, the side with the edge, the raiders'
values, the hostiles' values (as a list: among equally strong hostiles, which one an
aeroplane backs changes nothing) and each shot's hit must agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.vassal.automation.differential.harness import Harness, marker_props, press
from compiler.vassal.automation.differential.position import BattlePosition, UnitState, pick_battles
from compiler.vassal.automation.differential.recording import RecordingDice
from compiler.vassal.automation.keys import FIRE, RESOLVE
from rules_engine.core import SeededDice, Unit, UnitStatus
from rules_engine.core.random_play import play_random_actions
from rules_engine.definitions import ValidGame
from rules_engine.systems.raiders.battle import battle_sides, fighting_values, tactical_edge
from rules_engine.systems.raiders.decisions import RandomDecider

Answer = dict[str, Any]


def _snapshot(game: Any, space: str, seed: int) -> BattlePosition:
    """Every counter on the map, each space's stack from the bottom, gear right on its carrier."""
    carrier = game.mission.carrier
    units: list[UnitState] = []
    for where, here in game.state.occupants.items():
        gear = [u for u in here if u.uid in carrier]
        for unit in here:
            if unit.uid in carrier:
                continue
            units.append(_state(unit, where))
            units += [_state(g, where) for g in gear if carrier[g.uid] == unit.uid]
    raiders, hostiles, everyone = battle_sides(game, space)
    return BattlePosition(
        game.system.definition.game.id,
        game.scenario.id,
        seed,
        game.state.turn,
        game.phase.id,
        game.active_side,
        units,
        [u.uid for u in raiders],
        [u.uid for u in everyone],
        {"space": space, "carrier": dict(carrier), "fighters": [u.uid for u in hostiles]},
    )


def _state(unit: Unit, space: str) -> UnitState:
    return UnitState(unit.uid, unit.counter.id, space, "back" if unit.damaged else "front")


def capture(system: Any, scenarios: Sequence[str], seeds: Sequence[int], wanted: int) -> list[BattlePosition]:
    """Positions of the battles of random games, at most PER_GAME from one game."""

    def fought(scenario: str, seed: int) -> list[BattlePosition]:
        return [b for b in _battles_of(system, scenario, seed) if b.attackers and b.extra["fighters"]]

    return pick_battles(fought, scenarios, seeds, wanted)


def _battles_of(system: Any, scenario: str, seed: int) -> list[BattlePosition]:
    """The battles of one random mission (policy.play_random_mission, watching each battle)."""
    battles: list[BattlePosition] = []
    dice = SeededDice(seed, system.die_sides)
    game = system.new_game(scenario, dice, log=False)
    game.battle_watcher = lambda played, space: battles.append(_snapshot(played, space, seed))
    play_random_actions(game, seed, dice, RandomDecider(seed + 1))
    return battles


def restore(system: Any, position: BattlePosition) -> Any:
    """The position's mission with every counter on its space, gear on its carriers."""
    game = system.new_game(position.scenario, SeededDice(position.seed, system.die_sides), log=False)
    state = game.state
    placed = {u.uid: u for u in position.units}
    for unit in list(state.units.values()):
        if unit.uid not in placed and unit.on_map:
            state.take_off(unit, UnitStatus.REMOVED)
    for where in position.units:
        unit = state.units[where.uid]
        state.place(unit, where.space)
        state.set_damaged(unit, where.face == "back")
    game.mission.carrier.clear()
    game.mission.carrier.update(position.extra.get("carrier", {}))
    return game


def engine_answer(
    system: Any, position: BattlePosition, rolls: Mapping[str, Mapping[str, list[int]]]
) -> Answer:
    """The engine's edge with the module's two dice, every fighter's value and each shot's hit."""
    game = restore(system, position)
    space = position.extra["space"]
    raiders, hostiles, everyone = battle_sides(game, space)
    dice = RecordingDice({k: v for k, v in rolls.items() if k != "fire"}, system.die_sides)
    report = tactical_edge(game, space, raiders, everyone, dice)
    values = fighting_values(game, raiders, hostiles, everyone)
    hits = {uid: dice_rolled[0] <= values[uid] for uid, dice_rolled in rolls.get("fire", {}).items()}
    return {
        "bonus": list(report.edge_bonus),
        "edge": system.side_name(report.edge),
        "raider_values": {u.uid: values[u.uid] for u in raiders},
        "hostile_values": sorted(values[u.uid] for u in hostiles),
        "hits": hits,
    }


def global_values(definition: ValidGame, position: BattlePosition) -> dict[str, str]:
    side = definition.game.side(position.active_side)
    return {"ActiveSide": side.name if side else position.active_side}


def module_answer(
    harness: Harness, definition: ValidGame, position: BattlePosition, ids: Mapping[str, str]
) -> Answer:
    """Declare the battle, roll the edge, then let every fighting unit fire once."""
    fighters = [*position.attackers, *position.extra["fighters"]]
    harness.command("select", ",".join(ids[uid] for uid in [*position.attackers, *position.defenders]))
    harness.command("button", "Battle")
    declared = marker_props(harness, ["Battle", "RaiderElite", "HostileElite", "RaiderBonus", "HostileBonus"])
    press(harness, RESOLVE)
    edge = marker_props(harness, ["RaiderDie", "HostileDie", "EdgeSide"])
    shots: dict[str, dict[str, str]] = {}
    for uid in fighters:
        harness.command("key", ids[uid], FIRE)
        shots[uid] = harness.command("piece", ids[uid], "FireDie,FireHit,CombatValue")["props"]
    raiders = set(position.attackers)
    return {
        "declared": declared,
        "edge_rolls": [int(edge["RaiderDie"]), int(edge["HostileDie"])],
        "bonus": [int(declared["RaiderBonus"]), int(declared["HostileBonus"])],
        "edge": edge["EdgeSide"],
        "raider_values": {uid: int(shot["CombatValue"]) for uid, shot in shots.items() if uid in raiders},
        "hostile_values": sorted(
            int(shot["CombatValue"]) for uid, shot in shots.items() if uid not in raiders
        ),
        "fire": {uid: int(shot["FireDie"]) for uid, shot in shots.items()},
        "hits": {uid: shot["FireHit"] == "true" for uid, shot in shots.items()},
        "chat": harness.command("chat"),
    }


def rolls_of(answer: Mapping[str, Any]) -> dict[str, dict[str, list[int]]]:
    raider, hostile = answer["edge_rolls"]
    return {
        "raider edge": {"d6": [raider]},
        "hostile edge": {"d6": [hostile]},
        "fire": {uid: [roll] for uid, roll in answer["fire"].items()},
    }


def replay_dice(answer: Mapping[str, Any], position: BattlePosition, definition: ValidGame) -> list[int]:
    """A recorded battle's dice in the order the module rolls them (to play it again with
    them): the tactical edge (raiders, then hostiles), then each shot in the order fired."""
    fighters = [*position.attackers, *position.extra["fighters"]]
    return [*answer["edge_rolls"], *(answer["fire"][uid] for uid in fighters if uid in answer["fire"])]


def compare(engine: Mapping[str, Any], module: Mapping[str, Any]) -> list[str]:
    return [
        f"{name}: engine {engine[name]}, module {module[name]}"
        for name in ("bonus", "edge", "raider_values", "hostile_values", "hits")
        if engine[name] != module[name]
    ]
