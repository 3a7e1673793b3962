"""Run a replay step by step; stop at the first problem and say where in the file it is."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from compiler.diagnostics import Diagnostic, codes, error, warning
from compiler.loading import GameSources, SourceDocument
from compiler.replay.decider import ScriptedDecider
from compiler.replay.expectations import check_expectations
from compiler.replay.names import named_space
from compiler.replay.problems import ReplayProblem
from compiler.replay.start import replay_definition, set_position
from rules_engine.core import DiceMismatch, EngineError, Event, IllegalAction, ScriptedDice
from rules_engine.definitions import GameDefinition
from rules_engine.systems import SYSTEMS, system_for
from rules_engine.systems.israel1948 import Game, Israel1948

Json = dict[str, Any]
SystemCache = dict[tuple[int, frozenset[str]], Israel1948]
MAX_PHASES_PER_STEP = 500


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

    @property
    def passed(self) -> bool:
        return self.problem is None


def has_engine(definition: GameDefinition) -> bool:
    return definition.game is not None and definition.game.system in SYSTEMS


def replay_diagnostics(
    sources: GameSources, definition: GameDefinition, valid: frozenset[str]
) -> list[Diagnostic]:
    """Run every schema-valid replay of a game; one diagnostic per failing replay."""
    documents = [d for d in sources.all("replay") if d.name in valid]
    if not documents:
        return []
    if not has_engine(definition):
        system = definition.game.system if definition.game else "?"
        return [
            warning(
                codes.REPLAY_NO_ENGINE,
                f"{len(documents)} replay(s) not run: the '{system}' system has no rules engine yet",
                documents[0].name,
            )
        ]
    found: list[Diagnostic] = []
    systems: SystemCache = {}
    for document in documents:
        outcome = run_replay(sources, definition, document, systems)
        if outcome.problem is not None:
            found.append(outcome.problem)
    return found


def run_replay(
    sources: GameSources,
    definition: GameDefinition,
    document: SourceDocument,
    systems: SystemCache | None = None,
) -> ReplayOutcome:
    """Run one replay document (already valid against replay.schema.json).

    ``systems`` shares rules engines between replays that use the same definition and
    options: building one reads the whole map, and most replays change nothing in it.
    """
    replay: Json = document.data
    outcome = ReplayOutcome(document.name, replay.get("name", document.name))
    try:
        game = _start(sources, definition, replay, {} if systems is None else systems)
        outcome.start_events = list(game.state.log.events)
        for index, step in enumerate(replay["steps"]):
            pointer = f"/steps/{index}"
            before = len(game.state.log)
            trace = StepTrace(pointer, _summary(step))
            outcome.steps.append(trace)
            try:
                _run_step(game, step, pointer)
            finally:
                trace.events = game.state.log.since(before)
    except ReplayProblem as problem:
        outcome.problem = error(problem.code, problem.message, document.name, problem.pointer, problem.hint)
    return outcome


def _start(sources: GameSources, definition: GameDefinition, replay: Json, systems: SystemCache) -> Game:
    try:
        changed = replay_definition(sources, definition, replay)
        options = frozenset(replay.get("options", ()))
        key = (id(changed), options)
        if changed is not definition or key not in systems:
            systems[key] = system_for(changed, options)
        system = systems[key]
        if "position" not in replay:
            return system.new_game(replay["scenario"])
        game = system.blank_game(replay["scenario"])
        set_position(game, replay["position"])
        game.begin_phase(ScriptedDice({}, system.rules.die_sides))
        return game
    except IllegalAction as exc:
        raise ReplayProblem(codes.REPLAY_BAD_START, "", str(exc)) from None
    except EngineError as exc:
        where = "/scenario" if "scenario" in str(exc) else "/options" if "optional rule" in str(exc) else ""
        raise ReplayProblem(codes.REPLAY_BAD_START, where, str(exc)) from None


def _run_step(game: Game, step: Json, pointer: str) -> None:
    expected_rule = step.get("illegal")
    dice = ScriptedDice(step.get("dice", {}), game.rules.die_sides)
    try:
        _act(game, step, pointer, dice)
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
            f"the step gives dice for the {', '.join(unused)} roll(s), which the rules never called for",
        )


def _act(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    if "move" in step:
        unit = game.unit(step["move"])
        game.move(unit, [named_space(game, p, f"{pointer}/path/{i}") for i, p in enumerate(step["path"])])
    elif "attack" in step:
        attack = step["attack"]
        units = [game.unit(name) for name in attack["units"]]
        decider = ScriptedDecider(game, step, pointer)
        game.attack(units, named_space(game, attack["target"], pointer + "/attack/target"), decider, dice)
        left_over = decider.unused_choices()
        if left_over is not None:
            raise ReplayProblem(codes.REPLAY_EXPECTATION_FAILED, pointer + "/hits", left_over)
    elif "place" in step:
        game.place_reinforcement(game.unit(step["place"]), named_space(game, step["at"], pointer + "/at"))
    elif "end_phase" in step:
        game.end_phase(dice)
    elif "advance_to" in step:
        _advance_to(game, step["advance_to"], pointer + "/advance_to", dice)
    if "expect" in step:
        check_expectations(game, step["expect"], pointer + "/expect")


def _advance_to(game: Game, target: Json, pointer: str, dice: ScriptedDice) -> None:
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


def _summary(step: Json) -> str:
    if "move" in step:
        return f"move {step['move']} {' '.join(step['path'])}"
    if "attack" in step:
        return f"attack {', '.join(step['attack']['units'])} -> {step['attack']['target']}"
    if "place" in step:
        return f"place {step['place']} at {step['at']}"
    if "end_phase" in step:
        return "end phase"
    if "advance_to" in step:
        target = step["advance_to"]
        return f"advance to {target['phase']}" + (f" of turn {target['turn']}" if "turn" in target else "")
    return "expect"
