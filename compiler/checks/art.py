"""Art: a board image's grid registration lies on the image, its scale agrees with the
printed hex size, and point-to-point spaces stand on it.

That an image exists, decodes and is no bomb is found when it is read (compiler/art,
reported by the model builder at the JSON pointer that names it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from compiler.checks.context import CheckContext, at
from compiler.diagnostics import Diagnostic, codes, error, warning
from compiler.mapgeometry.registration import image_dpi, image_layout
from rules_engine.definitions import MapDefinition, Origin
from rules_engine.definitions.art import Artwork, BoardImage
from rules_engine.definitions.counters import face_path

COUNTER_IN = 0.625  # the counter size modules and sheets use by default
SCALE_TOLERANCE = 0.03  # stated dpi and hex size may disagree by this share (rounding, scanning)
REGULAR_STEP = 0.866  # column step over hex size of a regular hex (sqrt(3)/2)


def check_board_image(context: CheckContext) -> Iterator[Diagnostic]:
    """The registration is complete and sensible, and every hex or space lies on the image."""
    board = context.definition.board
    if board is None or board.image is None:
        return
    image = board.image
    missing = _missing_registration(board, image)
    if missing is not None:
        yield missing
        return
    if board.grid is not None:
        yield from _steps(image)
        yield from _hexes_on_image(board, image)
        yield from _scale(board, image)
    else:
        yield from _spaces_on_image(board, image)


def _missing_registration(board: MapDefinition, image: BoardImage) -> Diagnostic | None:
    file, pointer = at(image.origin)
    if board.grid is not None and (image.hex_size is None or image.first_centre is None):
        unit_note = image.dpi is None and (image.hex_size is None) != (image.first_centre is None)
        return error(
            codes.MAP_IMAGE_REGISTRATION,
            "the board image has no grid registered on it: hex_size and first_hex are needed"
            + (" (lengths in in or mm need the image's dpi)" if unit_note else ""),
            file,
            pointer,
            hint="run `wgc grid fit IMAGE` to measure them, or give them in the image's pixels",
        )
    if board.grid is None and image_dpi(board) is None:
        return error(
            codes.MAP_IMAGE_REGISTRATION,
            "the board image's print size is unknown: give its dpi, or the map's size",
            file,
            pointer,
            hint='"dpi": 150 says 150 pixels make a printed inch',
        )
    return None


def _steps(image: BoardImage) -> Iterator[Diagnostic]:
    if image.column_step is None or image.hex_size is None:
        return
    ratio = image.column_step / image.hex_size
    if not 0.6 <= ratio <= 1.15:
        file, pointer = at(image.origin, "column_step")
        yield error(
            codes.MAP_IMAGE_REGISTRATION,
            f"column_step is {ratio:.2f} times hex_size; a hex grid's is near {REGULAR_STEP}",
            file,
            pointer,
            hint="check the grid's orientation (flat-top or pointy-top) and the two lengths",
        )


def _hexes_on_image(board: MapDefinition, image: BoardImage) -> Iterator[Diagnostic]:
    """Every hex of the grid has its centre on the image; a listed hex is named, the rest counted."""
    layout = image_layout(board)
    assert layout is not None and board.grid is not None
    width, height = image.art.size
    off: list[str] = []
    for space in board.spaces.values():
        if space.hex is None:
            continue
        x, y = layout.centre(space.hex)
        if 0 <= x < width and 0 <= y < height:
            continue
        if space.listed:
            file, pointer = at(space.origin, "id")
            yield error(
                codes.MAP_IMAGE_GRID_OFF_IMAGE,
                f"hex {space.id} lies off the board image: its centre would be at ({x:.0f}, {y:.0f}) "
                f"on a {width} x {height} image",
                file,
                pointer,
                hint="check the registration's first_hex and hex_size, or the grid's columns and rows",
            )
        else:
            off.append(space.id)
    if off:
        file, pointer = at(image.origin)
        shown = ", ".join(off[:6]) + (" ..." if len(off) > 6 else "")
        yield error(
            codes.MAP_IMAGE_GRID_OFF_IMAGE,
            f"{len(off)} hexes of the grid lie off the {width} x {height} board image: {shown}",
            file,
            pointer,
            hint="the registered grid must lie on the image: check first_hex, hex_size, "
            "column_step and the grid's columns and rows",
        )


def _scale(board: MapDefinition, image: BoardImage) -> Iterator[Diagnostic]:
    """The stated dpi agrees with the printed hex size; counters fit the hexes."""
    assert image.hex_size is not None
    file, pointer = at(image.origin)
    if image.dpi is not None and board.hex_size is not None:
        printed = image.hex_size / image.dpi
        if abs(printed - board.hex_size) > SCALE_TOLERANCE * board.hex_size:
            yield warning(
                codes.MAP_IMAGE_SCALE,
                f"at {image.dpi:g} dpi the image's hexes are {printed:.3f} in across, "
                f"but the grid's hex_size says {board.hex_size:.3f} in",
                file,
                pointer + "/dpi",
                hint=f"the image is {image.hex_size / board.hex_size:.0f} dpi at that hex size; "
                "correct dpi or the grid's hex_size",
            )
    dpi = image_dpi(board)
    if dpi is not None and COUNTER_IN * dpi > image.hex_size * 1.02:
        yield warning(
            codes.MAP_IMAGE_SCALE,
            f"a {COUNTER_IN:g} in counter is {COUNTER_IN * dpi:.0f} px at the map's {dpi:.0f} dpi, "
            f"wider than its hexes ({image.hex_size:.0f} px across)",
            file,
            pointer,
            hint="state the printed hex size (grid.hex_size) or the image's dpi",
        )


def _spaces_on_image(board: MapDefinition, image: BoardImage) -> Iterator[Diagnostic]:
    width, height = image.art.size
    for space in board.spaces.values():
        if space.x is None or space.y is None or (0 <= space.x < width and 0 <= space.y < height):
            continue
        file, pointer = at(space.origin)
        yield error(
            codes.MAP_IMAGE_SPACE_OFF_IMAGE,
            f"space '{space.id}' at ({space.x:g}, {space.y:g}) lies off the {width} x {height} board image",
            file,
            pointer,
            hint="with a board image, x and y are the space's centre in the image's pixels",
        )


CARD_ASPECT = 2.5 / 3.5  # width over height of the cards wgc prints and VASSAL shows
ASPECT_TOLERANCE = 0.03


def check_card_images(context: CheckContext) -> Iterator[Diagnostic]:
    """A card's front and back images are the same size, and a card's shape. An imported
    module's cards are as the module drew them (any shape; their sides may differ, as VASSAL
    allows), so only a warning says that sheets would not line their sides up."""
    if context.definition.kept is not None:
        yield from _imported_sizes(context)
        return
    for deck in context.definition.decks or ():
        for card in deck.cards:
            back = card.back_image or deck.back_image
            where = card.origin if card.back_image is not None else deck.origin
            yield from _same_size(card.image, back, card.origin, where, f"card '{card.id}'", key="back_image")
            for key, art, origin in (("image", card.image, card.origin), ("back_image", back, where)):
                if (
                    art is not None
                    and abs(art.width / art.height - CARD_ASPECT) > ASPECT_TOLERANCE * CARD_ASPECT
                ):
                    file, pointer = at(origin, key)
                    yield warning(
                        codes.ART_SIZES_DIFFER,
                        f"image '{art.file}' is {art.width} x {art.height} px, not a 2.5 x 3.5 in card's "
                        "shape: it is stretched to fit",
                        file,
                        pointer,
                        hint="crop it to the card's shape (5 to 7)",
                    )


def _imported_sizes(context: CheckContext) -> Iterator[Diagnostic]:
    """An imported module's counters and cards whose sides differ in size, as warnings."""
    definition = context.definition
    for counter in definition.counters.counters.values() if definition.counters is not None else ():
        arts = [face.image.art if face.image is not None else None for face in counter.faces]
        if len(arts) > 1:
            at_back = counter.origin.child("back")
            yield from _same_size(
                arts[0], arts[1], counter.origin.child("front"), at_back, counter.id, warning
            )
    for deck in definition.decks or ():
        for card in deck.cards:
            back = card.back_image or deck.back_image
            where = card.origin if card.back_image is not None else deck.origin
            yield from _same_size(
                card.image, back, card.origin, where, f"card '{card.id}'", warning, key="back_image"
            )


