"""A stored game brought back to life through the replay runner, and one action tried on it.

The database is the authority on every game: a process keeps the game it built last for
each game id (games.py) only while its steps are the stored ones, and otherwise rebuilds it
from its stored steps (``PlaySession.rebuild``, the replay runner), so any process
serving the database sees the same game. Building a game's rules engine reads its whole map,
so each served game's engine is built once (``Catalogue.system``) and shared by every game
of it and by the replay runner. An action is accepted only if it is one of
the engine's ``legal_actions`` at that moment; anything else is run through the replay
runner to find the rule that refuses it, so the refusal is the one ``wgc replay``
would print. A choice the rules leave to a player inside an action (where a unit
retreats, who takes a loss) stops the action with a question; the action is run again
from the same step, with the same dice (seeded by the step count), once it is answered.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.diagnostics import codes
from compiler.loading import SourceDocument
from compiler.pipeline import GameReport, validate_game
from compiler.play.session import NewsFirst, PlayError, PlaySession
from compiler.replay import run_replay
from compiler.replay.runner import SystemCache
from compiler.schema import validate_document
from rules_engine.core import Action, EngineError, IllegalAction, ScriptedDice, SeededDice
from rules_engine.core.recording import RecordingDice
from rules_engine.definitions import ValidGame
from rules_engine.systems import system_for

Json = dict[str, Any]


class QuestionPending(Exception):
    """An action asked a question no answer was given for yet."""

    def __init__(
        self, question: str, options: Sequence[str], minimum: int, maximum: int, side: str | None
    ) -> None:
        super().__init__(question)
        self.question: Json = {
            "text": question,
            "options": list(options),
            "minimum": minimum,
            "maximum": maximum,
            "side": side,
        }


class BadAnswer(Exception):
    """An answer that does not fit its question (an index out of range, too many picks)."""


class ServerChooser:
    """Answers an action's questions from the answers given so far; the first question with no
    answer stops the action (QuestionPending)."""

    def __init__(self) -> None:
        self.answers: list[list[int]] = []
        self.asked = 0

    def start(self, answers: list[list[int]]) -> None:
        self.answers, self.asked = answers, 0

    def choose(
        self,
        question: str,
        options: Sequence[str],
        *,
        minimum: int = 1,
        maximum: int = 1,
        side: str | None = None,
    ) -> list[int]:
        if self.asked >= len(self.answers):
            raise QuestionPending(question, options, minimum, maximum, side)
        picked = self.answers[self.asked]
        self.asked += 1
        if not minimum <= len(picked) <= maximum or len(set(picked)) != len(picked):
            raise BadAnswer(f"the question takes {minimum} to {maximum} different choices, not {len(picked)}")
        if any(not 0 <= i < len(options) for i in picked):
            raise BadAnswer(f"the question has choices 0 to {len(options) - 1}")
        return picked


@dataclass
class Outcome:
    """What became of an action: applied (``step`` is the new replay step), asked (``question``),
    or refused (``rule`` and ``message``; the state is unchanged)."""

    applied: bool = False
    step: Json | None = None
    question: Json | None = None
    rule: str | None = None
    message: str = ""
    answers: list[list[int]] = field(default_factory=list)


class Catalogue:
    """The games this server plays, each validated once (by its folder's name)."""

    def __init__(self, folders: Sequence[Path]) -> None:
        self.folders = {folder.name: folder for folder in folders}
        self._reports: dict[str, GameReport] = {}
        self._valid: dict[str, ValidGame] = {}
        self._systems: dict[str, Any] = {}
        # the rules engines the replay runner builds, shared by every rebuild of every game
        self.replay_systems: SystemCache = {}
        self._lock = threading.Lock()

    def report(self, name: str) -> GameReport:
        with self._lock:
            if name not in self._reports:
                report = validate_game(self.folders[name], run_replays=False)
                if report.valid is None or any(d.is_error for d in report.diagnostics):
                    raise PlayError(f"the game {name} is not valid: run wgc validate on it")
                self._valid[name] = report.valid
                # a game with no rules engine cannot be served
                self._systems[name] = system_for(self._valid[name])
                self._reports[name] = report
            return self._reports[name]

    def system(self, name: str) -> Any:
        """The game's rules engine, built once: games share it (each game keeps its own state)."""
        self.report(name)
        return self._systems[name]

    def start(self, name: str, scenario: str, seed: int) -> tuple[PlaySession, ServerChooser]:
        return new_session(self._shared(name), scenario, seed)

    def rebuilt(
        self, name: str, scenario: str, seed: int, setup_dice: Json, steps: list[Json]
    ) -> tuple[PlaySession, ServerChooser]:
        return rebuilt_session(self._shared(name), scenario, seed, setup_dice, steps)

    def scenarios(self, name: str) -> list[tuple[str, str]]:
        self.report(name)
        return [(s.id, s.name) for s in self._valid[name].scenarios]

    def _shared(self, name: str) -> Shared:
        report = self.report(name)
        return Shared(report, self._valid[name], self._systems[name], self.replay_systems)


@dataclass
class Shared:
    """What every game of one served game shares: its report and definition, its rules engine,
    and the engines the replay runner builds for it."""

    report: GameReport
    valid: ValidGame
    system: Any
    systems: SystemCache

    def session(self, scenario: str, seed: int, steps: list[Json], setup_dice: Json) -> PlaySession:
        session = PlaySession(
            self.report,
            scenario,
            seed,
            ServerChooser(),
            steps=list(steps),
            setup_dice=dict(setup_dice),
            systems=self.systems,
            valid=self.valid,
        )
        session.system = self.system
        return session


def new_session(shared: Shared, scenario: str, seed: int) -> tuple[PlaySession, ServerChooser]:
    """A game at its start (the set-up dice rolled from ``seed``)."""
    session = shared.session(scenario, seed, [], {})
    chooser = session.chooser
    assert isinstance(chooser, ServerChooser)
    known = [s.id for s in session.definition.scenarios]
    if scenario not in known:
        raise PlayError(f"no scenario '{scenario}' (there are: {', '.join(known)})")
    dice = RecordingDice(SeededDice(seed, session.system.die_sides))
    session.game = session.system.new_game(scenario, dice)
    session.setup_dice = dice.take()
    session.decider = session.system.chooser_decider(NewsFirst(chooser, session))
    session.fresh_dice()
    return session, chooser


def rebuilt_session(
    shared: Shared, scenario: str, seed: int, setup_dice: Json, steps: list[Json]
) -> tuple[PlaySession, ServerChooser]:
    """The game its stored steps make, through the replay runner."""
    session = shared.session(scenario, seed, steps, setup_dice)
    chooser = session.chooser
    assert isinstance(chooser, ServerChooser)
    session.decider = session.system.chooser_decider(NewsFirst(chooser, session))
    if steps:
        session.rebuild()
    else:  # nothing to replay yet: the set-up its stored dice make
        dice = ScriptedDice(session.setup_dice, session.system.die_sides)
        session.game = session.system.new_game(scenario, dice)
        session.fresh_dice()
    return session, chooser


def action_key(step: Json) -> str:
    return json.dumps(step, sort_keys=True, separators=(",", ":"))


@dataclass
class Offer:
    """One legal action of the moment: the engine's action, its replay step and its words."""

    action: Action
    step: Json
    text: str


# The legal actions last listed for each game in play, by id(session): (the session, the steps
# they were listed at (their count and the last one, itself), the actions by action_key).
_OFFERED: dict[int, tuple[PlaySession, tuple[int, Json | None], dict[str, Offer]]] = {}


def offers(session: PlaySession) -> dict[str, Offer]:
    """The legal actions of the moment by their action_key, listed once per step of a game: each
    seat's view and the action sent ask for them, and only a step changes them (a game rebuilt
    from the same steps, as after a question, offers the same actions: they are plain values)."""
    at = (len(session.steps), session.steps[-1] if session.steps else None)
    kept = _OFFERED.get(id(session))
    if kept is not None and kept[0] is session and kept[1][0] == at[0] and kept[1][1] is at[1]:
        return kept[2]
    game = session.game
    found: dict[str, Offer] = {}
    for action in session.legal_actions():
        if hasattr(action, "replay_step"):
            text = game.action_text(action) if hasattr(game, "action_text") else action.describe()
            step = dict(action.replay_step())
            found[action_key(step)] = Offer(action, step, text)
    if len(_OFFERED) > 1024:
        _OFFERED.clear()
    _OFFERED[id(session)] = (session, at, found)
    return found


def offered(session: PlaySession) -> list[tuple[Json, str]]:
    """The legal actions of the moment as (replay step, the game's words for it)."""
    return [(offer.step, offer.text) for offer in offers(session).values()]


def try_action(session: PlaySession, chooser: ServerChooser, step: Json, answers: list[list[int]]) -> Outcome:
    """Apply ``step`` if the engine offers it now, with ``answers`` to its questions."""
    offer = offers(session).get(action_key(step))
    if offer is None:
        return refusal(session, step)
    chooser.start(answers)
    session.fresh_dice()
    try:
        session.apply(offer.action)
    except QuestionPending as asked:
        # a choice the rules give no side to is the acting player's
        asked.question["side"] = asked.question["side"] or session.game.active_side
        return Outcome(question=asked.question, answers=answers)
    except BadAnswer as exc:
        return Outcome(rule="answer", message=str(exc))
    except IllegalAction as exc:
        return Outcome(rule=exc.rule, message=exc.message)
    except EngineError as exc:
        return Outcome(rule="engine", message=exc.message)
    return Outcome(applied=True, step=session.steps[-1])


def refusal(session: PlaySession, step: Json) -> Outcome:
    """Why the rules refuse ``step``, in the replay runner's words (its rule and message)."""
    data = session.document()
    data["steps"] = [*session.steps, step]
    text = json.dumps(data)
    document = SourceDocument(path=Path("request.json"), name="(the action sent)", text=text, data=data)
    problems = [
        p for p in validate_document(document, "replay", session.definition.game.system) if p.is_error
    ]
    if problems:
        return Outcome(rule="format", message=f"not an action of this game: {problems[0].message}")
    outcome = run_replay(session.report.sources, session.definition, document, session.systems)
    problem = outcome.problem
    if problem is not None and problem.code == codes.REPLAY_ILLEGAL_ACTION:
        rule, _, message = problem.message.partition(": ")
        return Outcome(rule=rule, message=message)
    if problem is not None and problem.code == codes.REPLAY_BAD_STEP:
        return Outcome(rule="format", message=problem.message)
    return Outcome(rule="offer", message="the rules do not offer this action now (see the legal actions)")
