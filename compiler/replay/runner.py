"""Run a replay step by step; stop at the first problem and say where in the file it is.

This runner knows only what every game system shares: starting from a scenario
or a position, ending phases, advancing to a phase, and the common
expectations. Everything else a step may do comes from the system's adapter
(compiler/replay/adapters), chosen by the game's system.
"""

from __future__ import annotations

import json
import os
import pickle
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from compiler.cache.aside import fork_call
from compiler.diagnostics import Diagnostic, codes, error, warning
from compiler.loading import GameSources, SourceDocument
from compiler.loading.positions import join_pointer
from compiler.replay.adapter import ReplayAdapter
from compiler.replay.adapters import adapter_for
from compiler.replay.expectations import check_expectations
from compiler.replay.problems import ReplayProblem
from compiler.replay.start import replay_definition, set_position
from rules_engine.core import CoreGame, DiceMismatch, EngineError, Event, IllegalAction, ScriptedDice
from rules_engine.definitions import ValidGame
from rules_engine.systems import SYSTEMS, system_for

Json = dict[str, Any]
# Rules engines by (the game; the replay's changes to its data, as JSON text; its optional rules).
SystemCache = dict[tuple[int, str, frozenset[str]], Any]
# The parts of a replay that change the game's data for that replay (docs/replay-format.md).
DATA_CHANGES = ("map", "overrides", "counters")
MAX_PHASES_PER_STEP = 500
# From this many replays on, a forked copy of the process runs about half of them (grouped by
# the engine they share) while this process runs the rest: Jerusalem! has 84, most on test maps
# of their own. Fewer run here alone, where starting the copy would cost more than it saves.
SHARE_OUT_FROM = 40
# The copy only helps on a core of its own: it is started when, on average over the last
# minute, at least this much of a core was idle besides the one this process runs on.
IDLE_CORE_NEEDED = 0.5
# A rough weight of a group of replays for sharing them out: building the engine costs
# about as much as running two replays.
ENGINE_WEIGHT = 2

# Where in a replay file an engine error about a field of the request belongs.
_FIELD_POINTERS = {"scenario": "/scenario", "options": "/options"}


@dataclass
class StepTrace:
    """What one step did: its place in the file and the events it caused."""

    pointer: str
    summary: str
    events: list[Event] = field(default_factory=list)


@dataclass
class ReplayOutcome:
    file: str
    name: str
    problem: Diagnostic | None = None
    steps: list[StepTrace] = field(default_factory=list)
    start_events: list[Event] = field(default_factory=list)
    # The game as the replay left it (None when it could not start), for a player resuming it.
    game: Any = None

    @property
    def passed(self) -> bool:
        return self.problem is None


def has_engine(game: ValidGame) -> bool:
    """A rules engine and a replay adapter exist for the game's system."""
    system = game.game.system
    return system in SYSTEMS and adapter_for(system) is not None


def replay_diagnostics(sources: GameSources, game: ValidGame, valid: frozenset[str]) -> list[Diagnostic]:
    """Run every schema-valid replay of a game; one diagnostic per failing replay."""
    documents = [d for d in sources.all("replay") if d.name in valid]
    found = replay_problems(sources, game, documents)
    if isinstance(found, Diagnostic):
        return [found]
    return [problem for d in documents if (problem := found[d.name]) is not None]


def replay_problems(
    sources: GameSources, game: ValidGame, documents: list[SourceDocument]
) -> dict[str, Diagnostic | None] | Diagnostic:
    """Each replay's problem (None when it passes) by file name, or the one warning that the
    game's system has no engine to run them."""
    if not documents:
        return {}
    if not has_engine(game):
        return warning(
            codes.REPLAY_NO_ENGINE,
            f"{len(documents)} replay(s) not run: the '{game.game.system}' system has no rules engine yet",
            documents[0].name,
        )
    groups = _engine_groups(documents)
    if len(documents) >= SHARE_OUT_FROM and _idle_core():
        return _problems_shared_out(sources, game, groups)
    return _problems(sources, game, groups)


def _engine_groups(documents: list[SourceDocument]) -> list[list[SourceDocument]]:
    """The replays that share one rules engine (the same changes to the data, the same options)."""
    groups: dict[tuple[str, frozenset[str]], list[SourceDocument]] = {}
    for document in documents:
        groups.setdefault(_engine_key(document.data), []).append(document)
    return list(groups.values())


def _engine_key(replay: Json) -> tuple[str, frozenset[str]]:
    changes = json.dumps({k: replay[k] for k in DATA_CHANGES if k in replay}, sort_keys=True)
    return changes, frozenset(replay.get("options", ()))


def _problems(
    sources: GameSources, game: ValidGame, groups: Sequence[list[SourceDocument]]
) -> dict[str, Diagnostic | None]:
    """Each replay's problem (None when it passes), by file name."""
    systems: SystemCache = {}
    return {d.name: run_replay(sources, game, d, systems).problem for group in groups for d in group}


