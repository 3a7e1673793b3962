"""What a person reads instead of a data id: display names and prose for table results.

Charts, help pages and the map all speak through ``Names``, so an id such as
``mufti-2-8`` or ``arab-revolt`` never reaches a player. ``data_ids`` lists the
ids that must not appear in anything a player reads; the tests scan every chart
and help page for them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rules_engine.definitions import Counter, Face, GameInfo, ValidGame
from rules_engine.definitions.layout import first_filled

if TYPE_CHECKING:
    from compiler.render.counters import CounterPainter

SITUATIONS = {
    "enter": "to enter",
    "cross": "to cross",
    "at-bridge": "at a bridge",
    "along": "along it",
    "uphill": "uphill",
    "downhill": "downhill",
    "level": "same level",
    "along-uphill": "along it uphill",
    "along-downhill": "along it downhill",
    "off-road": "off the road",
}
DRM_SITUATIONS = {
    "arab-legion-target": "against an Arab Legion target",
    "on-higher-level": "on higher terrain",
    "other-units": "for the other units",
    "attacker-inside": "if a firing unit is inside",
}


class Names:
    """Display names of one game's things, looked up by id."""

    def __init__(self, definition: ValidGame) -> None:
        self.definition = definition
        game = definition.game
        self._sides = {s.id: s.name for s in game.sides}
        self._nations = {n.id: n.name for n in game.nations}
        self._classes = {c.id: c.name for c in game.unit_classes}
        self._scenarios = {s.id: s.name for s in definition.scenarios}
        self._tables = {t.id: t.name for t in definition.charts.tables.values()}
        terrain = definition.terrain.terrain
        self._terrain = {t.id: t.name for t in terrain.values()}
        self._classes_moving = {m.id: m.name for m in definition.terrain.movement_classes}

    def side(self, side_id: str | None) -> str:
        return self._sides.get(side_id or "", _words(side_id or ""))

    def unit_class(self, class_id: str) -> str:
        """A unit class by its name; a group of classes (which has none) in words."""
        return self._classes.get(class_id, _words(class_id))

    def nation(self, nation_id: str | None) -> str:
        return self._nations.get(nation_id or "", _words(nation_id or ""))

    def scenario(self, scenario_id: str) -> str:
        return self._scenarios.get(scenario_id, _words(scenario_id))

    def terrain(self, terrain_id: str) -> str:
        return self._terrain.get(terrain_id, _words(terrain_id))

    def movement_class(self, class_id: str) -> str:
        if class_id == "*":
            return "all units"
        name = self._classes_moving.get(class_id, _words(class_id))
        return name.split(" (")[0]

    def place(self, reference: str) -> str:
        """A space as players name it: its printed name, or its hex ID on a hex map."""
        board = self.definition.board
        space = board.resolve(reference)
        if space is None:
            return reference
        if space.hex is not None:
            return f"{space.name} ({space.id})" if space.name else space.id
        return space.name or _words(space.id)

    def counter(self, counter_id: str) -> str:
        """A counter as the aids name it: by the name its front prints (``printed_name``)."""
        counter = self.definition.counters.get(counter_id)
        if counter is None:
            return _words(counter_id)
        return counter_label(self.definition.game, counter, name=self.printed_name(counter))

    def printed_name(self, counter: Counter) -> str:
        """The name ``counter``'s front prints, drawn once per game (``_name_painter``)."""
        return _name_painter(self.definition).printed_name(counter)

    def result(self, result: Any) -> str:
        """A table's result as a sentence: counts of named units, named leaders, or its text."""
        if result is None:
            return ""
        if isinstance(result, (str, int, float)):
            return str(result)
        if isinstance(result, list):
            return ", ".join(self.result(item) for item in result)
        if isinstance(result, dict):
            return self._result_dict(result)
        return str(result)

    def _result_dict(self, result: dict[str, Any]) -> str:
        if "text" in result:
            return str(result["text"])
        parts = []
        if "unit" in result:
            parts.append(_count(result.get("count", 1), self.counter(result["unit"])))
        for item in result.get("units", ()):
            parts.append(_count(item.get("count", 1), self.counter(item["unit"])))
        if result.get("leaders"):
            parts.append("leaders: " + ", ".join(self.counter(leader) for leader in result["leaders"]))
        for key, value in result.items():
            if key not in ("unit", "units", "count", "leaders", "effect", "counter", "nation", "text"):
                parts.append(f"{_words(key)}: {self.result(value)}")
        return "; ".join(parts) or _words(str(result.get("effect", "")))


