"""Random expression graphs and prototype graphs through `wgc inspect`: findings, never an
exception, and the same verdicts as a plain evaluation that keeps nothing.

Calculated Properties reading one another (in loops too, with literals BeanShell refuses) and
prototypes using one another (many times over, in loops too) are what issue 19 found
taking minutes, gigabytes or Python's stack. inspect keeps each property's value and each
prototype's expansion; a slow reference that computes everything afresh, on graphs small
enough for it, must reach the same findings. The example counts are small so the suite stays
fast; raise ``max_examples`` locally to search longer.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.vassal.inspect import inspect_module
from compiler.vassal.inspection import beanshell
from compiler.vassal.inspection.beanshell import JavaError, Undecidable, Value
from compiler.vassal.inspection.model import Inspection
from compiler.vassal.inspection.properties import MAX_CALCULATION_DEPTH, MAX_EXPANDED_TRAITS

from . import inspect_hostile as hostile

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
NAMES = [f"C{n}" for n in range(6)]
LITERALS = st.sampled_from(["0", "1", "7", "2147483647", "4294967296", "9" * 11, "9" * 12, "9" * 5000, "010"])


def _expression(names: list[str]) -> st.SearchStrategy[str]:
    """A BeanShell expression over the properties ``names`` (which may include its own)."""
    leaf = st.one_of(st.sampled_from(names), LITERALS, st.just('"ab"'))

    def grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        binary = st.tuples(inner, st.sampled_from(["+", "-", "*", "/", "%", "==", "<"]), inner)
        return st.one_of(
            binary.map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            st.tuples(inner, inner, inner).map(lambda t: f"(({t[0]}) == 0 ? {t[1]} : {t[2]})"),
            inner.map(lambda t: f'("" + {t}).length()'),
            inner.map(lambda t: f'"abc".substring({t})'),
        )

    return st.recursive(leaf, grow, max_leaves=6)


@st.composite
def expression_graphs(draw: st.DrawFn) -> dict[str, str]:
    names = NAMES[: draw(st.integers(1, len(NAMES)))]
    return {name: "{" + draw(_expression(names)) + "}" for name in names}


def inspected(tmp_path: Path, data: bytes) -> Inspection:
    module = tmp_path / "fuzzed.vmod"
    module.write_bytes(data)
    return inspect_module(module)


def _plain_verdicts(expressions: dict[str, str]) -> set[str]:
    """The properties whose expression throws, each computed afresh at every reference (as
    VASSAL does), a loop or a chain past the depth limit not judged."""

    def value(name: str, active: tuple[str, ...]) -> Value:
        if name not in expressions:
            raise Undecidable(name)
        if name in active or len(active) >= MAX_CALCULATION_DEPTH:
            raise Undecidable("a loop, or too deep")
        node = beanshell.parse(expressions[name][1:-1])
        found = beanshell.evaluate(node, functools.partial(lookup, active=(*active, name)))
        return beanshell.wrap(beanshell.java_string(found))

    def lookup(name: str, active: tuple[str, ...]) -> Value:
        try:
            return value(name, active)
        except JavaError:
            return ""  # Expression.tryEvaluate: the one who asks gets ""

    throwing = set()
    for name in expressions:
        try:
            value(name, ())
        except JavaError:
            throwing.add(name)
        except Undecidable:
            pass
    return throwing


@settings(FUZZ)
@given(expressions=expression_graphs())
def test_expression_graphs_get_the_verdicts_of_a_plain_evaluation(
    tmp_path: Path, expressions: dict[str, str]
) -> None:
    result = inspected(tmp_path, hostile.calculated_piece(expressions))
    # VASSAL writes a calculated integer back without its braces (vassal_resave fixtures), so a
    # slot holding one is re-encoded: a finding of the slot, not of the evaluation
    verdicts = [f for f in result.findings if f.code != "slot.reencoded"]
    assert {f.code for f in verdicts} <= {"piece.expression-error"}
    reported = {f.message.split(" Source")[0].rsplit(" - ", 1)[1] for f in verdicts}
    assert reported == _plain_verdicts(expressions)


@st.composite
def prototype_graphs(draw: st.DrawFn) -> tuple[list[list[int]], list[int], int]:
    """(what each prototype uses, what the piece uses, the marker the piece's property reads):
    half of them acyclic (a prototype uses only later ones, some the next one up to 4 times
    over: up to 8**11 traits), half with any uses, loops included."""
    count = draw(st.integers(1, 12))
    forward = draw(st.booleans())
    ladder = draw(st.integers(0, 4)) if forward else 0  # each uses the next this many times, too
    graph = []
    for node in range(count):
        low = node + 1 if forward else 0
        uses = st.lists(st.integers(low, count - 1), max_size=4) if low < count else st.just([])
        graph.append([node + 1] * ladder * (node + 1 < count) + draw(uses))
    used = draw(st.lists(st.integers(0, count - 1), min_size=1, max_size=2))
    return graph, used, draw(st.integers(0, count - 1))


def _is_acyclic(graph: list[list[int]]) -> bool:
    state: dict[int, str] = {}

    def visit(node: int) -> bool:
        if state.get(node) == "open":
            return False
        if state.get(node) == "done":
            return True
        state[node] = "open"
        fine = all(visit(child) for child in graph[node])
        state[node] = "done"
        return fine

    return all(visit(node) for node in range(len(graph)))


def _plain_expansion(graph: list[list[int]]) -> Callable[[int], tuple[int, frozenset[int]]]:
    """(traits, markers) of each prototype of an acyclic graph, counted without expanding."""

    @functools.cache
    def size(node: int) -> tuple[int, frozenset[int]]:
        parts = [size(child) for child in graph[node]]
        markers = frozenset({node}).union(*(m for _, m in parts))
        return sum(n for n, _ in parts) + 1, markers

    return size


@settings(FUZZ)
@given(drawn=prototype_graphs())
def test_prototype_graphs_expand_as_a_plain_expansion_counts(
    tmp_path: Path, drawn: tuple[list[list[int]], list[int], int]
) -> None:
    """The piece's property throws when the marker it reads is among its traits; a piece past
    the expansion bound is reported instead. Prototypes in a loop: findings, nothing more."""
    graph, used, read = drawn
    expression = "{M" + str(read) + " + 1 / 0}"  # not judged where M<read> is unknown
    result = inspected(tmp_path, hostile.prototype_module(graph, used, expression))
    found = {f.code for f in result.findings}
    assert found <= {"piece.expression-error", "piece.too-large"}
    if not _is_acyclic(graph):
        return
    size = _plain_expansion(graph)
    traits = 2 + sum(size(node)[0] for node in used)  # with the property and the basic piece
    markers = frozenset().union(*(size(node)[1] for node in used))
    if traits > MAX_EXPANDED_TRAITS:
        assert found == {"piece.too-large"}
    else:
        assert found == ({"piece.expression-error"} if read in markers else set())
