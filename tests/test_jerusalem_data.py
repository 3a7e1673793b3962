"""Jerusalem!'s data as the rulebook states it: the fixes the rules engine needed, each pinned down.

Each test names the rule it holds the data to, so that a later edit that
breaks the rule fails here with the section to read.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.diagnostics import codes
from compiler.pipeline import validate_game
from rules_engine.core.stacking import Stacking
from rules_engine.definitions import Counter, ValidGame

from .conftest import SOURCE_DATA, copy_game
from .conftest import valid_game as _valid

JERUSALEM = SOURCE_DATA / "jerusalem"
SCENARIO_II = "scenarios/latrun-and-the-burma-road.json"


def _game() -> ValidGame:
    report = validate_game(JERUSALEM, run_replays=False)
    assert report.errors == 0
    return _valid(report)


def _counter(game: ValidGame, counter_id: str) -> Counter:
    counter = game.counters.get(counter_id)
    assert counter is not None
    return counter


def test_buses_attack_as_the_8_7_7_example_has_them() -> None:
    game = _game()
    combat = game.charts.combat
    assert combat is not None
    for bus in ("bus-3-12", "bus-2-12"):
        colour = combat.colour(_counter(game, bus).front.strength_colour or "")
        assert colour is not None and colour.can_attack and colour.can_first_fire, bus


def test_leaders_have_a_multiplier_or_a_white_bracketed_strength_never_both() -> None:
    """12.6: most Arab leaders have a multiplier instead of a strength; 9.10: leaders' strengths are white."""
    game = _game()
    leaders = [c for c in game.counters.counters.values() if c.kind == "leader"]
    with_strength = set()
    for leader in leaders:
        face = leader.front
        has_strength = face.strength is not None
        assert has_strength != (face.multiplier is not None), leader.id
        if has_strength:
            assert face.strength_colour == "white" and face.strength_parenthesized, leader.id
            with_strength.add(leader.id)
    assert with_strength == {"abdullah-tell", "david-shaltiel"}
    arab = [c for c in leaders if c.side == "arab"]
    assert sum(1 for c in arab if c.front.multiplier) > len(arab) / 2


def test_a_city_hex_costs_the_same_from_below() -> None:
    """1.3: 1/2 MP along a primary road, 2 MP otherwise, with no uphill cost into a city hex."""
    terrain = _game().terrain
    city = terrain.get("city")
    assert city is not None and set(city.movement) == {"enter"}
    feature = terrain.get("jerusalem-city")
    assert feature is not None
    assert feature.cost("along", "other") == 0.5 and feature.cost("off-road", "other") == 2


def test_terrain_modifiers_do_not_add_up_and_higher_terrain_lives_in_the_charts() -> None:
    """9.6.1: only higher terrain is cumulative with the other terrain effects."""
    game = _game()
    effects = [t.combat for t in game.terrain.terrain.values() if t.combat and t.combat.drm]
    assert effects and all(not effect.cumulative for effect in effects)
    combat = game.charts.combat
    assert combat is not None
    assert {m.id: m.drm for m in combat.modifiers}["higher-terrain"] == 1


def test_leaders_count_toward_the_seven_units_of_a_hex() -> None:
    """1.2.1 makes leaders units; 5.1 allows seven units in a hex."""
    game = _game()
    stacking = Stacking(game.game)
    legion = [_counter(game, "legion-6th-12-8")] * 3 + [_counter(game, "legion-6th-armored-car-4-30")] * 2
    seven = [*legion, *[_counter(game, "legion-6th-halftrack-4-10")] * 2]
    assert stacking.problem(seven, ["arab"] * 7) is None
    assert stacking.problem([*seven, _counter(game, "abdullah-tell")], ["arab"] * 8) is not None


def test_scenario_ii_sheikh_jarrah_with_eight_counters_is_over_stacked(tmp_path: Path) -> None:
    game = copy_game("jerusalem", tmp_path)

    def crowd(data: dict[str, object]) -> None:
        placements = data["setup"][1]["placements"]  # type: ignore[index]
        for placement in placements:
            if placement["unit"] == "legion-6th-halftrack-4-10":
                placement["at"] = "Sheikh Jarrah"

    game.edit(SCENARIO_II, crowd)
    report = validate_game(game.root, run_replays=False)
    assert any(d.code == codes.SETUP_OVER_STACKED and d.file == SCENARIO_II for d in report.diagnostics)


def test_scenario_ii_lets_the_jewish_brigades_set_up_in_the_jewish_quarter() -> None:
    """Scenario II: 'any Jerusalem city hex except Arab Quarter, Old City'."""
    data = json.loads((JERUSALEM / SCENARIO_II).read_text())
    lists = [
        p["constraint"]["one_of"]
        for p in data["setup"][0]["placements"]
        if "constraint" in p and "Bevingrad" in p["constraint"].get("one_of", ())
    ]
    assert lists and all("Jewish Quarter" in one and "Arab Quarter" not in one for one in lists)


def test_the_old_city_wall_names_the_hex_inside_first() -> None:
    """9.6: the wall's +3 needs to know which side of it a firing unit is on."""
    board = _game().board
    walls = [side for side in board.hexsides if side.terrain == "old-city-wall"]
    old_city = board.region("old-city")
    assert walls and old_city is not None
    assert all(side.a in old_city.spaces and side.b not in old_city.spaces for side in walls)


def test_wgc_info_shows_the_turn_track_and_its_reading() -> None:
    """3.5 says 11 1/2 turns; the play from May I to June IV is 7 1/2, and info says so."""
    result = CliRunner().invoke(cli, ["info", str(JERUSALEM)])
    assert result.exit_code == 0, result.output
    assert "turn track: 8 boxes, May I to June IV" in result.output
    assert "11 1/2" in result.output
    assert "Standard Game (standard-game): 7 1/2 turns" in result.output
