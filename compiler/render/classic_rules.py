"""The classic rules a player aid card prints beside its tables, from the options themselves.

A published game's aid card has a box for each rule a player looks up during play:
movement (and its rail or strategic modes, with their limits), zones of control, supply,
reinforcements (where they enter), replacements (what a point buys, and where) and
control. Each box here prints the designer's ``summary`` of the option, when it has one,
and then the option's facts in words, so the numbers the engine plays by (a rail limit
of 4 hexes, a cost of 2 points, a range of 8 hexes) are on the card even where the
summary leaves them out. ``phase_facts`` gives the same facts for the Sequence of Play:
what a supply, reinforcement, replacement or mode's movement phase does.
"""

from __future__ import annotations

from collections.abc import Callable

from compiler.render.charts import Cell, Chart, Paragraph, Table
from compiler.render.classic_charts import selector_text, sentence
from compiler.render.names import Names
from compiler.render.rule_cards import entries_by_side
from rules_engine.definitions import (
    ClassicRules,
    ControlRules,
    MovementMode,
    MovementRules,
    Phase,
    PlaceSpec,
    Purchase,
    ReinforcementRules,
    ReplacementRules,
    SupplyEffects,
    SupplyRules,
    ValidGame,
    ZocRules,
)
from rules_engine.definitions.counters import face_index

Fact = tuple[str, str]  # (what the aid calls it, the rule in words)

ZOC_KINDS = {
    "none": "Enemy zones of control do not stop a moving unit.",
    "stop": (
        "A unit entering an enemy zone of control stops there; one that starts its move in one may leave it."
    ),
    "locking": (
        "A unit entering an enemy zone of control stops there; one that starts its move in one "
        "may not leave it this phase."
    ),
    "exit-cost": "A unit pays extra movement points to enter or to leave an enemy zone of control.",
}
MODE_ZOC = {
    "prohibited": "may not enter an enemy zone of control",
    "stop": "stops on entering an enemy zone of control",
    "ignored": "ignores enemy zones of control",
}


def _number(value: float) -> str:
    """A multiplier as a player reads it: x1/2, x2, x0.75."""
    return {0.5: "1/2", 0.25: "1/4", 0.75: "3/4"}.get(value, f"{value:g}")


def _list(words: list[str], last: str = "or") -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def _points(number: int) -> str:
    return f"{number} point" + ("" if number == 1 else "s")


def _box(title: str, chart_id: str, summary: str | None, facts: list[Fact]) -> Chart | None:
    """A rule's box: the designer's summary, then its facts as a two-column table."""
    blocks: list[Table | Paragraph] = [Paragraph(summary)] if summary else []
    if facts:
        rows = tuple((Cell(name, bold=True), Cell(text)) for name, text in facts)
        blocks.append(Table(("Rule", "In play"), rows, weights=(2, 5)))
    return Chart(chart_id, title, tuple(blocks)) if blocks else None


def rule_charts(definition: ValidGame, names: Names) -> list[Chart]:
    """A box per classic option the game declares, in the order a turn meets them."""
    rules = definition.game.rules
    if rules is None:
        return []
    builders: list[Callable[[ClassicRules, ValidGame, Names], Chart | None]] = [
        _movement_chart,
        _zoc_chart,
        _supply_chart,
        _reinforcement_chart,
        _replacement_chart,
        _control_chart,
    ]
    return [chart for build in builders if (chart := build(rules, definition, names)) is not None]


# --- places ----------------------------------------------------------------------------------


def place_text(spec: PlaceSpec, definition: ValidGame, names: Names) -> str:
    """A place specification as a noun (what a supply path traces to): what the hex is, then
    what must hold of it."""
    return _with_conditions(" and ".join(noun for _, noun in _place_parts(spec, definition, names)), spec)


def where_text(spec: PlaceSpec, definition: ValidGame, names: Names) -> str:
    """A place specification as a player reads where a unit enters: in a town, on an edge."""
    parts = _place_parts(spec, definition, names)
    text = " and ".join(f"{preposition} {noun}" for preposition, noun in parts)
    return _with_conditions(text, spec)


