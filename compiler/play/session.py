"""A game played one choice at a time, kept as a replay: apply, undo, save, resume.

The session knows only the protocol: ``new_game``, ``legal_actions``,
``apply(action, dice, decider)`` and ``chooser_decider(chooser)``. Every
action taken becomes a replay step (its ``replay_step``, the dice rolled, the
choices the decider asked), so the game is always a replay document: saving
writes it, resuming runs it through the replay runner, and undoing runs it
again without its last step. Whatever is saved therefore replays.
"""

from __future__ import annotations

import errno
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.loading import SourceDocument, read_json
from compiler.new_game import schema_link
from compiler.output import write_text_atomic
from compiler.pipeline import GameReport, validate_game
from compiler.replay import run_replay
from compiler.replay.runner import SystemCache
from compiler.schema import validate_document
from rules_engine.core import Action, Chooser, EngineError, SeededDice
from rules_engine.core.recording import RecordingDice, step_for
from rules_engine.definitions import ValidGame
from rules_engine.systems import system_for

Json = dict[str, Any]


class PlayError(Exception):
    """The game cannot be played or resumed as asked (no such scenario, a replay that fails)."""


class SaveError(PlayError):
    """The game could not be written where asked (a folder that is a file, no permission, /proc);
    the game itself is untouched and can be saved elsewhere."""


@dataclass
class PlaySession:
    """One game in progress and the replay that reproduces it."""

    report: GameReport
    scenario: str
    seed: int
    chooser: Chooser
    steps: list[Json] = field(default_factory=list)
    setup_dice: Json = field(default_factory=dict)
    game: Any = None
    system: Any = None
    dice: RecordingDice | None = None
    decider: Any = None
    # What the last action did, in the event log's words, for the player's screen.
    last_events: list[Any] = field(default_factory=list)
    # How much of the event log the player has seen: a question inside an action first shows
    # what the action did so far (the roll and the result before the loss it asks for).
    seen: int = 0
    # rules engines the replay runner may share between rebuilds (a server's games share them)
    systems: SystemCache | None = None
    # the game's definition, made once (the report makes a new one on every ask, and the
    # replay runner shares an engine only between replays of one definition)
    valid: ValidGame | None = None

    # --- starting ---------------------------------------------------------------------------

    @classmethod
    def start(cls, game_dir: Path, scenario: str, seed: int, chooser: Chooser) -> PlaySession:
        session = cls(_valid(game_dir), scenario, seed, chooser)
        session.system = _system(session.definition)
        known = [s.id for s in session.definition.scenarios]
        if scenario not in known:
            raise PlayError(f"no scenario '{scenario}' in {game_dir} (there are: {', '.join(known)})")
        session.dice = RecordingDice(SeededDice(seed, session.system.die_sides))
        session.game = session.system.new_game(scenario, session.dice)
        session.setup_dice = session.dice.take()
        session.decider = session.system.chooser_decider(NewsFirst(chooser, session))
        session.last_events = list(session.game.state.log.events)
        return session

    @classmethod
    def resume(cls, game_dir: Path, replay_file: Path, seed: int, chooser: Chooser) -> PlaySession:
        """Run a saved game's replay and go on from where it stopped."""
        report = _valid(game_dir)
        document = _read_replay(replay_file, report)
        session = cls(report, document.data["scenario"], seed, chooser)
        session.system = _system(session.definition)
        session.steps = [s for s in document.data["steps"] if set(s) != {"expect"}]
        session.setup_dice = dict(document.data.get("setup_dice", {}))
        session.decider = session.system.chooser_decider(NewsFirst(chooser, session))
        try:
            session.rebuild()
        except PlayError as exc:
            raise PlayError(f"{replay_file} cannot be resumed: {exc}") from exc
        return session

    @staticmethod
    def scenarios(game_dir: Path) -> list[tuple[str, str]]:
        """The game's scenarios, (id, name), for a player who named none."""
        game = _valid(game_dir).valid
        assert game is not None
        return [(s.id, s.name) for s in game.scenarios]

    @property
    def definition(self) -> ValidGame:
        if self.valid is None:
            self.valid = self.report.valid
        assert self.valid is not None
        return self.valid

    # --- playing ------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        return list(self.game.legal_actions())

    def apply(self, action: Action) -> None:
        """Take one action; it becomes the next step of the replay."""
        assert self.dice is not None
        before = self.seen = len(self.game.state.log)
        try:
            self.game.apply(action, self.dice, self.decider)
        except Exception:
            self.rebuild()  # an action refused half-way leaves no trace
            raise
        self.steps.append(step_for(action, self.dice.take(), self.decider))
        self.last_events = self.game.state.log.since(before)

    def news(self) -> list[str]:
        """What the game noted since the player last saw it (then counted as seen)."""
        log = self.game.state.log
        found = [event.text for event in log.since(self.seen)]
        self.seen = len(log)
        return found

    def undo(self) -> bool:
        """Take back the last step (False when there is none)."""
        if not self.steps:
            return False
        self.steps.pop()
        self.rebuild()
        return True

    def rebuild(self) -> None:
        """The game as the recorded steps leave it, through the replay runner; then fresh dice."""
        data = self.document()
        text = json.dumps(data)
        document = SourceDocument(
            path=Path("played.json"), name="(the game being played)", text=text, data=data
        )
        problems = [
            p for p in validate_document(document, "replay", self.definition.game.system) if p.is_error
        ]
        if problems:
            raise PlayError(
                f"the game's record is not a valid replay: {problems[0].message} at {problems[0].pointer}"
            )
        outcome = run_replay(self.report.sources, self.definition, document, self.systems)
        if outcome.problem is not None:
            raise PlayError(
                f"the game's record does not replay: {outcome.problem.message} at {outcome.problem.pointer}"
            )
        self.game = outcome.game
        self.last_events = []
        self.fresh_dice()

    def fresh_dice(self) -> None:
        """Dice seeded by the seed and the number of steps taken: an action tried again from the
        same step (the server asks a question, then runs the action again with the answer)
        rolls the same dice, in this process or any other."""
        stream = random.Random(f"{self.seed}:{len(self.steps)}")
        self.dice = RecordingDice(SeededDice(stream.randrange(2**31), self.system.die_sides))
        if hasattr(self.decider, "take_choices"):
            self.decider.take_choices()

    # --- the replay ----------------------------------------------------------------------------

    def document(self, schema: str = "replay.schema.json") -> Json:
        steps = list(self.steps)
        if self.game is not None and self.game.over:
            steps.append({"expect": {"over": True, "result": self.game.result}})
        if not steps:
            steps.append({"expect": {"turn": self.game.state.turn}})
        data: Json = {
            "$schema": schema,
            "name": f"{self.definition.game.title}, {self.scenario}: played with wgc play",
            "scenario": self.scenario,
        }
        if self.setup_dice:
            data["setup_dice"] = self.setup_dice
        data["steps"] = steps
        data["note"] = (
            f"Played at the terminal with wgc play (seed {self.seed}); run it again with wgc replay."
        )
        return data

    def save(self, path: Path) -> None:
        """Write the game to ``path`` (atomically); SaveError says why it could not be."""
        try:
            write_text_atomic(path, replay_text(self.document(schema_link(path, "replay"))))
        except (OSError, ValueError, RuntimeError) as exc:
            raise SaveError(f"cannot save the game in {path}: {why_not_written(path, exc)}") from exc


