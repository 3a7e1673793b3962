"""What an import turned into data and what it only kept, by kind and count.

The share of data is counted over items: every component of the module's tree, every trait of
every distinct piece definition, and every piece a setup places. An item counts as data when
the game's data holds it (a board, a grid, a zone, a counter's name or faces, a placement), and
as kept when only vassal/ holds it (a Global Key Command, a BeanShell expression, a custom
class, a trait the data model has no word for).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Tally:
    became_data: Counter[str] = field(default_factory=Counter)
    only_kept: Counter[str] = field(default_factory=Counter)
    items_data: int = 0
    items_kept: int = 0

    def data(self, kind: str, count: int = 1) -> None:
        if count:
            self.became_data[kind] += count

    def kept(self, kind: str, count: int = 1) -> None:
        if count:
            self.only_kept[kind] += count

    def item(self, is_data: bool, count: int = 1) -> None:
        """Items for the share: components, traits of distinct pieces, placed pieces."""
        if is_data:
            self.items_data += count
        else:
            self.items_kept += count

    @property
    def share(self) -> float:
        total = self.items_data + self.items_kept
        return self.items_data / total if total else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "data": dict(sorted(self.became_data.items())),
            "kept": dict(sorted(self.only_kept.items())),
            "items": {"data": self.items_data, "kept": self.items_kept, "share_data": round(self.share, 4)},
        }
