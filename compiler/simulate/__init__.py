"""Balance runs: many seeded games through the rules engine, summed up per scenario.

`simulate()` plays the games (in this process, over local processes, or on a
Dask cluster) and returns one table per scenario: the share of each result with
a 95% confidence interval, the length of the games and the seeds played. The
same seeds give the same table on any machine and with any number of jobs.
"""

from compiler.simulate.runner import GameBundle, SimulationError, simulate
from compiler.simulate.stats import ResultShare, ScenarioTable, wilson_interval

__all__ = ["GameBundle", "ResultShare", "ScenarioTable", "SimulationError", "simulate", "wilson_interval"]
