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

from compiler.javatext.sequence import decode
from compiler.vassal.inspection import beanshell
from compiler.vassal.inspection.beanshell import JavaError, Undecidable, Value
from compiler.vassal.inspection.model import Inspection, PlacedPiece
from compiler.vassal.inspection.traits import PieceKind, PieceReader, type_prefix

MAX_PROTOTYPE_DEPTH = 50  # prototypes that use each other in a loop stop here
MAX_EXPANDED_TRAITS = 10_000  # traits of one piece with its prototypes expanded (real ones: < 300)
MAX_CALCULATION_DEPTH = 20  # Calculated Properties reading one another deeper are not judged
MAX_EVALUATION_HEIGHT = 200  # summed tree heights of the expressions being computed at once
MAX_SHOWN_EXPRESSION = 400  # characters of an expression a finding quotes
MAX_EVALUATION_WORK = 100_000  # properties computed for one piece (values kept are not counted)


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


class TooLarge(Exception):
    """A piece whose prototypes expand to more than MAX_EXPANDED_TRAITS traits (the message
    names the prototype where the count passed it)."""


class Prototypes:
    """Prototype definitions by name, each expanded into (type, state) traits once.

    Prototypes may use one another any number of times: 60 prototypes that each use the next
    twice make a piece of 2**60 traits, which VASSAL would try to build. Each prototype is
    expanded once and shared, and an expansion past MAX_EXPANDED_TRAITS raises TooLarge."""

    def __init__(self, reader: PieceReader, definitions: dict[str, str]) -> None:
        self.reader = reader
        self.definitions = definitions
        self._expanded: dict[str, tuple[tuple[str, str], ...] | None] = {}  # None: too large
        self._parsed: dict[str, beanshell.Node | None] = {}

    def expand(self, kind: PieceKind, states: list[str], depth: int = 0) -> list[tuple[str, str]]:
        """The traits (outermost first, BasicPiece last) with prototypes replaced by theirs;
        TooLarge past MAX_EXPANDED_TRAITS."""
        found: list[tuple[str, str]] = []
        for trait, state in zip(kind.types, states, strict=False):
            if type_prefix(trait) == "prototype;" and depth < MAX_PROTOTYPE_DEPTH:
                found.extend(self._prototype(decode(trait[len("prototype;") :], ";")[0], depth))
            else:
                found.append((trait, state))
            if len(found) > MAX_EXPANDED_TRAITS:
                raise TooLarge(f"its prototypes expanded, it has more than {MAX_EXPANDED_TRAITS:,} traits")
        return found

    def _prototype(self, name: str, depth: int) -> tuple[tuple[str, str], ...]:
        if name not in self._expanded:
            self._expanded[name] = ()  # a prototype that uses itself expands to nothing more
            text = self.definitions.get(name)
            traits: tuple[tuple[str, str], ...] = ()
            if text is not None:
                try:
                    _, kind, states = self.reader.add_piece(text)
                    traits = tuple(self.expand(kind, states, depth + 1)[:-1])  # without its BasicPiece
                except ValueError:
                    traits = ()
                except TooLarge:
                    self._expanded[name] = None
            if self._expanded[name] is not None:
                self._expanded[name] = traits
        found = self._expanded[name]
        if found is None:
            raise TooLarge(f"prototype '{name[:50]}' expands to more than {MAX_EXPANDED_TRAITS:,} traits")
        return found

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
    """Looking properties up for one placed piece, as Decorator.getProperty does.

    VASSAL evaluates a Calculated Property afresh at every reference, so properties that read
    one another cost the product of their references (2 references over 19 levels: half a
    million evaluations). Nothing a piece's expressions read changes while they are evaluated,
    so each property's value (or the error it throws) is kept until a value is set; a value
    computed while a loop was cut short (a property reading itself) is not kept, since it
    depends on where the loop was entered. Depth, the height of the expressions being
    computed and the properties computed are bounded; past a bound, nothing is judged. A
    property that reads itself, directly or not, is not judged either (VASSAL recurses until
    its RecursionLimiter reports an infinite loop)."""

    def __init__(
        self, props: Properties, piece: PlacedPiece, basic_name: str, meter: beanshell.TextMeter | None = None
    ) -> None:
        self.props = props
        self.meter = meter if meter is not None else beanshell.TextMeter()
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
        self._declared: frozenset[str] = frozenset()
        self._known: dict[str, tuple[str, type[Exception] | None]] = {}  # name -> (value, error)
        self._cuts = 0  # lookups that met a property being computed (a loop)
        self._height = 0  # summed heights of the expressions being computed
        self._work = 0  # properties computed

    @property
    def declared_elsewhere(self) -> frozenset[str]:
        """Names the module's pieces declare (not global properties): "" for a piece without
        them, as BasicPiece.getProperty finds nothing and the expression gets ""."""
        return self._declared

    @declared_elsewhere.setter
    def declared_elsewhere(self, names: frozenset[str]) -> None:
        self._declared = names
        self._known.clear()

    def set_value(self, name: str, value: str) -> None:
        """A Dynamic Property set by a key: what was computed from the old value is forgotten."""
        self.props.values[name] = value
        self._known.clear()

    def lookup(self, name: str) -> Value:
        if name in self.props.values:
            return beanshell.wrap(self.props.values[name])
        if name in self.props.calculated:
            if name in self.active:  # VASSAL recurses until its RecursionLimiter reports a loop
                self._cuts += 1
                raise Undecidable(f"property {name} reads itself")
            try:
                value = self.value_of(self.props.calculated[name])
                self.meter.spend(len(value))  # wrap reads it through
                return beanshell.wrap(value)
            except JavaError:
                return ""  # Expression.tryEvaluate reports it and gives "" to whoever asked
        if name in self.builtin:
            return beanshell.wrap(self.builtin[name])
        if name in self._declared:
            return ""
        raise Undecidable(f"property {name} is not known here")

    def shown(self, name: str) -> str:
        try:
            return repr(beanshell.java_string(self.lookup(name)))
        except (Undecidable, JavaError):
            return "(not known)"

    def value_of(self, calculated: Calculated) -> str:
        """The property's value; JavaError where VASSAL reports an expression error."""
        known = self._known.get(calculated.name)
        if known is None:
            cuts = self._cuts  # loops and depth limits met: an answer that depends on the way in
            known = self._compute(calculated)
            if cuts == self._cuts:
                self._known[calculated.name] = known
        text, error = known
        if error is not None:
            raise error(text)  # a fresh exception each time: a kept one would grow its traceback
        return text

    def _compute(self, calculated: Calculated) -> tuple[str, type[Exception] | None]:
        """(value, None), or (message, the exception class) when it throws or is not judged."""
        node = calculated.node
        if node is None:
            return "not evaluated", Undecidable
        if len(self.active) >= MAX_CALCULATION_DEPTH or self._height + node.height > MAX_EVALUATION_HEIGHT:
            self._cuts += 1  # an answer of this depth only: not kept
            return "properties read one another too deep", Undecidable
        self._work += 1
        if self._work > MAX_EVALUATION_WORK:
            return "too many properties to compute", Undecidable
        self.active.add(calculated.name)
        self._height += node.height
        try:
            return beanshell.java_string(beanshell.evaluate(node, self.lookup, self.meter)), None
        except (JavaError, Undecidable) as problem:
            return str(problem), type(problem)
        finally:
            self.active.discard(calculated.name)
            self._height -= node.height


def shorten(expression: str) -> str:
    """An expression as a finding quotes it: whole, unless it is longer than anyone reads."""
    if len(expression) <= MAX_SHOWN_EXPRESSION:
        return expression
    return f"{expression[: MAX_SHOWN_EXPRESSION - 40]}... ({len(expression):,} characters)"


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
                f"Source: {shorten(calculated.expression)} "
                f"Error: Expression evaluation error ({error}; with {bound})",
                where,
            )
