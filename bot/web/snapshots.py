"""What each page of the web table shows, for one audience at one version of a game.

Everything here is drawn by the game's own renderer from ``bot.board.table_of`` — the board
embed and pictures of ``Renderer.board_message`` for everyone, ``Renderer.private_message``
for one seat, ``Renderer.event_text`` for the history — and turned into HTML by
``bot.web.markup``. A public snapshot is built from a table for everyone (``seat=None``) and
from public events only, so it cannot hold what only a seat may see; a private one only from
that seat's table. Snapshots are plain data (HTML text, PNG bytes): pages, JSON and event
streams all send the same.

Building one replays and draws, which takes CPU: the server builds them on a worker thread
and keeps them by version (they never change once built).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from bot.board import table_of
from bot.i18n import t
from bot.render import Table
from bot.render.registry import renderer_for
from bot.web.markup import embed_html, to_html
from engine import Event, get_game
from engine.core.move_log import replay_positions
from engine.core.position import Position
from storage.models import GameRecord, GameStatus, MoveRecord

PictureUrl = Callable[[str], str]
"""A picture's file name → the address that serves it."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    data: dict[str, Any]
    """What the page shows, as JSON: HTML parts and a few plain facts."""
    files: dict[str, bytes] = field(default_factory=dict)
    """Pictures by file name, PNG bytes."""


Steps = list[tuple[Position[Any, Any], tuple[Event, ...]]]
"""Every position of a finished game with the events of the move that led to it."""


def names(record: GameRecord) -> dict[int, str]:
    """User id → seat name: mentions in embeds are shown as the names everyone sees."""
    return {seat.user_id: seat.name for seat in record.seats if seat.user_id is not None}


def title(record: GameRecord) -> str:
    return f"{get_game(record.key).title} #{record.id}"


def _files(files: Sequence[discord.File], prefix: str = "") -> dict[str, bytes]:
    found: dict[str, bytes] = {}
    for file in files:
        file.fp.seek(0)
        found[prefix + file.filename] = file.fp.read()
    return found


def _embed(
    embed: discord.Embed,
    record: GameRecord,
    files: dict[str, bytes],
    url: PictureUrl,
    *,
    prefix: str = "",
    source: str = "src",
) -> str:
    pictures = {name.removeprefix(prefix): url(name) for name in files if name.startswith(prefix)}
    return embed_html(embed, names(record), pictures, source=source)


def status_line(record: GameRecord, table: Table, lang: str) -> str:
    """Whose turn it is, or that the game is over, in plain words."""
    if record.status is GameStatus.LOBBY:
        return t(lang, "web.lobby")
    if record.status is GameStatus.ABANDONED:
        return t(lang, "web.abandoned")
    if record.status is GameStatus.FINISHED:
        return t(lang, "web.over")
    waiting = ", ".join(table.name(seat) for seat in table.waiting)
    return t(lang, "web.to_play", players=waiting) if waiting else ""


def history_html(record: GameRecord, table: Table, told: Sequence[tuple[int, tuple[Event, ...]]]) -> str:
    """The public history: every move's events for everyone, in the renderer's words, newest
    first, each numbered by the move that made it."""
    renderer = renderer_for(record.key)
    items: list[str] = []
    for seq, events in reversed(told):
        for event in reversed(Position.events_for(events, None)):
            text = renderer.event_text(table, event)
            if text:
                items.append(
                    f'<li value="{seq}"><span class="seq">{seq}</span> {to_html(text, names(record))}</li>'
                )
    return f'<ol class="history" reversed>{"".join(items)}</ol>'


def lobby_html(record: GameRecord, lang: str) -> str:
    seated = "".join(f"<li>{html.escape(seat.name)}</li>" for seat in record.seats)
    return f'<section class="embed"><h2>{html.escape(title(record))}</h2><ol>{seated}</ol></section>'


