"""Run the stages in order for one game folder: load, schema, model, cross-check.

This is the one driver; the CLI and the tests call it. It never raises for bad
input: every problem becomes a diagnostic, located by line and column and
sorted by file and position.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from compiler.cache.replays import ReplayCache
from compiler.checks import ALL_CHECKS, Check, CheckContext
from compiler.diagnostics import Diagnostic, codes, error, warning
from compiler.diagnostics.repeats import cap_repeats
from compiler.loading import GameSources, load_game_folder
from compiler.model import build_definition
from compiler.schema import validate_document
from rules_engine.definitions import GameDefinition, ValidGame


@dataclass
class GameReport:
    """The outcome of validating one game folder."""

    root: Path
    sources: GameSources
    definition: GameDefinition
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def name(self) -> str:
        return folder_name(self.root)

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.is_error)

    @property
    def warnings(self) -> int:
        return len(self.diagnostics) - self.errors

    @property
    def ok(self) -> bool:
        return self.errors == 0

    @property
    def valid(self) -> ValidGame | None:
        """The game with every part present, when it has no errors (what back ends take)."""
        return ValidGame.from_definition(self.definition) if self.ok else None


def folder_name(root: Path) -> str:
    """A game folder's name as messages show it, also when it was given as `.` or `..`."""
    return root.name if root.name not in ("", ".", "..") else (root.resolve().name or str(root))


def validate_game(root: Path, run_replays: bool = True) -> GameReport:
    """Validate the game in ``root`` and return every diagnostic at once.

    When the data has no errors, the replays in ``replays/`` are run last: they
    need a definition the rules engine can trust.
    """
    sources = load_game_folder(root)
    found = list(sources.diagnostics)
    replays = ReplayCache.open(sources)
    valid = _schema_checks(sources, replays, found)
    definition, build_problems = build_definition(sources, valid)
    found.extend(build_problems)
    context = CheckContext(definition, sources, frozenset(valid))
    for check in ALL_CHECKS:
        found.extend(_run_check(check, context))
    if run_replays and not any(d.is_error for d in found):
        found.extend(_run_check(_replay_check(replays), context))
    replays.save()
    if definition.kept is not None:
        found = summarise_module_art(found)
    return GameReport(root, sources, definition, locate(found, sources))


# What an imported module's own art does that wgc's art checks warn of but the module maker
# chose (a counter's back larger than its front, a font without a glyph the module's names use).
MODULE_ART_CHOICES = (codes.ART_SIZES_DIFFER, codes.TEXT_MISSING_GLYPHS)


def summarise_module_art(found: list[Diagnostic]) -> list[Diagnostic]:
    """An imported game's warnings about the module's own art, one line per code: they are
    the module's, as VASSAL shows it, not mistakes of the import or of an edit."""
    kept = [d for d in found if d.code not in MODULE_ART_CHOICES or d.is_error]
    for code in MODULE_ART_CHOICES:
        those = [d for d in found if d.code == code and not d.is_error]
        if those:
            first = those[0]
            kept.append(
                warning(
                    code,
                    f"{len(those)} finding(s) on the imported module's own art, first: {first.message}",
                    first.file,
                    first.pointer,
                    hint="the module is drawn so (its maker's choice): change the art only if you mean to",
                )
            )
    return kept


def _schema_checks(sources: GameSources, replays: ReplayCache, found: list[Diagnostic]) -> set[str]:
    """Every document against its schema: the names of the valid ones. A document whose check
    found nothing last time, unchanged since (compiler/cache/replays.py), is not checked again."""
    valid: set[str] = set()
    system = _declared_system(sources)
    for kind, documents in sources.documents.items():
        for document in documents:
            if replays.kept_clean(document, kind, system):
                valid.add(document.name)
                continue
            problems = validate_document(document, kind, system)
            found.extend(problems)
            if problems:
                replays.not_clean(document)
            if not any(p.is_error for p in problems):
                valid.add(document.name)
    return valid


def _declared_system(sources: GameSources) -> str | None:
    """The system game.json names, read before any schema check: replays are checked against it."""
    game = sources.one("game")
    system = game.data.get("system") if game is not None and isinstance(game.data, dict) else None
    return system if isinstance(system, str) else None


def _replay_check(cache: ReplayCache) -> Check:
    def check_replays(context: CheckContext) -> Iterator[Diagnostic]:
        return _replays(context, cache)

    return check_replays


def _replays(context: CheckContext, cache: ReplayCache) -> Iterator[Diagnostic]:
    """Replays whose outcome is kept (compiler/cache/replays.py) are not played again; the
    rules engine is imported only when one must be: validating a game whose replays did not
    change should not pay for it."""
    documents = [d for d in context.sources.all("replay") if d.name in context.valid]
    outcomes = cache.known(documents)
    if len(outcomes) < len(documents):
        from compiler.replay import replay_problems

        game = ValidGame.from_definition(context.definition)
        if game is None:
            return
        played = replay_problems(context.sources, game, [d for d in documents if d.name not in outcomes])
        if isinstance(played, Diagnostic):  # no engine for this system: nothing to keep
            yield played
            return
        outcomes.update(played)
        cache.keep(documents, outcomes)
    yield from (problem for d in documents if (problem := outcomes[d.name]) is not None)


def _run_check(check: Check, context: CheckContext) -> list[Diagnostic]:
    try:
        return list(check(context))
    except Exception as exc:  # a bug in a check must not hide the other diagnostics
        name = getattr(check, "__name__", "a check")
        return [
            error(
                codes.INTERNAL_CHECK_FAILED,
                f"{name} failed with {type(exc).__name__}: {exc}",
                hint="this is a bug in the compiler; the other diagnostics are still valid",
            )
        ]


def locate(diagnostics: Iterable[Diagnostic], sources: GameSources) -> list[Diagnostic]:
    """Fill in line and column from the source texts, then sort, drop exact repeats and
    keep at most a few of one code per file (``cap_repeats``)."""
    located: list[Diagnostic] = []
    for diagnostic in diagnostics:
        if diagnostic.line is None and diagnostic.file:
            document = sources.by_name(diagnostic.file)
            prefer_key = diagnostic.code == codes.SCHEMA_UNKNOWN_PROPERTY
            where = document.position(diagnostic.pointer, prefer_key) if document else None
            if where is not None:
                diagnostic = diagnostic.located(*where)
        located.append(diagnostic)
    return sorted(cap_repeats(sorted(set(located), key=Diagnostic.sort_key)), key=Diagnostic.sort_key)