def _same_size(
    front: Artwork | None,
    back: Artwork | None,
    front_at: Origin,
    back_at: Origin,
    what: str,
    severity: Callable[..., Diagnostic] = error,
    key: str = "image",
) -> Iterator[Diagnostic]:
    """``key``: the back's field that names its image (a card's or deck's ``back_image``)."""
    if front is None or back is None or front.kind == "svg" or back.kind == "svg" or front.size == back.size:
        return
    file, pointer = at(back_at, key)
    yield severity(
        codes.ART_SIZES_DIFFER,
        f"{what}: the front image '{front.file}' is {front.width} x {front.height} px, the back "
        f"'{back.file}' {back.width} x {back.height} px",
        file,
        pointer,
        hint="export both sides at the same size, so that each back lies behind its front",
    )


def check_counter_images(context: CheckContext) -> Iterator[Diagnostic]:
    """A counter's front and back images are the same size, and square as a counter is (an
    imported module's pieces: see check_card_images)."""
    mix = context.definition.counters
    if mix is None or context.definition.kept is not None:
        return
    for counter in mix.counters.values():
        arts = [
            (name, face.image.art if face.image is not None else None) for name, face in counter.named_faces()
        ]
        front = arts[0][1]
        for name, art in arts[1:]:  # each face behind the front, or a step counter's, is cut as it is
            yield from _same_size(
                front, art, counter.origin.child("front"), counter.origin.child(*face_path(name)), counter.id
            )
        for side, art in arts:
            if art is not None and abs(art.width - art.height) > ASPECT_TOLERANCE * max(art.size):
                file, pointer = at(counter.origin, *face_path(side), "image")
                yield warning(
                    codes.ART_SIZES_DIFFER,
                    f"image '{art.file}' is {art.width} x {art.height} px, not square: it is stretched "
                    "to the counter's size",
                    file,
                    pointer,
                    hint="crop it square",
                )
