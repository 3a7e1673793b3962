"""game.json from the module: its title, the player roster's sides, dice buttons, the turn
tracker's turns and phases, the declared counter values and the classes prototypes became.

The game's system is "none": an imported module brings no rules engine's data (a CRT, movement
costs), so wgc validates and builds it but plays none of it (docs/import.md).
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from compiler.importer.naming import IdMaker, slug
from compiler.importer.pieces import ImportedPieces
from compiler.importer.source import ModuleSource
from compiler.importer.tally import Tally
from compiler.javatext.sequence import decode
from compiler.vassal.extension.format import wgc
from compiler.vassal.extension.tree import strip

M = "VASSAL.build.module."
ROSTER, DICE, TRACKER = M + "PlayerRoster", M + "DiceButton", M + "turn.TurnTracker"
LIST_LEVEL = M + "turn.ListTurnLevel"
MAX_SIDES, MAX_DICE, MAX_TURNS, MAX_PHASES, MAX_CLASSES = 8, 10, 200, 60, 80
NAME, LABEL = 120, 40


def read_sides(source: ModuleSource, tally: Tally) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """The roster's sides as game.json sides, and side name -> id. A module without a roster
    gets one side, 'Players', which the build does not write back."""
    roster = source.root.find(ROSTER)
    names = [entry.text or "" for entry in roster.iter("entry")] if roster is not None else []
    if roster is None or not names or len(names) > MAX_SIDES or not all(0 < len(n) <= NAME for n in names):
        tally.kept("player rosters" if roster is not None else "modules without a player roster")
        return [{"id": "players", "name": "Players", "note": "the module names no sides"}], {}
    ids = IdMaker("side")
    sides = [{"id": ids.make(name), "name": name} for name in names]
    for entry in list(roster.iter("entry")):
        roster.remove(entry)
    roster.set(wgc("sides"), "game")
    tally.data("sides", len(sides))
    return sides, {side["name"]: side["id"] for side in sides}


def game_json(
    source: ModuleSource, pieces: ImportedPieces, sides: list[dict[str, Any]], tally: Tally
) -> dict[str, Any]:
    root = source.root
    title = (root.get("name") or source.inspection.name or "Imported module").strip()[
        :NAME
    ] or "Imported module"
    game: dict[str, Any] = {
        "$schema": "schemas/game.schema.json",
        "id": slug(title, "module"),
        "title": title,
        "system": "none",
        "sides": sides,
    }
    strip(root, ("name",))
    description = (root.get("description") or "").strip()
    if description and description == root.get("description") and len(description) <= 4000:
        game["summary"] = description
        strip(root, ("description",))
    dice = _dice(root, tally)
    if dice:
        game["dice"] = dice
    _turns(root, game, tally)
    values = pieces.values.declarations()
    if values:
        game["counter_values"] = values
        tally.data("counter values", len(values))
    classes = _classes(source, pieces, tally)
    if classes:
        game["unit_classes"] = classes
    return game


VASSAL_DICE = 2  # DiceButton's nDice when the module does not say


def _dice(root: etree._Element, tally: Tally) -> list[dict[str, Any]]:
    ids = IdMaker("die")
    found: list[dict[str, Any]] = []
    for element in root.iter(DICE):
        name, sides = element.get("name", ""), element.get("nSides", "6")
        if (
            len(found) == MAX_DICE
            or not 0 < len(name) <= NAME
            or not sides.isdigit()
            or not 2 <= int(sides) <= 100
        ):
            tally.kept("dice buttons")
            continue
        die_id = ids.make(name)
        found.append({"id": die_id, "name": name, "sides": int(sides)})
        count = element.get("nDice", str(VASSAL_DICE))  # DiceButton rolls 2 without the attribute
        if count.isdigit() and 1 <= int(count) <= 100:
            found[-1]["count"] = int(count)
            strip(element, ("nDice",))
        strip(element, ("name", "nSides"))
        element.set(wgc("die"), die_id)
        tally.data("dice buttons")
    return found


def _turns(root: etree._Element, game: dict[str, Any], tally: Tally) -> None:
    """The first turn tracker's top level, when it lists its turns, as the turn track; the level
    under it, when it lists names, as the sequence of play."""
    tracker = root.find(TRACKER) if root.find(TRACKER) is not None else next(root.iter(TRACKER), None)
    if tracker is None:
        return
    top = tracker.find(LIST_LEVEL)
    labels = _labels(top, MAX_TURNS, LABEL) if top is not None else None
    if top is None or labels is None:
        tally.kept("turn trackers")
        return
    game["turns"] = {
        "labels": [int(x) if x.isdigit() and str(int(x)) == x and int(x) <= 999 else x for x in labels]
    }
    strip(top, ("list",))
    top.set(wgc("turns"), "game")
    tally.data("turn tracks")
    phases_level = top.find(LIST_LEVEL)
    names = _labels(phases_level, MAX_PHASES, NAME) if phases_level is not None else None
    if phases_level is None or names is None:
        return
    ids = IdMaker("phase")
    game["sequence_of_play"] = [
        {"id": ids.make(n), "name": n, "kind": "phase", "player": "none"} for n in names
    ]
    strip(phases_level, ("list",))
    phases_level.set(wgc("phases"), "game")
    tally.data("phases", len(names))


def _labels(level: etree._Element, most: int, longest: int) -> list[str] | None:
    text = level.get("list")
    if not text:
        return None
    labels = decode(text, ",")
    if len(labels) > most or not all(
        0 < len(label) <= longest and label.strip() == label for label in labels
    ):
        return None
    return labels


def _classes(source: ModuleSource, pieces: ImportedPieces, tally: Tally) -> list[dict[str, Any]]:
    used = {piece.data.get("class") for piece in pieces.counters}
    found: list[dict[str, Any]] = []
    for element in source.root.iter(M + "PrototypeDefinition"):
        name = element.get("name", "")
        class_id = pieces.classes.get(name)
        if class_id is None or class_id not in used or len(found) == MAX_CLASSES or not 0 < len(name) <= NAME:
            continue
        if element.get(wgc("class")) is None and all(c["id"] != class_id for c in found):
            found.append({"id": class_id, "name": name})
            strip(element, ("name",))
            element.set(wgc("class"), class_id)
            tally.data("classes")
    return found
