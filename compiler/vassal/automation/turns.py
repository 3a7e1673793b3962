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

from compiler.javatext.sequence import encode
from compiler.render.names import Names
from compiler.vassal.automation import keys
from compiler.vassal.automation.components import (
    ActionButton,
    GlobalProperty,
    PropertyCommand,
    StartupKey,
    TurnHotkey,
)
from compiler.vassal.automation.conditions import notes_property, turn_notes
from compiler.vassal.automation.expressions import braces, choose, text
from compiler.vassal.automation.plan import Automation, HelpRow
from compiler.vassal.automation.values import identifier
from compiler.vassal.sides import side_name
from rules_engine.definitions import Phase, Reinforcement, Scenario, ValidGame

# the id VASSAL's UniqueIdManager gives the module's one turn tracker
TRACKER_ID = "TurnTracker0"
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
    plan.setup_values.append(lambda scenario: scenario_values(definition, scenario))
    if not game.turn_labels:
        return plan  # no turn tracker: the side is the scenario's first player's
    plan.globals += [GlobalProperty(_reinforcement_property(turn)) for turn in game.turn_labels]
    plan.globals += [GlobalProperty(notes_property(turn)) for turn in game.turn_labels]
    plan.property_commands.append(
        PropertyCommand("ActiveSide", keys.ACTIVE_SIDE, braces(active_side(definition)))
    )
    plan.buttons += [
        ActionButton(PHASE_REPORT, (), report=braces(_phase_report(definition))),
        ActionButton(TURN_REPORT, (), report=braces(_turn_report(definition))),
    ]
    plan.on_phase_change += [keys.ACTIVE_SIDE, PHASE_REPORT, TURN_REPORT]
    plan.help.append(
        HelpRow(
            "Turn tracker (Ctrl+Shift+T: the next phase)",
            "Step through the sequence of play; each phase names the side playing it and what it does, "
            "and a new turn lists the reinforcements due and where they enter.",
        )
    )
    return plan


def phase_change(definition: ValidGame, plan: Automation) -> Automation:
    """The tracker's one hotkey and the hidden button that runs every part's phase-change keys."""
    done = Automation()
    if plan.on_phase_change and definition.game.turn_labels:
        done.buttons.append(ActionButton(keys.PHASE_CHANGED, tuple(plan.on_phase_change)))
        done.turn_hotkeys.append(TurnHotkey("Sequence of play", keys.PHASE_CHANGED))
        # the first phase is announced when a game starts, as every later one is
        done.startup_keys.append(StartupKey(keys.PHASE_CHANGED))
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
    line = phase.summary or phase.name
    if phase.turns:
        listed = ", ".join(phase.turns)
        line += f" (played only in turn{'s' if len(phase.turns) > 1 else ''} {listed}; skip it otherwise)"
    return line


def _turn_report(definition: ValidGame) -> str:
    """At the first phase of a turn: its notes and the reinforcements due, from the scenario's setup."""
    first = definition.game.phases[0].name
    labels = definition.game.turn_labels
    due = choose([(f"Turn=={text(label)}", _reinforcement_property(label)) for label in labels], '""')
    notes = choose([(f"Turn=={text(label)}", notes_property(label)) for label in labels], '""')
    listed = f'"Reinforcements due in turn " + Turn + ": " + ({due}) + "."'
    none = '"No reinforcements are due in turn " + Turn + "."'
    told = f'(({notes}).length() > 0 ? ({notes}) + " " : "")'
    return f'Phase=={text(first)} ? {told} + (({due}).length() > 0 ? {listed} : {none}) : ""'


def _entry(names: Names, reinforcement: Reinforcement) -> str:
    """Where a reinforcement enters: its place, or the constraint the scenario gives."""
    held = ", may be held back" if reinforcement.may_delay else ""
    if reinforcement.at:
        alternate = f" or {names.place(reinforcement.alternate)}" if reinforcement.alternate else ""
        return f" at {names.place(reinforcement.at)}{alternate}{held}"
    constraint = reinforcement.constraint
    if constraint is not None and constraint.summary:
        return f" ({constraint.summary.rstrip('.')}{held})"
    return held


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
    values.update(turn_notes(definition, scenario))
    return values


def tracker_state(definition: ValidGame, turn: str | None, phase: int = 0) -> str | None:
    """The command that sets the turn tracker at ``turn`` (the first when None or unknown) and the
    phase of index ``phase`` (TurnTracker.encode of a SetTurn; ListTurnLevel.getState: current,
    sub-level, first, active)."""
    labels = definition.game.turn_labels
    if not labels:
        return None
    start = labels.index(turn) if turn in labels else 0
    level = [str(start), "0", "0", encode(["true"] * len(labels), ",")]
    phases = definition.game.phases
    if phases:
        level.append(encode([str(phase), "0", "0", encode(["true"] * len(phases), ",")], ";"))
    return "TURN" + TRACKER_ID + "\t" + encode(["0", encode(level, ";")], "|")
