"""The Jerusalem! part of the replay format: every action of the system, with the players' choices.

Steps: ``first`` (which movement phase comes first), ``move``, ``enter``
and ``build`` (with ``path``), ``leave``, ``load`` and ``unload`` (with
``units``), ``attack``, ``route``, ``halt_convoy``, ``bomb`` and ``terror``;
a step answers the questions its action raises with ``first_fire``,
``protect``, ``abandon``, ``shell`` and ``choices``. Expectations:
``combat``, ``shelling``, ``first_phase``, ``convoy``, ``may_end_phase``,
``hidden_from``, ``new_roads``; for a unit ``mp_left``, ``stopped``,
``face_down``, ``disrupted``, ``carried_by``, ``attacked``, ``off_map``,
``road_work_left``, ``can_reach`` and ``cannot_reach``. Positions add
``first_phase``, ``route``, ``escorts``, ``bombed``, ``off_map`` and
``new_roads``, and for a unit the same markers and ``road_work``. See
docs/replay-format.md and replay-jerusalem.schema.json.
"""

from __future__ import annotations

from compiler.replay.adapter import ReplayAdapter
from compiler.replay.adapters.jerusalem.expectations import EXPECTATIONS, UNIT_EXPECTATIONS
from compiler.replay.adapters.jerusalem.steps import POSITION, STEPS, SUMMARIES, UNIT_POSITION

ADAPTER = ReplayAdapter(
    steps=STEPS,
    summaries=SUMMARIES,
    expectations=EXPECTATIONS,
    unit_expectations=UNIT_EXPECTATIONS,
    position=POSITION,
    unit_position=UNIT_POSITION,
)