def _problems_shared_out(
    sources: GameSources, game: ValidGame, groups: list[list[SourceDocument]]
) -> dict[str, Diagnostic | None]:
    """The same answer, with about half of the groups run by a forked copy of this process
    (compiler/cache/aside.py); where forking is not possible or the copy fails, all run here."""
    aside, here = _halves(groups)
    waiter = fork_call(lambda: pickle.dumps(_problems(sources, game, aside)))
    try:
        problems = _problems(sources, game, here)
    finally:  # the copy is waited for even when a replay here raises
        handed_back = waiter() if waiter is not None else None
    # the bytes come from this program's own copy, through a pipe it made: safe to unpickle
    problems.update(pickle.loads(handed_back) if handed_back else _problems(sources, game, aside))
    return problems


def _idle_core() -> bool:
    """Whether a second process would have a core to itself (the load average says so)."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # no load average on this system
        return False
    return (os.cpu_count() or 1) - 1 - load >= IDLE_CORE_NEEDED


def _halves(
    groups: list[list[SourceDocument]],
) -> tuple[list[list[SourceDocument]], list[list[SourceDocument]]]:
    """Groups dealt out heaviest first, each to the lighter half (the same split every run)."""
    halves: tuple[list[list[SourceDocument]], list[list[SourceDocument]]] = ([], [])
    weights = [0, 0]
    for group in sorted(groups, key=lambda g: -(len(g) + ENGINE_WEIGHT)):
        lighter = 0 if weights[0] <= weights[1] else 1
        halves[lighter].append(group)
        weights[lighter] += len(group) + ENGINE_WEIGHT
    return halves


def run_replay(
    sources: GameSources,
    game_data: ValidGame,
    document: SourceDocument,
    systems: SystemCache | None = None,
) -> ReplayOutcome:
    """Run one replay document (already valid against its system's replay schema).

    ``systems`` shares rules engines between replays that use the same definition and
    options: building one reads the whole map, and most replays change nothing in it.
    """
    replay: Json = document.data
    outcome = ReplayOutcome(document.name, replay.get("name", document.name))
    adapter = adapter_for(game_data.game.system)
    try:
        if adapter is None:
            raise ReplayProblem(
                codes.REPLAY_BAD_START, "", f"the '{game_data.game.system}' system has no replay adapter"
            )
        game = _start(sources, game_data, replay, {} if systems is None else systems, adapter)
        outcome.game = game
        outcome.start_events = list(game.state.log.events)
        for index, step in enumerate(replay["steps"]):
            pointer = f"/steps/{index}"
            before = len(game.state.log)
            trace = StepTrace(pointer, _summary(step, adapter))
            outcome.steps.append(trace)
            try:
                _run_step(game, step, pointer, adapter)
            finally:
                trace.events = game.state.log.since(before)
    except ReplayProblem as problem:
        outcome.problem = error(problem.code, problem.message, document.name, problem.pointer, problem.hint)
    return outcome


def _start(
    sources: GameSources, game_data: ValidGame, replay: Json, systems: SystemCache, adapter: ReplayAdapter
) -> CoreGame:
    try:
        changes, options = _engine_key(replay)
        key = (id(game_data), changes, options)
        if key not in systems:
            # replays with the same test map, overrides and options share one engine
            systems[key] = system_for(replay_definition(sources, game_data, replay), options)
        system = systems[key]
        if "position" not in replay:
            return _new_game(system, replay)
        game: CoreGame = system.blank_game(replay["scenario"])
        set_position(game, replay["position"], adapter)
        game.begin_phase(ScriptedDice({}, game.system.die_sides))
        return game
    except IllegalAction as exc:
        raise ReplayProblem(codes.REPLAY_BAD_START, "", str(exc)) from None
    except EngineError as exc:
        where = _FIELD_POINTERS.get(exc.field or "", "")
        raise ReplayProblem(codes.REPLAY_BAD_START, where, str(exc)) from None


def _new_game(system: Any, replay: Json) -> CoreGame:
    """The scenario's set-up; ``setup_dice`` gives the rolls a system makes while setting up."""
    game: CoreGame
    if "setup_dice" not in replay:
        game = system.new_game(replay["scenario"])
        return game
    dice = ScriptedDice(replay["setup_dice"], system.die_sides)
    try:
        game = system.new_game(replay["scenario"], dice)
    except DiceMismatch as exc:
        raise ReplayProblem(codes.REPLAY_DICE_MISMATCH, "/setup_dice", str(exc)) from None
    unused = dice.unused()
    if unused:
        raise ReplayProblem(
            codes.REPLAY_DICE_MISMATCH,
            "/setup_dice",
            f"the set-up dice hold rolls that the set-up never took: {', '.join(unused)}",
        )
    return game


def _run_step(game: CoreGame, step: Json, pointer: str, adapter: ReplayAdapter) -> None:
    expected_rule = step.get("illegal")
    given = step_dice(game, step.get("dice", {}), pointer + "/dice", adapter)
    dice = ScriptedDice(given, game.system.die_sides)
    try:
        _act(game, step, pointer, dice, adapter)
    except IllegalAction as exc:
        if expected_rule is not None and (
            exc.rule == expected_rule or exc.rule.startswith(expected_rule + ".")
        ):
            game.state.note("refused", f"refused as expected: {exc}")
            return
        wanted = f" (the replay expected a refusal by {expected_rule})" if expected_rule else ""
        raise ReplayProblem(codes.REPLAY_ILLEGAL_ACTION, pointer, f"{exc}{wanted}") from None
    except DiceMismatch as exc:
        raise ReplayProblem(codes.REPLAY_DICE_MISMATCH, pointer + "/dice", str(exc)) from None
    except EngineError as exc:
        raise ReplayProblem(codes.REPLAY_BAD_STEP, pointer, str(exc)) from None
    if expected_rule is not None:
        raise ReplayProblem(
            codes.REPLAY_NOT_REFUSED,
            pointer + "/illegal",
            f"the replay expected rule {expected_rule} to refuse this step, but the engine allowed it",
        )
    unused = dice.unused()
    if unused:
        raise ReplayProblem(
            codes.REPLAY_DICE_MISMATCH,
            pointer + "/dice",
            f"the step gives dice that no roll of the rules took: {', '.join(unused)}",
        )


def step_dice(game: CoreGame, given: Json, pointer: str, adapter: ReplayAdapter) -> dict[str, Any]:
    """A step's dice by purpose, a total (a number in place of the dice of a roll the rules only
    add up: a CRT read with 2d6) given as dice that make it: the rules read only their sum."""
    if not any(isinstance(rolls, int) for rolls in given.values()):
        return given
    summed = adapter.summed_rolls(game) if adapter.summed_rolls is not None else {}
    dice: dict[str, Any] = {}
    for purpose, rolls in given.items():
        if not isinstance(rolls, int):
            dice[purpose] = rolls
            continue
        if purpose not in summed:
            raise ReplayProblem(
                codes.REPLAY_DICE_MISMATCH,
                join_pointer(pointer, purpose),
                f"the rules read each die of the {purpose} roll: give the dice, not their total",
                hint='for example {"' + purpose + '": {"d6": [3, 5]}}',
            )
        die, number = summed[purpose]
        sides = game.system.die_sides.get(die, 6)
        dice[purpose] = {die: _making(rolls, number, sides, die, pointer, purpose)}
    return dice


def _making(total: int, number: int, sides: int, die: str, pointer: str, purpose: str) -> list[int]:
    """``number`` dice of ``sides`` faces that add up to ``total`` (the highest first)."""
    if not number <= total <= number * sides:
        raise ReplayProblem(
            codes.REPLAY_DICE_MISMATCH,
            join_pointer(pointer, purpose),
            f"{total} is not a total of {number}{die}, which makes {number} to {number * sides}",
        )
    faces = []
    for left in range(number, 0, -1):
        face = min(sides, total - (left - 1))
        faces.append(face)
        total -= face
    return faces


def _act(game: CoreGame, step: Json, pointer: str, dice: ScriptedDice, adapter: ReplayAdapter) -> None:
    handler = next((h for key, h in adapter.steps.items() if key in step), None)
    if handler is not None:
        handler(game, step, pointer, dice)
    elif "end_phase" in step:
        game.end_phase(dice)
    elif "advance_to" in step:
        _advance_to(game, step["advance_to"], pointer + "/advance_to", dice)
    if "expect" in step:
        check_expectations(game, step["expect"], pointer + "/expect", adapter)


def _advance_to(game: CoreGame, target: Json, pointer: str, dice: ScriptedDice) -> None:
    state = game.state
    if target["phase"] not in state.phase_ids:
        raise ReplayProblem(
            codes.REPLAY_BAD_STEP,
            pointer + "/phase",
            f"no phase '{target['phase']}'",
            hint=", ".join(state.phase_ids),
        )
    turn = str(target["turn"]) if "turn" in target else None
    if turn is not None and turn not in state.turn_labels:
        raise ReplayProblem(codes.REPLAY_BAD_STEP, pointer + "/turn", f"turn {turn} is not on the turn track")
    for _ in range(MAX_PHASES_PER_STEP):
        game.end_phase(dice)
        if state.over:
            raise ReplayProblem(
                codes.REPLAY_BAD_STEP, pointer, f"the game ended ({state.result}) before that phase"
            )
        if game.phase.id == target["phase"] and (turn is None or state.turn == turn):
            return
        if turn is not None and state.turn_index > state.turn_labels.index(turn):
            raise ReplayProblem(codes.REPLAY_BAD_STEP, pointer, f"turn {turn} is already over")
    raise ReplayProblem(codes.REPLAY_BAD_STEP, pointer, "that phase is never reached")


def _summary(step: Json, adapter: ReplayAdapter) -> str:
    for key, summary in adapter.summaries.items():
        if key in step:
            return summary(step)
    if "end_phase" in step:
        return "end phase"
    if "advance_to" in step:
        target = step["advance_to"]
        return f"advance to {target['phase']}" + (f" of turn {target['turn']}" if "turn" in target else "")
    return "expect"