def _place_parts(spec: PlaceSpec, definition: ValidGame, names: Names) -> list[tuple[str, str]]:
    """Each part of a place specification with the preposition it takes; any hex when none."""
    parts: list[tuple[str, str]] = []
    if spec.places:
        parts.append(("in", _list([names.place(p) for p in spec.places])))
    if spec.features:
        parts.append(("in", "a " + _list([names.terrain(f) for f in spec.features]) + " hex"))
    if spec.region:
        region = next((r.name for r in definition.board.regions if r.id == spec.region), spec.region)
        parts.append(("in", f"a hex of {region}"))
    if spec.edge:
        parts.append(("on", f"the {spec.edge} edge"))
    if spec.supply_sources:
        parts.append(("on", "a supply source of their side"))
    if spec.entries:
        parts.append(("on", "an entry hex of their side"))
    return parts or [("in", "any hex")]


def _with_conditions(text: str, spec: PlaceSpec) -> str:
    conditions = []
    if spec.controlled:
        conditions.append("their side controls")
    if spec.in_supply:
        conditions.append("in supply")
    if spec.not_in_enemy_zoc:
        conditions.append("free of enemy zones of control")
    return f"{text} ({', '.join(conditions)})" if conditions else text


def _places_text(specs: tuple[PlaceSpec, ...], definition: ValidGame, names: Names) -> str:
    """Where something may be, in any of ``specs``: "on the west edge; or in a City hex"."""
    return "; or ".join(where_text(spec, definition, names) for spec in specs)


def _printed_sources(definition: ValidGame, names: Names) -> list[tuple[str, str]]:
    """The supply source hexes map.json prints, a line per side."""
    by_side: dict[str, list[str]] = {}
    for source in definition.board.supply_sources:
        by_side.setdefault(names.side(source.side), []).append(names.place(source.at))
    return [(side, ", ".join(hexes)) for side, hexes in by_side.items()]


def _entries(definition: ValidGame, names: Names) -> list[Fact]:
    """The entry hexes map.json prints, side by side."""
    return [(f"{side} entry hexes", hexes) for side, hexes in entries_by_side(definition, names)]


# --- movement ---------------------------------------------------------------------------------


def _movement_chart(rules: ClassicRules, definition: ValidGame, names: Names) -> Chart | None:
    movement = rules.movement
    if movement is None:
        return None
    facts = _movement_facts(movement, definition, names)
    for mode in movement.modes:
        facts.append((mode.name, mode_text(mode, names) + (f" {mode.summary}" if mode.summary else "")))
    return _box("Movement", "movement", movement.summary, facts)


def _movement_facts(movement: MovementRules, definition: ValidGame, names: Names) -> list[Fact]:
    values = {v.id: v.name for v in definition.game.counter_values}
    facts: list[Fact] = [
        ("Allowance", f"the unit's {values.get(movement.allowance, movement.allowance)}, in movement points")
    ]
    classes = [
        f"{_class_or_group(unit_class, definition, names)}: {names.movement_class(moving)}"
        for unit_class, moving in movement.classes.items()
        if unit_class != "*"
    ]
    if "*" in movement.classes:
        rest = names.movement_class(movement.classes["*"])
        classes.append(f"the others: {rest}" if classes else f"every unit: {rest}")
    if classes:
        facts.append(("Movement class", "; ".join(classes)))
    if movement.one_hex_minimum:
        facts.append(("One hex", "a unit may always move one hex it may enter, whatever it costs"))
    return facts


def _class_or_group(key: str, definition: ValidGame, names: Names) -> str:
    """A unit class by its name, or a group of classes by the classes in it (a group has no
    name of its own: Vallon's "mechanised" is Armour, Motorised Infantry and Reconnaissance)."""
    members = [c.name for c in definition.game.unit_classes if key in c.groups and c.id != key]
    if members and all(c.id != key for c in definition.game.unit_classes):
        return _list(members, "and")
    return names.unit_class(key)


