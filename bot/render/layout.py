"""A message drawn with Discord's layout components (``discord.ui.LayoutView``): one container
in the colour of the seat to act holding the status, the picture in a media gallery, the
game's facts, and a section for each thing a move acts on with its button beside it; then
the remaining controls in action rows.

A renderer words a message as an ``Embed`` (title, description, fields, picture, footer) —
the web table reads the same — and says which things its moves act on (``Subject``); this
module lays both out within Discord's limits: at most 40 components, 4,000 characters of
text. A thing whose section does not fit keeps its button in the rows below, so no control
is ever lost to the layout."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.buttons import BUTTON_LABEL_LIMIT, ChoiceButton
from bot.render.drawing import SEAT_RGB

COMPONENT_LIMIT = 40
"""Components in one message, nested ones included (Discord's limit)."""
TEXT_LIMIT = 4000
"""Characters of all the text displays of one message together (Discord's limit)."""
ROW = 5
"""Buttons in one action row."""
MAX_CONTROLS = 25
"""Controls a message is given: with five rows of five buttons (30 components) there are ten
left for the container, its words, picture and separator, and a run of lines."""

SEAT_ACCENTS: tuple[discord.Colour, ...] = tuple(discord.Colour.from_rgb(*rgb) for rgb in SEAT_RGB)
"""A container's accent by the seat to act: the seat's colour in the pictures."""


def seat_accent(seat: int) -> discord.Colour:
    return SEAT_ACCENTS[seat % len(SEAT_ACCENTS)]


@dataclass(frozen=True, slots=True)
class Subject:
    """A thing on the table that moves may act on — a die face, a tile, a card in hand, a
    creature, a trade offer — in one line (or a few), and the actions that act on it now. Its
    section shows the line with the first action's button beside it, the others in a row
    under it; with no action (a card that cannot be played now, a heading) it is a line of
    text among the sections."""

    text: str
    actions: tuple[dict[str, Any], ...] = ()
    labels: tuple[str, ...] = ()
    """Shorter labels for the buttons of ``actions`` when they stand beside the thing, in the
    same order (its line names the thing, so a label need not name it again: "Strike Nomad (c4)"
    beside the striker); none: the buttons' own labels, as in the rows."""


def choice_of(name: str, value: str) -> dict[str, Any]:
    """How a subject names a button of the renderer's own (``Menus.choices``, a
    ``ChoiceButton``) among its actions: a card's **Play** that opens the menu of what it
    does, where a move needs more than one click."""
    return {"choice": name, "value": value}


def _head(embed: discord.Embed) -> str:
    title = embed.title or ""
    title = f"### [{title}]({embed.url})" if title and embed.url else f"### {title}" if title else ""
    return "\n".join(part for part in (title, embed.description or "") if part)


def _fields(embed: discord.Embed) -> str:
    return "\n".join(f"**{field.name}**\n{field.value}" for field in embed.fields)


def _pictures(embed: discord.Embed) -> list[str]:
    return [url for url in (embed.image.url, embed.thumbnail.url) if url]


def _clipped(texts: list[str], limit: int) -> list[str]:
    """``texts`` cut so that together they hold at most ``limit`` characters: the longest is
    shortened first (a text grid rather than a status line), ending in ``…``."""
    texts = list(texts)
    while sum(map(len, texts)) > limit:
        longest = max(range(len(texts)), key=lambda i: len(texts[i]))
        over = sum(map(len, texts)) - limit
        keep = max(len(texts[longest]) - over - 1, 0)
        texts[longest] = texts[longest][:keep] + "…"
    return texts


def _custom_id(item: discord.ui.Item[Any]) -> str:
    return str(getattr(getattr(item, "item", item), "custom_id", "") or "")


def _action_of(item: discord.ui.Item[Any]) -> dict[str, Any] | None:
    if isinstance(item, ChoiceButton):
        return choice_of(item.name, item.value)
    action = getattr(item, "action", None)
    return action if isinstance(action, dict) else None


def _rows(items: Sequence[discord.ui.Item[Any]]) -> list[discord.ui.ActionRow[Any]]:
    """Items in action rows: a select menu alone on its row, buttons five to a row."""
    rows: list[discord.ui.ActionRow[Any]] = []
    buttons: list[discord.ui.Item[Any]] = []

    def flush() -> None:
        while buttons:
            rows.append(discord.ui.ActionRow(*buttons[:ROW]))
            del buttons[:ROW]

    for item in items:
        if item.type is discord.ComponentType.button:
            buttons.append(item)
        else:
            flush()
            rows.append(discord.ui.ActionRow(item))
    flush()
    return rows


def _rows_size(items: Sequence[discord.ui.Item[Any]]) -> int:
    selects = sum(1 for item in items if item.type is not discord.ComponentType.button)
    buttons = len(items) - selects
    return 2 * selects + buttons + -(-buttons // ROW)


@dataclass(slots=True)
class _Block:
    """One subject as laid out: a section with its buttons, or (``items`` empty) a line of
    text, which joins the lines next to it in one text display."""

    text: str
    items: list[discord.ui.Item[Any]]
    labels: dict[str, str]
    """A shorter label by the custom id of a button beside the thing."""


def _blocks_size(blocks: Sequence[_Block]) -> int:
    size = 0
    for n, block in enumerate(blocks):
        if block.items:  # the section, its text, its button, and a row for each five more
            size += 3 + len(block.items) - 1 + -(-(len(block.items) - 1) // ROW)
        elif n == 0 or blocks[n - 1].items:
            size += 1  # a run of lines: one text display
    return size


def layout(
    embed: discord.Embed,
    controls: Sequence[discord.ui.Item[Any]] = (),
    *,
    subjects: Iterable[Subject] = (),
    accent: discord.Colour | None = None,
    note: str = "",
) -> discord.ui.LayoutView:
    """The message: ``embed``'s words and picture in a container coloured ``accent`` (else the
    embed's colour), then the subjects in order — each whose actions have a button among
    ``controls`` in a section with that button beside it, while the 40 components hold; the
    others as lines of text, their buttons in the rows — and the other controls in rows under
    the container. ``note``: a line above the container (why the message is shown).
    ``controls``: at most 25 (what the five rows of a message held before layouts), so that the
    container's parts and the rows always fit the 40 components."""
    if len(controls) > MAX_CONTROLS:
        raise ValueError(f"{len(controls)} controls: a message is laid out with at most {MAX_CONTROLS}")
    remaining = list(controls)
    shown = [subject for subject in subjects if subject.text.strip()]
    blocks = [_Block(subject.text, [], {}) for subject in shown]
    head, body, footer = _head(embed), _fields(embed), embed.footer.text or ""
    pictures = _pictures(embed)
    fixed = 1 + bool(head) + bool(body) + bool(footer) + bool(pictures) + bool(note)

    def size() -> int:
        return fixed + (1 if blocks and body else 0) + _blocks_size(blocks) + _rows_size(remaining)

    for block, subject in zip(blocks, shown, strict=True):
        items = [i for a in subject.actions for i in remaining if _action_of(i) == a]
        if not items:
            continue
        for action, short in zip(subject.actions, subject.labels, strict=False):
            block.labels.update({_custom_id(i): short for i in items if _action_of(i) == action})
        kept = list(remaining)
        block.items = items
        remaining = [i for i in remaining if i not in items]
        if size() > COMPONENT_LIMIT:  # no room for this section: a line, its buttons in the rows
            block.items = []
            remaining = kept
    # The message's parts in order, as text and (for a section) its buttons; runs of lines
    # joined first, so that the clipping counts every character Discord will.
    parts: list[tuple[str, list[discord.ui.Item[Any]]]] = []
    for block in blocks:
        if not block.items and parts and not parts[-1][1]:
            parts[-1] = (parts[-1][0] + "\n" + block.text, [])
        else:
            parts.append((block.text, block.items))
        for item in block.items:  # beside the thing, a button may say less
            button = getattr(item, "item", item)
            brief = block.labels.get(_custom_id(item))
            if brief and isinstance(button, discord.ui.Button):
                button.label = brief[:BUTTON_LABEL_LIMIT]
    texts = _clipped(
        [note, head, body, *(text for text, _ in parts), f"-# {footer}" if footer else ""], TEXT_LIMIT
    )
    note, head, body, *part_texts, footer_text = texts
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=accent or embed.colour)
    if head:
        container.add_item(discord.ui.TextDisplay(head))
    if pictures:
        container.add_item(discord.ui.MediaGallery(*(discord.MediaGalleryItem(url) for url in pictures)))
    if body:
        container.add_item(discord.ui.TextDisplay(body))
    if parts and body:
        container.add_item(discord.ui.Separator())
    for text, (_, items) in zip(part_texts, parts, strict=True):
        if not items:
            container.add_item(discord.ui.TextDisplay(text))
            continue
        container.add_item(discord.ui.Section(discord.ui.TextDisplay(text), accessory=items[0]))
        for row in _rows(items[1:]):
            container.add_item(row)
    if footer_text:
        container.add_item(discord.ui.TextDisplay(footer_text))
    view = discord.ui.LayoutView(timeout=None)
    if note:
        view.add_item(discord.ui.TextDisplay(note))
    view.add_item(container)
    for row in _rows(remaining):
        view.add_item(row)
    return view


def as_layout(parts: dict[str, Any]) -> dict[str, Any]:
    """An edit's arguments, so that a message becomes its new layout: one drawn with an embed
    and words (a board posted before boards were laid out) loses them, since Discord shows no
    embed or content beside layout components."""
    return (
        {"content": None, "embed": None, **parts}
        if isinstance(parts.get("view"), discord.ui.LayoutView)
        else parts
    )


ATTACHED = "attachment://"


def keep_held_pictures(view: discord.ui.LayoutView, held: Collection[str]) -> discord.ui.LayoutView:
    """``view`` with only the pictures named in ``held`` (the files the message holds now):
    the words of an answer whose new pictures are still being drawn go first, showing the
    message's old picture of the same name until the new one follows, and a gallery may name
    no file the message lacks (Discord refuses the whole message). Changes ``view`` itself."""
    for container in view.children:
        if not isinstance(container, discord.ui.Container):
            continue
        for item in container.children:
            if not isinstance(item, discord.ui.MediaGallery):
                continue
            kept = [p for p in item.items if p.media.url.removeprefix(ATTACHED) in held]
            if kept:
                item.items = kept
            else:
                container.remove_item(item)
    return view
