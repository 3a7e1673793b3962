"""Which charts a game has and what they say, built from its data in display names.

Every game gets its Terrain Effects Chart, its combat chart, each of its tables,
the Sequence of Play and the Stacking rules, and the tables of counters and
their values game.json's counter_charts asks for (Jerusalem!'s Leader Abilities);
then the rules a player aid card prints: a classic game's movement, zones of
control, supply, reinforcements, replacements and control (``classic_rules``), and
every game's victory conditions, special, optional and campaign rules
(``rule_cards``). The words are the data's own summaries and names; ids never
appear (``compiler.render.names``).
"""

from __future__ import annotations

from collections.abc import Mapping

from compiler.render import classic_charts, classic_rules
from compiler.render.charts import Cell, Chart, FaceItem, Faces, Paragraph, Table
from compiler.render.names import DRM_SITUATIONS, SITUATIONS, Names, counter_label
from compiler.render.rule_cards import rule_cards
from compiler.render.schedule import scenario_chart, set_ups
from compiler.render.terrain_key import style_of
from rules_engine.definitions import CombatSystem, Counter, CounterChart, Phase, Terrain, ValidGame
from rules_engine.definitions import Table as TableData
from rules_engine.definitions.layout import value_text

KIND_GROUPS = {
    "hex": "Terrain in a hex",
    "feature": "Features",
    "hexside": "Hexsides",
    "road": "Roads and railways",
    "space": "Spaces",
    "route": "Routes",
}
COST_WORDS = {
    "all": "all its movement",
    "impassable": "impassable",
    "prohibited": "prohibited",
    "none": "no effect",
}


def game_charts(definition: ValidGame) -> list[Chart]:
    """Every chart of the game, in the order a player aid prints them."""
    names = Names(definition)
    # A game without a terrain chart (an imported module's) prints none.
    charts: list[Chart] = [terrain_chart(definition, names)] if definition.terrain.terrain else []
    charts.append(unit_chart(definition, names))
    combat = definition.charts.combat
    if combat is not None:
        charts.append(combat_chart(combat, names, definition.charts.tables))
    for table in definition.charts.tables.values():
        charts.append(table_chart(table, names))
    charts.extend(counter_charts(definition, names))
    schedule = scenario_chart(definition, names)
    if schedule is not None:
        charts.append(schedule)
    charts += set_up_charts(definition, names)
    sequence = sequence_chart(definition, names)
    if sequence is not None:
        charts.append(sequence)
    effects = classic_charts.turn_effects_chart(definition)
    if effects is not None:
        charts.append(effects)
    stacking = stacking_chart(definition)
    if stacking is not None:
        charts.append(stacking)
    charts += classic_rules.rule_charts(definition, names)
    charts += rule_cards(definition, names)
    return charts


# --- terrain -----------------------------------------------------------------------------


def terrain_chart(definition: ValidGame, names: Names) -> Chart:
    hex_map = definition.board.grid is not None
    chart = definition.terrain.terrain
    terrain = [t for t in chart.values() if not t.off_map]
    order = list(KIND_GROUPS)
    terrain.sort(key=lambda t: order.index(t.kind) if t.kind in order else len(order))
    rows: list[tuple[Cell, ...]] = []
    groups: list[tuple[int, str]] = []
    for item in terrain:
        label = _group_label(item, hex_map)
        if not groups or groups[-1][1] != label:
            groups.append((len(rows), label))
        movement = movement_text(item, names) if hex_map else ""
        rows.append(
            (
                Cell(item.name, sample=style_of(item, chart)),
                Cell(movement),
                Cell(combat_text(item, names)),
                Cell(item.summary or ""),
            )
        )
    columns = ["Terrain", "Movement cost", "Combat", "Notes"]
    keep = [c for c in range(4) if c == 0 or any(row[c].text not in ("", "-") for row in rows)]
    table = Table(
        tuple(columns[c] for c in keep),
        tuple(tuple(row[c] for c in keep) for row in rows),
        groups=tuple(groups),
        weights=tuple((1.4, 1.6, 1.6, 2.6)[c] for c in keep),
        sample_pt=TERRAIN_SAMPLE_PT,
    )
    return Chart("terrain", "Terrain Effects Chart", (table,))


TERRAIN_SAMPLE_PT = 24.0  # each terrain's picture in the chart: a third of an inch, its texture showing


