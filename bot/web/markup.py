"""An embed's Discord markdown as safe HTML: every character escaped first, then the few
marks the renderers use turned into tags (bold, italics, code, code blocks, strike-through,
subtext), mentions into the seat's name, and timestamps into UTC times. What is not
understood is shown as the escaped text it is, never as markup."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from datetime import UTC, datetime

import discord

CODE_BLOCK = re.compile(r"```(?:[a-z]*\n)?(.*?)```", re.DOTALL)
INLINE = (
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"__(.+?)__"), r"<u>\1</u>"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<em>\1</em>"),
    (re.compile(r"(?<![\w_])_(?!\s)(.+?)(?<!\s)_(?![\w_])"), r"<em>\1</em>"),
    (re.compile(r"~~(.+?)~~"), r"<s>\1</s>"),
)
CODE = re.compile(r"`([^`]+)`")
MENTION = re.compile(r"&lt;@!?(\d{1,20})&gt;")
TIMESTAMP = re.compile(r"&lt;t:(-?\d{1,12})(?::[tTdDfFR])?&gt;")
EMOJI = re.compile(r"&lt;a?:(\w{1,32}):\d{1,20}&gt;")
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
    out = re.sub(r"\x00(\d+)\x00", lambda m: codes[int(m.group(1))], out)
    return out.replace("\n", "<br>")


def _when(seconds: int) -> str:
    try:
        return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")
    except (OverflowError, OSError, ValueError):
        return "?"


def embed_html(
    embed: discord.Embed, names: Mapping[int, str], pictures: Mapping[str, str], *, source: str = "src"
) -> str:
    """An embed as an HTML card: title, description, fields (inline ones side by side), its
    image (``attachment://NAME`` → ``pictures[NAME]``, the address serving it) and footer.
    ``source``: the image's attribute (``data-private-src`` for a picture the page's script
    fetches with the private link's token)."""
    out = ['<section class="embed">']
    if embed.title:
        out.append(f"<h2>{to_html(embed.title, names)}</h2>")
    if embed.description:
        out.append(f'<div class="description">{to_html(embed.description, names)}</div>')
    if embed.fields:
        out.append('<div class="fields">')
        for field in embed.fields:
            wide = "" if field.inline else " wide"
            out.append(
                f'<div class="field{wide}"><h3>{to_html(field.name, names)}</h3>'
                f"<div>{to_html(field.value, names)}</div></div>"
            )
        out.append("</div>")
    image = embed.image.url if embed.image else None
    if image and image.startswith("attachment://") and image.removeprefix("attachment://") in pictures:
        src = pictures[image.removeprefix("attachment://")]
        alt = html.escape(embed.title or "")
        out.append(f'<img class="picture" {source}="{html.escape(src)}" alt="{alt}">')
    if embed.footer and embed.footer.text:
        out.append(f"<footer>{to_html(embed.footer.text, names)}</footer>")
    out.append("</section>")
    return "".join(out)