def mode_text(mode: MovementMode, names: Names) -> str:
    """A movement mode's limits: along what, how far, who may use it, and enemy zones of control."""
    lines = _list([names.terrain(line) for line in mode.along])
    reach = f"up to {mode.hexes} hexes" if mode.hexes is not None else "any distance"
    words = [f"{reach} along {lines}, each hex free"]
    if mode.start_on_line:
        words.append("only a unit that begins its move on one")
    words.append("a unit " + MODE_ZOC.get(mode.enemy_zoc, mode.enemy_zoc))
    return "; ".join(words) + "."


# --- zones of control -------------------------------------------------------------------------


def _zoc_chart(rules: ClassicRules, definition: ValidGame, names: Names) -> Chart | None:
    zoc = rules.zoc
    if zoc is None:
        return None
    return _box("Zones of Control", "zoc", zoc.summary, _zoc_facts(zoc, names))


def _zoc_facts(zoc: ZocRules, names: Names) -> list[Fact]:
    facts: list[Fact] = [("Effect", ZOC_KINDS.get(zoc.kind, zoc.kind))]
    if zoc.kind == "stop":
        facts.append(
            (
                "ZOC to ZOC",
                "a unit may move from one enemy zone of control straight into another"
                if zoc.zoc_to_zoc
                else "a unit leaving an enemy zone of control must first enter a hex free of one",
            )
        )
    if zoc.kind == "exit-cost":
        facts.append(("Costs", f"{zoc.enter_cost:g} MP more to enter, {zoc.exit_cost:g} MP more to leave"))
    facts.append(
        ("Exerted by", "every unit" if zoc.exerted_by is None else selector_text(zoc.exerted_by, names))
    )
    if zoc.not_into:
        facts.append(("None extends into", _list([names.terrain(t) for t in zoc.not_into])))
    if zoc.negated_by_friendly_units:
        facts.append(
            ("Friendly units", "an enemy zone of control has no effect in a hex holding a friendly unit")
        )
    return facts


# --- supply ------------------------------------------------------------------------------------


def _supply_chart(rules: ClassicRules, definition: ValidGame, names: Names) -> Chart | None:
    supply = rules.supply
    if supply is None:
        return None
    return _box("Supply", "supply", supply.summary, _supply_facts(supply, definition, names))


def _supply_facts(supply: SupplyRules, definition: ValidGame, names: Names) -> list[Fact]:
    facts: list[Fact] = [
        (f"{side} traces to" if side else "Traces to", ends)
        for side, ends in supply_ends(supply, definition, names)
    ]
    facts.append(("Range", f"at most {supply.range} hexes" if supply.range is not None else "any length"))
    path = "no enemy unit" + ("" if supply.enemy_zoc == "ignored" else " and no enemy zone of control")
    if supply.negated_by_friendly_units and supply.enemy_zoc != "ignored":
        path += " (a friendly unit in a hex cancels the zone there)"
    facts.append(("The path", f"enters {path}"))
    effects = effects_text(supply.effects)
    if effects:
        facts.append(("Out of supply", effects))
    return facts


def supply_ends(supply: SupplyRules, definition: ValidGame, names: Names) -> list[tuple[str, str]]:
    """What each side traces supply to: the option's sources, then the supply source hexes the
    map prints (the engine counts both: Valloria's east edge, and Vallon's fortress)."""
    ends: dict[str, list[str]] = {}
    for source in supply.sources:
        ends.setdefault(names.side(source.side) if source.side else "", []).append(
            place_text(source, definition, names)
        )
    for side, hexes in _printed_sources(definition, names):
        ends.setdefault(side, []).append(hexes)
    return [(side, " or ".join(words)) for side, words in ends.items()]


