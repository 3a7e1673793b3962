"""One key command run through one piece's traits, far enough to place the markers it makes.

A startup command sends its key to the outermost trait of each piece it selects. VASSAL's
Decorator.keyEvent lets a trait act on the key first and then hands it inwards; a Trigger
Action (TriggerAction.keyEvent) hands it inwards first and acts last, so the Dynamic
Properties inside it are already set when its condition is read. A Trigger Action that fires
sends each of its action keys to the outermost trait again (executeKey). This module follows
that order over the traits inspect knows how to run: Trigger Actions (conditions evaluated by
beanshell.py, loops not run), Dynamic Properties set to a value (PropertySetter) and Place
Marker. A Place Marker puts its marker where PlaceMarker.placeMarker does (see marker_point).

What would move, replace or delete the piece itself, or a value inspect cannot work out,
stops the run for that piece (NotRun): it is then not emulated at all, rather than half.
What the keys send elsewhere (piece Global Key Commands, a marker's afterburner key) is not
followed; the run lists it, so the caller can say that VASSAL may go on from there.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

from compiler.javatext.numbers import to_int
from compiler.javatext.sequence import decode
from compiler.vassal.inspection import beanshell
from compiler.vassal.inspection.beanshell import JavaError, Undecidable
from compiler.vassal.inspection.properties import Evaluation
from compiler.vassal.inspection.traits import type_prefix

MAX_KEY_DEPTH = 50  # Trigger Actions firing one another deeper than this are not run
# Keys one startup run follows in all (its pieces share them): a Trigger Action firing its own
# key twice would otherwise double the work at every level, 2**50 keys before MAX_KEY_DEPTH.
MAX_KEYS_SENT = 50_000


@dataclass
class KeyBudget:
    """The keys a startup run may still follow; shared by the KeyRuns of its pieces."""

    left: int = MAX_KEYS_SENT


MOVERS = {
    "replace;": "replaces the piece",
    "clone;": "clones the piece",
    "delete;": "deletes the piece",
    "sendto;": "sends the piece to another place",
    "return;": "returns the piece to a deck",
    "translate;": "moves the piece",
}


class NotRun(Exception):
    """What the key does to this piece is not emulated (the message says why)."""


def key_id(text: str) -> str:
    """A NamedKeyStroke's identity: its name when it has one, else key code and modifiers."""
    parts = decode(text, ",") if text else []
    if len(parts) >= 3 and parts[2]:
        return parts[2]
    if not parts or parts[0] in ("", "0"):
        return ""
    return ",".join(parts[:2])


@dataclass(frozen=True)
class MarkerOrder:
    """A Place Marker trait that answered a key: what it makes and how it places it."""

    definition: str  # the marker's AddPiece text (markers defined inline only)
    x_offset: int
    y_offset: int
    version: int  # 0: written before VASSAL 3.6 (the offsets then never move a stacking marker)
    afterburner: str  # key the new marker receives next (not followed)