def unit_chart(definition: ValidGame, names: Names) -> Chart:
    """The Unit Identification Chart: every counter of the mix as it is printed, front and back
    (and a unit of more than two steps each further face, its step counters'), with its name and
    how many there are, side by side; markers last."""
    from compiler.render.counters import CounterPainter  # the faces the sheets print

    painter = CounterPainter(definition)
    groups: dict[str, list[FaceItem]] = {}
    for counter in definition.counters.counters.values():
        heading = names.side(counter.side) if counter.is_unit and counter.side else "Markers"
        back = painter.drawn(counter, "back") if counter.two_sided else None
        caption = counter_label(definition.game, counter) + (
            f" x{counter.copies}" if counter.copies > 1 else ""
        )
        more = tuple(painter.drawn(counter, name) for name, _ in painter.faces(counter)[2:]) if back else ()
        groups.setdefault(heading, []).append(FaceItem(painter.drawn(counter, "front"), back, caption, more))
    order = sorted(groups, key=lambda heading: heading == "Markers")
    blocks = tuple(Faces(heading, tuple(groups[heading])) for heading in order)
    return Chart("units", "Unit Identification Chart", blocks, game=definition.game)


def set_up_charts(definition: ValidGame, names: Names) -> list[Chart]:
    """Each scenario's start, side by side and place by place, for a game whose Orders of Battle
    the book prints on the map: the arrivals are on the map's Orders of Battle, the set-up here."""
    charts = []
    boxes = {box.id: box.name for box in definition.board.boxes}
    for scenario in sorted(definition.scenarios, key=lambda s: (s.number or 0, s.id)):
        found = set_ups(definition, scenario)
        if not found:
            continue
        rows = tuple(
            (
                Cell(boxes.get(s.box, s.box).replace(" Order of Battle", ""), bold=True),
                Cell(place, bold=True),
                Cell(units),
            )
            for s in found
            for place, units in s.lines
        )
        table = Table(("Side", "Place", "Units"), rows, weights=(1, 2, 5))
        charts.append(Chart(f"set-up-{scenario.id}", f"Set-up: {scenario.name}", (table,)))
    return charts


def _group_label(terrain: Terrain, hex_map: bool) -> str:
    if terrain.kind == "space" and style_of(terrain, {}).kind == "mark":
        return "Kinds of space (marked beside the space)"
    return KIND_GROUPS.get(terrain.kind, terrain.kind.title())


def _cost(cost: float | str) -> str:
    if isinstance(cost, (int, float)):
        whole, half = int(cost), cost - int(cost) == 0.5
        if half:
            return f"{whole} 1/2 MP" if whole else "1/2 MP"
        return f"{cost:g} MP"
    return COST_WORDS.get(cost, cost)


def movement_text(terrain: Terrain, names: Names) -> str:
    parts = []
    for situation, table in terrain.movement.items():
        if set(table) == {"*"}:
            costs = _cost(table["*"])
        else:
            costs = ", ".join(f"{names.movement_class(cls)} {_cost(cost)}" for cls, cost in table.items())
        parts.append(f"{SITUATIONS.get(situation, situation.replace('-', ' '))}: {costs}")
    return "; ".join(parts) or "-"


def combat_text(terrain: Terrain, names: Names) -> str:
    """The terrain's combat effects: the facts its summary does not already state, then the
    summary (the designers' wording), the tactical-edge tie and a stop."""
    combat = terrain.combat
    parts = []
    if combat is not None:
        summary = combat.summary or ""
        parts = [text for text, key in _combat_facts(terrain, names) if key not in summary]
        if summary:
            first, _, rest = summary.partition(" ")
            joined = parts and first in ("The", "A", "An")  # mid-sentence after the facts
            parts.append((first.lower() + " " + rest if joined else summary).rstrip("."))
    if terrain.tactical_edge_tie:
        parts.append(f"tied tactical edge: {names.side(terrain.tactical_edge_tie)}")
    if terrain.stop:
        parts.append("a force entering must stop")
    return "; ".join(parts) or "-"


