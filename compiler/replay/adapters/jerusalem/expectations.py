"""Expectations only Jerusalem! replays write: the last combat and shelling, MPs left, markers, secrets."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from compiler.diagnostics import codes
from compiler.loading.positions import join_pointer
from compiler.replay.adapter import Expectation, UnitPart
from compiler.replay.expectations import reach_expectations, same
from compiler.replay.names import named_space, named_unit
from compiler.replay.problems import ReplayProblem
from rules_engine.core import Unit
from rules_engine.systems.jerusalem import Game, bulldozers
from rules_engine.systems.jerusalem.fire import ShotReport
from rules_engine.systems.jerusalem.movement import reachable

Json = dict[str, Any]
SHOT_KEYS = ("odds", "roll", "modified", "result", "modifiers")


def check_shot(game: Game, report: ShotReport | None, wanted: Json, pointer: str, what: str) -> None:
    if report is None:
        raise ReplayProblem(codes.REPLAY_EXPECTATION_FAILED, pointer, f"there was no {what}")
    for key in SHOT_KEYS:
        if key in wanted:
            same(getattr(report, key), wanted[key], f"the {what}'s {key}", f"{pointer}/{key}")
    if "strengths" in wanted:
        same(report.strengths, wanted["strengths"], f"the {what}'s strengths", pointer + "/strengths")
    if "eliminated" in wanted:
        names = sorted(
            named_unit(game, n, f"{pointer}/eliminated/{i}").uid for i, n in enumerate(wanted["eliminated"])
        )
        same(sorted(report.eliminated), names, f"the units the {what} eliminated", pointer + "/eliminated")


def check_combat(game: Game, wanted: Json, pointer: str) -> None:
    report = game.last_combat
    if report is None:
        raise ReplayProblem(codes.REPLAY_EXPECTATION_FAILED, pointer, "no attack has been made yet")
    if "first_fire" in wanted:
        if wanted["first_fire"] is None:
            same(report.first_fire, None, "the defensive first fire", pointer + "/first_fire")
        else:
            check_shot(
                game, report.first_fire, wanted["first_fire"], pointer + "/first_fire", "defensive first fire"
            )
    shot = {k: v for k, v in wanted.items() if k in (*SHOT_KEYS, "strengths", "eliminated")}
    if shot:
        check_shot(game, report.attack, shot, pointer, "attack")
    if "automatic" in wanted:
        same(
            report.automatic,
            wanted["automatic"],
            "whether the attack won without a roll",
            pointer + "/automatic",
        )
    if "stopped" in wanted:
        names = sorted(
            named_unit(game, n, f"{pointer}/stopped/{i}").uid for i, n in enumerate(wanted["stopped"])
        )
        same(sorted(report.stopped), names, "the units stopped by the attack", pointer + "/stopped")


def check_shelling(game: Game, wanted: Json, pointer: str) -> None:
    shots = [s for s in game.last_shots if s.kind == "shelling"]
    check_shot(game, shots[-1] if shots else None, wanted, pointer, "shelling")


def check_shots(game: Game, wanted: list[Json], pointer: str) -> None:
    """Every shot of the last action, in order (a terrorist attack has several)."""
    shots = game.last_shots
    same(len(shots), len(wanted), "the number of shots in the last action", pointer)
    for index, (shot, entry) in enumerate(zip(shots, wanted, strict=True)):
        where = f"{pointer}/{index}"
        if "kind" in entry:
            same(shot.kind, entry["kind"], f"shot {index + 1}'s kind", where + "/kind")
        check_shot(game, shot, {k: v for k, v in entry.items() if k != "kind"}, where, f"shot {index + 1}")


def check_first_phase(game: Game, wanted: str, pointer: str) -> None:
    sequence = game.phase_sequence()
    group = next((p.group for p in game.system.phases if p.id == wanted), None)
    first = next((game.system.phases[i].id for i in sequence if game.system.phases[i].group == group), None)
    same(first, wanted, "the movement phase taken first", pointer)


def check_convoy(game: Game, wanted: Json, pointer: str) -> None:
    marks = game.marks
    if "route" in wanted:
        route = [named_space(game, h, f"{pointer}/route/{i}") for i, h in enumerate(wanted["route"])]
        same(list(marks.route), route, "the convoy's announced route", pointer + "/route")
    if "done" in wanted:
        same(marks.convoy_done, wanted["done"], "whether the convoy's run is over", pointer + "/done")


def check_may_end_phase(game: Game, wanted: bool, pointer: str) -> None:
    problem = game.end_phase_problem() if game.phase.kind in ("overland-movement", "road-movement") else None
    same(
        problem is None,
        wanted,
        "whether the phase may end now" + (f" ({problem})" if problem else ""),
        pointer,
    )


def check_mp_left(game: Game, unit: Unit, wanted: float, pointer: str) -> None:
    same(game.allowance(unit) - game.spent(unit), float(wanted), f"{unit.uid}'s MPs left this phase", pointer)


def check_stopped(game: Game, unit: Unit, wanted: bool, pointer: str) -> None:
    same(unit.uid in game.marks.stopped, wanted, f"whether {unit.uid} has a Stop marker", pointer)


def check_face_down(game: Game, unit: Unit, wanted: bool, pointer: str) -> None:
    same(unit.uid in game.marks.face_down, wanted, f"whether {unit.uid} is face down", pointer)


def check_disrupted(game: Game, unit: Unit, wanted: bool, pointer: str) -> None:
    same(unit.uid in game.marks.disrupted, wanted, f"whether {unit.uid} is disrupted", pointer)


def check_carried_by(game: Game, unit: Unit, wanted: str | None, pointer: str) -> None:
    carrier = named_unit(game, wanted, pointer).uid if wanted is not None else None
    same(game.marks.carried_by.get(unit.uid), carrier, f"what carries {unit.uid}", pointer)


def check_attacked(game: Game, unit: Unit, wanted: bool, pointer: str) -> None:
    same(
        unit.uid in game.marks.attacked, wanted, f"whether {unit.uid} was attacked this player turn", pointer
    )


def check_hidden_from(game: Game, wanted: dict[str, list[str]], pointer: str) -> None:
    """12.1: what a side sees of the board names none of these units."""
    for side, names in wanted.items():
        seen = {label for _, label in game.view(side)}
        for index, name in enumerate(names):
            unit = named_unit(game, name, join_pointer(pointer, side) + f"/{index}")
            same(
                unit.uid in seen,
                False,
                f"whether the {side} player sees {unit.uid}",
                join_pointer(pointer, side),
            )


def check_off_map(game: Game, unit: Unit, wanted: str | None, pointer: str) -> None:
    """14.6: the edge hex of the road a unit left the map by (null: it is not off the map)."""
    road = named_space(game, wanted, pointer) if wanted is not None else None
    found = game.marks.off_map.get(unit.uid)
    same(found[0] if found else None, road, f"the road {unit.uid} left the map by", pointer)


def check_road_work_left(game: Game, unit: Unit, wanted: float, pointer: str) -> None:
    same(
        bulldozers.work_left(game, unit),
        float(wanted),
        f"the MP worth of road {unit.uid} may still build this turn",
        pointer,
    )


def check_new_roads(game: Game, wanted: list[Json], pointer: str) -> None:
    """15.2-15.4: every link of new road, with the turn it was built and whether it may be used now."""
    expected: dict[frozenset[str], str] = {}
    for index, entry in enumerate(wanted):
        where = f"{pointer}/{index}"
        path = [named_space(game, h, f"{where}/path/{i}") for i, h in enumerate(entry["path"])]
        for a, b in pairwise(path):
            expected[frozenset((a, b))] = str(entry["turn"])
        if "usable" in entry:
            usable = all(b in game.tables.roads.get(a, {}) for a, b in pairwise(path))
            same(usable, entry["usable"], "whether the new road may be used now", where + "/usable")
    labels = game.state.turn_labels
    built = {frozenset(link): labels[turn] for link, (turn, _) in game.marks.new_roads.items()}
    same(_links(built), _links(expected), "the new roads and the turns they were built", pointer)


def _links(links: dict[frozenset[str], str]) -> list[str]:
    return sorted(f"{'-'.join(sorted(link))} ({turn})" for link, turn in links.items())


EXPECTATIONS: dict[str, Expectation] = {
    "combat": check_combat,
    "shelling": check_shelling,
    "shots": check_shots,
    "first_phase": check_first_phase,
    "convoy": check_convoy,
    "may_end_phase": check_may_end_phase,
    "hidden_from": check_hidden_from,
    "new_roads": check_new_roads,
}
UNIT_EXPECTATIONS: dict[str, UnitPart] = {
    "mp_left": check_mp_left,
    "stopped": check_stopped,
    "face_down": check_face_down,
    "disrupted": check_disrupted,
    "carried_by": check_carried_by,
    "attacked": check_attacked,
    "off_map": check_off_map,
    "road_work_left": check_road_work_left,
    **reach_expectations(reachable),
}
