"""What every game's pictures are drawn with (Pillow): text set in Roboto, which has Cyrillic,
cut or wrapped to fit, PNG bytes, and a legend naming a picture's symbols under it."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

_FONT_FILES = {False: "Roboto-Regular.ttf", True: "Roboto-Bold.ttf"}


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    data = resources.files("font_roboto").joinpath("files", _FONT_FILES[bold]).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size)


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
