"""How far `wgc grid fit` lands from the known grid of wgc's own maps, as scanned.

    .venv/bin/python bench/gridfit_own_maps.py [--dpi 100]

Each shipped hex game's board is drawn at ``--dpi`` (its hex centres are known exactly:
the layout it was drawn with), then as a scanner would hand it over: as drawn; turned
0.6 degrees; saved as JPEG at quality 60; blurred (radius 1.2 px, a soft scan); and all
three. Printed per case: the largest and root mean square distance from each known
hex centre to the fitted grid's nearest centre, the fit's residual and its time.
"""

from __future__ import annotations

import argparse
import io
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from PIL import Image, ImageFilter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.art.gridfit.fit import fit_grid  # noqa: E402
from compiler.art.gridfit.lattice import NoGrid  # noqa: E402
from compiler.art.gridfit.phase import lattice_coordinates  # noqa: E402
from compiler.pipeline import validate_game  # noqa: E402
from compiler.render.board import render_board  # noqa: E402

TURN = 0.6
Case = tuple[str, Callable[[Image.Image], Image.Image], float]


def turned(image: Image.Image) -> Image.Image:
    return image.rotate(TURN, resample=Image.Resampling.BICUBIC, fillcolor="white")


def jpeg(image: Image.Image) -> Image.Image:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=60)
    return Image.open(io.BytesIO(out.getvalue())).convert("RGB")


def blurred(image: Image.Image) -> Image.Image:
    return image.filter(ImageFilter.GaussianBlur(1.2))


CASES: list[Case] = [
    ("as drawn", lambda image: image, 0.0),
    (f"turned {TURN} deg", turned, TURN),
    ("JPEG q60", jpeg, 0.0),
    ("blurred 1.2 px", blurred, 0.0),
    ("turned + blurred + JPEG", lambda image: jpeg(blurred(turned(image))), TURN),
]


def known_centres(centres: np.ndarray, size: tuple[int, int], degrees: float) -> np.ndarray:
    """Where the drawn centres land once the image is turned (Pillow turns about its middle)."""
    cx, cy = size[0] / 2 - 0.5, size[1] / 2 - 0.5
    t = math.radians(degrees)
    x, y = centres[:, 0] - cx, centres[:, 1] - cy
    return np.column_stack([cx + x * math.cos(t) + y * math.sin(t), cy - x * math.sin(t) + y * math.cos(t)])


def errors(image: Image.Image, truth: np.ndarray) -> tuple[np.ndarray, object]:
    fit = fit_grid(image)
    lattice = fit.lattice
    s, t = lattice_coordinates(lattice.shape, truth[:, 0], truth[:, 1], lattice.origin)
    nearest = np.array([lattice.centre(round(a), round(b)) for a, b in zip(s, t, strict=True)])
    return np.hypot(*(nearest - truth).T), fit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=100)
    args = parser.parse_args()
    print("| map | case | hexes | max px | RMS px | fit residual px | time |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for game in ("israel1948", "jerusalem"):
        definition = validate_game(ROOT / "source_data" / game, run_replays=False).valid
        assert definition is not None
        art = render_board(definition, args.dpi)
        centres = np.array(
            [art.space_centres[s] for s, space in definition.board.spaces.items() if space.hex]
        )
        for name, change, degrees in CASES:
            image = change(art.image.convert("RGB"))
            start = time.perf_counter()
            try:
                found, fit = errors(image, known_centres(centres, image.size, degrees))
            except NoGrid as exc:
                print(f"| {game} | {name} | | refused: {exc} | | | |")
                continue
            seconds = time.perf_counter() - start
            residual = fit.lattice.residual  # type: ignore[attr-defined]
            print(
                f"| {game} ({args.dpi} dpi) | {name} | {len(centres)} | {found.max():.2f} | "
                f"{math.sqrt(float(np.mean(found**2))):.2f} | {residual:.2f} | {seconds:.1f} s |",
                flush=True,
            )


if __name__ == "__main__":
    main()
