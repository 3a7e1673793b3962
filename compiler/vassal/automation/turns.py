"""The sequence of play in the module: who plays each phase, what it does, what the turn brings.

The turn tracker (buildfile's TurnTracker) has a level per turn and a level per phase of
the data's sequence of play. At every change the tracker fires one hotkey; it sets
``ActiveSide`` (the side that plays the phase: the scenario's first or second player, or a
side the data names), writes the phase's summary and the turn's conditions in the chat,
announces the reinforcements due (by unit and where they enter) when a turn begins, and
runs what other parts clear at a phase's end (moved marks, battles). Each scenario's
setup gives ``FirstSide`` and ``SecondSide`` and the reinforcement lines of its turns.
"""

from __future__ import annotations

from compiler.render.names import Names
from compiler.vassal.automation import keys
from compiler.vassal.automation.components import ActionButton, GlobalProperty, PropertyCommand, TurnHotkey
from compiler.vassal.automation.expressions import braces, choose, text
from compiler.vassal.automation.plan import Automation, HelpRow
from compiler.vassal.automation.values import identifier
from compiler.vassal.catalogue import side_name
from rules_engine.definitions import Phase, Reinforcement, Scenario, ValidGame

PHASE_REPORT = keys.named("PhaseReport")
TURN_REPORT = keys.named("TurnReport")


def turn_automation(definition: ValidGame) -> Automation:
    """The tracker's hotkey, ``ActiveSide`` and the reports of each phase and turn."""
    game = definition.game
    plan = Automation()
    if not game.phases:
        return plan
    plan.globals += [
        GlobalProperty("ActiveSide", "", description="the side whose phase it is"),
        GlobalProperty("FirstSide", "", description="the scenario's first player"),
        GlobalProperty("SecondSide", "", description="the scenario's second player"),
    ]
    plan.globals += [GlobalProperty(_reinforcement_property(turn)) for turn in game.turn_labels]
    plan.property_commands.append(
        PropertyCommand("ActiveSide", keys.ACTIVE_SIDE, braces(active_side(definition)))
    )
    plan.buttons += [
        ActionButton(PHASE_REPORT, (), report=braces(_phase_report(definition))),
        ActionButton(TURN_REPORT, (), report=braces(_turn_report(definition))),
    ]
    plan.on_phase_change += [keys.ACTIVE_SIDE, PHASE_REPORT, TURN_REPORT]
    plan.setup_values.append(lambda scenario: scenario_values(definition, scenario))
    plan.help.append(
        HelpRow(
            "Turn tracker (Ctrl+Shift+T: the next phase)",
            "Step through the sequence of play; each phase names the side playing it and what it does, "
            "and a new turn lists the reinforcements due and where they enter.",
        )
    )
    return plan


def phase_change(plan: Automation) -> Automation:
    """The tracker's one hotkey and the hidden button that runs every part's phase-change keys."""
    done = Automation()
    if plan.on_phase_change:
        done.buttons.append(ActionButton(keys.PHASE_CHANGED, tuple(plan.on_phase_change)))
        done.turn_hotkeys.append(TurnHotkey("Sequence of play", keys.PHASE_CHANGED))
    return done


def active_side(definition: ValidGame) -> str:
    """An expression: the name of the side that plays the current phase (``Phase``)."""
    side_ids = {side.id for side in definition.game.sides}
    cases = []
    for phase in definition.game.phases:
        if phase.player == "second":
            value = "SecondSide"
        elif phase.player in side_ids:
            value = text(side_name(definition, phase.player))
        else:
            value = "FirstSide"
        cases.append((f"Phase=={text(phase.name)}", value))
    return choose(cases, "FirstSide")


def _phase_report(definition: ValidGame) -> str:
    cases = [(f"Phase=={text(p.name)}", text(_phase_line(definition, p))) for p in definition.game.phases]
    return '"Turn " + Turn + ", " + Phase + " (" + ActiveSide + "): " + ' + choose(cases, '""')


def _phase_line(definition: ValidGame, phase: Phase) -> str:
    return phase.summary or phase.name


def _turn_report(definition: ValidGame) -> str:
    """At the first phase of a turn: the reinforcements due, from the scenario's setup."""
    first = definition.game.phases[0].name
    labels = definition.game.turn_labels
    due = choose([(f"Turn=={text(label)}", _reinforcement_property(label)) for label in labels], '""')
    listed = f'"Reinforcements due in turn " + Turn + ": " + ({due})'
    none = '"No reinforcements are due in turn " + Turn + "."'
    return f'Phase=={text(first)} ? (({due}).length() > 0 ? {listed} : {none}) : ""'


def _entry(names: Names, reinforcement: Reinforcement) -> str:
    """Where a reinforcement enters: its place, or the constraint the scenario gives."""
    if reinforcement.at:
        return f" at {names.place(reinforcement.at)}"
    constraint = reinforcement.constraint
    if constraint is not None and constraint.summary:
        return f" ({constraint.summary})"
    return ""


def _reinforcement_property(turn: str) -> str:
    return "Reinforcements_" + identifier(turn)


def scenario_values(definition: ValidGame, scenario: Scenario) -> dict[str, str]:
    """The global properties a scenario's setup sets: the players and each turn's reinforcements."""
    sides = [side.id for side in definition.game.sides]
    first = scenario.first_player or (sides[0] if sides else "")
    second = next((s for s in sides if s != first), first)
    values = {
        "FirstSide": side_name(definition, first),
        "SecondSide": side_name(definition, second),
    }
    phases = definition.game.phases
    if phases:
        values["ActiveSide"] = values["SecondSide"] if phases[0].player == "second" else values["FirstSide"]
    names = Names(definition)
    lines: dict[str, list[str]] = {}
    for reinforcement in scenario.reinforcements:
        copies = f"{reinforcement.copies} x " if reinforcement.copies > 1 else ""
        counter = definition.counters.get(reinforcement.unit)
        side = names.side(counter.side) if counter is not None and counter.side else ""
        unit = f"{copies}{names.counter(reinforcement.unit)}{_entry(names, reinforcement)}"
        lines.setdefault(str(reinforcement.turn), []).append(f"{side}: {unit}" if side else unit)
    for turn in definition.game.turn_labels:
        values[_reinforcement_property(turn)] = "; ".join(lines.get(turn, []))
    return values