def _combat_facts(terrain: Terrain, names: Names, unless_said: bool = True) -> list[tuple[str, str]]:
    """Each combat fact with the token that shows a summary already says it (``unless_said``:
    the classic facts a summary says are left out already)."""
    combat = terrain.combat
    if combat is None:
        return []
    facts = []
    for colour, n in combat.defender_dice.items():
        facts.append((f"defender +{n} {colour} die", f"+{n} {colour}"))
    if combat.attacker_plus_die:
        facts.append(("an attacker with '+' gains a die", "'+'"))
    if combat.cancels_plus_die:
        facts.append(("no '+' die", "no '+'"))
    if combat.attack_prohibited:
        facts.append(("no attack across", "no attack"))
    if combat.drm is not None:
        count = f" for {combat.max_units} units" if combat.max_units else ""
        facts.append((f"{combat.drm:+d} to the die roll{count}", f"{combat.drm:+d}"))
    for situation, drm in combat.drm_variants.items():
        if drm == 0 and combat.summary:
            continue
        facts.append((f"{drm:+d} {DRM_SITUATIONS.get(situation, situation.replace('-', ' '))}", f"{drm:+d}"))
    return facts + classic_charts.terrain_facts(terrain, names, unless_said)


def key_figures(terrain: Terrain, names: Names, movement: bool = True) -> str:
    """The figures a map's terrain key shows: movement in short (on a hex map), and the
    combat facts."""
    parts = []
    for situation, table in terrain.movement.items() if movement else ():
        if set(table) == {"*"}:
            costs = _cost(table["*"])
        else:
            costs = ", ".join(
                f"{names.movement_class(c).split()[0].rstrip(',;')} {_cost(v)}" for c, v in table.items()
            )
        parts.append(f"{SITUATIONS.get(situation, situation.replace('-', ' '))} {costs}")
    parts += [text for text, _ in _combat_facts(terrain, names, unless_said=False)]
    if terrain.tactical_edge_tie:
        parts.append(f"ties: {names.side(terrain.tactical_edge_tie)}")
    if terrain.stop:
        parts.append("stop")
    return "; ".join(parts)


# --- combat and tables ---------------------------------------------------------------------


def combat_chart(combat: CombatSystem, names: Names, tables: Mapping[str, TableData] | None = None) -> Chart:
    blocks: list[Table | Paragraph] = []
    if combat.summary:
        blocks.append(Paragraph(combat.summary))
    if combat.kind == "dice-pool" and combat.strength_colours:
        hits = {d.die: d.hits_on for d in combat.dice}
        rows: tuple[tuple[Cell, ...], ...] = tuple(
            (
                Cell(c.colour.title(), bold=True),
                Cell(f"one {c.die} die per strength point" if c.die else "-"),
                Cell(_rolls(hits.get(c.die or "", ()))),
                Cell("yes" if c.can_attack else "defends only"),
            )
            for c in combat.strength_colours
        )
        blocks.append(Table(("Strength colour", "Dice", "Hits on", "Attacks"), rows))
    elif combat.strength_colours:
        rows = tuple(
            (
                Cell(c.colour.title(), bold=True),
                Cell("yes" if c.can_attack else "no", centre=True),
                Cell("yes" if c.can_first_fire else "no", centre=True),
            )
            for c in combat.strength_colours
        )
        blocks.append(Table(("Strength colour", "Attacks", "Defensive first fire"), rows))
    if combat.modifiers:
        rows = tuple((Cell(f"{m.drm:+d}", bold=True, centre=True), Cell(m.summary)) for m in combat.modifiers)
        blocks.append(Table(("DRM", "Die-roll modifier"), rows, weights=(1, 8)))
    procedure = combat.procedure
    if procedure.attack is not None or procedure.results:
        crt = (tables or {}).get(combat.table) if combat.table else None
        dice = crt.dice if crt is not None else None
        blocks += classic_charts.combat_blocks(combat.kind, procedure, combat.rounding, dice)
    title = {
        "dice-pool": "Combat",
        "odds-crt": "Combat and Die-Roll Modifiers",
        "differential-crt": "Combat",
        "tactical-edge": "Combat: the Tactical Edge",
    }
    return Chart("combat", title.get(combat.kind, "Combat"), tuple(blocks))


def _rolls(rolls: tuple[int, ...]) -> str:
    if not rolls:
        return "-"
    return (
        f"{min(rolls)}-{max(rolls)}"
        if len(rolls) > 1 and max(rolls) - min(rolls) == len(rolls) - 1
        else ", ".join(map(str, rolls))
    )


