"""Reading VASSAL's encodings the way VASSAL reads them, in time linear in the text.

The oracles below follow VASSAL 3.7's SequenceEncoder.Decoder, BasicCommandEncoder.createPiece
and Decorator.setState step by step (one character, one level at a time); the decoders under
test must give the same answer for any text."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compiler.javatext.sequence import EncodingError, decode, encode
from compiler.mapgeometry.grids import HexGrid, Numbering, Polygon, RegionGrid, SquareGrid
from compiler.vassal.inspection.traits import PieceKind
from compiler.vassal.pieces import add_piece, basic_piece, decode_add_piece, join_chain, marker, split_chain
from compiler.vassal.savefile import MAX_EMPTY_DEPTH, commands_of, deobfuscate, obfuscate, read_commands

# Texts made of the characters that matter to the decoders.
AWKWARD = st.text(alphabet=st.sampled_from(["\t", "\\", "'", ";", "a", "b"]), max_size=16)


def java_tokens(value: str, delimiter: str) -> Iterator[str]:
    """SequenceEncoder.Decoder.nextToken, character by character."""
    start, stop = 0, len(value)
    while True:
        if start == stop:
            yield ""
            return
        buffer, token, index, last = "", None, start, False
        while index < stop:
            if value[index] == delimiter:
                if index > 0 and value[index - 1] == "\\":
                    buffer += value[start : index - 1]
                    start = index
                else:
                    token = value[start:index] if not buffer else None
                    buffer += value[start:index] if buffer else ""
                    start = index + 1
                    break
            index += 1
        if start < index:
            token = value[start:] if not buffer else None
            buffer += value[start:stop] if buffer else ""
            last = True
        text = token if token is not None else buffer
        yield text[1:-1] if len(text) > 1 and text[0] == "'" and text[-1] == "'" else text
        if last:
            return


def java_type_chain(piece_type: str) -> list[str]:
    """createPiece: the first TAB token is this trait, the second (if any) the inner piece."""
    found = []
    while True:
        tokens = java_tokens(piece_type, "\t")
        found.append(next(tokens))
        inner = next(tokens, None)
        if inner is None:
            return found
        piece_type = inner


def java_state_chain(state: str, levels: int) -> list[str] | None:
    """Decorator.setState for ``levels`` traits; None where VASSAL throws 'no state for trait'."""
    found = []
    for _ in range(levels):
        tokens = java_tokens(state, "\t")
        found.append(next(tokens))
        inner = next(tokens, None)
        if inner is None:
            return None
        state = inner
    return [*found, state]


@given(text=AWKWARD, delimiter=st.sampled_from([";", "\t", "\x1b", "/"]))
def test_decode_is_vassals_decoder(text: str, delimiter: str) -> None:
    assert decode(text, delimiter) == list(java_tokens(text, delimiter))


@given(text=AWKWARD)
def test_type_chains_split_as_create_piece_does(text: str) -> None:
    assert split_chain(text) == java_type_chain(text)


@given(text=AWKWARD, levels=st.integers(0, 4))
def test_state_chains_split_as_set_state_does(text: str, levels: int) -> None:
    expected = java_state_chain(text, levels)
    if expected is None:
        with pytest.raises(ValueError, match="no state"):
            split_chain(text, levels)
    else:
        assert split_chain(text, levels) == expected


def _chain_level_by_level(items: list[str]) -> str:
    """SE(TAB)[item, chain of the rest] from the innermost out, as Decorator.getType builds it."""
    text = items[-1]
    for item in reversed(items[:-1]):
        text = encode([item, text], "\t")
    return text


@given(items=st.lists(AWKWARD, min_size=1, max_size=6))
def test_chains_join_in_one_pass_as_level_by_level(items: list[str]) -> None:
    try:
        expected: str | None = _chain_level_by_level(items)
    except EncodingError:
        expected = None
    if expected is None:
        with pytest.raises(EncodingError):
            join_chain(items)
    else:
        assert join_chain(items) == expected
        assert split_chain(expected, len(items) - 1) == items


@given(head=AWKWARD, tails=st.lists(AWKWARD, min_size=1, max_size=4), levels=st.integers(1, 4))
def test_states_split_alike_when_they_share_all_but_the_basic_piece(
    head: str, tails: list[str], levels: int
) -> None:
    """PieceKind.states splits the text before the last TAB once for pieces alike: every
    piece still reads as Decorator.setState reads it."""
    kind = PieceKind.of(join_chain(["mark;x"] * levels + ["piece;;;;a"]))
    assert len(kind.types) == levels + 1
    for tail in tails:
        text = f"{head}\t{tail}"
        expected = java_state_chain(text, levels)
        if expected is None:
            with pytest.raises(ValueError, match="no state"):
                kind.states(text)
        else:
            assert kind.states(text) == expected


def test_a_deep_piece_decodes_in_one_pass() -> None:
    """189 traits (the deepest piece of a public module): the chain's text grows with the
    square of its depth, and split_chain still returns every trait as the oracle does."""
    traits = [marker({f"P{n}": f"v;{n}\t'x'"}) for n in range(188)] + [
        basic_piece("a.png", "Deep", "Main", 1, 2)
    ]
    command = add_piece("9", traits)
    assert len(command) > 30_000
    _, decoded = decode_add_piece(command)
    assert decoded == traits


def test_a_tab_in_a_basic_piece_name_breaks_it_as_in_vassal() -> None:
    """VASSAL escapes a name's TAB once per enclosing trait and then reads it as a separator:
    the type gains a trait its state lacks, and VASSAL throws 'no state for trait'."""
    command = add_piece("1", [marker({"A": "b"}), basic_piece("a.png", "x\ty")])
    assert split_chain(decode(command[2:], "/")[1]) == ["mark;A", "piece;;;a.png;x", "y"]
    with pytest.raises(ValueError, match="no state"):
        decode_add_piece(command)


def test_saves_are_read_strictly_and_quickly() -> None:
    text = "begin_save\x1b\x1b+/1/piece;;;a.png;A/Main;1;2;3;0\x1bend_save"
    assert deobfuscate(obfuscate(text)) == text
    with pytest.raises(ValueError, match="damaged"):
        deobfuscate(obfuscate(text) + b"\n")  # VASSAL's reader takes hex digits only
    nested = "begin_save\x1b" + "a\\\x1bb\\\\\x1bc" + "\x1bend_save"  # a list of lists, escaped per level
    assert commands_of(nested) == ["begin_save", "a", "b", "c", "end_save"]


def test_empty_stacks_are_dropped_at_every_level_as_vassal_saves_them() -> None:
    """VASSAL 3.7 saves no empty stack; old saves hold millions. Each empty stack between two
    delimiters of its own level goes; one with pieces, on a map the module lacks, or first or
    last in its list stays, and the rest of the stream reads the same."""
    empty, null = "+/7/stack/Main;-100;-100;@@1", "+/6/stack/null;0;0;@@-1"
    kept = ["+/8/stack/Main;5;5;p1;@@-1", "+/9/stack/Elsewhere;1;1;@@-1"]
    inner = encode([empty, "x", empty, null, "y", empty], "\x1b")  # the first and the last stay
    deeper = encode(["u", encode(["v", empty, "w"], "\x1b"), "z"], "\x1b")
    stream = encode(["begin_save", "", empty, empty, *kept, inner, deeper, empty, null, "end_save"], "\x1b")
    commands, count = read_commands(stream, maps=["Main", "Main Map"])
    assert count == 7
    assert commands == [
        "begin_save", *kept, empty, "x", "y", empty, "u", "v", "w", "z", "end_save"
    ]  # fmt: skip
    assert read_commands(stream) == (commands_of(stream), 0)
    assert len(commands_of(stream)) == len(commands) + count


EMPTY_STACKS = ("+/9/stack/Main;1;-2;@@-1", "+/8/stack/null;0;0;@@-1", "+/7/stack/Main Map")
LEAVES = st.sampled_from(["a", "b;c", "+/5/stack/Main;1;1;p;@@-1", "+/6/stack/Other;1;1;@@1", *EMPTY_STACKS])
NESTED = st.lists(
    st.recursive(LEAVES, lambda inner: st.lists(inner, min_size=2, max_size=5), max_leaves=40), min_size=2
)


def _encoded(node: Any) -> str:
    return node if isinstance(node, str) else encode([_encoded(child) for child in node], "\x1b")


def _flattened(node: Any, depth: int = 0) -> tuple[list[str], int]:
    """The commands VASSAL reads, less each empty stack with a neighbour on both sides in its
    own list (nested less than ``depth`` deep), and how many those were."""
    if isinstance(node, str):
        return [node], 0
    found, dropped = [], 0
    for index, child in enumerate(node):
        if 0 < index < len(node) - 1 and depth < MAX_EMPTY_DEPTH and child in EMPTY_STACKS:
            dropped += 1
            continue
        commands, more = _flattened(child, depth + 1)
        found += commands
        dropped += more
    return found, dropped


@given(tree=NESTED)
def test_empty_stacks_are_cut_from_any_nesting_in_one_pass(tree: Any) -> None:
    stream = _encoded(tree)
    assert read_commands(stream, maps=["Main", "Main Map", "Ot/her"]) == _flattened(tree)
    assert read_commands(stream) == (_flattened(tree, MAX_EMPTY_DEPTH)[0], 0)


# --- grids -------------------------------------------------------------------------------------------


def test_polygons_have_javas_half_open_edges() -> None:
    square = Polygon.parse("0,0;10,0;10,10;0,10")
    assert square.contains((0, 0)) and square.contains((9, 9))
    assert not square.contains((10, 5)) and not square.contains((5, 10))
    triangle = Polygon.parse("0,0;10,10;0,10")
    assert triangle.contains((1, 5)) and not triangle.contains((6, 5))


def test_region_ties_follow_javas_hash_map_order() -> None:
    """Two regions as near as each other: VASSAL keeps the first its HashMap iterates."""
    first = RegionGrid.of([("West", (0, 0)), ("East", (10, 0))])
    second = RegionGrid.of([("East", (10, 0)), ("West", (0, 0))])
    assert first.location_name((5, 0), (0, 0)) == second.location_name((5, 0), (0, 0))
    assert RegionGrid.of([("Old", (3, 3)), ("New", (3, 3))]).regions == (("New", (3, 3)),)


@given(
    column=st.integers(0, 30),
    row=st.integers(0, 30),
    sideways=st.booleans(),
    stagger=st.booleans(),
    alphabetic=st.booleans(),
    descend=st.booleans(),
)
def test_hex_names_and_points_agree(
    column: int, row: int, sideways: bool, stagger: bool, alphabetic: bool, descend: bool
) -> None:
    """A hex's name places a piece back in that hex (SetupStack locations), except where VASSAL
    itself disagrees with itself: staggered columns numbered downwards (FORMAT.md 6.5)."""
    numbering = Numbering(h_type="A" if alphabetic else "N", h_off=0, stagger=stagger, h_descend=descend)
    grid = HexGrid(55.4, 64.0, 30, 32, sideways, numbering)
    size = (2000, 2400)
    u = int(grid.dx * column + grid.x0)
    v = int(grid.dy * row + grid.y0) if column % 2 == 0 else int(grid.dy * row + int(grid.dy / 2) + grid.y0)
    centre = (v, u) if sideways else (u, v)
    name = grid.location_name(centre, size)
    assert name is not None
    point = grid.point_of(name, size)
    assert point is not None
    if not (stagger and descend):
        assert grid.location_name(point, size) == name


def test_square_names_and_labels() -> None:
    grid = SquareGrid(40.0, 25.0, 20, 12, Numbering(first="H", sep="-", v_type="A", v_descend=True))
    assert grid.location_name((61, 40), (200, 100)) == "02-E"
    assert grid.point_of("02-E", (200, 100)) == (60, 37)
    assert Numbering().label(27, "A", 0) == "BB" and Numbering().label(-3, "N", 1) == "-03"
