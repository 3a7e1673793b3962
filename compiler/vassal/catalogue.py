"""Which piece each counter becomes: images, traits, prototypes and palette ids.

A two-sided counter gets a Layer that flips between its full and damaged (or
front and back) images with Ctrl+F; a counter placed face down, or kept in a
bin drawn at random, gets a Mask instead (the other side, or in a solitaire
game everyone, sees its back until it is revealed with Ctrl+H). Road and arrow
markers can rotate to twelve facings (Ctrl+R, Ctrl+Shift+R), so they point
across any hexside or vertex. Shared behaviour sits in prototypes: "Unit"
(eliminate with Ctrl+D) and "Marker" (remove with Ctrl+D).

Each piece carries the values its counter prints as properties named by value id
(compiler/vassal/values.py), and is named as the game names the counter
(game.json counter_names): "HGH 4-6", flipped "HGH 2-6 (damaged)".
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.render.names import counter_label
from compiler.vassal.automation.plan import Automation
from compiler.vassal.automation.values import face_traits, face_values
from compiler.vassal.pieces import (
    CTRL,
    SHIFT,
    Trait,
    basic_piece,
    delete,
    key,
    layer,
    marker,
    mask,
    prototype,
    rotate,
)
from compiler.vassal.sides import side_name, side_number
from compiler.vassal.values import LAYER, face_properties
from rules_engine.definitions import Counter, GameInfo, ValidGame
from rules_engine.definitions.counters import face_name

PROTOTYPES: dict[str, list[Trait]] = {
    "Unit": [delete("Eliminate", key("D"))],
    "Marker": [delete("Remove", key("D"))],
}
Prototypes = dict[str, list[Trait]]


def prototypes(plan: Automation | None) -> Prototypes:
    """The module's prototypes: the automation's unit traits go first in "Unit"."""
    if plan is None or not plan.unit_traits:
        return PROTOTYPES
    remove = [delete("Remove from play", "")] if plan.eliminates else PROTOTYPES["Unit"]
    return {**PROTOTYPES, "Unit": [*plan.unit_traits, *remove]}


POINTING = ("road", "arrow")  # markers that point along the map (a road laid, the convoy's route)


@dataclass(frozen=True)
class PieceDefinition:
    """A palette piece: its slot id, its traits (prototypes not expanded) and images."""

    counter: Counter
    gpid: int
    traits: tuple[Trait, ...]
    images: tuple[str, ...]

    label: str  # what the piece is called: the counter's name, or the game's name format

    @property
    def name(self) -> str:
        return self.label


def image_name(counter: Counter, face: str) -> str:
    return f"{counter.id}-{face}.png"


def is_solitaire(definition: ValidGame) -> bool:
    game = definition.game
    return game is not None and game.max_players == 1


def random_bin_counters(definition: ValidGame) -> set[str]:
    """Counters kept in a bin drawn at random (they lie face down there)."""
    board = definition.board
    return {c for box in board.boxes if box.draw == "random" for c in box.counters}


def piece_definitions(definition: ValidGame, plan: Automation | None = None) -> list[PieceDefinition]:
    """One palette piece per counter entry, gpids from 1 in counter-mix order; with ``plan``, each
    piece carries the values and traits the module's automation reads."""
    counters = definition.counters
    return [
        _piece(definition, counter, gpid, plan)
        for gpid, counter in enumerate(counters.counters.values(), start=1)
    ]


def _piece(definition: ValidGame, counter: Counter, gpid: int, plan: Automation | None) -> PieceDefinition:
    front, back = image_name(counter, "front"), image_name(counter, "back")
    game = definition.game
    nation = game.nation(counter.nation) if game and counter.nation else None
    properties = {
        "Counter": counter.id,
        "Kind": counter.kind,
        "Side": side_name(definition, counter.side),
        "SideNo": str(side_number(definition, counter.side)),
        "Nation": nation.name if nation else "",
        "Class": counter.unit_class or "",
    }
    label = counter_label(game, counter)
    traits: list[Trait] = [prototype("Unit" if counter.is_unit else "Marker")]
    if plan is not None:  # outside a Mask, so that a face-down piece hears the automation's keys
        traits += plan.traits_of(counter)
    images = [front]
    if counter.front.symbol in POINTING:
        traits.append(rotate(12, key("R"), key("R", CTRL + SHIFT)))
    masked = counter.hidden or counter.id in random_bin_counters(definition)
    if masked:
        # Face down until revealed; a unit drawn from a bin shows its bin's flag meanwhile.
        access = "player:" if is_solitaire(definition) else "side:"
        side = side_name(definition, counter.side) or "?"
        traits.append(
            mask(back, "Reveal / hide", key("H"), access, None, mask_name="?" if counter.hidden else side)
        )
        images.append(back)
        base_image = front
    elif counter.two_sided:
        more = [image_name(counter, face_name(index)) for index in range(2, 2 + len(counter.more_faces))]
        # a unit of more than two steps flips on through its further faces, and back with Ctrl+Shift+F
        down = ("Flip back", key("F", CTRL + SHIFT)) if more else ("", "")
        names = _level_names(game, counter, label)
        traits.append(layer([front, back, *more], names, "Flip", key("F"), LAYER, 1, *down))
        images += [back, *more]
        base_image = ""
    else:
        base_image = front
    constant, calculated = face_properties(game, counter, masked)
    if plan is not None:
        # The automation's own properties in a Marker of their own, led by 'Wgc', so that an
        # import tells them from the game's declared values.
        automation = {"Wgc": "unit" if counter.is_unit else ("gear" if counter.kind == "gear" else "marker")}
        automation.update(face_values(counter))
        automation.update(plan.values_of(counter))
        traits += face_traits(counter)
        traits.append(marker(automation))
    traits.append(marker(properties | constant))
    traits.extend(calculated)
    traits.append(basic_piece(base_image, label, gpid=str(gpid)))
    return PieceDefinition(counter, gpid, tuple(traits), tuple(images), label)


def shown_name(game: GameInfo, counter: Counter, index: int) -> str:
    """The name VASSAL gives the piece showing face ``index`` (0 the front): the Layer's level
    name added to the counter's name ('+' first) or in its place."""
    label = counter_label(game, counter)
    level = _level_names(game, counter, label)[index] if index else ""
    return label + level[1:] if level.startswith("+") else (level.replace("\\+", "+") or label)


def _level_names(game: GameInfo, counter: Counter, label: str) -> list[str]:
    """The Layer's names for the sides: the damaged side adds ' (damaged)' to the name; a
    back whose values name it otherwise (counter_names) is called by its own name. A further
    face (more_faces) says its number too: ' (damaged: face 3)'."""
    names = [""]
    for index, face in enumerate(counter.faces[1:], start=1):
        said = [*(["damaged"] if face.damaged else []), *([f"face {index + 1}"] if index > 1 else [])]
        words = f" ({': '.join(said)})" if said else ""
        face_label = counter_label(game, counter, face)
        if face_label == label:
            names.append("+" + words if words else "")
        else:
            # The whole name of the face; '+' is escaped, as a '+' would split it into prefix and suffix.
            names.append((face_label + words).replace("+", "\\+"))
    return names


def expand(traits: tuple[Trait, ...] | list[Trait], known: Prototypes = PROTOTYPES) -> list[Trait]:
    """Replace prototype traits by the traits they stand for (saved games need this)."""
    expanded: list[Trait] = []
    for trait in traits:
        if trait.prefix == "prototype;":
            expanded.extend(expand(known[trait.type.removeprefix("prototype;")], known))
        else:
            expanded.append(trait)
    return expanded