class NewsFirst:
    """The player's chooser, told first what the action has done so far: a question in the middle
    of an action (which unit takes the loss) comes after the roll and the result that ask it."""

    def __init__(self, chooser: Chooser, session: PlaySession) -> None:
        self.chooser = chooser
        self.session = session

    def choose(
        self,
        question: str,
        options: Sequence[str],
        *,
        minimum: int = 1,
        maximum: int = 1,
        side: str | None = None,
    ) -> list[int]:
        news = self.session.news()
        if news:
            question = "\n".join([*news, question])
        return self.chooser.choose(question, options, minimum=minimum, maximum=maximum, side=side)


def replay_text(data: Json) -> str:
    """The replay as JSON a person can read: objects opened out, lists of plain values on one line."""
    return _json(data, 0) + "\n"


def _json(value: Any, depth: int) -> str:
    pad, inner = "  " * depth, "  " * (depth + 1)
    if isinstance(value, dict) and value:
        items = [
            f"{inner}{json.dumps(k, ensure_ascii=False)}: {_json(v, depth + 1)}" for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        return "[\n" + ",\n".join(f"{inner}{_json(v, depth + 1)}" for v in value) + f"\n{pad}]"
    return json.dumps(value, ensure_ascii=False)


def why_not_written(path: Path, error: Exception) -> str:
    """Why ``path`` could not be written, in words that point at what to change.

    The system's own words are often misleading: under a regular file mkdir says "File
    exists", and /proc says "No such file or directory" of a folder that exists.
    """
    reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    try:
        existing = next(p for p in (path, *path.parents) if p.exists() or p.is_symlink())
        if existing == path and path.is_dir():
            return f"{path} is a folder"
        if existing != path and not existing.is_dir():
            return f"{existing} is a file, not a folder"
    except (OSError, ValueError, StopIteration):
        return reason
    if isinstance(error, OSError) and error.errno in (errno.ENOENT, errno.EACCES, errno.EPERM, errno.EROFS):
        folder = existing if existing != path else path.parent
        return f"the folder {folder} cannot be written ({reason})"
    return reason


def _valid(game_dir: Path) -> GameReport:
    report = validate_game(game_dir, run_replays=False)
    if report.valid is None or any(d.is_error for d in report.diagnostics):
        from compiler.report.diagnostics_text import not_valid_message

        raise PlayError(not_valid_message(report, "it cannot be played"))
    return report


def _read_replay(path: Path, report: GameReport) -> SourceDocument:
    document, problems = read_json(path, str(path))
    game = report.valid
    assert game is not None
    if document is not None:
        problems = [*problems, *validate_document(document, "replay", game.game.system)]
    errors = [p for p in problems if p.is_error]
    if document is None or errors:
        first = errors[0] if errors else None
        detail = f": {first.message} at {first.pointer}" if first else ""
        raise PlayError(f"{path} is not a replay of this game{detail}")
    return document


def _system(definition: ValidGame) -> Any:
    """The game's rules engine; PlayError when it has none (a game of the 'none' system)."""
    try:
        return system_for(definition)
    except EngineError as exc:
        raise PlayError(exc.message) from None