def effects_text(effects: SupplyEffects) -> str:
    """What being out of supply does to a unit, in words."""
    words = [
        f"{name} x{_number(value)}" if value else f"may not {verb}"
        for name, verb, value in (
            ("attack", "attack", effects.attack),
            ("defense", "defend", effects.defense),
            ("movement", "move", effects.movement),
        )
        if value != 1
    ]
    if effects.step_loss:
        words.append("loses a step at each check that finds it out of supply")
    if effects.eliminated_after is not None:
        words.append(f"eliminated at the {_ordinal(effects.eliminated_after)} check in a row out of supply")
    return "; ".join(words)


def _ordinal(number: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(number, f"{number}th")


# --- reinforcements and replacements ----------------------------------------------------------


def _reinforcement_chart(rules: ClassicRules, definition: ValidGame, names: Names) -> Chart | None:
    reinforcements = rules.reinforcements
    if reinforcements is None:
        return None
    return _box(
        "Reinforcements",
        "reinforcements",
        reinforcements.summary,
        _reinforcement_facts(reinforcements, definition, names),
    )


def _reinforcement_facts(
    reinforcements: ReinforcementRules, definition: ValidGame, names: Names
) -> list[Fact]:
    facts: list[Fact] = []
    if reinforcements.at:
        facts.append(("Enter", _places_text(reinforcements.at, definition, names)))
    if any(spec.supply_sources for spec in reinforcements.at):
        facts += [(f"{side} sources", hexes) for side, hexes in _printed_sources(definition, names)]
    facts += _entries(definition, names)
    facts.append(
        (
            "Where each unit enters",
            "the Scenarios chart gives each arrival's hex, where the scenario names one",
        )
    )
    return facts


def _replacement_chart(rules: ClassicRules, definition: ValidGame, names: Names) -> Chart | None:
    replacements = rules.replacements
    if replacements is None:
        return None
    blocks: list[Table | Paragraph] = [Paragraph(replacements.summary)] if replacements.summary else []
    rows = tuple(
        (
            Cell(purchase_text(p, names, _has_more_faces(definition)), bold=True),
            Cell(_points(p.cost), centre=True),
            Cell(_where(p, definition, names)),
        )
        for p in replacements.buy
    )
    blocks.append(Table(("Buys", "Cost", "Where, and when"), rows, weights=(3, 1, 5)))
    facts = _point_facts(replacements, definition, names)
    if facts:
        blocks.append(
            Table(("Rule", "In play"), tuple((Cell(n, bold=True), Cell(t)) for n, t in facts), weights=(2, 5))
        )
    return Chart("replacements", "Replacements", tuple(blocks))


def _has_more_faces(definition: ValidGame) -> bool:
    return any(counter.more_faces for counter in definition.counters.counters.values())


def purchase_text(purchase: Purchase, names: Names, more_faces: bool = False) -> str:
    """What a purchase buys, by the face a unit comes back on (a face's number from the
    third: the first of a unit's more_faces, its cadre); in a game with units of more than
    two steps, that a step back is one face up."""
    who = f"{selector_text(purchase.units, names)} " if purchase.units is not None else ""
    if purchase.what == "step":
        return f"A step back for a reduced {who}unit" + (" (one face up)" if more_faces else "")
    return f"An eliminated {who}unit, back on {_face_words(face_index(purchase.face))}"


def _face_words(index: int) -> str:
    if index == 0:
        return "its full side"
    if index == 1:
        return "its reduced side"
    return f"its face {index + 1} (its last, for a unit with fewer)"


def _where(purchase: Purchase, definition: ValidGame, names: Names) -> str:
    words = []
    if purchase.in_supply:
        words.append("the unit must be in supply")
    if purchase.at:
        words.append(
            ("placed " if purchase.what == "eliminated" else "the unit standing ")
            + _places_text(purchase.at, definition, names)
        )
    text = sentence("; ".join(words) or "anywhere")
    return f"{text}. {purchase.summary}" if purchase.summary else text + "."


def _point_facts(replacements: ReplacementRules, definition: ValidGame, names: Names) -> list[Fact]:
    """Each scenario's points (one line when every scenario gives the same), and what is left over."""
    lines: dict[str, list[str]] = {}
    for scenario in definition.scenarios:
        allowances = [p for p in scenario.points if p.track == replacements.track]
        text = "; ".join(f"{names.side(p.side)} {_allowance(p.per_turn, p.schedule)}" for p in allowances)
        if text:
            lines.setdefault(text, []).append(scenario.name)
    facts: list[Fact] = []
    for text, scenarios in lines.items():
        title = "Points" if len(lines) == 1 else f"Points ({_list(scenarios, 'and')})"
        facts.append((title, text))
    facts.append(
        (
            "Unused points",
            "kept for a later phase" if replacements.unused == "kept" else "lost when the phase ends",
        )
    )
    if replacements.one_per_unit:
        facts.append(("One a unit", "a unit gets at most one purchase in a phase"))
    return facts


def _allowance(per_turn: int | None, schedule: tuple[tuple[str, int], ...]) -> str:
    if per_turn is not None:
        return f"{_points(per_turn)} a turn"
    return ", ".join(f"{_points(points)} on turn {turn}" for turn, points in schedule)


# --- control -----------------------------------------------------------------------------------


def _control_chart(rules: ClassicRules, definition: ValidGame, names: Names) -> Chart | None:
    control = rules.control
    if control is None:
        return None
    return _box("Control", "control", control.summary, _control_facts(control, names))


def _control_facts(control: ControlRules, names: Names) -> list[Fact]:
    places = [names.terrain(f) for f in control.features] + [names.place(p) for p in control.places]
    facts: list[Fact] = [("Places held", _list(places, "and"))] if places else []
    facts.append(
        (
            "Changes hands",
            "a place belongs to the side whose unit entered it last"
            if control.by == "last-to-enter"
            else "a place belongs to the side whose unit is in it, and to nobody when it is empty",
        )
    )
    return facts


# --- the sequence of play --------------------------------------------------------------------


def phase_facts(phase: Phase, definition: ValidGame, names: Names) -> list[tuple[str, str]]:
    """What the options make of a phase, each with a word that shows a summary says it already
    (the Sequence of Play prints the phase's summary, then the facts it leaves out)."""
    rules = definition.game.rules
    if rules is None:
        return []
    if phase.kind == "supply" and rules.supply is not None:
        return _supply_phase_facts(rules.supply, definition, names)
    if phase.kind == "reinforcement" and rules.reinforcements is not None and rules.reinforcements.at:
        return [("they enter " + _places_text(rules.reinforcements.at, definition, names), "enter")]
    if phase.kind == "replacement" and rules.replacements is not None:
        return [(_buying(rules.replacements), "cost")]
    if phase.kind == "movement" and phase.mode and rules.movement is not None:
        mode = next((m for m in rules.movement.modes if m.id == phase.mode), None)
        if mode is not None:
            return [(f"{mode.name}: {mode_text(mode, names).rstrip('.')}", "hexes")]
    return []


def _supply_phase_facts(supply: SupplyRules, definition: ValidGame, names: Names) -> list[tuple[str, str]]:
    """How a unit traces supply, and what being out of it does: the effects are printed even
    where a summary names one of them (Vallon's says a step is lost, not that attacks halve)."""
    reach = f"of at most {supply.range} hexes" if supply.range is not None else "of any length"
    ends = "; ".join(
        f"{side}: {hexes}" if side else hexes for side, hexes in supply_ends(supply, definition, names)
    )
    facts = [(f"a unit is in supply when it traces a path {reach} to its source ({ends})", "trace")]
    effects = effects_text(supply.effects)
    if effects:
        facts.append((f"out of supply: {effects}", effects))
    return facts


def _buying(replacements: ReplacementRules) -> str:
    costs = sorted({(p.what, p.cost) for p in replacements.buy})
    words = [
        f"{'a step' if what == 'step' else 'an eliminated unit'} costs {_points(cost)}"
        for what, cost in costs
    ]
    kept = "unused points are kept" if replacements.unused == "kept" else "unused points are lost"
    return f"{_list(words, 'and')}; {kept} (see Replacements)"
