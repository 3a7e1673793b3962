"""The answer of `wgc inspect`: findings, maps and boards, palette size, and each setup's pieces."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from compiler.vassal.inspection.findings import ERROR, Finding

SHOWN_PER_CODE = 20  # findings of one code listed one by one; the rest are counted


@dataclass
class PlacedPiece:
    """A piece of a started setup where VASSAL puts it: its map (None: on no map), its map
    coordinates and the location name VASSAL computes for them."""

    id: str
    name: str
    map: str | None
    x: int
    y: int
    location: str
    board: str | None = None

    @property
    def on_board(self) -> bool:
        return self.board is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "map": self.map,
            "x": self.x,
            "y": self.y,
            "location": self.location,
        }


@dataclass
class SetupSummary:
    name: str
    file: str | None
    pieces: list[PlacedPiece] = field(default_factory=list)
    # While the setup is checked (and inspect_module's on_setup sees it): the saved game's
    # commands and the started game state (compiler/vassal/inspection/games.py GameState),
    # let go afterwards; ``kept`` is what on_setup answered. Never part of the report.
    commands: list[str] | None = field(default=None, repr=False, compare=False)
    game: Any = field(default=None, repr=False, compare=False)
    kept: Any = field(default=None, repr=False, compare=False)
    empty_stacks: int = 0  # stacks of no piece the save held (VASSAL 3.7 drops them on saving)

    def by_location(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for piece in self.pieces:
            found.setdefault(piece.location, []).append(piece.name)
        return dict(sorted(found.items()))


@dataclass
class BoardInfo:
    name: str
    image: str
    width: int
    height: int
    grid: str


@dataclass
class Inspection:
    path: str
    name: str = ""
    version: str = ""
    vassal_version: str = ""
    findings: list[Finding] = field(default_factory=list)
    maps: dict[str, list[BoardInfo]] = field(default_factory=dict)
    piece_slots: int = 0
    setups: list[SetupSummary] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)
    build_file: str = ""  # the entry VASSAL reads the component tree from

    @property
    def ok(self) -> bool:
        return not any(f.severity == ERROR for f in self.findings)

    def add(self, code: str, message: str, where: str = "") -> None:
        """Record a finding; past SHOWN_PER_CODE of one code they are only counted."""
        self.counts[code] += 1
        if self.counts[code] <= SHOWN_PER_CODE:
            self.findings.append(Finding(code, message, where))

    def extend(self, findings: list[Finding]) -> None:
        for finding in findings:
            self.add(finding.code, finding.message, finding.where)

    def unlisted(self) -> dict[str, int]:
        """Findings counted but not listed, by code."""
        return {code: n - SHOWN_PER_CODE for code, n in sorted(self.counts.items()) if n > SHOWN_PER_CODE}

    def to_json(self) -> dict[str, Any]:
        return {
            "module": self.path,
            "name": self.name,
            "version": self.version,
            "vassalVersion": self.vassal_version,
            "ok": self.ok,
            "findings": [f.to_json() for f in self.findings],
            "findingCounts": dict(sorted(self.counts.items())),
            "maps": {
                name: [
                    {"board": b.name, "image": b.image, "width": b.width, "height": b.height, "grid": b.grid}
                    for b in boards
                ]
                for name, boards in self.maps.items()
            },
            "pieceSlots": self.piece_slots,
            "setups": [_setup_json(s) for s in self.setups],
        }


def _setup_json(setup: SetupSummary) -> dict[str, Any]:
    return {
        "name": setup.name,
        "file": setup.file,
        "pieces": len(setup.pieces),
        "offBoard": [p.name for p in setup.pieces if not p.on_board],
        "locations": setup.by_location(),
        "placed": [p.to_json() for p in setup.pieces],
    }
