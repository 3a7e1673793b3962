"""The legal actions as the numbered lines a player picks from: grouped when long, narrowed by words.

Three promises, each asked for by players who tried `wgc play`:

- On the full list an item keeps its number while it stays offered in the same
  phase of the same side's turn: buying one unit does not shift the number of
  the next, and a number whose item has gone says so instead of taking another.
- What is shown after narrowing (words typed, or a group opened) is numbered
  from 1 as shown: "1" picks the first line on the screen.
- A long list (more than ``LONG`` lines; a movement phase offers hundreds) is
  grouped: an action's group is its words before the first " to ", " with ",
  " via ", " on at " or " at " (the unit that moves, the units attacked), so
  the player picks the unit first and its destination second.

Narrowing matches whole words: "end" finds "end the phase" and not "spending",
"JORDAN 1" finds the unit JORDAN 1 and not "JORDAN 2 to J10".
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from rules_engine.core import Action

# More lines than this are grouped.
LONG = 30
# An action's group is its text before the first of these words.
_GROUP_END = re.compile(r" (?:to|with|via|on at|at) ")
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Shown:
    """An action with the words the game gives it on the screen (an attack's odds and column):
    the menu numbers, groups and narrows by these words; taking it takes ``action``."""

    action: Action
    text: str

    @property
    def kind(self) -> str:
        return self.action.kind

    def describe(self) -> str:
        return self.text


@dataclass(frozen=True)
class Line:
    """One numbered line: an action, or a group of actions (picking it opens the group)."""

    number: int
    text: str
    actions: tuple[Action, ...]
    group: str | None = None


def words(text: str) -> list[str]:
    """The whole words of ``text``, case-folded: letters and digits, punctuation dropped."""
    return _WORD.findall(text.casefold())


def matches(text: str, query: str) -> bool:
    """Whether each comma-separated phrase of ``query`` appears in ``text`` as whole words in a row."""
    found = words(text)
    for phrase in query.split(","):
        wanted = words(phrase)
        if wanted and not any(
            found[i : i + len(wanted)] == wanted for i in range(len(found) - len(wanted) + 1)
        ):
            return False
    return True


def group_of(action: Action) -> str:
    """The words that name what acts or is acted on: the action's text before its first destination."""
    return _GROUP_END.split(action.describe(), maxsplit=1)[0]


def narrowed(actions: Sequence[Action], query: str, group: str | None) -> list[Action]:
    """The actions of ``group`` (all, if None) whose text holds ``query``."""
    return [a for a in actions if (group is None or group_of(a) == group) and matches(a.describe(), query)]


Entry = tuple[str, str, tuple[Action, ...], str | None]


def _entries(actions: Sequence[Action], grouped: bool) -> list[Entry]:
    """(key, text, actions, group) for each line, in the order the actions come."""
    if not grouped:
        return [(f"{a.kind}:{a.describe()}", a.describe(), (a,), None) for a in actions]
    groups: dict[str, list[Action]] = {}
    for action in actions:
        groups.setdefault(group_of(action), []).append(action)
    entries: list[Entry] = []
    for name, members in groups.items():
        text = members[0].describe() if len(members) == 1 else f"{name} ... ({len(members)} choices)"
        entries.append((f"group:{name}", text, tuple(members), name))
    return entries


def shown_lines(actions: Sequence[Action], *, grouped: bool) -> list[Line]:
    """A narrowed list, numbered from 1 as it is shown."""
    return [
        Line(n, text, members, group)
        for n, (_, text, members, group) in enumerate(_entries(actions, grouped), start=1)
    ]


@dataclass
class Numbering:
    """The full list's numbers, kept for each item while it stays offered in one phase.

    ``context`` names the decision (turn, phase, side to act); a new one starts
    the numbers again at 1, and so does a list that keeps none of the last one's
    items. Whether the list is grouped is settled once per context, so lines do
    not change shape (and numbers) as the list shrinks below ``LONG``.
    """

    context: Hashable = None
    grouped: bool = False
    numbers: dict[str, int] = field(default_factory=dict)
    texts: dict[int, str] = field(default_factory=dict)

    def lines(self, context: Hashable, actions: Sequence[Action]) -> list[Line]:
        if context != self.context:
            self.context, self.grouped = context, len(actions) > LONG
            self.numbers, self.texts = {}, {}
        entries = _entries(actions, self.grouped)
        if not any(key in self.numbers for key, *_ in entries):
            self.numbers, self.texts = {}, {}
        lines = []
        for key, text, members, group in entries:
            number = self.numbers.setdefault(key, len(self.numbers) + 1)
            self.texts[number] = text
            lines.append(Line(number, text, members, group))
        return sorted(lines, key=lambda line: line.number)

    def gone(self, number: int) -> str | None:
        """What ``number`` stood for in this phase, if it was given out (None: never)."""
        return self.texts.get(number)
