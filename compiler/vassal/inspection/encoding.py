"""Palette slots that VASSAL would write back differently from how the module has them.

VASSAL decodes each slot's piece and, when the module is saved, encodes it again; a trait
written by an older VASSAL (fewer fields, an old type id), a state in an older form, or the
BasicPiece's state without the slot's gpid comes back different, and the editor rewrites the
slot ("re-encoding differs"). reencode.py writes each slot back as VASSAL 3.7.26 would and
compares the strings; this module runs it over the palette once every prototype is known (a
Layer that follows a property may read one from a prototype or a global property) and
reports each slot that changes (info: the module still loads).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from compiler.vassal.inspection import beanshell
from compiler.vassal.inspection.beanshell import JavaError, Undecidable, Value
from compiler.vassal.inspection.model import Inspection, PlacedPiece
from compiler.vassal.inspection.properties import Evaluation, Prototypes, basic_name
from compiler.vassal.inspection.reencode import Follow, rewrite
from compiler.vassal.inspection.traits import PieceKind, basic_state


@dataclass(frozen=True)
class Slot:
    """A palette slot as read: its definition (trimmed, as Builder.getText gives it), its gpid
    attribute, where it is, and its decoded piece."""

    definition: str
    gpid: str
    where: str
    kind: PieceKind
    states: list[str]


def check_reencoding(
    slots: Iterable[Slot],
    prototypes: Prototypes,
    globals_: dict[str, str],
    report: Inspection,
    codes: dict[str, int] | None = None,
) -> None:
    """One info finding per slot that VASSAL's re-encoding would change (``codes``: the code
    VASSAL gives each named command of the module, namedkeys.named_key_codes)."""
    for slot in slots:
        verdict = rewrite(slot.definition, slot.gpid, _palette_follow(slot, prototypes, globals_), codes)
        if verdict.differs is not None:
            report.add(
                "slot.reencoded",
                f"the piece's {verdict.differs}: VASSAL re-encodes the slot differently and rewrites it "
                "when the module is saved",
                slot.where,
            )


def _palette_follow(slot: Slot, prototypes: Prototypes, globals_: dict[str, str]) -> Follow:
    """What a Layer following a property reads for the slot's piece in the palette: the
    properties of the slot's own traits (a prototype is not expanded there, and
    UsePrototype hands a property lookup to the traits inside it, not to the prototype's),
    then the module's global properties (their initial values); a name nothing defines reads
    as "". A name some other trait of the piece might answer (a Layer's level, a label, a
    property sheet) is not decided."""

    def follow(expression: str) -> str | None:
        traits = list(zip(slot.kind.types, slot.states, strict=False))
        _, x, y = basic_state(slot.states) if slot.kind.basic else (None, 0, 0)
        piece = PlacedPiece("", slot.kind.name(slot.states), None, x, y, "")
        evaluation = Evaluation(prototypes.properties(traits), piece, basic_name(traits))
        texts = "\t".join(trait for trait, _ in traits)

        def lookup(name: str) -> Value:
            try:
                return evaluation.lookup(name)
            except Undecidable:
                if name in globals_:
                    return beanshell.wrap(globals_[name])
                if name in texts:
                    raise
                return ""

        return _read(expression, lookup)

    return follow


def _read(expression: str, lookup: beanshell.Lookup) -> str | None:
    """Expression.createSimplePropertyExpression's value: a {BeanShell} expression or a name."""
    text = expression.strip()
    try:
        if text.startswith("{") and text.endswith("}"):
            return beanshell.java_string(beanshell.evaluate(beanshell.parse(text[1:-1].strip()), lookup))
        return beanshell.java_string(lookup(text))
    except JavaError:
        return ""  # quietEvaluate in the palette: no report, ""
    except Undecidable:
        return None
