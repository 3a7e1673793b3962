"""How fast `wgc inspect` reads a large module, and how fast it decodes a deep piece.

    .venv/bin/python bench/inspect_speed.py [MODULE.vmod ...]

Prints, best of a few runs:
- the decoding of one piece as deep as the deepest found in a public module (189 traits,
  about 63,000 characters; the old decoder scanned 4.8 million characters for it);
- a full inspection of a generated module the size of the large public ones (about 1 MB of
  buildFile.xml, three saved games of about 2 MB of commands each);
- a full inspection of each MODULE.vmod given (for example the public modules zipped from
  their GitHub repositories by bench/zip_module.py). The large one the budget is set for is
  Paths of Glory, the Cattlesquat/PathsOfGlory repository zipped with
  `--stand-in images/map_classic_vassal.jpg=5100x4200` (a file the stored snapshot lacks):
  `wgc inspect` of it under 1 s (bench/budget.py --pog, docs/performance.md).
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from compiler.vassal.archive import zip_bytes
from compiler.vassal.inspect import inspect_module
from compiler.vassal.pieces import Trait, add_piece, basic_piece, decode_add_piece, layer, marker
from compiler.vassal.savefile import save_bytes
from tests.inspect_modules import board_xml, build_file, map_xml, moduledata, png, square_grid


def best_of(runs: int, action: Callable[[], object]) -> float:
    """The shortest wall-clock time of a few runs."""
    return min(_timed(action)[0] for _ in range(runs))


def cpu_of(runs: int, action: Callable[[], object]) -> float:
    """The shortest CPU time of a few runs (steadier than wall time on a shared machine)."""
    return min(_timed(action)[1] for _ in range(runs))


def _timed(action: Callable[[], object]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return time.perf_counter() - wall, time.process_time() - cpu


def deep_piece(
    depth: int, map_name: str = "null", x: int = 0, y: int = 0, gpid: str = "", kind: int = 0
) -> list[Trait]:
    """Layers and markers as real modules stack them, innermost a basic piece; ``kind`` makes
    distinct piece types (saves hold hundreds)."""
    traits: list[Trait] = []
    for n in range(depth - 1):
        if n % 3 == 0:
            traits.append(
                layer([f"l{n}a.png", f"l{n}b.png"], ["", "+ flipped"], f"Flip {n}", "70,130", f"L{n}")
            )
        else:
            traits.append(marker({f"Prop{n}": f"value {n}; with\ttab", f"Other{n}": f"x{kind}"}))
    return [*traits, basic_piece("face.png", "Deep", map_name, x, y, gpid)]


def large_module() -> bytes:
    """About 1 MB of buildFile.xml and three saves of about 2 MB of commands each."""
    slots = "".join(
        f'<VASSAL.build.widget.PieceSlot entryName="S{n}" gpid="{n}">'
        + add_piece("null", deep_piece(12, gpid=str(n))).replace("&", "&amp;").replace("<", "&lt;")
        + "</VASSAL.build.widget.PieceSlot>"
        for n in range(1, 1000)
    )
    body = (
        map_xml("Main", board_xml("B", square_grid(50.0, 50.0, 25, 25, ""), "b.png"))
        + f'<VASSAL.build.module.PieceWindow name="P"><VASSAL.build.widget.ListWidget entryName="L">{slots}'
        "</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>"
        + "".join(
            f'<VASSAL.build.module.PredefinedSetup name="S{n}" useFile="true" file="s{n}.vsav"/>'
            for n in range(3)
        )
    )
    pieces = [
        add_piece(str(1000 + n), deep_piece(30, "Main", 25 + n % 40 * 50, 25 + n // 40 * 50, "1"))
        for n in range(650)
    ]
    files = {"images/b.png": png(2000, 2000), "images/face.png": png(20, 20)}
    files.update({f"s{n}.vsav": save_bytes(["SETUP_STACK\t", *pieces], "Large", "1.0") for n in range(3)})
    return zip_bytes(
        {"moduledata": moduledata("Large"), "buildFile.xml": build_file("Large", body, 1000), **files}
    )


def main(modules: list[str]) -> None:
    command = add_piece("1", deep_piece(189))
    seconds = best_of(5, lambda: decode_add_piece(command))
    print(f"deep piece: 189 traits, {len(command):,} characters, decoded in {seconds * 1000:.1f} ms")
    with tempfile.TemporaryDirectory() as folder:
        module = Path(folder) / "large.vmod"
        module.write_bytes(large_module())
        result = inspect_module(module)
        setups = sum(len(s.pieces) for s in result.setups)
        seconds = best_of(3, lambda: inspect_module(module))
        cpu = cpu_of(3, lambda: inspect_module(module))
        print(
            f"generated large module: {result.piece_slots} slots, {setups} setup pieces, "
            f"inspected in {seconds:.2f} s (CPU {cpu:.2f} s)"
        )
    for path in modules:
        result = inspect_module(Path(path))
        seconds = best_of(3, lambda p=path: inspect_module(Path(p)))  # type: ignore[misc]
        cpu = cpu_of(3, lambda p=path: inspect_module(Path(p)))  # type: ignore[misc]
        pieces = sum(len(s.pieces) for s in result.setups)
        print(
            f"{Path(path).name}: {result.piece_slots} slots, {pieces} setup pieces, "
            f"inspected in {seconds:.2f} s (CPU {cpu:.2f} s)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
