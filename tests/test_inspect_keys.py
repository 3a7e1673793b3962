"""A key run through one piece's traits (keys.py) and startup commands run over a setup's
pieces (startup.py), on hand-made traits: what VASSAL's order of traits decides, what stops a
piece from being run, and where markers go. The whole path against the real engine is in
tests/test_inspect_vassal.py (the 'startup' case)."""

from __future__ import annotations

import pytest

from compiler.vassal.inspection.keys import KeyRun, MarkerOrder, NotRun, marker_point
from compiler.vassal.inspection.model import Inspection, PlacedPiece
from compiler.vassal.inspection.properties import Evaluation, Properties
from compiler.vassal.inspection.startup import PieceView, StartupCommand, reactions_of, run_startup
from compiler.vassal.pieces import Trait, add_piece, basic_piece

from .inspect_modules import dynamic_property, place_marker, trigger


def _key(name: str) -> str:
    return f"57344,0,{name}"


MADE = add_piece("null", [basic_piece("m.png", "Made")])
PLACE = place_marker("", _key("PLANT"), MADE, "9", offsets=("3", "4"))
START = dynamic_property("Raised", "0", _key("INIT"), '{(Start != "") ? Start : 0}')


def _run(traits: list[Trait], values: dict[str, str]) -> KeyRun:
    pairs = [(t.type, t.state) for t in [*traits, basic_piece("p.png", "Post")]]
    props = Properties(values=dict(values))
    for trait, state in pairs:
        if trait.startswith("PROP;"):
            props.values.setdefault(trait.split(";")[1], state)
    piece = PlacedPiece("1", "Post", "Land", 10, 20, "Camp")
    run = KeyRun(pairs, Evaluation(props, piece, "Post"))
    run.send("INIT")
    return run


def test_a_trigger_reads_what_the_traits_inside_it_set_on_the_same_key() -> None:
    """TriggerAction.keyEvent passes the key inwards before it tests its condition."""
    fired = trigger(_key("INIT"), "{Raised != 0}", [_key("PLANT")])
    assert len(_run([fired, START, PLACE], {"Start": "2"}).orders) == 1
    assert _run([fired, START, PLACE], {"Start": ""}).orders == []
    # a Trigger that sets the value acts before an outer one tests it, after an inner one has
    setter = dynamic_property("Raised", "0", _key("SET"), "2")
    sets = trigger(_key("INIT"), "", [_key("SET")])
    assert _run([sets, fired, setter, PLACE], {}).orders == []
    assert len(_run([fired, sets, setter, PLACE], {}).orders) == 1


def test_a_marker_order_keeps_the_traits_fields() -> None:
    fired = trigger(_key("INIT"), "", [_key("PLANT")])
    (order,) = _run([fired, PLACE], {}).orders
    assert (order.definition, order.x_offset, order.y_offset, order.version) == (MADE, 3, 4, 1)


@pytest.mark.parametrize(
    ("traits", "reason"),
    [
        ([trigger(_key("INIT"), "{Unknown == 1}", [_key("PLANT")]), PLACE], "cannot evaluate"),
        ([trigger(_key("INIT"), "Raised = 1", [_key("PLANT")]), PLACE], "does not read"),
        ([Trait("delete;;57344,0,INIT;", ""), PLACE], "deletes the piece"),
        ([trigger(_key("INIT"), "", [_key("INIT")])], "too deep"),
    ],
)
def test_what_inspect_does_not_emulate_stops_the_piece(traits: list[Trait], reason: str) -> None:
    with pytest.raises(NotRun, match=reason):
        _run(traits, {})


def _order(version: int, offsets: tuple[int, int]) -> MarkerOrder:
    return MarkerOrder(MADE, offsets[0], offsets[1], version, "")


STACKS: list[tuple[str, str]] = []
ALONE = [("immob;g;N;R;", "")]  # does not stack, ignores the grid


def test_where_a_marker_goes() -> None:
    """PlaceMarker.placeMarker: y offsets count upwards; a stacking marker joins the piece
    (old traits whatever their offsets); layers may keep them apart, which is not read."""
    assert marker_point(_order(1, (3, 4)), STACKS, ALONE, (10, 20), (True, False)) == (13, 16, False)
    assert marker_point(_order(0, (3, 4)), STACKS, STACKS, (10, 20), (True, False)) == (10, 20, False)
    assert marker_point(_order(1, (3, 4)), STACKS, STACKS, (10, 20), (True, False)) == (13, 16, True)
    assert marker_point(_order(1, (3, 4)), STACKS, STACKS, (10, 20), (False, False)) == (13, 16, True)
    assert isinstance(marker_point(_order(0, (3, 4)), STACKS, STACKS, (10, 20), (True, True)), str)


