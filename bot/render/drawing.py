"""What every game's pictures are drawn with (Pillow): text set in Roboto, which has Cyrillic,
cut or wrapped to fit, and PNG bytes."""

from __future__ import annotations

import io
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
    image.save(out, format="PNG", optimize=False)
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
