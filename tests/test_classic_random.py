"""Random legal classic games, with the rules' invariants checked after every action.

The random player (rules_engine/systems/classic/random_play.py) plays the template game and the
test games under tests/fixtures/classic to their end; after each action the position must hold
what the rules promise, judged here from the data rather than by the engine's own code:

- stacking: no space holds units of both sides or more units than the limit;
- ZOC stops: a move that entered an enemy ZOC of a kind that stops ended there, a locked unit
  did not leave, and with zoc_to_zoc off no unit went straight from one enemy ZOC to another;
- movement points are never negative, and a move cost no more than its allowance;
- each unit attacks at most once a phase, and each hex is attacked at most once.

And the actions offered in a position, which random play picks from, against what the rules
allow there.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from compiler.new_game import new_game
from compiler.pipeline import validate_game
from rules_engine.core import IllegalAction, ScriptedDice, SeededDice, UnitStatus
from rules_engine.core.actions import EndPhase
from rules_engine.core.movement_costs import ALL
from rules_engine.definitions import ValidGame
from rules_engine.systems import system_for
from rules_engine.systems.classic.actions import Attack, Move, Replace
from rules_engine.systems.classic.decisions import RandomDecider
from rules_engine.systems.classic.game import ClassicGame, ClassicRulesSystem
from rules_engine.systems.classic.movement import budget
from rules_engine.systems.classic.selectors import selects
from tests.conftest import ROOT, engine_cache

FIXTURES = ROOT / "tests" / "fixtures" / "classic"
SEEDS = range(12)


def _games(tmp_root: Path) -> Iterator[tuple[str, Path]]:
    yield "template", tmp_root
    for folder in sorted(FIXTURES.iterdir()):
        if (folder / "game.json").is_file():
            yield folder.name, folder


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("classic") / "border-war"
    new_game(folder, "classic")
    return folder


def _definition(folder: Path) -> ValidGame:
    report = validate_game(folder, run_replays=False)
    assert report.valid is not None, [str(d) for d in report.diagnostics if d.is_error]
    return report.valid


def _enemy_zoc(game: ClassicGame, side: str) -> set[str]:
    """The hexes the enemy of ``side`` controls, worked out from the data alone."""
    tables, board = game.tables, game.board
    rules = tables.zoc
    if rules.kind == "none":
        return set()
    barred = set(rules.not_into)
    found: set[str] = set()
    for unit in game.state.on_map():
        if unit.side == side or unit.space is None or not selects(tables, rules.exerted_by, unit):
            continue
        for there in board.neighbours[unit.space]:
            if any(f.terrain.blocks_zoc for f in board.side_features(unit.space, there)):
                continue
            space = board.spaces[there]
            if barred.isdisjoint((space.terrain, *space.features)):
                found.add(there)
    return found


@dataclass
class Invariants:
    """What the rules promise after every action, checked against a game as it is played."""

    attacked: set[str] = field(default_factory=set)
    defended: set[str] = field(default_factory=set)
    phase: tuple[int, int] = (-1, -1)
    checks: int = 0
    ezoc: dict[str, set[str]] = field(default_factory=dict)

    def __call__(self, game: Any, label: str) -> None:
        assert isinstance(game, ClassicGame)
        self.checks += 1
        now = (game.state.turn_index, game.state.phase_index)
        if now != self.phase:
            self.phase, self.attacked, self.defended, self.ezoc = now, set(), set(), {}
        self._stacking(game, label)
        self._movement_points(game, label)
        if label.startswith("move "):
            self._zoc_stops(game, label)
        if label.startswith("attack "):
            self._attacks_once(game, label)
        if game.phase.kind == "movement":  # before the next move, the enemy's ZOC as it stands
            self.ezoc[game.active_side] = _enemy_zoc(game, game.active_side)

    def _stacking(self, game: ClassicGame, label: str) -> None:
        stacking = game.system.stacking
        for space, units in game.state.occupants.items():
            assert len({u.side for u in units}) == 1 or not stacking.one_side_per_space, (label, space)
            counted = sum(1 for u in units if u.counter.kind == "unit")
            assert stacking.limit is None or counted <= stacking.limit, (label, space, counted)

    def _movement_points(self, game: ClassicGame, label: str) -> None:
        assert all(points >= 0 for points in game.world.extra.mp_left.values()), label

    def _zoc_stops(self, game: ClassicGame, label: str) -> None:
        last = game.world.extra.last_move
        assert last is not None
        uid, start, path = last
        unit = game.unit(uid)
        ezoc = self.ezoc.get(unit.side, _enemy_zoc(game, unit.side))
        rules, mode = game.tables.zoc, game.phase.mode
        if mode is None and rules.kind in ("stop", "locking") and not rules.negated_by_friendly_units:
            assert not ezoc.intersection(path[:-1]), f"{label}: went on after entering an enemy ZOC: {path}"
            if rules.kind == "locking":
                assert start not in ezoc, f"{label}: left a locking ZOC"
            if not rules.zoc_to_zoc and start in ezoc:
                assert path[0] not in ezoc, f"{label}: went straight from one enemy ZOC into another"
        if mode is None:
            self._move_cost(game, unit, start, path, label)

    def _move_cost(self, game: ClassicGame, unit: Any, start: str, path: tuple[str, ...], label: str) -> None:
        """The path's cost by the terrain chart is within the unit's allowance (or one hex)."""
        table = game.tables.step_table(unit.counter)
        spent, here = 0.0, start
        for index, there in enumerate(path):
            step = table[here].get(there)
            assert step is not None, f"{label}: {here} to {there} cannot be entered"
            assert step.cost != ALL or index == 0, f"{label}: a step costing all taken later"
            spent += 0.0 if step.cost == ALL else step.cost
            here = there
        allowance = budget(game.world, unit, None)
        # one hex whatever it costs only with `one_hex_minimum` (docs/classic-rules.md, Movement)
        one_hex = game.tables.movement.one_hex_minimum and len(path) == 1
        if game.tables.zoc.kind != "exit-cost" and not one_hex:
            assert spent <= allowance.points + 1e-9, f"{label}: {spent} MP spent of {allowance.points}"
        if allowance.hexes is not None:
            assert len(path) <= allowance.hexes, label

    def _attacks_once(self, game: ClassicGame, label: str) -> None:
        report = game.world.extra.last_combat
        assert report is not None
        again = self.attacked.intersection(report.attackers)
        assert not again, f"{label}: {sorted(again)} attacked twice in a phase"
        twice = self.defended.intersection(report.targets)
        assert not twice, f"{label}: {sorted(twice)} attacked twice in a phase"
        self.attacked.update(report.attackers)
        self.defended.update(report.targets)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_the_invariants(template: Path, seed: int) -> None:
    for name, folder in _games(template):
        definition = _definition(folder)
        system = system_for(definition)
        for scenario in definition.scenarios:
            checker = Invariants()
            game = system.play_random(scenario.id, seed, after_action=checker)
            assert game.over, f"{name} {scenario.id} seed {seed} did not end"
            assert checker.checks > 20, name
            assert game.result is not None


def test_the_same_seed_plays_the_same_game(template: Path) -> None:
    system = system_for(_definition(template))
    scenario = "the-river-line"
    first, second = system.play_random(scenario, 5), system.play_random(scenario, 5)
    assert first.state.result == second.state.result
    assert {u.uid: (u.space, u.damaged) for u in first.state.units.values()} == {
        u.uid: (u.space, u.damaged) for u in second.state.units.values()
    }


def test_the_greedy_policy_plays_to_the_end(template: Path) -> None:
    system = system_for(_definition(template))
    for seed in range(3):
        game = system.play("the-river-line", seed, "greedy")
        assert game.over and game.result in {"North Victory", "South Victory"}


def _every_classic_game(template: Path) -> Iterator[tuple[str, Path]]:
    """The template, the test games and every classic game shipped in source_data."""
    yield from _games(template)
    for folder in sorted((ROOT / "source_data").iterdir()):
        game = folder / "game.json"
        if game.is_file() and json.loads(game.read_text(encoding="utf-8")).get("system") == "classic":
            yield folder.name, folder


@pytest.mark.parametrize(("policy", "seeds"), [("random", range(8)), ("greedy", range(2))])
def test_random_and_greedy_games_of_every_classic_game_never_raise(
    template: Path, policy: str, seeds: range
) -> None:
    """Every classic game in the repository plays to its end under either player: whatever choice
    the players' deciders make (losses, exchanges, retreats, advances), the rules accept it."""
    played = set()
    for name, folder in _every_classic_game(template):
        definition = _definition(folder)
        system = system_for(definition)
        for scenario in definition.scenarios:
            for seed in seeds:
                game = system.play(scenario.id, seed, policy)
                assert game.over and game.result is not None, (name, scenario.id, seed)
        played.add(name)
    assert "battle-for-moscow" in played


