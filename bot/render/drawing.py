"""What every game's pictures are drawn with (Pillow): text set in Roboto, which has Cyrillic,
cut or wrapped to fit, PNG bytes, and a legend naming a picture's symbols under it."""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from PIL import Image, ImageDraw, ImageFont

_FONT_FILES = {False: "Roboto-Regular.ttf", True: "Roboto-Bold.ttf"}

SEAT_RGB: tuple[tuple[int, int, int], ...] = (
    (41, 98, 255),
    (230, 110, 20),
    (46, 160, 67),
    (170, 60, 200),
    (220, 50, 60),
    (0, 160, 170),
    (200, 170, 0),
)
"""Each seat's colour, by seat: the two-player games' pieces in their pictures, and the
accent of a message's container for the seat to act (``bot.render.layout``)."""

SET_TEXT_BYTES = 1024 * 1024
"""Bytes of text kept as set (one byte a pixel): the numbers and letters of every space and
cell, a legend's lines, the names on a field — most of a picture's words are the same in the
next picture, and setting text was half of a picture's drawing time."""


class SetText:
    """Text as the font set it (its mask and offset), kept for the next picture: the most
    recently used first, within ``SET_TEXT_BYTES``. Shared by every font and drawing thread."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._kept: OrderedDict[Hashable, tuple[Any, tuple[int, int], int]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> tuple[Any, tuple[int, int]] | None:
        with self._lock:
            found = self._kept.get(key)
            if found is None:
                return None
            self._kept.move_to_end(key)
            return found[0], found[1]

    def keep(self, key: Hashable, mask: Any, offset: tuple[int, int]) -> None:
        width, height = mask.size
        size = width * height + 100  # the mask's pixels, and the entry itself
        with self._lock:
            if key in self._kept:
                return
            self._kept[key] = (mask, offset, size)
            self._size += size
            while self._size > self.limit and len(self._kept) > 1:
                _, (_, _, dropped) = self._kept.popitem(last=False)
                self._size -= dropped

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._size = 0


SET_TEXT = SetText(SET_TEXT_BYTES)


class KeptFont(ImageFont.FreeTypeFont):
    """A FreeType font that keeps the text it set (``SET_TEXT``) and the lengths it measured:
    ``ImageDraw.text`` draws the very mask ``getmask2`` gives, so a kept one draws the same
    pixels as setting the text again."""

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        # Every argument that can change the mask is in the key (the font itself by identity:
        # ``font`` makes each size and weight once).
        key = (
            id(self),
            text,
            mode,
            direction,
            None if features is None else tuple(features),
            language,
            stroke_width,
            anchor,
            ink,
            start,
            args,
            tuple(sorted(kwargs.items())),
        )
        found = SET_TEXT.get(key)
        if found is not None:
            return found
        mask, offset = super().getmask2(
            text, mode, direction, features, language, stroke_width, anchor, ink, start, *args, **kwargs
        )
        SET_TEXT.keep(key, mask, offset)
        return mask, offset

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        if direction is None and features is None and language is None:
            return _length(self, text, mode)
        return super().getlength(text, mode, direction, features, language)


@lru_cache(maxsize=8192)
def _length(face: KeptFont, text: str | bytes, mode: str) -> float:
    """A length measured once (fitting labels and the legend's lines measures the same words
    at every picture)."""
    return ImageFont.FreeTypeFont.getlength(face, text, mode)


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    data = resources.files("font_roboto").joinpath("files", _FONT_FILES[bold]).read_bytes()
    return KeptFont(io.BytesIO(data), size)


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    # The fastest deflate level: some 40% less encoding time than the default for files some
    # 20% larger, and encoding was a third of a picture's time.
    image.save(out, format="PNG", optimize=False, compress_level=1)
    return out.getvalue()


def fit_text(draw: ImageDraw.ImageDraw, text: str, width: int, face: ImageFont.FreeTypeFont) -> str:
    """``text`` cut (with ``…``) to fit ``width`` pixels."""
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…" if text else ""


def wrap(draw: ImageDraw.ImageDraw, text: str, width: int, face: ImageFont.FreeTypeFont) -> list[str]:
    """``text`` on at most two lines of ``width`` pixels, broken between words; what does not
    fit is cut with ``…``."""
    words = text.split()
    first: list[str] = []
    while words and draw.textlength(" ".join([*first, words[0]]), font=face) <= width:
        first.append(words.pop(0))
    if not first:  # one word longer than the line
        return [fit_text(draw, text, width, face)]
    return [" ".join(first)] + ([fit_text(draw, " ".join(words), width, face)] if words else [])


Box = tuple[int, int, int, int]
DrawIcon = Callable[[ImageDraw.ImageDraw, str, Box], None]


@dataclass(frozen=True, slots=True)
class Legend:
    """How a picture's legend is laid out: entries in columns at least ``column`` pixels wide,
    filled top to bottom, each ``row`` pixels high with its ``icon``-sized symbol and up to two
    lines of words ``gap`` pixels after it, under a rule."""

    column: int
    row: int
    icon: int
    size: int
    """The words' font size."""
    gap: int
    pad: int
    ink: tuple[int, int, int]
    rule: tuple[int, int, int]

    def height(self, entries: int, width: int) -> int:
        """The legend's height under a picture ``width`` pixels wide (0 without entries)."""
        if not entries:
            return 0
        return self.pad + self._rows(entries, width) * self.row + self.pad

    def _rows(self, entries: int, width: int) -> int:
        return -(-entries // max(1, width // self.column))

    def draw(
        self,
        draw: ImageDraw.ImageDraw,
        top: int,
        width: int,
        entries: Sequence[tuple[str, str]],
        icon: DrawIcon,
    ) -> None:
        """The ``(key, words)`` entries from ``top``; ``icon`` draws each key's symbol in a box."""
        if not entries:
            return
        columns = max(1, width // self.column)
        rows = self._rows(len(entries), width)
        column_width = (width - 2 * self.pad) // columns
        draw.line((self.pad, top + 2, width - self.pad, top + 2), fill=self.rule, width=1)
        face = font(self.size)
        half = self.icon // 2
        for index, (key, words) in enumerate(entries):
            column, row = divmod(index, rows)
            x = self.pad + column * column_width
            middle = top + self.pad + row * self.row + self.row // 2
            icon(draw, key, (x + 4, middle - half, x + 4 + self.icon, middle + half))
            lines = wrap(draw, words, column_width - self.icon - self.gap - 6, face)
            draw.multiline_text(
                (x + self.icon + self.gap, middle),
                "\n".join(lines),
                fill=self.ink,
                font=face,
                anchor="lm",
                spacing=2,
            )
