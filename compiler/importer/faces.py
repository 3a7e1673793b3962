"""A piece's faces, read from its own traits: the BasicPiece's image, and a Layer that shows the
other sides (VASSAL's flip).

The faces are:
- a Layer, always active, whose every level shows an image, over a BasicPiece without one:
  each level is a face (level 1 the front);
- a BasicPiece with an image and a Layer whose first level is blank and whose others show an
  image: the BasicPiece's image is the front and each further level another face (the Layer
  covers the front);
- otherwise the BasicPiece's image alone, if it has one.
Other Layers (an overlay such as a 'disrupted' marker, a zoomed picture) stay traits of the
piece. The innermost qualifying Layer is taken: VASSAL draws inner traits first, so it is the
one the others are drawn over.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.javatext.sequence import decode
from compiler.vassal.extension.links import BASIC_IMAGE, LAYER_IMAGES, field_of
from compiler.vassal.inspection.traits import basic_int, type_prefix

ALWAYS_ACTIVE = 26  # position of alwaysActive in decode(emb2 type, ";")


@dataclass(frozen=True)
class Faces:
    """The images of a piece's faces (front first), and where they come from."""

    images: tuple[str, ...]
    basic: int | None  # the BasicPiece's position when its image is the front
    layer: int | None  # the Layer's position when it shows the faces
    level: int | None  # the face the piece shows (1 = front), when the layer says

    @property
    def blank_first(self) -> bool:
        """The Layer's first level is blank: the BasicPiece's image is the front."""
        return self.basic is not None and self.layer is not None


def read_faces(types: tuple[str, ...], states: list[str]) -> Faces:
    basic = len(types) - 1
    basic_image = field_of(types[basic], BASIC_IMAGE) if type_prefix(types[basic]) == "piece;" else ""
    for position in range(basic - 1, -1, -1):
        trait = types[position]
        if type_prefix(trait) != "emb2;" or field_of(trait, ALWAYS_ACTIVE) != "true":
            continue
        images = decode(field_of(trait, LAYER_IMAGES), ",")
        level = _level(states[position], len(images))
        if not basic_image and images and all(images):
            return Faces(tuple(images), None, position, level)
        if basic_image and len(images) > 1 and not images[0] and all(images[1:]):
            return Faces((basic_image, *images[1:]), basic, position, level)
    if basic_image:
        return Faces((basic_image,), basic, None, None)
    return Faces((), None, None, None)


def _level(state: str, count: int) -> int | None:
    level = basic_int([state], 0)
    return level if 1 <= level <= count else None


def layer_images(faces: tuple[str, ...], blank_first: bool) -> tuple[str, ...]:
    """The Layer's image list for these faces (with its blank first level, where it has one)."""
    return ("", *faces[1:]) if blank_first else faces