@dataclass
class KeyRun:
    """The traits of one piece (outermost first, prototypes expanded) receiving keys."""

    traits: list[tuple[str, str]]
    evaluation: Evaluation
    budget: KeyBudget = field(default_factory=KeyBudget)
    orders: list[MarkerOrder] = field(default_factory=list)
    unfollowed: list[str] = field(default_factory=list)  # what the keys send elsewhere
    errors: list[tuple[str, str, str]] = field(default_factory=list)  # (whose, expression, error)
    depth: int = 0

    def __post_init__(self) -> None:
        self.evaluation.props.values = dict(self.evaluation.props.values)  # this run's own copy
        self.owners: dict[str, int] = {}  # property -> the outermost Dynamic Property holding it
        for index, (trait, _) in enumerate(self.traits):
            if type_prefix(trait) == "PROP;":
                self.owners.setdefault(_property_name(trait), index)

    def send(self, key: str) -> None:
        """The key to the outermost trait (a startup command's, or a Trigger Action's action)."""
        self.depth += 1
        self.budget.left -= 1
        if self.depth > MAX_KEY_DEPTH:
            raise NotRun("Trigger Actions fire one another too deep")
        if self.budget.left < 0:
            raise NotRun(f"keys fired past the {MAX_KEYS_SENT:,} inspect follows in one start")
        try:
            self._deliver(key, 0)
        finally:
            self.depth -= 1

    def _deliver(self, key: str, start: int) -> None:
        """From trait ``start`` inwards, as Decorator.keyEvent hands a key on. A Trigger Action
        hands the key to the traits inside it first and acts after them (TriggerAction.keyEvent),
        so the Trigger Actions met on the way act last, innermost first. Written as one walk, not
        one call per Trigger Action: a piece may have hundreds."""
        triggers: list[str] = []
        for index in range(start, len(self.traits)):
            trait = self.traits[index][0]
            if type_prefix(trait) == "macro;":
                triggers.append(trait)
            else:
                self._act(index, trait, key)
        for trait in reversed(triggers):
            self._trigger(trait, key)

    def _act(self, index: int, trait: str, key: str) -> None:
        prefix = type_prefix(trait)
        if prefix == "PROP;":
            self._set_property(index, trait, key)
            return
        fields = _fields(trait)
        if prefix in MOVERS and key in {key_id(fields[2]), key_id(fields[8]) if prefix == "sendto;" else ""}:
            raise NotRun(f"a trait that {MOVERS[prefix]}")
        if prefix == "placemark;" and key_id(fields[2]) == key:
            self.orders.append(self._order(fields))
        elif prefix == "globalkey;" and key_id(fields[2]) == key and key_id(fields[3]):
            self.unfollowed.append(f"a Global Key Command sends {key_id(fields[3])} to other pieces")

    def _trigger(self, trait: str, key: str) -> None:
        """TriggerAction.myKeyEvent: on its key or a watched key, if its condition holds."""
        fields = _fields(trait)
        if key not in _trigger_keys(trait) or not self._holds(fields[4], "Trigger Action"):
            return
        if fields[7] == "true":
            raise NotRun("a looping Trigger Action")
        for action in _trigger_actions(trait):
            self.send(action)

    def _holds(self, condition: str, trait: str) -> bool:
        """A Trigger Action's property match (PropertyExpression.isTrue): empty holds; a {...}
        expression must give "true"; one that throws is reported and does not hold."""
        text = condition.strip()
        if not text:
            return True
        if not (text.startswith("{") and text.endswith("}")):
            raise NotRun(f"a Trigger Action condition inspect does not read ({text[:40]})")
        return self._value(text, trait) == "true"

    def _set_property(self, index: int, trait: str, key: str) -> None:
        """DynamicProperty.myKeyEvent: each of its commands on this key sets the value."""
        fields = _fields(trait)
        for command in decode(fields[3], ",") if fields[3] else []:
            parts = [*decode(command, ":"), "", ""]
            if key_id(parts[1]) != key:
                continue
            changer = [*decode(parts[2], ","), ""]
            if changer[0] != "P":
                raise NotRun(f"Dynamic Property {_property_name(trait)} asks or counts (not only sets)")
            value = self._value(changer[1], "Dynamic Property")
            if self.owners.get(_property_name(trait)) == index:
                self.evaluation.set_value(_property_name(trait), value)

    def _value(self, text: str, trait: str) -> str:
        """FormattedString.getText for what inspect can evaluate: a literal or a {...} expression
        (one that throws is reported and gives "", as Expression.tryEvaluate does)."""
        stripped = text.strip()
        if stripped.startswith("{") and stripped.endswith("}") and "$" not in stripped:
            try:
                node = beanshell.parse(stripped[1:-1])
                return beanshell.java_string(
                    beanshell.evaluate(node, self.evaluation.lookup, self.evaluation.meter)
                )
            except JavaError as error:
                whose = f"Piece: {self.evaluation.builtin['BasicName']} Trait: {trait}"
                self.errors.append((whose, stripped, str(error)))
                return ""
            except Undecidable as problem:
                raise NotRun(f"an expression inspect cannot evaluate ({stripped[:40]}: {problem})") from None
        if "$" in text or "{" in text:
            raise NotRun(f"a value inspect cannot work out ({text[:40]})")
        return text

    def _order(self, fields: Sequence[str]) -> MarkerOrder:
        """PlaceMarker.mySetType's fields: spec 3, offsets 5 and 6, afterburner 8, version 15."""
        if not fields[3].startswith("+/"):
            raise NotRun("a Place Marker whose marker is a palette slot")
        offsets = []
        for text in (fields[5] or "0", fields[6] or "0"):
            once = self._value(text, "Place Marker")
            value = self._value(once, "Place Marker")  # evaluated twice, as placeMarker does
            offsets.append(to_int(value))
        version = to_int(fields[15])
        return MarkerOrder(fields[3], offsets[0], offsets[1], version, key_id(fields[8]))


