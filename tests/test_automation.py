"""The module's automation without VASSAL: what each module holds, and its expressions worked
out by inspect's BeanShell (Java's semantics) against the rules engine's own answers."""

from __future__ import annotations

import io
import zipfile
from fractions import Fraction
from pathlib import Path

import pytest
from lxml import etree

from compiler.javatext.sequence import decode
from compiler.pipeline import validate_game
from compiler.render.board import render_board
from compiler.vassal.automation import automation_plan, combat_model
from compiler.vassal.automation.classic import ClassicCrt, hex_effect, meaning
from compiler.vassal.automation.classic_pool import ClassicPool
from compiler.vassal.automation.conditions import turn_notes
from compiler.vassal.automation.expressions import choose, member, sum_of_lookups, text
from compiler.vassal.automation.jerusalem import FLAGS, Jerusalem, _hex_value
from compiler.vassal.automation.oddscrt import cell, column
from compiler.vassal.automation.terrain import game_board, kinds_of
from compiler.vassal.automation.turns import tracker_state
from compiler.vassal.inspection import beanshell
from compiler.vassal.module import build_module
from compiler.vassal.pieces import decode_add_piece
from rules_engine.systems import system_for
from rules_engine.systems.classic import combat as classic_combat
from rules_engine.systems.classic import strength as classic_strength

from .conftest import GAMES, shipped, valid_game

M = "VASSAL.build.module."


def run(expression: str, **values: beanshell.Value) -> beanshell.Value:
    """An expression as VASSAL works it out, with its properties bound to ``values``."""

    def lookup(name: str) -> beanshell.Value:
        if name not in values:
            raise AssertionError(f"the expression reads {name}, which the test does not give")
        return values[name]

    return beanshell.evaluate(beanshell.parse(expression), lookup)


@pytest.fixture(autouse=True)
def long_expressions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables' expressions are longer than inspect judges in a module; here they are run."""
    monkeypatch.setattr(beanshell, "MAX_TOKENS", 50_000)
    monkeypatch.setattr(beanshell, "MAX_NESTING", 400)


def test_expression_helpers() -> None:
    assert run(member("L", ["G13", "0107"]), L="0107") is True
    assert run(member("L", ["G13", "0107"]), L="G1") is False
    assert run(sum_of_lookups("L", {2: ["A1"], 1: ["A1", "B2"]}), L="A1") == 3
    assert run(choose([("X > 2", text("big")), ("X > 0", text("some"))], text("none")), X=1) == "some"


def test_odds_columns_and_the_crt_are_the_engines() -> None:
    """Every attack and defence from 0 to 15 points in quarters, every modified roll from -3 to 12:
    the column and the cell the module reads are the ones the engine's Tables read."""
    definition = shipped("jerusalem")
    system = system_for(definition)
    tables = system.new_game(definition.scenarios[0].id, log=False).tables
    crt = definition.charts.tables[definition.charts.combat.table]  # type: ignore[union-attr]
    odds, lookup = column(crt, "A", "D"), cell(crt, "C", "R")
    for attack in range(0, 61, 3):
        for defence in range(0, 61, 2):
            expected = tables.column(Fraction(attack, 4), Fraction(defence, 4))
            assert run(odds, A=attack, D=defence) == (expected.label if expected else "")
    for label in crt.columns:
        place = next(c for c in tables.columns if c.label == label)
        for roll in range(-3, 13):
            assert run(lookup, C=label, R=roll) == tables.crt_result(place, roll)


