"""The one build driver: validate each game, then run the chosen back ends on the valid ones.

Every command that produces files (`wgc build`, `sheets`, `map`, `aids`) and every
bench calls `build()`; none re-implements the sequence. A game with errors
builds nothing and keeps its previous outputs. Outputs are named by the game's
id from game.json (not by its folder), and every write is atomic.

Each back end is one small function in ``BACK_ENDS``; a step's time is reported
to ``on_step`` under its name, so a bench can time the steps without copying them.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from compiler.output.atomic import write_bytes_atomic, write_text_atomic
from compiler.output.folders import folder_inside, inside, writing
from compiler.pipeline import GameReport, folder_name, validate_game
from compiler.steps import StepTimer, ignore_step, timed
from rules_engine.definitions import ValidGame
from rules_engine.definitions.counters import face_path

if TYPE_CHECKING:
    from compiler.cache.store import RenderCache
    from compiler.diagnostics import Diagnostic
    from compiler.render.sheets import SheetSpec

TARGETS = ("module", "sheets", "map", "aids")


@dataclass(frozen=True)
class BuildOptions:
    """How the back ends draw: the sheet layout and the map's resolution and paper."""

    sheet_spec: SheetSpec | None = None
    map_dpi: int = 150
    map_paper: str = "letter"
    map_one_sheet: bool = True  # also map-sheet.pdf: the map on a stock sheet, bleed and crop marks
    aid_dpi: int = 300  # the PNG pages, and the counter faces on the PDF's charts
    aid_paper: str = "letter"
    run_replays: bool = True
    use_cache: bool = True  # keep drawings under OUT/.cache and redraw only what changed


@dataclass
class GameBuild:
    """One game's outcome: its validation report and the files written for it."""

    report: GameReport
    written: list[Path] = field(default_factory=list)
    redrawn: list[str] = field(default_factory=list)  # drawings made afresh, not taken from the cache

    @property
    def ok(self) -> bool:
        return self.report.ok

    @property
    def game_id(self) -> str:
        game = self.report.valid
        return game.game.id if game is not None else self.report.name


@dataclass
class BuildResult:
    games: list[GameBuild]

    @property
    def ok(self) -> bool:
        return all(g.ok for g in self.games)

    @property
    def reports(self) -> list[GameReport]:
        return [g.report for g in self.games]


def build(
    game_dirs: Sequence[Path],
    targets: Sequence[str],
    out: Path,
    options: BuildOptions = BuildOptions(),
    *,
    progress: Callable[[str], None] | None = None,
    on_step: StepTimer = ignore_step,
) -> BuildResult:
    """Validate every game, then write each chosen target for each valid game into ``out``."""
    say = progress or (lambda message: None)
    games: list[GameBuild] = []
    for folder in game_dirs:
        say(f"{folder_name(folder)}: validating ...")
        with timed(on_step, "validate"):
            games.append(GameBuild(validate_game(folder, run_replays=options.run_replays)))
    valid = [(g, g.report.valid) for g in games]
    ready = [(g, game) for g, game in valid if game is not None]
    for g, _ in valid:
        if not g.ok:
            say(f"{g.report.name}: not built because of its errors")
    run = Run(out, options, say, on_step)
    for entry, _ in ready:
        sweep_litter(out, entry.game_id)
    for target in targets:
        with timed(on_step, target):
            BACK_ENDS[target](ready, run)
    return BuildResult(games)


@dataclass(frozen=True)
class Run:
    """What every back end is given besides the games: where to write, how, and whom to tell."""

    out: Path
    options: BuildOptions
    say: Callable[[str], None]
    on_step: StepTimer


Ready = list[tuple[GameBuild, ValidGame]]
BackEnd = Callable[[Ready, Run], None]


def _module(ready: Ready, run: Run) -> None:
    from compiler.report.diagnostics_text import reports_json
    from compiler.report.summary import summarize

    for entry, (data, unplaced), cache in _compiled_modules(ready, run):
        if cache is not None:
            entry.redrawn += cache.redrawn
        _warn_unplaced(entry, unplaced, run)
        module = run.out / f"{entry.game_id}.vmod"
        folder = folder_inside(run.out, run.out / entry.game_id)
        summary = json.dumps(summarize(entry.report), indent=2, sort_keys=True) + "\n"
        with writing(module), timed(run.on_step, "module: write"):
            write_bytes_atomic(module, data)
            write_text_atomic(folder / "summary.json", summary)
            write_text_atomic(folder / "diagnostics.json", reports_json([entry.report]) + "\n")
        entry.written += [module, folder / "summary.json", folder / "diagnostics.json"]
        if cache is not None:
            cache.prune()  # only after the module is written: a failed build keeps the old entries
        run.say(f"{entry.game_id}: wrote {module}{_redraw_note(cache)}")


