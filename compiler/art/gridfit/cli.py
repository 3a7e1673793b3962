"""What `wgc grid fit` does: read the map, fit, straighten if asked, and say what was found."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PIL import Image

from compiler.art.files import load_image
from compiler.art.gridfit.fit import GridFit, fit_grid
from compiler.art.gridfit.lattice import NoGrid
from compiler.art.gridfit.registration import drift, registration
from compiler.errors import OutputError
from compiler.loading.art_errors import ArtError

MAX_DRIFT = 0.5  # pixels: a grid turned less than this at its far corner is taken as straight


def run_fit(path: Path, straighten: Path | None, name: str | None) -> tuple[dict[str, Any] | None, str]:
    """(the registration, a summary), or (None, why there is no grid)."""
    try:
        image = load_image(path)
        fit = fit_grid(image)
        if straighten is not None:
            image = straightened(image, fit.shape.rotation)
            _save(image, straighten)
            fit = fit_grid(image)
    except (ArtError, NoGrid) as exc:
        return None, f"no regular hex grid found: {exc}" if isinstance(exc, NoGrid) else str(exc)
    target = straighten if straighten is not None else path
    found = registration(fit, name or target.name)
    return found, _summary(fit, target, straighten is not None, found["image"]["first_hex"])


def straightened(image: Image.Image, degrees: float) -> Image.Image:
    """The image turned back by ``degrees`` about its centre, same size, white where it was not."""
    return image.rotate(degrees, resample=Image.Resampling.BICUBIC, fillcolor="white")


def _save(image: Image.Image, path: Path) -> None:
    from compiler.output.atomic import write_bytes_atomic
    from compiler.render.images import png_bytes

    try:
        write_bytes_atomic(path, png_bytes(image))
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from exc


def _summary(fit: GridFit, path: Path, straightened_copy: bool, first: list[float]) -> str:
    shape = fit.shape
    lines_of = "columns" if shape.orientation == "flat-top" else "rows"
    lines = [
        f"{path}: {fit.width} x {fit.height} px, {shape.orientation} hexes {shape.hex_size:.2f} px across "
        f"the flats, {lines_of} {shape.across:.2f} px apart",
        f"first hex centred at ({first[0]:.1f}, {first[1]:.1f}) px; residual "
        f"{fit.lattice.residual:.2f} px over {fit.lattice.hexes} hexes measured",
    ]
    if drift(fit) > MAX_DRIFT and not straightened_copy:
        lines.append(
            f"warning: the grid is turned {shape.rotation:+.2f} degrees, {drift(fit):.1f} px at the far "
            "corner; VASSAL's grids are not turned: use --straighten STRAIGHT.png and register that image"
        )
    return "\n".join(lines)