def public_snapshot(
    record: GameRecord,
    told: Sequence[tuple[int, tuple[Event, ...]]],
    lang: str,
    url: PictureUrl,
    address: str,
) -> Snapshot:
    """The live page for everyone. ``told``: each stored move's number and events (public
    ones are picked here), from ``told_moves``; ``address``: where the game's pages are."""
    over = record.status in (GameStatus.FINISHED, GameStatus.ABANDONED)
    base = {"game": address, "version": record.version, "status": str(record.status), "over": over}
    if record.position is None:
        table = table_of(record, lang)
        board, files = lobby_html(record, lang), {}
    else:
        table = table_of(record, lang)
        embed, drawn = renderer_for(record.key).board_message(table)
        files = _files(drawn)
        board = _embed(embed, record, files, url)
    return Snapshot(
        {
            **base,
            "title": title(record),
            "turn": html.escape(status_line(record, table, lang)),
            "board": board,
            "history": history_html(record, table, told),
        },
        files,
    )


def private_snapshot(record: GameRecord, seat: int, lang: str, url: PictureUrl, address: str) -> Snapshot:
    """The seat's own panel: its private message as the game draws it (no buttons: decisions
    stay on Discord)."""
    over = record.status in (GameStatus.FINISHED, GameStatus.ABANDONED)
    base = {"game": address, "seat": seat, "version": record.version, "over": over}
    if record.position is None:
        return Snapshot({**base, "private": ""})
    table = table_of(record, lang, seat=seat)
    embed, drawn = renderer_for(record.key).private_message(table, seat)
    files = _files(drawn)
    return Snapshot({**base, "private": _embed(embed, record, files, url, source="data-private-src")}, files)


def told_moves(
    record: GameRecord, moves: Sequence[MoveRecord], steps: Steps | None = None
) -> list[tuple[int, tuple[Event, ...]]]:
    """Each logged move's number with the events it produced, replayed from the seed."""
    if record.seed is None:
        return []
    found = steps if steps is not None else replay_steps(record, moves)
    return [(move.seq, events) for move, (_, events) in zip(moves, found[1:], strict=True)]


def replay_steps(record: GameRecord, moves: Sequence[MoveRecord]) -> Steps:
    """Every position of a started game, from the start to its last move."""
    if record.seed is None:
        return []
    game = get_game(record.key)
    logged = [(m.seat, m.action) for m in moves]
    return list(replay_positions(game, len(record.seats), record.seed, record.options, logged))


def replay_snapshot(
    record: GameRecord, steps: Steps, move: int, lang: str, url: PictureUrl, address: str
) -> Snapshot:
    """The replay at ``move`` (0: the start): the public board as it stood then, the public
    events of that move, and at the last move what the rules reveal at the end — every seat's
    own view of the final position."""
    last = len(steps) - 1
    position, events = steps[move]
    # before the end, the game as it stood then: running, no result yet
    at = replace(record, status=GameStatus.ACTIVE, version=move, result=None) if move < last else record
    table = table_of(at, lang, events, at=position)
    renderer = renderer_for(record.key)
    embed, drawn = renderer.board_message(table)
    files = _files(drawn)
    shown = [renderer.event_text(table, event) for event in Position.events_for(events, None)]
    lines = "".join(f"<li>{to_html(text, names(record))}</li>" for text in shown if text)
    reveal = ""
    if move == last and record.status is not GameStatus.ACTIVE:
        cards = []
        for seat in record.seats:
            mine = table_of(at, lang, seat=seat.seat, at=position)
            own, pictures = renderer.private_message(mine, seat.seat)
            prefix = f"seat{seat.seat}-"
            files |= _files(pictures, prefix)
            cards.append(_embed(own, record, files, url, prefix=prefix))
        reveal = f'<h2>{html.escape(t(lang, "web.revealed"))}</h2><div class="reveal">{"".join(cards)}</div>'
    return Snapshot(
        {
            "game": address,
            "move": move,
            "last": last,
            "title": title(record),
            "turn": html.escape(status_line(at, table, lang)),
            "board": _embed(embed, record, files, url),
            "events": f'<ul class="events">{lines}</ul>',
            "reveal": reveal,
        },
        files,
    )
