"""Expectations only Raiders replays write: Ops, tracks, decks, the force, Garrisons, the last battle.

``ops`` is the number of cards in the draw deck; ``deck`` the draw deck, top
first; ``garrisons`` the value of each space's Garrison (``"face down"``, or
null for none); ``battle`` the last battle; ``legal`` actions that must (or
must not) be on the list now, written as steps. For a unit: the ``box`` it
waits in, its ``carrier`` and whether it is ``face_down``.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import codes
from compiler.loading.positions import join_pointer
from compiler.replay.expectations import same
from compiler.replay.names import named_space, named_unit
from compiler.replay.problems import ReplayProblem
from rules_engine.core import Unit
from rules_engine.systems.raiders import Game
from rules_engine.systems.raiders.force import force_units
from rules_engine.systems.raiders.objectives import garrison_in, objective_met

Json = dict[str, Any]


def check_ops(game: Game, wanted: int, pointer: str) -> None:
    same(game.ops, wanted, "the Ops left (cards in the draw deck)", pointer)


def check_track(name: str) -> Any:
    def check(game: Game, wanted: int, pointer: str) -> None:
        track = game.rules.level_track if name == "leadership" else game.rules.points_track
        same(game.state.points.get(track), wanted, f"the {name}", pointer)

    return check


def check_cards(name: str) -> Any:
    def check(game: Game, wanted: list[str], pointer: str) -> None:
        mission = game.mission
        cards = {"deck": mission.draw, "hand": mission.hand, "discard": mission.discard}[name]
        if name == "discard":
            same(sorted(cards), sorted(wanted), "the discard pile", pointer)
        else:
            same(list(cards), list(wanted), f"the {name}", pointer)

    return check


def check_force(game: Game, wanted: list[str], pointer: str) -> None:
    names = [named_unit(game, n, f"{pointer}/{i}").uid for i, n in enumerate(wanted)]
    same(sorted(u.uid for u in force_units(game)), sorted(names), "the operating force", pointer)


def check_garrisons(game: Game, wanted: dict[str, Any], pointer: str) -> None:
    for place, value in wanted.items():
        where = join_pointer(pointer, place)
        garrison = garrison_in(game, named_space(game, place, where))
        if garrison is None:
            actual: Any = None
        elif garrison.damaged:
            actual = "face down"
        else:
            actual = garrison.counter.front.value
        same(actual, value, f"the Garrison in {place}", where)


def check_rr_breaks(game: Game, wanted: list[str], pointer: str) -> None:
    spaces = sorted(named_space(game, p, f"{pointer}/{i}") for i, p in enumerate(wanted))
    same(sorted(game.mission.rr_breaks), spaces, "the rail spaces broken this mission", pointer)


def check_objective(game: Game, wanted: bool, pointer: str) -> None:
    same(objective_met(game), wanted, "whether the mission's objective holds now", pointer)


def check_hostiles(game: Game, wanted: dict[str, list[str]], pointer: str) -> None:
    from rules_engine.systems.raiders.pieces import hostiles_at

    for place, names in wanted.items():
        where = join_pointer(pointer, place)
        space = named_space(game, place, where)
        expected = sorted(named_unit(game, n, f"{where}/{i}").uid for i, n in enumerate(names))
        same(sorted(u.uid for u in hostiles_at(game, space)), expected, f"the hostiles in {place}", where)


def check_battle(game: Game, wanted: Json, pointer: str) -> None:
    report = game.mission.last_battle
    if report is None:
        raise ReplayProblem(codes.REPLAY_EXPECTATION_FAILED, pointer, "no battle has been fought yet")
    sides = {game.rules.player_side: "raiders", game.rules.hostile_side: "hostiles"}
    simple = {
        "outcome": report.outcome,
        "edge": sides.get(report.edge, report.edge),
        "rounds": report.rounds,
        "ops_change": report.ops_change,
        "edge_rolls": list(report.edge_rolls),
        "edge_bonus": list(report.edge_bonus),
    }
    for key, actual in simple.items():
        if key in wanted:
            same(actual, wanted[key], f"the battle's {key.replace('_', ' ')}", f"{pointer}/{key}")
    for key in ("raider_losses", "hostile_losses", "hostiles", "raiders"):
        if key in wanted:
            names = [named_unit(game, n, f"{pointer}/{key}/{i}").uid for i, n in enumerate(wanted[key])]
            same(
                sorted(getattr(report, key)),
                sorted(names),
                f"the battle's {key.replace('_', ' ')}",
                f"{pointer}/{key}",
            )
    if "escapes" in wanted:
        expected = {
            named_unit(game, n, join_pointer(pointer + "/escapes", n)).uid: named_space(
                game, s, join_pointer(pointer + "/escapes", n)
            )
            for n, s in wanted["escapes"].items()
        }
        same(report.escapes, expected, "where the leaders escaped", pointer + "/escapes")


def check_legal(game: Game, wanted: Json, pointer: str) -> None:
    """Actions, written as steps, that the legal list must or must not hold."""
    steps = [a.replay_step() for a in game.legal_actions() if hasattr(a, "replay_step")]
    for key, present in (("includes", True), ("excludes", False)):
        for index, entry in enumerate(wanted.get(key, ())):
            if (entry in steps) != present:
                shown = "; ".join(str(s) for s in steps[:12])
                raise ReplayProblem(
                    codes.REPLAY_EXPECTATION_FAILED,
                    f"{pointer}/{key}/{index}",
                    f"{entry} is {'not ' if present else ''}among the legal actions",
                    hint=f"legal now: {shown}",
                )


def check_campaign(game: Game, wanted: Json, pointer: str) -> None:
    record = game.campaign
    if record is None:
        raise ReplayProblem(codes.REPLAY_EXPECTATION_FAILED, pointer, "this game is not a campaign")
    for key, actual in (("won", record.won), ("lost", record.lost), ("next", record.next_scenario)):
        if key in wanted:
            same(actual, wanted[key], f"the campaign's {key}", f"{pointer}/{key}")
    if "mission" in wanted:
        same(game.scenario.id, wanted["mission"], "the mission being played", pointer + "/mission")


def check_box(game: Game, unit: Unit, wanted: str, pointer: str) -> None:
    same(game.mission.where.get(unit.uid), wanted, f"the box {unit.uid} is in", pointer)


def check_carrier(game: Game, unit: Unit, wanted: str | None, pointer: str) -> None:
    expected = named_unit(game, wanted, pointer).uid if wanted else None
    same(game.mission.carrier.get(unit.uid), expected, f"who carries {unit.uid}", pointer)


def check_face_down(game: Game, unit: Unit, wanted: bool, pointer: str) -> None:
    same(unit.damaged, wanted, f"whether {unit.uid} is face down", pointer)