_NAME_PAINTER: list[tuple[ValidGame, CounterPainter]] = []  # the last game's, at most one


def _name_painter(definition: ValidGame) -> CounterPainter:
    """The painter that learns the game's printed names, shared by every ``Names`` of the same
    game: a build makes some thirty (charts, help, automation), and each one drawing every
    counter again to learn its name cost a third of a second of ``wgc build``. The game is
    held by identity, so a changed game gets a painter of its own."""
    if not _NAME_PAINTER or _NAME_PAINTER[0][0] is not definition:
        from compiler.render.counters import CounterPainter  # drawing faces is the painter's

        _NAME_PAINTER[:] = [(definition, CounterPainter(definition))]
    return _NAME_PAINTER[0][1]


def counter_label(game: GameInfo, counter: Counter, face: Face | None = None, name: str | None = None) -> str:
    """A counter as the game names it (game.json counter_names): 'HGH 4-6', 'Garrison 12-0';
    its plain name where no format selects it or the face lacks a value the formats name. A
    word in place of a number (Jerusalem!'s 'unlimited') is not spelt out in a name. ``name``
    stands for the counter's name: the aids give the one its face prints."""
    name = counter.name if name is None else name
    rule = game.names_for(counter.kind, counter.unit_class, counter.side)
    if rule is None:
        return name
    face = counter.front if face is None else face
    numbers = {v.id for v in game.counter_values if v.kind == "number"}
    values = {k: v for k, v in face.values.items() if not (k in numbers and isinstance(v, str))}
    pieces = first_filled(rule.formats, values, name)
    return "".join(p.text for p in pieces) if pieces else name


def _count(count: int, name: str) -> str:
    return f"{count} x {name}" if count != 1 else name


def _words(identifier: str) -> str:
    """The last resort for an id with no display name: its words, without hyphens."""
    return identifier.replace("-", " ").replace("_", " ")


ENGLISH_COMPOUNDS = {"out-of-supply"}  # ids that are also plain English words


def data_ids(definition: ValidGame) -> set[str]:
    """Ids a player must never read: every hyphenated or multi-part id of the game, and the ids of
    sides, nations, scenarios and point-to-point spaces (which have names of their own)."""
    found: set[str] = set()
    game = definition.game
    groups: list[Iterable[str]] = [
        (c.id for c in definition.counters.counters.values()),
        (t.id for t in definition.terrain.terrain.values()),
        definition.charts.tables,
        (m.id for m in definition.charts.combat.modifiers) if definition.charts.combat else (),
        (s.id for s in definition.scenarios),
        (b.id for b in definition.board.boxes),
    ]
    for group in groups:
        found |= {i for i in group if "-" in i}
    if game:
        found |= {s.id for s in game.sides if s.id != s.name} | {n.id for n in game.nations if n.id != n.name}
    found |= {s.id for s in definition.scenarios}
    board = definition.board
    if board is not None and board.grid is None:
        found |= {s.id for s in board.spaces.values() if s.name and s.id != s.name}
    return found - ENGLISH_COMPOUNDS


def find_ids(text: str, ids: set[str]) -> list[str]:
    """The ids that appear in ``text`` as whole words (case-sensitive), and any data file name."""
    hits = [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
    hits += re.findall(r"\b\w+\.json\b", text)
    return sorted(hits)
