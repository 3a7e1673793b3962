"""A piece's properties as VASSAL gives them to its expressions, and Calculated Properties
whose expression fails over them.

In play a piece's prototypes are already expanded (PieceCloner puts the prototype's traits,
with the states its definition gives, where the UsePrototype trait was); pieces of a saved
game come expanded, at-start pieces are expanded here the same way. A property is looked up
from the outermost trait inwards: Marker values, Dynamic Property values, Calculated
Properties (evaluated), then what the BasicPiece knows (name, map, position, location name).

CalculatedProperty.evaluate reports a failing expression ("Expression evaluation error") only
for a piece on a map; so does this check, once per piece name, property and expression. It
speaks only when every property the expression reads is known here and the expression stays
inside the BeanShell subset of beanshell.py: otherwise it says nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.vassal.inspection import beanshell
from compiler.vassal.inspection.beanshell import JavaError, Undecidable, Value
from compiler.vassal.inspection.model import Inspection, PlacedPiece
from compiler.vassal.inspection.traits import PieceKind, PieceReader, type_prefix
from compiler.vassal.sequence import decode

MAX_PROTOTYPE_DEPTH = 50  # prototypes that use each other in a loop stop here
MAX_CALCULATION_DEPTH = 20  # Calculated Properties reading one another deeper are not judged


@dataclass(frozen=True)
class Calculated:
    name: str
    expression: str
    node: beanshell.Node | None  # None: outside the subset, never decided


@dataclass
class Properties:
    """The properties of one piece kind (with given states) that do not depend on its place."""

    values: dict[str, str] = field(default_factory=dict)
    calculated: dict[str, Calculated] = field(default_factory=dict)


class Prototypes:
    """Prototype definitions by name, expanded into (type, state) traits once each."""

    def __init__(self, reader: PieceReader, definitions: dict[str, str]) -> None:
        self.reader = reader
        self.definitions = definitions
        self._expanded: dict[str, list[tuple[str, str]] | None] = {}
        self._parsed: dict[str, beanshell.Node | None] = {}

    def expand(self, kind: PieceKind, states: list[str], depth: int = 0) -> list[tuple[str, str]]:
        """The traits (outermost first, BasicPiece last) with prototypes replaced by theirs."""
        found: list[tuple[str, str]] = []
        for trait, state in zip(kind.types, states, strict=False):
            if type_prefix(trait) == "prototype;" and depth < MAX_PROTOTYPE_DEPTH:
                found.extend(self._prototype(decode(trait[len("prototype;") :], ";")[0], depth))
            else:
                found.append((trait, state))
        return found

    def _prototype(self, name: str, depth: int) -> list[tuple[str, str]]:
        if name not in self._expanded:
            self._expanded[name] = None  # a prototype that uses itself expands to nothing more
            text = self.definitions.get(name)
            traits: list[tuple[str, str]] = []
            if text is not None:
                try:
                    _, kind, states = self.reader.add_piece(text)
                    traits = self.expand(kind, states, depth + 1)[:-1]  # without its BasicPiece
                except ValueError:
                    traits = []
            self._expanded[name] = traits
        return self._expanded[name] or []

    def properties(self, traits: list[tuple[str, str]]) -> Properties:
        found = Properties()
        for trait, state in traits:
            prefix = type_prefix(trait)
            if prefix == "mark;":
                keys = decode(trait[len("mark;") :], ",")
                for key, value in zip(keys, decode(state, ",") + [""] * len(keys), strict=False):
                    found.values.setdefault(key, value)
            elif prefix == "PROP;":
                found.values.setdefault(decode(trait, ";")[1] if ";" in trait else "name", state)
            elif prefix == "calcProp;":
                fields = [*decode(trait, ";"), "", ""]
                if fields[1] and fields[1] not in found.values and fields[1] not in found.calculated:
                    found.calculated[fields[1]] = Calculated(fields[1], fields[2], self.parsed(fields[2]))
        return found

    def parsed(self, expression: str) -> beanshell.Node | None:
        """The expression's tree; None unless it is a `{...}` expression in the subset."""
        if expression not in self._parsed:
            node = None
            text = expression.strip()
            if text.startswith("{") and text.endswith("}") and "$" not in text:
                try:
                    node = beanshell.parse(text[1:-1])
                except Undecidable:
                    node = None
            self._parsed[expression] = node
        return self._parsed[expression]


