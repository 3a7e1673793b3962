"""The pictures the page draws with: the board and the counters, by the renderers that draw the
module's and the sheets' art, drawn once per game and face and kept in memory."""

from __future__ import annotations

import io
import threading
from typing import Any

from compiler.render.board import render_board
from compiler.render.counters import CounterPainter
from compiler.serve.engine import Catalogue

Json = dict[str, Any]
BOARD_DPI = 60
COUNTER_PIXELS = 48


class Art:
    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self._boards: dict[str, tuple[bytes, Json]] = {}
        self._counters: dict[tuple[str, str, int], bytes] = {}
        self._painters: dict[str, CounterPainter] = {}
        self._lock = threading.Lock()

    def board(self, game: str) -> tuple[bytes, Json]:
        """The board as a PNG and where its spaces are (pixels): the page's ground."""
        with self._lock:
            if game not in self._boards:
                valid = self.catalogue.report(game).valid
                assert valid is not None
                art = render_board(valid, dpi=BOARD_DPI)
                layout: Json = {
                    "width": art.image.width,
                    "height": art.image.height,
                    "counter": round(art.layout.size * 0.72) if art.layout is not None else COUNTER_PIXELS,
                    "spaces": {
                        space: [round(x, 1), round(y, 1)] for space, (x, y) in art.space_centres.items()
                    },
                }
                self._boards[game] = (_png(art.image), layout)
            return self._boards[game]

    def counter(self, game: str, counter_id: str, face: int) -> bytes | None:
        """A counter's face as a PNG; None for a counter the game has not. The counter mix is
        public: a face-down counter's id is never sent to a seat that may not see it (views.py),
        so the page draws those itself."""
        with self._lock:
            key = (game, counter_id, face)
            if key not in self._counters:
                valid = self.catalogue.report(game).valid
                assert valid is not None
                counter = valid.counters.counters.get(counter_id)
                if counter is None:
                    return None
                painter = self._painters.setdefault(game, CounterPainter(valid))
                faces = painter.faces(counter)
                name = faces[min(max(face, 0), len(faces) - 1)][0]
                self._counters[key] = _png(painter.render(counter, name, COUNTER_PIXELS))
            return self._counters[key]


def _png(image: Any) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
