"""The drawings a build needs, as PNG bytes: from the cache when their inputs are unchanged,
else drawn, encoded on a worker thread (zlib releases the GIL, so the next drawing goes on
meanwhile) and stored.

Each drawing's key is the hash of the inputs its renderer declares next to itself
(``CounterPainter.inputs``, ``card_inputs``, ``BoardInputs``, the chart's content),
the size it is drawn at, and the renderer's version.
"""

from __future__ import annotations

import io
import json
import struct
import warnings
from collections.abc import Callable
from concurrent.futures import Executor, Future

from PIL import Image

from compiler.cache.aside import Waiter, fork_call
from compiler.cache.store import RenderCache
from compiler.render.art import BoardArt, art_from_record, art_record
from compiler.render.board import BoardInputs, paint_board
from compiler.render.cards import back_inputs, card_inputs, render_card, render_card_back
from compiler.render.charts import Chart, render_chart
from compiler.render.counters import CounterPainter
from compiler.render.images import png_bytes
from rules_engine.definitions import Card, Counter, Deck

Png = Future[bytes]


def _done(data: bytes) -> Png:
    future: Png = Future()
    future.set_result(data)
    return future


class Drawings:
    """Cached drawings of one game for one target."""

    def __init__(self, cache: RenderCache, pool: Executor) -> None:
        self.cache = cache
        self.pool = pool
        self.made: dict[str, Png] = {}  # this build's drawings by key: two counters that look
        # the same (a spare copy under another id) are drawn once

    def png(self, label: str, parts: tuple[object, ...], draw: Callable[[], Image.Image]) -> Png:
        key = self.cache.key(*parts)
        if key in self.made:
            return self.made[key]
        found = self.cache.get(key)
        if found is not None:
            self.made[key] = _done(found)
        else:
            image = draw()
            self.cache.redrawn.append(label)
            self.made[key] = self.pool.submit(self._encode, key, image)
        return self.made[key]

    def _encode(self, key: str, image: Image.Image) -> bytes:
        data = png_bytes(image)
        self.cache.put(key, data)
        return data

    def counter(self, painter: CounterPainter, counter: Counter, face: str, size: int) -> Png:
        return self.png(
            f"counter {counter.id} {face}",
            ("counter", painter.inputs(counter, face), face, size),
            lambda: painter.render(counter, face, size),
        )

    def chart(self, chart: Chart) -> Png:
        return self.png(f"chart {chart.id}", ("chart", chart), lambda: render_chart(chart).image)

    def card(self, deck: Deck, card: Card, width: int, height: int) -> Png:
        return self.png(
            f"card {deck.id}/{card.id}",
            ("card", card_inputs(deck, card), width, height),
            lambda: render_card(deck, card, width, height),
        )

    def card_back(self, deck: Deck, width: int, height: int, card: Card | None = None) -> Png:
        return self.png(
            f"card back {deck.id}" + (f"/{card.id}" if card is not None else ""),
            ("card back", back_inputs(deck, card), width, height),
            lambda: render_card_back(deck, width, height, card),
        )

    def board(self, inputs: BoardInputs, dpi: int, aside: Waiter | None = None) -> tuple[BoardArt, Png]:
        """The board's picture and the record of where everything on it was drawn: from the
        cache, else from ``board_aside``'s forked copy, else drawn here."""
        key = self.cache.key("board", inputs, dpi)
        found = self.cache.get(key)
        if found is not None:
            cached = _board_from_entry(found, inputs)
            if cached is not None:
                return cached[0], _done(cached[1])
            self.cache.rejected.append(key)
        self.cache.redrawn.append("board")
        payload = aside() if aside is not None else None
        drawn = _board_from_entry(payload, inputs) if payload is not None else None
        if payload is not None and drawn is not None:
            self.pool.submit(self.cache.put, key, payload)
            return drawn[0], _done(drawn[1])
        art = paint_board(inputs, dpi)
        return art, self.pool.submit(self._encode_board, key, art)

    def _encode_board(self, key: str, art: BoardArt) -> bytes:
        payload = board_entry(art)
        self.cache.put(key, payload)
        return _board_png(payload)


def board_aside(cache: RenderCache, inputs: BoardInputs, dpi: int) -> Waiter | None:
    """Start drawing the board in a forked copy of this process, unless the cache holds it
    (call it before starting any thread; ``Drawings.board`` takes the result)."""
    if cache.holds(cache.key("board", inputs, dpi)):
        return None
    return fork_call(lambda: board_entry(paint_board(inputs, dpi)))


def board_entry(art: BoardArt) -> bytes:
    """A board as the cache keeps it: the length of its record, the record (JSON), the PNG."""
    record = json.dumps(art_record(art), separators=(",", ":")).encode()
    return struct.pack(">Q", len(record)) + record + png_bytes(art.image)


def _board_png(payload: bytes) -> bytes:
    (length,) = struct.unpack(">Q", payload[:8])
    return payload[8 + length :]


def _board_from_entry(payload: bytes, inputs: BoardInputs) -> tuple[BoardArt, bytes] | None:
    """A cached board: its record and its PNG, or None if the entry does not hold one."""
    try:
        (length,) = struct.unpack(">Q", payload[:8])
        record = json.loads(payload[8 : 8 + length])
        png = payload[8 + length :]
        with warnings.catch_warnings():  # a board of ours is at most MAX_BOARD_PIXELS: no bomb
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(png))  # reads the header only; the pixels stay undecoded
        if image.format != "PNG":
            return None
        return art_from_record(record, image, inputs.board.grid), png
    except (ValueError, KeyError, TypeError, struct.error, OSError, Image.DecompressionBombError):
        return None