def _view(x: int, values: dict[str, str], traits: list[Trait]) -> PieceView:
    pairs = [(t.type, t.state) for t in [*traits, basic_piece("p.png", "Post")]]
    piece = PlacedPiece(f"p{x}", "Post", "Land", x, 0, "Camp")
    return PieceView(piece, reactions_of(pairs), Evaluation(Properties(values=values), piece, "Post"), pairs)


def _placer(view: PieceView, order: MarkerOrder) -> PieceView | str:
    piece = PlacedPiece(f"{view.piece.id}/m", "Made", "Land", view.piece.x + order.x_offset, 0, "Camp")
    return PieceView(piece, reactions_of([]), Evaluation(Properties(), piece, "Made"), [])


def test_a_command_runs_on_the_pieces_its_target_selects() -> None:
    direct = place_marker("", _key("INIT"), MADE, "9", offsets=("3", "0"))
    posts = [_view(0, {"Post": "Y"}, [direct]), _view(100, {}, [direct])]
    command = StartupCommand("Flags", "INIT", frozenset({"Land"}), ("Post", "Y", "EQUALS"), "")
    report = Inspection("m.vmod")
    placed = run_startup([command], posts, _placer, report, "setup 'S'")
    assert [view.piece.x for view in placed] == [3]
    assert report.findings == []  # nothing left out: nothing to say
    assert len(posts) == 3  # a later command may select the marker


def test_a_command_whose_selection_is_undecidable_is_not_run_and_is_reported() -> None:
    direct = place_marker("", _key("INIT"), MADE, "9")
    posts = [_view(0, {"Post": "Y"}, [direct])]
    command = StartupCommand("Flags", "INIT", None, None, "{Unknown == 2}")
    report = Inspection("m.vmod")
    assert run_startup([command], posts, _placer, report, "setup 'S'") == []
    assert [f.code for f in report.findings] == ["setup.startup-commands"]
    assert "cannot tell which pieces it selects" in report.findings[0].message
    assert "places a marker (1x)" in report.findings[0].message


def _raising_posts() -> list[PieceView]:
    fired = trigger(_key("INIT"), "{Raised != 0}", [_key("PLANT")])
    posts = [_view(0, {"Start": "2"}, [fired, START, PLACE]), _view(100, {}, [fired, START, PLACE])]
    for view in posts:
        view.evaluation.props.values["Raised"] = "0"
    return posts


def test_a_property_other_pieces_declare_is_empty_where_a_piece_lacks_it() -> None:
    """BasicPiece.getProperty finds nothing: the expression reads "" (unless the module has a
    global property of that name, which inspect does not know the value of)."""
    command = StartupCommand("Flags", "INIT", None, None, "")
    placed = run_startup([command], _raising_posts(), _placer, Inspection("m.vmod"), "setup 'S'")
    assert [view.piece.x for view in placed] == [3]
    report = Inspection("m.vmod")
    placed = run_startup([command], _raising_posts(), _placer, report, "setup 'S'", frozenset({"Start"}))
    assert [view.piece.x for view in placed] == [3]
    assert "not run on 1 piece(s): an expression inspect cannot evaluate" in report.findings[0].message


def test_triggers_that_double_their_keys_are_stopped_quickly() -> None:
    """Twenty triggers, each firing the next one's key twice, stay under the depth limit but
    would send 2**20 keys: the key budget stops them."""
    doubling = [trigger(_key(f"K{n}"), "", [_key(f"K{n + 1}"), _key(f"K{n + 1}")]) for n in range(20)]
    start = trigger(_key("INIT"), "", [_key("K0")])
    with pytest.raises(NotRun, match="keys fired past"):
        _run([start, *doubling, PLACE], {})


def test_the_key_budget_is_shared_by_a_start() -> None:
    from compiler.vassal.inspection.keys import KeyBudget

    fired = trigger(_key("INIT"), "", [_key("PLANT")])
    budget = KeyBudget(3)
    pairs = [(t.type, t.state) for t in [fired, PLACE, basic_piece("p.png", "Post")]]

    def run(uid: str) -> KeyRun:
        return KeyRun(
            pairs, Evaluation(Properties(), PlacedPiece(uid, "Post", "Land", 0, 0, "Camp"), "Post"), budget
        )

    first = run("1")
    first.send("INIT")  # two keys: INIT, then PLANT
    assert len(first.orders) == 1
    with pytest.raises(NotRun):
        run("2").send("INIT")
