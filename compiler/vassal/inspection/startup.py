"""Startup Global Key Commands: what they make pieces do when a game starts.

When a game starts (File > New Game, or any predefined setup, which VASSAL starts "fresh"),
GameState.setup(true) runs every StartupGlobalKeyCommand once, in module order
(doStartupGlobalKeyCommands): each sends its key to the pieces its target selects, and their
traits may then place markers, move, clone or remove pieces, directly or through Trigger
Actions and Global Key Commands of their own.

inspect runs a command when it can decide which pieces it selects (map, fast-match property,
properties filter): each selected piece receives the key as keys.py runs it, and the markers
its Place Marker traits make are added to the setup where VASSAL puts them. A command whose
selection inspect cannot decide is not run; then inspect follows its keys instead, through
Trigger Actions and piece Global Key Commands, to the traits that change the board. Whenever
something is left out (a command or piece not run, keys sent on to other pieces or to the new
markers), a setup's pieces and their locations may differ from what inspect lists, and it
says so (setup.startup-commands, info).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from lxml import etree

from compiler.javatext.sequence import decode
from compiler.vassal.inspection import beanshell
from compiler.vassal.inspection.beanshell import JavaError, Undecidable
from compiler.vassal.inspection.keys import KeyBudget, KeyRun, MarkerOrder, NotRun, key_id
from compiler.vassal.inspection.model import Inspection, PlacedPiece
from compiler.vassal.inspection.properties import Evaluation, Properties, shorten
from compiler.vassal.inspection.traits import type_prefix

STARTUP_TAG = "VASSAL.build.module.StartupGlobalKeyCommand"
# Traits that change what is where, by the field of the key that makes them act.
EFFECTS = {
    "placemark;": ("places a marker", (2,)),
    "replace;": ("replaces the piece", (2,)),
    "clone;": ("clones the piece", (2,)),
    "delete;": ("deletes the piece", (2,)),
    "sendto;": ("sends the piece to another place", (2, 8)),
    "return;": ("returns the piece to a deck", (2,)),
    "translate;": ("moves the piece", (2,)),
}


@dataclass(frozen=True)
class StartupCommand:
    name: str
    key: str
    maps: frozenset[str] | None  # None: every map
    match: tuple[str, str, str] | None  # fast-match property, value, comparison
    filter: str  # the properties filter expression ('' for none)
    decidable: bool = True  # False: a target inspect does not narrow down (zone, deck count, ...)


@dataclass
class Reactions:
    """What a piece's traits do with the keys it receives."""

    triggers: dict[str, set[str]] = field(default_factory=dict)  # key -> keys it fires on the piece
    broadcasts: dict[str, set[str]] = field(default_factory=dict)  # key -> keys sent to other pieces
    effects: dict[str, list[str]] = field(default_factory=dict)  # key -> what happens to the board
    _reached: dict[frozenset[str], tuple[list[str], frozenset[str]]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def reach(self, keys: Iterable[str]) -> tuple[list[str], frozenset[str]]:
        """(effects, keys sent to other pieces) once the piece receives ``keys``. Pieces of a
        kind share their Reactions, so each answer is worked out once (a setup of thousands of
        pieces asks the same few questions of each)."""
        asked = frozenset(k for k in keys if k)
        found = self._reached.get(asked)
        if found is None:
            found = self._reached[asked] = self._follow(asked)
        return found

    def _follow(self, keys: frozenset[str]) -> tuple[list[str], frozenset[str]]:
        seen: set[str] = set()
        pending = list(keys)
        while pending:
            key = pending.pop()
            if key not in seen:
                seen.add(key)
                pending.extend(self.triggers.get(key, ()))
        effects = [e for key in sorted(seen) for e in self.effects.get(key, ())]
        sent = frozenset(k for key in seen for k in self.broadcasts.get(key, ()))
        return effects, sent


def read_startup_commands(root: etree._Element) -> list[StartupCommand]:
    found = []
    for element in root.iter(STARTUP_TAG):
        if element.get("hotkeyOrKeyCommand", "sendKeyCommand") != "sendKeyCommand":
            continue  # fires a toolbar hotkey: not followed
        key = key_id(element.get("hotkey", ""))
        if not key:
            continue
        target = decode(element.get("target", ""), "|") + [""] * 14
        maps = frozenset([target[3]]) if target[1] == "true" and target[2] == "MAP" and target[3] else None
        match = (
            (target[11], target[12], target[13] or "EQUALS") if target[10] == "true" and target[11] else None
        )
        decidable = _narrows_decidably(target, element.get("deckCount", "-1"))
        found.append(
            StartupCommand(element.get("name", ""), key, maps, match, element.get("filter", ""), decidable)
        )
    return found


def _narrows_decidably(target: list[str], deck_count: str) -> bool:
    """GlobalCommandTarget fields: a fast-match location other than a named map (zone, region,
    point, deck, ...), a map named by an expression, or a deck count other than "all" (-1)
    select pieces by what inspect does not track."""
    if target[1] == "true" and (target[2] != "MAP" or any(c in target[3] for c in "${")):
        return False
    return deck_count.strip() in ("-1", "")


def reactions_of(traits: list[tuple[str, str]]) -> Reactions:
    found = Reactions()
    for trait, _ in traits:
        prefix = type_prefix(trait)
        if prefix not in EFFECTS and prefix not in ("macro;", "globalkey;"):
            continue
        fields = decode(trait, ";") + [""] * 9
        if prefix == "macro;":
            actions = {key_id(k) for k in decode(fields[6], ",")} - {""}
            for key in [key_id(fields[3])] + [key_id(k) for k in decode(fields[5], ",")]:
                if key:
                    found.triggers.setdefault(key, set()).update(actions)
        elif prefix == "globalkey;":
            if key_id(fields[2]) and key_id(fields[3]):
                found.broadcasts.setdefault(key_id(fields[2]), set()).add(key_id(fields[3]))
        else:
            what, positions = EFFECTS[prefix]
            label = f"{what} ('{fields[1]}')" if fields[1] else what
            for position in positions:
                if key_id(fields[position]):
                    found.effects.setdefault(key_id(fields[position]), []).append(label)
    return found


def selects(
    command: StartupCommand,
    view: PieceView,
    globals_: frozenset[str],
    errors: list[tuple[str, str, str]] | None = None,
) -> bool | None:
    """Whether the command's target selects the piece; None when inspect cannot decide. A
    filter that throws selects nothing (BshFilter gets "" from tryEvaluate): its error goes to
    ``errors`` as (trait, expression, error)."""
    piece = view.piece
    if piece.map is None or (command.maps is not None and piece.map not in command.maps):
        return False
    if not command.decidable or view.undecided:
        return None
    if command.match is not None:
        name, value, comparison = command.match
        known = _known(view.evaluation, name, globals_)
        if known is None or any(c in value for c in "${") or comparison not in ("EQUALS", "NOT_EQUALS"):
            return None
        if (known == value) != (comparison == "EQUALS"):
            return False
    text = command.filter.strip()
    if not text:
        return True
    if not (text.startswith("{") and text.endswith("}")) or "$" in text:
        return None
    try:
        answer = beanshell.evaluate(
            beanshell.parse(text[1:-1]), view.evaluation.lookup, view.evaluation.meter
        )
    except Undecidable:
        return None
    except JavaError as error:
        if errors is not None:
            errors.append((f"Startup Global Key Command: {command.name}", text, str(error)))
        return False
    return answer is True if isinstance(answer, bool) else None


def is_targeted(command: StartupCommand, view: PieceView, globals_: frozenset[str]) -> bool:
    """Whether the command's target may select the piece (True when inspect cannot decide)."""
    return selects(command, view, globals_) is not False


def _known(evaluation: Evaluation, name: str, globals_: frozenset[str]) -> str | None:
    props: Properties = evaluation.props
    if name in props.values:
        return props.values[name]
    if name in props.calculated or name in evaluation.builtin or name in globals_:
        return None  # may be anything
    return ""  # a property neither the piece nor the module has is empty


@dataclass
class PieceView:
    """A placed piece whose traits react to keys: its traits (prototypes expanded) and
    properties. ``undecided``: a key ran into what inspect does not emulate, so its state
    (and whether later commands select it) is no longer known."""

    piece: PlacedPiece
    reactions: Reactions
    evaluation: Evaluation
    traits: list[tuple[str, str]] = field(default_factory=list)
    undecided: bool = False


# Puts a marker a piece's Place Marker made on the board: the marker as a piece that later
# commands may select, or a reason when inspect cannot tell where VASSAL puts it.
Placer = Callable[[PieceView, MarkerOrder], "PieceView | str"]


# Markers all startup commands of one start may place: each command may select the markers of
# the ones before, so a module could otherwise multiply its pieces with every command.
MAX_MARKERS = 50_000


@dataclass
class CommandRun:
    """What running one startup command did and what it left out."""

    budget: KeyBudget
    room: int  # markers it may still place
    markers: list[PieceView] = field(default_factory=list)
    errors: list[tuple[str, str, str]] = field(default_factory=list)  # (trait, expression, error)
    skipped: dict[str, int] = field(default_factory=dict)  # why a piece was not run -> pieces
    unfollowed: dict[str, int] = field(default_factory=dict)  # keys sent on, not followed -> times


def run_startup(
    commands: list[StartupCommand],
    pieces: list[PieceView],
    place: Placer,
    report: Inspection,
    where: str,
    globals_: frozenset[str] = frozenset(),
) -> list[PieceView]:
    """Every startup command in module order; the markers they place (added to ``pieces``)."""
    placed: list[PieceView] = []
    declared = frozenset(n for view in pieces for n in declared_names(view.evaluation)) - globals_
    for view in pieces:
        view.evaluation.declared_elsewhere = declared
    budget = KeyBudget()
    for command in commands:
        run = CommandRun(budget, MAX_MARKERS - len(placed))
        targets = [(view, selects(command, view, globals_, run.errors)) for view in pieces]
        if any(chosen is None for _, chosen in targets):
            _report_followed(command, pieces, report, where, globals_)
            continue
        for view in [view for view, chosen in targets if chosen]:
            _run_piece(command.key, view, place, run)
        for view in run.markers:
            view.evaluation.declared_elsewhere = declared
        pieces.extend(run.markers)
        placed.extend(run.markers)
        _report_run(command, run, report, where)
    return placed


def declared_names(evaluation: Evaluation) -> set[str]:
    return set(evaluation.props.values) | set(evaluation.props.calculated)


def _run_piece(key: str, view: PieceView, place: Placer, run: CommandRun) -> None:
    """The key through one piece's traits, then its markers onto the board. A piece that runs
    into what inspect does not emulate places none of its markers."""
    keys = KeyRun(view.traits, view.evaluation, run.budget, errors=run.errors)
    try:
        keys.send(key)
    except NotRun as reason:
        view.undecided = True
        run.skipped[str(reason)] = run.skipped.get(str(reason), 0) + 1
        return
    for sent in keys.unfollowed:
        run.unfollowed[sent] = run.unfollowed.get(sent, 0) + 1
    for order in keys.orders:
        if len(run.markers) >= run.room:
            too_many = f"more than the {MAX_MARKERS:,} markers inspect places in one start"
            run.skipped[too_many] = run.skipped.get(too_many, 0) + 1
            return
        marker = place(view, order)
        if isinstance(marker, str):
            run.skipped[marker] = run.skipped.get(marker, 0) + 1
            continue
        run.markers.append(marker)
        if order.afterburner:
            line = f"the new marker receives {order.afterburner}"
            run.unfollowed[line] = run.unfollowed.get(line, 0) + 1


def _report_run(command: StartupCommand, run: CommandRun, report: Inspection, where: str) -> None:
    """The expressions that threw while it ran (VASSAL reports each), and what it left out
    (nothing to say when inspect did all VASSAL does)."""
    for whose, expression, error in dict.fromkeys(run.errors):
        report.add(
            "piece.expression-error",
            f"{whose} Source: {shorten(expression)} Error: Expression evaluation error ({error})",
            where,
        )
    if not run.skipped and not run.unfollowed:
        return
    left = [f"not run on {n} piece(s): {why}" for why, n in sorted(run.skipped.items())]
    left += [f"not followed: {what} ({n}x)" for what, n in sorted(run.unfollowed.items())]
    report.add(
        "setup.startup-commands",
        f"startup global key command '{command.name}' sends {command.key}; inspect placed "
        f"{len(run.markers)} marker(s) where VASSAL first puts them, but {'; '.join(left[:4])}. "
        "VASSAL's pieces and locations may differ from these",
        where,
    )


def _report_followed(
    command: StartupCommand, pieces: list[PieceView], report: Inspection, where: str, globals_: frozenset[str]
) -> None:
    """A command not run: follow its keys to the traits that change the board, and say so."""
    effects: dict[str, int] = {}
    affected = 0
    sent: set[str] = set()
    for view in (p for p in pieces if is_targeted(command, p, globals_)):
        done, more = view.reactions.reach([command.key])
        sent |= more
        affected += bool(done)
        for effect in done:
            effects[effect] = effects.get(effect, 0) + 1
    affected += _broadcast(pieces, sent, effects)
    if effects:
        listed = "; ".join(f"{what} ({count}x)" for what, count in sorted(effects.items())[:4])
        report.add(
            "setup.startup-commands",
            f"startup global key command '{command.name}' sends {command.key}; inspect cannot tell "
            f"which pieces it selects, and the keys it sets off reach traits that change the board "
            f"on {affected} piece(s): {listed}. inspect does not run it, so VASSAL's pieces and "
            "locations may differ from these",
            where,
        )


def _broadcast(pieces: list[PieceView], keys: set[str], effects: dict[str, int]) -> int:
    """Keys sent by piece Global Key Commands reach any piece; follow them to a fixed point."""
    affected, seen = 0, set[str]()
    while keys - seen:
        fresh = keys - seen
        seen |= fresh
        for view in pieces:
            done, more = view.reactions.reach(fresh)
            keys |= more
            affected += bool(done)
            for effect in done:
                effects[effect] = effects.get(effect, 0) + 1
    return affected