def table_chart(table: TableData, names: Names) -> Chart:
    blocks: list[Table | Paragraph] = []
    if table.summary:
        blocks.append(Paragraph(table.summary))
    if table.kind == "crt":
        rows: tuple[tuple[Cell, ...], ...] = tuple(
            (
                Cell(str(row.roll), bold=True, centre=True),
                *(
                    Cell(
                        cell or "-",
                        bold=cell in table.result_colours,
                        centre=True,
                        colour=table.result_colours.get(cell),
                    )
                    for cell in row.results
                ),
            )
            for row in table.rows
        )
        blocks.append(Table((str(table.dice) if table.dice else "Die", *table.columns), rows, compact=True))
        if table.legend:
            legend = "   ".join(f"{key or '-'}: {text.rstrip('.')}." for key, text in table.legend.items())
            blocks.append(Paragraph(legend, italic_note=True))
    elif table.kind == "lookup":
        numbers = all(isinstance(row.result, (int, float)) for row in table.rows)
        rows = tuple(
            (Cell(row.item or "", bold=True), Cell(names.result(row.result), centre=numbers))
            for row in table.rows
        )
        blocks.append(Table(("Item", "Value" if numbers else "Result"), rows, weights=(1, 3)))
    else:
        rows = tuple(
            (Cell(str(row.roll) if row.roll else "", bold=True, centre=True), Cell(names.result(row.result)))
            for row in table.rows
        )
        blocks.append(Table(("Die roll", "Result"), rows, weights=(1, 6)))
    if table.reconstructed:
        blocks.append(
            Paragraph(
                "The rulebook does not print this table; it is reconstructed from the rules.",
                italic_note=True,
            )
        )
    return Chart(table.id, table.name, tuple(blocks))


# --- rules at a glance ----------------------------------------------------------------------


def counter_charts(definition: ValidGame, names: Names) -> list[Chart]:
    """The tables of counters game.json's counter_charts asks for (Jerusalem!'s Leader
    Abilities): a row per counter it selects whose front gives every value of its ``with``."""
    charts = []
    for chart in definition.game.counter_charts:
        chosen = [
            c
            for c in definition.counters.counters.values()
            if chart.selects(c.kind, c.unit_class, c.side)
            and all(c.front.values.get(v) not in (None, False) for v in chart.with_values)
        ]
        if chosen:
            charts.append(_counter_chart(chart, chosen, names))
    return charts


def _counter_chart(chart: CounterChart, counters: list[Counter], names: Names) -> Chart:
    """The counters' names (bold), a column per value ('-' where a counter lacks it) and, when
    the chart asks, their special rules; titled with the side's name when all are of one side."""
    rows = []
    for counter in counters:
        cells = [Cell(counter.name, bold=True)]
        for column in chart.columns:
            value = counter.front.values.get(column.value)
            cells.append(Cell("-" if value is None else value_text(value), centre=True))
        if chart.rules_heading is not None:
            cells.append(Cell(" ".join(counter.special_rules)))
        rows.append(tuple(cells))
    headings = (chart.name_heading, *(c.heading for c in chart.columns))
    weights: tuple[float, ...] = (2, *(1 for _ in chart.columns))
    if chart.rules_heading is not None:
        headings, weights = (*headings, chart.rules_heading), (*weights, 6)
    sides = {c.side for c in counters}
    side = names.side(next(iter(sides))) if len(sides) == 1 else ""
    title = f"{side} {chart.title}".strip()
    return Chart(chart.id, title, (Table(headings, tuple(rows), weights=weights),))


def sequence_chart(definition: ValidGame, names: Names) -> Chart | None:
    """The phases in order; a classic game's phases say what happens without a summary too,
    and then what its options make of the phase that the summary does not say (how far a
    rail move goes, what a replacement point buys, what being out of supply does)."""
    game = definition.game
    if not game.phases:
        return None

    def doings(phase: Phase) -> str:
        if game.rules is None:
            return phase.summary or ""
        text = classic_charts.phase_text(phase, definition, names)
        said = text.lower()
        facts = [fact for fact, key in classic_rules.phase_facts(phase, definition, names) if key not in said]
        return " ".join([text, *(classic_charts.sentence(fact) + "." for fact in facts)]).strip()

    rows = tuple(
        (Cell(f"{i}. {p.name}", bold=True), Cell(doings(p))) for i, p in enumerate(game.phases, start=1)
    )
    return Chart("sequence", "Sequence of Play", (Table(("Phase", "What happens"), rows, weights=(2, 5)),))


def stacking_chart(definition: ValidGame) -> Chart | None:
    """The stacking rule once: the data's summary, or its rules where it has no summary."""
    game = definition.game
    stacking = game.stacking
    if stacking.summary:
        return Chart("stacking", "Stacking", (Paragraph(stacking.summary),))
    rules = [rule.summary for rule in stacking.rules if rule.summary]
    if not rules:
        return None
    return Chart("stacking", "Stacking", tuple(Paragraph(rule) for rule in rules))
