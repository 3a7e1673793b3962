"""A balance run as text for people and as JSON for tools."""

from __future__ import annotations

import json
from collections.abc import Sequence

from compiler.simulate.stats import ScenarioTable


def format_tables(tables: Sequence[ScenarioTable]) -> str:
    lines: list[str] = []
    for table in tables:
        lines.append(
            f"{table.name} ({table.scenario}): {table.games} games, policy {table.policy}, "
            f"seeds {table.first_seed}-{table.last_seed}"
        )
        width = max((len(s.result) for s in table.shares), default=6)
        lines.append(f"  {'result':<{width}}  games   share   95% interval")
        for s in table.shares:
            lines.append(
                f"  {s.result:<{width}}  {s.count:5d}  {s.share:6.1%}   {s.low:6.1%} - {s.high:6.1%}"
            )
        lines.append(
            f"  length: {table.turns_mean:.2f} turns on average "
            f"(shortest {table.turns_min}, longest {table.turns_max})"
        )
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def tables_json(tables: Sequence[ScenarioTable]) -> str:
    return json.dumps([t.to_json() for t in tables], indent=2, ensure_ascii=False)