class Evaluation:
    """Looking properties up for one placed piece, as Decorator.getProperty does."""

    def __init__(self, props: Properties, piece: PlacedPiece, basic_name: str) -> None:
        self.props = props
        self.builtin = {
            "LocationName": piece.location if piece.map is not None else "",
            "CurrentMap": piece.map or "",
            "CurrentBoard": piece.board or "",
            "CurrentX": str(piece.x),
            "CurrentY": str(piece.y),
            "BasicName": basic_name,
            "PieceName": piece.name or basic_name,
        }
        self.active: set[str] = set()
        # Names the module's pieces declare (not global properties): "" for a piece without them,
        # as BasicPiece.getProperty finds nothing and the expression gets "".
        self.declared_elsewhere: frozenset[str] = frozenset()

    def lookup(self, name: str) -> Value:
        if name in self.props.values:
            return beanshell.wrap(self.props.values[name])
        if name in self.props.calculated and name not in self.active:
            try:
                return beanshell.wrap(self.value_of(self.props.calculated[name]))
            except JavaError:
                return ""  # Expression.tryEvaluate reports it and gives "" to whoever asked
        if name in self.builtin:
            return beanshell.wrap(self.builtin[name])
        if name in self.declared_elsewhere and name not in self.props.calculated:
            return ""
        raise Undecidable(f"property {name} is not known here")

    def shown(self, name: str) -> str:
        try:
            return repr(beanshell.java_string(self.lookup(name)))
        except (Undecidable, JavaError):
            return "(not known)"

    def value_of(self, calculated: Calculated) -> str:
        if calculated.node is None or len(self.active) >= MAX_CALCULATION_DEPTH:
            raise Undecidable("not evaluated")
        self.active.add(calculated.name)
        try:
            return beanshell.java_string(beanshell.evaluate(calculated.node, self.lookup))
        finally:
            self.active.discard(calculated.name)


def basic_name(traits: list[tuple[str, str]]) -> str:
    """The BasicName property: a Basic Name trait's name, else the BasicPiece's (BasicPiece.getName)."""
    for trait, _ in traits:
        if type_prefix(trait) == "basicName;":
            return decode(trait[len("basicName;") :], ";")[0]
    basic = decode(traits[-1][0], ";") if traits else []
    return basic[4] if len(basic) > 4 else ""


def check_calculated(
    piece: PlacedPiece,
    evaluation: Evaluation,
    report: Inspection,
    where: str,
    seen: set[tuple[str, str, str]],
) -> None:
    """Report each Calculated Property of a piece on a map whose expression throws (once per
    piece name, property and expression, as VASSAL shows a data warning once)."""
    if piece.map is None:
        return
    basic = evaluation.builtin["BasicName"]
    for calculated in evaluation.props.calculated.values():
        key = (piece.name, calculated.name, calculated.expression)
        if calculated.node is None or key in seen:
            continue
        try:
            evaluation.value_of(calculated)
        except Undecidable:
            continue
        except JavaError as error:
            seen.add(key)
            bound = ", ".join(
                f"{name} = {evaluation.shown(name)}" for name in sorted(beanshell.names_in(calculated.node))
            )
            report.add(
                "piece.expression-error",
                f"Piece: {basic or piece.name} Trait: Calculated Property - {calculated.name} "
                f"Source: {calculated.expression} Error: Expression evaluation error ({error}; with {bound})",
                where,
            )
