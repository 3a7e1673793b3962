"""Where a game's facts come from: how many records cite the rules, and each value the rules
do not print, with the reason it is what it is. The print kit's notes page says this once,
so that no card, counter or chart has to carry a note of its own."""

from typing import NamedTuple


class Reconstruction(NamedTuple):
    """One reconstructed value: the part of the game that holds it (its file's kind: "cards",
    "counters", "map" ...), the field ("" for a whole record) and the reason, as the data
    gives it (without its "reconstructed: " prefix)."""

    part: str
    field: str
    reason: str


class Provenance(NamedTuple):
    cited: int = 0  # records that cite the rules section they come from
    reconstructed: tuple[Reconstruction, ...] = ()

    @property
    def any(self) -> bool:
        return bool(self.cited or self.reconstructed)