def test_jerusalem_terrain_modifiers_are_the_engines() -> None:
    """Each hex's modifier under every combination of its variants (Legion targets, a firer inside
    the Old City, a protected target) is the engine's (strength._hex_terrain), read by the module
    from the hex's name."""
    from rules_engine.systems.jerusalem import strength

    definition = shipped("jerusalem")
    model = Jerusalem(definition, render_board(definition, 30), 63)
    game = system_for(definition).new_game(definition.scenarios[0].id, log=False)
    legion = next(u for u in game.state.units.values() if game.role(u).legion and not game.role(u).leader)
    other = next(u for u in game.state.units.values() if u.side == legion.side and not game.role(u).legion)
    inside = next(iter(sorted(game.tables.old_city)))
    outside = next(s for s in sorted(game.board.spaces) if s not in game.tables.old_city)
    firer = next(u for u in game.state.units.values() if u.side != legion.side)
    value = model.terrain.value("L", "I", "P")
    checked = 0
    for names in model.terrain.groups.values():
        for space in names:
            for is_legion, is_inside, is_protected in FLAGS:
                target = legion if is_legion else other
                game.state.place(target, space)
                game.state.place(firer, inside if is_inside else outside)
                protected = {target.uid} if is_protected else set()
                _, engine = strength._hex_terrain(game, space, [firer], [target], protected)
                assert run(value, LocationName=space, L=is_legion, I=is_inside, P=is_protected) == engine
                checked += 1
    assert checked > 50
    assert _hex_value([], False, False, False) == (0, "terrain")


@pytest.fixture(scope="module")
def built() -> dict[str, bytes]:
    return {game: build_module(shipped(game), fork_board=False) for game in GAMES}


def build_tree(module: bytes) -> etree._Element:
    with zipfile.ZipFile(io.BytesIO(module)) as archive:
        return etree.fromstring(archive.read("buildFile.xml"))


@pytest.mark.parametrize("game", GAMES)
def test_every_module_declares_battles_and_follows_the_sequence_of_play(
    built: dict[str, bytes], game: str
) -> None:
    root = build_tree(built[game])
    buttons = {b.get("text") for b in root.iter(M + "DoActionButton")}
    assert {"Battle", "Resolve", "Clear battles"} <= buttons
    cameras = {c.get("text") for c in root.iter(M + "map.MoveCameraButton")}
    assert {"Next battle", "Next unmoved"} <= cameras
    globals_ = {g.get("name") for g in root.iter(M + "properties.GlobalProperty")}
    assert {"BattleNo", "ActiveSide", "FirstSide", "SecondSide"} <= globals_
    options = root.find(M + "GlobalOptions")
    assert options is not None and options.get("hotKeysOnClosedWindows") == "Always"
    hidden = [w for w in root.iter(M + "PieceWindow") if w.get("hidden") == "true"]
    slots = [s.text or "" for w in hidden for s in w.iter("VASSAL.build.widget.PieceSlot")]
    assert len(slots) == 2 and all(decode_add_piece(text)[1] for text in slots)
    definition = shipped(game)
    if definition.game.turn_labels:
        tracker = root.find(M + "turn.TurnTracker")
        assert tracker is not None and tracker.find(M + "turn.TurnGlobalHotkey") is not None


def test_raiders_commands(built: dict[str, bytes]) -> None:
    root = build_tree(built["lawrence"])
    buttons = {b.get("text") for b in root.iter(M + "DoActionButton")}
    assert {"Draw card", "Draw hostiles", "Reveal garrison"} <= buttons
    maps = {m.get("mapName") for m in root.iter(M + "Map")}
    assert maps == {"Main Map", "Cards in play"}
    options = root.find(M + "GlobalOptions")
    assert options is not None and options.get("nonOwnerUnmaskable") == "Always"  # solitaire


@pytest.mark.parametrize("game", GAMES)
def test_help_page_explains_the_automation_with_its_keys(built: dict[str, bytes], game: str) -> None:
    with zipfile.ZipFile(io.BytesIO(built[game])) as archive:
        page = archive.read("help/index.html").decode()
    assert "What the module does for you" in page
    for words in ("Battle button (Ctrl+Shift+B)", "Ctrl+Shift+R", "Ctrl+L", "Next unmoved button"):
        assert words in page


@pytest.mark.parametrize("game", GAMES)
def test_each_scenario_gives_the_players_and_the_reinforcements(game: str) -> None:
    definition = shipped(game)
    art = render_board(definition, 30)
    plan = automation_plan(definition, art, 9000, 63)
    for scenario in definition.scenarios:
        values = plan.setup_globals(scenario)
        sides = {side.name for side in definition.game.sides}
        assert values["FirstSide"] in sides and values["ActiveSide"] in sides
        due = [v for k, v in values.items() if k.startswith("Reinforcements_") and v]
        assert len(due) == len({r.turn for r in scenario.reinforcements})


