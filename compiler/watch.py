"""`wgc build --watch`: rebuild a game each time one of its files is saved.

The watcher (watchdog, which uses inotify, FSEvents or ReadDirectoryChangesW) only
collects the paths that changed; the rebuild is ``Rebuilder.rebuild``, one call of
the build driver for the games those paths belong to, into the same output folder.
So a rebuild takes its drawings from OUT/.cache and redraws only what the change
touched. An editor's save often comes as several events (a temporary file, a
rename): the events of ``SETTLE_SECONDS`` after the first one make one rebuild.

A watch dies with its folder: a game folder removed and made again (a checkout, a
restore, ``rm -r`` and a copy) would be rebuilt no more. So each game folder's parent is
watched too, and after every batch of events each game folder is looked at again
(``FolderWatches.check``): one that is gone is reported and not built; one that is back,
or was replaced by another folder, is watched afresh and rebuilt.
"""

from __future__ import annotations

import contextlib
import queue
import stat
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler.build import BuildOptions, BuildResult, build

SETTLE_SECONDS = 0.05
WATCHED_SUFFIXES = (".json", ".png", ".jpg", ".jpeg", ".svg")  # data, and the art it names
CHANGES = ("created", "modified", "moved", "deleted", "closed")  # watchdog's event types that write


@dataclass
class Rebuild:
    """One rebuild: what it built, and how long it took from the first event it answers."""

    result: BuildResult
    seconds: float


class Rebuilder:
    """Builds the games a set of changed paths belongs to."""

    def __init__(
        self,
        game_dirs: Sequence[Path],
        targets: Sequence[str],
        out: Path,
        options: BuildOptions,
        progress: Callable[[str], None] | None = None,
    ) -> None:
        self.game_dirs = [folder.resolve() for folder in game_dirs]
        self.targets, self.out, self.options, self.progress = targets, out.resolve(), options, progress

    def games_of(self, changed: Iterable[Path]) -> list[Path]:
        """The watched games that hold a changed source file (outputs and editors' litter are not)."""
        paths = [path.resolve() for path in changed if _is_source(path)]
        paths = [path for path in paths if not path.is_relative_to(self.out)]
        return [game for game in self.game_dirs if any(path.is_relative_to(game) for path in paths)]

    def rebuild(
        self, changed: Iterable[Path], since: float | None = None, also: Iterable[Path] = ()
    ) -> Rebuild | None:
        """Build the games ``changed`` touches, and the games ``also`` names, those whose
        folder is there; None when that leaves none."""
        wanted = {*self.games_of(changed), *also}
        games = [g for g in self.game_dirs if g in wanted and g.is_dir()]
        if not games:
            return None
        start = since if since is not None else time.perf_counter()
        result = build(games, self.targets, self.out, self.options, progress=self.progress)
        return Rebuild(result, time.perf_counter() - start)


def _is_source(path: Path) -> bool:
    return path.suffix in WATCHED_SUFFIXES and not path.name.startswith((".", "#", "~"))


def watch(
    rebuilder: Rebuilder,
    on_rebuild: Callable[[Rebuild], None],
    stop: threading.Event,
    on_ready: Callable[[], None] = lambda: None,
    on_folder: Callable[[Path, bool], None] = lambda folder, present: None,
) -> None:
    """Rebuild on every save until ``stop`` is set (or KeyboardInterrupt, which propagates).
    ``on_ready`` is called once the watcher sees every change; ``on_folder(folder, False)``
    when a game folder is gone, ``on_folder(folder, True)`` when it is back (then rebuilt)."""
    from watchdog.events import FileSystemEvent, FileSystemEventHandler
    from watchdog.observers import Observer

    changes: queue.Queue[tuple[float, Path]] = queue.Queue()

    class Collect(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            if event.event_type not in CHANGES:
                return  # a file opened or read (the rebuild's own reading) is no change
            now = time.perf_counter()
            for path in (event.src_path, getattr(event, "dest_path", "")):
                if path:
                    changes.put((now, Path(path if isinstance(path, str) else path.decode())))

    observer = Observer()
    watches = FolderWatches(observer, Collect(), rebuilder.game_dirs)
    observer.start()
    on_ready()
    try:
        while not stop.is_set():
            batch = _next_batch(changes, stop)
            if not batch:
                continue
            gone, back = watches.check()
            for folder, present in [*((f, False) for f in gone), *((f, True) for f in back)]:
                on_folder(folder, present)
            done = rebuilder.rebuild([path for _, path in batch], since=batch[0][0], also=back)
            if done is not None:
                on_rebuild(done)
    finally:
        observer.stop()
        observer.join()


class FolderWatches:
    """A recursive watch on each game folder, and one on each folder that holds them (which
    sees a game folder removed and made again, when the game folder's own watch has died)."""

    def __init__(self, observer: Any, handler: Any, folders: Sequence[Path]) -> None:
        self.observer, self.handler = observer, handler
        self.watches: dict[Path, Any] = {}
        self.identity: dict[Path, tuple[int, int] | None] = {}
        for parent in dict.fromkeys(folder.parent for folder in folders):
            with contextlib.suppress(OSError):
                observer.schedule(handler, str(parent), recursive=False)
        for folder in folders:
            self._watch(folder)

    def _watch(self, folder: Path) -> None:
        old = self.watches.pop(folder, None)
        if old is not None:
            with contextlib.suppress(KeyError, OSError):
                self.observer.unschedule(old)
        self.identity[folder] = _identity(folder)
        if self.identity[folder] is not None:
            with contextlib.suppress(OSError):
                self.watches[folder] = self.observer.schedule(self.handler, str(folder), recursive=True)

    def check(self) -> tuple[list[Path], list[Path]]:
        """The folders gone since the last look, and those back (or replaced): watched again."""
        gone: list[Path] = []
        back: list[Path] = []
        for folder, known in list(self.identity.items()):
            now = _identity(folder)
            if now == known:
                continue
            if known is not None:
                gone.append(folder)
            if now is not None:
                back.append(folder)
            self._watch(folder)
        return gone, back


def _identity(folder: Path) -> tuple[int, int] | None:
    """The folder's device and inode (a folder made again has another), or None if it is gone."""
    try:
        status = folder.stat()
    except OSError:
        return None
    return (status.st_dev, status.st_ino) if stat.S_ISDIR(status.st_mode) else None


def _next_batch(changes: queue.Queue[tuple[float, Path]], stop: threading.Event) -> list[tuple[float, Path]]:
    """The first change to come, and every change in the moments after it."""
    try:
        first = changes.get(timeout=0.2)
    except queue.Empty:
        return []
    batch = [first]
    deadline = time.perf_counter() + SETTLE_SECONDS
    while not stop.is_set():
        try:
            batch.append(changes.get(timeout=max(0.0, deadline - time.perf_counter())))
        except queue.Empty:
            break
    return batch
