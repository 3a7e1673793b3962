"""Replays: sample play, written as JSON, that the rules engine runs to cross-check a game's data.

See docs/replay-format.md for the format. ``run_replay`` runs one replay and
returns its outcome; ``replay_diagnostics`` runs every replay of a validated
game for `wgc validate`. The runner is common to every game system; each
system adds its steps and expectations through its adapter (adapters/).
"""

from compiler.replay.runner import ReplayOutcome, replay_diagnostics, replay_problems, run_replay

__all__ = ["ReplayOutcome", "replay_diagnostics", "replay_problems", "run_replay"]
