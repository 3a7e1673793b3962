"""Marks and piles: moved marks, step losses, the eliminated boxes, the view to an unmoved unit.

A unit that moves gets a moved mark (VASSAL's Mark When Moved; the map marks every move),
and every change of phase clears the marks. A step loss turns a unit to its next face (the
engine's ``step_loss``: front to back, then on through more_faces, compared with its ``Steps``)
and eliminates a unit on its last. Elimination sends a unit to
where the data keeps its side's losses: its half of a shared eliminated box, a box of its
side that takes the destroyed (a recruits box), or back into the bin it is drawn from.
"""

from __future__ import annotations

from collections.abc import Callable

from compiler.render.art import BoardArt
from compiler.render.automation_marks import moved_flag
from compiler.render.images import png_bytes
from compiler.vassal.automation import keys
from compiler.vassal.automation.components import CameraButton, KeyCommand
from compiler.vassal.automation.expressions import braces
from compiler.vassal.automation.plan import Automation, HelpRow
from compiler.vassal.automation.traits import moved_mark, report, send_to_point, trigger
from compiler.vassal.pieces import Trait, key
from compiler.vassal.sides import side_name
from rules_engine.definitions import Counter, ValidGame

MOVED_IMAGE = "wgc-moved.png"
UNIT = 'Wgc=="unit"'


def marker_automation(definition: ValidGame, art: BoardArt, size: int) -> Automation:
    plan = Automation(images={MOVED_IMAGE: png_bytes(moved_flag(size))})
    # the report inside the triggers: it writes its line before they flip or eliminate
    plan.unit_traits += [
        trigger(
            "Step loss", [], [key("F")], "{CanFlip==true && Face_Level < Steps}", "Step loss", keys.STEP_LOSS
        ),
        trigger(
            "Step loss: eliminated",
            [keys.STEP_LOSS],
            [keys.ELIMINATE],
            "{CanFlip!=true || Face_Level >= Steps}",
        ),
        report([keys.STEP_LOSS], "$BasicName$ takes a step loss"),
        moved_mark(MOVED_IMAGE, keys.MOVED_OFF),
    ]
    plan.counter_values.append(
        lambda counter: {"CanFlip": "true" if _flips(counter) else "false", "Steps": str(_steps(counter))}
    )
    target = elimination(definition, art)
    if target is not None:
        plan.counter_traits.append(target)
        plan.eliminates = True
    plan.key_commands.append(
        KeyCommand(
            keys.CLEAR_MOVED_ALL,
            keys.MOVED_OFF,
            braces(f"{UNIT} && Moved==true"),
            text="Clear moved",
            tooltip="Clear every moved mark (every change of phase does it too)",
        )
    )
    plan.on_phase_change.append(keys.CLEAR_MOVED_ALL)
    plan.cameras.append(
        CameraButton(
            "Next unmoved",
            "Centre the map on the nearest unit of the side whose phase it is that has not moved",
            keys.NEAREST_UNMOVED,
            braces(f'{UNIT} && Side==ActiveSide && Moved!=true && CurrentZone==""'),
        )
    )
    plan.help += [
        HelpRow(
            "Moving a unit",
            "It gets a moved mark; every change of phase clears the marks, as does the Clear moved button.",
        ),
        HelpRow("Ctrl+L on a unit", _step_loss_help(definition)),
        HelpRow("Ctrl+D on a unit", "Eliminate it: it goes to its side's eliminated units."),
        HelpRow(
            "Next unmoved button (Ctrl+Shift+U)",
            "Centre the map on the nearest unit of the phasing side not yet moved.",
        ),
    ]
    return plan


def _flips(counter: Counter) -> bool:
    """A step loss flips the counter (the engine's ``steps_left`` is two on its front)."""
    return counter.two_sided and not counter.hidden


def _step_loss_help(definition: ValidGame) -> str:
    """What Ctrl+L does; the further faces and their step back (Ctrl+Shift+F) only where a unit
    has them: in another system's module that key may do something else (a raiders unit fires)."""
    if not any(_steps(c) > 2 for c in definition.counters.counters.values() if c.is_unit):
        return "A step loss: a unit on its full-strength side flips, any other is eliminated."
    return (
        "A step loss: a unit turns to its next face (full to reduced, and on through the further "
        "faces of a unit of more than two steps); a unit on its last face is eliminated. Ctrl+Shift+F "
        "turns a unit of more than two steps back one face (a replacement)."
    )


def _steps(counter: Counter) -> int:
    """The faces a step loss walks the counter down (the classic engine's ``step_count``): the
    front, the back and each of more_faces; one for a counter that does not flip."""
    return 2 + len(counter.more_faces) if _flips(counter) else 1


def elimination(definition: ValidGame, art: BoardArt) -> Callable[[Counter], list[Trait]] | None:
    """Where each counter's Eliminate command sends it, if the board has somewhere for it."""
    boxes = definition.board.boxes
    shared = next((b for b in boxes if b.kind == "eliminated" and b.side is None), None)
    sides = [side.id for side in definition.game.sides]
    points: dict[str, tuple[int, int]] = {}
    if shared is not None and shared.id in art.boxes:
        left, top, right, bottom = art.boxes[shared.id]
        width = (right - left) / max(1, len(sides))
        for index, side in enumerate(sides):
            points[side] = (round(left + width * (index + 0.5)), round((top + bottom) / 2))
    for box in boxes:
        if box.kind in ("eliminated", "recruits") and box.side is not None and box.id in art.boxes:
            left, top, right, bottom = art.boxes[box.id]
            points[box.side] = (round((left + right) / 2), round((top + bottom) / 2))
    if not points:
        return None

    def traits(counter: Counter) -> list[Trait]:
        point = points.get(counter.side or "")
        if point is None or not counter.is_unit:
            return []
        name = side_name(definition, counter.side)
        return [
            report([keys.ELIMINATE], f"$BasicName$ is eliminated (to the {name} eliminated units)"),
            trigger("Leaves its battle", [keys.ELIMINATE], [keys.LEAVE, keys.MOVED_OFF]),
            send_to_point("Eliminate", keys.ELIMINATE, *point),
        ]

    return traits