def test_turn_notes_and_the_trackers_first_turn() -> None:
    definition = shipped("jerusalem")
    latrun = next(s for s in definition.scenarios if s.first_turn == "May IV")
    notes = turn_notes(definition, latrun)
    assert "Bevingrad" in notes["TurnNotes_May_III"]  # terrain closed until May III
    assert "only the Jewish player turn" in notes["TurnNotes_June_IV"]
    state = tracker_state(definition, latrun.first_turn)
    assert state is not None and state.startswith("TURNTurnTracker0\t0|3;0;0;")  # May IV is the 4th box
    israel = shipped("israel1948")
    onslaught = next(s for s in israel.scenarios if s.id == "onslaught")
    notes = turn_notes(israel, onslaught)
    # the Israeli air point comes by schedule in turn 3 only; the Arab one every turn
    assert "Israeli" not in notes["TurnNotes__1"] and "Israeli" in notes["TurnNotes__3"]
    assert all("Arab League side: 1" in notes[f"TurnNotes__{turn}"] for turn in (1, 2, 3))


CLASSIC = Path(__file__).parent / "fixtures" / "classic"


@pytest.mark.parametrize("game", ["delta", "front-line", "open"])
def test_classic_hex_effects_are_the_engines(game: str) -> None:
    definition = valid_game(validate_game(CLASSIC / game, run_replays=False))
    world = system_for(definition).new_game(definition.scenarios[0].id, log=False).world
    board = game_board(definition)
    for space in board.spaces:
        for side in (s.id for s in definition.game.sides):
            engine = classic_combat.hex_effect(classic_strength.hex_terrain(world, space), side)
            assert hex_effect(kinds_of(board, space), side) == engine


def test_classic_models_by_combat_kind() -> None:
    for game, kind in (("delta", "differential-crt"), ("open", "odds-crt"), ("pool", "dice-pool")):
        definition = valid_game(validate_game(CLASSIC / game, run_replays=False))
        assert definition.charts.combat.kind == kind
        model = combat_model(definition, render_board(definition, 30), 63)
        assert isinstance(model, ClassicPool if kind == "dice-pool" else ClassicCrt)
        if isinstance(model, ClassicCrt):
            # the scale makes every strength a whole number: delta halves a stream-crosser's attack
            assert model.scale % 2 == 0 if game == "delta" else model.scale >= 1


def test_a_result_without_a_summary_is_told_by_its_effects() -> None:
    definition = valid_game(validate_game(CLASSIC / "delta", run_replays=False))
    results = definition.charts.combat.procedure.results
    assert meaning(results["AE"]) == "The attacker is eliminated."
    assert meaning(results["NE"]) == "No effect."


def test_classic_attacks_the_terrain_forbids_are_the_engines() -> None:
    """An attack from each hex into each neighbour: the module's Barred (the attacker's hexside, or
    the hex attacked) says what the engine's check of forbidding terrain says (delta: a ridge)."""
    definition = valid_game(validate_game(CLASSIC / "delta", run_replays=False))
    model = ClassicCrt(definition, 63)
    traits = [decode(t.type, ";") for t in model.unit_traits()]
    barred = next(fields[2] for fields in traits if fields[:2] == ["calcProp", "Barred"])
    world = system_for(definition).new_game(definition.scenarios[0].id, log=False).world
    unit = next(iter(world.state.units.values()))
    board = world.tables.board
    forbidden = 0
    for space in sorted(board.spaces):
        world.state.place(unit, space)
        for target in sorted(board.neighbours[space]):
            engine = classic_combat._prohibited(world, [unit], [target]) is not None
            across = run(barred[1:-1], LocationName=model.names[space], Target=model.names[target]) == 1
            assert (across or model.names[target] in model.barred_hexes) == engine, (space, target)
            forbidden += engine
    assert forbidden >= 2
