"""Piece slots that VASSAL would write back differently from how the module has them.

VASSAL decodes each trait of a slot's piece (mySetType) and, when the module is saved,
writes it with myGetType, which always writes the fields of the current trait format: a
trait written by an older VASSAL, with fewer fields (or one that has extra fields), comes
back different, and so does a trait of an old type id that VASSAL reads as its successor
('emb;' is written 'emb2;', 'nonRect;' 'nonRect2;'). The module still loads; the slot just
changes on the next save (the editor's "re-encoding differs"). Field counts are those of
VASSAL 3.7.26's myGetType, for the traits that always write the same number; traits whose
count varies (Marker, Free Rotator, Action Button, Immobilized, ...) are not judged.
"""

from __future__ import annotations

from compiler.vassal.inspection.model import Inspection
from compiler.vassal.inspection.traits import PieceKind, type_prefix
from compiler.vassal.sequence import decode

# Tokens of the type when split at ';' (the id counts as one): 1 + the fields myGetType appends.
FIELDS = {
    "emb2;": 34,
    "hide;": 8,
    "obs;": 12,
    "label;": 19,
    "table;": 6,
    "propertysheet;": 10,
    "pivot;": 11,
    "nonRect2;": 3,
    "restrict;": 5,
    "placemark;": 16,
    "replace;": 16,
    "report;": 7,
    "markmoved;": 12,
    "footprint;": 17,
    "return;": 9,
    "sendto;": 19,
    "clone;": 4,
    "delete;": 4,
    "submenu;": 4,
    "menuSeparator;": 3,
    "translate;": 11,
    "AreaOfEffect;": 17,
    "globalkey;": 15,
    "macro;": 18,
    "PROP;": 5,
    "calcProp;": 4,
    "setprop;": 7,
    "setpieceprop;": 13,
    "hideCmd;": 5,
    "playSound;": 7,
    "globalhotkey;": 5,
    "mat;": 3,
    "matPiece;": 7,
    "basicName;": 2,
    "border;": 7,
    "attach;": 22,
    "locCommand;": 7,
    "cmt;": 2,
}
SUCCESSORS = {"emb;": "emb2;", "nonRect;": "nonRect2;"}


def rewritten_trait(trait: str) -> str | None:
    """Why VASSAL would write this trait differently, or None when it would not (or cannot be told)."""
    prefix = type_prefix(trait)
    if prefix in SUCCESSORS:
        return f"trait '{prefix}' is an old type that VASSAL writes as '{SUCCESSORS[prefix]}'"
    expected = FIELDS.get(prefix)
    if expected is None:
        return None
    count = len(decode(trait, ";"))
    if count == expected:
        return None
    return f"trait '{prefix}' has {count - 1} field(s) where VASSAL 3.7 writes {expected - 1}"


def check_reencoding(kind: PieceKind, report: Inspection, where: str) -> None:
    """One info finding per slot that VASSAL's re-encoding would change (its first such trait)."""
    for trait in kind.types[:-1]:
        reason = rewritten_trait(trait)
        if reason is not None:
            report.add(
                "slot.reencoded",
                f"the piece's {reason}: VASSAL re-encodes the slot differently and rewrites it "
                "when the module is saved",
                where,
            )
            return
