"""Playing the games of a balance run: in this process, over local processes, or on a Dask cluster.

The seeds are cut into chunks; each chunk is one task that any worker can run.
A task carries the validated game itself (a `GameBundle`: the definition `wgc validate`
accepted, pickled once), not a path or a copy of its files, so a worker on another
machine needs nothing but this package installed, and it plays exactly the game that was
validated: it never validates again from files that might differ (a copy without the
game's art once made every game with an image "not validate" in the workers). Each
worker unpickles a bundle once and keeps the rules engine for the tasks that follow.
Results are put back in seed order, so the table does not depend on which
worker played which game, or on how many there were.
"""

from __future__ import annotations

import copyreg
import hashlib
import io
import pickle
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from compiler.errors import UsageError, WgcError
from compiler.simulate import cluster
from compiler.simulate.stats import Outcome, ScenarioTable, table_of
from rules_engine.core import EngineError
from rules_engine.definitions import Scenario, ValidGame
from rules_engine.definitions.frozen import read_only

NO_RESULT = "no result"


class SimulationError(WgcError):
    """A balance run that cannot run (an unknown scenario or policy, a cluster that cannot be reached)."""


@dataclass(frozen=True)
class GameBundle:
    """A validated game, pickled, shipped whole to the workers that play it."""

    name: str
    data: bytes

    @classmethod
    def from_game(cls, game: ValidGame) -> GameBundle:
        buffer = io.BytesIO()
        pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
        # The model's read-only mappings do not pickle; they travel as dicts made read-only again.
        pickler.dispatch_table = {**copyreg.dispatch_table, MappingProxyType: _reduce_read_only}
        pickler.dump(game)
        return cls(game.game.id, buffer.getvalue())

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    def game(self) -> ValidGame:
        game: ValidGame = pickle.loads(self.data)  # our own bytes, made by from_game
        return game


def _reduce_read_only(mapping: MappingProxyType[Any, Any]) -> tuple[Any, tuple[dict[Any, Any]]]:
    return read_only, (dict(mapping),)


@dataclass(frozen=True)
class Task:
    """Some seeds of one scenario, for one worker to play."""

    bundle: GameBundle
    options: frozenset[str]
    scenario: str
    policy: str
    seeds: tuple[int, ...]


_LOADED: dict[tuple[str, frozenset[str]], Any] = {}


def _system(bundle: GameBundle, options: frozenset[str]) -> Any:
    """The rules engine for a bundle, built once per worker process."""
    from rules_engine.systems import system_for

    key = (bundle.digest, options)
    if key not in _LOADED:
        _LOADED[key] = system_for(bundle.game(), options)
    return _LOADED[key]


def play_task(task: Task) -> list[Outcome]:
    """Play one task's seeds; the worker's entry point (it must stay importable by name)."""
    system = _system(task.bundle, task.options)
    outcomes = []
    for seed in task.seeds:
        game = system.play(task.scenario, seed, task.policy)
        outcomes.append(Outcome(seed, game.result or NO_RESULT, game.turns_played))
    return outcomes


def _tasks(
    bundle: GameBundle,
    options: frozenset[str],
    scenarios: Sequence[str],
    policy: str,
    first_seed: int,
    games: int,
    chunk: int,
) -> list[Task]:
    seeds = list(range(first_seed, first_seed + games))
    return [
        Task(bundle, options, scenario, policy, tuple(seeds[i : i + chunk]))
        for scenario in scenarios
        for i in range(0, games, chunk)
    ]


def _local(tasks: list[Task], jobs: int) -> Iterator[list[Outcome]]:
    if jobs <= 1:
        yield from map(play_task, tasks)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play_task, tasks)


def _distributed(tasks: list[Task], address: cluster.SchedulerAddress) -> Iterator[list[Outcome]]:
    try:
        from dask import distributed
    except ImportError as exc:
        raise UsageError(
            "--scheduler needs Dask: pip install 'wargame-module-compiler[cluster]'", hint=str(exc)
        ) from exc
    cluster.probe_scheduler(address)  # Dask's own handshake is unbounded against a server that is not Dask
    client_class: Any = distributed.Client  # dask's Client has no annotations
    try:
        client = client_class(str(address), timeout=f"{cluster.CONNECT_SECONDS:g}s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise SimulationError(f"cannot reach the Dask scheduler at {address}: {exc}") from exc
    with client:
        futures = client.map(play_task, tasks, pure=False)
        for future in futures:
            yield future.result()


def result_levels(scenario: Scenario) -> list[str]:
    """The results a scenario can end in, in victory order: from one side's best to the other's.

    The side is that of the first condition with levels (a scale, such as towns held),
    or else of the first condition. Its sudden results come first, then its levels in the
    order declared (best first), the result when nothing else holds, the other sides'
    levels from their worst to their best, and last their sudden results.
    """
    victory = scenario.victory
    if victory is None:
        return []
    leading = [c for c in victory.conditions if c.levels] or list(victory.conditions)
    side = leading[0].side if leading else None
    ours = [c for c in victory.conditions if c.side == side]
    theirs = [c for c in victory.conditions if c.side != side]
    order = [c.result for c in ours if c.result]
    order += [level.result for c in ours for level in c.levels]
    order += [victory.otherwise] if victory.otherwise else []
    order += [level.result for c in reversed(theirs) for level in reversed(c.levels)]
    order += [c.result for c in reversed(theirs) if c.result]
    return list(dict.fromkeys(r for r in order if r))


def simulate(
    game: ValidGame,
    *,
    scenarios: Sequence[str] = (),
    games: int = 100,
    policy: str = "random",
    seed: int = 0,
    jobs: int = 1,
    scheduler: str | None = None,
    options: frozenset[str] = frozenset(),
    progress: Callable[[int], None] | None = None,
) -> list[ScenarioTable]:
    """Play ``games`` seeded games of each scenario (all of them when none is named)."""
    from rules_engine.systems import system_for

    try:
        system = system_for(game, options)
    except EngineError as exc:
        raise UsageError(str(exc)) from exc
    if policy not in system.policies:
        raise UsageError(
            f"no policy '{policy}' for the {game.game.system} system (it has: {', '.join(system.policies)})"
        )
    chosen = list(scenarios) or [s.id for s in game.scenarios]
    known = {s.id: s for s in game.scenarios}
    for scenario_id in chosen:
        if scenario_id not in known:
            raise UsageError(f"no scenario '{scenario_id}' in {game.game.id} (there are: {', '.join(known)})")
    address = cluster.parse_scheduler(scheduler) if scheduler else None
    chunk = max(1, min(50, games // max(1, jobs * 4)))
    tasks = _tasks(GameBundle.from_game(game), options, chosen, policy, seed, games, chunk)
    played = _distributed(tasks, address) if address else _local(tasks, jobs)
    by_scenario: dict[str, list[Outcome]] = {s: [] for s in chosen}
    for task, outcomes in zip(tasks, played, strict=True):
        by_scenario[task.scenario].extend(outcomes)
        if progress is not None:
            progress(len(outcomes))
    return [table_of(s, known[s].name, policy, by_scenario[s], result_levels(known[s])) for s in chosen]
