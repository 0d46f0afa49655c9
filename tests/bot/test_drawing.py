"""The fonts pictures are drawn with keep the text they set: drawing it again draws the very
pixels that setting it afresh draws, in any size, weight, anchor and script."""

from __future__ import annotations

import io
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

from bot.render.drawing import _FONT_FILES, SET_TEXT, SetText, font

WORDS = ("0", "49", "Gandalf", "Смауг", "Round 2 of 100 · player2's turn", "A1 B2 J10")


def plain(size: int, bold: bool) -> ImageFont.FreeTypeFont:
    data = resources.files("font_roboto").joinpath("files", _FONT_FILES[bold]).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size)


def drawn(face: ImageFont.FreeTypeFont) -> bytes:
    image = Image.new("RGB", (420, 60 * len(WORDS) * 2), (250, 248, 242))
    draw = ImageDraw.Draw(image)
    y = 10
    for text in WORDS:
        for anchor in ("la", "mm", "lm"):
            draw.text((20 if anchor != "mm" else 210, y), text, fill=(35, 35, 35), font=face, anchor=anchor)
            y += 20
        draw.multiline_text((20, y), f"{text}\n{text}", fill=(200, 30, 30), font=face, spacing=2)
        y += 60
    return image.tobytes()


def test_kept_text_draws_the_pixels_of_text_set_afresh() -> None:
    SET_TEXT.clear()
    for size, bold in ((12, False), (14, True), (17, True)):
        expected = drawn(plain(size, bold))
        assert drawn(font(size, bold)) == expected  # set, and kept
        assert drawn(font(size, bold)) == expected  # taken from what was kept


def test_kept_lengths_are_the_lengths_measured_afresh() -> None:
    for text in WORDS:
        assert font(14).getlength(text) == plain(14, False).getlength(text)
        assert font(14).getlength(text) == plain(14, False).getlength(text)


def test_text_kept_stays_within_its_bytes() -> None:
    kept = SetText(limit=5_000)
    for n in range(100):
        kept.keep(n, Image.new("L", (40, 10)).im, (0, 0))
    assert kept.get(0) is None  # the oldest went first
    assert kept.get(99) is not None
    assert sum(1 for n in range(100) if kept.get(n) is not None) * (400 + 100) <= 5_000
