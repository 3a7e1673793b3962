"""`wgc play`: a game at the terminal, one screen per decision.

Each screen shows what the last choice did, the situation (the system's own
``situation()``), and the legal actions by number. The player types a number,
or ``help``, ``undo``, ``save`` or ``quit``. Choices inside an action (the
battle line, a target, how a hit is taken) are asked by the same terminal
through the system's ``chooser_decider``. The game is written to its replay
file on ``save``, on ``quit`` and when it ends, and ``--resume`` goes on from
such a file. Two players share the keyboard: the screen names the side to act.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path

import click

from compiler.play.session import PlayError, PlaySession
from rules_engine.core import Action, EngineError, IllegalAction

Ask = Callable[[str], str]
COMMANDS = frozenset({"quit", "q", "exit", "help", "h", "?", "undo", "save"})
Say = Callable[[str], None]

HELP = """\
Commands:
  <number>   take that action (the list below the situation)
  <words>    show only the actions whose text holds those words ("JORDAN 6", "fight")
  help       this text
  undo       take back your last action (the dice of what you redo are new)
  save       write the game to its replay file and go on
  quit       save and stop; go on later with --resume FILE
Questions inside an action (a battle line, a target) take one number, or
several separated by spaces when the question says so.
The replay file runs again with: wgc replay GAME FILE"""


class TerminalChooser:
    """Asks the player at the terminal to pick among options by number."""

    def __init__(self, ask: Ask, say: Say) -> None:
        self.ask = ask
        self.say = say

    def choose(
        self, question: str, options: Sequence[str], *, minimum: int = 1, maximum: int = 1
    ) -> list[int]:
        if len(options) == minimum == maximum:
            self.say(f"{question} {', '.join(options)}")
            return list(range(len(options)))
        while True:
            self.say(question)
            for number, option in enumerate(options, start=1):
                self.say(f"  {number}. {option}")
            if minimum == maximum == 1:
                wanted = "one number"
            else:
                wanted = f"{minimum} to {maximum} numbers separated by spaces" + (
                    ", or nothing" if minimum == 0 else ""
                )
            answer = self.ask(f"({wanted}) > ").strip()
            if answer == "help":
                self.say(HELP)
                continue
            picked = _numbers(answer, len(options))
            if picked is not None and minimum <= len(picked) <= maximum:
                return picked
            self.say(f"Please type {wanted} from the list.")


def _numbers(text: str, count: int) -> list[int] | None:
    words = text.replace(",", " ").split()
    if not all(w.isdigit() and 1 <= int(w) <= count for w in words):
        return None
    picked = [int(w) - 1 for w in words]
    return picked if len(set(picked)) == len(picked) else None


def ask(text: str) -> str:
    """One line typed by the player (click raises Abort at the end of the input)."""
    return str(click.prompt(text, default="", show_default=False, prompt_suffix=""))


def run_play_command(
    game_dir: Path, scenario: str | None, seed: int | None, save_path: Path | None, resume: Path | None
) -> int:
    """Play until the game ends or the player quits; return the exit code."""
    say: Say = click.echo
    chooser = TerminalChooser(ask, say)
    seed = seed if seed is not None else random.SystemRandom().randrange(1, 10**6)
    try:
        if resume is not None:
            session = PlaySession.resume(game_dir, resume, seed, chooser)
        elif scenario is None:
            raise click.UsageError("name the scenario to play, or --resume a saved game")
        else:
            session = PlaySession.start(game_dir, scenario, seed, chooser)
    except PlayError as exc:
        click.echo(f"error: {exc}", err=True)
        return 1
    target = save_path or resume or Path(f"{session.scenario}-play.json")
    try:
        return play_loop(session, ask, say, target)
    except click.Abort:
        session.save(target)
        click.echo(f"\nstopped; the game is saved in {target}")
        return 0


def play_loop(session: PlaySession, ask: Ask, say: Say, target: Path) -> int:
    """One screen per decision until the game ends or the player quits."""
    message: str | None = f"Seed {session.seed}. Type help for the commands."
    shown = ""
    while message is not None:
        click.clear()
        _screen(session, say, message, shown)
        if session.game.over:
            session.save(target)
            say(f"\nThe game is over: {session.game.result}. The replay is saved in {target}.")
            return 0
        actions = session.legal_actions()
        answer = ask("\nYour choice (a number, words to narrow the list, help, undo, save, quit) > ").strip()
        shown = answer if _is_filter(answer) else ""
        message = "" if shown else _command(session, answer.lower(), actions, say, target)
    return 0


def _is_filter(answer: str) -> bool:
    """Words to narrow the list: printable text that is neither a number nor a command."""
    return answer.isprintable() and bool(answer) and not answer.isdigit() and answer.lower() not in COMMANDS


def _command(session: PlaySession, answer: str, actions: list[Action], say: Say, target: Path) -> str | None:
    """Do what the player typed; the message for the next screen (None: stop)."""
    if answer in ("quit", "q", "exit"):
        session.save(target)
        say(f"Saved in {target}; go on with: wgc play GAME --resume {target}")
        return None
    if answer in ("help", "h", "?"):
        return HELP
    if answer == "undo":
        try:
            return "Took back the last action." if session.undo() else "There is nothing to take back."
        except PlayError as exc:
            return f"Cannot take it back: {exc}"
    if not answer:
        return ""
    if answer == "save":
        session.save(target)
        return f"Saved in {target}."
    if not answer.isdigit() or not 1 <= int(answer) <= len(actions):
        return f"{answer!r} is not a choice: type a number from 1 to {len(actions)}, or help."
    action = actions[int(answer) - 1]
    try:
        session.apply(action)
    except (IllegalAction, EngineError) as exc:
        return f"Refused: {exc}"
    return f"You chose: {action.describe()}"


def _screen(session: PlaySession, say: Say, message: str, narrow: str = "") -> None:
    game = session.game
    say(message)
    if session.last_events:
        say("What happened:")
        for event in session.last_events:
            say(f"  {event.text}")
    say("")
    for line in game.situation():
        say(line)
    if game.over:
        return
    side = game.system.side_name(game.active_side)
    actions = session.legal_actions()
    words = narrow.lower().split()
    listed = [(n, a) for n, a in enumerate(actions, start=1) if all(w in a.describe().lower() for w in words)]
    heading = f"{side} to act. Choices" + (
        f" holding '{narrow}' ({len(listed)} of {len(actions)})" if narrow else ""
    )
    say(f"\n{heading}:")
    for number, action in listed:
        say(f"  {number:3}. {action.describe()}")
    if not narrow and len(actions) > 30:
        say(f"({len(actions)} choices: type part of one, such as a unit's name, to see only those)")