Compiled = tuple[GameBuild, tuple[bytes, list[str]], "RenderCache | None"]
_FORKED: tuple[Ready, Run] | None = None  # what a forked worker compiles, inherited, never pickled


def _compiled_modules(ready: Ready, run: Run) -> Iterator[Compiled]:
    """Each game's module bytes and its cache, in order. Several games are compiled in two
    forked processes (drawing is CPU-bound, and each process has its own GIL); one game,
    or a platform without fork, or a process already running threads (forking those is
    unsafe: the watcher's, say), compiles here and reports its steps."""
    global _FORKED
    if len(ready) < 2 or "fork" not in mp.get_all_start_methods() or threading.active_count() > 1:
        for entry, game in ready:
            run.say(f"{entry.game_id}: compiling the VASSAL module ...")
            cache = _module_cache(run, entry)
            with timed(run.on_step, "module: compile"):
                yield entry, _compile(game, run, cache), cache
        return
    for entry, _ in ready:
        run.say(f"{entry.game_id}: compiling the VASSAL module ...")
    sys.stdout.flush()
    sys.stderr.flush()  # nothing buffered may be written twice, by a worker as well
    _FORKED = (ready, run)
    try:
        with ProcessPoolExecutor(2, mp_context=mp.get_context("fork")) as pool:
            for (entry, _), (compiled, redrawn, used, taken) in zip(
                ready, pool.map(_compile_forked, range(len(ready))), strict=True
            ):
                cache = _module_cache(run, entry)
                if cache is not None:
                    cache.redrawn, cache.used, cache.taken = redrawn, used, taken
                yield entry, compiled, cache
    finally:
        _FORKED = None


def _compile_forked(index: int) -> tuple[tuple[bytes, list[str]], list[str], set[str], set[str]]:
    assert _FORKED is not None
    ready, run = _FORKED
    entry, game = ready[index]
    cache = _module_cache(run, entry)
    compiled = _compile(game, run, cache, fork_board=False)  # two processes are enough for two cores
    if cache is None:
        return compiled, [], set(), set()
    return compiled, cache.redrawn, cache.used, cache.taken


def _module_cache(run: Run, entry: GameBuild) -> RenderCache | None:
    return _game_cache(run, entry.game_id, "module")


def _game_cache(run: Run, game_id: str, target: str) -> RenderCache | None:
    from compiler.cache.store import RenderCache

    return RenderCache.under(run.out, game_id, target) if run.options.use_cache else None


def _compile(
    game: ValidGame, run: Run, cache: RenderCache | None, fork_board: bool = True
) -> tuple[bytes, list[str]]:
    """The module's bytes, and the map furniture that found no room on its board."""
    from compiler.vassal.module import build_module

    if game.kept is not None:  # an imported module's game: its kept tree filled with the data
        from compiler.vassal.extension.module import build_kept_module

        return build_kept_module(game, run.on_step), []
    unplaced: list[str] = []
    data = build_module(game, on_step=run.on_step, cache=cache, fork_board=fork_board, unplaced=unplaced)
    return data, unplaced


def _warn(entry: GameBuild, found: list[Diagnostic], run: Run) -> None:
    """Warnings a back end finds are said now and kept in the game's report."""
    for diagnostic in found:
        if diagnostic not in entry.report.diagnostics:
            entry.report.diagnostics.append(diagnostic)
            run.say(f"{entry.game_id}: warning: {diagnostic.message}")


def _warn_unplaced(entry: GameBuild, unplaced: list[str], run: Run) -> None:
    """Furniture with no room on the map is a warning, said now and kept in the game's report."""
    from compiler.diagnostics import codes, warning

    for what in dict.fromkeys(unplaced):
        message = f"the map has no room for {what}; it is left off the board"
        hint = "make the map larger (size in map.json) or the furniture smaller"
        found = warning(codes.MAP_FURNITURE_UNPLACED, message, "map.json", "", hint=hint)
        if found not in entry.report.diagnostics:
            entry.report.diagnostics.append(found)
            run.say(f"{entry.game_id}: warning: {message}")


def _redraw_note(cache: RenderCache | None) -> str:
    if cache is not None and cache.outside is not None:
        return f" (drawings not cached: OUT/.cache leads out of the output folder, to {cache.outside})"
    if cache is None or not cache.used:
        return ""
    return f" (drew {len(cache.redrawn)} images, took {len(cache.taken)} from {cache.folder})"


