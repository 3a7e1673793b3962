"""What the fuzz tests of hostile folders share (test_kept_part_fuzz.py, test_classic_hostile.py):
their settings, and what a validation of any folder must answer."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, Phase, settings

from compiler.diagnostics import codes
from compiler.importer import import_module
from compiler.pipeline import GameReport

from .import_modules import showcase

# A small count so the suite stays fast (raise max_examples to search longer); no explain phase,
# which replays every failing example many times over.
HOSTILE_FUZZ = settings(
    max_examples=40,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def assert_answered(report: GameReport) -> bool:
    """Every diagnostic has a code and a message, no check crashed, and a folder that does not
    validate says why. True when it validates."""
    assert not [d.message for d in report.diagnostics if d.code == codes.INTERNAL_CHECK_FAILED]
    assert all(d.message and d.code for d in report.diagnostics)
    if report.valid is None:
        assert any(d.is_error for d in report.diagnostics)
        return False
    return True


def imported_showcase(where: Path) -> Path:
    """The showcase module (tests/import_modules.py) imported into ``where``/game."""
    (where / "showcase.vmod").write_bytes(showcase())
    result = import_module(where / "showcase.vmod", where / "game")
    assert result.folder is not None and result.ok
    return result.folder
