"""Jerusalem! in the differential test: battles from random games, the engine's two shots with
the module's dice, and the module's through a harness.

The players' choices are made the same way on both sides: the defender first fires with every
unit in the attacked hex that may, at every attacker next to that hex, whenever the odds reach
a column; a fort protects the units attacked; no leader abandons his units. A first-fire 'K'
takes the attackers fired at off the map before the attack. The Davidka's rolls and its blast
are the module's too. Each shot is compared by its odds column, its modifiers (by kind: the
terrain's value, then higher terrain, Shaltiel, Tell and guns at transported units), its roll
and its result.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from compiler.vassal.automation.differential.harness import Harness, marker_props, press
from compiler.vassal.automation.differential.position import BattlePosition, UnitState, pick_battles
from compiler.vassal.automation.differential.recording import RecordingDice
from compiler.vassal.automation.keys import ELIMINATE, RESOLVE
from rules_engine.core import SeededDice, Unit, UnitStatus
from rules_engine.definitions import ValidGame
from rules_engine.systems.jerusalem.combat import EEF_NOT_MADE, resolve_attack
from rules_engine.systems.jerusalem.decisions import Fire, FireOptions

Answer = dict[str, Any]
# the phases a battle position is taken in (the position as the movement left it)
MOVEMENT_PHASES = ("overland-movement", "road-movement")
MARKS = ("Halved", "Disrupted", "Fired", "Transported")
SHOT = ("Col", "Die", "Mod", "Result", "Terrain", "Higher", "Shaltiel", "Tell", "Guns")
# the values a shot kept when it was made
MODIFIERS = ("Terrain", "Higher", "Shaltiel", "Tell", "Guns")
KEPT = (
    "Die",
    "Result",
    *(f"Kept{n}" for n in ("Col", "Mod", "Terrain", "Higher", "Shaltiel", "Tell", "Guns")),
)
KINDS = {
    "higher-terrain": "Higher",
    "david-shaltiel": "Shaltiel",
    "abdullah-tell": "Tell",
    "artillery-at-transported": "Guns",
}


def _marks(game: Any, unit: Unit) -> tuple[str, ...]:
    marks = game.marks
    found = {
        "Halved": unit.uid in marks.halved,
        "Disrupted": unit.uid in marks.disrupted,
        "Fired": unit.uid in marks.fired,
        "Transported": unit.uid in marks.carried_by,
        "Quiet": game.role(unit).leader and game.leader_quiet(unit),
    }
    return tuple(name for name, on in found.items() if on)


def _snapshot(game: Any, seed: int) -> BattlePosition:
    """Every unit on the map, hex by hex in the order they arrived (the stack's order)."""
    state = game.state
    units = [
        UnitState(u.uid, u.counter.id, space, "back" if u.damaged else "front", _marks(game, u))
        for space, here in state.occupants.items()
        for u in here
    ]
    extra = {"marks": marks_json(game.marks)}
    return BattlePosition(
        game.system.definition.game.id,
        game.scenario.id,
        seed,
        state.turn,
        game.phase.id,
        game.active_side,
        units,
        [],
        [],
        extra,
    )


def capture(system: Any, scenarios: Sequence[str], seeds: Sequence[int], wanted: int) -> list[BattlePosition]:
    """Positions before the attacks of random games, at most PER_GAME from one game."""
    return pick_battles(lambda scenario, seed: _battles_of(system, scenario, seed), scenarios, seeds, wanted)


def _battles_of(system: Any, scenario: str, seed: int) -> list[BattlePosition]:
    battles: list[BattlePosition] = []
    before: list[BattlePosition | None] = [None]

    def after(game: Any, label: str) -> None:
        report = game.last_combat
        if label.startswith("attack") and before[0] is not None and report is not None:
            kept = before[0]
            kept.attackers, kept.defenders = list(report.attackers), list(report.targets)
            battles.append(kept)
        before[0] = _snapshot(game, seed) if game.phase.kind in MOVEMENT_PHASES else None

    system.play_random(scenario, seed, after_action=after)
    return battles


class FixedDecider:
    """The defender's choices as the differential test makes them in the module too."""

    def __init__(self, game: Any, targets: Sequence[Unit]) -> None:
        self.game = game
        self.targets = list(targets)
        self.hex = next(t.space for t in targets if t.space)

    def first_fire(self, side: str, options: FireOptions, legal: Callable[[Fire], str | None]) -> Fire | None:
        near = set(self.game.board.neighbours.get(self.hex, ())) | {self.hex}
        targets = tuple(t for t in options.targets if t.space in near)
        if not options.firers or not targets:
            return None
        shot = Fire(tuple(options.firers), targets)
        return shot if legal(shot) is None else None

    def protect(self, side: str, space: str, units: Sequence[Unit], limit: int) -> list[Unit]:
        return sorted(units, key=lambda u: u not in self.targets)[:limit]

    def abandon(self, leader: Unit, destinations: Sequence[str]) -> str | None:
        return None

    def shell(self, side: str, options: FireOptions, legal: Callable[[Fire], str | None]) -> Fire | None:
        return None

    def choose(self, side: str, question: str, options: Sequence[str]) -> int:
        return 0


def restore(system: Any, position: BattlePosition) -> Any:
    """The position's scenario (set up with the same rolls) with every unit and mark placed."""
    game = system.new_game(position.scenario, SeededDice(position.seed, system.die_sides), log=False)
    state = game.state
    placed = {u.uid: u for u in position.units}
    for unit in list(state.units.values()):
        if unit.uid not in placed and (unit.on_map or unit.status is UnitStatus.WAITING):
            state.take_off(unit, UnitStatus.REMOVED)
    for where in position.units:  # in the stacks' order
        unit = state.units[where.uid]
        state.place(unit, where.space)
        state.set_damaged(unit, where.face == "back")
    restore_marks(game.marks, position.extra["marks"])
    state.turn_index = state.turn_labels.index(position.turn)
    state.phase_index = state.phase_ids.index(position.phase)
    return game


def marks_json(marks: Any) -> dict[str, Any]:
    """Every Jerusalem! mark of the game as JSON (sets and tuples as lists); the roads built are
    left out (they change movement, not a battle)."""
    return {f.name: _json(getattr(marks, f.name)) for f in dataclasses.fields(marks) if f.name != "new_roads"}


def _json(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted(value)
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    return value


def restore_marks(marks: Any, saved: Mapping[str, Any]) -> None:
    """The marks as saved, each back in the type the Marks dataclass declares."""
    hints = typing.get_type_hints(type(marks))
    for name, value in saved.items():
        setattr(marks, name, _typed(hints[name], value))


def _typed(hint: Any, value: Any) -> Any:
    origin = typing.get_origin(hint)
    if origin in (set, frozenset):
        return set(value)
    if origin is tuple:
        return tuple(value)
    if origin is dict:
        inner = typing.get_args(hint)[1]
        return {k: _typed(inner, v) for k, v in value.items()}
    return value


def engine_answer(
    system: Any, position: BattlePosition, rolls: Mapping[str, Mapping[str, list[int]]]
) -> Answer:
    """The engine's two shots for the position's attack, with the module's dice."""
    game = restore(system, position)
    attackers = [game.state.units[uid] for uid in position.attackers]
    targets = [game.state.units[uid] for uid in position.defenders]
    dice = RecordingDice(rolls, system.die_sides, fallback=1)
    report = resolve_attack(game, attackers, targets, FixedDecider(game, targets), dice)
    return {
        "automatic": report.automatic,
        "first_fire": _shot(report.first_fire),
        "attack": _shot(report.attack),
    }


def _shot(shot: Any) -> dict[str, Any] | None:
    if shot is None:
        return None
    kinds = {KINDS.get(name, "Terrain"): value for name, value in shot.modifiers.items()}
    return {
        "column": shot.odds or "",
        "roll": shot.roll,
        "modifiers": kinds,
        "modified": shot.modified,
        "result": shot.result,
    }


def global_values(definition: ValidGame, position: BattlePosition) -> dict[str, str]:
    side = definition.game.side(position.active_side)
    return {"ActiveSide": side.name if side else position.active_side}


NOT_TAKEN = ("no shot", "odds below the lowest column")


def module_answer(
    harness: Harness, definition: ValidGame, position: BattlePosition, ids: Mapping[str, str]
) -> Answer:
    """Declare the battle, resolve first fire, take off what it killed, resolve the attack."""
    harness.command("select", ",".join(ids[uid] for uid in [*position.attackers, *position.defenders]))
    harness.command("button", "Battle")
    declared = marker_props(
        harness,
        [
            "Battle",
            "Automatic",
            "FirstFires",
            *(p + n for p in ("First", "Main") for n in ("Q", "DefQ", *SHOT)),
        ],
    )
    press(harness, RESOLVE)
    first = marker_props(harness, [f"First{n}" for n in KEPT])
    dice: dict[str, dict[str, list[int]]] = {}
    _davidka_dice(harness, position, ids, dice)
    if first["FirstResult"] == "K":
        for unit in harness.command("props", '{Wgc=="unit" && BattleRole=="A" && FFNear==true}', "Battle"):
            harness.command("key", unit["id"], ELIMINATE)
    press(harness, RESOLVE)
    attack = marker_props(harness, [f"Main{n}" for n in KEPT])
    _davidka_dice(harness, position, ids, dice)
    taken = declared["FirstFires"] == "true" and declared["FirstCol"] != ""
    automatic = declared["Automatic"] == "true"
    answer: Answer = {
        "declared": declared,
        "automatic": automatic,
        "first_fire": _module_shot(first, "First") if taken else None,
        "attack": None if automatic or attack["MainResult"] == "no shot" else _module_shot(attack, "Main"),
        "chat": harness.command("chat"),
    }
    for purpose, props in (("first fire", first), ("attack", attack)):
        die = props[("First" if purpose == "first fire" else "Main") + "Die"]
        shot = answer["first_fire" if purpose == "first fire" else "attack"]
        if shot is not None and shot["roll"] is not None:
            dice[purpose] = {definition.game.dice[0].id: [int(die)]}
    answer["dice"] = dice
    return answer


def _module_shot(props: Mapping[str, str], prefix: str) -> dict[str, Any]:
    result = props[f"{prefix}Result"]
    if result in NOT_TAKEN:
        return {"column": "", "roll": None, "modifiers": {}, "modified": None, "result": result}
    if result == EEF_NOT_MADE:
        return {
            "column": props[f"{prefix}KeptCol"],
            "roll": None,
            "modifiers": {},
            "modified": None,
            "result": result,
        }
    modifiers = {name: int(props[f"{prefix}Kept{name}"]) for name in MODIFIERS}
    return {
        "column": props[f"{prefix}KeptCol"],
        "roll": int(props[f"{prefix}Die"]),
        "modifiers": {k: v for k, v in modifiers.items() if v},
        "modified": int(props[f"{prefix}KeptMod"]),
        "result": result,
    }


def _davidka_dice(
    harness: Harness, position: BattlePosition, ids: Mapping[str, str], dice: dict[str, dict[str, list[int]]]
) -> None:
    """The Davidka's roll and its blast's, once rolled, in the engine's order of the units."""
    if "davidka" in dice:
        return
    rolled = harness.command(
        "props", '{Wgc=="unit" && JDavidka==true && DavidkaDie>0}', "DavidkaDie,LocationName"
    )
    if not rolled:
        return
    dice["davidka"] = {"d6": [int(rolled[0]["props"]["DavidkaDie"])]}
    davidka = next((u for u in position.units if u.counter == "davidka"), None)
    blasted = {
        u["id"]: int(u["props"]["BlastDie"])
        for u in harness.command("props", '{Wgc=="unit" && BlastDie>0}', "BlastDie")
    }
    if davidka is not None and blasted:
        others = [u for u in position.units if u.space == davidka.space and u.uid != davidka.uid]
        dice["davidka blast"] = {"d6": [blasted.get(ids[u.uid], 0) for u in others]}


def rolls_of(answer: Mapping[str, Any]) -> dict[str, dict[str, list[int]]]:
    return {purpose: dict(rolls) for purpose, rolls in answer["dice"].items()}


# the order in which the module rolls a battle's dice
ROLLED = ("davidka", "davidka blast", "first fire", "attack")


def replay_dice(answer: Mapping[str, Any], position: BattlePosition, definition: ValidGame) -> list[int]:
    """A recorded battle's dice in the order the module rolls them (to play it again with them)."""
    dice = answer["dice"]
    return [roll for purpose in ROLLED for rolls in dice.get(purpose, {}).values() for roll in rolls]


def compare(engine: Mapping[str, Any], module: Mapping[str, Any]) -> list[str]:
    differences = []
    for name in ("automatic", "first_fire", "attack"):
        if engine[name] != module[name]:
            differences.append(f"{name}: engine {engine[name]}, module {module[name]}")
    return differences