@functools.lru_cache(maxsize=4096)
def _fields(trait: str) -> tuple[str, ...]:
    """A trait's fields, padded so that every field read here exists: the same trait texts
    receive key after key."""
    return (*decode(trait, ";"), *[""] * 16)


@functools.lru_cache(maxsize=4096)
def _trigger_keys(trait: str) -> frozenset[str]:
    """The keys a Trigger Action answers: its own and the ones it watches."""
    fields = _fields(trait)
    return frozenset({key_id(fields[3])} | {key_id(k) for k in decode(fields[5], ",")}) - {""}


@functools.lru_cache(maxsize=4096)
def _trigger_actions(trait: str) -> tuple[str, ...]:
    """The keys a Trigger Action sends when it fires, in order."""
    return tuple(action for k in decode(_fields(trait)[6], ",") if (action := key_id(k)))


def _property_name(trait: str) -> str:
    fields = decode(trait, ";")
    return fields[1] if len(fields) > 1 else "name"


def no_stack(traits: list[tuple[str, str]]) -> bool:
    """Properties.NO_STACK: the outermost Does Not Stack (Immobilized) trait answers it, true
    unless its stacking option is 'L' (stack normally; old traits have none: never stack)."""
    for trait, _ in traits:
        if type_prefix(trait) == "immob;":
            return not ([*decode(trait, ";"), "", "", "", ""])[3].startswith("L")
    return False


def ignores_grid(traits: list[tuple[str, str]]) -> bool:
    """Properties.IGNORE_GRID: the outermost Does Not Stack trait's selection options hold 'g'."""
    for trait, _ in traits:
        if type_prefix(trait) == "immob;":
            return "g" in ([*decode(trait, ";"), ""])[1]
    return False


def marker_point(
    order: MarkerOrder,
    parent: list[tuple[str, str]],
    marker: list[tuple[str, str]],
    point: tuple[int, int],
    stacking: tuple[bool, bool],
) -> tuple[int, int, bool] | str:
    """Where PlaceMarker.placeMarker puts the marker: (x, y, whether the map then snaps it to
    its grid), or why inspect cannot tell. ``stacking``: (the map stacks pieces, the map has
    Game Piece Layers). On a stacking map a marker that may stack with the piece joins the
    piece's stack, at its point, when its offsets are 0 or the trait predates VASSAL 3.6
    (version 0), whatever the offsets; two pieces may stack unless one does not stack, or the
    map's layers put them apart (not read here: then inspect decides only where both answers
    give the same point). Otherwise the marker goes to the piece's point plus the offsets (y
    counts upwards), snapped to the grid unless the marker ignores it."""
    x, y = point
    moved = (x + order.x_offset, y - order.y_offset)
    snaps = not ignores_grid(marker)
    may_join = (
        stacking[0]
        and (order.version == 0 or moved == (x, y))
        and not no_stack(marker)
        and not no_stack(parent)
    )
    if may_join and not stacking[1]:
        return x, y, False
    if may_join and (moved != (x, y) or snaps):
        return "a marker that may or may not join the piece's stack (map layers are not read)"
    return moved[0], moved[1], snaps
