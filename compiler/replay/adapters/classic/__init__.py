"""The classic part of the replay format (docs/classic-rules.md, Replays; replay-classic.schema.json).

Steps: ``move`` (with ``path``), ``attack`` (``units`` and ``target`` or ``targets``, with
``dice`` and the players' choices ``defender_losses``, ``attacker_losses``, ``retreats``,
``advance``), ``place`` (with ``at``), ``replace`` (with ``at`` for an eliminated unit).
Expectations: ``combat``, ``supply``, ``replacement_points``, ``may_end_phase``; for a unit
``out_of_supply``, ``moved``, ``attacked``, ``mp_left``, ``can_reach``, ``cannot_reach``.
Positions add ``replacement_points`` and ``eliminated``, and for a unit ``out_of_supply``,
``moved`` and ``attacked``.
"""

from __future__ import annotations

from compiler.replay.adapter import ReplayAdapter
from compiler.replay.adapters.classic.expectations import (
    check_attacked,
    check_combat,
    check_may_end,
    check_moved,
    check_mp_left,
    check_out_of_supply,
    check_points,
    check_supply,
)
from compiler.replay.adapters.classic.steps import (
    run_attack,
    run_move,
    run_place,
    run_replace,
    set_attacked,
    set_eliminated,
    set_moved,
    set_out_of_supply,
    set_replacement_points,
    summarise_attack,
    summarise_move,
    summarise_place,
    summarise_replace,
    summed_rolls,
)
from compiler.replay.expectations import reach_expectations

ADAPTER = ReplayAdapter(
    steps={"move": run_move, "attack": run_attack, "place": run_place, "replace": run_replace},
    summaries={
        "move": summarise_move,
        "attack": summarise_attack,
        "place": summarise_place,
        "replace": summarise_replace,
    },
    expectations={
        "combat": check_combat,
        "supply": check_supply,
        "replacement_points": check_points,
        "may_end_phase": check_may_end,
    },
    unit_expectations={
        "out_of_supply": check_out_of_supply,
        "moved": check_moved,
        "attacked": check_attacked,
        "mp_left": check_mp_left,
        **reach_expectations(lambda game, unit: game.legal_moves(unit)),
    },
    position={"replacement_points": set_replacement_points, "eliminated": set_eliminated},
    unit_position={"out_of_supply": set_out_of_supply, "moved": set_moved, "attacked": set_attacked},
    summed_rolls=summed_rolls,
)
