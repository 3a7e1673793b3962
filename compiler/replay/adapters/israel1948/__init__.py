"""The Israel 1948 part of the replay format: moves, attacks with their dice and choices, placements.

Steps: ``move`` (with ``path``), ``attack`` (with ``dice`` and the players'
choices: ``halt``, ``attacker_losses``, ``all_in``, ``drop_die``, ``hits``,
``advance``, ``air``), ``place`` (with ``at``), ``supply_source`` (2.1). Expectations: ``supply``,
``combat``, ``air_points``; for a unit ``out_of_supply``, ``can_reach`` and
``cannot_reach``. Positions add ``air_points`` and a unit's ``out_of_supply``.
See docs/replay-format.md and replay-israel1948.schema.json.
"""

from __future__ import annotations

from compiler.replay.adapter import ReplayAdapter
from compiler.replay.adapters.israel1948.expectations import (
    check_air_points,
    check_combat,
    check_out_of_supply,
    check_supply,
)
from compiler.replay.adapters.israel1948.steps import (
    run_attack,
    run_move,
    run_place,
    run_supply_source,
    set_air_points,
    set_out_of_supply,
    summarise_attack,
    summarise_move,
    summarise_place,
    summarise_supply_source,
)
from compiler.replay.expectations import reach_expectations

ADAPTER = ReplayAdapter(
    steps={"move": run_move, "attack": run_attack, "place": run_place, "supply_source": run_supply_source},
    summaries={
        "move": summarise_move,
        "attack": summarise_attack,
        "place": summarise_place,
        "supply_source": summarise_supply_source,
    },
    expectations={"supply": check_supply, "combat": check_combat, "air_points": check_air_points},
    unit_expectations={
        "out_of_supply": check_out_of_supply,
        **reach_expectations(lambda game, unit: game.legal_moves(unit)),
    },
    position={"air_points": set_air_points},
    unit_position={"out_of_supply": set_out_of_supply},
)
