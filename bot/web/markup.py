"""Discord's markdown as safe HTML: every character escaped first, then the few marks the
renderers use turned into tags (bold, italics, code, code blocks, strike-through, subtext),
mentions into the seat's name, and timestamps into UTC times. What is not understood is shown
as the escaped text it is, never as markup. Templates reach it as the ``md`` filter
(``bot.web.templating``): the words a game's renderer writes for Discord (an event line, a
refusal) read the same on a page."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from datetime import UTC, datetime

CODE_BLOCK = re.compile(r"```(?:[a-z]*\n)?(.*?)```", re.DOTALL)
INLINE = (
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"__(.+?)__"), r"<u>\1</u>"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<em>\1</em>"),
    (re.compile(r"(?<![\w_])_(?!\s)(.+?)(?<!\s)_(?![\w_])"), r"<em>\1</em>"),
    (re.compile(r"~~(.+?)~~"), r"<s>\1</s>"),
)
CODE = re.compile(r"`([^`]+)`")
MENTION = re.compile(r"&lt;@!?([0-9]{1,20})&gt;")
TIMESTAMP = re.compile(r"&lt;t:(-?[0-9]{1,12})(?::[tTdDfFR])?&gt;")
EMOJI = re.compile(r"&lt;a?:(\w{1,32}):[0-9]{1,20}&gt;")
SUBTEXT = re.compile(r"^-# (.*)$", re.MULTILINE)


def to_html(text: str | None, names: Mapping[int, str]) -> str:
    """``text`` (an embed's description or field) as HTML; ``names``: user id → seat name."""
    if not text:
        return ""
    parts: list[str] = []
    last = 0
    for block in CODE_BLOCK.finditer(text):
        parts.append(_inline(text[last : block.start()], names))
        parts.append(f"<pre>{html.escape(block.group(1).strip(chr(10)))}</pre>")
        last = block.end()
    parts.append(_inline(text[last:], names))
    return "".join(parts)


def _inline(text: str, names: Mapping[int, str]) -> str:
    if not text:
        return ""
    codes: list[str] = []
    text = text.replace("\x00", "")  # the mark of a kept code span below

    def keep_code(found: re.Match[str]) -> str:
        codes.append(f"<code>{found.group(1)}</code>")
        return f"\x00{len(codes) - 1}\x00"

    out = CODE.sub(keep_code, html.escape(text, quote=True))
    out = MENTION.sub(lambda m: html.escape("@" + names.get(int(m.group(1)), "?")), out)
    out = TIMESTAMP.sub(lambda m: _when(int(m.group(1))), out)
    out = EMOJI.sub(r":\1:", out)
    for pattern, tag in INLINE:
        out = pattern.sub(tag, out)
    out = SUBTEXT.sub(r"<small>\1</small>", out)
    out = re.sub(r"\x00([0-9]+)\x00", lambda m: codes[int(m.group(1))], out)
    return out.replace("\n", "<br>")


def _when(seconds: int) -> str:
    try:
        return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")
    except (OverflowError, OSError, ValueError):
        return "?"
