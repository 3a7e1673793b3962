"""Startup Global Key Commands: what they make pieces do when a game starts.

When a game starts (File > New Game, or any predefined setup, which VASSAL starts "fresh"),
GameState.setup(true) runs every StartupGlobalKeyCommand once (doStartupGlobalKeyCommands):
each sends its key to the pieces its target selects, and their traits may then place
markers, move, clone or remove pieces, directly or through Trigger Actions and Global Key
Commands of their own. inspect does not run pieces' key commands. It follows the keys
instead: from each startup command, through the traits of the pieces it reaches (Trigger
Actions fire their actions, piece Global Key Commands send theirs to every piece), to the
traits that change what is on the board. When some are reached, a setup's pieces and their
locations may differ from what inspect lists, and it says so (setup.startup-commands, info).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from lxml import etree

from compiler.vassal.inspection import beanshell
from compiler.vassal.inspection.beanshell import JavaError, Undecidable
from compiler.vassal.inspection.model import Inspection, PlacedPiece
from compiler.vassal.inspection.properties import Evaluation, Properties
from compiler.vassal.inspection.traits import type_prefix
from compiler.vassal.sequence import decode

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


def key_id(text: str) -> str:
    """A NamedKeyStroke's identity: its name when it has one, else key code and modifiers."""
    parts = decode(text, ",") if text else []
    if len(parts) >= 3 and parts[2]:
        return parts[2]
    if not parts or parts[0] in ("", "0"):
        return ""
    return ",".join(parts[:2])


@dataclass(frozen=True)
class StartupCommand:
    name: str
    key: str
    maps: frozenset[str] | None  # None: every map
    match: tuple[str, str, str] | None  # fast-match property, value, comparison
    filter: str  # the properties filter expression ('' for none)


@dataclass
class Reactions:
    """What a piece's traits do with the keys it receives."""

    triggers: dict[str, set[str]] = field(default_factory=dict)  # key -> keys it fires on the piece
    broadcasts: dict[str, set[str]] = field(default_factory=dict)  # key -> keys sent to other pieces
    effects: dict[str, list[str]] = field(default_factory=dict)  # key -> what happens to the board

    def reach(self, keys: Iterable[str]) -> tuple[list[str], set[str]]:
        """(effects, keys sent to other pieces) once the piece receives ``keys``."""
        seen: set[str] = set()
        pending = [k for k in keys if k]
        while pending:
            key = pending.pop()
            if key not in seen:
                seen.add(key)
                pending.extend(self.triggers.get(key, ()))
        effects = [e for key in sorted(seen) for e in self.effects.get(key, ())]
        sent = {k for key in seen for k in self.broadcasts.get(key, ())}
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
        found.append(StartupCommand(element.get("name", ""), key, maps, match, element.get("filter", "")))
    return found


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


def is_targeted(command: StartupCommand, piece: PlacedPiece, evaluation: Evaluation) -> bool:
    """Whether the command's target may select the piece (True when inspect cannot decide)."""
    if piece.map is None or (command.maps is not None and piece.map not in command.maps):
        return False
    if command.match is not None:
        name, value, comparison = command.match
        known = _known(evaluation, name)
        if known is not None and comparison == "EQUALS" and known != value:
            return False
        if known is not None and comparison == "NOT_EQUALS" and known == value:
            return False
    text = command.filter.strip()
    if text.startswith("{") and text.endswith("}") and "$" not in text:
        try:
            return beanshell.evaluate(beanshell.parse(text[1:-1]), evaluation.lookup) is not False
        except (Undecidable, JavaError):
            return True
    return True


def _known(evaluation: Evaluation, name: str) -> str | None:
    props: Properties = evaluation.props
    if name in props.values:
        return props.values[name]
    if name in props.calculated or name in evaluation.builtin:
        return None  # may be anything
    return ""  # a property no trait of the piece has is empty


@dataclass
class PieceView:
    """A placed piece whose traits react to keys, and its properties (for the command's target)."""

    piece: PlacedPiece
    reactions: Reactions
    evaluation: Evaluation


def report_startup(
    commands: list[StartupCommand], pieces: list[PieceView], report: Inspection, where: str
) -> None:
    """One info finding per startup command whose keys reach traits that change the board."""
    for command in commands:
        effects: dict[str, int] = {}
        affected = 0
        sent: set[str] = set()
        for view in (p for p in pieces if is_targeted(command, p.piece, p.evaluation)):
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
                f"startup global key command '{command.name}' sends {command.key}; the keys it sets "
                f"off reach traits that change the board on {affected} piece(s): {listed}. inspect "
                "does not run piece commands, so VASSAL's pieces and locations may differ from these",
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
