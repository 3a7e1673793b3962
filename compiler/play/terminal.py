"""`wgc play`: a game at the terminal, one screen per decision.

Each screen shows what the last choice did, the situation (the system's own
``situation()``), and the legal actions as numbered lines (`menu.py`: numbers
that stay with their items, long lists grouped, narrowing by whole words).
The player types a number, words, or ``help``, ``undo``, ``save [FILE]`` or
``quit``. Choices inside an action (the battle line, a target, how a hit is
taken) are asked by the same terminal through the system's ``chooser_decider``.

The game is written to its replay file on ``save``, on ``quit``, at the end of
the input (Ctrl-D) and when it ends. Nothing the player types ends in a
traceback, and a file that cannot be written never loses the game: ``save`` and
``quit`` say why and go on (the player saves elsewhere with ``save FILE``);
at the end of the input or of the game, the game goes to a fresh file in the
working folder, the home folder or the temporary folder, and the screen says
where. Two players share the keyboard: the screen names the side to act.
"""

from __future__ import annotations

import contextlib
import os
import random
import shlex
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import click

from compiler.play.menu import LONG, Line, Numbering, Shown, narrowed, shown_lines
from compiler.play.session import PlayError, PlaySession, SaveError
from rules_engine.core import Action, EngineError, IllegalAction

Ask = Callable[[str], str]
Say = Callable[[str], None]
QUIT = frozenset({"quit", "q", "exit"})
HELP_WORDS = frozenset({"help", "h", "?"})
PROMPT = "\nYour choice (a number, words to narrow the list, Enter for all, help, undo, save, quit) > "
# A number typed as a choice has at most this many digits (leading zeros aside).
MAX_DIGITS = 9

HELP = """\
Commands:
  <number>     take that choice; a line ending in "(N choices)" is a group: its number shows them
  <words>      show only the choices holding those whole words ("JORDAN 6", "Jerusalem");
               commas separate words that need not stand together ("JORDAN 6, H11")
  Enter        show the whole list again
  help         this text
  undo         take back your last action (the dice of what you redo are new)
  save [FILE]  write the game to its replay file, or to FILE (saved there from then on)
  quit         save and stop; go on later with --resume FILE
On the whole list a choice keeps its number while it is offered in the phase;
after narrowing, the lines are numbered as shown.
Questions inside an action (a battle line, a target) take one number, or
several separated by spaces when the question says so.
The replay file runs again with: wgc replay GAME_FOLDER FILE"""


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
            if answer.lower() in HELP_WORDS:
                self.say(HELP)
                continue
            picked = _numbers(answer, len(options))
            if picked is not None and minimum <= len(picked) <= maximum:
                return picked
            self.say(f"Please type {wanted} from the list.")


def parse_number(word: str) -> int | None:
    """``word`` as a number the player typed: ASCII digits only, at most MAX_DIGITS of them.

    Anything else is simply not a number: '²' (a digit to str.isdigit, not to int) or
    5,000 digits (more than int() converts) are answered like any other wrong answer.
    """
    if not (word.isascii() and word.isdigit()) or len(word.lstrip("0")) > MAX_DIGITS:
        return None
    return int(word)


def _numbers(text: str, count: int) -> list[int] | None:
    picked = []
    for word in text.replace(",", " ").split():
        number = parse_number(word)
        if number is None or not 1 <= number <= count:
            return None
        picked.append(number - 1)
    return picked if len(set(picked)) == len(picked) else None


def ask(text: str) -> str:
    """One line typed by the player (click raises Abort at the end of the input)."""
    return str(click.prompt(text, default="", show_default=False, prompt_suffix=""))