def _sheets(ready: Ready, run: Run) -> None:
    from compiler.output.printables import write_sheets
    from compiler.render.sheets import SheetSpec

    spec = run.options.sheet_spec or SheetSpec()
    jobs = [(game, folder_inside(run.out, run.out / entry.game_id / "sheets")) for entry, game in ready]
    caches: dict[str, RenderCache | None] = {}

    def cache_of(game: ValidGame) -> RenderCache | None:
        caches[game.game.id] = _game_cache(run, game.game.id, "sheets")
        return caches[game.game.id]

    with writing(run.out):
        sheets = write_sheets(jobs, spec, cache_of)
        for (entry, game), (_, folder), written in zip(ready, jobs, sheets, strict=False):
            _warn(entry, sheet_resolution(game, spec), run)
            entry.written += written
            cache = caches.get(entry.game_id)
            entry.redrawn += cache.redrawn if cache is not None else []
            _remove_old_pages(folder, written)
            run.say(f"{entry.game_id}: wrote {len(written)} files to {folder}{_redraw_note(cache)}")


def _map(ready: Ready, run: Run) -> None:
    from compiler.output.printables import write_map

    options = run.options
    for entry, game in ready:
        folder = folder_inside(run.out, run.out / entry.game_id / "map")
        with writing(folder):
            unplaced: list[str] = []
            coarse: list[Diagnostic] = []
            written = write_map(
                game, folder, options.map_dpi, options.map_paper, unplaced, options.map_one_sheet, coarse
            )
        _warn_unplaced(entry, unplaced, run)
        _warn(entry, coarse, run)
        _warn(entry, map_resolution(game), run)
        entry.written += written
        run.say(f"{entry.game_id}: wrote {', '.join(str(p) for p in written)}")


def _aids(ready: Ready, run: Run) -> None:
    from compiler.output.aids import AidSpec, write_aids

    spec = AidSpec(paper=run.options.aid_paper, dpi=run.options.aid_dpi)
    for entry, game in ready:
        folder = folder_inside(run.out, run.out / entry.game_id / "aids")
        with writing(folder):
            written = write_aids(game, folder, spec)
        entry.written += written
        for page in folder.glob("aids-page*.png"):  # pages of an earlier, longer aid
            if page not in written:
                page.unlink(missing_ok=True)
        run.say(f"{entry.game_id}: wrote {len(written)} files to {folder}")


def sweep_litter(out: Path, game_id: str) -> None:
    """Remove the temporary files of an earlier build of this game that was killed mid-write.

    An atomic write leaves ``.<name>.<random>.tmp`` beside its target only when the
    process dies between writing and renaming; nothing else makes such names.
    """
    folders = [out, *(p for p in (out / game_id).glob("**/") if p.is_dir())]
    for folder in (f for f in folders if inside(out, f)):  # a link may lead elsewhere: not ours
        for stale in folder.glob(".*.tmp"):
            if stale.is_file() and (folder != out or stale.name.startswith(f".{game_id}.")):
                stale.unlink(missing_ok=True)


def _remove_old_pages(folder: Path, written: list[Path]) -> None:
    """Page PNGs of an earlier run that had more pages would sit beside the new PDF: remove them."""
    keep = set(written)
    for page in folder.glob("*-sheet*-*.png"):
        if page not in keep:
            page.unlink(missing_ok=True)


def sheet_resolution(game: ValidGame, spec: SheetSpec) -> list[Diagnostic]:
    """Art too small for the sheets' size and resolution: counter faces, cards and card backs."""
    from compiler.art.resolution import resolution_warning, unique
    from compiler.render.cards import CARD_INCHES

    def found() -> Iterator[Diagnostic | None]:
        side = (spec.counter, spec.counter)
        for counter in game.counters.counters.values():
            for name, face in counter.named_faces():
                if face.image is not None:
                    where = counter.origin.child(*face_path(name), "image")
                    yield resolution_warning(face.image.art, side, spec.dpi, where)
        for deck in game.decks:
            if deck.back_image is not None:
                yield resolution_warning(
                    deck.back_image, CARD_INCHES, spec.dpi, deck.origin.child("back_image")
                )
            for card in deck.cards:
                for key, art in (("image", card.image), ("back_image", card.back_image)):
                    if art is not None:
                        yield resolution_warning(art, CARD_INCHES, spec.dpi, card.origin.child(key))

    return unique(found())


MAP_PRINT_DPI = 150  # a board image below this prints visibly soft


def map_resolution(game: ValidGame) -> list[Diagnostic]:
    """A board image printed at its own resolution, when that is too low to print well."""
    from compiler.art.resolution import resolution_warning
    from compiler.mapgeometry.registration import image_dpi

    image, dpi = game.board.image, image_dpi(game.board)
    if image is None or dpi is None:
        return []
    inches = (image.art.width / dpi, image.art.height / dpi)
    found = resolution_warning(image.art, inches, MAP_PRINT_DPI, image.origin.child("file"))
    return [found] if found is not None else []


BACK_ENDS: dict[str, BackEnd] = {"module": _module, "sheets": _sheets, "map": _map, "aids": _aids}
