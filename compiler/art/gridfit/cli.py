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
# Below this clarity the walls are faint enough that which hexes the art draws is told less
# surely: Dreadball's Coliseum (3.9, dark red walls on dark grey) was numbered with a row of
# its margin; every board numbered right scored 4.7 or more (wgc's own, 6 to 8 for modules').
FAINT_CLARITY = 4.5


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
    return found, _summary(fit, target, straighten is not None, found)


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


def _summary(fit: GridFit, path: Path, straightened_copy: bool, found: dict[str, Any]) -> str:
    shape = fit.shape
    first = found["image"]["first_hex"]
    grid = found["grid"]
    lines_of = "columns" if shape.orientation == "flat-top" else "rows"
    lines = [
        f"{path}: {fit.width} x {fit.height} px, {shape.orientation} hexes {shape.hex_size:.2f} px across "
        f"the flats, {lines_of} {shape.across:.2f} px apart",
        f"first hex centred at ({first[0]:.1f}, {first[1]:.1f}) px; residual "
        f"{fit.lattice.residual:.2f} px over {fit.lattice.hexes} hexes measured",
        f"{grid['columns']['to']} columns x {grid['rows']['to']} rows of the hexes the art draws, "
        "numbered from its first (margins and title bands left out)",
    ]
    cut = found["fit"].get("cut_hexes")
    if cut:
        least = found["fit"]["least_part_drawn"]
        lines.append(
            f"warning: the image's edge cuts {cut} of the hexes numbered (the smallest shows {least:.0%} "
            "of a hex): a piece on one stands partly off the art; check the map's edge is where you meant"
        )
    if fit.clarity < FAINT_CLARITY:
        lines.append(
            f"warning: the hex walls stand out faintly from the art (clarity {fit.clarity:.1f}, below "
            f"{FAINT_CLARITY}), so which hexes it draws was told less surely: check that hex "
            f"{_first_id(grid)} is the art's first and the counts are the map's"
        )
    if drift(fit) > MAX_DRIFT and not straightened_copy:
        lines.append(
            f"warning: the grid is turned {shape.rotation:+.2f} degrees, {drift(fit):.1f} px at the far "
            "corner; VASSAL's grids are not turned: use --straighten STRAIGHT.png and register that image"
        )
    return "\n".join(lines)


def _first_id(grid: dict[str, Any]) -> str:
    return f"{grid['columns']['from']:02d}{grid['rows']['from']:02d}"