def shown(text: str, limit: int = 40) -> str:
    """What the player typed, quoted and cut short for a message."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


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
            raise click.UsageError(_no_scenario(game_dir))
        else:
            session = PlaySession.start(game_dir, scenario, seed, chooser)
    except PlayError as exc:
        click.echo(f"error: {exc}", err=True)
        return 1
    target = save_path or resume or Path(f"{session.scenario}-play.json")
    screen = PlayScreen(session, ask, say, target, game_dir)
    try:
        return screen.run()
    except click.Abort:
        return screen.stop_at_end_of_input()


def _no_scenario(game_dir: Path) -> str:
    listing = "\n".join(f"  {id_:24} {name}" for id_, name in PlaySession.scenarios(game_dir))
    return (
        f"name the scenario to play (or --resume a saved game); {game_dir} has:\n{listing}\n"
        f"for example: wgc play {shlex.quote(str(game_dir))} {PlaySession.scenarios(game_dir)[0][0]}"
    )


@dataclass
class PlayScreen:
    """The terminal between two answers: what is shown, how it is numbered, where the game is saved."""

    session: PlaySession
    ask: Ask
    say: Say
    target: Path
    game_dir: Path
    numbering: Numbering = field(default_factory=Numbering)
    query: str = ""
    group: str | None = None
    message: str = ""
    lines: list[Line] = field(default_factory=list)

    def run(self) -> int:
        """One screen per decision until the game ends (then its last screen) or the player quits."""
        self.message = f"Seed {self.session.seed}. Type help for the commands."
        while not self.session.game.over:
            click.clear()
            self.draw()
            if not self.answer(self.ask(PROMPT).strip()):
                return 0
        return self.finish()

    # --- drawing -------------------------------------------------------------------------------

    def draw(self) -> None:
        self.draw_last_events()
        self.say("")
        for line in self.session.game.situation():
            self.say(line)
        self.draw_choices()

    def choices(self) -> list[Shown]:
        """The legal actions in the game's words for the screen (attacks with their odds)."""
        game = self.session.game
        return [Shown(action, game.action_text(action)) for action in self.session.legal_actions()]

    def draw_choices(self) -> None:
        game = self.session.game
        actions = self.choices()
        side = game.system.side_name(game.active_side)
        if self.query or self.group is not None:
            subset = narrowed(actions, self.query, self.group)
            self.lines = shown_lines(subset, grouped=self.group is None and len(subset) > LONG)
            what = f" of {self.group}" if self.group is not None else ""
            what += f" holding {shown(self.query)}" if self.query else ""
            self.say(f"\n{side} to act. Choices{what} ({len(subset)} of {len(actions)}; Enter: all):")
        else:
            state = game.state
            context = (state.turn_index, state.phase_index, game.active_side)
            self.lines = self.numbering.lines(context, actions)
            groups = " in groups (a group's number shows its choices)" if self.numbering.grouped else ""
            self.say(f"\n{side} to act. {_count(len(actions), 'choice')}{groups}:")
        for line in self.lines:
            self.say(f"  {line.number:3}. {line.text}")
        if len(self.lines) > LONG:
            self.say(f"({len(self.lines)} lines: type words, a unit's or a place's name, to see fewer)")

    # --- answers -------------------------------------------------------------------------------

    def answer(self, text: str) -> bool:
        """Do what the player typed; False when the player stops."""
        command, _, rest = text.partition(" ")
        command = command.lower()
        self.message = ""
        if not text:
            self.query, self.group = "", None
        elif command in QUIT and not rest:
            return not self.quit()
        elif command in HELP_WORDS and not rest:
            self.message = HELP
        elif command == "undo" and not rest:
            self.undo()
        elif command == "save":
            self.save(rest.strip())
        elif text.isascii() and text.isdigit() and self.is_line_number(text):
            self.pick(text)
        elif text.isprintable():
            self.narrow(text)
        else:
            self.message = f"{shown(text)} is not a choice: type a number from the list, words, or help."
        return True

    def is_line_number(self, text: str) -> bool:
        """Whether digits typed pick a line rather than narrow the list: a hex id such as 0804
        (a leading zero, or no line of that number shown) narrows when a choice holds it."""
        number = parse_number(text)
        shown_here = any(line.number == number for line in self.lines)
        if number is not None and not text.startswith("0") and shown_here:
            return True
        return not narrowed(self.choices(), text, self.group)

    def narrow(self, text: str) -> None:
        """Show only the choices holding ``text`` (in the open group); words matching none do not stick."""
        if narrowed(self.choices(), text, self.group):
            self.query = text
        else:
            self.message = f"No choice holds the words {shown(text)}."

    def pick(self, text: str) -> None:
        number = parse_number(text)
        line = next((line for line in self.lines if line.number == number), None)
        if line is None:
            was = self.numbering.gone(number) if number is not None and not self.query else None
            self.message = (
                f"{number} is no longer offered (it was: {was})."
                if was is not None and self.group is None
                else f"{shown(text)} is not a choice: type a number from the list shown, or help."
            )
        elif len(line.actions) > 1:
            self.group = line.group
        else:
            chosen = line.actions[0]
            self.take(chosen.action if isinstance(chosen, Shown) else chosen)

    def take(self, action: Action) -> None:
        try:
            self.session.apply(action)
        except (IllegalAction, EngineError) as exc:
            self.message = f"Refused: {exc}"
            return
        self.query, self.group = "", None
        self.message = f"You chose: {action.describe()}"

    def undo(self) -> None:
        try:
            done = self.session.undo()
        except PlayError as exc:
            self.message = f"Cannot take it back: {exc}"
            return
        self.query, self.group = "", None
        self.message = "Took back the last action." if done else "There is nothing to take back."

    # --- saving and stopping -------------------------------------------------------------------

    def save(self, where: str) -> bool:
        """Save in ``where`` (which becomes the target) or the target; the message says how it went."""
        path = Path(where).expanduser() if where else self.target
        try:
            self.session.save(path)
        except SaveError as exc:
            self.message = f"{exc}.\nThe game goes on, unsaved: type save FILE to save it elsewhere."
            return False
        self.target = path
        self.message = f"Saved in {path}."
        return True

    def quit(self) -> bool:
        """Save and stop (True); if the file cannot be written, say why and go on (False)."""
        if not self.save(""):
            return False
        self.say(f"Saved in {self.target}; go on with: {self.resume_command()}")
        return True

    def resume_command(self) -> str:
        return f"wgc play {shlex.quote(str(self.game_dir))} --resume {shlex.quote(str(self.target))}"

    def replay_command(self) -> str:
        return f"wgc replay {shlex.quote(str(self.game_dir))} {shlex.quote(str(self.target))} --trace"

    def keep(self) -> tuple[Path | None, list[str]]:
        """Save in the target or, if it cannot be written, a fresh file elsewhere: (where, why not there)."""
        problems = []
        try:
            self.session.save(self.target)
            return self.target, []
        except SaveError as exc:
            problems.append(str(exc))
        for folder in _fallback_folders():
            try:
                path = _fresh_file(folder, self.session.scenario)
            except OSError as exc:
                problems.append(f"cannot save the game in {folder}: {exc.strerror or exc}")
                continue
            try:
                self.session.save(path)
            except SaveError as exc:
                path.unlink(missing_ok=True)
                problems.append(str(exc))
                continue
            self.target = path
            return path, problems
        return None, problems

    def told_where(self) -> int:
        """Save (`keep`) and say where, or why not; the exit code (1: not where asked)."""
        saved, problems = self.keep()
        for problem in problems:
            self.say(f"{problem}.")
        if saved is None:
            self.say("The game could not be saved anywhere.")
            return 1
        self.say(f"The game is saved in {saved}.")
        return 1 if problems else 0

    def stop_at_end_of_input(self) -> int:
        """Ctrl-D (or the end of piped input): keep the game and stop."""
        self.say("\nStopped at the end of the input.")
        code = self.told_where()
        if code == 0 or self.target.exists():
            self.say(f"Go on with: {self.resume_command()}")
        return code

    def finish(self) -> int:
        """The game is over: what ended it, the final position, and where it is saved."""
        click.clear()
        game = self.session.game
        self.draw_last_events()
        self.say(f"\nThe game is over: {game.result or 'no result'}.\n\nThe final position:")
        for line in game.situation():
            self.say(f"  {line}")
        self.say("")
        code = self.told_where()
        if code == 0 or self.target.exists():
            self.say(f"See it again step by step: {self.replay_command()}")
        with contextlib.suppress(click.Abort):
            self.ask("\nPress Enter to leave. ")
        return code

    def draw_last_events(self) -> None:
        if self.message:
            self.say(self.message)
        if self.session.last_events:
            self.say("What happened:")
            for event in self.session.last_events:
                self.say(f"  {event.text}")


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}" + ("" if number == 1 else "s")


def _fresh_file(folder: Path, scenario: str) -> Path:
    """A new, empty file in ``folder`` whose name says what it holds (never one that exists)."""
    handle, name = tempfile.mkstemp(prefix=f"{scenario}-play-", suffix=".json", dir=folder)
    os.close(handle)
    return Path(name)


def _fallback_folders() -> list[Path]:
    """Where a game goes when its own file cannot be written: the working, home and temporary folders."""
    folders = []
    for where in (Path.cwd, Path.home, lambda: Path(tempfile.gettempdir())):
        try:
            folders.append(where())
        except (OSError, RuntimeError, KeyError):
            continue
    return folders
