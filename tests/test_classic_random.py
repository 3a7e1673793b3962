"""Random legal classic games, with the rules' invariants checked after every action.

The random player (rules_engine/systems/classic/random_play.py) plays the template game and the
test games under tests/fixtures/classic to their end; after each action the position must hold
what the rules promise, judged here from the data rather than by the engine's own code:

- stacking: no space holds units of both sides or more units than the limit;
- ZOC stops: a move that entered an enemy ZOC of a kind that stops ended there, a locked unit
  did not leave, and with zoc_to_zoc off no unit went straight from one enemy ZOC to another;
- movement points are never negative, and a move cost no more than its allowance;
- each unit attacks at most once a phase, and each hex is attacked at most once.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from compiler.new_game import new_game
from compiler.pipeline import validate_game
from rules_engine.core.movement_costs import ALL
from rules_engine.definitions import ValidGame
from rules_engine.systems import system_for
from rules_engine.systems.classic.game import ClassicGame
from rules_engine.systems.classic.movement import budget
from rules_engine.systems.classic.selectors import selects
from tests.conftest import ROOT

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
        if game.tables.zoc.kind != "exit-cost" and len(path) > 1:
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
