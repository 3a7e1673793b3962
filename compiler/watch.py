"""`wgc build --watch`: rebuild a game each time one of its files is saved.

The watcher (watchdog, which uses inotify, FSEvents or ReadDirectoryChangesW) only
collects the paths that changed; the rebuild is ``Rebuilder.rebuild``, one call of
the build driver for the games those paths belong to, into the same output folder.
So a rebuild takes its drawings from OUT/.cache and redraws only what the change
touched. An editor's save often comes as several events (a temporary file, a
rename): the events of ``SETTLE_SECONDS`` after the first one make one rebuild.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

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

    def rebuild(self, changed: Iterable[Path], since: float | None = None) -> Rebuild | None:
        """Build the games ``changed`` touches; None when it touches none."""
        games = self.games_of(changed)
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
) -> None:
    """Rebuild on every save until ``stop`` is set (or KeyboardInterrupt, which propagates).
    ``on_ready`` is called once the watcher sees every change."""
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
    for folder in rebuilder.game_dirs:
        observer.schedule(Collect(), str(folder), recursive=True)
    observer.start()
    on_ready()
    try:
        while not stop.is_set():
            batch = _next_batch(changes, stop)
            if batch:
                done = rebuilder.rebuild([path for _, path in batch], since=batch[0][0])
                if done is not None:
                    on_rebuild(done)
    finally:
        observer.stop()
        observer.join()


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
