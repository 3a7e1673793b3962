"""What an imported game keeps of its VASSAL module beyond the data: its `vassal/` folder.

The rules engine never reads any of it; the model carries it so that the VASSAL back end builds
the module from validated input only (compiler/vassal/extension, docs/import.md). Pieces are
kept as VASSAL writes them (traits outermost first, BasicPiece last) with links saying which
fields the data gives; setups keep every command of their saved game that is not a piece the
scenario places.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Links:
    """Which trait fields of a kept piece the data gives, by trait position in its own list."""

    name: int | None = None  # BasicPiece whose name is the counter's (or card's) name
    image: int | None = None  # BasicPiece whose image is the front face's (or card's) image
    faces: int | None = None  # Layer whose images are the faces (level 1 = front)
    values: Mapping[int, Mapping[str, str]] = field(default_factory=dict)  # Marker: property -> value id
    kind: int | None = None  # prototype trait that names the counter's class
    back: int | None = None  # Mask whose image is a card's back
    # Calculated Properties that give a value by the face shown: trait position -> value id
    calculated: Mapping[int, str] = field(default_factory=dict)

    @property
    def positions(self) -> set[int]:
        found = {self.name, self.image, self.faces, self.kind, self.back, *self.values, *self.calculated}
        found.discard(None)
        return {p for p in found if p is not None}


@dataclass(frozen=True)
class KeptPiece:
    traits: tuple[str, ...]
    states: tuple[str, ...]
    links: Links = Links()


@dataclass(frozen=True)
class KeptPieces:
    """vassal/pieces.json: pieces by counter id and by 'deck id/card id'."""

    counters: Mapping[str, KeptPiece]
    cards: Mapping[str, KeptPiece]


@dataclass(frozen=True)
class SavedPiece:
    """One piece of a saved game: its trait states, and its own definition when it is not the
    counter's (an older one the save keeps): ``type`` indexes KeptSetup.types."""

    states: tuple[str, ...]
    type: int | None = None


@dataclass(frozen=True)
class KeptSetup:
    """vassal/setups/<id>.json: a saved game less what the scenario's data says (see
    compiler/vassal/extension/format.py for the commands' shapes)."""

    commands: tuple[Any, ...]
    pieces: Mapping[str, SavedPiece]
    types: tuple[str, ...]
    entries: Mapping[str, str]
    obfuscated: bool = True


@dataclass(frozen=True)
class KeptFile:
    """A file of the game folder the module holds: its name in the archive, and its name in the
    game folder (read again through the folder's reader when the module is built)."""

    entry: str
    path: str


@dataclass(frozen=True)
class KeptModule:
    """The whole vassal/ part: the component tree, moduledata, pieces, setups and files."""

    template: bytes
    moduledata: bytes | None
    pieces: KeptPieces
    setups: Mapping[str, KeptSetup]
    files: tuple[KeptFile, ...]
    root: str = field(default="", compare=False)  # the game folder the files are read from