def test_the_random_exchange_pays_at_least_the_price_and_spares_what_it_can() -> None:
    """A random 3 then a 4 for a price of 4 keeps the 4 alone; losses that cannot pay are all taken."""
    from rules_engine.systems.classic.decisions import RandomDecider, paid

    units = {name: SimpleNamespace(uid=name) for name in ("three", "four", "two")}
    value = {"three": 3.0, "four": 4.0, "two": 2.0}

    def worth(unit: Any, nth: int) -> float:
        return value[unit.uid] if nth == 1 else 0.0

    for seed in range(40):
        chosen = RandomDecider(seed).exchange(list(units.values()), 4, worth, lambda unit: 1)
        total = paid(chosen, worth)
        assert total >= 4, (seed, chosen)
        assert all(paid([u for u in chosen if u is not spared], worth) < 4 for spared in chosen), seed
    everything = RandomDecider(0).exchange(list(units.values()), 99, worth, lambda unit: 1)
    assert sorted(u.uid for u in everything) == ["four", "three", "two"]


def test_the_checks_catch_a_move_that_goes_on_in_an_enemy_zoc(
    template: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The invariants are not the engine's own code: an engine that let units move on after
    entering an enemy ZOC (steps out of a ZOC hex allowed, walks not stopped) is caught."""
    from rules_engine.systems.classic import movement

    monkeypatch.setattr(movement.Mover, "continues_in_zoc", lambda self: True)
    original = movement.Mover._near_enemy

    def lax(self: Any, first: bool, here: str, base: Any) -> Any:
        return tuple(item for item in base if item[0] not in self.shared.enemy_held) or original(
            self, first, here, base
        )

    monkeypatch.setattr(movement.Mover, "_near_enemy", lax)
    system = system_for(_definition(template))
    caught = 0
    for seed in range(12):
        try:
            system.play_random("the-river-line", seed, after_action=Invariants())
        except AssertionError as problem:
            caught += "enemy ZOC" in str(problem)
    assert caught > 0


# --- the actions offered, which random play and a player at the terminal pick from -------------


@engine_cache
def _delta() -> ClassicRulesSystem:
    """The delta test game: several-hex and mandatory attacks, locking ZOC, South's steps bought back."""
    system = system_for(_definition(FIXTURES / "delta"))
    assert isinstance(system, ClassicRulesSystem)
    return system


def _position(units: list[tuple[str, str]], phase: str) -> ClassicGame:
    return _position_in(_delta(), "the-delta", units, phase)


def _position_in(
    system: ClassicRulesSystem, scenario: str, units: list[tuple[str, str]], phase: str
) -> ClassicGame:
    game = system.blank_game(scenario)
    for uid, at in units:
        game.put(game.unit(uid), at)
    game.state.phase_index = game.state.phase_ids.index(phase)
    game.begin_phase(ScriptedDice({}))
    return game


def test_attacks_offered_are_every_group_next_to_each_hex_and_pairs_of_hexes() -> None:
    """docs/classic-rules.md, Combat: every attacker next to every hex it attacks; delta's
    `several-hexes` lets NORTH INF#2, next to both Ford (0404) and 0504, attack both at once.
    Its attacks are `mandatory`, so the phase may not end yet."""
    units = [
        ("NORTH INF#1", "0403"),
        ("NORTH INF#2", "0503"),
        ("SOUTH INF#1", "0404"),
        ("SOUTH INF#2", "0504"),
    ]
    game = _position(units, "north-combat")
    assert game.legal_actions() == [
        Attack(("NORTH INF#1",), ("0404",)),
        Attack(("NORTH INF#2",), ("0404",)),
        Attack(("NORTH INF#1", "NORTH INF#2"), ("0404",)),
        Attack(("NORTH INF#2",), ("0504",)),
        Attack(("NORTH INF#2",), ("0404", "0504")),
    ]


def test_seven_attackers_are_offered_all_together_by_stack_and_alone() -> None:
    """Beyond six units next to a hex (game.py MAX_LISTED_ATTACKERS) the groups offered are all of
    them, each hex's stack and each unit alone; the voluntary end is refused (mandatory)."""
    stacks = {"0403": ("NORTH INF#1", "NORTH INF#2"), "0503": ("NORTH INF#3", "NORTH INF#4")}
    stacks |= {"0303": ("NORTH ARM#1", "NORTH ARM#2"), "0304": ("NORTH HQ",)}
    units = [(uid, at) for at, stack in stacks.items() for uid in stack]
    game = _position([*units, ("SOUTH INF#1", "0404")], "north-combat")
    everyone = tuple(uid for uid, _ in units)
    # NORTH HQ's stack is NORTH HQ alone, listed once
    expected = [everyone, *stacks.values(), *((uid,) for uid in everyone if uid != "NORTH HQ")]
    assert game.legal_actions() == [Attack(group, ("0404",)) for group in expected]


def test_moves_offered_are_the_active_sides_paths_and_the_end() -> None:
    """docs/classic-rules.md, Movement: every hex the unit may reach, by the path found to it;
    a unit off the map has no movement points left."""
    game = _position([("NORTH INF#1", "0101"), ("SOUTH INF#1", "0808")], "north-movement")
    moves = [Move("NORTH INF#1", path) for path in game.legal_moves(game.unit("NORTH INF#1")).values()]
    assert Move("NORTH INF#1", ("0102",)) in moves
    assert game.legal_actions() == [*moves, EndPhase()]
    assert game.mp_left(game.unit("NORTH INF#1")) == 3.0 and game.mp_left(game.unit("NORTH ARM#1")) == 0.0


def test_replacements_are_offered_in_the_replacement_phase_only() -> None:
    """docs/classic-rules.md, Replacements: delta's points buy back South's steps (9.0)."""
    units = [("SOUTH INF#1", "0906"), ("NORTH INF#1", "0101")]
    game = _position(units, "south-replacement")
    game.state.set_damaged(game.unit("SOUTH INF#1"), True)
    assert Replace("SOUTH INF#1") in game.legal_actions()
    game.state.phase_index = game.state.phase_ids.index("supply")
    assert not [a for a in game.legal_actions() if isinstance(a, Replace)]


@engine_cache
def _front_line() -> ClassicRulesSystem:
    """The front-line test game: South's rail movement along the Southern Railway and its spur."""
    system = system_for(_definition(FIXTURES / "front-line"))
    assert isinstance(system, ClassicRulesSystem)
    return system


SOUTHERN_RAILWAY = [f"{column:02d}12" for column in range(1, 17)]  # 0112 to 1612
CAPITAL_SPUR = ["0811", "0810", "0809"]


@pytest.mark.parametrize(
    ("north_at", "reached"),
    [
        ("0101", [*SOUTHERN_RAILWAY[1:13], *CAPITAL_SPUR]),  # 12 hexes: 0212 to 1312, and the spur
        ("0910", SOUTHERN_RAILWAY[:2] + SOUTHERN_RAILWAY[3:15]),  # from 0312; 0811 and 0810 in its ZOC
    ],
    ids=["no-enemy", "enemy-zoc-on-the-spur"],
)
def test_rail_moves_offered_follow_the_line_up_to_its_hexes_and_not_into_a_zoc(
    north_at: str, reached: list[str]
) -> None:
    """docs/classic-rules.md, Movement modes: along the railway only, each hex costing nothing (an
    infantry's 3 MP would not reach so far), at most 12 hexes (`hexes`), never into an enemy ZOC
    (`enemy_zoc: prohibited`)."""
    start = "0112" if north_at == "0101" else "0312"
    units = [("SOUTH INF#1", start), ("SOUTH INF#2", "0311"), ("NORTH INF#1", north_at)]
    game = _position_in(_front_line(), "the-front-line", units, "south-rail-movement")
    assert sorted(game.legal_moves(game.unit("SOUTH INF#1"))) == sorted(reached)
    assert game.legal_moves(game.unit("SOUTH INF#2")) == {}  # not on the line (`start_on_line`)


@pytest.mark.parametrize(
    ("unit", "path", "message"),
    [
        ("SOUTH INF#1", ["0111"], "along the line only"),
        ("SOUTH INF#2", ["0312"], "does not begin the Rail Movement on its line"),
        ("SOUTH INF#1", [*SOUTHERN_RAILWAY[1:8], "0811"], r"may not enter an enemy ZOC \(0811\)"),
    ],
    ids=["off-the-line", "not-on-the-line", "into-a-zoc"],
)
def test_rail_moves_off_the_line_or_into_a_zoc_are_refused(unit: str, path: list[str], message: str) -> None:
    units = [("SOUTH INF#1", "0112"), ("SOUTH INF#2", "0311"), ("NORTH INF#1", "0910")]
    game = _position_in(_front_line(), "the-front-line", units, "south-rail-movement")
    with pytest.raises(IllegalAction, match=message):
        game.move(game.unit(unit), path)
    assert game.unit(unit).space == units[0 if unit == "SOUTH INF#1" else 1][1]


def test_a_combat_phase_for_some_units_offers_and_requires_only_their_attacks(tmp_path: Path) -> None:
    """docs/classic-rules.md, Combat: an attack is made by the units the phase's `units` selects.
    With delta's North combat phase given to armour only, NORTH INF#1 next to the enemy neither
    attacks nor keeps the (mandatory) phase from ending once NORTH ARM#1 has attacked."""
    folder = tmp_path / "delta"
    shutil.copytree(FIXTURES / "delta", folder)
    game_json = folder / "game.json"
    data = json.loads(game_json.read_text(encoding="utf-8"))
    for phase in data["sequence_of_play"]:
        if phase["id"] == "north-combat":
            phase["units"] = {"classes": ["armour"]}
    game_json.write_text(json.dumps(data), encoding="utf-8")
    system = system_for(_definition(folder))
    assert isinstance(system, ClassicRulesSystem)
    units = [("NORTH INF#1", "0403"), ("NORTH ARM#1", "0503"), ("SOUTH INF#1", "0404")]
    game = _position_in(system, "the-delta", units, "north-combat")
    assert game.legal_actions() == [Attack(("NORTH ARM#1",), ("0404",))]
    with pytest.raises(IllegalAction, match="NORTH INF#1 may not attack in the North Combat Phase"):
        game.attack([game.unit("NORTH INF#1")], ["0404"], RandomDecider(1), ScriptedDice({}))
    game.attack([game.unit("NORTH ARM#1")], ["0404"], RandomDecider(1), SeededDice(1))
    assert game.legal_actions() == [EndPhase()]


def test_an_attack_below_the_table_is_neither_offered_nor_allowed() -> None:
    """docs/classic-rules.md, The combat results table: front-line's `below_lowest` is `no-attack`;
    NORTH INF#1 (4) against three SOUTH INF (12) is 1-3, below the lowest column (1-2), while
    against one (4) it is 1-1."""
    units = [("NORTH INF#1", "0505"), ("SOUTH INF#4", "0405")]
    units += [(f"SOUTH INF#{n}", "0506") for n in (1, 2, 3)]
    game = _position_in(_front_line(), "the-front-line", units, "north-combat")
    assert game.legal_actions() == [Attack(("NORTH INF#1",), ("0405",)), EndPhase()]
    with pytest.raises(IllegalAction, match="the odds 1-3 are below 1-2"):
        game.attack([game.unit("NORTH INF#1")], ["0506"], RandomDecider(1), ScriptedDice({}))


# --- what `wgc play` shows of an action before it is chosen ---------------------------------------


def test_attacks_offered_show_the_totals_odds_and_column_after_shifts() -> None:
    """docs/classic-rules.md, Replays of a classic game: `wgc play` lists each attack with its
    totals, its odds and the column it is read on after shifts. In front-line (odds, rounded for
    the defender), NORTH INF#1 (4) attacks across the river 0607-0506 (one column left: 1-1 read
    on 1-2), NORTH INF#2 the rough hex 0708 (+1 to the die), NORTH ARM#1 (6) the forest 0204 (6
    to 4 is 1-1, one column left)."""
    units = [("NORTH INF#1", "0607"), ("NORTH INF#2", "0609"), ("NORTH ARM#1", "0203")]
    units += [("SOUTH INF#1", "0708"), ("SOUTH INF#2", "0204"), ("SOUTH INF#3", "0506")]
    game = _position_in(_front_line(), "the-front-line", units, "north-combat")
    assert [game.action_text(a) for a in game.legal_actions()] == [
        "attack 0506 with NORTH INF#1 (4 to 4, 1-1, column 1-2)",
        "attack 0708 with NORTH INF#2 (4 to 4, 1-1, die +1)",
        "attack 0204 with NORTH ARM#1 (6 to 4, 1-1, column 1-2)",
        "end the phase",
    ]


def test_odds_shown_name_the_end_of_the_table_and_the_column_above_it() -> None:
    """docs/classic-rules.md, The combat results table: 4 against 12 is 1-3, below front-line's
    1-2 (no attack); 24 against 4 is 6-1, above its 5-1, read on 5-1; 8 against 4, 2-1 on 2-1."""
    from rules_engine.systems.classic.combat import odds_text

    north = ["NORTH INF#1", "NORTH INF#2", "NORTH INF#3", "NORTH ARM#1", "NORTH ARM#2"]
    units = [
        (north[0], "0505"),
        (north[1], "0404"),
        (north[2], "0404"),
        (north[3], "0304"),
        (north[4], "0304"),
    ]
    units += [("SOUTH INF#4", "0405"), *((f"SOUTH INF#{n}", "0506") for n in (1, 2, 3))]
    game = _position_in(_front_line(), "the-front-line", units, "north-combat")
    world = game.world

    def shown(names: list[str], target: str) -> str:
        return odds_text(world, [game.unit(n) for n in names], [target])

    assert shown(north[:1], "0506") == "4 to 12, 1-3, below the table"
    assert shown(north, "0405") == "24 to 4, 6-1, column 5-1"
    assert shown(north[1:3], "0405") == "8 to 4, 2-1"


def test_differentials_shown_name_the_column_or_the_result_without_a_roll() -> None:
    """docs/classic-rules.md, The combat results table: delta's differential CRT, with the
    surprise turn's one column right for North on turn 1; +6 lies beyond its last column
    (+5..+6 shifted right), which `above_highest` makes DE without a roll; two hexes attacked
    at once add their defenders (4 to 8, -4: below the table, shifted onto -2)."""
    units = [("NORTH INF#1", "0403"), ("NORTH INF#2", "0503"), ("NORTH ARM#1", "0303")]
    units += [("SOUTH INF#1", "0404"), ("SOUTH INF#2", "0504")]
    game = _position(units, "north-combat")
    shown = [game.action_text(a) for a in game.legal_actions()]
    assert shown == [
        "attack 0404 with NORTH INF#1 (4 to 4, differential +0, column +1..+2)",
        "attack 0404 with NORTH INF#2 (4 to 4, differential +0, column +1..+2)",
        "attack 0404 with NORTH ARM#1 (6 to 4, differential +2, column +3..+4)",
        "attack 0404 with NORTH INF#1, NORTH INF#2 (8 to 4, differential +4, column +5..+6)",
        "attack 0404 with NORTH INF#1, NORTH ARM#1 (10 to 4, differential +6: DE without a roll)",
        "attack 0404 with NORTH INF#2, NORTH ARM#1 (10 to 4, differential +6: DE without a roll)",
        "attack 0404 with NORTH INF#1, NORTH INF#2, NORTH ARM#1 (14 to 4, differential +10: DE without a roll)",
        "attack 0504 with NORTH INF#2 (4 to 4, differential +0, column +1..+2)",
        "attack 0404 0504 with NORTH INF#2 (4 to 8, differential -4, column -2)",
    ]


def test_dice_pool_attacks_show_the_dice_each_side_rolls() -> None:
    """docs/classic-rules.md, Dice-pool combat: one die per point of the attack total, and the
    defenders their defense total."""
    system = system_for(_definition(FIXTURES / "pool"))
    assert isinstance(system, ClassicRulesSystem)
    units = [("NORTH INF#1", "0403"), ("NORTH ARM#1", "0503"), ("SOUTH INF#1", "0404")]
    game = _position_in(system, "the-pool", units, "north-combat")
    assert [game.action_text(a) for a in game.legal_actions()] == [
        "attack 0404 with NORTH INF#1 (4 dice against 4)",
        "attack 0404 with NORTH ARM#1 (6 dice against 4)",
        "attack 0404 with NORTH INF#1, NORTH ARM#1 (10 dice against 4)",
        "end the phase",
    ]


def test_moves_and_the_last_combat_are_shown_in_plain_words() -> None:
    """A move names its destination and path; the position names the last combat's hex, column
    and result (4 against 4 is 1-1; the seeded roll gives AR)."""
    units = [("NORTH INF#1", "0505"), ("SOUTH INF#4", "0405")]
    game = _position_in(_front_line(), "the-front-line", units, "north-movement")
    assert game.action_text(Move("NORTH INF#1", ("0605", "0606"))) == "move NORTH INF#1 to 0606 via 0605 0606"
    game = _position_in(_front_line(), "the-front-line", units, "north-combat")
    assert not any(line.startswith("Last combat") for line in game.situation())
    game.apply(Attack(("NORTH INF#1",), ("0405",)), SeededDice(1), RandomDecider(1))
    assert game.situation()[-1] == "Last combat: 0405: 1-1 AR"
    assert Replace("NORTH INF#1").describe() == "bring NORTH INF#1 back to full strength"
    assert Replace("NORTH INF#1", "0101").describe() == "bring NORTH INF#1 back at 0101"


# --- unit selectors' values and the protocol's changes -----------------------------------------


@engine_cache
def _cadre() -> ClassicRulesSystem:
    """The cadre test game: divisions of three steps (6-3, 4-3, cadre 2-2)."""
    system = system_for(_definition(FIXTURES / "cadre"))
    assert isinstance(system, ClassicRulesSystem)
    return system


def test_a_selectors_values_ask_for_the_value_the_face_shows() -> None:
    """docs/classic-rules.md, Unit selectors: `values` asks for the values a unit shows: a number
    (any way it is written), `true` for a value present and not 0, `false` for one absent or 0; a
    word is asked for as printed. A cadre division shows movement 2 on its third face only."""
    from rules_engine.definitions import UnitSelector

    game = _cadre().blank_game("the-cadre-line")
    tables, division = game.tables, game.unit("NORTH DIV#1")
    kept: list[UnitSelector] = []  # answers are kept by the selector's id: each must stay alive

    def takes(**values: Any) -> bool:
        kept.append(UnitSelector(values=values))
        return selects(tables, kept[-1], division)

    assert takes(movement=3) and takes(movement=3.0) and not takes(movement=2)
    assert (
        takes(strength=True) and not takes(strength=False) and not takes(attack=True) and takes(attack=False)
    )
    game.state.set_face(division, 2)  # the cadre
    assert takes(movement=2) and not takes(movement=3) and takes(strength=2, movement=2)
    moscow = _moscow()
    army, corps = moscow.unit("THIRD"), moscow.unit("XXIV")
    armies, four = UnitSelector(values={"size": "XXXX"}), UnitSelector(values={"size": 4})
    sized = UnitSelector(side="soviet", values={"size": True})
    assert selects(moscow.tables, armies, army) and not selects(moscow.tables, armies, corps)
    assert not selects(moscow.tables, four, army)
    assert selects(moscow.tables, sized, army) and not selects(moscow.tables, sized, corps)


def _moscow() -> ClassicGame:
    system = system_for(_definition(ROOT / "source_data" / "battle-for-moscow"))
    assert isinstance(system, ClassicRulesSystem)
    return system.blank_game("operation-typhoon")


def test_the_games_step_loss_walks_down_every_face_then_eliminates() -> None:
    """docs/classic-rules.md, Counter values: each step loss turns a unit to its next face, and a
    loss on its last face eliminates it; the game's own `step_loss` (the protocol's) does the same
    as a combat's: 6-3, 4-3, the 2-2 cadre, then eliminated. A one-step militia goes at once."""
    game = _position_in(
        _cadre(), "the-cadre-line", [("NORTH DIV#1", "0403"), ("MILITIA#1", "0606")], "north-combat"
    )
    division = game.unit("NORTH DIV#1")
    strengths = []
    for _ in range(2):
        game.step_loss(division)
        strengths.append((division.face_index, division.face.values["strength"], division.space))
    assert strengths == [(1, 4, "0403"), (2, 2, "0403")]
    game.step_loss(division)
    assert division.status is UnitStatus.ELIMINATED and division.space is None
    militia = game.unit("MILITIA#1")
    game.step_loss(militia)
    assert militia.status is UnitStatus.ELIMINATED
    other = game.unit("NORTH DIV#2")
    game.put(other, "0403")
    game.eliminate(other)
    assert other.status is UnitStatus.ELIMINATED and "0403" not in game.state.occupants


def test_the_games_stacking_problem_counts_the_units_already_there() -> None:
    """game.json's stacking in the cadre game: at most two units, all of one side, in a hex."""
    units = [("NORTH DIV#1", "0403"), ("NORTH DIV#2", "0403"), ("MILITIA#1", "0606")]
    game = _position_in(_cadre(), "the-cadre-line", units, "north-movement")
    third, brigade = game.unit("NORTH DIV#3"), game.unit("NORTH BDE#1")
    assert game.stacking_problem("0403", [third]) is not None
    assert game.stacking_problem("0404", [third, brigade]) is None
    assert game.stacking_problem("0404", [third, brigade, game.unit("NORTH BDE#2")]) is not None
    assert game.stacking_problem("0606", [third]) is not None  # a South unit holds it
    assert game.stacking_problem("0605", [third]) is None


# --- replacements refused, and why (docs/classic-rules.md, Replacements) -------------------------------


def _moscow_replacements(units: list[tuple[str, str]], reduced: tuple[str, ...] = ()) -> ClassicGame:
    system = system_for(_definition(ROOT / "source_data" / "battle-for-moscow"))
    assert isinstance(system, ClassicRulesSystem)
    game = _position_in(system, "operation-typhoon", units, "soviet-replacement")
    for name in ("FIFTH", "TENTH", "FIRST SHOCK"):  # the scenario's pool (a blank game has none)
        game.state.take_off(game.unit(name), UnitStatus.ELIMINATED)
    for name in reduced:
        game.state.set_damaged(game.unit(name), True)
    return game


def test_a_replacement_refused_says_what_the_unit_is_not() -> None:
    """Battle for Moscow (Replacements; 1st Shock Army): a step only for a reduced unit on the map,
    one replacement a unit a phase (`one_per_unit`: FIFTH brought back reduced on the east edge
    may not also get its step), and FIRST SHOCK not before turn 4."""
    game = _moscow_replacements([("THIRD", "1003")])
    with pytest.raises(IllegalAction, match=r"^Replacements: THIRD is not a reduced unit on the map$"):
        game.replace(game.unit("THIRD"), None)
    with pytest.raises(IllegalAction, match=r"THIRD is not eliminated$"):
        game.replace(game.unit("THIRD"), "1405")
    game.replace(game.unit("FIFTH"), "1405")
    assert game.unit("FIFTH").damaged and game.unit("FIFTH").space == "1405"
    with pytest.raises(IllegalAction, match=r"FIFTH has already been replaced in this phase"):
        game.replace(game.unit("FIFTH"), None)
    with pytest.raises(IllegalAction, match=r"FIRST SHOCK may not come back before turn 4$"):
        game.replace(game.unit("FIRST SHOCK"), "1406")


def test_a_replacement_refused_says_what_each_purchase_lacks() -> None:
    """Battle for Moscow (Replacements): a Soviet step needs communication, or Moscow; an eliminated
    army comes back on the east edge or in a city it holds in communication, never in a hex an
    enemy holds, nor beyond stacking; the places it could use are named, six of them at most."""
    germans = ["XXIV", "XLI", "LVII", "XLVI", "XLVII", "LVI"]
    system = system_for(_definition(ROOT / "source_data" / "battle-for-moscow"))
    assert isinstance(system, ClassicRulesSystem)
    around = list(system.board.neighbours["0605"])
    units = [("THIRD", "0605"), *zip(germans, around, strict=False), ("XL", "1401")]
    units += [("SIXTEENTH", "1402"), ("NINETEENTH", "1402")]
    game = _moscow_replacements(units, reduced=("THIRD",))
    name = game.board.name
    with pytest.raises(IllegalAction) as refused:
        game.replace(game.unit("THIRD"), None)
    assert str(refused.value) == (
        f"Replacements: THIRD is out of supply; THIRD is in {name('0605')}, not where a step may be bought"
    )
    with pytest.raises(IllegalAction, match=r"1401\)? holds an enemy unit$"):
        game.replace(game.unit("TENTH"), "1401")
    with pytest.raises(IllegalAction) as crowded:
        game.replace(game.unit("TENTH"), "1402")
    assert str(crowded.value) == f"Replacements: {game.stacking_problem('1402', [game.unit('TENTH')])}"
    with pytest.raises(IllegalAction) as elsewhere:
        game.replace(game.unit("TENTH"), "0101")
    shown = str(elsewhere.value).partition("(now: ")[2]
    assert shown.endswith(" ...)") and shown.count(", ") == 5, shown


def test_a_mode_moves_along_its_line_and_counts_hexes_not_points() -> None:
    """docs/classic-rules.md, Movement modes: a mode's hexes cost nothing, up to `hexes`, so a unit
    in front-line's rail phase has no movement points to run out of (3 in the ordinary phase)."""
    units = [("SOUTH INF#1", "0112"), ("SOUTH INF#2", "0311")]
    game = _position_in(_front_line(), "the-front-line", units, "south-rail-movement")
    assert game.mp_left(game.unit("SOUTH INF#1")) == float("inf")
    game = _position_in(_front_line(), "the-front-line", units, "south-movement")
    assert game.mp_left(game.unit("SOUTH INF#1")) == 3.0


def test_a_mode_without_start_on_line_still_moves_along_the_line_only() -> None:
    """docs/classic-rules.md, Movement modes: open's Strategic Movement has no `start_on_line`, but
    every hex entered must follow its road (0101, 0202, 0302 ...): from 0303, off the road, the
    step into 0302 is refused; along the road, 0202 to 0302 is allowed."""
    system = system_for(_definition(FIXTURES / "open"))
    assert isinstance(system, ClassicRulesSystem)
    units = [("SOUTH INF#1", "0303"), ("SOUTH INF#2", "0202")]
    game = _position_in(system, "the-open-field", units, "south-strategic-movement")
    with pytest.raises(IllegalAction, match=r"Strategic Movement goes along the line only, not into"):
        game.move(game.unit("SOUTH INF#1"), ["0302"])
    game.move(game.unit("SOUTH INF#2"), ["0302", "0403"])
    assert game.unit("SOUTH INF#2").space == "0403"


def test_a_closed_hexside_out_of_an_enemy_zoc_is_refused_by_movement_not_the_zoc(tmp_path: Path) -> None:
    """docs/classic-rules.md, Rules that refuse: a step the terrain closes is the movement rule's,
    even for a unit that starts in an enemy ZOC where `zoc_to_zoc` is false (front-line); the ZOC
    rule refuses only a step from one enemy ZOC hex straight into another. Front-line with an
    impassable hexside added between 0505 and 0506: NORTH INF#1 in 0505, in SOUTH INF#1's ZOC."""
    folder = tmp_path / "front-line"
    shutil.copytree(FIXTURES / "front-line", folder)
    terrain_json, map_json = folder / "terrain.json", folder / "map.json"
    terrain = json.loads(terrain_json.read_text(encoding="utf-8"))
    terrain["terrain"].append(
        {"id": "cliff", "name": "Cliff", "kind": "hexside", "movement": {"cross": "impassable"}}
    )
    terrain_json.write_text(json.dumps(terrain), encoding="utf-8")
    board = json.loads(map_json.read_text(encoding="utf-8"))
    board["hexsides"].append({"between": ["0505", "0506"], "terrain": "cliff"})
    map_json.write_text(json.dumps(board), encoding="utf-8")
    system = system_for(_definition(folder))
    assert isinstance(system, ClassicRulesSystem)
    units = [("NORTH INF#1", "0505"), ("SOUTH INF#1", "0504")]
    game = _position_in(system, "the-front-line", units, "north-movement")
    movement_rule = system.tables.cites["movement"]
    with pytest.raises(IllegalAction) as closed:
        game.move(game.unit("NORTH INF#1"), ["0506"])
    assert closed.value.rule == movement_rule and "cannot enter 0506 from 0505" in str(closed.value)
    with pytest.raises(IllegalAction, match=r"may not move straight from one enemy ZOC hex"):
        game.move(game.unit("NORTH INF#1"), ["0405"])
    with pytest.raises(IllegalAction, match=r"the path enters 0505 twice"):
        game.move(game.unit("NORTH INF#1"), ["0606", "0505"])
